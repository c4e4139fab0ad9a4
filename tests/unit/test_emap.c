/* Every Man a Pawn (librules/variants/emap.c): each rule of
 * pawnkit-variants(7) with a position where it applies and one where a
 * condition fails; the FEN after each kind of move; a checked walk of the
 * move tree; the perft suite in tests/perft/emap.epd (counts derived by
 * hand there).  Run from the project root. */
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

/* The shared helpers (support.h) on EMAP positions.  Moves are expected
 * once in the legal list: a pawn-like move that is also the piece's own
 * must not be listed twice. */
static void load(struct position *pos, const char *fen)
{
	load_fen(pos, fen, &variant_emap);
}

static void assert_rejected(const char *fen, const char *message)
{
	assert_fen_rejected(fen, &variant_emap, message);
}

/* How many legal moves have exactly these squares, promotion and flags. */
static unsigned count_move(const struct position *pos, const char *from,
			   const char *to, int promo, unsigned flags)
{
	return count_legal(pos, coord_move(from, to, promo, flags));
}

/* The move is legal, and listed once. */
static bool has(const char *fen, const char *from, const char *to,
		unsigned flags)
{
	struct position pos;
	load(&pos, fen);
	return is_legal_once(&pos, coord_move(from, to, 0, flags));
}

/* Legal moves leaving square from, of any kind. */
static unsigned moves_from(const char *fen, const char *from)
{
	return fen_count_moves(&variant_emap, fen, from, NULL);
}

static void play(struct position *pos, const char *from, const char *to,
		 unsigned flags)
{
	if (count_move(pos, from, to, 0, flags) != 1)
		fail_msg("no move %s%s flags %#x", from, to, flags);
	position_make(pos, coord_move(from, to, 0, flags));
}

static void assert_after(const char *fen, const char *from, const char *to,
			 unsigned flags, const char *expected)
{
	struct position pos;
	load(&pos, fen);
	play(&pos, from, to, flags);
	assert_fen(&pos, expected);
}

enum { Q = 0, C = MF_CAPTURE, D = MF_DOUBLE, EP = MF_EP | MF_CAPTURE,
       CA = MF_CASTLE };

/* ------------------------------------------------- steps, double steps */

static void test_knight_steps(void **state)
{
	(void)state;
	/* 6 knight moves + d3 + d4 (double). */
	const char *fen = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1";
	assert_true(has(fen, "d2", "d3", Q));
	assert_true(has(fen, "d2", "d4", D));
	assert_int_equal(moves_from(fen, "d2"), 8);
	/* Blocked in front: neither step (the knight still jumps). */
	fen = "4k3/8/8/8/8/3p4/3N4/4K3 w - - 0 1";
	assert_false(has(fen, "d2", "d3", Q));
	assert_false(has(fen, "d2", "d4", D));
	assert_int_equal(moves_from(fen, "d2"), 6);
	/* Far square taken: the single step only. */
	fen = "4k3/8/8/8/3p4/8/3N4/4K3 w - - 0 1";
	assert_true(has(fen, "d2", "d3", Q));
	assert_false(has(fen, "d2", "d4", D));
	/* Off rank 2: no double step. */
	fen = "4k3/8/8/8/8/3N4/8/4K3 w - - 0 1";
	assert_true(has(fen, "d3", "d4", Q));
	assert_false(has(fen, "d3", "d5", D));
	assert_false(has(fen, "d3", "d5", Q));
}

static void test_bishop_steps(void **state)
{
	(void)state;
	const char *fen = "4k3/8/8/8/8/8/3B4/4K3 w - - 0 1";
	assert_true(has(fen, "d2", "d3", Q));
	assert_true(has(fen, "d2", "d4", D));
	/* c1 c3 b4 a5 e3 f4 g5 h6 + d3 d4 (e1 is the king's). */
	assert_int_equal(moves_from(fen, "d2"), 10);
	/* Black's bishop steps down the board. */
	fen = "4k3/3b4/8/8/8/8/8/4K3 b - - 0 1";
	assert_true(has(fen, "d7", "d6", Q));
	assert_true(has(fen, "d7", "d5", D));
}

