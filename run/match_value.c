/* Values compared by --match: whole numbers and PGN dates, field by
 * field.  See match_value.h. */
#include <string.h>

#include "match_value.h"

/* Largest field read: 18 digits cannot overflow. */
#define FIELD_DIGITS 18

/* One field at *s: digits, "??" (unknown: -1 in *known), or nothing
 * valid (0 returned).  *s moves past it. */
static int read_field(const char **s, const char *end,
		      unsigned long long *out, int *known)
{
	const char *p = *s;
	if (end - p >= 2 && p[0] == '?' && p[1] == '?') {
		*s = p + 2;
		while (*s < end && **s == '?')
			(*s)++;
		*known = 0;
		return 1;
	}
	unsigned long long n = 0;
	size_t digits = 0;
	for (; p < end && *p >= '0' && *p <= '9'; p++, digits++)
		n = n * 10 + (unsigned long long)(*p - '0');
	if (!digits || digits > FIELD_DIGITS)
		return 0;
	*s = p;
	*out = n;
	*known = 1;
	return 1;
}

/* Fields of [s, end) into f and known, up to three; their count, or -1
 * when the text is not dotted fields (blanks around are allowed). */
static int read_fields(const char *s, const char *end,
		       unsigned long long f[3], int known[3])
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	int n = 0;
	for (;;) {
		if (n == 3 || !read_field(&s, end, &f[n], &known[n]))
			return -1;
		n++;
		if (s == end)
			return n;
		if (*s++ != '.')
			return -1;
	}
}

int rp_match_value_parse(struct match_value *v, const char *s)
{
	int known[3];
	int n = read_fields(s, s + strlen(s), v->field, known);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (!known[i])
			return -1;
	v->n = (unsigned)n;
	return 0;
}

int rp_match_value_compare(const char *value, size_t len,
			   const struct match_value *v, int *cmp)
{
	unsigned long long f[3];
	int known[3];
	int n = read_fields(value, value + len, f, known);
	if (n < 0)
		return -1;
	for (unsigned i = 0; i < v->n; i++) {
		if ((int)i >= n || !known[i])
			return -1;
		if (f[i] != v->field[i]) {
			*cmp = f[i] < v->field[i] ? -1 : 1;
			return 0;
		}
	}
	*cmp = 0;
	return 0;
}
