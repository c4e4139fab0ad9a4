/* The plain scanner (libparse/pgn_plain.h): the tokens it yields from
 * plain movetext, and where it stops.  It must stop wherever the movetext
 * lexer would do anything but make a move, number, NAG, comment or
 * marker item without a word; tests/unit/test_replay_quick.c checks the
 * fast path built on it against the general replay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn_plain.h"

/* The kinds of the tokens of text, one letter each: p pawn, n piece,
 * c castling, m a move left to read, 1 a number, E the marker, S stop. */
static const char *kinds(const char *text)
{
	static char out[64];
	const char *p = text, *end = text + strlen(text);
	size_t n = 0;
	for (;;) {
		struct plain_token t;
		enum plain_kind k = plain_next(&p, end, &t);
		out[n++] = "Spncm1E"[k];
		if (k == PLAIN_STOP || k == PLAIN_END || n == sizeof out - 1)
			break;
	}
	out[n] = 0;
	return out;
}

static void test_plain_games(void **state)
{
	(void)state;
	assert_string_equal(kinds("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n"),
			    "1pp1nn1nmE");
	assert_string_equal(kinds("1. e4 {best by test} e5 $1 2. Nf3! ; a line\n"
				  "Nc6 1/2-1/2\n\n"),
			    "1pp1nnE");
	assert_string_equal(kinds("1.e4 e5 2.O-O O-O-O+ 3... exd8=Q# 0-1"),
			    "1pp1cc1pE");
	assert_string_equal(kinds("12. Qxf7# *\n"), "1mE");
	/* Near the end the token is found first, then left to read. */
	assert_string_equal(kinds("e4 1-0"), "mE");
}

static void test_plain_stops(void **state)
{
	(void)state;
	static const char *const stop[] = {
		"1. e4 (1. d4) e5 1-0",		/* a variation */
		"1. e4(p) e5 1-0",		/* a push marker glued on */
		"1. e4. e5 1-0",		/* a token going on in '.' */
		"1. e4 $256 e5 1-0",		/* a NAG the lexer warns of */
		"1. e4 ?? ?!? e5 1-0",		/* no suffix annotation */
		"1. exd6 e.p. 1-0",		/* a lenient form */
		"1. 0-0 1-0",			/* another */
		"1. nf3 1-0",			/* another */
		"1234567890. e4 1-0",		/* ten digits */
		"1. e4 1-0 e5",			/* the marker before the end */
		"1. e4 *e5",			/* a '*' glued on */
		"1. e4 e5",			/* no marker */
		"1. e4 e5 1-0(",		/* a marker going on */
		"1. e4 e5 {open 1-0",		/* a comment never closed */
	};
	for (size_t i = 0; i < sizeof stop / sizeof stop[0]; i++) {
		const char *k = kinds(stop[i]);
		if (k[strlen(k) - 1] != 'S')
			fail_msg("'%s': %s, no stop", stop[i], k);
	}
	assert_string_equal(kinds("1. e4 $255 e5 1-0"), "1pmE");
}

static void test_plain_moves(void **state)
{
	(void)state;
	const char *text = "Nbxd7+ e8=N R1e2 ", *p = text;
	const char *end = text + strlen(text);
	struct plain_token t = { .len = 0 };
	assert_int_equal(plain_next(&p, end, &t), PLAIN_PIECE);
	assert_true(t.san.piece == 'N' && t.san.from_file == 1 &&
		    t.san.from_rank == -1 && t.san.capture &&
		    t.san.to == 51 && t.san.check == '+' && t.text == text);
	assert_int_equal(plain_next(&p, end, &t), PLAIN_PAWN);
	assert_true(t.san.piece == 0 && t.san.to == 60 &&
		    t.san.promotion == 'N' && !t.san.capture);
	assert_int_equal(plain_next(&p, end, &t), PLAIN_MOVE);
	assert_true(t.len == 4 && !memcmp(t.text, "R1e2", 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_games),
		cmocka_unit_test(test_plain_stops),
		cmocka_unit_test(test_plain_moves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
