/* libparse: plain movetext, token by token, for the replay's fast path
 * (librules/replay_quick.c), not for other users.
 *
 * Nearly every real game is plain: moves in plain SAN, move numbers,
 * comments, NAGs, suffix annotations and a termination marker.  The fast
 * path plays such a main line straight from its bytes and gives up at the
 * first thing it is not sure of; this is its reading half.  plain_next()
 * yields the next move already read into a struct san, or a move number,
 * or the marker, and skips what the replay does not read (blanks,
 * comments, NAGs, suffix annotations); at anything else it says
 * PLAIN_STOP, and the caller reads the game the general way (the movetext
 * lexer and san_parse()), which finds and words every fault.  Stopping is
 * never wrong, only slower.
 *
 * Tokens are split as the movetext lexer splits them (movetext.c), with
 * its byte classes (grammar.h): a move is the run of move bytes from a
 * letter; "12." and "12..." are move numbers.  Where the lexer would do
 * anything but make such an item without a word (a variation, a glued
 * "(p)", an unusual token, a NAG it warns of), this stops.  The reader has
 * already found the game's end, its flags and every syntax fault, so a
 * game with any of those never comes here.  Moves are read in the pass
 * that finds their end (grammar.h, plain SAN shapes).
 *
 * Inline: the fast path's loop costs about 310 instructions a move
 * (callgrind, OTB corpus), and a call per token, with the move read into
 * memory rather than registers, would add to each. */
#ifndef PAWNKIT_PGN_PLAIN_H
#define PAWNKIT_PGN_PLAIN_H

#include <stdint.h>

#include "grammar.h"

enum plain_kind {
	PLAIN_STOP,	/* not plain, or the bytes end with no marker */
	PLAIN_PAWN,	/* san: a pawn's move ("e4", "exd5", "e8=Q") */
	PLAIN_PIECE,	/* san: a piece's, K Q R B N ("Nf3", "R1xe2") */
	PLAIN_CASTLE,	/* san.kind SAN_CASTLE_SHORT or _LONG, san.check */
	/* text, len: a move token the shapes could not read in place, near
	 * the end of the bytes: san_parse_quick() reads it (or not). */
	PLAIN_MOVE,
	PLAIN_NUMBER,	/* number: "12." or "12...", nine digits at most */
	PLAIN_END,	/* the termination marker, only blanks after it */
};

struct plain_token {
	struct san san;		/* PLAIN_PAWN, PLAIN_PIECE, PLAIN_CASTLE */
	uint32_t number;	/* PLAIN_NUMBER */
	const char *text;	/* a move's first byte */
	size_t len;		/* PLAIN_MOVE: its length */
};

/* --------------------------------------------------------------- moves */

/* Whether a move token that the lexer splits ends at q: not before a
 * move byte, nor before "(p)", the push marker glued on (mt_move_end). */
static inline bool plain_token_ends(const char *q)
{
	return !lp_move_byte((unsigned char)*q) && *q != '(';
}

/* A castling token [p, p + n), its check mark in *check: "O-O", "O-O-O",
 * each perhaps with '+' or '#'.  -1 when the token is not one; else 1
 * for the long side, 0 for the short. */
static inline int plain_castle(const char *p, size_t n, char *check)
{
	*check = 0;
	if (n > 0 && (p[n - 1] == '+' || p[n - 1] == '#'))
		*check = p[--n];
	if (n == 3 && !memcmp(p, "O-O", 3))
		return 0;
	if (n == 5 && !memcmp(p, "O-O-O", 5))
		return 1;
	return -1;
}

/* Castling, or a move near the end of the bytes (where the shapes could
 * read past them): the token's end first, then its reading.  Rare, so
 * out of the way of the common case, and the move near the end is left
 * to the caller to read: read here, its san would join the common case's
 * and keep that out of registers. */
static inline enum plain_kind plain_move_apart(const char **at,
					       const char *p,
					       const char *end,
					       struct plain_token *t)
{
	const char *q = p + 1;
	t->san.to = 0;	/* not read: the move's, once found */
	while (q < end && lp_move_byte((unsigned char)*q))
		q++;
	/* A token ending in '.' is no move for the lexer (mt_classify). */
	if (q == end || *q == '(' || q[-1] == '.')
		return PLAIN_STOP;
	*at = q + (*q == ' ');
	if (*p != 'O') {
		t->len = (size_t)(q - p);
		return PLAIN_MOVE;
	}
	int side = plain_castle(p, (size_t)(q - p), &t->san.check);
	t->san.kind = side ? SAN_CASTLE_LONG : SAN_CASTLE_SHORT;
	return side < 0 ? PLAIN_STOP : PLAIN_CASTLE;
}

/* The move at p, whose first byte is a plain move's (LC_PLAIN_MOVE).  The
 * space after it, all but certain, is taken here, so that the caller's
 * next test is of the token kinds only (move, move, number: a rhythm a
 * branch predictor learns). */
static inline __attribute__((always_inline)) enum plain_kind
plain_move(const char **at, const char *p, const char *end,
	   struct plain_token *t)
{
	struct san *s = &t->san;
	const char *q;
	t->text = p;
	if (*p == 'O' || end - p <= PLAIN_SAN_READS)
		return plain_move_apart(at, p, end, t);
	if (san_is_file(*p)) {
		q = plain_pawn_san(p, s);
		if (!q || !plain_token_ends(q))
			return PLAIN_STOP;
		*at = q + (*q == ' ');
		return PLAIN_PAWN;
	}
	q = plain_piece_san(p, s);
	if (!q || !plain_token_ends(q))
		return PLAIN_STOP;
	*at = q + (*q == ' ');
	return PLAIN_PIECE;
}

