/* game-stats: figures over any number of games (results, endings, lengths,
 * openings, players, moves, variant events), as a table, CSV or JSON, an
 * SVG of charts, or a partial result to merge later. */
#include <argp.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../run/run.h"
#include "../stats/stats.h"

const char *argp_program_version = "game-stats (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum {
	OPT_PLOT = 256, OPT_PARTIAL, OPT_MERGE,
	OPT_SKIP_INVALID, OPT_TAGS_ONLY, OPT_EXPECT_PIECES, OPT_EXPECT_GAMES,
	OPT_SORT,
};

static const struct argp_option options[] = {
	{ "format", 'f', "FORMAT", 0, "Write the report as 'table' (aligned, the default), 'csv' or 'json'", 0 },
	{ "plot", OPT_PLOT, "FILE", 0, "Also draw the charts into FILE, one self-contained SVG", 0 },
	{ "top", 't', "N", 0, "Rows of each ranked list: openings, tags, players, groups (default 10; 0: all)", 0 },
	{ "opening-plies", 'n', "N", 0, "Count the sequences of the first N plies as openings (default 6; 0: none)", 0 },
	{ "group-by", 'g', "TAG", 0, "Figures per value of TAG: any tag, 'Year' (from [Date]) or 'Variant' (the variant id)", 0 },
	{ "sort", OPT_SORT, "ORDER", 0, "Order of the groups: 'count' (most games first) or 'key' (natural order of the values); default key for Year and *Date tags, else count", 0 },
	{ "tags-only", OPT_TAGS_ONLY, NULL, 0, "Figures from the tags alone, without reading the moves (much faster): no lengths, endings, moves or openings by plies, and invalid games are not detected", 0 },
	{ "skip-invalid", OPT_SKIP_INVALID, NULL, 0, "Leave invalid games out of the totals (they are still counted and reported)", 0 },
	{ "partial", OPT_PARTIAL, NULL, 0, "Write a partial result, to be combined with --merge, instead of the report", 0 },
	{ "merge", OPT_MERGE, NULL, 0, "Read partial results instead of games and combine them", 0 },
	{ "expect-pieces", OPT_EXPECT_PIECES, "N", 0, "With --merge: fail unless the partials count N pieces (partials made from games)", 0 },
	{ "expect-games", OPT_EXPECT_GAMES, "N", 0, "With --merge: fail unless the partials count N games, valid or not", 0 },
	{ "quiet", 'q', NULL, 0, "No diagnostics, no progress line, no closing note", 0 },
	{ 0 }
};

/* Options that only make sense while reading games; options seen. */
enum { USED_GAME_ONLY = 1, USED_FORMAT = 2, USED_PLIES = 4 };

struct gamestats {
	struct run_options opts;	/* --match, --variant, --jobs ... */
	struct stats_config cfg;
	struct stats_output out;
	const char *plot;
	struct stats_expect expect;	/* --expect-pieces, --expect-games */
	bool partial, merge, quiet;
	unsigned used;
};

/* A count argument: decimal digits only, at most max. */
static unsigned count_arg(struct argp_state *state, const char *opt,
			  const char *arg, unsigned long max)
{
	unsigned long long v;
	if (count_parse(arg, max, &v) != 0)
		argp_error(state, "--%s: '%s' is not a number from 0 to %lu",
			   opt, arg, max);
	return (unsigned)v;
}

static uint64_t expect_arg(struct argp_state *state, const char *opt,
			   const char *arg, bool *given)
{
	unsigned long long v;
	if (count_parse(arg, UINT64_MAX, &v) != 0)
		argp_error(state, "--%s: '%s' is not a number from 0 to %llu",
			   opt, arg, (unsigned long long)UINT64_MAX);
	*given = true;
	return v;
}

