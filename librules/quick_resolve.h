/* librules private: a move of plain SAN resolved in standard chess by
 * bitboards alone, in the common case (one candidate, out of check); for
 * the rest the caller asks the general resolver (move_resolve()).  Used by
 * the replay's fast path (replay_quick.c), where these are inlined into
 * the loop, and by move_resolve() itself, ahead of its move lists. */
#ifndef PAWNKIT_QUICK_RESOLVE_H
#define PAWNKIT_QUICK_RESOLVE_H

#include "internal.h"

/* Out of check, a move of a piece other than the king is legal unless it
 * leaves a line between our king and an enemy slider: only a piece on one
 * of the king's lines needs a look, and then only at the sliders on that
 * line. */
static inline bool unpinned_after(const struct position *pos, int ksq,
				  int from, int to)
{
	/* lr_line_bb is empty off the king's lines: no test whether `from` is
	 * on one, which is as good as random. */
	uint64_t sliders = aligned_sliders(pos, ksq, pos->side ^ 1) &
			   lr_line_bb[ksq][from] & ~BB(to);
	return !sliders || !slider_sees(ksq, sliders,
					(occupied_bb(pos) & ~BB(from)) | BB(to));
}

/* Not decided inline: ask the general resolver (exact_resolve()). */
#define MOVE_ASK ((move_t)UINT32_MAX)

/* one_legal()'s less common cases: several candidates, or check.  In
 * check by one piece, a move other than the king's must take it or step
 * between (by two, none may); then each candidate must not be pinned.
 * MOVE_ASK when two are legal: the general resolver words that. */
static __attribute__((noinline)) move_t
several_legal(const struct position *pos, uint64_t from, int to, int promo,
	      unsigned flags, bool in_check)
{
	int ksq = lsb(pieces_bb(pos, pos->side, KING));
	if (in_check) {
		uint64_t checkers = lr_standard_checkers(pos);
		if (!checkers || (checkers & (checkers - 1)) ||
		    !((checkers | lr_between_bb[ksq][lsb(checkers)]) & BB(to)))
			return MOVE_NONE;
	}
	move_t found = MOVE_NONE;
	for (; from; from &= from - 1) {
		int sq = lsb(from);
		if (!unpinned_after(pos, ksq, sq, to))
			continue;
		if (found != MOVE_NONE)
			return MOVE_ASK;
		found = MOVE(sq, to, promo, flags);
	}
	return found;
}

/* The one legal move among origins `from` (a piece other than the king
 * moving to `to`): decided inline in the common case, one candidate and
 * out of check, and out of line in the others; MOVE_NONE when there is
 * none; MOVE_ASK when the general resolver is to say. */
static inline move_t one_legal(const struct position *pos, uint64_t from,
			       int to, int promo, unsigned flags,
			       bool in_check)
{
	if (!from)
		return MOVE_NONE;
	if ((from & (from - 1)) || in_check)
		return several_legal(pos, from, to, promo, flags, in_check);
	int sq = lsb(from);
	int ksq = lsb(pieces_bb(pos, pos->side, KING));
	if (!unpinned_after(pos, ksq, sq, to))
		return MOVE_NONE;
	return MOVE(sq, to, promo, flags);
}

