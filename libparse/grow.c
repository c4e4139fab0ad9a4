/* Buffers that grow.  See grow.h. */
#include <stdlib.h>

#include "grow.h"
#include "pgn.h"

void *pawnkit_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		pawnkit_out_of_memory();
	return p;
}

void *pawnkit_grow(void *p, size_t *cap, size_t need, size_t size,
		   size_t first)
{
	if (need <= *cap && p)
		return p;
	size_t n = *cap ? *cap : (first ? first : 1);
	while (n < need)
		n *= 2;
	*cap = n;
	return pawnkit_realloc(p, n * size);
}
