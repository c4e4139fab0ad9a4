/* Games on the calling thread: one reader, each game written as soon as
 * it is run.  A whole input on one job (serial), the part of an input
 * where chunks find no cut (a stream), or a text held in memory.  See
 * engine.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* A game's counts, handed on as soon as it is written; its chunk state
 * goes on with the next games. */
static void counts_written(struct engine *e, struct run_sink *k)
{
	for (unsigned i = 0; i < RUN_COUNTERS; i++)
		e->cfg->counts[i] += k->counts[i];
	e->cfg->unselected += k->unselected;
	memset(k->counts, 0, sizeof k->counts);
	k->unselected = 0;
}

void rp_chunk_written(struct engine *e, struct run_sink *k, uint64_t bytes,
		      uint64_t games)
{
	counts_written(e, k);
	rp_progress_add(bytes, games);
	if (e->cfg->written)
		e->cfg->written(e->cfg->ctx, k->chunk, bytes, games);
}

/* A stream's per-game output is written and forgotten. */
void rp_sink_clear(struct run_sink *k)
{
	k->out.nrecs = k->out.nbytes = k->out.ndiags = k->out.nstrs = 0;
}

/* Where a stream stands: the input bytes and games of its chunk state
 * (a batch of games: one state a game would make game-stats merge each
 * game), which grows from the first chunks' size to a chunk's, so that
 * a progress line moves early and a merge stays rare. */
struct batch {
	uint64_t start, games;	/* of the state */
	uint64_t total;		/* games of the stream */
	size_t limit;
};

static void batch_end(struct engine *e, struct run_sink *k, struct batch *b,
		      uint64_t now)
{
	rp_chunk_written(e, k, now - b->start, b->games);
	b->start = now;
	b->games = 0;
	if (b->limit < CHUNK_BYTES)
		b->limit *= 2;
	rp_sink_new_chunk(k);
}

/* --range (range.c): the next game starts at the range's end cut. */
static bool range_ended(const struct engine *e, const struct pgn_reader *r)
{
	size_t off;
	struct pgn_loc at;
	return e->range && pgn_reader_tell(r, &off, &at) &&
	       pgn_reader_consumed(r) >= e->range_len;
}

/* --range: the game just read runs over the end's cut, which is then no
 * game start: the pieces on either side would both miss or both take
 * the game.  True with err's message. */
static bool range_overrun(const struct engine *e, const struct pgn_reader *r,
			  struct diag *err)
{
	size_t off;
	struct pgn_loc at;
	if (!e->range || !pgn_reader_tell(r, &off, &at) ||
	    pgn_reader_consumed(r) <= e->range_len)
		return false;
	memset(err, 0, sizeof *err);
	snprintf(err->message, sizeof err->message, "%s: no safe cut at byte "
		 "%llu for --range: the line there that starts '[Event ' is "
		 "inside a game", e->name,
		 (unsigned long long)(e->range_at + e->range_len));
	return true;
}

/* One game read by r, run and written.  1: a game; 0: the input's end;
 * -1: a read error (*err); -2: a write failed. */
static int stream_game(struct engine *e, struct run_sink *k,
		       struct pgn_reader *r, struct run_worker *w,
		       struct diag *err)
{
	rp_sink_clear(k);
	if (range_ended(e, r))
		return 0;
	rp_sink_hold(k);
	int rc = pgn_reader_next(r, &w->game, run_report, k, err);
	if (rc != 1)
		return rc;
	if (range_overrun(e, r, err)) {
		rp_sink_release(k, false);
		return -1;
	}
	k->buf = (char *)w->game.raw;	/* for run_write_raw */
	k->cut_stream = -1;
	rp_run_game(e->cfg, w, &w->game, k);
	if (k->flush_failed || !rp_write_records(e, k))
		return -2;
	counts_written(e, k);
	return 1;
}

/* What the reader held for no game when the input ended (or broke
 * off): written, and the reader's error kept for the end of the run. */
static bool stream_end(struct engine *e, struct run_sink *k, int rc,
		       const struct diag *err)
{
	if (rc < 0) {
		e->io_error = true;
		snprintf(e->io_message, sizeof e->io_message, "%s",
			 err->message);
	}
	rp_sink_release(k, true);
	return rp_write_records(e, k);
}

/* The games of r until the input ends, or (unless serial) until the
 * first game start past `given` bytes.  *past says which; -2 when a
 * write failed, else what the last read returned. */
