/* fen-render: diagrams of positions, from FEN or from the games of a PGN
 * file, as ASCII, Unicode or SVG; one stream or one file per position. */
#include <argp.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../run/run.h"

const char *argp_program_version = "fen-render (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum { OPT_VARIANT = 256, OPT_FORCE_VARIANT, OPT_START, OPT_PGN, OPT_PLY,
       OPT_ALL, OPT_FINAL, OPT_SIZE, OPT_FLIP, OPT_COORDS, OPT_NO_COORDS,
       OPT_LASTMOVE, OPT_HIGHLIGHT, OPT_ARROW, OPT_CHECK, OPT_THEME };

static const struct argp_option options[] = {
	{ NULL, 0, NULL, 0, "Output:", 1 },
	{ "format", 'f', "FORMAT", 0, "ascii (default), unicode or svg", 1 },
	{ "output-dir", 'o', "DIR", 0, "Write one file per position into DIR (created if missing), named after its game and ply", 1 },
	{ NULL, 0, NULL, 0, "Positions:", 2 },
	{ "variant", OPT_VARIANT, "ID", 0, "Rules of the FEN positions, and of games without a [Variant] tag (default: standard)", 2 },
	{ "force-variant", OPT_FORCE_VARIANT, NULL, 0, "Apply --variant to every game, whatever its tag", 2 },
	{ "start", OPT_START, NULL, 0, "Render the variant's start position (instead of FEN arguments or standard input)", 2 },
	{ "pgn", OPT_PGN, "FILE", 0, "Render positions of the games in FILE ('-': standard input)", 2 },
	{ "ply", OPT_PLY, "N", 0, "With --pgn: the position after N plies of each main line (0: the start)", 2 },
	{ "all", OPT_ALL, NULL, 0, "With --pgn: every position of each main line, the start included", 2 },
	{ "final", OPT_FINAL, NULL, 0, "With --pgn: the last position of each main line (the default)", 2 },
	{ NULL, 0, NULL, 0, "Drawing (SVG; --flip and --no-coords also for text):", 3 },
	{ "size", OPT_SIZE, "PX", 0, "Width and height of the SVG in pixels (default: 45 px squares)", 3 },
	{ "flip", OPT_FLIP, NULL, 0, "Black at the bottom", 3 },
	{ "coords", OPT_COORDS, NULL, 0, "Rank and file labels (the default)", 3 },
	{ "no-coords", OPT_NO_COORDS, NULL, 0, "No labels", 3 },
	{ "lastmove", OPT_LASTMOVE, "MOVE", OPTION_ARG_OPTIONAL, "Tint the squares of the last move: the move played (--pgn), or MOVE such as e2e4", 3 },
	{ "highlight", OPT_HIGHLIGHT, "SQUARES", 0, "Tint squares, e.g. e2,e4 or Re4 (colour G, R, Y or B; repeatable)", 3 },
	{ "arrow", OPT_ARROW, "ARROWS", 0, "Draw arrows, e.g. e2e4 or Rd7d5 (repeatable; [%cal] comments add theirs)", 3 },
	{ "check", OPT_CHECK, NULL, 0, "Mark the king of the side to move when it is in check", 3 },
	{ "theme", OPT_THEME, "THEME", 0, "light (default) or dark", 3 },
	{ 0 }
};

struct format {
	const char *name, *extension;
	void (*write)(FILE *out, const struct board_view *v,
		      const struct board_style *s);
	bool text;		/* an empty line between diagrams on a stream */
};

static const struct format formats[] = {
	{ "ascii", "txt", board_write_ascii, true },
	{ "unicode", "txt", board_write_unicode, true },
	{ "svg", "svg", board_write_svg, false },
};

static const char *const theme_names[] = {
	[BOARD_THEME_LIGHT] = "light", [BOARD_THEME_DARK] = "dark",
};

enum selection { SELECT_FINAL, SELECT_PLY, SELECT_ALL };

