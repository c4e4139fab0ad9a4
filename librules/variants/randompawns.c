/* Random Pawns Chess (Gavin King, 2003) and its flip variant.
 *
 * Pieces are FIDE's; each pawn carries a code (rules.h, CODE_*) saying,
 * per direction (left-forward, forward, right-forward from its owner's
 * side), whether it may move there, capture there, both or neither.  Rules
 * and the interpretations taken: pawnkit-variants(7).
 *
 * Pawn moves come from tables indexed by colour, code and square.  Moves
 * are generated legal, as in standard_gen.c: a check mask and pins (from
 * sliders, and from rank-2 pawns whose two-square capture onto the king one
 * of ours blocks alone) cover every move but the king's and e.p., which are
 * tested on the board they leave (attacked_after).  The two generators
 * differ only in the flips. */
#include <stdio.h>
#include <string.h>

#include "../internal.h"

/* ------------------------------------------------------------ geometry */

/* pawn_step[c][dir][n - 1][sq]: the square n (1 or 2) steps from sq in a
 * colour-c pawn's direction dir, or NO_SQUARE off the board.  A Black
 * pawn's left is toward the h-file, so going back one step of White's dir
 * is one step of Black's same dir, and the other way round: the squares a
 * colour-c pawn attacks sq from are pawn_step[c ^ 1][dir][...][sq]. */
static uint8_t pawn_step[2][3][2][64];

/* One-square targets of a colour-c pawn with a code on sq: where it may
 * move (M/O letters) and where it may capture (C/O).  Most pawns stand off
 * their rank 2, and then these two sets are all their moves. */
static uint64_t pawn_moves1[2][64][64], pawn_takes1[2][64][64];
/* Where a colour-c pawn on its rank 2 stands to reach sq in two steps. */
static uint64_t pawn_from2[2][64];
/* Two-square moves of a colour-c pawn on its rank 2 (sq), set-wise.  The
 * three squares it passes over are consecutive bits from pass_base(c, sq)
 * (White: sq + 7, + 8, + 9; Black: sq - 9, - 8, - 7); for a 3-bit mask of
 * them, pawn_beyond[c][sq][mask] holds the squares beyond those passed
 * squares (a bit that is no real step of the pawn adds nothing). */
static uint64_t pawn_beyond[2][64][8];
#define CODE_OOO 63	/* O in every direction: every target */

static void init_steps(void)
{
	static const int dfile[2][3] = { { -1, 0, 1 }, { 1, 0, -1 } };
	static const int drank[2] = { 1, -1 };
	for (int c = 0; c < 2; c++)
		for (int d = 0; d < 3; d++)
			for (int n = 1; n <= 2; n++)
				for (int sq = 0; sq < 64; sq++) {
					int f = FILE_OF(sq) + n * dfile[c][d];
					int r = RANK_OF(sq) + n * drank[c];
					bool on = f >= 0 && f < 8 && r >= 0 && r < 8;
					pawn_step[c][d][n - 1][sq] =
						(uint8_t)(on ? SQ(f, r) : NO_SQUARE);
				}
}

static void init_targets(void)
{
	for (int c = 0; c < 2; c++)
		for (int code = 1; code < 64; code++)
			for (int sq = 0; sq < 64; sq++)
				for (int d = 0; d < 3; d++) {
					int to = pawn_step[c][d][0][sq];
					if (to == NO_SQUARE)
						continue;
					if (CODE_DIR(code, d) & CODE_M)
						pawn_moves1[c][code][sq] |= BB(to);
					if (CODE_DIR(code, d) & CODE_C)
						pawn_takes1[c][code][sq] |= BB(to);
				}
	for (int c = 0; c < 2; c++)
		for (int sq = 0; sq < 64; sq++)
			for (int d = 0; d < 3; d++) {
				int to = pawn_step[c][d][1][sq];
				if (REL_RANK(c, sq) == 1 && to != NO_SQUARE)
					pawn_from2[c][to] |= BB(sq);
			}
}

static int pass_base(int c, int sq)
{
	return c == WHITE ? sq + 7 : sq - 9;
}

