/* FEN syntax to a checked position, and a position to canonical FEN. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int piece_from_letter(char c)
{
	static const char letters[] = " PNBRQKT";
	int color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
	char up = (char)(color == BLACK ? c - 32 : c);
	const char *at = strchr(letters + 1, up);
	return at ? MAKE_PIECE(color, (int)(at - letters)) : 0;
}

int setup_fault(struct setup_fault *fault, int field, int square,
		const char *fmt, ...)
{
	va_list ap;

	fault->field = field;
	fault->square = square;
	fault->right = 0;
	va_start(ap, fmt);
	vsnprintf(fault->why, sizeof fault->why, fmt, ap);
	va_end(ap);
	return -1;
}

/* Squares in the order FEN writes them: rank 8 first, a to h. */
static int written_square(int i)
{
	return (7 - i / 8) * 8 + i % 8;
}

/* Token kinds the variant does not allow, named as the user wrote them,
 * each with its test of a square's token. */
static bool has_tandem(const struct fen_square *s)
{
	return s->piece == 'T' || s->piece == 't' || s->second == 'T' ||
	       s->second == 't';
}

static bool has_code(const struct fen_square *s)
{
	return s->code[0] != 0;
}

static bool has_second(const struct fen_square *s)
{
	return s->second != 0;
}

static bool has_plain_pawn(const struct fen_square *s)
{
	return (s->piece == 'P' || s->piece == 'p') && !s->code[0] &&
	       !s->second;
}

/* The first square, as written, whose token passes has(); -1 when none. */
static int first_written(const struct fen_syntax *fen,
			 bool (*has)(const struct fen_square *))
{
	for (int i = 0; i < 64; i++)
		if (has(&fen->sq[written_square(i)]))
			return written_square(i);
	return -1;
}

static int check_features(const struct fen_syntax *fen, const struct variant *v,
			  struct setup_fault *f)
{
	static const struct {
		unsigned feature;
		bool (*has)(const struct fen_square *);
		const char *what;
	} kinds[] = {
		{ FEN_F_TANDEM, has_tandem, "a tandem (T/t)" },
		{ FEN_F_CODES, has_code, "a pawn code (P{...})" },
		{ FEN_F_SHARED, has_second, "a shared square ((..))" },
	};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if ((fen->features & kinds[i].feature) &&
		    !(v->fen_features & kinds[i].feature))
			return setup_fault(f, FEN_BOARD,
					   first_written(fen, kinds[i].has),
					   "board: %s is not allowed in "
					   "variant %s", kinds[i].what, v->id);
	if (v->needs_codes && (fen->features & FEN_F_PLAIN_PAWN))
		return setup_fault(f, FEN_BOARD,
				   first_written(fen, has_plain_pawn),
				   "board: every pawn needs a code in %s "
				   "(P{CMC} for a FIDE pawn)", v->id);
	return 0;
}

static int place_pieces(struct position *pos, const struct fen_syntax *fen,
			struct setup_fault *f)
{
	for (int sq = 0; sq < 64; sq++) {
		const struct fen_square *s = &fen->sq[sq];
		if (!s->piece)
			continue;
		position_put(pos, sq, (uint8_t)piece_from_letter(s->piece));
		if (s->second)
			position_put(pos, sq, (uint8_t)piece_from_letter(s->second));
		if (s->code[0]) {
			uint8_t code;
			if (code_parse(s->code, &code) != 0)
				return setup_fault(f, FEN_BOARD, sq,
						   "board: bad pawn code {%s}",
						   s->code);
			position_set_code(pos, sq, code);
		}
	}
	return 0;
}

/* Kings of colour c on sq, both slots counted: a Pauli square shared by
 * both colours would fool the bitboards, and "(KK)" is two kings. */
static int kings_on(const struct position *pos, int sq, int c)
{
	uint8_t king = MAKE_PIECE(c, KING);
	return (pos->board[sq] == king) + (pos->board2[sq] == king);
}

/* One king each: none is a fault of the board field, one too many of the
 * token that holds it (the second as written). */
