/* Chess960 (librules/variants/chess960.c): castling worked out by hand
 * from the rule of pawnkit-variants(7) (the king to the g- or c-file, the
 * rook to the f- or d-file, the squares both cross or reach empty but for
 * those two, the king attacked on none of its squares): a king that does
 * not move, a rook that does not move, king and rook trading squares,
 * castling blocked by the other rook, through check, into an attack the
 * rook hid; the rights as they are lost; X-FEN with an inner rook,
 * Shredder-FEN, double Fischer random setups; SAN, coordinates and
 * the [Variant] names; FEN written and read back along random games.
 * Perft against Stockfish is tests/perft/chess960.py.  Run from the
 * project root. */
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
	load_fen(pos, fen, &variant_chess960);
}

/* The castling of the side to move with the rook on `rook`: the king
 * takes its own rook. */
static move_t castle(const struct position *pos, const char *rook)
{
	int king = position_king(pos, pos->side);
	return MOVE(king, square(rook), 0, MF_CASTLE);
}

static bool can_castle(const char *fen, const char *rook)
{
	struct position pos;
	load(&pos, fen);
	return is_legal_once(&pos, castle(&pos, rook));
}

/* fen, then the castling with the rook on `rook`, gives `after`. */
static void castles_to(const char *fen, const char *rook, const char *after)
{
	struct position pos;
	load(&pos, fen);
	play_legal(&pos, castle(&pos, rook));
	assert_fen(&pos, after);
}

/* The text of m in notation n, with its mark. */
static const char *written(const struct position *pos, move_t m,
			   enum notation n)
{
	static char buf[MOVE_TEXT_MAX];
	move_write(pos, m, n, buf, sizeof buf);
	return buf;
}

/* ------------------------------------------------------------- castling */

