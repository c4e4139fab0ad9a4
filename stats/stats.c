/* game-stats' accumulator: one game at a time into counters per group and
 * keyed tables (openings, ECO, [Opening], players); merging of two
 * accumulators.  The figures derived from it for output live in
 * report.c, the partial format in partial.c. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ------------------------------------------------------------ counters */

static const char *const stat_names[ST_VARIANT0] = {
	[ST_GAMES] = "games", [ST_INVALID] = "invalid",
	[ST_PLIES] = "plies", [ST_NULL_MOVES] = "null-moves",
	[ST_WHITE_WINS] = "white-wins", [ST_BLACK_WINS] = "black-wins",
	[ST_DRAWS] = "draws", [ST_UNFINISHED] = "unfinished",
	[ST_MATE] = "checkmate", [ST_STALEMATE] = "stalemate",
	[ST_INSUFFICIENT] = "insufficient-material",
	[ST_REPETITION] = "repetition", [ST_FIFTY] = "fifty-moves",
	[ST_OTHER_END] = "other-ending",
	[ST_PAWN_MOVES] = "pawn-moves", [ST_KNIGHT_MOVES] = "knight-moves",
	[ST_BISHOP_MOVES] = "bishop-moves", [ST_ROOK_MOVES] = "rook-moves",
	[ST_QUEEN_MOVES] = "queen-moves", [ST_KING_MOVES] = "king-moves",
	[ST_TANDEM_MOVES] = "tandem-moves",
	[ST_CAPTURES] = "captures", [ST_CHECKS] = "checks",
	[ST_CASTLE_SHORT] = "castling-short", [ST_CASTLE_LONG] = "castling-long",
	[ST_PROMO_N] = "promotions-n", [ST_PROMO_B] = "promotions-b",
	[ST_PROMO_R] = "promotions-r", [ST_PROMO_Q] = "promotions-q",
	[ST_EN_PASSANT] = "en-passant",
	[ST_TANDEM_UNIT] = "tandem-unit-moves",
	[ST_TANDEM_MEMBER] = "tandem-member-moves", [ST_ROCKETS] = "rockets",
	[ST_PUSHES] = "pushes", [ST_SHARES] = "shares",
	[ST_PAULI_TAKE_SHARED] = "pauli-captures-on-shared",
	[ST_PAULI_FROM_SHARED] = "pauli-captures-from-shared",
	[ST_FLIPS] = "flips",
	[ST_EMAP_PAWN_MOVES] = "emap-piece-pawn-moves",
	[ST_EMAP_DOUBLE_STEPS] = "emap-piece-double-steps",
	[ST_EMAP_EP_BY_PIECE] = "emap-en-passant-by-piece",
	[ST_EMAP_EP_OF_PIECE] = "emap-en-passant-of-piece",
};

const char *st_stat_name(enum stat_id i, char buf[STAT_NAME_MAX])
{
	if (i < ST_VARIANT0)
		return stat_names[i];
	size_t v = (size_t)(i - ST_VARIANT0), n;
	const struct variant *const *all = variant_all(&n);
	if (v >= n)
		return NULL;
	snprintf(buf, STAT_NAME_MAX, "variant-%s", variant_id(all[v]));
	return buf;
}

int st_stat_by_name(const char *name)
{
	char buf[STAT_NAME_MAX];
	for (int i = 0; i < ST__COUNT; i++) {
		const char *s = st_stat_name((enum stat_id)i, buf);
		if (s && strcmp(s, name) == 0)
			return i;
	}
	return -1;
}

void st_rp_name(unsigned i, char buf[16])
{
	char code[4];
	code_name((uint8_t)(i % RP_CODES), code);
	snprintf(buf, 16, "rp-%s-%s", i < RP_PAWNS ? "moves" : "pawns", code);
}

int st_rp_by_name(const char *name)
{
	char buf[16];
	for (unsigned i = 0; i < RP__COUNT; i++) {
		st_rp_name(i, buf);
		if (strcmp(buf, name) == 0)
			return (int)i;
	}
	return -1;
}

/* Position of v in variant_all(), or -1. */
static int stats_variant_index(const struct variant *v)
{
	size_t n;
	const struct variant *const *all = variant_all(&n);
	for (size_t i = 0; i < n && i < STATS_VARIANTS_MAX; i++)
		if (all[i] == v)
			return (int)i;
	return -1;
}

