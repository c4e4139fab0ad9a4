/* run: the layer between the commands and the libraries.  Games in, one
 * per-game function per command, output in input order, on one thread
 * or on --jobs workers alike; the diagnostic policy, --match, the
 * outputs and the exit statuses every command shares.
 *
 * Errors: this layer is the command layer's.  Exhausted memory and
 * unusable options end the process with EXIT_TROUBLE (die()); the
 * libraries below it never exit. */
#ifndef PAWNKIT_RUN_H
#define PAWNKIT_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../formats/formats.h"
#include "../libparse/pgn.h"
#include "../librules/rules.h"

#define PAWNKIT_VERSION "0.1.0"
#define PAWNKIT_BUGS "<https://pawnkit.invalid/issues>"

/* Exit statuses, the same for every command. */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_TROUBLE = 2 };

/* Each command's first call: descriptors 0, 1 and 2 opened on /dev/null
 * when they arrive closed (before any file takes their number), stderr
 * line-buffered (one write(2) a diagnostic), exhausted memory anywhere
 * reported in one line (write(2)) and _exit(2), on any thread. */
void command_setup(void);
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void warn_user(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* malloc and calloc that end the program, as pawnkit_out_of_memory()
 * does, when memory is exhausted (grow buffers with pawnkit_grow()). */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);

/* ------------------------------------------------------------- options */

/* A count written in decimal digits only (no sign, no blanks: strtoull
 * alone accepts both), at most max.  0, or -1 when arg is not one. */
int count_parse(const char *arg, unsigned long long max,
		unsigned long long *out);
/* --jobs N: N worker threads, 0 meaning one per online processor. */
#define JOBS_MAX 1024
struct argp_state;
/* --variant: an id ("pushpawn-4th") or any [Variant] name. */
const struct variant *variant_arg(const char *arg);

/* --match TAG=REGEX, all must hold (PCRE2, matched as UTF-8 characters;
 * a value's bytes that are not UTF-8 match as Latin-1).  A missing tag
 * reads as "".  A rule that cannot tell (a value over 4096 bytes, a regex
 * over its step or memory limit: match.c) reports an error for the game
 * through report, and the game is selected, unless another rule leaves it
 * out: an error makes it invalid, where it would be left out unseen. */
struct matcher {
	struct match_rule *rules;
	size_t n;
	bool or_pending;	/* --or given, its second --match not yet */
	bool copy;		/* matcher_copy()'s: shares the original's notes */
	/* --games: the game numbers selected (of each input), ranges from
	 * lo to hi inclusive; none: every number. */
	struct match_range { uint64_t lo, hi; } *ranges;
	size_t nranges;
};
/* A rule (TAG=REGEX, TAG!=REGEX, TAG>=VALUE, TAG<=VALUE, TAG>VALUE,
 * TAG<VALUE; "Player" for White or Black) is added, or after
 * matcher_or() joined to the last one as an alternative.  0, or -1 with
 * why. */
int matcher_add(struct matcher *m, const char *arg, char *why, size_t n);
int matcher_or(struct matcher *m, char *why, size_t n);
/* --games LIST: "10-20,35,100-" (a range, a number, a range without
 * end).  0, or -1 with why. */
int matcher_games(struct matcher *m, const char *list, char *why, size_t n);
/* After the options: -1 with why when an --or waits for its rule. */
int matcher_check(const struct matcher *m, char *why, size_t n);
/* At the end of a run: a warning for each rule's tag that no game had. */
struct diag_policy;
void matcher_report(const struct matcher *m, const struct diag_policy *p);
bool matcher_test(const struct matcher *m, const struct pgn_game *g,
		  diag_fn report, void *ctx);
/* dst matches as src does, with state of its own: for another thread
 * (PCRE2 match data may not be shared between threads). */
void matcher_copy(struct matcher *dst, const struct matcher *src);
void matcher_release(struct matcher *m);

/* What is printed of the diagnostics and how (text or JSON lines on
 * standard error), and what they count for.  One policy for every
 * command, run or not through the engine below. */
struct diag_policy {
	bool json, quiet, no_warnings;
	bool strict;		/* a warning counts and prints as an error */
	/* Only errors are kept and printed (warnings are counted, never
	 * shown), with the note that counts a game's diagnostics past
	 * DIAG_GAME_MAX: what game-stats prints. */
	bool errors_only;
	/* -W: what each code's warnings are (enum diag_level).  A code
	 * turned off is no warning at all (neither printed nor counted); one
	 * made an error counts and prints as one, as --strict makes all; one
	 * turned on prints under -w. */
	unsigned char level[DC__COUNT];
	bool count;		/* -W given: diag_counts_print() prints */
	/* The warnings printed, by code (DC__COUNT of them; NULL: not
	 * counted), added to on the calling thread. */
	uint64_t *printed;
	/* --diagnostics: where they are printed (NULL: standard error). */
	FILE *to;
	const char *to_path;
};
enum diag_level { DIAG_LEVEL_DEFAULT, DIAG_LEVEL_ON, DIAG_LEVEL_OFF,
		  DIAG_LEVEL_ERROR };
