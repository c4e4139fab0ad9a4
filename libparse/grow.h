/* A growing byte buffer's one rule, for the readers of this library and
 * the writers of formats/: capacity doubles from `first` until it holds
 * `need` bytes.
 * Exhausted memory goes to pawnkit_out_of_memory(), as the arena's does:
 * no recovery in a filter. */
#ifndef PAWNKIT_GROW_H
#define PAWNKIT_GROW_H

#include <stdlib.h>

#include "pgn.h"

static inline void bytes_grow(char **s, size_t *cap, size_t need,
			      size_t first)
{
	size_t n = *cap ? *cap * 2 : first;
	while (n < need)
		n *= 2;
	char *grown = realloc(*s, n);
	if (!grown)
		pawnkit_out_of_memory();
	*s = grown;
	*cap = n;
}

#endif
