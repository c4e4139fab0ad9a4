/* PGN movetext: tokens into the tree of struct pgn_line / pgn_item.
 *
 * One pass, no recursion: open variations live on an explicit stack
 * (r->stack) bounded by max_depth; deeper ones are still counted so that the
 * game boundary is found, but not built.  The game ends after its
 * termination marker at depth 0, or at a line starting with '[' (a new game
 * without a result), or at the end of the input. */
#include <inttypes.h>
#include <string.h>

#include "pgn_lex.h"

/* ---------------------------------------------------------------- items */

static inline bool mt_building(const struct pgn_lex *x)
{
	return (long)x->depth <= x->build_depth;
}

/* Copies the input from p on into the arena, at least up to q and one
 * byte more for the NUL.  Chunks double in size within a game so that a
 * short game copies little and a long one few times. */
static void mt_copy_chunk(struct pgn_lex *x, const char *p, const char *q)
{
	size_t need = (size_t)(q - p) + 1, size, avail;

	x->copy_chunk = x->copy_chunk ? x->copy_chunk * 2 : 1024;
	size = need > x->copy_chunk ? need : x->copy_chunk;
	avail = (size_t)(x->end - p);
	x->copy_dst = arena_alloc(&x->g->arena, size);
	memcpy(x->copy_dst, p, avail < size ? avail : size);
	x->copy_src = p;
	x->copy_len = size;
}

/* [p, q) as a NUL-terminated string in the arena.  The NUL overwrites the
 * copy of the byte after the token, which no other item's text holds
 * (texts that may touch, like a suffix "!" after a move, are static). */
static inline const char *mt_text(struct pgn_lex *x, const char *p,
				  const char *q)
{
	char *t;

	if ((size_t)(q - x->copy_src) >= x->copy_len)
		mt_copy_chunk(x, p, q);
	t = x->copy_dst + (p - x->copy_src);
	t[q - p] = 0;
	return t;
}

/* it appended to line; returns it. */
static inline struct pgn_item *mt_append(struct pgn_line *line,
					 struct pgn_item *it)
{
	if (line->last)
		line->last->next = it;
	else
		line->first = it;
	line->last = it;
	return it;
}

/* Appends an item to the current line.  NULL when items are not being
 * built.  This runs once per token: fixed size, every field stored once. */
static inline struct pgn_item *mt_item(struct pgn_lex *x,
				       enum pgn_item_kind kind,
				       struct pgn_loc loc)
{
	struct pgn_line *line;
	struct pgn_item *it;

	if (!mt_building(x))
		return NULL;
	it = lex_alloc(&x->g->arena, sizeof *it);
	*it = (struct pgn_item){ .kind = kind, .loc = loc };
	line = x->r->stack[x->depth];
	return mt_append(line, it);
}

/* An item with its text [p, q) copied from the input. */
static inline struct pgn_item *mt_text_item(struct pgn_lex *x,
					    enum pgn_item_kind kind,
					    const char *p, const char *q)
{
	struct pgn_item *it;

	if (!mt_building(x))
		return NULL;
	it = mt_item(x, kind, lex_loc(x, p));
	if (it) {
		it->text = mt_text(x, p, q);
		it->len = (uint32_t)(q - p);
	}
	return it;
}

/* An item whose text is a static string. */
static struct pgn_item *mt_static_item(struct pgn_lex *x,
				       enum pgn_item_kind kind,
				       struct pgn_loc loc, const char *text)
{
	struct pgn_item *it = mt_item(x, kind, loc);

	if (it) {
		it->text = text;
		it->len = (uint32_t)strlen(text);
	}
	return it;
}

static void mt_syntax(struct pgn_lex *x, const char *at, const char *what)
{
	lp_lex_diag(x, lex_loc(x, at), DIAG_ERROR, DC_SYNTAX, "%s", what);
}

/* ------------------------------------------------------------ comments */

/* A line inside an unclosed comment that must be the next game: "[Event "
 * anywhere, or any tag line after a blank line. */
static bool mt_resync_line(const struct pgn_lex *x, const char *prev,
			   const char *p, bool *more)
{
	const char *q;

	*more = false;
	if ((size_t)(x->end - p) < 7 && !x->eof) {
		*more = true;
		return false;
	}
	if ((size_t)(x->end - p) >= 7 && !memcmp(p, "[Event ", 7))
		return true;
	for (q = prev; q < p - 1; q++)
		if (!lex_blank((unsigned char)*q))
			return false;
	return lp_lex_tag_line(x, p, more);
}

/* Counts the lines of a comment body [from, to); *cut is where a resync
 * line starts, if any. */
static enum lx mt_comment_lines(struct pgn_lex *x, const char *from,
				const char *to, const char **cut)
{
	const char *eol, *p = from;

	*cut = NULL;
	while ((eol = lex_find_line_end(x, p, to)) != NULL) {
		const char *prev = x->line_start;
		bool more;
		lex_newline(x, eol);
		p = eol + 1;
		if (p < x->end && *p == '[') {
			if (mt_resync_line(x, prev, p, &more)) {
				*cut = p;
				return LX_OK;
			}
			if (more)
				return LX_MORE;
		}
	}
	return LX_OK;
}