/* Where the input stands in a larger file, for a piece of it read apart
 * (pgn-split's manifest gives these): --first-line, --first-column,
 * --first-game, --label.  Its diagnostics carry the whole file's lines,
 * columns and game numbers, and the file's name; so do the game numbers
 * a command writes.  0 (NULL): not given, the input is a file of its
 * own.  They take one input. */
struct run_origin {
	uint32_t line, column;
	uint64_t game;
	const char *label;
	/* --range START:END: only the games that start in those bytes of
	 * the file (range.c says where a game starts), on one thread. */
	bool range;
	uint64_t range_start, range_end;
};

/* The options the game-reading commands share, as argp children: parsed
 * into the struct run_options given as the parent's input (argp gives
 * each child its parent's input). */
struct run_options {
	/* Diagnostics: --json, --no-warnings, --quiet, -W (level, as in
	 * struct diag_policy), --diagnostics (NULL: standard error). */
	bool json, no_warnings, quiet;
	unsigned char diag_level[DC__COUNT];
	bool diag_level_given;
	const char *diag_path;
	/* --strict: a warning is an error, in the diagnostic policy
	 * (run_options_diag) and in the replay (replay.strict) alike. */
	bool strict;
	/* Selection and rules: --match, --variant, --force-variant,
	 * --full-replay; selection_used says one was given. */
	struct matcher match;
	struct replay_opts replay;
	bool selection_used;
	unsigned jobs;		/* --jobs; 1 when not given */
	bool jobs_many;		/* --jobs asked for other than one */
	struct run_origin origin;	/* run_origin_argp's */
};
extern const struct argp run_diag_argp, run_strict_argp, run_select_argp,
	run_jobs_argp, run_origin_argp;
/* --progress and --no-progress: the progress line that run_files()
 * shows on standard error (a terminal, or any with --progress) unless
 * the run is quiet.  run_jobs_argp includes them. */
extern const struct argp run_progress_argp;
/* The commands' argp help_filter: --help ends with the variant ids and
 * the manual pages to read. */
char *run_help_filter(int key, const char *text, void *input);
/* --strict alone (o->strict and o->replay.strict), for a command without
 * run_diag_argp's other options. */
extern const struct argp run_strict_argp;
/* Defaults before argp_parse: one job, no variant given. */
void run_options_init(struct run_options *o);
/* The parent's ARGP_KEY_INIT: every child of the command's argp parses
 * into o. */
void run_options_children(struct argp_state *state, struct run_options *o);
void run_options_release(struct run_options *o);
/* The diagnostic policy the options say (struct diag_policy below), its
 * --diagnostics file opened (output_open()). */
struct diag_policy run_options_diag(const struct run_options *o);
/* The command's ARGP_KEY_SUCCESS: a usage error when --diagnostics - asks
 * for standard output and the command writes there (stdout_used). */
void run_options_diag_check(struct argp_state *state,
			    const struct run_options *o, bool stdout_used);
/* After the games: warnings, through p, for each --match tag that no game
 * had, for an input without a game, and for a selection that left out
 * every game.  EXIT_INVALID in that last case (as grep selecting no
 * line), else 0. */
int run_selection_end(const struct run_options *o, const struct diag_policy *p,
		      uint64_t selected, uint64_t unselected);

/* --------------------------------------------------------- diagnostics */


/* Prints d now, as p says (a diagnostic of no game: a FEN line's, a JSON
 * document's), to p->to or standard error; each warning printed is
 * counted by its code, for diag_counts_print().  On the calling thread
 * only. */
void diag_policy_print(const struct diag_policy *p, const struct diag *d);
/* What p makes of d before it counts: false when its code's warnings
 * are off; else true, d a warning made an error by -W error=CODE or
 * --strict. */
bool diag_policy_apply(const struct diag_policy *p, struct diag *d);
/* Where p prints diagnostics. */
FILE *diag_policy_stream(const struct diag_policy *p);
/* Closes the --diagnostics file (output_close()), and frees the counts:
 * 0, or -1. */
int diag_policy_close(const struct diag_policy *p);
/* The warnings printed, by code, when p->count and not p->quiet (a
 * summary's last line changes only when -W is given): as text a line
 * "N warnings: N CODE, N CODE" (most first, "0 warnings" for none), or
 * as JSON the member ,"warnings":{"CODE":N,...} of a summary object. */
void diag_counts_print(const struct diag_policy *p, FILE *out);
/* Each code's name, for a usage error: "syntax, tag-syntax, ...". */
const char *diag_code_list(void);

