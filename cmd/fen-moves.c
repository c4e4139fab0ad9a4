/* fen-moves: the legal moves, or the perft count, of positions: how users
 * and tests inspect the rules library. */
#include <argp.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../run/run.h"

const char *argp_program_version = "fen-moves (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum { OPT_VARIANT = 256, OPT_NOTATION, OPT_PERFT, OPT_DIVIDE, OPT_ROLL,
       OPT_START, OPT_SHREDDER };

static const struct argp_option options[] = {
	{ "variant", OPT_VARIANT, "ID", 0, "Rules to apply (default: standard)", 0 },
	{ "notation", OPT_NOTATION, "NOTATION", 0, "san (default), lan, uci or figurine", 0 },
	{ "perft", OPT_PERFT, "N", 0, "Count the leaf nodes of the move tree N plies deep", 0 },
	{ "divide", OPT_DIVIDE, "FORM", OPTION_ARG_OPTIONAL, "With --perft: the count below each move, then the total; --divide=stockfish writes them as Stockfish's go perft does (UCI moves)", 0 },
	{ "start", OPT_START, NULL, 0, "Use the variant's start position (instead of FEN arguments or standard input)", 0 },
	{ "roll", OPT_ROLL, "SEED", 0, "Print a Random Pawns start position rolled from SEED (16 d20 rolls) and exit", 0 },
	{ "shredder-fen", OPT_SHREDDER, NULL, 0, "With --roll: castling rights as their rooks' files (Shredder-FEN: HAha), not KQkq", 0 },
	{ 0 }
};

