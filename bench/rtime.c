/* rtime: one timed run of a shell command, for bench/run.sh.
 *
 *   rtime OUT COMMAND
 *
 * runs `sh -c COMMAND` with its output streams sent to /dev/null and
 * writes to the file OUT one line: wall seconds, user seconds, system
 * seconds, peak resident KiB.  The same figures as `time -f '%e %U %S
 * %M'`, but in microseconds where time(1) prints hundredths: a command
 * of a tenth of a second (a tags-only scan of the corpus) is timed to
 * 0.01%, not to 8%.  Exit status: the command's, or 2 when it could not
 * be run. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The child: its output streams to /dev/null, then the shell. */
static void run_child(const char *command)
{
	int null = open("/dev/null", O_RDWR);

	if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
		_exit(127);
	execl("/bin/sh", "sh", "-c", command, (char *)NULL);
	_exit(127);
}

int main(int argc, char **argv)
{
	struct rusage use;
	int status;

	if (argc != 3) {
		fprintf(stderr, "usage: rtime OUT COMMAND\n");
		return 2;
	}
	double start = now();
	pid_t pid = fork();
	if (pid < 0)
		return 2;
	if (pid == 0)
		run_child(argv[2]);
	if (wait4(pid, &status, 0, &use) < 0)
		return 2;
	double wall = now() - start;
	FILE *out = fopen(argv[1], "w");
	if (!out || fprintf(out, "%.6f %.6f %.6f %ld\n", wall,
			    seconds(use.ru_utime), seconds(use.ru_stime),
			    use.ru_maxrss) < 0 || fclose(out) != 0)
		return 2;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
