/* Standard chess: legal move generation with bitboards.
 *
 * No move is tried and taken back: a check mask (the squares that capture
 * or block the one checker) and pin lines (a pinned piece may only move
 * along the line between its king and the pinner) make every generated move
 * legal; king steps are tested against the enemy attacks with the king
 * lifted off the board.  Only en passant, which empties two squares of one
 * rank at once, is checked by recomputing the slider attacks on the king.
 *
 * One body serves two entry points: standard_generate writes the moves,
 * standard_count only counts them (perft's last ply), so the count is
 * exactly the length of the list the generator would write. */
#include "internal.h"

#define RANK_2_BB 0x000000000000FF00ULL
#define RANK_3_BB 0x0000000000FF0000ULL
#define RANK_6_BB 0x0000FF0000000000ULL
#define RANK_7_BB 0x00FF000000000000ULL

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Counting is the hot path of perft.  The x86-64 baseline has no popcnt
 * instruction (without -mpopcnt the builtin is a call into libgcc, a third
 * of perft's time), so the counter is built twice there and start-up picks
 * the popcnt one on CPUs that have it (every x86-64 since 2008). */
#if defined(__x86_64__) && !defined(__POPCNT__) && \
	(defined(__GNUC__) || defined(__clang__))
#define COUNT_DISPATCH 1
#endif

static ALWAYS_INLINE unsigned count_bits(uint64_t b)
{
	return (unsigned)__builtin_popcountll(b);
}

struct gen {
	const struct position *pos;
	move_t *moves;		/* NULL when only counting */
	unsigned n;
	int us, them, ksq;
	uint64_t occ, enemy;
	uint64_t target;	/* where a non-king move may land */
	uint64_t pinned;
};

static ALWAYS_INLINE void emit(struct gen *g, move_t m)
{
	if (g->n < MOVELIST_MAX)
		g->moves[g->n++] = m;
}

/* One move from `from` to every square of `to`. */
static ALWAYS_INLINE void emit_from(struct gen *g, int from, uint64_t to,
				    unsigned flags)
{
	if (!g->moves) {
		g->n += count_bits(to);
		return;
	}
	while (to)
		emit(g, MOVE(from, pop_lsb(&to), 0, flags));
}

/* Pawn moves given as a set of destinations and the step that led there. */
static ALWAYS_INLINE void emit_pawns(struct gen *g, uint64_t to, int step,
				     unsigned flags)
{
	if (!g->moves) {
		g->n += count_bits(to);
		return;
	}
	while (to) {
		int sq = pop_lsb(&to);
		emit(g, MOVE(sq - step, sq, 0, flags));
	}
}

static ALWAYS_INLINE void emit_promotions(struct gen *g, uint64_t to, int step,
					  unsigned flags)
{
	if (!g->moves) {
		g->n += 4 * count_bits(to);
		return;
	}
	while (to) {
		int sq = pop_lsb(&to);
		for (int t = QUEEN; t >= KNIGHT; t--)
			emit(g, MOVE(sq - step, sq, t, flags));
	}
}

static ALWAYS_INLINE void emit_split(struct gen *g, int from, uint64_t to)
{
	emit_from(g, from, to & g->enemy, MF_CAPTURE);
	emit_from(g, from, to & ~g->occ, 0);
}

/* Is sq attacked by colour `by`, with occ as the occupancy? */
static ALWAYS_INLINE bool attacked_occ(const struct position *pos, int sq,
				       int by, uint64_t occ)
{
	uint64_t them = pos->by_color[by];
	uint64_t queens = pos->by_type[QUEEN];
	return (lr_pawn_attacks[by ^ 1][sq] & them & pos->by_type[PAWN]) ||
	       (lr_knight_attacks[sq] & them & pos->by_type[KNIGHT]) ||
	       (lr_king_attacks[sq] & them & pos->by_type[KING]) ||
	       (bishop_attacks(sq, occ) & them & (pos->by_type[BISHOP] | queens)) ||
	       (rook_attacks(sq, occ) & them & (pos->by_type[ROOK] | queens));
}

bool standard_attacked(const struct position *pos, int sq, int by)
{
	return attacked_occ(pos, sq, by, occupied_bb(pos));
}

/* Enemy sliders seen from the king through our own pieces: with no piece
 * between they give check; with exactly one (ours) it is pinned. */
static ALWAYS_INLINE uint64_t slider_checks_and_pins(struct gen *g)
{
	const struct position *pos = g->pos;
	uint64_t them = pos->by_color[g->them], queens = pos->by_type[QUEEN];
	uint64_t snipers =
		(rook_attacks(g->ksq, them) & them & (pos->by_type[ROOK] | queens)) |
		(bishop_attacks(g->ksq, them) & them & (pos->by_type[BISHOP] | queens));
	uint64_t checkers = 0;
	while (snipers) {
		int s = pop_lsb(&snipers);
		uint64_t between = lr_between_bb[g->ksq][s] & g->occ;
		if (!between)
			checkers |= BB(s);
		else if (!(between & (between - 1)))
			g->pinned |= between;
	}
	return checkers;
}

static ALWAYS_INLINE void gen_king(struct gen *g)
{
	uint64_t occ = g->occ ^ BB(g->ksq);	/* the king hides no square */
	uint64_t to = lr_king_attacks[g->ksq] & ~g->pos->by_color[g->us];
	uint64_t safe = 0;
	while (to) {
		int sq = pop_lsb(&to);
		if (!attacked_occ(g->pos, sq, g->them, occ))
			safe |= BB(sq);
	}
	emit_split(g, g->ksq, safe);
}

/* Castling per FIDE: the right, king and rook at home, the squares between
 * them empty, and the king neither in check (the caller knows) nor passing
 * or landing on an attacked square. */
static ALWAYS_INLINE void gen_castling(struct gen *g)
{
	const struct position *pos = g->pos;
	int base = g->us == WHITE ? 0 : 56;
	unsigned rights = pos->castling >> (g->us == WHITE ? 0 : 2);
	uint64_t rooks = pieces_bb(pos, g->us, ROOK);
	if (!(rights & 3) || g->ksq != base + 4)
		return;
	if ((rights & 1) && (rooks & BB(base + 7)) &&
	    !(g->occ & (BB(base + 5) | BB(base + 6))) &&
	    !attacked_occ(pos, base + 5, g->them, g->occ) &&
	    !attacked_occ(pos, base + 6, g->them, g->occ))
		emit_from(g, base + 4, BB(base + 6), MF_CASTLE);
	if ((rights & 2) && (rooks & BB(base)) &&
	    !(g->occ & (BB(base + 1) | BB(base + 2) | BB(base + 3))) &&
	    !attacked_occ(pos, base + 3, g->them, g->occ) &&
	    !attacked_occ(pos, base + 2, g->them, g->occ))
		emit_from(g, base + 4, BB(base + 2), MF_CASTLE);
}

static ALWAYS_INLINE uint64_t forward(uint64_t b, int us)
{
	return us == WHITE ? b << 8 : b >> 8;
}

/* Pawn steps and captures of `pawns` onto `target` squares; set-wise, with
 * us a constant after inlining. */
static ALWAYS_INLINE void gen_pawn_set(struct gen *g, uint64_t pawns,
				       uint64_t target, const int us)
{
	const int up = us == WHITE ? 8 : -8;
	/* Capture steps towards the a-file and towards the h-file. */
	const int west = up - 1, east = up + 1;
	uint64_t last = us == WHITE ? RANK_7_BB : RANK_2_BB;
	uint64_t third = us == WHITE ? RANK_3_BB : RANK_6_BB;
	uint64_t empty = ~g->occ, enemy = g->enemy & target;
	uint64_t promoting = pawns & last, rest = pawns & ~last;

	uint64_t one = forward(rest, us) & empty;
	uint64_t two = forward(one & third, us) & empty & target;
	emit_pawns(g, one & target, up, 0);
	emit_pawns(g, two, 2 * up, MF_DOUBLE);
	uint64_t w = rest & ~FILE_A_BB, e = rest & ~FILE_H_BB;
	emit_pawns(g, (us == WHITE ? w << 7 : w >> 9) & enemy, west, MF_CAPTURE);
	emit_pawns(g, (us == WHITE ? e << 9 : e >> 7) & enemy, east, MF_CAPTURE);
	if (!promoting)
		return;
	w = promoting & ~FILE_A_BB;
	e = promoting & ~FILE_H_BB;
	emit_promotions(g, forward(promoting, us) & empty & target, up, 0);
	emit_promotions(g, (us == WHITE ? w << 7 : w >> 9) & enemy, west,
			MF_CAPTURE);
	emit_promotions(g, (us == WHITE ? e << 9 : e >> 7) & enemy, east,
			MF_CAPTURE);
}

/* En passant empties the victim's square and the capturer's: a slider may
 * see the king through both (a rank pin through two pawns), so the slider
 * attacks are recomputed on the board after the capture.  A knight or
 * other pawn giving check is not resolved by it either. */
static ALWAYS_INLINE void gen_en_passant(struct gen *g, uint64_t leaper_checks)
{
	const struct position *pos = g->pos;
	int ep = pos->ep, victim = pos->ep_victim;
	if (ep == NO_SQUARE || !(pieces_bb(pos, g->them, PAWN) & BB(victim)) ||
	    (leaper_checks & ~BB(victim)))
		return;
	uint64_t them = pos->by_color[g->them], queens = pos->by_type[QUEEN];
	uint64_t diag = them & (pos->by_type[BISHOP] | queens);
	uint64_t orth = them & (pos->by_type[ROOK] | queens);
	uint64_t from_set = lr_pawn_attacks[g->them][ep] & pieces_bb(pos, g->us, PAWN);
	while (from_set) {
		int from = pop_lsb(&from_set);
		uint64_t occ = (g->occ ^ BB(from) ^ BB(victim)) | BB(ep);
		if (!(bishop_attacks(g->ksq, occ) & diag) &&
		    !(rook_attacks(g->ksq, occ) & orth))
			emit_from(g, from, BB(ep), MF_EP | MF_CAPTURE);
	}
}

/* A pinned piece keeps to the line through its king and the pinner. */
static ALWAYS_INLINE uint64_t pin_mask(const struct gen *g, int from)
{
	return (g->pinned & BB(from)) ? lr_line_bb[g->ksq][from] : ~0ULL;
}

static ALWAYS_INLINE void gen_pieces(struct gen *g, const int us)
{
	const struct position *pos = g->pos;
	uint64_t own = pos->by_color[us], queens = pos->by_type[QUEEN];
	uint64_t b = own & pos->by_type[KNIGHT] & ~g->pinned;
	while (b) {
		int from = pop_lsb(&b);
		emit_split(g, from, lr_knight_attacks[from] & g->target);
	}
	/* Queens move as a bishop and as a rook. */
	b = own & (pos->by_type[BISHOP] | queens);
	while (b) {
		int from = pop_lsb(&b);
		emit_split(g, from, bishop_attacks(from, g->occ) & g->target &
					    pin_mask(g, from));
	}
	b = own & (pos->by_type[ROOK] | queens);
	while (b) {
		int from = pop_lsb(&b);
		emit_split(g, from, rook_attacks(from, g->occ) & g->target &
					    pin_mask(g, from));
	}
	uint64_t pawns = own & pos->by_type[PAWN];
	gen_pawn_set(g, pawns & ~g->pinned, g->target, us);
	b = pawns & g->pinned;
	while (b) {
		int from = pop_lsb(&b);
		gen_pawn_set(g, BB(from), g->target & lr_line_bb[g->ksq][from], us);
	}
}

/* Leapers checking the king of colour us at ksq (sliders come with the
 * pins). */
static ALWAYS_INLINE uint64_t leaper_checks(const struct position *pos,
					    int ksq, int us)
{
	uint64_t their = pos->by_color[us ^ 1];
	return (lr_pawn_attacks[us][ksq] & their & pos->by_type[PAWN]) |
	       (lr_knight_attacks[ksq] & their & pos->by_type[KNIGHT]);
}

static ALWAYS_INLINE void gen_all(struct gen *g, const int us)
{
	const struct position *pos = g->pos;
	uint64_t kings = pieces_bb(pos, us, KING);
	g->us = us;
	g->them = us ^ 1;
	g->occ = occupied_bb(pos);
	g->enemy = pos->by_color[us ^ 1];
	g->pinned = 0;
	if (!kings)
		return;	/* not a legal setup; position_from_fen refuses it */
	g->ksq = lsb(kings);
	uint64_t leapers = leaper_checks(pos, g->ksq, us);
	uint64_t checkers = leapers | slider_checks_and_pins(g);
	gen_king(g);
	/* Double checks can only be evaded by moving the king. */
	if (checkers & (checkers - 1))
		return;
	g->target = checkers ? lr_between_bb[g->ksq][lsb(checkers)] | checkers
			     : ~pos->by_color[us];
	gen_pieces(g, us);
	gen_en_passant(g, leapers);
	if (!checkers)
		gen_castling(g);
}

void standard_generate(const struct position *pos, struct movelist *list)
{
	struct gen g = { .pos = pos, .moves = list->moves, .n = list->count };
	if (pos->side == WHITE)
		gen_all(&g, WHITE);
	else
		gen_all(&g, BLACK);
	list->count = g.n;
}

static ALWAYS_INLINE unsigned count_moves(const struct position *pos)
{
	struct gen g = { .pos = pos, .moves = NULL, .n = 0 };
	if (pos->side == WHITE)
		gen_all(&g, WHITE);
	else
		gen_all(&g, BLACK);
	return g.n;
}

#ifdef COUNT_DISPATCH
static bool have_popcnt;	/* set once, before main() */

__attribute__((constructor)) static void detect_popcnt(void)
{
	__builtin_cpu_init();
	have_popcnt = __builtin_cpu_supports("popcnt");
}

__attribute__((target("popcnt"))) static unsigned
count_with_popcnt(const struct position *pos)
{
	return count_moves(pos);
}

unsigned standard_count(const struct position *pos)
{
	return have_popcnt ? count_with_popcnt(pos) : count_moves(pos);
}
#else
unsigned standard_count(const struct position *pos)
{
	return count_moves(pos);
}
#endif

/* ------------------------------------------------ helpers for variants */

/* The king of colour us and the gen fields the helpers below need. */
static bool gen_for(struct gen *g, const struct position *pos, int us)
{
	uint64_t kings = pieces_bb(pos, us, KING);
	*g = (struct gen){ .pos = pos, .us = us, .them = us ^ 1,
			   .occ = occupied_bb(pos) };
	if (!kings)
		return false;
	g->ksq = lsb(kings);
	return true;
}

uint64_t lr_standard_checkers(const struct position *pos)
{
	struct gen g;
	if (!gen_for(&g, pos, pos->side))
		return 0;
	return leaper_checks(pos, g.ksq, g.us) | slider_checks_and_pins(&g);
}

uint64_t lr_standard_pinned(const struct position *pos, int color)
{
	struct gen g;
	if (!gen_for(&g, pos, color))
		return 0;
	slider_checks_and_pins(&g);
	return g.pinned & pos->by_color[color];
}

void lr_add_pawn_move(struct movelist *list, int from, int to, unsigned flags)
{
	if (RANK_OF(to) != 0 && RANK_OF(to) != 7) {
		movelist_add(list, MOVE(from, to, 0, flags));
		return;
	}
	for (int t = QUEEN; t >= KNIGHT; t--)
		movelist_add(list, MOVE(from, to, t, flags));
}
