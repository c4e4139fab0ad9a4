/* Shared command plumbing.  See common.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <argp.h>
#include <errno.h>
#include <pcre2.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "common.h"

void warn_user(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	putc('\n', stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	putc('\n', stderr);
	exit(EXIT_TROUBLE);
}

/* The libraries' handler for exhausted memory (pawnkit_on_out_of_memory):
 * stderr's buffer is static (command_setup()), so the message needs no
 * memory of its own. */
static void out_of_memory(void)
{
	die("out of memory");
}

void command_setup(void)
{
	/* Unbuffered, stderr took a write(2) for each putc() of a
	 * diagnostic: 542,699 of them for the OTB corpus's 4,686 warnings,
	 * a tenth of pgn-validate's time.  Line-buffered, a diagnostic is one
	 * write, still out before the next line is made; the buffer is
	 * static so that the out-of-memory message needs none. */
	static char stderr_buffer[BUFSIZ];
	setvbuf(stderr, stderr_buffer, _IOLBF, sizeof stderr_buffer);
	pawnkit_on_out_of_memory(out_of_memory);
}

/* ---------------------------------------------------------------- match */

struct match_rule {
	char *arg;		/* TAG=REGEX as given, for the diagnostics */
	char *tag;
	pcre2_code *re;
	pcre2_match_data *md;
	pcre2_match_context *mc;
};

/* Tag values are UTF-8 text as a rule, so the pattern is too: '.' is one
 * character, and (?i), \w or [[:alpha:]] know letters beyond ASCII (UCP).
 * Old files hold Latin-1 values: their bytes that are not UTF-8 are matched
 * as the Latin-1 characters (latin1_subject), and PCRE2_MATCH_INVALID_UTF
 * is a second guard: pcre2_match() would fail on an invalid subject. */
#define MATCH_COMPILE_OPTIONS (PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_UCP)

/* A regex can backtrack without end on a value made for it ('(a+)+$' on
 * "aaa...b"), and PCRE2's match limit counts the steps of one start
 * position only: over a long value the search is quadratic even with no
 * backtracking at all ('\w*\d' on 200 kB of letters: 7 minutes).  So a
 * value is matched only up to MATCH_VALUE_MAX bytes (PGN strings hold 255
 * characters), the steps are shared out among the start positions (at
 * most MATCH_STEPS for a value: 2440 at each start of the longest), and
 * the backtracking memory is bounded: a rule costs a game at most a
 * fraction of a second whatever the regex and the value. */
#define MATCH_VALUE_MAX 4096
#define MATCH_STEPS 10000000u
#define MATCH_HEAP_KIB 16384u

/* Why the regex of arg (after its '=') did not compile, into why. */
static void match_compile_error(const char *arg, int code, PCRE2_SIZE offset,
				char *why, size_t n)
{
	PCRE2_UCHAR msg[128];
	pcre2_get_error_message(code, msg, sizeof msg);
	if (code <= PCRE2_ERROR_UTF8_ERR1 && code >= PCRE2_ERROR_UTF8_ERR21)
		snprintf(why, n, "'%s': regex is not valid UTF-8 at offset "
			 "%zu: %s", arg, (size_t)offset, (char *)msg);
	else
		snprintf(why, n, "'%s': regex error at offset %zu: %s", arg,
			 (size_t)offset, (char *)msg);
}

/* A rule's match data and context: the state a thread needs of its own. */
static void match_rule_state(struct match_rule *r)
{
	r->md = r->re ? pcre2_match_data_create_from_pattern(r->re, NULL)
		      : NULL;
	r->mc = pcre2_match_context_create(NULL);
	if (!r->arg || !r->tag || !r->md || !r->mc)
		die("out of memory");
	pcre2_set_heap_limit(r->mc, MATCH_HEAP_KIB);
}

