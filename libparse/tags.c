/* The tag section of a PGN game: [Name "value"] pairs.
 *
 * Real files bend the grammar; what is accepted and why:
 * - blank lines inside the section (ChessBase), several pairs on one line,
 *   a pair followed by movetext on the same line;
 * - an unescaped '"' inside a value ("Club "Victory""): the value ends at
 *   the quote that is followed by ']', so an inner quote is text (warning);
 * - a value ending in a backslash ("Tournament \"]"): when no quote closes
 *   the value, the last one before ']' does and the backslash is text.
 * A second tag section after a blank line, repeating a name already seen
 * (two games of tags only, or a game with an empty body), starts a new
 * game.
 * Most lines are none of this, [Name "value"] alone: tag_plain() splits
 * them sixteen bytes at a time, and the rules apply to the others. */
#include <string.h>

#include "pgn_lex.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

struct tag_text {
	const char *name, *value, *close, *after;
	size_t name_len;
	const char *odd;	/* first unescaped inner quote, or NULL */
	bool literal_backslash;	/* closed by the fallback rule */
	bool no_backslash;	/* known to hold none (tag_plain) */
};

/* Lenient: anything printable but the delimiters, as seen in old files. */
static bool tag_name_char(unsigned char c)
{
	return c > ' ' && c != '"' && c != '[' && c != ']' && c != 0x7f;
}

/* Strict PGN name characters, used to recognise a tag line while
 * resynchronising (so that "[%clk ...]" in a comment never matches). */
static bool tag_strict_char(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

bool lp_lex_tag_line(const struct pgn_lex *x, const char *p, bool *more)
{
	const char *q = p + 1, *end = x->end;

	*more = false;
	while (q < end && tag_strict_char((unsigned char)*q))
		q++;
	if (q == p + 1 && q < end)
		return false;
	while (q < end && (*q == ' ' || *q == '\t'))
		q++;
	if (q == end) {
		*more = !x->eof;
		return false;
	}
	return *q == '"';
}

static const char *tag_skip_spaces(const char *q, const char *stop)
{
	while (q < stop && (*q == ' ' || *q == '\t'))
		q++;
	return q;
}

/* A quote at q closes the value when only blanks stand between it and
 * a ']'. */
static bool tag_closes(const char *q, const char *stop)
{
	q = tag_skip_spaces(q + 1, stop);
	return q < stop && *q == ']';
}

/* An odd run of backslashes before q escapes the quote at q. */
static bool tag_escaped(const char *v, const char *q)
{
	size_t n = 0;

	while (q > v && q[-1] == '\\') {
		q--;
		n++;
	}
	return n & 1;
}

static const char *tag_value_end(const char *v, const char *stop,
				 struct tag_text *t)
{
	const char *q = v;

	while ((q = memchr(q, '"', (size_t)(stop - q))) != NULL) {
		if (!tag_escaped(v, q)) {
			if (tag_closes(q, stop))
				return q;
			if (!t->odd)
				t->odd = q;
		}
		q++;
	}
	for (q = stop; q-- > v;)
		if (*q == '"' && tag_closes(q, stop)) {
			t->literal_backslash = true;
			return q;
		}
	return NULL;
}

/* Splits "[Name "value"]" on one line [open, stop); NULL, or what is
 * wrong with *at where it is. */
static const char *tag_split(const char *open, const char *stop,
			     struct tag_text *t, const char **at)
{
	const char *q = tag_skip_spaces(open + 1, stop);

	memset(t, 0, sizeof *t);
	t->name = q;
	while (q < stop && tag_name_char((unsigned char)*q))
		q++;
	t->name_len = (size_t)(q - t->name);
	*at = q;
	if (!t->name_len)
		return "expected a tag name after '['";
	q = tag_skip_spaces(q, stop);
	*at = q;
	if (q == stop || *q != '"')
		return "expected '\"' before the tag value";
	t->value = q + 1;
	t->close = tag_value_end(t->value, stop, t);
	if (!t->close)
		return "tag value not closed by '\"]'";
	q = tag_skip_spaces(t->close + 1, stop);
	t->after = q + 1;	/* tag_closes() saw the ']' */
	return NULL;
}

#if defined(__SSE2__)
/* Bit i: byte i of the sixteen at q is no tag_name_char(). */
static inline unsigned tag_name_stops(const char *q)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
	__m128i stop = _mm_cmpeq_epi8(_mm_subs_epu8(v, _mm_set1_epi8(' ')),
				      _mm_setzero_si128());
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('[')));
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8(']')));
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)));
	return (unsigned)_mm_movemask_epi8(stop);
}

