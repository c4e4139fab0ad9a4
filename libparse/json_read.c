/* JSON games back to PGN text (pgn-convert --from json).
 *
 * A strict JSON reader (RFC 8259: no comments, no trailing commas, valid
 * UTF-8, numbers and escapes as the grammar says), written for the one
 * job: each game object is read into a small tree in an arena that is
 * reset per game, then turned into the PGN text of that game, which the
 * caller reads with the ordinary PGN reader.  So a game from JSON goes
 * through exactly the checks a game from PGN does.
 *
 * Strings keep their escaped form in the tree and are decoded only when
 * written, because their meaning depends on the game's "latin1" member:
 * with it, \u0080..\u00ff are the bytes json_write.c could not pass as
 * UTF-8, and are given back as those bytes.
 *
 * The reader knows no rules: the "variant" member is handed to the caller
 * as it stands (json_games_variant), which says whether it names rules.
 *
 * Helpers return NULL or a static message; the loop adds the place. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "json_games.h"

#define JSON_DEPTH_MAX 1024	/* 256 nested variations take 769 */
#define READ_CHUNK 65536
/* A game object is held whole, its tree in the arena: one that needs a
 * block of more than this is refused, as the PGN reader refuses a game of
 * more than 64 MiB, rather than taking memory without end. */
#define JSON_GAME_MAX ((size_t)256 << 20)
#define JSON_TOO_LARGE "game object too large: its tree takes more than " \
		       "256 MiB"

enum jkind { J_NULL, J_FALSE, J_TRUE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

struct jval {
	enum jkind kind;
	struct pgn_loc loc;
	const char *s;		/* J_STRING: escaped text; J_NUMBER: text */
	size_t n;
	struct jval *first, *last, *next;	/* children; next sibling */
	const char *key;	/* a member's key, escaped */
	size_t key_len;
};

struct sbuf {
	char *s;
	size_t n, cap;
};

enum top { TOP_START, TOP_ARRAY_FIRST, TOP_ARRAY, TOP_SEQUENCE, TOP_END };

struct json_games {
	const char *name;
	struct pgn_input *in;	/* NULL: a memory buffer */
	struct diag read_err;	/* the input's, once read_error */
	const char *p, *end;	/* the window being read */
	char *chunk;		/* the file's window */
	uint32_t line, col;
	bool eof, read_error;
	enum top top;
	unsigned depth;
	struct arena arena;	/* the current game's tree */
	struct sbuf pgn;	/* its PGN text */
	bool latin1;		/* decoding mode of the current game */
	uint32_t column;	/* its "raw_column": where its bytes began */
	bool has_variant;	/* the game has a "variant" string: */
	struct sbuf variant;	/* decoded, NUL-terminated */
	struct pgn_loc variant_at;
};

/* ------------------------------------------------------------- buffer */

static void sb_reserve(struct sbuf *b, size_t more)
{
	if (b->n + more > b->cap)
		b->s = pawnkit_grow(b->s, &b->cap, b->n + more, 1, 4096);
}

static void sb_add(struct sbuf *b, const char *s, size_t n)
{
	if (!n)		/* b->s may still be NULL: no pointer arithmetic */
		return;
	sb_reserve(b, n);
	memcpy(b->s + b->n, s, n);
	b->n += n;
}

static void sb_addc(struct sbuf *b, char c)
{
	sb_reserve(b, 1);
	b->s[b->n++] = c;
}

static void sb_adds(struct sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

/* A movetext token: after a space, unless it starts a line. */
static void sb_token(struct sbuf *b, const char *s)
{
	if (b->n && b->s[b->n - 1] != '\n')
		sb_addc(b, ' ');
	sb_adds(b, s);
}

/* -------------------------------------------------------------- input */

static bool refill(struct json_games *r)
{
	if (r->p < r->end)
		return true;
	if (!r->in || r->eof)
		return false;
	ssize_t n = pgn_input_read(r->in, r->chunk, READ_CHUNK, &r->read_err);
	if (n <= 0) {
		r->eof = true;
		r->read_error = n < 0;
		return false;
	}
	r->p = r->chunk;
	r->end = r->chunk + n;
	return true;
}

/* The next byte, or -1 at the end. */
static int peek(struct json_games *r)
{
	return refill(r) ? (unsigned char)*r->p : -1;
}

static int next(struct json_games *r)
{
	if (!refill(r))
		return -1;
	unsigned char c = (unsigned char)*r->p++;
	/* A CR needs the byte after it (pgn_line_end): peek() may read the
	 * next chunk, this one being used up. */
	if (pgn_line_end(c, c == '\r' ? peek(r) : PGN_INPUT_END)) {
		r->line++;
		r->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		r->col++;	/* columns count characters */
	}
	return c;
}

static void skip_blanks(struct json_games *r)
{
	int c;
	while ((c = peek(r)) == ' ' || c == '\t' || c == '\n' || c == '\r')
		next(r);
}

static struct pgn_loc here(const struct json_games *r)
{
	return (struct pgn_loc){ r->line, r->col };
}

/* ------------------------------------------------------------- parser */

/* A parse failure: the message and where. */
struct jerr {
	const char *msg;
	struct pgn_loc loc;
};

static bool fail(struct jerr *e, struct pgn_loc loc, const char *msg)
{
	e->msg = msg;
	e->loc = loc;
	return false;
}

/* Bytes of the current value kept in the arena as it is read. */
struct text {
	char *s;
	size_t n, cap;
	struct arena *a;
};

static void text_add(struct text *t, char c)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 32;
		char *s = arena_alloc(t->a, cap);
		if (t->n)
			memcpy(s, t->s, t->n);
		t->s = s;
		t->cap = cap;
	}
	t->s[t->n++] = (char)c;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Four hex digits after "\u", copied; their value in *v. */
static const char *read_hex4(struct json_games *r, struct text *t, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		int c = peek(r), h = hex_value(c);
		if (h < 0)
			return "expected four hex digits after \\u";
		text_add(t, (char)next(r));
		*v = *v * 16 + (unsigned)h;
	}
	return NULL;
}

