/* The text of a move of standard chess, written by the replay's visitor
 * from the position after it (pgn-convert to PGN in SAN, LAN or
 * coordinates): what move_write_marked() writes from the position
 * before, without a copy of any position for most moves.
 *
 * In standard chess the move, the piece that moved and the mark say it
 * all (plain_san() and plain_lan() of notation.c), but for a piece whose
 * twin of its type may reach the same square: only then is the position
 * before rebuilt from the one after, and the move written the general
 * way.  The pieces of the mover's type other than it stand where they
 * stood; the square it left is the only one that was occupied and is
 * not; the piece it took, whatever its type, is taken by any twin's move
 * to the same square too, so the legal twins are those of the position
 * before. */
#include <string.h>

#include "internal.h"
#include "../libparse/grow.h"

#define SQ_BB(sq) ((uint64_t)1 << (sq))

static const char piece_letters[] = " PNBRQK";

static inline char *put_square(char *p, int sq)
{
	p[0] = (char)('a' + (sq & 7));
	p[1] = (char)('1' + (sq >> 3));
	return p + 2;
}

/* Destination, promotion, mark: the end of a plain SAN or LAN. */
static inline size_t put_end(char *buf, char *p, move_t m, char mark)
{
	p = put_square(p, MOVE_TO(m));
	if (MOVE_PROMO(m)) {
		*p++ = '=';
		*p++ = piece_letters[MOVE_PROMO(m)];
	}
	if (mark)
		*p++ = mark;
	return (size_t)(p - buf);
}

static inline size_t put_castle(char *buf, move_t m, char mark)
{
	size_t n = (MOVE_TO(m) & 7) > (MOVE_FROM(m) & 7) ? 3 : 5;
	memcpy(buf, "O-O-O", 5);
	if (mark)
		buf[n++] = mark;
	return n;
}

/* Whether the squares strictly between a and b (on one line) are empty
 * in occ. */
static inline bool clear_between(int a, int b, uint64_t occ)
{
	int df = (b & 7) - (a & 7), dr = (b >> 3) - (a >> 3);
	int step = (df > 0) - (df < 0) + 8 * ((dr > 0) - (dr < 0));
	for (int sq = a + step; sq != b; sq += step)
		if (occ & SQ_BB(sq))
			return false;
	return true;
}

/* Whether a piece of type on `from` reaches `to` on occ (a knight's
 * jump, a slider's clear line).  A king: always, said safely. */
static inline bool reaches(int type, int from, int to, uint64_t occ)
{
	int df = (to & 7) - (from & 7), dr = (to >> 3) - (from >> 3);
	bool straight = df == 0 || dr == 0;
	bool diagonal = df == dr || df == -dr;
	switch (type) {
	case KNIGHT: return df * df + dr * dr == 5;
	case BISHOP: return diagonal && clear_between(from, to, occ);
	case ROOK: return straight && clear_between(from, to, occ);
	case QUEEN: return (straight || diagonal) &&
			   clear_between(from, to, occ);
	default: return true;
	}
}

/* Whether a twin of the mover may reach its square: the general way
 * then tells them apart. */
static inline bool may_have_twin(const struct position *after, int type, int color,
			  move_t m)
{
	int to = MOVE_TO(m);
	uint64_t twins = after->by_type[type] & after->by_color[color] &
			 ~SQ_BB(to);
	uint64_t occ = after->by_color[WHITE] | after->by_color[BLACK] |
		       SQ_BB(MOVE_FROM(m));
	for (; twins; twins &= twins - 1)
		if (reaches(type, __builtin_ctzll(twins), to, occ))
			return true;
	return false;
}

static void put_piece_at(struct position *pos, int sq, uint8_t piece)
{
	pos->board[sq] = piece;
	pos->by_color[PIECE_COLOR(piece)] |= SQ_BB(sq);
	pos->by_type[PIECE_TYPE(piece)] |= SQ_BB(sq);
}

/* The position before a capture or quiet move of a piece (no castling,
 * no en passant) as far as the text needs it: a knight of the other
 * side stands for the piece taken. */