static void init_beyond(void)
{
	for (int c = 0; c < 2; c++)
		for (int sq = 0; sq < 64; sq++)
			for (int d = 0; d < 3; d++) {
				int s1 = pawn_step[c][d][0][sq];
				int s2 = pawn_step[c][d][1][sq];
				if (REL_RANK(c, sq) != 1 || s2 == NO_SQUARE)
					continue;
				for (int mask = 0; mask < 8; mask++)
					if (mask & (1 << (s1 - pass_base(c, sq))))
						pawn_beyond[c][sq][mask] |= BB(s2);
			}
}

/* Built once before main(), read-only afterwards (as attacks.c). */
__attribute__((constructor)) static void randompawns_init(void)
{
	init_steps();
	init_targets();
	init_beyond();
}

/* M <-> C in every direction; X and O stay: swap the two bits of each
 * direction. */
static uint8_t flip_code(uint8_t code)
{
	return (uint8_t)(CODE_SET | ((code & 0x15) << 1) | ((code >> 1) & 0x15));
}

/* ------------------------------------------------------------- attacks */

/* Is sq attacked by a pawn of colour by, on a board with occupancy occ
 * where only the pawns in pawns remain?  One square along a C/O direction,
 * or two from the pawn's rank 2 when the square between is empty. */
static bool pawn_attacks_sq(const struct position *pos, int sq, int by,
			    uint64_t pawns, uint64_t occ)
{
	/* Most squares have no pawn near enough to look at codes. */
	if (!((pawn_takes1[by ^ 1][CODE_OOO][sq] | pawn_from2[by][sq]) & pawns))
		return false;
	for (int d = 0; d < 3; d++) {
		int s1 = pawn_step[by ^ 1][d][0][sq];
		if (s1 == NO_SQUARE)
			continue;
		if ((pawns & BB(s1)) && (CODE_DIR(pos->code[s1], d) & CODE_C))
			return true;
		int s2 = pawn_step[by ^ 1][d][1][sq];
		if (s2 == NO_SQUARE || !(pawns & BB(s2)) || (occ & BB(s1)))
			continue;
		if (REL_RANK(by, s2) == 1 && (CODE_DIR(pos->code[s2], d) & CODE_C))
			return true;
	}
	return false;
}

/* sq attacked by colour by once the board has occupancy occ and the pieces
 * on removed are gone (a capture), codes as in pos. */
static bool attacked_after(const struct position *pos, int sq, int by,
			   uint64_t occ, uint64_t removed)
{
	uint64_t them = pos->by_color[by] & ~removed;
	uint64_t diag = them & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
	uint64_t line = them & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
	if ((lr_knight_attacks[sq] & them & pos->by_type[KNIGHT]) ||
	    (lr_king_attacks[sq] & them & pos->by_type[KING]) ||
	    (bishop_attacks(sq, occ) & diag) || (rook_attacks(sq, occ) & line))
		return true;
	return pawn_attacks_sq(pos, sq, by, them & pos->by_type[PAWN], occ);
}

static bool rp_attacked(const struct position *pos, int sq, int by)
{
	return attacked_after(pos, sq, by, occupied_bb(pos), 0);
}

/* ------------------------------------------------------------ generate */

/* What every generator step needs, computed once per position.  As in
 * standard_gen.c no move is tried: a check mask (target) and pins make
 * every non-king move legal; king steps and e.p. are tested on the board
 * they leave.  Pins here come from sliders and from rank-2 pawns whose
 * two-square capture onto the king is blocked by one of ours alone. */
struct gen {
	const struct position *pos;
	struct movelist *list;
	uint64_t occ, us, them;
	uint64_t target;	/* where a non-king move may land */
	uint64_t pinned;	/* ours that must keep to their line to the king */
	uint64_t checkers;
	int side, king;
};

static void add_move(const struct gen *g, int from, int to, unsigned flags)
{
	movelist_add(g->list, MOVE(from, to, 0, flags));
}

/* Enemy sliders with a clear line to the king check; with one of ours
 * alone between, that piece is pinned. */