/* An escape after the backslash; a high surrogate must be followed by
 * its low half. */
static const char *read_escape(struct json_games *r, struct text *t)
{
	int c = peek(r);
	unsigned v, low;
	if (c < 0 || !strchr("\"\\/bfnrtu", c))
		return "unknown escape in a string";
	text_add(t, (char)next(r));
	if (c != 'u')
		return NULL;
	const char *why = read_hex4(r, t, &v);
	if (why || v < 0xD800 || v > 0xDFFF)
		return why;
	if (v >= 0xDC00)
		return "a low surrogate without its high half";
	if (next(r) != '\\' || next(r) != 'u')
		return "a high surrogate without its low half";
	text_add(t, '\\');
	text_add(t, 'u');
	why = read_hex4(r, t, &low);
	if (!why && (low < 0xDC00 || low > 0xDFFF))
		why = "a high surrogate without its low half";
	return why;
}

/* The continuation bytes of a UTF-8 sequence starting with c. */
static const char *read_utf8(struct json_games *r, struct text *t, int c)
{
	int n = c < 0xC2 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : c < 0xF5 ? 3 : 0;
	if (n == 0)
		return "invalid UTF-8 in a string";
	for (int i = 0; i < n; i++) {
		int d = peek(r);
		if (d < 0 || (d & 0xC0) != 0x80)
			return "invalid UTF-8 in a string";
		/* Overlong forms and surrogates are not UTF-8 either. */
		if (i == 0 && ((c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0) ||
			       (c == 0xF0 && d < 0x90) || (c == 0xF4 && d >= 0x90)))
			return "invalid UTF-8 in a string";
		text_add(t, (char)next(r));
	}
	return NULL;
}

/* After the opening quote; the escaped text up to the closing one. */
static bool read_string(struct json_games *r, struct jval *v, struct jerr *e)
{
	struct text t = { .a = &r->arena };
	for (;;) {
		struct pgn_loc at = here(r);
		int c = next(r);
		const char *why = NULL;
		if (c < 0)
			return fail(e, at, "string not closed");
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(e, at, "control character in a string");
		if (r->arena.cap > JSON_GAME_MAX)
			return fail(e, at, JSON_TOO_LARGE);
		text_add(&t, (char)c);
		if (c == '\\')
			why = read_escape(r, &t);
		else if (c >= 0x80)
			why = read_utf8(r, &t, c);
		if (why)
			return fail(e, at, why);
	}
	v->kind = J_STRING;
	v->s = t.s ? t.s : "";
	v->n = t.n;
	return true;
}

