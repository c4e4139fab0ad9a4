/* game-stats' accumulator (stats/): counting of small games
 * whose figures are known by hand, results and groups, invalid games kept
 * apart, merging, the partial format (round trip, any line order, errors),
 * quantiles, ranking, performance ratings and the three report formats;
 * the same from the tags alone (--tags-only). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../stats/internal.h"
#include "../../librules/internal.h"	/* lr_game_replay_quick */

/* ---------------------------------------------------------------- helpers */

/* Adds every game of text, read with its tree and replayed from it, or
 * tags-only as game-stats reads it (then replayed by the fast path when it
 * can); returns the number of valid ones. */
static unsigned add_read(struct stats *s, const char *text, bool tags_only)
{
	struct pgn_reader_opts opts = { .tags_only = tags_only };
	struct pgn_reader *r = pgn_reader_from_memory("t", text, strlen(text),
						      &opts);
	struct pgn_game g;
	struct diag err;
	struct replay_opts ro = { .full_replay = !tags_only };
	unsigned valid = 0;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, NULL, NULL, &err) > 0)
		valid += stats_add_game(s, &g, &ro, false, NULL, NULL);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return valid;
}

static char *partial_of(const struct stats *s);

/* Adds every game of text; returns the number of valid ones.  The same
 * games counted again as game-stats counts them (tags-only, the fast path
 * where it can) must give the very same figures: the partial result
 * holds every one. */
static unsigned add_text(struct stats *s, const char *text)
{
	char *before = partial_of(s);
	unsigned valid = add_read(s, text, false);
	struct stats *lazy = NULL;
	char why[128];
	FILE *f = fmemopen(before, strlen(before), "r");
	assert_int_equal(stats_read_partial(&lazy, f, "p", why, sizeof why), 0);
	fclose(f);
	assert_int_equal(add_read(lazy, text, true), valid);
	char *tree = partial_of(s), *quick = partial_of(lazy);
	assert_string_equal(quick, tree);
	free(before);
	free(tree);
	free(quick);
	stats_free(lazy);
	return valid;
}

static struct stats *fresh(unsigned plies, const char *group_by)
{
	struct stats_config cfg = { plies, group_by, false };
	return stats_new(&cfg);
}

/* Statistics from the tags alone (game-stats --tags-only). */
static struct stats *fresh_tags(const char *group_by)
{
	struct stats_config cfg = { 6, group_by, true };
	return stats_new(&cfg);
}

/* Adds every game of text from its tags, read as game-stats reads it. */
static void add_tags(struct stats *s, const char *text,
		     const struct replay_opts *ro)
{
	struct pgn_reader_opts opts = { .tags_only = true };
	struct pgn_reader *r = pgn_reader_from_memory("t", text, strlen(text),
						      &opts);
	struct pgn_game g;
	struct diag err;
	struct replay_opts none = { 0 };
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, NULL, NULL, &err) > 0)
		stats_add_tags(s, &g, ro ? ro : &none);
	pgn_game_release(&g);
	pgn_reader_close(r);
}

/* The counters of the group "" (no --group-by). */
static const struct group *all(const struct stats *s)
{
	size_t i = st_smap_find(&s->groups, "", 0);
	assert_true(i != SIZE_MAX);
	return st_group_at(s, i);
}

static const struct group *group_of(const struct stats *s, const char *key)
{
	size_t i = st_smap_find(&s->groups, key, strlen(key));
	assert_true(i != SIZE_MAX);
	return st_group_at(s, i);
}

/* Text written by fn into a malloc'd string. */
static char *capture(void (*fn)(FILE *, const struct stats *,
				const struct stats_output *),
		     const struct stats *s, const struct stats_output *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fn(f, s, o);
	fclose(f);
	return buf;
}

static char *partial_of(const struct stats *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	stats_write_partial(f, s);
	fclose(f);
	return buf;
}

static int read_partial(struct stats **s, const char *text, char *why,
			size_t n)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = stats_read_partial(s, f, "p", why, n);
	fclose(f);
	return rc;
}

#define GAME(tags, moves) tags "\n" moves "\n\n"

