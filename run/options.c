/* The option rows the game-reading commands share, as argp children, so
 * that each is spelled and parsed once.  See run.h. */
#include <argp.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"

enum {
	OPT_VARIANT = 0x1000, OPT_FORCE_VARIANT, OPT_FULL_REPLAY, OPT_JOBS,
	OPT_OR, OPT_GAMES, OPT_PROGRESS, OPT_NO_PROGRESS
};

enum { OPT_DIAGNOSTICS = 0x1100 };

static const struct argp_option diag_options[] = {
	{ "json", 'J', NULL, 0, "Diagnostics as JSON lines", 0 },
	{ "no-warnings", 'w', NULL, 0, "Do not print warnings (but those -W CODE turns on)", 0 },
	{ "warning", 'W', "CODE", 0, "CODE's warnings on (-W CODE), off (-W no-CODE, -Wno-CODE) or errors that make the game invalid (-W error=CODE); codes as in --json's \"code\" (repeatable)", 0 },
	{ "diagnostics", OPT_DIAGNOSTICS, "FILE", 0, "Print diagnostics to FILE ('-': standard output, when it carries nothing else) instead of standard error", 0 },
	{ "quiet", 'q', NULL, 0, "Print no diagnostics and no summary; only the exit status tells", 0 },
	{ 0 }
};

/* A code by its name (diag_code_name()), or DC_NONE. */
static enum diag_code code_by_name(const char *name)
{
	for (unsigned c = DC_NONE + 1; c < DC__COUNT; c++)
		if (strcmp(name, diag_code_name((enum diag_code)c)) == 0)
			return (enum diag_code)c;
	return DC_NONE;
}

/* -W CODE, -W no-CODE, -W error=CODE. */
static void warning_option(struct argp_state *state, struct run_options *o,
			   const char *arg)
{
	unsigned char level = DIAG_LEVEL_ON;
	const char *name = arg;
	if (strncmp(arg, "no-", 3) == 0)
		level = DIAG_LEVEL_OFF, name = arg + 3;
	else if (strncmp(arg, "error=", 6) == 0)
		level = DIAG_LEVEL_ERROR, name = arg + 6;
	enum diag_code code = code_by_name(name);
	if (code == DC_NONE)
		argp_error(state, "-W: unknown code '%s' (codes: %s)", name,
			   diag_code_list());
	o->diag_level[code] = level;
	o->diag_level_given = true;
}

