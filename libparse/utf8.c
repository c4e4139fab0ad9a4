/* Text that is UTF-8 or Latin-1, often both in one file (utf8.h): the
 * characters of it, and its UTF-8 for writers that never emit invalid
 * UTF-8. */
#include <string.h>

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

/* The longest form of one character as shown: "\xc2\x9b". */
#define VISIBLE_MAX 8

/* The bytes s[0, n) as \xHH each, into buf: the bytes written. */
static size_t escape_bytes(const unsigned char *s, size_t n, char *buf)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++, buf += 4) {
		buf[0] = '\\';
		buf[1] = 'x';
		buf[2] = hex[s[i] >> 4];
		buf[3] = hex[s[i] & 15];
	}
	return 4 * n;
}

/* The character at s (avail > 0 bytes there) as utf8_put_visible shows
 * it, into buf: the bytes of s it takes; *n the bytes written. */
static size_t visible_char(const unsigned char *s, size_t avail, bool name,
			   char buf[VISIBLE_MAX], size_t *n)
{
	size_t took = s[0] < 0x80 ? 1 : utf8_length(s, avail);
	bool control = took ? s[0] < 0x20 || s[0] == 0x7f ||
				      (s[0] == 0xC2 && s[1] < 0xA0)
			    : s[0] < 0xA0;
	took = took ? took : 1;
	if (control) {
		*n = escape_bytes(s, took, buf);
	} else if (took > 1 || s[0] < 0x80 || name) {
		memcpy(buf, s, took);
		*n = took;
	} else {
		latin1_utf8(s[0], buf);
		*n = 2;
	}
	return took;
}

/* The bytes at s that are printable ASCII, shown as they are. */
static size_t plain_run(const unsigned char *s, size_t len)
{
	size_t n = 0;
	while (n < len && s[n] >= 0x20 && s[n] < 0x7f)
		n++;
	return n;
}

size_t utf8_put_visible(FILE *out, const char *str, size_t len, bool name)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t width = 0;
	char buf[VISIBLE_MAX];
	for (size_t i = 0, n; i < len;) {
		/* Most text is plain: written a run at a time. */
		if ((n = plain_run(s + i, len - i)) != 0) {
			if (out)
				fwrite(s + i, 1, n, out);
			i += n;
			width += n;
			continue;
		}
		i += visible_char(s + i, len - i, name, buf, &n);
		/* What is written in ASCII (an escape) takes a column a
		 * byte; a character past it, one column. */
		width += (unsigned char)buf[0] < 0x80 ? n : 1;
		if (out)
			fwrite(buf, 1, n, out);
	}
	return width;
}

void utf8_visible_string(char *buf, size_t n, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t at = 0, len = strlen(str);
	char one[VISIBLE_MAX];
	for (size_t i = 0, k; i < len;) {
		i += visible_char(s + i, len - i, false, one, &k);
		if (at + k >= n)
			break;
		memcpy(buf + at, one, k);
		at += k;
	}
	buf[at] = 0;
}
