/* Private to formats/: what the pgn-convert writers share (the walk of a
 * replayed game in convert.c, the writers behind conv_writer, the
 * commands in comments) and the piece set of the SVG diagrams.  Commands
 * see only formats.h; unit and fuzz tests of the writers include this.
 * Names here start with fmt_, so none can meet another library's. */
#ifndef PAWNKIT_FORMATS_INTERNAL_H
#define PAWNKIT_FORMATS_INTERNAL_H

#include <string.h>

#include "formats.h"

/* ---------------------------------------------------------- the output */

/* What a writer writes, gathered in memory (out.c) and given to its FILE
 * with one fwrite a game, or every FMT_OUT_CHUNK bytes of a long one: a
 * stdio call for every token had cost more than making the token.  The
 * buffer is the conv_game's (cg->out), kept from game to game; with no
 * game, the writer's own. */
#define FMT_OUT_CHUNK ((size_t)64 << 10)
#define FMT_OUT_NO_KEEP ((size_t)-1)
struct fmt_out {
	FILE *file;
	struct conv_game *cg;	/* whose buffer it is, or NULL */
	char *buf;
	size_t n, cap;
	/* Bytes from buf + keep on stay in the buffer when room is made
	 * (the PGN writer's open line, which a later token may yet break):
	 * they move to its start.  FMT_OUT_NO_KEEP: none. */
	size_t keep;
};
void fmt_out_begin(struct fmt_out *o, FILE *file, struct conv_game *cg);
/* Writes what is held to the FILE, and gives the buffer back. */
void fmt_out_end(struct fmt_out *o);
void fmt_out_flush(struct fmt_out *o);
/* Room for n bytes at buf + n, made by writing what is held (but what
 * is kept) or growing. */
char *fmt_out_make_room(struct fmt_out *o, size_t n);

/* Room for n more bytes: the caller writes them there and adds what it
 * wrote to o->n. */
static inline char *fmt_out_room(struct fmt_out *o, size_t n)
{
	if (o->cap - o->n < n)
		return fmt_out_make_room(o, n);
	return o->buf + o->n;
}

static inline void fmt_out_put(struct fmt_out *o, const char *s, size_t n)
{
	memcpy(fmt_out_room(o, n), s, n);
	o->n += n;
}

static inline void fmt_out_char(struct fmt_out *o, char c)
{
	*fmt_out_room(o, 1) = c;
	o->n++;
}

/* A C string; for literals the length is known when compiled. */
static inline void fmt_out_str(struct fmt_out *o, const char *s)
{
	fmt_out_put(o, s, strlen(s));
}

void fmt_out_uint(struct fmt_out *o, uint64_t v);
/* A game's number as n says (conv_number; NULL: digits). */
void fmt_out_game_number(struct fmt_out *o, const struct conv_number *n,
			 uint64_t number);
