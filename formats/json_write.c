/* Games as JSON objects, one per game (pgn-convert(1), JSON SCHEMA).
 *
 * Every string goes through json_write_string, which passes valid UTF-8
 * and writes any other byte as the Latin-1 character \u00XX.  Such an
 * escape then means "this byte", never a character: the game object says
 * so with "latin1": true, and the reader (json_read.c) gives the original
 * bytes back, so a Latin-1 file survives PGN -> JSON -> PGN unchanged. */
#include <string.h>

#include "internal.h"
#include "../libparse/utf8.h"

struct jw {
	FILE *out;
	struct conv_game *cg;
	const struct conv_opts *o;
	bool latin1;		/* a string held bytes that are not UTF-8 */
	unsigned ntags;		/* written so far */
};

/* ------------------------------------------------------------ strings */

static bool utf8_valid(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	for (size_t i = 0; i < len;) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		size_t n = utf8_length(s + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

/* Plain text needs no escape: printable ASCII but '"' and '\\'.  Most
 * strings are (moves, FENs, most comments), and one fwrite is much
 * cheaper than json_write_string's byte by byte output. */
static bool json_plain(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
			return false;
	}
	return true;
}

static void jw_text(FILE *out, const char *s, size_t n)
{
	if (!json_plain(s, n)) {
		json_write_string(out, s, n);
		return;
	}
	putc('"', out);
	fwrite(s, 1, n, out);
	putc('"', out);
}

static void jw_string(struct jw *j, const char *s, size_t n)
{
	if (!j->latin1 && !utf8_valid(s, n))
		j->latin1 = true;
	jw_text(j->out, s, n);
}

static void jw_cstring(struct jw *j, const char *s)
{
	jw_text(j->out, s, strlen(s));
}

/* ,"key": */
static void jw_key(struct jw *j, const char *key)
{
	fputs(",\"", j->out);
	fputs(key, j->out);
	fputs("\":", j->out);
}

static void jw_uint(FILE *out, unsigned long long v)
{
	char digits[20];
	fwrite(digits, 1, pgn_put_uint(digits, v), out);
}

/* --------------------------------------------------------- annotations */

/* Before an element of the array member key: the member's opening, or a
 * comma. */
static void jw_open(struct jw *j, const char *key, bool first)
{
	if (first) {
		jw_key(j, key);
		putc('[', j->out);
	} else {
		putc(',', j->out);
	}
}

/* The text of a comment-like item and, for the rarer kinds that must
 * keep their place among the comments, the key of the object that holds
 * it; NULL when the item is left out. */
static const char *comment_text(struct jw *j, const struct pgn_item *it,
				size_t *n, const char **kind)
{
	*kind = NULL;
	if (it->kind == PI_COMMENT)
		return fmt_conv_comment_text(j->cg, it, j->o->strip_clocks, n);
	*n = it->len;
	*kind = it->kind == PI_ESCAPE ? "escape" : "result";
	return it->text;
}

/* ,"key":[...] of the kept comment-like items of [from, to), if any. */
static void jw_comments(struct jw *j, const char *key,
			const struct pgn_item *from, const struct pgn_item *to,
			unsigned depth)
{
	bool first = true;
	for (const struct pgn_item *it = from; it != to; it = it->next) {
		const char *text, *kind;
		size_t n;
		if (!fmt_conv_comment_like(it, depth) ||
		    !fmt_conv_keep(j->cg, j->o, it, depth) ||
		    !(text = comment_text(j, it, &n, &kind)))
			continue;
		jw_open(j, key, first);
		first = false;
		if (kind)
			fprintf(j->out, "{\"%s\":", kind);
		jw_string(j, text, n);
		if (kind)
			putc('}', j->out);
	}
	if (!first)
		putc(']', j->out);
}

static void jw_nags(struct jw *j, const char *key, const struct pgn_item *from,
		    const struct pgn_item *to)
{
	bool first = true;
	if (j->o->strip_nags)
		return;
	for (const struct pgn_item *it = from; it != to; it = it->next) {
		if (it->kind != PI_NAG)
			continue;
		jw_open(j, key, first);
		jw_uint(j->out, it->nag);
		first = false;
	}
	if (!first)
		putc(']', j->out);
}

/* -------------------------------------------------------------- moves */

/* The members every move has, "san" to "fen", are made in one buffer and
 * written with one fwrite: a dozen stdio calls a move cost more than the
 * rest of the JSON. */
struct jw_buf {
	char text[4 * (MOVE_TEXT_MAX + 16) + FEN_MAX + 16];
	size_t n;
};

static void jb_put(struct jw_buf *b, const char *s, size_t n)
{
	memcpy(b->text + b->n, s, n);
	b->n += n;
}

/* ,"key":"text" -- text plain (json_plain()). */
static void jb_member(struct jw_buf *b, const char *key, const char *text,
		      size_t len)
{
	jb_put(b, ",\"", 2);
	jb_put(b, key, strlen(key));
	jb_put(b, "\":\"", 3);
	jb_put(b, text, len);
	b->text[b->n++] = '"';
}

static void jw_notation(struct jw *j, struct jw_buf *b, const char *key,
			const struct conv_step *s, enum notation n)
{
	char text[MOVE_TEXT_MAX];
	size_t len;
	if (s->move != MOVE_NONE)
		len = move_write_after(s->before, s->after, s->move, n, text,
				       sizeof text);
	else
		len = (size_t)snprintf(text, sizeof text, "%s",
				       n == NOTATION_UCI ? "0000" : "--");
	if (json_plain(text, len)) {
		jb_member(b, key, text, len);
		return;
	}
	/* (Not so far: the notations are written in ASCII letters.) */
	fwrite(b->text, 1, b->n, j->out);
	b->n = 0;
	jw_key(j, key);
	jw_text(j->out, text, len);
}

static void jw_line(struct jw *j, const struct pgn_line *line,
		    const struct position *start, uint32_t ply,
		    unsigned depth);

static void jw_variations(struct jw *j, const struct conv_step *s)
{
	bool first = true;
	for (const struct pgn_item *it = s->split; it != s->end; it = it->next) {
		if (it->kind != PI_VARIATION ||
		    !fmt_conv_keep(j->cg, j->o, it, 0))
			continue;
		fputs(first ? ",\"variations\":[" : ",", j->out);
		first = false;
		jw_line(j, it->variation, s->before, s->ply - 1, s->depth + 1);
	}
	if (!first)
		putc(']', j->out);
}

/* A variation's prefix (what stands before its first move) goes with its
 * first element. */
static void jw_prefix(struct jw *j, const struct pgn_line *line,
		      const struct pgn_item *end, unsigned depth)
{
	jw_comments(j, "comments_before", line->first, end, depth);
	jw_nags(j, "nags_before", line->first, end);
}

static void jw_move(struct jw *j, const struct conv_step *s,
		    const struct pgn_line *prefix_of,
		    const struct pgn_item *prefix_end)
{
	char fen[FEN_MAX];
	struct jw_buf b;
	memcpy(b.text, "\"ply\":", 6);
	b.n = 6;
	b.n += pgn_put_uint(b.text + b.n, s->ply);
	if (prefix_of) {
		fwrite(b.text, 1, b.n, j->out);
		b.n = 0;
		jw_prefix(j, prefix_of, prefix_end, s->depth);
	}
	jw_notation(j, &b, "san", s, NOTATION_SAN);
	jw_notation(j, &b, "lan", s, NOTATION_LAN);
	jw_notation(j, &b, "uci", s, NOTATION_UCI);
	/* A FEN is plain: letters, digits and "/ -(){}". */
	size_t len = position_to_fen(s->after, fen, sizeof fen);
	jb_member(&b, "fen", fen, len);
	fwrite(b.text, 1, b.n, j->out);
	jw_nags(j, "nags", s->tail, s->end);
	jw_comments(j, "comments", s->tail, s->split, s->depth);
	if (!j->o->strip_comments)
		fmt_annot_write_json(j->out, s->tail, s->end,
				     !j->o->strip_clocks);
	jw_variations(j, s);
	jw_comments(j, "comments_after", s->split, s->end, s->depth);
}

/* A line without moves keeps its prefix in an element of its own.  The
 * main line's prefix is the game's "comments" and "nags". */
static void jw_line(struct jw *j, const struct pgn_line *line,
		    const struct position *start, uint32_t ply, unsigned depth)
{
	struct conv_line l;
	struct conv_step s;
	fmt_conv_line_begin(&l, j->cg, line, start, ply, depth);
	const struct pgn_item *prefix_end = l.next;
	bool first = true;
	putc('[', j->out);
	while (fmt_conv_line_next(&l, &s)) {
		fputs(first ? "{" : ",{", j->out);
		jw_move(j, &s, first && depth > 0 ? line : NULL, prefix_end);
		putc('}', j->out);
		first = false;
	}
	if (first && depth > 0 && line->first) {
		fputs("{\"ply\":null", j->out);
		jw_prefix(j, line, NULL, depth);
		putc('}', j->out);
	}
	putc(']', j->out);
}

/* --------------------------------------------------------------- game */

static void jw_tag(void *ctx, const struct pgn_tag *t)
{
	struct jw *j = ctx;
	if (j->ntags++)
		putc(',', j->out);
	jw_string(j, t->name, strlen(t->name));
	putc(':', j->out);
	jw_string(j, t->value, t->value_len);
}

void fmt_json_write_game(FILE *out, struct conv_game *cg,
			 const struct conv_opts *o)
{
	struct jw j = { .out = out, .cg = cg, .o = o };
	const struct pgn_game *g = cg->game;
	char fen[FEN_MAX];
	fputs("{\"game\":", out);
	fmt_conv_number_write(cg->number, out, g->index);
	fputs(",\"tags\":{", out);
	fmt_conv_tags_each(g, cg->started ? cg->start.variant : NULL, o->tags,
			   jw_tag, &j);
	putc('}', out);
	jw_comments(&j, "before", g->before.first, NULL, 0);
	jw_key(&j, "variant");
	jw_cstring(&j, variant_id(cg->start.variant));
	jw_key(&j, "start");
	jw_cstring(&j, (position_to_fen(&cg->start, fen, sizeof fen), fen));
	cg->cursor = 0;
	struct conv_line l;
	fmt_conv_line_begin(&l, cg, &g->moves, &cg->start, 0, 0);
	jw_comments(&j, "comments", g->moves.first, l.next, 0);
	jw_nags(&j, "nags", g->moves.first, l.next);
	jw_key(&j, "moves");
	jw_line(&j, &g->moves, &cg->start, 0, 0);
	jw_key(&j, "result");
	jw_cstring(&j, fmt_conv_game_result(g));
	jw_comments(&j, "after", g->after.first, NULL, 0);
	if (j.latin1)
		fputs(",\"latin1\":true", out);
	putc('}', out);
}

void fmt_json_write_failed(FILE *out, const struct pgn_game *g,
			   const struct conv_number *number)
{
	fputs("{\"game\":", out);
	fmt_conv_number_write(number, out, g->index);
	fputs(",\"raw\":", out);
	jw_text(out, g->raw, g->raw_len);
	if (!utf8_valid(g->raw, g->raw_len))
		fputs(",\"latin1\":true", out);
	putc('}', out);
}