/* -------------------------------------------------------------- groups */

/* Position of plies in g's lengths: its entry, or where it would go. */
static size_t length_slot(const struct group *g, uint64_t plies)
{
	size_t lo = 0, hi = g->nlengths;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (g->lengths[mid].plies < plies)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void st_group_add_length(struct group *g, uint64_t plies, uint64_t games)
{
	size_t i = length_slot(g, plies);
	if (i == g->nlengths || g->lengths[i].plies != plies) {
		/* A new length: rare once a group has a few hundred games. */
		st_grow((void **)&g->lengths, &g->caplengths,
			g->nlengths + 1, sizeof *g->lengths);
		memmove(&g->lengths[i + 1], &g->lengths[i],
			(g->nlengths - i) * sizeof *g->lengths);
		g->lengths[i] = (struct length_count){ plies, 0 };
		g->nlengths++;
	}
	g->lengths[i].games += games;
}

uint64_t st_group_length_games(const struct group *g, uint64_t plies)
{
	size_t i = length_slot(g, plies);
	return i < g->nlengths && g->lengths[i].plies == plies
		       ? g->lengths[i].games
		       : 0;
}

void st_group_add(struct group *into, const struct group *from)
{
	for (size_t i = 0; i < ST__COUNT; i++)
		into->c[i] += from->c[i];
	if (from->rp) {
		if (!into->rp)
			into->rp = calloc(RP__COUNT, sizeof *into->rp);
		if (!into->rp)
			pawnkit_out_of_memory();
		for (size_t i = 0; i < RP__COUNT; i++)
			into->rp[i] += from->rp[i];
	}
	/* Shortest first: a length new to `into` then goes after those
	 * already added, at its end when `into` was empty (longest first,
	 * a leftover of the array indexed by plies, put each at the front
	 * and moved the whole list for each). */
	for (size_t i = 0; i < from->nlengths; i++)
		st_group_add_length(into, from->lengths[i].plies,
				    from->lengths[i].games);
}

void st_group_release(struct group *g)
{
	free(g->rp);
	free(g->lengths);
	memset(g, 0, sizeof *g);
}

/* Group i of s, its page made when it is the first of a new one. */
static struct group *group_page(struct stats *s, size_t i)
{
	if (i / GROUP_PAGE >= s->npages) {
		st_grow((void **)&s->group_pages, &s->pagecap, s->npages + 1,
			sizeof *s->group_pages);
		s->group_pages[s->npages] = calloc(GROUP_PAGE, sizeof(struct group));
		if (!s->group_pages[s->npages])
			pawnkit_out_of_memory();
		s->npages++;
	}
	return st_group_at(s, i);
}

/* The group "" (every game's without --group-by) is remembered: its index
 * never changes once interned. */
struct group *st_group(struct stats *s, const char *key, size_t len)
{
	if (!len && s->empty_group)
		return st_group_at(s, s->empty_group - 1);
	size_t i = st_smap_intern(&s->groups, key, len, NULL);
	if (!len)
		s->empty_group = i + 1;
	return group_page(s, i);
}

/* -------------------------------------------------------------- tables */

const char *const st_table_names[TB__COUNT] = {
	[TB_OPENINGS] = "openings", [TB_ECO] = "eco",
	[TB_OPENING_TAG] = "opening", [TB_PLAYERS] = "players",
};

/* The tally of entry i of t's map, cleared when the entry was just added
 * (the array grows without clearing: only entries are ever read). */
static struct tally *table_slot(struct table *t, size_t i, bool added)
{
	if (i >= t->cap)
		t->v = pawnkit_grow(t->v, &t->cap, i + 1, sizeof *t->v, 8);
	if (added)
		memset(&t->v[i], 0, sizeof t->v[i]);
	return &t->v[i];
}

struct tally *st_table_tally(struct table *t, const char *key, size_t len)
{
	bool added;
	size_t i = st_smap_intern(&t->map, key, len, &added);
	return table_slot(t, i, added);
}

/* --------------------------------------------------------------- stats */

struct stats *stats_new(const struct stats_config *cfg)
{
	struct stats *s = calloc(1, sizeof *s);
	if (!s)
		pawnkit_out_of_memory();
	/* Tags only: no moves, so no openings by plies either. */
	s->opening_plies = cfg->tags_only ? 0 : cfg->opening_plies;
	s->tags_only = cfg->tags_only;
	s->configured = true;
	if (cfg->group_by && *cfg->group_by) {
		s->group_by = strdup(cfg->group_by);
		if (!s->group_by)
			pawnkit_out_of_memory();
	}
	st_smap_init(&s->groups);
	for (size_t t = 0; t < TB__COUNT; t++)
		st_smap_init(&s->tables[t].map);
	return s;
}

void stats_free(struct stats *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->groups.n; i++)
		st_group_release(st_group_at(s, i));
	for (size_t p = 0; p < s->npages; p++)
		free(s->group_pages[p]);
	free(s->group_pages);
	st_smap_release(&s->groups);
	for (size_t t = 0; t < TB__COUNT; t++) {
		st_smap_release(&s->tables[t].map);
		free(s->tables[t].v);
	}
	free(s->group_by);
	free(s->key);
	free(s);
}