static const char scholar[] = GAME(
	"[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Date \"1984.??.??\"]\n"
	"[WhiteElo \"2000\"]\n[BlackElo \"1800\"]\n[ECO \"C20\"]",
	"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0");

static const char fool[] = GAME(
	"[White \"B\"]\n[Black \"A\"]\n[Result \"0-1\"]\n[Date \"1985.01.01\"]\n"
	"[WhiteElo \"1800\"]\n[BlackElo \"2000\"]",
	"1. f3 e5 2. g4 Qh4# 0-1");

static const char illegal[] = GAME(
	"[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]",
	"1. e4 e5 2. Ke3 1-0");

static const char tandem[] = GAME(
	"[Variant \"Tandem Pawn Chess\"]\n[Result \"*\"]\n[Date \"????.??.??\"]",
	"1. Te4 d5 2. Txd5 c6 3. Txc6 dxc6 4. Nf3 Nf6 5. g4^ Nxg4 6. h3 Ne3 "
	"7. fxe3 e5 8. Bc4 *");

/* ------------------------------------------------------------------ tests */

static void test_counts_by_hand(void **state)
{
	(void)state;
	struct stats *s = fresh(6, NULL);
	assert_int_equal(add_text(s, scholar), 1);
	const struct group *g = all(s);
	assert_int_equal(g->c[ST_GAMES], 1);
	assert_int_equal(g->c[ST_PLIES], 7);
	assert_int_equal(g->c[ST_WHITE_WINS], 1);
	assert_int_equal(g->c[ST_MATE], 1);
	assert_int_equal(g->c[ST_PAWN_MOVES], 2);
	assert_int_equal(g->c[ST_KNIGHT_MOVES], 2);
	assert_int_equal(g->c[ST_BISHOP_MOVES], 1);
	assert_int_equal(g->c[ST_QUEEN_MOVES], 2);
	assert_int_equal(g->c[ST_CAPTURES], 1);
	assert_int_equal(g->c[ST_CHECKS], 1);
	assert_int_equal(g->c[ST_VARIANT0], 1);
	assert_int_equal(st_group_length_games(g, 7), 1);
	assert_int_equal(st_group_length_games(g, 6), 0);
	/* The first six plies, keyed by variant. */
	const struct table *t = &s->tables[TB_OPENINGS];
	assert_int_equal(t->map.n, 1);
	assert_string_equal(t->map.entries[0].key,
			    "standard e4 e5 Bc4 Nc6 Qh5 Nf6");
	assert_int_equal(t->v[0].v[TF_WINS], 1);
	stats_free(s);
}

static void test_tandem_events(void **state)
{
	(void)state;
	struct stats *s = fresh(6, NULL);
	assert_int_equal(add_text(s, tandem), 1);
	const struct group *g = all(s);
	assert_int_equal(g->c[ST_PLIES], 15);
	assert_int_equal(g->c[ST_TANDEM_UNIT], 3);
	assert_int_equal(g->c[ST_TANDEM_MEMBER], 5);
	assert_int_equal(g->c[ST_ROCKETS], 1);
	assert_int_equal(g->c[ST_TANDEM_MOVES], 9);
	assert_int_equal(g->c[ST_CAPTURES], 5);
	assert_int_equal(g->c[ST_UNFINISHED], 1);
	assert_int_equal(g->c[ST_VARIANT0 + 1], 1);	/* tandem */
	/* Openings of variants carry their id. */
	assert_string_equal(s->tables[TB_OPENINGS].map.entries[0].key,
			    "tandem Te4 d5 Txd5 c6 Txc6 dxc6");
	stats_free(s);
}

static void test_invalid_apart(void **state)
{
	(void)state;
	struct stats *s = fresh(6, NULL);
	assert_int_equal(add_text(s, illegal), 0);
	const struct group *g = all(s);
	assert_int_equal(g->c[ST_INVALID], 1);
	for (size_t i = 0; i < ST__COUNT; i++)
		if (i != ST_INVALID)
			assert_int_equal(g->c[i], 0);
	assert_int_equal(s->tables[TB_PLAYERS].map.n, 0);
	/* A game the reader found fault with is invalid too. */
	struct pgn_reader *r = pgn_reader_from_memory("t", scholar,
						      strlen(scholar), NULL);
	struct pgn_game game;
	struct diag err;
	struct replay_opts ro = { 0 };
	pgn_game_init(&game);
	assert_int_equal(pgn_reader_next(r, &game, NULL, NULL, &err), 1);
	assert_false(stats_add_game(s, &game, &ro, true, NULL, NULL));
	assert_int_equal(all(s)->c[ST_INVALID], 2);
	pgn_game_release(&game);
	pgn_reader_close(r);
	stats_free(s);
}

