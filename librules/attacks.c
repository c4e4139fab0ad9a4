/* Attack tables and Zobrist keys, built once before main().
 *
 * Sliders use "fancy" magic bitboards: the blockers that matter for a
 * square (its rays without the board edge) are multiplied by a magic
 * number so that their top bits index a table of precomputed attack sets.
 * The magics are found here at start-up by a search with a fixed seed, so
 * every run builds the same tables; the search takes a few milliseconds. */
#include "internal.h"

uint64_t knight_attacks[64];
uint64_t king_attacks[64];
uint64_t pawn_attacks[2][64];
uint64_t between_bb[64][64];
uint64_t line_bb[64][64];

struct magic bishop_magics[64], rook_magics[64];

uint64_t zobrist_piece[16][64];
uint64_t zobrist_piece2[16][64];
uint64_t zobrist_code[64][64];
uint64_t zobrist_castling[16];
uint64_t zobrist_ep[65];
uint64_t zobrist_side;

/* Entries needed: the sum over squares of 2^(relevant blockers). */
#define ROOK_TABLE_SIZE 102400
#define BISHOP_TABLE_SIZE 5248
static uint64_t rook_table[ROOK_TABLE_SIZE];
static uint64_t bishop_table[BISHOP_TABLE_SIZE];

/* Rays per direction: N, NE, E, SE, S, SW, W, NW.  Only used to build the
 * tables: the ray up to and including the first blocker. */
