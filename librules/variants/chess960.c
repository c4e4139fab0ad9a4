/* Chess960 (Fischer Random Chess), and its double form whose two sides
 * start from different setups: standard chess but castling, which takes
 * the king to the g- or c-file and its rook to the f- or d-file from
 * wherever they stand on the back rank (pawnkit-variants(7)).
 *
 * The hooks wrap standard's: its generators run on a copy of the position
 * without castling rights, so that they castle by no corner of their own,
 * and the castlings are added here.  A castling is written as the king
 * taking its own rook (e1h1), which says the move also when the king does
 * not move (pos->castle_rook names each right's rook). */
#include "../internal.h"

/* The squares of one castling: the king's and the rook's, and where each
 * goes. */
struct castle {
	int king, rook, king_to, rook_to;
};

/* Right i (0..3, CASTLE_WK's first) of a position that has it. */
static struct castle castle_of(const struct position *pos, int i)
{
	int color = i >> 1, base = color == WHITE ? 0 : 56;
	bool long_side = i & 1;
	return (struct castle){
		.king = lsb(pieces_bb(pos, color, KING)),
		.rook = pos->castle_rook[i],
		.king_to = base + (long_side ? 2 : 6),
		.rook_to = base + (long_side ? 3 : 5),
	};
}

/* From a to b on one rank, both included. */
static uint64_t span(int a, int b)
{
	return lr_between_bb[a][b] | BB(a) | BB(b);
}

/* Castling with right i, when it is legal: every square the king and the
 * rook cross or reach empty but for those two, and the king attacked on
 * none of its squares from start to end, seen with both lifted off the
 * board (the rook may have hidden an attack on the king's end square:
 * king c1, rook b1, enemy queen a1). */
static move_t castle_move(const struct position *pos, int i)
{
	int us = i >> 1;
	if (!(pos->castling & (1u << i)) || !pieces_bb(pos, us, KING))
		return MOVE_NONE;
	struct castle c = castle_of(pos, i);
	uint64_t occ = occupied_bb(pos) & ~BB(c.king) & ~BB(c.rook);
	uint64_t path = span(c.king, c.king_to);
	if (!(pieces_bb(pos, us, ROOK) & BB(c.rook)) ||
	    ((path | span(c.rook, c.rook_to)) & occ))
		return MOVE_NONE;
	for (; path; path &= path - 1)
		if (lr_standard_attacked_without(pos, lsb(path), us ^ 1, occ, 0))
			return MOVE_NONE;
	return MOVE(c.king, c.rook, 0, MF_CASTLE);
}

/* The castlings of the side to move whose move is wanted(), appended. */
static void add_castles(const struct position *pos, struct movelist *list,
			int to)
{
	int us = pos->side;
	for (int i = 2 * us; i < 2 * us + 2; i++) {
		move_t m = castle_move(pos, i);
		if (m != MOVE_NONE &&
		    (to < 0 || to == MOVE_TO(m) || to == castle_of(pos, i).king_to))
			movelist_add(list, m);
	}
}

/* pos without its castling rights, for standard's generators. */
static struct position without_rights(const struct position *pos)
{
	struct position plain = *pos;
	plain.castling = 0;
	return plain;
}

static void chess960_generate(const struct position *pos,
			      struct movelist *list)
{
	struct position plain = without_rights(pos);
	standard_generate(&plain, list);
	add_castles(pos, list, -1);
}

static unsigned chess960_count(const struct position *pos)
{
	struct position plain = without_rights(pos);
	unsigned n = standard_count(&plain);
	for (int i = 2 * pos->side; i < 2 * pos->side + 2; i++)
		n += castle_move(pos, i) != MOVE_NONE;
	return n;
}

/* The hook's castling: the moves whose king ends on `to`, or whose rook
 * stands there (a move in coordinates names the rook). */
static void chess960_generate_to(const struct position *pos, int type,
				 int to, uint64_t from, struct movelist *list)
{
	struct position plain = without_rights(pos);
	standard_generate_to(&plain, type, to, from, list);
	if (type == KING && to >= 0 && to < 64 &&
	    (from & pieces_bb(pos, pos->side, KING)))
		add_castles(pos, list, to);
}

/* The rights m leaves: the mover's both when its king moves, and each
 * whose rook leaves its square or is taken there. */
static unsigned rights_after(const struct position *pos, move_t m)
{
	unsigned keep = pos->castling;
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	if (PIECE_TYPE(pos->board[from]) == KING)
		keep &= pos->side == WHITE ? ~3u : ~12u;
	for (int i = 0; i < 4; i++)
		if (pos->castle_rook[i] == from || pos->castle_rook[i] == to)
			keep &= ~(1u << i);
	return keep;
}

/* King and rook lifted, then put on their files: either may end where
 * the other stood. */
static void castle(struct position *pos, move_t m)
{
	int king = MOVE_FROM(m), rook = MOVE_TO(m), us = pos->side;
	struct castle c = castle_of(pos, 2 * us + (rook < king));
	position_remove(pos, king);
	position_remove(pos, rook);
	position_put(pos, c.king_to, MAKE_PIECE(us, KING));
	position_put(pos, c.rook_to, MAKE_PIECE(us, ROOK));
	position_set_ep(pos, NO_SQUARE, NO_SQUARE);
	position_set_castling(pos, pos->castling & (us == WHITE ? 12u : 3u));
	lr_make_finish(pos, false);
}

/* Any other move is standard's, played without the rights, whose loss
 * standard chess ties to the corners. */
static void chess960_make(struct position *pos, move_t m)
{
	if (MOVE_FLAGS(m) & MF_CASTLE) {
		castle(pos, m);
		return;
	}
	unsigned rights = rights_after(pos, m);
	position_set_castling(pos, 0);
	standard_make(pos, m);
	position_set_castling(pos, rights);
}

const struct variant variant_chess960 = {
	.id = "chess960",
	.pgn_name = "Chess960",
	.name = "Chess960",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.san_pieces = "KQRBN",
	.san_moves = 0,
	.generate = chess960_generate,
	.attacked = standard_attacked,
	.make = chess960_make,
	.count = chess960_count,
	.check_setup = standard_check_setup,
	.fide_material = true,
	.generate_to = chess960_generate_to,
	.free_castling = true,
};
