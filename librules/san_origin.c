/* What the SAN of a piece's move names of its origin, worked out from the
 * position after the move.  pgn-convert's writers of the replay's fast
 * path (formats/move_text.c) hold only that position; rebuilding the one
 * before to write the move the general way cost some 700 instructions
 * for each move with a twin that might reach its square.
 *
 * The rivals are the legal moves of the mover's other pieces of its type
 * to its square (put_disambiguation() of notation.c).  The mover's move
 * was legal, and a non-king move at that, so the position before had one
 * checker at most and the square answers it: a rival's move to the same
 * square answers it too, and is legal unless the rival is pinned.  The
 * board before differs from the one after by the origin, now empty;
 * the destination is occupied on both (by the victim before, for a
 * capture), which no line between two other squares crosses. */
#include "internal.h"

/* Whether our piece on sq may go to `to` without opening a line from an
 * enemy slider (those of `after`: the victim, which stood on `to`, pins
 * nothing that moves there) to our king on ksq; occ: the board before. */
static bool unpinned(const struct position *after, int ksq, int them, int sq,
		     int to, uint64_t occ)
{
	uint64_t sliders = aligned_sliders(after, ksq, them) &
			   lr_line_bb[ksq][sq] & ~BB(to);
	return !sliders || !slider_sees(ksq, sliders, occ & ~BB(sq));
}

/* The SAN origin from the rivals' squares, as put_disambiguation()
 * writes it: the file when it tells them apart, else the rank, else
 * both. */
static int origin_of(uint64_t rivals, int from)
{
	bool same_file = false, same_rank = false;
	if (!rivals)
		return SAN_ORIGIN_NONE;
	for (; rivals; rivals &= rivals - 1) {
		same_file |= FILE_OF(lsb(rivals)) == FILE_OF(from);
		same_rank |= RANK_OF(lsb(rivals)) == RANK_OF(from);
	}
	if (!same_file)
		return SAN_ORIGIN_FILE;
	return same_rank ? SAN_ORIGIN_SQUARE : SAN_ORIGIN_RANK;
}

/* The origin when others, our pieces of the mover's type (not the
 * mover, on `to`), would reach `to` on an empty board: a few moves in a
 * hundred, out of line. */
static __attribute__((noinline)) int
origin_among(const struct position *after, int us, int from, int to,
	     uint64_t others)
{
	uint64_t kings = pieces_bb(after, us, KING);
	if (!kings || (kings & (kings - 1)))
		return -1;
	uint64_t occ = occupied_bb(after) | BB(from), rivals = 0;
	for (; others; others &= others - 1) {
		int sq = lsb(others);
		if (!(lr_between_bb[sq][to] & occ) &&
		    unpinned(after, lsb(kings), us ^ 1, sq, to, occ))
			rivals |= BB(sq);
	}
	return origin_of(rivals, from);
}

int move_san_origin_after(const struct position *after, uint8_t piece,
			  move_t m)
{
	int type = PIECE_TYPE(piece), us = PIECE_COLOR(piece), to = MOVE_TO(m);
	if (type < KNIGHT || type > KING)
		return -1;
	/* A king's twin, on a board set up with two, the general way. */
	uint64_t others = (type == KING ? ~(uint64_t)0
					: lr_empty_board_attacks[type][to]) &
			  pieces_bb(after, us, type) & ~BB(to);
	if (!others)
		return SAN_ORIGIN_NONE;
	return type == KING ? -1 : origin_among(after, us, MOVE_FROM(m), to, others);
}