int matcher_add(struct matcher *m, const char *arg, char *why, size_t n)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg) {
		snprintf(why, n, "'%s': expected TAG=REGEX", arg);
		return -1;
	}
	int code;
	PCRE2_SIZE offset;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)(eq + 1), PCRE2_ZERO_TERMINATED,
				       MATCH_COMPILE_OPTIONS, &code, &offset, NULL);
	if (!re) {
		match_compile_error(arg, code, offset, why, n);
		return -1;
	}
	struct match_rule *grown = realloc(m->rules, (m->n + 1) * sizeof *grown);
	if (!grown)
		die("out of memory");
	m->rules = grown;
	struct match_rule *r = &m->rules[m->n++];
	r->arg = strdup(arg);
	r->tag = strndup(arg, (size_t)(eq - arg));
	r->re = re;
	match_rule_state(r);
	return 0;
}

/* A value with bytes that are not UTF-8 (a Latin-1 or Windows-1252 file:
 * ChessBase, old databases), with each such byte made the UTF-8 of the
 * Latin-1 character, as the JSON writer reads them: so 'White=M.ller' and
 * 'White=Müller' select "M\xfcller" as they select "Müller".  NULL when
 * the value is UTF-8 already; else a string to free, its length in *n. */
static char *latin1_subject(const char *v, size_t len, size_t *n)
{
	const unsigned char *s = (const unsigned char *)v;
	size_t i = 0, seq = 0;
	while (i < len && (s[i] < 0x80 || (seq = utf8_length(s + i, len - i))))
		i += s[i] < 0x80 ? 1 : seq;
	if (i == len)
		return NULL;
	char *out = malloc(2 * len + 1);
	if (!out)
		die("out of memory");
	memcpy(out, v, i);
	*n = i;
	while (i < len) {
		seq = s[i] < 0x80 ? 1 : utf8_length(s + i, len - i);
		if (seq) {
			memcpy(out + *n, s + i, seq);
			*n += seq;
			i += seq;
			continue;
		}
		latin1_utf8(s[i++], out + *n);
		*n += 2;
	}
	return out;
}

/* Reports that rule r could not tell whether g is selected: at its tag, or
 * at the game's start when g has no such tag. */
static void match_undecided(const struct match_rule *r,
			    const struct pgn_game *g, const struct pgn_tag *t,
			    size_t len, int rc, diag_fn report, void *ctx)
{
	struct pgn_loc at = t ? t->loc : g->start;
	struct diag d = { .file = g->file, .line = at.line, .col = at.col,
			  .game = g->index, .white = pgn_tag_value(g, "White"),
			  .black = pgn_tag_value(g, "Black") };
	if (len > MATCH_VALUE_MAX) {
		diag_setf(&d, DIAG_ERROR, DC_LIMIT, "--match '%s': the %s value "
			  "is %zu bytes; expected at most %d to match",
			  r->arg, r->tag, len, MATCH_VALUE_MAX);
	} else {
		PCRE2_UCHAR msg[128];
		pcre2_get_error_message(rc, msg, sizeof msg);
		diag_setf(&d, DIAG_ERROR, DC_LIMIT, "--match '%s': gave up on "
			  "the %s value (%s); expected a regex that backtracks "
			  "less", r->arg, r->tag, (char *)msg);
	}
	report(ctx, &d);
}

/* 1 when r selects g, 0 when not, -1 when it could not tell. */
static int match_rule_test(const struct match_rule *r,
			   const struct pgn_game *g, diag_fn report, void *ctx)
{
	const struct pgn_tag *t = pgn_tag_find(g, r->tag);
	const char *v = t ? t->value : "";
	size_t len = t ? t->value_len : 0;
	char *latin1 = latin1_subject(v, len, &len);
	int rc = PCRE2_ERROR_NOMATCH;
	if (len <= MATCH_VALUE_MAX) {
		pcre2_set_match_limit(r->mc, MATCH_STEPS / (uint32_t)(len + 1));
		rc = pcre2_match(r->re, (PCRE2_SPTR)(latin1 ? latin1 : v), len,
				 0, 0, r->md, r->mc);
	}
	free(latin1);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH && len <= MATCH_VALUE_MAX)
		return 0;
	match_undecided(r, g, t, len, rc, report, ctx);
	return -1;
}

