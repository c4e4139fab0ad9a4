/* formats: games, positions and diagnostics to text, JSON and SVG.
 * Sees only the public headers of libparse and librules.  Writers take a
 * FILE * and report write errors through ferror() on it (callers check
 * once, at the end, as stdio intends).  This header is what commands and
 * stats/ use; what the writers share among themselves is in internal.h. */
#ifndef PAWNKIT_FORMATS_H
#define PAWNKIT_FORMATS_H

#include <stdio.h>

#include "../libparse/pgn.h"

/* The noun of a count in text for people: one when n is 1, else many
 * ("1 game", "2 games", "0 games").  Machine output (JSON keys, CSV
 * fields) keeps its fixed names. */
static inline const char *plural(unsigned long long n, const char *one,
				 const char *many)
{
	return n == 1 ? one : many;
}

/* "FILE:LINE:COL: error: game N (White - Black): 23...Nf3: message" */
void diag_print_text(FILE *out, const struct diag *d);
/* One JSON object per line: file, game, line, column, ply, path, move,
 * severity, code, message. */
void diag_print_json(FILE *out, const struct diag *d);

/* A JSON string literal (with quotes).  Valid UTF-8 passes through; any
 * other byte is read as Latin-1 (real PGN files hold both) and escaped. */
void json_write_string(FILE *out, const char *s, size_t len);

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

/* pgn-convert writers */

/* A game is replayed once (convert.c) and then written by walking its
 * movetext tree with the moves the replay resolved, and the positions it
 * reached: PGN export
 * (pgn_write.c), JSON and NDJSON (json_write.c), FEN, EPD and UCI lines
 * (fen_lines.c).  Ownership: a conv_game points into its pgn_game, which
 * must stay valid while it is written; its move records and scratch
 * buffer are its own, reused from game to game. */
#include "../librules/rules.h"

struct fmt_fen_cache;

enum conv_format { CONV_PGN, CONV_JSON, CONV_NDJSON, CONV_FEN, CONV_EPD,
		   CONV_UCI_LINE };
enum conv_tags { CONV_TAGS_ALL, CONV_TAGS_ROSTER, CONV_TAGS_NONE };

struct conv_opts {
	enum notation notation;	/* of the PGN movetext */
	unsigned width;		/* PGN lines are shorter than this; 0: no wrap */
	enum conv_tags tags;
	bool strip_comments, strip_variations, strip_nags, strip_clocks;
	bool mainline;		/* fen, epd: main-line positions only */
	enum fen_castling castling;	/* fen, epd: X-FEN or Shredder-FEN */
	unsigned omit;		/* json: the move members left out, CONV_FIELD_* */
};

/* The members of a JSON move object that --fields chooses: bits of
 * conv_opts.omit (0, the default, writes them all). */
enum {
	CONV_FIELD_SAN = 1u << NOTATION_SAN,
	CONV_FIELD_LAN = 1u << NOTATION_LAN,
	CONV_FIELD_UCI = 1u << NOTATION_UCI,
	CONV_FIELD_FEN = 1u << 3,
	CONV_FIELDS_ALL = (1u << 4) - 1,
};

/* Option values ("uci-line", "figurine", "roster") to enums; -1 unknown. */
int conv_format_parse(const char *name);
int conv_notation_parse(const char *name);
int conv_tags_parse(const char *name);
/* "san,uci" (the members to write, in any order) to the bits left out
 * (conv_opts.omit); -1 when a name is unknown or none is given. */
int conv_fields_parse(const char *list);

struct conv_move {
	const struct pgn_item *item;	/* a PI_MOVE */
	move_t move;
	char mark;		/* the check mark it earned (replay_step) */
	struct position after;	/* as the replay left it */
};

/* How a game's number is written: as digits (write NULL), or by a caller
 * that knows it only later (pgn-convert --jobs marks the place). */