static void slider_checks_and_pins(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t queens = pos->by_type[QUEEN];
	uint64_t snipers =
		(rook_attacks(g->king, g->them) & (pos->by_type[ROOK] | queens)) |
		(bishop_attacks(g->king, g->them) & (pos->by_type[BISHOP] | queens));
	snipers &= g->them;
	while (snipers) {
		int s = pop_lsb(&snipers);
		uint64_t between = lr_between_bb[g->king][s] & g->occ;
		if (!between)
			g->checkers |= BB(s);
		else if (!(between & (between - 1)) && (between & g->us))
			g->pinned |= between;
	}
}

/* An enemy pawn attacks the king from one step along our direction d
 * (its own d reversed), or from two steps on its rank 2 over an empty
 * square; one of ours on that square is pinned there. */
static void pawn_checks_and_pins(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t pawns = g->them & pos->by_type[PAWN];
	if (!((pawn_takes1[g->side][CODE_OOO][g->king] |
	       pawn_from2[g->side ^ 1][g->king]) & pawns))
		return;
	for (int d = 0; d < 3; d++) {
		int s1 = pawn_step[g->side][d][0][g->king];
		if (s1 == NO_SQUARE)
			continue;
		if (pawns & BB(s1)) {
			if (CODE_DIR(pos->code[s1], d) & CODE_C)
				g->checkers |= BB(s1);
			continue;
		}
		int s2 = pawn_step[g->side][d][1][g->king];
		if (s2 == NO_SQUARE || !(pawns & BB(s2)) ||
		    REL_RANK(g->side ^ 1, s2) != 1 ||
		    !(CODE_DIR(pos->code[s2], d) & CODE_C))
			continue;
		if (!(g->occ & BB(s1)))
			g->checkers |= BB(s2);
		else if (g->us & BB(s1))
			g->pinned |= BB(s1);
	}
}

/* Where the piece on from may land: the check mask, and its pin line. */
static uint64_t allowed(const struct gen *g, int from)
{
	return (g->pinned & BB(from)) ? g->target & lr_line_bb[g->king][from]
				       : g->target;
}

/* One move from `from` to each square of to.  The count is kept in a
 * local: the list's count and its moves have the same type, so every store
 * would otherwise reload it. */
static void add_set(const struct gen *g, int from, uint64_t to,
		    unsigned flags)
{
	struct movelist *l = g->list;
	unsigned n = l->count;
	while (to && n < MOVELIST_MAX)
		l->moves[n++] = MOVE(from, pop_lsb(&to), 0, flags);
	l->count = n;
}

static void add_targets(const struct gen *g, int from, uint64_t to)
{
	add_set(g, from, to & g->them, MF_CAPTURE);
	add_set(g, from, to & ~g->occ, 0);
}

static void gen_pieces(const struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t queens = pos->by_type[QUEEN];
	/* A pinned knight never stays on its line. */
	uint64_t b = g->us & pos->by_type[KNIGHT] & ~g->pinned;
	while (b) {
		int from = pop_lsb(&b);
		add_targets(g, from, lr_knight_attacks[from] & g->target);
	}
	b = g->us & (pos->by_type[BISHOP] | queens);
	while (b) {
		int from = pop_lsb(&b);
		add_targets(g, from, bishop_attacks(from, g->occ) & allowed(g, from));
	}
	b = g->us & (pos->by_type[ROOK] | queens);
	while (b) {
		int from = pop_lsb(&b);
		add_targets(g, from, rook_attacks(from, g->occ) & allowed(g, from));
	}
}

/* The king steps to squares the enemy does not attack once it has left
 * its own (it hides nothing behind itself). */
static bool king_safe_on(const struct gen *g, int to)
{
	uint64_t removed = g->them & BB(to);
	return !attacked_after(g->pos, to, g->side ^ 1, g->occ ^ BB(g->king),
			       removed);
}

static void gen_king(const struct gen *g)
{
	uint64_t to = lr_king_attacks[g->king] & ~g->us, safe = 0;
	while (to) {
		int sq = pop_lsb(&to);
		if (king_safe_on(g, sq))
			safe |= BB(sq);
	}
	add_targets(g, g->king, safe);
}

