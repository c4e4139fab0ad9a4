/* The PGN export writer (pgn_write.c), the line formats (fen_lines.c) and
 * the comment commands (annotations.c): input PGN text, options, expected
 * output, as rows of tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../formats/internal.h"

enum writer { W_PGN, W_FEN, W_EPD, W_UCI_LINE };

/* Converts the first game of pgn with o; the output is malloc'ed. */
static char *convert(const char *pgn, const struct conv_opts *o,
		     enum writer w)
{
	struct pgn_reader_opts ro = { 0 };
	struct pgn_reader *r = pgn_reader_from_memory("t", pgn, strlen(pgn), &ro);
	struct pgn_game g;
	struct diag err;
	struct conv_game cg;
	struct replay_opts rep = { 0 };
	char *out = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&out, &n);
	pgn_game_init(&g);
	conv_game_init(&cg);
	assert_int_equal(pgn_reader_next(r, &g, NULL, NULL, &err), 1);
	bool variations = !o->strip_variations && !(w != W_PGN && o->mainline) &&
			  w != W_UCI_LINE;
	assert_int_equal(conv_game_replay(&cg, &g, &rep, variations, NULL, NULL), 0);
	switch (w) {
	case W_PGN: fmt_pgn_write_game(f, &cg, o); break;
	case W_FEN: fmt_fen_write_game(f, &cg, o, false); break;
	case W_EPD: fmt_fen_write_game(f, &cg, o, true); break;
	case W_UCI_LINE: fmt_uci_line_write_game(f, &cg, o); break;
	}
	fclose(f);
	conv_game_release(&cg);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return out;
}

static void check(const char *pgn, const struct conv_opts *o, enum writer w,
		  const char *want)
{
	char *got = convert(pgn, o, w);
	if (strcmp(got, want) != 0)
		fail_msg("input:\n%s\nwant:\n%s\ngot:\n%s", pgn, want, got);
	free(got);
}

#define ROSTER "[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"1\"]\n" \
	       "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n"

static const struct conv_opts plain = { .width = 80 };

/* ---------------------------------------------------------------- tags */

static void test_tag_order(void **state)
{
	(void)state;
	check("[ECO \"C20\"]\n[Result \"*\"]\n[White \"a \\\"b\\\" \\\\ c\"]\n"
	      "[Event \"e\"]\n[Black \"x\"]\n[Event \"again\"]\n\n1. e4 *\n",
	      &plain, W_PGN,
	      "[Event \"e\"]\n[White \"a \\\"b\\\" \\\\ c\"]\n[Black \"x\"]\n"
	      "[Result \"*\"]\n[ECO \"C20\"]\n[Event \"again\"]\n\n1. e4 *\n\n");
}

static void test_tag_modes(void **state)
{
	static const char game[] = ROSTER "[Annotator \"me\"]\n"
		"[Variant \"Tandem Pawn Chess\"]\n\n1. Te4 *\n";
	struct conv_opts o = plain;
	(void)state;
	o.tags = CONV_TAGS_ROSTER;
	check(game, &o, W_PGN, ROSTER "[Variant \"Tandem Pawn Chess\"]\n\n1. Te4 *\n\n");
	o.tags = CONV_TAGS_NONE;
	check(game, &o, W_PGN, "[Variant \"Tandem Pawn Chess\"]\n\n1. Te4 *\n\n");
	check("1. e4 *\n", &o, W_PGN, "1. e4 *\n\n");
}

/* ------------------------------------------------------------ movetext */

struct row {
	const char *in;		/* movetext after the roster */
	const char *out;	/* movetext written */
};

static void check_rows(const struct row *rows, size_t n,
		       const struct conv_opts *o)
{
	for (size_t i = 0; i < n; i++) {
		char in[2048], out[2048];
		snprintf(in, sizeof in, ROSTER "\n%s\n", rows[i].in);
		snprintf(out, sizeof out, ROSTER "\n%s\n\n", rows[i].out);
		check(in, o, W_PGN, out);
	}
}

