/* The position type: primitives that keep board, bitboards and key in
 * step, and the variant-independent queries built on the hooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void position_clear(struct position *pos, const struct variant *v)
{
	memset(pos, 0, sizeof *pos);
	memcpy(pos->castle_rook, lr_corner_rooks, sizeof pos->castle_rook);
	pos->ep = pos->ep_victim = NO_SQUARE;
	pos->fullmove = 1;
	pos->variant = v;
}

/* Rebuilds the bitboard bits of one square from its (up to two) pieces. */
static void sync_square(struct position *pos, int sq)
{
	uint64_t bit = BB(sq);
	for (int c = 0; c < 2; c++)
		pos->by_color[c] &= ~bit;
	for (int t = 0; t < PIECE_TYPES; t++)
		pos->by_type[t] &= ~bit;
	uint8_t p[2] = { pos->board[sq], pos->board2[sq] };
	for (int i = 0; i < 2; i++)
		if (p[i]) {
			pos->by_color[PIECE_COLOR(p[i])] |= bit;
			pos->by_type[PIECE_TYPE(p[i])] |= bit;
		}
}

/* Canonical order inside a shared square: White first, then K Q R B N P. */
static int piece_order(uint8_t p)
{
	static const int type_rank[PIECE_TYPES] = { 9, 5, 4, 3, 2, 1, 0, 6 };
	return PIECE_COLOR(p) * 10 + type_rank[PIECE_TYPE(p)];
}

static void key_slots(struct position *pos, int sq)
{
	if (pos->board[sq])
		pos->key ^= lr_zobrist_piece[pos->board[sq]][sq];
	if (pos->board2[sq])
		pos->key ^= lr_zobrist_piece2[pos->board2[sq]][sq];
}

void position_put(struct position *pos, int sq, uint8_t piece)
{
	if (!pos->board[sq]) {
		pos->board[sq] = piece;
		pos->key ^= lr_zobrist_piece[piece][sq];
		pos->by_color[PIECE_COLOR(piece)] |= BB(sq);
		pos->by_type[PIECE_TYPE(piece)] |= BB(sq);
		return;
	}
	key_slots(pos, sq);
	if (piece_order(piece) < piece_order(pos->board[sq])) {
		pos->board2[sq] = pos->board[sq];
		pos->board[sq] = piece;
	} else {
		pos->board2[sq] = piece;
	}
	key_slots(pos, sq);
	sync_square(pos, sq);
}

void position_remove(struct position *pos, int sq)
{
	key_slots(pos, sq);
	pos->board[sq] = pos->board2[sq] = 0;
	position_set_code(pos, sq, 0);
	sync_square(pos, sq);
}

uint8_t position_remove_one(struct position *pos, int sq, int slot)
{
	uint8_t gone;
	key_slots(pos, sq);
	if (slot == 0) {
		gone = pos->board[sq];
		pos->board[sq] = pos->board2[sq];
	} else {
		gone = pos->board2[sq];
	}
	pos->board2[sq] = 0;
	key_slots(pos, sq);
	sync_square(pos, sq);
	return gone;
}

void position_set_code(struct position *pos, int sq, uint8_t code)
{
	pos->key ^= lr_zobrist_code[pos->code[sq]][sq] ^
		    lr_zobrist_code[code][sq];
	pos->code[sq] = code;
}

void position_set_ep(struct position *pos, int ep, int victim)
{
	pos->key ^= lr_zobrist_ep[pos->ep] ^ lr_zobrist_ep[ep];
	pos->ep = (uint8_t)ep;
	pos->ep_victim = (uint8_t)(ep == NO_SQUARE ? NO_SQUARE : victim);
}

void position_set_castling(struct position *pos, unsigned rights)
{
	pos->key ^= lr_zobrist_castling[pos->castling] ^ lr_zobrist_castling[rights & 15];
	pos->castling = (uint8_t)(rights & 15);
}

void position_flip_side(struct position *pos)
{
	pos->side ^= 1;
	pos->key ^= lr_zobrist_side;
}

uint64_t position_compute_key(const struct position *pos)
{
	uint64_t k = 0;
	for (int sq = 0; sq < 64; sq++) {
		if (pos->board[sq])
			k ^= lr_zobrist_piece[pos->board[sq]][sq];
		if (pos->board2[sq])
			k ^= lr_zobrist_piece2[pos->board2[sq]][sq];
		k ^= lr_zobrist_code[pos->code[sq]][sq];
	}
	k ^= lr_zobrist_castling[pos->castling] ^ lr_zobrist_ep[pos->ep];
	if (pos->side == BLACK)
		k ^= lr_zobrist_side;
	return k;
}

uint64_t lr_standard_compute_key(const struct position *pos)
{
	uint64_t k = lr_zobrist_no_codes ^ lr_zobrist_castling[pos->castling] ^
		     lr_zobrist_ep[pos->ep];
	for (uint64_t occ = occupied_bb(pos); occ;) {
		int sq = pop_lsb(&occ);
		k ^= lr_zobrist_piece[pos->board[sq]][sq];
	}
	return pos->side == BLACK ? k ^ lr_zobrist_side : k;
}