struct fen_moves {
	struct run_options opts;	/* --strict */
	const struct variant *variant;
	enum notation notation;
	int perft_depth;	/* -1: list the moves */
	bool divide;
	bool stockfish;	/* --divide=stockfish: "e2e4: 20", "Nodes searched: N" */
	bool roll, start;
	enum fen_castling castling;	/* of --roll's FEN */
	bool variant_given;	/* --variant on the command line */
	uint64_t seed;
	unsigned positions;
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	static const char *const notations[] = { "san", "lan", "uci", "figurine" };
	struct fen_moves *f = state->input;
	unsigned long long n;
	switch (key) {
	case OPT_VARIANT:
		f->variant = variant_arg(arg);
		if (!f->variant)
			argp_error(state, "unknown variant '%s' (known: %s)", arg,
				   variant_id_list());
		f->variant_given = true;
		break;
	case OPT_NOTATION:
		for (n = 0; n < 4 && strcmp(arg, notations[n]) != 0; n++)
			;
		if (n == 4)
			argp_error(state, "unknown notation '%s' (san, lan, uci, figurine)", arg);
		f->notation = (enum notation)n;
		break;
	case OPT_PERFT:
		if (count_parse(arg, 64, &n) != 0)
			argp_error(state, "--perft: '%s' is not a depth from 0 to 64", arg);
		f->perft_depth = (int)n;
		break;
	case OPT_DIVIDE:
		f->divide = true;
		if (arg && strcmp(arg, "stockfish") != 0)
			argp_error(state, "--divide: unknown form '%s' (stockfish)", arg);
		f->stockfish = arg != NULL;
		break;
	case OPT_START: f->start = true; break;
	case OPT_SHREDDER: f->castling = FEN_SHREDDER; break;
	case ARGP_KEY_INIT: run_options_children(state, &f->opts); break;
	case OPT_ROLL:
		if (count_parse(arg, UINT64_MAX, &n) != 0)
			argp_error(state, "--roll: '%s' is not a number", arg);
		f->roll = true;
		f->seed = n;
		break;
	case ARGP_KEY_SUCCESS:
		/* Not ARGP_KEY_END: argp sends that only when no FEN
		 * argument is left. */
		if (f->divide && f->perft_depth < 1)
			argp_error(state, "--divide needs --perft with a depth of "
				   "1 or more");
		/* A roll is of pawn codes: a variant without them asked for
		 * by name would get a position of another variant. */
		if (f->roll && f->variant_given &&
		    !variant_needs_codes(f->variant))
			argp_error(state, "--roll makes a Random Pawns setup, and "
				   "%s has no pawn codes (use --variant "
				   "randompawns or randompawns-flip, or none)",
				   variant_id(f->variant));
		/* Random Pawns rolls its pawns' codes for each game: there is
		 * no one start position to use, and the standard one's
		 * uncoded pawns are no Random Pawns position. */
		if (f->start && !f->roll && variant_needs_codes(f->variant))
			argp_error(state, "--start: %s has no fixed start "
				   "position (its pawns' codes are rolled); give "
				   "a FEN, or make one with --roll SEED",
				   variant_id(f->variant));
		break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

struct written_move {
	char text[MOVE_TEXT_MAX];
	move_t move;
};

static int by_text(const void *a, const void *b)
{
	return strcmp(((const struct written_move *)a)->text,
		      ((const struct written_move *)b)->text);
}

/* The legal moves written in the notation, sorted by their text so that
 * output is stable whatever the generation order. */
static unsigned written_moves(const struct position *pos, enum notation n,
			      struct written_move *out)
{
	struct movelist list;
	position_legal_moves(pos, &list);
	for (unsigned i = 0; i < list.count; i++) {
		out[i].move = list.moves[i];
		move_write(pos, list.moves[i], n, out[i].text, sizeof out[i].text);
	}
	qsort(out, list.count, sizeof *out, by_text);
	return list.count;
}

/* The count below each move, and the total, as --divide writes them. */
static uint64_t show_divide(const struct fen_moves *f,
			    const struct position *pos)
{
	static struct written_move moves[MOVELIST_MAX];
	enum notation n = f->stockfish ? NOTATION_UCI : f->notation;
	unsigned count = written_moves(pos, n, moves);
	uint64_t total = 0;
	for (unsigned i = 0; i < count; i++) {
		struct position next = *pos;
		position_make(&next, moves[i].move);
		uint64_t nodes = perft(&next, (unsigned)f->perft_depth - 1);
		total += nodes;
		printf(f->stockfish ? "%s: %" PRIu64 "\n" : "%s %" PRIu64 "\n",
		       moves[i].text, nodes);
	}
	if (f->stockfish)
		printf("\nNodes searched: %" PRIu64 "\n\n", total);
	else
		printf("total %" PRIu64 "\n", total);
	return total;
}

/* The moves, or the perft count at --perft's depth (returned). */
static uint64_t show(const struct fen_moves *f, const struct position *pos)
{
	static struct written_move moves[MOVELIST_MAX];
	if (f->divide)
		return show_divide(f, pos);
	if (f->perft_depth >= 0) {
		uint64_t nodes = perft(pos, (unsigned)f->perft_depth);
		printf("%" PRIu64 "\n", nodes);
		return nodes;
	}
	unsigned count = written_moves(pos, f->notation, moves);
	for (unsigned i = 0; i < count; i++)
		puts(moves[i].text);
	return 0;
}

/* The perft counts of an EPD line (";D1 20 ;D2 400") to --perft's depth
 * checked against the rules': 0, or EXIT_INVALID when one differs. */
static int check_counts(const struct fen_moves *f, const struct position *pos,
			const struct fen_record *rec, uint64_t counted,
			const char *where)
{
	int status = 0;
	for (int d = 0; d <= f->perft_depth && d <= FEN_PERFT_MAX; d++) {
		if (!(rec->perft_given >> d & 1))
			continue;
		uint64_t n = d == f->perft_depth ? counted
						 : perft(pos, (unsigned)d);
		if (n == rec->perft[d])
			continue;
		warn_user("%s: error: perft %d: %" PRIu64 " nodes, the line's D%d "
			  "says %" PRIu64, where, d, n, d, rec->perft[d]);
		status = EXIT_INVALID;
	}
	return status;
}

/* One FEN: shown, or reported with where it went wrong. */
static int handle(struct fen_moves *f, const char *fen, const char *where)
{
	struct position pos;
	struct fen_read read = { .variant = f->variant,
				 .variant_given = f->variant_given,
				 .strict = f->opts.strict };
	if (run_fen_position(&pos, fen, &read, where))
		return EXIT_INVALID;
	/* Stockfish's form ends each position with a blank line itself. */
	if (f->positions++ && (f->perft_depth < 0 || f->divide) &&
	    !f->stockfish)
		putchar('\n');
	uint64_t counted = show(f, &pos);
	outputs_check();	/* stop when the reader is gone */
	if (f->perft_depth < 0)
		return 0;
	fflush(stdout);	/* the count, then what is wrong with it */
	return check_counts(f, &pos, &read.rec, counted, where);
}

/* One line of standard input (for_each_fen_line's callback). */
static int handle_line(void *ctx, const char *fen, const char *where)
{
	if (!fen)	/* not a FEN, reported */
		return EXIT_INVALID;
	return handle(ctx, fen, where);
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp_child children[] = {
		{ &run_strict_argp, 0, NULL, 0 },
		{ 0 }
	};
	static const struct argp argp = {
		options, parse_opt, "[FEN...]",
		"Print the legal moves of each position, one per line (sorted), "
		"or its perft count.\vWith no FEN, read FEN lines from standard "
		"input (blank lines and lines starting with # are skipped): a FEN, a "
		"board alone, pgn-convert -f fen lines or EPD, whose perft counts "
		"--perft checks, a line's variant read under it.  A bad "
		"FEN is reported with its column and the next one is still read; "
		"exit status 1 then.",
		children, run_help_filter, NULL
	};
	struct fen_moves f = { .variant = &variant_standard, .perft_depth = -1 };
	run_options_init(&f.opts);
	int first, status = 0;
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, &first, &f);
	if (f.roll) {
		struct position pos;
		char fen[FEN_MAX];
		const struct variant *v = variant_needs_codes(f.variant)
						  ? f.variant
						  : &variant_randompawns;
		position_start(&pos, v);
		randompawns_roll(&pos, f.seed);
		position_to_fen_as(&pos, f.castling, fen, sizeof fen);
		puts(fen);
		return output_close(stdout, "standard output") ? EXIT_TROUBLE : 0;
	}
	if (f.start)
		status = handle(&f, variant_start_fen(f.variant),
				"start position");
	else if (first == argc)
		status = for_each_fen_line("-", handle_line, &f);
	for (int i = first; i < argc; i++) {
		char where[32];
		snprintf(where, sizeof where, "argument %d", i - first + 1);
		if (handle(&f, argv[i], where) != 0)
			status = EXIT_INVALID;
	}
	if (output_close(stdout, "standard output") != 0)
		status = EXIT_TROUBLE;
	return status;
}