static void test_movetext(void **state)
{
	static const struct row rows[] = {
		/* numbers: Black after a comment, a variation, at the start */
		{ "1.e4 e5 2.Nf3 {c} Nc6 *", "1. e4 e5 2. Nf3 {c} 2... Nc6 *" },
		{ "1. e4 (1. d4 d5) e5 *", "1. e4 (1. d4 d5) 1... e5 *" },
		{ "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *",
		  "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *" },
		/* suffixes and symbols become NAGs; a NAG moves before comments */
		{ "1. e4! e5?! 2. Nf3 += *", "1. e4 $1 e5 $6 2. Nf3 $14 *" },
		{ "1. e4 {a} $1 e5 *", "1. e4 $1 {a} 1... e5 *" },
		/* comments between variations go after the last one */
		{ "1. e4 (1. d4) {x} (1. c4) e5 *",
		  "1. e4 (1. d4) (1. c4) {x} 1... e5 *" },
		/* ';' comments: braces, unless they hold '}' */
		{ "1. e4 ; plain\ne5 *", "1. e4 { plain} 1... e5 *" },
		{ "1. e4 ; with } brace\ne5 *", "1. e4 ; with } brace\n1... e5 *" },
		/* comments byte for byte, line breaks inside kept */
		{ "1. e4 {two\nlines} e5 *", "1. e4 {two\nlines} 1... e5 *" },
		/* nested variations, a variation opening with a comment */
		{ "1. e4 e5 (1... c5 ({Or} 1... e6 2. d4)) *",
		  "1. e4 e5 (1... c5 ({Or} 1... e6 2. d4)) *" },
		/* escape lines keep their own line */
		{ "1. e4\n%private\ne5 *", "1. e4\n%private\n1... e5 *" },
		/* a null move, and no marker: the tag's result */
		{ "1. e4 -- 2. d4 *", "1. e4 -- 2. d4 *" },
		{ "1. e4 e5", "1. e4 e5 *" },
		/* a game comment, then moves */
		{ "{Intro} 1. e4 *", "{Intro} 1. e4 *" },
		/* castling, promotion, check marks fixed */
		{ "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8=Q Rxg8 *",
		  "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8=Q Rxg8 *" },
	};
	(void)state;
	check_rows(rows, sizeof rows / sizeof rows[0], &plain);
}

static void test_result_fallback(void **state)
{
	(void)state;
	check("[Result \"1-0\"]\n\n1. e4 e5\n", &plain, W_PGN,
	      "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n");
	check("[Result \"won\"]\n\n1. e4 e5\n", &plain, W_PGN,
	      "[Result \"won\"]\n\n1. e4 e5 *\n\n");
}

static void test_notations(void **state)
{
	static const char game[] = ROSTER "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 "
		"4. O-O Nf6 *\n";
	static const char *const want[] = {
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *",
		"1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. O-O Ng8-f6 *",
		"1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. e1g1 g8f6 *",
		"1. e4 e5 2. \xE2\x99\x98" "f3 \xE2\x99\x98" "c6 3. \xE2\x99\x97"
		"b5 a6 4. O-O \xE2\x99\x98" "f6 *",
	};
	static const enum notation ns[] = { NOTATION_SAN, NOTATION_LAN,
					    NOTATION_UCI, NOTATION_FIGURINE };
	(void)state;
	for (size_t i = 0; i < 4; i++) {
		struct conv_opts o = plain;
		char out[512];
		o.notation = ns[i];
		o.tags = CONV_TAGS_NONE;
		snprintf(out, sizeof out, "%s\n\n", want[i]);
		check(game, &o, W_PGN, out);
	}
}

