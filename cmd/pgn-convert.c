/* pgn-convert: replay every game, write it again in PGN export format, in
 * another notation, as JSON, or as lines of positions or moves; games
 * that fail are passed on byte for byte. */
#include <argp.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "parallel.h"
#include "../libparse/json_games.h"

const char *argp_program_version = "pgn-convert (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum {
	OPT_FROM = 256, OPT_TAGS, OPT_WIDTH, OPT_MAINLINE, OPT_STRIP_COMMENTS,
	OPT_STRIP_VARIATIONS, OPT_STRIP_NAGS, OPT_STRIP_CLOCKS, OPT_VARIANT,
	OPT_FORCE_VARIANT, OPT_JOBS, OPT_FULL_REPLAY
};

static const struct argp_option options[] = {
	{ "format", 'f', "FORMAT", 0, "Output: pgn (default), json, ndjson, fen, epd or uci-line", 0 },
	{ "notation", 'n', "NOTATION", 0, "Moves in PGN output: san (default), lan, uci or figurine", 0 },
	{ "from", OPT_FROM, "FORMAT", 0, "Input: pgn (default), or json (the JSON or NDJSON that --format json writes)", 0 },
	{ "output", 'o', "FILE", 0, "Write to FILE instead of standard output", 0 },
	{ "reject", 'r', "FILE", 0, "Write the games that fail, byte for byte, to FILE instead of the output", 0 },
	{ "tags", OPT_TAGS, "WHICH", 0, "Tags to write: all (default), roster or none (the tags the rules need are always kept)", 0 },
	{ "width", OPT_WIDTH, "N", 0, "PGN movetext lines shorter than N characters (default 80; 0: no wrapping)", 0 },
	{ "strip-comments", OPT_STRIP_COMMENTS, NULL, 0, "Leave out comments", 0 },
	{ "strip-variations", OPT_STRIP_VARIATIONS, NULL, 0, "Leave out variations", 0 },
	{ "strip-nags", OPT_STRIP_NAGS, NULL, 0, "Leave out NAGs", 0 },
	{ "strip-clocks", OPT_STRIP_CLOCKS, NULL, 0, "Leave out [%clk] and [%emt] commands in comments", 0 },
	{ "mainline", OPT_MAINLINE, NULL, 0, "fen, epd: the positions of the main line only", 0 },
	{ "match", 'm', "TAG=REGEX", 0, "Only games whose TAG matches the PCRE2 REGEX (repeatable: all must hold; a missing tag reads as empty)", 0 },
	{ "variant", OPT_VARIANT, "ID", 0, "Variant of games without a [Variant] tag (default: standard)", 0 },
	{ "force-variant", OPT_FORCE_VARIANT, NULL, 0, "Apply --variant to every game, whatever its tag", 0 },
	{ "strict", 's', NULL, 0, "Treat every warning as an error (the game fails)", 0 },
	{ "json", 'j', NULL, 0, "Diagnostics as JSON lines", 0 },
	{ "no-warnings", 'w', NULL, 0, "Do not print warnings", 0 },
	{ "quiet", 'q', NULL, 0, "Print no diagnostics", 0 },
	{ "jobs", OPT_JOBS, "N", 0, "Convert games on N threads (default 1; 0: one per processor); the output does not change", 0 },
	{ "full-replay", OPT_FULL_REPLAY, NULL, 0, "Replay every game from its movetext tree, never by the fast path; the output does not change", 0 },
	{ 0 }
};

struct convert {
	struct diag_printer printer;
	struct matcher match;
	struct replay_opts replay;
	struct conv_opts conv;
	struct conv_writer writer;
	struct conv_game cg;
	bool from_json;
	const char *output_path, *reject_path;
	FILE *reject;
	struct raw_copy copy;
	unsigned long long failed;
	const struct replay_opts *game_replay;	/* this game's rules */
	/* --from json: diagnostics point at the game's object */
	uint64_t json_index;
	struct pgn_loc json_at;
	unsigned jobs;
};

/* A table-driven option value: NAME of a table, -1 when unknown. */
static int choice(struct argp_state *state, const char *opt, const char *arg,
		  int (*parse)(const char *), const char *known)
{
	int v = parse(arg);
	if (v < 0)
		argp_error(state, "--%s: unknown value '%s' (known: %s)", opt,
			   arg, known);
	return v;
}

static int from_parse(const char *name)
{
	return strcmp(name, "pgn") == 0 ? 0 : strcmp(name, "json") == 0 ? 1 : -1;
}

