/* Standard chess: playing a legal move.  The body is
 * standard_make_inline() (standard_inline.h), which the replay's fast path
 * inlines. */
#include "standard_inline.h"

void standard_make(struct position *pos, move_t m)
{
	standard_make_inline(pos, m);
}