static void test_wrapping(void **state)
{
	static const char game[] = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 "
		"4. O-O) 4. Ba4 Nf6 *\n";
	struct conv_opts o = { .width = 20 };
	(void)state;
	/* Lines shorter than 20; "N. move" stays together; the ')' that
	 * does not fit takes "4. O-O" with it. */
	check(game, &o, W_PGN,
	      "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 (3... Nf6\n4. O-O) 4. Ba4 Nf6\n"
	      "*\n\n");
	o.width = 0;
	check(game, &o, W_PGN,
	      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 *\n\n");
	/* A token longer than the line stands alone. */
	o.width = 10;
	check("1. e4 {a long comment} e5 *\n", &o, W_PGN,
	      "1. e4\n{a long comment}\n1... e5 *\n\n");
	/* Figurine glyphs take one column each. */
	o.width = 12;
	o.notation = NOTATION_FIGURINE;
	check("1. Nf3 Nf6 2. Nc3 *\n", &o, W_PGN,
	      "1. \xE2\x99\x98" "f3 \xE2\x99\x98" "f6\n2. \xE2\x99\x98" "c3 *\n\n");
}

static void test_strip(void **state)
{
	static const char game[] = "1. e4 $1 {[%clk 0:01:00]} (1. d4 {x}) "
		"e5 {keep [%clk 0:00:59] this} *\n";
	struct conv_opts o = plain;
	(void)state;
	o.strip_clocks = true;
	check(game, &o, W_PGN, "1. e4 $1 (1. d4 {x}) 1... e5 {keep this} *\n\n");
	o = plain;
	o.strip_comments = o.strip_nags = true;
	check(game, &o, W_PGN, "1. e4 (1. d4) 1... e5 *\n\n");
	o = plain;
	o.strip_variations = true;
	check(game, &o, W_PGN,
	      "1. e4 $1 {[%clk 0:01:00]} 1... e5 {keep [%clk 0:00:59] this} *\n\n");
}

/* -------------------------------------------------------- line formats */

static void test_lines(void **state)
{
	static const char game[] = "1. e4 (1. d4) e5 *\n";
	static const char start[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
	struct conv_opts o = plain;
	char want[1024];
	(void)state;
	check(game, &o, W_UCI_LINE, "e2e4 e7e5\n");
	snprintf(want, sizeof want,
		 "%s w KQkq - 0 1\t1\t0\n"
		 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\t1\t1\n"
		 "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\t1\t1(1).1\n"
		 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\t1\t2\n",
		 start);
	check(game, &o, W_FEN, want);
	o.mainline = true;
	snprintf(want, sizeof want,
		 "%s w KQkq - hmvc 0; fmvn 1; id \"1:0\";\n"
		 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1; id \"1:1\";\n"
		 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 hmvc 0; fmvn 2; id \"1:2\";\n",
		 start);
	check(game, &o, W_EPD, want);
}

/* --------------------------------------------------------- annotations */

static void test_clock(void **state)
{
	static const struct {
		const char *text;
		int rc;
		double seconds;
	} rows[] = {
		{ "0:03:00", 0, 180 }, { "1:02:03.5", 0, 3723.5 },
		{ "62:03", 0, 3723 }, { "59", 0, 59 }, { "0:00:00.25", 0, 0.25 },
		{ "", -1, 0 }, { "1:", -1, 0 }, { "1:2:3:4", -1, 0 },
		{ "0:01.", -1, 0 }, { "a", -1, 0 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		double s = -1;
		int rc = fmt_annot_clock(rows[i].text, strlen(rows[i].text), &s);
		assert_int_equal(rc, rows[i].rc);
		if (rc == 0 && s != rows[i].seconds)
			fail_msg("%s: %g", rows[i].text, s);
	}
}

static void test_strip_clocks(void **state)
{
	static const struct {
		const char *in, *out;
	} rows[] = {
		{ " [%clk 0:01:00] ", " " },
		{ "[%clk 0:01:00]", "" },
		{ " [%eval 0.2] [%clk 0:01:00] ", " [%eval 0.2] " },
		{ "[%clk 0:01:00] good", "good" },
		{ "x[%clk 1] [%emt 2] y", "xy" },
		{ "a [%clk 1] [%emt 2] b", "a b" },
		{ "no command [% here]", "no command [% here]" },
		{ "[%clkx 1]", "[%clkx 1]" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char out[64];
		size_t n = fmt_annot_strip_clocks(rows[i].in, strlen(rows[i].in), out);
		out[n] = 0;
		assert_string_equal(out, rows[i].out);
	}
}

static void test_annot_next(void **state)
{
	static const char text[] = "x [%eval  #-3,12 ] [%] [%csl Ga1,Rb2][%cal";
	const char *p = text, *end = text + strlen(text);
	struct annot_cmd c;
	(void)state;
	assert_true(fmt_annot_next(&p, end, &c));
	assert_int_equal(c.name_len, 4);
	assert_memory_equal(c.name, "eval", 4);
	assert_int_equal(c.args_len, 6);
	assert_memory_equal(c.args, "#-3,12", 6);
	assert_true(fmt_annot_next(&p, end, &c));
	assert_memory_equal(c.name, "csl", 3);
	assert_memory_equal(c.args, "Ga1,Rb2", c.args_len);
	assert_false(fmt_annot_next(&p, end, &c));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tag_order),
		cmocka_unit_test(test_tag_modes),
		cmocka_unit_test(test_movetext),
		cmocka_unit_test(test_result_fallback),
		cmocka_unit_test(test_notations),
		cmocka_unit_test(test_wrapping),
		cmocka_unit_test(test_strip),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_clock),
		cmocka_unit_test(test_strip_clocks),
		cmocka_unit_test(test_annot_next),
	};
	return cmocka_run_group_tests_name("pgn_write", tests, NULL, NULL);
}
