/* The streaming PGN reader: buffering, game boundaries, diagnostics.
 *
 * Input is read in large blocks into one buffer that holds the current
 * game (and whatever follows it in the block); the buffer grows only when a
 * single game does not fit, up to max_game_bytes.  Each game is lexed in one
 * attempt over the bytes held (see pgn_lex.h); an attempt that runs off the
 * end of the buffer is dropped, more is read and the game is lexed again.
 * Diagnostics are queued during an attempt and sent when it completes.
 * With tags_only, movetext that is plain is scanned, not lexed, to its end
 * (the tags-only scan below): the same boundaries, many times faster.
 *
 * A game over max_game_bytes is returned flagged PGN_TOO_LARGE with its
 * tags and no movetext tree.  When its end turns up within a little slack
 * past the limit, its raw bytes are whole.  Otherwise only its first
 * max_game_bytes bytes are kept as raw (PGN_RAW_CUT) and the rest of it,
 * up to a line that starts a new game ("[Event " or a tag line after a
 * blank line), is skipped while the next game is read, given on the way
 * to opts.skipped: so the raw bytes of all games and the skipped ones add
 * up to the input, and memory stays bounded by the limit. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "input.h"
#include "pgn_lex.h"

#define READ_BLOCK ((size_t)1 << 20)
#define DEFAULT_MAX_GAME ((size_t)64 << 20)
#define DEFAULT_MAX_DEPTH 256u
#define MAX_DEPTH_CAP 65536u
/* How far past max_game_bytes the end of a game is still looked for. */
#define LIMIT_SLACK ((size_t)4096)

/* The tags-only scan's classifier for this processor (see below). */
static scan_plain_fn *scan_pick(void);

/* ----------------------------------------------------------- allocation */


/* ------------------------------------------------------------- creation */

static struct pgn_reader *reader_new(const char *name,
				     const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = calloc(1, sizeof *r);

	if (!r)
		pawnkit_out_of_memory();
	r->name = name ? name : "-";
	r->line = 1;
	r->col = 1;
	r->origin = true;
	if (opts)
		r->opts = *opts;
	/* Bytes from inside a line of another input: not its start. */
	if (r->opts.first_col > 1) {
		r->col = r->opts.first_col;
		r->origin = false;
	}
	if (!r->opts.max_game_bytes)
		r->opts.max_game_bytes = DEFAULT_MAX_GAME;
	/* Item lengths are 32-bit. */
	if (r->opts.max_game_bytes > UINT32_MAX)
		r->opts.max_game_bytes = UINT32_MAX;
	r->scan = scan_pick();
	if (!r->opts.max_depth)
		r->opts.max_depth = DEFAULT_MAX_DEPTH;
	if (r->opts.max_depth > MAX_DEPTH_CAP)
		r->opts.max_depth = MAX_DEPTH_CAP;
	r->stack = pawnkit_realloc(NULL, (r->opts.max_depth + 1) *
					      sizeof *r->stack);
	return r;
}

struct pgn_reader *pgn_reader_open(const char *path,
				   const struct pgn_reader_opts *opts,
				   struct diag *err)
{
	struct pgn_input *in = pgn_input_open(path, err);
	if (!in)
		return NULL;
	struct pgn_reader *r = reader_new(path, opts);
	r->in = in;
	r->cap = READ_BLOCK;
	r->own = pawnkit_realloc(NULL, r->cap);
	r->data = r->own;
	return r;
}

struct pgn_reader *pgn_reader_from_memory(const char *name, const char *buf,
					  size_t len,
					  const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = reader_new(name, opts);

	r->data = buf;
	r->len = len;
	r->eof = true;
	return r;
}

/* A reader that starts inside an input (chunk and resumed readers): at
 * and origin say where its first byte stands. */
static void reader_place(struct pgn_reader *r, bool origin, struct pgn_loc at)
{
	r->origin = origin;
	r->line = at.line;
	r->col = at.col;
}

struct pgn_reader *pgn_reader_from_chunk(const char *name, const char *buf,
					 size_t len, bool last, bool origin,
					 struct pgn_loc at,
					 const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = pgn_reader_from_memory(name, buf, len, opts);

	r->eof = last;
	reader_place(r, origin, at);
	return r;
}

struct pgn_reader *pgn_reader_resume(const char *name, struct pgn_input *in,
				     char *buf, size_t len, size_t cap,
				     bool origin, struct pgn_loc at,
				     bool ended,
				     const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = reader_new(name, opts);

	r->in = in;
	r->eof = ended;
	r->in_borrowed = true;
	r->own = buf;
	r->len = len;
	r->cap = cap;
	if (r->cap < READ_BLOCK) {
		r->cap = READ_BLOCK;
		r->own = pawnkit_realloc(r->own, r->cap);
	}
	r->data = r->own;
	reader_place(r, origin, at);
	return r;
}

uint64_t pgn_reader_consumed(const struct pgn_reader *r)
{
	return r->dropped + r->start;
}

bool pgn_reader_unread(const struct pgn_reader *r, const char **p,
		       size_t *len)
{
	*p = r->data + r->start;
	*len = r->len - r->start;
	return r->eof;
}

bool pgn_reader_tell(const struct pgn_reader *r, size_t *offset,
		     struct pgn_loc *at)
{
	*offset = r->start;
	at->line = r->line;
	at->col = r->col;
	return !r->skipping;
}

void pgn_reader_close(struct pgn_reader *r)
{
	if (!r)
		return;
	if (!r->in_borrowed)
		pgn_input_close(r->in);
	free(r->own);
	free(r->tagv);
	free(r->names);
	free(r->stack);
	free(r->diags);
	free(r);
}

/* ---------------------------------------------------------------- input */

/* The unread bytes moved to the front of the buffer, what went before
 * them counted as dropped. */
static void reader_compact(struct pgn_reader *r)
{
	memmove(r->own, r->own + r->start, r->len - r->start);
	r->len -= r->start;
	r->dropped += r->start;
	r->start = 0;
}

/* Moves the unread bytes to the front, grows the buffer if they fill it,
 * and reads until it is full or the input ends, or until nothing more
 * has come: a game that has come whole through a pipe is not held back
 * until a writer sends a buffer's worth more (a slow producer, games fed
 * as they are played).  What a read adds is at least a quarter of what
 * was held before it returns early, so that a long game coming in small
 * pieces is attempted again a few times, not once a piece (each attempt
 * reads the game from its start).  A read that fails after others gave
 * bytes leaves them to be read as games: the error is the next call's. */