static bool is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* Digits copied; false when there is none. */
static bool read_digits(struct json_games *r, struct text *t)
{
	if (!is_digit(peek(r)))
		return false;
	while (is_digit(peek(r)) && r->arena.cap <= JSON_GAME_MAX)
		text_add(t, (char)next(r));
	return true;
}

/* -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static bool read_number(struct json_games *r, struct jval *v, struct jerr *e)
{
	struct text t = { .a = &r->arena };
	if (peek(r) == '-')
		text_add(&t, (char)next(r));
	if (peek(r) == '0')
		text_add(&t, (char)next(r));
	else if (!read_digits(r, &t))
		return fail(e, here(r), "expected a digit");
	if (peek(r) == '.') {
		text_add(&t, (char)next(r));
		if (!read_digits(r, &t))
			return fail(e, here(r), "expected a digit after '.'");
	}
	if (peek(r) == 'e' || peek(r) == 'E') {
		text_add(&t, (char)next(r));
		if (peek(r) == '+' || peek(r) == '-')
			text_add(&t, (char)next(r));
		if (!read_digits(r, &t))
			return fail(e, here(r), "expected a digit in the exponent");
	}
	if (r->arena.cap > JSON_GAME_MAX)
		return fail(e, v->loc, JSON_TOO_LARGE);
	v->kind = J_NUMBER;
	v->s = t.s;
	v->n = t.n;
	return true;
}

static bool read_word(struct json_games *r, struct jval *v, struct jerr *e)
{
	static const struct {
		const char *word;
		enum jkind kind;
	} words[] = { { "true", J_TRUE }, { "false", J_FALSE }, { "null", J_NULL } };
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (peek(r) != words[i].word[0])
			continue;
		for (const char *w = words[i].word; *w; w++)
			if (next(r) != *w)
				return fail(e, v->loc, "unknown word");
		v->kind = words[i].kind;
		return true;
	}
	return fail(e, v->loc, "expected a value");
}

static bool read_value(struct json_games *r, struct jval *v, struct jerr *e);

static void add_child(struct jval *parent, struct jval *child)
{
	if (parent->last)
		parent->last->next = child;
	else
		parent->first = child;
	parent->last = child;
}

static struct jval *new_value(struct json_games *r)
{
	struct jval *v = arena_alloc(&r->arena, sizeof *v);
	memset(v, 0, sizeof *v);
	return v;
}

/* One member of an object: "key": value. */
static bool read_member(struct json_games *r, struct jval *obj, struct jerr *e)
{
	struct jval key = { .loc = here(r) };
	if (next(r) != '"')
		return fail(e, key.loc, "expected a string key");
	if (!read_string(r, &key, e))
		return false;
	skip_blanks(r);
	if (peek(r) != ':')
		return fail(e, here(r), "expected ':' after a key");
	next(r);
	struct jval *v = new_value(r);
	if (!read_value(r, v, e))
		return false;
	v->key = key.s;
	v->key_len = key.n;
	add_child(obj, v);
	return true;
}

/* The members or elements after '{' or '['. */
static bool read_children(struct json_games *r, struct jval *v, struct jerr *e)
{
	bool object = v->kind == J_OBJECT;
	int close = object ? '}' : ']';
	skip_blanks(r);
	if (peek(r) == close) {
		next(r);
		return true;
	}
	for (;;) {
		skip_blanks(r);
		if (object) {
			if (!read_member(r, v, e))
				return false;
		} else {
			struct jval *child = new_value(r);
			if (!read_value(r, child, e))
				return false;
			add_child(v, child);
		}
		skip_blanks(r);
		struct pgn_loc at = here(r);
		int c = next(r);
		if (c == close)
			return true;
		if (c != ',')
			return fail(e, at, object ? "expected ',' or '}'"
						  : "expected ',' or ']'");
	}
}

static bool read_value(struct json_games *r, struct jval *v, struct jerr *e)
{
	skip_blanks(r);
	v->loc = here(r);
	if (r->arena.cap > JSON_GAME_MAX)
		return fail(e, v->loc, JSON_TOO_LARGE);
	int c = peek(r);
	if (c < 0)
		return fail(e, v->loc, "unexpected end of input");
	if (c == '"') {
		next(r);
		return read_string(r, v, e);
	}
	if (c == '-' || is_digit(c))
		return read_number(r, v, e);
	if (c != '{' && c != '[')
		return read_word(r, v, e);
	if (r->depth >= JSON_DEPTH_MAX)
		return fail(e, v->loc, "nested too deeply");
	next(r);
	v->kind = c == '{' ? J_OBJECT : J_ARRAY;
	r->depth++;
	bool ok = read_children(r, v, e);
	r->depth--;
	return ok;
}