static int check_kings(const struct position *pos, struct setup_fault *f)
{
	static const char *names[2] = { "White", "Black" };
	for (int c = 0; c < 2; c++) {
		int n = 0;
		for (int i = 0; i < 64; i++) {
			int sq = written_square(i);
			n += kings_on(pos, sq, c);
			if (n > 1)
				return setup_fault(f, FEN_BOARD, sq,
						   "board: %s has more than "
						   "one king", names[c]);
		}
		if (!n)
			return setup_fault(f, FEN_BOARD, -1,
					   "board: %s has no king", names[c]);
	}
	return 0;
}

/* ------------------------------------------------------ castling rights
 *
 * A right the pieces do not allow is dropped, and said so (a FEN with
 * "KQkq" whatever the pieces is common): the position is still the one
 * the board gives.  Each letter names a rook of its colour's back rank:
 * K and Q the outermost on the king's h- and a-side (in the corners but
 * in Chess960), a file that rook's file (X-FEN and Shredder-FEN,
 * pawnkit-notation(5)). */

static const char *const side_name[2] = { "White", "Black" };

/* Whether one of sq's slots holds piece (Pauli shares squares). */
static bool holds(const struct position *pos, int sq, uint8_t piece)
{
	return pos->board[sq] == piece || pos->board2[sq] == piece;
}

/* One letter read: its right (0..3, CASTLE_WK's first) and rook, or why
 * the pieces allow none. */
struct right_read {
	int index, rook;
	char why[96];
};

static int right_fails(struct right_read *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int right_fails(struct right_read *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->why, sizeof r->why, fmt, ap);
	va_end(ap);
	return -1;
}

/* The outermost rook of colour c on the back rank on one side of the
 * king's file; -1 when there is none. */
static int outermost_rook(const struct position *pos, int c, int king,
			  bool long_side)
{
	int back = RANK_OF(king), step = long_side ? 1 : -1;
	for (int f = long_side ? 0 : 7; f != FILE_OF(king); f += step)
		if (holds(pos, SQ(f, back), MAKE_PIECE(c, ROOK)))
			return SQ(f, back);
	return -1;
}

/* Chess960: a king on its back rank, and the rook the letter names on
 * it (up: the letter in upper case). */
static int free_right(const struct position *pos, int c, char up,
		      struct right_read *r)
{
	int back = c == WHITE ? 0 : 7, king = position_king(pos, c);
	char sq[3];
	if (RANK_OF(king) != back)
		return right_fails(r, "%s's king is not on rank %d",
				   side_name[c], back + 1);
	if (up == 'K' || up == 'Q') {
		r->rook = outermost_rook(pos, c, king, up == 'Q');
		if (r->rook < 0)
			return right_fails(r, "%s has no rook on the %s-side "
					   "of its king", side_name[c],
					   up == 'Q' ? "a" : "h");
	} else {
		r->rook = SQ(up - 'A', back);
		if (!holds(pos, r->rook, MAKE_PIECE(c, ROOK)))
			return right_fails(r, "%s has no rook on %s",
					   side_name[c],
					   square_name(r->rook, sq));
	}
	r->index = 2 * c + (FILE_OF(r->rook) < FILE_OF(king));
	return 0;
}

/* The other variants: the king on the e-file, the rook in its corner
 * (K or H, Q or A). */
static int corner_right(const struct position *pos, int c, char up,
			struct right_read *r)
{
	int back = c == WHITE ? 0 : 7;
	char sq[3];
	if (!strchr("KQAH", up))
		return right_fails(r, "a rook off the corners castles only in "
				   "Chess960");
	bool long_side = up == 'Q' || up == 'A';
	r->index = 2 * c + long_side;
	r->rook = SQ(long_side ? 0 : 7, back);
	if (!holds(pos, SQ(4, back), MAKE_PIECE(c, KING)))
		return right_fails(r, "%s's king is not on %s", side_name[c],
				   square_name(SQ(4, back), sq));
	if (!holds(pos, r->rook, MAKE_PIECE(c, ROOK)))
		return right_fails(r, "%s has no rook on %s", side_name[c],
				   square_name(r->rook, sq));
	return 0;
}

/* Every right dropped, said in one text ("rights K and Q dropped:
 * White's king is not on e1"); first: the first letter dropped. */
struct dropped {
	char letters[5];
	char why[4][96];
	int n, first;
};

static void drop(struct dropped *d, int at, char letter, const char *why)
{
	if (d->first < 0)
		d->first = at;
	d->letters[d->n] = letter;
	snprintf(d->why[d->n++], sizeof d->why[0], "%s", why);
}

