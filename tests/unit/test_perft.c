/* Standard chess perft against published node counts: the suite in
 * tests/perft/standard.epd (the six chessprogramming-wiki positions to depth
 * 5 or more, and special cases), the shared tricky.perft collection, and a
 * checked perft that verifies the Zobrist key, the bitboards and the
 * counting generator at every node.  Run from the project root; counts over
 * a billion nodes (start position depth 7, Kiwipete and position 6 depth 6)
 * only with PAWNKIT_SLOW=1. */
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

#define SUITE "tests/perft/standard.epd"
#define TRICKY "../shared/data/perft/tricky.perft"
/* Counts above this take seconds each: only with PAWNKIT_SLOW=1. */
#define SLOW_NODES 1000000000ULL

static bool run_slow(void)
{
	const char *v = getenv("PAWNKIT_SLOW");
	return v && strcmp(v, "1") == 0;
}

static int set_fen(struct position *pos, const char *fen, struct diag *err)
{
	memset(err, 0, sizeof *err);
	return position_set_fen(pos, fen, &variant_standard, err);
}

/* Reports one mismatch; returns 1 so callers can count failures. */
static int expect_perft(const char *where, const struct position *pos,
			unsigned depth, uint64_t want)
{
	uint64_t got = perft(pos, depth);
	if (got == want)
		return 0;
	print_error("%s: perft %u = %llu, published %llu\n", where, depth,
		    (unsigned long long)got, (unsigned long long)want);
	return 1;
}

/* EPD lines "FEN ;D1 20 ;D2 400 ...". */
static void test_standard_suite(void **state)
{
	const struct epd_suite suite = {
		.path = SUITE,
		.variant = &variant_standard,
		.max_nodes = run_slow() ? 0 : SLOW_NODES,
	};
	(void)state;
	assert_true(assert_epd_suite(&suite).positions >= 7);
}

/* ------------------------------------------------------- tricky.perft */

struct tricky {
	char id[64];
	struct position pos;
	bool usable;		/* false: no position, or one we skip */
};

/* A position whose castling rights standard chess does not allow (their
 * king off the e-file, their rook off the corner) is one of the file's
 * Chess960 positions (X-FEN): its counts are checked under Chess960. */
static int tricky_start(struct tricky *t, const char *fen, unsigned lineno)
{
	struct diag err;
	t->usable = false;
	int set = set_fen(&t->pos, fen, &err);
	if (set == 1) {
		memset(&err, 0, sizeof err);
		set = position_set_fen(&t->pos, fen, &variant_chess960, &err);
		print_message("%s: Chess960 castling\n", t->id);
	}
	if (set == 0) {
		t->usable = true;
		return 0;
	}
	print_error(TRICKY ":%u: %s: %s\n", lineno, t->id, err.message);
	return 1;
}

static int tricky_line(struct tricky *t, char *line, unsigned lineno)
{
	line[strcspn(line, "\r\n")] = 0;
	if (strncmp(line, "id ", 3) == 0) {
		snprintf(t->id, sizeof t->id, "%.63s", line + 3);
		t->usable = false;
		return 0;
	}
	if (strncmp(line, "epd ", 4) == 0)
		return tricky_start(t, line + 4, lineno);
	unsigned depth;
	unsigned long long want;
	if (sscanf(line, "perft %u %llu", &depth, &want) == 2 && t->usable)
		return expect_perft(t->id, &t->pos, depth, want);
	return 0;
}

static void test_tricky_positions(void **state)
{
	(void)state;
	FILE *fp = fopen(TRICKY, "r");
	if (!fp)
		skip();
	struct tricky t = { .usable = false };
	char line[512];
	unsigned lineno = 0;
	int failures = 0;
	while (fgets(line, sizeof line, fp))
		failures += tricky_line(&t, line, ++lineno);
	fclose(fp);
	assert_int_equal(failures, 0);
}

/* ------------------------------------------------------ checked perft */

/* The counting generator agrees with the list at every node. */
static void assert_standard_count(const struct position *pos,
				  const struct movelist *list)
{
	assert_int_equal(list->count, standard_count(pos));
}

/* Perft by list generation only, checking every node on the way (the
 * bitboards as position_put would have built them from board[], and the
 * key); the last ply is counted from the list, as perft does. */
static const struct walk_checks standard_checks = {
	.bulk_leaves = true,
	.moves = assert_standard_count,
};

static void test_checked_perft(void **state)
{
	/* Published counts at depth 3 (chessprogramming wiki). */
	static const struct perft_case cases[] = {
		{ "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8902 },
		{ "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
		{ "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812 },
		{ "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467 },
		{ "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379 },
		{ "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890 },
	};
	(void)state;
	assert_perft_cases(cases, sizeof cases / sizeof cases[0],
			   &variant_standard, &standard_checks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checked_perft),
		cmocka_unit_test(test_standard_suite),
		cmocka_unit_test(test_tricky_positions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
