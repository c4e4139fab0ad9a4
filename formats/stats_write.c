/* game-stats' report: the figures laid out once as sections of rows and
 * columns, then written as an aligned table, as CSV (one figure a line:
 * section,key,field,value) or as JSON, so the three always agree. */
#include <stdlib.h>
#include <string.h>

#include "stats_internal.h"

/* ---------------------------------------------------------------- model */

enum cell_kind { CELL_NONE, CELL_INT, CELL_DEC, CELL_TEXT };

struct cell {
	enum cell_kind kind;
	int prec;		/* CELL_DEC: decimals */
	uint64_t i;
	double d;
	const char *s;
	size_t len;
};

enum col_flags {
	COL_MACHINE = 1,	/* CSV and JSON only */
	COL_HUMAN = 2,		/* the table only */
};

struct column {
	const char *name;	/* CSV field, JSON member */
	const char *title;	/* table heading */
	unsigned flags;
};

enum sec_flags {
	SEC_SINGLE = 1,		/* one row: a JSON object, a list in the table */
	SEC_MACHINE = 2,	/* not in the table */
	SEC_HUMAN = 4,		/* only in the table */
	SEC_HIDE_ZERO = 8,	/* the table skips rows whose hide_col is 0 */
};

struct section {
	const char *name, *title;
	const struct column *cols;
	size_t ncols;
	unsigned flags;
	size_t hide_col;
	struct cell *cells;	/* row-major */
	size_t nrows, cap;
	const char *empty;	/* table text when no row is shown */
};

#define MAX_SECTIONS 16

struct report {
	struct section sec[MAX_SECTIONS];
	size_t n;
	struct arena mem;	/* texts built for cells */
	const struct stats *s;
	const struct stats_output *o;
	struct group total;
	uint64_t shown;		/* games in the totals */
};

static struct section *section_add(struct report *r, const char *name,
				   const char *title,
				   const struct column *cols, size_t ncols,
				   unsigned flags)
{
	struct section *sec = &r->sec[r->n++];
	memset(sec, 0, sizeof *sec);
	*sec = (struct section){ .name = name, .title = title, .cols = cols,
				 .ncols = ncols, .flags = flags };
	return sec;
}

static struct cell *row_add(struct section *sec)
{
	stats_grow((void **)&sec->cells, &sec->cap,
		   (sec->nrows + 1) * sec->ncols, sizeof *sec->cells);
	return &sec->cells[sec->nrows++ * sec->ncols];
}

static struct cell c_int(uint64_t v)
{
	return (struct cell){ .kind = CELL_INT, .i = v };
}

static struct cell c_dec(double v, int prec)
{
	return (struct cell){ .kind = CELL_DEC, .d = v, .prec = prec };
}

static struct cell c_text(const char *s)
{
	return (struct cell){ .kind = CELL_TEXT, .s = s, .len = strlen(s) };
}

static struct cell c_key(const struct smap_entry *e)
{
	return (struct cell){ .kind = CELL_TEXT, .s = e->key, .len = e->len };
}

static struct cell c_none(void)
{
	return (struct cell){ .kind = CELL_NONE };
}

/* part of whole in percent; 0 of nothing is 0. */
static struct cell c_pct(uint64_t part, uint64_t whole)
{
	return c_dec(whole ? 100.0 * (double)part / (double)whole : 0.0, 2);
}

static struct cell c_ratio(uint64_t part, uint64_t whole)
{
	return whole ? c_dec((double)part / (double)whole, 2) : c_none();
}

/* -------------------------------------------------------------- sections */

static const struct column summary_cols[] = {
	{ "games", "games", 0 }, { "valid", "valid", 0 },
	{ "invalid", "invalid", 0 }, { "plies", "plies", 0 },
	{ "mean_plies", "mean plies a game", 0 },
	{ "opening_plies", "openings of first plies", 0 },
	{ "group_by", "grouped by", 0 },
	{ "invalid_games", "invalid games", 0 },
};

