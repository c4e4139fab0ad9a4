/* Square names: a1 = 0 ... h8 = 63. */
#include "pgn.h"

char *square_name(int sq, char buf[3])
{
	buf[0] = (char)('a' + (sq & 7));
	buf[1] = (char)('1' + (sq >> 3));
	buf[2] = 0;
	return buf;
}

int square_parse(const char *s)
{
	if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
		return -1;
	return (s[1] - '1') * 8 + (s[0] - 'a');
}