/* Bit i: byte i of the sixteen at q is a '"', backslash, LF or CR. */
static inline unsigned tag_value_stops(const char *q)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
	__m128i stop = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
	stop = _mm_or_si128(stop, _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
	return (unsigned)_mm_movemask_epi8(stop);
}
#endif

/* The first byte from q on that is no tag_name_char(), or end; sixteen
 * bytes at a time where the window has them. */
static inline const char *tag_name_end(const char *q, const char *end)
{
#if defined(__SSE2__)
	for (; end - q >= 16; q += 16) {
		unsigned m = tag_name_stops(q);
		if (m)
			return q + __builtin_ctz(m);
	}
#endif
	while (q < end && tag_name_char((unsigned char)*q))
		q++;
	return q;
}

/* The first '"', backslash, LF or CR (which may end the line) from q on,
 * or end. */
static inline const char *tag_value_stop(const char *q, const char *end)
{
#if defined(__SSE2__)
	for (; end - q >= 16; q += 16) {
		unsigned m = tag_value_stops(q);
		if (m)
			return q + __builtin_ctz(m);
	}
#endif
	while (q < end && *q != '"' && *q != '\\' && *q != '\n' && *q != '\r')
		q++;
	return q;
}

/* The common line, [Name "value"] and its line end, with nothing that
 * needs the rules above: no blank but the one before the value, no
 * backslash and no quote inside it, the line end right after the ']'.
 * Fills *t as tag_split() would and returns true; false for the general
 * path.  (The line end is required so that the line is whole, as
 * tag_pair() has it; a CR ends it alone or before an LF, whichever byte
 * follows, once that byte is there.) */
static bool tag_plain(const char *open, const char *end, struct tag_text *t)
{
	const char *q = tag_name_end(open + 1, end), *v;

	if (q == open + 1 || end - q < 2 || memcmp(q, " \"", 2) != 0)
		return false;
	t->name = open + 1;
	t->name_len = (size_t)(q - t->name);
	v = q + 2;
	q = tag_value_stop(v, end);
	if (end - q < 3 || memcmp(q, "\"]", 2) != 0 ||
	    (q[2] != '\n' && (q[2] != '\r' || end - q < 4)))
		return false;
	t->value = v;
	t->close = q;
	t->after = q + 2;
	t->odd = NULL;
	t->literal_backslash = false;
	t->no_backslash = true;
	return true;
}

/* Are the two bytes at p those of lit?  One load and one compare (the
 * literal's copy is a constant, whatever the byte order). */
static inline bool tag_two(const char *p, const char *lit)
{
	uint16_t a, b;

	memcpy(&a, p, 2);
	memcpy(&b, lit, 2);
	return a == b;
}


/* Copies name and unescaped value into the arena as one block: the name,
 * two bytes (its end and one unused), the value and its end.  The gap is
 * that of the plain line's ' "', so that line is copied at once. */
static void tag_store(struct pgn_lex *x, const struct tag_text *t,
		      struct pgn_loc loc)
{
	struct pgn_tag *tag;
	size_t vlen = (size_t)(t->close - t->value);
	char *s = lex_alloc(&x->g->arena, t->name_len + vlen + 3);
	char *v = s + t->name_len + 2, *w = v;
	const char *q;

