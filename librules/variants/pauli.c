/* Pauli Chess (Mark Dominus and Pierre-Francoys Brousseau, 2020): up to two
 * pieces of either colour share a square.
 *
 * The rules, as pawnkit-variants(7) settles them:
 * - a piece moves INTO an occupied square but never THROUGH one (a slider's
 *   ray ends at the first occupied square; knights jump);
 * - onto one friend: share; onto one enemy: capture or share (two moves);
 *   onto two enemies: capture either (then share with the other); onto a
 *   friend and an enemy: capture the enemy only; onto two friends: never;
 * - pawns: the straight move may share (never capture), the diagonal move
 *   only captures; e.p. and promotion as in FIDE chess;
 * - no threat inside a square: a piece does not attack the square it
 *   stands on, so it never checks a king it shares with, and the king is
 *   never captured (a capture onto its square takes the other piece).
 *
 * Choices beyond the text (for the man page):
 * - two identical pieces (same colour and kind) on the origin or as the
 *   two victims give one move, not two: the results cannot be told apart;
 * - the kings can never share a square: a king reaches the enemy king's
 *   square only from a square next to it, which that king attacks; a FEN
 *   with both kings on one square is rejected as unreachable;
 * - castling rights are position-based: a right stays while its king and a
 *   rook of its colour stand on their start squares, whatever else comes
 *   and goes on those squares (a rook leaving a corner it shared with
 *   another rook of its colour keeps the right: the two are identical).
 *
 * Generation walks the bitboards.  King steps are tested against the
 * enemy attacks with the king lifted; other moves are played on a copy
 * only when they could expose the king (see may_expose). */
#include <stdio.h>

#include "../internal.h"

/* ------------------------------------------------------ square contents */

static inline bool holds(const struct position *pos, int sq, uint8_t piece)
{
	return pos->board[sq] == piece || pos->board2[sq] == piece;
}

static inline int count_at(const struct position *pos, int sq)
{
	return !!pos->board[sq] + !!pos->board2[sq];
}

/* Squares holding pieces of both colours: there by_color & by_type may
 * pair one piece's colour with the other's kind. */
static inline uint64_t mixed_bb(const struct position *pos)
{
	return pos->by_color[WHITE] & pos->by_color[BLACK];
}

/* The piece of colour c on a square holding one of each colour. */
static inline uint8_t piece_of(const struct position *pos, int sq, int c)
{
	return PIECE_COLOR(pos->board[sq]) == c ? pos->board[sq]
						 : pos->board2[sq];
}

/* ------------------------------------------------------------- attacks */

/* Squares a piece of this kind and colour on sq attacks (never sq). */
static uint64_t attacks_from(int type, int color, int sq, uint64_t occ)
{
	switch (type) {
	case PAWN: return lr_pawn_attacks[color][sq];
	case KNIGHT: return lr_knight_attacks[sq];
	case BISHOP: return bishop_attacks(sq, occ);
	case ROOK: return rook_attacks(sq, occ);
	case QUEEN: return queen_attacks(sq, occ);
	case KING: return lr_king_attacks[sq];
	default: return 0;
	}
}

/* Squares from which some piece of colour by might attack sq: exact except
 * on mixed squares, where a kind may belong to the other colour. */
static uint64_t attacker_candidates(const struct position *pos, int sq,
				    int by, uint64_t occ)
{
	uint64_t mine = pos->by_color[by];
	const uint64_t *t = pos->by_type;
	uint64_t diag = (t[BISHOP] | t[QUEEN]) & mine;
	uint64_t line = (t[ROOK] | t[QUEEN]) & mine;
	return (lr_knight_attacks[sq] & t[KNIGHT] & mine) |
	       (lr_king_attacks[sq] & t[KING] & mine) |
	       (lr_pawn_attacks[by ^ 1][sq] & t[PAWN] & mine) |
	       (bishop_attacks(sq, occ) & diag) | (rook_attacks(sq, occ) & line);
}

