/* pgn-validate: replay every game and variation; report each bad move;
 * pass valid (and rejected) games through byte for byte. */
#include <argp.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../run/run.h"

const char *argp_program_version = "pgn-validate (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum { OPT_PARTIAL = 256, OPT_MERGE };

static const struct argp_option options[] = {
	{ "output", 'o', "FILE", 0, "Write the valid games, byte for byte, to FILE ('-': standard output)", 0 },
	{ "reject", 'r', "FILE", 0, "Write the invalid games, byte for byte, to FILE", 0 },
	{ "partial", OPT_PARTIAL, NULL, 0, "Write the counts to standard output as a partial summary, to be added up by --merge, instead of the summary line", 0 },
	{ "merge", OPT_MERGE, NULL, 0, "Read partial summaries (FILEs) instead of games, add them up and print the summary of the whole (a partial again with --partial)", 0 },
	{ 0 }
};

/* Games counted, and the two outputs the games go to. */
enum { C_VALID, C_INVALID };
enum { S_OUTPUT, S_REJECT };

struct validate {
	struct run_options opts;
	const char *output_path, *reject_path;
	bool partial, merge;
};

static bool is_stdout(const char *path)
{
	return path && strcmp(path, "-") == 0;
}

/* The counts a summary is made of, and the lines of a partial. */
enum { P_GAMES, P_VALID, P_INVALID, P_UNSELECTED, P_COUNTS };
static const char *const count_names[P_COUNTS] = {
	"games", "valid", "invalid", "unselected"
};
#define PARTIAL_HEADER "pgn-validate-partial"
#define PARTIAL_VERSION 1
/* A partial's lines are short: one longer is not one of them. */
#define PARTIAL_LINE_MAX 64

/* --merge reads no games, and --partial's counts go to standard
 * output, where no games may go. */