	if (t->no_backslash && t->value == t->name + t->name_len + 2) {
		memcpy(s, t->name, t->name_len + 2 + vlen);
		w = v + vlen;
	} else if (t->no_backslash || !memchr(t->value, '\\', vlen)) {
		memcpy(s, t->name, t->name_len);
		memcpy(v, t->value, vlen);
		w = v + vlen;
	} else {
		memcpy(s, t->name, t->name_len);
		for (q = t->value; q < t->close; q++) {
			if (*q == '\\' && q + 1 < t->close &&
			    (q[1] == '"' || q[1] == '\\'))
				q++;
			*w++ = *q;
		}
	}
	s[t->name_len] = 0;
	*w = 0;
	if (x->ntags == x->r->tag_cap)
		lp_lex_grow_tags(x->r, x->ntags + 1);
	tag = &x->r->tagv[x->ntags++];
	tag->name = s;
	tag->value = v;
	tag->value_len = (size_t)(w - v);
	tag->loc = loc;
}

/* tag_plain() of the common line that is short (a name under sixteen
 * bytes, a value under thirty-two) and far from the window's end, from
 * three loads and no loop: 1 plain (its name's length and its value's
 * closing quote in *name_len and *close), 0 not plain, -1 not known here
 * (a longer line, the window's end near). */
static inline __attribute__((always_inline)) int
tag_plain_quick(const char *open, const char *end, size_t *name_len,
		const char **close)
{
#if defined(__SSE2__)
	unsigned a, b;
	const char *q, *v;

	if (end - open < 64 || !(a = tag_name_stops(open + 1)))
		return -1;
	q = open + 1 + __builtin_ctz(a);
	if (q == open + 1 || !tag_two(q, " \""))
		return 0;
	v = q + 2;
	b = tag_value_stops(v) | tag_value_stops(v + 16) << 16;
	if (!b)
		return -1;
	q = v + __builtin_ctz(b);
	*name_len = (size_t)(v - 2 - (open + 1));
	*close = q;
	return tag_two(q, "\"]") && (q[2] == '\n' || q[2] == '\r');
#else
	return -1;
#endif
}

/* tag_plain(), for the name's length and the value's closing quote. */
static inline __attribute__((always_inline)) bool
tag_plain_short(const char *open, const char *end, size_t *name_len,
		const char **close)
{
	struct tag_text t;
	int quick = tag_plain_quick(open, end, name_len, close);

	if (quick >= 0)
		return quick;
	if (!tag_plain(open, end, &t))
		return false;
	*name_len = t.name_len;
	*close = t.close;
	return true;
}

/* Room for n bytes and the end of the copy (n + 1 rounded up to sixteen)
 * in the game's arena: what tag_store() allocates, but for the copy
 * sixteen bytes at a time. */
static inline char *tag_room(struct arena *a, size_t room)
{
	char *s;

	if (a->cap - a->used < room)
		return arena_alloc(a, room);
	s = a->cur + a->used;
	a->used += room;
	return s;
}

/* A plain line's name, its ' "' and its value: n bytes from src, copied
 * sixteen at a time when the window holds the bytes read past them. */
static inline char *tag_copy_plain(struct pgn_lex *x, const char *src,
				   size_t n)
{
	size_t room = (n + 16) & ~(size_t)15;
	char *s = tag_room(&x->g->arena, room);

#if defined(__SSE2__)
	if ((size_t)(x->end - src) >= room) {
		for (size_t i = 0; i < n; i += 16)
			_mm_storeu_si128((__m128i *)(void *)(s + i),
					 _mm_loadu_si128((const __m128i *)
							 (const void *)(src + i)));
		return s;
	}
#endif
	memcpy(s, src, n);
	return s;
}

/* The nth tag: the copy at s of a plain line's name, ' "' and value (of
 * vlen bytes), ended, and its entry.  The plain stores' common end. */
