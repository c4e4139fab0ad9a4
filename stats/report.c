/* Figures derived from the counters for output: totals, quantiles, ranked
 * lists, histogram bins, scores and performance ratings, and the labels
 * every writer (table, CSV, JSON, SVG) shares. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const struct stat_label st_results[4] = {
	{ ST_WHITE_WINS, "1-0", "1-0 (White wins)", NULL },
	{ ST_BLACK_WINS, "0-1", "0-1 (Black wins)", NULL },
	{ ST_DRAWS, "1/2-1/2", "1/2-1/2 (draw)", NULL },
	{ ST_UNFINISHED, "*", "* (unfinished)", NULL },
};

const struct stat_label st_endings[6] = {
	{ ST_MATE, "checkmate", "checkmate", NULL },
	{ ST_STALEMATE, "stalemate", "stalemate", NULL },
	{ ST_INSUFFICIENT, "insufficient-material", "insufficient material",
	  NULL },
	{ ST_REPETITION, "repetition", "threefold repetition", NULL },
	{ ST_FIFTY, "fifty-moves", "fifty-move rule", NULL },
	{ ST_OTHER_END, "other", "other (resignation, agreement, time...)",
	  NULL },
};

const struct stat_label st_moves[17] = {
	{ ST_PAWN_MOVES, "pawn", "pawn moves", NULL },
	{ ST_KNIGHT_MOVES, "knight", "knight moves", NULL },
	{ ST_BISHOP_MOVES, "bishop", "bishop moves", NULL },
	{ ST_ROOK_MOVES, "rook", "rook moves", NULL },
	{ ST_QUEEN_MOVES, "queen", "queen moves", NULL },
	{ ST_KING_MOVES, "king", "king moves", NULL },
	{ ST_TANDEM_MOVES, "tandem", "tandem moves", NULL },
	{ ST_NULL_MOVES, "null", "null moves", NULL },
	{ ST_CAPTURES, "captures", "captures", NULL },
	{ ST_CHECKS, "checks", "checks", NULL },
	{ ST_CASTLE_SHORT, "castling-short", "castling O-O", NULL },
	{ ST_CASTLE_LONG, "castling-long", "castling O-O-O", NULL },
	{ ST_PROMO_Q, "promotions-q", "promotions to queen", NULL },
	{ ST_PROMO_R, "promotions-r", "promotions to rook", NULL },
	{ ST_PROMO_B, "promotions-b", "promotions to bishop", NULL },
	{ ST_PROMO_N, "promotions-n", "promotions to knight", NULL },
	{ ST_EN_PASSANT, "en-passant", "en passant", NULL },
};

const struct stat_label st_events[12] = {
	{ ST_TANDEM_UNIT, "tandem-unit-moves", "tandem unit moves", "tandem" },
	{ ST_TANDEM_MEMBER, "tandem-member-moves", "tandem member moves",
	  "tandem" },
	{ ST_ROCKETS, "rockets", "rockets", "tandem" },
	{ ST_PUSHES, "pushes", "pushes", "pushpawn" },
	{ ST_SHARES, "shares", "shares", "pauli" },
	{ ST_PAULI_TAKE_SHARED, "pauli-captures-on-shared",
	  "captures on a shared square", "pauli" },
	{ ST_PAULI_FROM_SHARED, "pauli-captures-from-shared",
	  "captures from a shared square", "pauli" },
	{ ST_FLIPS, "flips", "flips", "randompawns-flip" },
	{ ST_EMAP_PAWN_MOVES, "emap-piece-pawn-moves", "piece pawn-moves",
	  "emap" },
	{ ST_EMAP_DOUBLE_STEPS, "emap-piece-double-steps",
	  "piece double steps", "emap" },
	{ ST_EMAP_EP_BY_PIECE, "emap-en-passant-by-piece",
	  "en passant by a piece", "emap" },
	{ ST_EMAP_EP_OF_PIECE, "emap-en-passant-of-piece",
	  "en passant of a piece", "emap" },
};

void st_total(const struct stats *s, struct group *total)
{
	memset(total, 0, sizeof *total);
	for (size_t i = 0; i < s->groups.n; i++)
		st_group_add(total, st_group_at(s, i));
}

uint64_t st_shown_games(const struct group *g, bool skip_invalid)
{
	return g->c[ST_GAMES] + (skip_invalid ? 0 : g->c[ST_INVALID]);
}

uint64_t st_length_quantile(const struct group *g, uint64_t num, uint64_t den)
{
	uint64_t n = g->c[ST_GAMES], seen = 0;
	uint64_t need = (num * n + den - 1) / den;
	if (need == 0)
		need = 1;
	for (size_t i = 0; i < g->nlengths; i++) {
		seen += g->lengths[i].games;
		if (seen >= need)
			return g->lengths[i].plies;
	}
	return 0;
}

uint64_t st_length_min(const struct group *g)
{
	return g->nlengths ? g->lengths[0].plies : 0;
}

uint64_t st_length_max(const struct group *g)
{
	return g->nlengths ? g->lengths[g->nlengths - 1].plies : 0;
}

uint64_t st_tally_games(const struct tally *t)
{
	return t->v[TF_WINS] + t->v[TF_DRAWS] + t->v[TF_LOSSES] +
	       t->v[TF_UNFINISHED];
}

bool st_tally_score(const struct tally *t, double *pct)
{
	uint64_t n = t->v[TF_WINS] + t->v[TF_DRAWS] + t->v[TF_LOSSES];
	if (!n)
		return false;
	*pct = 100.0 * ((double)t->v[TF_WINS] + 0.5 * (double)t->v[TF_DRAWS]) /
	       (double)n;
	return true;
}

bool st_tally_performance(const struct tally *t, double *perf)
{
	uint64_t n = t->v[TF_RATED];
	if (!n)
		return false;
	double wl = (double)t->v[TF_RATED_WINS] - (double)t->v[TF_RATED_LOSSES];
	*perf = (double)t->v[TF_OPP_ELO] / (double)n + 400.0 * wl / (double)n;
	return true;
}

/* --------------------------------------------------------------- ranks */

