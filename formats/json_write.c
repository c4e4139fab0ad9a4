/* Games as JSON objects, one per game (pgn-convert(1), JSON SCHEMA).
 *
 * Every string is written as json_write_string writes it: valid UTF-8
 * passes and any other byte is the Latin-1 character \u00XX.  Such an
 * escape then means "this byte", never a character: the game object says
 * so with "latin1": true, and the reader (json_read.c) gives the original
 * bytes back, so a Latin-1 file survives PGN -> JSON -> PGN unchanged.
 * Everything goes into the game's output buffer (struct fmt_out), which
 * reaches the FILE once a game. */
#include <string.h>

#include "internal.h"
#include "../libparse/utf8.h"

struct jw {
	struct fmt_out out;
	struct conv_game *cg;
	const struct conv_opts *o;
	bool latin1;		/* a string held bytes that are not UTF-8 */
	bool open;		/* a failed record's raw string left open */
	unsigned ntags;		/* written so far */
	struct fmt_fen_cache fen;
};

/* ------------------------------------------------------------ strings */

#define BYTES_ONES 0x0101010101010101u
#define BYTES_HIGHS 0x8080808080808080u

/* The bytes of w (eight of a string) that must be escaped, flagged by
 * their high bits: below 0x20, 0x7f and above, '"' and '\\'.  A borrow
 * can flag a byte wrongly, but only in a word with a byte rightly
 * flagged: a word without a flag has nothing to escape.  (A text thought
 * to need escapes is written the exact way, byte by byte.) */
static inline uint64_t escaped_bytes(uint64_t w)
{
	uint64_t quote = w ^ (BYTES_ONES * '"');
	uint64_t slash = w ^ (BYTES_ONES * '\\');
	uint64_t del = w ^ (BYTES_ONES * 0x7f);
	return (((w - BYTES_ONES * 0x20) & ~w) |
		((quote - BYTES_ONES) & ~quote) |
		((slash - BYTES_ONES) & ~slash) |
		((del - BYTES_ONES) & ~del) | w) & BYTES_HIGHS;
}

/* The length of the run at s that needs no escape: printable ASCII but
 * '"' and '\\'.  Most strings are that whole (FENs, most tags and
 * comments) and are copied at once. */
static size_t plain_run(const char *s, size_t n)
{
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {	/* eight bytes at a time, */
		uint64_t w;
		memcpy(&w, s + i, sizeof w);
		if (escaped_bytes(w))
			break;
	}
	for (; i < n; i++) {		/* then one by one */
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
			break;
	}
	return i;
}

/* One byte or sequence at s[0] that plain_run() stopped at, escaped
 * (fmt_json_escape()); its length in s. */
static size_t escape_one(struct fmt_out *o, const unsigned char *s,
			 size_t avail, bool *latin1)
{
	size_t used;
	o->n += fmt_json_escape(s, avail, fmt_out_room(o, 6), &used, latin1);
	return used;
}

/* The characters of a JSON string holding s, after its opening quote
 * when asked (written with the first run, most strings' whole); true
 * when s held bytes that are no UTF-8 (written as Latin-1). */
static bool jw_chars(struct fmt_out *o, const char *s, size_t n,
		     bool quote)
{
	bool latin1 = false;
	size_t run = plain_run(s, n);
	char *p = fmt_out_room(o, run + 2);
	if (quote)
		p[0] = '"';
	memcpy(p + quote, s, run);
	o->n += run + quote;
	for (size_t i = run; i < n; i += run) {
		i += escape_one(o, (const unsigned char *)s + i, n - i,
				&latin1);
		run = plain_run(s + i, n - i);
		fmt_out_put(o, s + i, run);
	}
	return latin1;
}

/* A JSON string literal of s; true as jw_chars(). */
static bool jw_text(struct fmt_out *o, const char *s, size_t n)
{
	bool latin1 = jw_chars(o, s, n, true);
	fmt_out_char(o, '"');
	return latin1;
}

