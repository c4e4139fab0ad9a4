/* san_parse(): a table of tokens and what they must say, written as a
 * short description ("move N g1 f3 coord lan"), and a table of rejects with
 * the column and message they must carry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn.h"

static void add(char *buf, size_t n, const char *part)
{
	size_t used = strlen(buf);
	snprintf(buf + used, n - used, "%s", part);
}

/* kind piece from to, then the optional parts in a fixed order. */
static void describe(const struct san *m, char *buf, size_t n)
{
	static const char *const kinds[] = { "move", "O-O", "O-O-O", "flip",
					     "null" };
	static const char *const markers[] = { "", " ^", " &", " (p)" };
	char to[3] = "--", part[8];

	if (m->to >= 0)
		square_name(m->to, to);
	snprintf(buf, n, "%s %c %c%c %s", kinds[m->kind],
		 m->piece ? m->piece : '-',
		 m->from_file >= 0 ? 'a' + m->from_file : '?',
		 m->from_rank >= 0 ? '1' + m->from_rank : '?', to);
	if (m->capture) {
		snprintf(part, sizeof part, " x%.1s", &m->victim);
		add(buf, n, part);
	}
	add(buf, n, markers[m->marker]);
	if (m->promotion) {
		snprintf(part, sizeof part, " =%c", m->promotion);
		add(buf, n, part);
	}
	if (m->check) {
		snprintf(part, sizeof part, " %c", m->check);
		add(buf, n, part);
	}
	add(buf, n, m->coordinate ? " coord" : "");
	add(buf, n, m->lan ? " lan" : "");
	add(buf, n, m->lenient & SL_ZERO_CASTLE ? " zero" : "");
	add(buf, n, m->lenient & SL_LOWER_PIECE ? " lower" : "");
	add(buf, n, m->lenient & SL_EP_SUFFIX ? " ep" : "");
	add(buf, n, m->lenient & SL_CAPITAL_FILE ? " capital" : "");
	add(buf, n, m->lenient & SL_PAWN_LETTER ? " pawnletter" : "");
	add(buf, n, m->lenient & SL_PLUS_MATE ? " plusmate" : "");
	add(buf, n, m->lenient & SL_DAGGER_MATE ? " daggermate" : "");
	add(buf, n, m->lenient & SL_DASH_CASTLE ? " dash" : "");
}

struct accept {
	const char *text;
	const char *want;
};

