/* The one place diagnostics become text: human lines and JSON lines. */
#include <inttypes.h>
#include <string.h>

#include "formats.h"
#include "../libparse/utf8.h"

static const char *severity_name(enum diag_severity s)
{
	static const char *const names[] = { "note", "warning", "error" };
	return names[s];
}

/* Whether the character at s (left bytes there, the first not ASCII) is a
 * C1 control: U+0080 to U+009F in UTF-8, or a byte 0x80 to 0x9F that is
 * not UTF-8, which Latin-1 reads as one.  Some terminals obey them. */
static bool c1_control(const unsigned char *s, size_t left)
{
	size_t n = utf8_length(s, left);
	return n ? s[0] == 0xC2 && s[1] < 0xA0 : s[0] < 0xA0;
}

/* Control characters from a hostile file must not reach a terminal raw:
 * their bytes are written as \xHH.  Other text from the file past ASCII
 * is read as every writer reads it (utf8.h: UTF-8 where valid, else
 * Latin-1), so that part of the line is always valid UTF-8; a file name
 * is the user's own bytes and only its C0 controls are escaped. */
static void print_escaped(FILE *out, const char *str, bool file_name)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t left = strlen(str);
	while (left) {
		size_t took = 1;
		if (s[0] < 0x20 || s[0] == 0x7f) {
			fprintf(out, "\\x%02x", s[0]);
		} else if (s[0] < 0x80 || file_name) {
			putc(s[0], out);
		} else if (c1_control(s, left)) {
			took = s[0] == 0xC2 ? 2 : 1;
			for (size_t i = 0; i < took; i++)
				fprintf(out, "\\x%02x", s[i]);
		} else {
			took = utf8_put(out, (const char *)s, left);
		}
		s += took;
		left -= took;
	}
}

static void print_escaped_text(FILE *out, const char *s)
{
	print_escaped(out, s, false);
}

void diag_print_text(FILE *out, const struct diag *d)
{
	print_escaped(out, d->file ? d->file : "-", true);
	if (d->line)
		fprintf(out, ":%" PRIu32 ":%" PRIu32, d->line, d->col);
	fprintf(out, ": %s: ", severity_name(d->severity));
	if (d->game) {
		fprintf(out, "game %" PRIu64, d->game);
		if (d->white || d->black) {
			fputs(" (", out);
			print_escaped_text(out, d->white ? d->white : "?");
			fputs(" - ", out);
			print_escaped_text(out, d->black ? d->black : "?");
			putc(')', out);
		}
		fputs(": ", out);
	}
	if (d->move[0]) {
		print_escaped_text(out, d->move);
		if (d->path[0]) {
			fputs(" [", out);
			print_escaped_text(out, d->path);
			putc(']', out);
		}
		fputs(": ", out);
	}
	print_escaped_text(out, d->message);
	putc('\n', out);
}

static void json_key_string(FILE *out, const char *key, const char *value)
{
	fprintf(out, ",\"%s\":", key);
	if (value)
		json_write_string(out, value, strlen(value));
	else
		fputs("null", out);
}

void diag_print_json(FILE *out, const struct diag *d)
{
	fputs("{\"file\":", out);
	json_write_string(out, d->file ? d->file : "-", strlen(d->file ? d->file : "-"));
	fprintf(out, ",\"game\":%" PRIu64 ",\"line\":%" PRIu32
		",\"column\":%" PRIu32 ",\"ply\":%" PRIu32,
		d->game, d->line, d->col, d->ply);
	json_key_string(out, "path", d->path);
	json_key_string(out, "move", d->move[0] ? d->move : NULL);
	json_key_string(out, "severity", severity_name(d->severity));
	json_key_string(out, "code", diag_code_name(d->code));
	json_key_string(out, "message", d->message);
	fputs("}\n", out);
}
