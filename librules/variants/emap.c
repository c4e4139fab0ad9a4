/* Every Man a Pawn (Peter Aronson, 2001).
 *
 * K, Q, R, B and N keep their own moves and also move like a FIDE pawn of
 * their colour, without promotion (pawnkit-variants(7)).  Only the pawn-like moves
 * a piece does not already have are generated, so no move appears twice:
 *   knight: step, double step, diagonal capture
 *   bishop: step, double step          (its capture is a bishop move)
 *   rook:   diagonal capture           (its step is a rook move)
 *   queen:  nothing new but e.p.
 *   king:   double step, restricted    (step and capture are king moves)
 * and every man may capture en passant.  Everything here works on
 * bitboards; legality is a cheap pin test, and a full attack test only for
 * king moves, e.p. captures and evasions. */
#include <stdio.h>

#include "../internal.h"

/* ------------------------------------------------------------- attacks */

/* b moved one rank forward for colour c (bits leaving the board drop). */
static inline uint64_t forward_bb(uint64_t b, int c)
{
	return c == WHITE ? b << 8 : b >> 8;
}

/* Is sq attacked by the pieces in theirs (all of colour by) with the
 * board occupied as occ?  Every man of by captures one square diagonally
 * forward, so one pawn-attack lookup covers pawns and the knights' and
 * rooks' extra captures alike. */
static bool attacked_with(const struct position *pos, int sq, int by,
			  uint64_t occ, uint64_t theirs)
{
	if (lr_pawn_attacks[by ^ 1][sq] & theirs)
		return true;
	if (lr_knight_attacks[sq] & theirs & pos->by_type[KNIGHT])
		return true;
	if (lr_king_attacks[sq] & theirs & pos->by_type[KING])
		return true;
	uint64_t queens = pos->by_type[QUEEN];
	uint64_t diag = theirs & (pos->by_type[BISHOP] | queens);
	uint64_t ortho = theirs & (pos->by_type[ROOK] | queens);
	return (diag && (bishop_attacks(sq, occ) & diag)) ||
	       (ortho && (rook_attacks(sq, occ) & ortho));
}

static bool emap_attacked(const struct position *pos, int sq, int by)
{
	return attacked_with(pos, sq, by, occupied_bb(pos), pos->by_color[by]);
}

/* ---------------------------------------------------------- generation */

#define ALWAYS_INLINE inline __attribute__((always_inline))

struct gen {
	const struct position *pos;
	struct movelist *list;
	int us, them, ksq;
	uint64_t own, enemy, occ;
	uint64_t target;	/* where a non-king move may land: check mask */
	uint64_t pinned;	/* our men that alone shield the king from a slider */
};

static ALWAYS_INLINE void emit_from(struct gen *g, int from, uint64_t to,
				    unsigned flags)
{
	while (to)
		movelist_add(g->list, MOVE(from, pop_lsb(&to), 0, flags));
}

/* Moves given as a set of destinations and the step that led there. */
static ALWAYS_INLINE void emit_step(struct gen *g, uint64_t to, int step,
				    unsigned flags)
{
	while (to) {
		int sq = pop_lsb(&to);
		movelist_add(g->list, MOVE(sq - step, sq, 0, flags));
	}
}

static ALWAYS_INLINE void emit_promotions(struct gen *g, uint64_t to, int step,
					  unsigned flags)
{
	while (to) {
		int sq = pop_lsb(&to);
		for (int t = QUEEN; t >= KNIGHT; t--)
			movelist_add(g->list, MOVE(sq - step, sq, t, flags));
	}
}

static ALWAYS_INLINE void emit_split(struct gen *g, int from, uint64_t to)
{
	emit_from(g, from, to & g->enemy, MF_CAPTURE);
	emit_from(g, from, to & ~g->occ, 0);
}

/* Enemy sliders seen from the king through our men: with nothing between
 * they give check; with exactly one of ours between, it is pinned.  Only
 * sliders pin: every other attack ignores what stands between. */
