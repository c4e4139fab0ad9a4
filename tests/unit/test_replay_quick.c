/* The replay's fast path against the general replay.
 *
 * lr_game_replay_quick() may only confirm: whenever it takes a game, the
 * general replay of the same game read with its tree must report nothing
 * and end in the same place (plies, final position, game end).  It must
 * also take the games it exists for (plain, correct ones), and decline
 * the ones with something to report; and show a visitor what the general
 * replay shows it.  Random legal games, written in SAN with the right
 * marks, then mutated one token at a time, test all of it. */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "support.h"
#include "../../librules/internal.h"
#include "../replay_trace.h"

/* The general replay, from the tree, never by the fast path. */
static const struct replay_opts full_opts = { .full_replay = true };

struct counted {
	unsigned diags;
};

static void count_diag(void *ctx, const struct diag *d)
{
	(void)d;
	((struct counted *)ctx)->diags++;
}

/* What both replays made of one text. */
struct verdict {
	bool quick;			/* the fast path took it */
	unsigned full_diags;		/* the general replay's reports */
	struct replay_result fast, full;
	/* The fast path without a visitor (pgn-validate's): its loop keeps
	 * no keys and works out the repetition test's at the end. */
	bool plain_quick;
	struct replay_result plain;
	struct replay_trace fast_seen, full_seen;	/* by their visitors */
};

static struct verdict judge(const char *pgn)
{
	static const struct replay_opts opts = { 0 };
	struct verdict v = { 0 };
	struct pgn_reader_opts lazy_opts = { .tags_only = true };
	struct pgn_reader *lazy = pgn_reader_from_memory("t", pgn, strlen(pgn),
							 &lazy_opts);
	struct pgn_reader *full = pgn_reader_from_memory("t", pgn, strlen(pgn),
							 NULL);
	struct pgn_game a, b, again;
	struct diag err;
	struct counted c = { 0 };
	pgn_game_init(&a);
	pgn_game_init(&b);
	pgn_game_init(&again);
	assert_int_equal(pgn_reader_next(lazy, &a, NULL, NULL, &err), 1);
	assert_int_equal(pgn_reader_next(full, &b, NULL, NULL, &err), 1);
	assert_null(a.moves.first);
	struct replay_visitor fast_vis = replay_tracer(&v.fast_seen);
	struct replay_visitor full_vis = replay_tracer(&v.full_seen);
	v.quick = lr_game_replay_quick(&a, &opts, &fast_vis, &v.fast);
	v.plain_quick = lr_game_replay_quick(&a, &opts, NULL, &v.plain);
	/* Read with its tree (as pgn-convert reads), the same. */
	struct replay_trace tree_seen;
	struct replay_visitor tree_vis = replay_tracer(&tree_seen);
	struct replay_result tree_fast;
	assert_true(lr_game_replay_quick(&b, &opts, &tree_vis, &tree_fast) ==
		    v.quick);
	if (v.quick) {
		assert_true(tree_fast.final.key == v.fast.final.key);
		assert_true(tree_seen.hash == v.fast_seen.hash);
	}
	game_replay(&b, &full_opts, &full_vis, count_diag, &c, &v.full);
	v.full_diags = c.diags;
	/* The tree read again from the lazy game's bytes replays alike. */
	struct replay_result re;
	struct counted c2 = { 0 };
	assert_int_equal(pgn_game_read_tree(&a, &again, NULL), 0);
	assert_int_equal(again.index, b.index);
	game_replay(&again, &full_opts, NULL, count_diag, &c2, &re);
	assert_int_equal(c2.diags, c.diags);
	assert_int_equal(re.plies, v.full.plies);
	assert_true(re.final.key == v.full.final.key);
	/* The one entry on the tags-only game: the fast path, else the tree
	 * read into the game itself, as the full reader read it. */
	struct counted c3 = { 0 };
	assert_int_equal(game_replay(&a, &opts, NULL, count_diag, &c3, &re),
			 v.full.errors != 0);
	assert_int_equal(c3.diags, c.diags);
	assert_int_equal(re.plies, v.full.plies);
	assert_true(re.final.key == v.full.final.key);
	assert_true(a.index == b.index && a.ntags == b.ntags &&
		    a.flags == b.flags && a.raw_len == b.raw_len);
	assert_true(a.start.line == b.start.line && a.start.col == b.start.col);
	assert_true((a.moves.first != NULL) == (!v.quick && b.moves.first));
	pgn_game_release(&a);
	pgn_game_release(&b);
	pgn_game_release(&again);
	pgn_reader_close(lazy);
	pgn_reader_close(full);
	return v;
}

