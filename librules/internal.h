/* librules private: bitboard attack tables and helpers shared by the
 * standard rules and the variants.  Not installed, not for formats/ or cmd/. */
#ifndef PAWNKIT_RULES_INTERNAL_H
#define PAWNKIT_RULES_INTERNAL_H

#include "variant.h"

#define BB(sq) (1ULL << (sq))
#define FILE_OF(sq) ((sq) & 7)
#define RANK_OF(sq) ((sq) >> 3)
#define SQ(file, rank) ((rank) * 8 + (file))
/* Rank seen from colour c's side: 0 is its back rank. */
#define REL_RANK(c, sq) ((c) == WHITE ? RANK_OF(sq) : 7 - RANK_OF(sq))
/* One square forward for colour c. */
#define FORWARD(c) ((c) == WHITE ? 8 : -8)

#define FILE_A_BB 0x0101010101010101ULL
#define FILE_H_BB 0x8080808080808080ULL
#define RANK_1_BB 0x00000000000000FFULL
#define RANK_8_BB 0xFF00000000000000ULL

/* The move flags that notation writes as marks after the destination
 * (rocket '^', share '&', push "(p)"): notation.c writes them,
 * resolve.c checks them. */
#define MF_MARKS (MF_ROCKET | MF_SHARE | MF_PUSH)

/* A flag of the rules in san.lenient, among the bits the parser leaves
 * free (pgn.h): a move in long algebraic or coordinate notation
 * ("Ng1-f3", "g1f3") where only SAN belongs.  The replay sets it, not
 * the parser (the caller's choice: pgn-convert reads those notations as
 * input); the resolver warns of it.  resolve.c's "why" sets keep the
 * low byte for the lenient forms, this one included. */
#define SL_NOT_SAN (1u << 7)

static inline int lsb(uint64_t b) { return __builtin_ctzll(b); }
static inline int msb(uint64_t b) { return 63 - __builtin_clzll(b); }
static inline int popcount(uint64_t b) { return __builtin_popcountll(b); }
static inline int pop_lsb(uint64_t *b)
{
	int s = lsb(*b);
	*b &= *b - 1;
	return s;
}

/* A piece letter of SAN: 'P' -> PAWN ... 'T' -> TANDEM; 0 for anything
 * else, 0 included (a table: resolving looks up a few per move). */
static inline int san_letter_type(char c)
{
	static const uint8_t types[128] = {
		['P'] = PAWN, ['N'] = KNIGHT, ['B'] = BISHOP, ['R'] = ROOK,
		['Q'] = QUEEN, ['K'] = KING, ['T'] = TANDEM,
	};
	return (unsigned char)c < 128 ? types[(unsigned char)c] : 0;
}

/* The origins SAN's disambiguation allows: a file, a rank (-1: not
 * given), both or neither. */
static inline uint64_t hint_mask(int file, int rank)
{
	uint64_t m = ~0ULL;
	if (file >= 0)
		m &= FILE_A_BB << file;
	if (rank >= 0)
		m &= RANK_1_BB << (8 * rank);
	return m;
}

/* Builds the tables below and the Zobrist keys, once (attacks.c); every
 * position is made by position_from_fen(), which calls it first. */
void lr_tables_init(void);

/* Filled once by lr_tables_init(). */
extern uint64_t lr_knight_attacks[64];
extern uint64_t lr_king_attacks[64];
extern uint64_t lr_pawn_attacks[2][64];	/* squares a pawn of colour c attacks */
extern uint64_t lr_between_bb[64][64];	/* strictly between, on a line */
extern uint64_t lr_line_bb[64][64];	/* the whole line through both, or 0 */

/* Slider attacks by magic bitboards (attacks.c): the squares a bishop or
 * rook on sq reaches, up to and including the first occupied square. */
