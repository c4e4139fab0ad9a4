/* The partial format: an accumulator as text, to be merged later,
 * elsewhere, by any number of steps.
 *
 * Every line is complete in itself, tab-separated, fields escaped (\\ \t
 * \n \r), numbers in decimal:
 *
 *   game-stats-partial  2  OPENING-PLIES  GROUP-BY [tags-only]
 *                                                     the header (version 2)
 *   game-stats-partial  2                             a share's header
 *   pieces  N                                         partials made from games
 *   count   GROUP  NAME   VALUE                       a counter of a group
 *   length  GROUP  PLIES  GAMES                       games of that length
 *   tally   TABLE  KEY    V1 ... V10                  a row of a key table
 *   checksum  SUM                                     of the lines above
 *
 * A header ending in the field "tags-only" marks figures counted from the
 * tags alone (game-stats --tags-only): no moves, every game valid.  Such a
 * partial merges only with others so marked.
 *
 * Merging adds the numbers of equal (record, group or table, name or key);
 * so partials may be concatenated, split between lines, sorted or shuffled
 * (as Hadoop Streaming does between map and reduce) and still merge to the
 * same result.  The checksum is linear for the same reason: the sum, mod
 * 2^64, of every value times a weight drawn from its line's key and its
 * place.  A merge that writes a partial may hold any share of the lines,
 * so it checks nothing and carries the sum of the checksum lines it read
 * (plus what it counted itself); the merge that writes the report checks
 * that sum against its lines'.
 * The writer emits non-zero figures only, in a fixed order, so equal
 * accumulators give equal bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../libparse/utf8.h"

#define PARTIAL_MAGIC "game-stats-partial"
#define PARTIAL_VERSION 2
#define PARTIAL_TAGS_ONLY "tags-only"
#define MAX_FIELDS (3 + TF__COUNT)
#define MAX_PLIES ((uint64_t)1 << 25)
/* Past the longest line --partial writes (a key from a game the reader
 * takes, at most 64 MiB, every byte of it escaped in two, and the
 * numbers), a line is refused and not held: memory stays bounded. */
#define MAX_LINE ((size_t)129 << 20)

/* ------------------------------------------------------------ checksum */

#define FNV_PRIME 0x100000001b3u

/* FNV-1a over one field and the tab that ends it. */
static uint64_t hash_field(uint64_t h, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
	return (h ^ '\t') * FNV_PRIME;
}

/* A line's key: its record and the two fields after it, unescaped. */
static uint64_t key_hash(const char *record, const char *a, size_t alen,
			 const char *b, size_t blen)
{
	uint64_t h = hash_field(0xcbf29ce484222325u, record, strlen(record));
	return hash_field(hash_field(h, a, alen), b, blen);
}

static uint64_t length_key(const char *group, size_t len, uint64_t plies)
{
	char text[24];
	int n = snprintf(text, sizeof text, "%llu", (unsigned long long)plies);
	return key_hash("length", group, len, text, (size_t)n);
}

/* The weight of the value in place field of a line of key key: mixed
 * (splitmix64's finalizer) so that near keys weigh apart, and odd, so
 * that any change of one value changes the sum. */
static uint64_t weight(uint64_t key, size_t field)
{
	uint64_t z = key + (field + 1) * 0x9e3779b97f4a7c15u;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return (z ^ (z >> 31)) | 1;
}

/* --------------------------------------------------------------- write */

struct writer {
	FILE *out;
	uint64_t sum;		/* the checksum of what was written */
};

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