static int reader_fill(struct pgn_reader *r, struct diag *err)
{
	if (r->start > 0)
		reader_compact(r);
	if (r->len == r->cap) {
		r->cap *= 2;
		r->own = pawnkit_realloc(r->own, r->cap);
		r->data = r->own;
	}
	size_t held = r->len, got = 0;
	while (r->len < r->cap) {
		if (got && got >= held / 4 && !lp_input_ready(r->in))
			break;
		ssize_t n = pgn_input_read(r->in, r->own + r->len,
					   r->cap - r->len, err);
		if (n < 0 && !got)
			return -1;
		if (n < 0)
			break;	/* the input gives its error again */
		if (n == 0) {
			r->eof = true;
			break;
		}
		r->len += (size_t)n;
		got += (size_t)n;
	}
	return 0;
}

/* ------------------------------------------------------------- attempts */

static void game_clear(struct pgn_game *g, const struct pgn_reader *r)
{
	arena_reset(&g->arena);
	g->index = r->index + 1;
	g->file = r->name;
	g->raw = NULL;
	g->raw_len = 0;
	g->start = (struct pgn_loc){ r->line, r->col };
	g->raw_at = g->start;
	g->raw_origin = r->origin && r->index == 0;
	g->movetext = NULL;
	g->tags = NULL;
	g->ntags = 0;
	memset(&g->before, 0, sizeof g->before);
	memset(&g->after, 0, sizeof g->after);
	memset(&g->moves, 0, sizeof g->moves);
	g->result = NULL;
	g->flags = 0;
}

static void lex_init(struct pgn_lex *x, struct pgn_reader *r,
		     struct pgn_game *g, size_t window, bool eof)
{
	const char *base = r->data + r->start;
	bool build = !r->opts.tags_only;

	static const struct pgn_lex blank;

	/* A copy of a blank one, then the fields: a memset() of the struct
	 * was a rep stos, whose start-up cost more than the rest of the
	 * attempt's set-up. */
	*x = blank;
	x->r = r;
	x->g = g;
	x->base = x->p = x->copy_src = x->line_start = base;
	x->end = base + window;
	x->eof = eof;
	x->build = build;
	x->build_depth = build ? (long)r->opts.max_depth : -1;
	x->line = r->line;
	x->col_bias = r->col;
	r->stack[0] = &g->moves;
}

/* ------------------------------------------------------ tags-only scan */

/* With tags_only no item is built, and nearly all movetext is plain: moves,
 * move numbers, blanks and newlines up to the termination marker and the
 * next "[Event" line.  For such movetext the game's end follows from a few
 * facts found 64 bytes at a time (with SSE2 or AVX2 where there are): the
 * first byte that is not plain, the line ends (LFs, and CRs that no LF
 * follows), and the places where a termination marker may stand ('-' or
 * '/' after a digit, and '*').
 * Whenever the movetext holds anything else (a comment, a variation, a
 * NAG, junk, a very long number, a comment after the marker, the window's
 * end before the input's), the movetext lexer runs instead from the same
 * start, so the boundaries, the flags, the marker and the diagnostics are
 * always those it finds.  The tests (test_reader_scan) compare the two.
 *
 * Plain bytes: the ASCII bytes of move tokens (lp_byte_class LC_MOVE_ASCII),
 * the blanks and '\n'.  A byte past ASCII in movetext is the lexer's: it
 * may be a result or a NAG as typesetting writes them ("1–0", "±").  In plain movetext every token is a move, a move number or a
 * marker, none raises a diagnostic (but a number over UINT32_MAX: any run
 * of ten digits goes the slow way), the depth stays 0, and the game ends
 * at the first marker (then at the first non-blank byte after it, which is
 * '[' or starts the next game) or, without one, at the '[' of the first
 * line that starts with it. */
enum scan_rc { SCAN_DONE, SCAN_SLOW };

/* How far back a candidate's word is looked at: the lexer decides in a
 * longer one, where each candidate going back to the word's start would
 * make a word of megabytes quadratic ("-37-37-37..."). */
#define SCAN_WORD_MAX 64

/* Is a token starting at s, a digit in plain movetext from lo on?  Within
 * a word a token starts at the word's start, and after a move number's
 * dots ("12.e4", "1.1-0"); a word starting otherwise is one token.  -1 in
 * a word longer than SCAN_WORD_MAX before s. */
static int scan_token_start(const char *lo, const char *s)
{
	const char *ws = s, *p;

	while (ws > lo && !lex_blank((unsigned char)ws[-1]) && ws[-1] != '\n') {
		if (s - ws == SCAN_WORD_MAX)
			return -1;
		ws--;
	}
	for (p = ws; p < s;) {
		if (!lp_digit((unsigned char)*p))
			return false;
		while (p < s && lp_digit((unsigned char)*p))
			p++;
		if (p == s || *p != '.')
			return false;	/* s inside a number, or a glued token */
		while (*p == '.')
			p++;
	}
	return p == s;
}

/* After a termination marker ending at te: the game ends at the first
 * non-blank byte (mt_after_result), unless comments follow it. */
static enum scan_rc scan_after_result(struct pgn_lex *x, const char *te,
				      const char **stop)
{
	const char *p = te, *end = x->end;

	while (p < end && (lex_blank((unsigned char)*p) || *p == '\n'))
		p++;
	if (p == end) {
		*stop = end;
		return x->eof ? SCAN_DONE : SCAN_SLOW;
	}
	/* Comments, a 0x1a that may be the DOS end-of-file mark and a byte
	 * order mark that may open a line are the lexer's to decide. */
	if (*p == '{' || *p == ';' || *p == '%' || *p == '\x1a' ||
	    *p == '\xef')
		return SCAN_SLOW;
	*stop = p;
	return SCAN_DONE;
}

/* The length of the token at s (a digit, then '-' or '/') when it is a
 * marker with a byte after it in the window, as nearly every one is: the
 * walk over the token's bytes, a branch a byte, is then not needed.  0
 * for any other. */
static size_t scan_marker_len(const char *s, const char *end)
{
	size_t n = s[1] == '-' ? 3 : 7;

	if (end - s > (ptrdiff_t)n && lp_result_text(s, n) &&
	    !lp_move_byte((unsigned char)s[n]))
		return n;
	return 0;
}