static ALWAYS_INLINE uint64_t slider_checks_and_pins(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t queens = pos->by_type[QUEEN];
	uint64_t snipers = g->enemy &
		((rook_attacks(g->ksq, g->enemy) & (pos->by_type[ROOK] | queens)) |
		 (bishop_attacks(g->ksq, g->enemy) &
		  (pos->by_type[BISHOP] | queens)));
	uint64_t checkers = 0;
	while (snipers) {
		int s = pop_lsb(&snipers);
		uint64_t between = lr_between_bb[g->ksq][s] & g->occ;
		if (!between)
			checkers |= BB(s);
		else if (!(between & (between - 1)))
			g->pinned |= between & g->own;
	}
	return checkers;
}

/* Does the move (taking the man on cap, or NO_SQUARE) leave our king safe?
 * Played on bitboards only: the moving man leaves from, stands on to. */
static bool king_safe_after(const struct gen *g, int from, int to, int cap)
{
	uint64_t occ = (g->occ ^ BB(from)) | BB(to), theirs = g->enemy;
	if (cap != NO_SQUARE) {
		theirs &= ~BB(cap);
		if (cap != to)	/* e.p.: the victim's square empties too */
			occ &= ~BB(cap);
	}
	int k = from == g->ksq ? to : g->ksq;
	return !attacked_with(g->pos, k, g->them, occ, theirs);
}

/* The pawn-like moves of a set of our men onto target squares, set-wise;
 * us is a constant after inlining.  steppers step one square forward and
 * double-step from rank 2; capturers take diagonally forward; pawns on
 * rank 7 (only they promote) are in promoters, never in the other two. */
static ALWAYS_INLINE void gen_pawnlike(struct gen *g, uint64_t steppers,
				       uint64_t capturers, uint64_t promoters,
				       uint64_t target, const int us)
{
	const int up = us == WHITE ? 8 : -8, west = up - 1, east = up + 1;
	const uint64_t third = us == WHITE ? 0x0000000000FF0000ULL
					   : 0x0000FF0000000000ULL;
	uint64_t empty = ~g->occ, enemy = g->enemy & target;
	uint64_t one = forward_bb(steppers, us) & empty;
	emit_step(g, one & target, up, 0);
	emit_step(g, forward_bb(one & third, us) & empty & target, 2 * up,
		  MF_DOUBLE);
	uint64_t w = capturers & ~FILE_A_BB, e = capturers & ~FILE_H_BB;
	emit_step(g, (us == WHITE ? w << 7 : w >> 9) & enemy, west, MF_CAPTURE);
	emit_step(g, (us == WHITE ? e << 9 : e >> 7) & enemy, east, MF_CAPTURE);
	if (!promoters)
		return;
	w = promoters & ~FILE_A_BB;
	e = promoters & ~FILE_H_BB;
	emit_promotions(g, forward_bb(promoters, us) & empty & target, up, 0);
	emit_promotions(g, (us == WHITE ? w << 7 : w >> 9) & enemy, west,
			MF_CAPTURE);
	emit_promotions(g, (us == WHITE ? e << 9 : e >> 7) & enemy, east,
			MF_CAPTURE);
}

/* Pawn-like moves of the men in set: pawns, and the pieces that gain
 * something from them (knights all three, bishops the steps, rooks the
 * diagonal captures; a queen's and a king's are already their own). */
static ALWAYS_INLINE void gen_pawnlike_of(struct gen *g, uint64_t set,
					  uint64_t target, const int us)
{
	const struct position *pos = g->pos;
	uint64_t seventh = us == WHITE ? 0x00FF000000000000ULL
				       : 0x000000000000FF00ULL;
	uint64_t pawns = set & pos->by_type[PAWN];
	uint64_t knights = set & pos->by_type[KNIGHT];
	uint64_t promoters = pawns & seventh;
	pawns &= ~seventh;
	gen_pawnlike(g, pawns | knights | (set & pos->by_type[BISHOP]),
		     pawns | knights | (set & pos->by_type[ROOK]), promoters,
		     target, us);
}

