/* move_write(): every notation for hand-derived positions.  Standard rows
 * take the move from the legal list (so its flags are the generator's);
 * variant rows use hand-built moves, whose text depends only on board and
 * flags.  Rows that need a variant's own move list or attack rules are
 * skipped while that variant is still a placeholder (standard hooks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../librules/variant.h"
#include "support.h"

#define GLYPH_K "\xE2\x99\x94"
#define GLYPH_Q "\xE2\x99\x95"
#define GLYPH_R "\xE2\x99\x96"
#define GLYPH_B "\xE2\x99\x97"
#define GLYPH_N "\xE2\x99\x98"
#define GLYPH_P "\xE2\x99\x99"

struct row {
	const char *fen;
	const char *move;	/* coordinates, looked up in the legal list */
	const char *san, *lan, *uci, *fig;
};

static void check_row(const struct position *pos, move_t m,
		      const struct row *r)
{
	static const enum notation kinds[4] = { NOTATION_SAN, NOTATION_LAN,
		NOTATION_UCI, NOTATION_FIGURINE };
	const char *want[4] = { r->san, r->lan, r->uci, r->fig };
	struct position after = *pos;
	position_make(&after, m);
	for (int k = 0; k < 4; k++) {
		char buf[MOVE_TEXT_MAX];
		size_t n = move_write(pos, m, kinds[k], buf, sizeof buf);
		if (strcmp(buf, want[k]) != 0)
			fail_msg("%s %s (notation %d): got '%s', want '%s'",
				 r->fen, r->move, k, buf, want[k]);
		assert_int_equal(n, strlen(want[k]));
		/* Given the position after, the same text (its mark read
		 * from that position instead of playing the move again). */
		n = move_write_after(pos, &after, m, kinds[k], buf, sizeof buf);
		assert_string_equal(buf, want[k]);
		assert_int_equal(n, strlen(want[k]));
	}
}

static void run_rows(const struct row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct position pos;
		load_fen(&pos, rows[i].fen, &variant_standard);
		check_row(&pos, legal_move_uci(&pos, rows[i].move), &rows[i]);
	}
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define QUEENS "8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1"
#define SCHOLAR "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR " \
		"w KQkq - 4 4"

static void test_basic(void **state)
{
	static const struct row rows[] = {
		{ START, "g1f3", "Nf3", "Ng1-f3", "g1f3", GLYPH_N "f3" },
		{ START, "e2e4", "e4", "e2-e4", "e2e4", "e4" },
		{ "4k3/8/8/8/8/8/8/4K2R b K - 0 1", "e8e7", "Ke7", "Ke8-e7",
		  "e8e7", GLYPH_K "e7" },
		{ "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5", "cxd5",
		  "c4xd5", "c4d5", "cxd5" },
		{ "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "e4d5", "exd5",
		  "e4xd5", "e4d5", "exd5" },
	};
	(void)state;
	run_rows(rows, sizeof rows / sizeof rows[0]);
}

/* Three queens reach b2: a1 shares a file with a3 and a rank with c1
 * (both), a3 only a file (rank), c1 only a rank (file). */
static void test_disambiguation(void **state)
{
	static const struct row rows[] = {
		{ QUEENS, "a1b2", "Qa1b2", "Qa1-b2", "a1b2", GLYPH_Q "a1b2" },
		{ QUEENS, "a3b2", "Q3b2", "Qa3-b2", "a3b2", GLYPH_Q "3b2" },
		{ QUEENS, "c1b2", "Qcb2", "Qc1-b2", "c1b2", GLYPH_Q "cb2" },
		{ "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g1f3", "N1f3",
		  "Ng1-f3", "g1f3", GLYPH_N "1f3" },
		{ "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1", "g5f3", "N5f3",
		  "Ng5-f3", "g5f3", GLYPH_N "5f3" },
		{ "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2",
		  "Nb1-d2", "b1d2", GLYPH_N "bd2" },
		{ "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2",
		  "Nf3-d2", "f3d2", GLYPH_N "fd2" },
		/* The rival is pinned: not legal, so no disambiguation. */
		{ "4k3/8/8/8/8/5N2/8/KN5r w - - 0 1", "f3d2", "Nd2",
		  "Nf3-d2", "f3d2", GLYPH_N "d2" },
	};
	(void)state;
	run_rows(rows, sizeof rows / sizeof rows[0]);
}

