/* Tandem Pawn Chess (Kenneth Regan, 2014): every pawn starts as a tandem,
 * two yoked pawns on one square (pawnkit-variants(7), "Tandem Pawn Chess").
 *
 * A tandem is one piece code (TANDEM) on one square; a move from it is a
 * member move unless MF_UNIT (rules.h).  Pieces and single pawns move
 * exactly as in FIDE chess, so a position without tandems plays as
 * standard chess (the unit tests compare move lists with standard's); only
 * single pawns on their first rank, left there by a rocket from rank 2,
 * add the 1->2 and 1->3 steps. */
#include <stdio.h>

#include "../internal.h"

/* Is sq attacked by colour by once the board's occupancy is occ and the
 * pieces on gone are captured?  Single pawns and tandems attack alike. */
static bool attacked_after(const struct position *pos, int sq, int by,
			   uint64_t occ, uint64_t gone)
{
	uint64_t them = pos->by_color[by] & ~gone;
	uint64_t pawns = pos->by_type[PAWN] | pos->by_type[TANDEM];
	uint64_t queens = pos->by_type[QUEEN];
	if (lr_pawn_attacks[by ^ 1][sq] & pawns & them)
		return true;
	if (lr_knight_attacks[sq] & pos->by_type[KNIGHT] & them)
		return true;
	if (lr_king_attacks[sq] & pos->by_type[KING] & them)
		return true;
	uint64_t rq = (pos->by_type[ROOK] | queens) & them;
	if (rq && (rook_attacks(sq, occ) & rq))
		return true;
	uint64_t bq = (pos->by_type[BISHOP] | queens) & them;
	return bq && (bishop_attacks(sq, occ) & bq);
}

static bool tandem_attacked(const struct position *pos, int sq, int by)
{
	return attacked_after(pos, sq, by, occupied_bb(pos), 0);
}

/* ----------------------------------------------------------- generation
 *
 * As standard_gen.c does: a check mask (the checker and the squares
 * between it and the king) and pin lines make most moves legal by
 * construction, set-wise.  What the masks cannot express is tested on the
 * board after the move: king steps, e.p. (two squares empty at once) and
 * rockets by a pinned tandem or in check (one square empties, two fill). */

#define RANK_2_BB 0x000000000000FF00ULL
#define RANK_3_BB 0x0000000000FF0000ULL
#define RANK_6_BB 0x0000FF0000000000ULL
#define RANK_7_BB 0x00FF000000000000ULL

struct gen {
	const struct position *pos;
	move_t *out, *end;	/* the list's free slots (count set at the end) */
	int us, them, up;	/* up: one square forward */
	int ksq;		/* our king, NO_SQUARE in king-less test positions */
	uint64_t occ, empty, enemy;
	uint64_t checkers, pinned;
	uint64_t target;	/* where a move that does not expose the king
				 * must land: not on our own pieces; in check,
				 * on the checker or between it and the king */
	uint64_t last;		/* our promotion rank */
};

/* b moved n squares forward (n < 0: back) for g->us. */
static inline uint64_t ahead(const struct gen *g, uint64_t b, int n)
{
	return g->us == WHITE ? (n > 0 ? b << (8 * n) : b >> (-8 * n))
			      : (n > 0 ? b >> (8 * n) : b << (-8 * n));
}

/* b moved one square diagonally forward, towards the a-file (west) or the
 * h-file (east). */
static inline uint64_t ahead_west(const struct gen *g, uint64_t b)
{
	return ahead(g, b & ~FILE_A_BB, 1) >> 1;
}
static inline uint64_t ahead_east(const struct gen *g, uint64_t b)
{
	return ahead(g, b & ~FILE_H_BB, 1) << 1;
}

/* Their pieces checking our king, and ours pinned to it (alone between
 * the king and an enemy slider). */
static void find_checks_and_pins(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t them = pos->by_color[g->them], queens = pos->by_type[QUEEN];
	uint64_t pawns = pos->by_type[PAWN] | pos->by_type[TANDEM];
	g->checkers = (lr_pawn_attacks[g->us][g->ksq] & them & pawns) |
		      (lr_knight_attacks[g->ksq] & them & pos->by_type[KNIGHT]);
	/* Rays from the king through our pieces, stopped by theirs. */
	uint64_t snipers =
		(rook_attacks(g->ksq, them) & them & (pos->by_type[ROOK] | queens)) |
		(bishop_attacks(g->ksq, them) & them & (pos->by_type[BISHOP] | queens));
	while (snipers) {
		int s = pop_lsb(&snipers);
		uint64_t between = lr_between_bb[g->ksq][s] & g->occ;
		if (!between)
			g->checkers |= BB(s);
		else if (!(between & (between - 1)))
			g->pinned |= between;
	}
}