static void rebuild_before(struct position *before,
			   const struct position *after, uint8_t piece,
			   move_t m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), color = PIECE_COLOR(piece);
	uint8_t there = after->board[to];
	*before = *after;
	before->board[to] = 0;
	before->by_color[PIECE_COLOR(there)] &= ~SQ_BB(to);
	before->by_type[PIECE_TYPE(there)] &= ~SQ_BB(to);
	put_piece_at(before, from, piece);
	if (MOVE_FLAGS(m) & MF_CAPTURE)
		put_piece_at(before, to, MAKE_PIECE(color ^ 1, KNIGHT));
	before->side = (uint8_t)color;
	before->ep = NO_SQUARE;
}

/* A piece's move in SAN written the general way, from the position
 * before rebuilt (a few moves in a hundred: kept out of the way). */
static __attribute__((noinline)) size_t
twin_san(char *buf, const struct position *after, uint8_t piece, move_t m,
	 char mark)
{
	struct position before;
	char text[MOVE_TEXT_MAX];
	rebuild_before(&before, after, piece, m);
	size_t n = move_write_marked(&before, m, mark, NOTATION_SAN, text,
				     sizeof text);
	n = n < CONV_MOVE_TEXT ? n : CONV_MOVE_TEXT;
	memcpy(buf, text, n);
	return n;
}

/* A piece's move in SAN: its letter, then what tells it from a twin. */
static inline size_t piece_san(char *buf, const struct position *after,
			uint8_t piece, move_t m, char mark)
{
	int type = PIECE_TYPE(piece);
	if (may_have_twin(after, type, PIECE_COLOR(piece), m))
		return twin_san(buf, after, piece, m, mark);
	char *p = buf;
	*p++ = piece_letters[type];
	if (MOVE_FLAGS(m) & MF_CAPTURE)
		*p++ = 'x';
	return put_end(buf, p, m, mark);
}

static inline size_t san_text(char *buf, const struct replay_step *step)
{
	move_t m = step->move;
	char *p = buf;
	if (MOVE_FLAGS(m) & MF_CASTLE)
		return put_castle(buf, m, step->mark);
	if (PIECE_TYPE(step->piece) != PAWN)
		return piece_san(buf, step->after, step->piece, m, step->mark);
	if (MOVE_FLAGS(m) & MF_CAPTURE) {
		*p++ = (char)('a' + (MOVE_FROM(m) & 7));
		*p++ = 'x';
	}
	return put_end(buf, p, m, step->mark);
}

static inline size_t lan_text(char *buf, const struct replay_step *step)
{
	move_t m = step->move;
	char *p = buf;
	if (MOVE_FLAGS(m) & MF_CASTLE)
		return put_castle(buf, m, step->mark);
	if (PIECE_TYPE(step->piece) != PAWN)
		*p++ = piece_letters[PIECE_TYPE(step->piece)];
	p = put_square(p, MOVE_FROM(m));
	*p++ = MOVE_FLAGS(m) & MF_CAPTURE ? 'x' : '-';
	return put_end(buf, p, m, step->mark);
}

static inline size_t move_text(char *buf, const struct replay_step *step,
				int n)
{
	switch (n) {
	case NOTATION_SAN: return san_text(buf, step);
	case NOTATION_LAN: return lan_text(buf, step);
	default: return move_write_squares(step->move, buf);
	}
}

void fmt_record_text(void *ctx, const struct replay_step *step)
{
	struct conv_game *cg = ctx;
	if (!cg->texts || step->item) {
		fmt_conv_record_move(ctx, step);
		return;
	}
	if (cg->nmoves == cg->cap)
		cg->moves = pawnkit_grow(cg->moves, &cg->cap, cg->nmoves + 1,
					 sizeof *cg->moves, 256);
	struct conv_move *r = &cg->moves[cg->nmoves++];
	r->item = NULL;		/* the fast path's, without a tree */
	r->move = step->move;
	r->mark = step->mark;
	r->len = (uint8_t)move_text(r->text, step, cg->text_notation);
	r->side = step->after->side;
	r->fullmove = step->after->fullmove;
}
