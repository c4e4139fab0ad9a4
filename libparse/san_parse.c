/* One move token as written: SAN, LAN or coordinate notation with the
 * variant markers of pawnkit-notation(5).  Nothing is resolved here; the struct
 * says what the text says, and the lenient forms accepted are flagged.
 *
 * Order of the grammar, left to right:
 *   [mover] [from] [x|:|- [victim]] dest [x [victim]] [marker] [promotion]
 *   [check] [e.p.]
 * where from is a file, a rank or a square; marker, promotion, check and
 * "e.p." (or "ep") may come in any order but each at most once.
 *
 * san_parse_quick(), at the end, reads the canonical shapes of plain SAN
 * (grammar.h), a subset of this grammar, with the same letters; a new
 * lenient form is added here alone (see grammar.h). */
#include <string.h>

#include "grammar.h"

struct san_cur {
	const char *s;
	size_t len, pos;
	struct san *out;
	struct diag *err;
	bool capital;		/* the first letter is Regan's capital file */
};

static int san_peek(const struct san_cur *c, size_t ahead)
{
	return c->pos + ahead < c->len ? (unsigned char)c->s[c->pos + ahead]
				       : -1;
}

/* The token as a message shows it: its first 32 bytes, no character
 * cut. */
static int san_shown(const struct san_cur *c)
{
	return (int)lp_utf8_cut(c->s, c->len, 32);
}

/* What was expected and the character that stands there instead, named
 * (lp_char_name(): "U+2013 EN DASH '–'", not a byte of it). */
static int san_fail(struct san_cur *c, const char *expected)
{
	char got[64];

	if (c->pos >= c->len)
		diag_setf(c->err, DIAG_ERROR, DC_BAD_MOVE,
			  "expected %s at the end of '%.*s'", expected,
			  san_shown(c), c->s);
	else if (lp_char_name(c->s + c->pos, c->len - c->pos, got, sizeof got))
		diag_setf(c->err, DIAG_ERROR, DC_BAD_MOVE,
			  "expected %s, got %s in '%.*s'", expected, got,
			  san_shown(c), c->s);
	else
		diag_setf(c->err, DIAG_ERROR, DC_BAD_MOVE, "expected %s, got %s",
			  expected, got);
	c->err->col = (uint32_t)(c->pos + 1);
	return -1;
}

/* A fault that is not a missing part: said as is, at column at + 1. */
static int san_refuse(struct san_cur *c, size_t at, const char *what)
{
	diag_setf(c->err, DIAG_ERROR, DC_BAD_MOVE, "%s in '%.*s'", what,
		  san_shown(c), c->s);
	c->err->col = (uint32_t)(at + 1);
	return -1;
}

/* A piece letter of any variant: standard chess's, the pawn's of LAN
 * ("Pe2-e4") and the tandem's. */
static bool san_is_piece(int ch)
{
	return san_is_piece_letter(ch) || ch == 'P' || ch == 'T';
}

static bool san_at(const struct san_cur *c, const char *text)
{
	size_t n = strlen(text);

	return c->len - c->pos >= n && !memcmp(c->s + c->pos, text, n);
}

/* "e.p." or "ep" from here: never a square ('p' is no rank), so after
 * "e4" it is the suffix, not the start of a destination. */
static bool san_at_ep(const struct san_cur *c)
{
	return san_at(c, "e.p.") || san_at(c, "ep");
}

static void san_clear(struct san *out)
{
	memset(out, 0, sizeof *out);
	out->from_file = -1;
	out->from_rank = -1;
	out->to = -1;
}

/* ------------------------------------------------------------- the mover */

/* Figurine SAN: U+2654..U+265F are E2 99 94..9F; "♙♙" is the tandem. */
static char san_figurine(struct san_cur *c)
{
	static const char letters[] = "KQRBNPKQRBNP";
	int b = san_peek(c, 2);
	char piece;

	if (san_peek(c, 0) != 0xe2 || san_peek(c, 1) != 0x99 || b < 0x94 ||
	    b > 0x9f)
		return 0;
	piece = letters[b - 0x94];
	c->pos += 3;
	if (piece == 'P' && san_peek(c, 0) == 0xe2 && san_peek(c, 1) == 0x99 &&
	    san_peek(c, 2) == b) {
		c->pos += 3;
		return 'T';
	}
	return piece;
}

/* Upper-case piece letters; lower case k q r n t p leniently ('b' is
 * always the b-file); Regan's capital origin file for a tandem unit. */
