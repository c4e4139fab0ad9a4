/* --match: games selected by PCRE2 regexes on their tags.  See run.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "../libparse/grow.h"
#include "../libparse/utf8.h"
#include "run.h"

struct match_rule {
	char *arg;		/* TAG=REGEX as given, for the diagnostics */
	char *tag;
	pcre2_code *re;
	pcre2_match_data *md;
	pcre2_match_context *mc;
};

/* Tag values are UTF-8 text as a rule, so the pattern is too: '.' is one
 * character, and (?i), \w or [[:alpha:]] know letters beyond ASCII (UCP).
 * Old files hold Latin-1 values: their bytes that are not UTF-8 are matched
 * as the Latin-1 characters (latin1_subject), and PCRE2_MATCH_INVALID_UTF
 * is a second guard: pcre2_match() would fail on an invalid subject. */
#define MATCH_COMPILE_OPTIONS (PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_UCP)

/* A regex can backtrack without end on a value made for it ('(a+)+$' on
 * "aaa...b"), and PCRE2's match limit counts the steps of one start
 * position only: over a long value the search is quadratic even with no
 * backtracking at all ('\w*\d' on 200 kB of letters: 7 minutes).  So a
 * value is matched only up to MATCH_VALUE_MAX bytes (PGN strings hold 255
 * characters), the steps are shared out among the start positions (at
 * most MATCH_STEPS for a value: 2440 at each start of the longest), and
 * the backtracking memory is bounded: a rule costs a game at most a
 * fraction of a second whatever the regex and the value. */
#define MATCH_VALUE_MAX 4096
#define MATCH_STEPS 10000000u
#define MATCH_HEAP_KIB 16384u

/* Why the regex of arg (after its '=') did not compile, into why. */
static void match_compile_error(const char *arg, int code, PCRE2_SIZE offset,
				char *why, size_t n)
{
	PCRE2_UCHAR msg[128];
	pcre2_get_error_message(code, msg, sizeof msg);
	if (code <= PCRE2_ERROR_UTF8_ERR1 && code >= PCRE2_ERROR_UTF8_ERR21)
		snprintf(why, n, "'%s': regex is not valid UTF-8 at offset "
			 "%zu: %s", arg, (size_t)offset, (char *)msg);
	else
		snprintf(why, n, "'%s': regex error at offset %zu: %s", arg,
			 (size_t)offset, (char *)msg);
}

/* A rule's match data and context: the state a thread needs of its own. */
static void match_rule_state(struct match_rule *r)
{
	r->md = r->re ? pcre2_match_data_create_from_pattern(r->re, NULL)
		      : NULL;
	r->mc = pcre2_match_context_create(NULL);
	if (!r->arg || !r->tag || !r->md || !r->mc)
		pawnkit_out_of_memory();
	pcre2_set_heap_limit(r->mc, MATCH_HEAP_KIB);
}

int matcher_add(struct matcher *m, const char *arg, char *why, size_t n)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg) {
		snprintf(why, n, "'%s': expected TAG=REGEX", arg);
		return -1;
	}
	int code;
	PCRE2_SIZE offset;
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)(eq + 1), PCRE2_ZERO_TERMINATED,
				       MATCH_COMPILE_OPTIONS, &code, &offset, NULL);
	if (!re) {
		match_compile_error(arg, code, offset, why, n);
		return -1;
	}
	struct match_rule *grown = pawnkit_realloc(m->rules, (m->n + 1) * sizeof *grown);
	m->rules = grown;
	struct match_rule *r = &m->rules[m->n++];
	r->arg = strdup(arg);
	r->tag = strndup(arg, (size_t)(eq - arg));
	r->re = re;
	match_rule_state(r);
	return 0;
}

/* A value with bytes that are not UTF-8 (a Latin-1 or Windows-1252 file:
 * ChessBase, old databases), with each such byte made the UTF-8 of the
 * Latin-1 character, as the JSON writer reads them: so 'White=M.ller' and
 * 'White=Müller' select "M\xfcller" as they select "Müller".  NULL when
 * the value is UTF-8 already; else a string to free, its length in *n. */