static const int ray_df[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int ray_dr[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static uint64_t step_set(int sq, const int (*d)[2], int n)
{
	uint64_t b = 0;
	for (int i = 0; i < n; i++) {
		int f = FILE_OF(sq) + d[i][0], r = RANK_OF(sq) + d[i][1];
		if (on_board(f, r))
			b |= BB(SQ(f, r));
	}
	return b;
}

static void init_steps(void)
{
	static const int knight[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 },
		{ 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
	static const int king[8][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 },
		{ 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 } };
	static const int wpawn[2][2] = { { -1, 1 }, { 1, 1 } };
	static const int bpawn[2][2] = { { -1, -1 }, { 1, -1 } };
	for (int sq = 0; sq < 64; sq++) {
		knight_attacks[sq] = step_set(sq, knight, 8);
		king_attacks[sq] = step_set(sq, king, 8);
		pawn_attacks[WHITE][sq] = step_set(sq, wpawn, 2);
		pawn_attacks[BLACK][sq] = step_set(sq, bpawn, 2);
	}
}

/* Squares reached from sq along direction d, stopping at (and including)
 * the first occupied square. */
static uint64_t ray_walk(int sq, int d, uint64_t occ)
{
	uint64_t b = 0;
	int f = FILE_OF(sq) + ray_df[d], r = RANK_OF(sq) + ray_dr[d];
	for (; on_board(f, r); f += ray_df[d], r += ray_dr[d]) {
		b |= BB(SQ(f, r));
		if (occ & BB(SQ(f, r)))
			break;
	}
	return b;
}

/* Slow slider attacks: directions first (step 1 from 0 for rooks, from 1
 * for bishops). */
static uint64_t slow_attacks(int sq, uint64_t occ, int first)
{
	uint64_t b = 0;
	for (int d = first; d < 8; d += 2)
		b |= ray_walk(sq, d, occ);
	return b;
}

static void init_lines(void)
{
	for (int a = 0; a < 64; a++)
		for (int d = 0; d < 8; d++) {
			uint64_t from_a = ray_walk(a, d, 0);
			uint64_t back = ray_walk(a, (d + 4) & 7, 0);
			uint64_t b = from_a;
			while (b) {
				int s = pop_lsb(&b);
				between_bb[a][s] = from_a & ray_walk(s, (d + 4) & 7, 0);
				line_bb[a][s] = from_a | back | BB(a);
			}
		}
}

/* xorshift64*: fixed seeds make the magics, and the keys, reproducible. */
static uint64_t next_sparse_random(uint64_t *state)
{
	uint64_t r[3];
	for (int i = 0; i < 3; i++) {
		*state ^= *state >> 12;
		*state ^= *state << 25;
		*state ^= *state >> 27;
		r[i] = *state * 0x2545F4914F6CDD1DULL;
	}
	/* Magics with few set bits are found much sooner. */
	return r[0] & r[1] & r[2];
}

/* Blockers that change the attack set: the rays without their last square
 * (a piece on the edge blocks nothing beyond it). */
static uint64_t relevant_mask(int sq, int first)
{
	uint64_t m = 0;
	for (int d = first; d < 8; d += 2) {
		uint64_t ray = ray_walk(sq, d, 0);
		int step = ray_dr[d] * 8 + ray_df[d];
		if (ray)
			m |= ray & ~BB(step > 0 ? msb(ray) : lsb(ray));
	}
	return m;
}

/* Tries magics until one maps every blocker subset of sq without a harmful
 * collision; fills table.  The epoch array marks the slots written by the
 * current try, so a failed try needs no clearing. */
static void find_magic(int sq, int first, struct magic *m, uint64_t *table,
		       uint64_t *state)
{
	static uint64_t occ[4096], ref[4096];
	static unsigned epoch[4096], tries;
	m->mask = relevant_mask(sq, first);
	int bits = popcount(m->mask), size = 0;
	m->shift = (unsigned)(64 - bits);
	m->attacks = table;
	uint64_t sub = 0;
	do {
		occ[size] = sub;
		ref[size++] = slow_attacks(sq, sub, first);
		sub = (sub - m->mask) & m->mask;	/* next subset */
	} while (sub);
	for (;;) {
		uint64_t magic = next_sparse_random(state);
		if (popcount((m->mask * magic) >> 56) < 6)
			continue;
		tries++;
		int i;
		for (i = 0; i < size; i++) {
			unsigned idx = (unsigned)((occ[i] * magic) >> m->shift);
			if (epoch[idx] != tries) {
				epoch[idx] = tries;
				table[idx] = ref[i];
			} else if (table[idx] != ref[i]) {
				break;
			}
		}
		if (i == size) {
			m->magic = magic;
			return;
		}
	}
}

static void init_magics(void)
{
	uint64_t state = 0x6D61676963ULL;	/* "magic" */
	size_t rook_used = 0, bishop_used = 0;
	for (int sq = 0; sq < 64; sq++) {
		find_magic(sq, 0, &rook_magics[sq], rook_table + rook_used, &state);
		rook_used += (size_t)1 << (64 - rook_magics[sq].shift);
		find_magic(sq, 1, &bishop_magics[sq], bishop_table + bishop_used,
			   &state);
		bishop_used += (size_t)1 << (64 - bishop_magics[sq].shift);
	}
}

/* splitmix64: a fixed seed keeps keys, and so hashes, reproducible. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static void init_zobrist(void)
{
	uint64_t s = 0x5041574E4B4954ULL;	/* "PAWNKIT" */
	for (int p = 0; p < 16; p++)
		for (int sq = 0; sq < 64; sq++) {
			zobrist_piece[p][sq] = next_random(&s);
			zobrist_piece2[p][sq] = next_random(&s);
		}
	for (int c = 0; c < 64; c++)
		for (int sq = 0; sq < 64; sq++)
			zobrist_code[c][sq] = next_random(&s);
	for (int i = 0; i < 16; i++)
		zobrist_castling[i] = next_random(&s);
	for (int i = 0; i < 64; i++)
		zobrist_ep[i] = next_random(&s);
	zobrist_ep[NO_SQUARE] = 0;
	zobrist_side = next_random(&s);
}

__attribute__((constructor)) static void attacks_init(void)
{
	init_steps();
	init_lines();
	init_magics();
	init_zobrist();
}
