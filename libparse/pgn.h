/* libparse: text to syntax.  PGN games, FEN and SAN as written; no rules.
 *
 * Ownership, once for the whole library:
 * - Everything a game holds (tags, movetext items, strings) lives in that
 *   game's arena and stays valid until the next pgn_reader_next() call on
 *   the same reader, or until pgn_reader_close().
 * - Diagnostics are passed by pointer to a callback and are only valid
 *   during the call; copy what you keep.
 * - Functions that can fail return a negative number or NULL and fill a
 *   struct diag; they never print and never exit.
 */
#ifndef PAWNKIT_PGN_H
#define PAWNKIT_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* ---------------------------------------------------------------- arena */

/* A bump allocator; one per game.  Blocks grow geometrically, reset keeps
 * the largest block so a stream of games allocates nothing in the steady
 * state.  Allocation failure aborts via the out-of-memory handler: there is
 * no sane recovery from it inside a filter. */
struct arena {
	struct arena_block *head;
	size_t used, cap;
	char *cur;
};

void arena_init(struct arena *a);
void *arena_alloc(struct arena *a, size_t size);	/* 8-byte aligned */
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_reset(struct arena *a);
void arena_release(struct arena *a);

/* Memory has run out.  A filter has no partial answer to give, so every
 * library of pawnkit calls this where an allocation fails: it calls the
 * handler set (the commands set one that prints "out of memory" and exits
 * with status 2) and, if there is none or it returns, aborts.  A library
 * does not print: without a handler the shell reports the signal. */
void pawnkit_on_out_of_memory(void (*handler)(void));
_Noreturn void pawnkit_out_of_memory(void);

/* ---------------------------------------------------------- diagnostics */

enum diag_severity { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR };

/* Stable machine-readable codes (the "code" field of --json output). */
enum diag_code {
	DC_NONE,
	/* syntax */
	DC_SYNTAX,		/* malformed token */
	DC_TAG_SYNTAX,		/* malformed tag pair */
	DC_UNTERMINATED,	/* comment, string or variation runs to EOF */
	DC_UNBALANCED,		/* ')' without '(' */
	DC_NO_RESULT,		/* movetext without termination marker */
	DC_LIMIT,		/* a hard limit (game size, depth) was hit */
	DC_ENCODING,		/* NUL byte or similar, kept as is */
	/* FEN */
	DC_FEN,
	DC_CASTLING_RIGHTS,	/* a right the pieces do not allow, dropped */
	/* moves */
	DC_ILLEGAL_MOVE,	/* parses, but no legal move matches */
	DC_AMBIGUOUS_MOVE,	/* several legal moves match */
	DC_BAD_MOVE,		/* not a move token at all */
	DC_LENIENT,		/* accepted, but not canonical (missing x, 0-0...) */
	DC_CHECK_MARK,		/* + or # missing or wrong */
	DC_NULL_MOVE,		/* -- or Z0 */
	DC_MOVE_NUMBER,		/* "12." where the position is not move 12 */
	/* what real files hold beside the PGN Standard, read leniently */
	DC_MATE_MARK,		/* an old mate mark, "++" or a double dagger */
	DC_CASTLING_DASH,	/* castling with a Unicode hyphen or dash */
	DC_RESULT_FORM,		/* a result with a Unicode dash or a 1/2 sign */
	DC_NAG_GLYPH,		/* a NAG written as its glyph, as in print */
	/* game level */
	DC_RESULT,		/* Result tag vs marker vs final position */
	DC_ROSTER,		/* Seven Tag Roster incomplete */
	DC_VARIANT,		/* unknown or unsupported variant */
	DC_SETUP,		/* illegal start position */
	DC_IO,
	DC_SELECTION,		/* --match names a tag no game has; none selected */
	DC__COUNT
};

const char *diag_code_name(enum diag_code code);	/* "illegal-move" */

#define DIAG_MESSAGE_MAX 240
#define DIAG_MOVE_MAX 48
#define DIAG_PATH_MAX 96