/* Castling as in FIDE chess: squares between king and rook empty, the
 * king not in check (the caller knows) and neither passing nor landing on
 * an attacked square. */
static void gen_castling(const struct gen *g)
{
	static const struct {
		unsigned right;
		int king, to, pass;
		uint64_t empty;
	} castles[4] = {
		{ CASTLE_WK, 4, 6, 5, 0x60ULL },
		{ CASTLE_WQ, 4, 2, 3, 0x0EULL },
		{ CASTLE_BK, 60, 62, 61, 0x60ULL << 56 },
		{ CASTLE_BQ, 60, 58, 59, 0x0EULL << 56 },
	};
	for (int i = 2 * g->side; i < 2 * g->side + 2; i++) {
		if (!(g->pos->castling & castles[i].right) ||
		    (g->occ & castles[i].empty) ||
		    rp_attacked(g->pos, castles[i].pass, g->side ^ 1) ||
		    !king_safe_on(g, castles[i].to))
			continue;
		add_move(g, castles[i].king, castles[i].to, MF_CASTLE);
	}
}

/* A move to the last rank: one per promotion piece. */
static void add_promotions(const struct gen *g, int from, uint64_t to,
			   unsigned flags)
{
	while (to) {
		int sq = pop_lsb(&to);
		for (int promo = QUEEN; promo >= KNIGHT; promo--)
			movelist_add(g->list, MOVE(from, sq, promo, flags));
	}
}

/* Two squares from rank 2, the square passed over being empty: to an
 * empty square along M/O (an e.p. target), onto an enemy piece along C/O.
 * moves and takes are the pawn's one-square sets. */
static void gen_pawn_double(const struct gen *g, int from, uint64_t moves,
			    uint64_t takes, uint64_t ok)
{
	int base = pass_base(g->side, from);
	unsigned open = (unsigned)(~g->occ >> base) & 7;
	const uint64_t *beyond = pawn_beyond[g->side][from];
	add_set(g, from, beyond[(moves >> base) & open] & ~g->occ & ok,
		MF_DOUBLE);
	add_set(g, from, beyond[(takes >> base) & open] & g->them & ok,
		MF_CAPTURE);
}

static void gen_pawn(const struct gen *g, int from)
{
	uint64_t ok = allowed(g, from);
	uint8_t code = g->pos->code[from];
	uint64_t moves = pawn_moves1[g->side][code & 63][from];
	uint64_t takes = pawn_takes1[g->side][code & 63][from];
	uint64_t quiet = moves & ~g->occ & ok, caps = takes & g->them & ok;
	int rank = REL_RANK(g->side, from);
	if (rank == 6) {
		add_promotions(g, from, caps, MF_CAPTURE);
		add_promotions(g, from, quiet, 0);
		return;
	}
	add_set(g, from, caps, MF_CAPTURE);
	add_set(g, from, quiet, 0);
	if (rank == 1)
		gen_pawn_double(g, from, moves, takes, ok);
}

/* En passant: own pawns with a one-square capture onto the passed square.
 * It empties two squares at once (and may take a checker), so each is
 * tested on the board it leaves.  A pawn with O there also has the quiet
 * move to the square: both are listed. */
static void gen_ep(const struct gen *g)
{
	const struct position *pos = g->pos;
	int ep = pos->ep;
	uint64_t pawns = g->us & pos->by_type[PAWN];
	for (int d = 0; d < 3; d++) {
		int from = pawn_step[g->side ^ 1][d][0][ep];
		if (from == NO_SQUARE || !(pawns & BB(from)) ||
		    !(CODE_DIR(pos->code[from], d) & CODE_C))
			continue;
		uint64_t gone = BB(pos->ep_victim);
		uint64_t occ = (g->occ ^ BB(from) ^ gone) | BB(ep);
		if (!attacked_after(pos, g->king, g->side ^ 1, occ, gone))
			add_move(g, from, ep, MF_EP | MF_CAPTURE);
	}
}

/* Everything but flips.  Returns false when in check (flips are then
 * illegal). */