static void jw_string(struct jw *j, const char *s, size_t n)
{
	j->latin1 |= jw_text(&j->out, s, n);
}

/* ,"key": */
static void jw_key(struct jw *j, const char *key)
{
	size_t n = strlen(key);
	char *p = fmt_out_room(&j->out, n + 4);
	memcpy(p, ",\"", 2);
	memcpy(p + 2, key, n);
	memcpy(p + 2 + n, "\":", 2);
	j->out.n += n + 4;
}

/* --------------------------------------------------------- annotations */

/* Before an element of the array member key: the member's opening, or a
 * comma. */
static void jw_open(struct jw *j, const char *key, bool first)
{
	if (first) {
		jw_key(j, key);
		fmt_out_char(&j->out, '[');
	} else {
		fmt_out_char(&j->out, ',');
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

static void jw_comment(struct jw *j, const char *text, size_t n,
		       const char *kind)
{
	if (kind) {
		fmt_out_str(&j->out, "{\"");
		fmt_out_str(&j->out, kind);
		fmt_out_str(&j->out, "\":");
	}
	jw_string(j, text, n);
	if (kind)
		fmt_out_char(&j->out, '}');
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
		jw_comment(j, text, n, kind);
	}
	if (!first)
		fmt_out_char(&j->out, ']');
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
		fmt_out_uint(&j->out, it->nag);
		first = false;
	}
	if (!first)
		fmt_out_char(&j->out, ']');
}

/* -------------------------------------------------------------- moves */

/* The move of s in SAN, LAN and coordinates (text[NOTATION_*]), their
 * lengths in len[]: found together, so that what they share (the piece,
 * the legal moves, the mark) is worked out once. */
static void move_texts(const struct conv_step *s,
		       char text[][MOVE_TEXT_MAX], size_t len[])
{
	if (s->move != MOVE_NONE) {
		move_write_texts(s->before, s->move, s->mark, text, len);
		return;
	}
	memcpy(text[NOTATION_SAN], "--", 2);
	memcpy(text[NOTATION_LAN], "--", 2);
	memcpy(text[NOTATION_UCI], "0000", 4);
	len[NOTATION_SAN] = len[NOTATION_LAN] = 2;
	len[NOTATION_UCI] = 4;
}

/* Whether a move's texts in SAN, LAN and coordinates (each in a buffer
 * of MOVE_TEXT_MAX bytes, all of them set) need no escape: a word at a
 * time, the bytes past each text's length masked off. */
static bool plain_move_texts(char text[][MOVE_TEXT_MAX], const size_t len[])
{
	/* keep: 0xFF over a word's first k bytes, in memory order. */
	static const unsigned char ones[16] = {
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	};
	uint64_t flags = 0;
	for (size_t n = NOTATION_SAN; n <= NOTATION_UCI; n++)
		for (size_t i = 0; i < len[n]; i += 8) {
			size_t k = len[n] - i < 8 ? len[n] - i : 8;
			uint64_t w, keep;
			memcpy(&w, text[n] + i, sizeof w);
			memcpy(&keep, ones + 8 - k, sizeof keep);
			flags |= escaped_bytes(w) & keep;
		}
	return !flags;
}

/* The keys of the notations, by enum notation (SAN, LAN, UCI), and
 * their bits in conv_opts.omit. */
#define NOTATIONS (CONV_FIELD_SAN | CONV_FIELD_LAN | CONV_FIELD_UCI)
static const char notation_key[][4] = { "san", "lan", "uci" };

/* The notations' texts, the long way: escaped. */
static void jw_notations_escaped(struct jw *j, char text[][MOVE_TEXT_MAX],
				 const size_t len[])
{
	for (size_t n = NOTATION_SAN; n <= NOTATION_UCI; n++) {
		if (j->o->omit & (1u << n))
			continue;
		jw_key(j, notation_key[n]);
		jw_text(&j->out, text[n], len[n]);
	}
}

