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
#include <string.h>

#include "internal.h"

#define NO_BREAK ((size_t)-1)

/* The current line is the output's open part, from out.keep to out.n:
 * held back so that a ')' that would overflow it can take the token
 * before it onto the next line. */
struct pw {
	struct fmt_out out;
	struct conv_game *cg;
	const struct conv_opts *o;
	size_t col;		/* characters on the current line */
	size_t brk;		/* the space before the last token (from the
				 * line's start), or NO_BREAK */
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

static size_t line_len(const struct pw *p)
{
	return p->out.n - p->out.keep;
}

/* Ends the line after its first n bytes: a space stands there, which the
 * line break replaces, or the line ends there.  What follows starts the
 * next line. */
static void pw_break_at(struct pw *p, size_t n)
{
	struct fmt_out *o = &p->out;
	if (n < line_len(p))
		o->buf[o->keep + n] = '\n';
	else
		fmt_out_char(o, '\n');	/* (may move the line: keep with it) */
	o->keep += n + 1;
	p->col = columns(o->buf + o->keep, o->n - o->keep);
	p->brk = NO_BREAK;
}

static void pw_newline(struct pw *p)
{
	pw_break_at(p, line_len(p));
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
	struct fmt_out *o = &p->out;
	const char *line = o->buf + o->keep;
	size_t done = (size_t)(last_line(line, line_len(p)) - line);
	if (!done)
		return;
	o->keep += done;
	p->col = columns(o->buf + o->keep, o->n - o->keep);
	p->brk = NO_BREAK;
}

/* Before a token of w columns (room for a byte made): a space, or a line
 * break when the token does not fit; nothing at a line's start.  Then the
 * '(' waiting for it. */
static void pw_separate(struct pw *p, size_t w)
{
	struct fmt_out *o = &p->out;
	if (p->col > 0 && !pw_fits(p, 1 + w)) {
		o->buf[o->n++] = '\n';
		o->keep = o->n;
		p->col = 0;
		p->brk = NO_BREAK;
	} else if (p->col > 0) {
		p->brk = o->n - o->keep;
		o->buf[o->n++] = ' ';
		p->col++;
	}
	for (; p->opens; p->opens--)
		o->buf[o->n++] = '(';
}

/* Places a token of w columns made of up to three pieces (so "{",
 * text, "}" need no copy), with the '(' waiting before it; broken: a
 * piece holds a line break (a comment), and w counts up to it. */
static void pw_place(struct pw *p, const char *const s[3], const size_t n[3],
		     size_t w, bool broken)
{
	w += p->opens;
	fmt_out_room(&p->out, 1 + p->opens + n[0] + n[1] + n[2]);
	pw_separate(p, w);
	for (int i = 0; i < 3; i++) {
		memcpy(p->out.buf + p->out.n, s[i], n[i]);
		p->out.n += n[i];
	}
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
	fmt_out_char(&p->out, ')');
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
	if (line_len(p) > 0)
		pw_newline(p);
	fmt_out_char(&p->out, '%');
	fmt_out_put(&p->out, it->text, it->len);
	pw_newline(p);
	p->number = true;
}

static void pw_nag(struct pw *p, const struct pgn_item *it)
{
	char buf[24] = "$";
	pw_word(p, buf, 1 + pgn_put_uint_small(buf + 1, it->nag));
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

/* "12. " before a White move, "12... " before a Black one that needs it
 * (the side to move and the move number before it). */
static size_t move_number(struct pw *p, int side, uint32_t fullmove,
			  char *buf)
{
	if (side != WHITE && !p->number)
		return 0;
	/* (A move number has ten digits at most.) */
	size_t digits = pgn_put_uint_small(buf, fullmove);
	if (side == WHITE) {
		memcpy(buf + digits, ". ", 2);
		return digits + 2;
	}
	memcpy(buf + digits, "... ", 4);
	return digits + 4;
}

/* The move's text at buf (MOVE_TEXT_MAX bytes); its length. */
static size_t move_text(const struct pw *p, const struct conv_step *s,
			char *buf)
{
	enum notation n = p->o->notation;
	if (s->move != MOVE_NONE)
		return move_write_marked(s->before, s->move, s->mark, n, buf,
					 MOVE_TEXT_MAX);
	if (n == NOTATION_UCI) {
		memcpy(buf, "0000", 4);
		return 4;
	}
	memcpy(buf, "--", 2);
	return 2;
}

/* The token tok (room for MOVE_TOKEN bytes) of num + n bytes, w
 * columns, placed. */
#define MOVE_TOKEN (16 + MOVE_TEXT_MAX)
static void pw_put_move(struct pw *p, const char *tok, size_t len, size_t w)
{
	p->number = false;
	w += p->opens;
	fmt_out_room(&p->out, 1 + p->opens + MOVE_TOKEN);
	pw_separate(p, w);
	memcpy(p->out.buf + p->out.n, tok, MOVE_TOKEN);
	p->out.n += len;
	p->col += w;
}

/* Number and move, one token: no line break in either, the number is
 * ASCII, and only figurine moves are not. */
static void pw_move(struct pw *p, const struct conv_step *s)
{
	char tok[MOVE_TOKEN];
	size_t num = move_number(p, s->before->side, s->before->fullmove, tok);
	size_t n = move_text(p, s, tok + num);
	size_t w = num + (p->o->notation == NOTATION_FIGURINE
				  ? columns(tok + num, n) : n);
	pw_put_move(p, tok, num + n, w);
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

/* What follows a move: NAGs, comments, variations, comments. */
static void pw_after(struct pw *p, const struct conv_step *s)
{
	pw_nags(p, s->tail, s->end);
	pw_comments(p, s->tail, s->split, s->depth);
	pw_variations(p, s);
	pw_comments(p, s->split, s->end, s->depth);
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
		if (!s.bare)
			pw_after(p, &s);
	}
}

/* The moves of a game recorded as texts (conv_game.texts): its
 * movetext, placed by the visitor as pw_move() places each move, and the
 * state of its last line. */
static void pw_texts(struct pw *p)
{
	const struct conv_game *cg = p->cg;
	if (cg->text_n)	/* text_buf is NULL before a game with moves */
		fmt_out_put(&p->out, cg->text_buf, cg->text_n);
	p->out.keep = p->out.n - (cg->text_n - cg->text_line);
	p->col = cg->text_col;
	p->brk = cg->text_brk;
	p->number = cg->nmoves == 0;
}

/* The moves of a treeless game (conv_game.treeless), from its records:
 * the main line, nothing between its moves. */
static void pw_records(struct pw *p)
{
	const struct conv_game *cg = p->cg;
	struct conv_step s = { .before = &cg->start };
	p->number = true;
	if (cg->texts) {
		pw_texts(p);
		return;
	}
	for (size_t i = 0; i < cg->nmoves; i++) {
		s.move = cg->moves[i].move;
		s.mark = cg->moves[i].mark;
		pw_move(p, &s);
		s.before = &cg->moves[i].after;
	}
}

/* ----------------------------------------------------------- tags */

struct tag_out {
	struct fmt_out *out;
	bool any;
};

/* Whether none of the eight bytes of w is '"' or '\\' (a zero byte
 * of w XOR each, found as in strlen()'s word loop). */
static inline bool no_escape8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = ones << 7;
	uint64_t quote = w ^ (ones * '"'), slash = w ^ (ones * '\\');
	return !((((quote - ones) & ~quote) | ((slash - ones) & ~slash)) &
		 highs);
}

/* Whether a value of eight bytes or more has nothing to escape: eight
 * at a time, the last eight overlapping those before. */
static bool nothing_to_escape(const char *s, size_t n)
{
	uint64_t w;
	for (size_t i = 0; i + 8 < n; i += 8) {
		memcpy(&w, s + i, sizeof w);
		if (!no_escape8(w))
			return false;
	}
	memcpy(&w, s + n - 8, sizeof w);
	return no_escape8(w);
}

/* A tag value at out, '"' and '\\' escaped; its length there.  Most
 * values have nothing to escape: one of eight bytes or more is then
 * copied at once. */
static size_t put_tag_value(char *out, const char *s, size_t len)
{
	size_t n = 0;
	if (len >= 8 && nothing_to_escape(s, len)) {
		memcpy(out, s, len);
		return len;
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '"' || s[i] == '\\')
			out[n++] = '\\';
		out[n++] = s[i];
	}
	return n;
}