static void build_summary(struct report *r)
{
	const struct group *t = &r->total;
	struct section *sec = section_add(r, "summary", "Games", summary_cols,
					  8, SEC_SINGLE);
	struct cell *c = row_add(sec);
	c[0] = c_int(r->shown);
	c[1] = c_int(t->c[ST_GAMES]);
	c[2] = c_int(t->c[ST_INVALID]);
	c[3] = c_int(t->c[ST_PLIES]);
	c[4] = c_ratio(t->c[ST_PLIES], t->c[ST_GAMES]);
	c[5] = c_int(r->s->opening_plies);
	c[6] = r->s->group_by ? c_text(r->s->group_by) : c_none();
	c[7] = c_text(r->o->skip_invalid ? "left out" : "counted apart");
}

static const struct column result_cols[] = {
	{ "result", "", 0 }, { "games", "games", 0 }, { "percent", "%", 0 },
};

static const struct column ending_cols[] = {
	{ "ending", "", 0 }, { "games", "games", 0 }, { "percent", "%", 0 },
};

/* Rows of labelled counters with their share of whole. */
static void build_shares(struct report *r, const char *name,
			 const char *title, const struct column *cols,
			 const struct stat_label *labels, size_t n,
			 uint64_t whole, bool with_invalid)
{
	struct section *sec = section_add(r, name, title, cols, 3, 0);
	bool human = r->o->format == STATS_TABLE;
	for (size_t i = 0; i < n; i++) {
		struct cell *c = row_add(sec);
		c[0] = c_text(human ? labels[i].label : labels[i].key);
		c[1] = c_int(r->total.c[labels[i].stat]);
		c[2] = c_pct(r->total.c[labels[i].stat], whole);
	}
	if (!with_invalid)
		return;
	struct cell *c = row_add(sec);
	c[0] = c_text("invalid");
	c[1] = c_int(r->total.c[ST_INVALID]);
	c[2] = c_pct(r->total.c[ST_INVALID], whole);
}

static const struct column length_cols[] = {
	{ "mean", "mean", 0 }, { "median", "median", 0 },
	{ "q1", "first quartile", 0 }, { "q3", "third quartile", 0 },
	{ "min", "shortest", 0 }, { "max", "longest", 0 },
};

static void build_length(struct report *r)
{
	const struct group *t = &r->total;
	struct section *sec = section_add(r, "length",
					  "Game length (plies, valid games)",
					  length_cols, 6, SEC_SINGLE);
	struct cell *c = row_add(sec);
	bool any = t->c[ST_GAMES] > 0;
	c[0] = c_ratio(t->c[ST_PLIES], t->c[ST_GAMES]);
	c[1] = any ? c_int(length_quantile(t, 1, 2)) : c_none();
	c[2] = any ? c_int(length_quantile(t, 1, 4)) : c_none();
	c[3] = any ? c_int(length_quantile(t, 3, 4)) : c_none();
	c[4] = any ? c_int(length_min(t)) : c_none();
	c[5] = any ? c_int(length_max(t)) : c_none();
}

static const struct column bin_cols[] = {
	{ "plies", "plies", 0 }, { "games", "games", 0 },
	{ "percent", "%", 0 }, { "bar", "", 0 },
};

#define BAR_WIDTH 40
#define MAX_BINS 30

static const char *bin_label(struct report *r, const struct length_bin *b,
			     uint64_t width)
{
	char buf[48];
	if (b->open)
		snprintf(buf, sizeof buf, "%llu+", (unsigned long long)b->from);
	else
		snprintf(buf, sizeof buf, "%llu-%llu",
			 (unsigned long long)b->from,
			 (unsigned long long)(b->from + width - 1));
	return arena_strndup(&r->mem, buf, strlen(buf));
}

static const char *bar(struct report *r, uint64_t v, uint64_t max)
{
	size_t n = max ? (size_t)((v * BAR_WIDTH + max / 2) / max) : 0;
	char *s = arena_alloc(&r->mem, n + 1);
	memset(s, '#', n);
	s[n] = 0;
	return s;
}