void stats_clear(struct stats *s)
{
	for (size_t i = 0; i < s->groups.n; i++)
		st_group_release(st_group_at(s, i));
	st_smap_clear(&s->groups);
	s->empty_group = 0;
	for (size_t t = 0; t < TB__COUNT; t++)
		st_smap_clear(&s->tables[t].map);	/* tallies cleared as added */
	memset(s->eco_slot, 0, sizeof s->eco_slot);
	s->merged = false;
	s->pieces = s->sum_lines = s->sum_checks = s->nchecks = 0;
	memset(s->check_at, 0, sizeof s->check_at);
}

static bool same_config(const struct stats *a, const struct stats *b)
{
	if (a->opening_plies != b->opening_plies || a->tags_only != b->tags_only)
		return false;
	if (!a->group_by || !b->group_by)
		return a->group_by == b->group_by;
	return strcmp(a->group_by, b->group_by) == 0;
}

/* Adds the tallies of src into t, key by key (their hashes kept). */
static void merge_table(struct table *t, const struct table *src)
{
	st_smap_warm(&t->map, &src->map, t->v, sizeof *t->v);
	for (size_t i = 0; i < src->map.n; i++) {
		const struct smap_entry *e = &src->map.entries[i];
		bool added;
		size_t j = st_smap_intern_hashed(&t->map, e->key, e->len,
						 e->hash, &added);
		struct tally *d = table_slot(t, j, added);
		for (size_t f = 0; f < TF__COUNT; f++)
			d->v[f] += src->v[i].v[f];
	}
}

int stats_merge(struct stats *into, const struct stats *from, char *why,
		size_t n)
{
	if (!same_config(into, from)) {
		snprintf(why, n, into->tags_only != from->tags_only
			 ? "statistics made with and without --tags-only "
			   "cannot be merged"
			 : "statistics with different --group-by or "
			   "--opening-plies cannot be merged");
		return -1;
	}
	for (size_t i = 0; i < from->groups.n; i++) {
		const struct smap_entry *e = &from->groups.entries[i];
		size_t j = st_smap_intern_hashed(&into->groups, e->key, e->len,
						 e->hash, NULL);
		st_group_add(group_page(into, j), st_group_at(from, i));
	}
	for (size_t t = 0; t < TB__COUNT; t++)
		merge_table(&into->tables[t], &from->tables[t]);
	return 0;
}

/* ------------------------------------------------------- one game: scan */

/* What the replay visitor collects for one game; added to the group only
 * when the game turns out valid. */
struct scan {
	struct stats *s;
	const struct variant *variant;
	int vidx;
	bool from_start;	/* the variant's initial position: openings */
	bool rp_on;		/* pawns carry codes */
	/* scan_move() reads the position before every move (EMAP, Pauli,
	 * Random Pawns), or only the opening's (want_before says which). */
	bool before_always;
	bool want_before;	/* the replay's visitor reads it */
	uint32_t moves;		/* main-line moves seen (null moves are not) */
	size_t seq_len;		/* opening key built so far in s->key */
	unsigned seq_plies;
	uint64_t c[ST_VARIANT0];
	/* Last: cleared only for Random Pawns games (scan_start). */
	uint64_t rp[RP__COUNT];
};