static void options_check(struct argp_state *state, const struct validate *v)
{
	if (v->merge && (v->output_path || v->reject_path ||
			 v->opts.selection_used))
		argp_error(state, "--merge reads partial summaries, not games: "
			   "it takes no -o, --reject nor selection");
	if (v->partial && ((v->output_path && !strcmp(v->output_path, "-")) ||
			   (v->reject_path && !strcmp(v->reject_path, "-"))))
		argp_error(state, "--partial writes to standard output: the "
			   "games cannot go there too");
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct validate *v = state->input;
	switch (key) {
	case 'o': v->output_path = arg; break;
	case 'r': v->reject_path = arg; break;
	case OPT_PARTIAL: v->partial = true; break;
	case OPT_MERGE: v->merge = true; break;
	case ARGP_KEY_INIT: run_options_children(state, &v->opts); break;
	case ARGP_KEY_SUCCESS:
		options_check(state, v);
		/* --diagnostics - needs standard output free of games and of
		 * --partial's counts. */
		run_options_diag_check(state, &v->opts,
				       is_stdout(v->output_path) ||
				       is_stdout(v->reject_path) || v->partial);
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

/* The summary line of the counts c, then the count of warnings by code
 * that diag (NULL: none, as --merge has) kept. */
static void print_summary(const struct validate *v, const uint64_t *c,
			  const struct diag_policy *diag)
{
	unsigned long long valid = c[P_VALID], invalid = c[P_INVALID],
			   unselected = c[P_UNSELECTED];
	if (v->opts.quiet)
		return;
	if (v->opts.json) {
		fprintf(stderr, "{\"games\":%llu,\"valid\":%llu,\"invalid\":%llu,"
			"\"unselected\":%llu", valid + invalid, valid,
			invalid, unselected);
		if (diag)
			diag_counts_print(diag, stderr);
		fputs("}\n", stderr);
		return;
	}
	fprintf(stderr, "%llu %s: %llu valid, %llu invalid", valid + invalid,
		plural(valid + invalid, "game", "games"), valid, invalid);
	if (unselected)
		fprintf(stderr, ", %llu not selected by --match", unselected);
	putc('\n', stderr);
	if (diag)
		diag_counts_print(diag, stderr);
}

/* --partial: the counts as lines, the header first. */
static void write_partial(const uint64_t *c)
{
	printf("%s\t%d\n", PARTIAL_HEADER, PARTIAL_VERSION);
	for (unsigned i = 0; i < P_COUNTS; i++)
		printf("%s\t%llu\n", count_names[i], (unsigned long long)c[i]);
}

/* The next line of f into buf[0, cap), its line end (LF or CRLF)
 * dropped: 1; 0 at the end of f; -1 when the line is longer than any of
 * a partial's or holds a NUL; -2 when it does not end (a cut file). */
static int partial_read(FILE *f, char *buf, size_t cap)
{
	size_t n = 0;
	int ch;
	while ((ch = getc(f)) != EOF && ch != '\n') {
		if (n + 1 >= cap || ch == '\0')
			return -1;
		buf[n++] = (char)ch;
	}
	if (ch == EOF)
		return n ? -2 : 0;
	if (n && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	return 1;
}

/* A header's version: 0 when it is this one, else -1 with why. */
static int partial_version(const char *value, char *why, size_t n)
{
	unsigned long long version;
	if (count_parse(value, UINT32_MAX, &version) == 0 &&
	    version == PARTIAL_VERSION)
		return 0;
	snprintf(why, n, "a partial of version '%.20s': this pgn-validate "
		 "reads version %d; make it again from the games", value,
		 PARTIAL_VERSION);
	return -1;
}

/* One line, the header or a count added to c (checked for overflow): 0,
 * or -1 with why. */
static int partial_line(char *line, bool first, uint64_t *c, char *why,
			size_t n)
{
	char *value = strchr(line, '\t');
	unsigned long long v;
	if (value)
		*value++ = '\0';
	/* Partials concatenated: a header starts each. */
	if (value && !strcmp(line, PARTIAL_HEADER))
		return partial_version(value, why, n);
	if (first) {
		snprintf(why, n, "not a pgn-validate partial (its first line "
			 "is not a '" PARTIAL_HEADER "' header)");
		return -1;
	}
	for (unsigned i = 0; value && i < P_COUNTS; i++) {
		if (strcmp(line, count_names[i]))
			continue;
		if (count_parse(value, UINT64_MAX, &v) != 0) {
			snprintf(why, n, "'%s' is not followed by a number",
				 count_names[i]);
			return -1;
		}
		if (__builtin_add_overflow(c[i], v, &c[i])) {
			snprintf(why, n, "the sum of '%s' passes 2^64 - 1",
				 count_names[i]);
			return -1;
		}
		return 0;
	}
	snprintf(why, n, "not a line of a pgn-validate partial");
	return -1;
}

/* Adds up the partial in f: 0, or -1 (reported, with the line). */
static int merge_file(FILE *f, const char *name, uint64_t *c)
{
	char line[PARTIAL_LINE_MAX], why[160];
	unsigned long nr = 0;
	int rc;
	while ((rc = partial_read(f, line, sizeof line)) == 1)
		if (partial_line(line, nr++ == 0, c, why, sizeof why) != 0) {
			warn_user("%s:%lu: %s", name, nr, why);
			return -1;
		}
	if (ferror(f))
		warn_user("%s: %s", name, strerror(errno));
	else if (rc == -1)
		warn_user("%s:%lu: a line longer than any of a partial, or "
			  "holding a NUL byte", name, nr + 1);
	else if (rc == -2)
		warn_user("%s:%lu: the last line does not end in a newline: "
			  "the partial is cut", name, nr + 1);
	else if (nr == 0)
		warn_user("%s: empty, not a pgn-validate partial", name);
	return rc == 0 && nr && !ferror(f) ? 0 : -1;
}

/* Adds up the partials of files ("-": standard input): 0, or
 * EXIT_TROUBLE (reported) when one cannot be read or does not add up. */
static int merge_files(char **files, int nfiles, uint64_t *c)
{
	files_or_stdin(&files, &nfiles);
	for (int i = 0; i < nfiles; i++) {
		bool std = !strcmp(files[i], "-");
		FILE *f = std ? stdin : fopen(files[i], "r");
		if (!f) {
			warn_user("cannot open '%s': %s", files[i],
				  strerror(errno));
			return EXIT_TROUBLE;
		}
		int rc = merge_file(f, files[i], c);
		if (!std)
			fclose(f);
		if (rc != 0)
			return EXIT_TROUBLE;
	}
	if (c[P_GAMES] != c[P_VALID] + c[P_INVALID] ||
	    c[P_VALID] > c[P_GAMES]) {
		warn_user("the partials do not add up: %llu games, but %llu "
			  "valid and %llu invalid",
			  (unsigned long long)c[P_GAMES],
			  (unsigned long long)c[P_VALID],
			  (unsigned long long)c[P_INVALID]);
		return EXIT_TROUBLE;
	}
	return 0;
}

/* The summary of the counts c, or their partial; the exit status. */
static int summary_end(const struct validate *v, const uint64_t *c,
		       int status, const struct diag_policy *diag)
{
	if (v->partial && status != EXIT_TROUBLE)
		write_partial(c);
	else if (!v->partial)
		print_summary(v, c, diag);
	if (fflush(stdout) != 0 || ferror(stdout))
		status = EXIT_TROUBLE;
	if (status == 0 && c[P_INVALID])
		status = EXIT_INVALID;
	return status;
}

/* --merge: the partials of files added up, and their summary. */
static int merge_main(const struct validate *v, char **files, int nfiles)
{
	uint64_t c[P_COUNTS] = { 0 };
	int status = merge_files(files, nfiles, c);
	return status ? status : summary_end(v, c, 0, NULL);
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp_child children[] = {
		{ &run_diag_argp, 0, NULL, 0 },
		{ &run_strict_argp, 0, NULL, 0 },
		{ &run_select_argp, 0, NULL, 0 },
		{ &run_jobs_argp, 0, NULL, 0 },
		{ &run_origin_argp, 0, NULL, 0 },
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
	if (v.merge)
		return merge_main(&v, argv + first, argc - first);
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
		.origin = v.opts.origin,
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
	uint64_t c[P_COUNTS] = {
		cfg.counts[C_VALID] + cfg.counts[C_INVALID],
		cfg.counts[C_VALID], cfg.counts[C_INVALID], cfg.unselected
	};
	status = summary_end(&v, c, status, &cfg.diag);
	if (output_close(cfg.streams[S_OUTPUT], v.output_path) != 0 ||
	    output_close(cfg.streams[S_REJECT], v.reject_path) != 0)
		status = EXIT_TROUBLE;
	if (diag_policy_close(&cfg.diag) != 0)
		status = EXIT_TROUBLE;
	run_options_release(&v.opts);
	if (status == 0 && selection)
		status = EXIT_INVALID;
	return status;
}