static unsigned width_arg(struct argp_state *state, const char *arg)
{
	unsigned long long v;
	if (count_parse(arg, 1000000, &v) != 0)
		argp_error(state, "--width: '%s' is not a number from 0 to "
			   "1000000", arg);
	return (unsigned)v;
}

static void variant_option(struct argp_state *state, struct convert *c,
			   const char *arg)
{
	c->replay.variant = variant_arg(arg);
	if (!c->replay.variant)
		argp_error(state, "unknown variant '%s' (known: %s)", arg,
			   variant_id_list());
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct convert *c = state->input;
	struct conv_opts *o = &c->conv;
	char why[256];
	switch (key) {
	case 'f': c->writer.format = (enum conv_format)choice(state, "format", arg,
			conv_format_parse, "pgn, json, ndjson, fen, epd, uci-line"); break;
	case 'n': o->notation = (enum notation)choice(state, "notation", arg,
			conv_notation_parse, "san, lan, uci, figurine"); break;
	case OPT_FROM: c->from_json = choice(state, "from", arg, from_parse,
					     "pgn, json"); break;
	case 'o': c->output_path = arg; break;
	case 'r': c->reject_path = arg; break;
	case OPT_TAGS: o->tags = (enum conv_tags)choice(state, "tags", arg,
			conv_tags_parse, "all, roster, none"); break;
	case OPT_WIDTH: o->width = width_arg(state, arg); break;
	case OPT_STRIP_COMMENTS: o->strip_comments = true; break;
	case OPT_STRIP_VARIATIONS: o->strip_variations = true; break;
	case OPT_STRIP_NAGS: o->strip_nags = true; break;
	case OPT_STRIP_CLOCKS: o->strip_clocks = true; break;
	case OPT_MAINLINE: o->mainline = true; break;
	case 'm':
		if (matcher_add(&c->match, arg, why, sizeof why) != 0)
			argp_error(state, "--match %s", why);
		break;
	case OPT_VARIANT: variant_option(state, c, arg); break;
	case OPT_FORCE_VARIANT: c->replay.force_variant = true; break;
	case 's': c->printer.strict = c->replay.strict = true; break;
	case 'j': c->printer.json = true; break;
	case 'w': c->printer.no_warnings = true; break;
	case 'q': c->printer.quiet = true; break;
	case OPT_JOBS: c->jobs = jobs_arg(state, arg); break;
	case OPT_FULL_REPLAY: c->replay.full_replay = true; break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* ---------------------------------------------------------------- games */

/* Whether the writer walks variations: the replay records their moves
 * only then. */
static bool wants_variations(const struct convert *c)
{
	switch (c->writer.format) {
	case CONV_UCI_LINE: return false;
	case CONV_FEN:
	case CONV_EPD: return !c->conv.mainline && !c->conv.strip_variations;
	default: return !c->conv.strip_variations;
	}
}

/* --from json: the diagnostics of a game point at its JSON object. */
static void json_report(void *ctx, const struct diag *orig)
{
	struct convert *c = ctx;
	struct diag d = *orig;
	d.game = c->json_index;
	if (d.line) {
		d.line = c->json_at.line;
		d.col = c->json_at.col;
	}
	diag_printer_report(&c->printer, &d);
}

static void report(void *ctx, const struct diag *d)
{
	struct convert *c = ctx;
	if (c->from_json)
		json_report(c, d);
	else
		diag_printer_report(&c->printer, d);
}

static int convert_game(void *ctx, struct pgn_game *g)
{
	struct convert *c = ctx;
	bool selected = matcher_test(&c->match, g, report, c);
	diag_printer_release(&c->printer, selected);
	if (!selected) {
		raw_copy(&c->copy, NULL, g);
		return 0;
	}
	int replayed = conv_game_replay(&c->cg, g, c->game_replay,
					wants_variations(c), report, c);
	/* The printer counts the reader's and the replay's errors alike. */
	if (c->printer.errors == 0 && replayed == 0 &&
	    !(g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE))) {
		conv_writer_game(&c->writer, &c->cg);
		return 0;
	}
	c->failed++;
	/* The rest of a cut game goes to the reject file only: in the
	 * output (in JSON a string) the game keeps its first bytes, as
	 * with --jobs, whose chunks hold the output of a failed game. */
	raw_copy(&c->copy, c->reject, g);
	if (!c->reject)
		conv_writer_failed(&c->writer, g);
	return 0;
}

/* One game object: its PGN text read as any PGN.  A game replayed under
 * --variant without a [Variant] tag says so in "variant": that is its
 * default, unless --force-variant says otherwise. */
static void convert_json_game(struct convert *c, const char *name,
			      const char *text, size_t len, const char *variant)
{
	struct replay_opts game = c->replay;
	const struct variant *v = variant ? variant_by_name(variant) : NULL;
	if (v && !game.force_variant)
		game.variant = v;
	c->game_replay = &game;
	struct pgn_reader_opts ro = { 0 };
	struct pgn_reader *r = pgn_reader_from_memory(name, text, len, &ro);
	struct pgn_game g;
	struct diag err = { 0 };
	pgn_game_init(&g);
	diag_printer_hold(&c->printer);
	while (pgn_reader_next(r, &g, report, c, &err) > 0) {
		g.index = c->json_index;
		convert_game(c, &g);
		/* As for_each_game: stop when the reader is gone. */
		outputs_check();
		diag_printer_hold(&c->printer);
	}
	diag_printer_release(&c->printer, true);
	pgn_game_release(&g);
	pgn_reader_close(r);
	c->game_replay = &c->replay;
}

/* A game's "variant" member names rules, else the object is no game (2,
 * *err saying why), as a [Variant] tag's unknown name is the game's
 * fault, never standard chess in silence.  The reader knows no rules and
 * reads that member first, so this fault stands before any other it found
 * in the object.  A name of 32 bytes or more names none, whatever a
 * \u0000 in it cuts it to (the reader's bound when it checked). */
static int json_variant(struct json_games *jg, int rc, const char **variant,
			struct diag *err)
{
	char message[200];
	struct pgn_loc at;
	size_t n;
	*variant = json_games_variant(jg, &n, &at);
	if (!*variant || (n < 32 && variant_by_name(*variant)))
		return rc;
	snprintf(message, sizeof message,
		 "unknown variant \"%.40s\" (known: %s)", *variant,
		 variant_id_list());
	json_games_reject(jg, at, message, err);
	return 2;
}

static int read_json_file(struct convert *c, const char *path)
{
	struct diag err = { 0 };
	struct json_games *jg = json_games_open(path, &err);
	const char *text;
	size_t len;
	int rc;
	if (!jg) {
		warn_user("%s", err.message);
		return EXIT_TROUBLE;
	}
	c->json_index = 0;
	while ((rc = json_games_next(jg, &text, &len, &c->json_at, &err)) > 0) {
		const char *variant;
		c->json_index++;
		if (json_variant(jg, rc, &variant, &err) == 1) {
			convert_json_game(c, path, text, len, variant);
			continue;
		}
		/* No game to write, as a game the PGN reader cannot split
		 * has none: reported, counted, the next one read. */
		err.game = c->json_index;
		diag_printer_report(&c->printer, &err);
		c->failed++;
	}
	json_games_close(jg);
	if (rc == 0)
		return 0;
	err.game = c->json_index + 1;
	diag_printer_report(&c->printer, &err);
	return err.code == DC_IO ? EXIT_TROUBLE : EXIT_INVALID;
}

/* ------------------------------------------------------------ --jobs */

/* What convert_game() does, on a worker thread.  Each game is written by
 * the chunk's own writer (a piece of the output, see conv_writer) into
 * the worker's stream, whose bytes go to the chunk as its buffer fills:
 * a game's output is never held whole here (JSON of a 60 MB game is six
 * times that), and the chunk may write it on as it grows (parallel.h). */
enum { S_OUTPUT, S_REJECT };
enum { C_FAILED };

#define WORKER_BUFFER ((size_t)64 << 10)

struct worker {
	struct matcher match;
	struct conv_game cg;
	FILE *out;		/* writes to sink */
	struct par_sink *sink;	/* of the game being converted */
};

static ssize_t worker_write(void *cookie, const char *p, size_t n)
{
	struct worker *w = cookie;
	par_write(w->sink, S_OUTPUT, p, n);
	return (ssize_t)n;
}

/* The worker's bytes so far go to the chunk. */
static void worker_flush(struct worker *w)
{
	if (fflush(w->out) != 0)
		die("out of memory");
}

/* A game's number: the chunk reader's count, shifted when the chunk is
 * written (the games before it are known only then). */
static void chunk_number(void *ctx, FILE *out, uint64_t number)
{
	struct worker *w = ctx;
	(void)out;
	worker_flush(w);
	par_write_game_number(w->sink, S_OUTPUT, number);
}

static void *worker_new(void *ctx)
{
	const struct convert *c = ctx;
	struct worker *w = calloc(1, sizeof *w);
	if (!w)
		die("out of memory");
	matcher_copy(&w->match, &c->match);
	conv_game_init(&w->cg);
	w->out = fopencookie(w, "w", (cookie_io_functions_t){
					 .write = worker_write });
	if (!w->out || setvbuf(w->out, NULL, _IOFBF, WORKER_BUFFER) != 0)
		die("out of memory");
	return w;
}

static void worker_free(void *ctx, void *worker)
{
	struct worker *w = worker;
	(void)ctx;
	matcher_release(&w->match);
	conv_game_release(&w->cg);
	fclose(w->out);
	free(w);
}

static void *chunk_new(void *ctx)
{
	const struct convert *c = ctx;
	struct conv_writer *piece = calloc(1, sizeof *piece);
	if (!piece)
		die("out of memory");
	piece->format = c->writer.format;
	piece->opts = c->writer.opts;
	piece->piece = true;
	return piece;
}

static void chunk_free(void *ctx, void *chunk)
{
	(void)ctx;
	free(chunk);
}

/* The chunk's output follows what is written: its first game's debts. */
static void before_write(void *ctx, void *chunk)
{
	struct convert *c = ctx;
	conv_writer_join(&c->writer, chunk);
}

static void convert_chunk_game(void *ctx, void *worker, struct pgn_game *g,
			       struct par_sink *k)
{
	const struct convert *c = ctx;
	struct worker *w = worker;
	struct conv_writer *piece = par_chunk(k);
	bool selected = matcher_test(&w->match, g, par_report, k);
	par_release(k, selected);
	if (!selected)
		return;
	int replayed = conv_game_replay(&w->cg, g, &c->replay,
					wants_variations(c), par_report, k);
	bool ok = par_errors(k) == 0 && replayed == 0 &&
		  !(g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
	if (!ok) {
		par_count(k, C_FAILED);
		if (c->reject) {
			par_write_raw(k, S_REJECT, g);
			return;
		}
	}
	piece->out = w->out;
	piece->number = (struct conv_number){ chunk_number, w };
	w->sink = k;
	if (ok)
		conv_writer_game(piece, &w->cg);
	else
		conv_writer_failed(piece, g);
	worker_flush(w);
}

static int convert_parallel(struct convert *c, char **files, int nfiles)
{
	struct par_config cfg = {
		.jobs = c->jobs, .printer = c->printer,
		.streams = { [S_OUTPUT] = c->writer.out,
			     [S_REJECT] = c->reject },
		.worker_new = worker_new, .worker_free = worker_free,
		.chunk_new = chunk_new, .chunk_free = chunk_free,
		.before_write = before_write,
		.game = convert_chunk_game, .ctx = c,
	};
	int status = par_run_files(files, nfiles, &cfg);
	c->failed += cfg.counts[C_FAILED];
	return status;
}

static int read_inputs(struct convert *c, char **files, int nfiles)
{
	struct pgn_reader_opts ro = { .skipped = raw_copy_skipped,
				      .skipped_ctx = &c->copy };
	int status = 0;
	if (!c->from_json && c->jobs > 1)
		return convert_parallel(c, files, nfiles);
	if (!c->from_json)
		return for_each_game(files, nfiles, &ro, &c->printer,
				     convert_game, c);
	files_or_stdin(&files, &nfiles);
	for (int i = 0; i < nfiles; i++) {
		int rc = read_json_file(c, files[i]);
		if (rc > status)
			status = rc;
	}
	return status;
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp argp = {
		options, parse_opt, "[FILE...]",
		"Replay every game of PGN files (SAN, LAN or coordinates, any "
		"variant) and write it again: PGN export format in SAN, LAN, "
		"UCI or figurine notation, JSON, NDJSON, FEN or EPD lines, or "
		"one line of UCI moves per game.  Games that fail are written "
		"as they came.\vWith no FILE, or when FILE is -, read standard "
		"input.  Exit status: 0 every game converted, 1 some failed, "
		"2 usage or I/O error.",
		NULL, NULL, NULL
	};
	struct convert c = { .conv = { .width = 80 }, .jobs = 1 };
	int first;
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &c);
	inputs_declare(argv + first, argc - first);
	c.output_path = c.output_path ? c.output_path : "-";
	c.writer.out = output_open(c.output_path);
	c.writer.opts = &c.conv;
	if (c.reject_path)
		c.reject = output_open(c.reject_path);
	c.game_replay = &c.replay;
	conv_game_init(&c.cg);
	conv_writer_begin(&c.writer);
	int status = read_inputs(&c, argv + first, argc - first);
	conv_writer_end(&c.writer);
	if (output_close(c.writer.out, c.output_path) != 0 ||
	    output_close(c.reject, c.reject_path) != 0)
		status = EXIT_TROUBLE;
	conv_game_release(&c.cg);
	matcher_release(&c.match);
	if (status == 0 && c.failed)
		status = EXIT_INVALID;
	return status;
}