static bool gen_moves(struct gen *g, const struct position *pos,
		      struct movelist *list)
{
	*g = (struct gen){ .pos = pos, .list = list, .side = pos->side };
	g->occ = occupied_bb(pos);
	g->us = pos->by_color[pos->side];
	g->them = pos->by_color[pos->side ^ 1];
	uint64_t king = g->us & pos->by_type[KING];
	if (!king)
		return false;	/* not a legal setup; position_from_fen refuses it */
	g->king = lsb(king);
	slider_checks_and_pins(g);
	pawn_checks_and_pins(g);
	g->checkers |= lr_knight_attacks[g->king] & g->them &
		       pos->by_type[KNIGHT];
	uint64_t checkers = g->checkers;
	gen_king(g);
	/* Double checks can only be evaded by moving the king. */
	if (checkers & (checkers - 1))
		return false;
	g->target = checkers ? lr_between_bb[g->king][lsb(checkers)] | checkers
			     : ~g->us;
	uint64_t pawns = g->us & pos->by_type[PAWN];
	while (pawns)
		gen_pawn(g, pop_lsb(&pawns));
	if (pos->ep != NO_SQUARE)
		gen_ep(g);
	gen_pieces(g);
	if (checkers)
		return false;
	gen_castling(g);
	return true;
}

/* Flips change only the mover's own pawn attacks, never the enemy's: a
 * flip is legal exactly when the side to move is not in check.  A flip
 * leaving the code as it was (only X and O letters) is no move. */
static void gen_flips(const struct gen *g)
{
	uint64_t pawns = g->us & g->pos->by_type[PAWN];
	while (pawns) {
		int sq = pop_lsb(&pawns);
		if (flip_code(g->pos->code[sq]) != g->pos->code[sq])
			add_move(g, sq, sq, MF_FLIP);
	}
}

static void rp_generate(const struct position *pos, struct movelist *list)
{
	struct gen g;
	gen_moves(&g, pos, list);
}

static void rp_generate_flip(const struct position *pos, struct movelist *list)
{
	struct gen g;
	if (gen_moves(&g, pos, list))
		gen_flips(&g);
}

/* ---------------------------------------------------------------- make */

/* Moves the piece on from to the empty square to; a pawn's code goes with
 * it unless it promotes (the code belongs to the pawn). */
static void move_piece(struct position *pos, int from, int to, int promo)
{
	uint8_t piece = pos->board[from], code = pos->code[from];
	position_remove(pos, from);
	if (promo) {
		position_put(pos, to, MAKE_PIECE(PIECE_COLOR(piece), promo));
		return;
	}
	position_put(pos, to, piece);
	if (code)
		position_set_code(pos, to, code);
}

static void move_castling_rook(struct position *pos, int king_to)
{
	bool short_side = FILE_OF(king_to) == 6;
	int base = king_to & ~7;
	move_piece(pos, base + (short_side ? 7 : 0), base + (short_side ? 5 : 3),
		   0);
}

static void rp_make(struct position *pos, move_t m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	unsigned flags = MOVE_FLAGS(m);
	bool pawn = PIECE_TYPE(pos->board[from]) == PAWN;
	if (flags & MF_FLIP) {
		position_set_code(pos, from, flip_code(pos->code[from]));
	} else {
		if (flags & MF_EP)
			position_remove(pos, pos->ep_victim);
		else if (flags & MF_CAPTURE)
			position_remove(pos, to);
		move_piece(pos, from, to, MOVE_PROMO(m));
		if (flags & MF_CASTLE)
			move_castling_rook(pos, to);
		lr_castling_update(pos, from, to);
	}
	/* e.p. is set after lr_make_finish so it survives whether or not that
	 * clears the old square; from + to is even for any two-square move. */
	position_set_ep(pos, NO_SQUARE, NO_SQUARE);
	lr_make_finish(pos, pawn || (flags & MF_CAPTURE));
	if (flags & MF_DOUBLE)
		position_set_ep(pos, (from + to) / 2, to);
}

/* --------------------------------------------------------------- setup */

/* Could a pawn of colour mover have just gone two squares along its
 * direction d over the empty square ep (its origin now empty, itself on
 * the landing square with a code that allows that move)? */
