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

/* Text from the file is written as every text for a terminal is
 * (utf8.h: controls as \xHH, the rest valid UTF-8); a file name is the
 * user's own bytes, and only its controls are escaped. */
static void print_escaped(FILE *out, const char *s, bool file_name)
{
	utf8_put_visible(out, s, strlen(s), file_name);
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
