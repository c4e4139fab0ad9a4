/* What every command shares: input loop, --match, --variant, outputs and
 * the diagnostic printer.  Commands stay thin on top of this. */
#ifndef PAWNKIT_CMD_COMMON_H
#define PAWNKIT_CMD_COMMON_H

#include <stdbool.h>
#include <stdio.h>

#include "../formats/formats.h"
#include "../libparse/pgn.h"
#include "../librules/rules.h"

#define PAWNKIT_VERSION "0.1.0"
#define PAWNKIT_BUGS "<https://pawnkit.invalid/issues>"

/* Exit statuses, the same for every command. */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_TROUBLE = 2 };

/* --match TAG=REGEX, all must hold (PCRE2, matched as UTF-8 characters;
 * a value's bytes that are not UTF-8 match as Latin-1).  A missing tag
 * reads as "".  A rule that cannot tell (a value over 4096 bytes, a regex
 * over its step or memory limit: common.c) reports an error for the game
 * through report, and the game is selected, unless another rule leaves it
 * out: an error makes it invalid, where it would be left out unseen. */
struct matcher {
	struct match_rule *rules;
	size_t n;
};
int matcher_add(struct matcher *m, const char *arg, char *why, size_t n);
bool matcher_test(const struct matcher *m, const struct pgn_game *g,
		  diag_fn report, void *ctx);
/* dst matches as src does, with state of its own: for another thread
 * (PCRE2 match data may not be shared between threads). */
void matcher_copy(struct matcher *dst, const struct matcher *src);
void matcher_release(struct matcher *m);

/* A --jobs worker thread's own --match: matcher_copy() into a new
 * matcher, and its release with the matcher itself. */
struct matcher *matcher_clone(const struct matcher *src);
void matcher_free(struct matcher *m);

/* A count written in decimal digits only (no sign, no blanks: strtoull
 * alone accepts both), at most max.  0, or -1 when arg is not one. */
int count_parse(const char *arg, unsigned long long max,
		unsigned long long *out);
/* --jobs N: N worker threads, 0 meaning one per online processor. */
unsigned jobs_or_processors(unsigned long long n);
/* The --jobs option's argument for argp: a count from 0 to JOBS_MAX
 * (else argp_error, exit 2), 0 made one per processor. */
#define JOBS_MAX 1024
struct argp_state;
unsigned jobs_arg(struct argp_state *state, const char *arg);

/* --variant: an id ("pushpawn-4th") or any [Variant] name. */
const struct variant *variant_arg(const char *arg);

/* Prints diagnostics as text or JSON on stderr and counts them.  Reader
 * diagnostics arrive before the game is known to be selected, so they can
 * be held and released (or dropped) once it is.  Holding starts a new
 * game: the counts go back to zero. */
#define DIAG_HELD_MAX 64
struct diag_printer {
	bool json, quiet, no_warnings, strict, holding;
	unsigned errors, warnings;	/* since the last reset */
	unsigned held_count, held_dropped;
	struct diag held[DIAG_HELD_MAX];
};
void diag_printer_report(void *printer, const struct diag *d);
void diag_printer_hold(struct diag_printer *p);
void diag_printer_release(struct diag_printer *p, bool print);
void diag_printer_reset(struct diag_printer *p);

/* Output faults.  SIGPIPE is ignored in every command (common.c), so a
 * closed pipe is a write error (EPIPE) like a full disk: exit status 2.
 * A closed pipe is expected (`| head`) and never reported; any other
 * write error is, once, with the file's name, and a regular file opened
 * by output_open() that could not be written whole is removed.  Standard
 * output not closed by output_close() (argp's --help and --version exit
 * on their own) is checked so at exit: a write error is then status 2. */

/* The files the command reads ("-" or none: standard input), so that
 * output_open() refuses to write over one of them. */
void inputs_declare(char *const *files, int nfiles);
/* "-" is stdout.  Exits with EXIT_TROUBLE when the file cannot be opened,
 * or when it is one of the declared inputs or an output opened before:
 * opening it for writing would empty it before it is read (the game
 * pgn-validate -o g.pgn g.pgn was given would be lost, and -o X -r X
 * would keep only what was written last). */
FILE *output_open(const char *path);
/* Flushes and closes; reports a write error (full disk) and returns -1;
 * returns -1 quietly for a closed pipe. */
int output_close(FILE *f, const char *path);
/* Exits with EXIT_TROUBLE when a write to standard output or to an open
 * output has failed (reported as output_close() does): called after each
 * game or position, so that a filter stops when its reader is gone. */
void outputs_check(void);

/* Calls fn for every game of every file ("-" or no files: stdin).  An
 * unreadable file is reported (the others still processed) and makes the
 * return value EXIT_TROUBLE; fn returning non-zero stops the loop. */
typedef int (*game_fn)(void *ctx, struct pgn_game *g);
/* No FILE operands mean standard input: *files and *nfiles then name
 * "-" alone. */
void files_or_stdin(char ***files, int *nfiles);

int for_each_game(char **files, int nfiles, const struct pgn_reader_opts *ro,
		  struct diag_printer *printer, game_fn fn, void *ctx);

/* Games copied byte for byte, a game cut at the size limit (PGN_RAW_CUT)
 * whole: the rest of it, which the reader skips while reading the next
 * game, follows its first bytes.  Set the reader's skipped to
 * raw_copy_skipped with the struct raw_copy as its context, and call
 * raw_copy() once for every game, with f NULL for one not copied. */
struct raw_copy {
	FILE *cut_to;		/* where the cut game just read went */
};
void raw_copy(struct raw_copy *c, FILE *f, const struct pgn_game *g);
void raw_copy_skipped(void *ctx, const char *bytes, size_t len);

/* Calls fn for each FEN line of in, named "line N" (N counts every line,
 * so it matches an editor's): blank lines and lines starting with '#' are
 * skipped, a CR before the newline is dropped, and so is a UTF-8 byte
 * order mark at the very start of in.  A line that cannot be a FEN (a NUL
 * byte in it, or longer than any FEN) is reported here and given to fn
 * as fen NULL, for it to count.  A bad FEN does not stop the loop.
 * Returns EXIT_TROUBLE when in could not be read (reported as
 * for_each_game() does, naming it name: "-" for standard input), else
 * EXIT_INVALID when fn returned non-zero for any line, else 0. */
typedef int (*fen_fn)(void *ctx, const char *fen, const char *where);
int for_each_fen_line(FILE *in, const char *name, fen_fn fn, void *ctx);

void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Each command's first call: stderr line-buffered, one write(2) a
 * diagnostic; exhausted memory in the libraries reported and exit 2. */
void command_setup(void);
void warn_user(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
