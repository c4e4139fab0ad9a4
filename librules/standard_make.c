/* Standard chess: playing a legal move.
 *
 * Bits, board and key are updated directly: the same result as
 * position_remove + position_put on a standard position (no shared squares,
 * no pawn codes), without their generality. */
#include "internal.h"

/* Castling rights lost when a move leaves from or lands on a square: the
 * king's and the rooks' home squares. */
static const uint8_t castling_lost[64] = {
	[SQ(0, 0)] = CASTLE_WQ, [SQ(4, 0)] = CASTLE_WK | CASTLE_WQ,
	[SQ(7, 0)] = CASTLE_WK,
	[SQ(0, 7)] = CASTLE_BQ, [SQ(4, 7)] = CASTLE_BK | CASTLE_BQ,
	[SQ(7, 7)] = CASTLE_BK,
};

static inline void move_piece(struct position *pos, int from, int to)
{
	uint8_t piece = pos->board[from];
	uint64_t both = BB(from) | BB(to);
	pos->board[from] = 0;
	pos->board[to] = piece;
	pos->by_color[PIECE_COLOR(piece)] ^= both;
	pos->by_type[PIECE_TYPE(piece)] ^= both;
	pos->key ^= zobrist_piece[piece][from] ^ zobrist_piece[piece][to];
}

/* The rook's half of castling: from the corner to the square the king
 * passed. */
static void castle_rook(struct position *pos, int king_from, int king_to)
{
	bool short_side = king_to > king_from;
	int rook_from = short_side ? king_from + 3 : king_from - 4;
	move_piece(pos, rook_from, short_side ? king_from + 1 : king_from - 1);
}

void standard_make(struct position *pos, move_t m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), promo = MOVE_PROMO(m);
	unsigned flags = MOVE_FLAGS(m);
	bool irreversible = PIECE_TYPE(pos->board[from]) == PAWN;
	int victim = (flags & MF_EP) ? pos->ep_victim : to;

	pos->key ^= zobrist_ep[pos->ep];
	pos->ep = pos->ep_victim = NO_SQUARE;
	if (pos->board[victim]) {
		board_take_fast(pos, victim);
		irreversible = true;
	}
	move_piece(pos, from, to);
	if (flags & MF_CASTLE)
		castle_rook(pos, from, to);
	if (promo) {
		uint8_t pawn = pos->board[to];
		board_take_fast(pos, to);
		board_put_fast(pos, to, MAKE_PIECE(PIECE_COLOR(pawn), promo));
	}
	if (flags & MF_DOUBLE) {
		pos->ep = (uint8_t)((from + to) / 2);
		pos->ep_victim = (uint8_t)to;
		pos->key ^= zobrist_ep[pos->ep];
	}
	unsigned lost = castling_lost[from] | castling_lost[to];
	if (pos->castling & lost) {
		pos->key ^= zobrist_castling[pos->castling];
		pos->castling &= (uint8_t)~lost;
		pos->key ^= zobrist_castling[pos->castling];
	}
	/* The clocks and the side, as make_finish does them; written out so
	 * that the e.p. square set above stays whatever it does. */
	pos->halfmove = irreversible ? 0 : pos->halfmove + 1;
	pos->fullmove += pos->side == BLACK;
	pos->side ^= 1;
	pos->key ^= zobrist_side;
}