static void gen_init(struct gen *g, const struct position *pos,
		     struct movelist *list)
{
	*g = (struct gen){ .pos = pos, .out = list->moves + list->count,
			   .end = list->moves + MOVELIST_MAX, .us = pos->side,
			   .them = pos->side ^ 1, .up = FORWARD(pos->side),
			   .ksq = position_king(pos, pos->side),
			   .occ = occupied_bb(pos) };
	g->empty = ~g->occ;
	g->enemy = pos->by_color[g->them];
	g->target = ~pos->by_color[g->us];
	g->last = g->us == WHITE ? RANK_8_BB : RANK_1_BB;
	if (g->ksq == NO_SQUARE)
		return;
	find_checks_and_pins(g);
	if (g->checkers)
		g->target &= lr_between_bb[g->ksq][lsb(g->checkers)] |
			     g->checkers;
}

/* Would our king be safe once the occupancy is occ and the enemy pieces on
 * gone are captured?  (Non-king moves.) */
static bool safe_after(const struct gen *g, uint64_t occ, uint64_t gone)
{
	return g->ksq == NO_SQUARE ||
	       !attacked_after(g->pos, g->ksq, g->them, occ, gone);
}

static inline void add_move(struct gen *g, move_t m)
{
	if (g->out < g->end)
		*g->out++ = m;
}

static inline void add(struct gen *g, int from, int to, unsigned flags)
{
	add_move(g, MOVE(from, to, 0, flags));
}

/* A pawn or tandem move: reaching the last rank it is four moves. */
static void add_pawn(struct gen *g, int from, int to, unsigned flags)
{
	if (!(g->last & BB(to))) {
		add(g, from, to, flags);
		return;
	}
	for (int promo = QUEEN; promo >= KNIGHT; promo--)
		add_move(g, MOVE(from, to, promo, flags));
}

/* Pawn or tandem moves onto every square of to, each from to - step. */
static inline void add_pawns(struct gen *g, uint64_t to, int step,
			     unsigned flags)
{
	for (uint64_t b = to & ~g->last; b;) {
		int sq = pop_lsb(&b);
		add(g, sq - step, sq, flags);
	}
	for (uint64_t b = to & g->last; b;) {
		int sq = pop_lsb(&b);
		add_pawn(g, sq - step, sq, flags);
	}
}

/* A piece's moves onto the squares of to, captures flagged. */
static void add_piece_moves(struct gen *g, int from, uint64_t to)
{
	while (to) {
		int sq = pop_lsb(&to);
		add(g, from, sq, (unsigned)(g->enemy >> sq) & MF_CAPTURE);
	}
}

/* A pinned piece that leaves its square keeps to the line through its
 * king and the pinner. */
static uint64_t pin_mask(const struct gen *g, int from)
{
	return (g->pinned & BB(from)) ? lr_line_bb[g->ksq][from] : ~0ULL;
}

/* Knights, bishops, rooks, queens. */
static void gen_pieces(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t own = pos->by_color[g->us], queens = pos->by_type[QUEEN];
	for (uint64_t b = own & pos->by_type[KNIGHT] & ~g->pinned; b;) {
		int from = pop_lsb(&b);
		add_piece_moves(g, from, lr_knight_attacks[from] & g->target);
	}
	for (uint64_t b = own & (pos->by_type[BISHOP] | queens); b;) {
		int from = pop_lsb(&b);
		add_piece_moves(g, from, bishop_attacks(from, g->occ) &
					 g->target & pin_mask(g, from));
	}
	for (uint64_t b = own & (pos->by_type[ROOK] | queens); b;) {
		int from = pop_lsb(&b);
		add_piece_moves(g, from, rook_attacks(from, g->occ) &
					 g->target & pin_mask(g, from));
	}
}

/* Single pawns: one step; two from rank 1 or 2 (landing on rank 3 or 4);
 * diagonal captures of anything, tandems included.  target already holds
 * the pin line when the pawns are pinned. */
static void gen_pawn_set(struct gen *g, uint64_t pawns, uint64_t target)
{
	uint64_t rows = g->us == WHITE ? RANK_2_BB | RANK_3_BB
				       : RANK_7_BB | RANK_6_BB;
	uint64_t one = ahead(g, pawns, 1) & g->empty;
	uint64_t two = ahead(g, one & rows, 1) & g->empty;
	add_pawns(g, one & target, g->up, 0);
	add_pawns(g, two & target, 2 * g->up, MF_DOUBLE);
	add_pawns(g, ahead_west(g, pawns) & g->enemy & target, g->up - 1,
		  MF_CAPTURE);
	add_pawns(g, ahead_east(g, pawns) & g->enemy & target, g->up + 1,
		  MF_CAPTURE);
}