struct conv_number {
	void (*write)(void *ctx, FILE *out, uint64_t number);
	void *ctx;
};

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
	char *out;		/* the writers' output, held (struct fmt_out) */
	size_t out_cap;
	struct fmt_rank_memo *rank_memo;	/* the FEN writer's (fen_text.c) */
	/* Set by the caller for UCI lines: the positions after the moves
	 * of a game replayed by the fast path without a tree (standard
	 * chess, whose coordinates the move alone gives) are not kept. */
	bool moves_only;
	/* Set by the caller for PGN and JSON, whose games are read
	 * tags_only: a game whose bytes hold more than moves, move numbers
	 * and a marker has its tree read before the replay; one that holds
	 * no more and that the fast path took is walked from its records
	 * alone (treeless, set by conv_game_replay()). */
	bool wants_tree, treeless;
	/* Set by the caller for PGN in SAN, LAN or coordinates (-1: not):
	 * the moves of a standard game the fast path replays without a tree
	 * are recorded as their texts in it, without positions (texts, set
	 * by the replay). */
	int text_notation;
	bool texts;
	/* Set by the caller for JSON: such a game's moves are recorded as
	 * their JSON objects, joined in text_buf (the members conv_opts.omit
	 * leaves, text_omit), without positions.  For PGN, text_buf holds
	 * the game's movetext as the PGN writer places it in lines shorter
	 * than text_width, and where its last line starts, the columns on
	 * it and the place of its last space (text_line, text_col,
	 * text_brk). */
	bool text_json;
	/* Set by the caller for FEN and EPD lines: text_buf holds each
	 * position's FEN after a byte of its length, castling rights as
	 * text_castling says (JSON's: X-FEN). */
	bool text_fens;
	enum fen_castling text_castling;
	unsigned text_omit, text_width;
	char *text_buf;
	size_t text_n, text_cap;
	size_t text_line, text_col, text_brk;
	struct fmt_fen_cache *text_fen;	/* the visitor's (fen_text.c) */
	/* A move recorded with the position after it (convert.c's), for
	 * the visitors of move_text.c when a move is not one they write:
	 * so that they call it without naming it. */
	void (*record_move)(void *ctx, const struct replay_step *step);
	const struct replay_opts *replay_opts;	/* of the replay */
	struct pgn_game *replayed;	/* the game conv_game_replay() had */
	/* The game's first error as the replay reported it (fault.message
	 * empty: none), for the record of a game that fails; the report
	 * the replay's diagnostics go on to. */
	struct diag fault;
	diag_fn report;
	void *report_ctx;
	/* A failed game's walk: it stops at the first move the replay did
	 * not play (fmt_conv_line_next() returns false from then on). */
	bool partial, stopped;
};

void conv_game_init(struct conv_game *cg);
void conv_game_release(struct conv_game *cg);
/* game_replay() recording the moves (of variations too when asked);
 * returns what game_replay returns. */
int conv_game_replay(struct conv_game *cg, struct pgn_game *g,
		     const struct replay_opts *ro, bool variations,
		     diag_fn report, void *report_ctx);
/* A treeless game's tree, for the record of a game that fails: read,
 * and its items given to the records. */
void conv_game_read_tree(struct conv_game *cg);

/* A stream of converted games in one format (conv_writer.c), written in
 * pieces: games are written into a piece of the stream, each piece to a
 * FILE of its own (a chunk's output, for pgn-convert made on any number
 * of threads), and joined to the stream in order.  What a piece's first
 * game owes to the output before it (JSON's comma, a line end after raw
 * bytes that ended mid-line) is known only then, and is written by the
 * join.  The writers own nothing of the FILEs given them. */
struct conv_writer;

/* A stream to out, its opening (JSON's '[') written; opts must outlive
 * it. */
struct conv_writer *conv_writer_new(FILE *out, enum conv_format format,
				    const struct conv_opts *opts);
/* Writes the stream's close (JSON's ']') and frees it. */
void conv_writer_end(struct conv_writer *w);
/* A new piece of w, and its end (a piece need not be joined). */
struct conv_writer *conv_writer_piece(const struct conv_writer *w);
void conv_writer_free(struct conv_writer *piece);
/* Where the piece's next game goes, and how its number is written. */
void conv_writer_to(struct conv_writer *piece, FILE *out,
		    struct conv_number number);
void conv_writer_game(struct conv_writer *piece, struct conv_game *cg);
/* The rest of a failed game cut at the size limit (PGN_RAW_CUT), which
 * the reader gives only after the game: each piece of it through
 * conv_rest_write(), then conv_rest_end(), to the FILE the game went to,
 * as the bytes came or inside the JSON string left open for them. */
struct conv_rest {
	enum conv_format format;
	bool latin1;		/* JSON: bytes written as Latin-1 so far */
};
void conv_rest_write(struct conv_rest *rest, FILE *out, const char *p,
		     size_t n);
void conv_rest_end(struct conv_rest *rest, FILE *out);

/* A game that failed (cg as conv_game_replay() left it, started or
 * not): its raw bytes in PGN; in JSON a record of the moves up to the
 * failure, its first error and its bytes; nothing in the line formats.
 * Of a game cut at the size limit, its first bytes: true when its rest
 * is to follow through rest, then made ready (rest NULL: the game is
 * ended after its first bytes). */
bool conv_writer_failed(struct conv_writer *piece, struct conv_game *cg,
			struct conv_rest *rest);
/* Before piece's bytes follow w's: writes to w's FILE what piece's first
 * game owes (once), and takes the games piece wrote since the last call
 * into w's count and state.  May be called again as more of the piece
 * follows. */
void conv_writer_join(struct conv_writer *w, struct conv_writer *piece);

#endif
