/* Standard chess: the legal moves onto one square by one kind of piece.
 *
 * SAN names the destination and the mover, so resolving it needs only the
 * few pieces of that kind that reach the square, not every legal move
 * (which cost most of a replay's time).  The candidates come from reverse
 * attack lookups: a knight reaches `to` from lr_knight_attacks[to], a bishop
 * from bishop_attacks(to, occ), a pawn from the one or two squares behind
 * it.  Each candidate is then tested for legality directly: after the move,
 * may an enemy piece take our king?  That test is exact, so the list holds
 * exactly the moves standard_generate() lists with that mover and
 * destination (tests/unit/test_standard_to.c compares the two).
 *
 * Slider attacks on one square are tested without the magic tables: only
 * the enemy sliders standing on a line through the square (of the kind
 * that moves along it: usually none, one or two) can attack it, and one
 * does when nothing stands between.  The rook table is 800 KB; its cache
 * misses made the magic lookups most of this file's time. */
#include "standard_inline.h"

struct target {
	const struct position *pos;
	struct movelist *list;
	int us, them, ksq, to;
	uint64_t from;		/* the origins asked for */
	uint64_t occ;
	uint64_t leapers;	/* enemy knights and pawns giving check */
	uint64_t sliders;	/* enemy sliders aligned with our king */
};

bool lr_standard_gives_check(const struct position *after, move_t m)
{
	return standard_gives_check_inline(after, m);
}

/* Our king is safe after a piece (not the king) goes from `from` to
 * t->to, taking whatever stands there.  A knight or pawn giving check must
 * be the piece taken; a slider must be taken or blocked, and lifting the
 * mover must not open a line (the pin). */
static bool safe_after(const struct target *t, int from)
{
	uint64_t to = BB(t->to);
	if (t->leapers & ~to)
		return false;
	return !slider_sees(t->ksq, t->sliders & ~to,
			    (t->occ & ~BB(from)) | to);
}

/* A pawn move onto the last rank is the four promotions, queen first (as
 * the generator writes them; the order does not matter to the caller). */
static void add_pawn(struct target *t, int from, unsigned flags)
{
	int last = t->us == WHITE ? 7 : 0;
	if (RANK_OF(t->to) != last) {
		movelist_add(t->list, MOVE(from, t->to, 0, flags));
		return;
	}
	for (int type = QUEEN; type >= KNIGHT; type--)
		movelist_add(t->list, MOVE(from, t->to, type, flags));
}

/* En passant empties two squares of one rank at once (the capturer's and
 * the victim's), so the slider test is redone on the board after it. */
static void pawn_en_passant(struct target *t)
{
	const struct position *pos = t->pos;
	int victim = pos->ep_victim & 63;
	if (!(pieces_bb(pos, t->them, PAWN) & BB(victim)) ||
	    (t->leapers & ~BB(victim)))
		return;
	uint64_t from_set = lr_pawn_attacks[t->them][t->to] &
			    pieces_bb(pos, t->us, PAWN) & t->from;
	while (from_set) {
		int from = pop_lsb(&from_set);
		uint64_t occ = (t->occ ^ BB(from) ^ BB(victim)) | BB(t->to);
		if (!slider_sees(t->ksq, t->sliders, occ))
			movelist_add(t->list, MOVE(from, t->to, 0,
						   MF_EP | MF_CAPTURE));
	}
}

/* Captures come diagonally from behind; steps straight from one or (from
 * the second rank) two squares behind an empty destination. */