/* Tandems: unit moves leave the square (target holds the pin line when
 * they are pinned); member moves keep a pawn on it, so only the check mask
 * limits them.  A member never takes a tandem.  Two-square steps start on
 * rank 2 only: a tandem never stands on rank 1 (check_ranks). */
static void gen_tandem_set(struct gen *g, uint64_t tandems, uint64_t target)
{
	uint64_t rank3 = g->us == WHITE ? RANK_3_BB : RANK_6_BB;
	uint64_t one = ahead(g, tandems, 1) & g->empty;
	uint64_t two = ahead(g, one & rank3, 1) & g->empty;
	uint64_t west = ahead_west(g, tandems) & g->enemy;
	uint64_t east = ahead_east(g, tandems) & g->enemy;
	uint64_t member = g->target & ~g->pos->by_type[TANDEM];
	add_pawns(g, one & target, g->up, MF_UNIT);
	add_pawns(g, one & g->target, g->up, 0);
	add_pawns(g, two & target, 2 * g->up, MF_UNIT | MF_DOUBLE);
	add_pawns(g, two & g->target, 2 * g->up, MF_DOUBLE);
	add_pawns(g, west & target, g->up - 1, MF_UNIT | MF_CAPTURE);
	add_pawns(g, west & member, g->up - 1, MF_CAPTURE);
	add_pawns(g, east & target, g->up + 1, MF_UNIT | MF_CAPTURE);
	add_pawns(g, east & member, g->up + 1, MF_CAPTURE);
}

/* Pawns and tandems: the unpinned set-wise, each pinned one on its line. */
static void gen_pawns(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t own = pos->by_color[g->us];
	uint64_t pawns = own & pos->by_type[PAWN];
	uint64_t tandems = own & pos->by_type[TANDEM];
	gen_pawn_set(g, pawns & ~g->pinned, g->target);
	if (tandems & ~g->pinned)	/* none in a standard position */
		gen_tandem_set(g, tandems & ~g->pinned, g->target);
	for (uint64_t b = (pawns | tandems) & g->pinned; b;) {
		int from = pop_lsb(&b);
		uint64_t target = g->target & lr_line_bb[g->ksq][from];
		if (pawns & BB(from))
			gen_pawn_set(g, BB(from), target);
		else
			gen_tandem_set(g, BB(from), target);
	}
}

/* Rocket: the squares behind, one ahead and two ahead empty; the tandem's
 * square empties, a pawn lands behind it and one two squares ahead
 * (promoting from rank 6).  Shifts off the board leave rank 1 and 7
 * tandems out.  Emptying one square and filling two fits no mask: tested
 * on the board when pinned or in check. */
static void gen_rockets(struct gen *g)
{
	uint64_t tandems = g->pos->by_color[g->us] & g->pos->by_type[TANDEM];
	if (!tandems)
		return;
	/* Squares whose one-ahead, two-ahead and behind squares are empty. */
	uint64_t from_set = tandems & ahead(g, g->empty, -1) &
			    ahead(g, g->empty, -2) & ahead(g, g->empty, 1);
	while (from_set) {
		int from = pop_lsb(&from_set), to = from + 2 * g->up;
		uint64_t occ = (g->occ ^ BB(from)) | BB(from - g->up) | BB(to);
		if ((g->checkers || (g->pinned & BB(from))) && !safe_after(g, occ, 0))
			continue;
		add_pawn(g, from, to, MF_ROCKET);
	}
}

/* En passant onto pos->ep, taking whatever stands on ep_victim: a single
 * pawn or a tandem unit may take anything there, a tandem member only a
 * single pawn.  Tested on the board: the victim's square empties too. */
static void gen_en_passant(struct gen *g)
{
	const struct position *pos = g->pos;
	int ep = pos->ep, victim = pos->ep_victim;
	if (ep == NO_SQUARE)
		return;
	uint64_t own = pos->by_color[g->us];
	uint64_t from_set = lr_pawn_attacks[g->them][ep] & own &
			    (pos->by_type[PAWN] | pos->by_type[TANDEM]);
	bool victim_single = PIECE_TYPE(pos->board[victim]) == PAWN;
	uint64_t vacated = (g->occ & ~BB(victim)) | BB(ep);
	while (from_set) {
		int from = pop_lsb(&from_set);
		bool tandem = PIECE_TYPE(pos->board[from]) == TANDEM;
		if (safe_after(g, vacated & ~BB(from), BB(victim)))
			add(g, from, ep, MF_EP | MF_CAPTURE | (tandem ? MF_UNIT : 0));
		if (tandem && victim_single && safe_after(g, vacated, BB(victim)))
			add(g, from, ep, MF_EP | MF_CAPTURE);
	}
}