/* The letters from i on that d->why[i] drops too, at list ("K", "K and
 * Q", "K, Q and A"); the index after them. */
static int same_why(const struct dropped *d, int i, char *list, size_t size)
{
	int j = i + 1, n = 0;
	while (j < d->n && !strcmp(d->why[j], d->why[i]))
		j++;
	for (int k = i; k < j; k++)
		n += snprintf(list + n, size - (size_t)n, "%s%c",
			      k == i ? "" : k + 1 < j ? ", " : " and ",
			      d->letters[k]);
	return j;
}

/* "right K dropped: ...; rights k and q dropped: ..." at out. */
static void dropped_text(const struct dropped *d, char *out, size_t size)
{
	size_t len = 0;
	for (int i = 0, j; i < d->n && len < size; i = j) {
		char list[16];
		j = same_why(d, i, list, sizeof list);
		len += (size_t)snprintf(out + len, size - len,
					"%sright%s %s dropped: %s",
					i ? "; " : "", j - i > 1 ? "s" : "",
					list, d->why[i]);
	}
}

static int read_right(const struct position *pos, const struct variant *v,
		      char letter, struct right_read *r)
{
	int c = letter >= 'a' ? BLACK : WHITE;
	char up = (char)(c == BLACK ? letter - 32 : letter);
	return v->free_castling ? free_right(pos, c, up, r)
				: corner_right(pos, c, up, r);
}

static void check_castling(struct position *pos, const struct variant *v,
			   const char *rights, struct dropped *d)
{
	unsigned set = 0;
	for (int i = 0; rights[i] && rights[i] != '-'; i++) {
		struct right_read r;
		if (read_right(pos, v, rights[i], &r) != 0) {
			drop(d, i, rights[i], r.why);
			continue;
		}
		if (set & (1u << r.index)) {
			drop(d, i, rights[i], "a second right on the same side");
			continue;
		}
		set |= 1u << r.index;
		pos->castle_rook[r.index] = (uint8_t)r.rook;
	}
	position_set_castling(pos, set);
}

/* The side to move may capture the other king: the side field, or the
 * board, is wrong; the side field is what names who moves. */
static int check_not_to_move(const struct position *pos,
			     const struct variant *v, struct setup_fault *f)
{
	int them = pos->side ^ 1, k = position_king(pos, them);
	if (!v->attacked(pos, k, pos->side))
		return 0;
	return setup_fault(f, FEN_SIDE, -1, "side: %s, not to move, is in "
			   "check", them == WHITE ? "White" : "Black");
}

/* The column of what the fault is about: its token, castling letter or
 * field; 0 for the position as a whole. */
static uint32_t fault_col(const struct fen_syntax *fen,
			  const struct setup_fault *f)
{
	if (f->field < 0 || f->field >= FEN_FIELDS)
		return 0;
	if (f->field == FEN_BOARD && f->square >= 0 && f->square < 64)
		return fen->sq_col[f->square];
	const char *at = f->right ? strchr(fen->castling, f->right) : NULL;
	if (f->field == FEN_CASTLING && at && fen->field_col[FEN_CASTLING])
		return fen->field_col[FEN_CASTLING] +
		       (uint32_t)(at - fen->castling);
	return fen->field_col[f->field];
}

static int setup_checks(struct position *pos, const struct fen_syntax *fen,
			const struct variant *v, struct setup_fault *f,
			struct dropped *d)
{
	position_clear(pos, v);
	if (check_features(fen, v, f) || place_pieces(pos, fen, f) ||
	    check_kings(pos, f))
		return -1;
	check_castling(pos, v, fen->castling, d);
	pos->side = fen->side == 'b' ? BLACK : WHITE;
	pos->halfmove = fen->halfmove;
	pos->fullmove = fen->fullmove ? fen->fullmove : 1;
	if (fen->ep_square >= 0) {
		/* The short form's victim is straight behind the passed
		 * square; where pawns with codes may also have passed it
		 * diagonally (Random Pawns) the variant works it out, and
		 * is told the form apart: a long form naming the straight
		 * square must have its pawn there. */
		int back = pos->side == WHITE ? -8 : 8;
		int shortform = v->fen_features & FEN_F_CODES
					? NO_SQUARE
					: fen->ep_square + back;
		int victim = fen->ep_landing >= 0 ? fen->ep_landing
						  : shortform;
		pos->ep = (uint8_t)fen->ep_square;
		pos->ep_victim = (uint8_t)victim;
	}
	pos->key = position_compute_key(pos);
	if (v->check_setup(pos, f) != 0 || check_not_to_move(pos, v, f))
		return -1;
	pos->key = position_compute_key(pos);
	return 0;
}