static bool ep_fits(const struct position *pos, int ep, int mover, int d)
{
	int land = pawn_step[mover][d][0][ep];
	int origin = pawn_step[mover ^ 1][d][0][ep];
	if (land == NO_SQUARE || origin == NO_SQUARE || pos->board[origin])
		return false;
	return pos->board[land] == MAKE_PIECE(mover, PAWN) &&
	       (CODE_DIR(pos->code[land], d) & CODE_M);
}

/* A fault about field (the square at's token for FEN_BOARD) whose message
 * names up to three squares (NO_SQUARE: unused; the format then has fewer
 * %s and the extra names are ignored). */
static int setup_error(struct setup_fault *fault, int field, int at,
		       const char *fmt, int a, int b, int c)
{
	char name[3][3] = { "", "", "" }, why[DIAG_MESSAGE_MAX];
	int sq[3] = { a, b, c };
	for (int i = 0; i < 3; i++)
		if (sq[i] != NO_SQUARE)
			square_name(sq[i], name[i]);
	snprintf(why, sizeof why, fmt, name[0], name[1], name[2]);
	return setup_fault(fault, field, at, "%s", why);
}

/* The short form names only the passed square (pawnkit-notation(5)): the straight
 * move when it fits, else the one diagonal move that fits. */
static int ep_resolve_short(struct position *pos, int mover,
			    struct setup_fault *fault)
{
	int ep = pos->ep;
	if (ep_fits(pos, ep, mover, DIR_FORWARD)) {
		pos->ep_victim = pawn_step[mover][DIR_FORWARD][0][ep];
		return 0;
	}
	bool left = ep_fits(pos, ep, mover, DIR_LEFT);
	bool right = ep_fits(pos, ep, mover, DIR_RIGHT);
	int l = pawn_step[mover][DIR_LEFT][0][ep];
	int r = pawn_step[mover][DIR_RIGHT][0][ep];
	if (left && right)
		return setup_error(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s is ambiguous: the pawns "
				   "on %s and %s could both have passed it; "
				   "give the landing square too", ep,
				   FILE_OF(l) < FILE_OF(r) ? l : r,
				   FILE_OF(l) < FILE_OF(r) ? r : l);
	if (!left && !right)
		return setup_error(fault, FEN_EN_PASSANT, -1,
				   "en passant: no pawn can just have passed "
				   "%s", ep, NO_SQUARE, NO_SQUARE);
	pos->ep_victim = (uint8_t)(left ? l : r);
	return 0;
}

/* The e.p. field: passed square on the mover's rank 3, empty; the long
 * form's landing square checked, also when it is the straight one
 * ("e3e4": that pawn must be there), the short form (victim NO_SQUARE
 * from fen.c) resolved. */
static int check_ep(struct position *pos, struct setup_fault *fault)
{
	int ep = pos->ep, mover = pos->side ^ 1;
	if (REL_RANK(mover, ep) != 2 || pos->board[ep])
		return setup_error(fault, FEN_EN_PASSANT, -1,
				   "en passant: %s is not an empty square on "
				   "the 3rd rank of the side that just moved",
				   ep, NO_SQUARE, NO_SQUARE);
	if (pos->ep_victim == NO_SQUARE)
		return ep_resolve_short(pos, mover, fault);
	for (int d = DIR_LEFT; d <= DIR_RIGHT; d++)
		if (pawn_step[mover][d][0][ep] == pos->ep_victim &&
		    ep_fits(pos, ep, mover, d))
			return 0;
	return setup_error(fault, FEN_EN_PASSANT, -1,
			   "en passant: no pawn can just have passed %s to "
			   "land on %s", ep, pos->ep_victim, NO_SQUARE);
}

static int rp_check_setup(struct position *pos, struct setup_fault *fault)
{
	uint64_t pawns = pos->by_type[PAWN];
	if (lr_standard_check_pawn_ranks(pos, fault) != 0)
		return -1;
	for (uint64_t b = pawns; b;) {
		int sq = pop_lsb(&b);
		if (!pos->code[sq])
			return setup_error(fault, FEN_BOARD, sq,
					   "board: the pawn on %s has no code",
					   sq, NO_SQUARE, NO_SQUARE);
	}
	return pos->ep == NO_SQUARE ? 0 : check_ep(pos, fault);
}