static void key_append(struct stats *s, size_t *len, const char *t,
		       size_t n)
{
	st_grow((void **)&s->key, &s->keycap, *len + n + 1, 1);
	memcpy(s->key + *len, t, n);
	*len += n;
	s->key[*len] = 0;
}

static bool starts_initial(struct stats *s, int vidx,
			   const struct position *pos)
{
	if (vidx < 0 || pos->side != WHITE || pos->castling != 15)
		return false;
	uint8_t *ref = s->start_board[vidx];
	if (!s->start_known[vidx]) {
		struct position p;
		position_start(&p, pos->variant);
		memcpy(ref, p.board, 64);
		memcpy(ref + 64, p.board2, 64);
		s->start_known[vidx] = true;
	}
	return memcmp(ref, pos->board, 64) == 0 &&
	       memcmp(ref + 64, pos->board2, 64) == 0;
}

/* The start of a replay: also a second one, when the fast path gave the
 * game up (game_replay), so what the first saw is forgotten. */
static void scan_start(void *ctx, const struct position *start)
{
	struct scan *sc = ctx;
	struct stats *s = sc->s;
	memset(sc, 0, offsetof(struct scan, rp));
	sc->s = s;
	sc->variant = start->variant;
	sc->vidx = stats_variant_index(start->variant);
	sc->rp_on = variant_needs_codes(start->variant);
	sc->from_start = sc->s->opening_plies > 0 &&
			 starts_initial(sc->s, sc->vidx, start);
	sc->before_always = sc->variant == &variant_emap ||
			    sc->variant == &variant_pauli || sc->rp_on;
	sc->want_before = sc->before_always || sc->from_start;
	if (sc->from_start) {
		sc->seq_len = 0;
		key_append(sc->s, &sc->seq_len, variant_id(start->variant),
			   strlen(variant_id(start->variant)));
	}
	if (!sc->rp_on)
		return;
	memset(sc->rp, 0, sizeof sc->rp);
	for (int sq = 0; sq < 64; sq++)
		if (PIECE_TYPE(start->board[sq]) == PAWN)
			sc->rp[RP_PAWNS + (start->code[sq] & 63)]++;
}

/* Flags that are events of their own, whatever the variant. */
static const struct {
	unsigned flag;
	enum stat_id stat;
} flag_events[] = {
	{ MF_CAPTURE, ST_CAPTURES }, { MF_EP, ST_EN_PASSANT },
	{ MF_ROCKET, ST_ROCKETS }, { MF_PUSH, ST_PUSHES },
	{ MF_SHARE, ST_SHARES }, { MF_FLIP, ST_FLIPS },
};
/* The flags above, together: four moves in five have none. */
#define EVENT_FLAGS (MF_CAPTURE | MF_EP | MF_ROCKET | MF_PUSH | MF_SHARE | \
		     MF_FLIP)

/* Can a piece of this type reach to from from by its own movement?  When
 * not, an EMAP piece made the move with its pawn powers.  (Paths need no
 * test: a pawn move is one square, or two straight, which no rook or
 * queen makes as a pawn.)  En passant is a pawn power whatever the
 * geometry: Bxc3 taking a knight on c4 looks like a bishop's step. */
static bool own_geometry(int type, int from, int to)
{
	int df = abs((to & 7) - (from & 7)), dr = abs((to >> 3) - (from >> 3));
	switch (type) {
	case KNIGHT: return df * dr == 2;
	case BISHOP: return df == dr;
	case ROOK: return df == 0 || dr == 0;
	case QUEEN: return df == dr || df == 0 || dr == 0;
	case KING: return df <= 1 && dr <= 1;
	default: return true;
	}
}

static void scan_emap(struct scan *sc, const struct replay_step *st,
		      int type)
{
	move_t m = st->move;
	unsigned f = MOVE_FLAGS(m);
	if (f & MF_EP) {
		uint8_t victim = st->before->board[st->before->ep_victim];
		sc->c[ST_EMAP_EP_BY_PIECE] += type != PAWN;
		sc->c[ST_EMAP_EP_OF_PIECE] += PIECE_TYPE(victim) != PAWN;
	}
	if (type == PAWN || (f & MF_CASTLE) ||
	    (!(f & MF_EP) && own_geometry(type, MOVE_FROM(m), MOVE_TO(m))))
		return;
	sc->c[ST_EMAP_PAWN_MOVES]++;
	sc->c[ST_EMAP_DOUBLE_STEPS] += (f & MF_DOUBLE) != 0;
}

