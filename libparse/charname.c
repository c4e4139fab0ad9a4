/* Characters named for diagnostics.  A file that says "1–0" with an en
 * dash, or "O‑O" with a non-breaking hyphen, is told what it holds:
 * "U+2013 EN DASH '–'", where a byte ("0xe2") would tell a reader
 * nothing and the character alone may look like the one expected.  The
 * names are Unicode's, for the characters that stand in chess text
 * where ASCII belongs (pawnkit-notation(5), MOVETEXT): dashes and
 * hyphens, quotes, the one-half sign, the glyphs of printed annotation,
 * the chess pieces, fullwidth letters and digits, and the invisible
 * spaces and marks that word processors leave.  Any other character is
 * its code point alone. */
#include <stdio.h>

#include "grammar.h"
#include "utf8.h"

/* shown: the character itself may follow its name in a message; not for
 * those a terminal shows as nothing or obeys (spaces, joiners, marks). */
struct char_name {
	uint32_t cp;
	bool shown;
	const char *name;
};

/* In code point order (char_lookup() searches it by halves). */
static const struct char_name char_names[] = {
	{ 0x00A0, false, "NO-BREAK SPACE" },
	{ 0x00AB, true, "LEFT-POINTING DOUBLE ANGLE QUOTATION MARK" },
	{ 0x00AD, false, "SOFT HYPHEN" },
	{ 0x00B1, true, "PLUS-MINUS SIGN" },
	{ 0x00BB, true, "RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK" },
	{ 0x00BD, true, "VULGAR FRACTION ONE HALF" },
	{ 0x00D7, true, "MULTIPLICATION SIGN" },
	{ 0x200B, false, "ZERO WIDTH SPACE" },
	{ 0x200C, false, "ZERO WIDTH NON-JOINER" },
	{ 0x200D, false, "ZERO WIDTH JOINER" },
	{ 0x200E, false, "LEFT-TO-RIGHT MARK" },
	{ 0x200F, false, "RIGHT-TO-LEFT MARK" },
	{ 0x2010, true, "HYPHEN" },
	{ 0x2011, true, "NON-BREAKING HYPHEN" },
	{ 0x2012, true, "FIGURE DASH" },
	{ 0x2013, true, "EN DASH" },
	{ 0x2014, true, "EM DASH" },
	{ 0x2015, true, "HORIZONTAL BAR" },
	{ 0x2018, true, "LEFT SINGLE QUOTATION MARK" },
	{ 0x2019, true, "RIGHT SINGLE QUOTATION MARK" },
	{ 0x201C, true, "LEFT DOUBLE QUOTATION MARK" },
	{ 0x201D, true, "RIGHT DOUBLE QUOTATION MARK" },
	{ 0x2020, true, "DAGGER" },
	{ 0x2021, true, "DOUBLE DAGGER" },
	{ 0x2026, true, "HORIZONTAL ELLIPSIS" },
	{ 0x2028, false, "LINE SEPARATOR" },
	{ 0x2029, false, "PARAGRAPH SEPARATOR" },
	{ 0x202F, false, "NARROW NO-BREAK SPACE" },
	{ 0x203C, true, "DOUBLE EXCLAMATION MARK" },
	{ 0x2047, true, "DOUBLE QUESTION MARK" },
	{ 0x2048, true, "QUESTION EXCLAMATION MARK" },
	{ 0x2049, true, "EXCLAMATION QUESTION MARK" },
	{ 0x2060, false, "WORD JOINER" },
	{ 0x2191, true, "UPWARDS ARROW" },
	{ 0x2192, true, "RIGHTWARDS ARROW" },
	{ 0x21C6, true, "LEFTWARDS ARROW OVER RIGHTWARDS ARROW" },
	{ 0x2206, true, "INCREMENT" },
	{ 0x2207, true, "NABLA" },
	{ 0x2212, true, "MINUS SIGN" },
	{ 0x2213, true, "MINUS-OR-PLUS SIGN" },
	{ 0x221E, true, "INFINITY" },
	{ 0x2295, true, "CIRCLED PLUS" },
	{ 0x2313, true, "SEGMENT" },
	{ 0x25A1, true, "WHITE SQUARE" },
	{ 0x27F3, true, "CLOCKWISE GAPPED CIRCLE ARROW" },
	{ 0x2A00, true, "N-ARY CIRCLED DOT OPERATOR" },
	{ 0x2A71, true, "EQUALS SIGN ABOVE PLUS SIGN" },
	{ 0x2A72, true, "PLUS SIGN ABOVE EQUALS SIGN" },
	{ 0xFEFF, false, "BYTE ORDER MARK" },
	{ 0xFF03, true, "FULLWIDTH NUMBER SIGN" },
	{ 0xFF0B, true, "FULLWIDTH PLUS SIGN" },
	{ 0xFF0D, true, "FULLWIDTH HYPHEN-MINUS" },
	{ 0xFF1D, true, "FULLWIDTH EQUALS SIGN" },
};

