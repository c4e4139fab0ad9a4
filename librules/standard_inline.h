/* librules private: standard chess's make and check test as inline
 * functions, for the hot loops that call them once per move (the replay's
 * fast path): inlined there they cost no call and take their move apart
 * no more than once.  standard_make() and lr_standard_gives_check() are
 * these same bodies, out of line. */
#ifndef PAWNKIT_STANDARD_INLINE_H
#define PAWNKIT_STANDARD_INLINE_H

#include "internal.h"

/* Castling rights lost when a move leaves from or lands on a square: the
 * king's and the rooks' home squares. */
static const uint8_t castling_lost[64] = {
	[SQ(0, 0)] = CASTLE_WQ, [SQ(4, 0)] = CASTLE_WK | CASTLE_WQ,
	[SQ(7, 0)] = CASTLE_WK,
	[SQ(0, 7)] = CASTLE_BQ, [SQ(4, 7)] = CASTLE_BK | CASTLE_BQ,
	[SQ(7, 7)] = CASTLE_BK,
};

/* The rook's squares in castling: its corner (*home) and the square the
 * king passed (*passed). */
static inline void castle_rook_squares(int king_from, int king_to,
				       int *home, int *passed)
{
	bool short_side = king_to > king_from;
	*home = short_side ? king_from + 3 : king_from - 4;
	*passed = short_side ? king_from + 1 : king_from - 1;
}

/* The rook's half of castling, from the corner to the square the king
 * passed; returns what it changes of the key. */
static inline uint64_t castle_rook(struct position *pos, int king_from,
				   int king_to)
{
	int from, to;
	castle_rook_squares(king_from, king_to, &from, &to);
	uint8_t rook = pos->board[from];
	uint64_t both = BB(from) | BB(to);
	pos->board[from] = 0;
	pos->board[to] = rook;
	pos->by_color[PIECE_COLOR(rook)] ^= both;
	pos->by_type[PIECE_TYPE(rook)] ^= both;
	return lr_zobrist_piece[rook][from] ^ lr_zobrist_piece[rook][to];
}

/* keyed: whether the key and the move number are kept; the fast path's
 * loop without a visitor works out its few keys at the end instead
 * (replay_quick.c), about 20 instructions fewer per move.
 * piece: the one on the move's origin, which the fast path knows from
 * the SAN sooner than the board would tell: the words of the bitboards
 * to update are then known before the move's squares are, and the loads
 * of the check test that follows need not wait for them (4% of
 * pgn-validate's time).  to: MOVE_TO(m), which the fast path has from
 * the SAN too, before the move is put together (1% more). */
static inline __attribute__((always_inline)) void
standard_make_mover(struct position *pos, move_t m, uint8_t piece, int to,
		    bool keyed)
{
	int from = MOVE_FROM(m), promo = MOVE_PROMO(m);
	unsigned flags = MOVE_FLAGS(m);
	int color = PIECE_COLOR(piece);
	int victim_sq = (flags & MF_EP) ? pos->ep_victim : to;
	uint8_t victim = pos->board[victim_sq];
	uint8_t placed = promo ? MAKE_PIECE(color, promo) : piece;
	/* The key and the e.p. squares in locals: every store to board[]
	 * (bytes) may alias them, which would make the compiler reload and
	 * store them again after each. */
	uint64_t key = pos->key ^ lr_zobrist_ep[pos->ep] ^ lr_zobrist_side;
	uint8_t ep = NO_SQUARE, ep_victim = NO_SQUARE;

	if (victim) {
		pos->board[victim_sq] = 0;
		pos->by_color[PIECE_COLOR(victim)] ^= BB(victim_sq);
		pos->by_type[PIECE_TYPE(victim)] ^= BB(victim_sq);
		key ^= lr_zobrist_piece[victim][victim_sq];
	}
	pos->board[from] = 0;
	pos->board[to] = placed;
	pos->by_color[color] ^= BB(from) | BB(to);
	pos->by_type[PIECE_TYPE(piece)] ^= BB(from);
	pos->by_type[PIECE_TYPE(placed)] ^= BB(to);
	key ^= lr_zobrist_piece[piece][from] ^ lr_zobrist_piece[placed][to];
	if (flags & MF_CASTLE)
		key ^= castle_rook(pos, from, to);
	if (flags & MF_DOUBLE) {
		ep = (uint8_t)((from + to) / 2);
		ep_victim = (uint8_t)to;
		key ^= lr_zobrist_ep[ep];
	}
	unsigned lost = castling_lost[from] | castling_lost[to];
	if (pos->castling & lost) {
		key ^= lr_zobrist_castling[pos->castling];
		pos->castling &= (uint8_t)~lost;
		key ^= lr_zobrist_castling[pos->castling];
	}
	pos->ep = ep;
	pos->ep_victim = ep_victim;
	if (keyed)
		pos->key = key;
	/* The clocks and the side, as lr_make_finish does them. */
	pos->halfmove = (PIECE_TYPE(piece) == PAWN || victim) ? 0
							      : pos->halfmove + 1;
	if (keyed)
		pos->fullmove += pos->side == BLACK;
	pos->side ^= 1;
}

/* standard_make_mover() with the piece read from the board. */
static inline __attribute__((always_inline)) void
standard_make_body(struct position *pos, move_t m, bool keyed)
{
	standard_make_mover(pos, m, pos->board[MOVE_FROM(m)], MOVE_TO(m),
			    keyed);
}

static inline __attribute__((always_inline)) void
standard_make_inline(struct position *pos, move_t m)
{
	standard_make_body(pos, m, true);
}

/* Before a legal move the king of the side that did not move was not
 * attacked; so after it, only the piece that moved, or a slider whose line
 * the move opened through its origin, can attack that king.  Castling, en
 * passant and promotions (a rook and a pawn more, or a new piece) take the
 * whole test.  piece: the one that moved, on its destination now (the
 * fast path knows it without reading the board). */
static inline __attribute__((always_inline)) bool
standard_gives_check_mover(const struct position *after, move_t m,
			   uint8_t piece, int to)
{
	int us = after->side, them = us ^ 1;
	uint64_t kings = pieces_bb(after, us, KING);
	if (!kings)
		return false;
	if (MOVE_FLAGS(m) & (MF_CASTLE | MF_EP) || MOVE_PROMO(m))
		return lr_standard_in_check(after);
	int k = lsb(kings), from = MOVE_FROM(m);
	uint64_t occ = occupied_bb(after);
	/* Direct: the mover attacks the king's square on an empty board and
	 * nothing stands between (a pawn's or knight's "between" is empty).
	 * A table, not a switch on the type: the type of each move is
	 * random, and the switch's mispredictions cost more than the test. */
	if ((lr_empty_board_attacks[piece][to] & BB(k)) &&
	    !(lr_between_bb[k][to] & occ))
		return true;
	/* Discovered: a slider behind the origin, on the king's line. */
	uint64_t behind = aligned_sliders(after, k, them) &
			  lr_line_bb[k][from] & ~BB(to);
	return behind && slider_sees(k, behind, occ);
}

/* standard_gives_check_mover() with the piece read from the board. */
static inline __attribute__((always_inline)) bool
standard_gives_check_inline(const struct position *after, move_t m)
{
	return standard_gives_check_mover(after, m, after->board[MOVE_TO(m)],
					  MOVE_TO(m));
}

#endif
