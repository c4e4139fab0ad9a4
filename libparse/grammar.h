/* libparse: the grammar's bytes and words, described once for every reader
 * of text in libparse: the movetext lexer (movetext.c), the reader's
 * tags-only scan (reader.c), san_parse() and the plain reader
 * (pgn_plain.h).  Static, so that it exports no symbol: librules sees it
 * only through pgn_plain.h.
 *
 * The readers split the same tokens the same way because they read these
 * classes and words, and each reads a subset of the others' language:
 *
 *   movetext lexer   all of pawnkit-notation(5) MOVETEXT, every fault
 *     tags-only scan   plain movetext (moves, numbers, blanks, a result),
 *                      else the lexer
 *     plain scanner    plain movetext of plain SAN, else the general replay
 *   san_parse()      all of pawnkit-notation(5) SAN, LAN and coordinates,
 *                    lenient forms flagged, every fault worded
 *     plain SAN        the canonical shapes below, else san_parse()
 *
 * A new lenient SAN form goes into san_parse.c alone: the plain shapes are
 * canonical SAN and no more, so they refuse it and the general path reads
 * it and warns (tests/unit/test_san_quick.c holds the plain shapes to
 * san_parse()).  If the form brings a byte that may stand in a move
 * token, that byte goes into LC_IS_MOVE here, for all the readers at
 * once. */
#ifndef PAWNKIT_GRAMMAR_H
#define PAWNKIT_GRAMMAR_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "pgn.h"

/* ----------------------------------------------------------- byte classes */

/* One table lookup per byte in the hot loops. */
enum lp_byte_class_bits {
	LC_BLANK = 1,		/* between lexemes ('\n' apart: it is counted) */
	LC_MOVE = 2,		/* may stand in a move token */
	LC_DIGIT = 4,
	/* Plain movetext (pgn_plain.h): the first byte of a move in plain
	 * SAN or of castling (a file, K Q R B N, O), and the blanks it holds
	 * (not NUL, which the reader flags, nor VT and FF: rare enough to
	 * leave to the general path). */
	LC_PLAIN_MOVE = 8,
	LC_PLAIN_BLANK = 16,
	/* LC_MOVE's ASCII bytes: a token holding a byte past ASCII (a
	 * glyph glued on, figurine SAN) leaves the fast paths. */
	LC_MOVE_ASCII = 32,
};

/* Bytes that may appear in a move token (pawnkit-notation(5), MOVETEXT):
 * letters, digits, x : - = + # ^ & ~ / @ . and any byte >= 0x80 (figurine
 * SAN in UTF-8).  The push marker "(p)" is handled apart.  NUL counts as
 * a blank so that the stray NULs of real files do not split tokens; the
 * reader flags them separately.  The tags-only scan's vector classifiers
 * (reader.c) test a subset of these bytes by ranges and leave the rest to
 * the lexer: a byte added here needs nothing there, a byte taken out
 * must go there too. */
