/* formats: games, positions and diagnostics to text, JSON and SVG.
 * Sees only the public headers of libparse and librules.  Writers take a
 * FILE * and report write errors through ferror() on it (callers check
 * once, at the end, as stdio intends). */
#ifndef PAWNKIT_FORMATS_H
#define PAWNKIT_FORMATS_H

#include <stdio.h>

#include "../libparse/pgn.h"

/* "FILE:LINE:COL: error: game N (White - Black): 23...Nf3: message" */
void diag_print_text(FILE *out, const struct diag *d);
/* One JSON object per line: file, game, line, column, ply, path, move,
 * severity, code, message. */
void diag_print_json(FILE *out, const struct diag *d);

/* A JSON string literal (with quotes).  Valid UTF-8 passes through; any
 * other byte is read as Latin-1 (real PGN files hold both) and escaped. */
void json_write_string(FILE *out, const char *s, size_t len);

/* Text from PGN tags is UTF-8 or Latin-1, often both in one file.  Every
 * writer of text for people or programs reads it the same way: a valid
 * UTF-8 sequence is one character, any other byte one Latin-1 character.
 * utf8_length: the length of the valid UTF-8 sequence of two to four bytes
 * at s (whose first byte is not ASCII), or 0: then s[0] is Latin-1 (so are
 * overlong forms, surrogates and code points past U+10FFFF).  utf8_put
 * writes the character at s (avail > 0 bytes there) as UTF-8 and returns
 * the bytes it took; utf8_chars counts the characters of s. */
size_t utf8_length(const unsigned char *s, size_t avail);
size_t utf8_put(FILE *out, const char *s, size_t avail);
size_t utf8_chars(const char *s, size_t len);
/* The UTF-8 of the Latin-1 character c (0x80 and up): two bytes. */
void latin1_utf8(unsigned char c, char out[2]);

/* diagrams */

/* Diagrams of one position (board_text.c, board_svg.c): what to draw is a
 * board_view, how to draw it a board_style.  Squares are librules' (a1 = 0,
 * h8 = 63).  The writers read the view and change nothing. */
struct position;

/* A tinted square (from == to) or an arrow.  color: 'G' 'R' 'Y' 'B' as in
 * [%csl]/[%cal] comments, 'L' for the squares of the last move. */
struct board_mark {
	uint8_t from, to;
	char color;
};

#define BOARD_MARKS_MAX 64
struct board_view {
	const struct position *pos;
	const char *caption;	/* "game 3, ply 12, after 6...Nf6"; NULL: none */
	unsigned nmarks;	/* drawn in this order, squares under arrows */
	struct board_mark marks[BOARD_MARKS_MAX];
};

enum board_theme { BOARD_THEME_LIGHT, BOARD_THEME_DARK };

struct board_style {
	bool flip;		/* Black at the bottom */
	bool coords;		/* rank and file labels */
	bool check;		/* SVG: mark the king of the side in check */
	enum board_theme theme;	/* SVG */
	unsigned size;		/* SVG width and height in px; 0: 45 px squares */
};

/* 7-bit text: a frame, labels, "PP" for a tandem, "Nb" for two Pauli
 * pieces, Random Pawns codes in a legend beside the board, a caption. */
void board_write_ascii(FILE *out, const struct board_view *v,
		       const struct board_style *s);
/* The same with chess glyphs and box-drawing characters (UTF-8). */
void board_write_unicode(FILE *out, const struct board_view *v,
			 const struct board_style *s);
/* One self-contained SVG document, FEN in its <desc>. */
void board_write_svg(FILE *out, const struct board_view *v,
		     const struct board_style *s);
/* "White to move", "... to move, in check", "White is checkmated" or "...
 * is stalemated" (ASCII): the last words of every caption and title. */
void board_write_status(FILE *out, const struct position *pos);

/* Appends a mark; 0, or -1 when the view is full. */
int board_view_mark(struct board_view *v, int from, int to, char color);
/* "e4", "Ye4", "e2e4", "Re2e4" into *m (color def when none is written):
 * 0, or -1 when s is not one. */
int board_mark_parse(const char *s, size_t len, char def,
		     struct board_mark *m);
/* Adds the marks of every [%csl ...] and [%cal ...] command in a comment;
 * entries that are not marks are skipped. */
void board_view_annotate(struct board_view *v, const char *text, size_t len);

/* The pawnkit piece set (piece_paths.c): SVG path data in a 45x45 box.  A
 * body takes the piece colour and an outline; a line is stroked and a dot
 * filled with the contrast colour. */
enum piece_part_kind { PART_BODY, PART_LINE, PART_DOT };
struct piece_part {
	enum piece_part_kind kind;
	const char *d;		/* NULL ends a drawing */
};
/* The parts of a piece type (PAWN..KING of rules.h) in painting order;
 * NULL for any other type. */
const struct piece_part *piece_parts(int type);

/* statistics */

