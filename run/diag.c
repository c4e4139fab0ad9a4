/* The diagnostics' one printer: text or JSON lines on standard error or
 * the --diagnostics file, as the policy says, and the count of warnings
 * printed by code.  See run.h. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

bool diag_policy_apply(const struct diag_policy *p, struct diag *d)
{
	if (d->severity != DIAG_WARNING || (unsigned)d->code >= DC__COUNT)
		return true;
	switch (p->level[d->code]) {
	case DIAG_LEVEL_OFF:
		return false;
	case DIAG_LEVEL_ERROR:
		d->severity = DIAG_ERROR;
		return true;
	}
	if (p->strict)
		d->severity = DIAG_ERROR;
	return true;
}

/* A warning or note is printed unless its code is off, or -w is given
 * and its code not turned on; the note of diagnostics left out goes
 * with errors (pgn.h). */
static bool shown(const struct diag_policy *p, const struct diag *d)
{
	if (p->quiet)
		return false;
	if (d->severity == DIAG_ERROR || diag_is_more(d))
		return true;
	unsigned char level = (unsigned)d->code < DC__COUNT ?
		p->level[d->code] : DIAG_LEVEL_DEFAULT;
	return level != DIAG_LEVEL_OFF &&
	       (!p->no_warnings || level == DIAG_LEVEL_ON);
}

FILE *diag_policy_stream(const struct diag_policy *p)
{
	return p->to ? p->to : stderr;
}

void diag_policy_print(const struct diag_policy *p, const struct diag *orig)
{
	struct diag d = *orig;
	if (!diag_policy_apply(p, &d) || !shown(p, &d))
		return;
	if (p->printed && d.severity == DIAG_WARNING &&
	    (unsigned)d.code < DC__COUNT)
		p->printed[d.code]++;
	if (p->json)
		diag_print_json(diag_policy_stream(p), &d);
	else
		diag_print_text(diag_policy_stream(p), &d);
}

int diag_policy_close(const struct diag_policy *p)
{
	free(p->printed);
	return p->to ? output_close(p->to, p->to_path) : 0;
}

/* The code printed most of not yet listed (ties: the first code), or
 * DC__COUNT when none is left. */
static unsigned next_most(const uint64_t *printed, const bool *listed)
{
	unsigned best = DC__COUNT;
	for (unsigned c = 0; c < DC__COUNT; c++)
		if (printed[c] && !listed[c] &&
		    (best == DC__COUNT || printed[c] > printed[best]))
			best = c;
	return best;
}

/* The codes printed, most first, as text ("N CODE, N CODE") or JSON
 * members ("CODE":N,"CODE":N). */
static void print_codes(FILE *out, const uint64_t *printed, bool json)
{
	bool listed[DC__COUNT] = { false };
	unsigned c;
	for (unsigned n = 0; (c = next_most(printed, listed)) < DC__COUNT;
	     n++) {
		listed[c] = true;
		const char *name = diag_code_name((enum diag_code)c);
		if (json)
			fprintf(out, "%s\"%s\":%" PRIu64, n ? "," : "", name,
				printed[c]);
		else
			fprintf(out, "%s%" PRIu64 " %s", n ? ", " : "",
				printed[c], name);
	}
}

void diag_counts_print(const struct diag_policy *p, FILE *out)
{
	uint64_t total = 0;
	if (!p->count || p->quiet || !p->printed)
		return;
	for (unsigned c = 0; c < DC__COUNT; c++)
		total += p->printed[c];
	if (p->json) {
		fputs(",\"warnings\":{", out);
		print_codes(out, p->printed, true);
		putc('}', out);
		return;
	}
	fprintf(out, "%" PRIu64 " warning%s%s", total, total == 1 ? "" : "s",
		total ? ": " : "");
	print_codes(out, p->printed, false);
	putc('\n', out);
}

const char *diag_code_list(void)
{
	static char list[512];
	if (list[0])
		return list;
	for (unsigned c = DC_NONE + 1; c < DC__COUNT; c++) {
		size_t n = strlen(list);
		snprintf(list + n, sizeof list - n, "%s%s", n ? ", " : "",
			 diag_code_name((enum diag_code)c));
	}
	return list;
}