static void scan_pauli(struct scan *sc, const struct position *b, move_t m)
{
	unsigned f = MOVE_FLAGS(m);
	if (!(f & MF_CAPTURE))
		return;
	int victim = (f & MF_EP) ? b->ep_victim : MOVE_TO(m);
	sc->c[ST_PAULI_TAKE_SHARED] += b->board2[victim] != 0;
	sc->c[ST_PAULI_FROM_SHARED] += b->board2[MOVE_FROM(m)] != 0;
}

static void scan_tandem(struct scan *sc, unsigned f)
{
	if (f & MF_UNIT)
		sc->c[ST_TANDEM_UNIT]++;
	else if (!(f & MF_ROCKET))
		sc->c[ST_TANDEM_MEMBER]++;
}

static void scan_opening(struct scan *sc, const struct replay_step *st)
{
	char san[MOVE_TEXT_MAX];
	size_t n = move_write_after(st->before, st->after, st->move,
				    NOTATION_SAN, san, sizeof san);
	key_append(sc->s, &sc->seq_len, " ", 1);
	key_append(sc->s, &sc->seq_len, san, n);
	sc->seq_plies++;
}

static void scan_move(void *ctx, const struct replay_step *st)
{
	struct scan *sc = ctx;
	if (st->depth != 0)
		return;	/* variations are comments on the game, not moves */
	const struct position *b = st->before;
	move_t m = st->move;
	unsigned f = MOVE_FLAGS(m);
	int from = MOVE_FROM(m), promo = MOVE_PROMO(m);
	int type = PIECE_TYPE(st->piece);
	sc->moves++;
	if (type >= PAWN && type <= TANDEM)
		sc->c[ST_PAWN_MOVES + type - PAWN]++;
	for (size_t i = 0; (f & EVENT_FLAGS) && i < sizeof flag_events /
			   sizeof *flag_events; i++)
		sc->c[flag_events[i].stat] += (f & flag_events[i].flag) != 0;
	sc->c[ST_CHECKS] += st->check;
	if (f & MF_CASTLE)
		sc->c[(MOVE_TO(m) & 7) > (from & 7) ? ST_CASTLE_SHORT
						      : ST_CASTLE_LONG]++;
	if (promo >= KNIGHT && promo <= QUEEN)
		sc->c[ST_PROMO_N + promo - KNIGHT]++;
	if (type == TANDEM)
		scan_tandem(sc, f);
	if (sc->variant == &variant_emap)
		scan_emap(sc, st, type);
	else if (sc->variant == &variant_pauli)
		scan_pauli(sc, b, m);
	if (sc->rp_on && type == PAWN)
		sc->rp[RP_MOVES + (b->code[from] & 63)]++;
	if (sc->from_start && sc->seq_plies < sc->s->opening_plies)
		scan_opening(sc, st);
	/* Past the opening the replay need not copy each position before
	 * its move for us (43 instructions a move on the fast path). */
	sc->want_before = sc->before_always ||
			  (sc->from_start && sc->seq_plies < sc->s->opening_plies);
}

/* ------------------------------------------------------- one game: keys */

/* The tag t, NULL when missing, empty or "?" (PGN's "unknown"). */
static const struct pgn_tag *known(const struct pgn_tag *t)
{
	if (!t || t->value_len == 0 ||
	    (t->value_len == 1 && t->value[0] == '?'))
		return NULL;
	return t;
}

/* [Date "1984.??.??"] (t) -> "1984"; "?" when the year is not four
 * digits. */
static void year_of(const struct pgn_tag *t, const char **key, size_t *len)
{
	*key = "?";
	*len = 1;
	if (!t || t->value_len < 4)
		return;
	for (int i = 0; i < 4; i++)
		if (t->value[i] < '0' || t->value[i] > '9')
			return;
	if (t->value_len > 4 && t->value[4] != '.')
		return;
	*key = t->value;
	*len = 4;
}

/* The group of a game: the value of the --group-by tag (group), "?" when
 * it has none; Year from [Date] (date); Variant as the id the game was
 * played under. */
