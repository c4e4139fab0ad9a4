/* Messages, exhausted memory, numbers and names in options.  See run.h. */
#include <argp.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../libparse/grow.h"
#include "run.h"

static void vwarn_user(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", program_invocation_short_name);
	vfprintf(stderr, fmt, ap);
	putc('\n', stderr);
}

void warn_user(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn_user(fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vwarn_user(fmt, ap);
	va_end(ap);
	exit(EXIT_TROUBLE);
}

/* The one way out when memory runs out, on any thread: a fixed line by
 * write(2) and _exit(2).  exit() would flush every stream, a worker's
 * among them, whose writes grow a buffer: memory again, or a race with
 * the thread still writing it (a crash). */
static void out_of_memory(void)
{
	static atomic_flag taken = ATOMIC_FLAG_INIT;
	/* Two threads out at once: one line, the first one's. */
	if (atomic_flag_test_and_set(&taken))
		for (;;)
			pause();
	static const char said[] = ": out of memory\n";
	char line[256];
	size_t n = strnlen(program_invocation_short_name,
			   sizeof line - sizeof said);
	memcpy(line, program_invocation_short_name, n);
	memcpy(line + n, said, sizeof said - 1);
	if (write(STDERR_FILENO, line, n + sizeof said - 1) < 0) {
		/* nothing is left to tell it with */
	}
	_exit(EXIT_TROUBLE);
}

/* Descriptors 0, 1 and 2 that arrive closed are opened on /dev/null
 * (as the BSD and GNU utilities do): else the first file opened takes
 * the number and gets what was meant for that stream (diagnostics
 * written into the -o file).  Write-only, standard input included:
 * what is written to a closed output goes nowhere, and reading a closed
 * input stays an error (EBADF), not an empty input.  Nothing can be
 * said when this fails. */
static void standard_descriptors(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		if (open("/dev/null", O_WRONLY) != fd)
			_exit(EXIT_TROUBLE);
	}
}

void command_setup(void)
{
	standard_descriptors();
	/* Unbuffered, stderr took a write(2) for each putc() of a
	 * diagnostic: 542,699 of them for the OTB corpus's 4,686 warnings,
	 * a tenth of pgn-validate's time.  Line-buffered, a diagnostic is one
	 * write, still out before the next line is made. */
	static char stderr_buffer[BUFSIZ];
	setvbuf(stderr, stderr_buffer, _IOLBF, sizeof stderr_buffer);
	pawnkit_on_out_of_memory(out_of_memory);
}

/* Exhausted memory: one policy for the whole program, the libraries' and
 * this layer's allocations alike. */
void *xmalloc(size_t n)
{
	return pawnkit_realloc(NULL, n);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		pawnkit_out_of_memory();
	return p;
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

const struct variant *variant_arg(const char *arg)
{
	const struct variant *v = variant_by_id(arg);
	return v ? v : variant_by_name(arg);
}