/* ----------------------------------------------------------------- roll */

/* splitmix64: small, seedable with any value, good enough for dice. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* 1..20 without modulo bias: values in the incomplete top range (the 16
 * highest, as 2^64 = 16 mod 20) are drawn again. */
static int roll_d20(uint64_t *state)
{
	const uint64_t limit = UINT64_MAX - UINT64_MAX % 20;
	uint64_t v;
	do
		v = splitmix64(state);
	while (v >= limit);
	return 1 + (int)(v % 20);
}

/* Rolls in a fixed order, a2..h2 then a7..h7, always all 16, so a square's
 * roll depends only on the seed; squares without a pawn keep theirs. */
void randompawns_roll(struct position *pos, uint64_t seed)
{
	uint64_t state = seed;
	for (int i = 0; i < 16; i++) {
		int sq = i < 8 ? SQ(i, 1) : SQ(i - 8, 6);
		uint8_t code = code_from_d20(roll_d20(&state));
		if (PIECE_TYPE(pos->board[sq]) == PAWN)
			position_set_code(pos, sq, code);
	}
}

/* ------------------------------------------------------------ PawnTypes */

#define PT_TOKEN_SHOWN 24	/* longest token quoted in full in a message */
#define PT_PREFIX "[PawnTypes]: "	/* of every message about a value */

static int pt_error(struct diag *err, const char *tok, size_t len,
		    const char *what)
{
	diag_setf(err, DIAG_ERROR, DC_SETUP, PT_PREFIX "'%.*s%s': %s",
		  (int)(len < PT_TOKEN_SHOWN ? len : PT_TOKEN_SHOWN), tok,
		  len > PT_TOKEN_SHOWN ? "..." : "", what);
	return -1;
}

/* A value: a code ("CMC") or its d20 number ("6"); 0 when neither. */
static uint8_t pt_value(const char *s, size_t len)
{
	char buf[4];
	uint8_t code = 0;
	if (len == 3) {
		memcpy(buf, s, 3);
		buf[3] = 0;
		return code_parse(buf, &code) == 0 ? code : 0;
	}
	if (len < 1 || len > 2 || s[0] < '1' || s[0] > '9' ||
	    (len == 2 && (s[1] < '0' || s[1] > '9')))
		return 0;
	return code_from_d20(len == 1 ? s[0] - '0' : (s[0] - '0') * 10 + s[1] - '0');
}

/* One "a2=MCC" token into codes[]; *seen collects the squares named,
 * which must be among pawns. */
static int pt_token(uint64_t pawns, const char *tok, size_t len,
		    uint8_t codes[64], uint64_t *seen, struct diag *err)
{
	char name[3] = { tok[0], len > 1 ? tok[1] : 0, 0 };
	int sq = len >= 3 && tok[2] == '=' ? square_parse(name) : -1;
	if (sq < 0)
		return pt_error(err, tok, len, "expected square=code, as a2=CMC "
				"or a2=6");
	uint8_t code = pt_value(tok + 3, len - 3);
	if (!code)
		return pt_error(err, tok, len, "expected a code of three letters "
				"M C O X or a d20 number 1 to 20");
	if (!(pawns & BB(sq)))
		return pt_error(err, tok, len, "expected the square of a pawn; "
				"there is none there");
	if (*seen & BB(sq))
		return pt_error(err, tok, len, "this square was given a code "
				"before");
	*seen |= BB(sq);
	codes[sq] = code;
	return 0;
}

/* "no code for the pawns on c2, f7" */
static int pt_missing(uint64_t missing, struct diag *err)
{
	char list[DIAG_MESSAGE_MAX] = "";
	size_t n = 0;
	while (missing && n + 5 < sizeof list) {
		char name[3];
		square_name(pop_lsb(&missing), name);
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
				      n ? ", " : "", name);
	}
	diag_setf(err, DIAG_ERROR, DC_SETUP, PT_PREFIX "no code for the "
		  "pawn%s on %s (every pawn needs one)", strchr(list, ',') ?
		  "s" : "", list);
	return -1;
}