int position_king(const struct position *pos, int color)
{
	uint64_t k = pieces_bb(pos, color, KING);
	/* Pauli: on a square shared by both colours the bits may pair this
	 * colour with the other colour's king; ask the board there. */
	uint64_t sure = k & ~pos->by_color[color ^ 1];
	if (sure || !k)
		return sure ? lsb(sure) : NO_SQUARE;
	uint8_t king = MAKE_PIECE(color, KING);
	for (; k; k &= k - 1)
		if (pos->board[lsb(k)] == king || pos->board2[lsb(k)] == king)
			return lsb(k);
	return NO_SQUARE;
}

bool position_in_check(const struct position *pos)
{
	int k = position_king(pos, pos->side);
	return k != NO_SQUARE && pos->variant->attacked(pos, k, pos->side ^ 1);
}

void position_legal_moves(const struct position *pos, struct movelist *list)
{
	list->count = 0;
	pos->variant->generate(pos, list);
}

void position_make(struct position *pos, move_t m)
{
	pos->variant->make(pos, m);
}

void position_make_null(struct position *pos)
{
	position_set_ep(pos, NO_SQUARE, NO_SQUARE);
	lr_make_finish(pos, false);
}

/* ------------------------------------------------ helpers for variants */

void lr_add_if_legal(const struct position *pos, move_t m, struct movelist *out)
{
	struct position next = *pos;
	next.variant->make(&next, m);
	int k = position_king(&next, pos->side);
	if (k == NO_SQUARE || !next.variant->attacked(&next, k, pos->side ^ 1))
		movelist_add(out, m);
}

void lr_make_finish(struct position *pos, bool reset_halfmove)
{
	pos->halfmove = reset_halfmove ? 0 : pos->halfmove + 1;
	if (pos->side == BLACK)
		pos->fullmove++;
	position_flip_side(pos);
}

/* Rights kept when a piece leaves or lands on each square: constant, so
 * replays on several threads share it safely. */
#define KEEP_ALL 15
static const uint8_t castling_keep[64] = {
	[0] = KEEP_ALL & ~CASTLE_WQ, [1 ... 3] = KEEP_ALL,
	[4] = KEEP_ALL & ~(CASTLE_WK | CASTLE_WQ), [5 ... 6] = KEEP_ALL,
	[7] = KEEP_ALL & ~CASTLE_WK, [8 ... 55] = KEEP_ALL,
	[56] = KEEP_ALL & ~CASTLE_BQ, [57 ... 59] = KEEP_ALL,
	[60] = KEEP_ALL & ~(CASTLE_BK | CASTLE_BQ), [61 ... 62] = KEEP_ALL,
	[63] = KEEP_ALL & ~CASTLE_BK,
};

void lr_castling_update(struct position *pos, int from, int to)
{
	unsigned rights = pos->castling & castling_keep[from] & castling_keep[to];
	if (rights != pos->castling)
		position_set_castling(pos, rights);
}

/* ---------------------------------------------------- game-level state */

static bool insufficient_material(const struct position *pos)
{
	if (!pos->variant->fide_material)
		return false;
	if (pos->by_type[PAWN] | pos->by_type[TANDEM] | pos->by_type[ROOK] |
	    pos->by_type[QUEEN])
		return false;
	uint64_t knights = pos->by_type[KNIGHT], bishops = pos->by_type[BISHOP];
	if (!bishops)
		return popcount(knights) <= 1;
	if (knights)
		return false;
	/* Only bishops: no mate is possible when they all stand on one colour. */
	const uint64_t dark = 0xAA55AA55AA55AA55ULL;
	return !(bishops & dark) || !(bishops & ~dark);
}

enum position_state position_state(const struct position *pos)
{
	struct movelist list;
	position_legal_moves(pos, &list);
	if (list.count == 0)
		return position_in_check(pos) ? PS_CHECKMATE : PS_STALEMATE;
	return insufficient_material(pos) ? PS_INSUFFICIENT : PS_ONGOING;
}

/* Bulk counting: the last ply only counts the moves, without writing
 * them where the variant can (its count hook). */
static uint64_t perft_leaves(const struct position *pos)
{
	if (pos->variant->count)
		return pos->variant->count(pos);
	struct movelist list;
	position_legal_moves(pos, &list);
	return list.count;
}

uint64_t perft(const struct position *pos, unsigned depth)
{
	if (depth == 0)
		return 1;
	if (depth == 1)
		return perft_leaves(pos);
	struct movelist list;
	position_legal_moves(pos, &list);
	uint64_t nodes = 0;
	for (unsigned i = 0; i < list.count; i++) {
		struct position next = *pos;
		position_make(&next, list.moves[i]);
		nodes += depth == 2 ? perft_leaves(&next) : perft(&next, depth - 1);
	}
	return nodes;
}

bool lr_in_check_after(const struct position *after, move_t m)
{
	if (after->variant->attacked == standard_attacked &&
	    after->variant->make == standard_make)
		return lr_standard_gives_check(after, m);
	return position_in_check(after);
}

bool lr_has_reply(const struct position *pos)
{
	if (pos->variant->generate == standard_generate)
		return lr_standard_has_move(pos);
	struct movelist replies;
	position_legal_moves(pos, &replies);
	return replies.count > 0;
}