/* ------------------------------------------------------------- decode */

static void put_utf8(struct sbuf *b, unsigned cp)
{
	if (cp < 0x80) {
		sb_addc(b, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(b, (char)(0xC0 | cp >> 6));
		sb_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else if (cp < 0x10000) {
		sb_addc(b, (char)(0xE0 | cp >> 12));
		sb_addc(b, (char)(0x80 | (cp >> 6 & 0x3F)));
		sb_addc(b, (char)(0x80 | (cp & 0x3F)));
	} else {
		sb_addc(b, (char)(0xF0 | cp >> 18));
		sb_addc(b, (char)(0x80 | (cp >> 12 & 0x3F)));
		sb_addc(b, (char)(0x80 | (cp >> 6 & 0x3F)));
		sb_addc(b, (char)(0x80 | (cp & 0x3F)));
	}
}

static unsigned hex4(const char *s)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++)
		v = v * 16 + (unsigned)hex_value((unsigned char)s[i]);
	return v;
}

/* An escape at s (after the backslash, already checked); returns the
 * bytes it took. */
static size_t decode_escape(const char *s, bool latin1, struct sbuf *b)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	if (*s != 'u') {
		sb_addc(b, to[strchr(from, *s) - from]);
		return 1;
	}
	unsigned cp = hex4(s + 1);
	if (cp >= 0xD800 && cp < 0xDC00) {
		cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(s + 7) - 0xDC00);
		put_utf8(b, cp);
		return 11;
	}
	if (latin1 && cp < 0x100)
		sb_addc(b, (char)cp);	/* a byte json_write.c escaped */
	else
		put_utf8(b, cp);
	return 5;
}

/* Appends the decoded string. */
static void decode(const char *s, size_t n, bool latin1, struct sbuf *b)
{
	for (size_t i = 0; i < n;) {
		const char *bs = memchr(s + i, '\\', n - i);
		size_t plain = bs ? (size_t)(bs - s) - i : n - i;
		sb_add(b, s + i, plain);
		i += plain;
		if (i < n)
			i += 1 + decode_escape(s + i + 1, latin1, b);
	}
}

/* ---------------------------------------------------------- to PGN */

static const struct jval *member(const struct jval *obj, const char *key)
{
	size_t n = strlen(key);
	for (const struct jval *m = obj->first; m; m = m->next)
		if (m->key_len == n && !memcmp(m->key, key, n))
			return m;	/* keys of ours never need escapes */
	return NULL;
}

/* A member of the given kind, or absent; a wrong kind fails. */
static bool typed(const struct jval *obj, const char *key, enum jkind kind,
		  const struct jval **out, struct jerr *e)
{
	static const char *const wants[] = {
		[J_STRING] = "this member must be a string",
		[J_ARRAY] = "this member must be an array",
		[J_OBJECT] = "this member must be an object",
		[J_NUMBER] = "this member must be a number",
	};
	*out = member(obj, key);
	if (!*out || (*out)->kind == kind || (*out)->kind == J_NULL) {
		if (*out && (*out)->kind == J_NULL)
			*out = NULL;
		return true;
	}
	return fail(e, (*out)->loc, wants[kind]);
}

/* The decoded text of a string value, in the scratch buffer. */
static const char *text_of(struct json_games *r, const struct jval *v,
			   struct sbuf *scratch, size_t *n)
{
	scratch->n = 0;
	decode(v->s, v->n, r->latin1, scratch);
	sb_addc(scratch, 0);
	*n = scratch->n - 1;
	return scratch->s;
}

static bool add_nags(struct json_games *r, const struct jval *a, struct jerr *e)
{
	char buf[16];
	for (const struct jval *v = a ? a->first : NULL; v; v = v->next) {
		unsigned long nag = 0;
		size_t i = 0;
		if (v->kind != J_NUMBER)
			return fail(e, v->loc, "a NAG must be a number");
		/* The number's text is not terminated: digits by hand. */
		for (; i < v->n && is_digit(v->s[i]) && nag <= 65535; i++)
			nag = nag * 10 + (unsigned long)(v->s[i] - '0');
		if (i != v->n || nag > 65535)
			return fail(e, v->loc, "a NAG is a whole number up to 65535");
		snprintf(buf, sizeof buf, "$%lu", nag);
		sb_token(&r->pgn, buf);
	}
	return true;
}

