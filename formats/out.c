/* A writer's output gathered in memory (internal.h, struct fmt_out) and
 * handed to its FILE at once: one fwrite a game, or every FMT_OUT_CHUNK
 * bytes of a long one. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../libparse/grow.h"

void fmt_out_begin(struct fmt_out *o, FILE *file, struct conv_game *cg)
{
	o->file = file;
	o->cg = cg;
	o->buf = cg ? cg->out : NULL;
	o->cap = cg ? cg->out_cap : 0;
	o->n = 0;
	o->keep = FMT_OUT_NO_KEEP;
}

void fmt_out_flush(struct fmt_out *o)
{
	if (o->n)
		fwrite(o->buf, 1, o->n, o->file);
	o->n = 0;
	if (o->keep != FMT_OUT_NO_KEEP)
		o->keep = 0;
}

/* The buffer is kept for the game's next writer (or freed, with no game
 * to keep it). */
void fmt_out_end(struct fmt_out *o)
{
	fmt_out_flush(o);
	if (o->cg) {
		o->cg->out = o->buf;
		o->cg->out_cap = o->cap;
	} else {
		free(o->buf);
	}
	o->buf = NULL;
	o->cap = 0;
}

/* Writes what is held but the bytes kept, which move to the start. */
static void write_unkept(struct fmt_out *o)
{
	size_t done = o->keep < o->n ? o->keep : o->n;
	if (!done)
		return;
	fwrite(o->buf, 1, done, o->file);
	memmove(o->buf, o->buf + done, o->n - done);
	o->n -= done;
	if (o->keep != FMT_OUT_NO_KEEP)
		o->keep -= done;
}

char *fmt_out_make_room(struct fmt_out *o, size_t n)
{
	if (o->n && o->n + n > FMT_OUT_CHUNK)
		write_unkept(o);
	if (o->cap - o->n < n)
		o->buf = pawnkit_grow(o->buf, &o->cap, o->n + n, 1,
				      FMT_OUT_CHUNK);
	return o->buf + o->n;
}

/* fmt_out_room() for this file, which calls none of internal.h's inline
 * functions: they call this file. */
static char *room(struct fmt_out *o, size_t n)
{
	return o->cap - o->n < n ? fmt_out_make_room(o, n) : o->buf + o->n;
}

void fmt_out_uint(struct fmt_out *o, uint64_t v)
{
	o->n += pgn_put_uint(room(o, 20), v);
}

/* A game's number, by its conv_number's writer when it has one, which
 * writes to the FILE itself: what is held goes first. */
void fmt_out_game_number(struct fmt_out *o, const struct conv_number *n,
			 uint64_t number)
{
	if (n && n->write) {
		fmt_out_flush(o);
		n->write(n->ctx, o->file, number);
		return;
	}
	fmt_out_uint(o, number);
}

void fmt_out_printf(struct fmt_out *o, const char *fmt, ...)
{
	va_list ap;
	size_t size = 64;
	for (;;) {
		char *p = room(o, size);
		va_start(ap, fmt);
		int n = vsnprintf(p, size, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if ((size_t)n < size) {
			o->n += (size_t)n;
			return;
		}
		size = (size_t)n + 1;
	}
}
