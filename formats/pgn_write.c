/* PGN export format (PGN Standard, section 8), for any variant.
 *
 * Tags: the Seven Tag Roster first, then the others as they came, values
 * escaped; a blank line.  Movetext: tokens separated by one space, lines
 * shorter than the width; a number before every White move, and before a
 * Black move that opens a line or follows a comment or a variation
 * ("12..."); NAGs as $n; comments byte for byte; variations nested
 * "(...)"; the result; a blank line.
 *
 * The items that follow a move are written in one order whatever order
 * they came in: NAGs, the comments before its first variation, its
 * variations, the comments after them.  The JSON schema keeps exactly
 * these groups, so PGN and JSON convert into each other without loss. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../libparse/grow.h"

#define NO_BREAK ((size_t)-1)

struct pw {
	FILE *out;
	struct conv_game *cg;
	const struct conv_opts *o;
	/* The current line, held back so that a ')' that would overflow it
	 * can take the token before it onto the next line. */
	char *line;
	size_t n, cap;
	size_t col;		/* characters on the current line */
	size_t brk;		/* the space before the last token, or NO_BREAK */
	unsigned opens;		/* '(' waiting to be glued to the next token */
	bool number;		/* the next Black move gets its number */
};

/* ----------------------------------------------------------- tokens */

/* Characters, not bytes: UTF-8 continuation bytes take no column. */
static inline size_t column_of(unsigned char c)
{
	return (c & 0xC0) != 0x80;
}

static size_t columns(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += column_of((unsigned char)s[i]);
	return c;
}

/* The columns of s up to its first line end (pgn_line_end; all of it
 * when there is none), and whether it has one: one pass, for this runs
 * for every token.  What follows s is no LF (a comment's '}'; a ';'
 * comment holds no CR). */
static size_t columns_to_line_end(const char *s, size_t n, bool *broken)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)s[i];
		/* LF and CR are below ' ': one test passes the rest. */
		if (b < ' ' && pgn_line_end(b, i + 1 < n ? (unsigned char)s[i + 1]
							 : PGN_INPUT_END)) {
			*broken = true;
			return c;
		}
		c += column_of(b);
	}
	*broken = false;
	return c;
}

static __attribute__((noinline)) void pw_grow(struct pw *p, size_t need)
{
	p->line = pawnkit_grow(p->line, &p->cap, need, 1, 256);
}

/* Most pieces are a few bytes (a space, a move, a move number): copied
 * by hand, where a call to memcpy cost more than the copy. */
static inline void pw_add(struct pw *p, const char *s, size_t n)
{
	if (p->n + n > p->cap)
		pw_grow(p, p->n + n);
	char *d = p->line + p->n;
	if (n <= 8)
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	else
		memcpy(d, s, n);
	p->n += n;
}

/* Writes the first n bytes of the line and a line break; the rest of
 * the line (without the space at n) starts the next one. */
static void pw_break_at(struct pw *p, size_t n)
{
	fwrite(p->line, 1, n, p->out);
	putc('\n', p->out);
	size_t skip = n < p->n ? n + 1 : n;
	memmove(p->line, p->line + skip, p->n - skip);
	p->n -= skip;
	p->col = columns(p->line, p->n);
	p->brk = NO_BREAK;
}

static void pw_newline(struct pw *p)
{
	pw_break_at(p, p->n);
}

static bool pw_fits(const struct pw *p, size_t w)
{
	return !p->o->width || p->col + w < p->o->width;
}

/* Where the last line in [s, s + n) starts: past its last line end (a
 * CR alone ends one too, pgn_line_end), or s. */
static const char *last_line(const char *s, size_t n)
{
	const char *end = s + n, *eol;
	while ((eol = pgn_find_line_end(s, end, PGN_INPUT_END)) != NULL)
		s = eol + 1;
	return s;
}

/* A line break inside the token (a comment): what stands before it is
 * finished. */
static void pw_flush_lines(struct pw *p)
{
	size_t done = (size_t)(last_line(p->line, p->n) - p->line);
	if (!done)
		return;
	fwrite(p->line, 1, done, p->out);
	memmove(p->line, p->line + done, p->n - done);
	p->n -= done;
	p->col = columns(p->line, p->n);
	p->brk = NO_BREAK;
}

/* Places a token of w columns made of up to three pieces (so "{",
 * text, "}" need no copy), with the '(' waiting before it; broken: a
 * piece holds a line break (a comment), and w counts up to it. */