/* ------------------------------------------------------------- outputs */

/* Output faults.  SIGPIPE is ignored in every command (output.c), so a
 * closed pipe is a write error (EPIPE) like a full disk: exit status 2.
 * A closed pipe is expected (`| head`) and never reported; any other
 * write error is, once, with the file's name.  A regular file (or a
 * name that does not exist yet) is written under a temporary name in its
 * directory (the one a symbolic link's file is in: the link stays) and
 * renamed into place by output_close(): a write error,
 * an exit before the close (die()) or SIGINT, SIGTERM or SIGHUP removes
 * the temporary file and leaves the file as it was, or none, never
 * half-written.  Anything else (a device, a FIFO, a terminal, "-") is
 * written in place.  Standard output not closed by output_close()
 * (argp's --help and --version exit on their own) is checked so at
 * exit: a write error is then status 2. */

/* The files the command reads ("-" or none: standard input), so that
 * output_open() refuses to write over one of them. */
void inputs_declare(char *const *files, int nfiles);
/* "-" is stdout.  Exits with EXIT_TROUBLE when the file cannot be opened,
 * or when it is a regular file that is one of the declared inputs or an
 * output opened before: opening it for writing would empty it before it
 * is read.  A path naming the file of an output opened before, or of
 * standard output, that is not a regular one (/dev/null, /dev/stdout on a
 * pipe) returns that output's FILE: both write through it, in order. */
FILE *output_open(const char *path);
/* Flushes and closes (a FILE two outputs share: at the last one's close)
 * and renames a temporary file into place; reports a write error (full
 * disk) and returns -1; returns -1 quietly for a closed pipe. */
int output_close(FILE *f, const char *path);
/* Closes an output that is not to be written after all: its temporary
 * file is removed, and a file of that name is left as it was. */
void output_abandon(FILE *f, const char *path);
/* Exits with EXIT_TROUBLE when a write to standard output or to an open
 * output has failed (reported as output_close() does): so that a filter
 * stops when its reader is gone. */
void outputs_check(void);

/* --------------------------------------------------------------- input */

/* No FILE operands mean standard input: *files and *nfiles then name
 * "-" alone. */
void files_or_stdin(char ***files, int *nfiles);

/* Calls fn for each FEN line of path ("-": standard input), read as a
 * pgn_input (compressed or UTF-16 text decoded), each named "line N" (N
 * counts every line, so it matches an editor's): blank lines and lines
 * starting with '#' are skipped, a CR before the newline is dropped, and
 * so is a UTF-8 byte order mark at the very start.  A line that cannot
 * be a FEN (a NUL byte in it, or longer than any FEN) is reported here
 * and given to fn as fen NULL, for it to count.  A bad FEN does not stop
 * the loop.  Returns EXIT_TROUBLE when path could not be read
 * (reported), else EXIT_INVALID when fn returned non-zero for any line,
 * else 0. */
typedef int (*fen_fn)(void *ctx, const char *fen, const char *where);
int for_each_fen_line(const char *path, fen_fn fn, void *ctx);
/* What position_set_fen said of a FEN at where ("line 3", "argument
 * 2"), reported as "PROGRAM: where:COL: error: message" (or warning:),
 * the message written as every text for a terminal is. */
void fen_report(const char *where, const struct diag *err, bool error);
/* How fen-moves and fen-render read a line of positions
 * (fen_record_parse): under the variant the line names, else under
 * variant; a line naming another than a variant given is an error. */
struct fen_read {
	const struct variant *variant;	/* --variant, or standard */
	bool variant_given;		/* --variant was on the command line */
	bool strict;
	struct fen_record rec;		/* out: the line as read */
};
/* fen read into *pos: 0; or -1 when it cannot be, reported on standard
 * error as "PROGRAM: WHERE:COL: error: ...".  A castling right that the
 * pieces do not allow is dropped with a warning so worded, and is an
 * error when strict. */
int run_fen_position(struct position *pos, const char *fen,
		     struct fen_read *r, const char *where);

/* --------------------------------------------------------------- games */

/* A run gives every game of its inputs to the command's one per-game
 * function, on one thread (jobs 1: the calling thread reads and runs each
 * game and writes its output at once) or on worker threads (the input in
 * chunks; engine.h says how the output stays the one a single thread
 * writes, byte for byte).  The game function writes through its sink:
 * nothing of a game reaches an output before the games before it. */
#define RUN_STREAMS 4		/* outputs a command may write to */
#define RUN_COUNTERS 8		/* per-game counters a command may use */

/* One game's (and its chunk's) output so far. */
struct run_sink;

/* Bytes to stream s (an index into run_config.streams; a NULL stream
 * drops them). */