static void san_mover(struct san_cur *c)
{
	int ch = san_peek(c, 0);
	struct san *m = c->out;

	if ((m->piece = san_figurine(c)) != 0)
		return;
	/* "B4" is no bishop move (a rank and no destination): the b-file
	 * unit in Regan's form.  "B4e6" is a bishop's from the fourth rank,
	 * and "Bxc5" a bishop's too: the resolver tries the b-file unit
	 * when no bishop fits. */
	int after = san_peek(c, 2);
	bool capital = (ch > 0 && strchr("ACDEFGH", ch)) ||
		       (ch == 'B' && san_is_rank(san_peek(c, 1)) &&
			!san_is_file(after) && after != 'x' && after != ':' &&
			after != '-');
	if (san_is_piece(ch) && !capital) {
		m->piece = (char)ch;
		c->pos++;
	} else if (ch > 0 && strchr("kqrntp", ch) &&
		   (san_is_file(san_peek(c, 1)) || san_peek(c, 1) == 'x' ||
		    san_peek(c, 1) == ':' || san_is_rank(san_peek(c, 1)))) {
		m->piece = (char)(ch - 'a' + 'A');
		m->lenient |= SL_LOWER_PIECE;
		c->pos++;
	} else if (capital) {
		/* Read as a file by san_part(), like the 'e' of "exd5". */
		m->piece = 'T';
		m->lenient |= SL_CAPITAL_FILE;
		c->capital = true;
	}
}

/* ----------------------------------------------------- squares and 'x' */

struct san_part {
	int file, rank;
};

static struct san_part san_part(struct san_cur *c)
{
	struct san_part p = { -1, -1 };

	if (san_is_file(san_peek(c, 0)))
		p.file = san_peek(c, 0) - 'a', c->pos++;
	else if (c->capital && c->pos == 0)
		p.file = san_peek(c, 0) - 'A', c->pos++;
	if (san_is_rank(san_peek(c, 0)))
		p.rank = san_peek(c, 0) - '1', c->pos++;
	return p;
}

/* "x" or ":" and an optional victim letter (Pauli "xB"), the victim only
 * when a square or the end follows, so that "xBe5" is not read as a file. */
static bool san_capture(struct san_cur *c, bool victim_last)
{
	int v;

	if (san_peek(c, 0) != 'x' && san_peek(c, 0) != ':')
		return false;
	if (san_peek(c, 0) == ':')
		c->out->lenient |= SL_COLON_CAPTURE;
	c->pos++;
	c->out->capture = true;
	v = san_peek(c, 0);
	if (san_is_piece(v) &&
	    (victim_last ? !san_is_file(san_peek(c, 1))
			 : san_is_file(san_peek(c, 1)))) {
		c->out->victim = (char)v;
		c->pos++;
	}
	return true;
}

static int san_squares(struct san_cur *c)
{
	struct san *m = c->out;
	struct san_part from = san_part(c), to = { -1, -1 };
	bool sep = false;

	if (san_capture(c, false)) {
		sep = true;
	} else if (san_peek(c, 0) == '-' && from.file >= 0 && from.rank >= 0) {
		c->pos++;
		sep = true;
	}
	if (sep || (san_is_file(san_peek(c, 0)) && !san_at_ep(c)))
		to = san_part(c);
	if (to.file < 0 && to.rank < 0 && !sep) {
		to = from;	/* a single square is the destination */
		from.file = from.rank = -1;
	}
	if (to.file < 0)
		return san_fail(c, from.file < 0 && !sep && !m->piece
				   ? "a move" : "a destination square");
	if (to.rank < 0)
		return san_fail(c, "a rank 1-8");
	m->to = to.rank * 8 + to.file;
	if (from.file >= 0)
		m->from_file = from.file;
	if (from.rank >= 0)
		m->from_rank = from.rank;
	if (c->capital)		/* "E4": the e-file unit, to e4 */
		m->from_file = c->s[0] - 'A';
	m->coordinate = from.file >= 0 && from.rank >= 0;
	m->lan = m->coordinate && sep;
	return 0;
}

/* Coordinate notation marks a capture after the squares: "d4e3x",
 * "f3e5xB". */
static int san_trailing_capture(struct san_cur *c)
{
	int ch = san_peek(c, 0);

	if (ch != 'x' && ch != ':')
		return 0;
	if (!c->out->coordinate || c->out->lan)
		return san_fail(c, "a marker, promotion or check");
	san_capture(c, true);
	return 0;
}

/* ------------------------------------------------------------ suffixes */