static void group_key(const struct stats *s, const struct pgn_tag *group,
		      const struct pgn_tag *date, const struct variant *v,
		      const char **key, size_t *len)
{
	*key = "";
	*len = 0;
	if (!s->group_by)
		return;
	if (strcmp(s->group_by, "Year") == 0) {
		year_of(date, key, len);
		return;
	}
	if (strcmp(s->group_by, "Variant") == 0 && v) {
		*key = variant_id(v);
		*len = strlen(variant_id(v));
		return;
	}
	const struct pgn_tag *t = known(group);
	*key = t ? t->value : "?";
	*len = t ? t->value_len : 1;
}

enum outcome { OUT_WIN, OUT_DRAW, OUT_LOSS, OUT_UNFINISHED };

static const struct {
	const char *text;
	enum stat_id stat;
	enum outcome white;
} results[] = {
	{ "1-0", ST_WHITE_WINS, OUT_WIN }, { "0-1", ST_BLACK_WINS, OUT_LOSS },
	{ "1/2-1/2", ST_DRAWS, OUT_DRAW }, { "*", ST_UNFINISHED, OUT_UNFINISHED },
};

/* Is the name (or value) n the text lit?  (Inline: strcmp's call costs
 * more than these short texts.) */
static inline bool name_is(const char *n, const char *lit)
{
	while (*lit && *n == *lit) {
		n++;
		lit++;
	}
	return *n == *lit;
}

/* "Elo", the end of "WhiteElo" and "BlackElo". */
static inline bool elo_rest(const char *n)
{
	return n[0] == 'E' && n[1] == 'l' && n[2] == 'o' && !n[3];
}

/* The [Result] tag's value (tag) when it is one of the four, else the
 * termination marker, else unfinished; an index into results[]. */
static size_t result_of(const char *tag, const char *marker)
{
	const char *texts[2] = { tag, marker };
	for (size_t k = 0; k < 2; k++) {
		const char *t = texts[k];
		if (!t)
			continue;
		if (t[0] == '*' && !t[1])
			return 3;
		if (t[0] == '0' && name_is(t + 1, "-1"))
			return 1;
		if (t[0] == '1' && (name_is(t + 1, "-0") ||
				    name_is(t + 1, "/2-1/2")))
			return t[1] == '-' ? 0 : 2;
	}
	return 3;
}

static const enum stat_id endings[] = {
	[GE_NONE] = ST_OTHER_END, [GE_CHECKMATE] = ST_MATE,
	[GE_STALEMATE] = ST_STALEMATE, [GE_INSUFFICIENT] = ST_INSUFFICIENT,
	[GE_REPETITION] = ST_REPETITION, [GE_FIFTY] = ST_FIFTY,
};

/* An Elo (the value of tag t): 1 to 5 digits, not 0; else 0 (unrated).
 * The digits end at the value's end or at a NUL inside it. */
static uint64_t elo_of(const struct pgn_tag *t)
{
	if (!t || !t->value_len)
		return 0;	/* most often: [WhiteElo ""] */
	const char *v = t->value;
	uint64_t elo = 0;
	for (size_t n = 0; n < 6; n++) {
		unsigned d = (unsigned)(unsigned char)v[n] - '0';
		if (d > 9)
			return n > 0 && v[n] == 0 ? elo : 0;
		elo = elo * 10 + d;
	}
	return 0;	/* six digits or more */
}

static void tally_outcome(struct tally *t, enum outcome o)
{
	static const enum tally_field field[] = {
		[OUT_WIN] = TF_WINS, [OUT_DRAW] = TF_DRAWS,
		[OUT_LOSS] = TF_LOSSES, [OUT_UNFINISHED] = TF_UNFINISHED,
	};
	t->v[field[o]]++;
}

static void count_player(struct stats *s, const struct pgn_tag *name,
			 uint64_t own, uint64_t opp, enum outcome o)
{
	if (!name)
		return;
	struct tally *t = st_table_tally(&s->tables[TB_PLAYERS], name->value,
					 name->value_len);
	tally_outcome(t, o);
	if (own) {
		t->v[TF_OWN_ELO] += own;
		t->v[TF_OWN_RATED]++;
	}
	if (!opp || o == OUT_UNFINISHED)
		return;
	t->v[TF_RATED]++;
	t->v[TF_OPP_ELO] += opp;
	t->v[TF_RATED_WINS] += o == OUT_WIN;
	t->v[TF_RATED_LOSSES] += o == OUT_LOSS;
}