static void build_histogram(struct report *r)
{
	struct length_bin bins[MAX_BINS];
	size_t n = length_bins(&r->total, bins, MAX_BINS);
	struct section *sec = section_add(r, "length_histogram",
					  "Game length histogram", bin_cols, 4,
					  SEC_HUMAN);
	uint64_t max = 0, width = n > 1 ? bins[1].from : 10;
	for (size_t i = 0; i < n; i++)
		max = bins[i].games > max ? bins[i].games : max;
	for (size_t i = 0; i < n; i++) {
		struct cell *c = row_add(sec);
		c[0] = c_text(bin_label(r, &bins[i], width));
		c[1] = c_int(bins[i].games);
		c[2] = c_pct(bins[i].games, r->total.c[ST_GAMES]);
		c[3] = c_text(bar(r, bins[i].games, max));
	}
}

static const struct column exact_cols[] = {
	{ "plies", "plies", 0 }, { "games", "games", 0 },
};

static void build_lengths(struct report *r)
{
	struct section *sec = section_add(r, "lengths", "", exact_cols, 2,
					  SEC_MACHINE);
	for (size_t i = 0; i < r->total.nlengths; i++) {
		if (!r->total.lengths[i])
			continue;
		struct cell *c = row_add(sec);
		c[0] = c_int(i);
		c[1] = c_int(r->total.lengths[i]);
	}
}

static const struct column variant_cols[] = {
	{ "variant", "variant", 0 }, { "games", "games", 0 },
	{ "percent", "%", 0 },
};

static void build_variants(struct report *r)
{
	size_t n;
	const struct variant *const *all = variant_all(&n);
	struct section *sec = section_add(r, "variants", "Variants (valid games)",
					  variant_cols, 3, SEC_HIDE_ZERO);
	sec->hide_col = 1;
	sec->empty = "(no valid games)";
	for (size_t i = 0; i < n && i < STATS_VARIANTS_MAX; i++) {
		struct cell *c = row_add(sec);
		c[0] = c_text(all[i]->id);
		c[1] = c_int(r->total.c[ST_VARIANT0 + i]);
		c[2] = c_pct(r->total.c[ST_VARIANT0 + i], r->total.c[ST_GAMES]);
	}
}

static const struct column move_cols[] = {
	{ "move", "", 0 }, { "count", "count", 0 },
	{ "per_game", "per game", 0 },
};

static void build_moves(struct report *r)
{
	bool human = r->o->format == STATS_TABLE;
	struct section *sec = section_add(r, "moves",
					  "Moves (main lines of valid games)",
					  move_cols, 3, SEC_HIDE_ZERO);
	sec->hide_col = 1;
	sec->empty = "(no moves)";
	for (size_t i = 0; i < sizeof stats_moves / sizeof *stats_moves; i++) {
		const struct stat_label *l = &stats_moves[i];
		struct cell *c = row_add(sec);
		c[0] = c_text(human ? l->label : l->key);
		c[1] = c_int(r->total.c[l->stat]);
		c[2] = c_ratio(r->total.c[l->stat], r->total.c[ST_GAMES]);
	}
}

static const struct column event_cols[] = {
	{ "event", "", 0 }, { "variant", "variant", 0 },
	{ "count", "count", 0 },
};

static void build_events(struct report *r)
{
	bool human = r->o->format == STATS_TABLE;
	struct section *sec = section_add(r, "events", "Variant events",
					  event_cols, 3, SEC_HIDE_ZERO);
	sec->hide_col = 2;
	sec->empty = "(none)";
	for (size_t i = 0; i < sizeof stats_events / sizeof *stats_events; i++) {
		const struct stat_label *l = &stats_events[i];
		struct cell *c = row_add(sec);
		c[0] = c_text(human ? l->label : l->key);
		c[1] = c_text(l->variant);
		c[2] = c_int(r->total.c[l->stat]);
	}
}