static inline void tag_entry(struct pgn_lex *x, char *s, size_t name_len,
			     size_t vlen, struct pgn_loc loc, size_t n)
{
	struct pgn_tag *tag;

	s[name_len] = 0;
	s[name_len + 2 + vlen] = 0;
	if (n == x->r->tag_cap)
		lp_lex_grow_tags(x->r, n + 1);
	tag = &x->r->tagv[n];
	tag->name = s;
	tag->value = s + name_len + 2;
	tag->value_len = vlen;
	tag->loc = loc;
}

/* The plain line at open, stored as tag_store() stores it, at column 1 of
 * line (no warning to give).  The new tag is the nth. */
static inline void tag_store_plain(struct pgn_lex *x, const char *open,
				   size_t name_len, const char *close,
				   uint32_t line, size_t n)
{
	size_t vlen = (size_t)(close - (open + name_len + 3));
	char *s = tag_copy_plain(x, open + 1, name_len + 2 + vlen);

	tag_entry(x, s, name_len, vlen, (struct pgn_loc){ line, 1 }, n);
}

/* tag_store_plain() of a line tag_line_fast() took: its name, ' "' and
 * value are under 32 bytes and the window holds 32 past open, so two
 * copies of sixteen do, with no test of the length. */
static inline void tag_store_fast(struct pgn_lex *x, const char *open,
				  size_t name_len, const char *close,
				  struct pgn_loc loc, size_t n)
{
#if defined(__SSE2__)
	size_t vlen = (size_t)(close - (open + name_len + 3));
	char *s = tag_room(&x->g->arena, 32);

	_mm_storeu_si128((__m128i *)(void *)s,
			 _mm_loadu_si128((const __m128i *)(const void *)
					 (open + 1)));
	_mm_storeu_si128((__m128i *)(void *)(s + 16),
			 _mm_loadu_si128((const __m128i *)(const void *)
					 (open + 17)));
	tag_entry(x, s, name_len, vlen, loc, n);
#else
	(void)x, (void)open, (void)name_len, (void)close, (void)loc, (void)n;
#endif
}

/* Where tag_run() left: on line, which starts at line_start. */
static void tag_run_lines(struct pgn_lex *x, uint32_t line,
			  const char *line_start)
{
	x->line = line;
	x->line_start = line_start;
	x->col_bias = 1;
}

#if defined(__SSE2__)
/* Sixteen bytes of tag_line_masks(). */
static inline void tag_line_half(__m128i b, uint32_t *n, uint32_t *v,
				 uint32_t *l)
{
	__m128i q = _mm_cmpeq_epi8(b, _mm_set1_epi8('"'));
	__m128i lf = _mm_cmpeq_epi8(b, _mm_set1_epi8('\n'));
	/* Signed: the bytes up to ' ' and those past 0x7f. */
	__m128i low = _mm_cmpgt_epi8(_mm_set1_epi8('!'), b);
	__m128i br = _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('[')),
				  _mm_cmpeq_epi8(b, _mm_set1_epi8(']')));
	__m128i del = _mm_cmpeq_epi8(b, _mm_set1_epi8(0x7f));
	__m128i bs = _mm_cmpeq_epi8(b, _mm_set1_epi8('\\'));
	__m128i cr = _mm_cmpeq_epi8(b, _mm_set1_epi8('\r'));

	*n = (uint32_t)_mm_movemask_epi8(
		_mm_or_si128(_mm_or_si128(low, q), _mm_or_si128(br, del)));
	*v = (uint32_t)_mm_movemask_epi8(
		_mm_or_si128(q, _mm_or_si128(bs, cr)));
	*l = (uint32_t)_mm_movemask_epi8(lf);
}

/* The bits of the 32 bytes at q: those that are no tag_name_char(), and
 * bytes past 0x7f, which a plain line's name may hold but this path
 * leaves to the general one (*n); those that may end a value before the
 * line's first LF (*v: '"', backslash, CR); the LFs (return value).  Two
 * loads and no loop. */