struct ranked {
	uint64_t games;
	const struct smap_entry *key;
	size_t idx;
};

/* Two keys in byte order. */
static int bytes_cmp(const struct smap_entry *a, const struct smap_entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->key, b->key, n);
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Rows of a ranked list chosen without sorting them all (rank_select). */
#define RANK_SELECT_MAX 64

static int ranked_cmp(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	if (a->games != b->games)
		return a->games > b->games ? -1 : 1;
	return bytes_cmp(a->key, b->key);
}

/* The end of the run of digits at p. */
static const char *digits_end(const char *p, const char *end)
{
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p;
}

/* Two runs of digits by their value: "9" < "10", "007" = "7". */
static int number_cmp(const char *a, const char *ea, const char *b,
		      const char *eb)
{
	while (a < ea && *a == '0')
		a++;
	while (b < eb && *b == '0')
		b++;
	if (ea - a != eb - b)
		return ea - a < eb - b ? -1 : 1;
	return memcmp(a, b, (size_t)(ea - a));
}

/* Natural order: runs of digits by value, so that dates and years
 * compare field by field as numbers; any other byte by its value. */
static int natural_cmp(const char *a, const char *ea, const char *b,
		       const char *eb)
{
	while (a < ea && b < eb) {
		int c;
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			const char *ra = digits_end(a, ea);
			const char *rb = digits_end(b, eb);
			c = number_cmp(a, ra, b, rb);
			a = ra;
			b = rb;
		} else {
			c = (unsigned char)*a - (unsigned char)*b;
			a++;
			b++;
		}
		if (c)
			return c;
	}
	return (a < ea) - (b < eb);
}

static bool key_unknown(const struct smap_entry *e)
{
	return e->len == 1 && e->key[0] == '?';
}

/* Groups by key: natural order, "?" (unknown) last, ties ("7" and
 * "07") in byte order. */
static int key_cmp(const void *pa, const void *pb)
{
	const struct smap_entry *a = ((const struct ranked *)pa)->key;
	const struct smap_entry *b = ((const struct ranked *)pb)->key;
	if (key_unknown(a) != key_unknown(b))
		return key_unknown(a) ? 1 : -1;
	int c = natural_cmp(a->key, a->key + a->len, b->key, b->key + b->len);
	return c ? c : bytes_cmp(a, b);
}

/* The first top of r (n of them, n > top) by ranked_cmp(), in order, into
 * r[0..top): one pass that keeps the best so far sorted, for the few rows
 * a report shows of many thousands.  ranked_cmp() orders all distinct
 * keys, so these are the rows a sort puts first. */