/* A rook's or queen's two squares forward is its own move, once, and
 * never a double step (no e.p. square). */
static void test_rook_and_queen_never_double_step(void **state)
{
	(void)state;
	const char *rook = "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1";
	assert_true(has(rook, "d2", "d3", Q));
	assert_true(has(rook, "d2", "d4", Q));
	assert_false(has(rook, "d2", "d4", D));
	assert_int_equal(moves_from(rook, "d2"), 14);	/* d1 d3-d8 a2-h2 */
	const char *queen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
	assert_true(has(queen, "d2", "d4", Q));
	assert_false(has(queen, "d2", "d4", D));
	/* d1 d3-d8, a2-c2 e2-h2, c1, c3 b4 a5, e3 f4 g5 h6. */
	assert_int_equal(moves_from(queen, "d2"), 22);
	assert_after(queen, "d2", "d4", Q, "4k3/8/8/8/3Q4/8/8/4K3 b - - 1 1");
}

/* A piece on its last rank has no pawn-like moves; on rank 7 it steps
 * onto rank 8 without promoting. */
static void test_last_rank_and_no_promotion(void **state)
{
	(void)state;
	assert_int_equal(moves_from("1N2k3/8/8/8/8/8/8/4K3 w - - 0 1", "b8"),
			 3);	/* a6 c6 d7 */
	const char *fen = "4k3/1N6/8/8/8/8/8/4K3 w - - 0 1";
	assert_true(has(fen, "b7", "b8", Q));
	struct position pos;
	load(&pos, fen);
	for (int promo = KNIGHT; promo <= QUEEN; promo++)
		assert_int_equal(count_move(&pos, "b7", "b8", promo, Q), 0);
	/* Pawns still promote. */
	load(&pos, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
	for (int promo = KNIGHT; promo <= QUEEN; promo++)
		assert_int_equal(count_move(&pos, "a7", "a8", promo, Q), 1);
	assert_int_equal(count_move(&pos, "a7", "a8", 0, Q), 0);
}

/* ---------------------------------------------- diagonal captures */

static void test_rook_captures_diagonally(void **state)
{
	(void)state;
	const char *fen = "4k3/8/8/2p1p3/3R4/2p1p3/8/4K3 w - - 0 1";
	assert_true(has(fen, "d4", "c5", C));
	assert_true(has(fen, "d4", "e5", C));
	assert_false(has(fen, "d4", "c3", C));	/* backward: no */
	assert_false(has(fen, "d4", "e3", C));
	/* Nothing to take: no diagonal move at all. */
	fen = "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1";
	assert_false(has(fen, "d4", "c5", Q));
	assert_false(has(fen, "d4", "c5", C));
	/* Not its own men. */
	assert_false(has("4k3/8/8/2P5/3R4/8/8/4K3 w - - 0 1", "d4", "c5", C));
	/* Black's rook takes down the board. */
	fen = "4k3/8/8/3r4/2P1P3/8/8/4K3 b - - 0 1";
	assert_true(has(fen, "d5", "c4", C));
	assert_true(has(fen, "d5", "e4", C));
	assert_after(fen, "d5", "c4", C, "4k3/8/8/8/2r1P3/8/8/4K3 w - - 0 2");
}

static void test_knight_captures_diagonally(void **state)
{
	(void)state;
	const char *fen = "4k3/8/8/2p1p3/3N4/2p1p3/8/4K3 w - - 0 1";
	assert_true(has(fen, "d4", "c5", C));
	assert_true(has(fen, "d4", "e5", C));
	assert_false(has(fen, "d4", "c3", C));
	assert_false(has(fen, "d4", "e3", C));
	/* It steps to the empty d5, and never takes straight ahead. */
	assert_true(has(fen, "d4", "d5", Q));
	assert_false(has("4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1", "d4", "d5", C));
	assert_false(has("4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1", "d4", "d5", Q));
}

/* A pawn-like capture that is also the piece's own move is listed once. */
static void test_no_duplicate_moves(void **state)
{
	(void)state;
	assert_true(has("4k3/8/8/2p5/3B4/8/8/4K3 w - - 0 1", "d4", "c5", C));
	assert_true(has("4k3/8/8/2p5/3Q4/8/8/4K3 w - - 0 1", "d4", "c5", C));
	assert_true(has("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1", "d2", C));
	assert_true(has("4k3/8/8/8/8/8/4K3/8 w - - 0 1", "e2", "e3", Q));
}

/* A pinned rook may still take its pinner diagonally; a pinned knight may
 * step along a file pin. */
static void test_pinned_men(void **state)
{
	(void)state;
	const char *fen = "4k3/8/8/2p1b3/3R4/8/8/K7 w - - 0 1";
	assert_int_equal(moves_from(fen, "d4"), 1);
	assert_true(has(fen, "d4", "e5", C));
	fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
	assert_int_equal(moves_from(fen, "e2"), 2);
	assert_true(has(fen, "e2", "e3", Q));
	assert_true(has(fen, "e2", "e4", D));
}

/* ------------------------------------------------------- en passant */

static void test_ep_by_pieces(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/3p4/8/2R1B3/8/8/8/4K3 b - - 0 1");
	play(&pos, "d7", "d5", D);
	assert_fen(&pos, "4k3/8/8/2RpB3/8/8/8/4K3 w - d6 0 2");
	/* The rook's and the bishop's diagonal captures land on d6; the
	 * bishop also has a quiet move there: a different move. */
	assert_int_equal(count_move(&pos, "c5", "d6", 0, EP), 1);
	assert_int_equal(count_move(&pos, "e5", "d6", 0, EP), 1);
	assert_int_equal(count_move(&pos, "e5", "d6", 0, Q), 1);
	struct position bishop = pos;
	play(&pos, "c5", "d6", EP);
	assert_fen(&pos, "4k3/8/3R4/4B3/8/8/8/4K3 b - - 0 2");
	play(&bishop, "e5", "d6", EP);
	assert_fen(&bishop, "4k3/8/3B4/2R5/8/8/8/4K3 b - - 0 2");

	/* Knight (no quiet move to d6) and queen. */
	load(&pos, "k7/3p4/8/2N1Q3/8/8/8/4K3 b - - 0 1");
	play(&pos, "d7", "d5", D);
	assert_int_equal(count_move(&pos, "c5", "d6", 0, EP), 1);
	assert_int_equal(count_move(&pos, "c5", "d6", 0, Q), 0);
	assert_int_equal(count_move(&pos, "e5", "d6", 0, EP), 1);
	assert_int_equal(count_move(&pos, "e5", "d6", 0, Q), 1);

	/* King: e.p., quiet step and the ordinary capture of d5. */
	load(&pos, "4k3/3p4/8/2K5/8/8/8/8 b - - 0 1");
	play(&pos, "d7", "d5", D);
	assert_int_equal(count_move(&pos, "c5", "d6", 0, EP), 1);
	assert_int_equal(count_move(&pos, "c5", "d6", 0, Q), 1);
	assert_int_equal(count_move(&pos, "c5", "d5", 0, C), 1);
}

static void test_ep_needs_forward_diagonal(void **state)
{
	struct position pos;
	(void)state;
	/* A rook on c7 captures towards b8 and d8, not d6. */
	load(&pos, "4k3/2Rp4/8/8/8/8/8/4K3 b - - 0 1");
	play(&pos, "d7", "d5", D);
	assert_int_equal(count_move(&pos, "c7", "d6", 0, EP), 0);
	/* The e.p. square lasts one ply. */
	load(&pos, "4k3/3p4/8/2R5/8/8/8/4K3 b - - 0 1");
	play(&pos, "d7", "d5", D);
	play(&pos, "e1", "e2", Q);
	play(&pos, "e8", "e7", Q);
	assert_int_equal(count_move(&pos, "c5", "d6", 0, EP), 0);
}

/* Knights and bishops that double-step may be taken e.p.; queens and
 * rooks never double-step, so they leave no e.p. square. */
static void test_ep_of_pieces(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/3n4/8/4P3/8/8/8/4K3 b - - 0 1");
	play(&pos, "d7", "d5", D);
	assert_fen(&pos, "4k3/8/8/3nP3/8/8/8/4K3 w - d6 1 2");
	play(&pos, "e5", "d6", EP);
	assert_fen(&pos, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");

	load(&pos, "4k3/3b4/8/4P3/8/8/8/4K3 b - - 0 1");
	play(&pos, "d7", "d5", D);
	assert_fen(&pos, "4k3/8/8/3bP3/8/8/8/4K3 w - d6 1 2");
	assert_int_equal(count_move(&pos, "e5", "d6", 0, EP), 1);

	load(&pos, "4k3/3q4/8/4P3/8/8/8/4K3 b - - 0 1");
	assert_int_equal(count_move(&pos, "d7", "d5", 0, D), 0);
	play(&pos, "d7", "d5", Q);
	assert_fen(&pos, "4k3/8/8/3qP3/8/8/8/4K3 w - - 1 2");
	assert_int_equal(count_move(&pos, "e5", "d6", 0, EP), 0);
}

/* --------------------------------------------------- king double step */

static void test_king_double_step(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/8/8/8/4K3/8 w - - 0 1");
	play(&pos, "e2", "e4", D);
	/* FEN records the passed square; nothing may take a king e.p. */
	assert_fen(&pos, "4k3/8/8/8/4K3/8/8/8 b - e3 1 1");
	struct movelist list;
	position_legal_moves(&pos, &list);
	for (unsigned i = 0; i < list.count; i++)
		assert_false(MOVE_FLAGS(list.moves[i]) & MF_EP);
	/* Black's king from e7; not from rank 1 or 3. */
	assert_true(has("8/4k3/8/8/8/8/8/4K3 b - - 0 1", "e7", "e5", D));
	assert_false(has("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1", "e3", D));
	assert_false(has("4k3/8/8/8/8/4K3/8/8 w - - 0 1", "e3", "e5", D));
	/* Both squares must be empty. */
	assert_false(has("4k3/8/8/8/4p3/8/4K3/8 w - - 0 1", "e2", "e4", D));
	assert_false(has("4k3/8/8/8/8/4n3/4K3/8 w - - 0 1", "e2", "e4", D));
}

/* Stopped when an enemy pawn, bishop or knight could take the king e.p.:
 * its diagonal pawn-capture hits the skipped square e3. */
static void test_king_double_step_stopped(void **state)
{
	(void)state;
	assert_false(has("4k3/8/8/8/3p4/8/4K3/8 w - - 0 1", "e2", "e4", D));
	assert_true(has("4k3/8/8/8/3p4/8/4K3/8 w - - 0 1", "e2", "d3", Q));
	assert_false(has("4k3/8/8/8/5b2/8/4K3/8 w - - 0 1", "e2", "e4", D));
	/* A knight on d4 checks e2 too; e4 would be safe from it. */
	assert_false(has("4k3/8/8/8/3n4/8/4K3/8 w - - 0 1", "e2", "e4", D));
	/* Black's king (skipping e6), stopped by a White knight on d5, not
	 * by one on c5 whose knight move, not its pawn-capture, hits e6. */
	assert_false(has("8/4k3/8/3N4/8/8/8/4K3 b - - 0 1", "e7", "e5", D));
	assert_true(has("8/4k3/8/2N5/8/8/8/4K3 b - - 0 1", "e7", "e5", D));
}

/* Attacks on the skipped square by the men's own moves do not stop it:
 * the king does not castle, it only must not be catchable e.p. */
static void test_king_double_step_not_stopped(void **state)
{
	struct position pos;
	(void)state;
	assert_true(has("4k3/8/8/8/8/7r/4K3/8 w - - 0 1", "e2", "e4", D));
	assert_true(has("4k3/8/1b6/8/8/8/4K3/8 w - - 0 1", "e2", "e4", D));
	assert_true(has("4k3/8/8/8/8/2q5/4K3/8 w - - 0 1", "e2", "e4", D));
	/* Being in check before does not forbid it ... */
	assert_true(has("4k3/8/8/8/8/8/r3K3/8 w - - 0 1", "e2", "e4", D));
	/* ... landing in check does. */
	assert_false(has("4k3/8/8/8/r7/8/4K3/8 w - - 0 1", "e2", "e4", D));
	/* A rook, queen or king whose pawn-capture hits e3 stands on d4 or
	 * f4, next to e4: the step is refused, but only as landing in
	 * check (the rule's exemption cannot show in play). */
	static const char *const beside[] = {
		"4k3/8/8/8/3r4/8/4K3/8 w - - 0 1",
		"4k3/8/8/8/5q2/8/4K3/8 w - - 0 1",
		"8/8/8/8/3k4/8/4K3/8 w - - 0 1",
	};
	for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
		load(&pos, beside[i]);
		assert_int_equal(count_move(&pos, "e2", "e4", 0, D), 0);
		assert_true(variant_emap.attacked(&pos, square("e4"), BLACK));
	}
}

/* ------------------------------------------------------------- check */

static void test_check_diagonally_ahead(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "8/3k4/4N3/8/8/8/8/4K3 b - - 0 1");
	assert_true(position_in_check(&pos));
	assert_false(has("8/3k4/4N3/8/8/8/8/4K3 b - - 0 1", "d7", "c7", Q));
	load(&pos, "8/3k4/4R3/8/8/8/8/4K3 b - - 0 1");
	assert_true(position_in_check(&pos));
	/* Not backward: a knight on e6 does not attack f5. */
	load(&pos, "8/8/4N3/5k2/8/8/8/4K3 b - - 0 1");
	assert_false(position_in_check(&pos));
	/* The side not to move may not stand in such a check. */
	assert_rejected("8/3k4/4N3/8/8/8/8/4K3 w - - 0 1",
			"side: Black, not to move, is in check");
}