/* Whether text written on one line of PGN would not stay on it: it holds
 * an LF, or a CR (a line end, or one before the LF that ends the line,
 * which the reader drops). */
static bool breaks_line(const char *s, size_t n)
{
	return memchr(s, '\n', n) || memchr(s, '\r', n);
}

/* A comment: {text}, or ;text up to the line end when it holds a '}'. */
static bool add_comment_text(struct json_games *r, const char *s, size_t n,
			     struct pgn_loc loc, struct jerr *e)
{
	if (!memchr(s, '}', n)) {
		sb_token(&r->pgn, "{");
		sb_add(&r->pgn, s, n);
		sb_addc(&r->pgn, '}');
		return true;
	}
	if (breaks_line(s, n))
		return fail(e, loc, "a comment holding '}' cannot span lines");
	sb_token(&r->pgn, ";");
	sb_add(&r->pgn, s, n);
	sb_addc(&r->pgn, '\n');
	return true;
}

/* %text and its newline, on a line of its own. */
static bool add_escape_line(struct json_games *r, const struct jval *v,
			    struct jerr *e)
{
	size_t start;
	if (r->pgn.n && r->pgn.s[r->pgn.n - 1] != '\n')
		sb_addc(&r->pgn, '\n');
	start = r->pgn.n;
	sb_addc(&r->pgn, '%');
	decode(v->s, v->n, r->latin1, &r->pgn);
	if (breaks_line(r->pgn.s + start, r->pgn.n - start))
		return fail(e, v->loc, "an escape line cannot hold a line break");
	sb_addc(&r->pgn, '\n');
	return true;
}

/* A string (a comment), {"escape": text} or {"result": marker}. */
static bool add_comment(struct json_games *r, const struct jval *v,
			struct sbuf *scratch, struct jerr *e)
{
	const struct jval *x;
	size_t n;
	if (v->kind == J_STRING) {
		const char *text = text_of(r, v, scratch, &n);
		return add_comment_text(r, text, n, v->loc, e);
	}
	if (v->kind != J_OBJECT)
		return fail(e, v->loc, "a comment must be a string or an object");
	if (!typed(v, "escape", J_STRING, &x, e))
		return false;
	if (x)
		return add_escape_line(r, x, e);
	if (!typed(v, "result", J_STRING, &x, e))
		return false;
	if (!x)
		return fail(e, v->loc, "expected \"escape\" or \"result\"");
	sb_token(&r->pgn, "");
	decode(x->s, x->n, r->latin1, &r->pgn);
	return true;
}

static bool add_comments(struct json_games *r, const struct jval *obj,
			 const char *key, struct sbuf *scratch, struct jerr *e)
{
	const struct jval *a;
	if (!typed(obj, key, J_ARRAY, &a, e))
		return false;
	for (const struct jval *v = a ? a->first : NULL; v; v = v->next)
		if (!add_comment(r, v, scratch, e))
			return false;
	return true;
}

static bool add_nag_member(struct json_games *r, const struct jval *obj,
			   const char *key, struct jerr *e)
{
	const struct jval *a;
	return typed(obj, key, J_ARRAY, &a, e) && add_nags(r, a, e);
}

/* A move token may hold no PGN delimiter ("(p)", the push marker, is a
 * part of the move). */
static bool move_token_ok(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '(' && i + 2 < n && s[i + 1] == 'p' && s[i + 2] == ')') {
			i += 2;
			continue;
		}
		if ((unsigned char)s[i] <= ' ' || strchr("{}()[];$%\"*", s[i]))
			return false;
	}
	return true;
}

