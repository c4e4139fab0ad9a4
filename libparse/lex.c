/* What the reader (reader.c), the tag section's lexer (tags.c) and the
 * movetext's (movetext.c) share: items outside the movetext, lines
 * counted, a game's end, the DOS end-of-file mark, diagnostics queued for
 * the game.  Below all three, calling none of them.  See pgn_lex.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "pgn_lex.h"

void lp_lex_grow_tags(struct pgn_reader *r, size_t need)
{
	r->tagv = pawnkit_grow(r->tagv, &r->tag_cap, need, sizeof *r->tagv, 32);
}

/* ------------------------------------------------ names of a tag section */

static uint32_t name_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static bool name_is(const struct pgn_tag *t, const char *name, size_t len)
{
	return !strncmp(t->name, name, len) && !t->name[len];
}

/* The slot of name: its entry, or the empty one where it would go. */
static uint64_t *names_slot(struct pgn_reader *r, const char *name,
			    size_t len)
{
	size_t mask = r->names_cap - 1, i = name_hash(name, len) & mask;

	for (;; i = (i + 1) & mask) {
		uint64_t e = r->names[i];
		if (e >> 32 != r->names_gen ||
		    name_is(&r->tagv[(uint32_t)e - 1], name, len))
			return &r->names[i];
	}
}

/* A table at most half full for the section's tags, all entered. */
static void names_fill(struct pgn_lex *x)
{
	struct pgn_reader *r = x->r;

	if (!x->hashed || x->ntags * 2 >= r->names_cap) {
		size_t cap = r->names_cap ? r->names_cap : 64;
		while (x->ntags * 2 >= cap)
			cap *= 2;
		if (cap != r->names_cap) {
			free(r->names);
			r->names = pawnkit_realloc(NULL, cap * sizeof *r->names);
			r->names_cap = cap;
			r->names_gen = 0;
		}
		if (++r->names_gen == 0 || r->names_gen == 1) {
			memset(r->names, 0, cap * sizeof *r->names);
			r->names_gen = 1;
		}
		x->hashed = 0;
	}
	for (; x->hashed < x->ntags; x->hashed++) {
		const struct pgn_tag *t = &r->tagv[x->hashed];
		uint64_t *e = names_slot(r, t->name, strlen(t->name));
		if (*e >> 32 != r->names_gen)
			*e = (uint64_t)r->names_gen << 32 | (x->hashed + 1);
	}
}

bool lp_lex_tag_seen(struct pgn_lex *x, const char *name, size_t len)
{
	size_t i;

	if (x->ntags <= 32) {
		for (i = 0; i < x->ntags; i++)
			if (name_is(&x->r->tagv[i], name, len))
				return true;
		return false;
	}
	names_fill(x);
	return *names_slot(x->r, name, len) >> 32 == x->r->names_gen;
}

/* ------------------------------------------------------- outside items */

void lp_lex_outside_item(struct pgn_lex *x, struct pgn_line *line,
			 enum pgn_item_kind kind, struct pgn_loc loc,
			 const char *from, const char *to)
{
	size_t n = (size_t)(to - from);
	struct pgn_item *it = lex_alloc(&x->g->arena, sizeof *it);
	char *text = lex_alloc(&x->g->arena, n + 1);

	memcpy(text, from, n);
	text[n] = 0;
	*it = (struct pgn_item){ .kind = kind, .loc = loc, .text = text,
				 .len = (uint32_t)n };
	if (line->last)
		line->last->next = it;
	else
		line->first = it;
	line->last = it;
}

void lp_lex_count_lines(struct pgn_lex *x, const char *from, const char *to)
{
	const char *eol;
	int next = lex_next_byte(x, to);

	while ((eol = pgn_find_line_end(from, to, next)) != NULL) {
		lex_newline(x, eol);
		from = eol + 1;
	}
}

enum lx lp_lex_end_at(struct pgn_lex *x, const char *p)
{
	x->game_end = p;
	x->end_line = x->line;
	x->end_col = lex_loc(x, p).col;
	return LX_END;
}

int lp_lex_dos_eof(const struct pgn_lex *x, const char *p)
{
	if (*p != '\x1a')
		return 0;
	while (++p < x->end)
		if (!lex_blank((unsigned char)*p) && *p != '\n')
			return 0;
	if (!x->eof)
		return -1;
	return x->r->opts.more_input ? 0 : 1;
}

enum lx lp_lex_end_dos_eof(struct pgn_lex *x)
{
	int mark = lp_lex_dos_eof(x, x->p);

	if (mark <= 0)
		return mark < 0 ? LX_MORE : LX_OK;
	lp_lex_count_lines(x, x->p, x->end);
	x->p = x->end;
	return lp_lex_end_at(x, x->end);
}

/* A game's diagnostic past DIAG_GAME_MAX: counted only (a game of
 * garbage has millions), for the closing note, which stands where the
 * first one left out would, so that sorted into place it follows those
 * shown.  Its words wait for lp_lex_diags_done(). */
static void lex_left_out(struct pgn_reader *r, struct pgn_loc loc)
{
	struct diag *d = &r->diags[DIAG_GAME_MAX];
	if (r->diags_left_out++ == 0) {
		memset(d, 0, sizeof *d);
		d->line = loc.line;
		d->col = loc.col;
		r->ndiags++;
	}
}

void lp_lex_diags_done(struct pgn_reader *r)
{
	if (r->ndiags > DIAG_GAME_MAX)
		diag_set_more(&r->diags[DIAG_GAME_MAX], r->diags_left_out);
}

void lp_lex_diag(struct pgn_lex *x, struct pgn_loc loc, enum diag_severity sev,
		 enum diag_code code, const char *fmt, ...)
{
	struct pgn_reader *r = x->r;
	struct diag *d;
	va_list ap;

	if (sev == DIAG_ERROR)
		x->g->flags |= PGN_SYNTAX_ERROR;
	if (r->ndiags == 0)	/* a new game, or a new attempt at one */
		r->diags_left_out = 0;
	if (r->ndiags == r->diag_cap)
		r->diags = pawnkit_grow(r->diags, &r->diag_cap, r->ndiags + 1,
					sizeof *d, 8);
	if (r->ndiags >= DIAG_GAME_MAX) {
		lex_left_out(r, loc);
		return;
	}
	d = &r->diags[r->ndiags++];
	memset(d, 0, sizeof *d);
	d->line = loc.line;
	d->col = loc.col;
	d->severity = sev;
	d->code = code;
	va_start(ap, fmt);
	vsnprintf(d->message, sizeof d->message, fmt, ap);
	va_end(ap);
}