static void pawn_moves(struct target *t)
{
	const struct position *pos = t->pos;
	uint64_t pawns = pieces_bb(pos, t->us, PAWN) & t->from;
	int back = -FORWARD(t->us);
	if (pos->by_color[t->them] & BB(t->to)) {
		uint64_t from_set = lr_pawn_attacks[t->them][t->to] & pawns;
		while (from_set) {
			int from = pop_lsb(&from_set);
			if (safe_after(t, from))
				add_pawn(t, from, MF_CAPTURE);
		}
		return;
	}
	if (t->to == pos->ep) {
		pawn_en_passant(t);
		return;
	}
	int one = t->to + back;
	if (one < 0 || one > 63 || (t->occ & BB(one) & ~pawns))
		return;
	if (pawns & BB(one)) {
		if (safe_after(t, one))
			add_pawn(t, one, 0);
		return;
	}
	int two = one + back;
	if (REL_RANK(t->us, t->to) == 3 && (pawns & BB(two)) &&
	    safe_after(t, two))
		movelist_add(t->list, MOVE(two, t->to, 0, MF_DOUBLE));
}

/* Knights, bishops, rooks and queens: the pieces the destination reaches
 * with the same move, looking back.  A slider of ours on a line through
 * the destination reaches it when nothing stands between. */
static void piece_moves(struct target *t, int type)
{
	const struct position *pos = t->pos;
	uint64_t from_set;
	switch (type) {
	case KNIGHT: from_set = lr_knight_attacks[t->to]; break;
	case BISHOP: from_set = lr_diag_rays[t->to]; break;
	case ROOK: from_set = lr_orth_rays[t->to]; break;
	default: from_set = lr_diag_rays[t->to] | lr_orth_rays[t->to]; break;
	}
	from_set &= pieces_bb(pos, t->us, type) & t->from;
	unsigned flags = (pos->by_color[t->them] & BB(t->to)) ? MF_CAPTURE : 0;
	while (from_set) {
		int from = pop_lsb(&from_set);
		if (type != KNIGHT && (lr_between_bb[from][t->to] & t->occ))
			continue;
		if (safe_after(t, from))
			movelist_add(t->list, MOVE(from, t->to, 0, flags));
	}
}

/* Castling per FIDE, as standard_generate has it: the right, king and
 * rook at home, the squares between empty, the king not in check and
 * neither passing nor landing on an attacked square. */
move_t lr_standard_castle(const struct position *pos, bool long_side)
{
	int us = pos->side, them = us ^ 1, base = us == WHITE ? 0 : 56;
	int ksq = base + 4, to = long_side ? base + 2 : base + 6;
	unsigned right = (long_side ? CASTLE_WQ : CASTLE_WK) << (us * 2);
	int rook = long_side ? base : base + 7;
	int pass = long_side ? base + 3 : base + 5;
	uint64_t occ = occupied_bb(pos);
	if (!(pos->castling & right) ||
	    !(pieces_bb(pos, us, KING) & BB(ksq)) ||
	    !(pieces_bb(pos, us, ROOK) & BB(rook)) ||
	    (lr_between_bb[ksq][rook] & occ) || lr_standard_checkers(pos) ||
	    lr_standard_attacked_without(pos, pass, them, occ, 0) ||
	    lr_standard_attacked_without(pos, to, them, occ, 0))
		return MOVE_NONE;
	return MOVE(ksq, to, 0, MF_CASTLE);
}

static void castling(struct target *t)
{
	move_t m = lr_standard_castle(t->pos, t->to == t->ksq - 2);
	if (m != MOVE_NONE)
		movelist_add(t->list, m);
}

/* The king steps where no enemy piece attacks, seen with the king lifted
 * off the board (it hides no square from a slider behind it). */
static void king_moves(struct target *t)
{
	const struct position *pos = t->pos;
	if (!(t->from & BB(t->ksq)))
		return;
	if (lr_king_attacks[t->ksq] & BB(t->to)) {
		uint64_t occ = t->occ ^ BB(t->ksq);
		if (!lr_standard_attacked_without(pos, t->to, t->them, occ,
						  0)) {
			unsigned flags = (pos->by_color[t->them] & BB(t->to))
						 ? MF_CAPTURE : 0;
			movelist_add(t->list, MOVE(t->ksq, t->to, 0, flags));
		}
	}
	if ((t->to == t->ksq + 2 || t->to == t->ksq - 2) &&
	    RANK_OF(t->to) == (t->us == WHITE ? 0 : 7))
		castling(t);
}

