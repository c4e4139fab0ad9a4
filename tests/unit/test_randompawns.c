/* Random Pawns Chess (librules/variants/randompawns.c): each rule of
 * pawnkit-variants(7) with a position where it applies and one where a
 * condition fails; the code helpers, the roll and [PawnTypes]; the perft
 * suites tests/perft/randompawns*.epd; and a slow reference move generator
 * written here from the rule text alone, compared with the library on
 * perft trees and random games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../librules/variant.h"
#include "support.h"

#define RP (&variant_randompawns)
#define RPF (&variant_randompawns_flip)

/* ---------------------------------------------------------------- helpers */

/* The shared helpers (support.h) on Random Pawns positions. */
static void load(struct position *pos, const char *fen)
{
	load_fen(pos, fen, RP);
}

static void assert_rejected(const char *fen, const char *message)
{
	assert_fen_rejected(fen, RP, message);
}

static bool has_move(const struct position *pos, const char *from,
		     const char *to, int promo, unsigned flags)
{
	return is_legal(pos, coord_move(from, to, promo, flags));
}

static bool has(const char *fen, const char *from, const char *to,
		unsigned flags)
{
	return fen_has_move(RP, fen, coord_move(from, to, 0, flags));
}

/* Legal moves from square from. */
static unsigned count_from(const struct position *pos, const char *from)
{
	return count_moves(pos, from, NULL);
}

static void play(struct position *pos, const char *from, const char *to,
		 int promo, unsigned flags)
{
	play_legal(pos, coord_move(from, to, promo, flags));
}

static uint8_t code_of(const char *letters)
{
	uint8_t code = 0;
	assert_int_equal(code_parse(letters, &code), 0);
	return code;
}

/* ------------------------------------------------------------ code helpers */

static void test_code_from_d20_table(void **state)
{
	/* pawnkit-variants(7), the d20 table, column by column. */
	static const char *const table[21] = {
		"", "MMM", "MMC", "MCM", "MCC", "CMM", "CMC", "CCM", "CCC",
		"OXM", "OXC", "OMX", "OCX", "XOM", "XOC", "MOX", "COX", "MXO",
		"CXO", "XMO", "XCO",
	};
	(void)state;
	for (int n = 1; n <= 20; n++) {
		char name[4];
		code_name(code_from_d20(n), name);
		assert_string_equal(name, table[n]);
	}
	assert_int_equal(code_from_d20(6), CODE_FIDE);
	assert_int_equal(code_from_d20(0), 0);
	assert_int_equal(code_from_d20(21), 0);
	assert_int_equal(code_from_d20(-1), 0);
}

