/* move_resolve(): text (through san_parse) against hand-derived positions.
 * Every case is data: position, text, mode, and the expected move (as
 * coordinates plus flags) or the exact diagnostic.  Cases that need a
 * variant's own rules are skipped while that variant is a placeholder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../librules/internal.h"
#include "../../librules/variant.h"
#include "support.h"

/* "e7e8q" -> from, to, promotion; flags compared when given. */
static void assert_move(move_t m, const char *uci, unsigned flags)
{
	static const char promos[] = "nbrq";
	int promo = uci[4] ? (int)(strchr(promos, uci[4]) - promos) + KNIGHT : 0;
	char got[8];
	square_name(MOVE_FROM(m), got);
	square_name(MOVE_TO(m), got + 2);
	if (MOVE_FROM(m) != square_parse(uci) ||
	    MOVE_TO(m) != square_parse(uci + 2) || MOVE_PROMO(m) != promo)
		fail_msg("got %s (promo %d), want %s", got, MOVE_PROMO(m), uci);
	if (flags && MOVE_FLAGS(m) != flags)
		fail_msg("%s: flags %#x, want %#x", uci, MOVE_FLAGS(m), flags);
}

/* One case: the text, and either a move (uci, flags, warning text when
 * lenient) or an error (code and text). */
struct want {
	const char *text;
	bool strict;
	int rc;
	const char *uci;	/* NULL for errors */
	unsigned flags;		/* 0: not checked */
	enum diag_code code;	/* of the warning or error */
	const char *message;	/* exact, NULL for exact matches */
};

static void check(const struct position *pos, const struct want *w)
{
	struct resolved r = resolve_text(pos, w->text, w->strict);
	const struct diag *d = w->rc > 0 ? &r.warn : &r.err;
	if (r.rc != w->rc)
		fail_msg("'%s': rc %d, want %d (err '%s', warn '%s')", w->text,
			 r.rc, w->rc, r.err.message, r.warn.message);
	if (w->uci)
		assert_move(r.move, w->uci, w->flags);
	if (!w->message)
		return;
	if (strcmp(d->message, w->message) != 0)
		fail_msg("'%s': message '%s', want '%s'", w->text, d->message,
			 w->message);
	assert_int_equal(d->code, w->code);
	assert_int_equal(d->severity, w->rc > 0 ? DIAG_WARNING : DIAG_ERROR);
}

static void check_all(const char *fen, const struct variant *v,
		      const struct want *w, size_t n)
{
	struct position pos;
	load_fen(&pos, fen, v);
	for (size_t i = 0; i < n; i++)
		check(&pos, &w[i]);
}

#define CHECK_ALL(fen, v, cases) \
	check_all(fen, v, cases, sizeof cases / sizeof cases[0])

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define QUEENS "8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1"
#define KNIGHTS "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
#define SCHOLAR "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR " \
		"w KQkq - 4 4"
#define CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define PAWNS "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
#define PROMO "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1"

static void test_exact(void **state)
{
	static const struct want start[] = {
		{ "Nf3", false, 0, "g1f3", 0, 0, NULL },
		{ "e4", false, 0, "e2e4", MF_DOUBLE, 0, NULL },
		{ "e3", false, 0, "e2e3", 0, 0, NULL },
		{ "Nc3+", false, 0, "b1c3", 0, 0, NULL },	/* marks ignored */
		{ "g1f3", false, 0, "g1f3", 0, 0, NULL },
		{ "Ng1-f3", false, 0, "g1f3", 0, 0, NULL },
		{ "e2-e4", false, 0, "e2e4", 0, 0, NULL },
		{ "Ngf3", false, 0, "g1f3", 0, 0, NULL },	/* over-specified */
	};
	static const struct want scholar[] = {
		{ "Qxf7#", false, 0, "h5f7", MF_CAPTURE, 0, NULL },
		{ "Qxf7", false, 0, "h5f7", 0, 0, NULL },
		{ "Bxf7+", false, 0, "c4f7", 0, 0, NULL },
		{ "h5f7", false, 0, "h5f7", 0, 0, NULL },
	};
	(void)state;
	CHECK_ALL(START, &variant_standard, start);
	CHECK_ALL(SCHOLAR, &variant_standard, scholar);
}

