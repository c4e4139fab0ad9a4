/* Pauli Chess (librules/variants/pauli.c): each special rule of
 * pawnkit-variants(7) with a position where it applies and one where a
 * condition fails; the position after each kind of move as FEN; setup
 * checks; the perft suite in tests/perft/pauli.epd (counts derived by hand
 * there) and a checked perft that verifies board, bitboards, canonical
 * order and key at every node. */
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

/* The shared helpers (support.h) on Pauli Chess positions. */
static void load(struct position *pos, const char *fen)
{
	load_fen(pos, fen, &variant_pauli);
}

static void assert_rejected(const char *fen, const char *message)
{
	assert_fen_rejected(fen, &variant_pauli, message);
}

static bool has(const char *fen, const char *from, const char *to, int promo,
		unsigned flags)
{
	return fen_has_move(&variant_pauli, fen,
			    coord_move(from, to, promo, flags));
}

/* Legal moves from one square to another, of any kind. */
static unsigned count_between(const char *fen, const char *from,
			      const char *to)
{
	return fen_count_moves(&variant_pauli, fen, from, to);
}

static unsigned count_from(const char *fen, const char *from)
{
	return count_between(fen, from, NULL);
}

static void assert_after(const char *fen, const char *from, const char *to,
			 int promo, unsigned flags, const char *expected)
{
	assert_fen_after(&variant_pauli, fen,
			 coord_move(from, to, promo, flags), expected);
}

enum { S = MF_SHARE, C = MF_CAPTURE, V2 = MF_VICTIM2, M2 = MF_MOVER2,
       D = MF_DOUBLE, EP = MF_EP | MF_CAPTURE, CASTLE = MF_CASTLE };

/* ------------------------------------------------------ moving onto pieces */

/* One friend: share it (never take it); two friends: no move at all. */
static void test_share_with_friend(void **state)
{
	const char *start = variant_pauli.start_fen;
	(void)state;
	assert_after(start, "g1", "e2", 0, S,
		     "rnbqkbnr/pppppppp/8/8/8/8/PPPP(NP)PPP/RNBQKB1R b KQkq - 1 1");
	assert_int_equal(count_between(start, "g1", "e2"), 1);
	/* e2 holds a White bishop and pawn: neither knight nor king may go. */
	const char *full = "4k3/8/8/8/8/8/4(BP)3/4K1N1 w - - 0 1";
	assert_int_equal(count_between(full, "g1", "e2"), 0);
	assert_int_equal(count_between(full, "e1", "e2"), 0);
}

/* One enemy: two moves, capture or share. */
static void test_share_or_capture_enemy(void **state)
{
	const char *fen = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1";
	(void)state;
	assert_int_equal(count_between(fen, "d1", "d5"), 2);
	assert_after(fen, "d1", "d5", 0, C, "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1");
	assert_after(fen, "d1", "d5", 0, S,
		     "4k3/8/8/3(Rp)4/8/8/8/4K3 b - - 1 1");
	/* With a friend there instead, the share alone. */
	assert_int_equal(count_between("4k3/8/8/3P4/8/8/8/3RK3 w - - 0 1",
				       "d1", "d5"), 1);
}

/* Two enemies: take either (MF_VICTIM2 for the second slot) and share
 * with the other; no share without capture; two identical enemies give
 * one move. */
static void test_capture_one_of_two_enemies(void **state)
{
	const char *fen = "4k3/8/8/8/3(bn)4/8/8/3RK3 w - - 0 1";
	(void)state;
	assert_int_equal(count_between(fen, "d1", "d4"), 2);
	assert_after(fen, "d1", "d4", 0, C,
		     "4k3/8/8/8/3(Rn)4/8/8/4K3 b - - 0 1");
	assert_after(fen, "d1", "d4", 0, C | V2,
		     "4k3/8/8/8/3(Rb)4/8/8/4K3 b - - 0 1");
	assert_false(has(fen, "d1", "d4", 0, S));
	const char *twin = "4k3/8/8/8/3(pp)4/8/8/3RK3 w - - 0 1";
	assert_int_equal(count_between(twin, "d1", "d4"), 1);
	assert_after(twin, "d1", "d4", 0, C,
		     "4k3/8/8/8/3(Rp)4/8/8/4K3 b - - 0 1");
}