static void test_check_and_mate(void **state)
{
	static const struct row rows[] = {
		{ SCHOLAR, "h5f7", "Qxf7#", "Qh5xf7#", "h5f7",
		  GLYPH_Q "xf7#" },
		{ SCHOLAR, "c4f7", "Bxf7+", "Bc4xf7+", "c4f7",
		  GLYPH_B "xf7+" },
		{ "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", "d6d7", "d7+", "d6-d7+",
		  "d6d7", "d7+" },
		{ "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+", "O-O+",
		  "e1g1", "O-O+" },
	};
	(void)state;
	run_rows(rows, sizeof rows / sizeof rows[0]);
}

static void test_castling_promotion_ep(void **state)
{
	static const struct row rows[] = {
		{ "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O", "O-O",
		  "e1g1", "O-O" },
		{ "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O",
		  "O-O-O", "e8c8", "O-O-O" },
		{ "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", "e8=Q", "e7-e8=Q",
		  "e7e8q", "e8=" GLYPH_Q },
		{ "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", "e8=N", "e7-e8=N",
		  "e7e8n", "e8=" GLYPH_N },
		{ "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8q", "exd8=Q+",
		  "e7xd8=Q+", "e7d8q", "exd8=" GLYPH_Q "+" },
		{ "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6", "e5xd6",
		  "e5d6", "exd6" },
	};
	(void)state;
	run_rows(rows, sizeof rows / sizeof rows[0]);
}

/* Truncation never splits a glyph and always terminates. */
static void test_small_buffers(void **state)
{
	struct position pos;
	char buf[8];
	move_t m;
	(void)state;
	load_fen(&pos, START, &variant_standard);
	m = legal_move_uci(&pos, "g1f3");
	memset(buf, 'z', sizeof buf);
	assert_int_equal(move_write(&pos, m, NOTATION_FIGURINE, buf, 4), 3);
	assert_string_equal(buf, GLYPH_N);
	assert_int_equal(move_write(&pos, m, NOTATION_FIGURINE, buf, 3), 0);
	assert_string_equal(buf, "");
	assert_int_equal(move_write(&pos, m, NOTATION_SAN, buf, 2), 1);
	assert_string_equal(buf, "N");
	buf[0] = 'z';
	assert_int_equal(move_write(&pos, m, NOTATION_UCI, buf, 0), 0);
	assert_int_equal(buf[0], 'z');
}

/* ------------------------------------------------------------ variants */

struct vrow {
	const struct variant *v;
	const char *fen;
	const char *from, *to;
	int promo;
	unsigned flags;
	const char *san, *lan, *uci, *fig;
};

static void run_vrows(const struct vrow *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct vrow *v = &rows[i];
		struct position pos;
		struct row r = { v->fen, v->from, v->san, v->lan, v->uci,
				 v->fig };
		load_fen(&pos, v->fen, v->v);
		check_row(&pos, coord_move(v->from, v->to, v->promo, v->flags),
			  &r);
	}
}

#define TANDEM_E2 "4k3/8/8/8/8/8/4T3/4K3 w - - 0 1"
#define TANDEM_E4 "4k3/8/8/3p4/4T3/8/8/4K3 w - - 0 1"

