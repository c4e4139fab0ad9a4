/* Text that is UTF-8 or Latin-1, often both in one file (utf8.h): the
 * characters of it, and its UTF-8 for writers that never emit invalid
 * UTF-8. */
#include "utf8.h"

size_t utf8_length(const unsigned char *s, size_t avail)
{
	unsigned char c = s[0];
	size_t n = c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
	if (n == 0 || n > avail)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	/* Overlong forms and surrogates are not UTF-8 either. */
	if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) ||
	    (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))
		return 0;
	return n;
}

size_t utf8_put(FILE *out, const char *str, size_t avail)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n = s[0] < 0x80 ? 1 : utf8_length(s, avail);
	if (n) {
		fwrite(s, 1, n, out);
		return n;
	}
	char two[2];
	latin1_utf8(s[0], two);
	fwrite(two, 1, 2, out);
	return 1;
}

void latin1_utf8(unsigned char c, char out[2])
{
	out[0] = (char)(0xC0 | c >> 6);
	out[1] = (char)(0x80 | (c & 0x3F));
}

size_t utf8_chars(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t chars = 0;
	for (size_t i = 0; i < len; chars++) {
		size_t n = s[i] < 0x80 ? 1 : utf8_length(s + i, len - i);
		i += n ? n : 1;
	}
	return chars;
}