static int stream_games(struct engine *e, struct run_sink *k,
			struct pgn_reader *r, uint64_t given, bool *past,
			struct batch *b)
{
	struct run_worker *w = rp_main_worker(e);
	struct diag err;
	size_t off;
	struct pgn_loc at;
	int rc;
	*past = false;
	while ((rc = stream_game(e, k, r, w, &err)) == 1) {
		b->games++;
		b->total++;
		uint64_t now = pgn_reader_consumed(r);
		if (!k->serial && now >= given && pgn_reader_tell(r, &off, &at)) {
			*past = true;
			return 1;
		}
		if (now - b->start >= b->limit)
			batch_end(e, k, b, now);
	}
	if (rc != -2 && !stream_end(e, k, rc, &err))
		rc = -2;
	return rc;
}

/* After a stream: game and line numbers go on from where its reader
 * stands, and what it read past its last game is the carry, from which
 * chunks are read again. */
static void stream_hand_back(struct engine *e, struct run_sink *k,
			     struct pgn_reader *r, bool past)
{
	size_t off;
	struct pgn_loc at = k->at;
	pgn_reader_tell(r, &off, &at);
	e->line_before += at.line - 1;
	e->offset = k->offset + pgn_reader_consumed(r);
	e->input_done = true;
	if (past) {
		const char *p;
		size_t n;
		e->input_done = pgn_reader_unread(r, &p, &n);
		e->carry = rp_carry_buffer(e, n + e->chunk_bytes + CUT_SLACK,
					   &e->carry_cap);
		memcpy(e->carry, p, n);
		e->carry_len = n;
		e->carry_col = at.col;
	}
	e->stream_pending = false;
}

/* The head is a stream: its bytes and then the rest of the input, read by
 * one file reader on this thread, which needs the memory a reader of the
 * whole input needs.  Each game is written as soon as it is run (its raw
 * bytes are the reader's only until the next game is read).  Game and
 * line numbers stay counted from the stream's start until it ends.  It
 * ends at the input's end, or (unless serial) at the first game start
 * past the bytes it was given: what the reader holds past that is the
 * carry, and chunks are read again.  False when a write failed. */
bool rp_run_stream(struct engine *e, struct run_sink *k)
{
	uint64_t given = k->len;
	struct pgn_reader_opts ro = rp_sink_reader_opts(k);
	struct pgn_reader *r = pgn_reader_resume(e->name, e->in, k->buf, k->len,
						 k->cap, k->origin, k->at,
						 e->input_done, &ro);
	struct batch b = { .limit = FIRST_CHUNK_BYTES };
	bool past;
	k->buf = NULL;		/* the reader's now */
	k->flush_to = e;
	rp_sink_new_chunk(k);
	int rc = stream_games(e, k, r, given, &past, &b);
	k->buf = NULL;
	if (rc != -2) {
		uint64_t now = pgn_reader_consumed(r);
		rp_chunk_written(e, k, now - b.start, b.games);
		e->games_before += b.total;
		stream_hand_back(e, k, r, past);
	}
	pgn_reader_close(r);
	return rc != -2;
}

/* One job: the whole input is one stream, from its first byte. */
bool rp_run_serial(struct engine *e)
{
	struct run_sink *k = xcalloc(1, sizeof *k);
	k->cfg = e->cfg;
	k->origin = !e->piece;
	k->at = (struct pgn_loc){ 1, e->carry_col };
	k->stream = k->serial = true;
	bool ok = rp_run_stream(e, k);
	rp_sink_free(k);
	return ok;
}

void run_text(struct run_config *cfg, const char *name, const char *text,
	      size_t len, uint64_t game, struct pgn_loc at)
{
	struct engine e = { .cfg = cfg, .name = name, .line_before = 1 };
	struct run_sink *k = xcalloc(1, sizeof *k);
	struct pgn_reader_opts ro;
	struct batch b = { .limit = FIRST_CHUNK_BYTES };
	bool past;
	k->cfg = cfg;
	/* A stream's: the rest of a game cut at the size limit is written
	 * as the reader skips it, while the game's bytes are still where
	 * its first ones went. */
	k->stream = k->serial = true;
	k->flush_to = &e;
	k->place_game = game;
	k->place_at = at;
	ro = rp_sink_reader_opts(k);
	struct pgn_reader *r = pgn_reader_from_memory(name, text, len, &ro);
	rp_sink_new_chunk(k);
	int rc = stream_games(&e, k, r, 0, &past, &b);
	k->buf = NULL;		/* a game's raw bytes, the reader's */
	if (rc != -2)
		rp_chunk_written(&e, k, len, b.games);
	pgn_reader_close(r);
	rp_sink_free(k);
	rp_worker_free(cfg, e.main);
	rp_run_status(&e, rc != -2);
}
