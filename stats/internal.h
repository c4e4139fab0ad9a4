/* Private to stats/: the accumulator behind struct stats and the derived
 * figures its writers share.  cmd/ sees only stats.h.
 *
 * Everything counted is a uint64_t that only ever grows by addition, so two
 * accumulators merge exactly, in any order, and the output of a run does
 * not depend on how the games were split between threads or machines. */
#ifndef PAWNKIT_STATS_INTERNAL_H
#define PAWNKIT_STATS_INTERNAL_H

#include <stdint.h>

#include "../libparse/grow.h"
#include "stats.h"
#include "../librules/rules.h"

/* ------------------------------------------------------------ hash map */

/* Byte-string keys (copied, NUL-terminated) to dense indices 0..n-1 in
 * insertion order; the caller keeps the values in a parallel array. */
struct smap_entry {
	const char *key;
	uint32_t len;
	uint64_t hash;
};

struct smap {
	struct smap_entry *entries;
	size_t n, cap;
	uint32_t *slots;	/* entry index + 1; 0 is an empty slot */
	size_t nslots;		/* a power of two, at least twice n */
	struct arena keys;
};

void st_smap_init(struct smap *m);
void st_smap_release(struct smap *m);
/* No key any more; the memory is kept for the next ones. */
void st_smap_clear(struct smap *m);
/* Index of key, added when absent (then *added is set, when given). */
size_t st_smap_intern(struct smap *m, const char *key, size_t len, bool *added);
/* st_smap_intern() with the key's hash known: h is an entry's hash of a
 * map of the same kind (stats_merge). */
size_t st_smap_intern_hashed(struct smap *m, const char *key, size_t len,
			     uint64_t h, bool *added);
/* Brings into the cache what interning the keys of from into m will
 * read, values being m's parallel array (n elements of size bytes, or
 * NULL): a hint, which changes no result. */
void st_smap_warm(const struct smap *m, const struct smap *from,
		  const void *values, size_t size);
/* Index of key, or SIZE_MAX. */
size_t st_smap_find(const struct smap *m, const char *key, size_t len);

/* Grows *v (elements of size bytes, *cap of them) to hold need, zeroing
 * the new part. */
void st_grow(void **v, size_t *cap, size_t need, size_t size);

/* ------------------------------------------------------ group counters */

/* Games per variant: one counter per entry of variant_all(). */
#define STATS_VARIANTS_MAX 16

/* The counters of a group, in the order the partial format, CSV and JSON
 * list them; st_stat_name() gives each its stable name. */
enum stat_id {
	ST_GAMES,		/* valid games */
	ST_INVALID,		/* invalid games: counted here and nowhere else */
	ST_PLIES,		/* main-line plies of the valid games */
	ST_NULL_MOVES,		/* of those plies, null moves */
	/* results, from the [Result] tag, else the termination marker */
	ST_WHITE_WINS, ST_BLACK_WINS, ST_DRAWS, ST_UNFINISHED,
	/* how the main line's final position stands */
	ST_MATE, ST_STALEMATE, ST_INSUFFICIENT, ST_REPETITION, ST_FIFTY,
	ST_OTHER_END,
	/* main-line moves by the type of the piece that moved (PAWN..TANDEM) */
	ST_PAWN_MOVES, ST_KNIGHT_MOVES, ST_BISHOP_MOVES, ST_ROOK_MOVES,
	ST_QUEEN_MOVES, ST_KING_MOVES, ST_TANDEM_MOVES,
	ST_CAPTURES, ST_CHECKS, ST_CASTLE_SHORT, ST_CASTLE_LONG,
	/* promotions by new piece (KNIGHT..QUEEN) */
	ST_PROMO_N, ST_PROMO_B, ST_PROMO_R, ST_PROMO_Q,
	ST_EN_PASSANT,
	/* the variants' own events */
	ST_TANDEM_UNIT, ST_TANDEM_MEMBER, ST_ROCKETS,
	ST_PUSHES,
	ST_SHARES, ST_PAULI_TAKE_SHARED, ST_PAULI_FROM_SHARED,
	ST_FLIPS,
	ST_EMAP_PAWN_MOVES, ST_EMAP_DOUBLE_STEPS, ST_EMAP_EP_BY_PIECE,
	ST_EMAP_EP_OF_PIECE,
	/* valid games per variant, in variant_all() order */
	ST_VARIANT0,
	ST__COUNT = ST_VARIANT0 + STATS_VARIANTS_MAX
};

