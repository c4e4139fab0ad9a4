/* FEN as written, in the extended syntax of pawnkit-notation(5); no rules.
 *
 * One function per field; each reports the first fault with the name of
 * the field and the 1-based column of the offending byte.  The board is
 * checked for shape only (8 ranks of 8 squares, known tokens): which tokens
 * a variant allows, and whether the position is legal, is librules' job. */
#include <string.h>

#include "pgn.h"

struct fen_cursor {
	const char *s;
	size_t len, pos;
	struct diag *err;
};

static int fen_fail(struct fen_cursor *c, size_t pos, const char *field,
		    const char *what)
{
	diag_setf(c->err, DIAG_ERROR, DC_FEN, "%s: %s", field, what);
	c->err->col = (uint32_t)(pos + 1);
	return -1;
}

static bool fen_at_end(const struct fen_cursor *c)
{
	return c->pos >= c->len;
}

static bool fen_is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* The text of byte ch, printable in a message ("'x'", "end of text"). */
static const char *fen_show(const struct fen_cursor *c, char buf[8])
{
	unsigned char ch;

	if (fen_at_end(c) || fen_is_space(c->s[c->pos]))
		return "end of field";
	ch = (unsigned char)c->s[c->pos];
	buf[0] = '\'';
	if (ch >= 0x20 && ch < 0x7f) {
		buf[1] = (char)ch;
		buf[2] = '\'';
		buf[3] = 0;
	} else {
		static const char hex[] = "0123456789abcdef";
		buf[1] = '\\';
		buf[2] = 'x';
		buf[3] = hex[ch >> 4];
		buf[4] = hex[ch & 15];
		buf[5] = '\'';
		buf[6] = 0;
	}
	return buf;
}

static int fen_expect(struct fen_cursor *c, const char *field,
		      const char *expected)
{
	char buf[8];

	diag_setf(c->err, DIAG_ERROR, DC_FEN, "%s: expected %s, got %s", field,
		  expected, fen_show(c, buf));
	c->err->col = (uint32_t)(c->pos + 1);
	return -1;
}

/* Skips the blanks between fields; false when the text ends first. */
static bool fen_next_field(struct fen_cursor *c)
{
	while (!fen_at_end(c) && fen_is_space(c->s[c->pos]))
		c->pos++;
	return !fen_at_end(c);
}

/* fen_next_field(), noting where field f starts. */
static bool fen_field_start(struct fen_cursor *c, struct fen_syntax *out,
			    enum fen_field f)
{
	if (!fen_next_field(c))
		return false;
	out->field_col[f] = (uint32_t)(c->pos + 1);
	return true;
}

static bool fen_field_ends(const struct fen_cursor *c)
{
	return fen_at_end(c) || fen_is_space(c->s[c->pos]);
}

/* ---------------------------------------------------------------- board */

struct fen_board {
	struct fen_syntax *out;
	int rank;		/* 7 (the first FEN rank) down to 0 */
	int squares;		/* squares filled on this rank so far */
	size_t over;		/* where the rank first ran past 8 squares */
};

static bool fen_is_piece(char ch)
{
	return ch && strchr("KQRBNPTkqrbnpt", ch) != NULL;
}

/* n squares written at pos (a digit, or one piece token). */
static void fen_count(struct fen_board *b, int n, size_t pos)
{
	for (int i = b->squares; i < 8 && i < b->squares + n; i++)
		b->out->sq_col[b->rank * 8 + i] = (uint32_t)(pos + 1);
	if (b->squares <= 8 && b->squares + n > 8)
		b->over = pos;
	b->squares += n;
}

static void fen_put(struct fen_board *b, char piece, char second, size_t pos)
{
	if (b->squares < 8) {
		struct fen_square *sq = &b->out->sq[b->rank * 8 + b->squares];
		sq->piece = piece;
		sq->second = second;
	}
	fen_count(b, 1, pos);
}

static bool fen_is_code_letter(char ch)
{
	return ch && strchr("MCOXmcox", ch) != NULL;
}

