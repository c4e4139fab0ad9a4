/* The input in chunks cut where a game seems to start.  See engine.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* -------------------------------------------------------------- input */

static void io_failed(struct engine *e, const struct diag *err)
{
	snprintf(e->io_message, sizeof e->io_message, "%s", err->message);
	e->io_error = true;
}

/* Reads into *buf until it holds want bytes or the input ends. */
static void fill(struct engine *e, char **buf, size_t *len, size_t *cap,
		 size_t want)
{
	struct diag err;
	*buf = pawnkit_grow(*buf, cap, want, 1, 16);
	while (*len < want && !e->input_done) {
		ssize_t n = pgn_input_read(e->in, *buf + *len, want - *len, &err);
		if (n < 0)
			io_failed(e, &err);
		if (n <= 0) {
			e->input_done = true;
			break;
		}
		*len += (size_t)n;
	}
}

/* A buffer of at least need bytes for the carry: a spare one when there
 * is one (grown if it must be), else a new one. */
char *rp_carry_buffer(struct engine *e, size_t need, size_t *cap)
{
	if (!e->nspare) {
		char *buf = xmalloc(need);
		*cap = need;
		return buf;
	}
	e->nspare--;
	char *buf = e->spare[e->nspare];
	*cap = e->spare_cap[e->nspare];
	return pawnkit_grow(buf, cap, need, 1, 16);
}

/* Keeps k's input buffer as a spare when there is room and it is of a
 * chunk's size (a stream's may be far larger: that one goes). */
void rp_keep_spare(struct engine *e, struct run_sink *k)
{
	if (!k->buf || e->nspare == SPARE_BUFFERS ||
	    k->cap > 2 * (e->chunk_max + CUT_SLACK))
		return;
	e->spare[e->nspare] = k->buf;
	e->spare_cap[e->nspare++] = k->cap;
	k->buf = NULL;
}

/* The next chunk of input, or NULL when there is none. */
struct run_sink *rp_read_chunk(struct engine *e)
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
	struct run_sink *k = xcalloc(1, sizeof *k);
	k->cfg = e->cfg;
	k->buf = buf;
	k->cap = cap;
	k->origin = e->offset == 0 && !e->piece;
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
		e->carry = rp_carry_buffer(e, rest + e->chunk_bytes + CUT_SLACK,
					&e->carry_cap);
		memcpy(e->carry, buf + cut, rest);
		e->carry_len = rest;
		k->len = cut;
		k->data_len = line_end;
	}
	e->offset += k->len;
	return k;
}

size_t rp_chunk_bytes(void)
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