/* Whether a game really starts at the resync line cut inside a comment:
 * 1 when its tag lines end at a blank line or at a move number before any
 * '}'; 0 when a '}' or other text comes first, for then the comment only
 * quotes a tag pair ("{see\n[Event \"y\"]}"), as pgn-extract and the PGN
 * Standard read it; -1 when the buffer ends first (the answer must not
 * depend on how much of the input the buffer holds).  *seen is where a 0
 * was decided: a resync line before it is one of the tag lines that led
 * there, and is answered 0 too without going there again (a comment of
 * many "[Event " lines was quadratic). */
static int game_starts_at(const struct pgn_lex *x, const char *cut,
			  const char **seen)
{
	for (const char *p = cut;;) {
		const char *eol = lex_find_line_end(x, p, x->end);
		const char *stop = eol ? eol : x->end, *q = p;
		while (q < stop && lex_blank((unsigned char)*q))
			q++;
		if (q == stop)	/* a blank line (or the end) after the tags */
			return eol || x->eof ? 1 : -1;
		*seen = q;
		if (*q != '[')	/* the movetext, or text of the comment */
			return *q >= '0' && *q <= '9';
		if (memchr(q, '}', (size_t)(stop - q)))
			return 0;
		if (!eol)
			return x->eof ? 1 : -1;	/* at the end: never closed */
		p = eol + 1;
	}
}

/* The comment is not closed: report at its brace, keep its text, and end
 * the game where the next one begins (or at the input end). */
static enum lx mt_unterminated(struct pgn_lex *x, struct pgn_loc loc,
			       const char *body, const char *stop)
{
	const char *t = stop;

	while (t > body && (lex_blank((unsigned char)t[-1]) || t[-1] == '\n'))
		t--;
	lp_lex_diag(x, loc, DIAG_ERROR, DC_UNTERMINATED,
		    "comment opened here is not closed");
	x->unterminated = true;
	if (mt_building(x)) {
		struct pgn_item *it = mt_item(x, PI_COMMENT, loc);
		it->text = mt_text(x, body, t);
		it->len = (uint32_t)(t - body);
	}
	x->p = stop;
	if (stop < x->end && !x->tokens && !x->ntags)
		return LX_PRELUDE;
	return lp_lex_end_at(x, stop);
}

static enum lx mt_comment(struct pgn_lex *x)
{
	const char *body = x->p + 1, *close, *cut, *seen = body;
	struct pgn_loc loc = lex_loc(x, x->p);
	enum lx rc;

	close = memchr(body, '}', (size_t)(x->end - body));
	for (const char *from = body;; from = cut) {
		rc = mt_comment_lines(x, from, close ? close : x->end, &cut);
		if (rc != LX_OK)
			return rc;
		int starts = !cut ? 1 : cut < seen ? 0
				      : game_starts_at(x, cut, &seen);
		if (starts < 0)
			return LX_MORE;
		if (starts)
			break;
	}
	if (cut)
		return mt_unterminated(x, loc, body, cut);
	if (!close) {
		if (!x->eof)
			return LX_MORE;
		return mt_unterminated(x, loc, body, x->end);
	}
	if (mt_building(x)) {
		struct pgn_item *it = mt_item(x, PI_COMMENT, loc);
		it->text = mt_text(x, body, close);
		it->len = (uint32_t)(close - body);
	}
	x->p = close + 1;
	return LX_OK;
}

/* The rest of the line from x->p + 1 (';' comment, '%' escape). */
static enum lx mt_rest_of_line(struct pgn_lex *x, enum pgn_item_kind kind)
{
	const char *from = x->p + 1, *eol, *stop;
	struct pgn_item *it;

	eol = lex_find_line_end(x, from, x->end);
	if (!eol) {
		if (!x->eof)
			return LX_MORE;
		eol = x->end;
	}
	stop = lex_text_end(from, eol);
	it = mt_item(x, kind, lex_loc(x, x->p));
	if (it) {
		it->text = mt_text(x, from, stop);
		it->len = (uint32_t)(stop - from);
	}
	if (it && kind == PI_COMMENT)
		it->line_comment = true;
	x->p = eol;
	return LX_OK;
}

/* ---------------------------------------------------------- variations */

static enum lx mt_open(struct pgn_lex *x)
{
	struct pgn_loc loc = lex_loc(x, x->p);
	struct pgn_item *it;
	struct pgn_line *line;

	x->p++;
	x->tokens = true;
	if (x->depth == 0)
		x->outer_open = loc;
	if (x->depth >= x->r->opts.max_depth) {
		if (!x->limit_reported)
			lp_lex_diag(x, loc, DIAG_ERROR, DC_LIMIT,
				    "variations nested deeper than %u",
				    x->r->opts.max_depth);
		x->limit_reported = true;
		x->depth++;
		return LX_OK;
	}
	it = mt_item(x, PI_VARIATION, loc);
	if (it) {
		line = arena_alloc(&x->g->arena, sizeof *line);
		memset(line, 0, sizeof *line);
		line->open = loc;
		it->variation = line;
		x->r->stack[x->depth + 1] = line;
	}
	x->depth++;
	return LX_OK;
}

static enum lx mt_close(struct pgn_lex *x)
{
	struct pgn_loc loc = lex_loc(x, x->p);

	if (x->depth == 0) {
		lp_lex_diag(x, loc, DIAG_ERROR, DC_UNBALANCED,
			    "')' without '('");
		x->p++;
		return LX_OK;
	}
	if (mt_building(x))
		x->r->stack[x->depth]->close = loc;
	x->depth--;
	x->p++;
	return LX_OK;
}

/* -------------------------------------------------------------- results */

