/* Pushpawn Chess (librules/variants/pushpawn.c): the push with each of its
 * conditions met and then failing one at a time, in pushpawn and in
 * pushpawn-4th; the FEN after a push; the seed game of pawnkit-variants(7) through
 * san_parse and move_resolve; equality with standard chess where no push
 * exists; a checked walk; the perft suite tests/perft/pushpawn.epd (counts
 * derived by hand there).  Run from the project root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../librules/rules.h"
#include "support.h"

/* ---------------------------------------------------------------- helpers */

static void load(struct position *pos, const char *fen)
{
	load_fen(pos, fen, &variant_pushpawn);
}

static move_t push_move(const char *from, const char *to)
{
	return coord_move(from, to, 0, MF_PUSH);
}

/* Is the push from -> to (the enemy pawn's square) legal in variant v? */
static bool can_push_v(const char *fen, const char *from, const char *to,
		       const struct variant *v)
{
	struct position pos;
	load_fen(&pos, fen, v);
	return is_legal_once(&pos, push_move(from, to));
}

static bool can_push(const char *fen, const char *from, const char *to)
{
	return can_push_v(fen, from, to, &variant_pushpawn);
}

/* How many pushes the side to move has. */
static unsigned pushes(const struct position *pos)
{
	struct movelist list;
	unsigned n = 0;
	position_legal_moves(pos, &list);
	for (unsigned i = 0; i < list.count; i++)
		n += (MOVE_FLAGS(list.moves[i]) & MF_PUSH) != 0;
	return n;
}

/* Makes m, which must be listed exactly once. */
static void play(struct position *pos, move_t m)
{
	if (count_legal(pos, m) != 1)
		fail_msg("move %#x is not legal here", (unsigned)m);
	position_make(pos, m);
}

/* ----------------------------------------------------- where it applies */

static void test_push_from_rank_4_and_5(void **state)
{
	struct position pos;
	(void)state;
	/* White e4, connected to d4, faces e5 with e6 empty. */
	const char *r4 = "4k3/8/8/4p3/3PP3/8/8/4K3 w - - 0 1";
	assert_true(can_push(r4, "e4", "e5"));
	assert_true(can_push_v(r4, "e4", "e5", &variant_pushpawn_4th));
	load(&pos, r4);
	play(&pos, push_move("e4", "e5"));
	assert_fen(&pos, "4k3/8/4p3/4P3/3P4/8/8/4K3 b - - 0 1");
	/* From rank 5: pushpawn only. */
	const char *r5 = "4k3/8/4p3/3PP3/8/8/8/4K3 w - - 0 1";
	assert_true(can_push(r5, "e5", "e6"));
	assert_false(can_push_v(r5, "e5", "e6", &variant_pushpawn_4th));
	load(&pos, r5);
	play(&pos, push_move("e5", "e6"));
	assert_fen(&pos, "4k3/4p3/4P3/3P4/8/8/8/4K3 b - - 0 1");
}

static void test_black_pushes(void **state)
{
	struct position pos;
	(void)state;
	/* Black's rank 4 is the fifth rank of the board. */
	const char *r4 = "4k3/8/8/3pp3/4P3/8/8/4K3 b - - 0 1";
	assert_true(can_push(r4, "e5", "e4"));
	assert_true(can_push_v(r4, "e5", "e4", &variant_pushpawn_4th));
	load(&pos, r4);
	play(&pos, push_move("e5", "e4"));
	assert_fen(&pos, "4k3/8/8/3p4/4p3/4P3/8/4K3 w - - 0 2");
	const char *r5 = "4k3/8/8/8/3pp3/4P3/8/4K3 b - - 0 1";
	assert_true(can_push(r5, "e4", "e3"));
	assert_false(can_push_v(r5, "e4", "e3", &variant_pushpawn_4th));
}

/* The six squares on the adjacent files, one rank back to one forward. */
static void test_connected_six_ways(void **state)
{
	static const char *const connected[] = {
		"4k3/8/8/4p3/4P3/3P4/8/4K3 w - - 0 1",	/* d3 */
		"4k3/8/8/4p3/3PP3/8/8/4K3 w - - 0 1",	/* d4 */
		"4k3/8/8/3Pp3/4P3/8/8/4K3 w - - 0 1",	/* d5 */
		"4k3/8/8/4p3/4P3/5P2/8/4K3 w - - 0 1",	/* f3 */
		"4k3/8/8/4p3/4PP2/8/8/4K3 w - - 0 1",	/* f4 */
		"4k3/8/8/4pP2/4P3/8/8/4K3 w - - 0 1",	/* f5 */
	};
	static const char *const alone[] = {
		"4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1",	/* no neighbour */
		"4k3/8/8/4p3/2P1P3/8/8/4K3 w - - 0 1",	/* c4: two files */
		"4k3/8/8/4p3/4P3/8/3P4/4K3 w - - 0 1",	/* d2: two back */
		"4k3/8/3P4/4p3/4P3/8/8/4K3 w - - 0 1",	/* d6: two on */
		"4k3/8/8/4p3/4P3/4P3/8/4K3 w - - 0 1",	/* e3: same file */
		"4k3/8/8/4p3/3pP3/8/8/4K3 w - - 0 1",	/* d4: an enemy pawn */
	};
	(void)state;
	for (size_t i = 0; i < sizeof connected / sizeof connected[0]; i++)
		assert_true(can_push(connected[i], "e4", "e5"));
	for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++)
		assert_false(can_push(alone[i], "e4", "e5"));
}