bool matcher_test(const struct matcher *m, const struct pgn_game *g,
		  diag_fn report, void *ctx)
{
	/* A rule that could not tell has reported it; the game is taken (and
	 * so counted invalid, where the user sees it), unless another rule
	 * leaves it out: the report is then dropped with the game's others. */
	for (size_t i = 0; i < m->n; i++)
		if (match_rule_test(&m->rules[i], g, report, ctx) == 0)
			return false;
	return true;
}

void matcher_copy(struct matcher *dst, const struct matcher *src)
{
	dst->n = src->n;
	dst->rules = calloc(src->n ? src->n : 1, sizeof *dst->rules);
	if (!dst->rules)
		die("out of memory");
	for (size_t i = 0; i < src->n; i++) {
		struct match_rule *r = &dst->rules[i];
		r->arg = strdup(src->rules[i].arg);
		r->tag = strdup(src->rules[i].tag);
		r->re = pcre2_code_copy(src->rules[i].re);
		match_rule_state(r);
	}
}

struct matcher *matcher_clone(const struct matcher *src)
{
	struct matcher *m = calloc(1, sizeof *m);
	if (!m)
		die("out of memory");
	matcher_copy(m, src);
	return m;
}

void matcher_free(struct matcher *m)
{
	matcher_release(m);
	free(m);
}

void matcher_release(struct matcher *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->rules[i].arg);
		free(m->rules[i].tag);
		pcre2_match_data_free(m->rules[i].md);
		pcre2_match_context_free(m->rules[i].mc);
		pcre2_code_free(m->rules[i].re);
	}
	free(m->rules);
	m->rules = NULL;
	m->n = 0;
}

int count_parse(const char *arg, unsigned long long max,
		unsigned long long *out)
{
	char *end;
	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	*out = strtoull(arg, &end, 10);
	return (*end || errno || *out > max) ? -1 : 0;
}

unsigned jobs_or_processors(unsigned long long n)
{
	if (n > 0)
		return (unsigned)n;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	return cpus > 0 ? (unsigned)cpus : 1;
}

unsigned jobs_arg(struct argp_state *state, const char *arg)
{
	unsigned long long n;
	if (count_parse(arg, JOBS_MAX, &n) != 0)
		argp_error(state, "--jobs: '%s' is not a number from 0 to %d",
			   arg, JOBS_MAX);
	return jobs_or_processors(n);
}

const struct variant *variant_arg(const char *arg)
{
	const struct variant *v = variant_by_id(arg);
	return v ? v : variant_by_name(arg);
}

/* ---------------------------------------------------------- diagnostics */

static void print_now(struct diag_printer *p, const struct diag *d)
{
	if (p->quiet || (p->no_warnings && d->severity < DIAG_ERROR))
		return;
	if (p->json)
		diag_print_json(stderr, d);
	else
		diag_print_text(stderr, d);
}

void diag_printer_report(void *printer, const struct diag *orig)
{
	struct diag_printer *p = printer;
	struct diag d = *orig;
	if (p->strict && d.severity == DIAG_WARNING)
		d.severity = DIAG_ERROR;
	if (d.severity == DIAG_ERROR)
		p->errors++;
	else if (d.severity == DIAG_WARNING)
		p->warnings++;
	if (!p->holding) {
		print_now(p, &d);
	} else if (p->held_count < DIAG_HELD_MAX) {
		p->held[p->held_count++] = d;
	} else {
		p->held_dropped++;
	}
}

void diag_printer_hold(struct diag_printer *p)
{
	diag_printer_reset(p);
	p->holding = true;
	p->held_count = p->held_dropped = 0;
}

void diag_printer_release(struct diag_printer *p, bool print)
{
	p->holding = false;
	if (!print)
		return;
	for (unsigned i = 0; i < p->held_count; i++)
		print_now(p, &p->held[i]);
	if (p->held_dropped && p->held_count) {
		struct diag more = p->held[p->held_count - 1];
		diag_setf(&more, DIAG_NOTE, DC_LIMIT,
			  "%u more diagnostics for this game not shown",
			  p->held_dropped);
		print_now(p, &more);
	}
}

void diag_printer_reset(struct diag_printer *p)
{
	p->errors = p->warnings = 0;
}