static void test_result_source(void **state)
{
	(void)state;
	struct stats *s = fresh(0, NULL);
	/* The tag wins over the marker; without a tag the marker counts;
	 * with neither the game is unfinished. */
	add_text(s, GAME("[Result \"1/2-1/2\"]", "1. e4 e5 *"));
	add_text(s, GAME("[Event \"x\"]", "1. e4 e5 0-1"));
	add_text(s, GAME("[Result \"bogus\"]", "1. e4 e5"));
	const struct group *g = all(s);
	assert_int_equal(g->c[ST_DRAWS], 1);
	assert_int_equal(g->c[ST_BLACK_WINS], 1);
	assert_int_equal(g->c[ST_UNFINISHED], 1);
	assert_int_equal(g->c[ST_OTHER_END], 3);
	stats_free(s);
}

static void test_groups(void **state)
{
	(void)state;
	struct stats *s = fresh(6, "Year");
	add_text(s, scholar);
	add_text(s, fool);
	add_text(s, tandem);
	assert_int_equal(s->groups.n, 3);
	assert_int_equal(group_of(s, "1984")->c[ST_WHITE_WINS], 1);
	assert_int_equal(group_of(s, "1985")->c[ST_BLACK_WINS], 1);
	assert_int_equal(group_of(s, "?")->c[ST_TANDEM_UNIT], 3);
	stats_free(s);

	s = fresh(6, "Variant");
	add_text(s, scholar);
	add_text(s, tandem);
	assert_int_equal(group_of(s, "standard")->c[ST_GAMES], 1);
	assert_int_equal(group_of(s, "tandem")->c[ST_GAMES], 1);
	stats_free(s);

	s = fresh(6, "ECO");
	add_text(s, scholar);
	add_text(s, fool);	/* no [ECO]: "?" */
	assert_int_equal(group_of(s, "C20")->c[ST_GAMES], 1);
	assert_int_equal(group_of(s, "?")->c[ST_GAMES], 1);
	stats_free(s);
}

static void test_players(void **state)
{
	(void)state;
	struct stats *s = fresh(6, NULL);
	add_text(s, scholar);
	add_text(s, fool);
	const struct table *t = &s->tables[TB_PLAYERS];
	size_t a = st_smap_find(&t->map, "A", 1);
	assert_true(a != SIZE_MAX);
	const struct tally *v = &t->v[a];
	assert_int_equal(v->v[TF_WINS], 2);
	assert_int_equal(v->v[TF_RATED], 2);
	assert_int_equal(v->v[TF_OPP_ELO], 3600);
	assert_int_equal(v->v[TF_OWN_ELO], 4000);
	double perf, score;
	/* 1800 + 400 * (2 - 0) / 2 */
	assert_true(st_tally_performance(v, &perf));
	assert_true(perf > 2199.99 && perf < 2200.01);
	assert_true(st_tally_score(v, &score));
	assert_true(score > 99.99);
	stats_free(s);
}

