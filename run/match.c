/* --match: games selected by PCRE2 regexes on their tags.  See run.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../libparse/grow.h"
#include "../libparse/utf8.h"
#include "match_value.h"
#include "run.h"

/* One condition: TAG=REGEX, TAG!=REGEX (no match), or a comparison
 * TAG>=V, TAG<=V, TAG>V, TAG<V of dotted whole numbers (match_value.c).
 * "Player" names White or Black.  What the games showed of its tag is
 * shared with every copy (the --jobs workers'), for matcher_report(). */
enum match_op { OP_MATCH, OP_NOT_MATCH, OP_GE, OP_LE, OP_GT, OP_LT };

struct match_seen {
	int seen;		/* a game had the tag */
	int claimed;		/* hint written */
	char hint[64];		/* a tag of another case that a game had */
};

struct match_cond {
	char *tag;
	enum match_op op;
	bool player;		/* "Player": White or Black */
	struct match_value value;	/* comparisons */
	pcre2_code *re;		/* OP_MATCH, OP_NOT_MATCH */
	pcre2_match_data *md;
	pcre2_match_context *mc;
	struct match_seen *seen;	/* owned by the original */
};

/* A --match argument as given, and its conditions: the first, and one
 * more for each --or before a further --match.  Any of them selects. */
struct match_rule {
	char *arg;		/* as given, for the diagnostics */
	struct match_cond *conds;
	size_t n;
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

/* A condition's match data and context: the state a thread needs of its
 * own. */
static void match_cond_state(struct match_cond *c)
{
	if (c->re) {
		c->md = pcre2_match_data_create_from_pattern(c->re, NULL);
		c->mc = pcre2_match_context_create(NULL);
		if (!c->md || !c->mc)
			pawnkit_out_of_memory();
		pcre2_set_heap_limit(c->mc, MATCH_HEAP_KIB);
	}
	if (!c->tag)
		pawnkit_out_of_memory();
}

/* The operator after the tag name at s: its kind and length, or 0. */
static size_t match_op_at(const char *s, enum match_op *op)
{
	static const struct { const char *text; enum match_op op; } ops[] = {
		{ "!=", OP_NOT_MATCH }, { ">=", OP_GE }, { "<=", OP_LE },
		{ "=", OP_MATCH }, { ">", OP_GT }, { "<", OP_LT },
	};
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (!strncmp(s, ops[i].text, strlen(ops[i].text))) {
			*op = ops[i].op;
			return strlen(ops[i].text);
		}
	return 0;
}

static int match_regex(struct match_cond *c, const char *arg, const char *re,
		       char *why, size_t n)
{
	int code;
	PCRE2_SIZE offset;
	c->re = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
			      MATCH_COMPILE_OPTIONS, &code, &offset, NULL);
	if (!c->re) {
		match_compile_error(arg, code, offset, why, n);
		return -1;
	}
	return 0;
}

/* Reads arg into *c: TAG, an operator, and a regex or a value. */
static int match_cond_parse(struct match_cond *c, const char *arg, char *why,
			    size_t n)
{
	size_t len = strcspn(arg, "=!<>"), oplen = len ? match_op_at(arg + len,
								   &c->op) : 0;
	if (!oplen) {
		snprintf(why, n, "'%s': expected TAG=REGEX, TAG!=REGEX or a "
			 "comparison such as TAG>=VALUE", arg);
		return -1;
	}
	const char *rest = arg + len + oplen;
	c->tag = strndup(arg, len);
	c->player = !strcmp(c->tag, "Player");
	if (c->op == OP_MATCH || c->op == OP_NOT_MATCH)
		return match_regex(c, arg, rest, why, n);
	if (rp_match_value_parse(&c->value, rest) == 0)
		return 0;
	snprintf(why, n, "'%s': expected a number or a date such as 2500 or "
		 "2020.01.31 after the comparison", arg);
	return -1;
}

static void match_cond_release(struct match_cond *c, bool owner)
{
	free(c->tag);
	pcre2_match_data_free(c->md);
	pcre2_match_context_free(c->mc);
	pcre2_code_free(c->re);
	if (owner)
		free(c->seen);
}

/* The rule a new condition joins: the last one after --or, else a new
 * one for arg. */
static struct match_rule *match_rule_for(struct matcher *m, const char *arg)
{
	if (m->or_pending && m->n) {
		m->or_pending = false;
		return &m->rules[m->n - 1];
	}
	m->rules = pawnkit_realloc(m->rules, (m->n + 1) * sizeof *m->rules);
	struct match_rule *r = &m->rules[m->n++];
	*r = (struct match_rule){ .arg = strdup(arg) };
	if (!r->arg)
		pawnkit_out_of_memory();
	return r;
}

