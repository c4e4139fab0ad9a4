/* stats: the statistics of game-stats(1), a library of its own over
 * libparse, librules and formats (it writes JSON strings with formats'
 * json_write_string); none of those sees it.  This is all that commands
 * and tests outside stats/ use; internal.h holds the rest. */
#ifndef PAWNKIT_STATS_H
#define PAWNKIT_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../libparse/pgn.h"

/* game-stats' figures over any number of games, kept per group in an
 * accumulator.  Every figure is an integer sum, so accumulators merge
 * exactly and in any order, and memory grows with the distinct groups,
 * openings and players, never with the games.  A struct stats belongs to
 * one thread at a time. */
struct stats;
struct replay_opts;

struct stats_config {
	unsigned opening_plies;	/* first-N-ply sequences counted; 0: none */
	const char *group_by;	/* a tag, or "Year" (from [Date]); NULL: none */
	/* Figures from the tags alone (stats_add_tags): no moves, no
	 * validity.  Such statistics merge only with their like. */
	bool tags_only;
};

enum stats_format { STATS_TABLE, STATS_CSV, STATS_JSON };

/* The order of the groups: most games first, or their keys' natural order
 * (numbers by value, "?" last).  AUTO: by key when grouped by Year or a
 * tag whose name ends in "Date", else by count. */
enum stats_sort { STATS_SORT_AUTO, STATS_SORT_COUNT, STATS_SORT_KEY };

struct stats_output {
	enum stats_format format;
	unsigned top;		/* rows of each ranked list; 0: all */
	bool skip_invalid;	/* invalid games left out of the totals */
	enum stats_sort sort;	/* the groups' order */
};

struct stats *stats_new(const struct stats_config *cfg);
void stats_free(struct stats *s);
/* s as stats_new() made it, its memory kept for the next games (a chunk's
 * state made again, --jobs). */
void stats_clear(struct stats *s);
/* Replays g by game_replay() (its diagnostics go to report) and counts
 * it.  A game is valid when neither its reader (reader_errors) nor the
 * replay found an error; an invalid game counts as invalid and nowhere
 * else.  Returns validity. */
bool stats_add_game(struct stats *s, struct pgn_game *g,
		    const struct replay_opts *ro, bool reader_errors,
		    diag_fn report, void *report_ctx);
/* Counts g from its tags alone, for statistics made tags_only: results
 * from [Result] (else the termination marker), [ECO], [Opening], players
 * and Elos, the group, the variant ([Variant] or ro's).  Every game
 * counts: nothing is replayed, so nothing is found invalid. */
void stats_add_tags(struct stats *s, const struct pgn_game *g,
		    const struct replay_opts *ro);
/* The games counted in s, valid or not (*games), and the invalid among
 * them (*invalid). */
void stats_game_counts(const struct stats *s, uint64_t *games,
		       uint64_t *invalid);
/* Adds from into into; -1 (why) when their configurations differ. */
int stats_merge(struct stats *into, const struct stats *from, char *why,
		size_t n);
/* The report as an aligned table, CSV or JSON (game-stats(1)). */
void stats_write(FILE *out, const struct stats *s,
		 const struct stats_output *o);
/* The charts as one self-contained SVG document. */
void stats_plot_svg(FILE *out, const struct stats *s,
		    const struct stats_output *o);
/* The partial format (game-stats(1), PARTIAL FORMAT): tab-separated lines,
 * each complete in itself, so partials concatenate and reorder freely. */
void stats_write_partial(FILE *out, const struct stats *s);
/* Adds the partial lines of in into *s, created from the first header when
 * NULL.  0, or -1 with why ("NAME:LINE: what"); in must hold a header. */
int stats_read_partial(struct stats **s, FILE *in, const char *name,
		       char *why, size_t n);
/* The same for any share of a partial's lines (a reducer's): no header
 * is needed, and none is known when none was read. */
int stats_read_partial_lines(struct stats **s, FILE *in, const char *name,
			     char *why, size_t n);

/* What the merged partials must hold, when the user knows it. */
struct stats_expect {
	bool pieces_given, games_given;
	uint64_t pieces;	/* partials made from games */
	uint64_t games;		/* games, valid or not */
};
/* After the last partial read into s: its expectations, and when whole
 * (the inputs are all of the partials, not a share of their lines) that
 * a header gave the configuration, the checksum lines' sum equals the
 * lines', some piece was counted, and the report's totals fit.  0, or -1
 * with why. */
int stats_check_partials(const struct stats *s, const struct stats_expect *e,
			 bool whole, char *why, size_t n);

#endif