/* The token of a '-' or '/' at c after a digit: when it is a termination
 * marker, *text and the game's end.  SCAN_SLOW when unsure. */
static enum scan_rc scan_candidate(struct pgn_lex *x, const char *c,
				   const char **text, const char **stop)
{
	const char *s = c - 1, *te, *end = x->end;
	int start = scan_token_start(x->p, s);

	*text = NULL;
	if (start <= 0)
		return start < 0 ? SCAN_SLOW : SCAN_DONE;
	te = s + scan_marker_len(s, end);
	if (te == s)
		te = c;
	while (te < end && lp_move_byte((unsigned char)*te))
		te++;
	if (te == end ? !x->eof
		      : !lex_blank((unsigned char)*te) && *te != '\n')
		return SCAN_SLOW;	/* "(p)", a glued '*', or more to read */
	*text = lp_result_text(s, (size_t)(te - s));
	return *text ? scan_after_result(x, te, stop) : SCAN_DONE;
}

/* The lone '*' at t (never inside a token): a termination marker unless a
 * move character is glued to it (mt_star). */
static enum scan_rc scan_star(struct pgn_lex *x, const char *t,
			      const char **stop)
{
	if (t + 1 < x->end && lp_move_byte((unsigned char)t[1]))
		return SCAN_SLOW;
	return scan_after_result(x, t + 1, stop);	/* slow at the end */
}

/* Bit i of each mask: byte i of a block of 64. */
struct scan_block {
	uint64_t odd;		/* not plain */
	uint64_t digit;
	uint64_t dash;		/* '-' or '/' */
	uint64_t nl;		/* LF */
	uint64_t cr;
};

/* How the blocks are classified: SCAN_ISA picks the best the build and
 * the processor have (2); 1 and 0 force SSE2 or the portable table, for
 * tests. */
#ifndef SCAN_ISA
#define SCAN_ISA 2
#endif

/* The portable classifier. */
enum { SB_ODD = 1, SB_DIGIT = 2, SB_DASH = 4, SB_NL = 8, SB_CR = 16 };

static unsigned char scan_class(unsigned char c)
{
	if (c == '\n')
		return SB_NL;
	if (c == '\r')
		return SB_CR;
	if (lp_byte_class[c] & LC_DIGIT)
		return SB_DIGIT;
	if (c == '-' || c == '/')
		return SB_DASH;
	return (lp_byte_class[c] & (LC_MOVE_ASCII | LC_BLANK)) ? 0 : SB_ODD;
}

static inline void scan_classify_table(const char *p, struct scan_block *b)
{
	memset(b, 0, sizeof *b);
	for (unsigned i = 0; i < 64; i++) {
		unsigned k = scan_class((unsigned char)p[i]);
		b->odd |= (uint64_t)(k & SB_ODD) << i;
		b->digit |= (uint64_t)(k >> 1 & 1) << i;
		b->dash |= (uint64_t)(k >> 2 & 1) << i;
		b->nl |= (uint64_t)(k >> 3 & 1) << i;
		b->cr |= (uint64_t)(k >> 4 & 1) << i;
	}
}

#if defined(__SSE2__) && SCAN_ISA >= 1
#include <emmintrin.h>

static inline __m128i scan_range(__m128i v, int lo, int hi)
{
	return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8((char)(lo - 1))),
			     _mm_cmplt_epi8(v, _mm_set1_epi8((char)(hi + 1))));
}

static inline __m128i scan_eq(__m128i v, int c)
{
	return _mm_cmpeq_epi8(v, _mm_set1_epi8((char)c));
}

static inline void scan_classify_sse2(const char *p, struct scan_block *b)
{
	memset(b, 0, sizeof *b);
	for (unsigned i = 0; i < 64; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
		/* Plain: letters, digits, # & + - . / : = @ ^ ~, the blanks
		 * (NUL, \t \v \f \r, space) and \n; no byte >= 0x80 (the
		 * signed ranges take none). */
		__m128i plain =
			scan_range(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z');
		plain = _mm_or_si128(plain, scan_range(v, '-', ':'));
		plain = _mm_or_si128(plain, scan_range(v, '\t', '\r'));
		plain = _mm_or_si128(plain, _mm_or_si128(scan_eq(v, ' '),
							 scan_eq(v, 0)));
		plain = _mm_or_si128(plain, _mm_or_si128(scan_eq(v, '#'),
							 scan_eq(v, '&')));
		plain = _mm_or_si128(plain, _mm_or_si128(scan_eq(v, '+'),
							 scan_eq(v, '=')));
		plain = _mm_or_si128(plain, _mm_or_si128(scan_eq(v, '@'),
							 scan_eq(v, '^')));
		plain = _mm_or_si128(plain, scan_eq(v, '~'));
		b->odd |= (uint64_t)(_mm_movemask_epi8(plain) ^ 0xffff) << i;
		b->digit |= (uint64_t)_mm_movemask_epi8(scan_range(v, '0', '9'))
			    << i;
		b->dash |= (uint64_t)_mm_movemask_epi8(_mm_or_si128(
				   scan_eq(v, '-'), scan_eq(v, '/'))) << i;
		b->nl |= (uint64_t)_mm_movemask_epi8(scan_eq(v, '\n')) << i;
		b->cr |= (uint64_t)_mm_movemask_epi8(scan_eq(v, '\r')) << i;
	}
}
#endif

#if defined(__x86_64__) && SCAN_ISA >= 2 && \
	(defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 5))
#include <immintrin.h>
#define SCAN_AVX2 1

/* Nonzero bytes where v's are not plain: two table lookups (vpshufb) a
 * nibble, byte c odd when bit c >> 4 of the entry c & 15 of lo_odd is
 * set. */