/* The comments and escape lines [p, end) after the last game's marker,
 * which mt_after_result() found to be nothing else: kept in
 * pgn_game.after, each as far as that scan took it (a '{' never closed
 * to the end of the input, as before: the game is whole without it). */
static void mt_trailing(struct pgn_lex *x, const char *p, const char *end)
{
	while (p < end) {
		const char *body = p + 1, *stop, *next;
		struct pgn_loc loc = lex_loc(x, p);
		if (lex_line_end(x, p)) {
			lex_newline(x, p++);
			continue;
		}
		/* A 0x1a outside the comments here is the DOS end-of-file
		 * mark (mt_after_result found nothing else). */
		if (lex_blank((unsigned char)*p) || *p == '\x1a') {
			p++;
			continue;
		}
		/* A byte order mark opening a line (mt_after_result let no
		 * other 0xef byte through): not counted in columns. */
		if ((unsigned char)*p == 0xef) {
			p += 3;
			x->line_start = p;
			continue;
		}
		if (*p == '{') {
			/* Not closed: the scan took it to the end. */
			stop = memchr(body, '}', (size_t)(end - body));
			next = stop ? stop + 1 : (stop = end);
		} else {
			next = lex_find_line_end(x, body, end);
			if (!next)
				next = end;
			stop = lex_text_end(body, next);
		}
		lp_lex_outside_item(x, &x->g->after,
				    *p == '%' ? PI_ESCAPE : PI_COMMENT, loc,
				    body, stop);
		x->g->after.last->line_comment = *p == ';';
		lp_lex_count_lines(x, body, next);
		p = next;
	}
}

/* After the marker: this game keeps the blanks and comments that follow
 * when nothing else does before the input ends (a DOS end-of-file mark,
 * and byte order marks opening a line, counting as blank: an empty file
 * saved on Windows appended with cat); otherwise the next game starts at
 * the first non-blank byte.  A line opens again after each mark, as in
 * the tag section (tag_bom), which would skip a second one as well: took
 * this one only the first, the second would start a game holding nothing
 * but marks, no game, and its bytes would be lost. */
static enum lx mt_after_result(struct pgn_lex *x)
{
	const char *p = x->p, *end = x->end, *q, *bol; /* past a mark */
	const char *rest = NULL, *rest_eol = NULL; /* the first line gone to */
	struct pgn_reader *r = x->r;
	int mark;

	for (; p < end && (lex_blank((unsigned char)*p) || *p == '\n'); p++)
		if (lex_line_end(x, p))
			lex_newline(x, p);
	if (p == end)
		return x->eof ? lp_lex_end_at(x, end) : LX_MORE;
	if (*p == '[')
		return lp_lex_end_at(x, p);
	for (q = p, bol = NULL; q < end;) {
		if (lex_blank((unsigned char)*q) || *q == '\n') {
			q++;
		} else if (*q == '{') {
			q = memchr(q, '}', (size_t)(end - q));
			if (!q)
				break;
			q++;
		} else if (*q == ';' || *q == '%') {
			/* On the line of an earlier answer (no line end
			 * between): more than comments follows it. */
			uint64_t at = lex_offset(x, q);
			if (at >= r->rest_from && at < r->rest_eol)
				return lp_lex_end_at(x, p);
			const char *eol = lex_find_line_end(x, q, end);
			if (!eol)
				break;
			if (!rest) {
				rest = q;
				rest_eol = eol;
			}
			q = eol + 1;
		} else if ((mark = lp_lex_dos_eof(x, q)) != 0) {
			if (mark < 0)
				return LX_MORE;
			break;	/* blanks to the end: x->eof holds */
		} else if ((lex_line_starts(q) || q == bol) &&
			   (mark = lex_bom_at(x, q)) != 0) {
			if (mark < 0)
				return LX_MORE;
			bol = q += 3;
		} else {
			/* What follows a line end is the same for every
			 * place on the line: kept for the line's next game. */
			if (rest) {
				r->rest_from = lex_offset(x, rest);
				r->rest_eol = lex_offset(x, rest_eol);
			}
			return lp_lex_end_at(x, p);
		}
	}
	if (!x->eof)
		return LX_MORE;
	if (mt_building(x))
		mt_trailing(x, p, end);
	else
		lp_lex_count_lines(x, p, end);
	return lp_lex_end_at(x, end);
}

static enum lx mt_result(struct pgn_lex *x, const char *p, const char *q,
			 const char *text)
{
	mt_static_item(x, PI_RESULT, lex_loc(x, p), text);
	x->tokens = true;
	x->p = q;
	if (x->depth > 0)
		return LX_OK;
	x->g->result = text;
	return mt_after_result(x);
}

/* ------------------------------------------------- what typesetting wrote */

/* Text set for print or the web writes what PGN writes in ASCII with
 * other characters: results with a Unicode dash or the one-half sign,
 * and NAGs as the glyphs of printed annotation (pawnkit-notation(5),
 * MOVETEXT).  A token holding a byte past ASCII is looked at for them,
 * and no other: plain movetext never comes here. */
static bool mt_wide(const char *p, size_t n)
{
	while (n--)
		if ((unsigned char)p[n] >= 0x80)
			return true;
	return false;
}

/* One side's score at p: 2 for "1", 0 for "0", 1 for "1/2" and for '½'
 * (C2 BD); -1 for none.  *len its bytes. */
