/* Numbers written by hand, two digits at a time: the converters write one
 * or two for every position or move, where printf's parsing of its format
 * dominated. */
#include <string.h>

#include "pgn.h"

const char pgn_digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930"
	"31323334353637383940414243444546474849505152535455565758596061"
	"62636465666768697071727374757677787980818283848586878889909192"
	"93949596979899";

size_t pgn_put_uint(char *out, uint64_t v)
{
	/* Nearly every number a converter writes: a clock, a move number. */
	if (v < 10) {
		out[0] = (char)('0' + v);
		return 1;
	}
	if (v < 100) {
		memcpy(out, pgn_digit_pairs + 2 * v, 2);
		return 2;
	}
	char digits[20], *p = digits + sizeof digits;
	for (; v >= 100; v /= 100) {
		p -= 2;
		memcpy(p, pgn_digit_pairs + 2 * (v % 100), 2);
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, pgn_digit_pairs + 2 * v, 2);
	} else {
		*--p = (char)('0' + v);
	}
	size_t n = (size_t)(digits + sizeof digits - p);
	memcpy(out, p, n);
	return n;
}
