/* The partial format: an accumulator as text, to be merged later,
 * elsewhere, by any number of steps.
 *
 * Every line is complete in itself, tab-separated, fields escaped (\\ \t
 * \n \r), numbers in decimal:
 *
 *   game-stats-partial  1  OPENING-PLIES  GROUP-BY [tags-only]
 *                                                     the header (version 1)
 *   count   GROUP  NAME   VALUE                       a counter of a group
 *   length  GROUP  PLIES  GAMES                       games of that length
 *   tally   TABLE  KEY    V1 ... V10                  a row of a key table
 *
 * A header ending in the field "tags-only" marks figures counted from the
 * tags alone (game-stats --tags-only): no moves, every game valid.  Such a
 * partial merges only with others so marked.
 *
 * Merging adds the numbers of equal (record, group or table, name or key);
 * so partials may be concatenated, split between lines, sorted or shuffled
 * (as Hadoop Streaming does between map and reduce) and still merge to the
 * same result.  Every input holds at least one header; all headers agree.
 * The writer emits non-zero figures only, in a fixed order, so equal
 * accumulators give equal bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../libparse/utf8.h"

#define PARTIAL_MAGIC "game-stats-partial"
#define PARTIAL_VERSION 1
#define PARTIAL_TAGS_ONLY "tags-only"
#define MAX_FIELDS (3 + TF__COUNT)
#define MAX_PLIES ((uint64_t)1 << 25)
/* Past the longest line --partial writes (a key from a game the reader
 * takes, at most 64 MiB, every byte of it escaped in two, and the
 * numbers), a line is refused and not held: memory stays bounded. */
#define MAX_LINE ((size_t)129 << 20)

/* --------------------------------------------------------------- write */

static void put_field(FILE *out, const char *s, size_t len)
{
	static const char esc[256] = { ['\\'] = '\\', ['\t'] = 't',
				       ['\n'] = 'n', ['\r'] = 'r' };
	for (size_t i = 0; i < len; i++) {
		char e = esc[(unsigned char)s[i]];
		if (e) {
			putc('\\', out);
			putc(e, out);
		} else {
			putc(s[i], out);
		}
	}
}

static void put_u64(FILE *out, uint64_t v)
{
	fprintf(out, "\t%llu", (unsigned long long)v);
}

static int entry_cmp(const void *pa, const void *pb)
{
	const struct smap_entry *a = *(const struct smap_entry *const *)pa;
	const struct smap_entry *b = *(const struct smap_entry *const *)pb;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->key, b->key, n);
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* The indices of m's keys in byte order (caller frees). */
static size_t *sorted_keys(const struct smap *m)
{
	const struct smap_entry **e =
		pawnkit_realloc(NULL, (m->n ? m->n : 1) * sizeof *e);
	size_t *idx = pawnkit_realloc(NULL, (m->n ? m->n : 1) * sizeof *idx);
	for (size_t i = 0; i < m->n; i++)
		e[i] = &m->entries[i];
	qsort(e, m->n, sizeof *e, entry_cmp);
	for (size_t i = 0; i < m->n; i++)
		idx[i] = (size_t)(e[i] - m->entries);
	free(e);
	return idx;
}

static void put_head(FILE *out, const char *record, const struct smap_entry *k)
{
	fputs(record, out);
	putc('\t', out);
	put_field(out, k->key, k->len);
	putc('\t', out);
}

static void write_group(FILE *out, const struct smap_entry *k,
			const struct group *g)
{
	char buf[STAT_NAME_MAX];
	for (size_t i = 0; i < ST__COUNT; i++) {
		const char *name = st_stat_name((enum stat_id)i, buf);
		if (!g->c[i] || !name)
			continue;
		put_head(out, "count", k);
		fputs(name, out);
		put_u64(out, g->c[i]);
		putc('\n', out);
	}
	for (unsigned i = 0; g->rp && i < RP__COUNT; i++) {
		if (!g->rp[i])
			continue;
		st_rp_name(i, buf);
		put_head(out, "count", k);
		fputs(buf, out);
		put_u64(out, g->rp[i]);
		putc('\n', out);
	}
	for (size_t i = 0; i < g->nlengths; i++) {
		put_head(out, "length", k);
		fprintf(out, "%llu", (unsigned long long)g->lengths[i].plies);
		put_u64(out, g->lengths[i].games);
		putc('\n', out);
	}
}