/* Is sq attacked by colour by when the occupied squares are occ?  The
 * attack sets never contain their own square, so a piece standing on sq is
 * never counted: no threat inside a square. */
static bool attacked_occ(const struct position *pos, int sq, int by,
			 uint64_t occ)
{
	uint64_t cand = attacker_candidates(pos, sq, by, occ);
	uint64_t unsure = cand & mixed_bb(pos);
	if (cand & ~unsure)
		return true;
	while (unsure) {
		int from = pop_lsb(&unsure);
		uint8_t p = piece_of(pos, from, by);
		if (attacks_from(PIECE_TYPE(p), by, from, occ) & BB(sq))
			return true;
	}
	return false;
}

static bool pauli_attacked(const struct position *pos, int sq, int by)
{
	return attacked_occ(pos, sq, by, occupied_bb(pos));
}

/* Squares that alone stand between the king on ksq and an enemy slider
 * aimed at it (a superset on mixed squares, which only costs tests). */
static uint64_t shield_squares(const struct position *pos, int ksq, int them,
			       uint64_t occ)
{
	const uint64_t *t = pos->by_type;
	uint64_t enemy = pos->by_color[them];
	uint64_t snipers =
		(rook_attacks(ksq, 0) & (t[ROOK] | t[QUEEN]) & enemy) |
		(bishop_attacks(ksq, 0) & (t[BISHOP] | t[QUEEN]) & enemy);
	uint64_t shields = 0;
	while (snipers) {
		uint64_t between = lr_between_bb[ksq][pop_lsb(&snipers)] & occ;
		if (between && !(between & (between - 1)))
			shields |= between;
	}
	return shields;
}

/* ---------------------------------------------------------------- make */

/* Removes the pawn of colour c from sq (the e.p. victim; a piece sharing
 * its square stays). */
static void remove_pawn(struct position *pos, int sq, int c)
{
	position_remove_one(pos, sq, pos->board[sq] == MAKE_PIECE(c, PAWN) ? 0 : 1);
}

/* The rook's half of castling: the king already stands on king_to. */
static void castle_rook(struct position *pos, int king_from, int king_to)
{
	bool king_side = king_to > king_from;
	int rook_from = king_side ? king_from + 3 : king_from - 4;
	int rook_to = king_side ? king_from + 1 : king_from - 1;
	uint8_t rook = MAKE_PIECE(pos->side, ROOK);
	position_remove_one(pos, rook_from, pos->board[rook_from] == rook ? 0 : 1);
	position_put(pos, rook_to, rook);
}

static const struct {
	uint8_t right, king, rook, color;
} castle_table[4] = {
	{ CASTLE_WK, 4, 7, WHITE }, { CASTLE_WQ, 4, 0, WHITE },
	{ CASTLE_BK, 60, 63, BLACK }, { CASTLE_BQ, 60, 56, BLACK },
};

/* Only a move from or to one of these squares can change the rights. */
#define CASTLE_SQUARES (BB(0) | BB(4) | BB(7) | BB(56) | BB(60) | BB(63))

/* The rights whose king and rook still stand on their start squares.  Not
 * lr_castling_update: in Pauli another piece may come and go on a corner
 * without touching the rook's right. */
static unsigned castling_kept(const struct position *pos)
{
	unsigned rights = pos->castling;
	for (int i = 0; i < 4 && rights; i++) {
		uint8_t c = castle_table[i].color;
		if ((rights & castle_table[i].right) &&
		    !(holds(pos, castle_table[i].king, MAKE_PIECE(c, KING)) &&
		      holds(pos, castle_table[i].rook, MAKE_PIECE(c, ROOK))))
			rights &= ~(unsigned)castle_table[i].right;
	}
	return rights;
}