static void test_disambiguation(void **state)
{
	static const struct want queens[] = {
		{ "Qa1b2", false, 0, "a1b2", 0, 0, NULL },
		{ "Q3b2", false, 0, "a3b2", 0, 0, NULL },
		{ "Qcb2", false, 0, "c1b2", 0, 0, NULL },
		{ "Qa3b2", false, 0, "a3b2", 0, 0, NULL },
		{ "Qb2", false, -1, NULL, 0, DC_AMBIGUOUS_MOVE,
		  "ambiguous move: Qa1b2, Qcb2 and Q3b2 all fit" },
		{ "Qab2", false, -1, NULL, 0, DC_AMBIGUOUS_MOVE,
		  "ambiguous move: Qa1b2 and Q3b2 both fit" },
		{ "a1b2", false, 0, "a1b2", 0, 0, NULL },
	};
	static const struct want knights[] = {
		{ "Nd2", false, -1, NULL, 0, DC_AMBIGUOUS_MOVE,
		  "ambiguous move: Nbd2 and Nfd2 both fit" },
		{ "Nbd2", false, 0, "b1d2", 0, 0, NULL },
		{ "Nfd2", false, 0, "f3d2", 0, 0, NULL },
		{ "N3d2", false, 0, "f3d2", 0, 0, NULL },
	};
	(void)state;
	CHECK_ALL(QUEENS, &variant_standard, queens);
	CHECK_ALL(KNIGHTS, &variant_standard, knights);
}