static void test_code_parse(void **state)
{
	uint8_t code = 99;
	(void)state;
	/* Bits: left in 0-1, forward 2-3, right 4-5; X 0, M 1, C 2, O 3. */
	/* CODE_SET marks every code, so that XXX is not "no code" (0). */
	assert_int_equal(code_of("CMC"), CODE_SET | 2 | 1 << 2 | 2 << 4);
	assert_int_equal(code_of("MCM"), CODE_SET | 1 | 2 << 2 | 1 << 4);
	assert_int_equal(code_of("OXX"), CODE_SET | 3);
	assert_int_equal(code_of("XXO"), CODE_SET | 3 << 4);
	assert_int_equal(code_of("XXX"), CODE_SET);
	assert_int_equal(code_of("cmc"), CODE_FIDE);
	static const char *const bad[] = { "CM", "CMCX", "CMZ", "", "C C",
					   "123" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(code_parse(bad[i], &code), -1);
	assert_int_equal(code, 99);	/* untouched on error */
	/* Every code, XXX included, names itself. */
	for (int c = 0; c < 64; c++) {
		char name[4];
		code_name((uint8_t)(CODE_SET | c), name);
		assert_int_equal(code_of(name), CODE_SET | c);
	}
}

/* ------------------------------------------------------ moves, one square */

/* A White pawn on d4 (not its rank 2: no two-square moves) with letter l
 * in direction d and X elsewhere; the target square empty or holding a
 * black knight. */
static void one_direction(int d, char letter, bool enemy, bool *moves,
			  bool *captures)
{
	static const char *const target[3] = { "c5", "d5", "e5" };
	static const char *const knight[3] = {
		"4k3/8/8/2n5/3P{%s}4/8/8/4K3 w - - 0 1",
		"4k3/8/8/3n4/3P{%s}4/8/8/4K3 w - - 0 1",
		"4k3/8/8/4n3/3P{%s}4/8/8/4K3 w - - 0 1",
	};
	char code[4] = "XXX", fen[80];
	code[d] = letter;
	snprintf(fen, sizeof fen, enemy ? knight[d] :
		 "4k3/8/8/8/3P{%s}4/8/8/4K3 w - - 0 1", code);
	*moves = has(fen, "d4", target[d], 0);
	*captures = has(fen, "d4", target[d], MF_CAPTURE);
}

static void test_each_letter_each_direction(void **state)
{
	(void)state;
	for (int d = 0; d < 3; d++)
		for (const char *l = "XMCO"; *l; l++) {
			bool can_move = *l == 'M' || *l == 'O';
			bool can_take = *l == 'C' || *l == 'O';
			bool m, c;
			one_direction(d, *l, false, &m, &c);
			assert_int_equal(m, can_move);
			assert_false(c);
			one_direction(d, *l, true, &m, &c);
			assert_false(m);
			assert_int_equal(c, can_take);
		}
}

/* A Black pawn's left is toward the h-file. */
static void test_black_left_right_mirrored(void **state)
{
	const char *left = "4k3/8/8/3p{MXX}4/8/8/8/4K3 b - - 0 1";
	const char *right = "4k3/8/8/3p{XXM}4/8/8/8/4K3 b - - 0 1";
	(void)state;
	assert_true(has(left, "d5", "e4", 0));
	assert_false(has(left, "d5", "c4", 0));
	assert_true(has(right, "d5", "c4", 0));
	assert_false(has(right, "d5", "e4", 0));
	/* Captures likewise: C on the left takes on e4, not on c4. */
	const char *both = "4k3/8/8/3p{CXX}4/2N1N3/8/8/4K3 b - - 0 1";
	assert_true(has(both, "d5", "e4", MF_CAPTURE));
	assert_false(has(both, "d5", "c4", MF_CAPTURE));
	/* A White pawn's left is toward the a-file. */
	const char *white = "4k3/8/8/2n1n3/3P{CXX}4/8/8/4K3 w - - 0 1";
	assert_true(has(white, "d4", "c5", MF_CAPTURE));
	assert_false(has(white, "d4", "e5", MF_CAPTURE));
}

static void test_no_sideways_or_back(void **state)
{
	struct position pos;
	(void)state;
	/* OOO on d4 with every neighbour holding an enemy knight: only the
	 * three squares ahead. */
	load(&pos, "4k3/8/8/2nnn3/2nP{OOO}n3/2nnn3/8/7K w - - 0 1");
	assert_int_equal(count_from(&pos, "d4"), 3);
}

/* ------------------------------------------------------------ first move */

static void test_two_square_moves(void **state)
{
	struct position pos;
	(void)state;
	/* d2 MMM: one and two squares in each direction. */
	load(&pos, "4k3/8/8/8/8/8/3P{MMM}4/4K3 w - - 0 1");
	assert_int_equal(count_from(&pos, "d2"), 6);
	assert_true(has_move(&pos, "d2", "b4", 0, MF_DOUBLE));
	assert_true(has_move(&pos, "d2", "d4", 0, MF_DOUBLE));
	assert_true(has_move(&pos, "d2", "f4", 0, MF_DOUBLE));
	/* O counts as M; C and X give no quiet two-square move. */
	load(&pos, "4k3/8/8/8/8/8/3P{OCX}4/4K3 w - - 0 1");
	assert_true(has_move(&pos, "d2", "b4", 0, MF_DOUBLE));
	assert_int_equal(count_from(&pos, "d2"), 2);	/* c3, b4 */
	/* Passed square blocked (own or enemy piece): no two-square move;
	 * the blocked landing square is not reachable either. */
	load(&pos, "4k3/8/8/8/8/2N1n3/3P{MXM}4/4K3 w - - 0 1");
	assert_false(has_move(&pos, "d2", "b4", 0, MF_DOUBLE));
	assert_false(has_move(&pos, "d2", "f4", 0, MF_DOUBLE));
	/* Landing square occupied: no quiet two-square move. */
	load(&pos, "4k3/8/8/8/1n6/8/3P{MXX}4/4K3 w - - 0 1");
	assert_false(has_move(&pos, "d2", "b4", 0, MF_DOUBLE));
	assert_false(has_move(&pos, "d2", "b4", 0, MF_CAPTURE));
	/* Not on its rank 2: one square only. */
	load(&pos, "4k3/8/8/8/8/3P{MMM}4/8/4K3 w - - 0 1");
	assert_int_equal(count_from(&pos, "d3"), 3);
	/* Black from its rank 2 (the 7th). */
	load(&pos, "4k3/3p{MXX}4/8/8/8/8/8/4K3 b - - 0 1");
	assert_true(has_move(&pos, "d7", "f5", 0, MF_DOUBLE));
}

static void test_two_square_captures(void **state)
{
	struct position pos;
	(void)state;
	/* d2 CXO: takes b4 two squares away over an empty c3; O on the right
	 * takes f4 too.  M letters never capture two squares away. */
	load(&pos, "4k3/8/8/8/1n1n1n2/8/3P{CMO}4/4K3 w - - 0 1");
	assert_true(has_move(&pos, "d2", "b4", 0, MF_CAPTURE));
	assert_true(has_move(&pos, "d2", "f4", 0, MF_CAPTURE));
	assert_false(has_move(&pos, "d2", "d4", 0, MF_CAPTURE));
	/* Passed square blocked: no capture. */
	load(&pos, "4k3/8/8/8/1n3n2/2N1n3/3P{CXO}4/4K3 w - - 0 1");
	assert_false(has_move(&pos, "d2", "b4", 0, MF_CAPTURE));
	assert_false(has_move(&pos, "d2", "f4", 0, MF_CAPTURE));
	assert_true(has_move(&pos, "d2", "e3", 0, MF_CAPTURE));
	/* A two-square capture sets no e.p. square. */
	load(&pos, "4k3/8/8/8/1n6/8/3P{CXX}4/4K3 w - - 0 1");
	play(&pos, "d2", "b4", 0, MF_CAPTURE);
	assert_fen_text(&pos, "4k3/8/8/8/1P{CXX}6/8/8/4K3 b - - 0 1");
}

/* A pawn on its rank 2 checks two squares away along a C/O direction when
 * the square between is empty; it counts for check, mate and setups. */
static void test_check_by_rank2_pawn(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "8/8/8/8/6k1/8/4P{CXC}3/4K3 b - - 0 1");
	assert_true(position_in_check(&pos));
	/* Blocked on f3: no check; Kxf3 steps into the one-square capture. */
	load(&pos, "8/8/8/8/6k1/5N2/4P{CXC}3/4K3 b - - 0 1");
	assert_false(position_in_check(&pos));
	assert_false(has_move(&pos, "g4", "f3", 0, MF_CAPTURE));
	/* The same pawn off its rank 2 does not reach. */
	load(&pos, "8/8/8/6k1/8/4P{CXC}3/8/4K3 b - - 0 1");
	assert_false(position_in_check(&pos));
	/* M does not attack. */
	load(&pos, "8/8/8/8/6k1/8/4P{CXM}3/4K3 b - - 0 1");
	assert_false(position_in_check(&pos));
	/* The side not to move may not stand in such a check. */
	assert_rejected("8/8/8/8/6k1/8/4P{CXC}3/4K3 w - - 0 1",
			"side: Black, not to move, is in check");
	/* A black pawn on d7 checks a king on f5 over e6 (Black's left). */
	load(&pos, "4k3/3p{CXX}4/8/5K2/8/8/8/8 w - - 0 1");
	assert_true(position_in_check(&pos));
	/* A knight on the passed square is pinned there: it may not leave. */
	load(&pos, "4k3/3p{CXX}4/4N3/5K2/8/8/8/8 w - - 0 1");
	assert_false(position_in_check(&pos));
	assert_int_equal(count_from(&pos, "e6"), 0);
	/* A bishop there keeps to the line: it may take d7, nothing else. */
	load(&pos, "4k3/3p{CXX}4/4B3/5K2/8/8/8/8 w - - 0 1");
	assert_int_equal(count_from(&pos, "e6"), 1);
	assert_true(has_move(&pos, "e6", "d7", 0, MF_CAPTURE));
}

/* ------------------------------------------------------------ en passant */

static void test_double_step_sets_ep(void **state)
{
	struct position pos;
	(void)state;
	/* Diagonal: the passed square and the landing square (long form). */
	load(&pos, "4k3/8/8/8/8/8/2P{XXM}5/4K3 w - - 0 1");
	play(&pos, "c2", "e4", 0, MF_DOUBLE);
	assert_int_equal(pos.ep, square("d3"));
	assert_int_equal(pos.ep_victim, square("e4"));
	assert_fen_text(&pos, "4k3/8/8/8/4P{XXM}3/8/8/4K3 b - d3e4 0 1");
	/* Straight: the short form is enough. */
	load(&pos, "4k3/8/8/8/8/8/2P{XMX}5/4K3 w - - 0 1");
	play(&pos, "c2", "c4", 0, MF_DOUBLE);
	assert_fen_text(&pos, "4k3/8/8/8/2P{XMX}5/8/8/4K3 b - c3 0 1");
	/* Black diagonal to its left (toward h). */
	load(&pos, "4k3/2p{MXX}5/8/8/8/8/8/4K3 b - - 0 1");
	play(&pos, "c7", "e5", 0, MF_DOUBLE);
	assert_fen_text(&pos, "4k3/8/8/4p{MXX}3/8/8/8/4K3 w - d6e5 0 2");
}