static void count_tag(struct stats *s, enum table_id id,
		      const struct pgn_tag *tag, enum outcome o)
{
	const struct pgn_tag *t = known(tag);
	if (t)
		tally_outcome(st_table_tally(&s->tables[id], t->value,
					     t->value_len), o);
}

/* The tally of an [ECO] value: a code of the usual form ("C05") through
 * s->eco_slot, filled as codes are first seen (an index into the table
 * never changes); any other through the table's map. */
static struct tally *eco_tally(struct stats *s, const struct pgn_tag *t)
{
	struct table *tb = &s->tables[TB_ECO];
	const char *v = t->value;
	if (t->value_len != 3 || v[0] < 'A' || v[0] > 'E' || v[1] < '0' ||
	    v[1] > '9' || v[2] < '0' || v[2] > '9')
		return st_table_tally(tb, v, t->value_len);
	uint32_t *slot = &s->eco_slot[(v[0] - 'A') * 100 + (v[1] - '0') * 10 +
				      (v[2] - '0')];
	if (!*slot) {
		struct tally *added = st_table_tally(tb, v, 3);
		*slot = (uint32_t)(added - tb->v) + 1;
		return added;
	}
	return &tb->v[*slot - 1];
}

/* The tags the tables read. */
struct table_tags {
	const struct pgn_tag *eco, *opening, *white, *black, *white_elo,
		*black_elo;
};

/* The tables but openings: [ECO], [Opening], the players. */
static void count_tag_tables(struct stats *s, const struct table_tags *t,
			     enum outcome white)
{
	static const enum outcome mirror[] = {
		[OUT_WIN] = OUT_LOSS, [OUT_DRAW] = OUT_DRAW,
		[OUT_LOSS] = OUT_WIN, [OUT_UNFINISHED] = OUT_UNFINISHED,
	};
	const struct pgn_tag *eco = known(t->eco);
	if (eco)
		tally_outcome(eco_tally(s, eco), white);
	count_tag(s, TB_OPENING_TAG, t->opening, white);
	uint64_t we = elo_of(t->white_elo), be = elo_of(t->black_elo);
	count_player(s, known(t->white), we, be, white);
	count_player(s, known(t->black), be, we, mirror[white]);
}

/* The tags stats_add_game() and stats_add_tags() read, found in one
 * pass: the first of each name, as pgn_tag_find() finds it. */
struct picked {
	struct table_tags t;
	const struct pgn_tag *result, *variant, *date, *group;
};

/* The slot of the tag named n among those the tables read, or NULL: by
 * its first letter, then the rest (each test stops at n's end, whose NUL
 * matches no letter). */
static const struct pgn_tag **pick_slot(struct picked *p, const char *n)
{
	switch (n[0]) {
	case 'R':
		return n[1] == 'e' && n[2] == 's' && n[3] == 'u' &&
		       n[4] == 'l' && n[5] == 't' && !n[6] ? &p->result : NULL;
	case 'E':
		return n[1] == 'C' && n[2] == 'O' && !n[3] ? &p->t.eco : NULL;
	case 'O': return name_is(n + 1, "pening") ? &p->t.opening : NULL;
	case 'V': return name_is(n + 1, "ariant") ? &p->variant : NULL;
	case 'D':
		return n[1] == 'a' && n[2] == 't' && n[3] == 'e' && !n[4]
		       ? &p->date : NULL;
	case 'W':
		if (n[1] != 'h' || n[2] != 'i' || n[3] != 't' || n[4] != 'e')
			return NULL;
		return !n[5] ? &p->t.white : elo_rest(n + 5) ? &p->t.white_elo
							    : NULL;
	case 'B':
		if (n[1] != 'l' || n[2] != 'a' || n[3] != 'c' || n[4] != 'k')
			return NULL;
		return !n[5] ? &p->t.black : elo_rest(n + 5) ? &p->t.black_elo
							    : NULL;
	}
	return NULL;
}