struct diag {
	const char *file;	/* as given by the user, "-" for stdin */
	uint32_t line, col;	/* 1-based; 0 when not applicable */
	uint64_t game;		/* 1-based index in the input, 0 none */
	const char *white, *black;	/* for "game N (White - Black)"; may be NULL */
	uint32_t ply;		/* 1-based mainline ply, 0 none */
	char path[DIAG_PATH_MAX];	/* variation path "12(1).3", "" on mainline */
	/* "23...Nf3": the move as written, numbered as its position is
	 * (not as written), "" none */
	char move[DIAG_MOVE_MAX];
	enum diag_severity severity;
	enum diag_code code;
	char message[DIAG_MESSAGE_MAX];
};

typedef void (*diag_fn)(void *ctx, const struct diag *d);

/* Fills message with printf-style text (truncated, always terminated). */
void diag_setf(struct diag *d, enum diag_severity sev, enum diag_code code,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A game's reader keeps at most DIAG_GAME_MAX diagnostics of its own, and
 * its replay reports at most as many: ten thousand variations with a bad
 * move each would otherwise print ten thousand lines.  What is left out
 * still counts (the game stays invalid); one closing note, made by
 * diag_set_more(), says how many went.  The note is shown wherever errors
 * are (with --no-warnings, by game-stats), since errors may be among
 * them: diag_is_more() tells it. */
#define DIAG_GAME_MAX 100
void diag_set_more(struct diag *d, unsigned long n);
static inline bool diag_is_more(const struct diag *d)
{
	return d->severity == DIAG_NOTE && d->code == DC_LIMIT;
}

/* ------------------------------------------------------------------ PGN */

struct pgn_loc {
	uint32_t line, col;	/* 1-based */
};

struct pgn_tag {
	const char *name;	/* NUL-terminated */
	const char *value;	/* unescaped, NUL-terminated (may hold NULs: use len) */
	size_t value_len;
	struct pgn_loc loc;	/* of the '[' */
};

enum pgn_item_kind {
	PI_MOVE,		/* text: the move token without suffix annotations */
	PI_MOVENUM,		/* number, dots (1 or 3 or more) */
	PI_NAG,			/* nag: $n, or a suffix !? mapped to its NAG */
	PI_COMMENT,		/* text: between { } or after ; (without delimiters) */
	PI_ESCAPE,		/* text: a % line (without the %) */
	PI_VARIATION,		/* variation: a nested line */
	PI_RESULT,		/* text: 1-0 0-1 1/2-1/2 * */
};

struct pgn_line;

struct pgn_item {
	struct pgn_item *next;
	enum pgn_item_kind kind;
	struct pgn_loc loc;
	const char *text;	/* NUL-terminated, in the arena (or NULL) */
	uint32_t len;
	uint32_t number;	/* PI_MOVENUM */
	uint16_t nag;		/* PI_NAG */
	uint8_t dots;		/* PI_MOVENUM: 1 or 3 */
	bool line_comment;	/* PI_COMMENT from ';' */
	bool suffix;		/* PI_NAG written as !/? glued to the move */
	struct pgn_line *variation;	/* PI_VARIATION */
};

/* One line of play: the main line or a variation, in written order. */
struct pgn_line {
	struct pgn_item *first, *last;
	struct pgn_loc open, close;	/* of '(' and ')' for variations */
};

enum pgn_game_flags {
	PGN_SYNTAX_ERROR = 1u << 0,	/* reported; the tree may be partial */
	PGN_NO_RESULT = 1u << 1,	/* no termination marker */
	PGN_HAS_NUL = 1u << 2,
	PGN_TOO_LARGE = 1u << 3,	/* over the game size limit: raw only */
	PGN_NO_GAME = 1u << 4,		/* input with no game in it: raw only */
	/* Over the size limit and not ended near it: raw is its first
	 * max_game_bytes bytes, the rest goes to pgn_reader_opts.skipped. */
	PGN_RAW_CUT = 1u << 5,
};

struct pgn_game {
	uint64_t index;		/* 1-based */
	const char *file;	/* as given */
	/* The exact bytes of this game as they came, from the end of the
	 * previous game to the end of this one: concatenating every game's raw
	 * bytes reproduces the input (a DOS end-of-file mark, 0x1a and blanks
	 * ending the input, is blank: the last game holds it).  Not
	 * NUL-terminated. */
	const char *raw;
	size_t raw_len;
	struct pgn_loc start;	/* first line of the game (first tag) */
	/* Where raw starts, and whether it starts the input (where a byte
	 * order mark is skipped): what pgn_game_read_tree() needs. */
	struct pgn_loc raw_at;
	bool raw_origin;
	/* The movetext as written: from the end of the tag section to the
	 * end of raw.  Set with or without tags_only (NULL for a game over
	 * the size limit). */
	const char *movetext;
	struct pgn_tag *tags;
	size_t ntags;
	/* Comments and escape lines outside the movetext, as PI_COMMENT and
	 * PI_ESCAPE items in the order they came (empty lines when none):
	 * before, those ahead of the tags (after the previous game) and
	 * among them; after, those behind the termination marker when
	 * nothing but they follow it to the end of the input. */
	struct pgn_line before, after;
	struct pgn_line moves;	/* the main line */
	const char *result;	/* termination marker text, NULL when none */
	unsigned flags;
	struct arena arena;
};

/* Lookup of a tag by exact name; NULL when absent. */
const struct pgn_tag *pgn_tag_find(const struct pgn_game *g, const char *name);
const char *pgn_tag_value(const struct pgn_game *g, const char *name);

/* The rest of a game past its raw bytes, which were cut (PGN_RAW_CUT):
 * given in order, in as many calls as it takes, while the next game is
 * read (so always the rest of the game returned last), and then a call
 * with len 0 (bytes NULL) says it is over.  Written after the game's raw
 * bytes, it makes the game whole again, and the input add up, without
 * the reader holding it. */
typedef void skipped_fn(void *ctx, const char *bytes, size_t len);

struct pgn_reader_opts {
	size_t max_game_bytes;	/* 0: default (64 MiB) */
	unsigned max_depth;	/* variation nesting; 0: default (256) */
	bool tags_only;		/* do not build the movetext tree */
	skipped_fn *skipped;	/* NULL: the rest of a cut game is dropped */
	void *skipped_ctx;
	/* The input goes on past these bytes (a JSON game's text when other
	 * games follow it): a 0x1a with only blanks after it is a stray
	 * byte, as it was where the bytes came from, not the DOS
	 * end-of-file mark. */
	bool more_input;
	/* The column the first byte stood at in the input these bytes came
	 * from (a JSON game's text); 0 or 1: a line's start. */
	uint32_t first_col;
};

/* An input's text: the bytes of a file or of standard input as text.
 * What they are is told by their first bytes, never by a file name:
 * gzip, zstd, xz and bzip2 data are decompressed (gzip members, zstd
 * frames, xz and bzip2 streams one after another read as one text, as
 * the tools write them in parallel or cat joins them), and UTF-16 text,
 * told by its byte order mark, is read as UTF-8.  Every reader of files
 * here reads through one; plain text is read straight through. */
struct pgn_input;

/* Opens path ("-" or NULL for standard input).  Returns NULL and fills
 * *err when it cannot be opened; nothing is read yet. */
struct pgn_input *pgn_input_open(const char *path, struct diag *err);
/* Reads up to n > 0 bytes of text into buf: their number, 0 at the end,
 * or -1 with *err ("could not read 'x.pgn.gz': gzip data is corrupt
 * after N bytes of text", an error of the system, UTF-32 text), which
 * every later call gives again.  Returns early, with some text, rather
 * than wait for more of a pipe. */
ssize_t pgn_input_read(struct pgn_input *in, char *buf, size_t n,
		       struct diag *err);
void pgn_input_close(struct pgn_input *in);
/* Whether the file open on fd starts as compressed data does, read with
 * pread(2) (fd's offset stays): its size then says nothing of its
 * text's.  False for what cannot be read so (a pipe). */
bool pgn_file_compressed(int fd);

struct pgn_reader;

/* Opens path ("-" or NULL for stdin) and reads it as a pgn_input.
 * Returns NULL and fills *err when the file cannot be opened. */
struct pgn_reader *pgn_reader_open(const char *path,
				   const struct pgn_reader_opts *opts,
				   struct diag *err);
/* A reader over a memory buffer (not copied; must outlive the reader). */
struct pgn_reader *pgn_reader_from_memory(const char *name, const char *buf,
					  size_t len,
					  const struct pgn_reader_opts *opts);
/* Reads the next game into *game.  Syntax problems are reported through
 * report(ctx, diag) with game index and location, the game is flagged and
 * still returned (raw bytes intact) so the caller can pass it on.
 * Returns 1 for a game, 0 at end of input, -1 on an I/O error (*err). */
int pgn_reader_next(struct pgn_reader *r, struct pgn_game *game,
		    diag_fn report, void *ctx, struct diag *err);
void pgn_reader_close(struct pgn_reader *r);
/* After pgn_reader_next() returned 0: the bytes it found blank to the
 * input's end and so no game (blank lines, byte order marks, a DOS
 * end-of-file mark: all of an input with no game), at *at; *len 0 for
 * none.  For a caller that must account for every byte (pgn-split).
 * Valid until the next call on the reader. */
void pgn_reader_blank_end(const struct pgn_reader *r, const char **p,
			  size_t *len, struct pgn_loc *at);

/* Reads a game again, tree and all: g was read with tags_only, full gets
 * what a reader without it would have returned for the same bytes (same
 * index, tags, flags, tree).  The game's diagnostics were reported when g
 * was read and are not reported again.  full must be initialised
 * (pgn_game_init) and may be reused from game to game.  0, or -1 when g's
 * bytes are not whole (a game over the size limit) and full is empty. */
int pgn_game_read_tree(const struct pgn_game *g, struct pgn_game *full,
		       const struct pgn_reader_opts *opts);
/* The tree of g, read tags_only, read into g itself (the reader's
 * default limits), its raw bytes staying the stream's.  A game with a
 * tree, or that cannot have one (over the size limit: no movetext), is
 * left as it is. */
void pgn_game_tree_in_place(struct pgn_game *g);

void pgn_game_init(struct pgn_game *g);
void pgn_game_release(struct pgn_game *g);

/* NAG for a suffix annotation ("!" -> 1, "?" -> 2, "!!" -> 3, "??" -> 4,
 * "!?" -> 5, "?!" -> 6); 0 when s is not one. */
int pgn_suffix_nag(const char *s, size_t n);

/* ------------------------------------------------------------ line ends */

/* Where a line ends: one rule for every line the tools read and every
 * line and column they report.  A line ends at a line feed (LF), and at a
 * carriage return (CR) that no LF follows, as old Mac OS files end their
 * lines; in a CRLF the CR is a blank and the LF ends the line.  So a file
 * numbers its lines alike with any of the three, or with a mix, and a
 * line is the number of line ends before it plus one.
 *
 * Whether a CR ends a line depends on the byte after it: next is that
 * byte, or PGN_INPUT_END when the input ends after the CR.  A reader
 * that does not know it yet (its buffer ends with the CR) must wait for
 * more input, or its answer would depend on how the input was split. */
#define PGN_INPUT_END (-1)

static inline bool pgn_line_end(unsigned char c, int next)
{
	return c == '\n' || (c == '\r' && next != '\n');
}

/* The first line end in [p, end), or NULL; next is the byte at end (or
 * PGN_INPUT_END), which decides a CR at end - 1. */
const char *pgn_find_line_end(const char *p, const char *end, int next);

/* Reads the next line of in into *line (allocated and grown as getline()
 * does, NUL-terminated), without its line end: its length, or -1 at the
 * end of the input (ferror() tells a read error).  The last line needs no
 * line end.  Aborts when memory is exhausted, as the reader does. */
ssize_t pgn_read_line(char **line, size_t *cap, FILE *in);
/* The same, keeping at most max bytes of the line: the rest is read and
 * dropped, and *cut says so (a line that no reader of it needs whole must
 * not take the memory it would). */
ssize_t pgn_read_line_max(char **line, size_t *cap, FILE *in, size_t max,
			  bool *cut);

/* ------------------------------------------------------------------ FEN */

/* Piece letters as written: 'K' 'Q' 'R' 'B' 'N' 'P' 'T' and lower case;
 * 0 for an empty square. */
struct fen_square {
	char piece;		/* first (or only) piece */
	char second;		/* Pauli "(Nb)": the second piece, else 0 */
	char code[4];		/* Random Pawns "P{CMC}": "CMC", else "" */
};

/* The fields of a FEN, in order. */
enum fen_field {
	FEN_BOARD, FEN_SIDE, FEN_CASTLING, FEN_EN_PASSANT, FEN_HALFMOVE,
	FEN_FULLMOVE, FEN_FIELDS
};

struct fen_syntax {
	struct fen_square sq[64];	/* a1 = 0, b1 = 1, ... h8 = 63 */
	char side;			/* 'w' or 'b' */
	char castling[5];		/* "-", or up to four of KQkq and the
					 * files A-H a-h, as written */
	int ep_square;			/* passed square or -1 */
	int ep_landing;			/* Random Pawns long form "d3e4": e4; else -1 */
	uint32_t halfmove, fullmove;
	bool has_clocks;		/* the last two fields were present */
	unsigned features;		/* FEN_F_* seen in the board field */
	/* Where things were written, as 1-based columns like err->col (0:
	 * absent), so that a fault found later in a FEN that parses points
	 * at its field or token: each field's first byte, and each square's
	 * token ('(' of "(Nb)", 'P' of "P{CMC}", the digit of an empty
	 * square). */
	uint32_t field_col[FEN_FIELDS];
	uint32_t sq_col[64];
};

enum fen_features {
	FEN_F_TANDEM = 1u << 0,
	FEN_F_CODES = 1u << 1,
	FEN_F_SHARED = 1u << 2,
	FEN_F_PLAIN_PAWN = 1u << 3,	/* a pawn without a code */
};

/* Parses one FEN (extended syntax, any variant).  On error returns -1 and
 * fills err->col (1-based within s) and a message naming the field. */
int fen_parse(const char *s, size_t len, struct fen_syntax *out,
	      struct diag *err);

/* A line of positions as the toolkit writes and reads them
 * (pawnkit-notation(5)): a FEN; a board alone (white to move, no rights);
 * a FEN and tab-separated columns (pgn-convert -f fen: game, position id,
 * variant); or EPD, four fields and operations ("bm e4; id \"x\";",
 * perft suites' ";D1 20 ;D2 400", hmvc and fmvn as the clocks, variant). */
#define FEN_PERFT_MAX 63
#define FEN_VARIANT_MAX 32
struct fen_record {
	struct fen_syntax fen;
	bool board_only;
	char variant[FEN_VARIANT_MAX];	/* as written; "" when not named */
	uint32_t variant_col;		/* its 1-based column */
	uint64_t perft_given;		/* bit d: perft[d] is on the line */
	uint64_t perft[FEN_PERFT_MAX + 1];
};

/* Parses one such line; on error -1 with err as fen_parse fills it. */
int fen_record_parse(const char *s, size_t len, struct fen_record *out,
		     struct diag *err);

/* ------------------------------------------------------------------ SAN */

/* One move as written: SAN, LAN or coordinate notation, with the variant
 * markers.  The syntax layer resolves nothing. */
enum san_kind {
	SAN_ORDINARY,
	SAN_CASTLE_SHORT,
	SAN_CASTLE_LONG,
	SAN_FLIP,		/* "c3~" */
	SAN_NULL,		/* "--", "Z0", "0000", "@@@@" */
};

enum san_marker { SM_NONE, SM_ROCKET, SM_SHARE, SM_PUSH };

enum san_lenient {
	SL_ZERO_CASTLE = 1u << 0,	/* 0-0 */
	SL_LOWER_PIECE = 1u << 1,	/* nf3 */
	SL_EP_SUFFIX = 1u << 2,		/* e.p. */
	SL_CAPITAL_FILE = 1u << 3,	/* Regan's E4 for a tandem unit */
	SL_DASH_CAPTURE = 1u << 4,	/* e4-d5 written for a capture */
	SL_COLON_CAPTURE = 1u << 5,	/* e4:d5, Nf3:e5 */
	SL_BARE_PROMOTION = 1u << 6,	/* e8Q, e8=q (not coordinates' e7e8q) */
	/* Pe4, Pexd5: SAN never writes the pawn's letter, and other
	 * readers refuse it. */
	SL_PAWN_LETTER = 1u << 25,
	/* Old marks of mate, read as '#' (san.check): "Qxf7++" and the
	 * double dagger "Qxf7‡". */
	SL_PLUS_MATE = 1u << 26,
	SL_DAGGER_MATE = 1u << 27,
	/* O-O written with a Unicode hyphen or dash for '-' (U+2010 to
	 * U+2014, U+2212), as word processors and web pages write it. */
	SL_DASH_CASTLE = 1u << 28,
	/* The parser sets no other bit: bits 7 to 24 are free for a user's
	 * own flags among these. */
};

struct san {
	enum san_kind kind;
	char piece;		/* 'K','Q','R','B','N','T', 'P' for explicit P, 0 pawn */
	int from_file;		/* 0..7 or -1 */
	int from_rank;		/* 0..7 or -1 */
	int to;			/* square 0..63, -1 for castling/null */
	bool capture;		/* 'x' or ':' written */
	char victim;		/* Pauli "xB": 'B', else 0 */
	enum san_marker marker;
	char promotion;		/* 'Q','R','B','N' or 0 */
	char check;		/* '+', '#' or 0 */
	bool coordinate;	/* from and to given in full (LAN or coords) */
	bool lan;		/* written with '-' or 'x' between squares */
	unsigned lenient;	/* SL_* forms that were accepted */
};

/* Parses one move token (no spaces).  Returns 0, or -1 with err->message
 * saying what was expected (err->col relative to the token, 1-based). */
int san_parse(const char *s, size_t len, struct san *out, struct diag *err);
/* The same for the shapes of nearly all real movetext, plain SAN ("e4",
 * "exd5", "e8=Q", "Nf3", "Nbxd7", "R1e2", each perhaps with '+' or '#'),
 * several times faster: 0 and *out exactly as san_parse() fills it, or -1
 * when the token is not one of them (then *out holds nothing of use:
 * call san_parse(), which reads every form and words every fault). */
int san_parse_quick(const char *s, size_t len, struct san *out);
/* san_parse_quick() of a token that a NUL follows (an item's text), read
 * in place. */
int san_parse_quick_text(const char *s, size_t len, struct san *out);

/* ---------------------------------------------------------------- utils */

/* Square name "e4" into buf[3]; returns buf. */
char *square_name(int sq, char buf[3]);
/* "e4" -> 28, -1 when not a square. */
int square_parse(const char *s);
/* v in decimal at out, no terminator (20 bytes at most); the length. */
size_t pgn_put_uint(char *out, uint64_t v);
/* "00" to "99", two bytes a number: for writers that inline the numbers
 * below a hundred. */
extern const char pgn_digit_pairs[201];
/* pgn_put_uint() with the numbers below a hundred (plies, move numbers,
 * clocks: nearly all) written without a call. */
static inline size_t pgn_put_uint_small(char *out, uint64_t v)
{
	if (v >= 100)
		return pgn_put_uint(out, v);
	if (v < 10) {
		out[0] = (char)('0' + v);
		return 1;
	}
	out[0] = pgn_digit_pairs[2 * v];
	out[1] = pgn_digit_pairs[2 * v + 1];
	return 2;
}

#endif