static const struct char_name *char_lookup(uint32_t cp)
{
	size_t lo = 0, hi = sizeof char_names / sizeof char_names[0];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (char_names[mid].cp == cp)
			return &char_names[mid];
		if (char_names[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The names Unicode makes by rule: the chess pieces, and the fullwidth
 * digits and Latin letters that input methods for Chinese, Japanese and
 * Korean type.  The name into buf, or false. */
static bool char_rule_name(uint32_t cp, char *buf, size_t size)
{
	static const char *const pieces[6] = { "KING", "QUEEN", "ROOK",
					       "BISHOP", "KNIGHT", "PAWN" };
	static const char *const digits[10] = { "ZERO", "ONE", "TWO", "THREE",
						"FOUR", "FIVE", "SIX", "SEVEN",
						"EIGHT", "NINE" };
	if (cp >= 0x2654 && cp <= 0x265F)
		snprintf(buf, size, "%s CHESS %s", cp < 0x265A ? "WHITE" : "BLACK",
			 pieces[(cp - 0x2654) % 6]);
	else if (cp >= 0xFF10 && cp <= 0xFF19)
		snprintf(buf, size, "FULLWIDTH DIGIT %s", digits[cp - 0xFF10]);
	else if ((cp >= 0xFF21 && cp <= 0xFF3A) || (cp >= 0xFF41 && cp <= 0xFF5A))
		snprintf(buf, size, "FULLWIDTH LATIN %s LETTER %c",
			 cp < 0xFF41 ? "CAPITAL" : "SMALL",
			 (char)('A' + (cp - 0xFF01) % 32));
	else
		return false;
	return true;
}

/* The code point of the valid UTF-8 sequence of n bytes at u. */
static uint32_t char_decode(const unsigned char *u, size_t n)
{
	uint32_t cp = u[0] & (0x7Fu >> n);

	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (u[i] & 0x3Fu);
	return cp;
}

size_t lp_char_name(const char *s, size_t avail, char *buf, size_t size)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = u[0] < 0x80 ? 1 : utf8_length(u, avail);

	if (u[0] >= 0x20 && u[0] < 0x7F) {
		snprintf(buf, size, "'%c'", u[0]);
		return 1;
	}
	/* Control bytes (printed escaped) and bytes that are not UTF-8. */
	if (u[0] < 0x80 || !n) {
		snprintf(buf, size, "byte 0x%02x", u[0]);
		return 0;
	}
	uint32_t cp = char_decode(u, n);
	const struct char_name *c = char_lookup(cp);
	char rule[48];
	const char *name = c ? c->name
			     : char_rule_name(cp, rule, sizeof rule) ? rule : NULL;
	if (!name)
		snprintf(buf, size, "U+%04X", (unsigned)cp);
	else if (c && !c->shown)
		snprintf(buf, size, "U+%04X %s", (unsigned)cp, name);
	else
		snprintf(buf, size, "U+%04X %s '%.*s'", (unsigned)cp, name,
			 (int)n, s);
	return n;
}

size_t lp_utf8_cut(const char *s, size_t len, size_t max)
{
	size_t n = len < max ? len : max;

	/* Back over the continuation bytes of a character cut at n. */
	while (n < len && n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}