static int san_marker(struct san_cur *c)
{
	enum san_marker mk = SM_NONE;
	size_t n = 1;

	if (san_peek(c, 0) == '^')
		mk = SM_ROCKET;
	else if (san_peek(c, 0) == '&')
		mk = SM_SHARE;
	else if (san_at(c, "(p)"))
		mk = SM_PUSH, n = 3;
	if (mk == SM_NONE)
		return 0;
	if (c->out->marker != SM_NONE)
		return san_refuse(c, c->pos, "a second marker");
	c->out->marker = mk;
	c->pos += n;
	return 1;
}

/* A promotion letter, or one in lower case (coordinates, lenient "=q"). */
static bool san_promo_letter(int ch)
{
	return san_is_promotion(ch) ||
	       (ch >= 'a' && ch <= 'z' && san_is_promotion(ch - 'a' + 'A'));
}

/* Figurine SAN promotes to a glyph, "=♕" (E2 99 95..98, or the black
 * 9B..9E): its letter, or 0. */
static char san_promo_glyph(const struct san_cur *c)
{
	int b = san_peek(c, 2);

	if (san_peek(c, 0) != 0xe2 || san_peek(c, 1) != 0x99)
		return 0;
	if (b >= 0x95 && b <= 0x98)
		return "QRBN"[b - 0x95];
	if (b >= 0x9b && b <= 0x9e)
		return "QRBN"[b - 0x9b];
	return 0;
}

/* "=Q" or "=♕"; leniently "Q" and "=q"; coordinate notation writes "q". */
static int san_promotion(struct san_cur *c)
{
	int ch = san_peek(c, 0);
	struct san *m = c->out;
	size_t at = c->pos, width = 1;

	if (ch == '=') {
		c->pos++;
		ch = san_promo_glyph(c);
		if (ch)
			width = 3;
		else if (!san_promo_letter(ch = san_peek(c, 0)))
			return san_fail(c, "a piece letter Q R B N after '='");
		else if (ch >= 'a' && ch <= 'z')
			m->lenient |= SL_BARE_PROMOTION;	/* "=q" */
	} else if (!san_promo_letter(ch) ||
		   (ch >= 'a' && ch <= 'z' && !m->coordinate &&
		    san_peek(c, 1) >= 0 && san_peek(c, 1) != '+' &&
		    san_peek(c, 1) != '#')) {
		return 0;
	}
	if (m->promotion)
		return san_refuse(c, at, "a second promotion");
	if (m->piece && m->piece != 'P' && m->piece != 'T')
		return san_refuse(c, at, "a promotion after a piece move");
	if (at == c->pos && !m->coordinate)
		m->lenient |= SL_BARE_PROMOTION;	/* "e8Q": no '=' */
	m->promotion = (char)(ch >= 'a' ? ch - 'a' + 'A' : ch);
	c->pos += width;
	return 1;
}

/* '+' or '#'; or an old mark of mate, "++" or the double dagger '‡'
 * (E2 80 A1), read as '#'.  Which move is meant never depends on the
 * mark, and the replay checks the mark against the position as it
 * checks '#'. */
static int san_check(struct san_cur *c)
{
	int ch = san_peek(c, 0);
	unsigned old = san_at(c, "++") ? SL_PLUS_MATE
		       : san_at(c, "\xe2\x80\xa1") ? SL_DAGGER_MATE : 0;

	if (!old && ch != '+' && ch != '#')
		return 0;
	if (c->out->check)
		return san_refuse(c, c->pos, "a second check mark");
	c->out->check = old ? '#' : (char)ch;
	c->out->lenient |= old;
	c->pos += old == SL_DAGGER_MATE ? 3 : old ? 2 : 1;
	return 1;
}

/* "e.p."; or "ep", as pgn-extract's enhanced long algebraic writes it
 * after both squares ("e5d6ep", "e5xd6ep") and some scoresheets after a
 * SAN capture ("exd6ep"): no marker, promotion or check mark starts with
 * 'e', so it names nothing else there.  Whether the move is en passant at
 * all is the resolver's to say. */
static int san_ep(struct san_cur *c)
{
	size_t width = san_at(c, "e.p.") ? 4 : san_at(c, "ep") ? 2 : 0;

	if (!width)
		return 0;
	if (c->out->lenient & SL_EP_SUFFIX)
		return san_refuse(c, c->pos, "a second 'e.p.'");
	c->out->lenient |= SL_EP_SUFFIX;
	c->pos += width;
	return 1;
}

static int san_suffixes(struct san_cur *c)
{
	while (c->pos < c->len) {
		int rc = san_marker(c);
		if (!rc)
			rc = san_promotion(c);
		if (!rc)
			rc = san_check(c);
		if (!rc)
			rc = san_ep(c);
		if (rc < 0)
			return -1;
		if (!rc)
			return san_fail(c, c->out->kind == SAN_ORDINARY
					       ? "a marker, promotion or check"
					       : "a check mark or the end");
	}
	return 0;
}

