/* The replay's fast path for reading a move token.
 *
 * san_parse() (libparse) reads every notation pawnkit accepts and explains
 * every fault; per move that generality cost as much as resolving the move.
 * Nearly all real movetext is plain SAN of a few shapes: "e4", "exd5",
 * "e8=Q", "Nf3", "Nbd7", "R1e2", "Nxe5", each perhaps with '+' or '#'.
 * Those are read here; anything else, and every error, is left to
 * san_parse().  For what it accepts the result is exactly san_parse()'s
 * (tests/unit/test_san_quick.c compares the two over every such token). */
#include "internal.h"

static inline bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static inline bool is_rank(char c) { return c >= '1' && c <= '8'; }

/* SAN piece letters; 'P' and 'T' (tandem) are left to san_parse(). */
static inline bool is_piece(char c)
{
	return c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K';
}

static inline bool is_promotion(char c)
{
	return c == 'Q' || c == 'R' || c == 'B' || c == 'N';
}

static inline bool square_at(const char *p, int *sq)
{
	if (!is_file(p[0]) || !is_rank(p[1]))
		return false;
	*sq = (p[1] - '1') * 8 + (p[0] - 'a');
	return true;
}

/* A piece move after its letter: "f3", "xf3", "bf3", "1f3", "bxf3",
 * "1xf3". */
static int piece_move(const char *p, size_t n, struct san *m)
{
	if (n < 2 || n > 4 || (n == 4 && p[1] != 'x'))
		return -1;
	if (n >= 3) {
		if (p[0] == 'x' && n == 3)
			m->capture = true;
		else if (is_file(p[0]))
			m->from_file = p[0] - 'a';
		else if (is_rank(p[0]))
			m->from_rank = p[0] - '1';
		else
			return -1;
		m->capture = m->capture || n == 4;
		p += n - 2;
	}
	return square_at(p, &m->to) ? 0 : -1;
}

/* A pawn move: "e4", "exd5", either with "=Q". */
static int pawn_move(const char *s, size_t n, struct san *m)
{
	if (n >= 4 && s[n - 2] == '=' && is_promotion(s[n - 1])) {
		m->promotion = s[n - 1];
		n -= 2;
	}
	if (n == 2)
		return square_at(s, &m->to) ? 0 : -1;
	if (n != 4 || s[1] != 'x' || !square_at(s + 2, &m->to))
		return -1;
	m->from_file = s[0] - 'a';
	m->capture = true;
	return 0;
}

int san_parse_quick(const char *s, size_t n, struct san *out)
{
	*out = (struct san){ .kind = SAN_ORDINARY, .from_file = -1,
			     .from_rank = -1, .to = -1 };
	if (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#'))
		out->check = s[--n];
	if (n < 2)
		return -1;
	if (is_piece(s[0])) {
		out->piece = s[0];
		return piece_move(s + 1, n - 1, out);
	}
	return is_file(s[0]) ? pawn_move(s, n, out) : -1;
}