static error_t diag_parse(int key, char *arg, struct argp_state *state)
{
	struct run_options *o = state->input;
	switch (key) {
	case 'J': o->json = true; break;
	case 'w': o->no_warnings = true; break;
	case 'W': warning_option(state, o, arg); break;
	case OPT_DIAGNOSTICS: o->diag_path = arg; break;
	case 'q': o->quiet = true; break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

void run_options_diag_check(struct argp_state *state,
			    const struct run_options *o, bool stdout_used)
{
	if (o->diag_path && strcmp(o->diag_path, "-") == 0 && stdout_used)
		argp_error(state, "--diagnostics -: standard output carries "
			   "the output; give --diagnostics a FILE or the "
			   "output -o FILE");
}

const struct argp run_diag_argp = { diag_options, diag_parse, NULL, NULL,
				    NULL, NULL, NULL };

/* Apart from the rows above, which game-stats, fen-moves and fen-render
 * do not share: every command that reads games or FENs reads them as
 * strictly. */
static const struct argp_option strict_options[] = {
	{ "strict", 's', NULL, 0, "Treat every warning as an error", 0 },
	{ 0 }
};

static error_t strict_parse(int key, char *arg, struct argp_state *state)
{
	struct run_options *o = state->input;
	(void)arg;
	if (key != 's')
		return ARGP_ERR_UNKNOWN;
	o->strict = o->replay.strict = true;
	return 0;
}

const struct argp run_strict_argp = { strict_options, strict_parse, NULL,
				      NULL, NULL, NULL, NULL };

static const struct argp_option select_options[] = {
	{ "match", 'm', "RULE", 0, "Only games whose tags meet RULE: TAG=REGEX (PCRE2), TAG!=REGEX, or TAG>=VALUE, <=, >, < for numbers and dates; Player is White or Black (repeatable: all must hold; a missing tag reads as empty)", 0 },
	{ "or", OPT_OR, NULL, 0, "Join the next --match to the one before: either may hold", 0 },
	{ "games", OPT_GAMES, "LIST", 0, "Only the games of these numbers in each input, as 10-20,35,100- (read on one thread)", 0 },
	{ "variant", OPT_VARIANT, "ID", 0, "Variant of games without a [Variant] tag (default: standard)", 0 },
	{ "force-variant", OPT_FORCE_VARIANT, NULL, 0, "Apply --variant to every game, whatever its tag", 0 },
	{ "full-replay", OPT_FULL_REPLAY, NULL, 0, "Replay every game from its movetext tree, never by the fast path; the output does not change", 0 },
	{ 0 }
};

static void variant_option(struct argp_state *state, struct run_options *o,
			   const char *arg)
{
	o->replay.variant = variant_arg(arg);
	if (!o->replay.variant)
		argp_error(state, "unknown variant '%s' (known: %s)", arg,
			   variant_id_list());
}

static error_t select_parse(int key, char *arg, struct argp_state *state)
{
	struct run_options *o = state->input;
	char why[256];
	switch (key) {
	case 'm':
		if (matcher_add(&o->match, arg, why, sizeof why) != 0)
			argp_error(state, "--match %s", why);
		break;
	case OPT_OR:
		if (matcher_or(&o->match, why, sizeof why) != 0)
			argp_error(state, "%s", why);
		break;
	case OPT_GAMES:
		if (matcher_games(&o->match, arg, why, sizeof why) != 0)
			argp_error(state, "%s", why);
		break;
	case ARGP_KEY_SUCCESS:
		if (matcher_check(&o->match, why, sizeof why) != 0)
			argp_error(state, "%s", why);
		/* A worker's games are numbered in its chunk: the input's
		 * numbers are known on one thread. */
		if (o->match.nranges)
			o->jobs = 1;
		return 0;
	case OPT_VARIANT: variant_option(state, o, arg); break;
	case OPT_FORCE_VARIANT: o->replay.force_variant = true; break;
	case OPT_FULL_REPLAY: o->replay.full_replay = true; break;
	default: return ARGP_ERR_UNKNOWN;
	}
	o->selection_used = true;
	return 0;
}

const struct argp run_select_argp = { select_options, select_parse, NULL,
				      NULL, NULL, NULL, NULL };

static const struct argp_option progress_options[] = {
	{ "progress", OPT_PROGRESS, NULL, 0, "Show the progress line even when standard error is not a terminal", 0 },
	{ "no-progress", OPT_NO_PROGRESS, NULL, 0, "Never show the progress line, shown by default when standard error is a terminal", 0 },
	{ 0 }
};

/* The progress line is the run's, one a process: the mode is kept
 * there, not in the options. */
static error_t progress_parse(int key, char *arg, struct argp_state *state)
{
	(void)arg;
	(void)state;
	if (key == OPT_PROGRESS)
		rp_progress_mode(RP_PROGRESS_ON);
	else if (key == OPT_NO_PROGRESS)
		rp_progress_mode(RP_PROGRESS_OFF);
	else
		return ARGP_ERR_UNKNOWN;
	return 0;
}

const struct argp run_progress_argp = { progress_options, progress_parse,
					NULL, NULL, NULL, NULL, NULL };

static const struct argp_option jobs_options[] = {
	{ "jobs", 'j', "N", 0, "Run games on N threads (default 1; 0: one per processor); the output does not change", 0 },
	{ 0 }
};

/* Every command that runs games on threads reads long inputs: the
 * progress rows come with --jobs. */
static const struct argp_child jobs_children[] = {
	{ &run_progress_argp, 0, NULL, 0 },
	{ 0 }
};

static error_t jobs_parse(int key, char *arg, struct argp_state *state)
{
	struct run_options *o = state->input;
	if (key != 'j')
		return ARGP_ERR_UNKNOWN;
	unsigned long long n;
	if (count_parse(arg, JOBS_MAX, &n) != 0)
		argp_error(state, "--jobs: '%s' is not a number from 0 to %d",
			   arg, JOBS_MAX);
	long cpus = n ? (long)n : sysconf(_SC_NPROCESSORS_ONLN);
	o->jobs = cpus > 0 ? (unsigned)cpus : 1;
	/* 0 asks for one a processor: more than one, on most machines, and
	 * the same answer whatever the machine. */
	o->jobs_many = n != 1;
	return 0;
}

const struct argp run_jobs_argp = { jobs_options, jobs_parse, NULL, NULL,
				    jobs_children, NULL, NULL };

void run_options_init(struct run_options *o)
{
	*o = (struct run_options){ .jobs = 1 };
}

void run_options_children(struct argp_state *state, struct run_options *o)
{
	/* The command's own argp: argp_parse() makes it the first child of
	 * a root of its own, beside --help and --version, unless told not
	 * to add those.  (Counting the root's children instead gave inputs
	 * to three children whatever the command had.) */
	const struct argp *mine = state->root_argp;
	if (!(state->flags & ARGP_NO_HELP))
		mine = mine->children[0].argp;
	for (unsigned i = 0; mine->children && mine->children[i].argp; i++)
		state->child_inputs[i] = o;
}

struct diag_policy run_options_diag(const struct run_options *o)
{
	struct diag_policy p = { .json = o->json, .quiet = o->quiet,
				 .no_warnings = o->no_warnings,
				 .strict = o->strict,
				 .count = o->diag_level_given };
	memcpy(p.level, o->diag_level, sizeof p.level);
	p.printed = xcalloc(DC__COUNT, sizeof *p.printed);
	if (o->diag_path) {
		p.to_path = o->diag_path;
		p.to = output_open(o->diag_path);
	}
	return p;
}

void run_options_release(struct run_options *o)
{
	matcher_release(&o->match);
}

/* --help's closing text: after the command's own, the variant ids that
 * --variant takes (as the rules library knows them) and where to read
 * more.  argp frees what this returns when it differs from text. */
char *run_help_filter(int key, const char *text, void *input)
{
	(void)input;
	if (key != ARGP_KEY_HELP_POST_DOC)
		return (char *)text;
	char *out;
	if (asprintf(&out, "%s%sVariant ids, for --variant: "
		     "%s.\n\nSee %s(1) for everything, pawnkit-variants(7) for "
		     "the variants' rules and pawnkit-notation(5) for the "
		     "notation.", text ? text : "", text ? "\n\n" : "",
		     variant_id_list(), program_invocation_short_name) < 0)
		return (char *)text;
	return out;
}

/* ------------------------------------------------------------- origin */

enum {
	OPT_FIRST_LINE = 0x1100, OPT_FIRST_COLUMN, OPT_FIRST_GAME, OPT_LABEL,
	OPT_RANGE
};

static const struct argp_option origin_options[] = {
	{ "first-line", OPT_FIRST_LINE, "N", 0, "The input is a piece of a file starting at its line N (pgn-split's manifest): diagnostics give the file's lines", 0 },
	{ "first-column", OPT_FIRST_COLUMN, "N", 0, "The piece starts at column N of its first line", 0 },
	{ "first-game", OPT_FIRST_GAME, "N", 0, "The piece's first game is game N of the file: game numbers are the file's", 0 },
	{ "label", OPT_LABEL, "NAME", 0, "Name the input NAME in diagnostics (a piece read from a pipe)", 0 },
	{ "range", OPT_RANGE, "START:END", 0, "Only the games of FILE that start in bytes START to END (END excluded), numbered as in the whole file (on one thread)", 0 },
	{ 0 }
};

/* A number from 1 to max, for the option named name. */
static unsigned long long origin_number(struct argp_state *state,
					const char *name, const char *arg,
					unsigned long long max)
{
	unsigned long long n;
	if (count_parse(arg, max, &n) != 0 || n == 0)
		argp_error(state, "--%s: '%s' is not a number from 1 to %llu",
			   name, arg, max);
	return n;
}

/* --range START:END, START at most END. */
static void range_option(struct argp_state *state, struct run_origin *o,
			 char *arg)
{
	char *colon = strchr(arg, ':');
	unsigned long long start = 0, end = 0;
	if (colon)
		*colon = '\0';
	if (!colon || count_parse(arg, UINT64_MAX, &start) != 0 ||
	    count_parse(colon + 1, UINT64_MAX, &end) != 0 || start > end)
		argp_error(state, "--range: '%s%s%s' is not START:END, two "
			   "byte offsets with START at most END", arg,
			   colon ? ":" : "", colon ? colon + 1 : "");
	o->range = true;
	o->range_start = start;
	o->range_end = end;
}

static error_t origin_parse(int key, char *arg, struct argp_state *state)
{
	struct run_origin *o = &((struct run_options *)state->input)->origin;
	switch (key) {
	case OPT_FIRST_LINE:
		o->line = (uint32_t)origin_number(state, "first-line", arg,
						  UINT32_MAX);
		break;
	case OPT_FIRST_COLUMN:
		o->column = (uint32_t)origin_number(state, "first-column", arg,
						    UINT32_MAX);
		break;
	case OPT_FIRST_GAME:
		o->game = origin_number(state, "first-game", arg, UINT64_MAX);
		break;
	case OPT_LABEL: o->label = arg; break;
	case OPT_RANGE: range_option(state, o, arg); break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp run_origin_argp = { origin_options, origin_parse, NULL,
				      NULL, NULL, NULL, NULL };