__attribute__((target("avx2"), always_inline))
static inline __m256i scan_odd_avx2(__m256i v)
{
	const __m256i lo_odd = _mm256_setr_epi8(
		0x42, 0x07, 0x07, 0x03, 0x07, 0x07, 0x03, 0x07,
		0x07, 0x06, 0x06, (char)0xaa, (char)0xae, (char)0xa2, 0x0b,
		(char)0xab,
		0x42, 0x07, 0x07, 0x03, 0x07, 0x07, 0x03, 0x07,
		0x07, 0x06, 0x06, (char)0xaa, (char)0xae, (char)0xa2, 0x0b,
		(char)0xab);
	/* A byte >= 0x80 looks up the bit of the row 0x10 to 0x1F, whose
	 * bytes are all odd: every entry of lo_odd has it. */
	const __m256i hi_bit = _mm256_setr_epi8(
		1, 2, 4, 8, 16, 32, 64, (char)128, 2, 2, 2, 2, 2, 2, 2, 2,
		1, 2, 4, 8, 16, 32, 64, (char)128, 2, 2, 2, 2, 2, 2, 2, 2);
	const __m256i nibble = _mm256_set1_epi8(0x0f);
	__m256i lo = _mm256_and_si256(v, nibble);
	__m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);

	return _mm256_and_si256(_mm256_shuffle_epi8(lo_odd, lo),
				_mm256_shuffle_epi8(hi_bit, hi));
}

/* The digits of v: '0' to '9' plus 0x46 are 0x76 to 0x7F, the only bytes
 * above 0x75 as signed bytes. */
__attribute__((target("avx2"), always_inline))
static inline __m256i scan_digits_avx2(__m256i v)
{
	return _mm256_cmpgt_epi8(_mm256_add_epi8(v, _mm256_set1_epi8(0x46)),
				 _mm256_set1_epi8(0x75));
}

/* Half a block of scan_quiet_avx2(): nonzero bytes that are not plain;
 * its digits, '-' and '/', LFs and CRs in m[0] to m[3].  The rest of the
 * look is scalar work on those masks, which keeps the vector units (the
 * loop's bottleneck) to the classes. */
