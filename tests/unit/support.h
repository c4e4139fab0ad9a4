/* Helpers the rules unit tests share: positions from FEN, moves named by
 * their squares or their text, perft suites read from tests/perft,
 * perft walks that check every node, and random games.  Each helper fails
 * the running cmocka test itself (through cmocka's assertions), so a test
 * reads as the facts it checks.  Linked into every unit-test binary. */
#ifndef PAWNKIT_TEST_SUPPORT_H
#define PAWNKIT_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../../librules/rules.h"

/* ------------------------------------------------------------------ files */

/* A new temporary file holding the len bytes at bytes; its name in path,
 * which the caller unlinks. */
#define TEMP_PATH_SIZE 32
void write_temp_file(char path[TEMP_PATH_SIZE], const void *bytes,
		     size_t len);

/* -------------------------------------------------------------- positions */

/* Builds pos from fen for variant v; the FEN must be accepted. */
void load_fen(struct position *pos, const char *fen, const struct variant *v);

/* position_set_fen refuses fen for v with exactly this message. */
void assert_fen_rejected(const char *fen, const struct variant *v,
			 const char *message);

/* The same, and err.col (1-based in fen; 0: the position as a whole) is
 * col. */
void assert_fen_rejected_at(const char *fen, const struct variant *v,
			    const char *message, unsigned col);

/* position_set_fen accepts fen for v but drops castling rights, with
 * exactly this warning (DC_CASTLING_RIGHTS) at col; the position's FEN
 * is then `then`. */
void assert_fen_dropped_at(const char *fen, const struct variant *v,
			   const char *message, unsigned col,
			   const char *then);

/* pos written as FEN is expected. */
void assert_fen_text(const struct position *pos, const char *expected);

/* The same, and the key kept by make equals one computed afresh. */
void assert_fen(const struct position *pos, const char *expected);

/* Skips the running test while v is still a placeholder on standard
 * chess's hooks (its own rules not written yet). */
void skip_placeholder(const struct variant *v);

/* ------------------------------------------------------------------ moves */

/* The square named "e4" (only the first two characters are read); the
 * name must be valid. */
int square(const char *name);

/* The move from, to, promotion type (0 for none) and flags. */
move_t coord_move(const char *from, const char *to, int promo,
		  unsigned flags);

/* How many times m stands in pos's legal list. */
unsigned count_legal(const struct position *pos, move_t m);

/* m is legal in pos. */
bool is_legal(const struct position *pos, move_t m);

/* m is legal in pos; fails if the list holds it twice. */
bool is_legal_once(const struct position *pos, move_t m);

/* Legal moves leaving from, and landing on to (NULL: anywhere). */
unsigned count_moves(const struct position *pos, const char *from,
		     const char *to);

/* The same two questions about the position fen gives for variant v. */
bool fen_has_move(const struct variant *v, const char *fen, move_t m);
unsigned fen_count_moves(const struct variant *v, const char *fen,
			 const char *from, const char *to);

/* The first legal move with these squares and promotion, whatever its
 * flags, or MOVE_NONE. */
move_t find_move(const struct position *pos, const char *from,
		 const char *to, int promo);

/* The legal move written in coordinates, "e7e8q"; it must exist. */
move_t legal_move_uci(const struct position *pos, const char *uci);

/* Makes m, which must be legal in pos. */
void play_legal(struct position *pos, move_t m);

/* pos after m is expected (as assert_fen). */
void assert_fen_after(const struct variant *v, const char *fen, move_t m,
		      const char *expected);

/* qsort order of move_t. */
int move_cmp(const void *a, const void *b);

/* pos's legal moves in move_cmp order. */
void sorted_legal_moves(const struct position *pos, struct movelist *list);

/* a and b have the same legal moves; *sorted gets a's, sorted. */
void assert_same_moves(const struct position *a, const struct position *b,
		       struct movelist *sorted);

/* What move_resolve made of a text. */
struct resolved {
	int rc;
	move_t move;		/* MOVE_NONE unless resolved */
	struct diag warn, err;
};