/* Appends arg's text to the rule's, " --or " between, for messages. */
static void match_rule_name(struct match_rule *r, const char *arg)
{
	size_t a = strlen(r->arg), b = strlen(arg);
	r->arg = pawnkit_realloc(r->arg, a + b + 7);
	memcpy(r->arg + a, " --or ", 6);
	memcpy(r->arg + a + 6, arg, b + 1);
}

int matcher_add(struct matcher *m, const char *arg, char *why, size_t n)
{
	struct match_cond c = { 0 };
	if (match_cond_parse(&c, arg, why, n) != 0) {
		match_cond_release(&c, true);
		return -1;
	}
	bool joins = m->or_pending && m->n;
	struct match_rule *r = match_rule_for(m, arg);
	if (joins)
		match_rule_name(r, arg);
	r->conds = pawnkit_realloc(r->conds, (r->n + 1) * sizeof *r->conds);
	c.seen = xcalloc(1, sizeof *c.seen);
	match_cond_state(&c);
	r->conds[r->n++] = c;
	return 0;
}

int matcher_or(struct matcher *m, char *why, size_t n)
{
	if (!m->n || m->or_pending) {
		snprintf(why, n, "--or joins two --match rules: expected a "
			 "--match before it");
		return -1;
	}
	m->or_pending = true;
	return 0;
}

/* A game number of --games at *s, moving *s past it; 0 when none. */
static uint64_t games_number(const char **s)
{
	uint64_t n = 0;
	const char *p = *s;
	for (; *p >= '0' && *p <= '9' && n < UINT64_MAX / 10 - 9; p++)
		n = n * 10 + (uint64_t)(*p - '0');
	if (*p >= '0' && *p <= '9')
		return 0;
	*s = p;
	return n;
}

/* One item of --games at *s: N, N-M or N-. */
static int games_item(const char **s, struct match_range *r)
{
	r->lo = games_number(s);
	r->hi = r->lo;
	if (**s == '-') {
		(*s)++;
		r->hi = **s >= '0' && **s <= '9' ? games_number(s) : UINT64_MAX;
	}
	return r->lo && r->hi >= r->lo ? 0 : -1;
}

int matcher_games(struct matcher *m, const char *list, char *why, size_t n)
{
	const char *s = list;
	for (;;) {
		struct match_range r;
		if (games_item(&s, &r) != 0 || (*s && *s != ',')) {
			snprintf(why, n, "--games '%s': expected game numbers "
				 "from 1, as 10-20,35,100-", list);
			return -1;
		}
		m->ranges = pawnkit_realloc(m->ranges, (m->nranges + 1) *
					    sizeof *m->ranges);
		m->ranges[m->nranges++] = r;
		if (!*s++)
			return 0;
	}
}

int matcher_check(const struct matcher *m, char *why, size_t n)
{
	if (!m->or_pending)
		return 0;
	snprintf(why, n, "--or joins two --match rules: expected a --match "
		 "after it");
	return -1;
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

/* Reports that condition c (of the rule named arg) could not tell
 * whether g is selected: at its tag, or at the game's start when g has no
 * such tag. */
static void match_undecided(const char *rule, const struct match_cond *c,
			    const struct pgn_game *g, const struct pgn_tag *t,
			    size_t len, int rc, diag_fn report, void *ctx)
{
	char arg[NAMED_MAX + 4], tag[NAMED_MAX + 4];
	struct pgn_loc at = t ? t->loc : g->start;
	struct diag d = { .file = g->file, .line = at.line, .col = at.col,
			  .game = g->index, .white = pgn_tag_value(g, "White"),
			  .black = pgn_tag_value(g, "Black") };
	const char *tname = t ? t->name : c->tag;
	if (len > MATCH_VALUE_MAX) {
		diag_setf(&d, DIAG_ERROR, DC_LIMIT, "--match '%s': the %s value "
			  "is %zu bytes; expected at most %d to match",
			  named(rule, arg), named(tname, tag), len,
			  MATCH_VALUE_MAX);
	} else {
		PCRE2_UCHAR msg[128];
		pcre2_get_error_message(rc, msg, sizeof msg);
		diag_setf(&d, DIAG_ERROR, DC_LIMIT, "--match '%s': gave up on "
			  "the %s value (%s); expected a regex that backtracks "
			  "less", named(rule, arg), named(tname, tag),
			  (char *)msg);
	}
	report(ctx, &d);
}

/* 1 when c's regex matches the value of t (NULL: absent, read as ""), 0
 * when not, -1 when it could not tell (reported). */
static int match_regex_test(const char *rule, const struct match_cond *c,
			    const struct pgn_game *g, const struct pgn_tag *t,
			    diag_fn report, void *ctx)
{
	const char *v = t ? t->value : "";
	size_t len = t ? t->value_len : 0;
	char *latin1 = latin1_subject(v, len, &len);
	int rc = PCRE2_ERROR_NOMATCH;
	if (len <= MATCH_VALUE_MAX) {
		pcre2_set_match_limit(c->mc, MATCH_STEPS / (uint32_t)(len + 1));
		rc = pcre2_match(c->re, (PCRE2_SPTR)(latin1 ? latin1 : v), len,
				 0, 0, c->md, c->mc);
	}
	free(latin1);
	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH && len <= MATCH_VALUE_MAX)
		return 0;
	match_undecided(rule, c, g, t, len, rc, report, ctx);
	return -1;
}