/* For the rare pieces that printf formats best (a clock in seconds). */
void fmt_out_printf(struct fmt_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The JSON text of the byte or UTF-8 sequence at s (avail bytes there)
 * at out, as every JSON string pawnkit writes has it (json_string.c):
 * '"' and '\\' and the control bytes escaped, valid UTF-8 as it is, any
 * other byte as the Latin-1 character \u00XX (then *latin1 is set).  Its
 * length at out; *used: the bytes of s it stands for. */
size_t fmt_json_escape(const unsigned char *s, size_t avail, char out[6],
		       size_t *used, bool *latin1);

/* position_to_fen(pos, buf, FEN_MAX) (fen_text.c), made from the ranks
 * of the positions before it, kept in a cache of the writer's (a game's
 * positions one after the other change a rank or two each). */
struct fmt_fen_cache {
	uint64_t rank[8];	/* the board bytes of each rank's text */
	/* Each rank's text and its '/', in a slot that one 16-byte copy
	 * moves; len counts the '/'. */
	char text[8][16];
	uint8_t len[8];
	struct fmt_rank_memo *memo;	/* cg->rank_memo (layouts), or NULL */
	enum fen_castling castling;	/* FEN_XFEN unless the writer says */
	/* The castling field ("KQkq") of the rights castle_key (-1: none
	 * yet), which change a few times a game; castle_fixed: the field
	 * is the rights' alone (X-FEN's letters for rooks not in the corners
	 * change with the other rooks' places: written each time). */
	int castle_key;
	bool castle_fixed;
	uint8_t castle_len;
	char castle_text[16];
};
/* 65536 slots (1.1 MB): on the OTB corpus, JSON took 3% less time than
 * with 16384 and 6% less than with 4096, which find 72% and 58% of the
 * slice's ranks. */
#define FMT_RANK_BITS 16
#define FMT_RANK_SLOTS ((size_t)1 << FMT_RANK_BITS)
/* The layout of a rank's text by which of its squares hold a piece
 * (bit f: file f), kept from game to game: the digits of its gaps at
 * their places (tmpl), the place of each piece's letter (at), the
 * length.  A rank's text is its layout with the letters put in: no
 * square looked at one by one, and a table small enough to stay in the
 * processor's nearest cache. */
struct fmt_rank_memo {
	char tmpl[256][8];
	uint8_t at[256][8];
	uint8_t len[256];
	/* The texts of ranks met before, by their board bytes (bytes, all
	 * 0xFF in a free slot): one slot each, by a hash of them.  Games
	 * meet the same ranks over and over (their first, their pawns'),
	 * and a text found costs a fraction of one made. */
	uint64_t bytes[FMT_RANK_SLOTS];
	char text[FMT_RANK_SLOTS][8];
	uint8_t text_len[FMT_RANK_SLOTS];
};
/* A cache for the game's positions, with cg's layouts of ranks (made
 * the first time; cg NULL: none), writing X-FEN's castling rights. */
void fmt_fen_cache_init(struct fmt_fen_cache *c, struct conv_game *cg);
/* buf: FEN_MAX bytes. */
size_t fmt_fen(struct fmt_fen_cache *c, const struct position *pos,
	       char *buf);
/* The same for the position after m, a move of standard chess from the
 * position the cache wrote last: only the ranks m changes (those of its
 * squares) are looked at. */
size_t fmt_fen_after(struct fmt_fen_cache *c, const struct position *pos,
		     move_t m, char *buf);

typedef void (*replay_move_fn)(void *ctx, const struct replay_step *step);

/* A move of a game recorded as texts (conv_game.texts), for the
 * replay's visitor of conv_game_replay() (convert.c): what it adds to
 * the output (PGN's placed movetext, JSON's move object or the FEN after
 * it), made while the replay holds the position after it, as
 * move_write_marked() would write it from the position before. */
void fmt_text_move(struct conv_game *cg, const struct replay_step *step);
/* The replay's visitor of a move for PGN in notation n (conv_game's
 * text_notation, 0 or more): fmt_text_record()'s work, with a fast path
 * for the common move. */
replay_move_fn fmt_text_pgn_visitor(int n);
/* The visitor of a move of conv_game_replay() when the moves may be
 * recorded as texts: fmt_text_move() for a move of a game recorded as
 * texts, else the move recorded with its position (conv_game's
 * record_move). */
void fmt_text_record(void *ctx, const struct replay_step *step);
/* The longest move text of standard chess, and more. */
#define FMT_MOVE_TEXT 12
/* The start of a game recorded as PGN texts. */
void fmt_text_pgn_start(struct conv_game *cg);
/* The start of a game recorded as JSON texts or FENs (conv_game.text_json,
 * text_fens). */
void fmt_text_fen_start(struct conv_game *cg, const struct position *start);

/* ------------------------------------------------------------ the walk */
/* The termination marker to write: the movetext's, else the [Result]
 * value when it is one, else "*". */
const char *fmt_conv_game_result(const struct pgn_game *g);
/* Calls fn for the tags mode keeps, in export order: the Seven Tag
 * Roster in its order, then the others in input order.  roster keeps the
 * roster and the tags the rules need ([Variant], [SetUp], [FEN],
 * [PawnTypes]); none only the latter.  When the game's [Variant] tag, or
 * its absence, does not name rules (those it was replayed with; NULL:
 * not known), a [Variant] tag with their id stands in its place or after
 * the roster. */
void fmt_conv_tags_each(const struct pgn_game *g,
			const struct variant *rules, enum conv_tags mode,
			void (*fn)(void *ctx, const struct pgn_tag *t),
			void *ctx);

/* One line of the tree, move by move, with positions.  Lines must be
 * walked in written order (a variation where its item stands), as the
 * replay met them; the walk of a game starts with cg->cursor = 0. */
struct conv_line {
	struct conv_game *cg;
	const struct pgn_item *next;	/* the next move, NULL at the end */
	const struct position *at;	/* before the next move: the start,
					 * a record's, or one of own[] */
	struct position own[2];	/* after null moves, which have no record */
	uint32_t ply;
	unsigned depth;
};
struct conv_step {
	const struct pgn_item *item;	/* the move */
	move_t move;		/* MOVE_NONE: a null move */
	char mark;		/* its check mark: '+', '#' or 0 */
	/* Into the line, valid until its next fmt_conv_line_next(). */
	const struct position *before, *after;
	uint32_t ply;		/* half-moves from the start position */
	unsigned depth;		/* 0: the main line */
	/* The items after the move up to the next move (end, NULL: none);
	 * split is the first variation among them, or end. */
	const struct pgn_item *tail, *split, *end;
	bool bare;		/* none of them but move numbers */
};
/* Starts a line at start (which must stay as it is while the line is
 * walked), after ply half-moves; the items before l->next are the line's
 * prefix. */
void fmt_conv_line_begin(struct conv_line *l, struct conv_game *cg,
			 const struct pgn_line *line,
			 const struct position *start, uint32_t ply,
			 unsigned depth);
bool fmt_conv_line_next(struct conv_line *l, struct conv_step *s);
/* A comment, an escape line, or a marker inside a variation. */
bool fmt_conv_comment_like(const struct pgn_item *it, unsigned depth);
/* Is it written under o (strip options, recorded variations)? */
bool fmt_conv_keep(const struct conv_game *cg, const struct conv_opts *o,
		   const struct pgn_item *it, unsigned depth);

/* The text of a comment as written: without [%clk]/[%emt] when strip;
 * NULL when nothing but blanks is left. */
const char *fmt_conv_comment_text(struct conv_game *cg,
				  const struct pgn_item *it, bool strip,
				  size_t *len);

/* ---------------------------------------------------------- the writers */

/* The writers behind conv_writer, one game each. */
void fmt_pgn_write_game(FILE *out, struct conv_game *cg,
			const struct conv_opts *o);
void fmt_json_write_game(FILE *out, struct conv_game *cg,
			 const struct conv_opts *o);
/* A failed game's record: its moves up to the failure, "error" and
 * "raw" (cg->game's bytes, and "raw_column" when they began inside a
 * line), with "latin1":true when the record needed it
 * (returned).  open leaves the raw string open for the rest of a game
 * cut at the size limit: fmt_json_write_raw_more() adds its bytes, ORing
 * in whether they needed Latin-1, fmt_json_write_raw_end() closes string
 * and record. */
bool fmt_json_write_failed(FILE *out, struct conv_game *cg,
			   const struct conv_opts *o, bool open);
void fmt_json_write_raw_more(FILE *out, const char *p, size_t n,
			     bool *latin1);
void fmt_json_write_raw_end(FILE *out, bool latin1);
void fmt_fen_write_game(FILE *out, struct conv_game *cg,
			const struct conv_opts *o, bool epd);
void fmt_uci_line_write_game(FILE *out, struct conv_game *cg,
			     const struct conv_opts *o);

/* Commands in comments, "[%clk 0:03:00]" (annotations.c). */
struct annot_cmd {
	const char *name, *args;	/* "clk", "0:03:00" */
	size_t name_len, args_len;
	const char *start, *end;	/* the whole "[%...]" */
};
/* The next command in [*p, end); advances *p past it. */
bool fmt_annot_next(const char **p, const char *end, struct annot_cmd *cmd);
/* "1:02:03.5" (or "62:03", "3.5") to seconds; 0, or -1. */
int fmt_annot_clock(const char *s, size_t n, double *seconds);
/* Copies s without its [%clk] and [%emt] commands (and one blank beside
 * each) into out (room for n bytes); returns the new length. */
size_t fmt_annot_strip_clocks(const char *s, size_t n, char *out);
/* The members "clk", "emt", "eval", "csl", "cal" (each with a leading
 * comma) parsed from the comments in [first, end). */
void fmt_annot_write_json(struct fmt_out *out,
			  const struct pgn_item *first,
			  const struct pgn_item *end, bool clocks);

/* ------------------------------------------------------------ diagrams */

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
const struct piece_part *fmt_piece_parts(int type);

/* A stream of converted games, or a piece of one (formats.h). */
struct conv_writer {
	FILE *out;
	enum conv_format format;
	const struct conv_opts *opts;
	unsigned long long games;	/* written so far */
	bool midline;		/* raw bytes written last did not end a line */
	/* A piece: what its first game owes to the games before it is not
	 * written but noted, for conv_writer_join(). */
	bool piece;
	bool owes_line, owes_separator;
	unsigned long long joined;	/* games conv_writer_join() took */
	struct conv_number number;	/* how game numbers are written */
};

#endif