static void pauli_make(struct position *pos, move_t m)
{
	unsigned f = MOVE_FLAGS(m);
	int from = MOVE_FROM(m), to = MOVE_TO(m), us = pos->side;
	uint8_t piece = position_remove_one(pos, from, (f & MF_MOVER2) ? 1 : 0);
	bool reset = PIECE_TYPE(piece) == PAWN || (f & MF_CAPTURE);
	if (f & MF_EP)
		remove_pawn(pos, pos->ep_victim, us ^ 1);
	else if (f & MF_CAPTURE)
		position_remove_one(pos, to, (f & MF_VICTIM2) ? 1 : 0);
	if (MOVE_PROMO(m))
		piece = MAKE_PIECE(us, MOVE_PROMO(m));
	position_put(pos, to, piece);
	if (f & MF_CASTLE)
		castle_rook(pos, from, to);
	position_set_ep(pos, (f & MF_DOUBLE) ? (from + to) / 2 : NO_SQUARE, to);
	if (pos->castling && ((BB(from) | BB(to)) & CASTLE_SQUARES)) {
		unsigned rights = castling_kept(pos);
		if (rights != pos->castling)
			position_set_castling(pos, rights);
	}
	lr_make_finish(pos, reset);
}

/* ---------------------------------------------------------- generation */

struct gen {
	const struct position *pos;
	struct movelist *list;
	int us, ksq;
	bool in_check;
	uint64_t occ;
	uint64_t shields;	/* see shield_squares */
	/* The piece being generated: */
	int from;
	unsigned mover;		/* 0 or MF_MOVER2 */
	bool promote;		/* its moves reach the last rank */
	bool test;		/* its moves must be tried on a copy */
};

/* Can moving the piece (not the king) on g->from leave its king attacked?
 * Only when in check, or when the origin empties and alone shielded the
 * king from a slider: a square that stays occupied still stops every ray,
 * and the destination is occupied after any move (captures included), so
 * no other line opens.  (E.p., which empties a third square, is always
 * tried.) */
static bool may_expose(const struct gen *g)
{
	if (g->in_check || g->ksq == NO_SQUARE)
		return true;
	return (g->shields & BB(g->from)) && count_at(g->pos, g->from) == 1;
}

/* A king step to `to` is legal when no enemy piece but one on `to` attacks
 * it with the king gone from its square (unless the king leaves a piece
 * there, which still stops rays). */
static bool king_step_safe(const struct gen *g, int to)
{
	uint64_t occ = g->occ;
	if (count_at(g->pos, g->from) == 1)
		occ &= ~BB(g->from);
	return !attacked_occ(g->pos, to, g->us ^ 1, occ);
}

static inline void add_one(const struct gen *g, move_t m)
{
	if (g->test)
		lr_add_if_legal(g->pos, m, g->list);
	else
		movelist_add(g->list, m);
}

/* Adds the move, as four promotions when the pawn reaches the last rank. */
static inline void add(const struct gen *g, int to, unsigned flags)
{
	flags |= g->mover;
	if (!g->promote) {
		add_one(g, MOVE(g->from, to, 0, flags));
		return;
	}
	for (int t = QUEEN; t >= KNIGHT; t--)
		add_one(g, MOVE(g->from, to, t, flags));
}

/* Moves onto the empty squares of set: the bulk of all moves, so written
 * straight into the list when nothing needs testing. */
static void add_quiet_set(const struct gen *g, uint64_t set)
{
	struct movelist *l = g->list;
	if (g->test || l->count > MOVELIST_MAX - 64) {
		while (set)
			add(g, pop_lsb(&set), 0);
		return;
	}
	move_t base = MOVE(g->from, 0, 0, g->mover);
	while (set)
		l->moves[l->count++] = base | (move_t)pop_lsb(&set) << 6;
}

/* Every capture onto to: each enemy piece there but a king, one move when
 * both are the same piece.  The mover then shares with whatever is left. */
static void add_captures(const struct gen *g, int to)
{
	uint8_t a = g->pos->board[to], b = g->pos->board2[to];
	if (a && PIECE_COLOR(a) != g->us && PIECE_TYPE(a) != KING)
		add(g, to, MF_CAPTURE);
	if (b && b != a && PIECE_COLOR(b) != g->us && PIECE_TYPE(b) != KING)
		add(g, to, MF_CAPTURE | MF_VICTIM2);
}