static void test_quantiles(void **state)
{
	(void)state;
	struct group g = { 0 };
	static const unsigned lengths[] = { 1, 1, 2, 4, 7, 8, 8, 12 };
	for (size_t i = 0; i < 8; i++) {
		st_group_add_length(&g, lengths[i], 1);
		g.c[ST_GAMES]++;
	}
	assert_int_equal(st_length_quantile(&g, 1, 2), 4);
	assert_int_equal(st_length_quantile(&g, 1, 4), 1);
	assert_int_equal(st_length_quantile(&g, 3, 4), 8);
	assert_int_equal(st_length_min(&g), 1);
	assert_int_equal(st_length_max(&g), 12);
	struct length_bin bins[8];
	size_t n = st_length_bins(&g, bins, 8);
	/* 0-9 and 10-19: the 99th percentile is the longest game here. */
	assert_int_equal(n, 2);
	assert_int_equal(bins[0].games, 7);
	assert_false(bins[1].open);
	assert_int_equal(bins[1].games, 1);
	/* One freak game among a hundred goes to an open last bin. */
	for (size_t i = 0; i < 100; i++) {
		st_group_add_length(&g, 30, 1);
		g.c[ST_GAMES]++;
	}
	st_group_add_length(&g, 500, 1);
	g.c[ST_GAMES]++;
	n = st_length_bins(&g, bins, 8);
	assert_int_equal(n, 5);	/* 0-9 10-19 20-29 30-39 40+ */
	assert_true(bins[4].open);
	assert_int_equal(bins[4].from, 40);
	assert_int_equal(bins[4].games, 1);
	st_group_release(&g);
}

static void test_rank_ties(void **state)
{
	(void)state;
	struct stats *s = fresh(0, "White");
	add_text(s, GAME("[White \"b\"]", "1. e4 *"));
	add_text(s, GAME("[White \"a\"]", "1. e4 *"));
	add_text(s, GAME("[White \"c\"]", "1. e4 *"));
	add_text(s, GAME("[White \"c\"]", "1. e4 *"));
	size_t *idx, n = st_rank_groups(s, STATS_SORT_COUNT, 2, &idx);
	assert_int_equal(n, 2);
	assert_string_equal(s->groups.entries[idx[0]].key, "c");
	assert_string_equal(s->groups.entries[idx[1]].key, "a");
	free(idx);
	stats_free(s);
}

/* By key: runs of digits by value, other bytes by byte, "?" last; the
 * top groups by games are kept first. */
static void test_rank_by_key(void **state)
{
	(void)state;
	static const char *const want[] = {
		"07", "7", "9", "10", "2020.9.30", "2020.10.01", "a9", "a10",
		"b", "?",
	};
	struct stats *s = fresh(0, "Round");
	char text[64];
	for (size_t i = sizeof want / sizeof *want; i-- > 0;) {
		snprintf(text, sizeof text, "[Round \"%s\"]\n1. e4 *\n\n",
			 want[i]);
		add_text(s, text);
	}
	/* One game as the others, and last of the ties in byte order. */
	add_text(s, GAME("[Round \"zz\"]", "1. e4 *"));
	size_t *idx, n = st_rank_groups(s, STATS_SORT_KEY, 10, &idx);
	assert_int_equal(n, 10);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(s->groups.entries[idx[i]].key, want[i]);
	free(idx);
	stats_free(s);
}

static void test_merge_equals_whole(void **state)
{
	(void)state;
	struct stats *whole = fresh(6, "Year"), *a = fresh(6, "Year"),
		     *b = fresh(6, "Year");
	add_text(whole, scholar);
	add_text(whole, fool);
	add_text(whole, tandem);
	add_text(whole, illegal);
	add_text(a, fool);
	add_text(a, illegal);
	add_text(b, tandem);
	add_text(b, scholar);
	char why[200];
	assert_int_equal(stats_merge(a, b, why, sizeof why), 0);
	char *p1 = partial_of(whole), *p2 = partial_of(a);
	assert_string_equal(p1, p2);
	free(p1);
	free(p2);
	struct stats *other = fresh(4, "Year");
	assert_int_equal(stats_merge(a, other, why, sizeof why), -1);
	stats_free(other);
	stats_free(whole);
	stats_free(a);
	stats_free(b);
}

/* The lines of text in reverse order. */
static char *reversed(const char *text)
{
	size_t len = strlen(text), n = 0;
	char *out = malloc(len + 2);
	const char *end = text + len;
	while (end > text) {
		const char *start = end - 1;
		while (start > text && start[-1] != '\n')
			start--;
		memcpy(out + n, start, (size_t)(end - start));
		n += (size_t)(end - start);
		if (out[n - 1] != '\n')
			out[n++] = '\n';
		end = start;
	}
	out[n] = 0;
	return out;
}

