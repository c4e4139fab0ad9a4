/* Games of one input on worker threads, output in input order.  See
 * parallel.h for how the cuts stay exact. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../libparse/pgn_chunk.h"
#include "parallel.h"

#define CHUNK_BYTES ((size_t)1 << 20)
/* The output a chunk should hold at most, roughly: chunks are made
 * smaller than CHUNK_BYTES when the output is larger than the input (FEN
 * per ply is eight times the PGN, JSON six), so that the chunks in flight
 * hold a few megabytes whatever the format.  The first chunks, before
 * the ratio is known, are FIRST_CHUNK_BYTES. */
#define CHUNK_OUTPUT_BYTES ((size_t)1 << 20)
#define FIRST_CHUNK_BYTES ((size_t)64 << 10)
/* A stream (one game at a time, on the calling thread) writes a game's
 * output on as it grows past this, instead of holding it whole. */
#define STREAM_FLUSH_BYTES ((size_t)1 << 20)
/* Read past the chunk size before looking for a cut: the cut is looked
 * for from the chunk size on, and its whole line must be there. */
#define CUT_SLACK ((size_t)64 << 10)
#define NO_STRING SIZE_MAX
/* A chunk that has found no cut in this many chunk sizes grows no more:
 * its bytes and the rest of the input go to one file reader on the
 * calling thread (a stream, see run_stream), in the memory a reader of
 * the whole input needs, until that reader stands past them.  Without it
 * an input with no cut (a game of a gigabyte, games with no blank line
 * between them and no [Event]) was one chunk, all of it in memory. */
#define STREAM_AFTER 2
/* Chunk input buffers kept for reuse (struct engine's spare). */
#define SPARE_BUFFERS 4

/* ------------------------------------------------------------- buffers */

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	p = realloc(p, n * size);
	if (!p)
		die("out of memory");
	*cap = n;
	return p;
}

/* ------------------------------------------------------------ records */

/* The output of a chunk is a list of records in the order they were made:
 * a run of the input's bytes (by reference), a run of bytes written, or a
 * diagnostic. */
enum rec_kind { REC_RAW, REC_BYTES, REC_DIAG, REC_GAME_NUMBER };

struct rec {
	enum rec_kind kind;
	unsigned stream;
	size_t off, len;	/* REC_DIAG: off indexes the diagnostics;
				 * REC_GAME_NUMBER: off is the number in the
				 * chunk */
};

/* A recorded diagnostic; the names it points to are copied into the
 * chunk's string buffer (the game's arena is gone by the time it is
 * printed). */
struct stored {
	struct diag d;
	size_t white, black;	/* offsets in strs, or NO_STRING */
};

enum chunk_state { CH_QUEUED, CH_RUNNING, CH_DONE, CH_TAKEN };

struct engine;

struct par_sink {
	const struct par_config *cfg;
	struct par_sink *next;
	enum chunk_state state;
	/* Input: buf[0, len) is the chunk, buf[len, data_len) the line after
	 * it (unless last). */
	char *buf;
	size_t len, data_len, cap;
	bool last, origin;
	struct pgn_loc at;	/* of buf[0]; lines counted from 1 */
	uint64_t offset;	/* of buf[0] in the input */
	/* Read by run_stream(), not by a worker: buf[0, len) is what was
	 * read of the input, and the reader reads on from the input. */
	bool stream;
	/* A stream's: a game's output goes to the streams as it grows
	 * (stream_flush()); flush_failed once a write failed. */
	struct engine *flush_to;
	bool flush_failed;
	/* Outcome: where the games read stop, and whether that is the cut. */
	size_t consumed;
	struct pgn_loc end;
	uint64_t games;
	bool complete;
	/* Output. */
	struct rec *recs;
	size_t nrecs, rec_cap;
	char *bytes;
	size_t nbytes, bytes_cap;
	struct stored *diags;
	size_t ndiags, diag_cap;
	char *strs;
	size_t nstrs, strs_cap;
	uint64_t counts[PAR_COUNTERS];
	void *chunk;		/* made by chunk_new, or NULL */
	bool has_chunk;
	/* Where the raw bytes of the game just given to cfg->game went when
	 * they were cut (PGN_RAW_CUT): its rest, skipped by the reader while
	 * the next game is read, goes there too.  -1: nowhere. */
	int cut_stream;
	/* The game being processed: what struct diag_printer keeps. */
	unsigned errors, warnings, held_count, held_dropped;
	bool holding;
	size_t hold_recs, hold_diags, hold_strs;
};

/* Everything a chunk has written, to take back a game that turned out to
 * run past the cut. */
struct mark {
	size_t nrecs, nbytes, ndiags, nstrs;
	uint64_t counts[PAR_COUNTERS];
};

static void sink_mark(const struct par_sink *k, struct mark *m)
{
	m->nrecs = k->nrecs;
	m->nbytes = k->nbytes;
	m->ndiags = k->ndiags;
	m->nstrs = k->nstrs;
	memcpy(m->counts, k->counts, sizeof m->counts);
}