/* game-stats (stats*.c): figures over any number of games, kept per group
 * in an accumulator.  Every figure is an integer sum, so accumulators
 * merge exactly and in any order, and memory grows with the distinct
 * groups, openings and players, never with the games.  A struct stats
 * belongs to one thread at a time. */
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

struct stats_output {
	enum stats_format format;
	unsigned top;		/* rows of each ranked list; 0: all */
	bool skip_invalid;	/* invalid games left out of the totals */
};

struct stats *stats_new(const struct stats_config *cfg);
void stats_free(struct stats *s);
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
 * NULL.  0, or -1 with why ("NAME:LINE: what"). */
int stats_read_partial(struct stats **s, FILE *in, const char *name,
		       char *why, size_t n);

/* pgn-convert writers */

/* A game is replayed once (convert.c) and then written by walking its
 * movetext tree with the moves the replay resolved: PGN export
 * (pgn_write.c), JSON and NDJSON (json_write.c), FEN, EPD and UCI lines
 * (fen_lines.c).  Ownership: a conv_game points into its pgn_game, which
 * must stay valid while it is written; its move records and scratch
 * buffer are its own, reused from game to game. */
#include "../librules/rules.h"

enum conv_format { CONV_PGN, CONV_JSON, CONV_NDJSON, CONV_FEN, CONV_EPD,
		   CONV_UCI_LINE };
enum conv_tags { CONV_TAGS_ALL, CONV_TAGS_ROSTER, CONV_TAGS_NONE };

struct conv_opts {
	enum notation notation;	/* of the PGN movetext */
	unsigned width;		/* PGN lines are shorter than this; 0: no wrap */
	enum conv_tags tags;
	bool strip_comments, strip_variations, strip_nags, strip_clocks;
	bool mainline;		/* fen, epd: main-line positions only */
};

/* Option values ("uci-line", "figurine", "roster") to enums; -1 unknown. */
int conv_format_parse(const char *name);
int conv_notation_parse(const char *name);
int conv_tags_parse(const char *name);

struct conv_move {
	const struct pgn_item *item;	/* a PI_MOVE */
	move_t move;
};

/* How a game's number is written: as digits (write NULL), or by a caller
 * that knows it only later (pgn-convert --jobs marks the place). */
struct conv_number {
	void (*write)(void *ctx, FILE *out, uint64_t number);
	void *ctx;
};
void conv_number_write(const struct conv_number *n, FILE *out,
		       uint64_t number);

struct conv_game {
	const struct pgn_game *game;
	const struct conv_number *number;	/* NULL: digits */
	struct position start;
	bool started;		/* the start position could be built */
	bool variations;	/* moves of variations were recorded */
	struct conv_move *moves;	/* in written order, as replayed */
	size_t nmoves, cap, cursor;
	const struct pgn_item *main_next;	/* fast path: the main line's
						 * next item */
	char *scratch;		/* the writers' buffer (conv_scratch) */
	size_t scratch_cap;
};

void conv_game_init(struct conv_game *cg);
void conv_game_release(struct conv_game *cg);
/* game_replay() recording the moves (of variations too when asked);
 * returns what game_replay returns. */
int conv_game_replay(struct conv_game *cg, struct pgn_game *g,
		     const struct replay_opts *ro, bool variations,
		     diag_fn report, void *report_ctx);
/* The termination marker to write: the movetext's, else the [Result]
 * value when it is one, else "*". */
const char *conv_game_result(const struct pgn_game *g);
/* At least n bytes of scratch space, valid until the next call. */
char *conv_scratch(struct conv_game *cg, size_t n);
/* Calls fn for the tags mode keeps, in export order: the Seven Tag
 * Roster in its order, then the others in input order.  roster keeps the
 * roster and the tags the rules need ([Variant], [SetUp], [FEN],
 * [PawnTypes]); none only the latter.  When the game's [Variant] tag, or
 * its absence, does not name rules (those it was replayed with; NULL:
 * not known), a [Variant] tag with their id stands in its place or after
 * the roster. */
void conv_tags_each(const struct pgn_game *g, const struct variant *rules,
		    enum conv_tags mode,
		    void (*fn)(void *ctx, const struct pgn_tag *t), void *ctx);

/* One line of the tree, move by move, with positions.  Lines must be
 * walked in written order (a variation where its item stands), as the
 * replay met them; the walk of a game starts with cg->cursor = 0. */
struct conv_line {
	struct conv_game *cg;
	const struct pgn_item *next;	/* the next move, NULL at the end */
	struct position pos[2];	/* before and after the current move */
	unsigned cur;		/* pos[cur]: before the next move */
	uint32_t ply;
	unsigned depth;
};
struct conv_step {
	const struct pgn_item *item;	/* the move */
	move_t move;		/* MOVE_NONE: a null move */
	/* Into the line, valid until its next conv_line_next(). */
	const struct position *before, *after;
	uint32_t ply;		/* half-moves from the start position */
	unsigned depth;		/* 0: the main line */
	/* The items after the move up to the next move (end, NULL: none);
	 * split is the first variation among them, or end. */
	const struct pgn_item *tail, *split, *end;
};
/* Starts a line at start, after ply half-moves; the items before
 * l->next are the line's prefix. */