/* Castling per FIDE: rights (which imply king and rook at home), empty
 * squares between them, king not in check (the caller knows) and not
 * passing or landing on an attacked square.  The castled rook shields the
 * king's old square, so the current occupancy answers for the landing
 * square. */
static void gen_castling(struct gen *g)
{
	static const struct { unsigned right; int king, to, pass, rook; } table[] = {
		{ CASTLE_WK, 4, 6, 5, 7 }, { CASTLE_WQ, 4, 2, 3, 0 },
		{ CASTLE_BK, 60, 62, 61, 63 }, { CASTLE_BQ, 60, 58, 59, 56 },
	};
	for (int i = 2 * g->us; i < 2 * g->us + 2; i++) {
		if (!(g->pos->castling & table[i].right) ||
		    (lr_between_bb[table[i].king][table[i].rook] & g->occ) ||
		    tandem_attacked(g->pos, table[i].pass, g->them) ||
		    tandem_attacked(g->pos, table[i].to, g->them))
			continue;
		add(g, table[i].king, table[i].to, MF_CASTLE);
	}
}

/* King steps, tested with the king lifted off the board (it hides no
 * square from a slider behind it). */
static void gen_king(struct gen *g)
{
	int from = g->ksq;
	uint64_t occ = g->occ ^ BB(from), safe = 0;
	uint64_t steps = lr_king_attacks[from] & ~g->pos->by_color[g->us];
	for (uint64_t b = steps; b;) {
		int to = pop_lsb(&b);
		if (!attacked_after(g->pos, to, g->them, occ, BB(to)))
			safe |= BB(to);
	}
	add_piece_moves(g, from, safe);
}

static void tandem_generate(const struct position *pos, struct movelist *list)
{
	struct gen g;
	gen_init(&g, pos, list);
	if (g.ksq != NO_SQUARE)
		gen_king(&g);
	/* Double checks can only be evaded by moving the king. */
	if (!(g.checkers & (g.checkers - 1))) {
		gen_pawns(&g);
		gen_rockets(&g);
		gen_en_passant(&g);
		gen_pieces(&g);
		if (g.ksq != NO_SQUARE && !g.checkers)
			gen_castling(&g);
	}
	list->count = (unsigned)(g.out - list->moves);
}

/* ----------------------------------------------------------------- make
 *
 * Board, bitboards and key updated directly, as standard_make does: a
 * tandem square holds one piece code (no second piece, no pawn code), so
 * position_put/position_remove's generality is not needed. */

static void make_castle(struct position *pos, int from, int to)
{
	int rook_from = to > from ? to + 1 : to - 2;
	int rook_to = to > from ? to - 1 : to + 1;
	board_put_fast(pos, to, pos->board[from]);
	board_take_fast(pos, from);
	board_put_fast(pos, rook_to, pos->board[rook_from]);
	board_take_fast(pos, rook_from);
}

/* The origin of a pawn or tandem move: what is left there, and what
 * arrives on to.  A member leaves one pawn behind; a rocket leaves the
 * square empty and drops a pawn behind it; a unit takes the whole square;
 * a promotion, by unit, member or rocket, is one promoted piece. */
static uint8_t leave_origin(struct position *pos, move_t m, int us)
{
	int from = MOVE_FROM(m);
	unsigned flags = MOVE_FLAGS(m);
	uint8_t mover = pos->board[from], pawn = MAKE_PIECE(us, PAWN);
	bool split = PIECE_TYPE(mover) == TANDEM && !(flags & MF_UNIT);
	board_take_fast(pos, from);
	if (flags & MF_ROCKET)
		board_put_fast(pos, from - FORWARD(us), pawn);
	else if (split)
		board_put_fast(pos, from, pawn);
	if (MOVE_PROMO(m))
		return MAKE_PIECE(us, MOVE_PROMO(m));
	return split ? pawn : mover;	/* member or rocket: one pawn */
}