/* A piece (not a pawn) onto the occupied square to, by the table of
 * pawnkit-variants(7). */
static void add_onto(const struct gen *g, int to)
{
	uint8_t a = g->pos->board[to];
	if (g->pos->board2[to]) {
		add_captures(g, to);	/* friend + enemy, or two enemies */
		return;
	}
	if (PIECE_COLOR(a) != g->us)
		add_captures(g, to);
	add(g, to, MF_SHARE);
}

/* Straight pawn moves: onto an empty square, or sharing a square that
 * holds one piece; the double step needs the passed square empty. */
static void pawn_pushes(struct gen *g)
{
	const struct position *pos = g->pos;
	int fwd = FORWARD(g->us), one = g->from + fwd, two = one + fwd;
	int n1 = count_at(pos, one);
	if (n1 == 2)
		return;
	g->promote = REL_RANK(g->us, one) == 7;
	add(g, one, n1 ? MF_SHARE : 0);
	if (REL_RANK(g->us, g->from) != 1 || n1 != 0)
		return;
	int n2 = count_at(pos, two);
	if (n2 < 2)
		add(g, two, MF_DOUBLE | (n2 ? MF_SHARE : 0));
}

/* Diagonal pawn moves: captures only, and e.p. */
static void pawn_captures(struct gen *g)
{
	const struct position *pos = g->pos;
	g->promote = REL_RANK(g->us, g->from) == 6;
	/* Only squares holding an enemy piece, or the e.p. square: most of
	 * a pawn's diagonals are empty. */
	uint64_t aims = pos->by_color[g->us ^ 1];
	if (pos->ep != NO_SQUARE)
		aims |= BB(pos->ep);
	for (uint64_t b = lr_pawn_attacks[g->us][g->from] & aims; b;) {
		int to = pop_lsb(&b);
		if (to == pos->ep) {
			lr_add_if_legal(pos,
					MOVE(g->from, to, 0,
					     MF_EP | MF_CAPTURE | g->mover),
					g->list);
			continue;
		}
		add_captures(g, to);
	}
}

static void gen_piece(struct gen *g, int from, uint8_t piece, unsigned mover)
{
	int type = PIECE_TYPE(piece);
	g->from = from;
	g->mover = mover;
	g->promote = false;
	g->test = type != KING && may_expose(g);
	if (type == PAWN) {
		pawn_pushes(g);
		pawn_captures(g);
		return;
	}
	uint64_t targets = attacks_from(type, g->us, from, g->occ);
	if (type == KING)
		for (uint64_t b = targets; b;) {
			int to = pop_lsb(&b);
			if (!king_step_safe(g, to))
				targets &= ~BB(to);
		}
	add_quiet_set(g, targets & ~g->occ);
	for (uint64_t b = targets & g->occ; b;)
		add_onto(g, pop_lsb(&b));
}

/* Castling: right, empty squares between king and rook (which holds both
 * destinations), and the king neither in check nor passing an attacked
 * square; the piece sharing the king's or rook's square stays. */
static void gen_castling(struct gen *g)
{
	const struct position *pos = g->pos;
	for (int i = 0; i < 4; i++) {
		int k = castle_table[i].king, r = castle_table[i].rook;
		if (castle_table[i].color != g->us ||
		    !(pos->castling & castle_table[i].right) || g->in_check ||
		    (lr_between_bb[k][r] & g->occ))
			continue;
		int step = r > k ? 1 : -1;
		if (pauli_attacked(pos, k + step, g->us ^ 1))
			continue;
		unsigned mover = pos->board[k] == MAKE_PIECE(g->us, KING) ? 0 : MF_MOVER2;
		lr_add_if_legal(pos,
				MOVE(k, k + 2 * step, 0, MF_CASTLE | mover),
				g->list);
	}
}

