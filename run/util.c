/* Messages, exhausted memory, numbers and names in options.  See run.h. */
#include <argp.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
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

/* The libraries' handler for exhausted memory (pawnkit_on_out_of_memory):
 * stderr's buffer is static (command_setup()), so the message needs no
 * memory of its own. */
static void out_of_memory(void)
{
	/* Exiting flushes the outputs, whose writes may need memory again
	 * (a worker's FILE writes into a growing chunk): a second failure
	 * ends at once rather than recursing. */
	static bool failed;
	if (failed)
		_exit(EXIT_TROUBLE);
	failed = true;
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