__attribute__((target("avx2"), always_inline))
static inline __m256i scan_quiet_half(const char *p, uint32_t m[4])
{
	__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
	/* '-' (0x2D) and '/' (0x2F) are the bytes that are '/' with bit 1
	 * set. */
	__m256i dash = _mm256_cmpeq_epi8(_mm256_or_si256(v, _mm256_set1_epi8(2)),
					 _mm256_set1_epi8('/'));

	m[0] = (uint32_t)_mm256_movemask_epi8(scan_digits_avx2(v));
	m[1] = (uint32_t)_mm256_movemask_epi8(dash);
	m[2] = (uint32_t)_mm256_movemask_epi8(
		_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n')));
	m[3] = (uint32_t)_mm256_movemask_epi8(
		_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')));
	return scan_odd_avx2(v);
}

/* Half a block: odd, digit, dash, nl, cr as the masks of struct
 * scan_block: scan_quiet_half()'s classes, the odd bytes as a mask. */
__attribute__((target("avx2"), always_inline))
static inline void scan_classify_avx2_half(const char *p, uint32_t m[5])
{
	__m256i o = scan_quiet_half(p, m + 1);

	m[0] = ~(uint32_t)_mm256_movemask_epi8(
		_mm256_cmpeq_epi8(o, _mm256_setzero_si256()));
}

/* The block's masks, as scan_classify_sse2() makes them, from two
 * halves whose odd bytes come from table lookups (scan_odd_avx2()). */
__attribute__((target("avx2"), always_inline))
static inline void scan_classify_avx2(const char *p, struct scan_block *b)
{
	uint32_t a[5], z[5];

	scan_classify_avx2_half(p, a);
	scan_classify_avx2_half(p + 32, z);
	b->odd = (uint64_t)z[0] << 32 | a[0];
	b->digit = (uint64_t)z[1] << 32 | a[1];
	b->dash = (uint64_t)z[2] << 32 | a[2];
	b->nl = (uint64_t)z[3] << 32 | a[3];
	b->cr = (uint64_t)z[4] << 32 | a[4];
}
#endif

static unsigned scan_popcount(uint64_t m)
{
	unsigned n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/* Nonzero when scan_ten_digits() may hold: a run of ten in d, or a digit
 * on each side of the boundary with the block before (most such runs are
 * short, and scan_ten_digits() decides). */
static inline uint64_t scan_maybe_ten(uint64_t prev, uint64_t d)
{
	uint64_t d2 = d & (d >> 1), d4 = d2 & (d2 >> 2), d8 = d4 & (d4 >> 4);

	return (d8 & (d2 >> 8)) | (prev >> 63 & d);
}

/* What the scan carries from block to block: the line ends counted, the
 * last block that has any and its line ends, the digits of the block
 * before. */
struct scan_run {
	const char *eol_block;
	uint64_t eol_mask, prev_digit;
	unsigned lines;
};

/* Ten digits in a row: in d, or across prev (the block before) and d,
 * where the run is the digits ending prev and those starting d (the bits
 * or'ed in make both counts defined, and at least 63 for a block of
 * digits).  Without a branch: whether a block starts with a digit after
 * one is not predictable. */
static inline bool scan_ten_digits(uint64_t prev, uint64_t d)
{
	uint64_t d2 = d & (d >> 1), d4 = d2 & (d2 >> 2), d8 = d4 & (d4 >> 4);
	unsigned run = (unsigned)__builtin_clzll(~prev | 1) +
		       (unsigned)__builtin_ctzll(~d | (uint64_t)1 << 63);

	return (d8 & (d2 >> 8)) || run >= 10;
}

/* A block's line ends into the count of the scan. */
static inline __attribute__((always_inline)) void
scan_count(struct scan_run *s, const char *p, uint64_t eol, bool popcnt)
{
	s->lines += popcnt ? (unsigned)__builtin_popcountll(eol)
			   : scan_popcount(eol);
	s->eol_block = eol ? p : s->eol_block;
	s->eol_mask = eol ? eol : s->eol_mask;
}

/* Moves the scan from p past the quiet blocks that follow it, the ones
 * plain to their end, with no marker, no long number and no CR alone:
 * only their line ends and digits matter.  The classes of the block it
 * stops at, when a whole one, in *b. */
typedef const char *scan_quiet_fn(const char *p, const char *end,
				  struct scan_run *s, struct scan_block *b);

#ifdef SCAN_AVX2
/* The classes of the block that stops scan_quiet_avx2(), so that the
 * generic look does not classify it again. */
__attribute__((target("avx2"), always_inline))
static inline void scan_quiet_stop(struct scan_block *b, __m256i oa,
				   __m256i ob, uint64_t d, uint64_t dash,
				   uint64_t nl, uint64_t cr)
{
	const __m256i zero = _mm256_setzero_si256();

	b->odd = ~((uint64_t)(uint32_t)_mm256_movemask_epi8(
			   _mm256_cmpeq_epi8(ob, zero)) << 32 |
		   (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(oa, zero)));
	b->digit = d;
	b->dash = dash;
	b->nl = nl;
	b->cr = cr;
}

__attribute__((target("avx2,popcnt"), always_inline))
static inline const char *scan_quiet_avx2(const char *p, const char *end,
					  struct scan_run *s,
					  struct scan_block *b)
{
	for (; end - p >= 64; p += 64) {
		uint32_t a[4], z[4];
		__m256i oa = scan_quiet_half(p, a), ob = scan_quiet_half(p + 32, z);
		__m256i odd = _mm256_or_si256(oa, ob);
		uint64_t d = (uint64_t)z[0] << 32 | a[0];
		uint64_t dash = (uint64_t)z[1] << 32 | a[1];
		uint64_t nl = (uint64_t)z[2] << 32 | a[2];
		uint64_t cr = (uint64_t)z[3] << 32 | a[3];

		/* Bit i: byte i - 1 is a digit. */
		uint64_t after = d << 1 | s->prev_digit >> 63;

		/* A CR last in the block counts as alone, and three digits
		 * in a row (a number of ten has them, in movetext only move
		 * numbers from 100 on do) stop the loop too: the generic
		 * look decides. */
		if (!_mm256_testz_si256(odd, odd) ||
		    ((dash & after) | (cr & ~(nl >> 1)) |
		     (d & after & (d << 2 | s->prev_digit >> 62)))) {
			scan_quiet_stop(b, oa, ob, d, dash, nl, cr);
			break;
		}
		scan_count(s, p, nl, true);
		s->prev_digit = d;
	}
	return p;
}
#endif

/* What scan_plain() found: the marker (NULL: none), where the game ends,
 * and the line ends before the block of 64 bytes it ended in (block),
 * with that block's line ends. */
struct scan_out {
	const char *text, *stop;
	const char *block, *last_eol;
	unsigned lines;
	uint64_t eol;
};

/* The line ends of the block at p: its LFs, and its CRs that no LF
 * follows, in the block or first in the next one (looked at only for a
 * CR last in the block, which is rare even in a CRLF file).  A CR that
 * ends the window counts, as if the input ended there: the scan goes the
 * slow way when it reaches the window's end before the input's, so that
 * count is used only when it is right. */
static inline uint64_t scan_line_ends(const struct scan_block *b,
				      const char *p, const char *end)
{
	uint64_t lone = b->cr & ~(b->nl >> 1);

	if (__builtin_expect(!lone, 1))
		return b->nl;	/* LF and CRLF files */
	if ((lone >> 63) && end - p > 64 && p[64] == '\n')
		lone &= ~((uint64_t)1 << 63);
	return b->nl | lone;
}

/* Where plain movetext from x->p ends the game, and its marker; SCAN_SLOW
 * when the movetext is not plain up to there.  Made once per classifier,
 * with the classifier inlined (scan_pick). */
typedef void scan_classify_fn(const char *p, struct scan_block *b);

/* The end of a block scan_plain() looks no further than: o->lines and
 * o->last_eol are kept in registers until then. */
static inline __attribute__((always_inline)) int
scan_block_end(struct pgn_lex *x, struct scan_out *o, const char *p,
	       unsigned first, uint64_t valid)
{
	const char *end = x->end;

	p += first;
	if (!(valid >> first & 1)) {	/* the window's end */
		o->stop = end;
		return x->eof ? SCAN_DONE : SCAN_SLOW;
	}
	if (*p == '[' && lex_line_starts(p)) {
		o->stop = p;
		return SCAN_DONE;
	}
	if (*p == '*' && scan_star(x, p, &o->stop) == SCAN_DONE) {
		o->text = "*";
		return SCAN_DONE;
	}
	return SCAN_SLOW;
}

/* A block with something to look at: a byte that is not plain, a
 * candidate marker, maybe ten digits in a row.  -1 when the scan goes on
 * past it (its line ends are then the caller's to count). */
static int scan_odd_block(struct pgn_lex *x, struct scan_out *o,
			  const char *p, const struct scan_block *b,
			  uint64_t prev_digit, uint64_t valid)
{
	uint64_t cand = b->dash & (b->digit << 1 | prev_digit >> 63);
	unsigned first = b->odd ? (unsigned)__builtin_ctzll(b->odd) : 64;

	if (scan_ten_digits(prev_digit, b->digit))
		return SCAN_SLOW;
	if (first < 64)
		cand &= ((uint64_t)1 << first) - 1;
	for (; cand; cand &= cand - 1) {
		const char *c = p + __builtin_ctzll(cand);
		if (scan_candidate(x, c, &o->text, &o->stop) != SCAN_DONE)
			return SCAN_SLOW;
		if (o->text)
			return SCAN_DONE;
	}
	return first == 64 ? -1 : scan_block_end(x, o, p, first, valid);
}

/* The block at p, left bytes of it in the window (fewer than 64: the rest
 * taken as not plain); its valid bytes in *valid. */
static inline __attribute__((always_inline)) void
scan_load(const char *p, size_t left, struct scan_block *b, uint64_t *valid,
	  scan_classify_fn *classify)
{
	char tail[64];

	*valid = ~(uint64_t)0;
	if (__builtin_expect(left >= 64, 1)) {
		classify(p, b);
		return;
	}
	memset(tail, '!', sizeof tail);
	memcpy(tail, p, left);
	classify(tail, b);
	*valid = ((uint64_t)1 << left) - 1;
	b->digit &= *valid;
	b->nl &= *valid;
	b->cr &= *valid;
}

/* One block at p, the generic way: -1 when the scan goes on past it. */
static inline __attribute__((always_inline)) int
scan_block(struct pgn_lex *x, struct scan_out *o, const char *p,
	   struct scan_run *s, const struct scan_block *pre,
	   scan_classify_fn *classify, bool popcnt)
{
	const char *end = x->end;
	uint64_t valid = ~(uint64_t)0, eol;
	struct scan_block b;
	int rc;

	if (pre)
		b = *pre;
	else
		scan_load(p, (size_t)(end - p), &b, &valid, classify);
	eol = scan_line_ends(&b, p, end);
	if (__builtin_expect(b.odd | scan_maybe_ten(s->prev_digit, b.digit) |
			     (b.dash & (b.digit << 1 | s->prev_digit >> 63)),
			     0)) {
		o->block = p;
		o->eol = eol;
		rc = scan_odd_block(x, o, p, &b, s->prev_digit, valid);
		if (rc >= 0)
			return rc;
	}
	scan_count(s, p, eol, popcnt);
	s->prev_digit = b.digit;
	return -1;
}

/* Block by block, the quiet ones (when there is a quiet loop) without a
 * look at their candidates one by one.  The last block with a line end
 * is noted, its last line end found once at the exit. */
static inline __attribute__((always_inline)) int
scan_plain(struct pgn_lex *x, struct scan_out *o, scan_classify_fn *classify,
	   scan_quiet_fn *quiet, bool popcnt)
{
	struct scan_run s = { NULL, 0, 0, 0 };
	const struct scan_block *pre = NULL;
	struct scan_block qb;
	const char *p = x->p;
	int rc;

	o->text = NULL;
	for (;;) {
		if (quiet) {
			p = quiet(p, x->end, &s, &qb);
			pre = x->end - p >= 64 ? &qb : NULL;
		}
		rc = scan_block(x, o, p, &s, pre, classify, popcnt);
		if (rc >= 0)
			break;
		p += 64;
	}
	o->lines = s.lines;
	o->last_eol = s.eol_block ? s.eol_block + 63 -
					    __builtin_clzll(s.eol_mask)
				  : NULL;
	return rc;
}

static int scan_plain_table(struct pgn_lex *x, struct scan_out *o)
{
	return scan_plain(x, o, scan_classify_table, NULL, false);
}

#if defined(__SSE2__) && SCAN_ISA >= 1
static int scan_plain_sse2(struct pgn_lex *x, struct scan_out *o)
{
	return scan_plain(x, o, scan_classify_sse2, NULL, false);
}
#endif

#ifdef SCAN_AVX2
/* Every processor with AVX2 has popcnt. */
__attribute__((target("avx2,popcnt")))
static int scan_plain_avx2(struct pgn_lex *x, struct scan_out *o)
{
	return scan_plain(x, o, scan_classify_avx2, scan_quiet_avx2, true);
}
#endif

/* The scan for this processor. */
static scan_plain_fn *scan_pick(void)
{
#ifdef SCAN_AVX2
	if (__builtin_cpu_supports("avx2"))
		return scan_plain_avx2;
#endif
#if defined(__SSE2__) && SCAN_ISA >= 1
	if (SCAN_ISA >= 1)
		return scan_plain_sse2;
#endif
	return scan_plain_table;
}

/* The position moved to o->stop: the line ends counted block by block,
 * then those of the last block before it, then any past that block. */
static void scan_lines(struct pgn_lex *x, const struct scan_out *o)
{
	size_t off = (size_t)(o->stop - o->block);
	uint64_t eol = off < 64 ? o->eol & (((uint64_t)1 << off) - 1) : o->eol;
	const char *last = eol ? o->block + 63 - __builtin_clzll(eol)
			       : o->last_eol;

	x->line += o->lines + scan_popcount(eol);
	if (last) {
		x->line_start = last + 1;
		x->col_bias = 1;
	}
	if (off > 64)
		lp_lex_count_lines(x, o->block + 64, o->stop);
}

/* The movetext of a tags-only attempt: as lp_lex_movetext() would find it. */
static enum lx scan_movetext(struct pgn_lex *x)
{
	struct scan_out o;

	if (x->r->scan(x, &o) != SCAN_DONE)
		return lp_lex_movetext(x);
	x->tokens = true;
	x->g->result = o.text;
	scan_lines(x, &o);
	x->p = o.stop;
	return lp_lex_end_at(x, o.stop);
}

/* A UTF-8 byte order mark opens the input: skipped by the lexer, kept in
 * the first game's raw bytes, not counted in columns. */
static enum lx lex_skip_bom(struct pgn_lex *x)
{
	int bom = lex_bom_at(x, x->p);

	if (bom < 0)
		return LX_MORE;
	if (bom) {
		x->p += 3;
		x->line_start = x->p;
	}
	return LX_OK;
}

static enum lx lex_game(struct pgn_lex *x, bool at_origin)
{
	enum lx rc = at_origin ? lex_skip_bom(x) : LX_OK;

	while (rc == LX_OK) {
		rc = lp_lex_tag_section(x);
		x->g->movetext = x->p;
		if (rc == LX_OK)
			rc = x->build ? lp_lex_movetext(x) : scan_movetext(x);
		if (rc != LX_PRELUDE)
			break;
		/* Comments before a tag section: the tree starts with the
		 * tags, and they go before it, after what came earlier. */
		struct pgn_line *before = &x->g->before, *moves = &x->g->moves;
		if (moves->first) {
			if (before->last)
				before->last->next = moves->first;
			else
				before->first = moves->first;
			before->last = moves->last;
		}
		memset(moves, 0, sizeof *moves);
		x->anything = false;
		rc = LX_OK;
	}
	return rc;
}

static enum lx reader_attempt(struct pgn_reader *r, struct pgn_game *g,
			      struct pgn_lex *x, size_t window, bool eof)
{
	game_clear(g, r);
	r->ndiags = 0;
	lex_init(x, r, g, window, eof);
	return lex_game(x, r->origin && r->index == 0);
}

/* --------------------------------------------------------- finishing */

static void finish_tags(struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	g->ntags = x->ntags;
	if (!x->ntags)
		return;
	g->tags = arena_alloc(&g->arena, x->ntags * sizeof *g->tags);
	memcpy(g->tags, x->r->tagv, x->ntags * sizeof *g->tags);
}

/* NULs are kept; the first one is located for the warning. */
static void finish_nul(struct pgn_lex *x)
{
	struct pgn_game *g = x->g;
	const char *nul = memchr(g->raw, 0, g->raw_len);
	struct pgn_lex at;

	if (!nul)
		return;
	g->flags |= PGN_HAS_NUL;
	at = *x;
	at.line = x->r->line;
	at.line_start = g->raw;
	at.col_bias = x->r->col;
	lp_lex_count_lines(&at, g->raw, nul);
	lp_lex_diag(x, lex_loc(&at, nul), DIAG_WARNING, DC_ENCODING,
		    "NUL byte in the input (kept as is)");
}

static void finish_result(struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	if (x->depth > 0) {
		lp_lex_diag(x, x->outer_open, DIAG_ERROR, DC_UNTERMINATED,
			    "variation opened here is not closed");
		x->unterminated = true;
	}
	if (g->result)
		return;
	g->flags |= PGN_NO_RESULT;
	if (!x->unterminated)
		lp_lex_diag(x, g->start, DIAG_WARNING, DC_NO_RESULT,
			    "game has no termination marker");
}

/* Diagnostics in input order (finishing ones were appended last). */
static void sort_diags(struct pgn_reader *r)
{
	size_t i, j;

	for (i = 1; i < r->ndiags; i++) {
		struct diag d = r->diags[i];
		for (j = i; j > 0 && (r->diags[j - 1].line > d.line ||
				      (r->diags[j - 1].line == d.line &&
				       r->diags[j - 1].col > d.col)); j--)
			r->diags[j] = r->diags[j - 1];
		r->diags[j] = d;
	}
}

static void send_diags(struct pgn_reader *r, const struct pgn_game *g,
		       diag_fn report, void *ctx)
{
	size_t i;

	if (!report)
		return;
	lp_lex_diags_done(r);
	sort_diags(r);
	for (i = 0; i < r->ndiags; i++) {
		struct diag *d = &r->diags[i];
		d->file = r->name;
		d->game = g->index;
		d->white = pgn_tag_value(g, "White");
		d->black = pgn_tag_value(g, "Black");
		report(ctx, d);
	}
	r->ndiags = 0;
}

static void reader_finish(struct pgn_reader *r, struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	g->raw = x->base;
	g->raw_len = (size_t)(x->game_end - x->base);
	finish_tags(x);
	finish_result(x);
	finish_nul(x);
	r->start += g->raw_len;
	r->line = x->end_line;
	r->col = x->end_col;
	r->index++;
}

/* Moves the next game's start to p, counting the lines on the way.  The
 * attempt's window may end at p as if the input did (a too-large game):
 * the bytes held past it decide a CR just before p. */
static void reader_advance(struct pgn_reader *r, const struct pgn_lex *x,
			   const char *p)
{
	struct pgn_lex at = *x;

	at.end = r->data + r->len;
	at.eof = r->eof;
	at.line = r->line;
	at.line_start = x->base;
	at.col_bias = r->col;
	lp_lex_count_lines(&at, x->base, p);
	r->start += (size_t)(p - x->base);
	r->line = at.line;
	r->col = lex_loc(&at, p).col;
}

/* Bytes with no game in them, NULs among them, where the input ends:
 * one game flagged as an error, so that the caller still gets the bytes
 * (the raw bytes of all games add up to the input). */
static void reader_no_game(struct pgn_reader *r, struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	g->raw = x->base;
	g->raw_len = (size_t)(x->game_end - x->base);
	g->flags |= PGN_NO_RESULT | PGN_NO_GAME | PGN_HAS_NUL;
	lp_lex_diag(x, g->start, DIAG_ERROR, DC_SYNTAX, "no PGN game found");
	r->start += g->raw_len;
	r->line = x->end_line;
	r->col = x->end_col;
	r->index++;
}

/* ------------------------------------------------------------ too large */

/* Said whether or not its raw bytes are whole: what the user needs to
 * know is that the moves were not read. */
static void too_large_diag(struct pgn_lex *x, size_t max)
{
	x->r->ndiags = 0;
	x->g->flags = PGN_TOO_LARGE;
	lp_lex_diag(x, x->g->start, DIAG_ERROR, DC_LIMIT,
		    "game larger than %zu bytes: only its tags are read", max);
}

/* The game ended within the slack: whole raw bytes, tags, no tree. */
static void reader_over_limit(struct pgn_reader *r, struct pgn_lex *x)
{
	memset(&x->g->moves, 0, sizeof x->g->moves);
	x->g->result = NULL;
	x->g->movetext = NULL;
	reader_finish(r, x);
	too_large_diag(x, r->opts.max_game_bytes);
	finish_nul(x);
}

/* Tags from the first max_game_bytes bytes; the rest is skipped on the
 * next call (the raw bytes must stay valid until then). */
static void reader_too_large(struct pgn_reader *r, struct pgn_game *g,
			     struct pgn_lex *x)
{
	size_t max = r->opts.max_game_bytes;
	bool tags_only = r->opts.tags_only;

	r->opts.tags_only = true;
	reader_attempt(r, g, x, max, true);
	r->opts.tags_only = tags_only;
	memset(&g->moves, 0, sizeof g->moves);
	g->result = NULL;
	g->movetext = NULL;
	too_large_diag(x, max);
	g->flags |= PGN_RAW_CUT;
	finish_tags(x);
	g->raw = x->base;
	g->raw_len = max;
	finish_nul(x);
	reader_advance(r, x, x->base + max);
	r->index++;
	r->skipping = true;
	r->skip_dirty = false;
}

static bool all_blank(const char *p, const char *end)
{
	for (; p < end; p++)
		if (!lex_blank((unsigned char)*p))
			return false;
	return true;
}

/* A line that surely starts a game: "[Event ", or a tag line after a
 * blank one.  p is just past a line end; the line before it starts at
 * prev, and dirty says that bytes of it dropped before prev were not
 * blank. */
static bool skip_is_start(struct pgn_lex *x, const char *prev, const char *p,
			  bool dirty)
{
	bool more;

	if (x->end - p >= 7 && !memcmp(p, "[Event ", 7))
		return true;
	if (dirty || !all_blank(prev, p - 1))
		return false;
	return *p == '[' && lp_lex_tag_line(x, p, &more);
}

/* Of a line longer than this, still without its end, only the last bytes
 * are kept while skipping (what follows its end may start a game, nothing
 * inside it can): memory stays bounded whatever the line's length. */
#define SKIP_LINE_KEEP ((size_t)64)

/* The buffer grown for a too-large game back to a few blocks, once
 * what it still holds fits: skipping the rest reads a block at a time. */
static void reader_shrink(struct pgn_reader *r)
{
	size_t held = r->len - r->start, small = 2 * READ_BLOCK;
	if (r->cap <= small || held > READ_BLOCK)
		return;
	reader_compact(r);
	r->cap = small;
	r->own = pawnkit_realloc(r->own, r->cap);
	r->data = r->own;
}

/* The next n bytes of a too-large game's rest are dropped: given to
 * opts.skipped first. */
static void skip_bytes(struct pgn_reader *r, size_t n)
{
	if (n && r->opts.skipped)
		r->opts.skipped(r->opts.skipped_ctx, r->data + r->start, n);
	r->start += n;
}

/* The rest is over: said to opts.skipped with no bytes. */
static void skip_end(struct pgn_reader *r)
{
	r->skipping = false;
	r->skip_dirty = false;
	if (r->opts.skipped)
		r->opts.skipped(r->opts.skipped_ctx, NULL, 0);
}

/* Drops the rest of a too-large game, reading as needed. */
static int reader_skip(struct pgn_reader *r, struct diag *err)
{
	struct pgn_lex x;
	struct pgn_game scratch;
	const char *eol, *prev;

	for (;;) {
		bool dirty = r->skip_dirty;
		lex_init(&x, r, &scratch, r->len - r->start, r->eof);
		prev = x.base;
		while ((eol = lex_find_line_end(&x, x.p, x.end)) &&
		       x.end - eol > 8) {
			lex_newline(&x, eol);
			x.p = eol + 1;
			if (skip_is_start(&x, prev, x.p, dirty)) {
				skip_bytes(r, (size_t)(x.p - x.base));
				r->line = x.line;
				r->col = 1;
				skip_end(r);
				return 0;
			}
			prev = x.p;
			dirty = false;
		}
		if (r->eof) {
			skip_bytes(r, r->len - r->start);
			skip_end(r);
			return 0;
		}
		/* Keep the last line: it may be the start looked for.  Of a
		 * long one only its tail, and whether what went was blank:
		 * a line of a gigabyte must not make the buffer a gigabyte. */
		if ((size_t)(x.end - prev) > READ_BLOCK / 2) {
			const char *tail = x.end - SKIP_LINE_KEEP;
			dirty = dirty || !all_blank(prev, tail);
			prev = tail;
		}
		r->skip_dirty = dirty;
		skip_bytes(r, (size_t)(prev - x.base));
		r->line = x.line;
		r->col = 1;
		if (!r->in)
			return PGN_NEED_MORE;	/* a chunk reader */
		reader_shrink(r);
		if (reader_fill(r, err) < 0)
			return -1;
	}
}

/* ----------------------------------------------------------------- next */

int pgn_reader_next(struct pgn_reader *r, struct pgn_game *g,
		    diag_fn report, void *ctx, struct diag *err)
{
	size_t max = r->opts.max_game_bytes;
	struct pgn_lex x;
	enum lx rc;

	r->blank_len = 0;
	if (r->skipping) {
		int skipped = reader_skip(r, err);
		if (skipped != 0)
			return skipped;
	}
	for (;;) {
		size_t held = r->len - r->start;
		size_t window = held < max + LIMIT_SLACK ? held
							 : max + LIMIT_SLACK;
		rc = reader_attempt(r, g, &x, window, r->eof && window == held);
		if (rc != LX_MORE)
			break;
		if (window < held || held >= max + LIMIT_SLACK) {
			reader_too_large(r, g, &x);
			send_diags(r, g, report, ctx);
			return 1;
		}
		if (!r->in)
			return PGN_NEED_MORE;	/* a chunk reader */
		if (reader_fill(r, err) < 0)
			return -1;
	}
	/* Nothing but blanks to the end (newlines, a byte order mark, a DOS
	 * end mark): no game, as for no bytes at all; a file holding one
	 * newline is as empty as one holding none.  NUL bytes are not blank
	 * text: they make a game flagged as an error, which keeps them. */
	if (!x.anything &&
	    !memchr(x.base, 0, (size_t)(x.game_end - x.base))) {
		r->blank_at = r->start;
		r->blank_len = r->len - r->start;
		r->start = r->len;
		return 0;
	}
	if (!x.anything)
		reader_no_game(r, &x);
	else if ((size_t)(x.game_end - x.base) > max)
		reader_over_limit(r, &x);
	else
		reader_finish(r, &x);
	send_diags(r, g, report, ctx);
	return 1;
}

void pgn_reader_blank_end(const struct pgn_reader *r, const char **p,
			  size_t *len, struct pgn_loc *at)
{
	*p = r->data + r->blank_at;
	*len = r->blank_len;
	at->line = r->line;
	at->col = r->col;
}

/* ---------------------------------------------------------------- games */

/* The copy of g's header gives back the index, file and flags the
 * stream gave it (pgn_game_read_tree), as the re-read may reset the
 * arena. */
void pgn_game_tree_in_place(struct pgn_game *g)
{
	if (g->moves.first || !g->movetext || (g->flags & PGN_TOO_LARGE))
		return;
	const struct pgn_game head = *g;
	pgn_game_read_tree(&head, g, NULL);
	g->raw = head.raw;
	g->raw_len = head.raw_len;
}

int pgn_game_read_tree(const struct pgn_game *g, struct pgn_game *full,
		       const struct pgn_reader_opts *opts)
{
	struct pgn_reader_opts o = opts ? *opts : (struct pgn_reader_opts){ 0 };
	struct pgn_reader *r;
	struct diag err;
	int rc;

	if (g->flags & PGN_TOO_LARGE) {
		arena_reset(&full->arena);
		return -1;
	}
	/* The game's bytes alone, as the last of their input: the lexer ends
	 * the game where it ended in the stream (its end never depends on
	 * what follows it), so the same items come out. */
	o.tags_only = false;
	r = pgn_reader_from_chunk(g->file, g->raw, g->raw_len, true,
				  g->raw_origin, g->raw_at, &o);
	rc = pgn_reader_next(r, full, NULL, NULL, &err);
	pgn_reader_close(r);
	full->index = g->index;
	full->file = g->file;
	/* As the stream had them: a 0x1a that was junk there, just before
	 * the next game, ends these bytes as a DOS end-of-file mark would. */
	full->flags = g->flags;
	return rc == 1 ? 0 : -1;
}

void pgn_game_init(struct pgn_game *g)
{
	memset(g, 0, sizeof *g);
	arena_init(&g->arena);
}

void pgn_game_release(struct pgn_game *g)
{
	arena_release(&g->arena);
	pgn_game_init(g);
}