/* A friend and an enemy: only by taking the enemy, whichever slot. */
static void test_friend_and_enemy_only_by_capture(void **state)
{
	const char *white = "4k3/8/8/3(Np)4/8/8/8/3RK3 w - - 0 1";
	const char *black = "3rk3/8/8/3(Np)4/8/8/8/4K3 b - - 0 1";
	(void)state;
	assert_int_equal(count_between(white, "d1", "d5"), 1);
	assert_after(white, "d1", "d5", 0, C | V2,
		     "4k3/8/8/3(RN)4/8/8/8/4K3 b - - 0 1");
	assert_int_equal(count_between(black, "d8", "d5"), 1);
	assert_after(black, "d8", "d5", 0, C,
		     "4k3/8/8/3(rp)4/8/8/8/4K3 w - - 0 2");
}

/* A ray ends at the first occupied square: into it, never through. */
static void test_slider_into_not_through(void **state)
{
	const char *enemy = "3k4/8/8/3p4/8/8/8/K2R4 w - - 0 1";
	const char *friend = "3k4/8/8/8/3P4/8/8/K2R4 w - - 0 1";
	(void)state;
	assert_int_equal(count_between(enemy, "d1", "d5"), 2);
	assert_int_equal(count_between(enemy, "d1", "d6"), 0);
	assert_int_equal(count_between(friend, "d1", "d4"), 1);
	assert_int_equal(count_between(friend, "d1", "d5"), 0);
	/* Sharing the first square does not open the ray behind it either:
	 * the Black king on d8 is not in check from d1 nor from d5. */
	struct position pos;
	load(&pos, "3k4/8/8/3(Pp)4/8/8/8/K2R4 b - - 0 1");
	assert_false(position_in_check(&pos));
	/* A knight still jumps, here over three full squares. */
	assert_int_equal(count_between("4k3/8/8/8/8/8/4(BP)(BP)(BP)1/4K1N1 w - - 0 1",
				       "g1", "f3"), 1);
}

/* ------------------------------------------------------------------ pawns */

/* The straight move shares a square holding one piece of either colour
 * and never captures; a square with two pieces stops it. */
static void test_pawn_straight_share(void **state)
{
	const char *fen = "k7/8/8/8/p7/2p1(pp)3/P1P1P3/7K w - - 0 1";
	(void)state;
	assert_int_equal(count_between(fen, "c2", "c3"), 1);
	assert_after(fen, "c2", "c3", 0, S,
		     "k7/8/8/8/p7/2(Pp)1(pp)3/P3P3/7K b - - 0 1");
	assert_int_equal(count_from(fen, "e2"), 0);
	/* A friend is shared the same way. */
	assert_after("4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1", "e2", "e3", 0, S,
		     "4k3/8/8/8/8/4(NP)3/8/4K3 b - - 0 1");
}

/* Diagonally only a capture: of one piece of a two-piece square (either
 * one), never onto an empty square or a friend. */
static void test_pawn_diagonal_only_captures(void **state)
{
	const char *fen = "4k3/8/8/2(bn)1P3/3P4/8/8/4K3 w - - 0 1";
	(void)state;
	assert_int_equal(count_between(fen, "d4", "c5"), 2);
	assert_after(fen, "d4", "c5", 0, C,
		     "4k3/8/8/2(Pn)1P3/8/8/8/4K3 b - - 0 1");
	assert_after(fen, "d4", "c5", 0, C | V2,
		     "4k3/8/8/2(Pb)1P3/8/8/8/4K3 b - - 0 1");
	assert_int_equal(count_between(fen, "d4", "e5"), 0);	/* a friend */
	assert_int_equal(count_between(fen, "e5", "d6"), 0);	/* empty */
	assert_int_equal(count_between(fen, "e5", "f6"), 0);
}

/* The double step needs the passed square empty; it may end sharing. */
static void test_pawn_double_step(void **state)
{
	const char *fen = "k7/8/8/8/p7/8/P6K/8 w - - 0 1";
	(void)state;
	assert_after(fen, "a2", "a4", 0, D | S,
		     "k7/8/8/8/(Pp)7/8/7K/8 b - a3 0 1");
	/* A piece on a3: the step to a3 shares it, the double step is gone. */
	const char *passed = "k7/8/8/8/8/n7/P6K/8 w - - 0 1";
	assert_true(has(passed, "a2", "a3", 0, S));
	assert_int_equal(count_between(passed, "a2", "a4"), 0);
	/* Two pieces on a4: no double step. */
	assert_int_equal(count_between("k7/8/8/8/(pp)7/8/P6K/8 w - - 0 1",
				       "a2", "a4"), 0);
}