static const struct column code_cols[] = {
	{ "code", "code", 0 }, { "pawns", "start pawns", 0 },
	{ "moves", "moves", 0 },
};

/* Random Pawns codes in the order of their names, only those seen. */
static void build_codes(struct report *r)
{
	const uint64_t *rp = r->total.rp;
	if (!rp)
		return;
	struct section *sec = section_add(r, "random_pawns_codes",
					  "Random Pawns codes", code_cols, 3,
					  0);
	char names[RP_CODES][4];
	unsigned order[RP_CODES], n = 0;
	for (unsigned i = 0; i < RP_CODES; i++) {
		code_name((uint8_t)i, names[i]);
		if (rp[RP_MOVES + i] || rp[RP_PAWNS + i])
			order[n++] = i;
	}
	for (unsigned a = 1; a < n; a++)	/* at most 64: insertion sort */
		for (unsigned b = a; b > 0 &&
		     strcmp(names[order[b - 1]], names[order[b]]) > 0; b--) {
			unsigned t = order[b];
			order[b] = order[b - 1];
			order[b - 1] = t;
		}
	for (unsigned k = 0; k < n; k++) {
		unsigned i = order[k];
		struct cell *c = row_add(sec);
		c[0] = c_text(arena_strndup(&r->mem, names[i], 3));
		c[1] = c_int(rp[RP_PAWNS + i]);
		c[2] = c_int(rp[RP_MOVES + i]);
	}
}

/* ----------------------------------------------------------- key tables */

static const struct column opening_cols[] = {
	{ "moves", "", COL_MACHINE }, { "variant", "", COL_MACHINE },
	{ "opening", "", COL_HUMAN },
	{ "games", "games", 0 }, { "white_wins", "1-0", 0 },
	{ "draws", "draw", 0 }, { "black_wins", "0-1", 0 },
	{ "unfinished", "*", 0 }, { "white_score", "White %", 0 },
};

/* "tandem e4 e5 Nf3" -> "1.e4 e5 2.Nf3", prefixed "tandem: " unless
 * standard. */
static const char *numbered(struct report *r, const char *key)
{
	const char *sp = strchr(key, ' ');
	size_t vlen = sp ? (size_t)(sp - key) : strlen(key);
	size_t cap = 2 * strlen(key) + 16, n = 0;
	char *out = arena_alloc(&r->mem, cap);
	if (!(vlen == 8 && memcmp(key, "standard", 8) == 0))
		n += (size_t)snprintf(out, cap, "%.*s: ", (int)vlen, key);
	unsigned ply = 0;
	for (const char *p = sp; p && *p;) {
		p++;
		const char *end = strchr(p, ' ');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (ply % 2 == 0)
			n += (size_t)snprintf(out + n, cap - n, "%s%u.", ply ? " " : "",
					      ply / 2 + 1);
		else
			n += (size_t)snprintf(out + n, cap - n, " ");
		n += (size_t)snprintf(out + n, cap - n, "%.*s", (int)len, p);
		ply++;
		p = end;
	}
	return out;
}

static void tally_cells(struct cell *c, const struct tally *t)
{
	double score;
	c[0] = c_int(tally_games(t));
	c[1] = c_int(t->v[TF_WINS]);
	c[2] = c_int(t->v[TF_DRAWS]);
	c[3] = c_int(t->v[TF_LOSSES]);
	c[4] = c_int(t->v[TF_UNFINISHED]);
	c[5] = tally_score(t, &score) ? c_dec(score, 2) : c_none();
}