static void test_partial_round_trip(void **state)
{
	(void)state;
	struct stats *s = fresh(6, "Year"), *back = NULL, *shuffled = NULL;
	add_text(s, scholar);
	add_text(s, fool);
	add_text(s, tandem);
	add_text(s, illegal);
	add_text(s, GAME("[Variant \"Random Pawns Chess\"]\n"
			 "[PawnTypes \"a2=6 b2=6 c2=6 d2=6 e2=6 f2=6 g2=6 h2=6 "
			 "a7=6 b7=6 c7=6 d7=6 e7=6 f7=6 g7=6 h7=MCM\"]\n"
			 "[White \"tab\there\"]",
			 "1. e4 e5 *"));
	char *p = partial_of(s), why[200] = "";
	assert_int_equal(read_partial(&back, p, why, sizeof why), 0);
	char *again = partial_of(back);
	assert_string_equal(p, again);
	/* Any line order merges to the same. */
	char *rev = reversed(p);
	assert_int_equal(read_partial(&shuffled, rev, why, sizeof why), 0);
	char *rev_back = partial_of(shuffled);
	assert_string_equal(p, rev_back);
	/* Escapes survive: the tab in a player's name. */
	assert_non_null(strstr(p, "tab\\there"));
	free(p);
	free(again);
	free(rev);
	free(rev_back);
	stats_free(s);
	stats_free(back);
	stats_free(shuffled);
}