/* The fast path's one promise. */
static void assert_agrees(const char *pgn, const struct verdict *v)
{
	if (!v->quick)
		return;
	if (v->full_diags != 0)
		fail_msg("fast path took a game the full replay reports "
			 "(%u diagnostics):\n%s", v->full_diags, pgn);
	assert_int_equal(v->fast.plies, v->full.plies);
	assert_true(v->fast.plies_complete == v->full.plies_complete);
	assert_int_equal(v->fast.end, v->full.end);
	assert_true(v->fast.final.key == v->full.final.key);
	assert_int_equal(v->fast.final.halfmove, v->full.final.halfmove);
	assert_int_equal(v->fast.final.fullmove, v->full.final.fullmove);
	/* Without a visitor, the same. */
	assert_true(v->plain_quick);
	assert_int_equal(v->plain.plies, v->full.plies);
	assert_int_equal(v->plain.end, v->full.end);
	assert_true(v->plain.final.key == v->full.final.key);
	assert_int_equal(v->plain.final.halfmove, v->full.final.halfmove);
	assert_int_equal(v->plain.final.fullmove, v->full.final.fullmove);
	assert_int_equal(v->plain.final.castling, v->full.final.castling);
	/* Its visitor saw what the general replay's saw. */
	assert_int_equal(v->fast_seen.moves, v->full_seen.moves);
	assert_true(v->fast_seen.hash == v->full_seen.hash);
}

static struct verdict check(const char *pgn)
{
	struct verdict v = judge(pgn);
	if (v.plain_quick != v.quick)
		fail_msg("fast path %s the game only with a visitor:\n%s",
			 v.quick ? "took" : "declined", pgn);
	assert_agrees(pgn, &v);
	return v;
}

#define ROSTER "[Event \"e\"]\n[Site \"s\"]\n[Date \"2026.01.01\"]\n" \
	       "[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n"

static void expect(const char *result, const char *movetext, bool quick)
{
	char pgn[4096];
	snprintf(pgn, sizeof pgn, ROSTER "[Result \"%s\"]\n\n%s\n", result,
		 movetext);
	struct verdict v = check(pgn);
	if (v.quick != quick)
		fail_msg("fast path %s:\n%s", quick ? "declined" : "took", pgn);
}