int position_from_fen(struct position *pos, const struct fen_syntax *fen,
		      const struct variant *v, struct diag *err)
{
	struct setup_fault f;
	struct dropped d = { .n = 0, .first = -1 };

	lr_tables_init();
	if (setup_checks(pos, fen, v, &f, &d) != 0) {
		diag_setf(err, DIAG_ERROR, DC_FEN, "%s", f.why);
		err->col = fault_col(fen, &f);
		return -1;
	}
	if (!d.n)
		return 0;
	char text[DIAG_MESSAGE_MAX - 16];
	dropped_text(&d, text, sizeof text);
	diag_setf(err, DIAG_WARNING, DC_CASTLING_RIGHTS, "castling: %s", text);
	err->col = fen->field_col[FEN_CASTLING] + (uint32_t)d.first;
	return 1;
}

int position_set_fen(struct position *pos, const char *text,
		     const struct variant *v, struct diag *err)
{
	struct fen_syntax fen;
	if (fen_parse(text, strlen(text), &fen, err) != 0)
		return -1;
	return position_from_fen(pos, &fen, v, err);
}

/* --------------------------------------------------------------- output */

static char piece_letter(uint8_t p)
{
	/* By the piece's byte: its colour and type (rules.h). */
	static const char letters[16] = " PNBRQKT pnbrqkt";
	return letters[p & 15];
}

static size_t put_square(const struct position *pos, int sq, char *out)
{
	size_t n = 0;
	if (pos->board2[sq]) {
		out[n++] = '(';
		out[n++] = piece_letter(pos->board[sq]);
		out[n++] = piece_letter(pos->board2[sq]);
		out[n++] = ')';
		return n;
	}
	out[n++] = piece_letter(pos->board[sq]);
	if (pos->code[sq]) {
		char name[4];
		code_name(pos->code[sq], name);
		out[n++] = '{';
		memcpy(out + n, name, 3);
		n += 3;
		out[n++] = '}';
	}
	return n;
}

bool position_has_extras(const struct position *pos)
{
	if (pos->variant == &variant_standard)
		return false;	/* nothing but one piece a square */
	uint64_t any = 0;
	for (int i = 0; i < 64; i += 8) {
		uint64_t second, code;
		memcpy(&second, pos->board2 + i, sizeof second);
		memcpy(&code, pos->code + i, sizeof code);
		any |= second | code;
	}
	return any != 0;
}

/* Rights whose rooks are in the corners, as X-FEN writes them. */
static size_t put_corner_castling(unsigned rights, char *out)
{
	static const struct {
		char text[4];
		uint8_t len;
	} field[16] = {
		{ "-", 1 }, { "K", 1 }, { "Q", 1 }, { "KQ", 2 },
		{ "k", 1 }, { "Kk", 2 }, { "Qk", 2 }, { "KQk", 3 },
		{ "q", 1 }, { "Kq", 2 }, { "Qq", 2 }, { "KQq", 3 },
		{ "kq", 2 }, { "Kkq", 3 }, { "Qkq", 3 }, { "KQkq", 4 },
	};
	memcpy(out, field[rights & 15].text, 4);
	return field[rights & 15].len;
}

/* Each right as its rook's file, or (X-FEN) as K or Q when its rook is
 * the outermost on its side, which K and Q name. */
static size_t put_rook_castling(const struct position *pos,
				enum fen_castling style, char *out)
{
	size_t n = 0;
	for (int i = 0; i < 4; i++) {
		if (!(pos->castling & (1u << i)))
			continue;
		int c = i >> 1, rook = pos->castle_rook[i];
		bool outer = outermost_rook(pos, c, rook, i & 1) < 0;
		char letter = style == FEN_XFEN && outer
				      ? "KQ"[i & 1]
				      : (char)('A' + FILE_OF(rook));
		out[n++] = (char)(c == BLACK ? letter + 32 : letter);
	}
	if (!n)
		out[n++] = '-';
	return n;
}