static void build_openings(struct report *r)
{
	size_t *idx, n = rank_table(r->s, TB_OPENINGS, r->o->top, &idx);
	const struct table *t = &r->s->tables[TB_OPENINGS];
	char title[64];
	snprintf(title, sizeof title, "Openings: the first %u plies",
		 r->s->opening_plies);
	struct section *sec = section_add(r, "openings",
					  arena_strndup(&r->mem, title,
							strlen(title)),
					  opening_cols, 9, 0);
	sec->empty = "(none)";
	for (size_t k = 0; k < n; k++) {
		const struct smap_entry *e = &t->map.entries[idx[k]];
		const char *sp = strchr(e->key, ' ');
		struct cell *c = row_add(sec);
		c[0] = c_text(sp ? sp + 1 : "");
		c[1] = (struct cell){ .kind = CELL_TEXT, .s = e->key,
				      .len = sp ? (size_t)(sp - e->key) : e->len };
		c[2] = c_text(numbered(r, e->key));
		tally_cells(c + 3, &t->v[idx[k]]);
	}
	free(idx);
}

static const struct column eco_cols[] = {
	{ "eco", "ECO", 0 }, { "games", "games", 0 },
	{ "white_wins", "1-0", 0 }, { "draws", "draw", 0 },
	{ "black_wins", "0-1", 0 }, { "unfinished", "*", 0 },
	{ "white_score", "White %", 0 },
};

static const struct column tag_cols[] = {
	{ "opening", "Opening", 0 }, { "games", "games", 0 },
	{ "white_wins", "1-0", 0 }, { "draws", "draw", 0 },
	{ "black_wins", "0-1", 0 }, { "unfinished", "*", 0 },
	{ "white_score", "White %", 0 },
};

static void build_tag_table(struct report *r, enum table_id id,
			    const char *name, const char *title,
			    const struct column *cols)
{
	size_t *idx, n = rank_table(r->s, id, r->o->top, &idx);
	const struct table *t = &r->s->tables[id];
	struct section *sec = section_add(r, name, title, cols, 7, 0);
	sec->empty = "(no games with the tag)";
	for (size_t k = 0; k < n; k++) {
		struct cell *c = row_add(sec);
		c[0] = c_key(&t->map.entries[idx[k]]);
		tally_cells(c + 1, &t->v[idx[k]]);
	}
	free(idx);
}

static const struct column player_cols[] = {
	{ "player", "player", 0 }, { "games", "games", 0 },
	{ "wins", "won", 0 }, { "draws", "drawn", 0 },
	{ "losses", "lost", 0 }, { "unfinished", "*", 0 },
	{ "score", "score %", 0 }, { "rated_games", "rated games", 0 },
	{ "opponent_elo", "opp. Elo", 0 }, { "performance", "perf.", 0 },
	{ "elo", "Elo", 0 },
};

static void build_players(struct report *r)
{
	size_t *idx, n = rank_table(r->s, TB_PLAYERS, r->o->top, &idx);
	const struct table *t = &r->s->tables[TB_PLAYERS];
	struct section *sec = section_add(r, "players", "Players", player_cols,
					  11, 0);
	sec->empty = "(no games with player names)";
	for (size_t k = 0; k < n; k++) {
		const struct tally *v = &t->v[idx[k]];
		double perf;
		struct cell *c = row_add(sec);
		c[0] = c_key(&t->map.entries[idx[k]]);
		tally_cells(c + 1, v);
		c[7] = c_int(v->v[TF_RATED]);
		c[8] = v->v[TF_RATED] ? c_dec((double)v->v[TF_OPP_ELO] /
					      (double)v->v[TF_RATED], 0)
				      : c_none();
		c[9] = tally_performance(v, &perf) ? c_dec(perf, 0) : c_none();
		c[10] = v->v[TF_OWN_RATED] ? c_dec((double)v->v[TF_OWN_ELO] /
						   (double)v->v[TF_OWN_RATED], 0)
					   : c_none();
	}
	free(idx);
}

static const struct column group_cols[] = {
	{ "group", "group", 0 }, { "games", "games", 0 },
	{ "invalid", "invalid", 0 }, { "mean_plies", "mean plies", 0 },
	{ "median_plies", "median", 0 },
	{ "white_wins", "1-0", 0 }, { "draws", "draw", 0 },
	{ "black_wins", "0-1", 0 }, { "unfinished", "*", 0 },
	{ "white_pct", "1-0 %", 0 }, { "draw_pct", "draw %", 0 },
	{ "black_pct", "0-1 %", 0 },
};