/* What every question about the side to move starts from; false when it
 * has no king (not a legal set-up). */
static bool target_init(struct target *t, const struct position *pos,
			struct movelist *list)
{
	int us = pos->side;
	uint64_t kings = pieces_bb(pos, us, KING);
	if (!kings)
		return false;
	*t = (struct target){ .pos = pos, .list = list, .us = us,
			      .them = us ^ 1, .ksq = lsb(kings), .from = ~0ULL,
			      .occ = occupied_bb(pos) };
	uint64_t their = pos->by_color[us ^ 1];
	t->leapers =
		(lr_pawn_attacks[us][t->ksq] & their & pos->by_type[PAWN]) |
		(lr_knight_attacks[t->ksq] & their & pos->by_type[KNIGHT]);
	t->sliders = aligned_sliders(pos, t->ksq, us ^ 1);
	return true;
}

static void moves_to(struct target *t, int type)
{
	switch (type) {
	case PAWN: pawn_moves(t); break;
	case KNIGHT: case BISHOP: case ROOK: case QUEEN:
		piece_moves(t, type);
		break;
	case KING: king_moves(t); break;
	default: break;
	}
}

void standard_generate_to(const struct position *pos, int type, int to,
			  uint64_t from, struct movelist *list)
{
	struct target t;
	if (to < 0 || to > 63 || (pos->by_color[pos->side] & BB(to)) ||
	    !target_init(&t, pos, list))
		return;
	t.to = to;
	t.from = from;
	moves_to(&t, type);
}

/* ------------------------------------------------- is there any move? */

/* Enemy sliders giving check, with the leapers already known. */
static uint64_t slider_checkers(const struct target *t)
{
	uint64_t checkers = 0;
	for (uint64_t s = t->sliders; s; s &= s - 1)
		if (!(lr_between_bb[t->ksq][lsb(s)] & t->occ))
			checkers |= s & -s;
	return checkers;
}

/* In check by one piece: a move of another piece that takes it or steps
 * between (or takes the pawn that gave check en passant).  The moves to
 * each of those squares are found as for SAN, so they are legal moves. */
static bool can_parry(struct target *t, uint64_t checker)
{
	uint64_t squares = checker | lr_between_bb[t->ksq][lsb(checker)];
	const struct position *pos = t->pos;
	if (pos->ep != NO_SQUARE)
		squares |= BB(pos->ep);
	squares &= ~pos->by_color[t->us];
	for (; squares; squares &= squares - 1) {
		t->to = lsb(squares);
		for (int type = PAWN; type <= QUEEN; type++) {
			moves_to(t, type);
			if (t->list->count)
				return true;
		}
	}
	return false;
}

bool lr_standard_has_move(const struct position *pos)
{
	int us = pos->side;
	uint64_t kings = pieces_bb(pos, us, KING);
	if (!kings)
		return false;
	/* A king step first: it settles most checks at once, before
	 * target_init() works out the checkers and pins, which it then
	 * does not need. */
	int ksq = lsb(kings);
	uint64_t steps = lr_king_attacks[ksq] & ~pos->by_color[us];
	uint64_t occ = occupied_bb(pos) ^ BB(ksq);
	for (; steps; steps &= steps - 1)
		if (!lr_standard_attacked_without(pos, lsb(steps), us ^ 1, occ,
						  0))
			return true;
	struct movelist list;
	struct target t;
	list.count = 0;
	target_init(&t, pos, &list);
	uint64_t checkers = t.leapers | slider_checkers(&t);
	if (!checkers)
		return standard_count(pos) > 0;	/* rare: only at game ends */
	/* Double checks can only be evaded by moving the king. */
	if (checkers & (checkers - 1))
		return false;
	return can_parry(&t, checkers);
}