/* ,"san":"...","lan":"...","uci":"..." of the move of s (those that
 * --fields keeps).  Texts that
 * must be escaped (none so far: the notations are written in ASCII
 * letters) are written the long way. */
static void jw_notations(struct jw *j, const struct conv_step *s)
{
	char text[NOTATION_FIGURINE][MOVE_TEXT_MAX];
	size_t len[NOTATION_FIGURINE], at = 0;
	if ((j->o->omit & NOTATIONS) == NOTATIONS)
		return;		/* --fields fen */
	memset(text, 0, sizeof text);	/* plain_move_texts() reads words */
	move_texts(s, text, len);
	if (!plain_move_texts(text, len)) {
		jw_notations_escaped(j, text, len);
		return;
	}
	char *p = fmt_out_room(&j->out, 3 * (8 + MOVE_TEXT_MAX + 1));
	for (size_t n = NOTATION_SAN; n <= NOTATION_UCI; n++) {
		if (j->o->omit & (1u << n))
			continue;
		memcpy(p + at, ",\"", 2);
		memcpy(p + at + 2, notation_key[n], 3);
		memcpy(p + at + 5, "\":\"", 3);
		memcpy(p + at + 8, text[n], MOVE_TEXT_MAX);
		at += 8 + len[n];
		p[at++] = '"';
	}
	j->out.n += at;
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
		fmt_out_str(&j->out, first ? ",\"variations\":[" : ",");
		first = false;
		jw_line(j, it->variation, s->before, s->ply - 1, s->depth + 1);
	}
	if (!first)
		fmt_out_char(&j->out, ']');
}

/* A variation's prefix (what stands before its first move) goes with its
 * first element. */
static void jw_prefix(struct jw *j, const struct pgn_line *line,
		      const struct pgn_item *end, unsigned depth)
{
	jw_comments(j, "comments_before", line->first, end, depth);
	jw_nags(j, "nags_before", line->first, end);
}

/* ,"fen":"..." -- a FEN is plain: letters, digits and "/ -(){}". */
static void jw_fen(struct jw *j, const struct position *pos)
{
	char *p = fmt_out_room(&j->out, FEN_MAX + 10);
	memcpy(p, ",\"fen\":\"", 8);
	size_t n = 8 + fmt_fen(&j->fen, pos, p + 8);
	p[n++] = '"';
	j->out.n += n;
}

/* What follows a move: NAGs, comments, commands, variations. */
static void jw_after(struct jw *j, const struct conv_step *s)
{
	if (s->bare)
		return;		/* nothing but move numbers (most moves) */
	jw_nags(j, "nags", s->tail, s->end);
	jw_comments(j, "comments", s->tail, s->split, s->depth);
	if (!j->o->strip_comments)
		fmt_annot_write_json(&j->out, s->tail, s->end,
				     !j->o->strip_clocks);
	jw_variations(j, s);
	jw_comments(j, "comments_after", s->split, s->end, s->depth);
}

static void jw_move(struct jw *j, const struct conv_step *s,
		    const struct pgn_line *prefix_of,
		    const struct pgn_item *prefix_end)
{
	char *p = fmt_out_room(&j->out, 32);
	memcpy(p, "\"ply\":", 6);
	j->out.n += 6 + pgn_put_uint_small(p + 6, s->ply);
	if (prefix_of)
		jw_prefix(j, prefix_of, prefix_end, s->depth);
	jw_notations(j, s);
	if (!(j->o->omit & CONV_FIELD_FEN))
		jw_fen(j, s->after);
	jw_after(j, s);
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
	fmt_out_char(&j->out, '[');
	while (fmt_conv_line_next(&l, &s)) {
		fmt_out_str(&j->out, first ? "{" : ",{");
		jw_move(j, &s, first && depth > 0 ? line : NULL, prefix_end);
		fmt_out_char(&j->out, '}');
		first = false;
	}
	if (first && depth > 0 && line->first) {
		fmt_out_str(&j->out, "{\"ply\":null");
		jw_prefix(j, line, NULL, depth);
		fmt_out_char(&j->out, '}');
	}
	fmt_out_char(&j->out, ']');
}