struct magic {
	uint64_t mask;		/* blockers that matter (rays without edges) */
	uint64_t magic;
	const uint64_t *attacks;	/* indexed by the top bits of product */
	unsigned shift;
};
extern struct magic lr_bishop_magics[64], lr_rook_magics[64];

static inline uint64_t bishop_attacks(int sq, uint64_t occupied)
{
	const struct magic *m = &lr_bishop_magics[sq];
	return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}
static inline uint64_t rook_attacks(int sq, uint64_t occupied)
{
	const struct magic *m = &lr_rook_magics[sq];
	return m->attacks[((occupied & m->mask) * m->magic) >> m->shift];
}
static inline uint64_t queen_attacks(int sq, uint64_t occupied)
{
	return bishop_attacks(sq, occupied) | rook_attacks(sq, occupied);
}

static inline uint64_t occupied_bb(const struct position *pos)
{
	return pos->by_color[WHITE] | pos->by_color[BLACK];
}
static inline uint64_t pieces_bb(const struct position *pos, int color,
				 int type)
{
	return pos->by_color[color] & pos->by_type[type];
}

/* Zobrist keys (attacks.c). */
extern uint64_t lr_zobrist_piece[16][64];
extern uint64_t lr_zobrist_piece2[16][64];	/* Pauli second piece */
extern uint64_t lr_zobrist_code[128][64];	/* [code][square] */
extern uint64_t lr_zobrist_castling[16];
extern uint64_t lr_zobrist_ep[65];
extern uint64_t lr_zobrist_side;
/* The codes' share of every key with no pawn codes: of lr_zobrist_code[0]. */
extern uint64_t lr_zobrist_no_codes;

/* Standard chess's set-up checks, for variants that extend it.
 * No pawn on rank 1 or 8 (-1 with a fault naming the square). */
int lr_standard_check_pawn_ranks(const struct position *pos,
				 struct setup_fault *fault);
/* Who may have double-stepped past the e.p. square: one of them ("pawn"),
 * the kinds in a message ("pawn, bishop, knight or king"), and the test. */
struct ep_passer {
	const char *one, *kinds;
	bool (*may_double)(uint8_t piece, int color);
};
/* The e.p. square (if any) must be one a double step of the side not to
 * move just passed: on rank 6 (White to move) or 3, empty, the square the
 * passer came from empty and the passer in front.  Sets pos->ep_victim;
 * -1 with *fault (the e.p. field) when not so. */
int lr_check_ep_passage(struct position *pos, struct setup_fault *fault,
			const struct ep_passer *passer);
/* standard_attacked() on the king of the side to move (standard_to.c):
 * the test after every move of a replay. */
bool lr_standard_in_check(const struct position *pos);
/* Standard chess's plain SAN by bitboards (quick_resolve.h, resolve.c): a
 * move only when it is the one legal move that fits exactly, as
 * move_resolve() would find it without a word, but with no move list;
 * false leaves the move to move_resolve().  in_check: whether the side
 * to move is in check, -1 when not known. */
bool lr_resolve_standard(const struct position *pos, const struct san *san,
			 int in_check, move_t *out);
/* position_compute_key() of a position without second pieces or pawn
 * codes (standard chess's), from its bitboards: a loop over the pieces,
 * not over the 64 squares (position.c). */
uint64_t lr_standard_compute_key(const struct position *pos);
/* The same, after m was played on a legal position: only what m moved or
 * uncovered is looked at. */
bool lr_standard_gives_check(const struct position *after, move_t m);
/* standard_count(pos) > 0, sooner: a king step, or in check a move that
 * parries it, is looked for first (standard_to.c). */
bool lr_standard_has_move(const struct position *pos);

/* The mark m earned: '+' or '#' when the side to move in `after` (the
 * position m led to) is in check, 0 when not; standard chess by its own
 * tests (the check from the move alone; a reply found, not listed), the
 * others by their hooks.  The replay (replay.c) and the notation writer
 * (notation.c) mark moves by this one rule. */