static void format_arg(struct argp_state *state, struct gamestats *gs,
		       const char *arg)
{
	static const struct {
		const char *name;
		enum stats_format format;
	} formats[] = { { "table", STATS_TABLE }, { "csv", STATS_CSV },
			{ "json", STATS_JSON } };
	for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
		if (strcmp(arg, formats[i].name) == 0) {
			gs->out.format = formats[i].format;
			gs->used |= USED_FORMAT;
			return;
		}
	argp_error(state, "--format: unknown format '%s' (known: table, csv, "
		   "json)", arg);
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct gamestats *gs = state->input;
	switch (key) {
	case 'f': format_arg(state, gs, arg); break;
	case OPT_PLOT: gs->plot = arg; break;
	case 't': gs->out.top = count_arg(state, "top", arg, 1000000000); break;
	case 'n':
		gs->cfg.opening_plies = count_arg(state, "opening-plies", arg, 1000);
		gs->used |= USED_GAME_ONLY | USED_PLIES;
		break;
	case 'g':
		if (!*arg)
			argp_error(state, "--group-by: empty tag name");
		gs->cfg.group_by = arg;
		gs->used |= USED_GAME_ONLY;
		break;
	case OPT_SORT:
		if (strcmp(arg, "count") != 0 && strcmp(arg, "key") != 0)
			argp_error(state, "--sort: unknown order '%s' (known: "
				   "count, key)", arg);
		gs->out.sort = *arg == 'k' ? STATS_SORT_KEY : STATS_SORT_COUNT;
		break;
	case OPT_TAGS_ONLY: gs->cfg.tags_only = true; break;
	case OPT_SKIP_INVALID: gs->out.skip_invalid = true; break;
	case OPT_PARTIAL: gs->partial = true; break;
	case OPT_MERGE: gs->merge = true; break;
	case OPT_EXPECT_PIECES:
		gs->expect.pieces = expect_arg(state, "expect-pieces", arg,
					       &gs->expect.pieces_given);
		break;
	case OPT_EXPECT_GAMES:
		gs->expect.games = expect_arg(state, "expect-games", arg,
					      &gs->expect.games_given);
		break;
	case 'q': gs->quiet = true; break;
	case ARGP_KEY_INIT: run_options_children(state, &gs->opts); break;
	case ARGP_KEY_SUCCESS:
		if (gs->opts.selection_used)
			gs->used |= USED_GAME_ONLY;
		/* Not ARGP_KEY_END: argp sends that only when no FILE is
		 * left, so a FILE on the line skipped these checks. */
		if (gs->merge && (gs->used & USED_GAME_ONLY))
			argp_error(state, "--merge reads partial results: "
				   "--group-by, --opening-plies, --match and "
				   "--variant apply when they are made");
		if (gs->merge && gs->opts.strict)
			argp_error(state, "--merge reads partial results: "
				   "--strict applies when they are made");
		if (gs->merge && gs->cfg.tags_only)
			argp_error(state, "--merge reads partial results: "
				   "--tags-only applies when they are made "
				   "(and their header says so)");
		if (gs->cfg.tags_only && (gs->used & USED_PLIES))
			argp_error(state, "--opening-plies counts moves, "
				   "which --tags-only does not read");
		if (!gs->merge && (gs->expect.pieces_given ||
				   gs->expect.games_given))
			argp_error(state, "--expect-pieces and --expect-games "
				   "check partial results: they need --merge");
		if (gs->partial && (gs->used & USED_FORMAT))
			argp_error(state, "--partial and --format exclude each "
				   "other");
		break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* The closing note on invalid games, once for the whole: a piece's
 * partial leaves it to the merge that writes the report, so that pieces
 * and merge together say what one run over the whole says. */
static void note_invalid(const struct gamestats *gs, uint64_t games,
			 uint64_t invalid)
{
	if (gs->quiet || gs->partial || !invalid)
		return;
	warn_user("%llu %s: %llu valid, %llu invalid (%s)",
		  (unsigned long long)games, plural(games, "game", "games"),
		  (unsigned long long)(games - invalid),
		  (unsigned long long)invalid,
		  gs->out.skip_invalid ? "left out of the totals"
				       : "counted apart");
}

/* Adds one partial file into *s.  A merge that writes a partial may be a
 * reducer given a share of the lines, headers or none; the merge that
 * writes the report needs every input whole. */
static int merge_file(const struct gamestats *gs, struct stats **s,
		      const char *file, char *why, size_t n)
{
	bool std = strcmp(file, "-") == 0;
	FILE *in = std ? stdin : fopen(file, "r");
	if (!in) {
		snprintf(why, n, "could not open '%s': %s", file,
			 strerror(errno));
		return -1;
	}
	int rc = gs->partial ? stats_read_partial_lines(s, in, file, why, n)
			     : stats_read_partial(s, in, file, why, n);
	if (!std)
		fclose(in);
	return rc;
}

/* Adds every partial file (standard input for none or "-") into *s, and
 * checks what the user expects of them, and what a whole must hold. */
static int merge_partials(const struct gamestats *gs, struct stats **s,
			  char **files, int nfiles)
{
	char why[512];
	files_or_stdin(&files, &nfiles);
	for (int i = 0; i < nfiles; i++)
		if (merge_file(gs, s, files[i], why, sizeof why) != 0) {
			warn_user("%s", why);
			return -1;
		}
	if (stats_check_partials(*s, &gs->expect, !gs->partial, why,
				 sizeof why) != 0) {
		warn_user("%s", why);
		return -1;
	}
	uint64_t games, invalid;
	stats_game_counts(*s, &games, &invalid);
	note_invalid(gs, games, invalid);
	return 0;
}

/* --------------------------------------------------------------- games */

/* The games go through run_files() with --jobs workers: each chunk of
 * input is counted into a struct stats of its own, which the calling
 * thread adds to the total when the chunk is written, in input order.
 * Every figure is a sum, so the total is the one a single thread finds;
 * diagnostics come out in input order too. */
enum { C_GAMES, C_INVALID };

/* What the run's callbacks share.  Workers only read gs; total belongs
 * to the calling thread.  A chunk's state, once written, is kept for the
 * next chunk (spare, under lock): its tables need not grow again. */
enum { SPARE_MAX = 4 };

struct reading {
	const struct gamestats *gs;
	struct stats *total;
	pthread_mutex_t lock;
	struct stats *spare[SPARE_MAX];
	size_t nspare;
};

static void *chunk_new(void *ctx)
{
	struct reading *r = ctx;
	struct stats *s = NULL;
	pthread_mutex_lock(&r->lock);
	if (r->nspare)
		s = r->spare[--r->nspare];
	pthread_mutex_unlock(&r->lock);
	return s ? s : stats_new(&r->gs->cfg);
}

static void chunk_free(void *ctx, void *chunk)
{
	struct reading *r = ctx;
	stats_clear(chunk);
	pthread_mutex_lock(&r->lock);
	if (r->nspare < SPARE_MAX) {
		r->spare[r->nspare++] = chunk;
		chunk = NULL;
	}
	pthread_mutex_unlock(&r->lock);
	stats_free(chunk);
}

/* One game: replayed and counted into the chunk's statistics.  The
 * reader's errors make it invalid; only errors are reported
 * (diag_policy.errors_only). */
static void count_game(void *ctx, void *worker, struct pgn_game *g,
		       struct run_sink *k)
{
	const struct reading *r = ctx;
	run_count(k, C_GAMES);
	(void)worker;
	if (!stats_add_game(run_chunk(k), g, &r->gs->opts.replay,
			    run_errors(k) > 0, run_report, k))
		run_count(k, C_INVALID);
}

/* One game with --tags-only: counted from its tags.  The reader's errors
 * are reported, but nothing makes a game invalid. */
static void count_tags(void *ctx, void *worker, struct pgn_game *g,
		       struct run_sink *k)
{
	const struct reading *r = ctx;
	(void)worker;
	run_count(k, C_GAMES);
	stats_add_tags(run_chunk(k), g, &r->gs->opts.replay);
}

static void chunk_written(void *ctx, void *chunk, uint64_t bytes,
			  uint64_t games)
{
	struct reading *r = ctx;
	char why[128];
	(void)bytes;
	(void)games;
	if (stats_merge(r->total, chunk, why, sizeof why) != 0)
		die("%s", why);	/* one configuration: cannot happen */
}

/* Counts every game of the files (none: standard input) into a new *s;
 * -1 when a file could not be read (reported; the others are read). */
static int read_games(struct gamestats *gs, struct stats **s, char **files,
		      int nfiles)
{
	struct reading r = { .gs = gs, .total = stats_new(&gs->cfg),
			     .lock = PTHREAD_MUTEX_INITIALIZER };
	struct run_config rc = {
		.jobs = gs->opts.jobs,
		.diag = { .quiet = gs->quiet, .errors_only = true,
			  .strict = gs->opts.strict },
		.match = &gs->opts.match,
		/* Games are read tags-only (the movetext's bytes kept) and
		 * replayed from those bytes by the fast path when it can
		 * (game_replay() reads the tree when not). */
		.reader = { .tags_only = true },
		.game = gs->cfg.tags_only ? count_tags : count_game, .ctx = &r,
		.chunk_new = chunk_new, .chunk_free = chunk_free,
		.written = chunk_written,
		.origin = gs->opts.origin,
	};
	int status = run_files(files, nfiles, &rc) != 0 ? -1 : 0;
	*s = r.total;
	while (r.nspare)
		stats_free(r.spare[--r.nspare]);
	uint64_t games = rc.counts[C_GAMES], invalid = rc.counts[C_INVALID];
	/* Its warnings are shown, though the games' are not: a report of no
	 * game is still a report (status 0), but the user should know. */
	struct diag_policy said = { .quiet = gs->quiet };
	if (status == 0)
		run_selection_end(&gs->opts, &said, games, rc.unselected);
	note_invalid(gs, games, invalid);
	return status;
}

/* The --plot file, opened before anything is read: a path that cannot be
 * written, or that is an input, is refused at once rather than after
 * hours of counting (and after the report was written). */
static FILE *plot_open(const struct gamestats *gs)
{
	return gs->plot ? output_open(gs->plot) : NULL;
}

/* Nothing to draw after all: the empty file opened for it goes. */
static void plot_abandon(const struct gamestats *gs, FILE *plot)
{
	output_abandon(plot, gs->plot);
}

static int write_outputs(const struct gamestats *gs, const struct stats *s,
			 FILE *plot)
{
	int status = 0;
	if (gs->partial)
		stats_write_partial(stdout, s);
	else
		stats_write(stdout, s, &gs->out);
	if (output_close(stdout, "-") != 0)
		status = -1;
	if (plot) {
		stats_plot_svg(plot, s, &gs->out);
		if (output_close(plot, gs->plot) != 0)
			status = -1;
	}
	return status;
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp_child children[] = {
		{ &run_select_argp, 0, NULL, 0 },
		{ &run_strict_argp, 0, NULL, 0 },
		{ &run_jobs_argp, 0, NULL, 0 },
		{ &run_origin_argp, 0, NULL, 0 },
		{ 0 }
	};
	static const struct argp argp = {
		options, parse_opt, "[FILE...]",
		"Figures over chess games of any number of PGN files: results, "
		"endings, game lengths, openings, players, moves and the "
		"variants' own events.\vWith no FILE, or when FILE is -, read "
		"standard input.  With --merge, the files are partial results "
		"written by --partial.  Exit status: 0 the report was written "
		"(invalid games are counted in it), 2 usage error, unreadable "
		"input or failed write.",
		children, run_help_filter, NULL
	};
	struct gamestats gs = { .cfg = { .opening_plies = 6 },
				.out = { .top = 10 } };
	int first;
	run_options_init(&gs.opts);
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &gs);
	inputs_declare(argv + first, argc - first);
	FILE *plot = plot_open(&gs);
	struct stats *s = NULL;
	int rc = gs.merge ? merge_partials(&gs, &s, argv + first, argc - first)
			  : read_games(&gs, &s, argv + first, argc - first);
	int status = rc != 0 ? EXIT_TROUBLE : EXIT_VALID;
	/* A partial that cannot be read leaves nothing sound to report. */
	if (gs.merge && rc != 0)
		plot_abandon(&gs, plot);
	else if (write_outputs(&gs, s, plot) != 0)
		status = EXIT_TROUBLE;
	stats_free(s);
	run_options_release(&gs.opts);
	return status;
}