/* "{CMC}" after a pawn letter: three of M C O X, stored upper case. */
static int fen_code(struct fen_cursor *c, struct fen_board *b)
{
	char code[4];
	int i;

	c->pos++;	/* '{' */
	for (i = 0; i < 3; i++) {
		if (fen_at_end(c) || !fen_is_code_letter(c->s[c->pos]))
			return fen_expect(c, "board",
					  "a pawn code of three letters M C O X");
		code[i] = (char)(c->s[c->pos] & ~0x20);
		c->pos++;
	}
	code[3] = 0;
	if (fen_at_end(c) || c->s[c->pos] != '}')
		return fen_expect(c, "board", "'}' closing the pawn code");
	c->pos++;
	if (b->squares <= 8)
		memcpy(b->out->sq[b->rank * 8 + b->squares - 1].code, code, 4);
	b->out->features |= FEN_F_CODES;
	return 0;
}

static bool fen_is_tandem(char ch)
{
	return ch == 'T' || ch == 't';
}

static int fen_piece(struct fen_cursor *c, struct fen_board *b)
{
	char ch = c->s[c->pos++];

	fen_put(b, ch, 0, c->pos - 1);
	if (fen_is_tandem(ch))
		b->out->features |= FEN_F_TANDEM;
	if (ch != 'P' && ch != 'p')
		return 0;
	if (!fen_at_end(c) && c->s[c->pos] == '{')
		return fen_code(c, b);
	b->out->features |= FEN_F_PLAIN_PAWN;
	return 0;
}

/* "(Nb)": exactly two piece letters sharing one square. */
static int fen_shared(struct fen_cursor *c, struct fen_board *b)
{
	char first, second;
	size_t open = c->pos++;

	if (fen_at_end(c) || !fen_is_piece(c->s[c->pos]))
		return fen_expect(c, "board", "a piece letter inside '( )'");
	first = c->s[c->pos++];
	if (fen_at_end(c) || !fen_is_piece(c->s[c->pos]))
		return fen_expect(c, "board",
				  "a second piece letter inside '( )'");
	second = c->s[c->pos++];
	if (fen_at_end(c) || c->s[c->pos] != ')')
		return fen_expect(c, "board",
				  "')' after two pieces (no codes inside)");
	c->pos++;
	fen_put(b, first, second, open);
	b->out->features |= FEN_F_SHARED;
	/* A tandem letter counts inside ( ) as outside it: no variant
	 * has both, and a variant with shared squares must see it. */
	if (fen_is_tandem(first) || fen_is_tandem(second))
		b->out->features |= FEN_F_TANDEM;
	return 0;
}

/* Points at the square too many, or at the end of a rank too short. */
static int fen_rank_done(struct fen_cursor *c, struct fen_board *b)
{
	if (b->squares == 8)
		return 0;
	diag_setf(c->err, DIAG_ERROR, DC_FEN, "board: rank %d has %d square%s",
		  b->rank + 1, b->squares, b->squares == 1 ? "" : "s");
	c->err->col = (uint32_t)((b->squares > 8 ? b->over : c->pos) + 1);
	return -1;
}

static int fen_slash(struct fen_cursor *c, struct fen_board *b)
{
	if (fen_rank_done(c, b) < 0)
		return -1;
	if (b->rank == 0)
		return fen_fail(c, c->pos, "board",
				"more than 8 ranks");
	c->pos++;
	b->rank--;
	b->squares = 0;
	return 0;
}

static int fen_board_token(struct fen_cursor *c, struct fen_board *b)
{
	char ch = c->s[c->pos];

	if (ch >= '1' && ch <= '8') {
		/* Adjacent digits ("44") are not canonical but unambiguous;
		 * the square count below still catches a rank too long. */
		fen_count(b, ch - '0', c->pos);
		c->pos++;
		return 0;
	}
	if (fen_is_piece(ch))
		return fen_piece(c, b);
	if (ch == '(')
		return fen_shared(c, b);
	if (ch == '/')
		return fen_slash(c, b);
	if (ch == '{')
		return fen_fail(c, c->pos, "board",
				"a code '{...}' may follow only a pawn");
	return fen_expect(c, "board", "a piece letter, a digit 1-8 or '/'");
}