/* The moves of a treeless game (conv_game.treeless), from its records:
 * the main line, nothing between its moves. */
static void jw_records(struct jw *j)
{
	const struct conv_game *cg = j->cg;
	struct conv_step s = { .before = &cg->start, .bare = true };
	fmt_out_char(&j->out, '[');
	if (cg->texts) {	/* the objects, made by the visitor */
		fmt_out_flush(&j->out);
		if (cg->text_n)	/* text_buf is NULL before a game with moves */
			fwrite(cg->text_buf, 1, cg->text_n, j->out.file);
		fmt_out_char(&j->out, ']');
		return;
	}
	for (size_t i = 0; i < cg->nmoves; i++) {
		const struct conv_move *r = &cg->moves[i];
		fmt_out_str(&j->out, i ? ",{" : "{");
		s.move = r->move;
		s.mark = r->mark;
		s.after = &r->after;
		s.ply = (uint32_t)(i + 1);
		jw_move(j, &s, NULL, NULL);
		fmt_out_char(&j->out, '}');
		s.before = s.after;
	}
	fmt_out_char(&j->out, ']');
}

/* --------------------------------------------------------------- game */

static void jw_tag(void *ctx, const struct pgn_tag *t)
{
	struct jw *j = ctx;
	if (j->ntags++)
		fmt_out_char(&j->out, ',');
	jw_string(j, t->name, strlen(t->name));
	fmt_out_char(&j->out, ':');
	jw_string(j, t->value, t->value_len);
}

/* "game" and "tags". */
static void jw_number_tags(struct jw *j)
{
	struct conv_game *cg = j->cg;
	fmt_out_str(&j->out, "{\"game\":");
	fmt_out_game_number(&j->out, cg->number, cg->game->index);
	fmt_out_str(&j->out, ",\"tags\":{");
	fmt_conv_tags_each(cg->game, cg->started ? cg->start.variant : NULL,
			   j->o->tags, jw_tag, j);
	fmt_out_char(&j->out, '}');
}

/* "variant" and "start". */
static void jw_start(struct jw *j)
{
	const char *variant = variant_id(j->cg->start.variant);
	jw_key(j, "variant");
	jw_text(&j->out, variant, strlen(variant));
	jw_key(j, "start");
	char *p = fmt_out_room(&j->out, FEN_MAX + 2);
	size_t n = fmt_fen(&j->fen, &j->cg->start, p + 1);
	p[0] = '"';
	p[n + 1] = '"';
	j->out.n += n + 2;
}

/* "result". */
static void jw_end(struct jw *j)
{
	const char *result = fmt_conv_game_result(j->cg->game);
	jw_key(j, "result");
	jw_text(&j->out, result, strlen(result));
}

static void jw_game(struct jw *j)
{
	struct conv_game *cg = j->cg;
	const struct pgn_game *g = cg->game;
	jw_number_tags(j);
	jw_comments(j, "before", g->before.first, NULL, 0);
	jw_start(j);
	cg->cursor = 0;
	struct conv_line l;
	fmt_conv_line_begin(&l, cg, &g->moves, &cg->start, 0, 0);
	jw_comments(j, "comments", g->moves.first, l.next, 0);
	jw_nags(j, "nags", g->moves.first, l.next);
	jw_key(j, "moves");
	if (cg->treeless)
		jw_records(j);
	else
		jw_line(j, &g->moves, &cg->start, 0, 0);
	jw_end(j);
	jw_comments(j, "after", g->after.first, NULL, 0);
	if (j->latin1)
		fmt_out_str(&j->out, ",\"latin1\":true");
	fmt_out_char(&j->out, '}');
}

/* One record, built in the game's buffer and written at once; true
 * when it held bytes that are no UTF-8. */