void conv_line_begin(struct conv_line *l, struct conv_game *cg,
		     const struct pgn_line *line, const struct position *start,
		     uint32_t ply, unsigned depth);
bool conv_line_next(struct conv_line *l, struct conv_step *s);
/* A comment, an escape line, or a marker inside a variation. */
bool conv_comment_like(const struct pgn_item *it, unsigned depth);
/* Is it written under o (strip options, recorded variations)? */
bool conv_keep(const struct conv_game *cg, const struct conv_opts *o,
	       const struct pgn_item *it, unsigned depth);

/* The text of a comment as written: without [%clk]/[%emt] when strip;
 * NULL when nothing but blanks is left. */
const char *conv_comment_text(struct conv_game *cg, const struct pgn_item *it,
			      bool strip, size_t *len);

/* A stream of converted games in one format. */
struct conv_writer {
	FILE *out;
	enum conv_format format;
	const struct conv_opts *opts;
	unsigned long long games;	/* written so far */
	bool midline;		/* raw bytes written last did not end a line */
	/* A piece of a longer stream, written apart (pgn-convert --jobs):
	 * what its first game owes to the games before it (JSON's comma, the
	 * line end after raw bytes ending mid-line) is not written but noted
	 * here, for conv_writer_join() to write once those are known. */
	bool piece;
	bool owes_line, owes_separator;
	unsigned long long joined;	/* games conv_writer_join() took */
	struct conv_number number;	/* how game numbers are written */
};
void conv_writer_begin(struct conv_writer *w);
void conv_writer_game(struct conv_writer *w, struct conv_game *cg);
/* A game that failed: its raw bytes (inside a JSON object for JSON). */
void conv_writer_failed(struct conv_writer *w, const struct pgn_game *g);
void conv_writer_end(struct conv_writer *w);
/* Before piece's bytes follow w's: writes to w->out what piece's first
 * game owes (once), and takes the games piece wrote since the last call
 * into w's count and state.  May be called again as more of the piece
 * follows. */
void conv_writer_join(struct conv_writer *w, struct conv_writer *piece);

/* The writers behind conv_writer, one game each. */
void pgn_write_game(FILE *out, struct conv_game *cg,
		    const struct conv_opts *o);
void json_write_game(FILE *out, struct conv_game *cg,
		     const struct conv_opts *o);
void json_write_failed(FILE *out, const struct pgn_game *g,
		       const struct conv_number *number);
void fen_write_game(FILE *out, struct conv_game *cg,
		    const struct conv_opts *o, bool epd);
void uci_line_write_game(FILE *out, struct conv_game *cg,
			 const struct conv_opts *o);

/* Commands in comments, "[%clk 0:03:00]" (annotations.c). */
struct annot_cmd {
	const char *name, *args;	/* "clk", "0:03:00" */
	size_t name_len, args_len;
	const char *start, *end;	/* the whole "[%...]" */
};
/* The next command in [*p, end); advances *p past it. */
bool annot_next(const char **p, const char *end, struct annot_cmd *cmd);
/* "1:02:03.5" (or "62:03", "3.5") to seconds; 0, or -1. */
int annot_clock(const char *s, size_t n, double *seconds);
/* Copies s without its [%clk] and [%emt] commands (and one blank beside
 * each) into out (room for n bytes); returns the new length. */
size_t annot_strip_clocks(const char *s, size_t n, char *out);
/* The members "clk", "emt", "eval", "csl", "cal" (each with a leading
 * comma) parsed from the comments in [first, end). */
void annot_write_json(FILE *out, const struct pgn_item *first,
		      const struct pgn_item *end, bool clocks);

/* JSON games back to PGN (json_read.c): a document holding an array of
 * games, or games one after another (NDJSON), as json_write_game writes
 * them.  Strict JSON; errors carry line and column. */
struct json_games;
/* NULL with *err when the file cannot be opened ("-": standard input). */
struct json_games *json_games_open(const char *path, struct diag *err);
struct json_games *json_games_from_memory(const char *name, const char *buf,
					  size_t len);
/* The PGN text of the next game (valid until the next call) and where its
 * object starts: 1; 0 at the end; 2 when that object is no game (a wrong
 * member, an unknown variant: *err says where and why), and the next call
 * reads on; -1 with *err (file, line, col) when the document is not JSON
 * or cannot be read, and nothing more is read. */
int json_games_next(struct json_games *r, const char **pgn, size_t *len,
		    struct pgn_loc *at, struct diag *err);
/* The "variant" member of that game ("tandem"), NULL when absent: the
 * rules of a game that was replayed under --variant without a tag. */
const char *json_games_variant(const struct json_games *r);
void json_games_close(struct json_games *r);

#endif