static bool add_move_text(struct json_games *r, const struct jval *obj,
			  struct sbuf *scratch, struct jerr *e)
{
	static const char *const keys[] = { "san", "lan", "uci" };
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const struct jval *v;
		size_t n;
		if (!typed(obj, keys[i], J_STRING, &v, e))
			return false;
		if (!v)
			continue;
		const char *s = text_of(r, v, scratch, &n);
		if (!move_token_ok(s, n))
			return fail(e, v->loc, "not a move");
		sb_token(&r->pgn, "");
		sb_add(&r->pgn, s, n);
		return true;
	}
	/* A line without moves has its prefix only ("ply": null); a move
	 * written without its notations (--fields fen) cannot be read. */
	const struct jval *ply = member(obj, "ply");
	if (ply && ply->kind == J_NUMBER)
		return fail(e, ply->loc, "a move without san, lan or uci");
	return true;
}

static bool add_line(struct json_games *r, const struct jval *line,
		     struct sbuf *scratch, struct jerr *e);

static bool add_variations(struct json_games *r, const struct jval *obj,
			   struct sbuf *scratch, struct jerr *e)
{
	const struct jval *a;
	if (!typed(obj, "variations", J_ARRAY, &a, e))
		return false;
	for (const struct jval *v = a ? a->first : NULL; v; v = v->next) {
		sb_token(&r->pgn, "(");
		if (!add_line(r, v, scratch, e))
			return false;
		sb_token(&r->pgn, ")");
	}
	return true;
}

/* One element of a line, in the order pgn_write.c writes. */
static bool add_move(struct json_games *r, const struct jval *m,
		     struct sbuf *scratch, struct jerr *e)
{
	if (m->kind != J_OBJECT)
		return fail(e, m->loc, "a move must be an object");
	return add_comments(r, m, "comments_before", scratch, e) &&
	       add_nag_member(r, m, "nags_before", e) &&
	       add_move_text(r, m, scratch, e) &&
	       add_nag_member(r, m, "nags", e) &&
	       add_comments(r, m, "comments", scratch, e) &&
	       add_variations(r, m, scratch, e) &&
	       add_comments(r, m, "comments_after", scratch, e);
}

static bool add_line(struct json_games *r, const struct jval *line,
		     struct sbuf *scratch, struct jerr *e)
{
	if (line->kind != J_ARRAY)
		return fail(e, line->loc, "a line of moves must be an array");
	for (const struct jval *m = line->first; m; m = m->next)
		if (!add_move(r, m, scratch, e))
			return false;
	return true;
}

static bool tag_name_ok(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ' || strchr("\"[]", s[i]) ||
		    s[i] == 0x7f)
			return false;
	return true;
}

/* [Name "value"] with '\' and '"' escaped. */
static bool add_tag(struct json_games *r, const struct jval *v,
		    struct sbuf *scratch, struct jerr *e)
{
	size_t n;
	const char *s;
	scratch->n = 0;
	decode(v->key, v->key_len, r->latin1, scratch);
	if (!tag_name_ok(scratch->s, scratch->n))
		return fail(e, v->loc, "a tag name must be a PGN symbol");
	sb_addc(&r->pgn, '[');
	sb_add(&r->pgn, scratch->s, scratch->n);
	if (v->kind != J_STRING)
		return fail(e, v->loc, "a tag value must be a string");
	s = text_of(r, v, scratch, &n);
	if (breaks_line(s, n))
		return fail(e, v->loc, "a tag value cannot hold a line break");
	sb_adds(&r->pgn, " \"");
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"' || s[i] == '\\')
			sb_addc(&r->pgn, '\\');
		sb_addc(&r->pgn, s[i]);
	}
	sb_adds(&r->pgn, "\"]\n");
	return true;
}

static bool add_tags(struct json_games *r, const struct jval *game,
		     struct sbuf *scratch, struct jerr *e)
{
	const struct jval *tags;
	if (!add_comments(r, game, "before", scratch, e))
		return false;
	if (r->pgn.n && r->pgn.s[r->pgn.n - 1] != '\n')
		sb_addc(&r->pgn, '\n');
	if (!typed(game, "tags", J_OBJECT, &tags, e))
		return false;
	for (const struct jval *v = tags ? tags->first : NULL; v; v = v->next)
		if (!add_tag(r, v, scratch, e))
			return false;
	sb_addc(&r->pgn, '\n');
	return true;
}

