/* Tandem Pawn Chess (librules/variants/tandem.c): each special rule of
 * pawnkit-variants(7) with a position where it applies and one where a
 * condition fails; the positions after each kind of move as FEN; perft
 * counts derived by hand (derivations in the comments) and the tandem-free
 * case against standard chess. */
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

/* ---------------------------------------------------------------- helpers */

/* The shared helpers (support.h) on Tandem Pawn Chess positions. */
static void load(struct position *pos, const char *fen)
{
	load_fen(pos, fen, &variant_tandem);
}

/* The message position_set_fen gives for a FEN it must reject. */
static void assert_rejected(const char *fen, const char *message)
{
	assert_fen_rejected(fen, &variant_tandem, message);
}

static bool has(const char *fen, const char *from, const char *to, int promo,
		unsigned flags)
{
	return fen_has_move(&variant_tandem, fen,
			    coord_move(from, to, promo, flags));
}

/* Legal moves leaving square from (any kind). */
static unsigned moves_from(const char *fen, const char *from)
{
	return fen_count_moves(&variant_tandem, fen, from, NULL);
}

/* Plays the move, which must be legal. */
static void play(struct position *pos, const char *from, const char *to,
		 int promo, unsigned flags)
{
	play_legal(pos, coord_move(from, to, promo, flags));
}

static void assert_after(const char *fen, const char *from, const char *to,
			 int promo, unsigned flags, const char *expected)
{
	assert_fen_after(&variant_tandem, fen,
			 coord_move(from, to, promo, flags), expected);
}

enum { U = MF_UNIT, C = MF_CAPTURE, D = MF_DOUBLE, EP = MF_EP | MF_CAPTURE,
       R = MF_ROCKET };

/* ----------------------------------------------------- unit and member */

static void test_unit_and_member_steps(void **state)
{
	const char *start = variant_tandem.start_fen;
	(void)state;
	/* From rank 2: one and two squares, as a unit and by one member. */
	assert_int_equal(moves_from(start, "e2"), 4);
	assert_after(start, "e2", "e3", 0, U,
		     "rnbqkbnr/tttttttt/8/8/8/4T3/TTTT1TTT/RNBQKBNR b KQkq - 0 1");
	assert_after(start, "e2", "e4", 0, U | D,
		     "rnbqkbnr/tttttttt/8/8/4T3/8/TTTT1TTT/RNBQKBNR b KQkq e3 0 1");
	assert_after(start, "e2", "e3", 0, 0,
		     "rnbqkbnr/tttttttt/8/8/8/4P3/TTTTPTTT/RNBQKBNR b KQkq - 0 1");
	assert_after(start, "e2", "e4", 0, D,
		     "rnbqkbnr/tttttttt/8/8/4P3/8/TTTTPTTT/RNBQKBNR b KQkq e3 0 1");
	/* Black's member double step sets e.p. on its rank 3 (rank 6). */
	assert_after("rnbqkbnr/tttttttt/8/8/4T3/8/TTTT1TTT/RNBQKBNR b KQkq e3 0 1",
		     "d7", "d5", 0, D,
		     "rnbqkbnr/tttptttt/8/3p4/4T3/8/TTTT1TTT/RNBQKBNR w KQkq d6 0 2");
}

static void test_steps_blocked(void **state)
{
	(void)state;
	/* A piece on e3: no step at all (nor a rocket: e1 holds the king). */
	assert_int_equal(moves_from("4k3/8/8/8/8/4n3/4T3/4K3 w - - 0 1", "e2"),
			 0);
	/* A piece on e4: only the one-square steps (unit and member). */
	assert_int_equal(moves_from("4k3/8/8/8/4n3/8/4T3/4K3 w - - 0 1", "e2"),
			 2);
	/* Beyond rank 2 no two-square step: unit, member, rocket only. */
	assert_int_equal(moves_from("4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", "e3"),
			 3);
	assert_false(has("4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", "e3", "e5", 0, D));
}

/* ------------------------------------------------------------- captures */

static void test_tandem_captures_piece(void **state)
{
	const char *fen = "4k3/8/8/3n4/4T3/8/8/4K3 w - - 0 1";
	(void)state;
	/* Of a piece: as a unit (a tandem arrives) or by one member. */
	assert_after(fen, "e4", "d5", 0, U | C,
		     "4k3/8/8/3T4/8/8/8/4K3 b - - 0 1");
	assert_after(fen, "e4", "d5", 0, C,
		     "4k3/8/8/3P4/4P3/8/8/4K3 b - - 0 1");
	/* Of a single pawn: the same two. */
	assert_true(has("4k3/8/8/3p4/4T3/8/8/4K3 w - - 0 1", "e4", "d5", 0, U | C));
	assert_true(has("4k3/8/8/3p4/4T3/8/8/4K3 w - - 0 1", "e4", "d5", 0, C));
}

