/* Numbers written by hand: the converters write one or two for every
 * position or move, where printf's parsing of its format dominated. */
#include <string.h>

#include "pgn.h"

size_t pgn_put_uint(char *out, uint64_t v)
{
	char digits[20], *p = digits + sizeof digits;
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	size_t n = (size_t)(digits + sizeof digits - p);
	memcpy(out, p, n);
	return n;
}