static bool jw_write(FILE *out, struct jw *j, void (*record)(struct jw *))
{
	fmt_out_begin(&j->out, out, j->cg);
	fmt_fen_cache_init(&j->fen, j->cg);
	record(j);
	fmt_out_end(&j->out);
	return j->latin1;
}

void fmt_json_write_game(FILE *out, struct conv_game *cg,
			 const struct conv_opts *o)
{
	struct jw j = { .cg = cg, .o = o };
	jw_write(out, &j, jw_game);
}

/* ,"error":{"line":L,"column":C,"message":M}: the first error, its
 * place counted in the game's raw text (line 1 its first line), which
 * a chunk's game knows as well as the whole input's.  An error of the
 * reader's own, which the replay does not see, is said by its kind. */
static void jw_error(struct jw *j)
{
	const struct pgn_game *g = j->cg->game;
	const struct diag *d = &j->cg->fault;
	/* A warning fails a game only under --strict, and not the reader's. */
	bool own = d->severity == DIAG_ERROR ? d->message[0] != 0 :
		d->message[0] && !(g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
	const char *message = own ? d->message :
		g->flags & PGN_TOO_LARGE ? "game over the size limit" :
		"syntax error";
	uint32_t line = own ? d->line : g->start.line;
	uint32_t col = own ? d->col : g->start.col;
	jw_key(j, "error");
	fmt_out_str(&j->out, "{\"line\":");
	fmt_out_uint(&j->out, line >= g->raw_at.line ?
		     line - g->raw_at.line + 1 : 1);
	fmt_out_str(&j->out, ",\"column\":");
	fmt_out_uint(&j->out, col);
	fmt_out_str(&j->out, ",\"message\":");
	jw_string(j, message, strlen(message));
	fmt_out_char(&j->out, '}');
}

/* The end of a failed game's record, after its raw string's bytes. */
static void jw_raw_end(struct fmt_out *o, bool latin1)
{
	fmt_out_str(o, latin1 ? "\",\"latin1\":true}" : "\"}");
}

/* A failed game: what a game's record holds up to its failure (the
 * moves the replay played), then "error" and its bytes in "raw" (with
 * "raw_column" when they began inside a line), the members --from json
 * reads of it. */
static void jw_failed(struct jw *j)
{
	struct conv_game *cg = j->cg;
	jw_number_tags(j);
	if (cg->started)
		jw_start(j);
	jw_key(j, "moves");
	if (cg->started) {
		cg->cursor = 0;
		cg->partial = true;
		jw_line(j, &cg->game->moves, &cg->start, 0, 0);
	} else {
		fmt_out_str(&j->out, "[]");
	}
	jw_end(j);
	jw_error(j);
	/* Bytes that began inside a line (after a game's result on it) are
	 * read back from there: a '%' there opens no escape line. */
	if (cg->game->raw_at.col > 1) {
		jw_key(j, "raw_column");
		fmt_out_uint(&j->out, cg->game->raw_at.col);
	}
	jw_key(j, "raw");
	j->latin1 |= jw_chars(&j->out, cg->game->raw, cg->game->raw_len, true);
	if (!j->open)
		jw_raw_end(&j->out, j->latin1);
}

bool fmt_json_write_failed(FILE *out, struct conv_game *cg,
			   const struct conv_opts *o, bool open)
{
	struct jw j = { .cg = cg, .o = o, .open = open };
	return jw_write(out, &j, jw_failed);
}

/* Pieces of a sequence split between two calls are bytes no UTF-8 here,
 * written as Latin-1: read back, they are the same bytes. */
void fmt_json_write_raw_more(FILE *out, const char *p, size_t n,
			     bool *latin1)
{
	struct fmt_out o;
	fmt_out_begin(&o, out, NULL);
	*latin1 |= jw_chars(&o, p, n, false);
	fmt_out_end(&o);
}

void fmt_json_write_raw_end(FILE *out, bool latin1)
{
	struct fmt_out o;
	fmt_out_begin(&o, out, NULL);
	jw_raw_end(&o, latin1);
	fmt_out_end(&o);
}