bool lr_in_check_after(const struct position *after, move_t m);
bool lr_has_reply(const struct position *pos);
/* Castling of the side to move (the long side or the short) when it is
 * legal in standard chess, else MOVE_NONE (standard_to.c). */
move_t lr_standard_castle(const struct position *pos, bool long_side);
/* Standard pieces of the side not to move checking the side to move. */
uint64_t lr_standard_checkers(const struct position *pos);
/* Pieces of color pinned to its king by enemy bishops, rooks, queens
 * (a pinned piece may move only along lr_line_bb[king][piece]). */
uint64_t lr_standard_pinned(const struct position *pos, int color);
/* Appends a pawn move; onto rank 1 or 8 it becomes the four promotions
 * (queen first). */
void lr_add_pawn_move(struct movelist *list, int from, int to, unsigned flags);

/* Shared by variant generators: appends m to out when, after making it on
 * a copy of pos, the mover's king is not attacked (variant's own attack
 * test). */
void lr_add_if_legal(const struct position *pos, move_t m,
		     struct movelist *out);
/* Common make steps: bumps the clocks and flips the side (e.p. is the
 * caller's: position_set_ep).
 * reset_halfmove for pawn moves and captures. */
void lr_make_finish(struct position *pos, bool reset_halfmove);
/* Castling rights lost when something leaves or lands on sq. */
void lr_castling_update(struct position *pos, int from, int to);
/* The rooks of the rights in every variant but Chess960, CASTLE_WK's
 * first (h1, a1, h8, a8): what position_clear() sets castle_rook to. */
static const uint8_t lr_corner_rooks[4] = { SQ(7, 0), SQ(0, 0), SQ(7, 7),
					    SQ(0, 7) };

/* The piece that moves: board2[from] when MF_MOVER2 (Pauli), else board. */
static inline uint8_t move_mover_piece(const struct position *pos, move_t m)
{
	int from = MOVE_FROM(m);
	return (MOVE_FLAGS(m) & MF_MOVER2) ? pos->board2[from] : pos->board[from];
}

/* The letter-class of a move as SAN sees it: TANDEM for a unit move, PAWN
 * for a pawn or a tandem member, else the piece type.  Moves of one class
 * are the ones SAN disambiguates against each other. */
static inline int move_mover_class(const struct position *pos, move_t m)
{
	if (MOVE_FLAGS(m) & MF_UNIT)
		return TANDEM;
	int type = PIECE_TYPE(move_mover_piece(pos, m));
	return type == TANDEM ? PAWN : type;
}

/* Fast single-occupancy primitives for variants without shared squares:
 * the same effect as position_put/position_remove on such squares, minus
 * the bookkeeping that two pieces per square need. */
static inline void board_put_fast(struct position *pos, int sq, uint8_t piece)
{
	pos->board[sq] = piece;
	pos->by_color[PIECE_COLOR(piece)] |= BB(sq);
	pos->by_type[PIECE_TYPE(piece)] |= BB(sq);
	pos->key ^= lr_zobrist_piece[piece][sq];
}

static inline void board_take_fast(struct position *pos, int sq)
{
	uint8_t piece = pos->board[sq];
	pos->board[sq] = 0;
	pos->by_color[PIECE_COLOR(piece)] &= ~BB(sq);
	pos->by_type[PIECE_TYPE(piece)] &= ~BB(sq);
	pos->key ^= lr_zobrist_piece[piece][sq];
}

/* Every square on a rank or file with sq, and on a diagonal with it
 * (standard_to.c; filled before main()). */
extern uint64_t lr_orth_rays[64], lr_diag_rays[64];
/* What a standard piece (index: the piece, colour and type) attacks from
 * a square on an empty board; 0 for kings and empty squares. */
extern uint64_t lr_empty_board_attacks[16][64];