static inline uint32_t tag_line_masks(const char *q, uint32_t *n, uint32_t *v)
{
	uint32_t na, va, la, nb, vb, lb;

	tag_line_half(_mm_loadu_si128((const __m128i *)(const void *)q),
		      &na, &va, &la);
	tag_line_half(_mm_loadu_si128((const __m128i *)(const void *)(q + 16)),
		      &nb, &vb, &lb);
	*n = na | nb << 16;
	*v = va | vb << 16;
	return la | lb << 16;
}
#endif

/* The line at open ('['), when it is plain as tag_plain() has it and ends
 * in its first 32 bytes: 1 when the next line starts with '[', 2 when
 * not, with the name's length, the closing quote and the next line's
 * start.  0 when not known so (the general steps then decide).  The next
 * line is found from the LF alone, so that reading one line does not
 * wait for the tests of the one before. */
enum { TAG_FAST_NO, TAG_FAST_MORE, TAG_FAST_LAST };

static inline __attribute__((always_inline)) int
tag_line_fast(const char *open, const char *end, size_t *name_len,
	      const char **close, const char **next)
{
#if defined(__SSE2__)
	uint32_t n, v, l = end - open >= 64 ? tag_line_masks(open, &n, &v) : 0;
	unsigned at, name_end, s;

	if (!l)
		return TAG_FAST_NO;
	at = (unsigned)__builtin_ctz(l);
	*next = open + at + 1;
	name_end = (unsigned)__builtin_ctz(n & ~(uint32_t)1);
	s = at - 2 - (open[at - 1] == '\r');
	/* The value's bytes, between the ' "' and s, hold no stop (and no
	 * LF: the first is past s). */
	if (name_end < 2 || s < name_end + 2 || s > 31 ||
	    (v & (((uint32_t)1 << s) - ((uint32_t)1 << (name_end + 2)))) ||
	    !tag_two(open + name_end, " \"") || !tag_two(open + s, "\"]"))
		return TAG_FAST_NO;
	*name_len = name_end - 1;
	*close = open + s;
	return **next == '[' ? TAG_FAST_MORE : TAG_FAST_LAST;
#else
	(void)open, (void)end, (void)name_len, (void)close, (void)next;
	return TAG_FAST_NO;
#endif
}

/* The plain lines that follow the pair just read, each right after the
 * line end of the one before (LF or CRLF): what lp_lex_tag_section()
 * would do with them, without its general steps.  Stops at the line end
 * before any other line, or with x->p at the '[' of a line that is not
 * plain, where the general steps take over in the state they would have
 * reached. */
static void tag_run(struct pgn_lex *x)
{
	const char *p = x->p, *end = x->end, *line_start = NULL, *close, *next;
	uint32_t line = x->line;
	size_t n = x->ntags, name_len;
	int fast;

	if (p == end)
		return;
	for (;;) {
		/* p < end: a plain line's end is in the window. */
		const char *lf = p + (*p == '\r');
		if (end - lf < 2 || !tag_two(lf, "\n["))
			break;
		line++;
		p = line_start = lf + 1;
		while ((fast = tag_line_fast(p, end, &name_len, &close,
					     &next)) != TAG_FAST_NO) {
			tag_store_fast(x, p, name_len, close,
				       (struct pgn_loc){ line, 1 }, n++);
			if (fast == TAG_FAST_LAST)
				break;
			line++;
			p = line_start = next;
		}
		if (fast == TAG_FAST_LAST) {
			p = close + 2;	/* the loop's test would stop there */
			break;
		}
		if (!tag_plain_short(p, end, &name_len, &close))
			break;
		tag_store_plain(x, p, name_len, close, line, n++);
		p = close + 2;
	}
	x->p = p;
	x->ntags = n;
	if (line_start)
		tag_run_lines(x, line, line_start);
}

