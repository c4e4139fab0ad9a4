/* pgn-split: cut PGN input into pieces at game boundaries, as the reader
 * finds them, with a manifest saying where each piece stands in the
 * whole.  The pieces' bytes, concatenated, are the input's. */
#include <argp.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "../run/run.h"

const char *argp_program_version = "pgn-split (pawnkit) " PAWNKIT_VERSION;
const char *argp_program_bug_address = PAWNKIT_BUGS;

enum { OPT_FILTER = 256, OPT_INDEX };

static const struct argp_option options[] = {
	{ "bytes", 'b', "SIZE", 0, "Pieces of at most SIZE bytes (K, M, G, T: powers of 1024; KB, MB, GB, TB: of 1000); a larger game is a piece of its own", 0 },
	{ "games", 'g', "N", 0, "Pieces of N games", 0 },
	{ "number", 'n', "N", 0, "N pieces of about equal size (a regular file, not compressed)", 0 },
	{ "directory", 'd', "DIR", 0, "Write the pieces into DIR (default: the current directory)", 0 },
	{ "prefix", 'p', "PREFIX", 0, "Name the pieces PREFIX0001.pgn, PREFIX0002.pgn, ... (default: the input's name without .pgn and a '-', or 'piece-')", 0 },
	{ "suffix-length", 'a', "N", 0, "Number the pieces with at least N digits (default: 4)", 0 },
	{ "filter", OPT_FILTER, "COMMAND", 0, "Write each piece to the standard input of COMMAND (run by sh, with FILE set to the piece's name) instead of a file", 0 },
	{ "index", OPT_INDEX, NULL, 0, "Write the manifest only, no pieces", 0 },
	{ "manifest", 'm', "FILE", 0, "Write the manifest to FILE (default: standard output)", 0 },
	{ 0 }
};

/* How pieces are cut: the first rule given. */
enum split_rule { BY_NONE, BY_BYTES, BY_GAMES, BY_NUMBER };

/* One piece being written, and where it stands in the input. */
struct piece {
	unsigned long long number;
	char name[4096];
	FILE *out;		/* NULL with --index */
	bool filtered;		/* out is a pipe to --filter */
	uint64_t first_byte, bytes, first_game, games;
	struct pgn_loc at;	/* of its first byte */
};

struct split {
	enum split_rule rule;
	unsigned long long size;	/* bytes, games or pieces */
	const char *dir, *prefix, *filter, *manifest_path, *input;
	unsigned digits;
	bool index;
	uint64_t total;		/* the input's size, for -n */
	uint64_t offset;	/* bytes of the input written so far */
	struct piece piece;
	FILE *manifest;
	int status;
};

/* ------------------------------------------------------------- options */

/* "512K", "1G", "10MB", "4096": a size in bytes, or -1. */
static int size_parse(const char *arg, unsigned long long *out)
{
	static const char units[] = "KMGT";
	char *end;
	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 10), mult = 1;
	const char *u = *end ? strchr(units, *end) : NULL;
	if (u) {
		bool decimal = end[1] == 'B';
		for (const char *k = units; k <= u; k++)
			mult *= decimal ? 1000 : 1024;
		end += decimal ? 2 : 1;
	}
	if (errno || *end || n == 0 || n > UINT64_MAX / mult)
		return -1;
	*out = n * mult;
	return 0;
}

