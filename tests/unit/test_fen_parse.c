/* fen_parse(): accepted forms field by field, and one reject per fault with
 * the message text and column it must carry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn.h"

static int parse(const char *s, struct fen_syntax *f, struct diag *d)
{
	memset(d, 0, sizeof *d);
	return fen_parse(s, strlen(s), f, d);
}

static void test_start_position(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR "
			       "w KQkq - 0 1", &f, &d), 0);
	assert_int_equal(f.sq[0].piece, 'R');
	assert_int_equal(f.sq[4].piece, 'K');
	assert_int_equal(f.sq[12].piece, 'P');
	assert_int_equal(f.sq[60].piece, 'k');
	assert_int_equal(f.sq[63].piece, 'r');
	assert_int_equal(f.sq[27].piece, 0);
	assert_int_equal(f.side, 'w');
	assert_string_equal(f.castling, "KQkq");
	assert_int_equal(f.ep_square, -1);
	assert_int_equal(f.ep_landing, -1);
	assert_true(f.has_clocks);
	assert_int_equal(f.halfmove, 0);
	assert_int_equal(f.fullmove, 1);
	assert_int_equal(f.features, FEN_F_PLAIN_PAWN);
}

static void test_no_clocks_and_blanks(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse("  8/8/8/8/8/8/8/K6k   b  qK\t e3  ", &f, &d),
			 0);
	assert_false(f.has_clocks);
	assert_int_equal(f.fullmove, 1);
	assert_int_equal(f.side, 'b');
	assert_string_equal(f.castling, "qK");
	assert_int_equal(f.ep_square, 20);
	/* Rooks' files (Shredder-FEN, X-FEN), kept as written. */
	assert_int_equal(parse("8/8/8/8/8/8/8/K6k w HAhb -", &f, &d), 0);
	assert_string_equal(f.castling, "HAhb");
	assert_int_equal(parse("8/8/8/8/8/8/8/K6k w KCk -", &f, &d), 0);
	assert_string_equal(f.castling, "KCk");
	assert_int_equal(f.features, 0);
	/* A tandem pawn's step from the first rank passes rank 2 or 7. */
	assert_int_equal(parse("4k3/8/8/8/8/3pP3/8/K7 b - e2 0 1", &f, &d), 0);
	assert_int_equal(f.ep_square, 12);
	assert_int_equal(parse("4k3/8/8/8/8/8/8/K7 w - d7", &f, &d), 0);
	assert_int_equal(f.ep_square, 51);
	assert_int_equal(parse("4k3/8/8/8/8/8/8/K7 w - d6c5", &f, &d), 0);
	assert_int_equal(f.ep_landing, 34);
}

static void test_clocks(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse("8/8/8/8/8/8/8/K6k w - - 49 120", &f, &d), 0);
	assert_int_equal(f.halfmove, 49);
	assert_int_equal(f.fullmove, 120);
	assert_int_equal(parse("8/8/8/8/8/8/8/K6k w - - 0 0", &f, &d), 0);
	assert_int_equal(f.fullmove, 1);
	assert_int_equal(parse("8/8/8/8/8/8/8/K6k w - - 4294967295 1", &f, &d),
			 0);
	assert_int_equal(f.halfmove, 4294967295u);
}

static void test_tandem(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse("rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR "
			       "w KQkq - 0 1", &f, &d), 0);
	assert_int_equal(f.sq[8].piece, 'T');
	assert_int_equal(f.sq[55].piece, 't');
	assert_int_equal(f.features, FEN_F_TANDEM);
}

static void test_codes(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse("4k3/p{cmc}7/8/8/8/8/P{XCO}P6/4K3 w - d3e4",
			       &f, &d), 0);
	assert_int_equal(f.sq[48].piece, 'p');
	assert_string_equal(f.sq[48].code, "CMC");
	assert_int_equal(f.sq[8].piece, 'P');
	assert_string_equal(f.sq[8].code, "XCO");
	assert_string_equal(f.sq[9].code, "");
	assert_int_equal(f.features, FEN_F_CODES | FEN_F_PLAIN_PAWN);
	assert_int_equal(f.ep_square, 19);
	assert_int_equal(f.ep_landing, 28);
}