static const struct accept accepts[] = {
	/* SAN */
	{ "e4", "move - ?? e4" },
	{ "e8=Q", "move - ?? e8 =Q" },
	{ "e8Q", "move - ?? e8 =Q" },
	{ "e8=q", "move - ?? e8 =Q" },
	{ "e8q", "move - ?? e8 =Q" },
	{ "bxc8=N+", "move - b? c8 x =N +" },
	{ "exd5", "move - e? d5 x" },
	{ "e:d5", "move - e? d5 x" },
	{ "exd6e.p.", "move - e? d6 x ep" },
	{ "exd6e.p.+", "move - e? d6 x + ep" },
	{ "e5d6e.p.", "move - e5 d6 coord ep" },
	{ "e4e.p.", "move - ?? e4 ep" },
	/* pgn-extract's -Welalg and -Wxlalg write "ep" after two squares,
	 * some scoresheets after SAN; the resolver says whether it fits */
	{ "e5d6ep", "move - e5 d6 coord ep" },
	{ "e5xd6ep+", "move - e5 d6 x + coord lan ep" },
	{ "exd6ep", "move - e? d6 x ep" },
	{ "exd6ep+", "move - e? d6 x + ep" },
	{ "exd6+ep", "move - e? d6 x + ep" },
	{ "ed6ep", "move - e? d6 ep" },
	{ "e4ep", "move - ?? e4 ep" },
	{ "Nxd6ep", "move N ?? d6 x ep" },
	{ "Nf3", "move N ?? f3" },
	{ "Nbd7", "move N b? d7" },
	{ "N1d2", "move N ?1 d2" },
	{ "Qh4e1", "move Q h4 e1 coord" },
	{ "Qh4xe1#", "move Q h4 e1 x # coord lan" },
	{ "Bxc3", "move B ?? c3 x" },
	{ "bxc3", "move - b? c3 x" },
	{ "bc4", "move - b? c4" },
	{ "de3", "move - d? e3" },
	{ "exe3", "move - e? e3 x" },
	{ "Kxf1", "move K ?? f1 x" },
	{ "O-O", "O-O - ?? --" },
	{ "O-O-O+", "O-O-O - ?? -- +" },
	{ "0-0", "O-O - ?? -- zero" },
	{ "0-0-0#", "O-O-O - ?? -- # zero" },
	/* old mate marks, read as '#' */
	{ "Qxf7++", "move Q ?? f7 x # plusmate" },
	{ "Qxf7\xe2\x80\xa1", "move Q ?? f7 x # daggermate" },
	{ "O-O++", "O-O - ?? -- # plusmate" },
	{ "e8=Q++", "move - ?? e8 =Q # plusmate" },
	/* castling with a Unicode hyphen or dash: U+2011 NON-BREAKING
	 * HYPHEN, U+2013 EN DASH, U+2212 MINUS SIGN, U+2010 HYPHEN, U+2012
	 * FIGURE DASH, U+2014 EM DASH; with zeros too */
	{ "O\xe2\x80\x91O", "O-O - ?? -- dash" },
	{ "O\xe2\x80\x93O-O+", "O-O-O - ?? -- + dash" },
	{ "O\xe2\x88\x92O\xe2\x88\x92O", "O-O-O - ?? -- dash" },
	{ "O\xe2\x80\x90O", "O-O - ?? -- dash" },
	{ "O\xe2\x80\x92O", "O-O - ?? -- dash" },
	{ "O\xe2\x80\x94O#", "O-O - ?? -- # dash" },
	{ "0\xe2\x80\x93" "0", "O-O - ?? -- zero dash" },
	/* lower-case piece letters; 'b' stays a file */
	{ "nf3", "move N ?? f3 lower" },
	{ "qh5", "move Q ?? h5 lower" },
	{ "rd1", "move R ?? d1 lower" },
	{ "kf1", "move K ?? f1 lower" },
	{ "nxe5", "move N ?? e5 x lower" },
	/* the pawn's letter: lenient in SAN, long algebraic's own form */
	{ "Pe4", "move P ?? e4 pawnletter" },
	{ "Pexd5", "move P e? d5 x pawnletter" },
	{ "Pe2-e4", "move P e2 e4 coord lan" },
	/* variant markers */
	{ "Te4", "move T ?? e4" },
	{ "Txd5", "move T ?? d5 x" },
	{ "Te8=Q", "move T ?? e8 =Q" },
	{ "e5^", "move - ?? e5 ^" },
	{ "e8^=Q", "move - ?? e8 ^ =Q" },
	{ "e4(p)", "move - ?? e4 (p)" },
	{ "Nf3&", "move N ?? f3 &" },
	{ "Ngf3&+", "move N g? f3 & +" },
	{ "e4&", "move - ?? e4 &" },
	{ "NxBe5", "move N ?? e5 xB" },
	{ "c3~", "flip - ?? c3" },
	{ "c3~+", "flip - ?? c3 +" },
	/* Regan's capital file for a tandem unit; B stays a bishop, but
	 * "B4" (no destination for a bishop) is the b-file unit */
	{ "E4", "move T e? e4 capital" },
	{ "Exd5", "move T e? d5 x capital" },
	{ "A3", "move T a? a3 capital" },
	{ "Bxd5", "move B ?? d5 x" },
	{ "B4", "move T b? b4 capital" },
	{ "B3+", "move T b? b3 + capital" },
	{ "B4e6", "move B ?4 e6" },
	{ "B4xe6", "move B ?4 e6 x" },
	/* LAN */
	{ "Ng1-f3", "move N g1 f3 coord lan" },
	{ "e2-e4", "move - e2 e4 coord lan" },
	{ "e4xd5", "move - e4 d5 x coord lan" },
	{ "Te2-e4", "move T e2 e4 coord lan" },
	{ "Te4xd5", "move T e4 d5 x coord lan" },
	{ "Te7-e8=Q", "move T e7 e8 =Q coord lan" },
	{ "e3-e5^", "move - e3 e5 ^ coord lan" },
	{ "e6-e8^=Q", "move - e6 e8 ^ =Q coord lan" },
	{ "e5-e4(p)", "move - e5 e4 (p) coord lan" },
	{ "Ng1-f3&", "move N g1 f3 & coord lan" },
	{ "Nf3xBe5", "move N f3 e5 xB coord lan" },
	/* coordinates */
	{ "e2e4", "move - e2 e4 coord" },
	{ "e7e8q", "move - e7 e8 =Q coord" },
	{ "Te2e4", "move T e2 e4 coord" },
	{ "Te7e8q", "move T e7 e8 =Q coord" },
	{ "e3e5^", "move - e3 e5 ^ coord" },
	{ "e6e8^q", "move - e6 e8 ^ =Q coord" },
	{ "e5e4(p)", "move - e5 e4 (p) coord" },
	{ "g1f3&", "move - g1 f3 & coord" },
	{ "f3e5xB", "move - f3 e5 xB coord" },
	{ "d4e3x", "move - d4 e3 x coord" },
	{ "Qd7d6", "move Q d7 d6 coord" },
	{ "e1g1", "move - e1 g1 coord" },
	/* null moves */
	{ "--", "null - ?? --" },
	{ "Z0", "null - ?? --" },
	{ "0000", "null - ?? --" },
	{ "@@@@", "null - ?? --" },
	/* figurine SAN */
	{ "\xe2\x99\x98" "f3", "move N ?? f3" },
	{ "\xe2\x99\x99\xe2\x99\x99" "e4", "move T ?? e4" },
};

