/* The progress line on standard error while run_files() reads games:
 * megabytes, games, games per second and, when the inputs' size is
 * known, the share done and the time left.  One a process: there is one
 * standard error.  See engine.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"

static enum rp_progress_mode mode = RP_PROGRESS_AUTO;

static struct {
	bool on, tty, shown;
	uint64_t total;		/* bytes of all inputs; 0 when unknown */
	uint64_t bytes, games;
	double start, last;
} p;

void rp_progress_mode(enum rp_progress_mode m)
{
	mode = m;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The size of the text of file ("-": standard input) when its size says
 * it: a regular file, not compressed.  -1 when it does not. */
static int64_t text_size(const char *file)
{
	struct stat st;
	bool std = strcmp(file, "-") == 0;
	int fd = std ? 0 : open(file, O_RDONLY | O_CLOEXEC);
	bool known = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		     !pgn_file_compressed(fd);
	if (fd > 0 && !std)
		close(fd);
	return known ? (int64_t)st.st_size : -1;
}

/* Sizes of the inputs' text; 0 when one does not say it (a pipe, a
 * compressed file). */
static uint64_t input_size(char **files, int nfiles)
{
	uint64_t total = 0;
	for (int i = 0; i < nfiles; i++) {
		int64_t size = text_size(files[i]);
		if (size < 0)
			return 0;
		total += (uint64_t)size;
	}
	return total;
}

/* Standard output a terminal that the run writes games to: a line that
 * goes back and forth over them would garble both. */
static bool stdout_shown(const struct run_config *cfg)
{
	for (unsigned s = 0; s < RUN_STREAMS; s++)
		if (cfg->streams[s] == stdout)
			return isatty(STDOUT_FILENO);
	return false;
}

void rp_progress_start(const struct run_config *cfg, char **files,
		       int nfiles)
{
	memset(&p, 0, sizeof p);
	p.tty = isatty(STDERR_FILENO);
	p.on = !cfg->diag.quiet && mode != RP_PROGRESS_OFF &&
	       (mode == RP_PROGRESS_ON || (p.tty && !stdout_shown(cfg)));
	if (!p.on)
		return;
	p.total = input_size(files, nfiles);
	p.start = p.last = now();
}

void rp_progress_clear(void)
{
	if (p.shown && p.tty)
		fputs("\r\033[K", stderr);
	p.shown = false;
}

static void print_eta(double secs)
{
	if (!p.total || !p.bytes || p.bytes > p.total)
		return;
	double eta = secs * (double)(p.total - p.bytes) / (double)p.bytes;
	fprintf(stderr, ", ETA %u:%02u", (unsigned)eta / 60, (unsigned)eta % 60);
}

static void progress_print(double t, bool done)
{
	double secs = t - p.start > 1e-3 ? t - p.start : 1e-3;
	rp_progress_clear();
	fprintf(stderr, "%s: %.1f MB", program_invocation_short_name,
		(double)p.bytes / 1e6);
	if (p.total && !done)
		fprintf(stderr, " of %.1f MB (%.0f%%)", (double)p.total / 1e6,
			100.0 * (double)p.bytes / (double)p.total);
	fprintf(stderr, ", %llu %s, %.0f games/s", (unsigned long long)p.games,
		plural(p.games, "game", "games"), (double)p.games / secs);
	if (done) {
		fprintf(stderr, ", %.1f s\n", secs);
		return;
	}
	print_eta(secs);
	if (!p.tty) {
		putc('\n', stderr);
		return;
	}
	p.shown = true;
	fflush(stderr);		/* line-buffered, and the line has no end */
}

void rp_progress_add(uint64_t bytes, uint64_t games)
{
	if (!p.on)
		return;
	p.bytes += bytes;
	p.games += games;
	double t = now();
	if (t - p.last >= (p.tty ? 0.25 : 2.0)) {
		p.last = t;
		progress_print(t, false);
	}
}

void rp_progress_end(void)
{
	if (p.on)
		progress_print(now(), true);
	p.on = false;
}
