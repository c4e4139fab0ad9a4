/* Pushpawn Chess (M. Winther, 2020): FIDE chess plus the push.
 *
 * A connected pawn on its rank 4 or 5 (pushpawn-4th: rank 4 only) facing
 * an enemy pawn with an empty square behind that pawn steps forward and
 * shoves the enemy pawn one square back (pawnkit-variants(7)).  Everything else is
 * standard chess, so the hooks wrap standard's; the two variants differ
 * only in the ranks a push may start from. */
#include "../internal.h"

/* b moved one rank backward for colour c (bits leaving the board drop). */
static inline uint64_t backward_bb(uint64_t b, int c)
{
	return c == WHITE ? b >> 8 : b << 8;
}

/* Squares whose six neighbours on the adjacent files (one rank back, same
 * rank, one rank forward) hold at least one of the pawns in b.  The
 * relation is symmetric, so it is b's own neighbourhood. */
static uint64_t connected_to(uint64_t b)
{
	uint64_t beside = ((b << 1) & ~FILE_A_BB) | ((b >> 1) & ~FILE_H_BB);
	return beside | (beside << 8) | (beside >> 8);
}

/* Our pawns in from_ranks that may push: connected, an enemy pawn straight
 * in front, the square beyond it empty. */
static uint64_t pushers(const struct position *pos, uint64_t from_ranks)
{
	int us = pos->side;
	uint64_t own = pieces_bb(pos, us, PAWN);
	uint64_t facing = backward_bb(pieces_bb(pos, us ^ 1, PAWN), us);
	uint64_t room = backward_bb(backward_bb(~occupied_bb(pos), us), us);
	return own & from_ranks & facing & room & connected_to(own);
}

/* Standard moves, then the pushes that leave our king safe (a push can
 * uncover a line to it). */
static void generate_with_pushes(const struct position *pos,
				 struct movelist *list, uint64_t from_ranks)
{
	standard_generate(pos, list);
	int fwd = FORWARD(pos->side);
	for (uint64_t b = pushers(pos, from_ranks); b;) {
		int from = pop_lsb(&b);
		lr_add_if_legal(pos, MOVE(from, from + fwd, 0, MF_PUSH), list);
	}
}

/* Ranks 4 and 5 are the same two board ranks for both colours. */
#define RANKS_4_5 0x000000FFFF000000ULL
#define RANK_4_WHITE 0x00000000FF000000ULL
#define RANK_4_BLACK 0x000000FF00000000ULL

static void pushpawn_generate(const struct position *pos,
			      struct movelist *list)
{
	generate_with_pushes(pos, list, RANKS_4_5);
}

static void pushpawn_4th_generate(const struct position *pos,
				  struct movelist *list)
{
	generate_with_pushes(pos, list,
			     pos->side == WHITE ? RANK_4_WHITE : RANK_4_BLACK);
}

/* The enemy pawn goes back first, then ours steps into its square.  A push
 * is a pawn move that captures nothing and leaves no e.p. square. */
static void pushpawn_make(struct position *pos, move_t m)
{
	if (!(MOVE_FLAGS(m) & MF_PUSH)) {
		standard_make(pos, m);
		return;
	}
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	uint8_t pusher = pos->board[from], pushed = pos->board[to];
	position_remove(pos, to);
	position_put(pos, to + FORWARD(pos->side), pushed);
	position_remove(pos, from);
	position_put(pos, to, pusher);
	position_set_ep(pos, NO_SQUARE, NO_SQUARE);
	lr_make_finish(pos, true);
}

const struct variant variant_pushpawn = {
	.id = "pushpawn",
	.pgn_name = "Pushpawn Chess",
	.name = "Pushpawn Chess",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.san_pieces = "KQRBN",
	.san_moves = MF_PUSH,
	.generate = pushpawn_generate,
	.attacked = standard_attacked,
	.make = pushpawn_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};

const struct variant variant_pushpawn_4th = {
	.id = "pushpawn-4th",
	.pgn_name = "Pushpawn Chess (4th rank)",
	.name = "Pushpawn Chess (4th rank)",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.san_pieces = "KQRBN",
	.san_moves = MF_PUSH,
	.generate = pushpawn_4th_generate,
	.attacked = standard_attacked,
	.make = pushpawn_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};