static int fen_board(struct fen_cursor *c, struct fen_syntax *out)
{
	struct fen_board b = { out, 7, 0, 0 };

	if (!fen_field_start(c, out, FEN_BOARD))
		return fen_fail(c, c->pos, "board", "missing");
	while (!fen_field_ends(c))
		if (fen_board_token(c, &b) < 0)
			return -1;
	if (fen_rank_done(c, &b) < 0)
		return -1;
	if (b.rank != 0) {
		diag_setf(c->err, DIAG_ERROR, DC_FEN,
			  "board: %d rank%s, expected 8", 8 - b.rank,
			  8 - b.rank == 1 ? "" : "s");
		c->err->col = (uint32_t)(c->pos + 1);
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------ the other fields */

static int fen_side(struct fen_cursor *c, struct fen_syntax *out)
{
	char ch;

	if (!fen_field_start(c, out, FEN_SIDE))
		return fen_fail(c, c->pos, "side", "missing");
	ch = c->s[c->pos];
	if ((ch != 'w' && ch != 'b'))
		return fen_expect(c, "side", "'w' or 'b'");
	c->pos++;
	if (!fen_field_ends(c))
		return fen_expect(c, "side", "one letter 'w' or 'b'");
	out->side = ch;
	return 0;
}

/* KQkq, or a rook's file (X-FEN and Shredder-FEN, pawnkit-notation(5)):
 * which rook a letter names is librules' concern. */
static bool fen_is_right(char ch)
{
	return ch && (strchr("KQkq", ch) || (ch >= 'A' && ch <= 'H') ||
		      (ch >= 'a' && ch <= 'h'));
}

static int fen_castling(struct fen_cursor *c, struct fen_syntax *out)
{
	size_t n = 0;

	if (!fen_field_start(c, out, FEN_CASTLING))
		return fen_fail(c, c->pos, "castling", "missing");
	if (c->s[c->pos] == '-') {
		c->pos++;
		out->castling[n++] = '-';
	} else {
		while (!fen_field_ends(c)) {
			char ch = c->s[c->pos];
			if (!fen_is_right(ch))
				return fen_expect(c, "castling",
						  "letters of KQkq, files "
						  "A-H a-h, or '-'");
			if (memchr(out->castling, ch, n))
				return fen_fail(c, c->pos, "castling",
						"a letter is repeated");
			if (n == 4)
				return fen_fail(c, c->pos, "castling",
						"more than four rights");
			out->castling[n++] = ch;
			c->pos++;
		}
	}
	out->castling[n] = 0;
	if (!fen_field_ends(c))
		return fen_expect(c, "castling", "a blank after '-'");
	return 0;
}

static int fen_square_at(const struct fen_cursor *c, size_t pos)
{
	char sq[2];

	if (pos + 2 > c->len)
		return -1;
	sq[0] = c->s[pos];
	sq[1] = c->s[pos + 1];
	return square_parse(sq);
}

/* Random Pawns "d3e4": the landing square lies one rank beyond the passed
 * one, on the same or a neighbouring file. */
static int fen_ep_landing(struct fen_cursor *c, struct fen_syntax *out)
{
	int passed = out->ep_square, land = fen_square_at(c, c->pos);
	int dir = (passed >> 3) < 4 ? 1 : -1;	/* away from the mover */
	int df = (land & 7) - (passed & 7);

	if (land < 0)
		return fen_expect(c, "en passant",
				  "a landing square after the passed square");
	if ((land >> 3) != (passed >> 3) + dir || df < -1 || df > 1)
		return fen_fail(c, c->pos, "en passant",
				"the landing square does not adjoin the "
				"passed square");
	out->ep_landing = land;
	c->pos += 2;
	return 0;
}

static int fen_en_passant(struct fen_cursor *c, struct fen_syntax *out)
{
	int sq;

	if (!fen_field_start(c, out, FEN_EN_PASSANT))
		return fen_fail(c, c->pos, "en passant", "missing");
	if (c->s[c->pos] == '-') {
		c->pos++;
	} else {
		sq = fen_square_at(c, c->pos);
		if (sq < 0)
			return fen_expect(c, "en passant", "a square or '-'");
		/* Rank 2 or 7 after a tandem pawn's step from the first
		 * rank (pawnkit-notation(5)); which one fits is librules' concern. */
		if ((sq >> 3) < 1 || (sq >> 3) > 6 || (sq >> 3) == 3 ||
		    (sq >> 3) == 4)
			return fen_fail(c, c->pos, "en passant",
					"the square must be on rank 2, 3, 6 "
					"or 7");
		out->ep_square = sq;
		c->pos += 2;
		if (!fen_field_ends(c) && fen_ep_landing(c, out) < 0)
			return -1;
	}
	if (!fen_field_ends(c))
		return fen_expect(c, "en passant", "the end of the field");
	return 0;
}

/* A decimal number without sign; refuses values over UINT32_MAX. */
static int fen_number(struct fen_cursor *c, const char *field, uint32_t *v)
{
	uint64_t n = 0;

	if (c->s[c->pos] < '0' || c->s[c->pos] > '9')
		return fen_expect(c, field, "a number");
	while (!fen_field_ends(c)) {
		char ch = c->s[c->pos];
		if (ch < '0' || ch > '9')
			return fen_expect(c, field, "a digit");
		n = n * 10 + (uint64_t)(ch - '0');
		if (n > UINT32_MAX)
			return fen_fail(c, c->pos, field,
					"number too large");
		c->pos++;
	}
	*v = (uint32_t)n;
	return 0;
}

/* The halfmove clock, at the cursor, and the fullmove number. */
static int fen_clock_pair(struct fen_cursor *c, struct fen_syntax *out)
{
	if (fen_number(c, "halfmove", &out->halfmove) < 0)
		return -1;
	if (!fen_field_start(c, out, FEN_FULLMOVE))
		return fen_fail(c, c->pos, "fullmove",
				"missing after the halfmove clock");
	if (fen_number(c, "fullmove", &out->fullmove) < 0)
		return -1;
	/* Fullmove 0 is common in real files; read it as the first move. */
	if (out->fullmove == 0)
		out->fullmove = 1;
	out->has_clocks = true;
	return 0;
}

static int fen_clocks(struct fen_cursor *c, struct fen_syntax *out)
{
	if (!fen_field_start(c, out, FEN_HALFMOVE))
		return 0;
	if (fen_clock_pair(c, out) < 0)
		return -1;
	if (fen_next_field(c))
		return fen_fail(c, c->pos, "fen",
				"unexpected text after the fullmove number");
	return 0;
}

static void fen_clear(struct fen_syntax *out)
{
	memset(out, 0, sizeof *out);
	out->ep_square = -1;
	out->ep_landing = -1;
	out->fullmove = 1;
}

int fen_parse(const char *s, size_t len, struct fen_syntax *out,
	      struct diag *err)
{
	struct fen_cursor c = { s, len, 0, err };

	fen_clear(out);
	if (fen_board(&c, out) < 0 || fen_side(&c, out) < 0 ||
	    fen_castling(&c, out) < 0 || fen_en_passant(&c, out) < 0 ||
	    fen_clocks(&c, out) < 0)
		return -1;
	return 0;
}

/* ------------------------------------------------- lines: columns, EPD */

/* Skips blanks; whether a tab was among them. */
static bool fen_skip_blanks(struct fen_cursor *c)
{
	bool tab = false;
	while (!fen_at_end(c) && fen_is_space(c->s[c->pos]))
		tab |= c->s[c->pos++] == '\t';
	return tab;
}

static int fen_variant_name(struct fen_cursor *c, struct fen_record *out,
			    size_t start, size_t n)
{
	if (n == 0)
		return fen_fail(c, start, "variant", "missing");
	if (n >= FEN_VARIANT_MAX)
		return fen_fail(c, start, "variant", "name too long");
	memcpy(out->variant, c->s + start, n);
	out->variant[n] = 0;
	out->variant_col = (uint32_t)(start + 1);
	return 0;
}

/* The columns after a FEN and a tab: game, position id and variant, of
 * which only the variant (the third, when not empty) is read. */
static int fen_columns(struct fen_cursor *c, struct fen_record *out)
{
	for (int col = 2; !fen_at_end(c); col++) {
		size_t start = c->pos;
		while (!fen_at_end(c) && c->s[c->pos] != '\t')
			c->pos++;
		if (col == 4 && c->pos > start &&
		    fen_variant_name(c, out, start, c->pos - start) < 0)
			return -1;
		if (!fen_at_end(c))
			c->pos++;
	}
	return 0;
}

/* An EPD operation as written: its opcode and first operand (a string's
 * quotes left out), as offsets into the line. */
struct epd_op {
	size_t name, name_len;
	size_t arg, arg_len;
	unsigned nargs;
};

static int epd_fail(struct fen_cursor *c, size_t pos, const struct epd_op *op,
		    const char *what)
{
	diag_setf(c->err, DIAG_ERROR, DC_FEN, "epd: %.*s: %s",
		  (int)op->name_len, c->s + op->name, what);
	c->err->col = (uint32_t)(pos + 1);
	return -1;
}

static bool epd_ends_operand(const struct fen_cursor *c)
{
	return fen_field_ends(c) || c->s[c->pos] == ';';
}

/* The end of a "string" operand at the cursor, its closing quote
 * passed; 0 when it has none (reported). */
static size_t epd_string_end(struct fen_cursor *c, const struct epd_op *op)
{
	const char *q = memchr(c->s + c->pos + 1, '"', c->len - c->pos - 1);
	if (!q) {
		epd_fail(c, c->pos, op, "a string without its closing '\"'");
		return 0;
	}
	c->pos = (size_t)(q - c->s) + 1;
	return c->pos - 1;
}

/* One operand: a "string" or a word ending at a blank or ';'. */
static int epd_operand(struct fen_cursor *c, struct epd_op *op)
{
	size_t start = c->pos, end;
	if (c->s[start] == '"') {
		start++;
		end = epd_string_end(c, op);
		if (!end)
			return -1;
	} else {
		while (!epd_ends_operand(c))
			c->pos++;
		end = c->pos;
	}
	if (op->nargs++ == 0) {
		op->arg = start;
		op->arg_len = end - start;
	}
	return 0;
}

static bool epd_is_letter(char ch)
{
	return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
}

static bool epd_is_opcode_char(char ch)
{
	return epd_is_letter(ch) || (ch >= '0' && ch <= '9') || ch == '_';
}

static int epd_opcode(struct fen_cursor *c, struct epd_op *op)
{
	if (!epd_is_letter(c->s[c->pos]))
		return fen_expect(c, "epd", "an opcode (a letter first)");
	op->name = c->pos;
	while (!fen_at_end(c) && epd_is_opcode_char(c->s[c->pos]))
		c->pos++;
	op->name_len = c->pos - op->name;
	if (!epd_ends_operand(c))
		return fen_expect(c, "epd",
				  "letters, digits or '_' in an opcode");
	return 0;
}

static bool epd_is(const struct fen_cursor *c, const struct epd_op *op,
		   const char *name)
{
	return op->name_len == strlen(name) &&
	       memcmp(c->s + op->name, name, op->name_len) == 0;
}

/* Digits s[at, at + n) as a number up to max; false when they are not. */
static bool epd_digits(const char *s, size_t n, uint64_t max, uint64_t *v)
{
	*v = 0;
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9' ||
		    *v > (max - (uint64_t)(s[i] - '0')) / 10)
			return false;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return true;
}

/* The one operand of op, a number up to max. */
static int epd_count(struct fen_cursor *c, const struct epd_op *op,
		     uint64_t max, uint64_t *v)
{
	if (op->nargs != 1)
		return epd_fail(c, op->name, op, op->nargs ?
				"expected one number, got more" :
				"expected a number");
	if (!epd_digits(c->s + op->arg, op->arg_len, max, v))
		return epd_fail(c, op->arg, op, "expected a number");
	return 0;
}

static int epd_clock(struct fen_cursor *c, struct fen_record *out,
		     const struct epd_op *op)
{
	uint64_t v;
	if (epd_count(c, op, UINT32_MAX, &v) < 0)
		return -1;
	if (c->s[op->name] == 'h')
		out->fen.halfmove = (uint32_t)v;
	else
		out->fen.fullmove = v ? (uint32_t)v : 1;
	out->fen.has_clocks = true;
	return 0;
}

/* "D3 8902": a perft count; whether op is one ('D' and digits). */
static int epd_perft(struct fen_cursor *c, struct fen_record *out,
		     const struct epd_op *op)
{
	uint64_t depth, count;
	if (!epd_digits(c->s + op->name + 1, op->name_len - 1, FEN_PERFT_MAX,
			&depth))
		return epd_fail(c, op->name, op, "a depth from 0 to 63");
	if (epd_count(c, op, UINT64_MAX, &count) < 0)
		return -1;
	out->perft[depth] = count;
	out->perft_given |= (uint64_t)1 << depth;
	return 0;
}

static bool epd_is_perft(const struct fen_cursor *c, const struct epd_op *op)
{
	return op->name_len > 1 && c->s[op->name] == 'D' &&
	       c->s[op->name + 1] >= '0' && c->s[op->name + 1] <= '9';
}

/* What pawnkit reads of an operation: the clocks, perft counts, the
 * variant; any other is left alone. */
static int epd_apply(struct fen_cursor *c, struct fen_record *out,
		     const struct epd_op *op)
{
	if (epd_is(c, op, "hmvc") || epd_is(c, op, "fmvn"))
		return epd_clock(c, out, op);
	if (epd_is_perft(c, op))
		return epd_perft(c, out, op);
	if (!epd_is(c, op, "variant"))
		return 0;
	if (op->nargs != 1)
		return epd_fail(c, op->name, op, "expected one variant id");
	return fen_variant_name(c, out, op->arg, op->arg_len);
}

/* One operation, up to its ';' or the end of the line; begun says
 * whether a ';' came before it, as one must come before or after. */
static int epd_op(struct fen_cursor *c, struct fen_record *out, bool begun)
{
	struct epd_op op = { 0 };
	if (epd_opcode(c, &op) < 0)
		return -1;
	for (;;) {
		fen_skip_blanks(c);
		if (fen_at_end(c) || c->s[c->pos] == ';')
			break;
		if (epd_operand(c, &op) < 0)
			return -1;
	}
	if (fen_at_end(c) && !begun)
		return epd_fail(c, c->pos, &op, "no ';' ends the operation");
	return epd_apply(c, out, &op);
}

/* Operations, each ended by ';' ("bm e4; id \"x\";") or begun by one
 * (";D1 20 ;D2 400"). */
static int epd_ops(struct fen_cursor *c, struct fen_record *out)
{
	for (;;) {
		bool begun = false;
		while (!fen_at_end(c) &&
		       (fen_is_space(c->s[c->pos]) || c->s[c->pos] == ';'))
			begun |= c->s[c->pos++] == ';';
		if (fen_at_end(c))
			return 0;
		if (epd_op(c, out, begun) < 0)
			return -1;
	}
}

static bool fen_at_digit(const struct fen_cursor *c)
{
	return !fen_at_end(c) && c->s[c->pos] >= '0' && c->s[c->pos] <= '9';
}

/* After the en passant field: the clocks, then columns after a tab, or
 * EPD operations, or nothing. */
static int fen_tail(struct fen_cursor *c, struct fen_record *out)
{
	if (fen_skip_blanks(c))
		return fen_columns(c, out);
	if (fen_at_digit(c)) {
		out->fen.field_col[FEN_HALFMOVE] = (uint32_t)(c->pos + 1);
		if (fen_clock_pair(c, &out->fen) < 0)
			return -1;
		if (fen_skip_blanks(c))
			return fen_columns(c, out);
	}
	return epd_ops(c, out);
}

int fen_record_parse(const char *s, size_t len, struct fen_record *out,
		     struct diag *err)
{
	struct fen_cursor c = { s, len, 0, err };

	memset(out, 0, sizeof *out);
	fen_clear(&out->fen);
	if (fen_board(&c, &out->fen) < 0)
		return -1;
	if (!fen_next_field(&c)) {	/* a board alone */
		out->board_only = true;
		out->fen.side = 'w';
		memcpy(out->fen.castling, "-", 2);
		return 0;
	}
	if (fen_side(&c, &out->fen) < 0 || fen_castling(&c, &out->fen) < 0 ||
	    fen_en_passant(&c, &out->fen) < 0)
		return -1;
	return fen_tail(&c, out);
}