static void sink_rollback(struct par_sink *k, const struct mark *m)
{
	k->nrecs = m->nrecs;
	k->nbytes = m->nbytes;
	k->ndiags = m->ndiags;
	k->nstrs = m->nstrs;
	memcpy(k->counts, m->counts, sizeof m->counts);
}

/* The chunk's state, made new (a chunk read again from its start drops
 * the one its games had filled). */
static void sink_new_chunk(struct par_sink *k)
{
	const struct par_config *cfg = k->cfg;
	if (!cfg->chunk_new)
		return;
	if (k->has_chunk && cfg->chunk_free)
		cfg->chunk_free(cfg->ctx, k->chunk);
	k->chunk = cfg->chunk_new(cfg->ctx);
	k->has_chunk = true;
}

static void sink_free(struct par_sink *k)
{
	if (!k)
		return;
	if (k->has_chunk && k->cfg->chunk_free)
		k->cfg->chunk_free(k->cfg->ctx, k->chunk);
	free(k->buf);
	free(k->recs);
	free(k->bytes);
	free(k->diags);
	free(k->strs);
	free(k);
}

static void add_rec(struct par_sink *k, enum rec_kind kind, unsigned stream,
		    size_t off, size_t len)
{
	struct rec *last = k->nrecs ? &k->recs[k->nrecs - 1] : NULL;
	/* Consecutive games to one stream make one run. */
	if (last && last->kind == kind && kind != REC_DIAG &&
	    kind != REC_GAME_NUMBER &&
	    last->stream == stream && last->off + last->len == off) {
		last->len += len;
		return;
	}
	k->recs = grow(k->recs, &k->rec_cap, k->nrecs + 1, sizeof *k->recs);
	k->recs[k->nrecs++] = (struct rec){ kind, stream, off, len };
}

static void stream_write(struct par_sink *k, unsigned s, const char *p,
			 size_t n);

void par_write(struct par_sink *k, unsigned s, const char *p, size_t n)
{
	if (s >= PAR_STREAMS || !k->cfg->streams[s] || !n || k->flush_failed)
		return;
	/* A stream's game whose output grows large: what it holds, then
	 * these bytes, are written now.  (Held diagnostics must stay last,
	 * par_release() may drop them: nothing is written while holding.) */
	if (k->flush_to && !k->holding &&
	    k->nbytes + n >= STREAM_FLUSH_BYTES) {
		stream_write(k, s, p, n);
		return;
	}
	k->bytes = grow(k->bytes, &k->bytes_cap, k->nbytes + n, 1);
	memcpy(k->bytes + k->nbytes, p, n);
	add_rec(k, REC_BYTES, s, k->nbytes, n);
	k->nbytes += n;
}

void par_write_game_number(struct par_sink *k, unsigned s, uint64_t n)
{
	if (s >= PAR_STREAMS || !k->cfg->streams[s])
		return;
	add_rec(k, REC_GAME_NUMBER, s, (size_t)n, 0);
}

void par_write_raw(struct par_sink *k, unsigned s, const struct pgn_game *g)
{
	if (s >= PAR_STREAMS || !k->cfg->streams[s] || !g->raw_len)
		return;
	add_rec(k, REC_RAW, s, (size_t)(g->raw - k->buf), g->raw_len);
	if (g->flags & PGN_RAW_CUT)
		k->cut_stream = (int)s;
}

/* The reader's skipped_fn: the rest of a cut game, after its first bytes.
 * A chunk's reader reads the chunk's buffer, so the rest is a run of it
 * (taken back with the game if the chunk is read again); a stream has
 * written the game already and its reader's bytes are gone at the next
 * read: they are written now. */
static void sink_skipped(void *ctx, const char *bytes, size_t len)
{
	struct par_sink *k = ctx;
	if (k->cut_stream < 0)
		return;
	if (k->stream) {
		fwrite(bytes, 1, len, k->cfg->streams[k->cut_stream]);
		return;
	}
	add_rec(k, REC_RAW, (unsigned)k->cut_stream,
		(size_t)(bytes - k->buf), len);
	/* This is read while the next game's diagnostics are held: the rest
	 * is not theirs, and stays when they are dropped (par_release). */
	if (k->holding)
		k->hold_recs = k->nrecs;
}

/* The reader options of a chunk's or a stream's reader. */
static struct pgn_reader_opts sink_reader_opts(struct par_sink *k)
{
	struct pgn_reader_opts ro = k->cfg->reader;
	ro.skipped = sink_skipped;
	ro.skipped_ctx = k;
	k->cut_stream = -1;
	return ro;
}

void par_count(struct par_sink *k, unsigned counter)
{
	if (counter < PAR_COUNTERS)
		k->counts[counter]++;
}

void *par_chunk(struct par_sink *k)
{
	return k->chunk;
}

unsigned par_errors(const struct par_sink *k)
{
	return k->errors;
}

/* -------------------------------------------------------- diagnostics */

static size_t store_string(struct par_sink *k, const char *s)
{
	if (!s)
		return NO_STRING;
	size_t n = strlen(s) + 1, off = k->nstrs;
	k->strs = grow(k->strs, &k->strs_cap, k->nstrs + n, 1);
	memcpy(k->strs + off, s, n);
	k->nstrs += n;
	return off;
}