/* Text from board and flags only: passes with the placeholders too. */
static void test_tandem_text(void **state)
{
	static const struct vrow rows[] = {
		{ &variant_tandem, TANDEM_E2, "e2", "e4", 0,
		  MF_UNIT | MF_DOUBLE, "Te4", "Te2-e4", "Te2e4",
		  GLYPH_P GLYPH_P "e4" },
		{ &variant_tandem, TANDEM_E2, "e2", "e4", 0, MF_DOUBLE, "e4",
		  "e2-e4", "e2e4", "e4" },
		{ &variant_tandem, TANDEM_E4, "e4", "d5", 0,
		  MF_UNIT | MF_CAPTURE, "Txd5", "Te4xd5", "Te4d5",
		  GLYPH_P GLYPH_P "xd5" },
		{ &variant_tandem, TANDEM_E4, "e4", "d5", 0, MF_CAPTURE,
		  "exd5", "e4xd5", "e4d5", "exd5" },
		{ &variant_tandem, "8/4T3/k7/8/8/8/8/4K3 w - - 0 1", "e7", "e8",
		  QUEEN, MF_UNIT, "Te8=Q", "Te7-e8=Q", "Te7e8q",
		  GLYPH_P GLYPH_P "e8=" GLYPH_Q },
		{ &variant_tandem, "4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", "e3",
		  "e5", 0, MF_ROCKET, "e5^", "e3-e5^", "e3e5^", "e5^" },
		{ &variant_tandem, "8/8/4T3/k7/8/8/8/4K3 w - - 0 1", "e6", "e8",
		  QUEEN, MF_ROCKET, "e8^=Q", "e6-e8^=Q", "e6e8^q",
		  "e8^=" GLYPH_Q },
	};
	(void)state;
	run_vrows(rows, sizeof rows / sizeof rows[0]);
}

static void test_other_variant_text(void **state)
{
	static const struct vrow rows[] = {
		{ &variant_pushpawn, "4k3/8/3p4/4p3/4P3/8/8/4K3 b - - 0 1",
		  "e5", "e4", 0, MF_PUSH, "e4(p)", "e5-e4(p)", "e5e4(p)",
		  "e4(p)" },
		{ &variant_pauli, "4k3/8/8/4(rb)3/8/5N2/8/7K w - - 0 1",
		  "f3", "e5", 0, MF_CAPTURE | MF_VICTIM2, "NxBe5", "Nf3xBe5",
		  "f3e5xB", GLYPH_N "xBe5" },
		{ &variant_pauli, "4k3/8/8/4(rb)3/8/5N2/8/7K w - - 0 1",
		  "f3", "e5", 0, MF_CAPTURE, "NxRe5", "Nf3xRe5", "f3e5xR",
		  GLYPH_N "xRe5" },
		{ &variant_pauli, "4k3/8/8/8/8/5P2/8/4K1N1 w - - 0 1", "g1",
		  "f3", 0, MF_SHARE, "Nf3&", "Ng1-f3&", "g1f3&",
		  GLYPH_N "f3&" },
		{ &variant_pauli, "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e2",
		  "e4", 0, MF_SHARE | MF_DOUBLE, "e4&", "e2-e4&", "e2e4&",
		  "e4&" },
		{ &variant_randompawns, "4k3/8/8/8/8/8/3P{MMM}4/4K3 w - - 0 1",
		  "d2", "e3", 0, 0, "de3", "d2-e3", "d2e3", "de3" },
		{ &variant_randompawns,
		  "4k3/8/8/8/8/4n3/4P{OOO}3/4K3 w - - 0 1", "e2", "e3", 0,
		  MF_CAPTURE, "exe3", "e2xe3", "e2e3", "exe3" },
		{ &variant_randompawns_flip,
		  "4k3/8/8/8/8/2P{CMC}5/8/4K3 w - - 0 1", "c3", "c3", 0,
		  MF_FLIP, "c3~", "c3~", "c3~", "c3~" },
	};
	(void)state;
	run_vrows(rows, sizeof rows / sizeof rows[0]);
}

