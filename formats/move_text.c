/* What a move of standard chess adds to pgn-convert's output, written by
 * the replay's visitor from the position after it, without a copy of
 * any position: for PGN its number and text placed in the movetext's
 * lines, for JSON its object, for FEN and EPD lines the FEN after it.
 * The text is what move_write_marked() writes from the position before.
 *
 * In standard chess the move, the piece that moved and the mark say it
 * all (plain_san() and plain_lan() of notation.c), but for a piece whose
 * twin of its type may reach the same square: what names its origin then
 * is read from the position after (move_san_origin_after()).  Only on a
 * board that function does not know is the position before rebuilt from
 * the one after, and the move written the general way.  The pieces of
 * the mover's type other than it stand where they stood; the square it
 * left is the only one that was occupied and is not; the piece it took,
 * whatever its type, is taken by any twin's move to the same square too,
 * so the legal twins are those of the position before. */
#include <stdlib.h>
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

/* put_end() for the PGN visitors' fast path: here and in the other
 * "counted" writers a byte that may belong to the text is written anyway
 * and counted when it does, since the marks and kinds of moves follow no
 * pattern that branches predict (pgn_move() has room past the text).
 * JSON keeps the branches: three notations a move made this 15% more
 * instructions of json_move(). */
static inline size_t put_end_counted(char *buf, char *p, move_t m, char mark)
{
	p = put_square(p, MOVE_TO(m));
	p[0] = '=';
	p[1] = piece_letters[MOVE_PROMO(m)];
	p += MOVE_PROMO(m) ? 2 : 0;
	*p = mark;
	p += mark != 0;
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
	n = n < FMT_MOVE_TEXT ? n : FMT_MOVE_TEXT;
	memcpy(buf, text, n);
	return n;
}

/* What names the origin of step's move in SAN: move_san_origin_after()
 * for a piece's move, nothing for a pawn's or castling.  Asked first,
 * while the writer holds nothing else: the SAN path's one call. */
static inline int step_origin(const struct replay_step *step)
{
	if (PIECE_TYPE(step->piece) == PAWN ||
	    (MOVE_FLAGS(step->move) & MF_CASTLE))
		return SAN_ORIGIN_NONE;
	return move_san_origin_after(step->after, step->piece, step->move);
}

/* A piece's move in SAN: its letter, then what tells it from a twin
 * (origin, from step_origin()). */
static inline size_t piece_san(char *buf, const struct replay_step *step,
			       int origin)
{
	move_t m = step->move;
	int from = MOVE_FROM(m);
	char *p = buf;
	if (origin < 0)
		return twin_san(buf, step->after, step->piece, m, step->mark);
	*p++ = piece_letters[PIECE_TYPE(step->piece)];
	if (origin == SAN_ORIGIN_FILE || origin == SAN_ORIGIN_SQUARE)
		*p++ = (char)('a' + (from & 7));
	if (origin == SAN_ORIGIN_RANK || origin == SAN_ORIGIN_SQUARE)
		*p++ = (char)('1' + (from >> 3));
	if (MOVE_FLAGS(m) & MF_CAPTURE)
		*p++ = 'x';
	return put_end(buf, p, m, step->mark);
}

/* A move in SAN, castling aside, that names no origin: a piece's
 * letter, a pawn's file when it takes, then what all have. */
static inline size_t plain_san(char *buf, move_t m, uint8_t piece, char mark)
{
	int type = PIECE_TYPE(piece);
	unsigned pawn = type == PAWN, capture = !!(MOVE_FLAGS(m) & MF_CAPTURE);
	char *p = buf;
	*p = piece_letters[type];
	p += !pawn;
	*p = (char)('a' + (MOVE_FROM(m) & 7));
	p += pawn & capture;
	*p = 'x';
	p += capture;
	return put_end_counted(buf, p, m, mark);
}