static void test_ep_diagonal_long_form(void **state)
{
	struct position pos;
	(void)state;
	/* White went c2-e4 over d3.  c4 (OXX: O to its left, d3) takes e.p.
	 * and also has the quiet step to d3; d4 (XCM) takes e.p. straight. */
	const char *fen = "4k3/8/8/8/2p{OXX}p{XCM}P{XMM}3/8/8/4K3 b - d3e4 0 1";
	load(&pos, fen);
	assert_int_equal(pos.ep_victim, square("e4"));
	assert_true(has_move(&pos, "c4", "d3", 0, MF_EP | MF_CAPTURE));
	assert_true(has_move(&pos, "c4", "d3", 0, 0));
	assert_true(has_move(&pos, "d4", "d3", 0, MF_EP | MF_CAPTURE));
	play(&pos, "c4", "d3", 0, MF_EP | MF_CAPTURE);
	assert_fen_text(&pos, "4k3/8/8/8/3p{XCM}4/3p{OXX}4/8/4K3 w - - 0 2");
	/* Without the e.p. field: no e.p. capture. */
	load(&pos, "4k3/8/8/8/2p{OXX}p{XCM}P{XMM}3/8/8/4K3 b - - 0 1");
	assert_false(has_move(&pos, "d4", "d3", 0, MF_EP | MF_CAPTURE));
	/* A pawn with only M toward the passed square cannot take e.p. */
	load(&pos, "4k3/8/8/8/2p{MXX}1P{XMM}3/8/8/4K3 b - d3e4 0 1");
	assert_false(has_move(&pos, "c4", "d3", 0, MF_EP | MF_CAPTURE));
	assert_true(has_move(&pos, "c4", "d3", 0, 0));
	/* After a two-square capture: no e.p. (nothing to resolve, refused). */
	assert_rejected("4k3/8/8/8/4P{XXC}3/8/8/4K3 b - d3e4 0 1",
			"en passant: no pawn can just have passed d3 to land "
			"on e4");
	/* The pawn named cannot have come that way (c4 has X to its left). */
	assert_rejected("4k3/8/8/8/2P{XMX}5/8/8/4K3 b - d3c4 0 1",
			"en passant: no pawn can just have passed d3 to land "
			"on c4");
	/* Origin occupied. */
	assert_rejected("4k3/8/8/8/4P{XXM}3/8/2N5/4K3 b - d3e4 0 1",
			"en passant: no pawn can just have passed d3 to land "
			"on e4");
}

/* pawnkit-notation(5): the short form means the straight move when it fits, else
 * the one diagonal move that fits; two diagonal fits are an error. */
static void test_ep_short_form(void **state)
{
	struct position pos;
	(void)state;
	/* Straight: d4 XMX, d2 empty. */
	load(&pos, "4k3/8/8/8/3P{XMX}4/8/8/4K3 b - d3 0 1");
	assert_int_equal(pos.ep_victim, square("d4"));
	/* Straight wins even when a diagonal fits as well (e4 XXM). */
	load(&pos, "4k3/8/8/8/3P{XMX}P{XXM}3/8/8/4K3 b - d3 0 1");
	assert_int_equal(pos.ep_victim, square("d4"));
	/* d4 cannot have gone straight (XXM): the diagonal from c2 to e4... */
	load(&pos, "4k3/8/8/8/3P{XXM}P{XXM}3/8/8/4K3 b - d3 0 1");
	assert_int_equal(pos.ep_victim, square("e4"));
	/* ...or from e2 to c4 (MXX: White's left). */
	load(&pos, "4k3/8/8/8/2P{MXX}5/8/8/4K3 b - d3 0 1");
	assert_int_equal(pos.ep_victim, square("c4"));
	assert_fen_text(&pos, "4k3/8/8/8/2P{MXX}5/8/8/4K3 b - d3c4 0 1");
	/* Straight origin d2 occupied: the diagonal is taken. */
	load(&pos, "4k3/8/8/8/3P{XMX}P{XXM}3/8/3N4/4K3 b - d3 0 1");
	assert_int_equal(pos.ep_victim, square("e4"));
	/* Two diagonals fit. */
	assert_rejected("4k3/8/8/8/2P{MXX}1P{XXM}3/8/8/4K3 b - d3 0 1",
			"en passant: d3 is ambiguous: the pawns on c4 and e4 "
			"could both have passed it; give the landing square "
			"too");
	load(&pos, "4k3/8/8/8/2P{MXX}1P{XXM}3/8/8/4K3 b - d3c4 0 1");
	assert_int_equal(pos.ep_victim, square("c4"));
	/* None fits. */
	assert_rejected("4k3/8/8/8/3P{XCX}4/8/8/4K3 b - d3 0 1",
			"en passant: no pawn can just have passed d3");
	/* Occupied square, or the wrong side's rank 3. */
	assert_rejected("4k3/8/8/8/3P{XMX}4/3N4/8/4K3 b - d3 0 1",
			"en passant: d3 is not an empty square on the 3rd "
			"rank of the side that just moved");
	assert_rejected("4k3/8/8/3p{XMX}4/8/8/8/4K3 b - d6 0 1",
			"en passant: d6 is not an empty square on the 3rd "
			"rank of the side that just moved");
	/* Black moved: passed square on rank 6, diagonal to the h-side. */
	load(&pos, "4k3/8/8/4p{MXX}3/8/8/8/4K3 w - d6 0 2");
	assert_int_equal(pos.ep_victim, square("e5"));
	/* The long form naming the straight square: that pawn, as
	 * written, or an error (it had been read as the short form, and
	 * so as c4's diagonal move). */
	load(&pos, "4k3/8/8/8/3P{XMX}4/8/8/4K3 b - d3d4 0 1");
	assert_int_equal(pos.ep_victim, square("d4"));
	assert_fen_text(&pos, "4k3/8/8/8/3P{XMX}4/8/8/4K3 b - d3 0 1");
	assert_rejected("4k3/8/8/8/2P{MXX}5/8/8/4K3 b - d3d4 0 1",
			"en passant: no pawn can just have passed d3 to land "
			"on d4");
	assert_rejected("4k3/8/8/8/2P{MXX}1P{XXM}3/8/8/4K3 b - d3d4 0 1",
			"en passant: no pawn can just have passed d3 to land "
			"on d4");
}

/* ------------------------------------------------------------- promotion */