static void tag_warn(struct pgn_lex *x, const struct tag_text *t)
{
	if (t->odd)
		lp_lex_diag(x, lex_loc(x, t->odd), DIAG_WARNING, DC_TAG_SYNTAX,
			    "tag: unescaped '\"' inside the value of %.*s",
			    (int)(t->name_len > 40 ? 40 : t->name_len),
			    t->name);
	if (t->literal_backslash)
		lp_lex_diag(x, lex_loc(x, t->close - 1), DIAG_WARNING,
			    DC_TAG_SYNTAX, "tag: value of %.*s ends in '\\' "
			    "(kept as text)",
			    (int)(t->name_len > 40 ? 40 : t->name_len),
			    t->name);
}

/* The end of the pair that opens at open, when the buffer shows it
 * before any line end: past the ']' after the first unescaped quote
 * (after the value's opening one) that only blanks separate from a ']'.
 * tag_split() up to there reads the pair as it would up to the line's
 * end, without looking further: a file on one line stays linear.  NULL
 * when a line end or the buffer's end comes first. */
static const char *tag_close_ahead(const char *open, const char *end)
{
	const char *q = open + 1, *v = NULL, *r;

	for (;; q++) {
		q = tag_value_stop(q, end);
		if (q == end || *q == '\n' || *q == '\r')
			return NULL;
		if (*q != '"')
			continue;
		if (!v) {
			v = q + 1;
			continue;
		}
		if (tag_escaped(v, q))
			continue;
		r = tag_skip_spaces(q + 1, end);
		if (r == end)
			return NULL;
		if (*r == ']')
			return r + 1;
	}
}

/* The general path of tag_pair(): the line, split by the rules above.
 * LX_OK with x->p past the line when it is no tag pair (reported). */
static enum lx tag_line(struct pgn_lex *x, struct tag_text *t, bool *pair)
{
	const char *open = x->p, *eol, *at, *msg;
	const char *soft = tag_close_ahead(open, x->end);

	*pair = true;
	if (soft && !tag_split(open, soft, t, &at))
		return LX_OK;
	*pair = false;
	eol = lex_find_line_end(x, open, x->end);
	if (!eol) {
		if (!x->eof)
			return LX_MORE;
		eol = x->end;
	}
	msg = tag_split(open, lex_text_end(open, eol), t, &at);
	if (msg) {
		lp_lex_diag(x, lex_loc(x, at), DIAG_ERROR, DC_TAG_SYNTAX,
			    "tag: %s", msg);
		lex_mark_start(x, open);
		x->p = eol;
		return LX_OK;
	}
	*pair = true;
	return LX_OK;
}

static enum lx tag_pair(struct pgn_lex *x, bool after_blank)
{
	const char *open = x->p, *next;
	struct tag_text t;
	int fast = tag_line_fast(open, x->end, &t.name_len, &t.close, &next);

	if (fast != TAG_FAST_NO ||
	    tag_plain_short(open, x->end, &t.name_len, &t.close)) {
		t.name = open + 1;
		t.value = t.name + t.name_len + 2;
		t.after = t.close + 2;
		t.odd = NULL;
		t.literal_backslash = false;
		t.no_backslash = true;
	} else {
		bool pair;
		enum lx rc = tag_line(x, &t, &pair);
		if (rc != LX_OK || !pair)
			return rc;
	}
	if (after_blank && x->ntags && lp_lex_tag_seen(x, t.name, t.name_len))
		return lp_lex_end_at(x, open);
	lex_mark_start(x, open);
	if (fast != TAG_FAST_NO) {
		/* Plain: no warning to give. */
		tag_store_fast(x, open, t.name_len, t.close, lex_loc(x, open),
			       x->ntags);
		x->ntags++;
	} else {
		tag_store(x, &t, lex_loc(x, open));
		tag_warn(x, &t);
	}
	x->p = t.after;
	return LX_OK;
}

/* Blanks and line ends; *blank_line when a whole line was empty. */
static enum lx tag_blanks(struct pgn_lex *x, bool *blank_line)
{
	const char *p = x->p, *end = x->end;
	int newlines = 0;