/* Castling: the squares the king passes are tested with every EMAP
 * attack; a rook on b2 takes on c1 like a pawn. */
static void test_castling(void **state)
{
	(void)state;
	const char *fen = "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1";
	assert_true(has(fen, "e1", "g1", CA));
	assert_false(has(fen, "e1", "c1", CA));
	struct position pos;
	load_fen(&pos, fen, &variant_standard);
	assert_int_equal(count_move(&pos, "e1", "c1", 0, CA), 1);
	assert_after(fen, "e1", "g1", CA, "4k3/8/8/8/8/8/1r6/R4RK1 b - - 1 1");
}

/* ---------------------------------------------------- halfmove clock */

static void test_halfmove_clock(void **state)
{
	(void)state;
	/* Pieces' pawn-like moves are not pawn moves. */
	assert_after("4k3/8/8/8/8/8/1N6/4K3 w - - 7 20", "b2", "b4", D,
		     "4k3/8/8/8/1N6/8/8/4K3 b - b3 8 20");
	assert_after("4k3/8/8/8/8/8/1N6/4K3 w - - 7 20", "b2", "b3", Q,
		     "4k3/8/8/8/8/1N6/8/4K3 b - - 8 20");
	assert_after("4k3/8/8/8/8/8/4K3/8 w - - 7 20", "e2", "e4", D,
		     "4k3/8/8/8/4K3/8/8/8 b - e3 8 20");
	/* Captures and pawn moves reset it. */
	assert_after("4k3/8/8/2p5/3R4/8/8/4K3 w - - 7 20", "d4", "c5", C,
		     "4k3/8/8/2R5/8/8/8/4K3 b - - 0 20");
	assert_after("4k3/8/8/8/8/8/1P6/4K3 w - - 7 20", "b2", "b4", D,
		     "4k3/8/8/8/1P6/8/8/4K3 b - b3 0 20");
}