static void rule_option(struct argp_state *state, struct split *s,
			enum split_rule rule, const char *arg)
{
	unsigned long long n;
	int bad = rule == BY_BYTES ? size_parse(arg, &n)
				   : count_parse(arg, UINT64_MAX, &n);
	if (bad || n == 0)
		argp_error(state, "-%c: '%s' is not a %s", "bgn"[rule - 1], arg,
			   rule == BY_BYTES ? "size such as 100M or 1G"
					    : "positive count");
	if (s->rule != BY_NONE && s->rule != rule)
		argp_error(state, "give one of -b, -g and -n");
	s->rule = rule;
	s->size = n;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct split *s = state->input;
	unsigned long long n;
	switch (key) {
	case 'b': rule_option(state, s, BY_BYTES, arg); break;
	case 'g': rule_option(state, s, BY_GAMES, arg); break;
	case 'n': rule_option(state, s, BY_NUMBER, arg); break;
	case 'd': s->dir = arg; break;
	case 'p': s->prefix = arg; break;
	case 'm': s->manifest_path = arg; break;
	case OPT_FILTER: s->filter = arg; break;
	case OPT_INDEX: s->index = true; break;
	case 'a':
		if (count_parse(arg, 20, &n) != 0 || n == 0)
			argp_error(state, "-a: '%s' is not a number of digits from 1 to 20", arg);
		s->digits = (unsigned)n;
		break;
	case ARGP_KEY_ARG:
		if (s->input)
			argp_error(state, "one input at a time (got '%s' after '%s')",
				   arg, s->input);
		s->input = arg;
		break;
	case ARGP_KEY_END:
		if (s->rule == BY_NONE)
			argp_error(state, "say how to cut: -b SIZE, -g N or -n N");
		break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* The default prefix: the input's base name without ".pgn" (or a
 * compressed form's suffix after it), and a '-'. */
static const char *default_prefix(const char *input)
{
	static char buf[256];
	if (!input || !strcmp(input, "-"))
		return "piece-";
	const char *base = strrchr(input, '/');
	base = base ? base + 1 : input;
	const char *dot = strstr(base, ".pgn");
	int len = dot && dot > base ? (int)(dot - base) : (int)strlen(base);
	snprintf(buf, sizeof buf, "%.*s-", len > 200 ? 200 : len, base);
	return buf;
}

/* ------------------------------------------------------------ -n sizes */

/* -n needs the size of the text before it is read. */
static void input_size(struct split *s)
{
	struct stat st;
	const char *name = s->input ? s->input : "-";
	int fd = strcmp(name, "-") ? open(name, O_RDONLY) : 0;
	if (fd < 0)
		die("could not open '%s': %s", name, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		die("-n needs the input's size, which only a regular file has "
		    "('%s' is not one): use -b or -g", name);
	if (pgn_file_compressed(fd))
		die("-n needs the size of the text, which '%s' (compressed) "
		    "does not tell: use -b or -g", name);
	s->total = (uint64_t)st.st_size;
	if (fd != 0)
		close(fd);
}

/* -------------------------------------------------------------- pieces */

static void piece_name(const struct split *s, struct piece *p)
{
	int n = snprintf(p->name, sizeof p->name, "%s%s%s%0*llu.pgn",
			 s->dir ? s->dir : "", s->dir ? "/" : "", s->prefix,
			 (int)s->digits, p->number);
	if (n < 0 || (size_t)n >= sizeof p->name)
		die("the name of piece %llu is too long", p->number);
}

/* Written under a temporary name, renamed into place when complete
 * (output_open()): no half-written piece is left under a piece's name,
 * or at all, whatever ends the run. */
static void piece_open_file(struct piece *p)
{
	p->out = output_open(p->name);
}

static void piece_open(struct split *s, struct pgn_loc at)
{
	struct piece *p = &s->piece;
	p->number++;
	p->first_byte = s->offset;
	p->bytes = p->games = 0;
	p->first_game = 0;
	p->at = at;
	p->out = NULL;
	piece_name(s, p);
	if (s->index)
		return;
	if (s->filter) {
		if (setenv("FILE", p->name, 1) != 0)
			pawnkit_out_of_memory();
		fflush(NULL);
		p->out = popen(s->filter, "w");
		if (!p->out)
			die("could not run '%s': %s", s->filter, strerror(errno));
		p->filtered = true;
		return;
	}
	piece_open_file(p);
}

static void piece_write(struct split *s, const char *bytes, size_t n)
{
	struct piece *p = &s->piece;
	if (p->out && n && fwrite(bytes, 1, n, p->out) != n)
		die("could not write '%s': %s", p->filtered ? s->filter : p->name,
		    strerror(errno));
	p->bytes += n;
	s->offset += n;
}

/* A --filter command's end: anything but success is the run's failure. */
static void filter_close(struct split *s, struct piece *p)
{
	int st = pclose(p->out);
	if (st == -1)
		die("could not write to '%s': %s", s->filter, strerror(errno));
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		die("'%s' failed for %s (%s %d)", s->filter, p->name,
		    WIFEXITED(st) ? "exit status" : "signal",
		    WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
}

static void file_close(struct piece *p)
{
	if (output_close(p->out, p->name) != 0)
		exit(EXIT_TROUBLE);	/* reported */
}

static void manifest_line(struct split *s, const struct piece *p)
{
	fprintf(s->manifest, "%s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu32 "\t%"
		PRIu64 "\t%" PRIu64 "\t%" PRIu32 "\n", p->name, p->first_byte,
		p->bytes, p->at.line, p->first_game, p->games, p->at.col);
	outputs_check();
}

static void piece_close(struct split *s)
{
	struct piece *p = &s->piece;
	if (p->out && p->filtered)
		filter_close(s, p);
	else if (p->out)
		file_close(p);
	p->out = NULL;
	p->filtered = false;
	manifest_line(s, p);
}

/* --------------------------------------------------------------- games */

/* Whether game g starts a new piece (one is open, and holds a game). */
static bool starts_piece(const struct split *s, const struct pgn_game *g)
{
	const struct piece *p = &s->piece;
	switch (s->rule) {
	case BY_BYTES: return p->bytes + g->raw_len > s->size;
	case BY_GAMES: return p->games >= s->size;
	case BY_NUMBER:
		return p->number < s->size &&
		       s->offset >= (uint64_t)((unsigned __int128)s->total *
					       p->number / s->size);
	default: return false;
	}
}

static void split_game(struct split *s, const struct pgn_game *g)
{
	bool game = !(g->flags & PGN_NO_GAME);
	struct piece *p = &s->piece;
	if (!p->number) {
		piece_open(s, g->raw_at);
	} else if (game && p->games && starts_piece(s, g)) {
		piece_close(s);
		piece_open(s, g->raw_at);
	}
	if (game && !p->games++)
		p->first_game = g->index;
	piece_write(s, g->raw, g->raw_len);
}

/* Blanks where the input ends that the reader gives as no game: with the
 * last piece, as the bytes after the last game are; an input of nothing
 * else is a piece of no game (an empty one is no piece: none add up to
 * it). */
static void split_blank_end(struct split *s, const struct pgn_reader *r)
{
	const char *bytes;
	size_t len;
	struct pgn_loc at;
	pgn_reader_blank_end(r, &bytes, &len, &at);
	if (!len)
		return;
	if (!s->piece.number)
		piece_open(s, at);
	piece_write(s, bytes, len);
}

/* The rest of a game over the reader's size limit: it belongs to the
 * piece that holds the game's start. */
static void split_skipped(void *ctx, const char *bytes, size_t len)
{
	piece_write(ctx, bytes, len);
}

static void ignore_diag(void *ctx, const struct diag *d)
{
	(void)ctx;
	(void)d;
}

static int split_input(struct split *s)
{
	struct pgn_reader_opts ro = { .tags_only = true,
				      .skipped = split_skipped,
				      .skipped_ctx = s };
	struct diag err = { 0 };
	struct pgn_reader *r = pgn_reader_open(s->input, &ro, &err);
	if (!r)
		die("%s", err.message);
	struct pgn_game g;
	pgn_game_init(&g);
	int rc;
	while ((rc = pgn_reader_next(r, &g, ignore_diag, NULL, &err)) == 1)
		split_game(s, &g);
	if (rc == 0)
		split_blank_end(s, r);
	pgn_game_release(&g);
	pgn_reader_close(r);
	if (rc < 0)
		warn_user("%s", err.message);
	if (s->piece.number)
		piece_close(s);
	return rc < 0 ? EXIT_TROUBLE : 0;
}

int main(int argc, char **argv)
{
	command_setup();
	static const struct argp argp = {
		options, parse_opt, "[FILE]",
		"Split PGN into pieces at game boundaries, as the other "
		"commands' reader finds them, and write a manifest: one "
		"tab-separated line per piece (piece, first byte, bytes, first "
		"line, first game, games, first column).\vWith no FILE, or "
		"when FILE is -, read standard input.  The pieces "
		"concatenated are the input, byte for byte.  Exit status: 0 "
		"done, 2 usage or I/O error.",
		NULL, NULL, NULL
	};
	struct split s = { .digits = 4 };
	argp_err_exit_status = EXIT_TROUBLE;
	argp_parse(&argp, argc, argv, 0, NULL, &s);
	if (!s.prefix)
		s.prefix = default_prefix(s.input);
	if (s.rule == BY_NUMBER)
		input_size(&s);
	/* -d names a directory to write into: made when it is not there
	 * (its parent must be). */
	if (s.dir && !s.index && !s.filter && mkdir(s.dir, 0777) != 0 &&
	    errno != EEXIST)
		die("could not create the directory '%s': %s", s.dir,
		    strerror(errno));
	char *inputs[] = { (char *)(s.input ? s.input : "-") };
	inputs_declare(inputs, 1);
	s.manifest = s.manifest_path ? output_open(s.manifest_path) : stdout;
	fputs("piece\tfirst_byte\tbytes\tfirst_line\tfirst_game\tgames\t"
	      "first_column\n", s.manifest);
	int status = split_input(&s);
	if (output_close(s.manifest, s.manifest_path ? s.manifest_path
						     : "standard output") != 0)
		status = EXIT_TROUBLE;
	return status;
}