static bool add_result(struct json_games *r, const struct jval *game,
		       struct jerr *e)
{
	static const char *const markers[] = { "1-0", "0-1", "1/2-1/2", "*" };
	const struct jval *v;
	if (!typed(game, "result", J_STRING, &v, e))
		return false;
	for (size_t i = 0; v && i < sizeof markers / sizeof markers[0]; i++)
		if (v->n == strlen(markers[i]) && !memcmp(v->s, markers[i], v->n)) {
			sb_token(&r->pgn, markers[i]);
			sb_addc(&r->pgn, '\n');
			return true;
		}
	if (v)
		return fail(e, v->loc, "a result is 1-0, 0-1, 1/2-1/2 or *");
	sb_token(&r->pgn, "*\n");
	return true;
}

/* The "variant" member: the rules of the game, kept for the caller,
 * who knows which names are rules.  Read before any other member, so a
 * fault the caller finds in it stands before those found here. */
static bool read_variant(struct json_games *r, const struct jval *game,
			 struct jerr *e)
{
	const struct jval *v;
	if (!typed(game, "variant", J_STRING, &v, e))
		return false;
	if (!v)
		return true;
	r->variant.n = 0;
	decode(v->s, v->n, false, &r->variant);
	sb_addc(&r->variant, 0);
	r->variant_at = v->loc;
	r->has_variant = true;
	return true;
}

/* The "raw_column" a failed game's bytes began at in their line (1 when
 * absent): a whole number from 1. */
static bool read_column(struct json_games *r, const struct jval *game,
			struct jerr *e)
{
	const struct jval *v;
	uint64_t col = 0;
	size_t i = 0;
	if (!typed(game, "raw_column", J_NUMBER, &v, e))
		return false;
	if (!v)
		return true;
	/* The number's text is not terminated: digits by hand. */
	for (; i < v->n && is_digit(v->s[i]) && col <= UINT32_MAX; i++)
		col = col * 10 + (uint64_t)(v->s[i] - '0');
	if (i != v->n || col < 1 || col > UINT32_MAX)
		return fail(e, v->loc, "a raw_column is a whole number from 1");
	r->column = (uint32_t)col;
	return true;
}

static bool game_to_pgn(struct json_games *r, const struct jval *game,
			struct jerr *e)
{
	const struct jval *v;
	struct sbuf scratch = { 0 };
	bool ok;
	if (game->kind != J_OBJECT)
		return fail(e, game->loc, "a game must be an object");
	r->latin1 = (v = member(game, "latin1")) && v->kind == J_TRUE;
	r->pgn.n = 0;
	r->column = 1;
	if (!read_variant(r, game, e))
		return false;
	if (!typed(game, "raw", J_STRING, &v, e))
		return false;
	if (v) {	/* a game that failed: its bytes as they came */
		decode(v->s, v->n, r->latin1, &r->pgn);
		return read_column(r, game, e);
	}
	ok = add_tags(r, game, &scratch, e) &&
	     add_comments(r, game, "comments", &scratch, e) &&
	     add_nag_member(r, game, "nags", e) &&
	     typed(game, "moves", J_ARRAY, &v, e) &&
	     (!v || add_line(r, v, &scratch, e)) && add_result(r, game, e) &&
	     add_comments(r, game, "after", &scratch, e);
	free(scratch.s);
	return ok;
}

/* ---------------------------------------------------------- the loop */

static struct json_games *games_new(const char *name)
{
	struct json_games *r = calloc(1, sizeof *r);
	if (!r)
		pawnkit_out_of_memory();
	r->name = name;
	r->line = r->col = 1;
	arena_init(&r->arena);
	return r;
}

struct json_games *json_games_open(const char *path, struct diag *err)
{
	bool std = !path || strcmp(path, "-") == 0;
	/* Compressed or UTF-16, as the PGN reader reads it. */
	struct pgn_input *in = pgn_input_open(path, err);
	if (!in)
		return NULL;
	struct json_games *r = games_new(std ? "-" : path);
	r->in = in;
	r->chunk = malloc(READ_CHUNK);
	if (!r->chunk)
		pawnkit_out_of_memory();
	return r;
}

struct json_games *json_games_from_memory(const char *name, const char *buf,
					  size_t len)
{
	struct json_games *r = games_new(name);
	r->p = buf;
	r->end = buf + len;
	return r;
}

/* The document opens with '[' (an array of games) or '{' (games one
 * after another); an empty input holds no game. */
