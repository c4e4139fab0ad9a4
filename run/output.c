/* Outputs: opened, checked after each write, closed; a closed pipe is
 * quiet, a full disk is not.  See run.h. */
#include <errno.h>
#include <limits.h>
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

/* A regular file is written under a temporary name in its directory,
 * ".NAME.XXXXXX", and renamed into place when complete: a run that stops
 * (SIGINT, SIGTERM, SIGHUP, a write error, die()) leaves the file as it
 * was, or none, never a half-written one.  The names are in a fixed
 * table, which the signal handler reads: it only unlinks them and
 * raises the signal again with its default action. */
#define OUTPUTS_MAX 8
static char temp_names[OUTPUTS_MAX][PATH_MAX];
static volatile sig_atomic_t temp_used[OUTPUTS_MAX];
/* Where a temporary file is renamed to when it is not the name given:
 * the file a symbolic link names, which stays a link (malloc'd). */
static char *temp_targets[OUTPUTS_MAX];

/* The outputs open, for outputs_check() and for the FILE two outputs
 * share: one entry each time output_open() returns it.  A temporary
 * one's target is known by its directory and name (it may not exist
 * yet), and by its file when it exists. */
static struct {
	FILE *f;
	const char *path;
	int temp;		/* index in temp_names; -1: written in place */
	struct stat dir, target;
	bool target_exists;
} outputs[OUTPUTS_MAX];
static size_t noutputs;

static char *const *declared_inputs;
static int ndeclared_inputs;

static void temps_unlink(void)
{
	for (int i = 0; i < OUTPUTS_MAX; i++)
		if (temp_used[i])
			unlink(temp_names[i]);
}

/* SA_RESETHAND: the signal, raised again, now has its default action. */
static void temps_on_signal(int sig)
{
	temps_unlink();
	raise(sig);
}

/* Once, with the first temporary file: a signal ignored when the command
 * started (nohup) stays ignored. */
static void temps_guard(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	static bool done;
	struct sigaction sa = { .sa_handler = temps_on_signal,
				.sa_flags = SA_RESETHAND }, old;
	if (done)
		return;
	done = true;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	atexit(temps_unlink);	/* die() and exit() on a write error */
}

/* The temporary file gone (a write error, an abandoned output). */
static void temp_drop(int t)
{
	if (t < 0)
		return;
	unlink(temp_names[t]);
	temp_used[t] = 0;
	free(temp_targets[t]);
	temp_targets[t] = NULL;
}

/* The temporary file renamed into place; -1 when it cannot be
 * (reported, and the temporary file removed). */
static int temp_commit(int t, const char *path)
{
	const char *to = temp_targets[t] ? temp_targets[t] : path;
	int rc = rename(temp_names[t], to);
	if (rc != 0) {
		warn_user("cannot rename '%s' to '%s': %s", temp_names[t], to,
			  strerror(errno));
		temp_drop(t);
	}
	temp_used[t] = 0;	/* after: a signal between unlinks nothing */
	free(temp_targets[t]);
	temp_targets[t] = NULL;
	return rc != 0 ? -1 : 0;
}

static int temp_slot(const char *path)
{
	for (int t = 0; t < OUTPUTS_MAX; t++)
		if (!temp_used[t])
			return t;
	die("too many outputs at once ('%s')", path);
}

/* mkstemp() makes a file only its owner reads: it gets the mode of the
 * file it replaces (st), else the one fopen() gives a new file. */
static void temp_mode(int fd, const struct stat *st)
{
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, st ? st->st_mode & 07777 : 0666 & ~mask);
}

/* Opens a temporary file beside path, with the mode of the file it
 * replaces (*st), else the one a new file has; its slot in *t. */
static FILE *temp_open(const char *path, const struct stat *st, int *t)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	*t = temp_slot(path);
	if ((size_t)snprintf(temp_names[*t], PATH_MAX, "%.*s.%s.XXXXXX",
			     dirlen, path, path + dirlen) >= PATH_MAX)
		die("output path too long: '%s'", path);
	temps_guard();
	/* Marked before it is made: a signal that comes as mkstemp()
	 * returns (creating a file can take most of a run's time) still
	 * finds the name, and one before unlinks a name that is not. */
	temp_used[*t] = 1;
	int fd = mkstemp(temp_names[*t]);
	if (fd < 0) {
		temp_used[*t] = 0;
		die("cannot open '%s' for writing: %s", path, strerror(errno));
	}
	temp_mode(fd, st);
	FILE *f = fdopen(fd, "wb");
	if (!f)
		die("cannot open '%s' for writing: %s", path, strerror(errno));
	return f;
}

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

/* The FILE open on what path names (*st, not a regular file) already,
 * or NULL: standard output's, whatever its file is (no second open
 * empties or overwrites it), or an output's (a device, a pipe, a
 * terminal): what both write keeps its order, and the FILE is closed
 * once. */
static FILE *output_shared(const struct stat *st)
{
	struct stat open_st;
	if (fstat(STDOUT_FILENO, &open_st) == 0 && same_file(st, &open_st))
		return stdout;
	for (size_t i = 0; i < noutputs; i++)
		if (outputs[i].temp < 0 &&
		    fstat(fileno(outputs[i].f), &open_st) == 0 &&
		    same_file(st, &open_st))
			return outputs[i].f;
	return NULL;
}

/* The directory path is in (for the name of a file that may not exist
 * yet); dies when it cannot be read. */
