/* Standard chess rules: set-up checks with their exact messages, castling,
 * en passant, promotions, what make does to the position, the magic slider
 * tables against a ray walk, and random playouts where every position is
 * compared with a naive mailbox generator written here (pseudo-legal moves
 * filtered by a square-by-square attack test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../librules/internal.h"
#include "support.h"

static struct position setup(const char *fen)
{
	struct position pos;
	load_fen(&pos, fen, &variant_standard);
	return pos;
}

static void assert_setup_error(const char *fen, const char *message)
{
	assert_fen_rejected(fen, &variant_standard, message);
}

/* ----------------------------------------------------------- set-up */

static void test_setup_errors(void **state)
{
	(void)state;
	assert_setup_error("4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
			   "board: pawn on a1 (rank 1 or 8)");
	assert_setup_error("4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
			   "board: pawn on h8 (rank 1 or 8)");
	assert_setup_error("4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
			   "en passant: e6 but no black pawn on e5");
	assert_setup_error("4k3/8/8/8/8/8/8/4K3 b - d3 0 1",
			   "en passant: d3 but no white pawn on d4");
	assert_setup_error("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
			   "en passant: e3 is not on rank 6 (White to move)");
	assert_setup_error("4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1",
			   "en passant: e6 is not on rank 3 (Black to move)");
	assert_setup_error("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1",
			   "en passant: e6 is not empty");
	assert_setup_error("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1",
			   "en passant: e6 but e7, where the pawn came from, "
			   "is not empty");
	assert_setup_error("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1",
			   "en passant: e6 but no black pawn on e5");
}

/* A fault of a FEN that parses points at its token or field: the
 * column is that of the square's token for a piece, of the letter for a
 * castling right, of the field for e.p. and a missing king, of the side
 * to move when the other side is in check. */
