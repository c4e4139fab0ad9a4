/* san_parse_quick() against san_parse(): every token it accepts must read
 * exactly as san_parse() reads it, and san_parse_quick_text() (in place,
 * before a NUL and bytes that would extend the shape) exactly as
 * san_parse_quick().  The tokens: every combination of a
 * mover (none, each piece letter, some letters it must leave alone), an
 * origin hint, a capture mark, a destination (with some that are not
 * squares), a promotion and check marks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn.h"

static const char *const movers[] = { "", "K", "Q", "R", "B", "N", "P", "T",
				      "k", "n", "b", "E", "x" };
static const char *const hints[] = { "", "a", "b", "e", "h", "1", "4", "8",
				     "i", "0", "e2", "b1", "x" };
static const char *const takes[] = { "", "x", ":", "-", "xB" };
static const char *const promotions[] = { "", "=Q", "=R", "=B", "=N", "=q",
					  "=K", "Q", "=", "e.p." };
static const char *const checks[] = { "", "+", "#", "++", "+#" };

#define N(a) (sizeof a / sizeof a[0])

static bool same(const struct san *a, const struct san *b)
{
	return a->kind == b->kind && a->piece == b->piece &&
	       a->from_file == b->from_file && a->from_rank == b->from_rank &&
	       a->to == b->to && a->capture == b->capture &&
	       a->victim == b->victim && a->marker == b->marker &&
	       a->promotion == b->promotion && a->check == b->check &&
	       a->coordinate == b->coordinate && a->lan == b->lan &&
	       a->lenient == b->lenient;
}

/* In place: the token, its NUL, then bytes that would go on with it. */
static void check_in_place(const char *text, int quick_rc,
			   const struct san *quick)
{
	char buf[80];
	struct san in_place;
	size_t n = strlen(text);
	memset(buf, 'x', sizeof buf);
	memcpy(buf, text, n);
	buf[n] = 0;
	memcpy(buf + n + 1, "d5=Q+", 5);
	int rc = san_parse_quick_text(buf, n, &in_place);
	if (rc != quick_rc)
		fail_msg("'%s': in place %d, copied %d", text, rc, quick_rc);
	if (rc == 0 && !same(&in_place, quick))
		fail_msg("'%s': in place and copied differ", text);
}

static unsigned check_token(const char *text)
{
	struct san quick, full;
	struct diag err;
	memset(&err, 0, sizeof err);
	int rc = san_parse_quick(text, strlen(text), &quick);
	check_in_place(text, rc, &quick);
	if (rc != 0)
		return 0;
	if (san_parse(text, strlen(text), &full, &err) != 0)
		fail_msg("'%s': quick accepts, san_parse refuses: %s", text,
			 err.message);
	if (!same(&quick, &full))
		fail_msg("'%s': quick and san_parse differ", text);
	return 1;
}

static void test_every_shape(void **state)
{
	(void)state;
	char text[64], sq[4];
	unsigned accepted = 0;
	for (int to = -2; to < 64; to++) {
		if (to >= 0)
			square_name(to, sq);
		else
			snprintf(sq, sizeof sq, "%s", to == -1 ? "i9" : "e");
		for (size_t a = 0; a < N(movers); a++)
			for (size_t b = 0; b < N(hints); b++)
				for (size_t c = 0; c < N(takes); c++)
					for (size_t d = 0; d < N(promotions); d++)
						for (size_t e = 0; e < N(checks); e++) {
							snprintf(text, sizeof text,
								 "%s%s%s%s%s%s",
								 movers[a], hints[b],
								 takes[c], sq,
								 promotions[d],
								 checks[e]);
							accepted += check_token(text);
						}
	}
	/* The shapes it exists for are all taken. */
	assert_true(accepted > 64 * 5 * 30);
	const char *const must[] = { "e4", "exd5", "e8=Q+", "Nf3", "Nbd7",
				     "R1e2", "Nxe5#", "Qhxh7", "K4xe5" };
	for (size_t i = 0; i < N(must); i++) {
		struct san s;
		if (san_parse_quick(must[i], strlen(must[i]), &s) != 0)
			fail_msg("'%s' not read quickly", must[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_shape),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
