/* The diagnostics' one printer: text or JSON lines on standard error, as
 * the policy says.  See run.h. */
#include "run.h"

void diag_policy_print(const struct diag_policy *p, const struct diag *d)
{
	/* The note of diagnostics left out is about errors too (pgn.h). */
	if (p->quiet || (p->no_warnings && d->severity < DIAG_ERROR &&
			 !diag_is_more(d)))
		return;
	if (p->json)
		diag_print_json(stderr, d);
	else
		diag_print_text(stderr, d);
}