/* A pawn move in plain SAN: "e4", "exd5", "e8=Q". */
static inline move_t pawn_move(const struct position *pos, const struct san *s,
			uint64_t hint, bool in_check)
{
	int us = pos->side, to = s->to;
	bool last = RANK_OF(to) == (us == WHITE ? 7 : 0);
	int promo = san_letter_type(s->promotion);
	if (last != (promo != 0))
		return MOVE_NONE;
	uint64_t pawns = pieces_bb(pos, us, PAWN) & hint;
	bool taken = pos->by_color[us ^ 1] & BB(to);
	if (s->capture) {
		if (!taken)
			return to == pos->ep ? MOVE_ASK : MOVE_NONE;
		return one_legal(pos, lr_pawn_attacks[us ^ 1][to] & pawns, to,
				 promo, MF_CAPTURE, in_check);
	}
	if (taken)
		return MOVE_NONE;	/* a capture without 'x': lenient */
	/* A push: the origin is on the destination's file (the SAN has no
	 * origin file), one or, from the second rank, two squares back. */
	int one = to - FORWARD(us);
	if (one < 0 || one > 63)
		return MOVE_NONE;
	if (pawns & BB(one))
		return one_legal(pos, BB(one), to, promo, 0, in_check);
	int two = one - FORWARD(us);
	if ((occupied_bb(pos) & BB(one)) || REL_RANK(us, to) != 3 ||
	    !(pawns & BB(two)))
		return MOVE_NONE;
	return one_legal(pos, BB(two), to, 0, MF_DOUBLE, in_check);
}

/* A king step (castling is a token of its own). */
static inline move_t king_move(const struct position *pos, uint64_t hint, int to)
{
	int us = pos->side;
	int ksq = lsb(pieces_bb(pos, us, KING));
	if (!(hint & BB(ksq)) || !(lr_king_attacks[ksq] & BB(to)))
		return MOVE_NONE;
	uint64_t occ = occupied_bb(pos) ^ BB(ksq);
	if (lr_standard_attacked_without(pos, to, us ^ 1, occ, 0))
		return MOVE_NONE;
	unsigned flags = (pos->by_color[us ^ 1] & BB(to)) ? MF_CAPTURE : 0;
	return MOVE(ksq, to, 0, flags);
}

/* A piece move in plain SAN ("Nf3", "Nbxd7", "R1e2", "Kxe2"): the one
 * legal move it names exactly (what resolve_plain() finds over
 * standard_generate_to()), MOVE_NONE, or MOVE_ASK. */
static inline __attribute__((always_inline)) move_t
piece_move(const struct position *pos, const struct san *s, bool in_check)
{
	int us = pos->side, to = s->to;
	uint64_t tobb = BB(to);
	if (pos->by_color[us] & tobb)
		return MOVE_NONE;
	uint64_t hint = hint_mask(s->from_file, s->from_rank);
	bool taken = pos->by_color[us ^ 1] & tobb;
	if (taken != s->capture)
		return MOVE_NONE;	/* 'x' missing (lenient) or wrong */
	int type = san_letter_type(s->piece);
	if (type == KING)
		return king_move(pos, hint, to);
	/* Knights, bishops, rooks and queens reach `to` from where they
	 * would attack it on an empty board: a table, not a switch on the
	 * letter (which mispredicted a third of the time). */
	uint64_t occ = occupied_bb(pos);
	uint64_t from = lr_empty_board_attacks[type][to] &
			pieces_bb(pos, us, type) & hint;
	/* A slider reaches `to` when nothing is between (a knight has
	 * nothing between). */
	if (!(from & (from - 1))) {
		/* One candidate (or none): blocked almost never, a branch
		 * the CPU predicts and runs past while the table loads. */
		if (from && (lr_between_bb[lsb(from)][to] & occ))
			return MOVE_NONE;
	} else {
		/* Several: without a branch, for which of them is blocked
		 * is as good as random, and mispredicting it cost more. */
		for (uint64_t f = from; f; f &= f - 1)
			from &= ~(f & -f & -(uint64_t)((lr_between_bb[lsb(f)][to] & occ) != 0));
	}
	return one_legal(pos, from, to, 0, taken ? MF_CAPTURE : 0, in_check);
}

/* A pawn move in plain SAN ("e4", "exd5", "e8=Q"): as piece_move(). */
static inline __attribute__((always_inline)) move_t
pawn_san_move(const struct position *pos, const struct san *s, bool in_check)
{
	if (pos->by_color[pos->side] & BB(s->to))
		return MOVE_NONE;
	return pawn_move(pos, s, hint_mask(s->from_file, s->from_rank),
			 in_check);
}

#endif
