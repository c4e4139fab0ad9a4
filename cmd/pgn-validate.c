/* pgn-validate: replay every game and variation; report each bad move;
 * pass valid (and rejected) games through byte for byte. */
#include <argp.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "common.h"
#include "parallel.h"

const char *argp_program_version = "pgn-validate (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum { OPT_VARIANT = 256, OPT_FORCE_VARIANT, OPT_JOBS, OPT_FULL_REPLAY };

static const struct argp_option options[] = {
	{ "output", 'o', "FILE", 0, "Write the valid games, byte for byte, to FILE ('-': standard output)", 0 },
	{ "reject", 'r', "FILE", 0, "Write the invalid games, byte for byte, to FILE", 0 },
	{ "json", 'j', NULL, 0, "Diagnostics as JSON lines", 0 },
	{ "match", 'm', "TAG=REGEX", 0, "Only games whose TAG matches the PCRE2 REGEX (repeatable: all must hold; a missing tag reads as empty)", 0 },
	{ "variant", OPT_VARIANT, "ID", 0, "Variant of games without a [Variant] tag (default: standard)", 0 },
	{ "force-variant", OPT_FORCE_VARIANT, NULL, 0, "Apply --variant to every game, whatever its tag", 0 },
	{ "strict", 's', NULL, 0, "Treat every warning as an error", 0 },
	{ "no-warnings", 'w', NULL, 0, "Do not print warnings", 0 },
	{ "quiet", 'q', NULL, 0, "Print nothing; only the exit status tells", 0 },
	{ "jobs", OPT_JOBS, "N", 0, "Replay games on N threads (default 1; 0: one per processor); the output does not change", 0 },
	{ "full-replay", OPT_FULL_REPLAY, NULL, 0, "Replay every game from its movetext tree, never by the fast path; the output does not change", 0 },
	{ 0 }
};

