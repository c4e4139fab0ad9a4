/* standard_generate_to() against standard_generate(): over the perft suite
 * positions and random playouts from them, for every mover type and every
 * destination, the targeted list must hold exactly the full list's moves
 * with that mover and destination; lr_standard_has_move(),
 * lr_standard_in_check() and lr_standard_gives_check() must agree with the
 * full generator and the attack test.  Then move_resolve() with the hook and
 * without it (a copy of the standard table with generate_to NULL) must
 * answer every text alike: the SAN of every legal move, written plainly,
 * without its check mark, with full coordinates, and every "piece letter +
 * square" text, legal or not, with the same move, code and message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../librules/internal.h"
#include "support.h"

#define SUITE "tests/perft/standard.epd"
#define PLAYOUTS 4
#define PLAYOUT_PLIES 100
/* move_resolve is compared at every RESOLVE_EVERY-th ply (it is slow). */
#define RESOLVE_EVERY 8

static const char *const builtin_fens[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
	"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
	/* Mates, stalemates and checks that only a block or a capture, or
	 * only en passant, parries. */
	"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
	"k7/8/1QK5/8/8/8/8/8 b - - 0 1",
	"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1",
	"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
	"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3r2K1 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/1R1r2K1 w - - 0 1",
};

static void fen_of(const struct position *pos, char *buf)
{
	position_to_fen(pos, buf, FEN_MAX);
}

/* The full list's moves of one mover type onto one square from one of
 * the origins, sorted. */
static unsigned full_subset(const struct position *pos,
			    const struct movelist *all, int type, int to,
			    uint64_t from, move_t *out)
{
	unsigned n = 0;
	for (unsigned i = 0; i < all->count; i++) {
		move_t m = all->moves[i];
		if (MOVE_TO(m) == to && (from & BB(MOVE_FROM(m))) &&
		    PIECE_TYPE(pos->board[MOVE_FROM(m)]) == type)
			out[n++] = m;
	}
	qsort(out, n, sizeof *out, move_cmp);
	return n;
}

/* Every origin; each file, each rank (the SAN hints). */
static uint64_t origin_mask(int i)
{
	if (i == 0)
		return ~0ULL;
	if (i <= 8)
		return FILE_A_BB << (i - 1);
	return RANK_1_BB << (8 * (i - 9));
}

/* All origins, one file and one rank (which ones varies with salt). */
static void compare_lists(const struct position *pos, int salt)
{
	struct movelist all, some;
	move_t want[MOVELIST_MAX];
	char fen[FEN_MAX];
	position_legal_moves(pos, &all);
	for (int type = PAWN; type <= KING; type++)
		for (int to = 0; to < 64; to++)
		for (int i = 0; i < 3; i++) {
			uint64_t from = origin_mask(i ? i * 8 - 7 + salt % 8 : 0);
			unsigned n = full_subset(pos, &all, type, to, from, want);
			some.count = 0;
			standard_generate_to(pos, type, to, from, &some);
			qsort(some.moves, some.count, sizeof some.moves[0],
			      move_cmp);
			if (some.count == n && !memcmp(some.moves, want,
						       n * sizeof want[0]))
				continue;
			fen_of(pos, fen);
			fail_msg("%s: type %d to %d from %#llx: %u targeted, "
				 "%u full", fen, type, to,
				 (unsigned long long)from, some.count, n);
		}
}

/* ----------------------------------------------------- move_resolve */

struct answer {
	int rc;
	move_t move;
	char warn[DIAG_MESSAGE_MAX], err[DIAG_MESSAGE_MAX];
	enum diag_code code;
};

static struct answer answer(const struct position *pos, const struct san *s,
			    bool strict)
{
	struct answer a;
	struct diag warn, err;
	memset(&a, 0, sizeof a);
	memset(&warn, 0, sizeof warn);
	memset(&err, 0, sizeof err);
	a.rc = move_resolve(pos, s, strict, &a.move, &warn, &err);
	memcpy(a.warn, warn.message, sizeof a.warn);
	memcpy(a.err, err.message, sizeof a.err);
	a.code = a.rc < 0 ? err.code : warn.code;
	return a;
}

