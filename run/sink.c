/* A chunk's output as records, and the diagnostic policy of a game.
 * See engine.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* ------------------------------------------------------------- buffers */

void *rp_grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	p = xrealloc(p, n * size);
	*cap = n;
	return p;
}

/* ------------------------------------------------------------ records */

void rp_sink_mark(const struct run_sink *k, struct mark *m)
{
	m->nrecs = k->nrecs;
	m->nbytes = k->nbytes;
	m->ndiags = k->ndiags;
	m->nstrs = k->nstrs;
	memcpy(m->counts, k->counts, sizeof m->counts);
	m->unselected = k->unselected;
}

void rp_sink_rollback(struct run_sink *k, const struct mark *m)
{
	k->nrecs = m->nrecs;
	k->nbytes = m->nbytes;
	k->ndiags = m->ndiags;
	k->nstrs = m->nstrs;
	memcpy(k->counts, m->counts, sizeof m->counts);
	k->unselected = m->unselected;
}

/* The chunk's state, made new (a chunk read again from its start drops
 * the one its games had filled). */
void rp_sink_new_chunk(struct run_sink *k)
{
	const struct run_config *cfg = k->cfg;
	if (!cfg->chunk_new)
		return;
	if (k->has_chunk && cfg->chunk_free)
		cfg->chunk_free(cfg->ctx, k->chunk);
	k->chunk = cfg->chunk_new(cfg->ctx);
	k->has_chunk = true;
}

void rp_sink_free(struct run_sink *k)
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

static void add_rec(struct run_sink *k, enum rec_kind kind, unsigned stream,
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
	k->recs = rp_grow(k->recs, &k->rec_cap, k->nrecs + 1, sizeof *k->recs);
	k->recs[k->nrecs++] = (struct rec){ kind, stream, off, len };
}

static void stream_write(struct run_sink *k, unsigned s, const char *p,
			 size_t n);

void run_write(struct run_sink *k, unsigned s, const char *p, size_t n)
{
	if (s >= RUN_STREAMS || !k->cfg->streams[s] || !n || k->flush_failed)
		return;
	/* A stream's game whose output grows large: what it holds, then
	 * these bytes, are written now.  (Held diagnostics must stay last,
	 * rp_sink_release() may drop them: nothing is written while holding.) */
	if (k->flush_to && !k->holding &&
	    k->nbytes + n >= STREAM_FLUSH_BYTES) {
		stream_write(k, s, p, n);
		return;
	}
	k->bytes = rp_grow(k->bytes, &k->bytes_cap, k->nbytes + n, 1);
	memcpy(k->bytes + k->nbytes, p, n);
	add_rec(k, REC_BYTES, s, k->nbytes, n);
	k->nbytes += n;
}

void run_write_game_number(struct run_sink *k, unsigned s, uint64_t n)
{
	if (s >= RUN_STREAMS || !k->cfg->streams[s])
		return;
	rp_worker_flush(k->worker, s);	/* what run_file() holds comes first */
	add_rec(k, REC_GAME_NUMBER, s, (size_t)n, 0);
}

void run_write_raw(struct run_sink *k, unsigned s, const struct pgn_game *g)
{
	if (s >= RUN_STREAMS || !k->cfg->streams[s] || !g->raw_len)
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
	struct run_sink *k = ctx;
	if (k->cut_stream < 0)
		return;
	if (k->stream) {
		fwrite(bytes, 1, len, k->cfg->streams[k->cut_stream]);
		return;
	}
	add_rec(k, REC_RAW, (unsigned)k->cut_stream,
		(size_t)(bytes - k->buf), len);
	/* This is read while the next game's diagnostics are held: the rest
	 * is not theirs, and stays when they are dropped (sink_release). */
	if (k->holding)
		k->hold_recs = k->nrecs;
}

/* The reader options of a chunk's or a stream's reader. */
struct pgn_reader_opts rp_sink_reader_opts(struct run_sink *k)
{
	struct pgn_reader_opts ro = k->cfg->reader;
	ro.skipped = sink_skipped;
	ro.skipped_ctx = k;
	k->cut_stream = -1;
	return ro;
}

void run_count(struct run_sink *k, unsigned counter)
{
	if (counter < RUN_COUNTERS)
		k->counts[counter]++;
}

void *run_chunk(struct run_sink *k)
{
	return k->chunk;
}

unsigned run_errors(const struct run_sink *k)
{
	return k->errors;
}