/* -------------------------------------------------------------- setup */

static void test_fen_ep_victims(void **state)
{
	struct position pos;
	(void)state;
	load(&pos, "4k3/8/8/3n4/8/8/8/4K3 w - d6 0 1");
	assert_int_equal(pos.ep_victim, square("d5"));
	load(&pos, "4k3/8/8/8/2B5/8/8/4K3 b - c3 0 1");
	assert_int_equal(pos.ep_victim, square("c4"));
	load(&pos, "8/8/8/3k4/8/8/8/4K3 w - d6 0 1");	/* king double step */
	assert_rejected("4k3/8/8/3r4/8/8/8/4K3 w - d6 0 1",
			"en passant: d6 but no black pawn, bishop, knight or "
			"king on d5");
	assert_rejected("4k3/8/8/3Q4/8/8/8/4K3 w - d6 0 1",
			"en passant: d6 but no black pawn, bishop, knight or "
			"king on d5");
	assert_rejected("4k3/3b4/8/3n4/8/8/8/4K3 w - d6 0 1",
			"en passant: d6 but d7, where the man came from, is "
			"not empty");
	assert_rejected("4k3/8/8/3n4/8/8/8/4K3 w - d3 0 1",
			"en passant: d3 is not on rank 6 (White to move)");
	assert_rejected("4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
			"board: pawn on a1 (rank 1 or 8)");
}