static void rank_select(struct ranked *r, size_t n, size_t top)
{
	struct ranked best[RANK_SELECT_MAX];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k == top && ranked_cmp(&r[i], &best[k - 1]) >= 0)
			continue;
		size_t j = k < top ? k++ : k - 1;
		for (; j > 0 && ranked_cmp(&r[i], &best[j - 1]) < 0; j--)
			best[j] = best[j - 1];
		best[j] = r[i];
	}
	memcpy(r, best, top * sizeof *r);
}

/* Sorts r (n of them) by games (or only picks out the first top),
 * keeps the first top, puts them in order by key when by_key, and returns
 * them as indices. */
static size_t rank_keep(struct ranked *r, size_t n, size_t top, bool by_key,
			size_t **idx)
{
	if (top && top <= RANK_SELECT_MAX && n > 4 * top)
		rank_select(r, n, top);
	else
		qsort(r, n, sizeof *r, ranked_cmp);
	if (top && n > top)
		n = top;
	if (by_key)
		qsort(r, n, sizeof *r, key_cmp);
	*idx = pawnkit_realloc(NULL, (n ? n : 1) * sizeof **idx);
	for (size_t i = 0; i < n; i++)
		(*idx)[i] = r[i].idx;
	free(r);
	return n;
}

/* STATS_SORT_AUTO: by key for Year and the date tags, whose order is
 * time's. */
static bool groups_by_key(const struct stats *s, enum stats_sort sort)
{
	if (sort != STATS_SORT_AUTO)
		return sort == STATS_SORT_KEY;
	if (!s->group_by)
		return false;
	size_t n = strlen(s->group_by);
	return strcmp(s->group_by, "Year") == 0 ||
	       (n >= 4 && strcmp(s->group_by + n - 4, "Date") == 0);
}

size_t st_rank_groups(const struct stats *s, enum stats_sort sort, size_t top,
		      size_t **idx)
{
	size_t n = s->groups.n;
	struct ranked *r = pawnkit_realloc(NULL, (n ? n : 1) * sizeof *r);
	for (size_t i = 0; i < n; i++) {
		const struct group *g = st_group_at(s, i);
		r[i] = (struct ranked){ g->c[ST_GAMES] + g->c[ST_INVALID],
					&s->groups.entries[i], i };
	}
	return rank_keep(r, n, top, groups_by_key(s, sort), idx);
}

size_t st_rank_table(const struct stats *s, enum table_id t, size_t top,
		     size_t **idx)
{
	const struct table *tb = &s->tables[t];
	size_t n = tb->map.n;
	struct ranked *r = pawnkit_realloc(NULL, (n ? n : 1) * sizeof *r);
	for (size_t i = 0; i < n; i++)
		r[i] = (struct ranked){ st_tally_games(&tb->v[i]),
					&tb->map.entries[i], i };
	return rank_keep(r, n, top, false, idx);
}

/* ------------------------------------------------------------ histogram */

size_t st_length_bins(const struct group *g, struct length_bin *bins,
		      size_t max)
{
	static const uint64_t widths[] = { 10, 20, 50, 100, 200, 500, 1000 };
	if (!g->c[ST_GAMES] || max < 2)
		return 0;
	/* Bins up to the 99th percentile, the rest in one open bin, so one
	 * freak game does not squash the chart. */
	uint64_t cut = st_length_quantile(g, 99, 100) + 1;
	uint64_t top = st_length_max(g);
	uint64_t width = widths[0];
	for (size_t i = 0; i < sizeof widths / sizeof *widths; i++) {
		width = widths[i];
		if ((cut + width - 1) / width < max)
			break;
	}
	uint64_t nb = (cut + width - 1) / width;
	if (nb >= max)
		nb = max - 1;
	bool open = top >= nb * width;
	size_t n = (size_t)nb + open;
	for (size_t b = 0; b < n; b++)
		bins[b] = (struct length_bin){ b * width, 0, false };
	if (open)
		bins[n - 1].open = true;
	for (size_t i = 0; i < g->nlengths; i++) {
		uint64_t b = g->lengths[i].plies / width;
		bins[b < n ? b : n - 1].games += g->lengths[i].games;
	}
	return n;
}