static inline __attribute__((always_inline)) size_t
san_text(char *buf, const struct replay_step *step,
			      int origin)
{
	move_t m = step->move;
	char *p = buf;
	if (MOVE_FLAGS(m) & MF_CASTLE)
		return put_castle(buf, m, step->mark);
	if (PIECE_TYPE(step->piece) != PAWN)
		return piece_san(buf, step, origin);
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

static inline size_t lan_text_counted(char *buf, move_t m, uint8_t piece,
				      char mark)
{
	char *p = buf;
	*p = piece_letters[PIECE_TYPE(piece)];
	p += PIECE_TYPE(piece) != PAWN;
	p = put_square(p, MOVE_FROM(m));
	*p++ = MOVE_FLAGS(m) & MF_CAPTURE ? 'x' : '-';
	return put_end_counted(buf, p, m, mark);
}

/* A move of standard chess in coordinates, as move_write_squares()
 * writes it ("e2e4", "e7e8q"), without a call. */
static inline size_t uci_text(char *buf, move_t m)
{
	char *p = put_square(put_square(buf, MOVE_FROM(m)), MOVE_TO(m));
	if (MOVE_PROMO(m))
		*p++ = (char)(piece_letters[MOVE_PROMO(m)] - 'A' + 'a');
	return (size_t)(p - buf);
}

static inline size_t uci_text_counted(char *buf, move_t m)
{
	char *p = put_square(put_square(buf, MOVE_FROM(m)), MOVE_TO(m));
	*p = (char)(piece_letters[MOVE_PROMO(m)] - 'A' + 'a');
	p += MOVE_PROMO(m) != 0;
	return (size_t)(p - buf);
}

/* The move's text in notation n; origin: step_origin()'s, for SAN. */
static inline __attribute__((always_inline)) size_t
move_text(char *buf, const struct replay_step *step, int n, int origin)
{
	switch (n) {
	case NOTATION_SAN: return san_text(buf, step, origin);
	case NOTATION_LAN: return lan_text(buf, step);
	default: return uci_text(buf, step->move);
	}
}

/* move_text() of a move whose SAN names no origin, by the counted
 * writers. */
static inline __attribute__((always_inline)) size_t
move_text_counted(char *buf, const struct replay_step *step, int n)
{
	move_t m = step->move;
	if (n != NOTATION_UCI && (MOVE_FLAGS(m) & MF_CASTLE))
		return put_castle(buf, m, step->mark);
	switch (n) {
	case NOTATION_SAN: return plain_san(buf, m, step->piece, step->mark);
	case NOTATION_LAN:
		return lan_text_counted(buf, m, step->piece, step->mark);
	default: return uci_text_counted(buf, m);
	}
}

/* Room for n more bytes of text_buf, at its end. */
static inline char *text_room(struct conv_game *cg, size_t n)
{
	if (cg->text_cap - cg->text_n < n)
		cg->text_buf = pawnkit_grow(cg->text_buf, &cg->text_cap,
					    cg->text_n + n, 1, FMT_OUT_CHUNK);
	return cg->text_buf + cg->text_n;
}

/* ----------------------------------------------------------- JSON */

void fmt_text_fen_start(struct conv_game *cg, const struct position *start)
{
	char fen[FEN_MAX];
	if (!cg->text_fen) {
		cg->text_fen = malloc(sizeof *cg->text_fen);
		if (!cg->text_fen)
			pawnkit_out_of_memory();
	}
	fmt_fen_cache_init(cg->text_fen, cg);
	cg->text_fen->castling = cg->text_json ? FEN_XFEN : cg->text_castling;
	fmt_fen(cg->text_fen, start, fen);	/* every rank cached */
	cg->text_n = 0;
}

/* ,"key":"..." at p, key and text in notation n (origin:
 * step_origin()'s, for SAN); past it.  key: the member's three letters,
 * as json_write.c writes them. */
static inline __attribute__((always_inline)) char *
json_notation(char *p, const char key[4], int n,
	      const struct replay_step *step, int origin)
{
	memcpy(p, ",\"", 2);
	memcpy(p + 2, key, 3);
	memcpy(p + 5, "\":\"", 3);
	p += 8;
	p += move_text(p, step, n, origin);
	*p++ = '"';
	return p;
}

/* The move's object as jw_move() writes that of a move without anything
 * after it, a comma before it but the first: the ply, the notations and
 * the FEN that --fields keeps (the texts are ASCII: nothing to escape). */
static __attribute__((noinline)) void
json_move(struct conv_game *cg, const struct replay_step *step)
{
	int origin = cg->text_omit & (1u << NOTATION_SAN) ? SAN_ORIGIN_NONE
							  : step_origin(step);
	char *p = text_room(cg, FEN_MAX + 128);
	if (cg->nmoves++)
		*p++ = ',';
	memcpy(p, "{\"ply\":", 7);
	p += 7 + pgn_put_uint_small(p + 7, cg->nmoves);
	/* The notations one by one, each key and writer known when
	 * compiled; their bits in conv_opts.omit, by enum notation. */
	if (!(cg->text_omit & (1u << NOTATION_SAN)))
		p = json_notation(p, "san", NOTATION_SAN, step, origin);
	if (!(cg->text_omit & (1u << NOTATION_LAN)))
		p = json_notation(p, "lan", NOTATION_LAN, step, origin);
	if (!(cg->text_omit & (1u << NOTATION_UCI)))
		p = json_notation(p, "uci", NOTATION_UCI, step, origin);
	if (!(cg->text_omit & CONV_FIELD_FEN)) {
		memcpy(p, ",\"fen\":\"", 8);
		p += 8 + fmt_fen_after(cg->text_fen, step->after, step->move,
				       p + 8);
		*p++ = '"';
	}
	*p++ = '}';
	cg->text_n = (size_t)(p - cg->text_buf);
}

/* ------------------------------------------------------------ PGN */

#define NO_BREAK ((size_t)-1)

/* "12. " before a White move, "12... " before a Black one that opens
 * the movetext, at p; its length. */
static inline size_t move_number(const struct conv_game *cg,
				 const struct replay_step *step, char *p)
{
	int mover = PIECE_COLOR(step->piece);
	uint32_t fullmove = step->after->fullmove - (mover == BLACK);
	if (mover == BLACK && cg->nmoves)
		return 0;
	static const char dots[2][4] = { ". ", "... " };
	size_t n = pgn_put_uint_small(p, fullmove);
	memcpy(p + n, dots[mover], 4);
	return n + (mover == WHITE ? 2 : 4);
}

/* Before a token of w columns at p + 1: a space, or a line break when
 * it does not fit in the line, as pw_separate() writes it. */
static inline void separate(struct conv_game *cg, char *p, size_t w)
{
	if (!cg->text_width || cg->text_col + 1 + w < cg->text_width) {
		*p = ' ';
		cg->text_brk = cg->text_n - cg->text_line;
		cg->text_col++;
		cg->text_n++;
	} else {
		*p = '\n';
		cg->text_line = ++cg->text_n;
		cg->text_col = 0;
		cg->text_brk = NO_BREAK;
	}
}

/* Number and move, one token, after a space or a line break but the
 * first; the move in notation n (origin: step_origin()'s, for SAN), by
 * the counted writers when `counted`. */
static inline __attribute__((always_inline)) void
pgn_move(struct conv_game *cg, const struct replay_step *step, int n,
	 int origin, bool counted)
{
	char *p = text_room(cg, 64), *tok = p + (cg->text_col > 0);
	size_t w = move_number(cg, step, tok);
	w += counted ? move_text_counted(tok + w, step, n)
		     : move_text(tok + w, step, n, origin);
	if (cg->text_col > 0)
		separate(cg, p, w);
	cg->text_n += w;
	cg->text_col += w;
	cg->nmoves++;
}

/* pgn_move() for each notation, the notation's choice made once; out of
 * line, as json_move() and fen_move() are: fmt_text_move() then jumps to
 * one, and each saves only the registers it needs itself. */
static __attribute__((noinline)) void
pgn_move_san(struct conv_game *cg, const struct replay_step *step)
{
	pgn_move(cg, step, NOTATION_SAN, step_origin(step), false);
}

static __attribute__((noinline)) void
pgn_move_lan(struct conv_game *cg, const struct replay_step *step)
{
	pgn_move(cg, step, NOTATION_LAN, SAN_ORIGIN_NONE, false);
}

static __attribute__((noinline)) void
pgn_move_uci(struct conv_game *cg, const struct replay_step *step)
{
	pgn_move(cg, step, NOTATION_UCI, SAN_ORIGIN_NONE, false);
}

/* Whether step is a move that pgn_move() may place without a call: of a
 * game recorded as texts (fmt_text_record()'s test), its number
 * below a hundred (move_number() then calls nothing) and room for it in
 * text_buf (text_room() then grows nothing). */
static inline bool pgn_plain_step(const struct conv_game *cg,
				  const struct replay_step *step)
{
	return cg->texts && !step->item && step->after->fullmove - 1 < 99 &&
	       cg->text_cap - cg->text_n >= 64;
}

/* The squares from which a piece of each type might reach sq on an empty
 * board, or more (a queen's and a king's: all), as constants: a
 * pawn's none.  KNIGHT_AT: the knight's squares from sq. */
#define KNIGHT_ONE(b) (((b) >> 1 & 0x7f7f7f7f7f7f7f7full) | \
		       ((b) << 1 & 0xfefefefefefefefeull))
