/* JSON strings that never hold invalid UTF-8: bytes read as UTF-8 where
 * they are, else as Latin-1 (utf8.h).  Apart from json_write.c so that
 * the commands writing diagnostics or statistics as JSON link this alone,
 * not the game writers. */
#include <string.h>

#include "internal.h"
#include "../libparse/utf8.h"

size_t fmt_json_escape(const unsigned char *s, size_t avail, char out[6],
		       size_t *used, bool *latin1)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c = s[0];
	size_t n;
	*used = 1;
	if (c == '"' || c == '\\') {
		out[0] = '\\', out[1] = (char)c;
		return 2;
	}
	if (c == '\n' || c == '\r' || c == '\t') {
		out[0] = '\\', out[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
		return 2;
	}
	if (c >= 0x20 && c < 0x7f) {
		out[0] = (char)c;
		return 1;
	}
	if (c >= 0x80 && (n = utf8_length(s, avail)) != 0) {
		memcpy(out, s, n);	/* four bytes at most */
		*used = n;
		return n;
	}
	*latin1 |= c >= 0x80;
	memcpy(out, "\\u00", 4);
	out[4] = hex[c >> 4], out[5] = hex[c & 15];
	return 6;
}

void json_write_string(FILE *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	bool latin1 = false;
	char text[6];
	putc('"', out);
	for (size_t i = 0, used; i < len; i += used)
		fwrite(text, 1, fmt_json_escape(s + i, len - i, text, &used,
						&latin1), out);
	putc('"', out);
}