static char *latin1_subject(const char *v, size_t len, size_t *n)
{
	const unsigned char *s = (const unsigned char *)v;
	size_t i = 0, seq = 0;
	while (i < len && (s[i] < 0x80 || (seq = utf8_length(s + i, len - i))))
		i += s[i] < 0x80 ? 1 : seq;
	if (i == len)
		return NULL;
	char *out = xmalloc(2 * len + 1);
	memcpy(out, v, i);
	*n = i;
	while (i < len) {
		seq = s[i] < 0x80 ? 1 : utf8_length(s + i, len - i);
		if (seq) {
			memcpy(out + *n, s + i, seq);
			*n += seq;
			i += seq;
			continue;
		}
		latin1_utf8(s[i++], out + *n);
		*n += 2;
	}
	return out;
}

/* Reports that rule r could not tell whether g is selected: at its tag, or
 * at the game's start when g has no such tag. */
/* s as a diagnostic names it: cut to its first bytes with "..." when
 * long, so that a long regex or tag leaves room in the message for what
 * is wrong. */
#define NAMED_MAX 48
static const char *named(const char *s, char buf[NAMED_MAX + 4])
{
	if (strlen(s) <= NAMED_MAX)
		return s;
	snprintf(buf, NAMED_MAX + 4, "%.*s...", NAMED_MAX, s);
	return buf;
}

static void match_undecided(const struct match_rule *r,
			    const struct pgn_game *g, const struct pgn_tag *t,
			    size_t len, int rc, diag_fn report, void *ctx)
{
	char arg[NAMED_MAX + 4], tag[NAMED_MAX + 4];
	struct pgn_loc at = t ? t->loc : g->start;
	struct diag d = { .file = g->file, .line = at.line, .col = at.col,
			  .game = g->index, .white = pgn_tag_value(g, "White"),
			  .black = pgn_tag_value(g, "Black") };
	if (len > MATCH_VALUE_MAX) {
		diag_setf(&d, DIAG_ERROR, DC_LIMIT, "--match '%s': the %s value "
			  "is %zu bytes; expected at most %d to match",
			  named(r->arg, arg), named(r->tag, tag), len,
			  MATCH_VALUE_MAX);
	} else {
		PCRE2_UCHAR msg[128];
		pcre2_get_error_message(rc, msg, sizeof msg);
		diag_setf(&d, DIAG_ERROR, DC_LIMIT, "--match '%s': gave up on "
			  "the %s value (%s); expected a regex that backtracks "
			  "less", named(r->arg, arg), named(r->tag, tag),
			  (char *)msg);
	}
	report(ctx, &d);
}

/* 1 when r selects g, 0 when not, -1 when it could not tell. */
static int match_rule_test(const struct match_rule *r,
			   const struct pgn_game *g, diag_fn report, void *ctx)
{
	const struct pgn_tag *t = pgn_tag_find(g, r->tag);
	const char *v = t ? t->value : "";
	size_t len = t ? t->value_len : 0;
	char *latin1 = latin1_subject(v, len, &len);
	int rc = PCRE2_ERROR_NOMATCH;
	if (len <= MATCH_VALUE_MAX) {
		pcre2_set_match_limit(r->mc, MATCH_STEPS / (uint32_t)(len + 1));
		rc = pcre2_match(r->re, (PCRE2_SPTR)(latin1 ? latin1 : v), len,
				 0, 0, r->md, r->mc);
	}
	free(latin1);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH && len <= MATCH_VALUE_MAX)
		return 0;
	match_undecided(r, g, t, len, rc, report, ctx);
	return -1;
}

bool matcher_test(const struct matcher *m, const struct pgn_game *g,
		  diag_fn report, void *ctx)
{
	/* A rule that could not tell has reported it; the game is taken (and
	 * so counted invalid, where the user sees it), unless another rule
	 * leaves it out: the report is then dropped with the game's others. */
	for (size_t i = 0; i < m->n; i++)
		if (match_rule_test(&m->rules[i], g, report, ctx) == 0)
			return false;
	return true;
}

void matcher_copy(struct matcher *dst, const struct matcher *src)
{
	dst->n = src->n;
	dst->rules = xcalloc(src->n ? src->n : 1, sizeof *dst->rules);
	for (size_t i = 0; i < src->n; i++) {
		struct match_rule *r = &dst->rules[i];
		r->arg = strdup(src->rules[i].arg);
		r->tag = strdup(src->rules[i].tag);
		r->re = pcre2_code_copy(src->rules[i].re);
		match_rule_state(r);
	}
}

void matcher_release(struct matcher *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->rules[i].arg);
		free(m->rules[i].tag);
		pcre2_match_data_free(m->rules[i].md);
		pcre2_match_context_free(m->rules[i].mc);
		pcre2_code_free(m->rules[i].re);
	}
	free(m->rules);
	m->rules = NULL;
	m->n = 0;
}