/* ------------------------------------------------------ whole tokens */

static bool san_null(struct san_cur *c)
{
	static const char *const nulls[] = { "--", "Z0", "0000", "@@@@" };
	size_t i;

	for (i = 0; i < 4; i++)
		if (c->len == strlen(nulls[i]) && san_at(c, nulls[i])) {
			c->out->kind = SAN_NULL;
			c->pos = c->len;
			return true;
		}
	return false;
}

/* Castling with a Unicode hyphen or dash (lp_dash_len()) for any '-',
 * as typeset text writes it ("O‑O" with U+2011), its letters o: the
 * sides it names (1 or 2), or 0. */
static int san_castle_dashed(struct san_cur *c, char o)
{
	size_t pos = 1, dash;
	int sides = 0;

	while (sides < 2 && (dash = lp_dash_len(c->s + pos, c->len - pos)) &&
	       pos + dash < c->len && c->s[pos + dash] == o) {
		if (dash > 1)
			c->out->lenient |= SL_DASH_CASTLE;
		pos += dash + 1;
		sides++;
	}
	if (sides)
		c->pos = pos;
	return sides;
}

/* "O-O" or "O-O-O" from the start; leniently with zeros (all of them),
 * or with other dashes. */
static bool san_castle(struct san_cur *c)
{
	struct san *m = c->out;
	char o = c->s[0];
	int sides;

	if (o != 'O' && o != '0')
		return false;
	if (san_at(c, o == 'O' ? "O-O-O" : "0-0-0"))
		sides = 2, c->pos = 5;
	else if (san_at(c, o == 'O' ? "O-O" : "0-0"))
		sides = 1, c->pos = 3;
	else if (!(sides = san_castle_dashed(c, o)))
		return false;
	m->kind = sides == 2 ? SAN_CASTLE_LONG : SAN_CASTLE_SHORT;
	if (o == '0')
		m->lenient |= SL_ZERO_CASTLE;
	return true;
}

static bool san_flip(struct san_cur *c)
{
	if (c->len < 3 || !san_is_file(san_peek(c, 0)) ||
	    !san_is_rank(san_peek(c, 1)) || san_peek(c, 2) != '~')
		return false;
	c->out->kind = SAN_FLIP;
	c->out->to = (san_peek(c, 1) - '1') * 8 + san_peek(c, 0) - 'a';
	c->pos = 3;
	return true;
}

int san_parse(const char *s, size_t len, struct san *out, struct diag *err)
{
	struct san_cur c = { s, len, 0, out, err, false };

	san_clear(out);
	if (!len)
		return san_fail(&c, "a move");
	/* The reader glues a lone "e.p." or "ep" to the move before it;
	 * one left alone had none right before it (a comment, a number). */
	if (san_at_ep(&c))
		return san_refuse(&c, 0, "'e.p.' with no move right before it");
	if (san_null(&c))
		return 0;
	if (!san_castle(&c) && !san_flip(&c)) {
		san_mover(&c);
		if (san_squares(&c) < 0 || san_trailing_capture(&c) < 0)
			return -1;
		/* Long algebraic "Pe2-e4" may name the pawn; SAN may not. */
		if (out->piece == 'P' && !out->coordinate)
			out->lenient |= SL_PAWN_LETTER;
	}
	return san_suffixes(&c);
}

/* ------------------------------------------------- the plain shapes */

/* The plain shapes of grammar.h over a copy of the token padded with
 * NULs: they read PLAIN_SAN_READS bytes whatever the token's length, and
 * a NUL, no move byte, ends every shape. */
static int san_plain_shape(const char *token, size_t len, struct san *out)
{
	const char *end;

	if (san_is_file(token[0]))
		end = plain_pawn_san(token, out);
	else if (san_is_piece_letter(token[0]))
		end = plain_piece_san(token, out);
	else
		return -1;
	return end == token + len ? 0 : -1;
}

int san_parse_quick(const char *s, size_t len, struct san *out)
{
	char token[PLAIN_SAN_READS] = { 0 };

	if (len == 0 || len >= PLAIN_SAN_READS)	/* "exd8=Q+" is 7 */
		return -1;
	memcpy(token, s, len);
	return san_plain_shape(token, len, out);
}

/* Every shape reads a byte only after those before it matched, and a NUL
 * matches none: in place, none is read past the NUL. */
int san_parse_quick_text(const char *s, size_t len, struct san *out)
{
	if (len == 0 || len >= PLAIN_SAN_READS)
		return -1;
	return san_plain_shape(s, len, out);
}
