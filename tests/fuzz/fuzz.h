/* What the fuzz targets share: small helpers over the public headers.
 * Every target is one LLVMFuzzerTestOneInput() in tests/fuzz/fuzz_*.c,
 * built by `make fuzz` with clang -fsanitize=fuzzer,address,undefined.
 * A broken invariant calls FUZZ_CHECK, which aborts with its text so that
 * libFuzzer keeps the input. */
#ifndef PAWNKIT_FUZZ_H
#define PAWNKIT_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../formats/formats.h"
#include "../../libparse/pgn.h"
#include "../../librules/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                    \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "%s:%d: check failed: %s\n",        \
				__FILE__, __LINE__, #cond);                 \
			abort();                                            \
		}                                                           \
	} while (0)

/* A diagnostic must be a terminated string with a known code. */
static inline void fuzz_diag(void *ctx, const struct diag *d)
{
	unsigned *count = ctx;
	FUZZ_CHECK(memchr(d->message, 0, sizeof d->message) != NULL);
	FUZZ_CHECK(memchr(d->path, 0, sizeof d->path) != NULL);
	FUZZ_CHECK(memchr(d->move, 0, sizeof d->move) != NULL);
	FUZZ_CHECK(d->code < DC__COUNT);
	if (count)
		(*count)++;
}

/* The variant picked by a byte of the input. */
static inline const struct variant *fuzz_variant(uint8_t byte)
{
	size_t n;
	const struct variant *const *all = variant_all(&n);
	return all[byte % n];
}

/* Where writers write: a sink that costs nothing. */
static inline FILE *fuzz_null(void)
{
	static FILE *null;
	if (!null)
		null = fopen("/dev/null", "w");
	FUZZ_CHECK(null != NULL);
	return null;
}

#endif