static void build_groups(struct report *r)
{
	if (!r->s->group_by)
		return;
	size_t *idx, n = rank_groups(r->s, r->o->top, &idx);
	char title[80];
	snprintf(title, sizeof title, "Groups by %s", r->s->group_by);
	struct section *sec = section_add(r, "groups",
					  arena_strndup(&r->mem, title,
							strlen(title)),
					  group_cols, 12, 0);
	for (size_t k = 0; k < n; k++) {
		const struct group *g = &r->s->g[idx[k]];
		uint64_t shown = shown_games(g, r->o->skip_invalid);
		struct cell *c = row_add(sec);
		c[0] = c_key(&r->s->groups.entries[idx[k]]);
		c[1] = c_int(shown);
		c[2] = c_int(g->c[ST_INVALID]);
		c[3] = c_ratio(g->c[ST_PLIES], g->c[ST_GAMES]);
		c[4] = g->c[ST_GAMES] ? c_int(length_quantile(g, 1, 2)) : c_none();
		c[5] = c_int(g->c[ST_WHITE_WINS]);
		c[6] = c_int(g->c[ST_DRAWS]);
		c[7] = c_int(g->c[ST_BLACK_WINS]);
		c[8] = c_int(g->c[ST_UNFINISHED]);
		c[9] = c_pct(g->c[ST_WHITE_WINS], shown);
		c[10] = c_pct(g->c[ST_DRAWS], shown);
		c[11] = c_pct(g->c[ST_BLACK_WINS], shown);
	}
	free(idx);
}

static void report_build(struct report *r, const struct stats *s,
			 const struct stats_output *o)
{
	memset(r, 0, sizeof *r);
	arena_init(&r->mem);
	r->s = s;
	r->o = o;
	stats_total(s, &r->total);
	r->shown = shown_games(&r->total, o->skip_invalid);
	build_summary(r);
	build_shares(r, "results", "Results", result_cols, stats_results, 4,
		     r->shown, !o->skip_invalid);
	build_shares(r, "endings", "How the games ended", ending_cols,
		     stats_endings, 6, r->shown, !o->skip_invalid);
	build_length(r);
	build_histogram(r);
	build_lengths(r);
	build_variants(r);
	build_moves(r);
	build_events(r);
	build_codes(r);
	if (s->opening_plies)
		build_openings(r);
	build_tag_table(r, TB_ECO, "eco", "ECO codes", eco_cols);
	build_tag_table(r, TB_OPENING_TAG, "opening_tags", "[Opening] tags",
			tag_cols);
	build_players(r);
	build_groups(r);
}

static void report_release(struct report *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->sec[i].cells);
	group_release(&r->total);
	arena_release(&r->mem);
}

/* ------------------------------------------------------------- cell text */

/* The text of a number cell into buf; returns its length. */
static size_t number_text(const struct cell *c, char *buf, size_t n)
{
	if (c->kind == CELL_INT)
		return (size_t)snprintf(buf, n, "%llu", (unsigned long long)c->i);
	if (c->kind == CELL_DEC) {
		/* -0.00 would print for tiny negatives: never wanted. */
		double d = c->d == 0 ? 0 : c->d;
		return (size_t)snprintf(buf, n, "%.*f", c->prec, d);
	}
	return 0;
}

static bool shown_in(const struct column *col, enum stats_format f)
{
	return f == STATS_TABLE ? !(col->flags & COL_MACHINE)
				: !(col->flags & COL_HUMAN);
}

/* ------------------------------------------------------------------ table */

/* Display width: UTF-8 continuation bytes take no column. */
static size_t text_width(const char *s, size_t len)
{
	size_t w = 0;
	for (size_t i = 0; i < len; i++)
		w += ((unsigned char)s[i] & 0xC0) != 0x80;
	return w;
}

