/* A chunk's records written to the outputs, in order, with game and line
 * numbers made the input's.  See engine.h. */
#include <errno.h>
#include <string.h>

#include "engine.h"

static void print_diag(const struct engine *e, const struct run_sink *k,
		       const struct stored *s)
{
	struct diag d = s->d;
	d.white = s->white == NO_STRING ? NULL : k->out.strs + s->white;
	d.black = s->black == NO_STRING ? NULL : k->out.strs + s->black;
	if (d.game)
		d.game += e->games_before;
	if (d.line)
		d.line += e->line_before - 1;
	diag_policy_print(&e->cfg->diag, &d);
}

void rp_before_print(const struct engine *e)
{
	rp_progress_clear();
	if (e->cfg->before_print)
		e->cfg->before_print(e->cfg->ctx);
}

/* Whether a write to an output has failed: what outputs_check() (output.c)
 * looks at, every output being one of the streams, standard output or
 * standard error, here without exiting, so that the run winds down
 * first. */
static bool write_failed(const struct engine *e)
{
	for (unsigned s = 0; s < RUN_STREAMS; s++)
		if (e->cfg->streams[s] && ferror(e->cfg->streams[s]))
			return true;
	return ferror(stdout) || ferror(stderr);
}

/* The records' bytes go to their streams through a buffer of the
 * writer's: a chunk's records are many small pieces (with --jobs a line of
 * FEN is three: its text, the game's number, the rest of it), and an
 * fwrite or fprintf for each cost more than copying it.  What is held
 * goes out before bytes for another stream, a diagnostic, a piece of
 * GATHER_DIRECT bytes or more (written straight), and at the end. */
#define GATHER_BYTES 8192
#define GATHER_DIRECT 1024
struct gather {
	struct engine *e;
	FILE *file;		/* whose bytes are held */
	size_t n;
	char buf[GATHER_BYTES];
};

/* fwrite, or false with errno kept in e->write_errno. */
static bool write_out(struct engine *e, FILE *f, const char *p, size_t n)
{
	if (n && fwrite(p, 1, n, f) != n) {
		e->write_errno = errno;
		return false;
	}
	return true;
}

static bool gather_flush(struct gather *g)
{
	size_t n = g->n;
	g->n = 0;
	return write_out(g->e, g->file, g->buf, n);
}

static bool gather_put(struct gather *g, FILE *f, const char *p, size_t n)
{
	bool direct = n >= GATHER_DIRECT;
	if ((g->file != f || g->n + n > sizeof g->buf || direct) &&
	    !gather_flush(g))
		return false;
	g->file = f;
	if (direct)
		return write_out(g->e, f, p, n);
	memcpy(g->buf + g->n, p, n);
	g->n += n;
	return true;
}

/* A game number in decimal, made the input's. */
static bool gather_number(struct gather *g, FILE *f, uint64_t v)
{
	char digits[20];
	return gather_put(g, f, digits, pgn_put_uint(digits, v));
}

static bool write_record(struct gather *g, const struct run_sink *k,
			 const struct rec *r)
{
	FILE *f = g->e->cfg->streams[r->stream];
	switch (r->kind) {
	case REC_DIAG:
		if (!gather_flush(g))
			return false;
		print_diag(g->e, k, &k->out.diags[r->off]);
		/* The diagnostics' stream is an output too: the run stops at the
		 * diagnostic it could not write, with one job as with many. */
		return !ferror(diag_policy_stream(&g->e->cfg->diag));
	case REC_GAME_NUMBER:
		return gather_number(g, f, g->e->games_before + r->off);
	case REC_RAW:
		return gather_put(g, f, k->buf + r->off, r->len);
	case REC_BYTES:
		break;
	}
	return gather_put(g, f, k->out.bytes + r->off, r->len);
}

/* Writes the chunk's records; false when a write failed (errno kept in
 * e->write_errno), and then the rest of the chunk is not written. */
bool rp_write_records(struct engine *e, const struct run_sink *k)
{
	struct gather g;
	g.e = e;
	g.file = NULL;
	g.n = 0;
	if (e->cfg->before_write)
		e->cfg->before_write(e->cfg->ctx, k->chunk);
	if (k->out.ndiags)
		rp_before_print(e);
	for (size_t i = 0; i < k->out.nrecs; i++)
		if (!write_record(&g, k, &k->out.recs[i]))
			return false;
	if (!gather_flush(&g))
		return false;
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
	k->out.nrecs = k->out.nbytes = k->out.ndiags = k->out.nstrs = 0;
	return true;
}

/* run_write() of a stream's game past STREAM_FLUSH_BYTES: what it holds,
 * then p, straight to the stream. */
void rp_stream_write(struct run_sink *k, unsigned s, const char *p,
		     size_t n)
{
	if (!stream_flush(k))
		return;
	if (fwrite(p, 1, n, k->cfg->streams[s]) != n) {
		k->flush_to->write_errno = errno;
		k->flush_failed = true;
	}
}

/* The run's status once its threads are gone and its memory freed. */
int rp_run_status(struct engine *e, bool ok)
{
	if (!ok) {
		/* As after each game on one thread: exits with EXIT_TROUBLE,
		 * quietly for a closed pipe, with a message for any other
		 * write error.  It looks at the errno of the failed write. */
		rp_before_print(e);
		errno = e->write_errno;
		outputs_check();
		return EXIT_TROUBLE;	/* a stream output_open() did not make */
	}
	if (e->io_error) {
		rp_before_print(e);
		warn_user("%s", e->io_message);
		return EXIT_TROUBLE;
	}
	return 0;
}
