/* The diagnostic type: codes, names and message formatting. */
#include <stdarg.h>
#include <stdio.h>

#include "pgn.h"

static const char *const code_names[DC__COUNT] = {
	[DC_NONE] = "none",
	[DC_SYNTAX] = "syntax",
	[DC_TAG_SYNTAX] = "tag-syntax",
	[DC_UNTERMINATED] = "unterminated",
	[DC_UNBALANCED] = "unbalanced",
	[DC_NO_RESULT] = "no-result",
	[DC_LIMIT] = "limit",
	[DC_ENCODING] = "encoding",
	[DC_FEN] = "fen",
	[DC_CASTLING_RIGHTS] = "castling-rights",
	[DC_ILLEGAL_MOVE] = "illegal-move",
	[DC_AMBIGUOUS_MOVE] = "ambiguous-move",
	[DC_BAD_MOVE] = "bad-move",
	[DC_LENIENT] = "lenient",
	[DC_CHECK_MARK] = "check-mark",
	[DC_NULL_MOVE] = "null-move",
	[DC_MOVE_NUMBER] = "move-number",
	[DC_MATE_MARK] = "mate-mark",
	[DC_CASTLING_DASH] = "castling-dash",
	[DC_RESULT_FORM] = "result-form",
	[DC_NAG_GLYPH] = "nag-glyph",
	[DC_RESULT] = "result",
	[DC_ROSTER] = "roster",
	[DC_VARIANT] = "variant",
	[DC_SETUP] = "setup",
	[DC_IO] = "io",
	[DC_SELECTION] = "selection",
};

const char *diag_code_name(enum diag_code code)
{
	return (unsigned)code < DC__COUNT && code_names[code] ? code_names[code]
							      : "unknown";
}

void diag_setf(struct diag *d, enum diag_severity sev, enum diag_code code,
	       const char *fmt, ...)
{
	va_list ap;
	d->severity = sev;
	d->code = code;
	va_start(ap, fmt);
	vsnprintf(d->message, sizeof d->message, fmt, ap);
	va_end(ap);
}

void diag_set_more(struct diag *d, unsigned long n)
{
	diag_setf(d, DIAG_NOTE, DC_LIMIT, "%lu more diagnostic%s for this "
		  "game not shown", n, n == 1 ? "" : "s");
}