static void test_accepts(void **state)
{
	size_t i, bad = 0;
	(void)state;
	for (i = 0; i < sizeof accepts / sizeof accepts[0]; i++) {
		struct san m;
		struct diag d;
		char got[128];
		const struct accept *a = &accepts[i];
		memset(&d, 0, sizeof d);
		if (san_parse(a->text, strlen(a->text), &m, &d) != 0) {
			print_error("'%s' rejected: %s (col %u)\n", a->text,
				    d.message, (unsigned)d.col);
			bad++;
			continue;
		}
		describe(&m, got, sizeof got);
		if (strcmp(got, a->want)) {
			print_error("'%s': got \"%s\", want \"%s\"\n", a->text,
				    got, a->want);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

struct reject {
	const char *text;
	unsigned col;
	const char *message;
};

static const struct reject rejects[] = {
	{ "", 1, "expected a move at the end" },
	{ "z", 1, "expected a move, got 'z'" },
	{ "e", 2, "expected a rank 1-8 at the end" },
	{ "e9", 2, "expected a rank 1-8, got '9'" },
	{ "i4", 1, "expected a move, got 'i'" },
	{ "N", 2, "expected a destination square at the end" },
	{ "Nx", 3, "expected a destination square at the end" },
	{ "exd", 4, "expected a rank 1-8 at the end" },
	{ "e4!", 3, "expected a marker, promotion or check, got '!'" },
	{ "e4 ", 3, "got ' '" },
	{ "e8=", 4, "expected a piece letter Q R B N after '='" },
	{ "e8=K", 4, "expected a piece letter Q R B N after '=', got 'K'" },
	{ "Nf3=Q", 4, "a promotion after a piece move in 'Nf3=Q'" },
	{ "e8=Q=R", 5, "a second promotion" },
	{ "e4+++", 5, "a second check mark" },
	{ "e4#+", 4, "a second check mark" },
	{ "e4+\xe2\x80\xa1", 4, "a second check mark" },
	{ "e4^&", 4, "a second marker" },
	{ "exd6e.p.e.p.", 9, "a second 'e.p.'" },
	{ "e5d6epep", 7, "a second 'e.p.'" },
	{ "exd6e.p.ep", 9, "a second 'e.p.'" },
	{ "exd6epx", 7, "expected a marker, promotion or check, got 'x'" },
	{ "exd6e", 5, "expected a marker, promotion or check, got 'e'" },
	/* the reader glues these to the move before; left alone, none was */
	{ "e.p.", 1, "'e.p.' with no move right before it" },
	{ "ep", 1, "'e.p.' with no move right before it" },
	{ "ep+", 1, "'e.p.' with no move right before it" },
	{ "e4xd5x", 6, "expected a marker, promotion or check, got 'x'" },
	{ "exd5x", 5, "got 'x'" },
	{ "O-O-", 4, "expected a check mark or the end, got '-'" },
	{ "O-", 1, "expected a move, got 'O'" },
	{ "c3~~", 4, "got '~'" },
	{ "---", 1, "expected a move, got '-'" },
	{ "Z00", 1, "expected a move, got 'Z'" },
	{ "e2-", 4, "expected a destination square at the end" },
	{ "N-f3", 2, "expected a destination square, got '-'" },
	{ "e4(q)", 3, "got '('" },
	{ "\x80", 1, "got byte 0x80" },
	/* characters named, not bytes; the token shown whole */
	{ "1\xe2\x80\x93" "0", 2, "expected a move, got U+2013 EN DASH "
				  "'\xe2\x80\x93' in '1\xe2\x80\x93" "0'" },
	/* U+2015 HORIZONTAL BAR is no dash of castling */
	{ "O\xe2\x80\x95O", 1, "expected a move, got 'O' in 'O\xe2\x80\x95O'" },
	{ "\xe2\x99\x94\xe2\x99\x94", 4, "expected a destination square, got "
		"U+2654 WHITE CHESS KING '\xe2\x99\x94' in" },
	{ "e4\xc2\xa0", 3, "expected a marker, promotion or check, got U+00A0 "
			    "NO-BREAK SPACE in 'e4\xc2\xa0'" },
	{ "e4\xe4\xb8\xad", 3, "got U+4E2D in 'e4\xe4\xb8\xad'" },
	{ "\xef\xbd\x85\xef\xbc\x94", 1, "expected a move, got U+FF45 "
		"FULLWIDTH LATIN SMALL LETTER E '\xef\xbd\x85' in" },
	{ "e4\xe2\x80", 3, "got byte 0xe2" },
	{ "e4\x1b", 3, "got byte 0x1b" },
};

static void test_rejects(void **state)
{
	size_t i, bad = 0;
	(void)state;
	for (i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
		struct san m;
		struct diag d;
		const struct reject *r = &rejects[i];
		int rc;
		memset(&d, 0, sizeof d);
		rc = san_parse(r->text, strlen(r->text), &m, &d);
		if (rc != -1 || d.col != r->col || d.code != DC_BAD_MOVE ||
		    !strstr(d.message, r->message)) {
			print_error("'%s': rc %d col %u \"%s\"; want col %u "
				    "\"%s\"\n", r->text, rc, (unsigned)d.col,
				    d.message, r->col, r->message);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* The length bounds the token: text after it is never read. */
static void test_length_bound(void **state)
{
	struct san m;
	struct diag d;
	(void)state;
	assert_int_equal(san_parse("e4xd5", 2, &m, &d), 0);
	assert_int_equal(m.to, 28);
	assert_false(m.capture);
	assert_int_equal(san_parse("O-O-O", 3, &m, &d), 0);
	assert_int_equal(m.kind, SAN_CASTLE_SHORT);
	assert_int_equal(san_parse("nf3", 1, &m, &d), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accepts),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_length_bound),
	};
	return cmocka_run_group_tests_name("san_parse", tests, NULL, NULL);
}