static size_t pt_separators(const char *s)
{
	return strspn(s, " \t,");
}

/* Every token of a value into codes[] and *seen, the squares named
 * among pawns; 0, or -1 with *err at the first token at fault. */
static int pt_parse(uint64_t pawns, const char *value, uint8_t codes[64],
		    uint64_t *seen, struct diag *err)
{
	for (const char *p = value + pt_separators(value); *p;) {
		size_t len = strcspn(p, " \t,");
		if (pt_token(pawns, p, len, codes, seen, err) != 0)
			return -1;
		p += len;
		p += pt_separators(p);
	}
	return 0;
}

/* Checks the whole value first and changes pos only when it is valid. */
int pawntypes_apply(struct position *pos, const char *value, struct diag *err)
{
	uint8_t codes[64] = { 0 };
	uint64_t seen = 0;
	if (pt_parse(pos->by_type[PAWN], value, codes, &seen, err) != 0)
		return -1;
	uint64_t missing = pos->by_type[PAWN] & ~seen;
	if (missing)
		return pt_missing(missing, err);
	while (seen) {
		int sq = pop_lsb(&seen);
		position_set_code(pos, sq, codes[sq]);
	}
	return 0;
}

/* Whether the pawn on sq has code; -1 with why when not, or when there
 * is no pawn there. */
static int pt_differs(const struct position *pos, int sq, uint8_t code,
		      char *why, size_t size)
{
	char name[3], has[4], says[4];
	square_name(sq, name);
	if (PIECE_TYPE(pos->board[sq]) != PAWN) {
		snprintf(why, size, "the FEN has no pawn on %s", name);
		return -1;
	}
	if (pos->code[sq] == code)
		return 0;
	code_name(pos->code[sq], has);
	code_name(code, says);
	snprintf(why, size, "the FEN's pawn on %s is %c{%s}, not %s", name,
		 PIECE_COLOR(pos->board[sq]) == WHITE ? 'P' : 'p', has, says);
	return -1;
}

/* Any square may be named here: one without a pawn is a difference to
 * tell, not a fault of the value.  The squares are looked at from a1 to
 * h8, which is the order the tag is written in (a2..h2, a7..h7). */
int pawntypes_compare(const struct position *pos, const char *value,
		      char *why, size_t size)
{
	uint8_t codes[64] = { 0 };
	uint64_t seen = 0;
	struct diag err = { 0 };
	if (pt_parse(~(uint64_t)0, value, codes, &seen, &err) != 0) {
		snprintf(why, size, "the tag is not valid: %s",
			 err.message + strlen(PT_PREFIX));
		return -1;
	}
	while (seen) {
		int sq = pop_lsb(&seen);
		if (pt_differs(pos, sq, codes[sq], why, size) != 0)
			return -1;
	}
	return 0;
}

/* -------------------------------------------------------------- variants */

#define RP_START_FEN                                                         \
	"rnbqkbnr/p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}/8/8/8/8/" \
	"P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}/RNBQKBNR w KQkq - 0 1"

const struct variant variant_randompawns = {
	.id = "randompawns",
	.pgn_name = "Random Pawns Chess",
	.name = "Random Pawns Chess",
	.start_fen = RP_START_FEN,
	.fen_features = FEN_F_CODES,
	.needs_codes = true,
	.san_pieces = "KQRBN",
	.san_moves = 0,
	.generate = rp_generate,
	.attacked = rp_attacked,
	.make = rp_make,
	.check_setup = rp_check_setup,
	.fide_material = true,
};

const struct variant variant_randompawns_flip = {
	.id = "randompawns-flip",
	.pgn_name = "Random Pawns Chess (flip)",
	.name = "Random Pawns Chess (flip)",
	.start_fen = RP_START_FEN,
	.fen_features = FEN_F_CODES,
	.needs_codes = true,
	.san_pieces = "KQRBN",
	.san_moves = MF_FLIP,
	.generate = rp_generate_flip,
	.attacked = rp_attacked,
	.make = rp_make,
	.check_setup = rp_check_setup,
	.fide_material = true,
};