/* ---------------------------------------------------- where it does not */

static void test_not_from_rank_3_or_6(void **state)
{
	(void)state;
	assert_false(can_push("4k3/8/8/8/4p3/3PP3/8/4K3 w - - 0 1", "e3", "e4"));
	assert_false(can_push("3k4/4p3/3PP3/8/8/8/8/4K3 w - - 0 1", "e6", "e7"));
	/* Black: its ranks 3 and 6. */
	assert_false(can_push("4k3/8/3pp3/4P3/8/8/8/4K3 b - - 0 1", "e6", "e5"));
	assert_false(can_push("4k3/8/8/8/8/3pp3/4P3/K7 b - - 0 1", "e3", "e2"));
}

static void test_needs_enemy_pawn_and_room(void **state)
{
	(void)state;
	/* The square beyond the enemy pawn taken, by either side. */
	assert_false(can_push("4k3/8/4n3/4p3/3PP3/8/8/4K3 w - - 0 1", "e4", "e5"));
	assert_false(can_push("4k3/8/4N3/4p3/3PP3/8/8/4K3 w - - 0 1", "e4", "e5"));
	/* A piece in front, or our own pawn, is not pushed. */
	assert_false(can_push("4k3/8/8/4n3/3PP3/8/8/4K3 w - - 0 1", "e4", "e5"));
	assert_false(can_push("4k3/8/8/4P3/3PP3/8/8/4K3 w - - 0 1", "e4", "e5"));
}

/* ------------------------------------------------------ king safety */

static void test_push_and_king_safety(void **state)
{
	struct position pos;
	char san[MOVE_TEXT_MAX];
	(void)state;
	/* Pinned on the long diagonal: no push; unpinned: push. */
	assert_false(can_push("4k3/1b6/8/4p3/3PP3/8/8/7K w - - 0 1", "e4", "e5"));
	assert_true(can_push("4k3/1b6/8/4p3/3PP3/8/8/6K1 w - - 0 1", "e4", "e5"));
	/* In check along rank 1: the push does not answer it. */
	assert_false(can_push("4k3/8/8/4p3/3PP3/8/8/r3K3 w - - 0 1", "e4", "e5"));
	/* In check along rank 6: pushing the e5 pawn to e6 blocks it. */
	assert_true(can_push("4k3/8/r6K/4p3/3PP3/8/8/8 w - - 0 1", "e4", "e5"));
	/* A push may uncover check (the bishop on d3 sees h7). */
	load(&pos, "8/7k/8/4p3/4PP2/3B4/8/4K3 w - - 0 1");
	move_t m = push_move("e4", "e5");
	assert_int_equal(count_legal(&pos, m), 1);
	move_write(&pos, m, NOTATION_SAN, san, sizeof san);
	assert_string_equal(san, "e5(p)+");
	play(&pos, m);
	assert_true(position_in_check(&pos));
}

/* ---------------------------------------------------- after the push */

/* No e.p. square after a push, even when one was set before; the clock
 * resets (a pawn move). */
static void test_no_ep_and_clock(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/8/2Ppp3/4P3/8/K7 b - c3 0 1");
	assert_int_equal(count_legal(&pos, coord_move("d4", "c3", 0,
						      MF_EP | MF_CAPTURE)), 1);
	play(&pos, push_move("e4", "e3"));
	assert_fen(&pos, "4k3/8/8/8/2Pp4/4p3/4P3/K7 w - - 0 2");
	load(&pos, "4k3/8/8/8/3pp3/4P3/8/K7 b - - 9 30");
	play(&pos, push_move("e4", "e3"));
	assert_fen(&pos, "4k3/8/8/8/3p4/4p3/4P3/K7 w - - 0 31");
}

/* A pawn pushed back onto its rank 2 double-steps again once the square
 * in front is free (double steps are position-based). */