struct render {
	const struct format *format;
	struct board_style style;
	struct replay_opts replay;
	struct run_options opts;	/* --strict, the games' shared option */
	const char *pgn, *output_dir;
	enum selection select;
	const char *selector;	/* "--ply", "--all", "--final" or NULL */
	bool start, lastmove;
	bool variant_given;	/* --variant: FEN lines must not name another */
	uint32_t ply;
	struct board_view marks;	/* --lastmove=MOVE, --highlight, --arrow */
	unsigned long long positions;	/* FEN positions read */
	unsigned long long written;	/* diagrams on standard output */
	int status;
};

/* ------------------------------------------------------------- options */

/* Adds the comma-separated marks of an option; arrows or squares only. */
static void add_marks(struct argp_state *state, struct board_view *v,
		      const char *arg, bool arrows, char color)
{
	const char *what = arrows ? "--arrow" : "--highlight";
	for (const char *s = arg; *s;) {
		size_t n = strcspn(s, ",");
		struct board_mark m;
		if (board_mark_parse(s, n, color, &m) != 0 ||
		    (m.from != m.to) != arrows)
			argp_error(state, "%s: '%.*s' is not %s", what, (int)n, s,
				   arrows ? "an arrow such as e2e4 or Re2e4"
					  : "a square such as e4 or Re4");
		if (board_view_mark(v, m.from, m.to, m.color) != 0)
			argp_error(state, "%s: more than %d marks", what,
				   BOARD_MARKS_MAX);
		s += n + (s[n] == ',');
	}
}