static void test_partial_errors(void **state)
{
	(void)state;
	static const struct {
		const char *text, *why;
	} cases[] = {
		{ "", "p: not a game-stats partial (no 'game-stats-partial' line)" },
		{ "count\t\tgames\t3\n", "p: not a game-stats partial" },
		{ "game-stats-partial\t3\t6\t\n",
		  "p:1: unsupported partial format version (expected 2) '3'" },
		{ "game-stats-partial\t1\t6\t\n",
		  "p:1: partial format version 1 is no longer read" },
		{ "game-stats-partial\t2\t6\t\ncount\t\tgames\t6",
		  "p:2: the last line has no line end" },
		{ "game-stats-partial\t2\t6\t\ncount\t\tgames\t"
		  "18446744073709551615\ncount\t\tgames\t2\n",
		  "p:3: overflow of 'games': 18446744073709551615 + 2 passes "
		  "2^64 - 1" },
		{ "game-stats-partial\t2\t6\t\ntally\tplayers\tx\t1\t0\t0"
		  "\t0\t0\t0\t0\t0\t0\t0\ntally\tplayers\tx\t"
		  "18446744073709551615\t0\t0\t0\t0\t0\t0\t0\t0\t0\n",
		  "p:3: overflow of 'x'" },
		{ "game-stats-partial\t2\t6\t\npieces\tx\n",
		  "p:2: malformed pieces line" },
		{ "game-stats-partial\t2\t6\t\nchecksum\t1\t2\n",
		  "p:2: malformed checksum line" },
		{ "game-stats-partial\t2\t6\t\ncount\t\tfrobs\t1\n",
		  "p:2: unknown counter 'frobs'" },
		{ "game-stats-partial\t2\t6\t\ncount\t\tgames\tx\n",
		  "p:2: malformed count line" },
		{ "game-stats-partial\t2\t6\t\nhello\n",
		  "p:2: not a game-stats partial line" },
		{ "game-stats-partial\t2\t6\t\ngame-stats-partial\t2\t5\t\n",
		  "p:2: partials made with different --group-by or "
		  "--opening-plies cannot be merged" },
		{ "game-stats-partial\t2\t6\t\ntally\tplayers\tx\t1\n",
		  "p:2: malformed tally line" },
		{ "game-stats-partial\t2\t6\t\ncount\t\\q\tgames\t1\n",
		  "p:2: malformed line" },
		{ "game-stats-partial\t2\t6\t\nlength\t\t99999999999\t1\n",
		  "p:2: implausible game length '99999999999'" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct stats *s = NULL;
		char why[200] = "";
		assert_int_equal(read_partial(&s, cases[i].text, why, sizeof why),
				 -1);
		if (strncmp(why, cases[i].why, strlen(cases[i].why)) != 0)
			print_error("case %zu: got '%s'\n", i, why);
		assert_true(strncmp(why, cases[i].why, strlen(cases[i].why)) == 0);
		stats_free(s);
	}
}

static void test_formats(void **state)
{
	(void)state;
	struct stats *s = fresh(6, NULL);
	add_text(s, scholar);
	add_text(s, illegal);
	struct stats_output o = { STATS_CSV, 10, false, STATS_SORT_AUTO };
	char *csv = capture(stats_write, s, &o);
	assert_true(strncmp(csv, "section,key,field,value\n", 24) == 0);
	assert_non_null(strstr(csv, "\nsummary,,games,2\n"));
	assert_non_null(strstr(csv, "\nresults,1-0,games,1\n"));
	assert_non_null(strstr(csv, "\nresults,invalid,percent,50.00\n"));
	assert_non_null(strstr(csv, "\nplayers,A,performance,2200\n"));
	/* Skipped invalid games leave the totals. */
	o.skip_invalid = true;
	char *skip = capture(stats_write, s, &o);
	assert_non_null(strstr(skip, "\nsummary,,games,1\n"));
	assert_null(strstr(skip, "results,invalid"));
	o.format = STATS_JSON;
	char *json = capture(stats_write, s, &o);
	assert_non_null(strstr(json, "\"summary\": {\"games\": 1,"));
	o.format = STATS_TABLE;
	char *table = capture(stats_write, s, &o);
	assert_non_null(strstr(table, "1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6"));
	char *svg = capture(stats_plot_svg, s, &o);
	assert_true(strncmp(svg, "<?xml", 5) == 0);
	assert_non_null(strstr(svg, "</svg>\n"));
	free(csv);
	free(skip);
	free(json);
	free(table);
	free(svg);
	stats_free(s);
}

/* Games the replay's fast path takes (complete roster, plain SAN, nothing
 * to report): castling, checks, captures, a promotion, a comment and a
 * NAG, one from a FEN.  add_text() counts them with and without the fast
 * path and requires the same figures; first, that the fast path does take
 * each of them, or the comparison would show nothing. */
static const char plain_games[] =
	"[Event \"E\"]\n"
	"[Site \"S\"]\n"
	"[Date \"2001.02.03\"]\n"
	"[Round \"1\"]\n"
	"[White \"A\"]\n"
	"[Black \"B\"]\n"
	"[Result \"1/2-1/2\"]\n"
	"\n"
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n"
	"8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 {Breyer} 11. Nbd2 Bb7 $1 12. Bc2 Re8 1/2-1/2\n"
	"\n"
	"[Event \"E\"]\n"
	"[Site \"S\"]\n"
	"[Date \"2001.02.03\"]\n"
	"[Round \"2\"]\n"
	"[White \"B\"]\n"
	"[Black \"A\"]\n"
	"[Result \"1-0\"]\n"
	"\n"
	"1. e4 d5 2. e5 f5 3. exf6 gxf6 4. Qh5+ Kd7 5. Qf5+ e6 6. Qxe6+ Kxe6 7. Bc4 dxc4\n"
	"8. d4 Qxd4 9. Nf3 Qxf2+ 10. Kxf2 Bc5+ 11. Be3 Bxe3+ 12. Kxe3 1-0\n"
	"\n"
	"[Event \"E\"]\n"
	"[Site \"S\"]\n"
	"[Date \"2001.02.03\"]\n"
	"[Round \"3\"]\n"
	"[White \"A\"]\n"
	"[Black \"B\"]\n"
	"[Result \"*\"]\n"
	"[SetUp \"1\"]\n"
	"[FEN \"8/P6k/8/8/8/8/6K1/8 w - - 0 1\"]\n"
	"\n"
	"1. a8=Q Kg6 2. Qg8+ Kf5 *\n";

static void test_fast_path_same(void **state)
{
	(void)state;
	struct pgn_reader_opts opts = { .tags_only = true };
	struct pgn_reader *r = pgn_reader_from_memory(
		"t", plain_games, strlen(plain_games), &opts);
	struct pgn_game g;
	struct diag err;
	struct replay_opts ro = { 0 };
	struct replay_result res;
	unsigned taken = 0;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, NULL, NULL, &err) > 0)
		taken += lr_game_replay_quick(&g, &ro, NULL, &res);
	pgn_game_release(&g);
	pgn_reader_close(r);
	assert_int_equal(taken, 3);
	struct stats *s = fresh(4, NULL);
	assert_int_equal(add_text(s, plain_games), 3);
	stats_free(s);
}