static void pick_tags(const struct stats *s, const struct pgn_game *g,
		      struct picked *p)
{
	const char *group_by = s->group_by;
	memset(p, 0, sizeof *p);
	if (!g->ntags)
		return;	/* g->tags may be NULL: no pointer past it */
	const struct pgn_tag *tag = g->tags, *last = tag + g->ntags;
	for (; tag < last; tag++) {
		const struct pgn_tag **slot = pick_slot(p, tag->name);
		if (slot && !*slot)
			*slot = tag;
		if (group_by && !p->group && name_is(tag->name, group_by))
			p->group = tag;
	}
}

static void count_tables(struct stats *s, const struct table_tags *t,
			 const struct scan *sc, enum outcome white)
{
	if (sc->from_start && sc->seq_plies == s->opening_plies)
		tally_outcome(st_table_tally(&s->tables[TB_OPENINGS], s->key,
					     sc->seq_len), white);
	count_tag_tables(s, t, white);
}

static void commit(struct group *grp, const struct scan *sc,
		   const struct replay_result *res, size_t result)
{
	grp->c[ST_GAMES]++;
	grp->c[ST_PLIES] += res->plies;
	grp->c[ST_NULL_MOVES] += res->plies - sc->moves;
	grp->c[results[result].stat]++;
	grp->c[endings[res->end]]++;
	if (sc->vidx >= 0)
		grp->c[ST_VARIANT0 + sc->vidx]++;
	for (size_t i = ST_PAWN_MOVES; i < ST_VARIANT0; i++)
		grp->c[i] += sc->c[i];
	if (sc->rp_on) {
		if (!grp->rp)
			grp->rp = calloc(RP__COUNT, sizeof *grp->rp);
		if (!grp->rp)
			pawnkit_out_of_memory();
		for (size_t i = 0; i < RP__COUNT; i++)
			grp->rp[i] += sc->rp[i];
	}
	st_group_add_length(grp, res->plies, 1);
}

bool stats_add_game(struct stats *s, struct pgn_game *g,
		    const struct replay_opts *ro, bool reader_errors,
		    diag_fn report, void *report_ctx)
{
	struct scan sc;
	memset(&sc, 0, offsetof(struct scan, rp));
	sc.s = s;
	sc.vidx = -1;
	struct replay_visitor vis = { .ctx = &sc, .start = scan_start,
				      .move = scan_move,
				      .want_before = &sc.want_before };
	struct replay_result res;
	bool valid = !reader_errors &&
		     !(g->flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE));
	int rc = game_replay(g, ro, &vis, report, report_ctx, &res);
	if (rc != 0)
		valid = false;
	const char *key;
	size_t len;
	struct picked p;
	pick_tags(s, g, &p);
	group_key(s, s->group_by ? p.group : NULL, s->group_by ? p.date : NULL,
		  res.variant, &key, &len);
	if (!valid) {
		st_group(s, key, len)->c[ST_INVALID]++;
		return false;
	}
	size_t result = result_of(p.result ? p.result->value : NULL, g->result);
	/* Tables first: the group pointer stays valid only until the next
	 * group is added. */
	count_tables(s, &p.t, &sc, results[result].white);
	commit(st_group(s, key, len), &sc, &res, result);
	return true;
}

/* ------------------------------------------------- one game: tags only */

/* The variant the game would be replayed under (game_start_position):
 * NULL for an unknown [Variant]. */
static const struct variant *tags_variant(const struct picked *p,
					  const struct replay_opts *ro)
{
	if (!p->variant || ro->force_variant)
		return ro->variant ? ro->variant : &variant_standard;
	return variant_by_name(p->variant->value);
}

void stats_add_tags(struct stats *s, const struct pgn_game *g,
		    const struct replay_opts *ro)
{
	struct picked p;
	pick_tags(s, g, &p);
	const struct variant *v = tags_variant(&p, ro);
	const char *key;
	size_t len;
	group_key(s, p.group, p.date, v, &key, &len);
	size_t result = result_of(p.result ? p.result->value : NULL,
				  g->result);
	/* Tables first: the group pointer stays valid only until the next
	 * group is added. */
	count_tag_tables(s, &p.t, results[result].white);
	struct group *grp = st_group(s, key, len);
	grp->c[ST_GAMES]++;
	grp->c[results[result].stat]++;
	int vidx = v ? stats_variant_index(v) : -1;
	if (vidx >= 0)
		grp->c[ST_VARIANT0 + vidx]++;
}
