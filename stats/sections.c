/* game-stats' report laid out once: sections of rows and columns built
 * from the counters (the figures of report.c), which write.c
 * writes as a table, CSV or JSON, so the three always agree. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../formats/formats.h"

static struct section *section_add(struct st_report *r, const char *name,
				   const char *title,
				   const struct column *cols, size_t ncols,
				   unsigned flags)
{
	if (r->n == MAX_SECTIONS || ncols > MAX_COLUMNS)
		abort();	/* a new section needs a larger table: a bug */
	struct section *sec = &r->sec[r->n++];
	*sec = (struct section){ .name = name, .title = title, .cols = cols,
				 .ncols = ncols, .flags = flags };
	return sec;
}

/* A ranked list: its rows are made by row from the entries keys (which
 * the section then owns) when the report is written. */
static void section_ranked(struct section *sec, row_fn *row, size_t *keys,
			   size_t n)
{
	sec->row = row;
	sec->keys = keys;
	sec->nrows = n;
}

const struct cell *st_section_row(struct st_report *r,
				  const struct section *sec, size_t row)
{
	if (!sec->row)
		return &sec->cells[row * sec->ncols];
	arena_reset(&r->row_mem);
	sec->row(r, sec, sec->keys[row], r->row_cells);
	return r->row_cells;
}