static void pw_place(struct pw *p, const char *const s[3], const size_t n[3],
		     size_t w, bool broken)
{
	w += p->opens;
	if (p->col > 0 && !pw_fits(p, 1 + w)) {
		pw_newline(p);
	} else if (p->col > 0) {
		p->brk = p->n;
		pw_add(p, " ", 1);
		p->col++;
	}
	for (; p->opens; p->opens--)
		pw_add(p, "(", 1);
	for (int i = 0; i < 3; i++)
		if (n[i])
			pw_add(p, s[i], n[i]);
	p->col += w;
	if (broken)
		pw_flush_lines(p);
}

/* A token of any text: its width measured up to a line break. */
static void pw_token(struct pw *p, const char *const s[3], const size_t n[3])
{
	size_t w = 0;
	bool broken = false;
	for (int i = 0; i < 3 && !broken; i++) {
		if (!n[i])
			continue;	/* most tokens have one or two pieces */
		w += columns_to_line_end(s[i], n[i], &broken);
	}
	pw_place(p, s, n, w, broken);
}

static void pw_word(struct pw *p, const char *s, size_t n)
{
	const char *const parts[3] = { s, "", "" };
	const size_t lens[3] = { n, 0, 0 };
	pw_token(p, parts, lens);
}

/* ')' is glued to the token before it; when it does not fit, that token
 * goes to the next line with it. */
static void pw_close(struct pw *p)
{
	if (p->opens) {		/* an empty variation: "()" */
		p->opens--;
		pw_word(p, "()", 2);
		return;
	}
	if (!pw_fits(p, 1)) {
		if (p->brk != NO_BREAK)
			pw_break_at(p, p->brk);
		else
			pw_newline(p);
	}
	pw_add(p, ")", 1);
	p->col++;
}

/* ---------------------------------------------------------- items */

static void pw_comment(struct pw *p, const struct pgn_item *it)
{
	size_t n;
	const char *text = fmt_conv_comment_text(p->cg, it,
						 p->o->strip_clocks, &n);
	if (!text)
		return;
	p->number = true;
	if (!memchr(text, '}', n)) {
		const char *const parts[3] = { "{", text, "}" };
		const size_t lens[3] = { 1, n, 1 };
		pw_token(p, parts, lens);
		return;
	}
	/* Only a ';' comment holds a '}'; it stays one, up to the line end. */
	const char *const parts[3] = { ";", text, "" };
	const size_t lens[3] = { 1, n, 0 };
	pw_token(p, parts, lens);
	pw_newline(p);
}

/* An escape line must start a line and ends one; a '(' waiting for it
 * stays on the line before. */
static void pw_escape(struct pw *p, const struct pgn_item *it)
{
	if (p->opens)
		pw_word(p, "", 0);
	if (p->n > 0)
		pw_newline(p);
	pw_add(p, "%", 1);
	pw_add(p, it->text, it->len);
	pw_newline(p);
	p->number = true;
}

static void pw_nag(struct pw *p, const struct pgn_item *it)
{
	char buf[24] = "$";
	pw_word(p, buf, 1 + pgn_put_uint(buf + 1, it->nag));
}

static void pw_comment_like(struct pw *p, const struct pgn_item *it)
{
	if (it->kind == PI_COMMENT)
		pw_comment(p, it);
	else if (it->kind == PI_ESCAPE)
		pw_escape(p, it);
	else
		pw_word(p, it->text, it->len);
}

/* Comment-like items of [from, to) that are kept. */
static void pw_comments(struct pw *p, const struct pgn_item *from,
			const struct pgn_item *to, unsigned depth)
{
	for (const struct pgn_item *it = from; it != to; it = it->next)
		if (fmt_conv_comment_like(it, depth) &&
		    fmt_conv_keep(p->cg, p->o, it, depth))
			pw_comment_like(p, it);
}

static void pw_nags(struct pw *p, const struct pgn_item *from,
		    const struct pgn_item *to)
{
	for (const struct pgn_item *it = from; it != to; it = it->next)
		if (it->kind == PI_NAG && !p->o->strip_nags)
			pw_nag(p, it);
}

/* ---------------------------------------------------------- moves */

static size_t null_move_text(enum notation n, char *buf, size_t size)
{
	return (size_t)snprintf(buf, size, "%s",
				n == NOTATION_UCI ? "0000" : "--");
}

/* "12. " before a White move, "12... " before a Black one that needs it. */
static size_t move_number(struct pw *p, const struct position *before,
			  char buf[16])
{
	static const char white[] = ". ", black[] = "... ";
	const char *dots = before->side == WHITE ? white : black;
	size_t n = strlen(dots);
	if (before->side != WHITE && !p->number)
		return 0;
	/* (A move number has ten digits at most.) */
	size_t digits = pgn_put_uint(buf, before->fullmove);
	memcpy(buf + digits, dots, n);
	return digits + n;
}