/* A tag of g named as c's but for case, kept as a hint for
 * matcher_report() by the first thread to see one. */
static void match_hint(const struct match_cond *c, const struct pgn_game *g)
{
	struct match_seen *s = c->seen;
	if (__atomic_load_n(&s->claimed, __ATOMIC_RELAXED))
		return;
	for (size_t i = 0; i < g->ntags; i++)
		if (!strcasecmp(g->tags[i].name, c->tag) &&
		    !__atomic_exchange_n(&s->claimed, 1, __ATOMIC_ACQ_REL)) {
			snprintf(s->hint, sizeof s->hint, "%s", g->tags[i].name);
			return;
		}
}

static const struct pgn_tag *match_find(const struct match_cond *c,
					const struct pgn_game *g,
					const char *name)
{
	const struct pgn_tag *t = pgn_tag_find(g, name);
	if (t && !__atomic_load_n(&c->seen->seen, __ATOMIC_RELAXED))
		__atomic_store_n(&c->seen->seen, 1, __ATOMIC_RELAXED);
	return t;
}

/* What c says of the tag named name: 1, 0, or -1 (reported). */
static int match_cond_tag(const char *rule, const struct match_cond *c,
			  const struct pgn_game *g, const char *name,
			  diag_fn report, void *ctx)
{
	const struct pgn_tag *t = match_find(c, g, name);
	if (!t && !c->player)
		match_hint(c, g);
	if (c->op == OP_MATCH)
		return match_regex_test(rule, c, g, t, report, ctx);
	if (c->op == OP_NOT_MATCH) {
		int rc = match_regex_test(rule, c, g, t, report, ctx);
		return rc < 0 ? rc : !rc;
	}
	int cmp;
	if (!t || rp_match_value_compare(t->value, t->value_len, &c->value,
				      &cmp) != 0)
		return 0;
	switch (c->op) {
	case OP_GE: return cmp >= 0;
	case OP_LE: return cmp <= 0;
	case OP_GT: return cmp > 0;
	default: return cmp < 0;
	}
}

/* A condition on Player holds when it holds of White or of Black; TAG!=
 * of Player when it holds of both (neither side matches). */
static int match_cond_test(const char *rule, const struct match_cond *c,
			   const struct pgn_game *g, diag_fn report, void *ctx)
{
	if (!c->player)
		return match_cond_tag(rule, c, g, c->tag, report, ctx);
	int w = match_cond_tag(rule, c, g, "White", report, ctx);
	int b = match_cond_tag(rule, c, g, "Black", report, ctx);
	if (w < 0 || b < 0)
		return -1;
	return c->op == OP_NOT_MATCH ? w && b : w || b;
}

/* 1 when any condition of r selects g, 0 when none does, -1 when none
 * does and one could not tell. */
static int match_rule_test(const struct match_rule *r,
			   const struct pgn_game *g, diag_fn report, void *ctx)
{
	int result = 0;
	for (size_t i = 0; i < r->n; i++) {
		int rc = match_cond_test(r->arg, &r->conds[i], g, report, ctx);
		if (rc > 0)
			return 1;
		if (rc < 0)
			result = -1;
	}
	return result;
}

static bool match_number(const struct matcher *m, uint64_t n)
{
	for (size_t i = 0; i < m->nranges; i++)
		if (n >= m->ranges[i].lo && n <= m->ranges[i].hi)
			return true;
	return false;
}

