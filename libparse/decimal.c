/* Numbers written by hand: the converters write one or two for every
 * position or move, where printf's parsing of its format dominated. */
#include <string.h>

#include "pgn.h"

size_t pgn_put_uint(char *out, uint64_t v)
{
	/* Nearly every number a converter writes: a clock, a move number. */
	if (v < 10) {
		out[0] = (char)('0' + v);
		return 1;
	}
	if (v < 100) {
		out[0] = (char)('0' + v / 10);
		out[1] = (char)('0' + v % 10);
		return 2;
	}
	char digits[20], *p = digits + sizeof digits;
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	size_t n = (size_t)(digits + sizeof digits - p);
	memcpy(out, p, n);
	return n;
}