/* A pinned man keeps to the line through its king and the pinner. */
static ALWAYS_INLINE uint64_t pin_mask(const struct gen *g, int from)
{
	return (g->pinned & BB(from)) ? lr_line_bb[g->ksq][from] : ~0ULL;
}

/* The pieces' own moves, and every man's pawn-like ones. */
static ALWAYS_INLINE void gen_men(struct gen *g, const int us)
{
	const struct position *pos = g->pos;
	uint64_t queens = pos->by_type[QUEEN];
	uint64_t b = g->own & pos->by_type[KNIGHT] & ~g->pinned;
	while (b) {
		int from = pop_lsb(&b);
		emit_split(g, from, lr_knight_attacks[from] & g->target);
	}
	/* Queens move as a bishop and as a rook. */
	b = g->own & (pos->by_type[BISHOP] | queens);
	while (b) {
		int from = pop_lsb(&b);
		emit_split(g, from, bishop_attacks(from, g->occ) & g->target &
					    pin_mask(g, from));
	}
	b = g->own & (pos->by_type[ROOK] | queens);
	while (b) {
		int from = pop_lsb(&b);
		emit_split(g, from, rook_attacks(from, g->occ) & g->target &
					    pin_mask(g, from));
	}
	uint64_t men = g->own & ~pos->by_type[KING];
	gen_pawnlike_of(g, men & ~g->pinned, g->target, us);
	/* A pinned knight may still step along a file pin or take a
	 * diagonal pinner with its pawn-like capture. */
	for (b = men & g->pinned; b;) {
		int from = pop_lsb(&b);
		gen_pawnlike_of(g, BB(from),
				g->target & lr_line_bb[g->ksq][from], us);
	}
}

/* King steps, tested with the king lifted off the board. */
static ALWAYS_INLINE void gen_king_steps(struct gen *g)
{
	uint64_t occ = g->occ ^ BB(g->ksq);
	uint64_t to = lr_king_attacks[g->ksq] & ~g->own, safe = 0;
	while (to) {
		int sq = pop_lsb(&to);
		if (!attacked_with(g->pos, sq, g->them, occ, g->enemy))
			safe |= BB(sq);
	}
	emit_split(g, g->ksq, safe);
}

/* The king's double step: rank 2 to 4 over an empty square, never when an
 * enemy pawn, bishop or knight could take the king there en passant (its
 * diagonal pawn-capture hits the skipped square).  Allowed in check. */
static void gen_king_double(struct gen *g)
{
	const struct position *pos = g->pos;
	int from = g->ksq, mid = from + FORWARD(g->us), to = mid + FORWARD(g->us);
	if (REL_RANK(g->us, from) != 1 || ((BB(mid) | BB(to)) & g->occ))
		return;
	uint64_t catchers = pos->by_type[PAWN] | pos->by_type[BISHOP] |
			    pos->by_type[KNIGHT];
	if ((lr_pawn_attacks[g->us][mid] & g->enemy & catchers) ||
	    !king_safe_after(g, from, to, NO_SQUARE))
		return;
	movelist_add(g->list, MOVE(from, to, 0, MF_DOUBLE));
}

/* FIDE castling (the caller knows we are not in check): right, rook in its
 * corner, empty squares between, passed and landing squares not attacked. */
static void gen_castle(struct gen *g, unsigned right, int rook, int step)
{
	const struct position *pos = g->pos;
	int k = g->ksq;
	if (!(pos->castling & right) ||
	    !(pieces_bb(pos, g->us, ROOK) & BB(rook)) ||
	    (lr_between_bb[k][rook] & g->occ) ||
	    attacked_with(pos, k + step, g->them, g->occ, g->enemy) ||
	    attacked_with(pos, k + 2 * step, g->them, g->occ, g->enemy))
		return;
	movelist_add(g->list, MOVE(k, k + 2 * step, 0, MF_CASTLE));
}

static void gen_castling(struct gen *g)
{
	int base = g->us == WHITE ? 0 : 56;
	if (g->ksq != base + 4)
		return;
	gen_castle(g, g->us == WHITE ? CASTLE_WK : CASTLE_BK, base + 7, 1);
	gen_castle(g, g->us == WHITE ? CASTLE_WQ : CASTLE_BQ, base, -1);
}