static void write_table(FILE *out, enum table_id id, const struct table *t)
{
	size_t *idx = sorted_keys(&t->map);
	for (size_t k = 0; k < t->map.n; k++) {
		const struct smap_entry *e = &t->map.entries[idx[k]];
		fprintf(out, "tally\t%s\t", st_table_names[id]);
		put_field(out, e->key, e->len);
		for (size_t f = 0; f < TF__COUNT; f++)
			put_u64(out, t->v[idx[k]].v[f]);
		putc('\n', out);
	}
	free(idx);
}

void stats_write_partial(FILE *out, const struct stats *s)
{
	fprintf(out, "%s\t%d\t%u\t", PARTIAL_MAGIC, PARTIAL_VERSION,
		s->opening_plies);
	if (s->group_by)
		put_field(out, s->group_by, strlen(s->group_by));
	if (s->tags_only)
		fputs("\t" PARTIAL_TAGS_ONLY, out);
	putc('\n', out);
	size_t *idx = sorted_keys(&s->groups);
	for (size_t k = 0; k < s->groups.n; k++)
		write_group(out, &s->groups.entries[idx[k]], st_group_at(s, idx[k]));
	free(idx);
	for (size_t t = 0; t < TB__COUNT; t++)
		write_table(out, (enum table_id)t, &s->tables[t]);
}

/* ---------------------------------------------------------------- read */

struct line {
	char *f[MAX_FIELDS];
	size_t len[MAX_FIELDS];
	size_t n;
};

/* Splits at tabs and unescapes in place; -1 on a bad escape. */
static int split(char *s, size_t len, struct line *l)
{
	l->n = 0;
	char *out = s;
	l->f[0] = out;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\t') {
			if (l->n + 1 == MAX_FIELDS)
				return -1;
			l->len[l->n] = (size_t)(out - l->f[l->n]);
			*out++ = 0;
			l->f[++l->n] = out;
			continue;
		}
		if (s[i] != '\\') {
			*out++ = s[i];
			continue;
		}
		static const char unescape[256] = { ['\\'] = '\\',
			['t'] = '\t', ['n'] = '\n', ['r'] = '\r' };
		char c = i + 1 < len ? unescape[(unsigned char)s[++i]] : 0;
		if (!c)
			return -1;
		*out++ = c;
	}
	l->len[l->n] = (size_t)(out - l->f[l->n]);
	*out = 0;
	l->n++;
	return 0;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	if (*s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*v = x;
	return true;
}

struct reader {
	struct stats **s;
	const char *name;
	unsigned long lineno;
	bool header;
	char *why;
	size_t n;
};

/* The message is for a terminal: the file's bytes quoted in it are made
 * visible as every such text is (utf8.h), and cut when long. */
static int fail(struct reader *r, const char *what, const char *arg)
{
	char quoted[256];
	utf8_visible_string(quoted, sizeof quoted, arg ? arg : "");
	snprintf(r->why, r->n, "%s:%lu: %s%s%s%s", r->name, r->lineno, what,
		 arg ? " '" : "", quoted, arg ? "'" : "");
	return -1;
}

static int line_too_long(struct reader *r)
{
	char what[96];
	snprintf(what, sizeof what, "the line is longer than %zu bytes, "
		 "which no partial line is", MAX_LINE);
	return fail(r, what, NULL);
}

static int read_header(struct reader *r, const struct line *l)
{
	uint64_t version, plies;
	if ((l->n != 4 && l->n != 5) || !parse_u64(l->f[1], &version) ||
	    !parse_u64(l->f[2], &plies) || plies > 1000)
		return fail(r, "malformed header line", NULL);
	if (version != PARTIAL_VERSION)
		return fail(r, "unsupported partial format version", l->f[1]);
	bool tags_only = l->n == 5;
	if (tags_only && (strcmp(l->f[4], PARTIAL_TAGS_ONLY) != 0 || plies))
		return fail(r, "malformed header line", NULL);
	struct stats *s = *r->s;
	const char *group = l->len[3] ? l->f[3] : NULL;
	r->header = true;
	if (!s->configured) {
		s->opening_plies = (unsigned)plies;
		s->group_by = group ? strdup(group) : NULL;
		s->tags_only = tags_only;
		s->configured = true;
		return 0;
	}
	if (s->tags_only != tags_only)
		return fail(r, "partials made with and without --tags-only "
			    "cannot be merged", NULL);
	bool same = s->opening_plies == plies &&
		    (group && s->group_by ? strcmp(group, s->group_by) == 0
					  : group == s->group_by);
	return same ? 0 : fail(r, "partials made with different --group-by "
			       "or --opening-plies cannot be merged", NULL);
}

