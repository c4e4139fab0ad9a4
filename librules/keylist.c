/* The replay's list of position keys, for repetitions: the rare case of
 * keylist_push() (internal.h), out of line, for the replay and its fast
 * path alike. */
#include <string.h>

#include "../libparse/grow.h"
#include "internal.h"

/* Out of memory is pawnkit_out_of_memory()'s, as everywhere: going on
 * without the keys would miss repetitions, and so change what the
 * replay says of a game. */
void lr_keylist_grow(struct keylist *k)
{
	bool local = k->keys == k->local;
	uint64_t *grown = pawnkit_grow(local ? NULL : k->keys, &k->cap,
				       k->cap + 1, sizeof *grown, 0);
	if (local)
		memcpy(grown, k->local, sizeof k->local);
	k->keys = grown;
}