void run_write(struct run_sink *k, unsigned s, const char *p, size_t n);
/* A FILE whose bytes go to stream s of the game being run, for writers
 * that take a FILE.  What it holds goes to the sink before anything else
 * the game writes or reports, and when the game ends: the game's output
 * keeps the order it was made in. */
FILE *run_file(struct run_sink *k, unsigned s);
/* Game n of the chunk (g->index), written as the number it has in the
 * whole input, as digits where it stands: that is known only when the
 * chunk is written. */
void run_write_game_number(struct run_sink *k, unsigned s, uint64_t n);
/* The game's raw bytes, kept by reference (no copy); a game whose bytes
 * were cut at the size limit is written whole. */
void run_write_raw(struct run_sink *k, unsigned s, const struct pgn_game *g);
/* For a game function that wrote the first bytes of a game cut at the
 * size limit (PGN_RAW_CUT) to stream s in a form of its own (pgn-convert's
 * JSON string): write() gets each piece of the rest as the reader skips
 * it while reading the next game, end() is called after the last, both
 * with the FILE to write to.  ctx must stay valid until then. */
struct run_rest {
	void (*write)(void *ctx, FILE *out, const char *p, size_t n);
	void (*end)(void *ctx, FILE *out);
	void *ctx;
};
void run_write_rest(struct run_sink *k, unsigned s, const struct pgn_game *g,
		    struct run_rest rest);
/* A diag_fn: ctx is the struct run_sink. */
void run_report(void *sink, const struct diag *d);
/* The state chunk_new() made for this game's chunk (NULL without). */
void *run_chunk(struct run_sink *k);
/* Errors reported for this game so far (the reader's included; warnings
 * counted as errors under strict). */
unsigned run_errors(const struct run_sink *k);
void run_count(struct run_sink *k, unsigned counter);
/* Whether the game failed: an error reported for it, or a reader flag
 * that leaves it unplayable (a syntax error, over the size limit). */
bool run_game_failed(const struct run_sink *k, const struct pgn_game *g);

/* One game, selected by --match (the reader's diagnostics released), on
 * any thread: it may only read ctx, as games of different chunks run at
 * the same time (a command that never runs more than one job may keep
 * its own count there: fen-render). */
typedef void run_game_fn(void *ctx, void *worker, struct pgn_game *g,
			 struct run_sink *k);

struct run_config {
	unsigned jobs;		/* worker threads; 1: the calling thread */
	struct pgn_reader_opts reader;
	FILE *streams[RUN_STREAMS];
	struct diag_policy diag;
	const struct matcher *match;	/* NULL: every game is selected */
	run_game_fn *game;
	void *ctx;
	/* Per-worker state (may be NULL): made once for each thread that
	 * runs games. */
	void *(*worker_new)(void *ctx);
	void (*worker_free)(void *ctx, void *worker);
	/* Per-chunk state (may be NULL): what games add up, merged in input
	 * order.  A chunk run by a worker may be thrown away (its games read
	 * again joined to the next chunk), so its games add to a state of
	 * its own: chunk_new runs before a chunk's first game on the thread
	 * that runs it, and may only read ctx; written() gets each state
	 * whose games were written, in input order, on the calling thread,
	 * with the input bytes and the games (read, selected or not) it
	 * covers, which add up to the input; chunk_free frees every state,
	 * written or thrown away. */
	void *(*chunk_new)(void *ctx);
	void (*chunk_free)(void *ctx, void *chunk);
	void (*written)(void *ctx, void *chunk, uint64_t bytes,
			uint64_t games);
	/* On the calling thread, before anything is printed to stderr: to
	 * take a progress line off it (may be NULL). */
	void (*before_print)(void *ctx);
	/* On the calling thread, before a chunk's output is written, and
	 * again each time more of the same chunk follows (may be NULL):
	 * what its first bytes owe to the output before them (pgn-convert's
	 * JSON comma) may be written to the streams here. */
	void (*before_write)(void *ctx, void *chunk);
	/* Sums of run_count() over the games written, and the games --match
	 * left out; added to by the run. */
	uint64_t counts[RUN_COUNTERS];
	uint64_t unselected;
	/* The input's place in a larger file (run_origin_argp). */
	struct run_origin origin;
};

/* Runs every game of each file (none, or "-": standard input).  0, or
 * EXIT_TROUBLE when one could not be read (reported; the others are
 * run).  A failed write to an output stops the run and exits with
 * EXIT_TROUBLE, as outputs_check() does. */
int run_files(char **files, int nfiles, struct run_config *cfg);

/* Runs the games of text (PGN held in memory, named name) on the calling
 * thread, as run_files() runs a file's, each game numbered `game` and
 * its diagnostics placed at `at`: for games that stand inside another
 * document (a JSON game object, whose place they take). */
void run_text(struct run_config *cfg, const char *name, const char *text,
	      size_t len, uint64_t game, struct pgn_loc at);

#endif