static bool open_document(struct json_games *r, struct jerr *e)
{
	int c = peek(r);
	if (c < 0)
		return false;
	if (c != '[' && c != '{')
		return fail(e, here(r), "expected '[' or '{' (games)");
	if (c == '{') {
		r->top = TOP_SEQUENCE;
		return true;
	}
	next(r);
	skip_blanks(r);
	r->top = TOP_ARRAY_FIRST;
	if (peek(r) != ']')
		return true;
	next(r);
	r->top = TOP_END;
	return false;
}

/* In an array, after a game: ',' and the next, or ']'. */
static bool array_next(struct json_games *r, struct jerr *e)
{
	struct pgn_loc at = here(r);
	int c = next(r);
	if (c == ']') {
		r->top = TOP_END;
		skip_blanks(r);
		if (peek(r) >= 0)
			return fail(e, here(r), "text after the end of the document");
		return false;
	}
	if (c != ',')
		return fail(e, at, "expected ',' or ']'");
	skip_blanks(r);
	if (peek(r) == ']')
		return fail(e, here(r), "expected a game after ','");
	return true;
}

/* Moves to where the next game starts; false at the end (or on an error,
 * then e->msg is set). */
static bool next_start(struct json_games *r, struct jerr *e)
{
	skip_blanks(r);
	switch (r->top) {
	case TOP_START: {
		bool more = open_document(r, e);
		if (more || e->msg)
			return more;
		skip_blanks(r);
		if (peek(r) >= 0)
			return fail(e, here(r), "text after the end of the document");
		return false;
	}
	case TOP_ARRAY_FIRST: return true;
	case TOP_ARRAY: return array_next(r, e);
	case TOP_SEQUENCE: return peek(r) >= 0;
	case TOP_END: break;
	}
	return false;
}

void json_games_reject(const struct json_games *r, struct pgn_loc at,
		       const char *message, struct diag *err)
{
	memset(err, 0, sizeof *err);
	err->file = r->name;
	err->line = at.line;
	err->col = at.col;
	diag_setf(err, DIAG_ERROR, DC_SYNTAX, "%s", message);
}

/* The document cannot be read on: *err, and nothing more is read. */
static int document_fault(struct json_games *r, const struct jerr *je,
			  struct diag *err)
{
	memset(err, 0, sizeof *err);
	err->file = r->name;
	err->line = je->loc.line;
	err->col = je->loc.col;
	if (r->read_error)
		diag_setf(err, DIAG_ERROR, DC_IO, "%s", r->read_err.message);
	else
		diag_setf(err, DIAG_ERROR, DC_SYNTAX, "%s", je->msg);
	r->top = TOP_END;
	r->eof = true;
	r->p = r->end;	/* nothing more is read after an error */
	return -1;
}

int json_games_next(struct json_games *r, const char **pgn, size_t *len,
		    struct pgn_loc *at, struct diag *err)
{
	struct jerr e = { NULL, { 0, 0 } };
	arena_reset(&r->arena);
	r->depth = 0;
	r->has_variant = false;
	if (!next_start(r, &e))
		return e.msg || r->read_error ? document_fault(r, &e, err) : 0;
	struct jval *game = new_value(r);
	if (!read_value(r, game, &e))
		return document_fault(r, &e, err);
	if (r->top == TOP_ARRAY_FIRST)
		r->top = TOP_ARRAY;
	*at = game->loc;
	if (!game_to_pgn(r, game, &e)) {
		/* The document goes on: only this game is lost. */
		json_games_reject(r, e.loc, e.msg, err);
		return 2;
	}
	*at = game->loc;
	*pgn = r->pgn.s ? r->pgn.s : "";
	*len = r->pgn.n;
	return 1;
}

uint32_t json_games_column(const struct json_games *r)
{
	return r->column ? r->column : 1;
}

bool json_games_more(struct json_games *r)
{
	skip_blanks(r);
	switch (r->top) {
	case TOP_ARRAY: return peek(r) == ',';
	case TOP_SEQUENCE: return peek(r) >= 0;
	default: return false;
	}
}

const char *json_games_variant(const struct json_games *r, size_t *len,
			       struct pgn_loc *at)
{
	if (!r->has_variant)
		return NULL;
	*len = r->variant.n - 1;
	*at = r->variant_at;
	return r->variant.s;
}

void json_games_close(struct json_games *r)
{
	if (!r)
		return;
	pgn_input_close(r->in);
	arena_release(&r->arena);
	free(r->chunk);
	free(r->pgn.s);
	free(r->variant.s);
	free(r);
}