/* ----------------------------------------------------- checked walk */

/* Every node: consistent bitboards and key, no move listed twice, and the
 * FEN read back gives the same position (e.p. squares of pieces too). */
static const struct walk_checks emap_checks = {
	.fen_round_trip = true,
	.no_duplicates = true,
};

static void test_checked_walk(void **state)
{
	static const struct perft_case walks[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 9142 },
		{ "8/k7/8/2RnB3/8/8/8/4K3 w - d6 0 2", 3, 9010 },
		{ "8/3k4/8/8/8/7r/4K3/8 w - - 0 1", 3, 687 },
		{ "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", 3, 7689 },
	};
	(void)state;
	assert_perft_cases(walks, sizeof walks / sizeof walks[0], &variant_emap,
			   &emap_checks);
}

/* ------------------------------------------------ tests/perft/emap.epd */

static void test_perft_epd(void **state)
{
	static const struct epd_suite suite = {
		.path = "tests/perft/emap.epd",
		.variant = &variant_emap,
	};
	(void)state;
	assert_true(assert_epd_suite(&suite).positions >= 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knight_steps),
		cmocka_unit_test(test_bishop_steps),
		cmocka_unit_test(test_rook_and_queen_never_double_step),
		cmocka_unit_test(test_last_rank_and_no_promotion),
		cmocka_unit_test(test_rook_captures_diagonally),
		cmocka_unit_test(test_knight_captures_diagonally),
		cmocka_unit_test(test_no_duplicate_moves),
		cmocka_unit_test(test_pinned_men),
		cmocka_unit_test(test_ep_by_pieces),
		cmocka_unit_test(test_ep_needs_forward_diagonal),
		cmocka_unit_test(test_ep_of_pieces),
		cmocka_unit_test(test_king_double_step),
		cmocka_unit_test(test_king_double_step_stopped),
		cmocka_unit_test(test_king_double_step_not_stopped),
		cmocka_unit_test(test_check_diagonally_ahead),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_halfmove_clock),
		cmocka_unit_test(test_fen_ep_victims),
		cmocka_unit_test(test_checked_walk),
		cmocka_unit_test(test_perft_epd),
	};
	return cmocka_run_group_tests_name("emap", tests, NULL, NULL);
}