/* ----------------------------------- rows that need the real variants */

#define PAULI_D2 "k7/8/8/8/8/8/3(QP)4/4K3 w - - 0 1"

/* Pauli coordinates: the letter when both pieces of d2 reach d3. */
static void test_pauli_mover_letter(void **state)
{
	static const struct vrow rows[] = {
		{ &variant_pauli, PAULI_D2, "d2", "d3", 0, 0, "Qd3", "Qd2-d3",
		  "Qd2d3", GLYPH_Q "d3" },
		{ &variant_pauli, PAULI_D2, "d2", "d3", 0, MF_MOVER2, "d3",
		  "d2-d3", "Pd2d3", "d3" },
		/* Disambiguation counts the e5 knight whatever its move. */
		{ &variant_pauli, "4k3/8/8/4N3/8/5p2/8/4K1N1 w - - 0 1", "g1",
		  "f3", 0, MF_SHARE, "Ngf3&", "Ng1-f3&", "g1f3&",
		  GLYPH_N "gf3&" },
	};
	(void)state;
	skip_placeholder(&variant_pauli);
	run_vrows(rows, sizeof rows / sizeof rows[0]);
}

/* EMAP: a bishop's e.p. capture next to its quiet move; a knight's
 * pawn-capture square gives check. */
static void test_emap(void **state)
{
	static const struct vrow rows[] = {
		{ &variant_emap, "4k3/8/8/3Bp3/8/8/8/4K3 w - e6 0 1", "d5",
		  "e6", 0, MF_CAPTURE | MF_EP, "Bxe6", "Bd5xe6", "d5e6x",
		  GLYPH_B "xe6" },
		{ &variant_emap, "4k3/8/8/3Bp3/8/8/8/4K3 w - e6 0 1", "d5",
		  "e6", 0, 0, "Be6", "Bd5-e6", "d5e6", GLYPH_B "e6" },
		{ &variant_emap, "8/4k3/8/1N6/8/8/8/4K3 w - - 0 1", "b5", "d6",
		  0, 0, "Nd6+", "Nb5-d6+", "b5d6", GLYPH_N "d6+" },
	};
	(void)state;
	skip_placeholder(&variant_emap);
	run_vrows(rows, sizeof rows / sizeof rows[0]);
}

/* One of the legal moves l of pos played, picked by the xorshift *rng. */
static void play_random(struct position *pos, const struct movelist *l,
			uint64_t *rng)
{
	*rng ^= *rng << 13, *rng ^= *rng >> 7, *rng ^= *rng << 17;
	position_make(pos, l->moves[*rng % l->count]);
}

/* What move_write() leans on to skip the quiet-twin search (a capture
 * whose victim stands on its destination has none): in every variant a
 * move that neither captures nor carries a marker (rocket, share, push,
 * flip) lands on an empty square.  Checked over every legal move of
 * random games from each variant's start. */
static void test_quiet_moves_land_on_empty_squares(void **state)
{
	const unsigned marked = MF_CAPTURE | MF_ROCKET | MF_SHARE | MF_PUSH |
				MF_FLIP;
	size_t nvariants;
	const struct variant *const *all = variant_all(&nvariants);
	uint64_t rng = 0x9E3779B97F4A7C15ULL;
	unsigned long checked = 0;
	(void)state;
	for (size_t v = 0; v < nvariants; v++) {
		for (int game = 0; game < 40; game++) {
			struct position pos;
			position_start(&pos, all[v]);
			for (int ply = 0; ply < 300; ply++) {
				struct movelist l;
				position_legal_moves(&pos, &l);
				if (!l.count)
					break;
				for (unsigned i = 0; i < l.count; i++) {
					move_t m = l.moves[i];
					int to = MOVE_TO(m);
					/* Chess960's castling: the king takes
					 * its own rook (O-O, e1h1). */
					bool own_rook = (MOVE_FLAGS(m) & MF_CASTLE) &&
						pos.board[to] == MAKE_PIECE(pos.side, ROOK);
					if ((MOVE_FLAGS(m) & marked) || own_rook)
						continue;
					checked++;
					if (pos.board[to] || pos.board2[to])
						fail_msg("%s: quiet move %d-%d onto an occupied square",
							 all[v]->id, MOVE_FROM(m), to);
				}
				play_random(&pos, &l, &rng);
			}
		}
	}
	assert_true(checked > 100000);
}

