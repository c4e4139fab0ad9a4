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
	if (k->out.ndiags)
		rp_before_print(e);
	for (size_t i = 0; i < k->out.nrecs; i++) {
		const struct rec *r = &k->out.recs[i];
		if (r->kind == REC_DIAG) {
			print_diag(e, k, &k->out.diags[r->off]);
		} else if (r->kind == REC_GAME_NUMBER) {
			if (fprintf(streams[r->stream], "%llu",
				    (unsigned long long)(e->games_before +
							 r->off)) < 0) {
				e->write_errno = errno;
				return false;
			}
		} else if (fwrite((r->kind == REC_RAW ? k->buf : k->out.bytes) +
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