static void pauli_generate(const struct position *pos, struct movelist *list)
{
	struct gen g = { .pos = pos, .list = list, .us = pos->side,
			 .occ = occupied_bb(pos) };
	g.ksq = position_king(pos, g.us);
	if (g.ksq != NO_SQUARE) {
		g.in_check = attacked_occ(pos, g.ksq, g.us ^ 1, g.occ);
		g.shields = shield_squares(pos, g.ksq, g.us ^ 1, g.occ);
	}
	for (uint64_t b = pos->by_color[g.us]; b;) {
		int sq = pop_lsb(&b);
		uint8_t a = pos->board[sq], second = pos->board2[sq];
		if (PIECE_COLOR(a) == g.us)
			gen_piece(&g, sq, a, 0);
		/* Two identical pieces: one move, not two. */
		if (second && PIECE_COLOR(second) == g.us && second != a)
			gen_piece(&g, sq, second, MF_MOVER2);
	}
	gen_castling(&g);
}

/* --------------------------------------------------------------- setup */

/* One king each, counted in both slots, and never both on one square. */
static int check_kings(const struct position *pos, struct setup_fault *fault)
{
	int count[2] = { 0, 0 };
	for (uint64_t b = pos->by_type[KING]; b;) {
		int sq = pop_lsb(&b);
		uint8_t p[2] = { pos->board[sq], pos->board2[sq] };
		for (int i = 0; i < 2; i++)
			if (PIECE_TYPE(p[i]) == KING)
				count[PIECE_COLOR(p[i])]++;
		if (PIECE_TYPE(p[0]) == KING && PIECE_TYPE(p[1]) == KING)
			return setup_fault(fault, FEN_BOARD, sq,
					   "board: two kings on one square "
					   "(kings never meet in Pauli Chess)");
	}
	if (count[WHITE] != 1 || count[BLACK] != 1)
		return setup_fault(fault, FEN_BOARD, -1,
				   "board: each side needs exactly one king");
	return 0;
}

/* The passed square is empty and the pawn that passed it stands behind
 * it (sharing its square or not).  Its origin may still hold a piece that
 * shared it. */
static int check_ep(const struct position *pos, struct setup_fault *fault)
{
	if (pos->ep == NO_SQUARE)
		return 0;
	int them = pos->side ^ 1;
	if (REL_RANK(them, pos->ep) != 2 || count_at(pos, pos->ep) != 0 ||
	    pos->ep_victim == NO_SQUARE ||
	    !holds(pos, pos->ep_victim, MAKE_PIECE(them, PAWN)))
		return setup_fault(fault, FEN_EN_PASSANT, -1,
				   "en passant: no pawn of the side that just "
				   "moved has passed that square");
	return 0;
}

/* A right whose king or rook is not on its square (one of them may share
 * it with another piece here): the fault points at the right's letter. */
static int check_castling(const struct position *pos,
			  struct setup_fault *fault)
{
	unsigned lost = pos->castling & ~castling_kept(pos);
	if (!lost)
		return 0;
	setup_fault(fault, FEN_CASTLING, -1, "castling: a right without king "
		    "and rook on their start squares");
	fault->right = "KQkq"[__builtin_ctz(lost)];
	return -1;
}

static int pauli_check_setup(struct position *pos, struct setup_fault *fault)
{
	if (lr_standard_check_pawn_ranks(pos, fault) != 0 ||
	    check_kings(pos, fault) || check_ep(pos, fault) ||
	    check_castling(pos, fault))
		return -1;
	return 0;
}

const struct variant variant_pauli = {
	.id = "pauli",
	.pgn_name = "Pauli Chess",
	.name = "Pauli Chess",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = FEN_F_SHARED,
	.needs_codes = false,
	.san_pieces = "KQRBN",
	.san_moves = MF_SHARE,
	.generate = pauli_generate,
	.attacked = pauli_attacked,
	.make = pauli_make,
	.check_setup = pauli_check_setup,
	.fide_material = false,
};
