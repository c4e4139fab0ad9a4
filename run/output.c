/* Outputs: opened, checked after each write, closed; a closed pipe is
 * quiet, a full disk is not.  See run.h. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "run.h"

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

/* The outputs open, for outputs_check() and for the FILE two outputs
 * share: one entry each time output_open() returns it. */
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

/* Dies when path (a regular file, as *st) is an input: opening it for
 * writing would empty it before it is read. */
static void refuse_input(const char *path, const struct stat *st)
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
	if (stdin_read && fstat(STDIN_FILENO, &in) == 0 && same_file(st, &in))
		die("'%s' is standard input too: writing it would empty it "
		    "before it is read", path);
}

/* The FILE open on what path names (*st) already, or NULL: standard
 * output's, whatever its file is (no second open empties or overwrites
 * it), or an output's when it is not a regular file (a device, a pipe,
 * a terminal): what both write keeps its order, and the FILE is closed
 * once.  Two outputs opened on one regular file would write over each
 * other: refused. */
static FILE *output_shared(const char *path, const struct stat *st)
{
	struct stat open_st;
	if (fstat(STDOUT_FILENO, &open_st) == 0 && same_file(st, &open_st))
		return stdout;
	for (size_t i = 0; i < noutputs; i++) {
		if (fstat(fileno(outputs[i].f), &open_st) != 0 ||
		    !same_file(st, &open_st))
			continue;
		if (S_ISREG(st->st_mode))
			die("'%s' is given as two outputs ('%s' too)", path,
			    outputs[i].path);
		return outputs[i].f;
	}
	return NULL;
}

/* Only a regular file can be emptied by opening it: an input on a
 * device or a pipe is no clash. */
static FILE *output_fopen(const char *path)
{
	struct stat st;
	FILE *f = NULL;
	if (stat(path, &st) == 0) {
		if (S_ISREG(st.st_mode))
			refuse_input(path, &st);
		f = output_shared(path, &st);
	}
	if (!f)
		f = fopen(path, "wb");
	if (!f)
		die("cannot open '%s' for writing: %s", path, strerror(errno));
	return f;
}

FILE *output_open(const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : output_fopen(path);
	if (noutputs < OUTPUTS_MAX) {
		outputs[noutputs].f = f;
		outputs[noutputs++].path = path;
	}
	return f;
}

/* One entry of f gone from the outputs; whether another output shares f. */
static bool output_forget(FILE *f)
{
	size_t i = 0;
	while (i < noutputs && outputs[i].f != f)
		i++;
	if (i < noutputs)
		outputs[i] = outputs[--noutputs];
	for (i = 0; i < noutputs; i++)
		if (outputs[i].f == f)
			return true;
	return false;
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
		if (ferror(outputs[i].f)) {
			output_failed(outputs[i].f, outputs[i].path,
				      output_errno(outputs[i].f, seen));
			exit(EXIT_TROUBLE);
		}
	if (ferror(stdout)) {
		output_failed(stdout, "standard output",
			      output_errno(stdout, seen));
		exit(EXIT_TROUBLE);
	}
	if (ferror(stderr))	/* where it would be said: quietly */
		exit(EXIT_TROUBLE);
}

/* output_close() of the last output on f (or of standard output at
 * exit, shared or not). */
static int output_end(FILE *f, const char *path)
{
	if (f == stdout)
		stdout_done = true;
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

int output_close(FILE *f, const char *path)
{
	if (!f || output_forget(f))	/* the last output on f closes it */
		return 0;
	return output_end(f, path);
}

void output_abandon(FILE *f, const char *path)
{
	struct stat st;
	bool regular = f && f != stdout && fstat(fileno(f), &st) == 0 &&
		       S_ISREG(st.st_mode);
	output_close(f, path);
	if (regular)
		remove(path);
}

/* What is written to standard output without the command closing it
 * itself (argp's --help, --usage and --version, which end in exit(0))
 * is checked at exit as output_close() checks it: a full disk is status
 * 2, not a silent success.  So is standard error, every command's
 * output of diagnostics and summaries, quietly.  _exit(), as exit() must
 * not be called again from an exit handler; the other streams are
 * flushed first. */
static void std_close_at_exit(void)
{
	bool ok = stdout_done || output_end(stdout, "standard output") == 0;
	if (fflush(stderr) != 0 || ferror(stderr))
		ok = false;
	if (ok)
		return;
	fflush(NULL);
	_exit(EXIT_TROUBLE);
}

__attribute__((constructor)) static void check_std_at_exit(void)
{
	atexit(std_close_at_exit);
}