static void test_takes_plain_games(void **state)
{
	(void)state;
	expect("*", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", true);
	expect("1-0", "1. e4 {a comment} e5 $1 2. Qh5!? Nc6 3. Bc4 Nf6?? "
	       "4. Qxf7# 1-0", true);
	expect("*", "1.d4 d5 2.c4 dxc4 3.e4 b5 4.a4 c6 5.axb5 cxb5 "
	       "6.Nc3 a6 7.Nf3 Bb7 8.Be2 e6 9.O-O Nf6 *", true);
	/* En passant, castling long, promotion with capture and check. */
	expect("*", "1. e4 Nf6 2. e5 d5 3. exd6 Qxd6 4. d4 Bf5 5. Nc3 Nc6 "
	       "6. Be3 O-O-O *", true);
	expect("*", "1. h4 g5 2. hxg5 h6 3. gxh6 Bg7 4. hxg7 Nf6 "
	       "5. gxh8=Q+ Ng8 *", true);
	/* Over-specified origin is exact too (as for the full replay). */
	expect("*", "1. e4 e5 2. Ngf3 Nbc6 3. Bfb5 *", true);
	/* ; comments and the marker's own line. */
	expect("*", "1. e4 ; rest of line\ne5 *", true);
	/* From a FEN, Black to move, at move 60: the visitor's plies count
	 * as the move numbers do (the fuzzer found them counted from 1). */
	struct verdict v = check(ROSTER "[Result \"*\"]\n[SetUp \"1\"]\n"
				 "[FEN \"8/8/8/4k3/8/8/8/R3K3 b - - 90 60\"]\n\n"
				 "60... Kd5 61. Ra2 Ke4 *\n");
	assert_true(v.quick);
}

static void test_declines_what_needs_words(void **state)
{
	(void)state;
	expect("*", "1. e4 e5 2. Nf3 (2. Nc3) Nc6 *", false);	/* variation */
	expect("*", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *", false); /* no # */
	expect("*", "1. e4+ e5 *", false);			/* wrong + */
	expect("*", "1. e4 d5 2. ed5 *", false);		/* no x */
	expect("*", "1. e4 d5 2. exd5 Qd5 *", false);		/* no x */
	expect("*", "1. Nf3 d5 2. Nc3 d4 3. Nd5 Nf6 4. Ne5 Nc6 5. Nc4 *",
	       true);
	expect("*", "1. Nf3 d5 2. Nc3 e5 3. Ne4 Nf6 4. Nd2 *", false); /* ambiguous */
	expect("*", "1. e4 e5 2. Ke3 *", false);		/* illegal */
	expect("*", "1. e4 e5 2. 0-0 *", false);		/* lenient zeros */
	expect("*", "1. e4 -- 2. d4 *", false);		/* null move */
	expect("1-0", "1. e4 e5 0-1", false);			/* tag vs marker */
	expect("*", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *", false);
	expect("*", "1. e4 e5 2. f8=Q *", false);		/* nonsense */
	expect("*", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 "
	       "6. d4 Bg4 7. dxe5 Qxd1 8. Rxd1 fxe5 9. Rd8+ Kxd8 *", true);
	expect("*", "1. e4 d5 2. Bb5+ c6 3. Bxc6+ Nxc6 4. d3 Qa5+ 5. Nc3 "
	       "Qxc3+ 6. bxc3 *", true);
	/* A pinned knight may not move: the full replay says why. */
	expect("*", "1. e4 e5 2. Nc3 Bb4 3. Nd5 *", true);
	expect("*", "1. d4 e5 2. Nd2 Bb4 3. Nb3 *", false);
	/* A [PawnTypes] tag has no meaning in standard chess: a warning.
	 * Another tag of its first letter is nothing to say. */
	struct verdict v = check(ROSTER "[Result \"*\"]\n[PawnTypes \"a2=6\"]"
				 "\n\n1. e4 *\n");
	assert_false(v.quick);
	assert_int_equal(v.full_diags, 1);
	assert_true(check(ROSTER "[Result \"*\"]\n[PlyCount \"1\"]\n\n"
			  "1. e4 *\n").quick);
	/* An en-passant capture with its suffix, glued or apart: the fast
	 * path leaves it to the general replay, which takes the move with
	 * its one lenient warning and goes on to the end. */
	static const char *const ep[] = { "exd6ep", "exd6e.p.", "exd6 e.p.",
					  "exd6 ep", "exd6! ep", "e5d6ep" };
	for (size_t i = 0; i < sizeof ep / sizeof *ep; i++) {
		char pgn[512];
		snprintf(pgn, sizeof pgn, ROSTER "[Result \"*\"]\n\n1. e4 Nf6 "
			 "2. e5 d5 3. %s Qxd6 4. d4 *\n", ep[i]);
		v = check(pgn);
		assert_false(v.quick);
		assert_int_equal(v.full_diags, 1);
		assert_int_equal(v.full.plies, 7);
	}
}

/* ------------------------------------------------ repetition at the end */

/* A game of movetext (and result '*'), from fen when there is one. */
static void game_text(char *pgn, size_t size, const char *fen,
		      const char *movetext)
{
	if (fen)
		snprintf(pgn, size, ROSTER "[Result \"*\"]\n[SetUp \"1\"]\n"
			 "[FEN \"%s\"]\n\n%s *\n", fen, movetext);
	else
		snprintf(pgn, size, ROSTER "[Result \"*\"]\n\n%s *\n", movetext);
}

/* How a game taken by the fast path ends, both ways agreeing. */
static enum game_end ending(const char *fen, const char *movetext)
{
	char pgn[4096];
	game_text(pgn, sizeof pgn, fen, movetext);
	struct verdict v = check(pgn);
	if (!v.quick)
		fail_msg("fast path declined:\n%s", pgn);
	return v.plain.end;
}

/* The keys of the positions since the last capture or pawn move, which
 * the loop without a visitor works out backwards at the end: a third
 * occurrence counts only when the castling rights and the e.p. square
 * are the same too (the keys hold both). */
static void test_repetition_at_the_end(void **state)
{
	(void)state;
	/* The start position three times: the span reaches the start. */
	assert_int_equal(ending(NULL, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 "
				"4. Ng1 Ng8"), GE_REPETITION);
	/* Twice only. */
	assert_int_equal(ending(NULL, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 "
				"4. Ng1"), GE_NONE);
	/* After 1...e5 the e.p. square e6 is set: that position is not the
	 * one after 3...Ng8 and 5...Ng8, so twice only; once more, three. */
	assert_int_equal(ending(NULL, "1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 "
				"4. Nf3 Nf6 5. Ng1 Ng8"), GE_NONE);
	assert_int_equal(ending(NULL, "1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 "
				"4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 Nf6 7. Ng1 Ng8"),
			 GE_REPETITION);
	/* The kings' first steps lose the castling rights: the board after
	 * 3...Ke8 is the one after 1...e5, the rights are not. */
	assert_int_equal(ending(NULL, "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 "
				"4. Ke2 Ke7 5. Ke1 Ke8"), GE_NONE);
	assert_int_equal(ending(NULL, "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 "
				"4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7"),
			 GE_REPETITION);
	/* The rooks' steps lose two rights: the start position's board
	 * comes back after 4...Ng8 and 6...Ng8, its rights do not. */
	assert_int_equal(ending(NULL, "1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 "
				"4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8"), GE_NONE);
	assert_int_equal(ending(NULL, "1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 "
				"4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 "
				"8. Ng1 Ng8"), GE_REPETITION);
	/* Castling inside the span: king and rook go back together.  The
	 * position after 4. O-O comes back after 6. Rf1 and 8. Rf1. */
	assert_int_equal(ending(NULL, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 "
				"4. O-O Nf6 5. Re1 Ng8 6. Rf1 Nf6 7. Re1 Ng8 "
				"8. Rf1"), GE_REPETITION);
	assert_int_equal(ending(NULL, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 "
				"4. O-O Nf6 5. Re1 Ng8 6. Rf1"), GE_NONE);
	/* From a FEN whose clock already runs: the start counts. */
	assert_int_equal(ending("4k3/8/8/8/8/8/8/R3K3 w - - 10 40",
				"40. Ra2 Ke7 41. Ra1 Ke8 42. Ra2 Ke7 "
				"43. Ra1 Ke8"), GE_REPETITION);
	/* A FEN with an e.p. square: its position comes back without. */
	assert_int_equal(ending("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/"
				"RNBQKBNR w KQkq e6 0 2",
				"2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8"),
			 GE_NONE);
	/* A capture ends the span: what came before it does not count. */
	assert_int_equal(ending(NULL, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 "
				"4. Ng1 Ng8 5. e4 d5 6. exd5 Qxd5 7. Nf3 Qd8 "
				"8. Ng1 Qd5 9. Nf3 Qd8 10. Ng1 Qd5"),
			 GE_REPETITION);
}

/* ------------------------------------------------- automatic draws */

/* The general replay's reports for a game from fen (NULL: the start),
 * the fast path agreeing when it takes the game, which it must not when
 * there is anything to say. */
static unsigned draw_diags(const char *fen, const char *result,
			   const char *movetext)
{
	char pgn[4096];
	if (fen)
		snprintf(pgn, sizeof pgn, ROSTER "[Result \"%s\"]\n"
			 "[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s %s\n", result, fen,
			 movetext, result);
	else
		snprintf(pgn, sizeof pgn, ROSTER "[Result \"%s\"]\n\n%s %s\n",
			 result, movetext, result);
	struct verdict v = check(pgn);
	if (v.quick && v.full_diags)
		fail_msg("fast path took a game with reports:\n%s", pgn);
	return v.full_diags;
}

#define SHUFFLE_4 "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 "
#define SHUFFLE_8 SHUFFLE_4 "5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "

/* FIDE 9.6: a fifth occurrence, or 75 moves of each side without a
 * capture or pawn move, ends the game drawn; 5.2.2: so does a dead
 * position.  A move after such a draw, and a result other than the
 * draw, are reported (as warnings), by either path. */
static void test_automatic_draws(void **state)
{
	(void)state;
	/* The start position five times (after 8...Ng8), then moves. */
	assert_int_equal(draw_diags(NULL, "1/2-1/2", SHUFFLE_8 "9. e4"), 1);
	assert_int_equal(draw_diags(NULL, "1-0", SHUFFLE_8 "9. Nf3"), 2);
	/* Ended right there, drawn: nothing to say. */
	assert_int_equal(draw_diags(NULL, "1/2-1/2", SHUFFLE_8), 0);
	assert_int_equal(draw_diags(NULL, "0-1", SHUFFLE_8), 1);
	/* Four times only, then a pawn move and two more rounds: the
	 * capture or pawn move closes the span, the count starts again. */
	assert_int_equal(draw_diags(NULL, "*", SHUFFLE_4 "5. Nf3 Nf6 "
				    "6. Ng1 Ng8 7. e4 e5 8. Nf3 Nf6 9. Ng1 Ng8 "
				    "10. Nf3 Nf6 11. Ng1 Ng8"), 0);
	/* A span of 16 plies with the start position three times: the
	 * fast path looks at it before 9. e4 and takes the game. */
	expect("*", SHUFFLE_4 "5. Nc3 Nc6 6. Nb5 Nb4 7. Nc3 Nc6 8. Nb5 Nb4 "
	       "9. e4 *", true);
	/* The clock at 140 plies: after ten more, 75 moves (9.6.2). */
	static const char *const rook = "4k3/8/8/8/8/8/8/R3K3 w - - 140 80";
	static const char *const ten = "80. Ra2 Ke7 81. Ra3 Ke8 82. Ra4 Ke7 "
				       "83. Ra5 Ke8 84. Ra6 Ke7";
	assert_int_equal(draw_diags(rook, "1/2-1/2", ten), 0);
	assert_int_equal(draw_diags(rook, "1/2-1/2", "80. Ra2 Ke7 81. Ra3 Ke8 "
				    "82. Ra4 Ke7 83. Ra5 Ke8 84. Ra6 Ke7 "
				    "85. Ra7+ Kd6"), 1);
	assert_int_equal(draw_diags(rook, "*", ten), 1);
	/* Unless the 150th ply mates. */
	assert_int_equal(draw_diags("k7/8/1K6/8/8/8/8/7R w - - 149 100",
				    "1-0", "100. Rh8#"), 0);
	/* Dead positions: bare kings; king and bishop against king. */
	assert_int_equal(draw_diags("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1-0",
				    "1. Kd2 Kd7"), 1);
	assert_int_equal(draw_diags("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
				    "1/2-1/2", "1. Kd2 Kd7"), 0);
	/* King and two knights is no dead position (a mate can be helped). */
	assert_int_equal(draw_diags("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "1-0",
				    "1. Kd2 Kd7"), 0);
}

/* --------------------------------------------------- random games */

struct game_text {
	char text[16384];
	size_t n;
	uint64_t rng;
};

static unsigned pick(void *ctx, unsigned count)
{
	struct game_text *t = ctx;
	return (unsigned)(xorshift64(&t->rng) % count);
}

/* A random legal game in SAN with its right marks; returns the result
 * its end forces ("*" when it forces none). */
static const char *random_game_text(uint64_t seed, struct game_text *t,
				    char moves[][MOVE_TEXT_MAX], unsigned *n)
{
	struct position pos;
	struct movelist list;
	position_start(&pos, &variant_standard);
	t->rng = seed;
	*n = 0;
	for (unsigned ply = 0; ply < 160; ply++) {
		position_legal_moves(&pos, &list);
		if (!list.count)
			break;
		move_t m = list.moves[pick(t, list.count)];
		move_write(&pos, m, NOTATION_SAN, moves[*n], MOVE_TEXT_MAX);
		(*n)++;
		position_make(&pos, m);
	}
	switch (position_state(&pos)) {
	case PS_CHECKMATE: return pos.side == WHITE ? "0-1" : "1-0";
	case PS_STALEMATE: return "1/2-1/2";
	default: return "*";
	}
}

static void write_game(struct game_text *t, char moves[][MOVE_TEXT_MAX],
		       unsigned n, const char *result)
{
	t->n = (size_t)snprintf(t->text, sizeof t->text,
				ROSTER "[Result \"%s\"]\n\n", result);
	for (unsigned i = 0; i < n && t->n < sizeof t->text - 64; i++) {
		if (i % 2 == 0)
			t->n += (size_t)snprintf(t->text + t->n,
						 sizeof t->text - t->n, "%u. ",
						 i / 2 + 1);
		t->n += (size_t)snprintf(t->text + t->n, sizeof t->text - t->n,
					 "%s%s", moves[i],
					 (i % 7 == 6) ? "\n" : " ");
	}
	snprintf(t->text + t->n, sizeof t->text - t->n, "%s\n", result);
}

/* One token changed the way a real file gets it wrong (or only odd). */
static void mutate(char *tok, uint64_t *rng)
{
	size_t n = strlen(tok);
	char *x = strchr(tok, 'x');
	char *mark = strpbrk(tok, "+#");
	switch (xorshift64(rng) % 8) {
	case 0:		/* drop the check mark */
		if (mark)
			*mark = 0;
		break;
	case 1:		/* add one */
		if (!mark && n + 1 < MOVE_TEXT_MAX)
			strcat(tok, "+");
		break;
	case 2:		/* drop the 'x' */
		if (x)
			memmove(x, x + 1, strlen(x));
		break;
	case 3:		/* another piece letter */
		if (strchr("NBRQK", tok[0]))
			tok[0] = "NBRQK"[xorshift64(rng) % 5];
		break;
	case 4:		/* another destination file */
		for (size_t i = n; i-- > 0;)
			if (tok[i] >= '1' && tok[i] <= '8' && i > 0) {
				tok[i - 1] = (char)('a' + xorshift64(rng) % 8);
				break;
			}
		break;
	case 5:		/* '#' for '+' and back */
		if (mark)
			*mark = *mark == '+' ? '#' : '+';
		break;
	case 6:		/* an origin file (over-specified or wrong) */
		if (strchr("NBRQ", tok[0]) && n + 1 < MOVE_TEXT_MAX) {
			memmove(tok + 2, tok + 1, n);
			tok[1] = (char)('a' + xorshift64(rng) % 8);
		}
		break;
	default:	/* lenient castling, if any */
		if (!strncmp(tok, "O-O", 3))
			for (char *p = tok; *p; p++)
				if (*p == 'O')
					*p = '0';
		break;
	}
}

static void test_random_games_agree(void **state)
{
	(void)state;
	static char moves[200][MOVE_TEXT_MAX];
	static struct game_text t;
	unsigned taken = 0, mutated_taken = 0, mutants = 0;
	uint64_t rng = 0x9e3779b97f4a7c15ULL;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		unsigned n;
		const char *result = random_game_text(seed * 7919, &t, moves,
						      &n);
		write_game(&t, moves, n, result);
		struct verdict v = check(t.text);
		if (!v.quick)
			fail_msg("fast path declined a plain legal game:\n%s",
				 t.text);
		taken++;
		/* Now wrong (or odd) one token at a time. */
		for (int k = 0; k < 6 && n; k++) {
			static char copy[200][MOVE_TEXT_MAX];
			memcpy(copy, moves, sizeof copy);
			unsigned i = (unsigned)(xorshift64(&rng) % n);
			mutate(copy[i], &rng);
			write_game(&t, copy, n, result);
			v = check(t.text);
			mutants++;
			mutated_taken += v.quick;
		}
	}
	assert_int_equal(taken, 300);
	/* Some mutations are harmless (an over-specified origin): the fast
	 * path takes those, and declines the rest. */
	assert_true(mutated_taken > 0 && mutated_taken < mutants);
}

/* ---------------------------------------------------- move numbers */

/* What the general replay says of a game from fen (NULL: the start)
 * whose movetext is then closed with '*': up to four diagnostics kept,
 * all counted.  The fast path may take the game only when nothing is
 * said, and must when nothing is said of a plain one (without
 * variations: all but a few below). */
struct said {
	unsigned n;
	struct diag d[4];
};

static void keep_diag(void *ctx, const struct diag *d)
{
	struct said *s = ctx;
	if (s->n < 4)
		s->d[s->n] = *d;
	s->n++;
}

static struct said numbers_said(const char *fen, const char *movetext)
{
	char pgn[4096];
	game_text(pgn, sizeof pgn, fen, movetext);
	struct verdict v = check(pgn);
	struct said s = { 0 };
	struct pgn_reader *r = pgn_reader_from_memory("t", pgn, strlen(pgn),
						      NULL);
	struct pgn_game g;
	struct diag err;
	struct replay_result res;
	pgn_game_init(&g);
	assert_int_equal(pgn_reader_next(r, &g, NULL, NULL, &err), 1);
	game_replay(&g, &full_opts, NULL, keep_diag, &s, &res);
	pgn_game_release(&g);
	pgn_reader_close(r);
	if (v.quick == (s.n != 0) && !strchr(movetext, '('))
		fail_msg("fast path %s a game with %u diagnostics:\n%s",
			 v.quick ? "took" : "declined", s.n, pgn);
	return s;
}

/* One move-number warning: where, about which move, what it says. */
static void assert_number_diag(const struct diag *d, uint32_t col,
			       const char *move, const char *path,
			       const char *message)
{
	assert_int_equal(d->severity, DIAG_WARNING);
	assert_int_equal(d->code, DC_MOVE_NUMBER);
	assert_string_equal(diag_code_name(d->code), "move-number");
	assert_int_equal(d->col, col);
	assert_string_equal(d->move, move);
	assert_string_equal(d->path, path);
	assert_string_equal(d->message, message);
}

/* A move number must be the fullmove number of the position where it
 * stands, whichever its dots; the fast path compares it as it reads it
 * and gives up on a wrong one, and the general replay warns. */
static void test_move_numbers(void **state)
{
	(void)state;
	struct said s = numbers_said(NULL, "1. e4 e5 5. Nf3 Nc6");
	assert_int_equal(s.n, 1);
	assert_number_diag(&s.d[0], 10, "2.Nf3", "",
			   "move number 5, but this is move 2 (expected \"2.\")");
	assert_int_equal(s.d[0].line, 9);
	assert_int_equal(s.d[0].ply, 3);
	s = numbers_said(NULL, "1. e4 e5 2. Nf3 3... Nc6");
	assert_int_equal(s.n, 1);
	assert_number_diag(&s.d[0], 17, "2...Nc6", "", "move number 3, but "
			   "this is move 2 (expected \"2...\")");
	/* Glued to the move; a number of several digits. */
	assert_int_equal(numbers_said(NULL, "1.e4 e5 3.Nf3").n, 1);
	assert_int_equal(numbers_said(NULL, "1.e4 e5 2.Nf3").n, 0);
	assert_int_equal(numbers_said(NULL, "10. e4").n, 1);
	assert_int_equal(numbers_said(NULL, "0. e4").n, 1);
	assert_int_equal(numbers_said(NULL, "01. e4").n, 0);
	/* Only the number counts, not the dots. */
	assert_int_equal(numbers_said(NULL, "1. e4 1. e5 2... Nf3").n, 0);
	assert_int_equal(numbers_said(NULL, "1... e4 e5 2. Nf3 {c} 2. Nc6").n,
			 0);
	/* Before the termination marker, with no move to go with. */
	assert_int_equal(numbers_said(NULL, "1. e4 e5 2.").n, 0);
	s = numbers_said(NULL, "1. e4 e5 3.");
	assert_int_equal(s.n, 1);
	assert_number_diag(&s.d[0], 10, "", "",
			   "move number 3, but this is move 2 (expected \"2.\")");
	/* From a FEN: its fullmove number, not 1. */
	static const char *const rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 20";
	assert_int_equal(numbers_said(rook, "20. Ra2 Ke7 21. Ra3").n, 0);
	assert_int_equal(numbers_said("4k3/8/8/8/8/8/8/R3K3 b - - 0 20",
				      "20... Ke7 21. Ra3").n, 0);
	assert_int_equal(numbers_said("4k3/8/8/8/8/8/8/R3K3 b - - 0 20",
				      "21... Ke7 21. Ra3").n, 1);
	/* Numbered from 1 all the way: a run of numbers off by as much is
	 * said once, at its first. */
	s = numbers_said(rook, "1. Ra2 Ke7 2. Ra3 Ke8 3. Ra4");
	assert_int_equal(s.n, 1);
	assert_number_diag(&s.d[0], 1, "20.Ra2", "", "move number 1, but "
			   "this is move 20 (expected \"20.\")");
	/* Two faults apart, a right number between them. */
	assert_int_equal(numbers_said(NULL, "1. e4 e5 5. Nf3 Nc6 3. Bc4 Bc5 "
				      "9. d3").n, 2);
	/* Off by one, then by two: two faults. */
	assert_int_equal(numbers_said(NULL, "1. e4 e5 3. Nf3 Nc6 5. Bc4").n,
			 2);
	/* After a move that fails the position is unknown: nothing said. */
	s = numbers_said(NULL, "1. e4 e5 2. Ke3 7. Nf3");
	assert_int_equal(s.n, 1);
	assert_int_equal(s.d[0].code, DC_ILLEGAL_MOVE);
}

/* In variations: a variation's first number is the replaced move's; it
 * goes on with its parent's run and leaves the parent's as it was. */
static void test_move_numbers_in_variations(void **state)
{
	(void)state;
	assert_int_equal(numbers_said(NULL, "1. e4 e5 2. Nf3 (2. Nc3 Nc6 "
				      "3. Bc4) 2... Nc6").n, 0);
	struct said s = numbers_said(NULL, "1. e4 e5 2. Nf3 (3. Nc3 Nc6 "
				     "4. Bc4) Nc6");
	assert_int_equal(s.n, 1);
	assert_number_diag(&s.d[0], 18, "2.Nc3", "3(1)", "move number 3, but "
			   "this is move 2 (expected \"2.\")");
	/* The parent's wrong number, repeated in the variation: one run. */
	assert_int_equal(numbers_said(NULL, "1. e4 e5 5. Nf3 (5. Nc3) "
				      "Nc6").n, 1);
	/* A right number in the variation does not end the parent's run. */
	assert_int_equal(numbers_said(NULL, "1. e4 e5 5. Nf3 (2. Nc3) "
				      "5... Nc6").n, 1);
	assert_int_equal(numbers_said(NULL, "1. e4 e5 5. Nf3 (2. Nc3) "
				      "6... Nc6").n, 2);
	/* Black's move replaced: its number, with either dots. */
	assert_int_equal(numbers_said(NULL, "1. e4 e5 (1... c5) (1. d5) "
				      "2. Nf3").n, 0);
	assert_int_equal(numbers_said(NULL, "1. e4 e5 (2... c5) 2. Nf3").n,
			 1);
}

/* Random legal games with one move number changed: the fast path
 * declines each and the general replay says one thing; unchanged, it
 * takes them. */
static void test_random_move_numbers(void **state)
{
	(void)state;
	static char moves[200][MOVE_TEXT_MAX];
	static struct game_text t;
	uint64_t rng = 0x2545f4914f6cdd1dULL;
	for (uint64_t seed = 1; seed <= 100; seed++) {
		unsigned n;
		random_game_text(seed * 104729, &t, moves, &n);
		if (n < 2)
			continue;
		char text[16384];
		size_t len = 0;
		unsigned wrong = (unsigned)(xorshift64(&rng) % ((n + 1) / 2));
		int by = (int)(xorshift64(&rng) % 5) - 2;
		by += by >= 0;	/* -2 -1 1 2 3: never 0 */
		if ((int)wrong + 1 + by < 0)
			by = 1;
		for (unsigned i = 0; i < n && len < sizeof text - 64; i++) {
			unsigned number = i / 2 + 1;
			if (i % 2 == 0)
				len += (size_t)snprintf(text + len,
							sizeof text - len,
							"%u. ", number == wrong + 1
								? (unsigned)((int)number + by)
								: number);
			len += (size_t)snprintf(text + len, sizeof text - len,
						"%s ", moves[i]);
		}
		/* The result is "*": the end may force another, said too. */
		struct said s = numbers_said(NULL, text);
		unsigned numbers = 0;
		for (unsigned k = 0; k < s.n && k < 4; k++)
			numbers += s.d[k].code == DC_MOVE_NUMBER;
		assert_int_equal(numbers, 1);
	}
}

/* A visitor that wants the position before a move only for the first
 * `wanted` main-line moves (game-stats' openings): both replays then give
 * it NULL for the others, and every move its piece. */
struct before_log {
	bool want;
	unsigned wanted, moves;
	bool had_before[16];
	uint8_t piece[16];
};

static void log_before(void *ctx, const struct replay_step *st)
{
	struct before_log *l = ctx;
	if (st->depth != 0 || l->moves >= 16)
		return;
	l->had_before[l->moves] = st->before != NULL;
	l->piece[l->moves] = st->piece;
	l->moves++;
	l->want = l->moves < l->wanted;
}

static void test_before_only_when_wanted(void **state)
{
	(void)state;
	/* Plain (the fast path), then with a variation (the general one). */
	static const char *const games[] = {
		ROSTER "[Result \"*\"]\n\n"
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n",
		ROSTER "[Result \"*\"]\n\n"
		"1. e4 e5 (1... c5) 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n",
	};
	static const uint8_t pieces[7] = {
		MAKE_PIECE(WHITE, PAWN), MAKE_PIECE(BLACK, PAWN),
		MAKE_PIECE(WHITE, KNIGHT), MAKE_PIECE(BLACK, KNIGHT),
		MAKE_PIECE(WHITE, BISHOP), MAKE_PIECE(BLACK, PAWN),
		MAKE_PIECE(WHITE, KING),
	};
	static const struct replay_opts opts = { 0 };
	for (size_t i = 0; i < 2; i++) {
		struct pgn_reader *r = pgn_reader_from_memory(
			"t", games[i], strlen(games[i]), NULL);
		struct pgn_game g;
		struct diag err;
		pgn_game_init(&g);
		assert_int_equal(pgn_reader_next(r, &g, NULL, NULL, &err), 1);
		for (int quick = 1; quick >= 0; quick--) {
			struct before_log l = { .want = true, .wanted = 3 };
			struct replay_visitor vis = { .ctx = &l,
						      .move = log_before,
						      .want_before = &l.want };
			struct replay_result res;
			if (quick)
				assert_true(lr_game_replay_quick(&g, &opts,
								 &vis, &res) ==
					    (i == 0));
			else
				assert_int_equal(game_replay(&g, &full_opts, &vis,
							     NULL, NULL, &res),
						 0);
			if (quick && i != 0)
				continue;	/* declined: nothing to see */
			assert_int_equal(l.moves, 7);
			for (unsigned k = 0; k < 7; k++) {
				assert_true(l.had_before[k] == (k < 3));
				assert_int_equal(l.piece[k], pieces[k]);
			}
		}
		pgn_game_release(&g);
		pgn_reader_close(r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_takes_plain_games),
		cmocka_unit_test(test_declines_what_needs_words),
		cmocka_unit_test(test_repetition_at_the_end),
		cmocka_unit_test(test_automatic_draws),
		cmocka_unit_test(test_random_games_agree),
		cmocka_unit_test(test_move_numbers),
		cmocka_unit_test(test_move_numbers_in_variations),
		cmocka_unit_test(test_random_move_numbers),
		cmocka_unit_test(test_before_only_when_wanted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