static void pw_move(struct pw *p, const struct conv_step *s)
{
	char num[16], text[MOVE_TEXT_MAX];
	size_t n;
	if (s->move != MOVE_NONE)
		n = move_write_after(s->before, s->after, s->move,
				     p->o->notation, text, sizeof text);
	else
		n = null_move_text(p->o->notation, text, sizeof text);
	const char *const parts[3] = { num, text, "" };
	const size_t lens[3] = { move_number(p, s->before, num), n, 0 };
	p->number = false;
	/* Written here: no line break in either, and the number is ASCII. */
	pw_place(p, parts, lens, lens[0] + columns(text, n), false);
}

static void pw_line(struct pw *p, const struct pgn_line *line,
		    const struct position *start, uint32_t ply,
		    unsigned depth);

static void pw_variations(struct pw *p, const struct conv_step *s)
{
	for (const struct pgn_item *it = s->split; it != s->end; it = it->next) {
		if (it->kind != PI_VARIATION ||
		    !fmt_conv_keep(p->cg, p->o, it, 0))
			continue;
		p->opens++;
		pw_line(p, it->variation, s->before, s->ply - 1, s->depth + 1);
		pw_close(p);
		p->number = true;
	}
}

static void pw_line(struct pw *p, const struct pgn_line *line,
		    const struct position *start, uint32_t ply, unsigned depth)
{
	struct conv_line l;
	struct conv_step s;
	fmt_conv_line_begin(&l, p->cg, line, start, ply, depth);
	p->number = true;
	pw_comments(p, line->first, l.next, depth);
	pw_nags(p, line->first, l.next);
	while (fmt_conv_line_next(&l, &s)) {
		pw_move(p, &s);
		pw_nags(p, s.tail, s.end);
		pw_comments(p, s.tail, s.split, depth);
		pw_variations(p, &s);
		pw_comments(p, s.split, s.end, depth);
	}
}

/* ----------------------------------------------------------- tags */

struct tag_out {
	FILE *out;
	bool any;
};

/* The tag line [name "value"] built whole in buf when it is short, as
 * nearly all are: one write, where the five stdio calls of the general
 * way below cost some 660 instructions a tag.  Its length, 0 when it is
 * not short. */
static size_t short_tag(const struct pgn_tag *t, char *buf, size_t size)
{
	size_t name_len = strlen(t->name), n = 0;
	if (name_len + t->value_len * 2 + 6 > size)
		return 0;
	buf[n++] = '[';
	memcpy(buf + n, t->name, name_len);
	n += name_len;
	buf[n++] = ' ';
	buf[n++] = '"';
	for (size_t i = 0; i < t->value_len; i++) {
		char c = t->value[i];
		if (c == '"' || c == '\\')
			buf[n++] = '\\';
		buf[n++] = c;
	}
	memcpy(buf + n, "\"]\n", 3);
	return n + 3;
}

/* A long value escaped a run at a time between the bytes that need it:
 * a putc() per byte and a printf per tag had been 5 % of pgn-convert's
 * instructions. */
static void write_tag(void *ctx, const struct pgn_tag *t)
{
	struct tag_out *to = ctx;
	const char *v = t->value, *end = v + t->value_len;
	char buf[256];
	size_t len = short_tag(t, buf, sizeof buf);
	to->any = true;
	if (len) {
		fwrite(buf, 1, len, to->out);
		return;
	}
	putc('[', to->out);
	fputs(t->name, to->out);
	fputs(" \"", to->out);
	for (;;) {
		const char *q = v;
		while (q < end && *q != '"' && *q != '\\')
			q++;
		fwrite(v, 1, (size_t)(q - v), to->out);
		if (q == end)
			break;
		putc('\\', to->out);
		putc(*q, to->out);
		v = q + 1;
	}
	fputs("\"]\n", to->out);
}

void fmt_pgn_write_game(FILE *out, struct conv_game *cg,
			const struct conv_opts *o)
{
	struct pw p = { .out = out, .cg = cg, .o = o, .brk = NO_BREAK };
	struct tag_out tags = { out, false };
	/* What stood before the movetext outside it (comments before the
	 * tags, escape lines among them) leads the game: the tags are
	 * reordered, so no other place is theirs for sure. */
	pw_comments(&p, cg->game->before.first, NULL, 0);
	if (p.n > 0)
		pw_newline(&p);
	fmt_conv_tags_each(cg->game, cg->started ? cg->start.variant : NULL,
			   o->tags, write_tag, &tags);
	if (tags.any)
		putc('\n', out);
	cg->cursor = 0;
	pw_line(&p, &cg->game->moves, &cg->start, 0, 0);
	const char *result = fmt_conv_game_result(cg->game);
	pw_word(&p, result, strlen(result));
	pw_comments(&p, cg->game->after.first, NULL, 0);
	if (p.n > 0)
		pw_newline(&p);
	putc('\n', out);
	free(p.line);
}
