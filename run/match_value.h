/* The values --match compares (TAG>=VALUE): private to run/match.c. */
#ifndef PAWNKIT_MATCH_VALUE_H
#define PAWNKIT_MATCH_VALUE_H

#include <stddef.h>

/* A whole number (2500) or a date with its fields (2020, 2020.01,
 * 2020.01.31): up to three dot-separated whole numbers. */
struct match_value {
	unsigned n;
	unsigned long long field[3];
};

/* 0, or -1 when s is not such a value. */
int rp_match_value_parse(struct match_value *v, const char *s);
/* Compares a tag's value with v over v's fields: *cmp < 0, 0 or > 0 as
 * the value is before, equal to or after v.  -1 when the value does not
 * tell: not such a value, or a field v needs unknown ("??", as in PGN
 * dates, or missing) before the comparison was decided. */
int rp_match_value_compare(const char *value, size_t len,
			   const struct match_value *v, int *cmp);

#endif
