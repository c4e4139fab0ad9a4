/* A chunk's output as records: what a game writes, by reference or
 * copied, in the order it is written.  See engine.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* The buffer of a worker's FILE (run_file()). */
#define WORKER_FILE_BUFFER ((size_t)64 << 10)

/* ------------------------------------------------------------ records */

/* A worker's FILE writes into the sink of the game it runs. */
static ssize_t file_write(void *cookie, const char *p, size_t n)
{
	struct worker_file *f = cookie;
	rp_sink_write(f->w->sink, f->stream, p, n);
	return (ssize_t)n;
}

FILE *run_file(struct run_sink *k, unsigned s)
{
	struct run_worker *w = k->worker;
	if (s >= RUN_STREAMS)
		die("run_file: no stream %u", s);
	if (!w->files[s]) {
		w->cookies[s] = (struct worker_file){ w, s };
		w->files[s] = fopencookie(&w->cookies[s], "w",
					  (cookie_io_functions_t){
						  .write = file_write });
		if (!w->files[s] ||
		    setvbuf(w->files[s], NULL, _IOFBF, WORKER_FILE_BUFFER) != 0)
			pawnkit_out_of_memory();
	}
	return w->files[s];
}

void rp_sink_mark(const struct run_sink *k, struct mark *m)
{
	m->nrecs = k->out.nrecs;
	m->nbytes = k->out.nbytes;
	m->ndiags = k->out.ndiags;
	m->nstrs = k->out.nstrs;
	memcpy(m->counts, k->counts, sizeof m->counts);
	m->unselected = k->unselected;
}

void rp_sink_rollback(struct run_sink *k, const struct mark *m)
{
	k->out.nrecs = m->nrecs;
	k->out.nbytes = m->nbytes;
	k->out.ndiags = m->ndiags;
	k->out.nstrs = m->nstrs;
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
	free(k->out.recs);
	free(k->out.bytes);
	free(k->out.diags);
	free(k->out.strs);
	free(k);
}

void rp_add_rec(struct run_sink *k, enum rec_kind kind, unsigned stream,
		    size_t off, size_t len)
{
	struct rec *last = k->out.nrecs ? &k->out.recs[k->out.nrecs - 1] : NULL;
	/* Consecutive games to one stream make one run. */
	if (last && last->kind == kind && kind != REC_DIAG &&
	    kind != REC_GAME_NUMBER &&
	    last->stream == stream && last->off + last->len == off) {
		last->len += len;
		return;
	}
	k->out.recs = pawnkit_grow(k->out.recs, &k->out.rec_cap,
				   k->out.nrecs + 1, sizeof *k->out.recs, 16);
	k->out.recs[k->out.nrecs++] = (struct rec){ kind, stream, off, len };
}


/* What the game's FILE streams (run_file()) hold goes to the records
 * first: its bytes and those written otherwise, and its diagnostics,
 * keep the order the game made them in. */
void rp_sink_flush_files(struct run_sink *k)
{
	struct run_worker *w = k->worker;
	for (unsigned s = 0; w && s < RUN_STREAMS; s++)
		if (w->files[s] && fflush(w->files[s]) != 0)
			pawnkit_out_of_memory();
}

void rp_sink_write(struct run_sink *k, unsigned s, const char *p, size_t n)
{
	if (s >= RUN_STREAMS || !k->cfg->streams[s] || !n || k->flush_failed)
		return;
	/* A stream's game whose output grows large: what it holds, then
	 * these bytes, are written now.  (Held diagnostics must stay last,
	 * rp_sink_release() may drop them: nothing is written while holding.) */
	if (k->flush_to && !k->diag.holding &&
	    k->out.nbytes + n >= STREAM_FLUSH_BYTES) {
		rp_stream_write(k, s, p, n);
		return;
	}
	k->out.bytes = pawnkit_grow(k->out.bytes, &k->out.bytes_cap,
				    k->out.nbytes + n, 1, 16);
	memcpy(k->out.bytes + k->out.nbytes, p, n);
	rp_add_rec(k, REC_BYTES, s, k->out.nbytes, n);
	k->out.nbytes += n;
}

void run_write(struct run_sink *k, unsigned s, const char *p, size_t n)
{
	rp_sink_flush_files(k);
	rp_sink_write(k, s, p, n);
}

void run_write_raw(struct run_sink *k, unsigned s, const struct pgn_game *g)
{
	rp_sink_flush_files(k);
	if (s >= RUN_STREAMS || !k->cfg->streams[s] || !g->raw_len)
		return;
	rp_add_rec(k, REC_RAW, s, (size_t)(g->raw - k->buf), g->raw_len);
	if (g->flags & PGN_RAW_CUT)
		k->cut_stream = (int)s;
	k->rest.write = NULL;
}

void run_write_rest(struct run_sink *k, unsigned s, const struct pgn_game *g,
		    struct run_rest rest)
{
	if (s >= RUN_STREAMS || !k->cfg->streams[s] ||
	    !(g->flags & PGN_RAW_CUT))
		return;
	k->cut_stream = (int)s;
	k->rest = rest;
	k->rest_out = k->stream ? k->cfg->streams[s] : run_file(k, s);
}

/* A piece of the rest through run_write_rest()'s writer (len 0: its
 * end).  A chunk's FILE goes to the records at once, before the next
 * game's diagnostics, which are held. */
static void sink_rest(struct run_sink *k, const char *bytes, size_t len)
{
	if (len) {
		k->rest.write(k->rest.ctx, k->rest_out, bytes, len);
	} else {
		k->rest.end(k->rest.ctx, k->rest_out);
		k->rest.write = NULL;
		k->cut_stream = -1;
	}
	if (k->stream)
		return;
	if (fflush(k->rest_out) != 0)
		pawnkit_out_of_memory();
	if (k->diag.holding)
		k->diag.hold_recs = k->out.nrecs;
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
	if (k->rest.write) {
		sink_rest(k, bytes, len);
		return;
	}
	if (!len)
		return;
	if (k->stream) {
		fwrite(bytes, 1, len, k->cfg->streams[k->cut_stream]);
		return;
	}
	rp_add_rec(k, REC_RAW, (unsigned)k->cut_stream,
		(size_t)(bytes - k->buf), len);
	/* This is read while the next game's diagnostics are held: the rest
	 * is not theirs, and stays when they are dropped (rp_sink_release). */
	if (k->diag.holding)
		k->diag.hold_recs = k->out.nrecs;
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
	return k->diag.errors;
}

bool run_game_failed(const struct run_sink *k, const struct pgn_game *g)
{
	return k->diag.errors || (g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
}

/* -------------------------------------------------------- diagnostics */