/* En passant by any man whose diagonal pawn-capture lands on the passed
 * square; only a pawn, bishop or knight can be taken so (the king's double
 * step is forbidden whenever it could be).  Two squares empty at once, and
 * the taker may be the king, so each is tested on the board after it. */
static void gen_ep(struct gen *g)
{
	const struct position *pos = g->pos;
	int ep = pos->ep, victim = pos->ep_victim;
	if (ep == NO_SQUARE || victim == NO_SQUARE ||
	    !(g->enemy & BB(victim) &
	      (pos->by_type[PAWN] | pos->by_type[BISHOP] | pos->by_type[KNIGHT])))
		return;
	uint64_t takers = lr_pawn_attacks[g->them][ep] & g->own;
	while (takers) {
		int from = pop_lsb(&takers);
		if (king_safe_after(g, from, ep, victim))
			movelist_add(g->list,
				     MOVE(from, ep, 0, MF_EP | MF_CAPTURE));
	}
}

static ALWAYS_INLINE void gen_all(struct gen *g, const int us)
{
	const struct position *pos = g->pos;
	uint64_t kings = pieces_bb(pos, us, KING);
	g->us = us;
	g->them = us ^ 1;
	g->own = pos->by_color[us];
	g->enemy = pos->by_color[us ^ 1];
	g->occ = g->own | g->enemy;
	if (!kings)
		return;	/* not a playable position; FEN setup refuses it */
	g->ksq = lsb(kings);
	/* Every enemy man attacks diagonally forward, like a pawn. */
	uint64_t checkers = (lr_pawn_attacks[us][g->ksq] & g->enemy) |
			    (lr_knight_attacks[g->ksq] & g->enemy &
			     pos->by_type[KNIGHT]) |
			    slider_checks_and_pins(g);
	gen_king_steps(g);
	gen_king_double(g);
	gen_ep(g);
	/* Double checks can only be evaded by moving the king. */
	if (checkers & (checkers - 1))
		return;
	g->target = checkers ? lr_between_bb[g->ksq][lsb(checkers)] | checkers
			     : ~g->own;
	gen_men(g, us);
	if (!checkers)
		gen_castling(g);
}

static void emap_generate(const struct position *pos, struct movelist *list)
{
	struct gen g = { .pos = pos, .list = list };
	if (pos->side == WHITE)
		gen_all(&g, WHITE);
	else
		gen_all(&g, BLACK);
}

/* --------------------------------------------------------------- setup */

/* A man that may have double-stepped: pawn, bishop, knight, or king (whose
 * double step FEN records too, though it can never be taken e.p.). */
static bool may_double(uint8_t man, int color)
{
	int type = PIECE_TYPE(man);
	return man && PIECE_COLOR(man) == color && type != ROOK &&
	       type != QUEEN;
}

/* The e.p. square as standard chess checks it, with the men EMAP lets
 * double-step. */
static const struct ep_passer man_passer = {
	"man", "pawn, bishop, knight or king", may_double
};

static int emap_check_setup(struct position *pos, struct setup_fault *fault)
{
	if (lr_standard_check_pawn_ranks(pos, fault) != 0)
		return -1;
	return lr_check_ep_passage(pos, fault, &man_passer);
}

const struct variant variant_emap = {
	.id = "emap",
	.pgn_name = "Every Man a Pawn",
	.name = "Every Man a Pawn",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.san_pieces = "KQRBN",
	.san_moves = 0,
	.generate = emap_generate,
	.attacked = emap_attacked,
	/* Standard's make already plays every EMAP move by rules.h's
	 * encoding: MF_DOUBLE sets the e.p. square whoever moves, MF_EP
	 * takes the man on ep_victim, and only pawn moves and captures reset
	 * the clock (a piece's pawn-like move is not a pawn move). */
	.make = standard_make,
	.check_setup = emap_check_setup,
	.fide_material = false,
};