static void compare_text(const struct position *pos,
			 const struct variant *plain, const char *text)
{
	struct san san;
	struct diag err;
	memset(&err, 0, sizeof err);
	if (san_parse(text, strlen(text), &san, &err) != 0)
		return;
	struct position other = *pos;
	other.variant = plain;
	for (int strict = 0; strict < 2; strict++) {
		struct answer a = answer(pos, &san, strict);
		struct answer b = answer(&other, &san, strict);
		if (a.rc == b.rc && a.move == b.move && a.code == b.code &&
		    !strcmp(a.warn, b.warn) && !strcmp(a.err, b.err))
			continue;
		char fen[FEN_MAX];
		fen_of(pos, fen);
		fail_msg("%s: '%s': hook rc %d %#x '%s%s', full rc %d %#x "
			 "'%s%s'", fen, text, a.rc, a.move, a.warn, a.err, b.rc,
			 b.move, b.warn, b.err);
	}
}

static void compare_resolve(const struct position *pos,
			    const struct variant *plain)
{
	static const char letters[] = "PNBRQK";
	struct movelist all;
	char text[MOVE_TEXT_MAX + 8], sq[3];
	position_legal_moves(pos, &all);
	for (unsigned i = 0; i < all.count; i++) {
		size_t n = move_write(pos, all.moves[i], NOTATION_SAN, text,
				      sizeof text);
		compare_text(pos, plain, text);
		while (n > 0 && (text[n - 1] == '+' || text[n - 1] == '#'))
			text[--n] = 0;
		compare_text(pos, plain, text);
		move_write(pos, all.moves[i], NOTATION_UCI, text, sizeof text);
		compare_text(pos, plain, text);
	}
	for (int to = 0; to < 64; to++) {
		square_name(to, sq);
		for (const char *l = letters; *l; l++) {
			snprintf(text, sizeof text, "%c%s", *l, sq);
			compare_text(pos, plain, text);
			snprintf(text, sizeof text, "%cx%s", *l, sq);
			compare_text(pos, plain, text);
		}
		compare_text(pos, plain, sq);
	}
	compare_text(pos, plain, "O-O");
	compare_text(pos, plain, "O-O-O");
}

/* ---------------------------------------------------------- driver */

static void check_position(const struct position *pos,
			   const struct variant *plain, int ply)
{
	char fen[FEN_MAX];
	if (lr_standard_has_move(pos) != (standard_count(pos) > 0)) {
		fen_of(pos, fen);
		fail_msg("%s: lr_standard_has_move() and standard_count() "
			 "differ", fen);
	}
	if (lr_standard_in_check(pos) !=
	    standard_attacked(pos, position_king(pos, pos->side),
			      pos->side ^ 1)) {
		fen_of(pos, fen);
		fail_msg("%s: lr_standard_in_check() is wrong", fen);
	}
	compare_lists(pos, ply);
	if (ply % RESOLVE_EVERY == 0)
		compare_resolve(pos, plain);
}

/* lr_standard_gives_check() after every legal move. */
static void check_gives_check(const struct position *pos,
			      const struct movelist *l)
{
	for (unsigned i = 0; i < l->count; i++) {
		struct position after = *pos;
		position_make(&after, l->moves[i]);
		if (lr_standard_gives_check(&after, l->moves[i]) ==
		    lr_standard_in_check(&after))
			continue;
		char fen[FEN_MAX];
		fen_of(pos, fen);
		fail_msg("%s: move %#x: gives check wrong", fen, l->moves[i]);
	}
}

/* The position and a playout from it, checking every position met. */
static void check_from(const char *fen, uint64_t *seed,
		       const struct variant *plain)
{
	struct position start, pos;
	load_fen(&start, fen, &variant_standard);
	check_position(&start, plain, 0);
	for (int game = 0; game < PLAYOUTS; game++) {
		pos = start;
		for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
			struct movelist l;
			position_legal_moves(&pos, &l);
			if (!l.count)
				break;
			check_gives_check(&pos, &l);
			position_make(&pos,
				      l.moves[xorshift64(seed) % l.count]);
			check_position(&pos, plain, ply + 1);
		}
	}
}

static void test_against_full(void **state)
{
	(void)state;
	struct variant plain = variant_standard;
	uint64_t seed = 0x9E3779B97F4A7C15ULL;
	plain.generate_to = NULL;
	for (size_t i = 0; i < sizeof builtin_fens / sizeof builtin_fens[0]; i++)
		check_from(builtin_fens[i], &seed, &plain);
	struct epd_reader r;
	struct epd_line l;
	if (!epd_open(&r, SUITE))
		return;
	while (epd_next(&r, &l))
		check_from(l.fen, &seed, &plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_against_full),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