/* Random Pawns: moves by the mover's code, and start pawns by code.  Kept
 * apart and allocated on first use, so groups that never see a Random
 * Pawns game stay small. */
enum { RP_CODES = 64, RP_MOVES = 0, RP_PAWNS = RP_CODES, RP__COUNT = 128 };

/* Valid games of one main-line length. */
struct length_count {
	uint64_t plies, games;
};

struct group {
	uint64_t c[ST__COUNT];
	uint64_t *rp;		/* RP__COUNT counters, or NULL */
	/* The lengths there are, shortest first: a list rather than an
	 * array indexed by plies, because grouped by player most groups
	 * have a few games and would spend kilobytes on zeros. */
	struct length_count *lengths;
	size_t nlengths, caplengths;
};

/* The stable name of counter i ("white-wins", "variant-tandem", the
 * latter written into buf); NULL for a variant slot no variant fills. */
#define STAT_NAME_MAX 48
const char *st_stat_name(enum stat_id i, char buf[STAT_NAME_MAX]);
/* Counter index of a name, or -1. */
int st_stat_by_name(const char *name);
/* "rp-moves-CMC" / "rp-pawns-CMC" for Random Pawns counter i. */
void st_rp_name(unsigned i, char buf[16]);
int st_rp_by_name(const char *name);

void st_group_add_length(struct group *g, uint64_t plies, uint64_t games);
void st_group_add(struct group *into, const struct group *from);
void st_group_release(struct group *g);

/* ---------------------------------------------------------- key tables */

/* One row of a keyed table.  Openings and tags count from White's side
 * (wins = 1-0); players from the player's.  The rated fields cover the
 * finished games against an opponent with an Elo. */
enum tally_field {
	TF_WINS, TF_DRAWS, TF_LOSSES, TF_UNFINISHED,
	TF_RATED, TF_RATED_WINS, TF_RATED_LOSSES, TF_OPP_ELO,
	TF_OWN_ELO, TF_OWN_RATED,
	TF__COUNT
};

struct tally {
	uint64_t v[TF__COUNT];
};

enum table_id { TB_OPENINGS, TB_ECO, TB_OPENING_TAG, TB_PLAYERS, TB__COUNT };

struct table {
	struct smap map;
	struct tally *v;
	size_t cap;
};

extern const char *const st_table_names[TB__COUNT];

struct tally *st_table_tally(struct table *t, const char *key, size_t len);

/* --------------------------------------------------------------- stats */

struct stats {
	unsigned opening_plies;
	char *group_by;		/* NULL: every game in the group "" */
	bool tags_only;		/* stats_add_tags: only games, results,
				 * variants and the tables but openings */
	bool configured;	/* the two above are known (a partial being
				 * read has them from its header line) */
	/* Read from partials (partial.c): the pieces they count, the
	 * checksum of their lines, the sum of their checksum lines, and
	 * where the last of those was ("FILE:LINE").  stats_merge() leaves
	 * them: it adds the chunks of one run, read from games. */
	bool merged;
	uint64_t pieces, sum_lines, sum_checks, nchecks;
	char check_at[96];
	struct smap groups;
	size_t empty_group;	/* index + 1 of the group "", once made */
	/* The groups, in pages of GROUP_PAGE: grouped by player there are
	 * tens of thousands, and one array doubled as it grows would hold up
	 * to twice their memory, and three times while it is copied. */
	struct group **group_pages;
	size_t npages, pagecap;
	struct table tables[TB__COUNT];
	/* Board of each variant's start position, for "does this game start
	 * from it" (openings); filled on first use. */
	bool start_known[STATS_VARIANTS_MAX];
	uint8_t start_board[STATS_VARIANTS_MAX][128];
	/* Index + 1 in the ECO table of each code A00 to E99, once seen
	 * (0: not yet), by letter and number (stats.c eco_tally). */
	uint32_t eco_slot[500];
	/* Scratch for the game being added. */
	char *key;
	size_t keycap;
};

#define GROUP_PAGE 64
struct group *st_group(struct stats *s, const char *key, size_t len);
/* Group i (in the order of s->groups). */
static inline struct group *st_group_at(const struct stats *s, size_t i)
{
	return &s->group_pages[i / GROUP_PAGE][i % GROUP_PAGE];
}

