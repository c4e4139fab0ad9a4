/* Standard chess: the legal moves onto one square by one kind of piece.
 *
 * SAN names the destination and the mover, so resolving it needs only the
 * few pieces of that kind that reach the square, not every legal move
 * (which cost most of a replay's time).  The candidates come from reverse
 * attack lookups: a knight reaches `to` from knight_attacks[to], a bishop
 * from bishop_attacks(to, occ), a pawn from the one or two squares behind
 * it.  Each candidate is then tested for legality directly: after the move,
 * may an enemy piece take our king?  That test is exact, so the list holds
 * exactly the moves standard_generate() lists with that mover and
 * destination (tests/unit/test_standard_to.c compares the two). */
#include "internal.h"

struct target {
	const struct position *pos;
	struct movelist *list;
	int us, them, ksq, to;
	uint64_t occ;
	uint64_t leapers;	/* enemy knights and pawns giving check */
};

/* Is sq attacked by colour `by`, with occ as the occupancy and the piece
 * on `gone` (a capture's victim) taken off the board? */
static bool attacked_without(const struct position *pos, int sq, int by,
			     uint64_t occ, uint64_t gone)
{
	uint64_t them = pos->by_color[by] & ~gone, queens = pos->by_type[QUEEN];
	return (pawn_attacks[by ^ 1][sq] & them & pos->by_type[PAWN]) ||
	       (knight_attacks[sq] & them & pos->by_type[KNIGHT]) ||
	       (king_attacks[sq] & them & pos->by_type[KING]) ||
	       (bishop_attacks(sq, occ) & them &
		(pos->by_type[BISHOP] | queens)) ||
	       (rook_attacks(sq, occ) & them & (pos->by_type[ROOK] | queens));
}

/* Our king is safe after a piece (not the king) goes from `from` to
 * t->to, taking whatever stands there.  A knight or pawn giving check must
 * be the piece taken; a slider must be taken or blocked, and lifting the
 * mover must not open a line (the pin). */
static bool safe_after(const struct target *t, int from)
{
	const struct position *pos = t->pos;
	uint64_t to = BB(t->to);
	if (t->leapers & ~to)
		return false;
	uint64_t occ = (t->occ & ~BB(from)) | to;
	uint64_t them = pos->by_color[t->them] & ~to, queens = pos->by_type[QUEEN];
	return !(bishop_attacks(t->ksq, occ) & them &
		 (pos->by_type[BISHOP] | queens)) &&
	       !(rook_attacks(t->ksq, occ) & them & (pos->by_type[ROOK] | queens));
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
	uint64_t them = pos->by_color[t->them], queens = pos->by_type[QUEEN];
	uint64_t diag = them & (pos->by_type[BISHOP] | queens);
	uint64_t orth = them & (pos->by_type[ROOK] | queens);
	uint64_t from_set = pawn_attacks[t->them][t->to] &
			    pieces_bb(pos, t->us, PAWN);
	while (from_set) {
		int from = pop_lsb(&from_set);
		uint64_t occ = (t->occ ^ BB(from) ^ BB(victim)) | BB(t->to);
		if (!(bishop_attacks(t->ksq, occ) & diag) &&
		    !(rook_attacks(t->ksq, occ) & orth))
			movelist_add(t->list, MOVE(from, t->to, 0,
						   MF_EP | MF_CAPTURE));
	}
}

/* Captures come diagonally from behind; steps straight from one or (from
 * the second rank) two squares behind an empty destination. */