/* What a SAN names of its origin: the text between the piece's letter
 * and the destination (its 'x' aside). */
static int san_origin_of(const char *san)
{
	size_t n = strcspn(san, "+#");
	size_t middle = n - 3 - (san[n - 3] == 'x');
	if (middle == 0)
		return SAN_ORIGIN_NONE;
	if (middle == 2)
		return SAN_ORIGIN_SQUARE;
	return san[1] >= 'a' && san[1] <= 'h' ? SAN_ORIGIN_FILE
					      : SAN_ORIGIN_RANK;
}

/* move_san_origin_after() of m, a legal move in pos, against
 * move_write()'s SAN (a knight's, bishop's, rook's or queen's only). */
static void check_origin(const struct position *pos, move_t m,
			 const char *start, unsigned long *checked,
			 unsigned long *twins)
{
	uint8_t piece = pos->board[MOVE_FROM(m)];
	int type = PIECE_TYPE(piece);
	if (type < KNIGHT || type > QUEEN)
		return;
	char san[MOVE_TEXT_MAX];
	move_write(pos, m, NOTATION_SAN, san, sizeof san);
	struct position after = *pos;
	position_make(&after, m);
	int want = san_origin_of(san);
	int got = move_san_origin_after(&after, piece, m);
	if (got != want)
		fail_msg("%s: %s: origin %d, want %d", start, san, got, want);
	++*checked;
	*twins += want != SAN_ORIGIN_NONE;
}

/* move_san_origin_after() against move_write()'s SAN, for every legal
 * move of a piece but the king's in random games from positions crowded
 * with twins (and the pins between them). */
static void test_san_origin_after(void **state)
{
	static const char *const starts[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1",
		"1n2k1n1/1r3r2/2q1q3/8/8/2Q1Q3/1R3R2/1N2K1N1 w - - 0 1",
		"r3k2r/1n3n2/8/3qq3/3QQ3/8/1N3N2/R3K2R w KQkq - 0 1",
	};
	uint64_t rng = 0x2545F4914F6CDD1DULL;
	unsigned long checked = 0, twins = 0;
	(void)state;
	for (size_t s = 0; s < sizeof starts / sizeof *starts; s++)
		for (int game = 0; game < 60; game++) {
			struct position pos;
			load_fen(&pos, starts[s], &variant_standard);
			for (int ply = 0; ply < 200; ply++) {
				struct movelist l;
				position_legal_moves(&pos, &l);
				if (!l.count)
					break;
				for (unsigned i = 0; i < l.count; i++)
					check_origin(&pos, l.moves[i], starts[s],
						     &checked, &twins);
				play_random(&pos, &l, &rng);
			}
		}
	assert_true(checked > 100000 && twins > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_basic),
		cmocka_unit_test(test_disambiguation),
		cmocka_unit_test(test_check_and_mate),
		cmocka_unit_test(test_castling_promotion_ep),
		cmocka_unit_test(test_small_buffers),
		cmocka_unit_test(test_tandem_text),
		cmocka_unit_test(test_other_variant_text),
		cmocka_unit_test(test_pauli_mover_letter),
		cmocka_unit_test(test_emap),
		cmocka_unit_test(test_quiet_moves_land_on_empty_squares),
		cmocka_unit_test(test_san_origin_after),
	};
	return cmocka_run_group_tests_name("notation", tests, NULL, NULL);
}