static void record(struct par_sink *k, const struct stored *s)
{
	k->diags = grow(k->diags, &k->diag_cap, k->ndiags + 1, sizeof *k->diags);
	k->diags[k->ndiags] = *s;
	add_rec(k, REC_DIAG, 0, k->ndiags++, 0);
}

static void record_diag(struct par_sink *k, const struct diag *d)
{
	struct stored s = { .d = *d };
	/* -q prints nothing: nothing to keep either. */
	if (k->cfg->printer.quiet)
		return;
	s.white = store_string(k, d->white);
	s.black = store_string(k, d->black);
	s.d.white = s.d.black = NULL;
	record(k, &s);
}

/* As diag_printer_report(). */
void par_report(void *sink, const struct diag *orig)
{
	struct par_sink *k = sink;
	struct diag d = *orig;
	if (k->cfg->printer.strict && d.severity == DIAG_WARNING)
		d.severity = DIAG_ERROR;
	if (d.severity == DIAG_ERROR)
		k->errors++;
	else if (d.severity == DIAG_WARNING)
		k->warnings++;
	if (k->cfg->errors_only) {
		/* Held or not, kept: release drops or keeps them. */
		if (d.severity == DIAG_ERROR)
			record_diag(k, &d);
		return;
	}
	if (!k->holding) {
		record_diag(k, &d);
	} else if (k->held_count < DIAG_HELD_MAX) {
		record_diag(k, &d);
		k->held_count++;
	} else {
		k->held_dropped++;
	}
}

/* As diag_printer_hold(): a new game. */
static void sink_hold(struct par_sink *k)
{
	k->errors = k->warnings = 0;
	k->holding = true;
	k->held_count = k->held_dropped = 0;
	k->hold_recs = k->nrecs;
	k->hold_diags = k->ndiags;
	k->hold_strs = k->nstrs;
}

/* As diag_printer_release().  The held diagnostics are the last records
 * (nothing else is written while holding), so dropping them is a cut. */
void par_release(struct par_sink *k, bool print)
{
	bool was_holding = k->holding;
	k->holding = false;
	if (!was_holding)
		return;
	if (!print) {
		k->nrecs = k->hold_recs;
		k->ndiags = k->hold_diags;
		k->nstrs = k->hold_strs;
		return;
	}
	if (k->held_dropped && k->ndiags > k->hold_diags) {
		struct stored more = k->diags[k->ndiags - 1];
		diag_setf(&more.d, DIAG_NOTE, DC_LIMIT,
			  "%u more diagnostics for this game not shown",
			  k->held_dropped);
		record(k, &more);
	}
}

/* ------------------------------------------------------------ engine */

struct engine {
	struct par_config *cfg;
	const char *name;
	int fd;
	bool input_done, io_error;
	char io_message[DIAG_MESSAGE_MAX];
	/* The size of the next chunk, made smaller than chunk_max by a
	 * large output (CHUNK_OUTPUT_BYTES); chunk_max also sets when a
	 * chunk with no cut becomes a stream. */
	size_t chunk_bytes, chunk_max;
	uint64_t bytes_in, bytes_out;	/* of the chunks written */
	unsigned max_inflight, inflight;
	uint64_t offset;		/* input offset of the next chunk */
	char *carry;			/* read past the last cut */
	size_t carry_len, carry_cap;
	/* Input buffers of chunks written, kept for the next chunks rather
	 * than freed: a chunk's megabyte given back to malloc is split for
	 * the small blocks of the run (game-stats' groups) and the next
	 * chunk takes a new one, so the heap would grow by a hole a chunk
	 * (game-stats -g White on OTB: 38 MB without the spares). */
	char *spare[SPARE_BUFFERS];
	size_t spare_cap[SPARE_BUFFERS], nspare;
	uint32_t carry_col;		/* the column where the carry starts */
	/* A stream is queued: its reader reads the input, not read_chunk. */
	bool stream_pending;
	/* The queue, in input order; guarded by lock. */
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	struct par_sink *head, *tail;
	bool stop;
	/* A write to an output failed: no chunk is started any more, and
	 * one being run stops at its next game.  Set under lock; read
	 * without it by run_chunk. */
	atomic_bool cancel;
	int write_errno;		/* errno of the failed write */
	/* Writing: game and line numbers before the head chunk. */
	uint64_t games_before;
	uint32_t line_before;
	/* Merges run on this thread. */
	void *worker;
	bool worker_made;
	struct pgn_game game;
};

struct worker {
	struct engine *e;
	pthread_t thread;
};

/* Takes back everything the chunk did: it is read again from its start,
 * joined to the next chunk. */
static void sink_restart(struct par_sink *k, const struct mark *start)
{
	sink_rollback(k, start);
	k->consumed = 0;
	k->end = k->at;
	k->games = 0;
	sink_new_chunk(k);
}