static size_t cell_width(const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		return text_width(c->s, c->len);
	if (c->kind == CELL_NONE)
		return 1;
	return number_text(c, buf, sizeof buf);
}

/* Control characters would break the alignment: shown as '?'. */
static void put_text(FILE *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		putc((unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i], out);
}

static void put_cell(FILE *out, const struct cell *c, size_t width,
		     bool last)
{
	char buf[64];
	size_t w = cell_width(c);
	if (c->kind == CELL_TEXT) {
		put_text(out, c->s, c->len);
		if (!last)
			fprintf(out, "%*s", (int)(width - w), "");
		return;
	}
	fprintf(out, "%*s", (int)(width - w), "");
	if (c->kind == CELL_NONE)
		putc('-', out);
	else
		fwrite(buf, 1, number_text(c, buf, sizeof buf), out);
}

static bool row_hidden(const struct section *sec, size_t row)
{
	const struct cell *c = &sec->cells[row * sec->ncols + sec->hide_col];
	return (sec->flags & SEC_HIDE_ZERO) && c->kind == CELL_INT && !c->i;
}

static void table_single(FILE *out, const struct section *sec)
{
	size_t w = 0;
	for (size_t k = 0; k < sec->ncols; k++) {
		size_t t = strlen(sec->cols[k].title);
		w = t > w ? t : w;
	}
	for (size_t k = 0; k < sec->ncols; k++) {
		const struct cell *c = &sec->cells[k];
		fprintf(out, "  %-*s  ", (int)w, sec->cols[k].title);
		put_cell(out, c, c->kind == CELL_TEXT ? 0 : cell_width(c), true);
		putc('\n', out);
	}
}

static void table_rows(FILE *out, const struct section *sec)
{
	size_t width[16] = { 0 }, shown = 0, last = 0;
	for (size_t k = 0; k < sec->ncols; k++)
		if (shown_in(&sec->cols[k], STATS_TABLE)) {
			width[k] = strlen(sec->cols[k].title);
			last = k;
		}
	for (size_t r = 0; r < sec->nrows; r++) {
		if (row_hidden(sec, r))
			continue;
		shown++;
		for (size_t k = 0; k < sec->ncols; k++) {
			size_t w = cell_width(&sec->cells[r * sec->ncols + k]);
			width[k] = w > width[k] ? w : width[k];
		}
	}
	if (!shown) {
		fprintf(out, "  %s\n", sec->empty ? sec->empty : "(none)");
		return;
	}
	/* Heading: text columns are left-aligned, numbers right-aligned, as
	 * the first row shows them. */
	fputs(" ", out);
	for (size_t k = 0; k < sec->ncols; k++) {
		if (!shown_in(&sec->cols[k], STATS_TABLE))
			continue;
		bool text = sec->cells[k].kind == CELL_TEXT;
		if (k == last && text)
			fprintf(out, " %s", sec->cols[k].title);
		else
			fprintf(out, text ? " %-*s" : " %*s", (int)width[k],
				sec->cols[k].title);
	}
	putc('\n', out);
	for (size_t r = 0; r < sec->nrows; r++) {
		if (row_hidden(sec, r))
			continue;
		fputs(" ", out);
		for (size_t k = 0; k < sec->ncols; k++) {
			if (!shown_in(&sec->cols[k], STATS_TABLE))
				continue;
			putc(' ', out);
			put_cell(out, &sec->cells[r * sec->ncols + k], width[k],
				 k == last);
		}
		putc('\n', out);
	}
}

/* Copies text without the blanks that padding leaves at line ends. */
static void put_trimmed(FILE *out, const char *text, size_t len)
{
	size_t start = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] != '\n')
			continue;
		size_t end = i;
		while (end > start && text[end - 1] == ' ')
			end--;
		fwrite(text + start, 1, end - start, out);
		putc('\n', out);
		start = i + 1;
	}
	fwrite(text + start, 1, len - start, out);
}