static void test_shared(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse("4k3/8/8/4(Nb)3/8/8/8/4K3 w - -", &f, &d), 0);
	assert_int_equal(f.sq[36].piece, 'N');
	assert_int_equal(f.sq[36].second, 'b');
	assert_int_equal(f.sq[37].piece, 0);
	assert_int_equal(f.features, FEN_F_SHARED);
	/* A tandem counts inside ( ) too, first or second (it had not:
	 * Pauli took "(Tb)" with a tandem that never moved). */
	assert_int_equal(parse("4k3/8/8/4(Tb)3/8/8/8/4K3 w - -", &f, &d), 0);
	assert_int_equal(f.features, FEN_F_SHARED | FEN_F_TANDEM);
	assert_int_equal(parse("4k3/8/8/4(Nt)3/8/8/8/4K3 w - -", &f, &d), 0);
	assert_int_equal(f.features, FEN_F_SHARED | FEN_F_TANDEM);
}

/* Where each field and each square's token was written, for the faults
 * librules finds later. */
static void test_columns(void **state)
{
	struct fen_syntax f;
	struct diag d;
	(void)state;
	assert_int_equal(parse(" 3(Nb)P{CMC}3/8/8/8/8/8/8/K6k  b KQ d6 0 12",
			       &f, &d), 0);
	assert_int_equal(f.field_col[FEN_BOARD], 2);
	assert_int_equal(f.field_col[FEN_SIDE], 32);
	assert_int_equal(f.field_col[FEN_CASTLING], 34);
	assert_int_equal(f.field_col[FEN_EN_PASSANT], 37);
	assert_int_equal(f.field_col[FEN_HALFMOVE], 40);
	assert_int_equal(f.field_col[FEN_FULLMOVE], 42);
	/* a8 to c8 are the digit's, d8 the '(', e8 the 'P', f8 to h8 the
	 * last digit's. */
	assert_int_equal(f.sq_col[56], 2);
	assert_int_equal(f.sq_col[58], 2);
	assert_int_equal(f.sq_col[59], 3);
	assert_int_equal(f.sq_col[60], 7);
	assert_int_equal(f.sq_col[63], 13);
	assert_int_equal(f.sq_col[0], 27);
	assert_int_equal(f.sq_col[7], 29);
	assert_int_equal(parse("8/8/8/8/8/8/8/K6k w - -", &f, &d), 0);
	assert_int_equal(f.field_col[FEN_HALFMOVE], 0);
}

struct reject {
	const char *fen;
	const char *message;
	unsigned col;
};