static void test_setup_error_columns(void **state)
{
	static const struct {
		const struct variant *v;
		const char *fen, *message;
		unsigned col;
	} cases[] = {
		{ &variant_standard, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
		  "en passant: e6 but no black pawn on e5", 25 },
		{ &variant_standard, "4k3/8/8/8/8/8/8/8 w - - 0 1",
		  "board: White has no king", 1 },
		{ &variant_standard, "  4k3/8/8/8/8/8/8/8 w - - 0 1",
		  "board: White has no king", 3 },
		{ &variant_standard, "kk6/8/8/8/8/8/8/4K3 w - - 0 1",
		  "board: Black has more than one king", 2 },
		{ &variant_standard, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
		  "board: pawn on a1 (rank 1 or 8)", 17 },
		{ &variant_standard, "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
		  "side: Black, not to move, is in check", 23 },
		{ &variant_standard, "4k3/8/8/8/8/8/3T4/K7 w - - 0 1",
		  "board: a tandem (T/t) is not allowed in variant standard",
		  16 },
		{ &variant_standard, "4k3/8/8/8/8/8/3P{CMC}4/K7 w - - 0 1",
		  "board: a pawn code (P{...}) is not allowed in variant "
		  "standard", 16 },
		{ &variant_randompawns, "4k3/8/8/8/8/8/P{CMC}2P4/K7 w - - 0 1",
		  "board: every pawn needs a code in randompawns (P{CMC} for "
		  "a FIDE pawn)", 22 },
		{ &variant_randompawns, "4k3/8/8/8/8/8/8/K7 w - e3 0 1",
		  "en passant: e3 is not an empty square on the 3rd rank of "
		  "the side that just moved", 24 },
		{ &variant_tandem, "4k3/8/8/8/8/8/3(PN)4/K7 w - - 0 1",
		  "board: a shared square ((..)) is not allowed in variant "
		  "tandem", 16 },
		{ &variant_tandem, "4k3/8/8/8/8/8/8/K2T4 w - - 0 1",
		  "board: White tandem on d1, its first rank", 19 },
		{ &variant_pauli, "4k3/8/8/8/8/8/3(Kk)4/8 w - - 0 1",
		  "board: Black has more than one king", 16 },
		{ &variant_emap, "4k3/8/8/8/8/8/8/K7 w - e6 0 1",
		  "en passant: e6 but no black pawn, bishop, knight or king "
		  "on e5", 24 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		assert_fen_rejected_at(cases[i].fen, cases[i].v,
				       cases[i].message, cases[i].col);
}

/* Rights the pieces do not allow are dropped, each said with its reason
 * (reasons shared said once), at the first letter dropped; the others
 * stay.  Shredder-FEN's corner files are K and Q. */
static void test_setup_rights_dropped(void **state)
{
	(void)state;
	assert_fen_dropped_at("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
			      &variant_standard,
			      "castling: right K dropped: White has no rook "
			      "on h1; right Q dropped: White has no rook on "
			      "a1; right k dropped: Black has no rook on h8; "
			      "right q dropped: Black has no rook on a8", 23,
			      "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	assert_fen_dropped_at("4k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
			      &variant_standard,
			      "castling: right q dropped: Black has no rook "
			      "on a8", 25, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
	/* lichess: a study's "KQkq" with White castled long by hand. */
	assert_fen_dropped_at("r3k2r/8/8/8/8/8/8/2KR3R w KQkq - 0 1",
			      &variant_standard,
			      "castling: rights K and Q dropped: White's king "
			      "is not on e1", 27,
			      "r3k2r/8/8/8/8/8/8/2KR3R w kq - 0 1");
	assert_fen_dropped_at("r3k2r/8/8/8/8/8/8/R3K2R w KDkq - 0 1",
			      &variant_standard,
			      "castling: right D dropped: a rook off the "
			      "corners castles only in Chess960", 28,
			      "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
	assert_fen_dropped_at("r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1",
			      &variant_standard,
			      "castling: right H dropped: a second right on "
			      "the same side", 28,
			      "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
	struct position pos = setup("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
	assert_fen_text(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

static void test_setup_ep_kept_without_capture(void **state)
{
	(void)state;
	/* PGN Standard: the field is written after every double step, so a
	 * reader must accept it when no capture is possible. */
	struct position pos = setup("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1");
	assert_int_equal(pos.ep, square("e6"));
	assert_int_equal(pos.ep_victim, square("e5"));
	assert_true(pos.key == position_compute_key(&pos));
	pos = setup("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
	assert_int_equal(pos.ep_victim, square("d4"));
	assert_int_not_equal(find_move(&pos, "e4", "d3", 0), MOVE_NONE);
}

/* --------------------------------------------------------- castling */

static void test_castling(void **state)
{
	(void)state;
	struct position pos = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	move_t m = find_move(&pos, "e1", "g1", 0);
	assert_int_equal(m, coord_move("e1", "g1", 0, MF_CASTLE));
	assert_int_equal(find_move(&pos, "e1", "c1", 0),
			 coord_move("e1", "c1", 0, MF_CASTLE));
	position_make(&pos, m);
	assert_int_equal(pos.board[square("f1")], MAKE_PIECE(WHITE, ROOK));
	assert_int_equal(pos.board[square("g1")], MAKE_PIECE(WHITE, KING));
	assert_int_equal(pos.board[square("h1")], 0);
	assert_int_equal(pos.castling, CASTLE_BK | CASTLE_BQ);
	assert_true(pos.key == position_compute_key(&pos));
	m = find_move(&pos, "e8", "c8", 0);
	position_make(&pos, m);
	assert_int_equal(pos.board[square("d8")], MAKE_PIECE(BLACK, ROOK));
	assert_int_equal(pos.castling, 0);
	assert_int_equal(pos.halfmove, 2);
}

static void test_castling_through_check(void **state)
{
	(void)state;
	/* f1 attacked: no short castling; the long side is free. */
	struct position pos = setup("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
	assert_int_equal(find_move(&pos, "e1", "g1", 0), MOVE_NONE);
	assert_int_not_equal(find_move(&pos, "e1", "c1", 0), MOVE_NONE);
	/* Landing on an attacked square. */
	pos = setup("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
	assert_int_equal(find_move(&pos, "e1", "g1", 0), MOVE_NONE);
	/* d1 attacked stops long castling; b1 attacked does not (the king
	 * never passes it). */
	pos = setup("4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1");
	assert_int_equal(find_move(&pos, "e1", "c1", 0), MOVE_NONE);
	pos = setup("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1");
	assert_int_not_equal(find_move(&pos, "e1", "c1", 0), MOVE_NONE);
	/* In check: neither side. */
	pos = setup("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
	assert_int_equal(find_move(&pos, "e1", "g1", 0), MOVE_NONE);
	assert_int_equal(find_move(&pos, "e1", "c1", 0), MOVE_NONE);
	/* A piece between king and rook (b1 too, for the long side). */
	pos = setup("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
	assert_int_equal(find_move(&pos, "e1", "g1", 0), MOVE_NONE);
	assert_int_equal(find_move(&pos, "e1", "c1", 0), MOVE_NONE);
	/* Black, and an attack by a pawn and a knight. */
	pos = setup("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
	assert_int_not_equal(find_move(&pos, "e8", "g8", 0), MOVE_NONE);
	pos = setup("r3k2r/4P3/8/8/8/8/8/4K3 b kq - 0 1");
	assert_int_equal(find_move(&pos, "e8", "g8", 0), MOVE_NONE);
	assert_int_equal(find_move(&pos, "e8", "c8", 0), MOVE_NONE);
	pos = setup("r3k2r/8/4N3/8/8/8/8/4K3 b kq - 0 1");
	assert_int_equal(find_move(&pos, "e8", "g8", 0), MOVE_NONE);
	assert_int_equal(find_move(&pos, "e8", "c8", 0), MOVE_NONE);
}

static void test_castling_rights_lost(void **state)
{
	(void)state;
	/* Capturing a rook on its home square takes the right away. */
	struct position pos = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	position_make(&pos, find_move(&pos, "h1", "h8", 0));
	assert_int_equal(pos.castling, CASTLE_WQ | CASTLE_BQ);
	assert_true(pos.key == position_compute_key(&pos));
	/* In check from h8: the king steps aside and loses the other right. */
	assert_int_equal(find_move(&pos, "e8", "d8", 0), MOVE_NONE);
	position_make(&pos, find_move(&pos, "e8", "e7", 0));
	assert_int_equal(pos.castling, CASTLE_WQ);
}

/* ------------------------------------------------------- en passant */

static void test_en_passant(void **state)
{
	(void)state;
	struct position pos = setup("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
	move_t m = find_move(&pos, "e5", "d6", 0);
	assert_int_equal(m, coord_move("e5", "d6", 0, MF_EP | MF_CAPTURE));
	position_make(&pos, m);
	assert_int_equal(pos.board[square("d5")], 0);
	assert_int_equal(pos.board[square("d6")], MAKE_PIECE(WHITE, PAWN));
	assert_int_equal(pos.ep, NO_SQUARE);
	assert_true(pos.key == position_compute_key(&pos));
}

static void test_en_passant_pinned(void **state)
{
	(void)state;
	/* Both pawns leave rank 5: the rook would see the king. */
	struct position pos = setup("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
	assert_int_equal(find_move(&pos, "b5", "c6", 0), MOVE_NONE);
	assert_int_not_equal(find_move(&pos, "b5", "b6", 0), MOVE_NONE);
	/* A diagonally pinned pawn may take along the pin line only. */
	pos = setup("8/6b1/8/4Pp2/8/2K5/8/7k w - f6 0 1");
	assert_int_not_equal(find_move(&pos, "e5", "f6", 0), MOVE_NONE);
	assert_int_equal(count_moves(&pos, "e5", NULL), 1);
	pos = setup("7K/8/8/3pP3/8/8/1b6/k7 w - d6 0 1");
	assert_int_equal(find_move(&pos, "e5", "d6", 0), MOVE_NONE);
	/* Taking e.p. removes the pawn that gives check. */
	pos = setup("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
	assert_int_not_equal(find_move(&pos, "e4", "d3", 0), MOVE_NONE);
	/* ...but not a knight's check. */
	pos = setup("8/8/8/8/3Pp3/5k2/8/4K1N1 b - d3 0 1");
	assert_int_equal(find_move(&pos, "e4", "d3", 0), MOVE_NONE);
	/* Landing on the e.p. square blocks a bishop's check... */
	pos = setup("5b2/8/8/1k1pP3/8/K7/8/8 w - d6 0 1");
	assert_int_not_equal(find_move(&pos, "e5", "d6", 0), MOVE_NONE);
	/* ...and does nothing against a rook's. */
	pos = setup("8/8/8/3pP3/8/8/r6K/4k3 w - d6 0 1");
	assert_int_equal(find_move(&pos, "e5", "d6", 0), MOVE_NONE);
}

/* -------------------------------------------------------- promotion */

static void test_promotions(void **state)
{
	(void)state;
	struct position pos = setup("1n5k/P7/8/8/8/8/8/7K w - - 0 1");
	assert_int_equal(count_moves(&pos, "a7", NULL), 8);
	for (int t = KNIGHT; t <= QUEEN; t++) {
		assert_int_equal(find_move(&pos, "a7", "a8", t),
				 coord_move("a7", "a8", t, 0));
		assert_int_equal(find_move(&pos, "a7", "b8", t),
				 coord_move("a7", "b8", t, MF_CAPTURE));
	}
	assert_int_equal(find_move(&pos, "a7", "a8", 0), MOVE_NONE);
	position_make(&pos, find_move(&pos, "a7", "b8", KNIGHT));
	assert_int_equal(pos.board[square("b8")], MAKE_PIECE(WHITE, KNIGHT));
	assert_int_equal(pos.by_type[PAWN], 0);
	assert_true(pos.key == position_compute_key(&pos));
	/* Black promotes on rank 1; blocked push, capture only. */
	pos = setup("7k/8/8/8/8/8/p7/NR5K b - - 0 1");
	assert_int_equal(count_moves(&pos, "a2", NULL), 4);
	assert_int_not_equal(find_move(&pos, "a2", "b1", QUEEN), MOVE_NONE);
	assert_int_equal(perft(&pos, 1), 4 + 3);
}

/* ----------------------------------------------- variant helpers */

static void test_helpers(void **state)
{
	(void)state;
	/* The knight on d2 is pinned by the queen, the pawn on e2 by the
	 * rook; the knight on f3 stands on no line to the king. */
	struct position pos = setup("4k3/8/8/q7/4r3/5N2/3NP3/4K3 w - - 0 1");
	assert_true(lr_standard_pinned(&pos, WHITE) ==
		    (BB(square("d2")) | BB(square("e2"))));
	assert_true(lr_standard_checkers(&pos) == 0);
	pos = setup("4k3/8/8/8/1b2r3/8/8/4K1n1 w - - 0 1");
	assert_true(lr_standard_checkers(&pos) ==
		    (BB(square("b4")) | BB(square("e4"))));
	pos = setup("4k3/8/8/8/8/8/5n2/4K3 w - - 0 1");
	assert_true(lr_standard_checkers(&pos) == 0);
	pos = setup("4k3/8/8/8/8/5n2/8/4K3 w - - 0 1");
	assert_true(lr_standard_checkers(&pos) == BB(square("f3")));
	struct movelist list = { .count = 0 };
	lr_add_pawn_move(&list, square("e7"), square("e8"), 0);
	lr_add_pawn_move(&list, square("b2"), square("a1"), MF_CAPTURE);
	lr_add_pawn_move(&list, square("e2"), square("e4"), MF_DOUBLE);
	assert_int_equal(list.count, 9);
	assert_int_equal(list.moves[0], coord_move("e7", "e8", QUEEN, 0));
	assert_int_equal(list.moves[7],
			 coord_move("b2", "a1", KNIGHT, MF_CAPTURE));
	assert_int_equal(list.moves[8], coord_move("e2", "e4", 0, MF_DOUBLE));
}

/* ------------------------------------------------------------- make */

static void test_make_state(void **state)
{
	(void)state;
	struct position pos;
	position_start(&pos, &variant_standard);
	move_t m = find_move(&pos, "e2", "e4", 0);
	assert_int_equal(m, coord_move("e2", "e4", 0, MF_DOUBLE));
	position_make(&pos, m);
	/* Set after every double step, capture possible or not. */
	assert_int_equal(pos.ep, square("e3"));
	assert_int_equal(pos.ep_victim, square("e4"));
	assert_int_equal(pos.side, BLACK);
	assert_int_equal(pos.fullmove, 1);
	position_make(&pos, find_move(&pos, "g8", "f6", 0));
	assert_int_equal(pos.ep, NO_SQUARE);
	assert_int_equal(pos.halfmove, 1);
	assert_int_equal(pos.fullmove, 2);
	position_make(&pos, find_move(&pos, "e4", "e5", 0));
	assert_int_equal(pos.halfmove, 0);
	position_make(&pos, find_move(&pos, "f6", "e4", 0));
	position_make(&pos, find_move(&pos, "d1", "g4", 0));
	position_make(&pos, find_move(&pos, "e4", "f2", 0));
	assert_int_equal(pos.halfmove, 0);
	assert_int_equal(pos.side, WHITE);
	assert_int_equal(pos.fullmove, 4);
	assert_true(pos.key == position_compute_key(&pos));
	char fen[FEN_MAX];
	position_to_fen(&pos, fen, sizeof fen);
	assert_string_equal(fen, "rnbqkb1r/pppppppp/8/4P3/6Q1/8/PPPP1nPP/"
			    "RNB1KBNR w KQkq - 0 4");
}

/* --------------------------------------------------- slider tables */

static uint64_t walk(int from, uint64_t occ, const int (*dir)[2])
{
	uint64_t b = 0;
	for (int d = 0; d < 4; d++) {
		int f = FILE_OF(from) + dir[d][0], r = RANK_OF(from) + dir[d][1];
		for (; f >= 0 && f < 8 && r >= 0 && r < 8;
		     f += dir[d][0], r += dir[d][1]) {
			b |= BB(SQ(f, r));
			if (occ & BB(SQ(f, r)))
				break;
		}
	}
	return b;
}

static const int diagonal[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
static const int orthogonal[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

static uint64_t rng_state = 0x7374616E64617264ULL;	/* "standard" */
static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static void test_slider_tables(void **state)
{
	(void)state;
	lr_tables_init();	/* no position made here: the tables alone */
	for (int s = 0; s < 64; s++)
		for (int i = 0; i < 2000; i++) {
			/* Sparse and dense boards alike. */
			uint64_t occ = i & 1 ? rng() & rng() : rng() | rng();
			assert_true(bishop_attacks(s, occ) == walk(s, occ, diagonal));
			assert_true(rook_attacks(s, occ) == walk(s, occ, orthogonal));
		}
}

/* ------------------------------------------------- the naive oracle */

static bool on(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static const int knight_steps[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 },
	{ 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
static const int king_steps[8][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 },
	{ 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 } };

static bool holds(const struct position *pos, int f, int r, int color, int type)
{
	return on(f, r) && pos->board[SQ(f, r)] == MAKE_PIECE(color, type);
}

static bool ray_hits(const struct position *pos, int s, const int (*dir)[2],
		     int by, int type)
{
	for (int d = 0; d < 4; d++) {
		int f = FILE_OF(s) + dir[d][0], r = RANK_OF(s) + dir[d][1];
		for (; on(f, r); f += dir[d][0], r += dir[d][1]) {
			uint8_t p = pos->board[SQ(f, r)];
			if (!p)
				continue;
			if (p == MAKE_PIECE(by, type) || p == MAKE_PIECE(by, QUEEN))
				return true;
			break;
		}
	}
	return false;
}

static bool naive_attacked(const struct position *pos, int s, int by)
{
	int f = FILE_OF(s), r = RANK_OF(s), back = by == WHITE ? -1 : 1;
	if (holds(pos, f - 1, r + back, by, PAWN) ||
	    holds(pos, f + 1, r + back, by, PAWN))
		return true;
	for (int i = 0; i < 8; i++)
		if (holds(pos, f + knight_steps[i][0], r + knight_steps[i][1], by,
			  KNIGHT) ||
		    holds(pos, f + king_steps[i][0], r + king_steps[i][1], by, KING))
			return true;
	return ray_hits(pos, s, diagonal, by, BISHOP) ||
	       ray_hits(pos, s, orthogonal, by, ROOK);
}

static void add_pawn(struct movelist *l, int from, int to, unsigned flags)
{
	if (RANK_OF(to) == 0 || RANK_OF(to) == 7)
		for (int t = KNIGHT; t <= QUEEN; t++)
			movelist_add(l, MOVE(from, to, t, flags));
	else
		movelist_add(l, MOVE(from, to, 0, flags));
}

static void naive_pawn(const struct position *pos, int from, struct movelist *l)
{
	int us = pos->side, up = us == WHITE ? 1 : -1;
	int f = FILE_OF(from), r = RANK_OF(from);
	if (on(f, r + up) && !pos->board[SQ(f, r + up)]) {
		add_pawn(l, from, SQ(f, r + up), 0);
		if (r == (us == WHITE ? 1 : 6) && !pos->board[SQ(f, r + 2 * up)])
			movelist_add(l, MOVE(from, SQ(f, r + 2 * up), 0, MF_DOUBLE));
	}
	for (int df = -1; df <= 1; df += 2) {
		if (!on(f + df, r + up))
			continue;
		int to = SQ(f + df, r + up);
		uint8_t p = pos->board[to];
		if (p && PIECE_COLOR(p) != us)
			add_pawn(l, from, to, MF_CAPTURE);
		if (to == pos->ep)
			movelist_add(l, MOVE(from, to, 0, MF_EP | MF_CAPTURE));
	}
}

static void naive_steps(const struct position *pos, int from,
			const int (*steps)[2], int n, bool slide,
			struct movelist *l)
{
	for (int i = 0; i < n; i++) {
		int f = FILE_OF(from) + steps[i][0], r = RANK_OF(from) + steps[i][1];
		for (; on(f, r); f += steps[i][0], r += steps[i][1]) {
			uint8_t p = pos->board[SQ(f, r)];
			if (p && PIECE_COLOR(p) == pos->side)
				break;
			movelist_add(l, MOVE(from, SQ(f, r), 0, p ? MF_CAPTURE : 0));
			if (p || !slide)
				break;
		}
	}
}

static void naive_castling(const struct position *pos, struct movelist *l)
{
	int us = pos->side, base = us == WHITE ? 0 : 56;
	unsigned rights = pos->castling >> (us == WHITE ? 0 : 2);
	const uint8_t *b = pos->board + base;
	if (naive_attacked(pos, base + 4, us ^ 1))
		return;
	if ((rights & 1) && !b[5] && !b[6] &&
	    !naive_attacked(pos, base + 5, us ^ 1) &&
	    !naive_attacked(pos, base + 6, us ^ 1))
		movelist_add(l, MOVE(base + 4, base + 6, 0, MF_CASTLE));
	if ((rights & 2) && !b[1] && !b[2] && !b[3] &&
	    !naive_attacked(pos, base + 3, us ^ 1) &&
	    !naive_attacked(pos, base + 2, us ^ 1))
		movelist_add(l, MOVE(base + 4, base + 2, 0, MF_CASTLE));
}

static void naive_pseudo(const struct position *pos, struct movelist *l)
{
	l->count = 0;
	for (int s = 0; s < 64; s++) {
		uint8_t p = pos->board[s];
		if (!p || PIECE_COLOR(p) != pos->side)
			continue;
		switch (PIECE_TYPE(p)) {
		case PAWN: naive_pawn(pos, s, l); break;
		case KNIGHT: naive_steps(pos, s, knight_steps, 8, false, l); break;
		case BISHOP: naive_steps(pos, s, diagonal, 4, true, l); break;
		case ROOK: naive_steps(pos, s, orthogonal, 4, true, l); break;
		case QUEEN: naive_steps(pos, s, king_steps, 8, true, l); break;
		case KING: naive_steps(pos, s, king_steps, 8, false, l); break;
		}
	}
	naive_castling(pos, l);
}

static void naive_legal(const struct position *pos, struct movelist *out)
{
	struct movelist pseudo;
	naive_pseudo(pos, &pseudo);
	out->count = 0;
	for (unsigned i = 0; i < pseudo.count; i++) {
		struct position next = *pos;
		standard_make(&next, pseudo.moves[i]);
		int k = position_king(&next, pos->side);
		if (!naive_attacked(&next, k, pos->side ^ 1))
			movelist_add(out, pseudo.moves[i]);
	}
}

/* Every square, both colours: the attack test against the oracle. */
static void check_attacks(const struct position *pos)
{
	int k = position_king(pos, pos->side);
	assert_int_equal(lr_standard_checkers(pos) != 0,
			 naive_attacked(pos, k, pos->side ^ 1));
	for (int s = 0; s < 64; s++)
		for (int c = 0; c < 2; c++)
			assert_int_equal(standard_attacked(pos, s, c),
					 naive_attacked(pos, s, c));
}

/* The moves, their count and the key, against the oracle. */
static void check_position(const struct position *pos,
			   const struct movelist *list)
{
	struct movelist want;
	naive_legal(pos, &want);
	assert_int_equal(list->count, want.count);
	assert_int_equal(standard_count(pos), list->count);
	struct movelist got = *list;
	qsort(got.moves, got.count, sizeof got.moves[0], move_cmp);
	qsort(want.moves, want.count, sizeof want.moves[0], move_cmp);
	assert_memory_equal(got.moves, want.moves, got.count * sizeof(move_t));
	assert_true(pos->key == position_compute_key(pos));
}

/* Each position of a playout against the oracle (the attack test every
 * fourth ply); the game ends at the fifty-move mark. */
static bool visit_position(void *ctx, const struct position *pos,
			   const struct movelist *moves, unsigned ply)
{
	(void)ctx;
	check_position(pos, moves);
	if (ply % 4 == 0)
		check_attacks(pos);
	return pos->halfmove < 100;
}

static unsigned pick_rng(void *ctx, unsigned count)
{
	(void)ctx;
	return (unsigned)(rng() % count);
}

static void playout(struct position pos, unsigned plies)
{
	const struct random_game g = { plies, visit_position, pick_rng, NULL };
	play_random_game(&pos, &g);
}

static void test_random_playouts(void **state)
{
	static const char *starts[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
	};
	(void)state;
	for (unsigned i = 0; i < 2000; i++)
		playout(setup(starts[i % 5]), 200);
}

/* position_to_fen writes back what was read: empty and full ranks, gaps
 * at either end, Pauli's shared squares, Random Pawns' codes and its
 * two-square e.p. field; and it cuts a long FEN to the room given. */
static void test_fen_written_back(void **state)
{
	static const struct {
		const char *fen;
		const struct variant *v;
	} cases[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		  &variant_standard },
		{ "1k5r/p6p/1p4p1/2p2p2/3pp3/8/PPP2PPP/R3K2R b KQ - 12 345",
		  &variant_standard },
		{ "7k/8/8/3pP3/8/8/8/K7 w - d6 0 2", &variant_standard },
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPP(NP)PPP/RNBQKB1R b KQkq - 1 1",
		  &variant_pauli },
		{ "4k3/8/8/3(Rp)4/8/8/8/4K3 b - - 1 1", &variant_pauli },
		{ "4k3/8/8/2nnn3/2nP{OOO}n3/2nnn3/8/7K w - - 0 1",
		  &variant_randompawns },
		{ "4k3/8/8/8/4P{XXM}3/8/8/4K3 b - d3e4 0 1",
		  &variant_randompawns },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct position pos;
		char buf[FEN_MAX];
		load_fen(&pos, cases[i].fen, cases[i].v);
		size_t n = position_to_fen(&pos, buf, sizeof buf);
		assert_string_equal(buf, cases[i].fen);
		assert_int_equal(n, strlen(cases[i].fen));
	}
	struct position pos = setup(cases[0].fen);
	char small[11] = "untouched";
	assert_int_equal(position_to_fen(&pos, small, 0), 0);
	assert_string_equal(small, "untouched");
	assert_int_equal(position_to_fen(&pos, small, sizeof small), 10);
	assert_string_equal(small, "rnbqkbnr/p");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_errors),
		cmocka_unit_test(test_setup_error_columns),
		cmocka_unit_test(test_setup_rights_dropped),
		cmocka_unit_test(test_setup_ep_kept_without_capture),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_castling_through_check),
		cmocka_unit_test(test_castling_rights_lost),
		cmocka_unit_test(test_en_passant),
		cmocka_unit_test(test_en_passant_pinned),
		cmocka_unit_test(test_promotions),
		cmocka_unit_test(test_helpers),
		cmocka_unit_test(test_make_state),
		cmocka_unit_test(test_slider_tables),
		cmocka_unit_test(test_random_playouts),
		cmocka_unit_test(test_fen_written_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