static void test_pushed_back_pawn_double_steps(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/8/3pp3/4P3/8/K6N b - - 0 1");
	play(&pos, push_move("e4", "e3"));
	assert_fen(&pos, "4k3/8/8/8/3p4/4p3/4P3/K6N w - - 0 2");
	assert_int_equal(count_legal(&pos, coord_move("e2", "e4", 0,
						      MF_DOUBLE)), 0);
	play(&pos, coord_move("h1", "f2", 0, 0));
	play(&pos, coord_move("e3", "f2", 0, MF_CAPTURE));
	play(&pos, coord_move("e2", "e4", 0, MF_DOUBLE));
	assert_fen(&pos, "4k3/8/8/8/3pP3/8/5p2/K7 b - e3 0 3");
	assert_int_equal(count_legal(&pos, coord_move("d4", "e3", 0,
						      MF_EP | MF_CAPTURE)), 1);
}

/* ------------------------------------------------------ the seed game */

/* 1.e4 e5 2.Nf3 d6 3.d4 e4(p) 4.Nfd2, in both variants: the push is
 * legal (e5 connected via d6, e4 goes back to e3); 4.Nd2 is ambiguous;
 * after 4.Nfd2 neither side can push. */
static void seed_game(const struct variant *v)
{
	static const char *const moves[] = { "e4", "e5", "Nf3", "d6", "d4",
					     "e4(p)", "Nfd2" };
	struct position pos;
	position_start(&pos, v);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		if (i == 6) {
			struct resolved nd2 = resolve_text(&pos, "Nd2", true);
			assert_int_equal(nd2.rc, -1);
			assert_int_equal(nd2.err.code, DC_AMBIGUOUS_MOVE);
		}
		struct resolved r = resolve_text(&pos, moves[i], true);
		if (r.rc != 0)
			fail_msg("%s: %s", moves[i], r.err.message);
		move_t m = r.move;
		if (i == 5) {
			assert_true(m == push_move("e5", "e4"));
			char san[MOVE_TEXT_MAX];
			move_write(&pos, m, NOTATION_SAN, san, sizeof san);
			assert_string_equal(san, "e4(p)");
		}
		position_make(&pos, m);
		if (i == 5)
			assert_fen(&pos, "rnbqkbnr/ppp2ppp/3p4/8/3Pp3/4PN2/"
				   "PPP2PPP/RNBQKB1R w KQkq - 0 4");
	}
	assert_fen(&pos, "rnbqkbnr/ppp2ppp/3p4/8/3Pp3/4P3/PPPN1PPP/"
		   "RNBQKB1R b KQkq - 1 4");
	assert_int_equal(pushes(&pos), 0);
	position_make_null(&pos);
	assert_int_equal(pushes(&pos), 0);
}

static void test_seed_game(void **state)
{
	(void)state;
	seed_game(&variant_pushpawn);
	seed_game(&variant_pushpawn_4th);
}

/* ------------------------------------------------ no push: standard */

/* Where no pawn can push, the moves are standard chess's, move for move. */
static void test_without_pushes_standard(void **state)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"rnbqkbnr/ppp2ppp/3p4/8/3Pp3/4P3/PPPN1PPP/RNBQKB1R b KQkq - 1 4",
		"4k3/8/8/4p3/2P1P3/8/8/4K3 w - - 0 1",
	};
	(void)state;
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
		for (int v = 0; v < 2; v++) {
			struct position p, s;
			struct movelist lp;
			load_fen(&p, fens[i], v ? &variant_pushpawn_4th
						: &variant_pushpawn);
			load_fen(&s, fens[i], &variant_standard);
			assert_same_moves(&p, &s, &lp);
		}
}

/* ----------------------------------------------------- checked walk */

static void test_checked_walk(void **state)
{
	static const struct perft_case walks[] = {
		{ "rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3", 3, 41532 },
		{ "4k3/8/8/8/3pp3/4P3/8/4K3 b - - 0 1", 4, 1817 },
	};
	(void)state;
	assert_perft_cases(walks, sizeof walks / sizeof walks[0],
			   &variant_pushpawn, &walk_basic);
}

/* -------------------------------------------- tests/perft/pushpawn.epd */

/* "[pushpawn-4th ]FEN ;D1 n ;D2 n ...": a line may name its variant. */
static void test_perft_epd(void **state)
{
	static const struct epd_suite suite = {
		.path = "tests/perft/pushpawn.epd",
		.variant = &variant_pushpawn,
	};
	(void)state;
	assert_true(assert_epd_suite(&suite).positions >= 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_push_from_rank_4_and_5),
		cmocka_unit_test(test_black_pushes),
		cmocka_unit_test(test_connected_six_ways),
		cmocka_unit_test(test_not_from_rank_3_or_6),
		cmocka_unit_test(test_needs_enemy_pawn_and_room),
		cmocka_unit_test(test_push_and_king_safety),
		cmocka_unit_test(test_no_ep_and_clock),
		cmocka_unit_test(test_pushed_back_pawn_double_steps),
		cmocka_unit_test(test_seed_game),
		cmocka_unit_test(test_without_pushes_standard),
		cmocka_unit_test(test_checked_walk),
		cmocka_unit_test(test_perft_epd),
	};
	return cmocka_run_group_tests_name("pushpawn", tests, NULL, NULL);
}