static void test_tags_only(void **state)
{
	(void)state;
	struct stats *s = fresh_tags("Year");
	/* The illegal game counts too (nothing is replayed); results from
	 * the tag, else the marker, else unfinished. */
	add_tags(s, scholar, NULL);
	add_tags(s, fool, NULL);
	add_tags(s, illegal, NULL);
	add_tags(s, tandem, NULL);
	add_tags(s, GAME("[Event \"x\"]", "1. e4 e5 0-1"), NULL);
	add_tags(s, GAME("[Result \"bogus\"]", "1. e4 e5"), NULL);
	assert_int_equal(s->opening_plies, 0);
	struct group t;
	st_total(s, &t);
	assert_int_equal(t.c[ST_GAMES], 6);
	assert_int_equal(t.c[ST_INVALID], 0);
	assert_int_equal(t.c[ST_WHITE_WINS], 2);
	assert_int_equal(t.c[ST_BLACK_WINS], 2);
	assert_int_equal(t.c[ST_UNFINISHED], 2);
	assert_int_equal(t.c[ST_PLIES], 0);
	assert_int_equal(t.c[ST_OTHER_END], 0);
	assert_int_equal(t.c[ST_TANDEM_UNIT], 0);
	assert_int_equal(t.c[ST_VARIANT0], 5);
	assert_int_equal(t.c[ST_VARIANT0 + 1], 1);
	assert_int_equal(t.nlengths, 0);
	st_group_release(&t);
	assert_int_equal(group_of(s, "1984")->c[ST_WHITE_WINS], 1);
	assert_int_equal(group_of(s, "?")->c[ST_GAMES], 4);
	assert_int_equal(s->tables[TB_OPENINGS].map.n, 0);
	/* Players: A won the three games, the illegal one too; two of them
	 * against a rated B. */
	size_t a = st_smap_find(&s->tables[TB_PLAYERS].map, "A", 1);
	assert_true(a != SIZE_MAX);
	assert_int_equal(s->tables[TB_PLAYERS].v[a].v[TF_WINS], 3);
	assert_int_equal(s->tables[TB_PLAYERS].v[a].v[TF_LOSSES], 0);
	assert_int_equal(s->tables[TB_PLAYERS].v[a].v[TF_RATED], 2);
	assert_int_equal(s->tables[TB_PLAYERS].v[a].v[TF_OPP_ELO], 3600);

	/* The variant: the tag, else --variant; --force-variant wins. */
	struct stats *v = fresh_tags("Variant");
	struct replay_opts emap = { .variant = &variant_emap };
	add_tags(v, tandem, &emap);
	add_tags(v, scholar, &emap);
	emap.force_variant = true;
	add_tags(v, tandem, &emap);
	add_tags(v, GAME("[Variant \"nonesuch\"]", "*"), NULL);
	assert_int_equal(group_of(v, "tandem")->c[ST_GAMES], 1);
	assert_int_equal(group_of(v, "emap")->c[ST_GAMES], 2);
	assert_int_equal(group_of(v, "nonesuch")->c[ST_GAMES], 1);
	stats_free(v);

	/* Only its like merges; the partial says what it is. */
	struct stats *full = fresh(0, "Year");
	char why[200];
	assert_int_equal(stats_merge(full, s, why, sizeof why), -1);
	assert_string_equal(why, "statistics made with and without "
			    "--tags-only cannot be merged");
	stats_free(full);
	char *text = partial_of(s);
	static const char head[] = "game-stats-partial\t2\t0\tYear\ttags-only\n";
	assert_true(strncmp(text, head, sizeof head - 1) == 0);
	struct stats *back = NULL;
	assert_int_equal(read_partial(&back, text, why, sizeof why), 0);
	assert_true(back->tags_only);
	char *again = partial_of(back);
	assert_string_equal(text, again);
	free(again);
	stats_free(back);

	/* The report: mode, no invalid row, no sections that need moves. */
	struct stats_output o = { STATS_JSON, 10, false, STATS_SORT_AUTO };
	char *json = capture(stats_write, s, &o);
	assert_non_null(strstr(json, "\"summary\": {\"games\": 6, "
				     "\"mode\": \"tags-only\", "
				     "\"group_by\": \"Year\"}"));
	assert_null(strstr(json, "\"invalid\""));
	assert_null(strstr(json, "\"endings\""));
	assert_null(strstr(json, "\"lengths\""));
	assert_null(strstr(json, "\"moves\""));
	assert_null(strstr(json, "\"openings\""));
	assert_null(strstr(json, "mean_plies"));
	o.format = STATS_TABLE;
	char *table = capture(stats_write, s, &o);
	assert_non_null(strstr(table, "\nNote: tags only (--tags-only)"));
	assert_null(strstr(table, "tags-only\n"));
	assert_null(strstr(table, "How the games ended"));
	char *svg = capture(stats_plot_svg, s, &o);
	assert_non_null(strstr(svg, "from their tags only"));
	assert_null(strstr(svg, "Game length"));
	free(json);
	free(table);
	free(svg);
	free(text);
	stats_free(s);
}