/* --------------------------------------------------------------- output */

/* A closed pipe (`| head`) is an I/O error like any other, exit status 2,
 * but an expected one: no death by SIGPIPE and no message.  With the
 * signal ignored, writes fail with EPIPE instead, which outputs_check()
 * and output_close() recognise.  Set before main() so that every command
 * has it. */
__attribute__((constructor)) static void ignore_sigpipe(void)
{
	signal(SIGPIPE, SIG_IGN);
}

/* Standard output closed by output_close(), or its write error reported:
 * nothing is left for the check at exit. */
static bool stdout_done;

/* What is written to standard output without the command closing it
 * itself (argp's --help, --usage and --version, which end in exit(0))
 * is checked at exit as output_close() checks it: a full disk is status
 * 2, not a silent success.  _exit(), as exit() must not be called again
 * from an exit handler; the other streams are flushed first. */
static void stdout_close_at_exit(void)
{
	if (stdout_done || output_close(stdout, "standard output") == 0)
		return;
	fflush(NULL);
	_exit(EXIT_TROUBLE);
}

__attribute__((constructor)) static void check_stdout_at_exit(void)
{
	atexit(stdout_close_at_exit);
}

/* The outputs opened so far, for outputs_check(). */
#define OUTPUTS_MAX 8
static struct {
	FILE *f;
	const char *path;
} outputs[OUTPUTS_MAX];
static size_t noutputs;

static char *const *declared_inputs;
static int ndeclared_inputs;

void inputs_declare(char *const *files, int nfiles)
{
	declared_inputs = files;
	ndeclared_inputs = nfiles;
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Dies when path (which exists, as *st) is an input or an output. */
static void refuse_overwrite(const char *path, const struct stat *st)
{
	struct stat in;
	bool stdin_read = ndeclared_inputs == 0;
	for (int i = 0; i < ndeclared_inputs; i++) {
		if (strcmp(declared_inputs[i], "-") == 0)
			stdin_read = true;
		else if (stat(declared_inputs[i], &in) == 0 && same_file(st, &in))
			die("'%s' is both an input and an output: writing it "
			    "would empty it before it is read", path);
	}
	if (stdin_read && fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode) &&
	    same_file(st, &in))
		die("'%s' is standard input too: writing it would empty it "
		    "before it is read", path);
	for (size_t i = 0; i < noutputs; i++)
		if (outputs[i].f && fstat(fileno(outputs[i].f), &in) == 0 &&
		    same_file(st, &in))
			die("'%s' is given as two outputs ('%s' too)", path,
			    outputs[i].path);
}

FILE *output_open(const char *path)
{
	FILE *f = stdout;
	if (strcmp(path, "-") != 0) {
		struct stat st;
		if (stat(path, &st) == 0)
			refuse_overwrite(path, &st);
		f = fopen(path, "wb");
		if (!f)
			die("cannot open '%s' for writing: %s", path,
			    strerror(errno));
	}
	if (noutputs < OUTPUTS_MAX) {
		outputs[noutputs].f = f;
		outputs[noutputs++].path = path;
	}
	return f;
}

/* Why writes to f failed: EPIPE when f is a pipe nobody reads any more;
 * else what flushing what is left in the buffer says; else seen (errno
 * soon after the failure) when it is a write error, else EIO. */
static int output_errno(FILE *f, int seen)
{
	struct pollfd p = { .fd = fileno(f), .events = 0 };
	if (poll(&p, 1, 0) == 1 && (p.revents & POLLERR))
		return EPIPE;
	clearerr(f);
	errno = 0;
	int err = fflush(f) != 0 ? errno : 0;
	clearerr(f);
	if (err)
		return err;
	return seen == ENOSPC || seen == EDQUOT || seen == EFBIG ? seen : EIO;
}

/* Reports a write error on path, unless it is a closed pipe.  A file we
 * opened is removed when it is a regular one: what it holds stops at a
 * buffer's edge, mid-game. */
