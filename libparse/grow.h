/* The one rule by which every buffer of pawnkit grows, for every library
 * and the run layer: its capacity doubles (from `first` elements when it
 * has none) until it holds `need`, and memory that runs out goes to
 * pawnkit_out_of_memory() (pgn.h): no recovery in a filter, no library
 * that exits or prints on its own. */
#ifndef PAWNKIT_GROW_H
#define PAWNKIT_GROW_H

#include <stddef.h>

/* p (may be NULL), an array of *cap elements of size bytes, made to hold
 * at least need of them; *cap becomes the new capacity.  Returns the
 * array, moved or not.  New elements are not cleared. */
void *pawnkit_grow(void *p, size_t *cap, size_t need, size_t size,
		   size_t first);
/* realloc() that never returns NULL (a size of 0 is made 1). */
void *pawnkit_realloc(void *p, size_t n);

#endif
