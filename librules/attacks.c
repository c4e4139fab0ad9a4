/* Attack tables and Zobrist keys, built once when the first position is
 * made (lr_tables_init(), from position_from_fen()).
 *
 * Sliders use "fancy" magic bitboards: the blockers that matter for a
 * square (its rays without the board edge) are multiplied by a magic
 * number so that their top bits index a table of precomputed attack sets.
 * The magics come from a search with a fixed seed (below); the numbers it
 * finds are written down, so start-up only checks them while filling the
 * tables, and searches again only for one that would not fit. */
#include <pthread.h>

#include "internal.h"

uint64_t lr_knight_attacks[64];
uint64_t lr_king_attacks[64];
uint64_t lr_pawn_attacks[2][64];
uint64_t lr_between_bb[64][64];
uint64_t lr_line_bb[64][64];

struct magic lr_bishop_magics[64], lr_rook_magics[64];

uint64_t lr_zobrist_piece[16][64];
uint64_t lr_zobrist_piece2[16][64];
uint64_t lr_zobrist_code[128][64];
uint64_t lr_zobrist_castling[16];
uint64_t lr_zobrist_ep[65];
uint64_t lr_zobrist_side;
uint64_t lr_zobrist_no_codes;

/* Entries needed: the sum over squares of 2^(relevant blockers). */
#define ROOK_TABLE_SIZE 102400
#define BISHOP_TABLE_SIZE 5248
static uint64_t rook_table[ROOK_TABLE_SIZE];
static uint64_t bishop_table[BISHOP_TABLE_SIZE];

/* Directions: N, NE, E, SE, S, SW, W, NW; d + 4 (mod 8) is the opposite
 * of d.  Only used to build the tables. */
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
		lr_knight_attacks[sq] = step_set(sq, knight, 8);
		lr_king_attacks[sq] = step_set(sq, king, 8);
		lr_pawn_attacks[WHITE][sq] = step_set(sq, wpawn, 2);
		lr_pawn_attacks[BLACK][sq] = step_set(sq, bpawn, 2);
	}
}

/* Every empty-board ray, rays[d][sq]: the squares from sq (not included)
 * to the edge along direction d.  The tables below are built from them
 * with a few operations per blocker subset, not a walk per ray. */
static uint64_t rays[8][64];

static void init_rays(void)
{
	for (int sq = 0; sq < 64; sq++)
		for (int d = 0; d < 8; d++) {
			int f = FILE_OF(sq) + ray_df[d], r = RANK_OF(sq) + ray_dr[d];
			for (; on_board(f, r); f += ray_df[d], r += ray_dr[d])
				rays[d][sq] |= BB(SQ(f, r));
		}
}

/* Whether direction d goes to higher squares (N, NE, E, NW): its first
 * square, and its first blocker, are then its lowest. */
static bool ray_rises(int d)
{
	return ray_dr[d] * 8 + ray_df[d] > 0;
}

/* The squares along direction d from sq up to and including the first
 * blocker: the ray from that blocker on, same direction, is what it
 * hides. */
static inline uint64_t ray_attacks(int sq, uint64_t occ, int d)
{
	uint64_t ray = rays[d][sq], blockers = ray & occ;
	if (blockers)
		ray &= ~rays[d][ray_rises(d) ? lsb(blockers) : msb(blockers)];
	return ray;
}

/* Slow slider attacks: the rook's directions (first 0) or the bishop's
 * (first 1).  Each direction written out, so that it is a constant. */
static uint64_t slow_attacks(int sq, uint64_t occ, int first)
{
	if (first)
		return ray_attacks(sq, occ, 1) | ray_attacks(sq, occ, 3) |
		       ray_attacks(sq, occ, 5) | ray_attacks(sq, occ, 7);
	return ray_attacks(sq, occ, 0) | ray_attacks(sq, occ, 2) |
	       ray_attacks(sq, occ, 4) | ray_attacks(sq, occ, 6);
}