static void write_table(FILE *out, const struct report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		abort();
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_MACHINE)
			continue;
		fprintf(mem, "%s%s\n", ftell(mem) ? "\n" : "", sec->title);
		if (sec->flags & SEC_SINGLE)
			table_single(mem, sec);
		else
			table_rows(mem, sec);
	}
	fclose(mem);
	put_trimmed(out, text, len);
	free(text);
}

/* -------------------------------------------------------------------- CSV */

static void csv_text(FILE *out, const char *s, size_t len)
{
	bool quote = len == 0 || s[0] == ' ' || s[len - 1] == ' ';
	for (size_t i = 0; i < len && !quote; i++)
		quote = s[i] == ',' || s[i] == '"' || s[i] == '\n' ||
			s[i] == '\r';
	if (!quote) {
		fwrite(s, 1, len, out);
		return;
	}
	putc('"', out);
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '"')
			putc('"', out);
		putc(s[i], out);
	}
	putc('"', out);
}

static void csv_cell(FILE *out, const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		csv_text(out, c->s, c->len);
	else
		fwrite(buf, 1, number_text(c, buf, sizeof buf), out);
}

static void write_csv(FILE *out, const struct report *r)
{
	fputs("section,key,field,value\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_HUMAN)
			continue;
		bool single = sec->flags & SEC_SINGLE;
		for (size_t row = 0; row < sec->nrows; row++) {
			const struct cell *c = &sec->cells[row * sec->ncols];
			for (size_t k = single ? 0 : 1; k < sec->ncols; k++) {
				if (!shown_in(&sec->cols[k], STATS_CSV))
					continue;
				fprintf(out, "%s,", sec->name);
				if (!single)
					csv_cell(out, c);
				fprintf(out, ",%s,", sec->cols[k].name);
				csv_cell(out, &c[k]);
				putc('\n', out);
			}
		}
	}
}

/* ------------------------------------------------------------------- JSON */

static void json_cell(FILE *out, const struct cell *c)
{
	char buf[64];
	if (c->kind == CELL_TEXT)
		json_write_string(out, c->s, c->len);
	else if (c->kind == CELL_NONE)
		fputs("null", out);
	else
		fwrite(buf, 1, number_text(c, buf, sizeof buf), out);
}

static void json_row(FILE *out, const struct section *sec, size_t row)
{
	const struct cell *c = &sec->cells[row * sec->ncols];
	bool first = true;
	putc('{', out);
	for (size_t k = 0; k < sec->ncols; k++) {
		if (!shown_in(&sec->cols[k], STATS_JSON))
			continue;
		fprintf(out, "%s\"%s\": ", first ? "" : ", ", sec->cols[k].name);
		json_cell(out, &c[k]);
		first = false;
	}
	putc('}', out);
}

static void write_json(FILE *out, const struct report *r)
{
	bool first = true;
	fputs("{\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct section *sec = &r->sec[i];
		if (sec->flags & SEC_HUMAN)
			continue;
		fprintf(out, "%s\"%s\": ", first ? "" : ",\n", sec->name);
		first = false;
		if (sec->flags & SEC_SINGLE) {
			json_row(out, sec, 0);
			continue;
		}
		fputs("[", out);
		for (size_t row = 0; row < sec->nrows; row++) {
			fputs(row ? ",\n  " : "\n  ", out);
			json_row(out, sec, row);
		}
		fputs(sec->nrows ? "\n]" : "]", out);
	}
	fputs("\n}\n", out);
}

void stats_write(FILE *out, const struct stats *s,
		 const struct stats_output *o)
{
	static void (*const writers[])(FILE *, const struct report *) = {
		[STATS_TABLE] = write_table, [STATS_CSV] = write_csv,
		[STATS_JSON] = write_json,
	};
	struct report r;
	report_build(&r, s, o);
	writers[o->format](out, &r);
	report_release(&r);
}