/* En passant as in FIDE chess; when the victim shares its square only the
 * pawn goes.  A double step that ends sharing still sets the square. */
static void test_en_passant_shared_victim(void **state)
{
	const char *before = "1r2k3/1P1p4/8/3NP3/8/8/8/7K b - - 0 1";
	const char *fen = "1r2k3/1P6/8/3(Np)P3/8/8/8/7K w - d6 0 2";
	(void)state;
	assert_after(before, "d7", "d5", 0, D | S, fen);
	assert_after(fen, "e5", "d6", 0, EP, "1r2k3/1P6/3P4/3N4/8/8/8/7K b - - 0 2");
	/* One move later the right is gone. */
	assert_false(has("1r2k3/1P6/8/3(Np)P3/8/8/8/7K w - - 0 2", "e5", "d6",
			 0, EP));
}

static void test_promotion_onto_shared_square(void **state)
{
	const char *fen = "1r2k3/1P6/8/3(Np)P3/8/8/8/7K w - d6 0 1";
	(void)state;
	assert_int_equal(count_between(fen, "b7", "b8"), 4);
	assert_after(fen, "b7", "b8", QUEEN, S,
		     "1(Qr)2k3/8/8/3(Np)P3/8/8/8/7K b - - 0 1");
	assert_after(fen, "b7", "b8", KNIGHT, S,
		     "1(Nr)2k3/8/8/3(Np)P3/8/8/8/7K b - - 0 1");
	/* Two pieces on b8: no promotion there; a capture onto a8 promotes. */
	const char *full = "r(bn)2k3/1P6/8/8/8/8/8/7K w - - 0 1";
	assert_int_equal(count_between(full, "b7", "b8"), 0);
	assert_after(full, "b7", "a8", ROOK, C,
		     "R(bn)2k3/8/8/8/8/8/8/7K b - - 0 1");
}

/* --------------------------------------------------- no threat in a square */

static void test_no_threat_inside_square(void **state)
{
	struct position pos;
	(void)state;
	/* The rook sharing e1 does not check the king; its rays do cover d1,
	 * f1 and e2, so the king has d2 and f2 only. */
	load(&pos, "4k3/8/8/8/8/8/8/4(Kr)3 w - - 0 1");
	assert_false(position_in_check(&pos));
	assert_int_equal(count_from("4k3/8/8/8/8/8/8/4(Kr)3 w - - 0 1", "e1"), 2);
	/* Another rook on the rank does check it, through nothing. */
	load(&pos, "4k3/8/8/8/8/8/8/r3(Kr)3 w - - 0 1");
	assert_true(position_in_check(&pos));
	/* A queen sharing the Black king's square covers all its flights but
	 * gives no check: stalemate. */
	load(&pos, "4(Qk)3/8/8/8/8/8/8/4K3 b - - 0 1");
	assert_false(position_in_check(&pos));
	assert_int_equal(position_state(&pos), PS_STALEMATE);
}

/* A king may take or join an enemy piece when no other enemy piece
 * attacks that square. */
static void test_king_onto_enemy_piece(void **state)
{
	const char *fen = "4k3/8/8/8/8/8/3n4/4(Kr)3 w - - 0 1";
	(void)state;
	assert_after(fen, "e1", "d2", 0, C, "4k3/8/8/8/8/8/3K4/4r3 b - - 0 1");
	assert_after(fen, "e1", "d2", 0, S,
		     "4k3/8/8/8/8/8/3(Kn)4/4r3 b - - 1 1");
	/* A rook on d8 also covers d2. */
	assert_int_equal(count_between("3rk3/8/8/8/8/8/3n4/4(Kr)3 w - - 0 1",
				       "e1", "d2"), 0);
}

/* A piece may join the enemy king (only a pawn's straight move can: any
 * other piece able to get there would be giving check); no check follows. */