/* ------------------------------------------------------ derived figures */

/* Every group added into one (caller releases it). */
void st_total(const struct stats *s, struct group *total);
/* Games shown for a group: valid ones, plus invalid ones unless skipped. */
uint64_t st_shown_games(const struct group *g, bool skip_invalid);
/* Games of g with plies plies (main-line), 0 when none. */
uint64_t st_group_length_games(const struct group *g, uint64_t plies);
/* Nearest-rank quantile num/den of the lengths: the smallest length with
 * at least ceil(num/den * games) games at or below it; 0 without games. */
uint64_t st_length_quantile(const struct group *g, uint64_t num, uint64_t den);
uint64_t st_length_min(const struct group *g);
uint64_t st_length_max(const struct group *g);

/* Indices of the groups, or of a table's rows, most games first, ties in
 * byte order of the key; at most top of them (0: all).  The caller frees
 * *idx; returns the count.  Groups sorted by key are the same top ones,
 * then put in their keys' natural order (stats_sort). */
size_t st_rank_groups(const struct stats *s, enum stats_sort sort, size_t top,
		      size_t **idx);
size_t st_rank_table(const struct stats *s, enum table_id t, size_t top,
		     size_t **idx);
uint64_t st_tally_games(const struct tally *t);

/* Game-length histogram for reading: bins of width plies, the last one
 * open ("at least from").  Fills at most max bins. */
struct length_bin {
	uint64_t from, games;
	bool open;
};
size_t st_length_bins(const struct group *g, struct length_bin *bins,
		      size_t max);

/* Performance rating: average opponent Elo + 400 (W - L) / N over the N
 * finished games against rated opponents; false when N is 0. */
bool st_tally_performance(const struct tally *t, double *perf);
/* Score in percent of the finished games (a draw is half a point); false
 * without finished games. */
bool st_tally_score(const struct tally *t, double *pct);

/* Display name of a result row, an ending, a move kind...: the tables the
 * writers and the plot share. */
struct stat_label {
	enum stat_id stat;
	const char *key;	/* machine name (CSV, JSON) */
	const char *label;	/* human */
	const char *variant;	/* variant events: the variant id */
};
extern const struct stat_label st_results[4];
extern const struct stat_label st_endings[6];
extern const struct stat_label st_moves[17];
extern const struct stat_label st_events[12];

/* ---------------------------------------------------------- report model */

/* The report as sections of rows of cells (sections.c), written by
 * write.c in each format. */
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
	SEC_NOTE = 16,		/* only its title: a line of text */
};

struct st_report;
struct section;

/* Fills the cells of the row for entry key of a ranked list. */
typedef void row_fn(struct st_report *r, const struct section *sec, size_t key,
		    struct cell *c);

/* A section holds its cells, or, for a ranked list (players, openings,
 * groups...), only the order of its entries and a row_fn that makes each
 * row when it is written: with -t 0 that is every player, and 8 bytes a
 * row instead of hundreds. */
struct section {
	const char *name, *title;
	const struct column *cols;
	size_t ncols;
	unsigned flags;
	size_t hide_col;
	struct cell *cells;	/* row-major, or NULL with a row_fn */
	size_t nrows, cap;
	row_fn *row;		/* the rows made when written, or NULL */
	size_t *keys;		/* with row: the entry of each row */
	enum table_id table;	/* with row: the key table it reads, if one */
	const char *empty;	/* table text when no row is shown */
};

#define MAX_SECTIONS 24
#define MAX_COLUMNS 80

struct st_report {
	struct section sec[MAX_SECTIONS];
	size_t n;
	struct arena mem;	/* texts built for cells */
	struct arena row_mem;	/* texts of the row being made by a row_fn */
	struct cell row_cells[MAX_COLUMNS];	/* and its cells */
	const struct stats *s;
	const struct stats_output *o;
	struct group total;
	uint64_t shown;		/* games in the totals */
};

void st_report_build(struct st_report *r, const struct stats *s,
		     const struct stats_output *o);
void st_report_release(struct st_report *r);
/* The cells of a section's row; those a row_fn makes stay valid until the
 * next call. */
const struct cell *st_section_row(struct st_report *r,
				  const struct section *sec, size_t row);

#endif
