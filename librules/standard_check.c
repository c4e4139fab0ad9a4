/* Standard chess: is a square attacked, is the side to move in check.
 * The test after every move of a replay, and the tables it reads (rays
 * and empty-board attacks), below the move code that inlines it
 * (standard_inline.h). */
#include "internal.h"

uint64_t lr_orth_rays[64], lr_diag_rays[64];
uint64_t lr_empty_board_attacks[16][64];

/* Filled once before main() from geometry alone (no other table: the
 * order of constructors across files is not defined). */
__attribute__((constructor)) static void rays_init(void)
{
	for (int a = 0; a < 64; a++)
		for (int b = 0; b < 64; b++) {
			int df = FILE_OF(b) - FILE_OF(a);
			int dr = RANK_OF(b) - RANK_OF(a);
			int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
			if (a == b)
				continue;
			if (!df || !dr)
				lr_orth_rays[a] |= BB(b);
			else if (adf == adr)
				lr_diag_rays[a] |= BB(b);
			if (adf * adr == 2)
				for (int c = WHITE; c <= BLACK; c++)
					lr_empty_board_attacks[MAKE_PIECE(c, KNIGHT)][a] |= BB(b);
			if (adf == 1 && adr == 1) {
				/* A white pawn takes up the board. */
				int c = dr > 0 ? WHITE : BLACK;
				lr_empty_board_attacks[MAKE_PIECE(c, PAWN)][a] |= BB(b);
			}
		}
	for (int c = WHITE; c <= BLACK; c++)
		for (int sq = 0; sq < 64; sq++) {
			lr_empty_board_attacks[MAKE_PIECE(c, BISHOP)][sq] = lr_diag_rays[sq];
			lr_empty_board_attacks[MAKE_PIECE(c, ROOK)][sq] = lr_orth_rays[sq];
			lr_empty_board_attacks[MAKE_PIECE(c, QUEEN)][sq] =
				lr_diag_rays[sq] | lr_orth_rays[sq];
		}
}

bool lr_standard_attacked_without(const struct position *pos, int sq, int by,
				  uint64_t occ, uint64_t gone)
{
	uint64_t them = pos->by_color[by] & ~gone;
	return (lr_pawn_attacks[by ^ 1][sq] & them & pos->by_type[PAWN]) ||
	       (lr_knight_attacks[sq] & them & pos->by_type[KNIGHT]) ||
	       (lr_king_attacks[sq] & them & pos->by_type[KING]) ||
	       slider_sees(sq, aligned_sliders(pos, sq, by) & ~gone, occ);
}

bool lr_standard_in_check(const struct position *pos)
{
	int us = pos->side;
	uint64_t kings = pieces_bb(pos, us, KING);
	return kings && lr_standard_attacked_without(pos, lsb(kings), us ^ 1,
					 occupied_bb(pos), 0);
}