static void test_share_enemy_king_square(void **state)
{
	const char *fen = "8/8/8/4k3/4P3/8/8/4K3 w - - 0 1";
	struct position pos;
	(void)state;
	assert_after(fen, "e4", "e5", 0, S, "8/8/8/4(Pk)3/8/8/8/4K3 b - - 0 1");
	load(&pos, "8/8/8/4(Pk)3/8/8/8/4K3 b - - 0 1");
	assert_false(position_in_check(&pos));
	/* The pawn covers d6 and f6 from under the king. */
	assert_int_equal(count_from("8/8/8/4(Pk)3/8/8/8/4K3 b - - 0 1", "e5"), 6);
	/* The kings never meet: a king reaches the other only from next to
	 * it; a FEN with both on one square is refused. */
	assert_rejected("8/8/8/8/8/8/8/4(Kk)3 w - - 0 1",
			"board: two kings on one square (kings never meet in "
			"Pauli Chess)");
}

/* --------------------------------------------------------------- castling */

static void test_castling(void **state)
{
	const char *fen = "4k3/8/8/8/8/8/8/R3(KN)1nR w KQ - 0 1";
	(void)state;
	/* From a shared square: the knight stays on e1. */
	assert_after(fen, "e1", "c1", 0, CASTLE,
		     "4k3/8/8/8/8/8/8/2KRN1nR b - - 1 1");
	/* A piece on the king's destination square: refused. */
	assert_false(has(fen, "e1", "g1", 0, CASTLE));
	assert_true(has("4k3/8/8/8/8/8/8/R3(KN)2R w KQ - 0 1", "e1", "g1", 0,
			CASTLE));
	/* The rook castles from a corner it shares with an enemy bishop. */
	assert_after("4k3/8/8/8/8/8/8/4K2(Rb) w K - 0 1", "e1", "g1", 0, CASTLE,
		     "4k3/8/8/8/8/8/8/5RKb b - - 1 1");
	/* The Black king sharing with a White knight is the second piece. */
	assert_after("r3(Nk)3/8/8/8/8/8/8/4K3 b q - 0 1", "e8", "c8", 0,
		     CASTLE | M2, "2krN3/8/8/8/8/8/8/4K3 w - - 1 2");
	/* A rook sharing the king's square attacks f1 along the rank. */
	assert_false(has("4k3/8/8/8/8/8/8/4(Kr)2R w K - 0 1", "e1", "g1", 0,
			 CASTLE));
}

/* Rights go with the king and the rook, not with whatever shares their
 * squares. */
static void test_castling_rights(void **state)
{
	const char *corner = "4k3/8/8/8/8/8/8/4K2(RN) w K - 0 1";
	const char *taken = "4k2r/8/8/8/8/8/8/4K2(RN) b K - 0 1";
	(void)state;
	assert_after(corner, "h1", "g3", 0, M2,
		     "4k3/8/8/8/8/6N1/8/4K2R b K - 1 1");
	assert_after(corner, "h1", "h2", 0, 0,
		     "4k3/8/8/8/8/8/7R/4K2N b - - 1 1");
	assert_after(taken, "h8", "h1", 0, C | V2,
		     "4k3/8/8/8/8/8/8/4K2(Rr) w K - 0 2");
	assert_after(taken, "h8", "h1", 0, C,
		     "4k3/8/8/8/8/8/8/4K2(Nr) w - - 0 2");
	/* An enemy piece joining the rook leaves the right; taking it not. */
	assert_after("4k3/8/8/8/8/8/5n2/4K2R b K - 0 1", "f2", "h1", 0, S,
		     "4k3/8/8/8/8/8/8/4K2(Rn) w K - 1 2");
	assert_after("4k3/8/8/8/8/8/5n2/4K2R b K - 0 1", "f2", "h1", 0, C,
		     "4k3/8/8/8/8/8/8/4K2n w - - 0 2");
}

/* ------------------------------------------------------------ FEN, setup */