static void parse_lastmove(struct argp_state *state, struct render *r,
			   const char *arg)
{
	struct board_mark m;
	if (!arg) {
		r->lastmove = true;	/* the move played: --pgn only */
		return;
	}
	if (strchr(arg, ',') || board_mark_parse(arg, strlen(arg), 'L', &m) != 0 ||
	    m.color != 'L' || m.from == m.to)
		argp_error(state, "--lastmove: '%s' is not a move such as e2e4", arg);
	board_view_mark(&r->marks, m.from, m.from, 'L');
	board_view_mark(&r->marks, m.to, m.to, 'L');
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static error_t parse_named(struct argp_state *state, struct render *r,
			   int key, const char *arg)
{
	size_t i;
	switch (key) {
	case 'f':
		for (i = 0; i < COUNT(formats) && strcmp(arg, formats[i].name); i++)
			;
		if (i == COUNT(formats))
			argp_error(state, "unknown format '%s' (ascii, unicode, svg)", arg);
		r->format = &formats[i];
		return 0;
	case OPT_THEME:
		for (i = 0; i < COUNT(theme_names) && strcmp(arg, theme_names[i]); i++)
			;
		if (i == COUNT(theme_names))
			argp_error(state, "unknown theme '%s' (light, dark)", arg);
		r->style.theme = (enum board_theme)i;
		return 0;
	case OPT_VARIANT:
		r->replay.variant = variant_arg(arg);
		r->variant_given = true;
		if (!r->replay.variant)
			argp_error(state, "unknown variant '%s' (known: %s)", arg,
				   variant_id_list());
		return 0;
	}
	return ARGP_ERR_UNKNOWN;
}

/* --ply, --all and --final each say which positions to draw: two of them
 * would leave only the last said, so they exclude each other (the same one
 * twice is taken as the last says). */
static void select_positions(struct argp_state *state, struct render *r,
			     enum selection select, const char *option)
{
	if (r->selector && strcmp(r->selector, option) != 0)
		argp_error(state, "%s and %s exclude each other", r->selector,
			   option);
	r->select = select;
	r->selector = option;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct render *r = state->input;
	unsigned long long n;
	switch (key) {
	case 'o': r->output_dir = arg; break;
	case OPT_FORCE_VARIANT: r->replay.force_variant = true; break;
	case OPT_START: r->start = true; break;
	case OPT_PGN: r->pgn = arg; break;
	case OPT_PLY:
		if (count_parse(arg, UINT32_MAX, &n) != 0)
			argp_error(state, "--ply: '%s' is not a ply number", arg);
		r->ply = (uint32_t)n;
		select_positions(state, r, SELECT_PLY, "--ply");
		break;
	case OPT_ALL: select_positions(state, r, SELECT_ALL, "--all"); break;
	case OPT_FINAL: select_positions(state, r, SELECT_FINAL, "--final"); break;
	case OPT_SIZE:
		if (count_parse(arg, 16384, &n) != 0 || n < 16)
			argp_error(state, "--size: '%s' is not a size from 16 to 16384", arg);
		r->style.size = (unsigned)n;
		break;
	case OPT_FLIP: r->style.flip = true; break;
	case OPT_COORDS: r->style.coords = true; break;
	case OPT_NO_COORDS: r->style.coords = false; break;
	case OPT_LASTMOVE: parse_lastmove(state, r, arg); break;
	case OPT_HIGHLIGHT: add_marks(state, &r->marks, arg, false, 'L'); break;
	case OPT_ARROW: add_marks(state, &r->marks, arg, true, 'G'); break;
	case OPT_CHECK: r->style.check = true; break;
	case ARGP_KEY_INIT: run_options_children(state, &r->opts); break;
	default: return parse_named(state, r, key, arg);
	}
	return 0;
}

/* Option combinations that make no sense: a message, or NULL.  Checked
 * after parsing, as argp reports the end of the options only when it
 * consumed every argument. */
static const char *misuse(const struct render *r, int nfens)
{
	if (r->selector && !r->pgn)
		return "--ply, --all and --final need --pgn";
	if (r->lastmove && !r->pgn)
		return "--lastmove needs --pgn, or the move: --lastmove=e2e4";
	if (r->pgn && (r->start || nfens))
		return "--pgn takes neither FEN arguments nor --start";
	/* Random Pawns rolls its pawns' codes for each game: its variant's
	 * all-CMC placeholder is no start position to draw (fen-moves
	 * refuses it too). */
	if (r->start && variant_needs_codes(r->replay.variant)) {
		static char why[128];
		snprintf(why, sizeof why, "--start: %s has no fixed start "
			 "position (its pawns' codes are rolled); give a FEN",
			 variant_id(r->replay.variant));
		return why;
	}
	return NULL;
}

/* ------------------------------------------------------------- output */

/* One diagram: to its own file under --output-dir, else to standard
 * output (text diagrams separated by an empty line; SVG documents back to
 * back, each opening with its <?xml ...?> line). */
static void emit(struct render *r, FILE *out, const struct board_view *v,
		 const char *name)
{
	if (!r->output_dir) {
		if (r->written++ && r->format->text)
			putc('\n', out);
		r->format->write(out, v, &r->style);
		if (out == stdout)
			outputs_check();	/* stop when the reader is gone */
		return;
	}
	char path[4096];
	if ((size_t)snprintf(path, sizeof path, "%s/%s.%s", r->output_dir, name,
			     r->format->extension) >= sizeof path)
		die("output path too long: '%s/%s'", r->output_dir, name);
	FILE *f = output_open(path);
	r->format->write(f, v, &r->style);
	if (output_close(f, path) != 0)
		exit(EXIT_TROUBLE);	/* a full disk: the next would fail too */
}

/* A view of pos: the option marks, after the last-move tint if any. */
static void view_start(const struct render *r, struct board_view *v,
		       const struct position *pos, const char *caption,
		       const struct replay_step *step)
{
	v->pos = pos;
	v->caption = caption;
	v->nmarks = 0;
	if (r->lastmove && step) {
		board_view_mark(v, MOVE_FROM(step->move), MOVE_FROM(step->move), 'L');
		if (MOVE_TO(step->move) != MOVE_FROM(step->move))
			board_view_mark(v, MOVE_TO(step->move),
					MOVE_TO(step->move), 'L');
	}
	for (unsigned i = 0; i < r->marks.nmarks; i++)
		board_view_mark(v, r->marks.marks[i].from, r->marks.marks[i].to,
				r->marks.marks[i].color);
}

/* ---------------------------------------------------------------- FEN */

static int render_fen(struct render *r, const char *fen, const char *where)
{
	struct position pos;
	char name[32];
	unsigned long long index = ++r->positions;
	struct fen_read read = { .variant = r->replay.variant,
				 .variant_given = r->variant_given,
				 .strict = r->opts.strict };
	if (run_fen_position(&pos, fen, &read, where))
		return EXIT_INVALID;
	struct board_view v;
	view_start(r, &v, &pos, NULL, NULL);
	snprintf(name, sizeof name, "position-%04llu", index);
	emit(r, stdout, &v, name);
	return 0;
}

/* One line of standard input (for_each_fen_line's callback). */
static int render_fen_line(void *ctx, const char *fen, const char *where)
{
	struct render *r = ctx;
	if (!fen) {
		r->positions++;	/* a bad line still takes its number */
		return EXIT_INVALID;
	}
	return render_fen(r, fen, where);
}

/* ---------------------------------------------------------------- PGN */

/* One game being walked.  The position to draw is kept with the move that
 * led to it (the visitor's step lives only during the call); for --final
 * it waits there until the replay ends, and only then gets its caption
 * and marks, so that a long game costs no SAN per move. */
struct walk {
	struct render *r;
	struct run_sink *sink;	/* the game's output and diagnostics */
	const struct pgn_game *game;
	uint32_t base;		/* plies before the game's start position */
	uint32_t plies;		/* main-line plies seen */
	bool reached;		/* a position was kept */
	bool moved;		/* it follows a move (else: the start) */
	uint32_t ply;
	struct position pos, before;
	move_t move;
	const struct pgn_item *item;	/* the move's, or NULL */
};

/* "game 3, ply 12, after 6...Nf6", or "game 3, start". */
static void write_caption(const struct walk *w, char *buf, size_t n)
{
	char san[MOVE_TEXT_MAX] = "--";
	if (!w->moved) {
		snprintf(buf, n, "game %" PRIu64 ", start", w->game->index);
		return;
	}
	if (!(MOVE_FLAGS(w->move) & MF_NULL))
		move_write(&w->before, w->move, NOTATION_SAN, san, sizeof san);
	snprintf(buf, n, "game %" PRIu64 ", ply %" PRIu32 ", after %" PRIu32
		 "%s%s", w->game->index, w->ply, w->before.fullmove,
		 w->before.side == WHITE ? "." : "...", san);
}

/* The comments that follow item (or open the line, when item is NULL):
 * their [%csl] and [%cal] commands. */
static void annotate(struct board_view *v, const struct pgn_item *item)
{
	for (; item; item = item->next) {
		if (item->kind == PI_COMMENT)
			board_view_annotate(v, item->text, item->len);
		else if (item->kind != PI_NAG && item->kind != PI_ESCAPE)
			break;
	}
}

/* Draws the kept position: caption, last move, option marks, comments. */
static void show(struct walk *w)
{
	struct render *r = w->r;
	char caption[96], name[64];
	struct replay_step step = { .move = w->move };
	write_caption(w, caption, sizeof caption);
	struct board_view v;
	view_start(r, &v, &w->pos, caption, w->moved ? &step : NULL);
	annotate(&v, w->moved ? w->item->next : w->game->moves.first);
	snprintf(name, sizeof name, "game-%04" PRIu64 "-ply-%03" PRIu32,
		 w->game->index, w->ply);
	emit(r, run_file(w->sink, 0), &v, name);
}

/* The position after ply plies of the main line (step: the move that led
 * there, NULL for the start). */
static void offer(struct walk *w, const struct position *pos, uint32_t ply,
		  const struct replay_step *step)
{
	const struct render *r = w->r;
	if (ply > w->plies)
		w->plies = ply;
	if (r->select == SELECT_PLY && ply != r->ply)
		return;
	w->reached = true;
	w->moved = step != NULL;
	w->ply = ply;
	w->pos = *pos;
	if (step) {
		w->before = *step->before;
		w->move = step->move;
		w->item = step->item;
	}
	if (r->select != SELECT_FINAL)
		show(w);
}

static void on_start(void *ctx, const struct position *start)
{
	struct walk *w = ctx;
	w->base = (start->fullmove - 1) * 2 + start->side;
	offer(w, start, 0, NULL);
}

static void on_move(void *ctx, const struct replay_step *step)
{
	struct walk *w = ctx;
	if (step->depth == 0)
		offer(w, step->after, step->ply - w->base, step);
}

static void report_missing_ply(const struct render *r, const struct walk *w)
{
	const struct pgn_game *g = w->game;
	struct diag d = { .file = g->file, .line = g->start.line,
			  .col = g->start.col, .game = g->index,
			  .white = pgn_tag_value(g, "White"),
			  .black = pgn_tag_value(g, "Black") };
	diag_setf(&d, DIAG_ERROR, DC_NONE,
		  "no ply %" PRIu32 ": the main line has %" PRIu32 " %s",
		  r->ply, w->plies, plural(w->plies, "ply", "plies"));
	run_report(w->sink, &d);
}

/* One game: its positions drawn as the options select them.  Games run
 * on the calling thread alone (fen-render has no --jobs): r changes as
 * diagrams are written. */
enum { C_INVALID };

static void render_game(void *ctx, void *worker, struct pgn_game *g,
			struct run_sink *k)
{
	struct render *r = ctx;
	(void)worker;
	struct walk w = { .r = r, .sink = k, .game = g };
	struct replay_visitor visitor = { .ctx = &w, .start = on_start,
					  .move = on_move };
	struct replay_result res;
	game_replay(g, &r->replay, &visitor, run_report, k, &res);
	if (r->select == SELECT_FINAL && w.reached)
		show(&w);
	if (r->select == SELECT_PLY && !w.reached && res.variant)
		report_missing_ply(r, &w);
	if (run_game_failed(k, g) || res.errors)
		run_count(k, C_INVALID);
}

static int render_pgn(struct render *r)
{
	char *files[] = { (char *)r->pgn };
	/* A diagram needs a playable game: warnings are not printed (under
	 * --strict they are errors, and are). */
	struct run_config cfg = { .jobs = 1,
				  .diag = { .no_warnings = true,
					    .strict = r->opts.strict },
				  .game = render_game, .ctx = r,
				  .streams = { stdout } };
	int status = run_files(files, 1, &cfg);
	if (!status && cfg.counts[C_INVALID])
		status = EXIT_INVALID;
	return status;
}

/* --------------------------------------------------------------- main */

static void make_output_dir(const char *dir)
{
	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		die("cannot create '%s': %s", dir, strerror(errno));
}

static int render_fens(struct render *r, int argc, char **argv, int first)
{
	int status = 0;
	if (r->start)
		status = render_fen(r, variant_start_fen(r->replay.variant),
				    "start position");
	else if (first == argc)
		status = for_each_fen_line("-", render_fen_line, r);
	for (int i = first; i < argc; i++) {
		char where[32];
		snprintf(where, sizeof where, "argument %d", i - first + 1);
		if (render_fen(r, argv[i], where) != 0)
			status = EXIT_INVALID;
	}
	return status;
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp_child children[] = {
		{ &run_strict_argp, 0, "Diagnostics:", 4 },
		{ &run_progress_argp, 0, "Progress:", 5 },
		{ 0 }
	};
	static const struct argp argp = {
		options, parse_opt, "[FEN...]",
		"Draw chess positions (every pawnkit variant) as ASCII, Unicode "
		"or SVG diagrams.\vWith no FEN and no --pgn, read FEN lines from "
		"standard input (blank lines and lines starting with # are "
		"skipped): a FEN, a board alone, pgn-convert -f fen lines or "
		"EPD, a line's variant read under it.  A bad FEN is reported with its field and column and "
		"the next one is still drawn.  Exit status: 0 when all are drawn, 1 a bad "
		"FEN or game, 2 usage or I/O error.",
		children, run_help_filter, NULL
	};
	/* A diagram is drawn as the replay reaches it, with the comments
	 * after its move's item: the replay from the tree, which shows
	 * every item and the start once. */
	struct render r = { .format = &formats[0],
			    .style = { .coords = true },
			    .replay = { .variant = &variant_standard,
					.full_replay = true } };
	int first;
	run_options_init(&r.opts);
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &r);
	r.replay.strict = r.opts.strict;
	const char *why = misuse(&r, argc - first);
	if (why) {
		/* As argp_error words it. */
		fprintf(stderr, "%s: %s\nTry `%s --help' or `%s --usage' for more "
			"information.\n", program_invocation_short_name, why,
			program_invocation_short_name, program_invocation_short_name);
		return EXIT_TROUBLE;
	}
	if (r.output_dir)
		make_output_dir(r.output_dir);
	int status = r.pgn ? render_pgn(&r) : render_fens(&r, argc, argv, first);
	if (output_close(stdout, "standard output") != 0)
		status = EXIT_TROUBLE;
	run_options_release(&r.opts);
	return status;
}