/* text through san_parse (which must accept it), then move_resolve. */
struct resolved resolve_text(const struct position *pos, const char *text,
			     bool strict);

/* ------------------------------------------------------------------ perft */

/* What a checked walk verifies beyond assert_position_consistent. */
struct walk_checks {
	bool fen_round_trip;	/* the FEN read back gives the same key */
	bool no_duplicates;	/* no move listed twice */
	/* Counts the last ply from the move list without making the moves,
	 * as perft does (the leaves are then not checked themselves). */
	bool bulk_leaves;
	/* Variant checks, or NULL: on every node reached; on the move list
	 * of every node expanded. */
	void (*node)(const struct position *pos);
	void (*moves)(const struct position *pos, const struct movelist *list);
};

/* Only assert_position_consistent at every node. */
extern const struct walk_checks walk_basic;

/* The bitboards are what board[] and board2[] hold, and the key kept by
 * make equals one computed afresh. */
void assert_position_consistent(const struct position *pos);

/* No move stands twice in list. */
void assert_no_duplicate_moves(const struct movelist *list);

/* perft by making every move, checking every node on the way. */
uint64_t checked_perft(const struct position *pos, unsigned depth,
		       const struct walk_checks *checks);

struct perft_case {
	const char *fen;
	unsigned depth;
	uint64_t nodes;
};

/* Each case's count for variant v: by perft(), or by checked_perft()
 * with checks when checks is not NULL. */
void assert_perft_cases(const struct perft_case *cases, size_t n,
			const struct variant *v,
			const struct walk_checks *checks);

/* ------------------------------------------------- perft suites (EPD) */

/* A perft suite reads "[variant-id ]FEN ;D1 n ;D2 n ..." lines; lines
 * starting with '#' are comments. */
struct epd_reader {
	FILE *file;
	const char *path;
	unsigned lineno;
	char line[1024];
};

/* One position line of a suite; fen and counts point into the reader.
 * variant is the one named before the FEN, or NULL. */
struct epd_line {
	unsigned lineno;
	const struct variant *variant;
	char *fen;
	char *counts;		/* what follows the first ';' */
};

/* false when path cannot be opened (tests run from the project root). */
bool epd_open(struct epd_reader *r, const char *path);

/* The next position line into *out; false (and the file closed) at the
 * end. */
bool epd_next(struct epd_reader *r, struct epd_line *out);

struct epd_suite {
	const char *path;
	const struct variant *variant;	/* for lines that name none */
	/* Deeper, or larger, counts are not checked (0: no limit). */
	unsigned max_depth;
	uint64_t max_nodes;
	/* How a count is taken (NULL: perft()); may check more on the way. */
	uint64_t (*count)(const struct position *pos, unsigned depth);
	bool skip_missing;	/* a missing file skips the test, else fails it */
};

struct epd_totals {
	unsigned positions;	/* position lines read */
	unsigned checked;	/* counts compared */
	unsigned failures;	/* counts that differed (each reported) */
};

/* Every count of the suite matches (each wrong one is reported); the
 * totals are for the caller's checks of the suite's size. */
struct epd_totals assert_epd_suite(const struct epd_suite *s);

/* ----------------------------------------------------------- random games */

/* A random game.  The caller draws the moves with its own generator so
 * that every game stays the one its test always played. */
struct random_game {
	unsigned max_plies;
	/* Checks a position before its move is drawn; false ends the game. */
	bool (*visit)(void *ctx, const struct position *pos,
		      const struct movelist *moves, unsigned ply);
	/* The index of the move to play, below count. */
	unsigned (*pick)(void *ctx, unsigned count);
	void *ctx;
};

/* Plays g on *pos until max_plies moves, a position without a legal move
 * or a visit that says stop; returns the moves played.  The position after
 * the last move is not visited. */
unsigned play_random_game(struct position *pos, const struct random_game *g);

/* Marsaglia's xorshift64 (13, 7, 17): a reproducible stream of test data. */
uint64_t xorshift64(uint64_t *state);

#endif