static void test_king_does_not_move(void **state)
{
	(void)state;
	/* King on g1: only the rook moves, h1 to f1. */
	castles_to("6k1/8/8/8/8/8/8/6KR w K - 0 1", "h1",
		   "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
	/* King on c1: the rook comes from a1 to d1. */
	castles_to("2k5/8/8/8/8/8/8/R1K5 w Q - 0 1", "a1",
		   "2k5/8/8/8/8/8/8/2KR4 b - - 1 1");
	/* Even a king that does not move may not castle out of check. */
	assert_false(can_castle("6k1/8/8/8/8/8/8/r5KR w K - 0 1", "h1"));
}

static void test_rook_does_not_move(void **state)
{
	(void)state;
	/* Rook on f1: the king alone crosses c1 to g1, past the rook. */
	castles_to("4k3/8/8/8/8/8/8/1K3R2 w K - 0 1", "f1",
		   "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
	/* Rook on d1: the king goes from f1 to c1 over it. */
	castles_to("4k3/8/8/8/8/8/8/3R1K2 w Q - 0 1", "d1",
		   "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

static void test_king_and_rook_trade_squares(void **state)
{
	(void)state;
	/* King f1, rook g1: the king ends on the rook's square and the
	 * rook on the king's. */
	castles_to("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "g1",
		   "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
	castles_to("4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", "c1",
		   "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
	/* Black too, from its own back rank. */
	castles_to("2rk4/8/8/8/8/8/8/4K3 b q - 0 1", "c8",
		   "2kr4/8/8/8/8/8/8/4K3 w - - 1 2");
}

static void test_blocked_by_the_other_rook(void **state)
{
	(void)state;
	/* King b1 between rooks a1 and c1: O-O-O would take the king to
	 * c1, where the other rook stands; O-O takes the c1 rook to f1. */
	const char *rkr = "4k3/8/8/8/8/8/8/RKR5 w KQ - 0 1";
	assert_false(can_castle(rkr, "a1"));
	assert_true(can_castle(rkr, "c1"));
	/* Rooks a1 and d1: the long castling's rook would land on d1. */
	assert_false(can_castle("4k3/8/8/8/8/8/8/RK1R4 w KQ - 0 1", "a1"));
	/* K names the outermost rook, h1: the king's way crosses c1. */
	assert_false(can_castle("4k3/8/8/8/8/8/8/1KR4R w K - 0 1", "h1"));
	/* C names the inner one, which may castle. */
	castles_to("4k3/8/8/8/8/8/8/1KR4R w C - 0 1", "c1",
		   "4k3/8/8/8/8/8/8/5RKR b - - 1 1");
	/* Any other piece in the way blocks as well. */
	assert_false(can_castle("4k3/8/8/8/8/8/8/1K2N2R w K - 0 1", "h1"));
	assert_false(can_castle("4k3/8/8/8/8/8/8/RN1K4 w Q - 0 1", "a1"));
}

static void test_through_check(void **state)
{
	(void)state;
	/* The king crosses e1, which the rook on e8 attacks. */
	assert_false(can_castle("4r1k1/8/8/8/8/8/8/1K5R w K - 0 1", "h1"));
	/* The king ends attacked on g1. */
	assert_false(can_castle("k5r1/8/8/8/8/8/8/1K5R w K - 0 1", "h1"));
	/* The rook may cross an attacked square: b1 here. */
	assert_true(can_castle("1r2k3/8/8/8/8/8/8/R4K2 w Q - 0 1", "a1"));
	/* The rook on b1 hides the queen on a1 from c1, where the king
	 * stays: after castling the queen sees it. */
	assert_false(can_castle("4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", "b1"));
}

/* ---------------------------------------------------------------- rights */

static void test_rights_lost(void **state)
{
	struct position pos;
	(void)state;
	/* The h1 rook leaves: K goes, Q stays; the rook that castles
	 * with no right (c1) takes none with it. */
	load(&pos, "rk4r1/8/8/8/8/8/8/RKR4R w KAga - 0 1");
	assert_fen_text(&pos, "rk4r1/8/8/8/8/8/8/RKR4R w KQkq - 0 1");
	play_legal(&pos, find_move(&pos, "c1", "c2", 0));
	assert_fen(&pos, "rk4r1/8/8/8/8/8/2R5/RK5R b KQkq - 1 1");
	play_legal(&pos, find_move(&pos, "a8", "a7", 0));
	assert_fen(&pos, "1k4r1/r7/8/8/8/8/2R5/RK5R w KQk - 2 2");
	play_legal(&pos, find_move(&pos, "h1", "g1", 0));
	assert_fen(&pos, "1k4r1/r7/8/8/8/8/2R5/RK4R1 b Qk - 3 2");
	/* A rook taken on its square takes its right along. */
	play_legal(&pos, find_move(&pos, "g8", "g1", 0));
	assert_fen(&pos, "1k6/r7/8/8/8/8/2R5/RK4r1 w Q - 0 3");
	/* The king moves: every right of its side goes. */
	load(&pos, "rk5r/8/8/8/8/8/8/RK5R b KQkq - 0 1");
	play_legal(&pos, find_move(&pos, "b8", "b7", 0));
	assert_fen(&pos, "r6r/1k6/8/8/8/8/8/RK5R w KQ - 1 2");
	/* Castling spends both rights of the side. */
	castles_to("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", "h1",
		   "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

/* --------------------------------------------------------------- FEN */

static void test_xfen_and_shredder(void **state)
{
	struct position pos;
	char fen[FEN_MAX];
	(void)state;
	/* A double Fischer random setup, each side its own: X-FEN's KQkq
	 * name the outermost rooks, b1 and g1 for White, c8 and h8 for
	 * Black; Shredder-FEN names their files. */
	load(&pos, "rbbkqnrn/pppppppp/8/8/8/8/PPPPPPPP/QRKBBNRN w KQkq - 0 1");
	position_to_fen_as(&pos, FEN_SHREDDER, fen, sizeof fen);
	assert_string_equal(fen, "rbbkqnrn/pppppppp/8/8/8/8/PPPPPPPP/"
			    "QRKBBNRN w GBga - 0 1");
	load(&pos, "rbbkqnrn/pppppppp/8/8/8/8/PPPPPPPP/QRKBBNRN w GBga - 0 1");
	assert_fen_text(&pos, "rbbkqnrn/pppppppp/8/8/8/8/PPPPPPPP/"
			"QRKBBNRN w KQkq - 0 1");
	/* An inner rook needs its file in X-FEN too; the outer one none. */
	load(&pos, "4k3/8/8/8/8/8/8/1KR4R w C - 0 1");
	assert_fen_text(&pos, "4k3/8/8/8/8/8/8/1KR4R w C - 0 1");
	load(&pos, "4k3/8/8/8/8/8/8/1KR4R w H - 0 1");
	assert_fen_text(&pos, "4k3/8/8/8/8/8/8/1KR4R w K - 0 1");
	assert_int_equal(pos.castle_rook[0], square("h1"));
	/* The standard setup, Chess960's #518, writes as standard FEN. */
	load(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
	assert_fen_text(&pos, variant_start_fen(&variant_standard));
	position_to_fen_as(&pos, FEN_SHREDDER, fen, sizeof fen);
	assert_string_equal(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
			    "RNBQKBNR w HAha - 0 1");
}

static void test_rights_dropped(void **state)
{
	(void)state;
	assert_fen_dropped_at("4k3/8/8/8/8/8/8/K6R w KQ - 0 1",
			      &variant_chess960, "castling: right Q dropped: "
			      "White has no rook on the a-side of its king",
			      24, "4k3/8/8/8/8/8/8/K6R w K - 0 1");
	assert_fen_dropped_at("4k3/8/8/8/8/8/1K5R/8 w K - 0 1",
			      &variant_chess960, "castling: right K dropped: "
			      "White's king is not on rank 1", 24,
			      "4k3/8/8/8/8/8/1K5R/8 w - - 0 1");
	assert_fen_dropped_at("4k3/8/8/8/8/8/8/1K5R w KG - 0 1",
			      &variant_chess960, "castling: right G dropped: "
			      "White has no rook on g1", 25,
			      "4k3/8/8/8/8/8/8/1K5R w K - 0 1");
	assert_fen_dropped_at("4k3/8/8/8/8/8/8/1K4RR w GH - 0 1",
			      &variant_chess960, "castling: right H dropped: "
			      "a second right on the same side", 26,
			      "4k3/8/8/8/8/8/8/1K4RR w G - 0 1");
}

/* Positions along random games: the FEN, in either style, read back is
 * the same position with the same rights' rooks and the same moves. */
static void test_fen_read_back(void **state)
{
	static const char *const setups[] = {
		"rbbkqnrn/pppppppp/8/8/8/8/PPPPPPPP/QRKBBNRN w KQkq - 0 1",
		"rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRBKRQNB w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"qrkrnbbn/pppppppp/8/8/8/8/PPPPPPPP/RKNRBBQN w DAdb - 0 1",
	};
	uint64_t rng = 960;
	(void)state;
	for (size_t s = 0; s < sizeof setups / sizeof *setups; s++)
		for (int game = 0; game < 20; game++) {
			struct position pos;
			load(&pos, setups[s]);
			for (int ply = 0; ply < 120; ply++) {
				struct movelist l, again;
				position_legal_moves(&pos, &l);
				if (!l.count)
					break;
				for (int style = FEN_XFEN; style <= FEN_SHREDDER;
				     style++) {
					char fen[FEN_MAX];
					char again_fen[FEN_MAX];
					struct position back;
					position_to_fen_as(&pos, style, fen,
							   sizeof fen);
					load(&back, fen);
					position_to_fen_as(&back, style, again_fen,
							   sizeof again_fen);
					assert_string_equal(again_fen, fen);
					for (int i = 0; i < 4; i++)
						if (pos.castling & (1u << i))
							assert_int_equal(pos.castle_rook[i],
									 back.castle_rook[i]);
					assert_same_moves(&pos, &back, &again);
				}
				rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
				play_legal(&pos, l.moves[rng % l.count]);
			}
		}
}

/* ------------------------------------------------------------ notation */

static void test_notation(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/8/8/8/8/1KR4R w C - 0 1");
	move_t m = castle(&pos, "c1");
	assert_string_equal(written(&pos, m, NOTATION_SAN), "O-O");
	assert_string_equal(written(&pos, m, NOTATION_LAN), "O-O");
	assert_string_equal(written(&pos, m, NOTATION_UCI), "b1c1");
	/* The castled rook gives check. */
	load(&pos, "5k2/8/8/8/8/8/8/6KR w K - 0 1");
	m = castle(&pos, "h1");
	assert_string_equal(written(&pos, m, NOTATION_SAN), "O-O+");
	assert_string_equal(written(&pos, m, NOTATION_UCI), "g1h1");
	load(&pos, "3k4/8/8/8/8/8/8/RK6 w Q - 0 1");
	assert_string_equal(written(&pos, castle(&pos, "a1"), NOTATION_SAN),
			    "O-O-O+");
}

static void test_resolve(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	struct resolved r = resolve_text(&pos, "O-O", false);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.move, castle(&pos, "h1"));
	r = resolve_text(&pos, "O-O-O", false);
	assert_int_equal(r.move, castle(&pos, "a1"));
	/* Coordinates: the king takes its rook, as UCI_Chess960 writes;
	 * e1g1 is a king move, and the king does not go two squares. */
	r = resolve_text(&pos, "e1h1", false);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.move, castle(&pos, "h1"));
	r = resolve_text(&pos, "e1g1", false);
	assert_int_equal(r.rc, -1);
	/* A king that does not move. */
	load(&pos, "6k1/8/8/8/8/8/8/6KR w K - 0 1");
	r = resolve_text(&pos, "O-O", false);
	assert_int_equal(r.move, castle(&pos, "h1"));
	r = resolve_text(&pos, "g1h1", false);
	assert_int_equal(r.move, castle(&pos, "h1"));
	/* Why not: the other rook in the way; the king passing check. */
	load(&pos, "4k3/8/8/8/8/8/8/RKR5 w KQ - 0 1");
	r = resolve_text(&pos, "O-O-O", false);
	assert_int_equal(r.rc, -1);
	assert_string_equal(r.err.message, "castling not allowed: squares "
			    "the king or the rook must cross or reach are "
			    "occupied");
	load(&pos, "4r1k1/8/8/8/8/8/8/1K5R w K - 0 1");
	r = resolve_text(&pos, "O-O", false);
	assert_string_equal(r.err.message, "castling not allowed: the king "
			    "passes through an attacked square");
	load(&pos, "4k3/8/8/8/8/8/8/qRK5 w Q - 0 1");
	r = resolve_text(&pos, "O-O-O", false);
	assert_string_equal(r.err.message, "castling not allowed: the king "
			    "would end in check");
}

static void test_variant_names(void **state)
{
	static const char *const names[] = {
		"Chess960", "chess 960", "Chess 960", "fischerandom",
		"Fischerandom", "Fischer Random", "FISCHER RANDOM CHESS",
		"chess960",
	};
	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		assert_ptr_equal(variant_by_name(names[i]), &variant_chess960);
	assert_ptr_equal(variant_by_id("chess960"), &variant_chess960);
	assert_string_equal(variant_pgn_name(&variant_chess960), "Chess960");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_king_does_not_move),
		cmocka_unit_test(test_rook_does_not_move),
		cmocka_unit_test(test_king_and_rook_trade_squares),
		cmocka_unit_test(test_blocked_by_the_other_rook),
		cmocka_unit_test(test_through_check),
		cmocka_unit_test(test_rights_lost),
		cmocka_unit_test(test_xfen_and_shredder),
		cmocka_unit_test(test_rights_dropped),
		cmocka_unit_test(test_fen_read_back),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_resolve),
		cmocka_unit_test(test_variant_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