static const struct reject rejects[] = {
	{ "", "board: missing", 1 },
	{ "   ", "board: missing", 4 },
	{ "8/8/8/8/8/8/8/K6k1 w - -", "board: rank 1 has 9 squares", 18 },
	{ "8/8/8/8/8/ppppppppp/8/K6k w - -", "board: rank 3 has 9 squares",
	  19 },
	{ "8/8/8/8/8/7/8/K6k w - -", "board: rank 3 has 7 squares", 12 },
	{ "8/8/8/8/8/8/K6k w - -", "board: 7 ranks, expected 8", 16 },
	{ "K w - -", "board: rank 8 has 1 square", 2 },
	{ "8 w - -", "board: 1 rank, expected 8", 2 },
	{ "8/8/8/8/8/8/8/8/K6k w - -", "board: more than 8 ranks", 16 },
	{ "8/8/8/8/8/8/8/K6x w - -", "board: expected a piece letter, a digit "
	  "1-8 or '/', got 'x'", 17 },
	{ "8/8/8/8/8/8/8/K5k0 w - -", "got '0'", 18 },
	{ "8/8/8/8/8/8/8/K6k9 w - -", "got '9'", 18 },
	{ "8/8/8/8/8/8/8/N{CMC}6k w - -", "a code '{...}' may follow only a "
	  "pawn", 16 },
	{ "8/8/8/8/8/8/8/P{CM}6k w - -", "board: expected a pawn code of "
	  "three letters M C O X, got '}'", 19 },
	{ "8/8/8/8/8/8/8/P{CMA}6k w - -", "got 'A'", 19 },
	{ "8/8/8/8/8/8/8/P{CMCO}6k w - -", "'}' closing the pawn code", 20 },
	{ "8/8/8/8/8/8/8/(N)6k w - -", "a second piece letter inside", 17 },
	{ "8/8/8/8/8/8/8/(NBR)5k w - -", "')' after two pieces", 18 },
	{ "8/8/8/8/8/8/8/(P{CMC}b)5k w - -", "a second piece letter", 17 },
	{ "8/8/8/8/8/8/8/(Nb 6k w - -", "got end of field", 18 },
	{ "8/8/8/8/8/8/8/K6k", "side: missing", 18 },
	{ "8/8/8/8/8/8/8/K6k x - -", "side: expected 'w' or 'b', got 'x'",
	  19 },
	{ "8/8/8/8/8/8/8/K6k white - -", "side: expected one letter", 20 },
	{ "8/8/8/8/8/8/8/K6k w", "castling: missing", 20 },
	{ "8/8/8/8/8/8/8/K6k w KQI -", "castling: expected letters of KQkq, "
	  "files A-H a-h, or '-', got 'I'", 23 },
	{ "8/8/8/8/8/8/8/K6k w KQkqA -", "castling: more than four rights",
	  25 },
	{ "8/8/8/8/8/8/8/K6k w KQK -", "castling: a letter is repeated", 23 },
	{ "8/8/8/8/8/8/8/K6k w -K -", "castling: expected a blank after "
	  "'-', got 'K'", 22 },
	{ "8/8/8/8/8/8/8/K6k w -", "en passant: missing", 22 },
	{ "8/8/8/8/8/8/8/K6k w - e4", "en passant: the square must be on "
	  "rank 2, 3, 6 or 7", 23 },
	{ "8/8/8/8/8/8/8/K6k w - e1", "en passant: the square must be", 23 },
	{ "8/8/8/8/8/8/8/K6k w - e8", "en passant: the square must be", 23 },
	{ "8/8/8/8/8/8/8/K6k w - i3", "en passant: expected a square or '-'",
	  23 },
	{ "8/8/8/8/8/8/8/K6k w - e", "en passant: expected a square", 23 },
	{ "8/8/8/8/8/8/8/K6k w - d3g4", "does not adjoin", 25 },
	{ "8/8/8/8/8/8/8/K6k w - d3d5", "does not adjoin", 25 },
	{ "8/8/8/8/8/8/8/K6k w - d6e4", "does not adjoin", 25 },
	{ "8/8/8/8/8/8/8/K6k w - d3e4x", "en passant: expected the end", 27 },
	{ "8/8/8/8/8/8/8/K6k w - -x", "en passant: expected the end", 24 },
	{ "8/8/8/8/8/8/8/K6k w - - -1 1", "halfmove: expected a number, got "
	  "'-'", 25 },
	{ "8/8/8/8/8/8/8/K6k w - - +1 1", "halfmove: expected a number", 25 },
	{ "8/8/8/8/8/8/8/K6k w - - 1x 1", "halfmove: expected a digit, got "
	  "'x'", 26 },
	{ "8/8/8/8/8/8/8/K6k w - - 4294967296 1", "halfmove: number too large",
	  34 },
	{ "8/8/8/8/8/8/8/K6k w - - 0", "fullmove: missing", 26 },
	{ "8/8/8/8/8/8/8/K6k w - - 0 99999999999", "fullmove: number too "
	  "large", 36 },
	{ "8/8/8/8/8/8/8/K6k w - - 0 1 x", "fen: unexpected text after the "
	  "fullmove number", 29 },
	{ "8/8/8/8/8/8/8/K6k w - - 0 1 0", "unexpected text", 29 },
	{ "8/8/8/8/8/8/8/K6k w - - bm e4;", "halfmove: expected a number, "
	  "got 'b'", 25 },
};