static size_t put_castling(const struct position *pos,
			   enum fen_castling style, char *out)
{
	if (style == FEN_XFEN &&
	    memcmp(pos->castle_rook, lr_corner_rooks, 4) == 0)
		return put_corner_castling(pos->castling, out);
	return put_rook_castling(pos, style, out);
}

/* The e.p. field: the passed square, and the landing square too when the
 * victim is not straight behind it (Random Pawns' diagonal double step). */
static size_t put_ep(const struct position *pos, char *out)
{
	if (pos->ep == NO_SQUARE) {
		out[0] = '-';
		return 1;
	}
	char name[3];
	memcpy(out, square_name(pos->ep, name), 2);
	int straight = pos->ep + (pos->side == WHITE ? -8 : 8);
	if (pos->ep_victim == NO_SQUARE || pos->ep_victim == straight)
		return 2;
	memcpy(out + 2, square_name(pos->ep_victim, name), 2);
	return 4;
}

size_t position_fen_fields(const struct position *pos, char *out)
{
	return position_fen_fields_as(pos, FEN_XFEN, out);
}

size_t position_fen_fields_as(const struct position *pos,
			      enum fen_castling style, char *out)
{
	size_t n = 0;
	out[n++] = pos->side == WHITE ? 'w' : 'b';
	out[n++] = ' ';
	n += put_castling(pos, style, out + n);
	out[n++] = ' ';
	n += put_ep(pos, out + n);
	out[n++] = ' ';
	n += pgn_put_uint_small(out + n, pos->halfmove);
	out[n++] = ' ';
	n += pgn_put_uint_small(out + n, pos->fullmove);
	return n;
}

/* One rank's text at out; plain: every square one letter. */
static size_t fen_rank(const struct position *pos, int rank, bool plain,
		       char *out)
{
	const uint8_t *row = pos->board + SQ(0, rank);
	uint64_t bytes;
	size_t n = 0;
	int file = 0;
	memcpy(&bytes, row, sizeof bytes);
	/* The rank's pieces one by one, the gaps between them counted at
	 * once: not a test of each of its eight squares. */
	for (unsigned occ = board_rank_files(bytes); occ; occ &= occ - 1) {
		int f = __builtin_ctz(occ);
		if (f > file)
			out[n++] = (char)('0' + f - file);
		if (plain)
			out[n++] = piece_letter(row[f]);
		else
			n += put_square(pos, SQ(f, rank), out + n);
		file = f + 1;
	}
	if (file < 8)
		out[n++] = (char)('0' + 8 - file);
	return n;
}

size_t position_fen_rank(const struct position *pos, int rank, char *out)
{
	return fen_rank(pos, rank, !position_has_extras(pos), out);
}

/* Written by hand, not by snprintf: pgn-convert writes one for every
 * position (FEN, EPD, JSON), and the format's parsing was four fifths of
 * the work. */
size_t position_to_fen(const struct position *pos, char *buf, size_t size)
{
	return position_to_fen_as(pos, FEN_XFEN, buf, size);
}

size_t position_to_fen_as(const struct position *pos, enum fen_castling style,
			  char *buf, size_t size)
{
	/* Six bytes a square at most ("(Nb)", "P{CMC}"), the separators,
	 * and the fields after the board with two numbers of 20 digits. */
	char text[64 * 6 + 8 + 64];
	size_t n = 0;
	bool plain = !position_has_extras(pos);
	for (int rank = 7; rank >= 0; rank--) {
		n += fen_rank(pos, rank, plain, text + n);
		if (rank)
			text[n++] = '/';
	}
	text[n++] = ' ';
	n += position_fen_fields_as(pos, style, text + n);
	if (size == 0)
		return 0;
	if (n >= size)
		n = size - 1;
	memcpy(buf, text, n);
	buf[n] = 0;
	return n;
}

void position_start(struct position *pos, const struct variant *v)
{
	struct diag err;
	/* A variant whose own start FEN does not load is a bug, not input. */
	if (position_set_fen(pos, v->start_fen, v, &err) != 0) {
		fprintf(stderr, "BUG: %s:%d: start position of %s: %s\n",
			__FILE__, __LINE__, v->id, err.message);
		abort();
	}
}