static void put_value(struct writer *w, uint64_t key, size_t field,
		      uint64_t v)
{
	fprintf(w->out, "\t%llu", (unsigned long long)v);
	w->sum += weight(key, field) * v;
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

static void put_count(struct writer *w, const struct smap_entry *k,
		      const char *name, uint64_t v)
{
	fputs("count\t", w->out);
	put_field(w->out, k->key, k->len);
	fprintf(w->out, "\t%s", name);
	put_value(w, key_hash("count", k->key, k->len, name, strlen(name)),
		  0, v);
	putc('\n', w->out);
}

static void write_group(struct writer *w, const struct smap_entry *k,
			const struct group *g)
{
	char buf[STAT_NAME_MAX];
	for (size_t i = 0; i < ST__COUNT; i++) {
		const char *name = st_stat_name((enum stat_id)i, buf);
		if (g->c[i] && name)
			put_count(w, k, name, g->c[i]);
	}
	for (unsigned i = 0; g->rp && i < RP__COUNT; i++) {
		st_rp_name(i, buf);
		if (g->rp[i])
			put_count(w, k, buf, g->rp[i]);
	}
	for (size_t i = 0; i < g->nlengths; i++) {
		uint64_t plies = g->lengths[i].plies;
		fputs("length\t", w->out);
		put_field(w->out, k->key, k->len);
		fprintf(w->out, "\t%llu", (unsigned long long)plies);
		put_value(w, length_key(k->key, k->len, plies), 0,
			  g->lengths[i].games);
		putc('\n', w->out);
	}
}

static void write_table(struct writer *w, enum table_id id,
			const struct table *t)
{
	const char *name = st_table_names[id];
	size_t *idx = sorted_keys(&t->map);
	for (size_t k = 0; k < t->map.n; k++) {
		const struct smap_entry *e = &t->map.entries[idx[k]];
		uint64_t key = key_hash("tally", name, strlen(name), e->key,
					e->len);
		fprintf(w->out, "tally\t%s\t", name);
		put_field(w->out, e->key, e->len);
		for (size_t f = 0; f < TF__COUNT; f++)
			put_value(w, key, f, t->v[idx[k]].v[f]);
		putc('\n', w->out);
	}
	free(idx);
}

/* The header; without a configuration (a share of lines merged that held
 * no header), the version alone. */
static void write_header(FILE *out, const struct stats *s)
{
	fprintf(out, "%s\t%d", PARTIAL_MAGIC, PARTIAL_VERSION);
	if (s->configured) {
		fprintf(out, "\t%u\t", s->opening_plies);
		if (s->group_by)
			put_field(out, s->group_by, strlen(s->group_by));
		if (s->tags_only)
			fputs("\t" PARTIAL_TAGS_ONLY, out);
	}
	putc('\n', out);
}

void stats_write_partial(FILE *out, const struct stats *s)
{
	struct writer w = { out, 0 };
	/* Counted from games, the accumulator is one piece. */
	uint64_t pieces = s->merged ? s->pieces : 1;
	write_header(out, s);
	if (pieces) {
		fputs("pieces", out);
		put_value(&w, key_hash("pieces", "", 0, "", 0), 0, pieces);
		putc('\n', out);
	}
	size_t *idx = sorted_keys(&s->groups);
	for (size_t k = 0; k < s->groups.n; k++)
		write_group(&w, &s->groups.entries[idx[k]],
			    st_group_at(s, idx[k]));
	free(idx);
	for (size_t t = 0; t < TB__COUNT; t++)
		write_table(&w, (enum table_id)t, &s->tables[t]);
	/* What was read carries its checksum lines' sum, not its lines':
	 * a share of the lines does not sum to its checksum, only the
	 * whole does.  (Both 0 for games counted.) */
	fprintf(out, "checksum\t%llu\n", (unsigned long long)
		(w.sum + s->sum_checks - s->sum_lines));
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

/* *to += v, refused when the sum would pass 2^64 - 1: a wrapped counter
 * would report nonsense (a few games where there were 2^64). */
static int add_checked(struct reader *r, uint64_t *to, uint64_t v,
		       const char *name)
{
	if (v <= UINT64_MAX - *to) {
		*to += v;
		return 0;
	}
	fail(r, "overflow of", name);
	size_t len = strlen(r->why);
	snprintf(r->why + len, r->n - len, ": %llu + %llu passes 2^64 - 1 "
		 "(expected a sum that fits 64 bits)", (unsigned long long)*to,
		 (unsigned long long)v);
	return -1;
}

/* The value of a line of key key read: into the lines' checksum. */
static void sum_value(struct reader *r, uint64_t key, size_t field,
		      uint64_t v)
{
	(*r->s)->sum_lines += weight(key, field) * v;
}

static int version_fail(struct reader *r, const char *version)
{
	if (strcmp(version, "1") == 0)
		return fail(r, "partial format version 1 is no longer read "
			    "(it has no checksum; expected version 2): make "
			    "the partial again with game-stats --partial",
			    NULL);
	return fail(r, "unsupported partial format version (expected 2)",
		    version);
}

static int header_config(struct reader *r, const struct line *l,
			 uint64_t plies)
{
	bool tags_only = l->n == 5;
	if (tags_only && (strcmp(l->f[4], PARTIAL_TAGS_ONLY) != 0 || plies))
		return fail(r, "malformed header line", NULL);
	struct stats *s = *r->s;
	const char *group = l->len[3] ? l->f[3] : NULL;
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

/* A header of two fields is a share's: its lines were merged apart from
 * any header, and it agrees with every configuration. */
static int read_header(struct reader *r, const struct line *l)
{
	uint64_t version, plies;
	if (l->n < 2 || !parse_u64(l->f[1], &version))
		return fail(r, "malformed header line", NULL);
	if (version != PARTIAL_VERSION)
		return version_fail(r, l->f[1]);
	r->header = true;
	if (l->n == 2)
		return 0;
	if ((l->n != 4 && l->n != 5) || !parse_u64(l->f[2], &plies) ||
	    plies > 1000)
		return fail(r, "malformed header line", NULL);
	return header_config(r, l, plies);
}

static int read_pieces(struct reader *r, const struct line *l)
{
	uint64_t v;
	if (l->n != 2 || !parse_u64(l->f[1], &v))
		return fail(r, "malformed pieces line", NULL);
	if (add_checked(r, &(*r->s)->pieces, v, "pieces") != 0)
		return -1;
	sum_value(r, key_hash("pieces", "", 0, "", 0), 0, v);
	return 0;
}

static int read_checksum(struct reader *r, const struct line *l)
{
	uint64_t v;
	if (l->n != 2 || !parse_u64(l->f[1], &v))
		return fail(r, "malformed checksum line", NULL);
	struct stats *s = *r->s;
	s->sum_checks += v;	/* a hash: its sum wraps by design */
	s->nchecks++;
	snprintf(s->check_at, sizeof s->check_at, "%s:%lu", r->name,
		 r->lineno);
	return 0;
}

/* The counter a count line names, or NULL. */
static uint64_t *counter(struct group *g, const char *name)
{
	int i = st_stat_by_name(name);
	if (i >= 0)
		return &g->c[i];
	if ((i = st_rp_by_name(name)) < 0)
		return NULL;
	if (!g->rp)
		g->rp = calloc(RP__COUNT, sizeof *g->rp);
	if (!g->rp)
		pawnkit_out_of_memory();
	return &g->rp[i];
}

static int read_count(struct reader *r, const struct line *l)
{
	uint64_t v;
	if (l->n != 4 || !parse_u64(l->f[3], &v))
		return fail(r, "malformed count line", NULL);
	uint64_t *c = counter(st_group(*r->s, l->f[1], l->len[1]), l->f[2]);
	if (!c)
		return fail(r, "unknown counter", l->f[2]);
	if (add_checked(r, c, v, l->f[2]) != 0)
		return -1;
	sum_value(r, key_hash("count", l->f[1], l->len[1], l->f[2],
			      l->len[2]), 0, v);
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
	struct group *g = st_group(*r->s, l->f[1], l->len[1]);
	uint64_t had = st_group_length_games(g, plies);
	if (add_checked(r, &had, games, "length") != 0)
		return -1;
	st_group_add_length(g, plies, games);
	sum_value(r, length_key(l->f[1], l->len[1], plies), 0, games);
	return 0;
}

/* The numbers of l from field first on into v: false when one is not. */
static bool parse_values(const struct line *l, size_t first, uint64_t *v)
{
	for (size_t f = first; f < l->n; f++)
		if (!parse_u64(l->f[f], &v[f - first]))
			return false;
	return true;
}

static int read_tally(struct reader *r, const struct line *l)
{
	uint64_t v[TF__COUNT];
	if (l->n != 3 + TF__COUNT || !parse_values(l, 3, v))
		return fail(r, "malformed tally line", NULL);
	size_t t = 0;
	while (t < TB__COUNT && strcmp(l->f[1], st_table_names[t]) != 0)
		t++;
	if (t == TB__COUNT)
		return fail(r, "unknown table", l->f[1]);
	struct tally *d = st_table_tally(&(*r->s)->tables[t], l->f[2],
					 l->len[2]);
	struct tally sum = *d;
	for (size_t f = 0; f < TF__COUNT; f++)
		if (add_checked(r, &sum.v[f], v[f], l->f[2]) != 0)
			return -1;
	*d = sum;
	uint64_t key = key_hash("tally", l->f[1], l->len[1], l->f[2],
				l->len[2]);
	for (size_t f = 0; f < TF__COUNT; f++)
		sum_value(r, key, f, v[f]);
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
		{ "pieces", read_pieces }, { "checksum", read_checksum },
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

/* The input seen through a stream that remembers its last byte: a
 * partial whose last line has no end was cut short, perhaps inside a
 * number ("games 600" of "games 6006"), which no line can tell. */
struct tail {
	FILE *in;
	int last;		/* -1 before the first byte */
};

static ssize_t tail_read(void *cookie, char *buf, size_t n)
{
	struct tail *t = cookie;
	size_t got = fread(buf, 1, n, t->in);
	if (got)
		t->last = (unsigned char)buf[got - 1];
	return got || !ferror(t->in) ? (ssize_t)got : -1;
}

static bool cut_short(FILE *f, const struct tail *t)
{
	return feof(f) && t->last != '\n' && t->last != '\r';
}

static int read_lines(struct reader *r, FILE *f, const struct tail *t)
{
	char *text = NULL;
	size_t cap = 0;
	ssize_t len;
	bool cut;
	int rc = 0;
	/* Lines end as PGN lines do (written on Windows, or by a mapper). */
	while (rc == 0 && (len = pgn_read_line_max(&text, &cap, f, MAX_LINE,
						   &cut)) >= 0) {
		r->lineno++;
		if (cut_short(f, t))
			rc = fail(r, "the last line has no line end (expected "
				  "a newline: the partial was cut short)", NULL);
		else
			rc = cut ? line_too_long(r)
				 : read_line(r, text, (size_t)len);
	}
	free(text);
	return rc;
}

static int read_stream(struct reader *r, FILE *in)
{
	struct tail t = { in, -1 };
	FILE *f = fopencookie(&t, "r", (cookie_io_functions_t){
					       .read = tail_read });
	if (!f)
		pawnkit_out_of_memory();
	int rc = read_lines(r, f, &t);
	if (rc == 0 && (ferror(f) || ferror(in))) {
		snprintf(r->why, r->n, "%s: read error: %s", r->name,
			 strerror(errno));
		rc = -1;
	}
	fclose(f);
	return rc;
}

static struct reader reader_start(struct stats **s, const char *name,
				  char *why, size_t n)
{
	if (!*s) {
		static const struct stats_config none = { 0, NULL, false };
		*s = stats_new(&none);
		(*s)->configured = false;
		(*s)->merged = true;
	}
	return (struct reader){ s, name, 0, false, why, n };
}

int stats_read_partial_lines(struct stats **s, FILE *in, const char *name,
			     char *why, size_t n)
{
	struct reader r = reader_start(s, name, why, n);
	return read_stream(&r, in);
}

int stats_read_partial(struct stats **s, FILE *in, const char *name,
		       char *why, size_t n)
{
	struct reader r = reader_start(s, name, why, n);
	if (read_stream(&r, in) != 0)
		return -1;
	if (r.header)
		return 0;
	snprintf(why, n, "%s: not a game-stats partial (no '%s' line)", name,
		 PARTIAL_MAGIC);
	return -1;
}

/* --------------------------------------------------------------- check */

/* Every counter summed over the groups, as the report sums them, must fit
 * too: groups of 2^63 games each would wrap their total. */
static bool totals_fit(const struct stats *s)
{
	for (size_t i = 0; i < ST__COUNT; i++) {
		uint64_t sum = 0;
		for (size_t g = 0; g < s->groups.n; g++) {
			uint64_t v = st_group_at(s, g)->c[i];
			if (v > UINT64_MAX - sum)
				return false;
			sum += v;
		}
	}
	return true;
}

/* What only the whole of the partials can show. */
static int check_whole(const struct stats *s, char *why, size_t n)
{
	if (!s->configured)
		snprintf(why, n, "no header of the partials says how they were "
			 "made (every header read is a share's): expected a "
			 "header with --opening-plies and --group-by");
	else if (!s->nchecks)
		snprintf(why, n, "no checksum line (every partial ends with "
			 "one): a partial was cut short");
	else if (s->sum_lines != s->sum_checks)
		snprintf(why, n, "checksum mismatch: the partials' lines sum "
			 "to %llu, their checksum lines (the last at %s) to "
			 "%llu: lines were lost, cut or changed",
			 (unsigned long long)s->sum_lines, s->check_at,
			 (unsigned long long)s->sum_checks);
	else if (!s->pieces)
		snprintf(why, n, "no piece counted (no 'pieces' line): "
			 "expected at least one partial made from games");
	else if (!totals_fit(s))
		snprintf(why, n, "a counter summed over the groups passes "
			 "2^64 - 1 (expected a total that fits 64 bits)");
	else
		return 0;
	return -1;
}

void stats_game_counts(const struct stats *s, uint64_t *games,
		       uint64_t *invalid)
{
	*games = *invalid = 0;
	for (size_t g = 0; g < s->groups.n; g++) {
		const struct group *gr = st_group_at(s, g);
		*games += gr->c[ST_GAMES] + gr->c[ST_INVALID];
		*invalid += gr->c[ST_INVALID];
	}
}

static uint64_t games_counted(const struct stats *s)
{
	uint64_t games, invalid;
	stats_game_counts(s, &games, &invalid);
	return games;
}

int stats_check_partials(const struct stats *s, const struct stats_expect *e,
			 bool whole, char *why, size_t n)
{
	if (whole && check_whole(s, why, n) != 0)
		return -1;
	if (e->pieces_given && s->pieces != e->pieces) {
		snprintf(why, n, "--expect-pieces %llu: the partials count "
			 "%llu (a piece is missing or counted twice)",
			 (unsigned long long)e->pieces,
			 (unsigned long long)s->pieces);
		return -1;
	}
	uint64_t games = games_counted(s);
	if (e->games_given && games != e->games) {
		snprintf(why, n, "--expect-games %llu: the partials count "
			 "%llu (a piece is missing or counted twice)",
			 (unsigned long long)e->games,
			 (unsigned long long)games);
		return -1;
	}
	return 0;
}
