/* The diagnostics' one printer: text or JSON lines on standard error, as
 * the policy says.  See run.h. */
#include "run.h"

void diag_policy_print(const struct diag_policy *p, const struct diag *d)
{
	if (p->quiet || (p->no_warnings && d->severity < DIAG_ERROR))
		return;
	if (p->json)
		diag_print_json(stderr, d);
	else
		diag_print_text(stderr, d);
}