static void test_fen_round_trip(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "4k3/8/8/3(nR)4/8/8/8/4K3 w - - 0 1",
		  "4k3/8/8/3(Rn)4/8/8/8/4K3 w - - 0 1" },
		{ "4k3/8/8/8/8/8/4(PK)3/8 w - - 0 1",
		  "4k3/8/8/8/8/8/4(KP)3/8 w - - 0 1" },
		{ "(nq)3k3/8/8/8/8/8/8/(NQ)3K3 b - - 3 40",
		  "(qn)3k3/8/8/8/8/8/8/(QN)3K3 b - - 3 40" },
		{ "4k3/8/8/8/8/8/8/(nB)(bB)(NN)1K3 w - - 0 1",
		  "4k3/8/8/8/8/8/8/(Bn)(Bb)(NN)1K3 w - - 0 1" },
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPP(NP)PPP/RNBQKB1R b KQkq - 1 1",
		  "rnbqkbnr/pppppppp/8/8/8/8/PPPP(NP)PPP/RNBQKB1R b KQkq - 1 1" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position a, b;
		load(&a, cases[i].in);
		assert_fen(&a, cases[i].out);
		load(&b, cases[i].out);
		assert_true(a.key == b.key);
	}
}

static void play(struct position *pos, const char *from, const char *to,
		 unsigned flags)
{
	play_legal(pos, coord_move(from, to, 0, flags));
}

/* Two pieces sharing a square are one position whichever came first (the
 * slots are kept in canonical order); which pieces share is part of it. */
static void test_position_identity(void **state)
{
	const char *fen = "4k3/8/8/3p4/8/5N2/8/4K3 w - - 0 1";
	struct position a, b, c;
	(void)state;
	load(&a, fen);
	play(&a, "f3", "d4", 0);
	play(&a, "e8", "d8", 0);
	play(&a, "e1", "f1", 0);
	play(&a, "d5", "d4", S);	/* the pawn joins the knight */
	load(&b, fen);
	play(&b, "e1", "f1", 0);
	play(&b, "d5", "d4", 0);
	play(&b, "f3", "d4", S);	/* the knight joins the pawn */
	play(&b, "e8", "d8", 0);
	assert_true(a.key == b.key);
	assert_fen(&b, "3k4/8/8/8/3(Np)4/8/8/5K2 w - - 2 3");
	load(&c, "3k4/8/8/8/3N4/3p4/8/5K2 w - - 1 3");
	assert_true(a.key != c.key);
}

static void test_setup_checks(void **state)
{
	(void)state;
	assert_rejected("4k3/8/8/8/8/8/8/4(KP)3 w - - 0 1",
			"board: pawn on e1 (rank 1 or 8)");
	assert_rejected("4k3/8/8/8/8/8/8/4(KK)3 w - - 0 1",
			"board: White has more than one king");
	assert_rejected("4k3/8/8/8/8/8/(tN)7/4K3 w - - 0 1",
			"board: a tandem (T/t) is not allowed in variant "
			"pauli");
	/* A Black rook and a White knight on h1 give White no rook there. */
	assert_fen_dropped_at("4k3/8/8/8/8/8/8/4K2(Nr) w K - 0 1",
			      &variant_pauli, "castling: right K dropped: "
			      "White has no rook on h1", 27,
			      "4k3/8/8/8/8/8/8/4K2(Nr) w - - 0 1");
	assert_rejected("4k3/8/3n4/3p4/8/8/8/4K3 w - d6 0 1",
			"en passant: no pawn of the side that just moved has "
			"passed that square");
	/* The e.p. victim may share its square; the king may share with an
	 * enemy piece; the corner rook may share with anything. */
	struct position pos;
	load(&pos, "4k3/8/8/3(Np)4/8/8/8/4K3 w - d6 0 1");
	load(&pos, "4k3/8/8/8/8/8/8/4(Kr)3 w - - 0 1");
	load(&pos, "4k3/8/8/8/8/8/8/4K2(Rn) w K - 0 1");
}

static void test_halfmove_clock(void **state)
{
	const char *fen = "4k3/8/8/3p4/8/8/4P3/3RK3 w - - 5 9";
	(void)state;
	assert_after(fen, "d1", "d5", 0, S, "4k3/8/8/3(Rp)4/8/8/4P3/4K3 b - - 6 9");
	assert_after(fen, "d1", "d5", 0, C, "4k3/8/8/3R4/8/8/4P3/4K3 b - - 0 9");
	assert_after("4k3/8/8/8/8/4N3/4P3/4K3 w - - 5 9", "e2", "e3", 0, S,
		     "4k3/8/8/8/8/4(NP)3/8/4K3 b - - 0 9");
}