static void pawn_moves(struct target *t)
{
	const struct position *pos = t->pos;
	uint64_t pawns = pieces_bb(pos, t->us, PAWN);
	int back = -FORWARD(t->us);
	if (pos->by_color[t->them] & BB(t->to)) {
		uint64_t from_set = pawn_attacks[t->them][t->to] & pawns;
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
	if (one < 0 || one > 63)
		return;
	if (pawns & BB(one)) {
		if (safe_after(t, one))
			add_pawn(t, one, 0);
		return;
	}
	int two = one + back;
	if (REL_RANK(t->us, t->to) == 3 && !(t->occ & BB(one)) &&
	    (pawns & BB(two)) && safe_after(t, two))
		movelist_add(t->list, MOVE(two, t->to, 0, MF_DOUBLE));
}

/* Knights, bishops, rooks and queens: the pieces the destination reaches
 * with the same move, looking back. */
static void piece_moves(struct target *t, int type)
{
	const struct position *pos = t->pos;
	uint64_t from_set;
	switch (type) {
	case KNIGHT: from_set = knight_attacks[t->to]; break;
	case BISHOP: from_set = bishop_attacks(t->to, t->occ); break;
	case ROOK: from_set = rook_attacks(t->to, t->occ); break;
	default: from_set = queen_attacks(t->to, t->occ); break;
	}
	from_set &= pieces_bb(pos, t->us, type);
	unsigned flags = (pos->by_color[t->them] & BB(t->to)) ? MF_CAPTURE : 0;
	while (from_set) {
		int from = pop_lsb(&from_set);
		if (safe_after(t, from))
			movelist_add(t->list, MOVE(from, t->to, 0, flags));
	}
}

/* Castling per FIDE, as standard_generate has it: the right, king and
 * rook at home, the squares between empty, the king not in check and
 * neither passing nor landing on an attacked square. */
static void castling(struct target *t)
{
	const struct position *pos = t->pos;
	int base = t->us == WHITE ? 0 : 56;
	bool long_side = t->to == base + 2;
	unsigned right = (long_side ? CASTLE_WQ : CASTLE_WK) << (t->us * 2);
	int rook = long_side ? base : base + 7;
	int pass = long_side ? base + 3 : base + 5;
	if (t->ksq != base + 4 || !(pos->castling & right) ||
	    !(pieces_bb(pos, t->us, ROOK) & BB(rook)) ||
	    (between_bb[t->ksq][rook] & t->occ) || standard_checkers(pos) ||
	    attacked_without(pos, pass, t->them, t->occ, 0) ||
	    attacked_without(pos, t->to, t->them, t->occ, 0))
		return;
	movelist_add(t->list, MOVE(t->ksq, t->to, 0, MF_CASTLE));
}

/* The king steps where no enemy piece attacks, seen with the king lifted
 * off the board (it hides no square from a slider behind it). */
static void king_moves(struct target *t)
{
	const struct position *pos = t->pos;
	if (king_attacks[t->ksq] & BB(t->to)) {
		uint64_t occ = t->occ ^ BB(t->ksq);
		if (!attacked_without(pos, t->to, t->them, occ, 0)) {
			unsigned flags = (pos->by_color[t->them] & BB(t->to))
						 ? MF_CAPTURE : 0;
			movelist_add(t->list, MOVE(t->ksq, t->to, 0, flags));
		}
	}
	if ((t->to == t->ksq + 2 || t->to == t->ksq - 2) &&
	    RANK_OF(t->to) == (t->us == WHITE ? 0 : 7))
		castling(t);
}

void standard_generate_to(const struct position *pos, int type, int to,
			  struct movelist *list)
{
	int us = pos->side;
	uint64_t kings = pieces_bb(pos, us, KING);
	if (!kings || to < 0 || to > 63 || (pos->by_color[us] & BB(to)))
		return;
	struct target t = { .pos = pos, .list = list, .us = us, .them = us ^ 1,
			    .ksq = lsb(kings), .to = to,
			    .occ = occupied_bb(pos) };
	uint64_t their = pos->by_color[us ^ 1];
	t.leapers = (pawn_attacks[us][t.ksq] & their & pos->by_type[PAWN]) |
		    (knight_attacks[t.ksq] & their & pos->by_type[KNIGHT]);
	switch (type) {
	case PAWN: pawn_moves(&t); break;
	case KNIGHT: case BISHOP: case ROOK: case QUEEN:
		piece_moves(&t, type);
		break;
	case KING: king_moves(&t); break;
	default: break;
	}
}