#define KNIGHT_TWO(b) (((b) >> 2 & 0x3f3f3f3f3f3f3f3full) | \
		       ((b) << 2 & 0xfcfcfcfcfcfcfcfcull))
#define KNIGHT_AT(sq) (KNIGHT_ONE(SQ_BB(sq)) << 16 | \
		       KNIGHT_ONE(SQ_BB(sq)) >> 16 | \
		       KNIGHT_TWO(SQ_BB(sq)) << 8 | KNIGHT_TWO(SQ_BB(sq)) >> 8)
#define LIGHT_SQUARES 0x55aa55aa55aa55aaull	/* b1, a2: file + rank odd */
#define BISHOP_AT(sq) (((sq) ^ (sq) >> 3) & 1 ? LIGHT_SQUARES \
					      : ~LIGHT_SQUARES)
#define ROOK_AT(sq) (0x0101010101010101ull << ((sq) & 7) | \
		     0xffull << ((sq) & 56))
#define ALL_AT(sq) (~(uint64_t)0)
#define NONE_AT(sq) ((uint64_t)0)
#define RANK_AT(f, r) f(8 * (r)), f(8 * (r) + 1), f(8 * (r) + 2), \
	f(8 * (r) + 3), f(8 * (r) + 4), f(8 * (r) + 5), f(8 * (r) + 6), \
	f(8 * (r) + 7)
