/* pgn-convert: replay every game, write it again in PGN export format, in
 * another notation, as JSON, or as lines of positions or moves; games
 * that fail are passed on byte for byte (PGN), as records (JSON), or
 * left out (line formats). */
#include <argp.h>
#include <stdlib.h>
#include <string.h>

#include "../libparse/json_games.h"
#include "../run/run.h"

const char *argp_program_version = "pgn-convert (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum {
	OPT_FROM = 256, OPT_TAGS, OPT_WIDTH, OPT_MAINLINE, OPT_STRIP_COMMENTS,
	OPT_STRIP_VARIATIONS, OPT_STRIP_NAGS, OPT_STRIP_CLOCKS, OPT_SHREDDER,
	OPT_FIELDS
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
	{ "fields", OPT_FIELDS, "LIST", 0, "json, ndjson: the members of each move besides its ply, of san, lan, uci and fen (default: all), such as san,uci", 0 },
	{ "mainline", OPT_MAINLINE, NULL, 0, "fen, epd: the positions of the main line only", 0 },
	{ "shredder-fen", OPT_SHREDDER, NULL, 0, "fen, epd: castling rights as their rooks' files (Shredder-FEN: HAha), not KQkq", 0 },
	{ 0 }
};

struct convert {
	struct run_options opts;
	struct conv_opts conv;
	enum conv_format format;
	struct conv_writer *writer;	/* the output's stream */
	bool from_json;
	const char *output_path, *reject_path;
	/* The rules of the game being run: opts.replay, or a JSON game's
	 * own (--from json runs on the calling thread alone). */
	const struct replay_opts *game_replay;
	unsigned long long failed;	/* JSON objects that hold no game */
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

/* An output path that is standard output: "-" (none: the output's). */
static bool is_stdout(const char *path)
{
	return path && strcmp(path, "-") == 0;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct convert *c = state->input;
	struct conv_opts *o = &c->conv;
	switch (key) {
	case 'f': c->format = (enum conv_format)choice(state, "format", arg,
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
	case OPT_FIELDS: o->omit = (unsigned)choice(state, "fields", arg,
			conv_fields_parse, "a list of san, lan, uci, fen"); break;
	case OPT_MAINLINE: o->mainline = true; break;
	case OPT_SHREDDER: o->castling = FEN_SHREDDER; break;
	case ARGP_KEY_INIT: run_options_children(state, &c->opts); break;
	case ARGP_KEY_SUCCESS:
		if (c->from_json && c->opts.jobs_many)
			argp_error(state, "--jobs: JSON input (--from json) is "
				   "read on one thread");
		run_options_diag_check(state, &c->opts, !c->output_path ||
				       is_stdout(c->output_path) ||
				       is_stdout(c->reject_path));
		break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* ---------------------------------------------------------------- games */

/* Whether the writer walks variations: the replay records their moves
 * only then. */
static bool wants_variations(const struct convert *c)
{
	switch (c->format) {
	case CONV_UCI_LINE: return false;
	case CONV_FEN:
	case CONV_EPD: return !c->conv.mainline && !c->conv.strip_variations;
	default: return !c->conv.strip_variations;
	}
}

/* Games are read without a tree, as pgn-validate reads them, and a game
 * the fast path does not take is read again with it (game_replay()).
 * FEN, EPD and UCI lines write positions and moves, which the replay
 * records, and nothing else of the movetext.  PGN and JSON read the tree
 * of a game whose bytes hold more than moves before its replay
 * (conv_game.wants_tree).  Not under --full-replay, whose reader builds
 * the tree with the stream. */
static bool needs_no_tree(const struct convert *c)
{
	return !c->opts.replay.full_replay;
}

/* Whether the writer walks the movetext's tree (PGN, JSON), not the
 * replay's records alone. */
static bool walks_tree(const struct convert *c)
{
	return c->format == CONV_PGN || c->format == CONV_JSON ||
	       c->format == CONV_NDJSON;
}

/* Each game is written by its chunk's own writer (a piece of the output,
 * see conv_writer), whose first game's debts to the output before it are
 * paid when the chunk is written (before_write). */
enum { S_OUTPUT, S_REJECT };
enum { C_FAILED, C_GAMES };

/* A thread's game record, reused from game to game, and how the rest of
 * a failed game cut at the size limit is written after it. */
struct conv_worker {
	struct conv_game game;
	struct conv_rest rest;
};

static void *worker_new(void *ctx)
{
	(void)ctx;
	struct conv_worker *cw = xmalloc(sizeof *cw);
	conv_game_init(&cw->game);
	return cw;
}

static void worker_free(void *ctx, void *worker)
{
	(void)ctx;
	struct conv_worker *cw = worker;
	conv_game_release(&cw->game);
	free(cw);
}

static void rest_write(void *ctx, FILE *out, const char *p, size_t n)
{
	conv_rest_write(ctx, out, p, n);
}

static void rest_end(void *ctx, FILE *out)
{
	conv_rest_end(ctx, out);
}

static void *chunk_new(void *ctx)
{
	const struct convert *c = ctx;
	return conv_writer_piece(c->writer);
}

static void chunk_free(void *ctx, void *chunk)
{
	(void)ctx;
	conv_writer_free(chunk);
}

static void before_write(void *ctx, void *chunk)
{
	struct convert *c = ctx;
	conv_writer_join(c->writer, chunk);
}

/* A game's number: the chunk's count, made the input's when the chunk is
 * written. */
static void game_number(void *ctx, FILE *out, uint64_t number)
{
	(void)out;
	run_write_game_number(ctx, S_OUTPUT, number);
}

/* How the game's number is written.  With one job its index is its
 * number in the input already (the input is run as one stream, from its
 * first byte, as run_text() runs a JSON object's text): digits, written
 * with the rest.  With more, only the chunk's count is known here, made
 * the input's by the sink when the chunk is written; the place of each
 * number is a record of the sink, which costs a line of FEN or EPD more
 * than the line itself.  So does a piece of a file (--first-game,
 * --range), whose numbers are the file's. */
static struct conv_number game_number_of(const struct convert *c,
					 struct run_sink *k)
{
	if (c->opts.jobs == 1 && c->opts.origin.game <= 1 &&
	    !c->opts.origin.range)
		return (struct conv_number){ NULL, NULL };
	return (struct conv_number){ game_number, k };
}

/* A game that fails goes as it came to the rejects when there are, else
 * as its format writes a failed game; whole: a game cut at the size
 * limit has its rest written after its first bytes. */
static void convert_failed(const struct convert *c, struct conv_worker *cw,
			   const struct pgn_game *g, struct run_sink *k)
{
	struct conv_writer *piece = run_chunk(k);
	run_count(k, C_FAILED);
	conv_game_read_tree(&cw->game);
	if (c->reject_path) {
		run_write_raw(k, S_REJECT, g);
		return;
	}
	conv_writer_to(piece, run_file(k, S_OUTPUT), game_number_of(c, k));
	if (conv_writer_failed(piece, &cw->game, &cw->rest))
		run_write_rest(k, S_OUTPUT, g,
			       (struct run_rest){ rest_write, rest_end,
						  &cw->rest });
}

/* One game: replayed and written in the output's format. */
static void convert_game(void *ctx, void *worker, struct pgn_game *g,
			 struct run_sink *k)
{
	const struct convert *c = ctx;
	struct conv_worker *cw = worker;
	struct conv_game *cg = &cw->game;
	struct conv_writer *piece = run_chunk(k);
	cg->moves_only = c->format == CONV_UCI_LINE && needs_no_tree(c);
	cg->wants_tree = walks_tree(c) && needs_no_tree(c);
	cg->text_notation = cg->wants_tree && c->format == CONV_PGN &&
			    c->conv.notation != NOTATION_FIGURINE ?
			    (int)c->conv.notation : -1;
	cg->text_json = cg->wants_tree && c->format != CONV_PGN;
	cg->text_fens = (c->format == CONV_FEN || c->format == CONV_EPD) &&
			needs_no_tree(c);
	cg->text_castling = c->conv.castling;
	cg->text_omit = c->conv.omit;
	cg->text_width = c->conv.width;
	int replayed = conv_game_replay(cg, g, c->game_replay,
					wants_variations(c), run_report, k);
	run_count(k, C_GAMES);
	if (run_game_failed(k, g) || replayed != 0) {
		convert_failed(c, cw, g, k);
		return;
	}
	conv_writer_to(piece, run_file(k, S_OUTPUT), game_number_of(c, k));
	conv_writer_game(piece, cg);
}

/* --from json: each game object's PGN text run as a document of its own,
 * its games numbered and placed as the object.  A game replayed under
 * --variant without a [Variant] tag says so in "variant": that is its
 * default, unless --force-variant says otherwise. */
static void convert_json_game(struct convert *c, struct run_config *cfg,
			      const char *name, const char *text, size_t len,
			      const char *variant, uint64_t index,
			      struct pgn_loc at)
{
	struct replay_opts game = c->opts.replay;
	const struct variant *v = variant ? variant_by_name(variant) : NULL;
	if (v && !game.force_variant)
		game.variant = v;
	c->game_replay = &game;
	run_text(cfg, name, text, len, index, at);
	c->game_replay = &c->opts.replay;
}

/* A JSON object or document that holds no game (game index). */
static void json_fault(const struct run_config *cfg, struct diag *err,
		       uint64_t index)
{
	err->game = index;
	diag_policy_print(&cfg->diag, err);
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

static int read_json_file(struct convert *c, struct run_config *cfg,
			  const char *path)
{
	struct diag err = { 0 };
	struct json_games *jg = json_games_open(path, &err);
	struct pgn_loc at;
	uint64_t index = 0;
	const char *text;
	size_t len;
	int rc;
	if (!jg) {
		warn_user("%s", err.message);
		return EXIT_TROUBLE;
	}
	while ((rc = json_games_next(jg, &text, &len, &at, &err)) > 0) {
		const char *variant;
		index++;
		cfg->reader.first_col = json_games_column(jg);
		cfg->reader.more_input = json_games_more(jg);
		if (json_variant(jg, rc, &variant, &err) == 1)
			convert_json_game(c, cfg, path, text, len, variant,
					  index, at);
		else {
			/* No game to write, as a game the PGN reader cannot
			 * split has none: reported, counted, the next read. */
			json_fault(cfg, &err, index);
			c->failed++;
		}
	}
	json_games_close(jg);
	if (rc == 0)
		return 0;
	json_fault(cfg, &err, index + 1);
	return err.code == DC_IO ? EXIT_TROUBLE : EXIT_INVALID;
}

static int read_inputs(struct convert *c, struct run_config *cfg,
		       char **files, int nfiles)
{
	int status = 0;
	if (!c->from_json)
		return run_files(files, nfiles, cfg);
	files_or_stdin(&files, &nfiles);
	for (int i = 0; i < nfiles; i++) {
		int rc = read_json_file(c, cfg, files[i]);
		if (rc > status)
			status = rc;
	}
	return status;
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
		"Replay every game of PGN files (SAN, LAN or coordinates, any "
		"variant) and write it again: PGN export format in SAN, LAN, "
		"UCI or figurine notation, JSON, NDJSON, FEN or EPD lines, or "
		"one line of UCI moves per game.  Games that fail go to "
		"--reject as they came; without it, PGN holds them as they "
		"came, JSON as records with \"error\" and \"raw\", and the "
		"line formats leave them out.\vWith no FILE, or when FILE is -, read standard "
		"input.  Exit status: 0 every game converted, 1 some failed, "
		"2 usage or I/O error.",
		children, run_help_filter, NULL
	};
	struct convert c = { .conv = { .width = 80 } };
	int first;
	run_options_init(&c.opts);
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &c);
	inputs_declare(argv + first, argc - first);
	c.output_path = c.output_path ? c.output_path : "-";
	FILE *out = output_open(c.output_path);
	c.game_replay = &c.opts.replay;
	struct run_config cfg = {
		.jobs = c.opts.jobs, .diag = run_options_diag(&c.opts),
		.match = &c.opts.match, .game = convert_game, .ctx = &c,
		.worker_new = worker_new, .worker_free = worker_free,
		.chunk_new = chunk_new, .chunk_free = chunk_free,
		.before_write = before_write,
		.streams = { [S_OUTPUT] = out }, .origin = c.opts.origin,
	};
	cfg.reader.tags_only = needs_no_tree(&c);
	if (c.reject_path)
		cfg.streams[S_REJECT] = output_open(c.reject_path);
	c.writer = conv_writer_new(out, c.format, &c.conv);
	int status = read_inputs(&c, &cfg, argv + first, argc - first);
	conv_writer_end(c.writer);
	/* Selection's warnings for inputs that were read. */
	int selection = status == EXIT_TROUBLE ? 0 :
		run_selection_end(&c.opts, &cfg.diag,
				  cfg.counts[C_GAMES] + c.failed,
				  cfg.unselected);
	if (!c.opts.json)
		diag_counts_print(&cfg.diag, stderr);
	if (output_close(out, c.output_path) != 0 ||
	    output_close(cfg.streams[S_REJECT], c.reject_path) != 0)
		status = EXIT_TROUBLE;
	if (diag_policy_close(&cfg.diag) != 0)
		status = EXIT_TROUBLE;
	run_options_release(&c.opts);
	if (status == 0 && (c.failed || cfg.counts[C_FAILED] || selection))
		status = EXIT_INVALID;
	return status;
}
