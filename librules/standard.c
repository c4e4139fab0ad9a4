/* Standard chess: the variant's hook table and its set-up checks.
 * Generation and attacks: standard_gen.c; playing a move: standard_make.c. */
#include <stdio.h>

#include "internal.h"

const struct variant variant_standard = {
	.id = "standard",
	.pgn_name = NULL,
	.name = "standard chess",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.san_pieces = "KQRBN",
	.san_moves = 0,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.count = standard_count,
	.check_setup = standard_check_setup,
	.fide_material = true,
	.generate_to = standard_generate_to,
};

/* A pawn can never stand on its first rank, and promotes on its last. */
int lr_standard_check_pawn_ranks(const struct position *pos,
				 struct setup_fault *fault)
{
	uint64_t bad = pos->by_type[PAWN] & (RANK_1_BB | RANK_8_BB);
	if (!bad)
		return 0;
	char sq[3];
	return setup_fault(fault, FEN_BOARD, lsb(bad),
			   "board: pawn on %s (rank 1 or 8)",
			   square_name(lsb(bad), sq));
}

int lr_check_ep_passage(struct position *pos, struct setup_fault *fault,
			const struct ep_passer *passer)
{
	static const char *colour[2] = { "white", "black" };
	int ep = pos->ep;
	if (ep == NO_SQUARE)
		return 0;
	int them = pos->side ^ 1, back = FORWARD(them);
	int victim = ep + back, origin = ep - back;
	char e[3], v[3], o[3];
	square_name(ep, e);
	if (RANK_OF(ep) != (pos->side == WHITE ? 5 : 2))
		return setup_fault(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s is not on rank %d (%s to "
				   "move)", e, pos->side == WHITE ? 6 : 3,
				   pos->side == WHITE ? "White" : "Black");
	square_name(victim, v);
	square_name(origin, o);
	if (pos->ep_victim != NO_SQUARE && pos->ep_victim != victim)
		return setup_fault(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s but a %s passing it "
				   "lands on %s", e, passer->one, v);
	if (pos->board[ep])
		return setup_fault(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s is not empty", e);
	if (pos->board[origin])
		return setup_fault(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s but %s, where the %s "
				   "came from, is not empty", e, o, passer->one);
	if (!passer->may_double(pos->board[victim], them))
		return setup_fault(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s but no %s %s on %s", e,
				   colour[them], passer->kinds, v);
	pos->ep_victim = (uint8_t)victim;
	return 0;
}

static bool pawn_of(uint8_t piece, int color)
{
	return piece == MAKE_PIECE(color, PAWN);
}

static const struct ep_passer pawn_passer = { "pawn", "pawn", pawn_of };

int standard_check_setup(struct position *pos, struct setup_fault *fault)
{
	if (lr_standard_check_pawn_ranks(pos, fault) != 0 ||
	    lr_check_ep_passage(pos, fault, &pawn_passer) != 0)
		return -1;
	return 0;
}