#define BOARD_AT(f) { RANK_AT(f, 0), RANK_AT(f, 1), RANK_AT(f, 2), \
	RANK_AT(f, 3), RANK_AT(f, 4), RANK_AT(f, 5), RANK_AT(f, 6), \
	RANK_AT(f, 7) }

static const uint64_t twin_squares[PIECE_TYPES][64] = {
	[NO_TYPE] = BOARD_AT(NONE_AT), [PAWN] = BOARD_AT(NONE_AT),
	[KNIGHT] = BOARD_AT(KNIGHT_AT), [BISHOP] = BOARD_AT(BISHOP_AT),
	[ROOK] = BOARD_AT(ROOK_AT), [QUEEN] = BOARD_AT(ALL_AT),
	[KING] = BOARD_AT(ALL_AT), [TANDEM] = BOARD_AT(ALL_AT),
};

/* Whether a twin of step's piece (of its type and colour) stands where
 * it might reach the move's square on an empty board: the squares tested
 * hold those move_san_origin_after() tests, so that without one the SAN
 * names no origin.  A table, not a branch on the type: a switch cost 6%
 * of the time with fewer instructions. */
static inline bool twin_may_reach(const struct replay_step *step)
{
	int type = PIECE_TYPE(step->piece), to = MOVE_TO(step->move);
	const struct position *after = step->after;
	return after->by_color[PIECE_COLOR(step->piece)] & after->by_type[type] &
	       ~SQ_BB(to) & twin_squares[type][to];
}

/* The visitors of a move for PGN: pgn_move() for a plain step, without a
 * call (for SAN, one whose piece has no twin that might reach its
 * square); anything else the general way, fmt_text_record(), a tail
 * call.  So the common move saves no register and passes through no
 * other function (they cost some 30 instructions a move).  n is a
 * constant in each of the three below. */
static inline __attribute__((always_inline)) void
pgn_visit(void *ctx, const struct replay_step *step, int n)
{
	struct conv_game *cg = ctx;
	if (!pgn_plain_step(cg, step) ||
	    (n == NOTATION_SAN && twin_may_reach(step))) {
		fmt_text_record(ctx, step);
		return;
	}
	pgn_move(cg, step, n, SAN_ORIGIN_NONE, true);
}

static void pgn_visit_san(void *ctx, const struct replay_step *step)
{
	pgn_visit(ctx, step, NOTATION_SAN);
}

static void pgn_visit_lan(void *ctx, const struct replay_step *step)
{
	pgn_visit(ctx, step, NOTATION_LAN);
}

static void pgn_visit_uci(void *ctx, const struct replay_step *step)
{
	pgn_visit(ctx, step, NOTATION_UCI);
}

void fmt_text_record(void *ctx, const struct replay_step *step)
{
	struct conv_game *cg = ctx;
	if (!cg->texts || step->item)
		cg->record_move(ctx, step);
	else
		fmt_text_move(cg, step);
}

replay_move_fn fmt_text_pgn_visitor(int n)
{
	return n == NOTATION_SAN ? pgn_visit_san
	       : n == NOTATION_LAN ? pgn_visit_lan : pgn_visit_uci;
}

void fmt_text_pgn_start(struct conv_game *cg)
{
	cg->text_n = cg->text_line = cg->text_col = 0;
	cg->text_brk = NO_BREAK;
}

/* ------------------------------------------------------------ FEN */

/* The FEN after the move, after a byte of its length. */
static __attribute__((noinline)) void
fen_move(struct conv_game *cg, const struct replay_step *step)
{
	char *p = text_room(cg, FEN_MAX + 1);
	size_t n = fmt_fen_after(cg->text_fen, step->after, step->move, p + 1);
	p[0] = (char)(uint8_t)n;	/* standard chess: below 100 */
	cg->text_n += n + 1;
	cg->nmoves++;
}

/* ------------------------------------------------------------ visitor */

void fmt_text_move(struct conv_game *cg, const struct replay_step *step)
{
	if (cg->text_notation == NOTATION_SAN)
		pgn_move_san(cg, step);
	else if (cg->text_notation == NOTATION_LAN)
		pgn_move_lan(cg, step);
	else if (cg->text_notation >= 0)
		pgn_move_uci(cg, step);
	else if (cg->text_json)
		json_move(cg, step);
	else
		fen_move(cg, step);
}
