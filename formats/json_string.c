/* JSON strings that never hold invalid UTF-8: bytes read as UTF-8 where
 * they are, else as Latin-1 (utf8.h).  Apart from json_write.c so that
 * the commands writing diagnostics or statistics as JSON link this alone,
 * not the game writers. */
#include "formats.h"
#include "../libparse/utf8.h"

void json_write_string(FILE *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	putc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		if (c == '"' || c == '\\') {
			putc('\\', out);
			putc(c, out);
		} else if (c == '\n') {
			fputs("\\n", out);
		} else if (c == '\r') {
			fputs("\\r", out);
		} else if (c == '\t') {
			fputs("\\t", out);
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(out, "\\u%04x", c);
		} else if (c < 0x80) {
			putc(c, out);
		} else {
			size_t n = utf8_length(s + i, len - i);
			if (n) {
				fwrite(s + i, 1, n, out);
				i += n - 1;
			} else {
				fprintf(out, "\\u%04x", c);	/* Latin-1 */
			}
		}
	}
	putc('"', out);
}
