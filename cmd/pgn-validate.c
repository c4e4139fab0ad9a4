/* pgn-validate: replay every game and variation; report each bad move;
 * pass valid (and rejected) games through byte for byte. */
#include <argp.h>
#include <stdlib.h>
#include <string.h>

#include "../run/run.h"

const char *argp_program_version = "pgn-validate (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

static const struct argp_option options[] = {
	{ "output", 'o', "FILE", 0, "Write the valid games, byte for byte, to FILE ('-': standard output)", 0 },
	{ "reject", 'r', "FILE", 0, "Write the invalid games, byte for byte, to FILE", 0 },
	{ 0 }
};

/* Games counted, and the two outputs the games go to. */
enum { C_VALID, C_INVALID };
enum { S_OUTPUT, S_REJECT };

struct validate {
	struct run_options opts;
	const char *output_path, *reject_path;
};

static bool is_stdout(const char *path)
{
	return path && strcmp(path, "-") == 0;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct validate *v = state->input;
	switch (key) {
	case 'o': v->output_path = arg; break;
	case 'r': v->reject_path = arg; break;
	case ARGP_KEY_INIT: run_options_children(state, &v->opts); break;
	case ARGP_KEY_SUCCESS:
		run_options_diag_check(state, &v->opts,
				       is_stdout(v->output_path) ||
				       is_stdout(v->reject_path));
		break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* One game: replayed, counted, and written to the output or the rejects
 * as it came. */
static void validate_game(void *ctx, void *worker, struct pgn_game *g,
			  struct run_sink *k)
{
	const struct validate *v = ctx;
	struct replay_result res;
	(void)worker;
	game_replay(g, &v->opts.replay, NULL, run_report, k, &res);
	/* The sink counts the reader's errors; the replay counts its own,
	 * also those past the per-game cap of reported ones. */
	bool ok = !run_game_failed(k, g) && res.errors == 0;
	run_count(k, ok ? C_VALID : C_INVALID);
	run_write_raw(k, ok ? S_OUTPUT : S_REJECT, g);
}

static void print_summary(const struct validate *v,
			  const struct run_config *cfg)
{
	unsigned long long valid = cfg->counts[C_VALID],
			   invalid = cfg->counts[C_INVALID],
			   unselected = cfg->unselected;
	if (v->opts.quiet)
		return;
	if (v->opts.json) {
		fprintf(stderr, "{\"games\":%llu,\"valid\":%llu,\"invalid\":%llu,"
			"\"unselected\":%llu", valid + invalid, valid,
			invalid, unselected);
		diag_counts_print(&cfg->diag, stderr);
		fputs("}\n", stderr);
		return;
	}
	fprintf(stderr, "%llu %s: %llu valid, %llu invalid", valid + invalid,
		plural(valid + invalid, "game", "games"), valid, invalid);
	if (unselected)
		fprintf(stderr, ", %llu not selected by --match", unselected);
	putc('\n', stderr);
	diag_counts_print(&cfg->diag, stderr);
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp_child children[] = {
		{ &run_diag_argp, 0, NULL, 0 },
		{ &run_strict_argp, 0, NULL, 0 },
		{ &run_select_argp, 0, NULL, 0 },
		{ &run_jobs_argp, 0, NULL, 0 },
		{ 0 }
	};
	static const struct argp argp = {
		options, parse_opt, "[FILE...]",
		"Replay every game (and variation) of PGN files under its "
		"variant's rules; report each problem as FILE:LINE:COL; pass "
		"valid games through.\vWith no FILE, or when FILE is -, read "
		"standard input.  Exit status: 0 all games valid, 1 some "
		"invalid, 2 usage or I/O error.",
		children, run_help_filter, NULL
	};
	struct validate v = { 0 };
	int first;
	run_options_init(&v.opts);
	v.opts.replay.san_only = true;
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &v);
	inputs_declare(argv + first, argc - first);
	struct run_config cfg = {
		/* Games are read without their movetext tree: most replay
		 * straight from the bytes, and game_replay() reads the tree
		 * of the few that need one.  With --full-replay every game
		 * needs it, read at once. */
		.jobs = v.opts.jobs,
		.reader = { .tags_only = !v.opts.replay.full_replay },
		.diag = run_options_diag(&v.opts),
		.match = &v.opts.match, .game = validate_game, .ctx = &v,
	};
	if (v.output_path)
		cfg.streams[S_OUTPUT] = output_open(v.output_path);
	if (v.reject_path)
		cfg.streams[S_REJECT] = output_open(v.reject_path);
	int status = run_files(argv + first, argc - first, &cfg);
	/* Selection's warnings for inputs that were read. */
	int selection = status ? 0 :
		run_selection_end(&v.opts, &cfg.diag, cfg.counts[C_VALID] +
				  cfg.counts[C_INVALID], cfg.unselected);
	print_summary(&v, &cfg);
	if (output_close(cfg.streams[S_OUTPUT], v.output_path) != 0 ||
	    output_close(cfg.streams[S_REJECT], v.reject_path) != 0)
		status = EXIT_TROUBLE;
	if (diag_policy_close(&cfg.diag) != 0)
		status = EXIT_TROUBLE;
	run_options_release(&v.opts);
	if (status == 0 && (cfg.counts[C_INVALID] || selection))
		status = EXIT_INVALID;
	return status;
}