static void init_lines(void)
{
	for (int a = 0; a < 64; a++)
		for (int d = 0; d < 8; d++) {
			uint64_t from_a = rays[d][a], back = rays[(d + 4) & 7][a];
			uint64_t b = from_a;
			while (b) {
				int s = pop_lsb(&b);
				lr_between_bb[a][s] = from_a & rays[(d + 4) & 7][s];
				lr_line_bb[a][s] = from_a | back | BB(a);
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
		uint64_t ray = rays[d][sq];
		if (ray)
			m |= ray & ~BB(ray_rises(d) ? msb(ray) : lsb(ray));
	}
	return m;
}

/* Magics the search below finds from its fixed seed, written down so that
 * start-up only checks and fills them (the search itself takes 0.2 s, too
 * long for a filter that may run once per file). */
static const uint64_t rook_known[64] = {
	0x0180001440006180ULL, 0x00C0400010002000ULL, 0x4080100020000882ULL,
	0x0100041000200900ULL, 0x0200201002000408ULL, 0x0280020080140009ULL,
	0x4280020001000880ULL, 0x0100008219204300ULL, 0x0800801080204000ULL,
	0x0000804000802000ULL, 0x0000802000801000ULL, 0xC009002100081004ULL,
	0x0002000A000E0620ULL, 0x8002000802000410ULL, 0x1008808002001100ULL,
	0x0840800051002080ULL, 0x0800218000824000ULL, 0x0290024040002005ULL,
	0x0080808010002000ULL, 0x0882828010000800ULL, 0x001E020004081020ULL,
	0x4002008080040002ULL, 0x60000400182A8110ULL, 0x0200020001009844ULL,
	0x1048400080208000ULL, 0x0040400080200080ULL, 0x2410080020040020ULL,
	0x0240080080100080ULL, 0x0520040080080080ULL, 0x2004040080800200ULL,
	0x0001100400480201ULL, 0x0134004200008431ULL, 0x0180204000800080ULL,
	0x2220400081002100ULL, 0x0600802008801000ULL, 0x0A10010008080080ULL,
	0x5204000800800480ULL, 0x4000800200800400ULL, 0x000A080204000110ULL,
	0x0016290042000884ULL, 0xF004208040028000ULL, 0x0210002000404000ULL,
	0x0401012001450010ULL, 0x4010008008008011ULL, 0x4200080100050010ULL,
	0x08A1000400030008ULL, 0x0241460810840019ULL, 0x4001040040820001ULL,
	0x0008800048210900ULL, 0x1500401000200040ULL, 0x0080108042022600ULL,
	0x0000210079100300ULL, 0x400C010800048080ULL, 0x1008020080040080ULL,
	0x2E50223001080400ULL, 0x040000A10C104200ULL, 0x0043128005002241ULL,
	0x18C2002280410016ULL, 0x0820801022000A42ULL, 0x0000300021001895ULL,
	0x0001000208000411ULL, 0x200100040002080BULL, 0x8200088248100904ULL,
	0x202008C400A31082ULL,
};
static const uint64_t bishop_known[64] = {
	0x3840441480811500ULL, 0x200801040C145080ULL, 0x0848124052020000ULL,
	0x4088060048000000ULL, 0x0004042020000000ULL, 0xF080826020800040ULL,
	0x0281009050084016ULL, 0x00144C0201100200ULL, 0x08000410102204A0ULL,
	0x100142100220830AULL, 0x2000102100411014ULL, 0x282284050A000200ULL,
	0x2042141028080285ULL, 0x8800568290400200ULL, 0x8000408088084000ULL,
	0x100501008A012028ULL, 0x0121421020024080ULL, 0x009021200290810CULL,
	0x0004008208001100ULL, 0x0402008440110000ULL, 0x2804000A11040021ULL,
	0x08C5003090049001ULL, 0x0004008842080480ULL, 0x1000248200840440ULL,
	0x0042880040901400ULL, 0x0110512084110A00ULL, 0x0200240408080823ULL,
	0x4004080002220040ULL, 0x0004840010802000ULL, 0x4808020000220124ULL,
	0x8102040440610800ULL, 0x00CC082038860141ULL, 0x0008420800420840ULL,
	0x2048880480200480ULL, 0xC002280400884400ULL, 0x0801042008040100ULL,
	0x01040040100C0100ULL, 0x1090010040820061ULL, 0x4001440410008A09ULL,
	0x0201005200190112ULL, 0x004A10028802201AULL, 0x5C04120282019000ULL,
	0x0002208020803015ULL, 0x00083C1414040800ULL, 0x0010440104002210ULL,
	0x0240110408200502ULL, 0x2102086204A14402ULL, 0x0210142C40800140ULL,
	0x0006021044040000ULL, 0x0025010110420100ULL, 0x1410410080900000ULL,
	0x040010C104090000ULL, 0x2014002004240204ULL, 0x0000200822082800ULL,
	0x412008100080A200ULL, 0x0005440802082000ULL, 0x0402150806101420ULL,
	0x01C0010402020206ULL, 0x0101000900411004ULL, 0x0004000000840408ULL,
	0x1108810010820880ULL, 0x0820009143100100ULL, 0x00002002240800A0ULL,
	0x0008200800490420ULL,
};

/* The blocker subsets of one square and the attacks each leaves. */
struct subsets {
	int size;
	uint64_t occ[4096], ref[4096];
};

static void list_subsets(struct subsets *s, uint64_t mask, int sq, int first)
{
	uint64_t sub = 0;
	s->size = 0;
	do {
		s->occ[s->size] = sub;
		s->ref[s->size++] = slow_attacks(sq, sub, first);
		sub = (sub - mask) & mask;	/* next subset (carry-rippler) */
	} while (sub);
}

/* Fills table through magic; false on a collision of different attack
 * sets.  stamp[i] == attempt marks the slots this try wrote, so a failed try
 * needs no clearing. */
static bool magic_fits(const struct subsets *s, uint64_t magic, unsigned shift,
		       uint64_t *table, unsigned *stamp, unsigned attempt)
{
	for (int i = 0; i < s->size; i++) {
		unsigned idx = (unsigned)((s->occ[i] * magic) >> shift);
		if (stamp[idx] != attempt) {
			stamp[idx] = attempt;
			table[idx] = s->ref[i];
		} else if (table[idx] != s->ref[i]) {
			return false;
		}
	}
	return true;
}

/* The known magic if it works, else a search from *state. */
static void init_magic(int sq, int first, uint64_t known, struct magic *m,
		       uint64_t *table, uint64_t *state)
{
	static struct subsets s;
	static unsigned stamp[4096], attempt;
	m->mask = relevant_mask(sq, first);
	m->shift = (unsigned)(64 - popcount(m->mask));
	m->attacks = table;
	list_subsets(&s, m->mask, sq, first);
	uint64_t magic = known;
	while (!magic_fits(&s, magic, m->shift, table, stamp, ++attempt)) {
		do
			magic = next_sparse_random(state);
		while (popcount((m->mask * magic) >> 56) < 6);
	}
	m->magic = magic;
}

static void init_magics(void)
{
	uint64_t state = 0x6D61676963ULL;	/* "magic" */
	size_t rook_used = 0, bishop_used = 0;
	for (int sq = 0; sq < 64; sq++) {
		init_magic(sq, 0, rook_known[sq], &lr_rook_magics[sq],
			   rook_table + rook_used, &state);
		rook_used += (size_t)1 << (64 - lr_rook_magics[sq].shift);
		init_magic(sq, 1, bishop_known[sq], &lr_bishop_magics[sq],
			   bishop_table + bishop_used, &state);
		bishop_used += (size_t)1 << (64 - lr_bishop_magics[sq].shift);
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
			lr_zobrist_piece[p][sq] = next_random(&s);
			lr_zobrist_piece2[p][sq] = next_random(&s);
		}
	for (int c = 0; c < 64; c++)
		for (int sq = 0; sq < 64; sq++)
			lr_zobrist_code[c][sq] = next_random(&s);
	for (int sq = 0; sq < 64; sq++)
		lr_zobrist_no_codes ^= lr_zobrist_code[0][sq];
	for (int i = 0; i < 16; i++)
		lr_zobrist_castling[i] = next_random(&s);
	for (int i = 0; i < 64; i++)
		lr_zobrist_ep[i] = next_random(&s);
	lr_zobrist_ep[NO_SQUARE] = 0;
	lr_zobrist_side = next_random(&s);
	/* Codes carrying CODE_SET, drawn last so that every key above stays
	 * the one it always was. */
	for (int c = 64; c < 128; c++)
		for (int sq = 0; sq < 64; sq++)
			lr_zobrist_code[c][sq] = next_random(&s);
}

static void attacks_init(void)
{
	init_steps();
	init_rays();
	init_lines();
	init_magics();
	init_zobrist();
}

/* Lazy: a command that makes no position (game-stats --tags-only) never
 * pays for the tables. */
void lr_tables_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, attacks_init);
}