/* Parses and processes one chunk (any thread). */
static void run_chunk(struct engine *e, void *worker, struct pgn_game *g,
		      struct par_sink *k)
{
	const struct par_config *cfg = e->cfg;
	struct pgn_reader_opts ro = sink_reader_opts(k);
	struct pgn_reader *r = pgn_reader_from_chunk(e->name, k->buf,
						     k->data_len, k->last,
						     k->origin, k->at, &ro);
	struct mark m, start;
	struct diag err;
	uint64_t games = 0;
	/* A game was given to cfg->game since m: while a too-large game's
	 * rest is skipped, the reader cannot tell where the next game
	 * starts, so no mark is set after it. */
	bool past_mark = false;
	k->consumed = 0;
	k->end = k->at;
	k->games = 0;
	k->complete = false;
	sink_new_chunk(k);
	sink_mark(k, &m);
	start = m;
	for (;;) {
		size_t off;
		struct pgn_loc at;
		/* The run is stopping: what this chunk did is never written. */
		if (atomic_load_explicit(&e->cancel, memory_order_relaxed))
			break;
		/* Between games: what is written so far stands. */
		if (pgn_reader_tell(r, &off, &at) && off <= k->len) {
			sink_mark(k, &m);
			past_mark = false;
			k->consumed = off;
			k->end = at;
			k->games = games;
			if (!k->last && off == k->len) {
				k->complete = true;
				break;
			}
		}
		sink_hold(k);
		int rc = pgn_reader_next(r, g, par_report, k, &err);
		if (rc == 1) {
			pgn_reader_tell(r, &off, &at);
			if (k->last || off <= k->len) {
				games++;
				past_mark = true;
				k->cut_stream = -1;
				cfg->game(cfg->ctx, worker, g, k);
				continue;
			}
		}
		if (rc == 0 && k->last) {
			par_release(k, true);
			k->consumed = k->len;
			k->games = games;
			k->complete = true;
			break;
		}
		/* A game runs past the cut (or the input broke off): it is
		 * read again with the next chunk.  If a game before it but
		 * after the mark was processed, what it added to the chunk's
		 * state cannot be taken back: the whole chunk is read again
		 * (written, it would count that game twice). */
		if (past_mark)
			sink_restart(k, &start);
		else
			sink_rollback(k, &m);
		break;
	}
	pgn_reader_close(r);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct engine *e = w->e;
	const struct par_config *cfg = e->cfg;
	void *state = cfg->worker_new ? cfg->worker_new(cfg->ctx) : NULL;
	struct pgn_game game;
	pgn_game_init(&game);
	pthread_mutex_lock(&e->lock);
	for (;;) {
		struct par_sink *k = e->head;
		if (atomic_load_explicit(&e->cancel, memory_order_relaxed))
			break;
		while (k && k->state != CH_QUEUED)
			k = k->next;
		if (!k) {
			if (e->stop)
				break;
			pthread_cond_wait(&e->work, &e->lock);
			continue;
		}
		k->state = CH_RUNNING;
		pthread_mutex_unlock(&e->lock);
		run_chunk(e, state, &game, k);
		pthread_mutex_lock(&e->lock);
		k->state = CH_DONE;
		pthread_cond_broadcast(&e->done);
	}
	pthread_mutex_unlock(&e->lock);
	pgn_game_release(&game);
	if (cfg->worker_free)
		cfg->worker_free(cfg->ctx, state);
	return NULL;
}

/* -------------------------------------------------------------- input */

static void io_failed(struct engine *e)
{
	snprintf(e->io_message, sizeof e->io_message, "could not read '%s': %s",
		 e->name, strerror(errno));
	e->io_error = true;
}