/* [name "value"], the value escaped, made whole in the output. */
static void write_tag(void *ctx, const struct pgn_tag *t)
{
	struct tag_out *to = ctx;
	size_t name_len = strlen(t->name), n = 0;
	char *buf = fmt_out_room(to->out, name_len + t->value_len * 2 + 6);
	to->any = true;
	buf[n++] = '[';
	memcpy(buf + n, t->name, name_len);
	n += name_len;
	buf[n++] = ' ';
	buf[n++] = '"';
	n += put_tag_value(buf + n, t->value, t->value_len);
	memcpy(buf + n, "\"]\n", 3);
	to->out->n += n + 3;
}

/* The tags and the blank line after them, outside any open line. */
static void pw_tags(struct pw *p)
{
	struct conv_game *cg = p->cg;
	struct tag_out tags = { &p->out, false };
	p->out.keep = FMT_OUT_NO_KEEP;
	fmt_conv_tags_each(cg->game, cg->started ? cg->start.variant : NULL,
			   p->o->tags, write_tag, &tags);
	if (tags.any)
		fmt_out_char(&p->out, '\n');
	p->out.keep = p->out.n;
}

void fmt_pgn_write_game(FILE *out, struct conv_game *cg,
			const struct conv_opts *o)
{
	struct pw p = { .cg = cg, .o = o, .brk = NO_BREAK };
	fmt_out_begin(&p.out, out, cg);
	p.out.keep = 0;
	/* What stood before the movetext outside it (comments before the
	 * tags, escape lines among them) leads the game: the tags are
	 * reordered, so no other place is theirs for sure. */
	pw_comments(&p, cg->game->before.first, NULL, 0);
	if (line_len(&p) > 0)
		pw_newline(&p);
	pw_tags(&p);
	cg->cursor = 0;
	if (cg->treeless)
		pw_records(&p);
	else
		pw_line(&p, &cg->game->moves, &cg->start, 0, 0);
	const char *result = fmt_conv_game_result(cg->game);
	pw_word(&p, result, strlen(result));
	pw_comments(&p, cg->game->after.first, NULL, 0);
	if (line_len(&p) > 0)
		pw_newline(&p);
	fmt_out_char(&p.out, '\n');
	fmt_out_end(&p.out);
}