/* The san of a PLAIN_PAWN or PLAIN_PIECE token read again from its first
 * byte (plain_token.text), for a caller that needs it in memory in a rare
 * case: keeping the token's san through the common case would keep it
 * out of registers there. */
static inline void plain_san_again(const char *text, struct san *s)
{
	if (san_is_file(*text))
		plain_pawn_san(text, s);
	else
		plain_piece_san(text, s);
}

/* --------------------------------------------------- numbers, the marker */

/* Only blanks from p to end (what may follow the marker here). */
static inline bool plain_only_blanks(const char *p, const char *end)
{
	for (; p < end; p++)
		if (!(lp_byte_class[(unsigned char)*p] & LC_PLAIN_BLANK))
			return false;
	return true;
}

/* The termination marker [p, q), with nothing but blanks after it. */
static inline enum plain_kind plain_result(const char *p, const char *q,
					   const char *end)
{
	if (!lp_result_text(p, (size_t)(q - p)) || (q < end && *q == '('))
		return PLAIN_STOP;
	return plain_only_blanks(q, end) ? PLAIN_END : PLAIN_STOP;
}

/* A move number ("12." "12...") or the termination marker at p (a
 * digit).  The digits are read in the pass that finds their end; nine at
 * most make a number here (they cannot overflow), more go the general
 * way.  Past the number's dots, a space is taken as after a move. */
static inline __attribute__((always_inline)) enum plain_kind
plain_number(const char **at, const char *p, const char *end, uint32_t *n)
{
	const char *q = p + 1;
	*n = (uint32_t)(*p - '0');
	while (q < end && lp_digit((unsigned char)*q))
		*n = *n * 10 + (uint32_t)(*q++ - '0');
	if (q < end && *q == '.' && q - p <= 9) {
		while (q < end && *q == '.')
			q++;
		*at = q + (q < end && *q == ' ');
		return PLAIN_NUMBER;
	}
	while (q < end && lp_move_byte((unsigned char)*q))
		q++;
	return plain_result(p, q, end);
}

/* ------------------------------------------------ what the replay skips */

/* A NAG at p ('$'): 1 to 3 digits, at most 255 (past that the lexer
 * warns, and more than 65535 is its error).  Its end, or NULL. */
static inline const char *plain_nag(const char *p, const char *end)
{
	const char *q = p + 1;
	while (q < end && lp_digit((unsigned char)*q))
		q++;
	if (q == p + 1 || q - p > 4 ||
	    (q - p == 4 && memcmp(p + 1, "255", 3) > 0) ||
	    (q < end && lp_move_byte((unsigned char)*q)))
		return NULL;
	return q;
}

/* What is neither a move, a move number, a blank nor the marker '*' at p:
 * a comment, a NAG, a suffix annotation.  Where it ends, or NULL when it
 * is not plain.  Inline although rare: called, it took p in the register
 * of its first argument, and the loop of plain_next() copied p there at
 * every token. */
static inline __attribute__((always_inline)) const char *
plain_other_end(const char *p, const char *end)
{
	const char *q;
	switch (*p) {
	case '{':
		q = memchr(p + 1, '}', (size_t)(end - p - 1));
		return q ? q + 1 : NULL;
	case ';':
		/* To the line end; the game's bytes end before a byte that
		 * starts the next game (no LF), or with the input. */
		q = pgn_find_line_end(p + 1, end, PGN_INPUT_END);
		return q ? q + 1 : end;
	case '$':
		return plain_nag(p, end);
	case '!': case '?':
		for (q = p; q < end && (*q == '!' || *q == '?');)
			q++;
		return pgn_suffix_nag(p, (size_t)(q - p)) ? q : NULL;
	default:
		return NULL;
	}
}

/* The marker '*' at p, with nothing but blanks after it. */
static inline enum plain_kind plain_star(const char *p, const char *end)
{
	if ((p + 1 < end && lp_move_byte((unsigned char)p[1])) ||
	    !plain_only_blanks(p + 1, end))
		return PLAIN_STOP;
	return PLAIN_END;
}

/* ---------------------------------------------------------------- next */

/* The next token of the plain movetext [*at, end) into *t, and *at past
 * it (not past the marker, which ends all).  The kinds of byte that start
 * tokens are tested through the byte classes in the order they come, not
 * through a switch, whose indirect jump mispredicted about once per
 * move. */
static inline __attribute__((always_inline)) enum plain_kind
plain_next(const char **at, const char *end, struct plain_token *t)
{
	for (const char *p = *at; p < end;) {
		unsigned c = lp_byte_class[(unsigned char)*p];
		if (c & LC_PLAIN_MOVE)
			return plain_move(at, p, end, t);
		if (c & LC_DIGIT)
			return plain_number(at, p, end, &t->number);
		if (c & LC_PLAIN_BLANK) {
			p++;
			continue;
		}
		if (*p == '*')
			return plain_star(p, end);
		if (!(p = plain_other_end(p, end)))
			return PLAIN_STOP;
	}
	return PLAIN_STOP;
}

#endif