static void test_promotion(void **state)
{
	struct position pos;
	(void)state;
	/* b7 MXX: a diagonal non-capture to a8 promotes; X forward. */
	load(&pos, "4k3/1P{MXX}6/8/8/8/8/8/4K3 w - - 0 1");
	assert_int_equal(count_from(&pos, "b7"), 4);
	for (int t = KNIGHT; t <= QUEEN; t++)
		assert_true(has_move(&pos, "b7", "a8", t, 0));
	assert_false(has_move(&pos, "b7", "a8", 0, 0));
	play(&pos, "b7", "a8", KNIGHT, 0);
	/* The code is gone with the pawn. */
	assert_fen_text(&pos, "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
	assert_int_equal(pos.code[square("a8")], 0);
	/* Straight capture (C forward) promotes too. */
	load(&pos, "1r2k3/1P{XCX}6/8/8/8/8/8/4K3 w - - 0 1");
	assert_true(has_move(&pos, "b7", "b8", QUEEN, MF_CAPTURE));
	assert_int_equal(count_from(&pos, "b7"), 4);
	/* Black promotes on rank 1, to its left (toward h). */
	load(&pos, "4k3/8/8/8/8/8/1p{MXX}6/4K3 b - - 0 1");
	assert_true(has_move(&pos, "b2", "c1", ROOK, 0));
}

/* ------------------------------------------------------------------ flips */

static void test_flip_mapping(void **state)
{
	static const struct { const char *before, *after; } cases[] = {
		{ "MXX", "CXX" }, { "CXX", "MXX" }, { "XMX", "XCX" },
		{ "XXC", "XXM" }, { "OMC", "OCM" }, { "CMC", "MCM" },
		{ "MOX", "COX" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position pos;
		char fen[80], want[80];
		snprintf(fen, sizeof fen, "4k3/8/8/8/8/3P{%s}4/8/4K3 w - - 7 9",
			 cases[i].before);
		snprintf(want, sizeof want,
			 "4k3/8/8/8/8/3P{%s}4/8/4K3 b - - 0 9", cases[i].after);
		load_fen(&pos, fen, RPF);
		uint64_t key = pos.key;
		play(&pos, "d3", "d3", 0, MF_FLIP);
		/* A pawn move: the clock resets. */
		assert_fen_text(&pos, want);
		assert_true(pos.key != key);
		assert_true(pos.key == position_compute_key(&pos));
	}
}

static void test_flip_illegal_cases(void **state)
{
	struct position pos;
	(void)state;
	/* A flip leaving the code unchanged is no move. */
	static const char *const same[] = { "OXO", "XOX", "OOO", "XXO" };
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
		char fen[80];
		snprintf(fen, sizeof fen, "4k3/8/8/8/8/3P{%s}4/8/4K3 w - - 0 1",
			 same[i]);
		load_fen(&pos, fen, RPF);
		assert_false(has_move(&pos, "d3", "d3", 0, MF_FLIP));
	}
	/* No flips in plain randompawns. */
	load(&pos, "4k3/8/8/8/8/3P{CMC}4/8/4K3 w - - 0 1");
	assert_false(has_move(&pos, "d3", "d3", 0, MF_FLIP));
	/* Never out of check, even one that would stop the checking pawn
	 * from being attacked: a flip never changes the enemy's attacks. */
	load_fen(&pos, "4k3/4r3/8/8/8/3P{CMC}4/8/4K3 w - - 0 1", RPF);
	assert_false(has_move(&pos, "d3", "d3", 0, MF_FLIP));
	/* The enemy's pawns are not flipped. */
	load_fen(&pos, "4k3/8/8/3p{CMC}4/8/8/8/4K3 w - - 0 1", RPF);
	assert_false(has_move(&pos, "d5", "d5", 0, MF_FLIP));
	/* A pinned pawn may flip: nothing moves. */
	load_fen(&pos, "4k3/4r3/8/8/8/4P{CMC}3/8/4K3 w - - 0 1", RPF);
	assert_true(has_move(&pos, "e3", "e3", 0, MF_FLIP));
}

/* A flip may give check: the flipped pawn's new capture reaches the king. */
static void test_flip_gives_check(void **state)
{
	struct position pos;
	(void)state;
	/* d4 MXX becomes CXX: it attacks c5, not the king on e5. */
	load_fen(&pos, "8/8/8/4k3/3P{MXX}4/8/8/4K3 w - - 0 1", RPF);
	play(&pos, "d4", "d4", 0, MF_FLIP);
	assert_false(position_in_check(&pos));
	/* d4 XXM becomes XXC: e5 is attacked, Black is in check. */
	load_fen(&pos, "8/8/8/4k3/3P{XXM}4/8/8/4K3 w - - 0 1", RPF);
	play(&pos, "d4", "d4", 0, MF_FLIP);
	assert_true(position_in_check(&pos));
	/* All eight king steps (Kxd4 too): the pawn guards e5 only. */
	assert_int_equal(count_from(&pos, "e5"), 8);
}

/* ---------------------------------------------------------- bookkeeping */

static void test_codes_travel(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/3n4/4P{COX}3/8/8/4K3 w - - 3 1");
	play(&pos, "e4", "d5", 0, MF_CAPTURE);
	assert_int_equal(pos.code[square("e4")], 0);
	assert_int_equal(pos.code[square("d5")], code_of("COX"));
	assert_fen_text(&pos, "4k3/8/8/3P{COX}4/8/8/8/4K3 b - - 0 1");
	/* A captured pawn's code goes with it. */
	load(&pos, "4k3/8/8/3p{MMM}4/8/8/8/3RK3 w - - 0 1");
	play(&pos, "d1", "d5", 0, MF_CAPTURE);
	assert_int_equal(pos.code[square("d5")], 0);
	assert_fen_text(&pos, "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1");
	/* A piece move advances the clock; a pawn move resets it. */
	load(&pos, "4k3/8/8/8/8/8/3P{MMM}4/3RK3 w - - 3 1");
	play(&pos, "d1", "c1", 0, 0);
	assert_int_equal(pos.halfmove, 4);
}

static void test_setup_checks(void **state)
{
	(void)state;
	assert_rejected("4k3/8/8/8/8/8/8/P{CMC}3K3 w - - 0 1",
			"board: pawn on a1 (rank 1 or 8)");
	assert_rejected("3P{CMC}k3/8/8/8/8/8/8/4K3 w - - 0 1",
			"board: pawn on d8 (rank 1 or 8)");
	assert_rejected("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1",
			"board: every pawn needs a code in randompawns "
			"(P{CMC} for a FIDE pawn)");
	/* XXX is a code like any other (pawnkit-notation(5): three of M C O X): a
	 * pawn that neither moves nor takes, and still blocks and is taken. */
	struct position xxx;
	load_fen(&xxx, "4k3/8/8/8/3n4/8/3P{XXX}4/4K3 w - - 0 1", RP);
	assert_int_equal(count_moves(&xxx, "d2", NULL), 0);
	assert_fen(&xxx, "4k3/8/8/8/3n4/8/3P{XXX}4/4K3 w - - 0 1");
	struct position pos;
	position_start(&pos, RP);
	assert_int_equal(pos.code[square("h2")], CODE_FIDE);
	assert_int_equal(pos.code[square("a7")], CODE_FIDE);
}

/* Castling follows FIDE, with the variant's attacks: a pawn's code says
 * which square next to it on the back rank it attacks. */
static void test_castling(void **state)
{
	(void)state;
	/* Black e2: C to its right (toward a) hits d1, harmless to O-O; C to
	 * its left (toward h) hits f1, the square the king passes. */
	assert_true(has("4k3/8/8/8/8/8/4p{XXC}3/4K2R w K - 0 1", "e1", "g1",
			MF_CASTLE));
	assert_false(has("4k3/8/8/8/8/8/4p{CXX}3/4K2R w K - 0 1", "e1", "g1",
			 MF_CASTLE));
	/* White c7: C to its right hits d8 (passed by O-O-O), to its left
	 * b8 (only needs to be empty). */
	assert_false(has("r3k3/2P{XXC}5/8/8/8/8/8/4K3 b q - 0 1", "e8", "c8",
			 MF_CASTLE));
	assert_true(has("r3k3/2P{CXX}5/8/8/8/8/8/4K3 b q - 0 1", "e8", "c8",
			MF_CASTLE));
}

/* ------------------------------------------------------------------ roll */

static void test_roll_reproducible(void **state)
{
	struct position a, b;
	(void)state;
	position_start(&a, RP);
	position_start(&b, RP);
	randompawns_roll(&a, 12345);
	randompawns_roll(&b, 12345);
	assert_memory_equal(a.code, b.code, sizeof a.code);
	assert_true(a.key == b.key);
	/* Different seeds: different codes (16 rolls all alike is 20^-16). */
	randompawns_roll(&b, 12346);
	assert_memory_not_equal(a.code, b.code, sizeof a.code);
}

/* Seed 0: splitmix64's published first outputs are e220a8397b1dcdaf,
 * 6e789e6aa1b965f4, 06c45d188009454f, ...; none is in the rejected top
 * range, and 1 + v % 20 gives 16, 1, 20, 5, 8, 11, 14, 1, 20, 11, 2, 7,
 * 4, 12, 18, 8 (computed from those outputs outside this code), assigned
 * a2..h2 then a7..h7. */
static void test_roll_seed_zero(void **state)
{
	static const char *const want[16] = {
		"COX", "MMM", "XCO", "CMM", "CCC", "OMX", "XOC", "MMM",
		"XCO", "OMX", "MMC", "CCM", "MCC", "OCX", "CXO", "CCC",
	};
	struct position pos;
	(void)state;
	position_start(&pos, RP);
	randompawns_roll(&pos, 0);
	for (int i = 0; i < 16; i++) {
		char name[4];
		int s = i < 8 ? 8 + i : 48 + i - 8;
		code_name(pos.code[s], name);
		assert_string_equal(name, want[i]);
	}
	char fen[FEN_MAX];
	position_to_fen(&pos, fen, sizeof fen);
	struct position again;
	load(&again, fen);	/* a rolled position is a valid one */
	assert_true(again.key == pos.key);
}

static void test_roll_covers_table(void **state)
{
	bool seen[128] = { false };
	(void)state;
	for (uint64_t seed = 0; seed < 64; seed++) {
		struct position pos;
		position_start(&pos, RP);
		randompawns_roll(&pos, seed);
		for (int s = 0; s < 64; s++)
			if (pos.code[s])
				seen[pos.code[s]] = true;
	}
	int table = 0, other = 0;
	for (int c = CODE_SET; c < 128; c++) {
		bool in_table = false;
		for (int n = 1; n <= 20; n++)
			in_table |= code_from_d20(n) == c;
		table += in_table && seen[c];
		other += !in_table && seen[c];
	}
	assert_int_equal(table, 20);	/* 1024 rolls reach every entry */
	assert_int_equal(other, 0);
}

static void test_roll_skips_empty_squares(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/p{CMC}7/8/8/8/8/7P{CMC}/4K3 w - - 0 1");
	randompawns_roll(&pos, 7);
	for (int s = 0; s < 64; s++)
		assert_int_equal(pos.code[s] != 0,
				 s == square("a7") || s == square("h2"));
}

/* -------------------------------------------------------------- PawnTypes */

static const char *pt_error(const char *value)
{
	static struct diag err;
	struct position pos, before;
	position_start(&pos, RP);
	before = pos;
	memset(&err, 0, sizeof err);
	assert_int_equal(pawntypes_apply(&pos, value, &err), -1);
	assert_memory_equal(&pos, &before, sizeof pos);	/* unchanged */
	return err.message;
}

static void test_pawntypes(void **state)
{
	struct position pos;
	struct diag err;
	(void)state;
	position_start(&pos, RP);
	memset(&err, 0, sizeof err);
	assert_int_equal(pawntypes_apply(&pos,
		"a2=MCC b2=COX,c2=6, d2=20 e2=mcm  f2=1,g2=OXO h2=XCO "
		"a7=CMC,b7=CMC c7=CMC d7=CMC e7=CMC f7=CMC g7=CMC h7=11",
		&err), 0);
	assert_int_equal(pos.code[square("a2")], code_of("MCC"));
	assert_int_equal(pos.code[square("c2")], CODE_FIDE);
	assert_int_equal(pos.code[square("d2")], code_of("XCO"));
	assert_int_equal(pos.code[square("e2")], code_of("MCM"));
	assert_int_equal(pos.code[square("f2")], code_of("MMM"));
	assert_int_equal(pos.code[square("h7")], code_of("OMX"));
	assert_true(pos.key == position_compute_key(&pos));
	char fen[FEN_MAX];
	position_to_fen(&pos, fen, sizeof fen);
	assert_string_equal(fen, "rnbqkbnr/p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}"
			    "p{CMC}p{CMC}p{OMX}/8/8/8/8/P{MCC}P{COX}P{CMC}"
			    "P{XCO}P{MCM}P{MMM}P{OXO}P{XCO}/RNBQKBNR w KQkq - 0 1");
}

static void test_pawntypes_errors(void **state)
{
	(void)state;
	assert_string_equal(pt_error("a2:MCC"),
			    "[PawnTypes]: 'a2:MCC': expected square=code, as "
			    "a2=CMC or a2=6");
	assert_string_equal(pt_error("a2=MCZ"),
			    "[PawnTypes]: 'a2=MCZ': expected a code of three "
			    "letters M C O X or a d20 number 1 to 20");
	assert_string_equal(pt_error("a2=21"),
			    "[PawnTypes]: 'a2=21': expected a code of three "
			    "letters M C O X or a d20 number 1 to 20");
	assert_string_equal(pt_error("a2=0"),
			    "[PawnTypes]: 'a2=0': expected a code of three "
			    "letters M C O X or a d20 number 1 to 20");
	assert_string_equal(pt_error("a3=CMC"),
			    "[PawnTypes]: 'a3=CMC': expected the square of a "
			    "pawn; there is none there");
	assert_string_equal(pt_error("e1=CMC"),
			    "[PawnTypes]: 'e1=CMC': expected the square of a "
			    "pawn; there is none there");
	assert_string_equal(pt_error("a2=CMC a2=6"),
			    "[PawnTypes]: 'a2=6': this square was given a code "
			    "before");
	assert_string_equal(pt_error("a2=CMC b2=CMC c2=CMC d2=CMC e2=CMC "
				     "f2=CMC g2=CMC h2=CMC a7=CMC b7=CMC c7=CMC "
				     "d7=CMC e7=CMC h7=CMC"),
			    "[PawnTypes]: no code for the pawns on f7, g7 "
			    "(every pawn needs one)");
	assert_string_equal(pt_error("a2=CMC b2=CMC c2=CMC d2=CMC e2=CMC "
				     "f2=CMC g2=CMC h2=CMC a7=CMC b7=CMC c7=CMC "
				     "d7=CMC e7=CMC f7=CMC h7=CMC"),
			    "[PawnTypes]: no code for the pawn on g7 (every "
			    "pawn needs one)");
	assert_string_equal(pt_error(""),
			    "[PawnTypes]: no code for the pawns on a2, b2, c2, "
			    "d2, e2, f2, g2, h2, a7, b7, c7, d7, e7, f7, g7, h7 "
			    "(every pawn needs one)");
	assert_string_equal(pt_error("a2=CMCabcdefghijklmnopqrstuvwxyz"),
			    "[PawnTypes]: 'a2=CMCabcdefghijklmnopqr...': "
			    "expected a code of three letters M C O X "
			    "or a d20 number 1 to 20");
}

/* What pawntypes_compare() says of a value beside a FEN: "" when they
 * agree. */
static const char *pt_compare(const char *fen, const char *value)
{
	static char why[DIAG_MESSAGE_MAX];
	struct position pos;
	load(&pos, fen);
	why[0] = 0;
	int got = pawntypes_compare(&pos, value, why, sizeof why);
	assert_int_equal(got, why[0] ? -1 : 0);
	return why;
}

#define PT_FEN "rnbqkbnr/p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{XCO}/" \
	       "8/8/8/8/P{MCC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}/"  \
	       "RNBQKBNR w KQkq - 0 1"

static void test_pawntypes_compare(void **state)
{
	(void)state;
	/* Codes or d20 numbers, all squares or some, or none at all. */
	assert_string_equal(pt_compare(PT_FEN, "a2=MCC b2=6,h7=20"), "");
	assert_string_equal(pt_compare(PT_FEN, "a2=4"), "");
	assert_string_equal(pt_compare(PT_FEN, ""), "");
	assert_string_equal(pt_compare(PT_FEN, "a2=CMC"),
			    "the FEN's pawn on a2 is P{MCC}, not CMC");
	assert_string_equal(pt_compare(PT_FEN, "a2=4 h7=6"),
			    "the FEN's pawn on h7 is p{XCO}, not CMC");
	assert_string_equal(pt_compare(PT_FEN, "a2=4 a3=6"),
			    "the FEN has no pawn on a3");
	assert_string_equal(pt_compare(PT_FEN, "e1=6"),
			    "the FEN has no pawn on e1");
	assert_string_equal(pt_compare(PT_FEN, "a2=MCZ"),
			    "the tag is not valid: 'a2=MCZ': expected a code "
			    "of three letters M C O X or a d20 number 1 to 20");
	assert_string_equal(pt_compare(PT_FEN, "a2=4 a2=4"),
			    "the tag is not valid: 'a2=4': this square was "
			    "given a code before");
	/* A pawn that has moved is not on the square the tag names. */
	assert_string_equal(pt_compare("4k3/8/8/8/8/P{CMC}7/8/4K3 w - - 0 1",
				       "a2=6"), "the FEN has no pawn on a2");
}

/* The diagnostics of a game's replay: "LINE:COL SEVERITY CODE message"
 * each, one a line. */
struct collected {
	char text[1024];
};

static void collect(void *ctx, const struct diag *d)
{
	struct collected *c = ctx;
	size_t n = strlen(c->text);
	snprintf(c->text + n, sizeof c->text - n, "%u:%u %s %s %s\n",
		 d->line, d->col,
		 d->severity == DIAG_WARNING ? "warning" : "error",
		 diag_code_name(d->code), d->message);
}

static const char *replay_diags(const char *tags, bool strict)
{
	static struct collected c;
	char pgn[2048];
	snprintf(pgn, sizeof pgn, "[Event \"e\"]\n[Site \"s\"]\n"
		 "[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n"
		 "[Black \"b\"]\n[Result \"*\"]\n%s\n1. e4 *\n", tags);
	struct pgn_reader *r = pgn_reader_from_memory("t", pgn, strlen(pgn),
						      NULL);
	struct pgn_game g;
	struct diag err;
	pgn_game_init(&g);
	assert_int_equal(pgn_reader_next(r, &g, NULL, NULL, &err), 1);
	struct replay_opts opts = { .strict = strict };
	struct replay_result res;
	c.text[0] = 0;
	int bad = game_replay(&g, &opts, NULL, collect, &c, &res);
	assert_int_equal(bad, strstr(c.text, "error") != NULL);
	assert_int_equal(res.warnings + res.errors, c.text[0] != 0);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return c.text;
}

#define PT_ALL6 "[PawnTypes \"a2=6 b2=6 c2=6 d2=6 e2=6 f2=6 g2=6 h2=6 " \
		"a7=6 b7=6 c7=6 d7=6 e7=6 f7=6 g7=6 h7=6\"]\n"
#define PT_RP "[Variant \"Random Pawns Chess\"]\n"

/* [PawnTypes] sets a Random Pawns game up only without a [FEN]; beside
 * one, or in a game of other rules, it is ignored, and a warning says so
 * unless it agrees with the FEN. */
static void test_pawntypes_ignored(void **state)
{
	(void)state;
	assert_string_equal(replay_diags(PT_RP PT_ALL6, false), "");
	assert_string_equal(replay_diags(PT_RP PT_ALL6 "[SetUp \"1\"]\n"
					 "[FEN \"" PT_FEN "\"]\n", false),
			    "9:1 warning setup [PawnTypes] is ignored: [FEN] sets up "
			    "the game, and the FEN's pawn on a2 is P{MCC}, not "
			    "CMC\n");
	assert_string_equal(replay_diags(PT_RP "[SetUp \"1\"]\n[FEN \""
					 PT_FEN "\"]\n" PT_ALL6, true),
			    "11:1 error setup [PawnTypes] is ignored: [FEN] sets up "
			    "the game, and the FEN's pawn on a2 is P{MCC}, not "
			    "CMC\n");
	assert_string_equal(replay_diags(PT_RP "[SetUp \"1\"]\n[FEN \""
					 PT_FEN "\"]\n[PawnTypes \"a2=MCC "
					 "h7=XCO\"]\n", true), "");
	/* The FEN's own faults come first, alone. */
	assert_string_equal(replay_diags(PT_RP "[FEN \"8/8\"]\n"
					 "[PawnTypes \"a2=MCC\"]\n", false),
			    "9:10 error fen [FEN]: board: 2 ranks, expected 8\n");
	/* Other rules: no pawn of theirs has a code. */
	assert_string_equal(replay_diags(PT_ALL6, false),
			    "8:1 warning setup [PawnTypes] is ignored: it gives "
			    "Random Pawns codes, and this game is standard "
			    "chess\n");
	assert_string_equal(replay_diags("[Variant \"Pauli\"]\n" PT_ALL6,
					 false),
			    "9:1 warning setup [PawnTypes] is ignored: it gives "
			    "Random Pawns codes, and this game is Pauli "
			    "Chess\n");
	assert_string_equal(replay_diags("[Variant \"Standard\"]\n"
					 "[PawnTypes \"nonsense\"]\n", false),
			    "9:1 warning setup [PawnTypes] is ignored: it gives "
			    "Random Pawns codes, and this game is standard "
			    "chess\n");
}

/* -------------------------------------------------- reference generator */

/* Written from pawnkit-variants(7) alone, square by square, no bitboards: each
 * pseudo-legal move is made on a copy and kept when the mover's king is
 * not attacked afterwards. */
struct ref {
	uint8_t board[64], code[64];
	int side, ep, victim;
	unsigned castling;
};

struct ref_move {
	int from, to, promo;
	unsigned flags;
};

struct ref_list {
	int n;
	struct ref_move m[600];
};

static void ref_from(struct ref *r, const struct position *pos)
{
	memcpy(r->board, pos->board, 64);
	memcpy(r->code, pos->code, 64);
	r->side = pos->side;
	r->ep = pos->ep;
	r->victim = pos->ep_victim;
	r->castling = pos->castling;
}

static bool on(int f, int rk) { return f >= 0 && f < 8 && rk >= 0 && rk < 8; }

static int colour_of(uint8_t p) { return p >> 3; }
static int type_of(uint8_t p) { return p & 7; }

/* File step of a pawn of colour c going in direction d: White's left is
 * toward a, Black's left toward h. */
static int pawn_df(int c, int d) { return c == WHITE ? d - 1 : 1 - d; }
static int pawn_dr(int c) { return c == WHITE ? 1 : -1; }
static bool pawn_rank2(int c, int s) { return (s >> 3) == (c == WHITE ? 1 : 6); }
static int letter(const struct ref *r, int s, int d) { return (r->code[s] >> (2 * d)) & 3; }

static bool ref_slides_to(const struct ref *r, int s, int t, bool diag)
{
	int df = (t & 7) - (s & 7), dr = (t >> 3) - (s >> 3);
	if (diag ? abs(df) != abs(dr) : (df && dr))
		return false;
	if (!df && !dr)
		return false;
	int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
	for (int x = s + sf + 8 * sr; x != t; x += sf + 8 * sr)
		if (r->board[x])
			return false;
	return true;
}

static bool ref_pawn_attacks(const struct ref *r, int s, int t, int c)
{
	int f = s & 7, rk = s >> 3;
	for (int d = 0; d < 3; d++) {
		if (!(letter(r, s, d) & 2))
			continue;
		int f1 = f + pawn_df(c, d), r1 = rk + pawn_dr(c);
		if (on(f1, r1) && f1 + 8 * r1 == t)
			return true;
		int f2 = f1 + pawn_df(c, d), r2 = r1 + pawn_dr(c);
		if (pawn_rank2(c, s) && on(f2, r2) && f2 + 8 * r2 == t &&
		    !r->board[f1 + 8 * r1])
			return true;
	}
	return false;
}

static bool ref_attacks(const struct ref *r, int s, int t)
{
	int df = abs((t & 7) - (s & 7)), dr = abs((t >> 3) - (s >> 3));
	switch (type_of(r->board[s])) {
	case PAWN: return ref_pawn_attacks(r, s, t, colour_of(r->board[s]));
	case KNIGHT: return (df == 1 && dr == 2) || (df == 2 && dr == 1);
	case BISHOP: return ref_slides_to(r, s, t, true);
	case ROOK: return ref_slides_to(r, s, t, false);
	case QUEEN: return ref_slides_to(r, s, t, true) ||
			   ref_slides_to(r, s, t, false);
	case KING: return df <= 1 && dr <= 1 && (df || dr);
	default: return false;
	}
}

static bool ref_attacked(const struct ref *r, int t, int by)
{
	for (int s = 0; s < 64; s++)
		if (r->board[s] && colour_of(r->board[s]) == by &&
		    ref_attacks(r, s, t))
			return true;
	return false;
}

static int ref_king(const struct ref *r, int c)
{
	for (int s = 0; s < 64; s++)
		if (r->board[s] == MAKE_PIECE(c, KING))
			return s;
	return -1;
}

static void ref_make(struct ref *r, const struct ref_move *m)
{
	uint8_t p = r->board[m->from], code = r->code[m->from];
	static const unsigned keep_from_to[64] = { [0] = 15 & ~2u, [4] = 12,
		[7] = 15 & ~1u, [56] = 15 & ~8u, [60] = 3, [63] = 15 & ~4u };
	if (m->flags & MF_FLIP) {
		for (int d = 0; d < 3; d++) {
			static const uint8_t flipped[4] = { 0, 2, 1, 3 };
			int l = (code >> (2 * d)) & 3;
			code = (uint8_t)((code & ~(3 << (2 * d))) | flipped[l] << (2 * d));
		}
		r->code[m->from] = code;
	} else {
		if (m->flags & MF_EP)
			r->board[r->victim] = r->code[r->victim] = 0;
		r->board[m->from] = r->code[m->from] = 0;
		r->board[m->to] = m->promo ? MAKE_PIECE(r->side, m->promo) : p;
		r->code[m->to] = m->promo ? 0 : code;
		if (m->flags & MF_CASTLE) {
			int rank = m->to & ~7, kside = (m->to & 7) == 6;
			int rf = rank + (kside ? 7 : 0), rt = rank + (kside ? 5 : 3);
			r->board[rt] = r->board[rf];
			r->board[rf] = 0;
		}
		for (int i = 0; i < 2; i++) {
			unsigned k = keep_from_to[i ? m->to : m->from];
			r->castling &= k ? k : 15;
		}
	}
	r->ep = r->victim = NO_SQUARE;
	if (m->flags & MF_DOUBLE) {
		r->ep = (m->from + m->to) / 2;
		r->victim = m->to;
	}
	r->side ^= 1;
}

static void ref_add(const struct ref *r, struct ref_list *l, int from, int to,
		    int promo, unsigned flags)
{
	struct ref next = *r;
	struct ref_move m = { from, to, promo, flags };
	ref_make(&next, &m);
	if (!ref_attacked(&next, ref_king(&next, r->side), r->side ^ 1))
		l->m[l->n++] = m;
}

static void ref_pawn_add(const struct ref *r, struct ref_list *l, int from,
			 int to, unsigned flags)
{
	if ((to >> 3) != (r->side == WHITE ? 7 : 0)) {
		ref_add(r, l, from, to, 0, flags);
		return;
	}
	for (int t = KNIGHT; t <= QUEEN; t++)
		ref_add(r, l, from, to, t, flags);
}

static void ref_pawn(const struct ref *r, struct ref_list *l, int s)
{
	int c = r->side, f = s & 7, rk = s >> 3;
	for (int d = 0; d < 3; d++) {
		int let = letter(r, s, d);
		int f1 = f + pawn_df(c, d), r1 = rk + pawn_dr(c);
		if (!on(f1, r1))
			continue;
		int t1 = f1 + 8 * r1;
		uint8_t at = r->board[t1];
		if ((let & 1) && !at)
			ref_pawn_add(r, l, s, t1, 0);
		if ((let & 2) && at && colour_of(at) != c)
			ref_pawn_add(r, l, s, t1, MF_CAPTURE);
		if ((let & 2) && t1 == r->ep)
			ref_add(r, l, s, t1, 0, MF_EP | MF_CAPTURE);
		int f2 = f1 + pawn_df(c, d), r2 = r1 + pawn_dr(c);
		if (!pawn_rank2(c, s) || !on(f2, r2) || at)
			continue;
		uint8_t at2 = r->board[f2 + 8 * r2];
		if ((let & 1) && !at2)
			ref_add(r, l, s, f2 + 8 * r2, 0, MF_DOUBLE);
		if ((let & 2) && at2 && colour_of(at2) != c)
			ref_add(r, l, s, f2 + 8 * r2, 0, MF_CAPTURE);
	}
}

static void ref_piece(const struct ref *r, struct ref_list *l, int s)
{
	for (int t = 0; t < 64; t++) {
		uint8_t at = r->board[t];
		if (at && colour_of(at) == r->side)
			continue;
		/* A capture or not, the piece's own moves equal its attacks. */
		if (ref_attacks(r, s, t))
			ref_add(r, l, s, t, 0, at ? MF_CAPTURE : 0);
	}
}

static void ref_castle(const struct ref *r, struct ref_list *l)
{
	int base = r->side == WHITE ? 0 : 56, them = r->side ^ 1;
	unsigned k = r->side == WHITE ? CASTLE_WK : CASTLE_BK;
	unsigned q = r->side == WHITE ? CASTLE_WQ : CASTLE_BQ;
	if (ref_attacked(r, base + 4, them))
		return;
	if ((r->castling & k) && !r->board[base + 5] && !r->board[base + 6] &&
	    !ref_attacked(r, base + 5, them))
		ref_add(r, l, base + 4, base + 6, 0, MF_CASTLE);
	if ((r->castling & q) && !r->board[base + 1] && !r->board[base + 2] &&
	    !r->board[base + 3] && !ref_attacked(r, base + 3, them))
		ref_add(r, l, base + 4, base + 2, 0, MF_CASTLE);
}

static void ref_generate(const struct ref *r, struct ref_list *l, bool flips)
{
	l->n = 0;
	for (int s = 0; s < 64; s++) {
		uint8_t p = r->board[s];
		if (!p || colour_of(p) != r->side)
			continue;
		if (type_of(p) == PAWN)
			ref_pawn(r, l, s);
		else
			ref_piece(r, l, s);
		if (type_of(p) == PAWN && flips)
			for (int d = 0; d < 3; d++)
				if (letter(r, s, d) == 1 || letter(r, s, d) == 2) {
					ref_add(r, l, s, s, 0, MF_FLIP);
					break;
				}
	}
	ref_castle(r, l);
}

static uint64_t ref_perft(const struct ref *r, int depth, bool flips)
{
	struct ref_list l;
	ref_generate(r, &l, flips);
	if (depth == 1)
		return (uint64_t)l.n;
	uint64_t n = 0;
	for (int i = 0; i < l.n; i++) {
		struct ref next = *r;
		ref_make(&next, &l.m[i]);
		n += ref_perft(&next, depth - 1, flips);
	}
	return n;
}

static uint64_t ref_perft_of(const struct position *pos, int depth)
{
	struct ref r;
	ref_from(&r, pos);
	return ref_perft(&r, depth, pos->variant == RPF);
}

/* ------------------------------------------------------------ perft: data */

/* perft, and the reference agreeing wherever it is quick enough. */
static uint64_t count_with_reference(const struct position *pos,
				     unsigned depth)
{
	uint64_t n = perft(pos, depth);
	if (depth <= 3 && ref_perft_of(pos, (int)depth) != n) {
		char fen[FEN_MAX];
		position_to_fen(pos, fen, sizeof fen);
		fail_msg("%s D%u: reference disagrees", fen, depth);
	}
	return n;
}

/* Every count to depth 7 (run from the project root). */
static void run_epd(const char *path, const struct variant *v)
{
	const struct epd_suite suite = {
		.path = path,
		.variant = v,
		.max_depth = 7,
		.count = count_with_reference,
	};
	assert_true(assert_epd_suite(&suite).checked > 0);
}

static void test_perft_epd(void **state)
{
	(void)state;
	run_epd("tests/perft/randompawns.epd", RP);
}

static void test_perft_epd_flip(void **state)
{
	(void)state;
	run_epd("tests/perft/randompawns-flip.epd", RPF);
}

/* -------------------------------------------------- perft: reference */

/* A small LCG for test data (not the library's roll). */
static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/* Every pawn of fen gets a random code 1..63 (not only the d20 table: O
 * everywhere, X everywhere but one letter...). */
static void random_codes(struct position *pos, const char *fen,
			 const struct variant *v, uint32_t seed)
{
	char buf[FEN_MAX * 2];
	size_t n = 0;
	for (const char *c = fen; *c && n + 8 < sizeof buf; c++) {
		buf[n++] = *c;
		if (*c == ' ')
			break;
		if (*c != 'P' && *c != 'p')
			continue;
		char name[4];
		code_name((uint8_t)(1 + lcg(&seed) % 63), name);
		n += (size_t)snprintf(buf + n, sizeof buf - n, "{%s}", name);
	}
	snprintf(buf + n, sizeof buf - n, "%s", strchr(fen, ' ') + 1);
	load_fen(pos, buf, v);
}

static const char *const shapes[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
};

static void test_reference_perft(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		for (uint32_t seed = 1; seed <= 6; seed++) {
			const struct variant *v = seed & 1 ? RP : RPF;
			struct position pos;
			random_codes(&pos, shapes[i], v, seed * 7919u + (uint32_t)i);
			int depth = i == 1 || i == 3 ? 2 : 3;
			uint64_t got = perft(&pos, (unsigned)depth);
			uint64_t want = ref_perft_of(&pos, depth);
			if (got != want) {
				char fen[FEN_MAX];
				position_to_fen(&pos, fen, sizeof fen);
				fail_msg("%s %s D%d: %llu, reference %llu", v->id,
					 fen, depth, (unsigned long long)got,
					 (unsigned long long)want);
			}
		}
}

/* Random games: at every ply the library's moves are exactly the
 * reference's, and each of them leaves the same board, codes, e.p. and
 * castling rights. */
static bool same_after(const struct position *pos, move_t m)
{
	struct position next = *pos;
	struct ref r;
	struct ref_move rm = { MOVE_FROM(m), MOVE_TO(m), MOVE_PROMO(m),
			       MOVE_FLAGS(m) };
	ref_from(&r, pos);
	ref_make(&r, &rm);
	position_make(&next, m);
	return !memcmp(next.board, r.board, 64) &&
	       !memcmp(next.code, r.code, 64) && next.ep == r.ep &&
	       (r.ep == NO_SQUARE || next.ep_victim == r.victim) &&
	       next.castling == r.castling && next.side == r.side &&
	       next.key == position_compute_key(&next);
}

static void check_node(const struct position *pos,
		       const struct movelist *moves)
{
	/* Sorted here; the game draws from the list as generated. */
	struct movelist list = *moves;
	struct ref r;
	struct ref_list rl;
	move_t want[600];
	ref_from(&r, pos);
	ref_generate(&r, &rl, pos->variant == RPF);
	assert_int_equal(list.count, rl.n);
	for (int i = 0; i < rl.n; i++)
		want[i] = MOVE(rl.m[i].from, rl.m[i].to, rl.m[i].promo,
			       rl.m[i].flags);
	qsort(list.moves, list.count, sizeof list.moves[0], move_cmp);
	qsort(want, (size_t)rl.n, sizeof want[0], move_cmp);
	assert_memory_equal(list.moves, want, list.count * sizeof want[0]);
	for (unsigned i = 0; i < list.count; i++)
		assert_true(same_after(pos, list.moves[i]));
}

static bool visit_node(void *ctx, const struct position *pos,
		       const struct movelist *moves, unsigned ply)
{
	(void)ctx;
	(void)ply;
	check_node(pos, moves);
	return true;
}

static unsigned pick_lcg(void *ctx, unsigned count)
{
	return lcg(ctx) % count;
}

static void test_random_games(void **state)
{
	(void)state;
	for (uint32_t game = 0; game < 300; game++) {
		struct position pos;
		const struct variant *v = game & 1 ? RPF : RP;
		uint32_t s = game;
		const struct random_game g = { 160, visit_node, pick_lcg, &s };
		position_start(&pos, v);
		randompawns_roll(&pos, game);
		play_random_game(&pos, &g);
	}
}

/* Turning the board half round and swapping colours keeps every rule
 * (Black's left is toward h), so perft is unchanged. */
static void rotate(const struct position *pos, struct position *out)
{
	char fen[FEN_MAX];
	struct position r;
	position_clear(&r, pos->variant);
	for (int s = 0; s < 64; s++)
		if (pos->board[s]) {
			position_put(&r, 63 - s, (uint8_t)(pos->board[s] ^ 8));
			position_set_code(&r, 63 - s, pos->code[s]);
		}
	r.side = (uint8_t)(pos->side ^ 1);
	position_to_fen(&r, fen, sizeof fen);
	load_fen(out, fen, pos->variant);
}

static void test_rotation_symmetry(void **state)
{
	(void)state;
	for (uint32_t seed = 1; seed <= 8; seed++) {
		struct position pos, rot;
		random_codes(&pos, "r5k1/pppp1ppp/2n2n2/4p3/3P4/2N2N2/PPP1PPPP/"
			     "R5K1 w - - 0 1", seed & 1 ? RP : RPF, seed);
		rotate(&pos, &rot);
		assert_true(perft(&pos, 3) == perft(&rot, 3));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_code_from_d20_table),
		cmocka_unit_test(test_code_parse),
		cmocka_unit_test(test_each_letter_each_direction),
		cmocka_unit_test(test_black_left_right_mirrored),
		cmocka_unit_test(test_no_sideways_or_back),
		cmocka_unit_test(test_two_square_moves),
		cmocka_unit_test(test_two_square_captures),
		cmocka_unit_test(test_check_by_rank2_pawn),
		cmocka_unit_test(test_double_step_sets_ep),
		cmocka_unit_test(test_ep_diagonal_long_form),
		cmocka_unit_test(test_ep_short_form),
		cmocka_unit_test(test_promotion),
		cmocka_unit_test(test_flip_mapping),
		cmocka_unit_test(test_flip_illegal_cases),
		cmocka_unit_test(test_flip_gives_check),
		cmocka_unit_test(test_codes_travel),
		cmocka_unit_test(test_setup_checks),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_roll_reproducible),
		cmocka_unit_test(test_roll_seed_zero),
		cmocka_unit_test(test_roll_covers_table),
		cmocka_unit_test(test_roll_skips_empty_squares),
		cmocka_unit_test(test_pawntypes),
		cmocka_unit_test(test_pawntypes_errors),
		cmocka_unit_test(test_pawntypes_compare),
		cmocka_unit_test(test_pawntypes_ignored),
		cmocka_unit_test(test_perft_epd),
		cmocka_unit_test(test_perft_epd_flip),
		cmocka_unit_test(test_reference_perft),
		cmocka_unit_test(test_random_games),
		cmocka_unit_test(test_rotation_symmetry),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