static int mt_score(const char *p, size_t n, size_t *len)
{
	*len = n >= 3 && !memcmp(p, "1/2", 3) ? 3
	       : n >= 2 && !memcmp(p, "\xc2\xbd", 2) ? 2
	       : n && (*p == '0' || *p == '1') ? 1 : 0;
	if (*len == 1)
		return *p == '1' ? 2 : 0;
	return *len ? 1 : -1;
}

/* "1–0", "0−1", "½-½", "½–½", "1/2–1/2": a score, a dash of
 * lp_dash_len() and a score adding up to a game.  The marker it stands
 * for, or NULL. */
static const char *mt_result_form(const char *p, size_t n)
{
	static const char *const results[3] = { "0-1", "1/2-1/2", "1-0" };
	size_t a, dash, b;
	int white = mt_score(p, n, &a);

	if (white < 0 || !(dash = lp_dash_len(p + a, n - a)))
		return NULL;
	int black = mt_score(p + a + dash, n - a - dash, &b);
	if (black < 0 || a + dash + b != n || white + black != 2)
		return NULL;
	return results[white];
}

/* The result at [p, q), read as marker: said, as it is one of the
 * forms real files hold that the PGN Standard does not. */
static enum lx mt_result_typeset(struct pgn_lex *x, const char *p,
				 const char *q, const char *marker)
{
	const char *c = p;
	char name[64];

	while (c < q && (unsigned char)*c < 0x80)	/* named: the first */
		c++;
	lp_char_name(c, (size_t)(q - c), name, sizeof name);
	lp_lex_diag(x, lex_loc(x, p), DIAG_WARNING, DC_RESULT_FORM,
		    "result written with %s (write %s)", name, marker);
	return mt_result(x, p, q, marker);
}

/* The glyphs of printed annotation for the PGN Standard's NAGs, as
 * ChessBase and lichess draw them; a '-' stands for a Unicode dash of
 * lp_dash_len() (the ASCII forms, "+-" and the like, are
 * mt_symbol_nag()'s).  A glyph for both sides' NAGs (zugzwang,
 * counterplay, time trouble) does not say whose: no NAG, but what it
 * means and the NAGs to write instead. */
struct mt_glyph {
	const char *text;
	uint16_t nag;
	const char *means, *write;
};

static const struct mt_glyph mt_glyphs[] = {
	{ "\xe2\x80\xbc", 3, NULL, NULL },	/* U+203C !! */
	{ "\xe2\x81\x87", 4, NULL, NULL },	/* U+2047 ?? */
	{ "\xe2\x81\x89", 5, NULL, NULL },	/* U+2049 !? */
	{ "\xe2\x81\x88", 6, NULL, NULL },	/* U+2048 ?! */
	{ "\xe2\x96\xa1", 7, NULL, NULL },	/* U+25A1 only move */
	{ "\xe2\x88\x9e", 13, NULL, NULL },	/* U+221E unclear */
	{ "\xe2\xa9\xb2", 14, NULL, NULL },	/* U+2A72 White a little better */
	{ "\xe2\xa9\xb1", 15, NULL, NULL },	/* U+2A71 Black a little better */
	{ "\xc2\xb1", 16, NULL, NULL },	/* U+00B1 White better */
	{ "\xe2\x88\x93", 17, NULL, NULL },	/* U+2213 Black better */
	{ "+/-", 16, NULL, NULL },		/* White better */
	{ "-/+", 17, NULL, NULL },		/* Black better */
	{ "+-", 18, NULL, NULL },		/* White winning */
	{ "-+", 19, NULL, NULL },		/* Black winning */
	{ "\xe2\x88\x86", 140, NULL, NULL },	/* U+2206 with the idea */
	{ "\xe2\x88\x87", 141, NULL, NULL },	/* U+2207 aimed against */
	{ "\xe2\x8c\x93", 142, NULL, NULL },	/* U+2313 better is */
	{ "\xe2\xa8\x80", 0, "zugzwang",		/* U+2A00 */
	  "$22 for White, $23 for Black" },
	{ "\xe2\x87\x86", 0, "counterplay",		/* U+21C6 */
	  "$132 or $134 for White, $133 or $135 for Black" },
	{ "\xe2\x8a\x95", 0, "time trouble",		/* U+2295 */
	  "$136 or $138 for White, $137 or $139 for Black" },
};

/* Whether [p, p + n) is the glyph's text, each '-' of it a Unicode
 * dash. */
static bool mt_glyph_is(const char *text, const char *p, size_t n)
{
	for (; *text; text++) {
		size_t w = *text != '-' ? n && *p == *text
			   : lp_dash_len(p, n) == 3 ? 3 : 0;
		if (!w)
			return false;
		p += w;
		n -= w;
	}
	return n == 0;
}

static const struct mt_glyph *mt_glyph(const char *p, size_t n)
{
	for (size_t i = 0; i < sizeof mt_glyphs / sizeof mt_glyphs[0]; i++)
		if (mt_glyph_is(mt_glyphs[i].text, p, n))
			return &mt_glyphs[i];
	return NULL;
}

/* The glyph [p, q) as its NAG, with a warning; or, when it names no
 * side, an error and nothing. */