static void output_failed(FILE *f, const char *path, int err)
{
	struct stat st;
	if (f == stdout)
		stdout_done = true;	/* reported (or a closed pipe) once */
	if (err != EPIPE)
		warn_user("error writing '%s': %s", path, strerror(err));
	if (f != stdout && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
		remove(path);
}

void outputs_check(void)
{
	int seen = errno;
	for (size_t i = 0; i < noutputs; i++)
		if (outputs[i].f && ferror(outputs[i].f)) {
			output_failed(outputs[i].f, outputs[i].path,
				      output_errno(outputs[i].f, seen));
			exit(EXIT_TROUBLE);
		}
	if (ferror(stdout)) {
		output_failed(stdout, "standard output",
			      output_errno(stdout, seen));
		exit(EXIT_TROUBLE);
	}
}

int output_close(FILE *f, const char *path)
{
	if (!f)
		return 0;
	if (f == stdout)
		stdout_done = true;
	for (size_t i = 0; i < noutputs; i++)
		if (outputs[i].f == f)
			outputs[i].f = NULL;
	int err = ferror(f) || fflush(f) != 0 ? output_errno(f, errno) : 0;
	if (err) {
		output_failed(f, path, err);
		if (f != stdout)
			fclose(f);
		return -1;
	}
	if (f != stdout && fclose(f) != 0) {
		warn_user("error writing '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- input */

static int read_file(const char *path, const struct pgn_reader_opts *ro,
		     struct diag_printer *printer, game_fn fn, void *ctx)
{
	struct diag err = { 0 };
	struct pgn_reader *r = pgn_reader_open(path, ro, &err);
	if (!r) {
		warn_user("%s", err.message);
		return EXIT_TROUBLE;
	}
	struct pgn_game game;
	pgn_game_init(&game);
	int rc, status = 0;
	for (;;) {
		diag_printer_hold(printer);
		rc = pgn_reader_next(r, &game, diag_printer_report, printer, &err);
		if (rc <= 0)
			break;
		if (fn(ctx, &game) != 0)
			break;
		outputs_check();
	}
	diag_printer_release(printer, true);
	if (rc < 0) {
		warn_user("%s", err.message);
		status = EXIT_TROUBLE;
	}
	pgn_game_release(&game);
	pgn_reader_close(r);
	return status;
}

void raw_copy(struct raw_copy *c, FILE *f, const struct pgn_game *g)
{
	c->cut_to = (g->flags & PGN_RAW_CUT) ? f : NULL;
	if (f)
		fwrite(g->raw, 1, g->raw_len, f);
}

void raw_copy_skipped(void *ctx, const char *bytes, size_t len)
{
	struct raw_copy *c = ctx;
	if (c->cut_to)
		fwrite(bytes, 1, len, c->cut_to);
}

void files_or_stdin(char ***files, int *nfiles)
{
	static char *stdin_only[] = { "-" };
	if (*nfiles == 0) {
		*files = stdin_only;
		*nfiles = 1;
	}
}

int for_each_game(char **files, int nfiles, const struct pgn_reader_opts *ro,
		  struct diag_printer *printer, game_fn fn, void *ctx)
{
	files_or_stdin(&files, &nfiles);
	int status = 0;
	for (int i = 0; i < nfiles; i++)
		if (read_file(files[i], ro, printer, fn, ctx) != 0)
			status = EXIT_TROUBLE;
	return status;
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

int for_each_fen_line(FILE *in, const char *name, fen_fn fn, void *ctx)
{
	char *line = NULL, where[32];
	size_t cap = 0;
	ssize_t len;
	bool cut;
	int status = 0;
	/* Lines end as PGN lines do: LF, CRLF, or a CR alone. */
	for (unsigned long n = 1;
	     (len = pgn_read_line_max(&line, &cap, in, FEN_LINE_MAX, &cut)) >= 0;
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
	/* pgn_read_line() returns -1 at the end and on a read error alike (a
	 * closed descriptor, a directory): only the stream's error flag tells
	 * them apart, and errno still says why. */
	if (ferror(in)) {
		warn_user("could not read '%s': %s", name, strerror(errno));
		status = EXIT_TROUBLE;
	}
	free(line);
	return status;
}