#define LC_IS_MOVE(c)                                                       \
	(((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') ||        \
	 ((c) >= '0' && (c) <= '9') || (c) >= 0x80 || (c) == '#' ||         \
	 (c) == '&' || (c) == '+' || (c) == '-' || (c) == '.' || (c) == '/' || \
	 (c) == ':' || (c) == '=' || (c) == '@' || (c) == '^' || (c) == '~')
#define LC_IS_BLANK(c)                                                      \
	((c) == ' ' || (c) == '\t' || (c) == '\r' || (c) == '\v' ||         \
	 (c) == '\f' || (c) == 0)
#define LC_IS_PLAIN_MOVE(c)                                                 \
	(((c) >= 'a' && (c) <= 'h') || (c) == 'K' || (c) == 'Q' ||          \
	 (c) == 'R' || (c) == 'B' || (c) == 'N' || (c) == 'O')
#define LC_IS_PLAIN_BLANK(c)                                                \
	((c) == ' ' || (c) == '\t' || (c) == '\r' || (c) == '\n')
#define LC(c)                                                               \
	((LC_IS_BLANK(c) ? LC_BLANK : 0) | (LC_IS_MOVE(c) ? LC_MOVE : 0) |  \
	 ((c) >= '0' && (c) <= '9' ? LC_DIGIT : 0) |                        \
	 (LC_IS_PLAIN_MOVE(c) ? LC_PLAIN_MOVE : 0) |                        \
	 (LC_IS_PLAIN_BLANK(c) ? LC_PLAIN_BLANK : 0) |                      \
	 (LC_IS_MOVE(c) && (c) < 0x80 ? LC_MOVE_ASCII : 0))
#define LC4(c) LC(c), LC((c) + 1), LC((c) + 2), LC((c) + 3)
#define LC16(c) LC4(c), LC4((c) + 4), LC4((c) + 8), LC4((c) + 12)
#define LC64(c) LC16(c), LC16((c) + 16), LC16((c) + 32), LC16((c) + 48)

static const unsigned char lp_byte_class[256] = { LC64(0), LC64(64),
						  LC64(128), LC64(192) };

static inline bool lp_move_byte(unsigned char c)
{
	return lp_byte_class[c] & LC_MOVE;
}

static inline bool lp_ascii_move_byte(unsigned char c)
{
	return lp_byte_class[c] & LC_MOVE_ASCII;
}

static inline bool lp_digit(unsigned char c)
{
	return lp_byte_class[c] & LC_DIGIT;
}

/* ------------------------------------------------------------------ words */

/* The termination marker [p, p + n): "1-0" "0-1" "1/2-1/2" (a static
 * string), or NULL ('*' stands alone: each reader takes it apart). */
static inline const char *lp_result_text(const char *p, size_t n)
{
	if (n == 3 && p[1] == '-') {
		if (p[0] == '1' && p[2] == '0')
			return "1-0";
		if (p[0] == '0' && p[2] == '1')
			return "0-1";
	}
	if (n == 7 && !memcmp(p, "1/2-1/2", 7))
		return "1/2-1/2";
	return NULL;
}

/* A dash where pawnkit-notation(5) writes '-': 1 for '-' itself, 3 for
 * the Unicode hyphens and dashes that typesetting puts there (U+2010
 * HYPHEN to U+2014 EM DASH, U+2212 MINUS SIGN, all E2 8x xx in UTF-8),
 * 0 for anything else.  The lenient readings of castling and results
 * take them; nothing else does. */
static inline size_t lp_dash_len(const char *p, size_t n)
{
	const unsigned char *u = (const unsigned char *)p;

	if (n && u[0] == '-')
		return 1;
	if (n < 3 || u[0] != 0xE2)
		return 0;
	return (u[1] == 0x80 && u[2] >= 0x90 && u[2] <= 0x94) ||
	       (u[1] == 0x88 && u[2] == 0x92) ? 3 : 0;
}

/* ------------------------------------------------------ characters */

/* The character at s (avail > 0 bytes there) named for a message, into
 * buf (size bytes; 64 hold every name): "'x'" for printable ASCII,
 * "U+2013 EN DASH '–'" for a character of charname.c's table (the
 * character itself left out where it would show as nothing), "U+4E2D"
 * for another.  Its length in bytes; 0 for a control byte or a byte
 * that is not UTF-8, which buf names as "byte 0xe9" (a message gives no
 * text around such a byte: it would show as another character). */
size_t lp_char_name(const char *s, size_t avail, char *buf, size_t size);
/* The longest prefix of [s, s + len) of at most max bytes that cuts no
 * UTF-8 character in two: a token shown in a message. */
size_t lp_utf8_cut(const char *s, size_t len, size_t max);

/* SAN's squares and the letters of standard chess (pawnkit-notation(5),
 * SAN); san_parse() adds the variants' and the lenient ones. */
static inline bool san_is_file(int c)
{
	return c >= 'a' && c <= 'h';
}

static inline bool san_is_rank(int c)
{
	return c >= '1' && c <= '8';
}

static inline bool san_is_promotion(int c)
{
	return c == 'Q' || c == 'R' || c == 'B' || c == 'N';
}

static inline bool san_is_piece_letter(int c)
{
	return c == 'K' || san_is_promotion(c);
}

/* ------------------------------------------------------ plain SAN shapes */

/* The move token at p read in the same pass that finds its end: the
 * canonical shapes of nearly all real movetext ("e4", "exd5", "e8=Q",
 * "Nf3", "Nxf3", "Nbd7", "R1e2", "Nbxd7", "R1xe2", each perhaps with '+'
 * or '#'), read exactly as san_parse() reads them.  Each returns where
 * the shape ends, or NULL when the bytes do not start with one; the
 * caller checks that the token ends there too.  At least PLAIN_SAN_READS
 * bytes must be readable from p: the longest shape, "exd8=Q+", and the
 * byte after it.  Pawn moves and piece moves are read apart, so that a
 * caller that resolves them apart too tests the first byte once. */
#define PLAIN_SAN_READS 8

/* The destination square at d, and the check mark at q. */
static inline __attribute__((always_inline)) const char *
plain_san_end(const char *d, const char *q, struct san *s)
{
	s->to = (d[1] - '1') * 8 + (d[0] - 'a');
	if (*q == '+' || *q == '#')
		s->check = *q++;
	return q;
}

/* p[0] is a file: "e4", "exd5", "e8=Q", "exd8=N". */
static inline __attribute__((always_inline)) const char *
plain_pawn_san(const char *p, struct san *s)
{
	const char *d;		/* the destination square */
	*s = (struct san){ .kind = SAN_ORDINARY, .from_file = -1,
			   .from_rank = -1 };
	if (san_is_rank(p[1])) {
		d = p;
	} else if (p[1] == 'x' && san_is_file(p[2]) && san_is_rank(p[3])) {
		s->from_file = p[0] - 'a';
		s->capture = true;
		d = p + 2;
	} else {
		return NULL;
	}
	const char *q = d + 2;
	if (q[0] == '=' && san_is_promotion(q[1])) {
		s->promotion = q[1];
		q += 2;
	}
	return plain_san_end(d, q, s);
}

/* p[0] is a piece letter, K Q R B or N: "Nf3", "Nxf3", "Nbd7", "R1e2",
 * "Nbxd7". */
static inline __attribute__((always_inline)) const char *
plain_piece_san(const char *p, struct san *s)
{
	const char *q = p + 1;
	*s = (struct san){ .kind = SAN_ORDINARY, .from_file = -1,
			   .from_rank = -1, .piece = p[0] };
	if (san_is_file(q[0]) && san_is_rank(q[1]) &&
	    !(san_is_file(q[2]) || san_is_rank(q[2]) || q[2] == 'x'))
		return plain_san_end(q, q + 2, s);
	if (san_is_file(q[0]))
		s->from_file = *q++ - 'a';
	else if (san_is_rank(q[0]))
		s->from_rank = *q++ - '1';
	if (q[0] == 'x') {
		s->capture = true;
		q++;
	}
	if (!san_is_file(q[0]) || !san_is_rank(q[1]))
		return NULL;
	return plain_san_end(q, q + 2, s);
}

#endif
