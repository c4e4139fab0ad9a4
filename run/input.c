/* Inputs: the files named or standard input, FEN lines.  See run.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../libparse/utf8.h"
#include "run.h"

void files_or_stdin(char ***files, int *nfiles)
{
	static char *stdin_only[] = { "-" };
	if (*nfiles == 0) {
		*files = stdin_only;
		*nfiles = 1;
	}
}

/* The length of the UTF-8 byte order mark that s starts with, or 0.
 * Editors on some systems write one at the start of a text file. */
static size_t utf8_bom_length(const char *s, size_t len)
{
	return len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

/* Whether the line fen[0, len) holds a NUL byte, reported at its column
 * ("line N:COL: error:") when it does: the FEN parser reads a string, and
 * the rest of the line would go unread without a word. */
static bool fen_line_has_nul(const char *fen, size_t len, const char *where)
{
	const char *nul = memchr(fen, 0, len);
	if (nul)
		warn_user("%s:%zu: error: a NUL byte in the line", where,
			  (size_t)(nul - fen) + 1);
	return nul != NULL;
}

/* No FEN comes near this (a board of 64 squares written at their longest,
 * and two numbers): a longer line is not read into memory whole. */
#define FEN_LINE_MAX ((size_t)64 << 10)

/* An input's text as a FILE: what the FEN lines are read from. */
struct fen_input {
	struct pgn_input *in;
	FILE *file;
	struct diag err;
	bool failed;
};

/* The FEN lines of f.  A line the input's fault cut short is not one. */
static int fen_lines(struct fen_input *f, fen_fn fn, void *ctx)
{
	char *line = NULL, where[32];
	size_t cap = 0;
	ssize_t len;
	bool cut;
	int status = 0;
	/* Lines end as PGN lines do: LF, CRLF, or a CR alone. */
	for (unsigned long n = 1;
	     (len = pgn_read_line_max(&line, &cap, f->file, FEN_LINE_MAX,
				      &cut)) >= 0 && !f->failed;
	     n++) {
		/* A byte order mark opens the input only: skipped there, as
		 * the PGN reader skips it, and not counted in columns. */
		char *fen = n == 1 ? line + utf8_bom_length(line, (size_t)len) : line;
		size_t flen = (size_t)(line + len - fen);
		if (flen == 0 || fen[0] == '#')
			continue;
		snprintf(where, sizeof where, "line %lu", n);
		bool bad = cut || fen_line_has_nul(fen, flen, where);
		if (cut)
			warn_user("%s: error: the line is longer than %zu "
				  "bytes, which no FEN is", where,
				  FEN_LINE_MAX);
		if (fn(ctx, bad ? NULL : fen, where) != 0 || bad)
			status = EXIT_INVALID;
	}
	free(line);
	return status;
}

static ssize_t fen_input_read(void *cookie, char *buf, size_t n)
{
	struct fen_input *f = cookie;
	ssize_t got = pgn_input_read(f->in, buf, n, &f->err);
	f->failed = f->failed || got < 0;
	return got;
}

int for_each_fen_line(const char *path, fen_fn fn, void *ctx)
{
	struct fen_input f = { .in = pgn_input_open(path, &f.err) };
	if (!f.in) {
		warn_user("%s", f.err.message);
		return EXIT_TROUBLE;
	}
	f.file = fopencookie(&f, "r", (cookie_io_functions_t){
					.read = fen_input_read });
	if (!f.file)
		pawnkit_out_of_memory();
	int status = fen_lines(&f, fn, ctx);
	/* The input's own words: the system's error, or its compressed
	 * data's fault, and where in the text. */
	if (f.failed) {
		warn_user("%s", f.err.message);
		status = EXIT_TROUBLE;
	}
	fclose(f.file);
	pgn_input_close(f.in);
	return status;
}

void fen_report(const char *where, const struct diag *err, bool error)
{
	fprintf(stderr, "%s: %s:%" PRIu32 ": %s: ",
		program_invocation_short_name, where, err->col,
		error ? "error" : "warning");
	utf8_put_visible(stderr, err->message, strlen(err->message), false);
	putc('\n', stderr);
}