/* The sliders of colour by that could attack sq on some board. */
static inline uint64_t aligned_sliders(const struct position *pos, int sq,
				       int by)
{
	uint64_t queens = pos->by_type[QUEEN];
	return ((lr_orth_rays[sq] & (pos->by_type[ROOK] | queens)) |
		(lr_diag_rays[sq] & (pos->by_type[BISHOP] | queens))) &
	       pos->by_color[by];
}

/* Whether one of `sliders` (aligned with sq) sees sq through occ. */
static inline bool slider_sees(int sq, uint64_t sliders, uint64_t occ)
{
	for (; sliders; sliders &= sliders - 1)
		if (!(lr_between_bb[sq][lsb(sliders)] & occ))
			return true;
	return false;
}

/* Is sq attacked by colour `by` in standard chess, with occ as the
 * occupancy and the piece on `gone` (a capture's victim) off the board? */
bool lr_standard_attacked_without(const struct position *pos, int sq, int by,
				  uint64_t occ, uint64_t gone);

/* The main line's position keys, for repetition (replay.c and its fast
 * path, replay_quick.c).  Starts in `local`; grows on the heap.  replay.c
 * makes and releases it. */
struct keylist {
	uint64_t *keys;
	size_t n, cap;
	uint64_t local[256];
};

void lr_keylist_grow(struct keylist *k);	/* the rare case, out of line */

/* Room is always made (lr_keylist_grow), or memory is out for good. */
static inline void keylist_push(struct keylist *k, uint64_t key)
{
	if (k->n == k->cap)
		lr_keylist_grow(k);
	k->keys[k->n++] = key;
}

/* Automatic draws (FIDE 9.6), looked for in the main line's span of
 * reversible moves: it holds a position five times only when it is 16
 * plies long or more (the position and its four returns); 75 moves of
 * each player without a capture or pawn move are 150 plies. */
#define FIVEFOLD_MIN_SPAN 16
#define SEVENTY_FIVE_PLIES 150

/* The ply of the move played from pos, as the move numbers count it
 * (replay_step.ply): 1 for White's first move of fullmove 1. */
static inline uint32_t move_ply(const struct position *pos)
{
	return (pos->fullmove - 1) * 2 + pos->side + 1;
}

/* game_replay()'s fast path (replay.c): a standard-chess game read with
 * or without its tree, whose main line is plain (moves in plain SAN, move
 * numbers, comments, NAGs, no variation) and has nothing to report at
 * all, replayed straight from its movetext bytes.  True then, with *res
 * as the replay from the tree would fill it and visitor (may be NULL)
 * shown the start and every move as that replay shows them, with
 * step->item NULL.  False for every other game, with nothing reported
 * (the visitor may have seen part of it). */
bool lr_game_replay_quick(const struct pgn_game *g,
			  const struct replay_opts *opts,
			  const struct replay_visitor *visitor,
			  struct replay_result *res);

/* replay_quick.c: the main line of a game's movetext [p, end), played on
 * *pos in place when the movetext is plain (moves in plain SAN, move
 * numbers, comments, NAGs, one termination marker at the end), every
 * move is exactly right (one legal move fits, capture and check marks as
 * the move has them) and no automatic draw may have come on the way (no
 * position five times, no 75 moves, in any span of reversible moves):
 * then the number of plies, each position's key
 * pushed to *keys (without a visitor, only the keys the repetition test
 * reads are right: those back to the last capture or pawn move), each
 * move shown to vis (may be NULL) as it is played.
 * -1 at the first thing that is not so: the caller replays the game the
 * general way, which explains it (*pos and *keys are then of no use, and
 * vis may have seen some of the moves). */
long lr_quick_main_line(const char *p, const char *end, struct position *pos,
			struct keylist *keys, const struct replay_visitor *vis);

static inline void movelist_add(struct movelist *l, move_t m)
{
	if (l->count < MOVELIST_MAX)
		l->moves[l->count++] = m;
}

#endif