static void test_rejects(void **state)
{
	size_t i, bad = 0;
	(void)state;
	for (i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
		struct fen_syntax f;
		struct diag d;
		const struct reject *r = &rejects[i];
		int rc = parse(r->fen, &f, &d);
		if (rc != -1 || !strstr(d.message, r->message) ||
		    d.col != r->col || d.code != DC_FEN) {
			print_error("fen \"%s\": rc %d, col %u, message \"%s\";"
				    " want col %u, \"%s\"\n", r->fen, rc,
				    (unsigned)d.col, d.message, r->col,
				    r->message);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

static void test_nul_and_len(void **state)
{
	struct fen_syntax f;
	struct diag d;
	static const char s[] = "8/8/8/8/8/8/8/K6k w - - 0 1";
	(void)state;
	memset(&d, 0, sizeof d);
	/* The length bounds the text: no NUL needed, none read past. */
	assert_int_equal(fen_parse(s, 23, &f, &d), 0);
	assert_false(f.has_clocks);
	assert_int_equal(fen_parse("8/8/8/8/8/8/8/K6k\0w - -", 23, &f, &d),
			 -1);
	assert_string_equal(d.message, "board: expected a piece letter, a "
			    "digit 1-8 or '/', got '\\x00'");
}

/* ------------------------------------------------------- fen_record_parse */

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

static int record(const char *s, struct fen_record *r, struct diag *d)
{
	memset(d, 0, sizeof *d);
	return fen_record_parse(s, strlen(s), r, d);
}

static void test_record_board_alone(void **state)
{
	struct fen_record r;
	struct diag d;
	(void)state;
	assert_int_equal(record(START, &r, &d), 0);
	assert_true(r.board_only);
	assert_int_equal(r.fen.side, 'w');
	assert_string_equal(r.fen.castling, "-");
	assert_int_equal(r.fen.ep_square, -1);
	assert_int_equal(r.fen.fullmove, 1);
	assert_int_equal(record(START " ", &r, &d), 0);
	assert_true(r.board_only);
}

static void test_record_columns(void **state)
{
	struct fen_record r;
	struct diag d;
	(void)state;
	assert_int_equal(record(START " b KQkq - 3 9\t12\t7", &r, &d), 0);
	assert_int_equal(r.fen.halfmove, 3);
	assert_int_equal(r.fen.fullmove, 9);
	assert_string_equal(r.variant, "");
	assert_int_equal(record(START " w KQkq - 0 1\t2\t0\tchess960", &r, &d), 0);
	assert_string_equal(r.variant, "chess960");
	assert_int_equal(r.variant_col, strlen(START " w KQkq - 0 1\t2\t0\t") + 1);
	/* Four fields, then the columns: the game number is no clock. */
	assert_int_equal(record(START " w KQkq -\t5\t1", &r, &d), 0);
	assert_int_equal(r.fen.halfmove, 0);
	assert_false(r.fen.has_clocks);
}

static void test_record_epd(void **state)
{
	struct fen_record r;
	struct diag d;
	(void)state;
	assert_int_equal(record(START " w KQkq - hmvc 4; fmvn 12; variant "
				"\"tandem\"; id \"1:0\"; c0 \"a; b\";", &r, &d), 0);
	assert_int_equal(r.fen.halfmove, 4);
	assert_int_equal(r.fen.fullmove, 12);
	assert_string_equal(r.variant, "tandem");
	assert_int_equal(record(START " w KQkq - ;D1 20 ;D2 400", &r, &d), 0);
	assert_int_equal(r.perft_given, 6);
	assert_int_equal(r.perft[1], 20);
	assert_int_equal(r.perft[2], 400);
	assert_int_equal(record(START " w KQkq - 0 1 ;D3 8902", &r, &d), 0);
	assert_true(r.fen.has_clocks);
	assert_int_equal(r.perft_given, 8);
	assert_int_equal(record(START " w KQkq - bm e4 d4 ; variant chess960",
				&r, &d), 0);
	assert_string_equal(r.variant, "chess960");
}

static void expect_record_error(const char *s, const char *message,
				uint32_t col)
{
	struct fen_record r;
	struct diag d;
	assert_int_equal(record(s, &r, &d), -1);
	assert_string_equal(d.message, message);
	assert_int_equal(d.col, col);
}

static void test_record_rejects(void **state)
{
	(void)state;
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - 5bm e4;",
			    "halfmove: expected a digit, got 'b'", 27);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - id \"open;",
			    "epd: id: a string without its closing '\"'", 29);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - hmvc x;",
			    "epd: hmvc: expected a number", 31);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - fmvn;",
			    "epd: fmvn: expected a number", 26);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - D64 1;",
			    "epd: D64: a depth from 0 to 63", 26);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - D1 1 2;",
			    "epd: D1: expected one number, got more", 26);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - variant;",
			    "epd: variant: expected one variant id", 26);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - 9x;",
			    "halfmove: expected a digit, got 'x'", 27);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - b.m e4;",
			    "epd: expected letters, digits or '_' in an opcode, "
			    "got '.'", 27);
	expect_record_error("8/8/8/8/8/8/8/4K2k w - - 0 1 junk",
			    "epd: junk: no ';' ends the operation", 34);
	expect_record_error("8/8/8/8/8/8/8/4K2k w",
			    "castling: missing", 21);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_position),
		cmocka_unit_test(test_no_clocks_and_blanks),
		cmocka_unit_test(test_clocks),
		cmocka_unit_test(test_tandem),
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_shared),
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_nul_and_len),
		cmocka_unit_test(test_record_board_alone),
		cmocka_unit_test(test_record_columns),
		cmocka_unit_test(test_record_epd),
		cmocka_unit_test(test_record_rejects),
	};
	return cmocka_run_group_tests_name("fen_parse", tests, NULL, NULL);
}