	/* Nearly always: the LF or CRLF that ends a tag line, then the next
	 * one's '['. */
	const char *lf = p < end && *p == '\r' ? p + 1 : p;
	if (end - lf >= 2 && lf[0] == '\n' && lf[1] == '[') {
		lex_newline(x, lf);
		x->p = lf + 1;
		return LX_OK;
	}
	for (; p < end; p++) {
		/* A CRLF in one step, as the one line end it is (after each
		 * tag pair of a CRLF file). */
		if (*p == '\r' && p + 1 < end && p[1] == '\n')
			p++;
		if (lex_line_end(x, p)) {
			lex_newline(x, p);
			if (++newlines == 2)
				*blank_line = true;
		} else if (!lex_blank((unsigned char)*p)) {
			x->p = p;
			return LX_OK;
		}
	}
	x->p = p;
	if (!x->eof)
		return LX_MORE;
	return lp_lex_end_at(x, end);
}

/* A '%' line: an escape for other programs.  Kept with the game (its
 * text without the '%' and its line end), so that a writer can give it
 * back; tags_only keeps it too, it is rare and small. */
static enum lx tag_escape_line(struct pgn_lex *x)
{
	const char *eol = lex_find_line_end(x, x->p, x->end);
	const char *stop, *from = x->p + 1;

	if (!eol && !x->eof)
		return LX_MORE;
	if (!eol)
		eol = x->end;
	stop = lex_text_end(from, eol);
	lex_mark_start(x, x->p);
	lp_lex_outside_item(x, &x->g->before, PI_ESCAPE, lex_loc(x, x->p), from,
			    stop);
	x->p = eol;
	return LX_OK;
}

/* A UTF-8 byte order mark at the start of a line before the movetext: the
 * mark of a file that was appended to another ('cat a.pgn b.pgn' with b
 * saved by a Windows program).  Skipped like the one that opens the input:
 * kept in the raw bytes, not counted in columns.  LX_OK with *skipped
 * false when there is none. */
static enum lx tag_bom(struct pgn_lex *x, bool *skipped)
{
	*skipped = false;
	if (lex_loc(x, x->p).col != 1)
		return LX_OK;
	int bom = lex_bom_at(x, x->p);
	if (bom <= 0)
		return bom < 0 ? LX_MORE : LX_OK;
	x->p += 3;
	x->line_start += 3;
	*skipped = true;
	return LX_OK;
}

enum lx lp_lex_tag_section(struct pgn_lex *x)
{
	bool blank_line = false, bom = false;

	for (;;) {
		enum lx rc = tag_blanks(x, &blank_line);
		if (rc != LX_OK)
			return rc;
		if ((unsigned char)*x->p == 0xef) {
			rc = tag_bom(x, &bom);
			if (rc != LX_OK)
				return rc;
			if (bom)
				continue;
		}
		if (*x->p == '[') {
			rc = tag_pair(x, blank_line);
			blank_line = false;
			if (rc == LX_OK)
				tag_run(x);
		} else if (*x->p == '%' && lex_loc(x, x->p).col == 1) {
			rc = tag_escape_line(x);
		} else {
			/* A DOS end-of-file mark is blank: no game starts. */
			rc = lp_lex_end_dos_eof(x);
			if (rc != LX_OK)
				return rc;
			lex_mark_start(x, x->p);
			return LX_OK;
		}
		if (rc != LX_OK)
			return rc;
	}
}

/* ------------------------------------------------------------- lookup */

const struct pgn_tag *pgn_tag_find(const struct pgn_game *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->ntags; i++)
		if (!strcmp(g->tags[i].name, name))
			return &g->tags[i];
	return NULL;
}

const char *pgn_tag_value(const struct pgn_game *g, const char *name)
{
	const struct pgn_tag *t = pgn_tag_find(g, name);

	return t ? t->value : NULL;
}