/* Both pieces of a shared square move (the second with MF_MOVER2); two
 * identical pieces give each move once. */
static void test_second_piece_moves(void **state)
{
	const char *fen = "4k3/8/8/8/8/8/8/(QN)3K3 w - - 0 1";
	(void)state;
	assert_true(has(fen, "a1", "b3", 0, M2));
	assert_false(has(fen, "a1", "b3", 0, 0));
	assert_true(has(fen, "a1", "a5", 0, 0));
	assert_after(fen, "a1", "c2", 0, M2, "4k3/8/8/8/8/8/2N5/Q3K3 b - - 1 1");
	assert_int_equal(count_from("4k3/8/8/8/3(NN)4/8/8/4K3 w - - 0 1", "d4"), 8);
	/* A Black piece under a White one is the second slot too. */
	assert_true(has("4k3/8/8/8/3(Nb)4/8/8/4K3 b - - 0 1", "d4", "a7", 0, M2));
}

/* ------------------------------------------------------------------ perft */

/* Beyond bitboards and key (assert_position_consistent): a second piece
 * only beside a first, the two in canonical order. */
static void assert_canonical_squares(const struct position *pos)
{
	static const int order[PIECE_TYPES] = { 9, 5, 4, 3, 2, 1, 0, 6 };
	for (int s = 0; s < 64; s++) {
		uint8_t p[2] = { pos->board[s], pos->board2[s] };
		assert_true(p[0] || !p[1]);
		if (p[1])
			assert_true(PIECE_COLOR(p[0]) * 10 + order[PIECE_TYPE(p[0])] <=
				    PIECE_COLOR(p[1]) * 10 + order[PIECE_TYPE(p[1])]);
	}
}

/* No move takes a king (so no square holds two kings). */
static void assert_no_king_capture(const struct position *pos,
				   const struct movelist *list)
{
	for (unsigned i = 0; i < list->count; i++) {
		move_t m = list->moves[i];
		int to = MOVE_TO(m);
		if ((MOVE_FLAGS(m) & (MF_CAPTURE | MF_EP)) == MF_CAPTURE)
			assert_int_not_equal(PIECE_TYPE((MOVE_FLAGS(m) & MF_VICTIM2)
							 ? pos->board2[to]
							 : pos->board[to]),
					     KING);
	}
}

static const struct walk_checks pauli_checks = {
	.node = assert_canonical_squares,
	.moves = assert_no_king_capture,
};

/* Counts to depth 3 (or less) by the checked walk, deeper ones by perft. */
static uint64_t count(const struct position *pos, unsigned depth)
{
	return depth <= 3 ? checked_perft(pos, depth, &pauli_checks)
			  : perft(pos, depth);
}

/* "FEN ;D1 n ;D2 n ..." lines, '#' comments; each count up to depth 4. */
static void test_perft_epd(void **state)
{
	static const struct epd_suite suite = {
		.path = "tests/perft/pauli.epd",
		.variant = &variant_pauli,
		.max_depth = 4,
		.count = count,
		.skip_missing = true,	/* run from the project root */
	};
	(void)state;
	assert_true(assert_epd_suite(&suite).checked >= 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_share_with_friend),
		cmocka_unit_test(test_share_or_capture_enemy),
		cmocka_unit_test(test_capture_one_of_two_enemies),
		cmocka_unit_test(test_friend_and_enemy_only_by_capture),
		cmocka_unit_test(test_slider_into_not_through),
		cmocka_unit_test(test_pawn_straight_share),
		cmocka_unit_test(test_pawn_diagonal_only_captures),
		cmocka_unit_test(test_pawn_double_step),
		cmocka_unit_test(test_en_passant_shared_victim),
		cmocka_unit_test(test_promotion_onto_shared_square),
		cmocka_unit_test(test_no_threat_inside_square),
		cmocka_unit_test(test_king_onto_enemy_piece),
		cmocka_unit_test(test_share_enemy_king_square),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_castling_rights),
		cmocka_unit_test(test_fen_round_trip),
		cmocka_unit_test(test_position_identity),
		cmocka_unit_test(test_setup_checks),
		cmocka_unit_test(test_halfmove_clock),
		cmocka_unit_test(test_second_piece_moves),
		cmocka_unit_test(test_perft_epd),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