static void test_castling(void **state)
{
	static const struct want ok[] = {
		{ "O-O", false, 0, "e1g1", MF_CASTLE, 0, NULL },
		{ "O-O-O", false, 0, "e1c1", MF_CASTLE, 0, NULL },
		{ "e1g1", false, 0, "e1g1", MF_CASTLE, 0, NULL },
		{ "Ke1-c1", false, 0, "e1c1", MF_CASTLE, 0, NULL },
		{ "0-0", false, 1, "e1g1", 0, DC_LENIENT,
		  "castling written with zeros (write O-O)" },
		{ "0-0-0", true, -1, NULL, 0, DC_LENIENT,
		  "castling written with zeros (write O-O-O)" },
		{ "Kg1", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no king can move to g1" },
	};
	(void)state;
	CHECK_ALL(CASTLE, &variant_standard, ok);
	static const struct want blocked[] = { { "O-O", false, -1, NULL, 0,
		DC_ILLEGAL_MOVE, "castling not allowed: squares between king "
		"and rook are occupied" } };
	CHECK_ALL(START, &variant_standard, blocked);
	static const struct want through[] = { { "O-O", false, -1, NULL, 0,
		DC_ILLEGAL_MOVE, "castling not allowed: the king passes "
		"through an attacked square" } };
	CHECK_ALL("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", &variant_standard,
		  through);
	static const struct want check[] = { { "O-O-O", false, -1, NULL, 0,
		DC_ILLEGAL_MOVE, "castling not allowed: the king is in check" } };
	CHECK_ALL("4k3/8/8/8/8/8/8/R3K1r1 w Q - 0 1", &variant_standard, check);
	static const struct want end[] = { { "O-O", false, -1, NULL, 0,
		DC_ILLEGAL_MOVE, "castling not allowed: the king would end in "
		"check" } };
	CHECK_ALL("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &variant_standard, end);
	static const struct want right[] = { { "O-O", false, -1, NULL, 0,
		DC_ILLEGAL_MOVE, "castling not allowed: no castling right on "
		"that side" } };
	CHECK_ALL("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", &variant_standard, right);
}

static void test_lenient_and_strict(void **state)
{
	static const struct want pawns[] = {
		{ "exd5", false, 0, "e4d5", MF_CAPTURE, 0, NULL },
		{ "ed5", false, 1, "e4d5", 0, DC_LENIENT,
		  "missing capture mark 'x' (write exd5)" },
		{ "ed5", true, -1, NULL, 0, DC_LENIENT,
		  "missing capture mark 'x' (write exd5)" },
		{ "e4-d5", false, 1, "e4d5", 0, DC_LENIENT,
		  "capture written with '-' (write exd5)" },
		{ "e4xd5", false, 0, "e4d5", 0, 0, NULL },
		{ "e4d5", false, 0, "e4d5", 0, 0, NULL },
	};
	static const struct want scholar[] = {
		{ "Qf7", false, 1, "h5f7", 0, DC_LENIENT,
		  "missing capture mark 'x' (write Qxf7)" },
	};
	static const struct want start[] = {
		{ "nf3", false, 1, "g1f3", 0, DC_LENIENT,
		  "lowercase piece letter (write Nf3)" },
		{ "nf3", true, -1, NULL, 0, DC_LENIENT,
		  "lowercase piece letter (write Nf3)" },
	};
	(void)state;
	CHECK_ALL(PAWNS, &variant_standard, pawns);
	CHECK_ALL(SCHOLAR, &variant_standard, scholar);
	CHECK_ALL(START, &variant_standard, start);
}

/* Strict mode still names the move (so a caller may go on). */
static void test_strict_keeps_move(void **state)
{
	struct position pos;
	(void)state;
	load_fen(&pos, CASTLE, &variant_standard);
	struct resolved r = resolve_text(&pos, "0-0", true);
	assert_int_equal(r.rc, -1);
	assert_move(r.move, "e1g1", MF_CASTLE);
	assert_int_equal(r.err.code, DC_LENIENT);
}

static void test_en_passant(void **state)
{
	static const struct want ep[] = {
		{ "exd6", false, 0, "e5d6", MF_CAPTURE | MF_EP, 0, NULL },
		{ "e5d6", false, 0, "e5d6", MF_CAPTURE | MF_EP, 0, NULL },
		{ "exd6e.p.", false, 1, "e5d6", 0, DC_LENIENT,
		  "'e.p.' suffix (write exd6)" },
	};
	(void)state;
	CHECK_ALL("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &variant_standard, ep);
}

static void test_promotion(void **state)
{
	static const struct want promo[] = {
		{ "exd8=Q", false, 0, "e7d8q", MF_CAPTURE, 0, NULL },
		{ "e8=N", false, 0, "e7e8n", 0, 0, NULL },
		{ "e7e8r", false, 0, "e7e8r", 0, 0, NULL },
		{ "e8", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "promotion piece missing (=Q, =R, =B or =N)" },
		{ "e7e8", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "promotion piece missing (=Q, =R, =B or =N)" },
		{ "e8", true, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "promotion piece missing (=Q, =R, =B or =N)" },
	};
	static const struct want early[] = {
		{ "e5=Q", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no promotion on e5" },
	};
	(void)state;
	CHECK_ALL(PROMO, &variant_standard, promo);
	CHECK_ALL(PAWNS, &variant_standard, early);
}

static void test_illegal_reasons(void **state)
{
	static const struct want start[] = {
		{ "Nxf3", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "nothing to capture on f3 (did you mean Nf3?)" },
		{ "Nf5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no knight can move to f5" },
		{ "Ne2", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "e2 is occupied by White's own pawn" },
		{ "Bb5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no bishop can move to b5" },
		{ "e5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no pawn can move to e5" },
		{ "--", false, -1, NULL, 0, DC_NULL_MOVE,
		  "a null move is not a move of the position" },
		{ "e2e5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no pawn on e2 can move to e5" },
		{ "e3e4", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "White has no piece on e3" },
	};
	static const struct want knights[] = {
		{ "Ngd2", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the origin written does not fit the move to d2 (did you "
		  "mean Nbd2?)" },
		{ "Qd3", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "White has no queen" },
	};
	static const struct want pawns[] = {
		{ "d5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "no pawn can move straight to d5 (did you mean exd5?)" },
		/* 'x' written: the file is what is missing, not a path. */
		{ "Pxd5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "a pawn capture names the file the pawn leaves (did you "
		  "mean exd5?)" },
		{ "dxe5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "White has no pawn on the d-file" },
	};
	static const struct want pinned[] = {
		{ "Nf4", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the knight on e2 is pinned" },
		{ "Kf2", false, 0, "e1f2", 0, 0, NULL },
	};
	static const struct want in_check[] = {
		{ "Nc3", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the king is in check and the knight on b1 going to c3 "
		  "does not parry it" },
		{ "Kd2", false, 0, "e1d2", 0, 0, NULL },
		{ "Ke2", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the king would be in check on e2" },
	};
	static const struct want king[] = {
		{ "Kf2", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the king would be in check on f2" },
	};
	/* K a5, pawns d5 e5, rook h5: taking e.p. lifts both pawns off
	 * the rank, so the king would be in check (it had said the pawn
	 * "cannot go to d6 under the rules of standard"). */
	static const struct want ep_rank[] = {
		{ "exd6", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the pawn on e5 cannot go to d6: the king would be in "
		  "check" },
		{ "e5xd6", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the pawn on e5 cannot go to d6: the king would be in "
		  "check" },
		{ "Kb6", false, 0, "a5b6", 0, 0, NULL },
	};
	(void)state;
	CHECK_ALL(START, &variant_standard, start);
	CHECK_ALL(KNIGHTS, &variant_standard, knights);
	CHECK_ALL(PAWNS, &variant_standard, pawns);
	CHECK_ALL("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", &variant_standard,
		  pinned);
	CHECK_ALL("4k3/4r3/8/8/8/8/8/1N2K3 w - - 0 1", &variant_standard,
		  in_check);
	CHECK_ALL("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2", &variant_standard,
		  ep_rank);
	CHECK_ALL("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", &variant_standard, king);
}

/* A mover letter, marker or flip that is no part of the variant's SAN is
 * named plainly (not "White has no tandem" in standard chess); each
 * variant keeps its own. */
static void test_foreign_notation(void **state)
{
#define AFTER_E4_D5 "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
	static const struct want standard[] = {
		{ "Te1", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'T' is no piece letter of standard chess (K Q R B N)" },
		{ "Dd1", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'D' is no piece letter of standard chess (K Q R B N)" },
		{ "Ce2", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'C' is no piece letter of standard chess (K Q R B N)" },
		{ "Fe2", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'F' is no piece letter of standard chess (K Q R B N)" },
		{ "B4", false, -1, NULL, 0, DC_BAD_MOVE,
		  "a bishop move needs a destination square, and a capital "
		  "file (a tandem's unit move) is no move of standard chess" },
		{ "txd5", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'t' is no piece letter of standard chess (K Q R B N)" },
		{ "e3~", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'~' (flip) is not a move of standard chess" },
		{ "exd5&", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'&' (share) is not a move of standard chess" },
		{ "a4^", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'^' (rocket) is not a move of standard chess" },
		{ "Nf3(p)", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'(p)' (push) is not a move of standard chess" },
		/* The pawn's letter is no foreign letter, only not SAN. */
		{ "Pa3", false, 1, "a2a3", 0, DC_LENIENT,
		  "pawn written with its letter P (write a3)" },
		{ "Bb5+", false, 0, "f1b5", 0, 0, NULL },
	};
	static const struct want tandem[] = {
		{ "e5&", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'&' (share) is not a move of Tandem Pawn Chess" },
		{ "e3~", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'~' (flip) is not a move of Tandem Pawn Chess" },
	};
	static const struct want tandem_none[] = {
		{ "Te6", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "White has no tandem" },
	};
	static const struct want pauli[] = {
		{ "Td1", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'T' is no piece letter of Pauli Chess (K Q R B N)" },
		{ "Rd1^", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'^' (rocket) is not a move of Pauli Chess" },
	};
	static const struct want rp[] = {
		{ "d2~", false, -1, NULL, 0, DC_BAD_MOVE,
		  "'~' (flip) is not a move of Random Pawns Chess" },
	};
	static const struct want rp_flip[] = {
		{ "d2~", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "White has no pawn on d2 to flip" },
	};
	(void)state;
	CHECK_ALL(AFTER_E4_D5, &variant_standard, standard);
	CHECK_ALL("4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", &variant_tandem, tandem);
	CHECK_ALL("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", &variant_tandem,
		  tandem_none);
	CHECK_ALL("4k3/8/8/8/8/8/8/R2nK3 w - - 0 1", &variant_pauli, pauli);
	CHECK_ALL("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &variant_randompawns, rp);
	CHECK_ALL("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &variant_randompawns_flip,
		  rp_flip);
#undef AFTER_E4_D5
}

/* ------------------------------------------------------------ variants */

/* The seed game of pawnkit-variants(7), resolved and played move by move. */
static void test_pushpawn_seed(void **state)
{
	static const char *const moves[] = { "e4", "e5", "Nf3", "d6", "d4",
					     "e4(p)" };
	struct position pos;
	(void)state;
	skip_placeholder(&variant_pushpawn);
	position_start(&pos, &variant_pushpawn);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		struct resolved r = resolve_text(&pos, moves[i], true);
		if (r.rc != 0)
			fail_msg("%s: %s", moves[i], r.err.message);
		if (i + 1 == sizeof moves / sizeof moves[0]) {
			assert_move(r.move, "e5e4", MF_PUSH);
			struct resolved bare = resolve_text(&pos, "e4", false);
			assert_int_equal(bare.rc, 1);
			assert_string_equal(bare.warn.message,
					    "missing push marker (p) (write e4(p))");
		}
		position_make(&pos, r.move);
	}
	static const struct want after[] = {
		{ "Nd2", false, -1, NULL, 0, DC_AMBIGUOUS_MOVE,
		  "ambiguous move: Nbd2 and Nfd2 both fit" },
		{ "Nfd2", false, 0, "f3d2", 0, 0, NULL },
	};
	for (size_t i = 0; i < sizeof after / sizeof after[0]; i++)
		check(&pos, &after[i]);
}

#define TANDEM_START "rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1"

#define MEMBER_NO "4k3/8/8/3t4/2P1T3/8/8/4K3 w - - 0 1"
#define MEMBER_EP "4k3/8/8/2TtP3/8/8/8/4K3 w - d6 0 1"
#define ONLY_UNIT "a tandem member cannot take a tandem, only a tandem " \
		  "moving as a unit can (did you mean "

static void test_tandem(void **state)
{
	static const struct want start[] = {
		{ "Te4", false, 0, "e2e4", MF_UNIT | MF_DOUBLE, 0, NULL },
		{ "e4", false, 0, "e2e4", MF_DOUBLE, 0, NULL },
		{ "Te2e4", false, 0, "e2e4", MF_UNIT | MF_DOUBLE, 0, NULL },
		{ "e2e4", false, 0, "e2e4", MF_DOUBLE, 0, NULL },
		{ "E4", false, 1, "e2e4", MF_UNIT | MF_DOUBLE, DC_LENIENT,
		  "tandem unit move written with a capital file (write Te4)" },
	};
	static const struct want rocket[] = {
		{ "e5^", false, 0, "e3e5", MF_ROCKET, 0, NULL },
		{ "e4", false, 0, "e3e4", 0, 0, NULL },
		{ "e5", false, 1, "e3e5", MF_ROCKET, DC_LENIENT,
		  "missing rocket marker '^' (write e5^)" },
		{ "e5", true, -1, NULL, 0, DC_LENIENT,
		  "missing rocket marker '^' (write e5^)" },
		{ "e4^", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the marker written does not fit the move to e4 (did you "
		  "mean e4?)" },
	};
	static const struct want regan[] = {
		{ "Bxc5", false, 1, "b4c5", MF_UNIT | MF_CAPTURE, DC_LENIENT,
		  "tandem unit move written with a capital file (write Txc5)" },
		{ "Txc5", false, 0, "b4c5", MF_UNIT | MF_CAPTURE, 0, NULL },
		{ "bxc5", false, 0, "b4c5", MF_CAPTURE, 0, NULL },
	};
	/* A member never takes a tandem, e.p. included: the unit move is
	 * suggested (it had been "the origin written does not fit ... (did
	 * you mean exd5?)", another pawn's capture). */
	static const struct want member_no[] = {
		{ "exd5", false, -1, NULL, 0, DC_ILLEGAL_MOVE, ONLY_UNIT "Txd5?)" },
		{ "e4d5", false, -1, NULL, 0, DC_ILLEGAL_MOVE, ONLY_UNIT "Txd5?)" },
		{ "Txd5", false, 0, "e4d5", MF_UNIT | MF_CAPTURE, 0, NULL },
		{ "cxd5", false, 0, "c4d5", MF_CAPTURE, 0, NULL },
	};
	static const struct want member_ep[] = {
		{ "cxd6", false, -1, NULL, 0, DC_ILLEGAL_MOVE, ONLY_UNIT "Txd6?)" },
		{ "c5xd6", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  ONLY_UNIT "Txd6?)" },
		{ "Txd6", false, 0, "c5d6", MF_UNIT | MF_CAPTURE | MF_EP, 0,
		  NULL },
		{ "exd6", false, 0, "e5d6", MF_CAPTURE | MF_EP, 0, NULL },
	};
	(void)state;
	skip_placeholder(&variant_tandem);
	CHECK_ALL(MEMBER_NO, &variant_tandem, member_no);
	CHECK_ALL(MEMBER_EP, &variant_tandem, member_ep);
	CHECK_ALL(TANDEM_START, &variant_tandem, start);
	CHECK_ALL("4k3/8/8/8/8/4T3/8/4K3 w - - 0 1", &variant_tandem, rocket);
	CHECK_ALL("4k3/8/8/2n5/1T6/8/8/4K3 w - - 0 1", &variant_tandem, regan);
}

#define PAULI_TWO "4k3/8/8/4(rb)3/8/5N2/8/7K w - - 0 1"

static void test_pauli(void **state)
{
	static const struct want share[] = {
		{ "Rxd1", false, 0, "a1d1", MF_CAPTURE, 0, NULL },
		{ "Rd1&", false, 0, "a1d1", MF_SHARE, 0, NULL },
		{ "Rd1", false, 1, "a1d1", MF_SHARE, DC_LENIENT,
		  "missing share marker '&' (write Rd1&)" },
		{ "Rd1", true, -1, NULL, 0, DC_LENIENT,
		  "missing share marker '&' (write Rd1&)" },
		{ "a1d1", false, 0, "a1d1", MF_CAPTURE, 0, NULL },
		{ "a1d1&", false, 0, "a1d1", MF_SHARE, 0, NULL },
	};
	static const struct want two[] = {
		{ "NxBe5", false, 0, "f3e5", MF_CAPTURE | MF_VICTIM2, 0, NULL },
		{ "NxRe5", false, 0, "f3e5", MF_CAPTURE, 0, NULL },
		{ "Nxe5", false, -1, NULL, 0, DC_AMBIGUOUS_MOVE,
		  "ambiguous move: NxRe5 and NxBe5 both fit" },
		{ "f3e5", false, -1, NULL, 0, DC_AMBIGUOUS_MOVE,
		  "ambiguous move: f3e5xR and f3e5xB both fit" },
		{ "f3e5xB", false, 0, "f3e5", MF_CAPTURE | MF_VICTIM2, 0, NULL },
		{ "Ne5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "a move without 'x' is never a capture here (did you mean "
		  "NxRe5?)" },
	};
	/* Why nothing fits, said as it is (pawnkit-variants(7)): a share captures
	 * nothing, so 'x' and '&' name two moves; taking one piece of two
	 * leaves the other on the square, and it may still give check. */
	static const struct want both[] = {
		{ "Rxd1&", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "'x' and '&' together: a share captures nothing (did you "
		  "mean Rxd1 or Rd1&?)" },
	};
	static const struct want left[] = {
		{ "NxNe5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the king is in check and the knight on f3 taking the "
		  "knight on e5 does not parry it: the bishop left there "
		  "still gives check" },
		{ "NxRe5", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "the piece named after 'x' is not on e5 (did you mean "
		  "NxBe5?)" },
		{ "NxBe5", false, 0, "f3e5", MF_CAPTURE, 0, NULL },
	};
	static const struct want opening[] = {
		{ "Nxe5&", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "'x' and '&' together: a share captures nothing (did you "
		  "mean Nxe5 or Ne5&?)" },
		{ "Ne5&", false, 0, "f3e5", MF_SHARE, 0, NULL },
	};
	/* A pawn's straight move onto a piece shares, never captures: the
	 * 'x' is what is off, not the square (it had said "nothing to
	 * capture on e3" with the knight there). */
	static const struct want straight[] = {
		{ "exe3", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "'x' does not fit the move to e3 (did you mean e3&?)" },
		{ "e3&", false, 0, "e2e3", MF_SHARE, 0, NULL },
	};
	(void)state;
	skip_placeholder(&variant_pauli);
	CHECK_ALL("4k3/8/8/8/8/8/8/R2nK3 w - - 0 1", &variant_pauli, share);
	CHECK_ALL(PAULI_TWO, &variant_pauli, two);
	CHECK_ALL("7k/8/8/8/8/8/8/K2nR3 w - - 0 1", &variant_pauli, both);
	CHECK_ALL("7k/8/8/4(bn)3/8/5N2/8/K7 w - - 0 1", &variant_pauli, left);
	CHECK_ALL("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq "
		  "- 2 3", &variant_pauli, opening);
	CHECK_ALL("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", &variant_pauli,
		  straight);
}

static void test_emap_and_randompawns(void **state)
{
	static const struct want emap[] = {
		{ "d5e6", false, 0, "d5e6", 0, 0, NULL },
		{ "d5e6x", false, 0, "d5e6", MF_CAPTURE | MF_EP, 0, NULL },
		{ "Bxe6", false, 0, "d5e6", MF_CAPTURE | MF_EP, 0, NULL },
		{ "Be6", false, 0, "d5e6", 0, 0, NULL },
	};
	static const struct want rp[] = {
		{ "de3", false, 0, "d2e3", 0, 0, NULL },
		{ "dxe3", false, -1, NULL, 0, DC_ILLEGAL_MOVE,
		  "nothing to capture on e3 (did you mean de3?)" },
	};
	(void)state;
	skip_placeholder(&variant_emap);
	skip_placeholder(&variant_randompawns);
	CHECK_ALL("4k3/8/8/3Bp3/8/8/8/4K3 w - e6 0 1", &variant_emap, emap);
	CHECK_ALL("4k3/8/8/8/8/8/3P{MMM}4/4K3 w - - 0 1", &variant_randompawns,
		  rp);
}

/* ------------------------------------------------ write, then resolve */

/* Figurine promotions ("e8=♕") need san_parse to read a glyph after '='. */
static bool parser_reads_glyph_promotion(void)
{
	struct san s;
	struct diag d;
	static const char text[] = "e8=\xE2\x99\x95";
	return san_parse(text, sizeof text - 1, &s, &d) == 0;
}

/* Every legal move, written in each notation, resolves (strictly) to
 * itself: writer and reader agree on disambiguation, markers, victims and
 * coordinate letters in every variant, along seeded random games. */
static void round_trip(const struct position *pos, move_t m, bool glyph_promo)
{
	for (int n = NOTATION_SAN; n <= NOTATION_FIGURINE; n++) {
		char text[MOVE_TEXT_MAX];
		struct san san;
		struct diag warn, err;
		move_t got;
		size_t len = move_write(pos, m, (enum notation)n, text,
					sizeof text);
		if (n == NOTATION_FIGURINE && MOVE_PROMO(m) && !glyph_promo)
			continue;
		if (san_parse(text, len, &san, &err) != 0)
			fail_msg("%s: '%s' does not parse: %s",
				 pos->variant->id, text, err.message);
		if (move_resolve(pos, &san, true, &got, &warn, &err) != 0 ||
		    got != m)
			fail_msg("%s: '%s' does not resolve to itself: %s",
				 pos->variant->id, text, err.message);
	}
}

struct round_trips {
	uint64_t seed;		/* draws the games' moves and codes */
	bool glyph_promo;
};

static bool visit_round_trips(void *ctx, const struct position *pos,
			      const struct movelist *moves, unsigned ply)
{
	const struct round_trips *rt = ctx;
	(void)ply;
	for (unsigned i = 0; i < moves->count; i++)
		round_trip(pos, moves->moves[i], rt->glyph_promo);
	return true;
}

static unsigned pick_random(void *ctx, unsigned count)
{
	struct round_trips *rt = ctx;
	return (unsigned)(xorshift64(&rt->seed) % count);
}

static void test_round_trip(void **state)
{
	size_t nv;
	const struct variant *const *all = variant_all(&nv);
	struct round_trips rt = { 0x9E3779B97F4A7C15ULL,
				  parser_reads_glyph_promotion() };
	const struct random_game g = { 80, visit_round_trips, pick_random,
				       &rt };
	(void)state;
	for (size_t v = 0; v < nv; v++)
		for (int game = 0; game < 4; game++) {
			struct position pos;
			position_start(&pos, all[v]);
			if (all[v]->needs_codes)
				randompawns_roll(&pos, xorshift64(&rt.seed));
			play_random_game(&pos, &g);
		}
}

/* ------------------------------------- standard chess by bitboards */

/* lr_resolve_standard(), the replay's first try in standard chess, only
 * ever answers as move_resolve() would without a word: strictly, the
 * same move, no warning.  Texts: each legal move's SAN and its
 * mutations (hint dropped or changed, 'x' toggled, another letter,
 * another square), along random games. */
struct bitboard_checks {
	uint64_t seed;
	unsigned asked, taken;
};

static void check_bitboards(const struct position *pos, const char *text,
			    struct bitboard_checks *bc)
{
	struct san san;
	struct diag warn, err;
	move_t quick, full;
	if (san_parse(text, strlen(text), &san, &err) != 0)
		return;
	bc->asked++;
	bool known = lr_resolve_standard(pos, &san, lr_standard_in_check(pos),
					 &quick);
	move_t unknown_move;
	if (lr_resolve_standard(pos, &san, -1, &unknown_move) != known ||
	    (known && unknown_move != quick))
		fail_msg("'%s': check state known or not, answers differ", text);
	if (!known)
		return;
	bc->taken++;
	memset(&warn, 0, sizeof warn);
	if (move_resolve(pos, &san, true, &full, &warn, &err) != 0 ||
	    full != quick || warn.message[0])
		fail_msg("'%s': bitboards give %#x, move_resolve %#x (%s%s)",
			 text, quick, full, err.message, warn.message);
}

static void mutations(const struct position *pos, const char *san,
		      struct bitboard_checks *bc)
{
	static const char letters[] = "NBRQK";
	char t[MOVE_TEXT_MAX + 4];
	size_t n = strlen(san);
	check_bitboards(pos, san, bc);
	for (size_t i = 0; i < n; i++) {
		/* Each byte left out, and each replaced by a neighbour or
		 * by a letter. */
		snprintf(t, sizeof t, "%.*s%s", (int)i, san, san + i + 1);
		check_bitboards(pos, t, bc);
		for (int d = -1; d <= 1; d += 2) {
			snprintf(t, sizeof t, "%s", san);
			t[i] = (char)(t[i] + d);
			check_bitboards(pos, t, bc);
		}
		snprintf(t, sizeof t, "%s", san);
		t[i] = letters[xorshift64(&bc->seed) % 5];
		check_bitboards(pos, t, bc);
		snprintf(t, sizeof t, "%.*sx%s", (int)i, san, san + i);
		check_bitboards(pos, t, bc);
	}
}

static bool visit_bitboards(void *ctx, const struct position *pos,
			    const struct movelist *moves, unsigned ply)
{
	(void)ply;
	for (unsigned i = 0; i < moves->count; i++) {
		char text[MOVE_TEXT_MAX];
		move_write(pos, moves->moves[i], NOTATION_SAN, text,
			   sizeof text);
		mutations(pos, text, ctx);
	}
	return true;
}

static unsigned pick_bitboards(void *ctx, unsigned count)
{
	return (unsigned)(xorshift64(&((struct bitboard_checks *)ctx)->seed) %
			  count);
}

static void test_standard_bitboards(void **state)
{
	struct bitboard_checks bc = { 0x2545F4914F6CDD1DULL, 0, 0 };
	const struct random_game g = { 120, visit_bitboards, pick_bitboards,
				       &bc };
	(void)state;
	for (int game = 0; game < 40; game++) {
		struct position pos;
		position_start(&pos, &variant_standard);
		play_random_game(&pos, &g);
	}
	/* It exists for the common case: most written moves are taken. */
	assert_true(bc.taken > bc.asked / 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_disambiguation),
		cmocka_unit_test(test_castling),
		cmocka_unit_test(test_lenient_and_strict),
		cmocka_unit_test(test_strict_keeps_move),
		cmocka_unit_test(test_en_passant),
		cmocka_unit_test(test_promotion),
		cmocka_unit_test(test_illegal_reasons),
		cmocka_unit_test(test_foreign_notation),
		cmocka_unit_test(test_pushpawn_seed),
		cmocka_unit_test(test_tandem),
		cmocka_unit_test(test_pauli),
		cmocka_unit_test(test_emap_and_randompawns),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_standard_bitboards),
	};
	return cmocka_run_group_tests_name("resolve", tests, NULL, NULL);
}