static void mt_glyph_nag(struct pgn_lex *x, const char *p, const char *q,
			 const struct mt_glyph *g)
{
	struct pgn_item *it;

	if (!g->nag) {
		lp_lex_diag(x, lex_loc(x, p), DIAG_ERROR, DC_NAG_GLYPH,
			    "the glyph '%.*s' (%s) names no side: write %s",
			    (int)(q - p), p, g->means, g->write);
		return;
	}
	lp_lex_diag(x, lex_loc(x, p), DIAG_WARNING, DC_NAG_GLYPH,
		    "NAG written as the glyph '%.*s' (write $%u)",
		    (int)(q - p), p, (unsigned)g->nag);
	it = mt_text_item(x, PI_NAG, p, q);
	if (it)
		it->nag = g->nag;
}

/* A move with a glyph glued on ("e4±", "Qxf7+−"): the longest glyph
 * that ends the token, after two bytes at least (a move's least; a glyph
 * starts with no continuation byte, so none is found inside a
 * character).  No move has a glyph's character in it: the move is
 * certain.  The move and the NAG, or false when no glyph ends it. */
static bool mt_glued_glyph(struct pgn_lex *x, const char *p, const char *q)
{
	for (const char *g = p + 2; g < q; g++) {
		const struct mt_glyph *glyph = mt_glyph(g, (size_t)(q - g));
		if (!glyph)
			continue;
		mt_text_item(x, PI_MOVE, p, g);
		mt_glyph_nag(x, g, q, glyph);
		return true;
	}
	return false;
}

/* --------------------------------------------------------------- tokens */

/* Symbolic evaluations written as tokens of their own ("+-", "=").  The
 * PGN Standard leaves them to NAGs; real files use both. */