bool run_game_failed(const struct run_sink *k, const struct pgn_game *g)
{
	return k->errors || (g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
}

/* -------------------------------------------------------- diagnostics */

static size_t store_string(struct run_sink *k, const char *s)
{
	if (!s)
		return NO_STRING;
	size_t n = strlen(s) + 1, off = k->nstrs;
	k->strs = rp_grow(k->strs, &k->strs_cap, k->nstrs + n, 1);
	memcpy(k->strs + off, s, n);
	k->nstrs += n;
	return off;
}

static void record(struct run_sink *k, const struct stored *s)
{
	k->diags = rp_grow(k->diags, &k->diag_cap, k->ndiags + 1, sizeof *k->diags);
	k->diags[k->ndiags] = *s;
	add_rec(k, REC_DIAG, 0, k->ndiags++, 0);
}

static void record_diag(struct run_sink *k, const struct diag *d)
{
	struct stored s = { .d = *d };
	/* -q prints nothing: nothing to keep either. */
	if (k->cfg->diag.quiet)
		return;
	s.white = store_string(k, d->white);
	s.black = store_string(k, d->black);
	s.d.white = s.d.black = NULL;
	record(k, &s);
}

/* A diagnostic of a game of run_text() stands where the game does in
 * the document that holds it. */
static void place(const struct run_sink *k, struct diag *d)
{
	if (!k->place_game)
		return;
	d->game = k->place_game;
	if (d->line) {
		d->line = k->place_at.line;
		d->col = k->place_at.col;
	}
}

/* The diagnostic policy of a game (run.h, struct diag_policy): what a
 * diagnostic counts for, and whether it is kept, held or dropped. */
void run_report(void *sink, const struct diag *orig)
{
	struct run_sink *k = sink;
	struct diag d = *orig;
	place(k, &d);
	if (k->cfg->diag.strict && d.severity == DIAG_WARNING)
		d.severity = DIAG_ERROR;
	if (d.severity == DIAG_ERROR)
		k->errors++;
	else if (d.severity == DIAG_WARNING)
		k->warnings++;
	if (k->cfg->diag.errors_only) {
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

/* A new game: its reader's diagnostics are held until it is known to be
 * selected (rp_sink_release). */
void rp_sink_hold(struct run_sink *k)
{
	k->errors = k->warnings = 0;
	k->holding = true;
	k->held_count = k->held_dropped = 0;
	k->hold_recs = k->nrecs;
	k->hold_diags = k->ndiags;
	k->hold_strs = k->nstrs;
}

/* The game is selected (print) or not: its held diagnostics are kept,
 * with a note of those past DIAG_HELD_MAX, or dropped.  They are the
 * last records (nothing else is written while holding), so dropping them
 * is a cut. */
void rp_sink_release(struct run_sink *k, bool print)
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

/* ------------------------------------------------------------- output */

static void print_diag(const struct engine *e, const struct run_sink *k,
		       const struct stored *s)
{
	struct diag d = s->d;
	d.white = s->white == NO_STRING ? NULL : k->strs + s->white;
	d.black = s->black == NO_STRING ? NULL : k->strs + s->black;
	if (d.game)
		d.game += e->games_before;
	if (d.line)
		d.line += e->line_before - 1;
	diag_policy_print(&e->cfg->diag, &d);
}

void rp_before_print(const struct engine *e)
{
	if (e->cfg->before_print)
		e->cfg->before_print(e->cfg->ctx);
}

/* Whether a write to an output has failed: what outputs_check() (output.c)
 * looks at, every output being one of the streams or standard output,
 * here without exiting, so that the run winds down first. */
static bool write_failed(const struct engine *e)
{
	for (unsigned s = 0; s < RUN_STREAMS; s++)
		if (e->cfg->streams[s] && ferror(e->cfg->streams[s]))
			return true;
	return ferror(stdout) != 0;
}

/* Writes the chunk's records; false when a write failed (errno kept in
 * e->write_errno), and then the rest of the chunk is not written. */
bool rp_write_records(struct engine *e, const struct run_sink *k)
{
	FILE *const *streams = e->cfg->streams;
	if (e->cfg->before_write)
		e->cfg->before_write(e->cfg->ctx, k->chunk);
	if (k->ndiags)
		rp_before_print(e);
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
 * after the game: rp_run_stream()). */
static bool stream_flush(struct run_sink *k)
{
	if (!rp_write_records(k->flush_to, k)) {
		k->flush_failed = true;
		return false;
	}
	k->nrecs = k->nbytes = k->ndiags = k->nstrs = 0;
	return true;
}

/* run_write() of a stream's game past STREAM_FLUSH_BYTES: what it holds,
 * then p, straight to the stream. */
static void stream_write(struct run_sink *k, unsigned s, const char *p,
			 size_t n)
{
	if (!stream_flush(k))
		return;
	if (fwrite(p, 1, n, k->cfg->streams[s]) != n) {
		k->flush_to->write_errno = errno;
		k->flush_failed = true;
	}
}