static void dir_of(const char *path, struct stat *dir)
{
	const char *slash = strrchr(path, '/');
	char d[PATH_MAX];
	int len = slash ? (int)(slash - path) : 1;
	snprintf(d, sizeof d, "%.*s", len ? len : 1, slash ? path : ".");
	if (stat(d, dir) != 0)
		die("cannot open '%s' for writing: %s", path, strerror(errno));
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* Two outputs written to one regular file would write over each other:
 * refused.  Entry o is the new one. */
static void refuse_twice(size_t o)
{
	for (size_t i = 0; i < noutputs; i++) {
		if (outputs[i].temp < 0)
			continue;
		bool same = same_file(&outputs[i].dir, &outputs[o].dir) &&
			    strcmp(base_of(outputs[i].path),
				   base_of(outputs[o].path)) == 0;
		if (same || (outputs[i].target_exists &&
			     outputs[o].target_exists &&
			     same_file(&outputs[i].target, &outputs[o].target)))
			die("'%s' is given as two outputs ('%s' too)",
			    outputs[o].path, outputs[i].path);
	}
}

/* A device, a pipe or a terminal (*st): shared with an output open on
 * it, else opened. */
static FILE *output_in_place(const char *path, const struct stat *st)
{
	FILE *f = output_shared(st);
	f = f ? f : fopen(path, "wb");
	if (!f)
		die("cannot open '%s' for writing: %s", path, strerror(errno));
	return f;
}

/* The file path names when it is a symbolic link (malloc'd), else
 * NULL: the file is replaced, not the link. */
static char *link_target(const char *path)
{
	struct stat lst;
	if (lstat(path, &lst) != 0 || !S_ISLNK(lst.st_mode))
		return NULL;
	return realpath(path, NULL);
}

/* A regular file (or none yet) is written under a temporary name; a
 * device, a pipe or a terminal in place.  Only a regular file can be
 * emptied by opening it: an input on a device or a pipe is no clash. */
static FILE *output_fopen(const char *path, size_t o)
{
	struct stat *st = &outputs[o].target;
	FILE *f = NULL;
	outputs[o].target_exists = stat(path, st) == 0;
	if (outputs[o].target_exists && !S_ISREG(st->st_mode))
		return output_in_place(path, st);
	if (outputs[o].target_exists)
		refuse_input(path, st);
	if (outputs[o].target_exists && (f = output_shared(st)))
		return f;	/* standard output's file: written through it */
	dir_of(path, &outputs[o].dir);
	refuse_twice(o);
	char *real = outputs[o].target_exists ? link_target(path) : NULL;
	f = temp_open(real ? real : path, outputs[o].target_exists ? st : NULL,
		      &outputs[o].temp);
	temp_targets[outputs[o].temp] = real;
	return f;
}

FILE *output_open(const char *path)
{
	if (noutputs == OUTPUTS_MAX)
		die("too many outputs at once ('%s')", path);
	size_t o = noutputs;
	outputs[o].path = path;
	outputs[o].temp = -1;
	outputs[o].f = strcmp(path, "-") == 0 ? stdout : output_fopen(path, o);
	noutputs++;
	return outputs[o].f;
}

/* The temporary file of f's output, or -1. */
static int output_temp(FILE *f)
{
	for (size_t i = 0; i < noutputs; i++)
		if (outputs[i].f == f)
			return outputs[i].temp;
	return -1;
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

/* Reports a write error on path, unless it is a closed pipe.  Its
 * temporary file, if any, is removed: what it holds stops at a buffer's
 * edge, mid-game; the file it was to replace is left as it was. */
static void output_failed(FILE *f, const char *path, int err, int temp)
{
	if (f == stdout)
		stdout_done = true;	/* reported (or a closed pipe) once */
	if (err != EPIPE)
		warn_user("error writing '%s': %s", path, strerror(err));
	temp_drop(temp);
}

void outputs_check(void)
{
	int seen = errno;
	for (size_t i = 0; i < noutputs; i++)
		if (ferror(outputs[i].f)) {
			output_failed(outputs[i].f, outputs[i].path,
				      output_errno(outputs[i].f, seen),
				      outputs[i].temp);
			exit(EXIT_TROUBLE);
		}
	if (ferror(stdout)) {
		output_failed(stdout, "standard output",
			      output_errno(stdout, seen), -1);
		exit(EXIT_TROUBLE);
	}
	if (ferror(stderr))	/* where it would be said: quietly */
		exit(EXIT_TROUBLE);
}

/* output_close() of the last output on f (or of standard output at
 * exit, shared or not); its temporary file renamed into place. */
static int output_end(FILE *f, const char *path, int temp)
{
	if (f == stdout)
		stdout_done = true;
	int err = ferror(f) || fflush(f) != 0 ? output_errno(f, errno) : 0;
	if (err) {
		output_failed(f, path, err, temp);
		if (f != stdout)
			fclose(f);
		return -1;
	}
	if (f != stdout && fclose(f) != 0) {
		warn_user("error writing '%s': %s", path, strerror(errno));
		temp_drop(temp);
		return -1;
	}
	return temp >= 0 ? temp_commit(temp, path) : 0;
}

int output_close(FILE *f, const char *path)
{
	if (!f)
		return 0;
	int temp = output_temp(f);
	if (output_forget(f))	/* the last output on f closes it */
		return 0;
	return output_end(f, path, temp);
}

void output_abandon(FILE *f, const char *path)
{
	int temp = f ? output_temp(f) : -1;
	if (temp < 0) {
		output_close(f, path);
		return;
	}
	output_forget(f);
	fclose(f);
	temp_drop(temp);
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
	bool ok = stdout_done || output_end(stdout, "standard output", -1) == 0;
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