bool matcher_test(const struct matcher *m, const struct pgn_game *g,
		  diag_fn report, void *ctx)
{
	if (m->nranges && !match_number(m, g->index))
		return false;
	/* A rule that could not tell has reported it; the game is taken (and
	 * so counted invalid, where the user sees it), unless another rule
	 * leaves it out: the report is then dropped with the game's others. */
	for (size_t i = 0; i < m->n; i++)
		if (match_rule_test(&m->rules[i], g, report, ctx) == 0)
			return false;
	return true;
}

static void match_cond_copy(struct match_cond *dst,
			    const struct match_cond *src)
{
	*dst = (struct match_cond){ .tag = strdup(src->tag), .op = src->op,
				    .player = src->player,
				    .value = src->value, .seen = src->seen };
	if (src->re) {
		dst->re = pcre2_code_copy(src->re);
		if (!dst->re)
			pawnkit_out_of_memory();
	}
	match_cond_state(dst);
}

void matcher_copy(struct matcher *dst, const struct matcher *src)
{
	*dst = (struct matcher){ .n = src->n, .copy = true,
				 .nranges = src->nranges };
	dst->ranges = xcalloc(src->nranges ? src->nranges : 1,
			      sizeof *dst->ranges);
	if (src->nranges)
		memcpy(dst->ranges, src->ranges,
		       src->nranges * sizeof *dst->ranges);
	dst->rules = xcalloc(src->n ? src->n : 1, sizeof *dst->rules);
	for (size_t i = 0; i < src->n; i++) {
		const struct match_rule *s = &src->rules[i];
		struct match_rule *r = &dst->rules[i];
		r->arg = strdup(s->arg);
		if (!r->arg)
			pawnkit_out_of_memory();
		r->n = s->n;
		r->conds = xcalloc(s->n, sizeof *r->conds);
		for (size_t j = 0; j < s->n; j++)
			match_cond_copy(&r->conds[j], &s->conds[j]);
	}
}

void matcher_release(struct matcher *m)
{
	for (size_t i = 0; i < m->n; i++) {
		for (size_t j = 0; j < m->rules[i].n; j++)
			match_cond_release(&m->rules[i].conds[j], !m->copy);
		free(m->rules[i].conds);
		free(m->rules[i].arg);
	}
	free(m->rules);
	free(m->ranges);
	*m = (struct matcher){ 0 };
}

/* ---------------------------------------------------------- the report */

/* Each condition whose tag no game had: a rule that can never hold as
 * written (a misspelt or miscased name), said once at the end of the run,
 * with the name of another case that games do have. */
void matcher_report(const struct matcher *m, const struct diag_policy *p)
{
	for (size_t i = 0; i < m->n; i++)
		for (size_t j = 0; j < m->rules[i].n; j++) {
			const struct match_cond *c = &m->rules[i].conds[j];
			if (c->seen->seen)
				continue;
			struct diag d = { .file =
					  program_invocation_short_name };
			char arg[NAMED_MAX + 4], tag[NAMED_MAX + 4];
			diag_setf(&d, DIAG_WARNING, DC_SELECTION, "--match '%s': "
				  "no game has a [%s] tag%s%s%s",
				  named(m->rules[i].arg, arg),
				  named(c->player ? "White" : c->tag, tag),
				  c->seen->claimed ? " (tags are named with "
				  "their case: games have [" : "",
				  c->seen->claimed ? c->seen->hint : "",
				  c->seen->claimed ? "])" : "");
			diag_policy_print(p, &d);
		}
}

int run_selection_end(const struct run_options *o, const struct diag_policy *p,
		      uint64_t selected, uint64_t unselected)
{
	struct diag d = { .file = program_invocation_short_name };
	matcher_report(&o->match, p);
	/* A byte range of a file may hold no game start: no warning. */
	if (selected + unselected == 0 && o->origin.range)
		return 0;
	if (selected + unselected == 0) {
		diag_setf(&d, DIAG_WARNING, DC_SELECTION, "no game in the input");
		diag_policy_print(p, &d);
		return 0;
	}
	if (selected)
		return 0;
	diag_setf(&d, DIAG_WARNING, DC_SELECTION, "--match selected none of "
		  "the %llu %s", (unsigned long long)unselected,
		  plural(unselected, "game", "games"));
	diag_policy_print(p, &d);
	return EXIT_INVALID;
}