static void test_tandem_captures_tandem_only_as_unit(void **state)
{
	const char *fen = "4k3/8/8/3t4/4T3/8/8/4K3 w - - 0 1";
	(void)state;
	assert_after(fen, "e4", "d5", 0, U | C,
		     "4k3/8/8/3T4/8/8/8/4K3 b - - 0 1");
	assert_false(has(fen, "e4", "d5", 0, C));
	/* e5 unit, e5 member, rocket to e6 (e3 empty), unit capture. */
	assert_int_equal(moves_from(fen, "e4"), 4);
}

static void test_capture_of_tandem_takes_both(void **state)
{
	(void)state;
	/* By a single pawn and by a piece: the whole tandem goes. */
	assert_after("4k3/8/8/3t4/4P3/8/8/4K3 w - - 0 1", "e4", "d5", 0, C,
		     "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
	assert_after("4k3/8/8/3t4/8/4N3/8/4K3 w - - 5 9", "e3", "d5", 0, C,
		     "4k3/8/8/3N4/8/8/8/4K3 b - - 0 9");
}

/* ----------------------------------------------------------- en passant */

/* Black's tandem d7 went to d5 as a unit: e.p. on d6. */
static void test_ep_of_unit(void **state)
{
	const char *pawn = "4k3/8/8/3tP3/8/8/8/4K3 w - d6 0 2";
	const char *tandem = "4k3/8/8/3tT3/8/8/8/4K3 w - d6 0 2";
	(void)state;
	/* A single pawn may take it: both pawns of the tandem go. */
	assert_after(pawn, "e5", "d6", 0, EP, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
	/* A tandem as a unit may. */
	assert_after(tandem, "e5", "d6", 0, U | EP,
		     "4k3/8/3T4/8/8/8/8/4K3 b - - 0 2");
	/* A tandem member may not. */
	assert_false(has(tandem, "e5", "d6", 0, EP));
}

/* Black's d7 pawn went to d5 as a member (d7 keeps the other one), or a
 * single pawn went d7-d5: e.p. by single pawn, unit or member. */
static void test_ep_of_single_pawn(void **state)
{
	const char *pawn = "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 2";
	const char *tandem = "4k3/3p4/8/3pT3/8/8/8/4K3 w - d6 0 2";
	(void)state;
	assert_after(pawn, "e5", "d6", 0, EP,
		     "4k3/3p4/3P4/8/8/8/8/4K3 b - - 0 2");
	assert_after(tandem, "e5", "d6", 0, U | EP,
		     "4k3/3p4/3T4/8/8/8/8/4K3 b - - 0 2");
	assert_after(tandem, "e5", "d6", 0, EP,
		     "4k3/3p4/3P4/4P3/8/8/8/4K3 b - - 0 2");
	assert_true(has("4k3/8/8/3pT3/8/8/8/4K3 w - d6 0 2", "e5", "d6", 0, EP));
	/* Without the e.p. field nothing may take on d6. */
	assert_int_equal(moves_from("4k3/3p4/8/3pT3/8/8/8/4K3 w - - 0 2", "e5"),
			 3);
}

/* A single pawn stepping 1->3 from its first rank (e1-e3) passed e2. */
static void test_first_rank_double_step_and_ep(void **state)
{
	const char *fen = "4k3/8/8/8/8/3p4/8/K3P3 w - - 0 1";
	struct position pos;
	(void)state;
	assert_after(fen, "e1", "e3", 0, D, "4k3/8/8/8/8/3pP3/8/K7 b - e2 0 1");
	assert_after(fen, "e1", "e2", 0, 0, "4k3/8/8/8/8/3p4/4P3/K7 b - - 0 1");
	/* Black's d3 pawn takes it e.p. on e2... */
	load(&pos, fen);
	play(&pos, "e1", "e3", 0, D);
	play(&pos, "d3", "e2", 0, EP);
	assert_fen(&pos, "4k3/8/8/8/8/8/4p3/K7 w - - 0 2");
	/* ...and so may a tandem member: the single pawn is the victim. */
	load(&pos, "4k3/8/8/8/8/3t4/8/K3P3 w - - 0 1");
	play(&pos, "e1", "e3", 0, D);
	/* d2 unit and member, rocket to d4 + d1=Q/R/B/N, e.p. unit and
	 * member. */
	assert_int_equal(count_moves(&pos, "d3", NULL), 2 + 4 + 2);
	play(&pos, "d3", "e2", 0, EP);
	assert_fen(&pos, "4k3/8/8/8/8/3p4/4p3/K7 w - - 0 2");
	/* Blocked on e2: no step; blocked on e3: only e1-e2. */
	assert_int_equal(moves_from("4k3/8/8/8/8/8/4n3/K3P3 w - - 0 1", "e1"), 0);
	assert_int_equal(moves_from("4k3/8/8/8/8/4n3/8/K3P3 w - - 0 1", "e1"), 1);
}

/* FEN writes the e.p. square of a first-rank double step on rank 2 (or 7)
 * (pawnkit-notation(5)) and must read it back: needs fen_parse to accept e.p.
 * squares on ranks 2 and 7 as syntax. */
static void test_fen_ep_on_rank_2(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/8/8/3pP3/8/K7 b - e2 0 1");
	assert_fen_text(&pos, "4k3/8/8/8/8/3pP3/8/K7 b - e2 0 1");
	/* Only a single pawn steps 1->3: a tandem on rank 3 passed nothing. */
	assert_rejected("4k3/8/8/8/8/4T3/8/4K3 b - e2 0 1",
			"en passant: e2: no single pawn of the side that moved "
			"in front of it");
	/* Black's d8-d6 passed d7: White's e6 pawn may take e.p. */
	load(&pos, "k7/8/3pP3/8/8/8/8/4K3 w - d7 0 1");
	play(&pos, "e6", "d7", 0, EP);
	assert_fen(&pos, "k7/3P4/8/8/8/8/8/4K3 b - - 0 1");
}

static void test_ep_setup_checks(void **state)
{
	(void)state;
	/* A member double step leaves a pawn on the origin: still fine. */
	struct position pos;
	load(&pos, "4k3/8/8/8/4P3/8/4P3/4K3 b - e3 0 1");
	load(&pos, "4k3/8/8/8/4T3/8/8/4K3 b - e3 0 1");
	assert_rejected("4k3/8/8/8/4T3/8/4P3/4K3 b - e3 0 1",
			"en passant: e3: the square the pawn came from is not "
			"empty");
	assert_rejected("4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
			"en passant: e3: no pawn or tandem of the side that "
			"moved in front of it");
}

/* --------------------------------------------------------------- rocket */

static void test_rocket(void **state)
{
	const char *fen = "4k3/8/8/8/8/4T3/8/4K3 w - - 3 20";
	(void)state;
	/* One pawn back to e2, one forward to e5; no e.p.; a pawn move. */
	assert_after(fen, "e3", "e5", 0, R, "4k3/8/8/4P3/8/8/4P3/4K3 b - - 0 20");
	/* The forward pawn passed e4 but cannot be taken e.p. there. */
	assert_after("4k3/8/8/8/3p4/8/4T3/K7 w - - 0 1", "e2", "e4", 0, R,
		     "4k3/8/8/8/3pP3/8/8/K3P3 b - - 0 1");
	assert_int_equal(moves_from("4k3/8/8/8/3pP3/8/8/K3P3 b - - 0 1", "d4"), 1);
}

static void test_rocket_blocked(void **state)
{
	(void)state;
	/* Behind (e2), one ahead (e4), two ahead (e5) occupied: no rocket. */
	assert_false(has("4k3/8/8/8/8/4T3/4N3/4K3 w - - 0 1", "e3", "e5", 0, R));
	assert_false(has("4k3/8/8/8/4n3/4T3/8/4K3 w - - 0 1", "e3", "e5", 0, R));
	assert_false(has("4k3/8/8/4n3/8/4T3/8/4K3 w - - 0 1", "e3", "e5", 0, R));
	/* A single pawn never rockets. */
	assert_false(has("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3", "e5", 0, R));
	/* From rank 2 the back square is on rank 1: the king there blocks. */
	assert_false(has("4k3/8/8/8/8/8/4T3/4K3 w - - 0 1", "e2", "e4", 0, R));
}

/* From rank 6 the forward pawn promotes: one move per piece. */
static void test_rocket_promotes(void **state)
{
	const char *fen = "4k3/8/2T5/8/8/8/8/4K3 w - - 0 1";
	(void)state;
	for (int promo = 2; promo <= 5; promo++)
		assert_true(has(fen, "c6", "c8", promo, R));
	assert_false(has(fen, "c6", "c8", 0, R));
	assert_after(fen, "c6", "c8", 5, R, "2Q1k3/8/8/2P5/8/8/8/4K3 b - - 0 1");
	/* Black, from its rank 6 (f3): pawns to f4 and f1=N. */
	assert_after("4k3/8/8/8/8/5t2/8/K7 b - - 0 1", "f3", "f1", 2, R,
		     "4k3/8/8/8/5p2/8/8/K4n2 w - - 0 2");
}

/* From rank 2: the back pawn on rank 1 later steps one or two squares. */
static void test_rocket_from_rank_2_then_first_rank_steps(void **state)
{
	const char *fen = "4k3/8/8/8/8/8/3T4/4K3 w - - 0 1";
	const char *after = "4k3/8/8/8/3P4/8/8/3PK3 b - - 0 1";
	(void)state;
	assert_after(fen, "d2", "d4", 0, R, after);
	/* After ...Ke7 the d1 pawn may go d2 or, both squares empty, d3. */
	assert_after("8/4k3/8/8/3P4/8/8/3PK3 w - - 1 2", "d1", "d3", 0, D,
		     "8/4k3/8/8/3P4/3P4/8/4K3 b - d2 0 2");
	assert_after("8/4k3/8/8/3P4/8/8/3PK3 w - - 1 2", "d1", "d2", 0, 0,
		     "8/4k3/8/8/3P4/8/3P4/4K3 b - - 0 2");
}

/* ------------------------------------------------------------ promotion */

static void test_unit_promotion(void **state)
{
	const char *fen = "4k3/1T6/8/8/8/8/8/4K3 w - - 0 1";
	(void)state;
	/* The two yoked pawns become one piece. */
	assert_after(fen, "b7", "b8", 5, U, "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
	for (int promo = 2; promo <= 5; promo++)
		assert_true(has(fen, "b7", "b8", promo, U));
	assert_false(has(fen, "b7", "b8", 0, U));
	/* Blocked on b8: no promotion (a capture on a8 is still one). */
	assert_int_equal(moves_from("1n2k3/1T6/8/8/8/8/8/4K3 w - - 0 1", "b7"), 0);
	assert_after("rn2k3/1T6/8/8/8/8/8/4K3 w - - 0 1", "b7", "a8", 3, U | C,
		     "Bn2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

static void test_member_promotion(void **state)
{
	const char *fen = "4k3/1T6/8/8/8/8/8/4K3 w - - 0 1";
	(void)state;
	/* One member promotes, the other stays on rank 7. */
	assert_after(fen, "b7", "b8", 2, 0, "1N2k3/1P6/8/8/8/8/8/4K3 b - - 0 1");
	assert_after("rn2k3/1T6/8/8/8/8/8/4K3 w - - 0 1", "b7", "a8", 4, C,
		     "Rn2k3/1P6/8/8/8/8/8/4K3 b - - 0 1");
	/* 4 unit + 4 member promotions. */
	assert_int_equal(moves_from(fen, "b7"), 8);
}

/* ---------------------------------------------------------- re-coupling */

static void test_no_recoupling(void **state)
{
	(void)state;
	/* A single pawn never steps onto its own pawn or tandem... */
	assert_int_equal(moves_from("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", "e2"), 0);
	assert_int_equal(moves_from("4k3/8/8/8/8/4T3/4P3/4K3 w - - 0 1", "e2"), 0);
	/* ...nor does a member. */
	assert_int_equal(moves_from("4k3/8/8/8/8/4P3/4T3/4K3 w - - 0 1", "e2"), 0);
	/* With e3 free the e2 pawn goes on alone: a single pawn stays one. */
	assert_after("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2", "e3", 0, 0,
		     "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1");
}

/* ---------------------------------------------------------------- check */

static void test_check_by_tandem(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/8/8/8/3t4/4K3 w - - 0 1");
	assert_true(position_in_check(&pos));
	assert_true(variant_tandem.attacked(&pos, square("c1"), BLACK));
	assert_false(variant_tandem.attacked(&pos, square("d1"), BLACK));
	/* Check from a single pawn on its own first rank (a rocket's). */
	load(&pos, "8/8/8/8/8/8/3k4/4P2K b - - 0 1");
	assert_true(position_in_check(&pos));
	/* A tandem giving check to the side not to move is an illegal FEN. */
	assert_rejected("4k3/8/8/8/8/8/3t4/4K3 b - - 0 1",
			"side: White, not to move, is in check");
	/* A member move giving check. */
	assert_after("8/8/3k4/8/4T3/8/8/4K3 w - - 0 1", "e4", "e5", 0, 0,
		     "8/8/3k4/4P3/4P3/8/8/4K3 b - - 0 1");
	load(&pos, "8/8/3k4/4P3/4P3/8/8/4K3 b - - 0 1");
	assert_true(position_in_check(&pos));
}

/* Pins and checks with a square that stays occupied or gets filled. */
static void test_pinned_tandem(void **state)
{
	const char *diag = "6k1/8/b7/8/8/3T4/8/5K2 w - - 0 1";
	(void)state;
	/* Rook e8 pins the e2 tandem: all four file steps stay legal. */
	assert_int_equal(moves_from("4r1k1/8/8/8/8/8/4T3/4K3 w - - 0 1", "e2"), 4);
	/* Bishop a6 pins d3 on the diagonal: only the member step, which
	 * leaves a pawn on d3 (unit step and rocket would empty it). */
	assert_int_equal(moves_from(diag, "d3"), 1);
	assert_true(has(diag, "d3", "d4", 0, 0));
	/* Rook e8 pins e3 on the file: the rocket keeps the file shut. */
	assert_true(has("4r1k1/8/8/8/8/4T3/8/4K3 w - - 0 1", "e3", "e5", 0, R));
	/* Bishop a3 checks c1 through b2: the rocket's back pawn blocks. */
	assert_int_equal(moves_from("4k3/8/8/8/8/bT6/8/2K5 w - - 0 1", "b3"), 1);
	assert_true(has("4k3/8/8/8/8/bT6/8/2K5 w - - 0 1", "b3", "b5", 0, R));
}

/* ------------------------------------------------------------ setup/FEN */

static void test_setup_ranks(void **state)
{
	struct position pos;
	(void)state;
	/* A single pawn may stand on its own first rank... */
	load(&pos, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
	load(&pos, "p3k3/8/8/8/8/8/8/4K3 w - - 0 1");
	/* ...a tandem may not (only single pawns get there), nor anything on
	 * its last rank. */
	assert_rejected("4k3/8/8/8/8/8/8/T3K3 w - - 0 1",
			"board: White tandem on a1, its first rank");
	assert_rejected("t3k3/8/8/8/8/8/8/4K3 w - - 0 1",
			"board: Black tandem on a8, its first rank");
	assert_rejected("P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
			"board: White pawn on a8, its last rank");
	assert_rejected("4k3/8/8/8/8/8/8/t3K3 w - - 0 1",
			"board: Black tandem on a1, its last rank");
}

static void test_fen_round_trip(void **state)
{
	static const char *fens[] = {
		"rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/tttptttt/8/3p4/4T3/8/TTTT1TTT/RNBQKBNR w KQkq d6 0 2",
		"r3k2r/1tt1pppp/8/3tT3/8/8/PPT2TPP/R3K2R w KQkq d6 0 1",
		"4k3/8/8/8/3pP3/8/8/K3P3 b - - 7 31",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	};
	(void)state;
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct position pos;
		load(&pos, fens[i]);
		assert_fen_text(&pos, fens[i]);
	}
}

static void test_halfmove_clock(void **state)
{
	(void)state;
	/* A knight move counts on; a member move resets. */
	assert_after("4k3/8/8/8/8/8/4T3/1N2K3 w - - 7 9", "b1", "c3", 0, 0,
		     "4k3/8/8/8/8/2N5/4T3/4K3 b - - 8 9");
	assert_after("4k3/8/8/8/8/8/4T3/1N2K3 w - - 7 9", "e2", "e3", 0, 0,
		     "4k3/8/8/8/8/4P3/4P3/1N2K3 b - - 0 9");
}

/* Castling as in FIDE chess; a tandem's attack stops it like a pawn's. */
static void test_castling(void **state)
{
	(void)state;
	assert_after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "g1", 0,
		     MF_CASTLE, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
	assert_after("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8", "c8", 0,
		     MF_CASTLE, "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
	/* A Black tandem on g2 attacks f1, which the king must cross. */
	assert_false(has("4k3/8/8/8/8/8/6t1/4K2R w K - 0 1", "e1", "g1", 0,
			 MF_CASTLE));
}

/* --------------------------------------------------------------- perft */

/* Each count derived by hand from pawnkit-variants(7) (see the comments); none is
 * the program's output copied. */
static const struct perft_case hand[] = {
	/* Start.  D1: 8 tandems x (unit 1-step, unit 2-step, member 1-step,
	 * member 2-step) = 32, no rocket (rank 1 full), + 4 knight moves =
	 * 36.  D2: no White move reaches or attacks anything Black has, and
	 * Black's tandems still have their 4 steps each (White gets no
	 * further than rank 4): 36 x 36 = 1296. */
	{ "rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1", 1, 36 },
	{ "rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1", 2, 1296 },
	/* Rocket mid-board.  D1: Te3: unit e4, member e4, rocket (e2, e4, e5
	 * empty) = 3; no two-step off rank 3; Ke1: d1 f1 d2 e2 f2 = 5; 8.
	 * D2: Black's Ke8 has d8 f8 d7 e7 f7 after each (no White pawn
	 * reaches rank 6): 8 x 5 = 40. */
	{ "4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", 1, 8 },
	{ "4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", 2, 40 },
	/* Rocket from rank 2.  D1: Td2: unit d3, unit d4, member d3, member
	 * d4, rocket to d1+d4 (d1, d3, d4 empty) = 5; Ke1: d1 f1 e2 f2 = 4
	 * (d2 own); 9.  D2: Ke8 always has its 5: 45. */
	{ "4k3/8/8/8/8/8/3T4/4K3 w - - 0 1", 1, 9 },
	{ "4k3/8/8/8/8/8/3T4/4K3 w - - 0 1", 2, 45 },
	/* First-rank pawn, e.p. by a single pawn.  D1: Pd1: d2, d3 (d2, d3
	 * empty) = 2; Ke1: e2 f2 f1 = 3 (d2 attacked by c3, d1 own); 5.
	 * D2: after d2: Ke8 5 + c2 + cxd2 = 7; after d3 (e.p. d2): 5 + c2 +
	 * cxd2 e.p. = 7; after Ke2, Kf2, Kf1: 5 + c2 = 6 each; 7+7+18 = 32. */
	{ "4k3/8/8/8/8/2p5/8/3PK3 w - - 0 1", 1, 5 },
	{ "4k3/8/8/8/8/2p5/8/3PK3 w - - 0 1", 2, 32 },
	/* E.p. of unit and of member double steps, by a single pawn.  D1
	 * (Black): td7: unit d6, member d6, unit d5, member d5, rocket to
	 * d8+d5 = 5; Ke8: d8 f8 e7 f7 = 4 (d7 own); 9.  D2 (White: Ke1 has
	 * 5 throughout; e5 pawn): Td6 -> e6, exd6 = 2; d6 -> e6, exd6 = 2;
	 * Td5 -> e6, exd6 e.p. = 2; d5 -> e6, exd6 e.p. = 2; rocket -> e6 =
	 * 1 (no e.p.); four king moves -> e6 = 1 each.  (7+7+7+7+6) + 4 x 6
	 * = 58. */
	{ "4k3/3t4/8/4P3/8/8/8/4K3 b - - 0 1", 1, 9 },
	{ "4k3/3t4/8/4P3/8/8/8/4K3 b - - 0 1", 2, 58 },
	/* The same with a White tandem on e5: unit and member e.p.  D1 as
	 * above: 9.  D2 (Ke1 5 each; Te5 steps: unit e6, member e6, rocket to
	 * e4+e7 while e7 is empty = 3): Td6 -> 3 + Txd6 (unit only) = 4;
	 * d6 (single) -> 3 + unit and member xd6 = 5; Td5 (unit, e.p. d6)
	 * -> 3 + unit e.p. only = 4; d5 (member, e.p. d6) -> 3 + unit and
	 * member e.p. = 5; rocket -> 3; Kd8, Kf8, Kf7 -> 3 each; Ke7 -> 2
	 * (rocket blocked).  9+10+9+10+8 + 8+8+7+8 = 77. */
	{ "4k3/3t4/8/4T3/8/8/8/4K3 b - - 0 1", 1, 9 },
	{ "4k3/3t4/8/4T3/8/8/8/4K3 b - - 0 1", 2, 77 },
	/* Promotion, unit and member.  D1: Tb7: 4 unit + 4 member promotions
	 * on b8; Ke1: 5; 13.  D2 (Ke8's d8 f8 d7 e7 f7): after =Q or =R on
	 * b8 the king is in check along rank 8: d7 e7 f7 = 3 (f8 x-rayed);
	 * =B (attacks c7, not d7): 5; =N (attacks d7): 4; unit and member
	 * alike (the member's b7 pawn attacks only a8, c8): 2 x (3+3+5+4) =
	 * 30; five king moves x 5 = 25; 55. */
	{ "4k3/1T6/8/8/8/8/8/4K3 w - - 0 1", 1, 13 },
	{ "4k3/1T6/8/8/8/8/8/4K3 w - - 0 1", 2, 55 },
	/* Rocket promotion from rank 6.  D1: Tc6: unit c7, member c7, rocket
	 * to c5 + c8=Q/R/B/N = 6; Ke1: 5; 11.  D2 (the c6 tandem attacks d7):
	 * Tc7 (attacks d8) -> f8 d7 e7 f7 = 4; member c7 (c6 keeps d7, c7
	 * takes d8) -> f8 e7 f7 = 3; rocket =Q (check; d8, f8, d7 covered) ->
	 * e7 f7 = 2; =R -> d7 e7 f7 = 3; =B (d7) -> 4; =N (d6 e7) -> d8 f8
	 * d7 f7 = 4; king moves 5 x (d8 f8 e7 f7) = 20; 4+3+2+3+4+4+20 = 40. */
	{ "4k3/8/2T5/8/8/8/8/4K3 w - - 0 1", 1, 11 },
	{ "4k3/8/2T5/8/8/8/8/4K3 w - - 0 1", 2, 40 },
	/* Captures by and of tandems, no re-coupling.  D1: Te4: unit e5,
	 * member e5, no rocket (e3 own pawn), Txd5 and exd5 (knight), Txf5
	 * only (tandem) = 5; Pe3: nothing (e4 own: no re-coupling); Ke1: 5;
	 * 10.  D2 (Black: tf5 steps unit f4, member f4, rocket to f6+f3 = 3;
	 * Nd5: b4 b6 c3 c7 e3 e7 f4 f6 = 8; Ke8: 5):
	 * Te5 -> 3 + 8 + 5 = 16; e5 (member, e4 single) -> 3 + unit and
	 * member xe4 + 8 + 5 = 18; Txd5 -> 3 + 5 = 8; exd5 -> 3 + 2 + 5 =
	 * 10; Txf5 -> 8 + 5 = 13; five king moves -> 3 + Txe4 (unit only) +
	 * 8 + 5 = 17 each, 85.  16+18+8+10+13+85 = 150. */
	{ "4k3/8/8/3n1t2/4T3/4P3/8/4K3 w - - 0 1", 1, 10 },
	{ "4k3/8/8/3n1t2/4T3/4P3/8/4K3 w - - 0 1", 2, 150 },
	/* Check by a tandem.  D1: the d2 tandem attacks c1, e1: Ke1 to d1
	 * f1 e2 f2, or takes it: Kxd2 = 5.  D2: Kd1 (blocks d1) -> Ke8's 5;
	 * Kxd2 -> 5; Kf1, Ke2, Kf2 -> 5 + 4 unit + 4 member promotions on d1
	 * = 13 each; 5+5+39 = 49. */
	{ "4k3/8/8/8/8/8/3t4/4K3 w - - 0 1", 1, 5 },
	{ "4k3/8/8/8/8/8/3t4/4K3 w - - 0 1", 2, 49 },
	/* Rockets from rank 2 onto an empty first rank.  D1: 8 tandems x 4
	 * steps = 32; rockets from every file but e (e1 holds the king) = 7;
	 * Ke1: d1 f1 = 2; 41.  D2: no White move reaches rank 5, so Ke8
	 * keeps d8 f8 d7 e7 f7: 41 x 5 = 205. */
	{ "4k3/8/8/8/8/8/TTTTTTTT/4K3 w - - 0 1", 1, 41 },
	{ "4k3/8/8/8/8/8/TTTTTTTT/4K3 w - - 0 1", 2, 205 },
	/* Castling with tandems.  D1: 8 tandems x 4 steps = 32; rockets
	 * where rank 1 is empty behind (b, c, d, f, g) = 5; Ke1: d1 f1 = 2;
	 * O-O, O-O-O = 2; Ra1: b1 c1 d1 = 3; Rh1: g1 f1 = 2; 46.  D2: White
	 * reaches no further than rank 4 and attacks nothing of Black's
	 * (nor f8, g8, d8, c8), and Black's position mirrors White's:
	 * 46 x 46 = 2116. */
	{ "r3k2r/tttttttt/8/8/8/8/TTTTTTTT/R3K2R w KQkq - 0 1", 1, 46 },
	{ "r3k2r/tttttttt/8/8/8/8/TTTTTTTT/R3K2R w KQkq - 0 1", 2, 2116 },
};

static void test_perft_by_hand(void **state)
{
	(void)state;
	assert_perft_cases(hand, sizeof hand / sizeof hand[0], &variant_tandem,
			   NULL);
}

/* ------------------------------------------------------- checked walk */

/* The board, bitboards and key kept by make agree with each other at
 * every node (assert_position_consistent). */
static void test_checked_walk(void **state)
{
	static const struct perft_case walks[] = {
		{ "rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1", 3, 46510 },
		{ "r3k2r/1tt1pppp/8/3tT3/8/8/PPT2TPP/R3K2R w KQkq d6 0 1", 3, 34904 },
		{ "4k3/8/8/8/8/2p5/8/3PK3 w - - 0 1", 4, 1981 },
		{ "4k3/8/2T5/8/8/8/8/4K3 w - - 0 1", 4, 2671 },
	};
	(void)state;
	assert_perft_cases(walks, sizeof walks / sizeof walks[0],
			   &variant_tandem, &walk_basic);
}

/* ----------------------------------------------- tandem-free = standard */

static const char *const tandem_free[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
};

/* Without tandems the generator gives standard's moves, move for move,
 * here and one ply on. */
static void test_tandem_free_moves_equal_standard(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof tandem_free / sizeof tandem_free[0]; i++) {
		struct position t, s;
		struct movelist lt;
		load(&t, tandem_free[i]);
		load_fen(&s, tandem_free[i], &variant_standard);
		assert_same_moves(&t, &s, &lt);
		for (unsigned j = 0; j < lt.count; j++) {
			struct position t2 = t, s2 = s;
			position_make(&t2, lt.moves[j]);
			position_make(&s2, lt.moves[j]);
			assert_true(perft(&t2, 2) == perft(&s2, 2));
		}
	}
}

/* Random games from tandem-free positions: at every ply the same moves as
 * standard chess and, after the same move, the same FEN (clocks, castling
 * rights, e.p. field).  A fixed LCG keeps the games reproducible. */
static void test_tandem_free_random_games(void **state)
{
	uint64_t seed = 0x5441u;
	(void)state;
	for (unsigned game = 0; game < 40; game++) {
		struct position t, s;
		const char *fen = tandem_free[game % 2];
		load(&t, fen);
		load_fen(&s, fen, &variant_standard);
		for (unsigned ply = 0; ply < 150; ply++) {
			struct movelist lt;
			char fs[FEN_MAX];
			assert_same_moves(&t, &s, &lt);
			if (lt.count == 0)
				break;
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			move_t m = lt.moves[(seed >> 33) % lt.count];
			position_make(&t, m);
			position_make(&s, m);
			position_to_fen(&s, fs, sizeof fs);
			assert_fen_text(&t, fs);
		}
	}
}

/* Published perft of tandem-free positions (chessprogramming.org "Perft
 * Results": Kiwipete, position 3, position 4, position 5). */
static void test_tandem_free_published_perft(void **state)
{
	static const struct perft_case published[] = {
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333 },
		{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379 },
	};
	(void)state;
	assert_perft_cases(published, sizeof published / sizeof published[0],
			   &variant_tandem, NULL);
}

/* ----------------------------------------------- tests/perft/tandem.epd */

/* Every count to depth 4; the suite's derivations are in the file. */
static void test_perft_epd(void **state)
{
	static const struct epd_suite suite = {
		.path = "tests/perft/tandem.epd",
		.variant = &variant_tandem,
		.max_depth = 4,
		.skip_missing = true,	/* run from the project root */
	};
	(void)state;
	assert_true(assert_epd_suite(&suite).checked > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unit_and_member_steps),
		cmocka_unit_test(test_steps_blocked),
		cmocka_unit_test(test_tandem_captures_piece),
		cmocka_unit_test(test_tandem_captures_tandem_only_as_unit),
		cmocka_unit_test(test_capture_of_tandem_takes_both),
		cmocka_unit_test(test_ep_of_unit),
		cmocka_unit_test(test_ep_of_single_pawn),
		cmocka_unit_test(test_first_rank_double_step_and_ep),
		cmocka_unit_test(test_fen_ep_on_rank_2),
		cmocka_unit_test(test_ep_setup_checks),
		cmocka_unit_test(test_rocket),
		cmocka_unit_test(test_rocket_blocked),
		cmocka_unit_test(test_rocket_promotes),
		cmocka_unit_test(test_rocket_from_rank_2_then_first_rank_steps),
		cmocka_unit_test(test_unit_promotion),
		cmocka_unit_test(test_member_promotion),
		cmocka_unit_test(test_no_recoupling),
		cmocka_unit_test(test_check_by_tandem),
		cmocka_unit_test(test_pinned_tandem),
		cmocka_unit_test(test_setup_ranks),
		cmocka_unit_test(test_fen_round_trip),
		cmocka_unit_test(test_halfmove_clock),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_perft_by_hand),
		cmocka_unit_test(test_checked_walk),
		cmocka_unit_test(test_tandem_free_moves_equal_standard),
		cmocka_unit_test(test_tandem_free_random_games),
		cmocka_unit_test(test_tandem_free_published_perft),
		cmocka_unit_test(test_perft_epd),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