static int read_count(struct reader *r, const struct line *l)
{
	uint64_t v;
	if (l->n != 4 || !parse_u64(l->f[3], &v))
		return fail(r, "malformed count line", NULL);
	struct group *g = st_group(*r->s, l->f[1], l->len[1]);
	int i = st_stat_by_name(l->f[2]);
	if (i >= 0) {
		g->c[i] += v;
		return 0;
	}
	if ((i = st_rp_by_name(l->f[2])) < 0)
		return fail(r, "unknown counter", l->f[2]);
	if (!g->rp)
		g->rp = calloc(RP__COUNT, sizeof *g->rp);
	if (!g->rp)
		pawnkit_out_of_memory();
	g->rp[i] += v;
	return 0;
}

static int read_length(struct reader *r, const struct line *l)
{
	uint64_t plies, games;
	if (l->n != 4 || !parse_u64(l->f[2], &plies) ||
	    !parse_u64(l->f[3], &games))
		return fail(r, "malformed length line", NULL);
	/* Lengths index an array: refuse what no game the reader accepts
	 * could reach (a ply takes at least two bytes of 64 MiB). */
	if (plies > MAX_PLIES)
		return fail(r, "implausible game length", l->f[2]);
	st_group_add_length(st_group(*r->s, l->f[1], l->len[1]), plies, games);
	return 0;
}

static int read_tally(struct reader *r, const struct line *l)
{
	if (l->n != 3 + TF__COUNT)
		return fail(r, "malformed tally line", NULL);
	size_t t = 0;
	while (t < TB__COUNT && strcmp(l->f[1], st_table_names[t]) != 0)
		t++;
	if (t == TB__COUNT)
		return fail(r, "unknown table", l->f[1]);
	uint64_t v[TF__COUNT];
	for (size_t f = 0; f < TF__COUNT; f++)
		if (!parse_u64(l->f[3 + f], &v[f]))
			return fail(r, "malformed tally line", NULL);
	struct tally *d = st_table_tally(&(*r->s)->tables[t], l->f[2],
					 l->len[2]);
	for (size_t f = 0; f < TF__COUNT; f++)
		d->v[f] += v[f];
	return 0;
}

static int read_line(struct reader *r, char *text, size_t len)
{
	static const struct {
		const char *record;
		int (*read)(struct reader *, const struct line *);
	} records[] = {
		{ PARTIAL_MAGIC, read_header }, { "count", read_count },
		{ "length", read_length }, { "tally", read_tally },
	};
	struct line l;
	if (len == 0)
		return 0;
	if (split(text, len, &l) != 0)
		return fail(r, "malformed line", NULL);
	for (size_t i = 0; i < sizeof records / sizeof *records; i++)
		if (strcmp(l.f[0], records[i].record) == 0)
			return records[i].read(r, &l);
	return fail(r, "not a game-stats partial line", NULL);
}

int stats_read_partial(struct stats **s, FILE *in, const char *name,
		       char *why, size_t n)
{
	if (!*s) {
		static const struct stats_config none = { 0, NULL, false };
		*s = stats_new(&none);
		(*s)->configured = false;
	}
	struct reader r = { s, name, 0, false, why, n };
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;
	bool cut;
	int rc = 0;
	/* Lines end as PGN lines do (written on Windows, or by a mapper). */
	while (rc == 0 && (len = pgn_read_line_max(&text, &cap, in, MAX_LINE,
						   &cut)) >= 0) {
		r.lineno++;
		rc = cut ? line_too_long(&r) : read_line(&r, text, (size_t)len);
	}
	free(text);
	if (rc == 0 && ferror(in)) {
		snprintf(why, n, "%s: read error: %s", name, strerror(errno));
		rc = -1;
	}
	if (rc == 0 && !r.header) {
		snprintf(why, n, "%s: not a game-stats partial (no '%s' line)",
			 name, PARTIAL_MAGIC);
		rc = -1;
	}
	return rc;
}