/* Reads into *buf until it holds want bytes or the input ends. */
static void fill(struct engine *e, char **buf, size_t *len, size_t *cap,
		 size_t want)
{
	*buf = grow(*buf, cap, want, 1);
	while (*len < want && !e->input_done) {
		ssize_t n = read(e->fd, *buf + *len, want - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			io_failed(e);
		if (n <= 0) {
			e->input_done = true;
			break;
		}
		*len += (size_t)n;
	}
}

/* A buffer of at least need bytes for the carry: a spare one when there
 * is one (grown if it must be), else a new one. */
static char *carry_buffer(struct engine *e, size_t need, size_t *cap)
{
	if (!e->nspare) {
		char *buf = malloc(need);
		if (!buf)
			die("out of memory");
		*cap = need;
		return buf;
	}
	e->nspare--;
	char *buf = e->spare[e->nspare];
	*cap = e->spare_cap[e->nspare];
	return grow(buf, cap, need, 1);
}

/* Keeps k's input buffer as a spare when there is room and it is of a
 * chunk's size (a stream's may be far larger: that one goes). */
static void keep_spare(struct engine *e, struct par_sink *k)
{
	if (!k->buf || e->nspare == SPARE_BUFFERS ||
	    k->cap > 2 * (e->chunk_max + CUT_SLACK))
		return;
	e->spare[e->nspare] = k->buf;
	e->spare_cap[e->nspare++] = k->cap;
	k->buf = NULL;
}

/* The next chunk of input, or NULL when there is none. */
static struct par_sink *read_chunk(struct engine *e)
{
	if (e->stream_pending || (e->input_done && !e->carry_len))
		return NULL;
	char *buf = e->carry;
	size_t len = e->carry_len, cap = e->carry_cap, cut = 0, line_end = 0;
	size_t want = e->chunk_bytes + CUT_SLACK, from = e->chunk_bytes;
	bool stream = false;
	e->carry = NULL;
	e->carry_len = e->carry_cap = 0;
	for (;;) {
		fill(e, &buf, &len, &cap, want);
		if (len > from)
			cut = pgn_find_cut(buf, len, from, &line_end);
		if (cut || e->input_done)
			break;
		if (len / STREAM_AFTER >= e->chunk_max) {
			stream = true;
			break;
		}
		from = len > 8 ? len - 8 : 0;
		want = len + e->chunk_bytes;
	}
	struct par_sink *k = calloc(1, sizeof *k);
	if (!k)
		die("out of memory");
	k->cfg = e->cfg;
	k->buf = buf;
	k->cap = cap;
	k->origin = e->offset == 0;
	k->offset = e->offset;
	k->at = (struct pgn_loc){ 1, e->carry_col };
	e->carry_col = 1;
	if (stream) {
		k->len = k->data_len = len;
		k->stream = true;
		e->stream_pending = true;
	} else if (!cut) {
		/* The rest of the input.  Cut short by an I/O error, it is
		 * not the end: its last game is dropped, as a reader of the
		 * whole input drops it. */
		k->len = k->data_len = len;
		k->last = !e->io_error;
	} else {
		size_t rest = len - cut;
		e->carry = carry_buffer(e, rest + e->chunk_bytes + CUT_SLACK,
					&e->carry_cap);
		memcpy(e->carry, buf + cut, rest);
		e->carry_len = rest;
		k->len = cut;
		k->data_len = line_end;
	}
	e->offset += k->len;
	return k;
}

/* ------------------------------------------------------------- output */

static void print_diag(const struct engine *e, const struct par_sink *k,
		       const struct stored *s)
{
	const struct diag_printer *p = &e->cfg->printer;
	struct diag d = s->d;
	if (p->quiet || (p->no_warnings && d.severity < DIAG_ERROR))
		return;
	d.white = s->white == NO_STRING ? NULL : k->strs + s->white;
	d.black = s->black == NO_STRING ? NULL : k->strs + s->black;
	if (d.game)
		d.game += e->games_before;
	if (d.line)
		d.line += e->line_before - 1;
	if (p->json)
		diag_print_json(stderr, &d);
	else
		diag_print_text(stderr, &d);
}

static void before_print(const struct engine *e)
{
	if (e->cfg->before_print)
		e->cfg->before_print(e->cfg->ctx);
}

/* Whether a write to an output has failed: what outputs_check() (common.c)
 * looks at, every output being one of the streams or standard output,
 * here without exiting, so that the run winds down first. */
static bool write_failed(const struct engine *e)
{
	for (unsigned s = 0; s < PAR_STREAMS; s++)
		if (e->cfg->streams[s] && ferror(e->cfg->streams[s]))
			return true;
	return ferror(stdout) != 0;
}

/* Writes the chunk's records; false when a write failed (errno kept in
 * e->write_errno), and then the rest of the chunk is not written. */
static bool write_records(struct engine *e, const struct par_sink *k)
{
	FILE *const *streams = e->cfg->streams;
	if (e->cfg->before_write)
		e->cfg->before_write(e->cfg->ctx, k->chunk);
	if (k->ndiags)
		before_print(e);
	for (size_t i = 0; i < k->nrecs; i++) {
		const struct rec *r = &k->recs[i];
		if (r->kind == REC_DIAG) {
			print_diag(e, k, &k->diags[r->off]);
		} else if (r->kind == REC_GAME_NUMBER) {
			if (fprintf(streams[r->stream], "%llu",
				    (unsigned long long)(e->games_before +
							 r->off)) < 0) {
				e->write_errno = errno;
				return false;
			}
		} else if (fwrite((r->kind == REC_RAW ? k->buf : k->bytes) +
					  r->off, 1, r->len, streams[r->stream]) !=
			   r->len) {
			e->write_errno = errno;
			return false;
		}
	}
	if (write_failed(e)) {
		e->write_errno = errno;
		return false;
	}
	return true;
}

/* A stream's game output so far, written now (see STREAM_FLUSH_BYTES);
 * what is written is forgotten, but for the counts, which the game's
 * write at its end hands on.  False when a write failed (the run stops
 * after the game: run_stream()). */
static bool stream_flush(struct par_sink *k)
{
	if (!write_records(k->flush_to, k)) {
		k->flush_failed = true;
		return false;
	}
	k->nrecs = k->nbytes = k->ndiags = k->nstrs = 0;
	return true;
}

/* par_write() of a stream's game past STREAM_FLUSH_BYTES: what it holds,
 * then p, straight to the stream. */
static void stream_write(struct par_sink *k, unsigned s, const char *p,
			 size_t n)
{
	if (!stream_flush(k))
		return;
	if (fwrite(p, 1, n, k->cfg->streams[s]) != n) {
		k->flush_to->write_errno = errno;
		k->flush_failed = true;
	}
}

/* The chunk is written: its counts and state are handed on, covering
 * `bytes` of the input and `games`. */
static void chunk_written(struct engine *e, const struct par_sink *k,
			  uint64_t bytes, uint64_t games)
{
	for (unsigned i = 0; i < PAR_COUNTERS; i++)
		e->cfg->counts[i] += k->counts[i];
	if (e->cfg->written)
		e->cfg->written(e->cfg->ctx, k->chunk, bytes, games);
}

/* The smallest chunk, and the first ones' size. */
static size_t least_chunk_bytes(const struct engine *e)
{
	return FIRST_CHUNK_BYTES < e->chunk_max ? FIRST_CHUNK_BYTES
						: e->chunk_max;
}

/* The next chunks' size, from the output the chunks written so far made
 * of their input. */
static void adapt_chunk_bytes(struct engine *e, const struct par_sink *k)
{
	e->bytes_in += k->consumed;
	e->bytes_out += k->nbytes;
	size_t size = e->chunk_max;
	if (e->bytes_out > 0) {
		double fit = (double)CHUNK_OUTPUT_BYTES * (double)e->bytes_in /
			     (double)e->bytes_out;
		if (fit < (double)size)
			size = (size_t)fit;
	}
	size_t least = least_chunk_bytes(e);
	e->chunk_bytes = size < least ? least : size;
}

/* Writes the chunk's output; false when a write failed. */
static bool write_chunk(struct engine *e, const struct par_sink *k)
{
	if (!write_records(e, k))
		return false;
	adapt_chunk_bytes(e, k);
	chunk_written(e, k, k->consumed, k->games);
	e->games_before += k->games;
	e->line_before += k->end.line - 1;
	return true;
}

static void wait_done(struct engine *e, struct par_sink *k)
{
	pthread_mutex_lock(&e->lock);
	while (k->state == CH_QUEUED || k->state == CH_RUNNING) {
		if (k->state == CH_QUEUED) {
			/* Nobody has it yet: it is redone merged anyway. */
			k->state = CH_TAKEN;
			break;
		}
		pthread_cond_wait(&e->done, &e->lock);
	}
	pthread_mutex_unlock(&e->lock);
}

static void enqueue(struct engine *e, struct par_sink *k)
{
	pthread_mutex_lock(&e->lock);
	k->state = k->stream ? CH_TAKEN : CH_QUEUED;	/* no worker's */
	if (e->tail)
		e->tail->next = k;
	else
		e->head = k;
	e->tail = k;
	e->inflight++;
	pthread_cond_signal(&e->work);
	pthread_mutex_unlock(&e->lock);
}

static void pop_head(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	struct par_sink *k = e->head;
	e->head = k->next;
	if (!e->head)
		e->tail = NULL;
	e->inflight--;
	pthread_mutex_unlock(&e->lock);
	keep_spare(e, k);
	sink_free(k);
}

/* The worker state of games run on this thread (merges, streams). */
static void *main_worker(struct engine *e)
{
	if (!e->worker_made && e->cfg->worker_new)
		e->worker = e->cfg->worker_new(e->cfg->ctx);
	e->worker_made = true;
	return e->worker;
}

/* What is left of the head chunk k (from k->consumed on), in a new sink
 * with room for `more` bytes after it, where it starts in the input:
 * merged with what follows it, or the start of a stream. */
static struct par_sink *sink_rest_of(struct engine *e,
				     const struct par_sink *k, size_t more)
{
	size_t rest = k->len - k->consumed;
	struct par_sink *m = calloc(1, sizeof *m);
	if (!m)
		die("out of memory");
	m->cfg = e->cfg;
	m->cap = rest + more;
	m->buf = malloc(m->cap ? m->cap : 1);
	if (!m->buf)
		die("out of memory");
	memcpy(m->buf, k->buf + k->consumed, rest);
	m->len = m->data_len = rest;
	m->origin = k->origin && k->consumed == 0;
	m->offset = k->offset + k->consumed;
	m->at = (struct pgn_loc){ 1, k->end.col };
	return m;
}

/* The head chunk stopped short of its cut and what is left of it is
 * long (or a stream follows): it becomes a stream, which takes every
 * chunk queued after it (their runs thrown away) and the carry, all of
 * them bytes its reader must see before it reads on from the input.
 * Merging again and again, a game running over many chunks (a comment of
 * a gigabyte holding [Event lines) was read again from its start with
 * each, and held whole. */
static void stream_from_head(struct engine *e)
{
	struct par_sink *k = e->head, *c;
	size_t after = e->carry_len;
	pthread_mutex_lock(&e->lock);
	for (c = k->next; c; c = c->next)
		after += c->len;
	pthread_mutex_unlock(&e->lock);
	struct par_sink *m = sink_rest_of(e, k, after);
	for (c = k->next; c; c = c->next) {
		wait_done(e, c);	/* a worker may still run it */
		memcpy(m->buf + m->len, c->buf, c->len);
		m->len += c->len;
	}
	if (e->carry_len)	/* (no carry: NULL, which memcpy may not take) */
		memcpy(m->buf + m->len, e->carry, e->carry_len);
	m->len += e->carry_len;
	m->data_len = m->len;
	free(e->carry);
	e->carry = NULL;
	e->carry_len = e->carry_cap = 0;
	m->stream = true;
	m->state = CH_TAKEN;
	e->stream_pending = true;
	pthread_mutex_lock(&e->lock);
	c = k;
	e->head = e->tail = m;
	e->inflight = 1;
	pthread_mutex_unlock(&e->lock);
	while (c) {
		struct par_sink *next = c->next;
		sink_free(c);
		c = next;
	}
}

/* A stream's per-game output is written and forgotten. */
static void sink_clear(struct par_sink *k)
{
	k->nrecs = k->nbytes = k->ndiags = k->nstrs = 0;
	memset(k->counts, 0, sizeof k->counts);
}

/* The head is a stream: its bytes and then the rest of the input, read by
 * one file reader on this thread, which needs the memory a reader of the
 * whole input needs.  Each game is written as soon as it is run (its raw
 * bytes are the reader's only until the next game is read), in a chunk
 * state of its own.  Game and line numbers stay counted from the stream's
 * start until it ends.  It ends at the input's end, or at the first game
 * start past the bytes it was given: what the reader holds past that is
 * the carry, and chunks are read again.  False when a write failed. */
static bool run_stream(struct engine *e, struct par_sink *k)
{
	const struct par_config *cfg = e->cfg;
	uint64_t given = k->len, done = 0, games = 0;
	struct pgn_reader_opts ro = sink_reader_opts(k);
	struct pgn_reader *r = pgn_reader_resume(e->name, e->fd, k->buf, k->len,
						 k->cap, k->origin, k->at,
						 e->input_done, &ro);
	void *worker = main_worker(e);
	struct diag err;
	size_t off;
	struct pgn_loc at = k->at;
	bool ok = true, past = false;
	int rc;
	k->buf = NULL;		/* the reader's now */
	k->flush_to = e;
	for (;;) {
		sink_clear(k);
		sink_new_chunk(k);
		sink_hold(k);
		rc = pgn_reader_next(r, &e->game, par_report, k, &err);
		if (rc != 1)
			break;
		games++;
		k->buf = (char *)e->game.raw;	/* for par_write_raw */
		k->cut_stream = -1;
		cfg->game(cfg->ctx, worker, &e->game, k);
		uint64_t now = pgn_reader_consumed(r);
		if (k->flush_failed || !write_records(e, k)) {
			ok = false;
			break;
		}
		chunk_written(e, k, now - done, 1);
		done = now;
		if (pgn_reader_tell(r, &off, &at) && now >= given) {
			past = true;
			break;
		}
	}
	k->buf = NULL;
	if (ok) {
		if (rc < 0) {
			e->io_error = true;
			snprintf(e->io_message, sizeof e->io_message, "%s",
				 err.message);
		}
		if (!past)
			pgn_reader_tell(r, &off, &at);
		uint64_t now = pgn_reader_consumed(r);
		if (now > done && rc >= 0) {
			/* Blanks after the last game: bytes of the input. */
			sink_clear(k);
			sink_new_chunk(k);
			chunk_written(e, k, now - done, 0);
		}
		e->games_before += games;
		e->line_before += at.line - 1;
		e->offset = k->offset + now;
		e->input_done = true;
		if (past) {
			const char *p;
			size_t n;
			e->input_done = pgn_reader_unread(r, &p, &n);
			e->carry = carry_buffer(e, n + e->chunk_bytes +
							   CUT_SLACK,
						&e->carry_cap);
			memcpy(e->carry, p, n);
			e->carry_len = n;
			e->carry_col = at.col;
		}
		e->stream_pending = false;
	}
	pgn_reader_close(r);
	return ok;
}

/* The head chunk stopped short of its cut: the rest of it, joined to the
 * next chunk, is read again here and takes the next chunk's place. */
static void merge_head(struct engine *e)
{
	struct par_sink *k = e->head, *next;
	pthread_mutex_lock(&e->lock);
	next = k->next;
	pthread_mutex_unlock(&e->lock);
	if (!next) {
		next = read_chunk(e);
		if (!next) {
			pop_head(e);	/* the input broke off */
			return;
		}
		next->state = CH_TAKEN;
		pthread_mutex_lock(&e->lock);
		k->next = next;
		e->tail = next;
		e->inflight++;
		pthread_mutex_unlock(&e->lock);
	}
	size_t rest = k->len - k->consumed;
	/* (After a read error the bytes held end short of the input, which
	 * a stream would take for its end: merged, the broken game is
	 * dropped, as one thread drops it.) */
	if (next->stream ||
	    (rest / STREAM_AFTER >= e->chunk_max && !e->io_error)) {
		stream_from_head(e);
		return;
	}
	wait_done(e, next);
	struct par_sink *m = sink_rest_of(e, k, next->data_len);
	memcpy(m->buf + rest, next->buf, next->data_len);
	m->len = rest + next->len;
	m->data_len = rest + next->data_len;
	m->last = next->last;
	run_chunk(e, main_worker(e), &e->game, m);
	m->state = CH_DONE;
	/* m replaces k and next. */
	pthread_mutex_lock(&e->lock);
	m->next = next->next;
	e->head = m;
	if (e->tail == next)
		e->tail = m;
	e->inflight--;
	pthread_mutex_unlock(&e->lock);
	keep_spare(e, k);
	keep_spare(e, next);
	sink_free(k);
	sink_free(next);
}

/* Writes the head chunk once it is done; false when a write failed (the
 * chunk stays at the head). */
static bool write_head(struct engine *e)
{
	struct par_sink *k = e->head;
	if (k->stream) {
		if (!run_stream(e, k))
			return false;
		pop_head(e);
		return true;
	}
	pthread_mutex_lock(&e->lock);
	while (k->state != CH_DONE)
		pthread_cond_wait(&e->done, &e->lock);
	pthread_mutex_unlock(&e->lock);
	if (!write_chunk(e, k))
		return false;
	if (k->complete)
		pop_head(e);
	else
		merge_head(e);
	return true;
}

/* ---------------------------------------------------------------- run */

static size_t chunk_bytes(void)
{
	const char *s = getenv("PAWNKIT_CHUNK_BYTES");
	char *end;
	unsigned long long n;
	if (!s || !*s)
		return CHUNK_BYTES;
	errno = 0;
	n = strtoull(s, &end, 10);
	return errno || *end || n == 0 ? CHUNK_BYTES : (size_t)n;
}

static int engine_open(struct engine *e, const char *path)
{
	e->name = path && strcmp(path, "-") ? path : "-";
	e->fd = 0;
	if (strcmp(e->name, "-") != 0) {
		e->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (e->fd < 0) {
			before_print(e);
			warn_user("could not open '%s': %s", path,
				  strerror(errno));
			return -1;
		}
	}
	return 0;
}

int par_run(const char *path, struct par_config *cfg)
{
	struct engine e = { .cfg = cfg, .line_before = 1, .carry_col = 1 };
	atomic_init(&e.cancel, false);
	if (engine_open(&e, path) != 0)
		return EXIT_TROUBLE;
	unsigned jobs = cfg->jobs ? cfg->jobs : 1;
	struct worker *workers = calloc(jobs, sizeof *workers);
	if (!workers)
		die("out of memory");
	e.chunk_max = chunk_bytes();
	e.chunk_bytes = least_chunk_bytes(&e);
	/* Work queued ahead of the writer; one worker needs only the chunk
	 * it runs and the next one read (game-stats on one job). */
	e.max_inflight = jobs == 1 ? 2 : 2 * jobs + 2;
	pgn_game_init(&e.game);
	pthread_mutex_init(&e.lock, NULL);
	pthread_cond_init(&e.work, NULL);
	pthread_cond_init(&e.done, NULL);
	for (unsigned i = 0; i < jobs; i++) {
		workers[i].e = &e;
		if (pthread_create(&workers[i].thread, NULL, worker_main,
				   &workers[i]) != 0)
			die("cannot start a thread: %s", strerror(errno));
	}
	bool write_error = false;
	for (;;) {
		struct par_sink *k = NULL;
		while (e.inflight < e.max_inflight && (k = read_chunk(&e)))
			enqueue(&e, k);
		if (!e.head)
			break;
		if (!write_head(&e)) {
			write_error = true;	/* nothing more is read */
			break;
		}
	}
	pthread_mutex_lock(&e.lock);
	e.stop = true;
	if (write_error)
		atomic_store(&e.cancel, true);
	pthread_cond_broadcast(&e.work);
	pthread_mutex_unlock(&e.lock);
	for (unsigned i = 0; i < jobs; i++)
		pthread_join(workers[i].thread, NULL);
	free(workers);
	/* The chunks left after a failed write, run or not. */
	while (e.head) {
		struct par_sink *k = e.head;
		e.head = k->next;
		sink_free(k);
	}
	e.tail = NULL;
	if (e.worker_made && cfg->worker_free)
		cfg->worker_free(cfg->ctx, e.worker);
	pgn_game_release(&e.game);
	free(e.carry);
	while (e.nspare)
		free(e.spare[--e.nspare]);
	pthread_cond_destroy(&e.done);
	pthread_cond_destroy(&e.work);
	pthread_mutex_destroy(&e.lock);
	if (e.fd > 0)
		close(e.fd);
	if (write_error) {
		/* As after each game on one thread: exits with EXIT_TROUBLE,
		 * quietly for a closed pipe, with a message for any other
		 * write error.  It looks at the errno of the failed write. */
		before_print(&e);
		errno = e.write_errno;
		outputs_check();
		return EXIT_TROUBLE;	/* a stream output_open() did not make */
	}
	if (e.io_error) {
		before_print(&e);
		warn_user("%s", e.io_message);
		return EXIT_TROUBLE;
	}
	return 0;
}

int par_run_files(char **files, int nfiles, struct par_config *cfg)
{
	int status = 0;
	files_or_stdin(&files, &nfiles);
	for (int i = 0; i < nfiles; i++)
		if (par_run(files[i], cfg) != 0)
			status = EXIT_TROUBLE;
	return status;
}