static int mt_symbol_nag(const char *p, size_t n)
{
	static const struct {
		const char *text;
		int nag;
	} symbols[] = {
		{ "=", 10 }, { "+=", 14 }, { "+/=", 14 }, { "=+", 15 },
		{ "=/+", 15 }, { "+/-", 16 }, { "-/+", 17 }, { "+-", 18 },
		{ "-+", 19 },
	};
	size_t i;

	for (i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
		if (n == strlen(symbols[i].text) &&
		    !memcmp(p, symbols[i].text, n))
			return symbols[i].nag;
	return 0;
}

/* The move a line ends with, NAGs after it aside ("exd6 $1", "exd6!"
 * whose '!' is a NAG item): what a standalone "e.p." belongs to. */
static struct pgn_item *mt_last_move(const struct pgn_line *l)
{
	struct pgn_item *it, *move = NULL;

	if (l->last && l->last->kind == PI_MOVE)
		return l->last;
	if (!l->last || l->last->kind != PI_NAG)
		return NULL;
	for (it = l->first; it; it = it->next)	/* rare: walk the line */
		if (it->kind == PI_MOVE)
			move = it;
		else if (it->kind != PI_NAG)
			move = NULL;
	return move;
}

/* A token that starts "e.p." or "ep" ("e.p.", "ep", "e.p.+"): never a move
 * of its own, as no square is 'e' and then 'p' or '.'. */
static inline bool mt_ep_token(const char *p, size_t n)
{
	return n >= 2 && p[0] == 'e' &&
	       (p[1] == 'p' || (n >= 4 && !memcmp(p, "e.p.", 4)));
}

/* A standalone "e.p." or "ep" belongs to the move before it ("exd6 e.p.",
 * "exd6! ep"): glued on, it reads as the suffix written without a space,
 * and whatever follows it in the token as what follows the suffix there.
 * Anything else between (a comment, a number) leaves it a token that
 * san_parse() refuses as following no move. */
static bool mt_glue_ep(struct pgn_lex *x, const char *p, size_t n)
{
	struct pgn_item *prev;
	char *t;

	if (!mt_ep_token(p, n) || !mt_building(x))
		return false;
	prev = mt_last_move(x->r->stack[x->depth]);
	if (!prev)
		return false;
	t = arena_alloc(&x->g->arena, prev->len + n + 1);
	memcpy(t, prev->text, prev->len);
	memcpy(t + prev->len, p, n);
	t[prev->len + n] = '\0';
	prev->text = t;
	prev->len += (uint32_t)n;
	return true;
}

/* End of a move token from p, taking in glued "(p)" markers; NULL when
 * the window ends first. */
static const char *mt_move_end(const struct pgn_lex *x, const char *p)
{
	const char *q = p, *end = x->end;

	for (;;) {
		while (q < end && lp_move_byte((unsigned char)*q))
			q++;
		if (q == end || *q != '(')
			break;
		if (end - q < 3)
			break;
		if (q[1] != 'p' || q[2] != ')')
			return q;
		q += 3;
	}
	if (!x->eof && (q == end || (*q == '(' && end - q < 3)))
		return NULL;
	return q;
}

static bool mt_only_dots(const char *p, size_t n)
{
	while (n && p[n - 1] == '.')
		n--;
	return n == 0;
}

/* A token that starts with a letter: a move, perhaps with a glyph glued
 * on, or the "e.p." of the move before. */
static void mt_letter_token(struct pgn_lex *x, const char *p, const char *q)
{
	size_t n = (size_t)(q - p);

	if (mt_glue_ep(x, p, n))	/* "exd6 ep" */
		return;
	if (!mt_wide(p, n) || !mt_glued_glyph(x, p, q))
		mt_text_item(x, PI_MOVE, p, q);
}

/* Any other token: a symbolic evaluation, a glyph, or a move ("0-0",
 * figurine "♘f3"), perhaps with a glyph glued on. */
static void mt_other_token(struct pgn_lex *x, const char *p, const char *q)
{
	size_t n = (size_t)(q - p);
	bool wide = mt_wide(p, n);
	const struct mt_glyph *glyph;
	struct pgn_item *it;
	int nag;

	if ((*p == '+' || *p == '-' || *p == '=') &&
	    (nag = mt_symbol_nag(p, n)) != 0) {
		it = mt_text_item(x, PI_NAG, p, q);
		if (it)
			it->nag = (uint16_t)nag;
	} else if (wide && (glyph = mt_glyph(p, n)) != NULL) {
		mt_glyph_nag(x, p, q, glyph);
	} else if (!mt_glue_ep(x, p, n) &&
		   (!wide || !mt_glued_glyph(x, p, q))) {
		mt_text_item(x, PI_MOVE, p, q);
	}
}

static enum lx mt_classify(struct pgn_lex *x, const char *p, const char *q)
{
	size_t n = (size_t)(q - p);
	const char *result = lp_digit((unsigned char)*p) ? lp_result_text(p, n)
							  : NULL;
	bool letter = (unsigned)((*p | 0x20) - 'a') < 26;

	if (result)
		return mt_result(x, p, q, result);
	if (!letter && mt_wide(p, n) && (result = mt_result_form(p, n)))
		return mt_result_typeset(x, p, q, result);
	x->p = q;
	x->tokens = true;
	/* The common case first: a move starts with a letter. */
	if (letter && p[n - 1] != '.')
		mt_letter_token(x, p, q);
	else if (!mt_only_dots(p, n))	/* "1. ... e5": the dots say nothing */
		mt_other_token(x, p, q);
	return LX_OK;
}

static enum lx mt_move(struct pgn_lex *x)
{
	const char *q = mt_move_end(x, x->p);

	if (!q)
		return LX_MORE;
	return mt_classify(x, x->p, q);
}

static enum lx mt_move_number(struct pgn_lex *x, const char *digits,
			      const char *dots)
{
	const char *q = dots, *p;
	uint64_t n = 0;
	struct pgn_item *it;

	while (q < x->end && *q == '.')
		q++;
	if (q == x->end && !x->eof)
		return LX_MORE;
	for (p = digits; p < dots && n <= UINT32_MAX; p++)
		n = n * 10 + (uint64_t)(*p - '0');
	x->tokens = true;
	x->p = q;
	if (n > UINT32_MAX) {
		mt_syntax(x, digits, "move number too large");
		return LX_OK;
	}
	it = mt_item(x, PI_MOVENUM, lex_loc(x, digits));
	if (it) {
		it->number = (uint32_t)n;
		it->dots = (uint8_t)(q - dots > 255 ? 255 : q - dots);
	}
	return LX_OK;
}

/* "12." "12..." "1.d4" are numbers; "1-0" "1/2-1/2" results; "0-0" and
 * "0000" moves; digits alone a number without dots. */
static enum lx mt_number(struct pgn_lex *x)
{
	const char *p = x->p, *q = p;

	while (q < x->end && lp_digit((unsigned char)*q))
		q++;
	if (q == x->end && !x->eof)
		return LX_MORE;
	if (q < x->end && *q == '.')
		return mt_move_number(x, p, q);
	if ((q == x->end || !lp_move_byte((unsigned char)*q)) &&
	    !(q - p == 4 && !memcmp(p, "0000", 4)))
		return mt_move_number(x, p, q);
	return mt_move(x);
}

static enum lx mt_nag(struct pgn_lex *x)
{
	const char *p = x->p, *q = p + 1;
	uint32_t n = 0;
	struct pgn_item *it;

	while (q < x->end && lp_digit((unsigned char)*q) && n <= 65535)
		n = n * 10 + (uint32_t)(*q++ - '0');
	if (q == x->end && !x->eof)
		return LX_MORE;
	x->p = q;
	if (q == p + 1 || n > 65535) {
		while (x->p < x->end && lp_digit((unsigned char)*x->p))
			x->p++;
		mt_syntax(x, p, q == p + 1 ? "expected a number after '$'"
					   : "NAG number too large");
		return LX_OK;
	}
	/* The PGN Standard numbers NAGs 0 to 255; past that no program
	 * agrees on a meaning, but the number is kept, as pgn-extract
	 * keeps it. */
	if (n > 255)
		lp_lex_diag(x, lex_loc(x, p), DIAG_WARNING, DC_SYNTAX,
			    "NAG $%" PRIu32 " is past $255, the PGN Standard's "
			    "last (kept)", n);
	it = mt_item(x, PI_NAG, lex_loc(x, p));
	if (it)
		it->nag = (uint16_t)n;
	x->tokens = true;
	return LX_OK;
}

/* Suffix annotations in NAG order ($1 ... $6). */
static const char *const mt_suffixes[6] = { "!", "?", "!!", "??", "!?", "?!" };

static enum lx mt_suffix(struct pgn_lex *x)
{
	const char *p = x->p, *q = p;
	struct pgn_item *it;
	int nag;

	while (q < x->end && (*q == '!' || *q == '?'))
		q++;
	if (q == x->end && !x->eof)
		return LX_MORE;
	x->p = q;
	nag = pgn_suffix_nag(p, (size_t)(q - p));
	if (!nag) {
		lp_lex_diag(x, lex_loc(x, p), DIAG_ERROR, DC_SYNTAX,
			    "unknown annotation '%.*s'",
			    (int)(q - p > 8 ? 8 : q - p), p);
		return LX_OK;
	}
	it = mt_static_item(x, PI_NAG, lex_loc(x, p), mt_suffixes[nag - 1]);
	if (it) {
		it->nag = (uint16_t)nag;
		it->suffix = true;
	}
	x->tokens = true;
	return LX_OK;
}

/* Periods before a move, "...e5" after a blank as in "{note} 12. ...Nf6":
 * the PGN Standard makes a period a token of its own (section 7), so
 * these are three periods and a move, as "12... Nf6" is, and the periods
 * say nothing.  Only before a letter: a run that goes on otherwise (a
 * digit, as in "...1-0") stays one token, as the boundary scan in
 * reader.c reads it.  NULL when the window ends before the answer. */
static const char *mt_periods_end(const struct pgn_lex *x, const char *p)
{
	const char *q = p;

	while (q < x->end && *q == '.')
		q++;
	if (q == x->end)
		return x->eof ? p : NULL;
	return (unsigned)((*q | 0x20) - 'a') < 26 ? q : p;
}

static enum lx mt_star(struct pgn_lex *x)
{
	const char *p = x->p;

	if (p + 1 == x->end && !x->eof)
		return LX_MORE;
	if (p + 1 < x->end && lp_move_byte((unsigned char)p[1])) {
		const char *q = mt_move_end(x, p + 1);
		if (!q)
			return LX_MORE;
		mt_syntax(x, p, "unexpected '*' inside a token");
		x->p = q;
		return LX_OK;
	}
	return mt_result(x, p, p + 1, "*");
}

/* One diagnostic for a whole run of junk: up to a blank or a brace or
 * parenthesis, so that "[x]" or ",e5" is one fault, not several. */
static bool mt_junk_ends(unsigned char c)
{
	return lex_blank(c) || c == '\n' || c == '{' || c == '}' || c == '(' ||
	       c == ')' || c == ';';
}

static enum lx mt_junk(struct pgn_lex *x)
{
	const char *p = x->p, *q = p + 1;
	char what[64];

	while (q < x->end && !mt_junk_ends((unsigned char)*q))
		q++;
	lp_char_name(p, (size_t)(x->end - p), what, sizeof what);
	lp_lex_diag(x, lex_loc(x, p), DIAG_ERROR, DC_SYNTAX,
		    "unexpected %s in movetext", what);
	x->p = q;
	return LX_OK;
}

/* ------------------------------------------------------------ the loop */

/* A line starting with '[': at depth 0 the next game; inside a variation
 * only when it is a tag line (the variation was never closed). */
static enum lx mt_bracket_line(struct pgn_lex *x)
{
	bool more = false;

	if (x->depth > 0 && !lp_lex_tag_line(x, x->p, &more))
		return more ? LX_MORE : LX_OK;
	if (!x->tokens && !x->ntags)
		return LX_PRELUDE;
	return lp_lex_end_at(x, x->p);
}

/* Whether p starts a line of UTF-8 byte order marks and '[' (a file
 * appended to this one, saved with the mark), where at depth 0 the next
 * game starts as at a plain '[': 1 or 0, -1 when the buffer ends first.
 * Any number of marks, as the tag section skips (tag_bom). */
static int mt_bom_tag_line(const struct pgn_lex *x, const char *p)
{
	int bom;

	while ((bom = lex_bom_at(x, p)) > 0)
		p += 3;
	if (bom < 0)
		return -1;
	return p < x->end && *p == '[';
}

static enum lx mt_blanks(struct pgn_lex *x)
{
	const char *p = x->p, *end = x->end;

	for (;;) {
		/* A CR is blank, unless it ends a line (alone). */
		while (p < end && lex_blank((unsigned char)*p) &&
		       (*p != '\r' || !lex_line_end(x, p)))
			p++;
		if (p == end) {
			x->p = p;
			return x->eof ? lp_lex_end_at(x, end) : LX_MORE;
		}
		if (*p != '\n' && *p != '\r') {
			x->p = p;
			return LX_OK;
		}
		lex_newline(x, p++);
		if (p < end && *p == '[') {
			x->p = p;
			return mt_bracket_line(x);
		}
		if (p < end && (unsigned char)*p == 0xef && x->depth == 0) {
			int at = mt_bom_tag_line(x, p);
			if (at < 0)
				return LX_MORE;
			if (at) {
				x->p = p;
				return mt_bracket_line(x);
			}
		}
	}
}

static enum lx mt_lexeme(struct pgn_lex *x)
{
	unsigned char c = (unsigned char)*x->p;

	switch (c) {
	case '{':
		return mt_comment(x);
	case ';':
		return mt_rest_of_line(x, PI_COMMENT);
	case '%':
		if (lex_loc(x, x->p).col == 1)
			return mt_rest_of_line(x, PI_ESCAPE);
		break;
	case '(':
		return mt_open(x);
	case ')':
		return mt_close(x);
	case '$':
		return mt_nag(x);
	case '!':
	case '?':
		return mt_suffix(x);
	case '*':
		return mt_star(x);
	case '\x1a': {
		enum lx rc = lp_lex_end_dos_eof(x);
		if (rc != LX_OK)
			return rc;
		break;
	}
	default:
		if (lp_digit(c))
			return mt_number(x);
		if (c == '.') {
			const char *q = mt_periods_end(x, x->p);
			if (!q)
				return LX_MORE;
			if (q != x->p) {
				x->p = q;
				x->tokens = true;
				return LX_OK;
			}
		}
		if (lp_move_byte(c))
			return mt_move(x);
	}
	return mt_junk(x);
}

/* What mt_fast() reads a run of tokens with, held in locals: nothing of
 * it changes from a token to the next on one line, and the stores into
 * each item (bytes among them, which may alias anything) would make the
 * compiler load it again from x after every one. */
struct mt_run {
	struct pgn_lex *x;
	struct arena *arena;
	const char *end, *line_start;
	uint32_t line, col_bias;
	struct pgn_line *into;		/* NULL when items are not built */
};

/* mt_item() of the run: appended to run->into, at p. */
static inline struct pgn_item *mt_run_item(const struct mt_run *run,
					   enum pgn_item_kind kind,
					   const char *p)
{
	struct pgn_line *line = run->into;
	struct pgn_item *it = lex_alloc(run->arena, sizeof *it);

	*it = (struct pgn_item){
		.kind = kind,
		.loc = { run->line,
			 (uint32_t)(p - run->line_start) + run->col_bias },
	};
	return mt_append(line, it);
}

/* A move number "12." (nine digits at most) from p, wholly inside the
 * window: the cursor after its periods, or NULL for the general path. */
static inline const char *mt_fast_number(const struct mt_run *run,
					 const char *p)
{
	const char *end = run->end, *q = p;
	uint32_t n = 0;

	/* Nine digits cannot overflow; longer numbers go the slow way. */
	do
		n = n * 10 + (uint32_t)(*q++ - '0');
	while (q < end && q - p < 9 && lp_digit((unsigned char)*q));
	if (q + 1 >= end || *q != '.')
		return NULL;
	const char *dots = q;
	while (q < end && *q == '.')
		q++;
	if (run->into) {
		struct pgn_item *it = mt_run_item(run, PI_MOVENUM, p);
		it->number = n;
		it->dots = (uint8_t)(q - dots > 255 ? 255 : q - dots);
	}
	return q;
}

/* The two tokens that make most of any movetext, a move number "12." and
 * a move starting with a letter, when they lie wholly inside the window.
 * Returns the cursor after the token, or NULL for the general path (which
 * also handles everything unusual about them). */
static inline const char *mt_fast(const struct mt_run *run, const char *p)
{
	const char *end = run->end, *q = p;

	if (lp_digit((unsigned char)*p))
		return mt_fast_number(run, p);
	if ((unsigned)((*p | 0x20) - 'a') >= 26)
		return NULL;
	/* A byte past ASCII may be a glyph glued on ("e4±"): the general
	 * path's to read, as "(p)" is.  The blanks that nearly always end a
	 * token are below '(', so one test passes them. */
	while (++q < end && lp_ascii_move_byte((unsigned char)*q))
		;
	if (q == end ||
	    ((unsigned char)*q >= '(' &&
	     (*q == '(' || (unsigned char)*q >= 0x80)) ||
	    q[-1] == '.' || mt_ep_token(p, (size_t)(q - p)))
		return NULL;
	if (run->into) {
		struct pgn_item *it = mt_run_item(run, PI_MOVE, p);
		it->text = mt_text(run->x, p, q);
		it->len = (uint32_t)(q - p);
	}
	return q;
}

/* After a token that mt_fast() read, ending at q: where the next one
 * starts when it starts at once, where mt_blanks() would find it too, or
 * NULL.  So it does for tokens one space apart, as most movetext is, and
 * for a move glued to its number ("12.Nf3"), where mt_blanks() would
 * find no blank: a move number is the one token mt_fast() reads that
 * ends with a period, and a letter is no blank. */
static inline const char *mt_next_at(const struct mt_run *run, const char *q)
{
	if (run->end - q < 2)
		return NULL;
	if (*q == ' ')
		return lex_blank((unsigned char)q[1]) || q[1] == '\n' ? NULL
								     : q + 1;
	if (q[-1] != '.' || (unsigned)((*q | 0x20) - 'a') >= 26)
		return NULL;
	return q;
}

/* mt_fast() over the tokens from x->p on, for as long as each next one
 * starts at once (mt_next_at()): the cursor after the last one read, or
 * NULL when the one at x->p, where the last read left it, is the general
 * path's. */
static const char *mt_fast_run(struct pgn_lex *x)
{
	const struct mt_run run = {
		.x = x, .arena = &x->g->arena, .end = x->end,
		.line_start = x->line_start, .line = x->line,
		.col_bias = x->col_bias,
		.into = mt_building(x) ? x->r->stack[x->depth] : NULL,
	};
	const char *p = x->p, *q, *next;

	while ((q = mt_fast(&run, p)) != NULL) {
		x->tokens = true;
		if (!(next = mt_next_at(&run, q)))
			return q;
		p = next;
	}
	x->p = p;
	return NULL;
}

enum lx lp_lex_movetext(struct pgn_lex *x)
{
	for (;;) {
		const char *q;
		enum lx rc = mt_blanks(x);
		if (rc != LX_OK)
			return rc;
		if ((q = mt_fast_run(x)) != NULL) {
			x->p = q;
			continue;
		}
		rc = mt_lexeme(x);
		if (rc != LX_OK)
			return rc;
	}
}

int pgn_suffix_nag(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < 6; i++)
		if (n == strlen(mt_suffixes[i]) && !memcmp(s, mt_suffixes[i], n))
			return (int)i + 1;
	return 0;
}