static void test_tags_only_partial_errors(void **state)
{
	(void)state;
	static const struct {
		const char *text, *why;
	} cases[] = {
		{ "game-stats-partial\t2\t6\t\ngame-stats-partial\t2\t0\t\t"
		  "tags-only\n",
		  "p:2: partials made with and without --tags-only cannot be "
		  "merged" },
		{ "game-stats-partial\t2\t0\t\ttags-only\n"
		  "game-stats-partial\t2\t0\t\n",
		  "p:2: partials made with and without --tags-only cannot be "
		  "merged" },
		{ "game-stats-partial\t2\t0\t\tfull\n",
		  "p:1: malformed header line" },
		{ "game-stats-partial\t2\t6\t\ttags-only\n",
		  "p:1: malformed header line" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct stats *s = NULL;
		char why[200] = "";
		assert_int_equal(read_partial(&s, cases[i].text, why, sizeof why),
				 -1);
		if (strcmp(why, cases[i].why) != 0)
			print_error("case %zu: got '%s'\n", i, why);
		assert_string_equal(why, cases[i].why);
		stats_free(s);
	}
}

static void test_names(void **state)
{
	(void)state;
	char buf[STAT_NAME_MAX], rp[16];
	size_t n;
	const struct variant *const *v = variant_all(&n);
	/* Every variant has its counter: a new one may need a larger
	 * STATS_VARIANTS_MAX. */
	assert_true(n <= STATS_VARIANTS_MAX);
	for (int i = 0; i < ST__COUNT; i++) {
		const char *name = st_stat_name((enum stat_id)i, buf);
		if (i >= ST_VARIANT0 + (int)n) {
			assert_null(name);
			continue;
		}
		assert_non_null(name);
		assert_int_equal(st_stat_by_name(name), i);
	}
	assert_string_equal(st_stat_name(ST_VARIANT0 + 1, buf), "variant-tandem");
	assert_string_equal(variant_id(v[1]), "tandem");
	for (unsigned i = 0; i < RP__COUNT; i++) {
		st_rp_name(i, rp);
		assert_int_equal(st_rp_by_name(rp), (int)i);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_by_hand),
		cmocka_unit_test(test_fast_path_same),
		cmocka_unit_test(test_tandem_events),
		cmocka_unit_test(test_invalid_apart),
		cmocka_unit_test(test_result_source),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_players),
		cmocka_unit_test(test_quantiles),
		cmocka_unit_test(test_rank_ties),
		cmocka_unit_test(test_rank_by_key),
		cmocka_unit_test(test_merge_equals_whole),
		cmocka_unit_test(test_partial_round_trip),
		cmocka_unit_test(test_partial_errors),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_tags_only),
		cmocka_unit_test(test_tags_only_partial_errors),
		cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