static void tandem_make(struct position *pos, move_t m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	unsigned flags = MOVE_FLAGS(m);
	int type = PIECE_TYPE(pos->board[from]);
	bool pawnlike = type == PAWN || type == TANDEM;
	/* A captured tandem goes whole: both its pawns leave the board. */
	if (flags & MF_EP)
		board_take_fast(pos, pos->ep_victim);
	else if (pos->board[to])
		board_take_fast(pos, to);
	position_set_ep(pos, NO_SQUARE, NO_SQUARE);
	lr_castling_update(pos, from, to);
	if (flags & MF_CASTLE)
		make_castle(pos, from, to);
	else
		board_put_fast(pos, to, leave_origin(pos, m, pos->side));
	if (flags & MF_DOUBLE)
		position_set_ep(pos, (from + to) / 2, to);
	lr_make_finish(pos, pawnlike || (flags & MF_CAPTURE));
}

/* ---------------------------------------------------------------- setup */

static const char *const color_name[2] = { "White", "Black" };

/* Pawns never stand on their promotion rank; a tandem never on its own
 * first rank either (a rocket from rank 2 leaves a single pawn there). */
static int check_ranks(const struct position *pos, struct setup_fault *fault)
{
	for (int c = 0; c < 2; c++) {
		uint64_t own = pos->by_color[c];
		uint64_t last = c == WHITE ? RANK_8_BB : RANK_1_BB;
		uint64_t first = c == WHITE ? RANK_1_BB : RANK_8_BB;
		uint64_t bad = (own & (pos->by_type[PAWN] | pos->by_type[TANDEM]) & last) |
			       (own & pos->by_type[TANDEM] & first);
		if (!bad)
			continue;
		char sq[3];
		int at = lsb(bad);
		return setup_fault(fault, FEN_BOARD, at,
				   "board: %s %s on %s, its %s rank",
				   color_name[c],
				   PIECE_TYPE(pos->board[at]) == TANDEM
					   ? "tandem" : "pawn",
				   square_name(at, sq),
				   (bad & last) ? "last" : "first");
	}
	return 0;
}

/* What, if anything, is wrong with the e.p. square as the passed square of
 * a two-square move just made by mover: from rank 2 (passed square on rank
 * 3) a tandem unit, which empties its origin, or a single pawn, whose
 * origin is empty or keeps the member left behind; from rank 1 (passed
 * square on rank 2) only a single pawn.  NULL when it fits. */
static const char *ep_fault(const struct position *pos, int mover)
{
	int ep = pos->ep, rank = REL_RANK(mover, ep);
	int victim = ep + FORWARD(mover), origin = ep - FORWARD(mover);
	if (rank != 1 && rank != 2)
		return mover == WHITE ? "not on rank 2 or 3 (Black to move)"
				      : "not on rank 6 or 7 (White to move)";
	if (pos->ep_victim != NO_SQUARE && pos->ep_victim != victim)
		return "two-square moves here are straight (no landing square)";
	if (pos->board[ep])
		return "not empty";
	uint8_t p = pos->board[victim], left = pos->board[origin];
	bool single = p == MAKE_PIECE(mover, PAWN);
	if (!single && !(p == MAKE_PIECE(mover, TANDEM) && rank == 2))
		return rank == 2 ? "no pawn or tandem of the side that moved "
				   "in front of it"
				 : "no single pawn of the side that moved in "
				   "front of it";
	if (left && !(single && rank == 2 && left == MAKE_PIECE(mover, PAWN)))
		return "the square the pawn came from is not empty";
	return NULL;
}

static int check_ep(struct position *pos, struct setup_fault *fault)
{
	if (pos->ep == NO_SQUARE)
		return 0;
	const char *what = ep_fault(pos, pos->side ^ 1);
	if (!what) {
		pos->ep_victim = (uint8_t)(pos->ep + FORWARD(pos->side ^ 1));
		return 0;
	}
	char sq[3];
	return setup_fault(fault, FEN_EN_PASSANT, -1, "en passant: %s: %s",
			   square_name(pos->ep, sq), what);
}

static int tandem_check_setup(struct position *pos, struct setup_fault *fault)
{
	if (check_ranks(pos, fault) != 0)
		return -1;
	return check_ep(pos, fault);
}

const struct variant variant_tandem = {
	.id = "tandem",
	.pgn_name = "Tandem Pawn Chess",
	.name = "Tandem Pawn Chess",
	.start_fen = "rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1",
	.fen_features = FEN_F_TANDEM,
	.needs_codes = false,
	.san_pieces = "KQRBNT",
	.san_moves = MF_ROCKET,
	.generate = tandem_generate,
	.attacked = tandem_attacked,
	.make = tandem_make,
	.check_setup = tandem_check_setup,
	.fide_material = true,
};