struct validate {
	struct diag_printer printer;
	struct matcher match;
	struct replay_opts replay;
	const char *output_path, *reject_path;
	FILE *output, *reject;
	/* Games are read without their movetext tree: most replay straight
	 * from the bytes, and game_replay() reads the tree of the others. */
	struct pgn_reader_opts reader;
	struct raw_copy copy;
	unsigned long long games, valid, invalid, unselected;
	unsigned jobs;
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct validate *v = state->input;
	char why[256];
	switch (key) {
	case 'o': v->output_path = arg; break;
	case 'r': v->reject_path = arg; break;
	case 'j': v->printer.json = true; break;
	case 's': v->printer.strict = v->replay.strict = true; break;
	case 'w': v->printer.no_warnings = true; break;
	case 'q': v->printer.quiet = true; break;
	case 'm':
		if (matcher_add(&v->match, arg, why, sizeof why) != 0)
			argp_error(state, "--match %s", why);
		break;
	case OPT_VARIANT:
		v->replay.variant = variant_arg(arg);
		if (!v->replay.variant)
			argp_error(state, "unknown variant '%s' (known: %s)", arg,
				   variant_id_list());
		break;
	case OPT_FORCE_VARIANT: v->replay.force_variant = true; break;
	case OPT_JOBS: v->jobs = jobs_arg(state, arg); break;
	case OPT_FULL_REPLAY: v->replay.full_replay = true; break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static int validate_game(void *ctx, struct pgn_game *g)
{
	struct validate *v = ctx;
	bool selected = matcher_test(&v->match, g, diag_printer_report,
				     &v->printer);
	diag_printer_release(&v->printer, selected);
	if (!selected) {
		v->unselected++;
		raw_copy(&v->copy, NULL, g);
		return 0;
	}
	v->games++;
	struct replay_result res;
	game_replay(g, &v->replay, NULL, diag_printer_report, &v->printer,
		    &res);
	/* The printer counts the reader's errors; the replay counts its
	 * own, also those past the per-game cap of reported ones. */
	bool ok = v->printer.errors == 0 && res.errors == 0 &&
		  !(g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
	if (ok)
		v->valid++;
	else
		v->invalid++;
	raw_copy(&v->copy, ok ? v->output : v->reject, g);
	return 0;
}

/* ------------------------------------------------------------ --jobs */

/* What validate_game() does, on a worker thread: counts and bytes go to
 * the chunk (parallel.h), which writes them in input order. */
enum { C_GAMES, C_VALID, C_INVALID, C_UNSELECTED };
enum { S_OUTPUT, S_REJECT };

static void *worker_new(void *ctx)
{
	const struct validate *v = ctx;
	return matcher_clone(&v->match);
}

static void worker_free(void *ctx, void *worker)
{
	(void)ctx;
	matcher_free(worker);
}

static void validate_chunk_game(void *ctx, void *worker, struct pgn_game *g,
				struct par_sink *k)
{
	const struct validate *v = ctx;
	const struct matcher *match = worker;
	bool selected = matcher_test(match, g, par_report, k);
	par_release(k, selected);
	if (!selected) {
		par_count(k, C_UNSELECTED);
		return;
	}
	par_count(k, C_GAMES);
	struct replay_result res;
	game_replay(g, &v->replay, NULL, par_report, k, &res);
	bool ok = par_errors(k) == 0 && res.errors == 0 &&
		  !(g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
	par_count(k, ok ? C_VALID : C_INVALID);
	par_write_raw(k, ok ? S_OUTPUT : S_REJECT, g);
}

static int validate_parallel(struct validate *v, char **files, int nfiles)
{
	struct par_config cfg = {
		.jobs = v->jobs, .reader = v->reader, .printer = v->printer,
		.streams = { [S_OUTPUT] = v->output, [S_REJECT] = v->reject },
		.worker_new = worker_new, .worker_free = worker_free,
		.game = validate_chunk_game, .ctx = v,
	};
	int status = par_run_files(files, nfiles, &cfg);
	v->games += cfg.counts[C_GAMES];
	v->valid += cfg.counts[C_VALID];
	v->invalid += cfg.counts[C_INVALID];
	v->unselected += cfg.counts[C_UNSELECTED];
	return status;
}

static void print_summary(const struct validate *v)
{
	if (v->printer.quiet)
		return;
	if (v->printer.json) {
		fprintf(stderr, "{\"games\":%llu,\"valid\":%llu,\"invalid\":%llu,"
			"\"unselected\":%llu}\n", v->games, v->valid,
			v->invalid, v->unselected);
		return;
	}
	fprintf(stderr, "%llu games: %llu valid, %llu invalid", v->games,
		v->valid, v->invalid);
	if (v->unselected)
		fprintf(stderr, ", %llu not selected by --match", v->unselected);
	putc('\n', stderr);
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp argp = {
		options, parse_opt, "[FILE...]",
		"Replay every game (and variation) of PGN files under its "
		"variant's rules; report each problem as FILE:LINE:COL; pass "
		"valid games through.\vWith no FILE, or when FILE is -, read "
		"standard input.  Exit status: 0 all games valid, 1 some "
		"invalid, 2 usage or I/O error.",
		NULL, NULL, NULL
	};
	struct validate v = { .jobs = 1, .reader = { .tags_only = true },
			      .replay = { .san_only = true } };
	int first;
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &v);
	inputs_declare(argv + first, argc - first);
	if (v.output_path)
		v.output = output_open(v.output_path);
	if (v.reject_path)
		v.reject = output_open(v.reject_path);
	/* The games' reader gives the rest of a cut game to the copy. */
	struct pgn_reader_opts games = v.reader;
	games.skipped = raw_copy_skipped;
	games.skipped_ctx = &v.copy;
	int status = v.jobs > 1
			     ? validate_parallel(&v, argv + first, argc - first)
			     : for_each_game(argv + first, argc - first,
					     &games, &v.printer,
					     validate_game, &v);
	print_summary(&v);
	if (output_close(v.output, v.output_path) != 0 ||
	    output_close(v.reject, v.reject_path) != 0)
		status = EXIT_TROUBLE;
	matcher_release(&v.match);
	if (status == 0 && v.invalid)
		status = EXIT_INVALID;
	return status;
}