static struct cell *row_add(struct section *sec)
{
	st_grow((void **)&sec->cells, &sec->cap,
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
	{ "mean_plies", "plies per game", 0 },
	{ "opening_plies", "opening length (plies)", 0 },
	{ "group_by", "grouped by", 0 },
	{ "invalid_games", "invalid games are", 0 },
};

/* Tags only: what there is to say about the games. */
static const struct column summary_tags_cols[] = {
	{ "games", "games", 0 }, { "mode", "", COL_MACHINE },
	{ "group_by", "grouped by", 0 },
};

static void build_summary_tags(struct st_report *r)
{
	struct section *sec = section_add(r, "summary", "Games",
					  summary_tags_cols, 3, SEC_SINGLE);
	struct cell *c = row_add(sec);
	c[0] = c_int(r->shown);
	c[1] = c_text("tags-only");
	c[2] = r->s->group_by ? c_text(r->s->group_by) : c_none();
}

/* A line of text in the table, nothing in CSV and JSON. */
static void build_note(struct st_report *r, const char *text)
{
	section_add(r, "note", text, NULL, 0, SEC_HUMAN | SEC_NOTE);
}

static void build_summary(struct st_report *r)
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
static void build_shares(struct st_report *r, const char *name,
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

static void build_length(struct st_report *r)
{
	const struct group *t = &r->total;
	struct section *sec = section_add(r, "length",
					  "Game length (plies, valid games)",
					  length_cols, 6, SEC_SINGLE);
	struct cell *c = row_add(sec);
	bool any = t->c[ST_GAMES] > 0;
	c[0] = c_ratio(t->c[ST_PLIES], t->c[ST_GAMES]);
	c[1] = any ? c_int(st_length_quantile(t, 1, 2)) : c_none();
	c[2] = any ? c_int(st_length_quantile(t, 1, 4)) : c_none();
	c[3] = any ? c_int(st_length_quantile(t, 3, 4)) : c_none();
	c[4] = any ? c_int(st_length_min(t)) : c_none();
	c[5] = any ? c_int(st_length_max(t)) : c_none();
}

static const struct column bin_cols[] = {
	{ "plies", "plies", 0 }, { "games", "games", 0 },
	{ "percent", "%", 0 }, { "bar", "", 0 },
};

#define BAR_WIDTH 40
#define MAX_BINS 30

static const char *bin_label(struct st_report *r, const struct length_bin *b,
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

static const char *bar(struct st_report *r, uint64_t v, uint64_t max)
{
	size_t n = max ? (size_t)((v * BAR_WIDTH + max / 2) / max) : 0;
	char *s = arena_alloc(&r->mem, n + 1);
	memset(s, '#', n);
	s[n] = 0;
	return s;
}

static void build_histogram(struct st_report *r)
{
	struct length_bin bins[MAX_BINS];
	size_t n = st_length_bins(&r->total, bins, MAX_BINS);
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

static void build_lengths(struct st_report *r)
{
	struct section *sec = section_add(r, "lengths", "", exact_cols, 2,
					  SEC_MACHINE);
	for (size_t i = 0; i < r->total.nlengths; i++) {
		struct cell *c = row_add(sec);
		c[0] = c_int(r->total.lengths[i].plies);
		c[1] = c_int(r->total.lengths[i].games);
	}
}

static const struct column variant_cols[] = {
	{ "variant", "variant", 0 }, { "games", "games", 0 },
	{ "percent", "%", 0 },
};

static void build_variants(struct st_report *r)
{
	size_t n;
	const struct variant *const *all = variant_all(&n);
	bool tags = r->s->tags_only;
	struct section *sec = section_add(r, "variants",
					  tags ? "Variants (from the tags)"
					       : "Variants (valid games)",
					  variant_cols, 3, SEC_HIDE_ZERO);
	sec->hide_col = 1;
	sec->empty = tags ? "(no games of a known variant)"
			  : "(no valid games)";
	for (size_t i = 0; i < n && i < STATS_VARIANTS_MAX; i++) {
		struct cell *c = row_add(sec);
		c[0] = c_text(variant_id(all[i]));
		c[1] = c_int(r->total.c[ST_VARIANT0 + i]);
		c[2] = c_pct(r->total.c[ST_VARIANT0 + i], r->total.c[ST_GAMES]);
	}
}

static const struct column move_cols[] = {
	{ "move", "", 0 }, { "count", "count", 0 },
	{ "per_game", "per game", 0 },
};

static void build_moves(struct st_report *r)
{
	bool human = r->o->format == STATS_TABLE;
	struct section *sec = section_add(r, "moves",
					  "Moves (main lines of valid games)",
					  move_cols, 3, SEC_HIDE_ZERO);
	sec->hide_col = 1;
	sec->empty = "(no moves)";
	for (size_t i = 0; i < sizeof st_moves / sizeof *st_moves; i++) {
		const struct stat_label *l = &st_moves[i];
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

static void build_events(struct st_report *r)
{
	bool human = r->o->format == STATS_TABLE;
	struct section *sec = section_add(r, "events", "Variant events",
					  event_cols, 3, SEC_HIDE_ZERO);
	sec->hide_col = 2;
	sec->empty = "(none)";
	for (size_t i = 0; i < sizeof st_events / sizeof *st_events; i++) {
		const struct stat_label *l = &st_events[i];
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
static void build_codes(struct st_report *r)
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
static const char *numbered(struct arena *mem, const char *key)
{
	const char *sp = strchr(key, ' ');
	size_t vlen = sp ? (size_t)(sp - key) : strlen(key);
	size_t cap = 2 * strlen(key) + 16, n = 0;
	char *out = arena_alloc(mem, cap);
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
	c[0] = c_int(st_tally_games(t));
	c[1] = c_int(t->v[TF_WINS]);
	c[2] = c_int(t->v[TF_DRAWS]);
	c[3] = c_int(t->v[TF_LOSSES]);
	c[4] = c_int(t->v[TF_UNFINISHED]);
	c[5] = st_tally_score(t, &score) ? c_dec(score, 2) : c_none();
}

static void opening_row(struct st_report *r, const struct section *sec,
			size_t key, struct cell *c)
{
	(void)sec;
	const struct table *t = &r->s->tables[TB_OPENINGS];
	const struct smap_entry *e = &t->map.entries[key];
	const char *sp = strchr(e->key, ' ');
	c[0] = c_text(sp ? sp + 1 : "");
	c[1] = (struct cell){ .kind = CELL_TEXT, .s = e->key,
			      .len = sp ? (size_t)(sp - e->key) : e->len };
	c[2] = c_text(numbered(&r->row_mem, e->key));
	tally_cells(c + 3, &t->v[key]);
}

static void build_openings(struct st_report *r)
{
	size_t *idx, n = st_rank_table(r->s, TB_OPENINGS, r->o->top, &idx);
	char title[64];
	snprintf(title, sizeof title, "Openings: the first %u %s",
		 r->s->opening_plies,
		 plural(r->s->opening_plies, "ply", "plies"));
	struct section *sec = section_add(r, "openings",
					  arena_strndup(&r->mem, title,
							strlen(title)),
					  opening_cols, 9, 0);
	sec->empty = "(none)";
	section_ranked(sec, opening_row, idx, n);
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

/* ECO codes and [Opening] tags: the key, then the tally. */
static void tag_row(struct st_report *r, const struct section *sec, size_t key,
		    struct cell *c)
{
	const struct table *t = &r->s->tables[sec->table];
	c[0] = c_key(&t->map.entries[key]);
	tally_cells(c + 1, &t->v[key]);
}

static void build_tag_table(struct st_report *r, enum table_id id,
			    const char *name, const char *title,
			    const struct column *cols)
{
	size_t *idx, n = st_rank_table(r->s, id, r->o->top, &idx);
	struct section *sec = section_add(r, name, title, cols, 7, 0);
	sec->empty = "(no games with the tag)";
	sec->table = id;
	section_ranked(sec, tag_row, idx, n);
}

static const struct column player_cols[] = {
	{ "player", "player", 0 }, { "games", "games", 0 },
	{ "wins", "won", 0 }, { "draws", "drawn", 0 },
	{ "losses", "lost", 0 }, { "unfinished", "*", 0 },
	{ "score", "score %", 0 }, { "rated_games", "rated games", 0 },
	{ "opponent_elo", "opp. Elo", 0 }, { "performance", "perf.", 0 },
	{ "elo", "Elo", 0 },
};

static void player_row(struct st_report *r, const struct section *sec,
		       size_t key, struct cell *c)
{
	(void)sec;
	const struct table *t = &r->s->tables[TB_PLAYERS];
	const struct tally *v = &t->v[key];
	double perf;
	c[0] = c_key(&t->map.entries[key]);
	tally_cells(c + 1, v);
	c[7] = c_int(v->v[TF_RATED]);
	c[8] = v->v[TF_RATED] ? c_dec((double)v->v[TF_OPP_ELO] /
				      (double)v->v[TF_RATED], 0)
			      : c_none();
	c[9] = st_tally_performance(v, &perf) ? c_dec(perf, 0) : c_none();
	c[10] = v->v[TF_OWN_RATED] ? c_dec((double)v->v[TF_OWN_ELO] /
					   (double)v->v[TF_OWN_RATED], 0)
				   : c_none();
}

static void build_players(struct st_report *r)
{
	size_t *idx, n = st_rank_table(r->s, TB_PLAYERS, r->o->top, &idx);
	struct section *sec = section_add(r, "players", "Players", player_cols,
					  11, 0);
	sec->empty = "(no games with player names)";
	section_ranked(sec, player_row, idx, n);
}

#define GROUP_COLS 12

static const struct column group_cols[GROUP_COLS] = {
	{ "group", "group", 0 }, { "games", "games", 0 },
	{ "invalid", "invalid", 0 }, { "mean_plies", "mean plies", 0 },
	{ "median_plies", "median", 0 },
	{ "white_wins", "1-0", 0 }, { "draws", "draw", 0 },
	{ "black_wins", "0-1", 0 }, { "unfinished", "*", 0 },
	{ "white_pct", "1-0 %", 0 }, { "draw_pct", "draw %", 0 },
	{ "black_pct", "0-1 %", 0 },
};

/* Counters a group row gives programs besides the columns above: every
 * one from the plies on, but the results already there. */
static bool group_extra(int i)
{
	return i >= ST_PLIES && (i < ST_WHITE_WINS || i > ST_UNFINISHED);
}

/* The columns of the groups section: the fixed ones, then one per extra
 * counter, named as the counter with '_' for '-' ("pawn_moves"). */
static const struct column *group_columns(struct st_report *r, size_t *n)
{
	struct column *cols = arena_alloc(&r->mem, MAX_COLUMNS * sizeof *cols);
	char buf[STAT_NAME_MAX];
	memcpy(cols, group_cols, sizeof group_cols);
	*n = GROUP_COLS;
	for (int i = 0; i < ST__COUNT && *n < MAX_COLUMNS; i++) {
		const char *name = st_stat_name((enum stat_id)i, buf);
		if (!name || !group_extra(i))
			continue;
		char *snake = arena_strndup(&r->mem, name, strlen(name));
		for (char *q = snake; *q; q++)
			*q = *q == '-' ? '_' : *q;
		cols[(*n)++] = (struct column){ snake, "", COL_MACHINE };
	}
	return cols;
}

static void group_row(struct st_report *r, const struct section *sec, size_t i,
		      struct cell *c)
{
	size_t ncols = sec->ncols;
	const struct group *g = st_group_at(r->s, i);
	uint64_t shown = st_shown_games(g, r->o->skip_invalid);
	c[0] = c_key(&r->s->groups.entries[i]);
	c[1] = c_int(shown);
	c[2] = c_int(g->c[ST_INVALID]);
	c[3] = c_ratio(g->c[ST_PLIES], g->c[ST_GAMES]);
	c[4] = g->c[ST_GAMES] ? c_int(st_length_quantile(g, 1, 2)) : c_none();
	c[5] = c_int(g->c[ST_WHITE_WINS]);
	c[6] = c_int(g->c[ST_DRAWS]);
	c[7] = c_int(g->c[ST_BLACK_WINS]);
	c[8] = c_int(g->c[ST_UNFINISHED]);
	c[9] = c_pct(g->c[ST_WHITE_WINS], shown);
	c[10] = c_pct(g->c[ST_DRAWS], shown);
	c[11] = c_pct(g->c[ST_BLACK_WINS], shown);
	size_t k = GROUP_COLS;
	for (int s = 0; s < ST__COUNT && k < ncols; s++) {
		char buf[STAT_NAME_MAX];
		if (st_stat_name((enum stat_id)s, buf) && group_extra(s))
			c[k++] = c_int(g->c[s]);
	}
}

/* Tags only: the results of each group. */
static const struct column group_tags_cols[] = {
	{ "group", "group", 0 }, { "games", "games", 0 },
	{ "white_wins", "1-0", 0 }, { "draws", "draw", 0 },
	{ "black_wins", "0-1", 0 }, { "unfinished", "*", 0 },
	{ "white_pct", "1-0 %", 0 }, { "draw_pct", "draw %", 0 },
	{ "black_pct", "0-1 %", 0 },
};

static void group_tags_row(struct st_report *r, const struct section *sec,
			   size_t i, struct cell *c)
{
	(void)sec;
	const struct group *g = st_group_at(r->s, i);
	uint64_t shown = g->c[ST_GAMES];
	c[0] = c_key(&r->s->groups.entries[i]);
	c[1] = c_int(shown);
	c[2] = c_int(g->c[ST_WHITE_WINS]);
	c[3] = c_int(g->c[ST_DRAWS]);
	c[4] = c_int(g->c[ST_BLACK_WINS]);
	c[5] = c_int(g->c[ST_UNFINISHED]);
	c[6] = c_pct(g->c[ST_WHITE_WINS], shown);
	c[7] = c_pct(g->c[ST_DRAWS], shown);
	c[8] = c_pct(g->c[ST_BLACK_WINS], shown);
}

static void build_groups(struct st_report *r)
{
	if (!r->s->group_by)
		return;
	bool tags = r->s->tags_only;
	size_t *idx, ncols;
	size_t n = st_rank_groups(r->s, r->o->sort, r->o->top, &idx);
	const struct column *cols = tags ? group_tags_cols
					 : group_columns(r, &ncols);
	if (tags)
		ncols = sizeof group_tags_cols / sizeof *group_tags_cols;
	char title[80];
	snprintf(title, sizeof title, "Groups by %s", r->s->group_by);
	struct section *sec = section_add(r, "groups",
					  arena_strndup(&r->mem, title,
							strlen(title)),
					  cols, ncols, 0);
	section_ranked(sec, tags ? group_tags_row : group_row, idx, n);
}

void st_report_build(struct st_report *r, const struct stats *s,
		     const struct stats_output *o)
{
	memset(r, 0, sizeof *r);
	arena_init(&r->mem);
	arena_init(&r->row_mem);
	r->s = s;
	r->o = o;
	st_total(s, &r->total);
	r->shown = st_shown_games(&r->total, o->skip_invalid);
	if (s->tags_only) {
		/* No moves were read: what needs them is left out. */
		build_summary_tags(r);
		build_note(r, "Note: tags only (--tags-only): no game lengths, "
			   "endings, moves, variant events or openings by "
			   "plies; invalid games are not detected.");
		build_shares(r, "results", "Results", result_cols,
			     st_results, 4, r->shown, false);
		build_variants(r);
	} else {
		build_summary(r);
		build_shares(r, "results", "Results", result_cols,
			     st_results, 4, r->shown, !o->skip_invalid);
		build_shares(r, "endings", "How the games ended", ending_cols,
			     st_endings, 6, r->shown, !o->skip_invalid);
		build_length(r);
		build_histogram(r);
		build_lengths(r);
		build_variants(r);
		build_moves(r);
		build_events(r);
		build_codes(r);
	}
	if (s->opening_plies)
		build_openings(r);
	build_tag_table(r, TB_ECO, "eco", "ECO codes", eco_cols);
	build_tag_table(r, TB_OPENING_TAG, "opening_tags", "[Opening] tags",
			tag_cols);
	build_players(r);
	build_groups(r);
}

void st_report_release(struct st_report *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->sec[i].cells);
		free(r->sec[i].keys);
	}
	st_group_release(&r->total);
	arena_release(&r->mem);
	arena_release(&r->row_mem);
}
