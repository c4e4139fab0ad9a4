/* Private to libparse: the state the PGN reader shares between reader.c
 * (buffering, game boundaries, diagnostics), tags.c (the tag section) and
 * movetext.c (the movetext tree).
 *
 * A game is lexed in one attempt over a window [base, end) of the input
 * buffer.  When the attempt needs bytes past the window and the input has
 * more, it stops with LX_MORE; the reader then reads more and lexes the game
 * again from its start (nothing is reported until an attempt completes, so
 * a retry is invisible).  This keeps the lexer free of refill logic: it only
 * ever holds plain pointers into one window. */
#ifndef PAWNKIT_PGN_LEX_H
#define PAWNKIT_PGN_LEX_H

#include <string.h>

#include "grammar.h"
#include "pgn_chunk.h"

enum lx {
	LX_OK,		/* go on */
	LX_END,		/* the game ends at x->game_end */
	LX_MORE,	/* needs bytes past the window: read more, start over */
	LX_PRELUDE,	/* only comments so far and a tag line: start over
			 * as a tag section, same game */
};

/* The tags-only scan (reader.c), made for the processor. */
struct pgn_lex;
struct scan_out;
typedef int scan_plain_fn(struct pgn_lex *x, struct scan_out *o);

/* What the reader keeps across games and lends to each attempt. */
struct pgn_reader {
	const char *name;		/* as given, "-" for stdin */
	struct pgn_input *in;		/* NULL for a memory reader */
	bool in_borrowed;		/* the caller closes in */
	bool eof;
	char *own;			/* the buffer we allocated (file reader) */
	const char *data;		/* the bytes: own, or the caller's */
	size_t cap, len;		/* own's capacity; bytes held */
	size_t start;			/* where the next game begins */
	uint64_t dropped;		/* input bytes gone before data[0] */
	uint32_t line, col;		/* its line and column */
	uint64_t index;			/* games returned so far */
	bool origin;			/* data[0] starts the input (BOM) */
	bool skipping;			/* drop the rest of a too-large game */
	bool skip_dirty;		/* its line so far held a dropped non-blank */
	struct pgn_reader_opts opts;
	/* Scratch reused by every game, grown rarely. */
	struct pgn_tag *tagv;
	size_t tag_cap;
	/* The names of a long tag section, hashed (lp_lex_tag_seen): an
	 * entry is (generation << 32 | index + 1); a new attempt's
	 * generation empties it without a write. */
	uint64_t *names;
	size_t names_cap;
	uint32_t names_gen;
	struct pgn_line **stack;	/* opts.max_depth + 1 lines */
	struct diag *diags;		/* queued until the attempt succeeds */
	size_t ndiags, diag_cap;
	unsigned long diags_left_out;	/* past DIAG_GAME_MAX, this attempt */
	scan_plain_fn *scan;		/* the tags-only scan */
	/* A line that mt_after_result() went to the end of, from a '%' or
	 * ';' after a game's result, to find more than comments after it:
	 * the input offsets of that byte and of the line's end (0: none).
	 * A later game of the line meeting such a byte there has its answer
	 * without going to the line's end again (many games on one line,
	 * each followed by " %", were quadratic). */
	uint64_t rest_from, rest_eol;
	/* The blanks to the input's end that the last call took for no
	 * game: data[blank_at, blank_at + blank_len), at line, col
	 * (pgn_reader_blank_end()). */
	size_t blank_at, blank_len;
};

struct pgn_lex {
	struct pgn_reader *r;
	struct pgn_game *g;
	const char *base, *p, *end;	/* window; cursor */
	bool eof;			/* end is the end of the input */
	bool build;			/* make items (not tags_only) */
	/* Position: col = p - line_start + col_bias. */
	uint32_t line, col_bias;
	const char *line_start;
	/* The game so far. */
	size_t ntags;
	size_t hashed;			/* tags in r->names */
	unsigned depth, skip;		/* open variations; those past the limit */
	struct pgn_loc outer_open;	/* first unclosed '(' */
	bool tokens;			/* a move, number, NAG, '(' or result */
	bool anything;			/* any non-blank byte */
	bool limit_reported;
	bool unterminated;		/* a comment ran past its game */
	long build_depth;		/* items are made up to this depth;
					 * -1 with tags_only */
	/* Item texts are NUL-terminated copies made a chunk at a time:
	 * [copy_src, copy_src + copy_len) of the input lives at copy_dst. */
	const char *copy_src;
	char *copy_dst;
	size_t copy_len, copy_chunk;
	/* Outcome. */
	const char *game_end;
	uint32_t end_line, end_col;
};

/* ---------------------------------------------- position, shared helpers */

static inline struct pgn_loc lex_loc(const struct pgn_lex *x, const char *p)
{
	struct pgn_loc l = { x->line, (uint32_t)(p - x->line_start) + x->col_bias };
	return l;
}

/* A line ends at nl (a line end by pgn_line_end). */
static inline void lex_newline(struct pgn_lex *x, const char *nl)
{
	x->line++;
	x->line_start = nl + 1;
	x->col_bias = 1;
}

/* The byte at p for pgn_line_end(), p being in the window or at its end.
 * Past the window stands the input's end, or bytes not read yet: a CR
 * before those is taken for half a CRLF and ends no line yet.  It does
 * not matter which: an attempt completes only where its game ends, before
 * the window's end or at the input's, so one that meets such a CR reads
 * more and starts over. */
static inline int lex_next_byte(const struct pgn_lex *x, const char *p)
{
	if (p < x->end)
		return (unsigned char)*p;
	return x->eof ? PGN_INPUT_END : '\n';
}

/* Whether the byte at p (in the window) ends a line.  Only a CR needs
 * the byte after it, and only then is it looked at (this runs per blank
 * byte). */
static inline bool lex_line_end(const struct pgn_lex *x, const char *p)
{
	return pgn_line_end((unsigned char)*p, *p == '\r'
				? lex_next_byte(x, p + 1) : PGN_INPUT_END);
}

/* The first line end in [p, to), to within the window or at its end, or
 * NULL. */
static inline const char *lex_find_line_end(const struct pgn_lex *x,
					    const char *p, const char *to)
{
	return pgn_find_line_end(p, to, lex_next_byte(x, to));
}

/* The input offset of p, in the window or at its end: the same for a
 * byte whatever the buffer holds. */
static inline uint64_t lex_offset(const struct pgn_lex *x, const char *p)
{
	return x->r->dropped + x->r->start + (uint64_t)(p - x->base);
}

/* Whether a line starts at p, which is no LF and has a byte before it:
 * after an LF, or after a CR (which p, no LF, makes a line end). */
static inline bool lex_line_starts(const char *p)
{
	return p[-1] == '\n' || p[-1] == '\r';
}

/* The end of the text of a line from `from` whose first line end is at
 * eol (or that ends with the input at eol): eol, or the CR of a CRLF
 * before it (a CR just before eol is one: alone, it would end the line). */
static inline const char *lex_text_end(const char *from, const char *eol)
{
	return eol > from && eol[-1] == '\r' ? eol - 1 : eol;
}

/* A blank between lexemes (grammar.h), NUL included. */
static inline bool lex_blank(unsigned char c)
{
	return lp_byte_class[c] & LC_BLANK;
}

/* Whether p (before x->end) starts a UTF-8 byte order mark: 1 or 0, -1
 * when the buffer ends inside what may be one (LX_MORE for the caller).
 * One opens many a file saved on Windows, and so a line where such a file
 * was appended to another with cat. */
static inline int lex_bom_at(const struct pgn_lex *x, const char *p)
{
	static const char bom[3] = { '\xef', '\xbb', '\xbf' };
	size_t n = (size_t)(x->end - p);

	if (n < 3)
		return !x->eof && !memcmp(p, bom, n) ? -1 : 0;
	return !memcmp(p, bom, 3);
}

/* The first non-blank byte of a game fixes its start. */
static inline void lex_mark_start(struct pgn_lex *x, const char *p)
{
	if (!x->anything) {
		x->anything = true;
		x->g->start = lex_loc(x, p);
	}
}

/* Room for need tags in r->tagv (aborts when memory is exhausted, as the
 * arena does). */
void lp_lex_grow_tags(struct pgn_reader *r, size_t need);
/* Whether the game's tags so far hold this name: linear time in all for
 * a section of any length. */
bool lp_lex_tag_seen(struct pgn_lex *x, const char *name, size_t len);

/* arena_alloc() with its common case inline: the reader allocates once
 * per token. */
static inline void *lex_alloc(struct arena *a, size_t size)
{
	size_t rounded = (size + 7) & ~(size_t)7;

	/* An empty arena has cap == used == 0 and takes the slow path. */
	if (rounded >= size && rounded && a->cap - a->used >= rounded) {
		void *p = a->cur + a->used;
		a->used += rounded;
		return p;
	}
	return arena_alloc(a, size);
}

/* An item of kind with the text [from, to) copied into the game's arena,
 * appended to line: for the comments and escape lines outside the
 * movetext (pgn_game.before and .after). */
void lp_lex_outside_item(struct pgn_lex *x, struct pgn_line *line,
			 enum pgn_item_kind kind, struct pgn_loc loc,
			 const char *from, const char *to);

/* Counts the line ends in [from, to) into the position (to within the
 * window or at its end). */
void lp_lex_count_lines(struct pgn_lex *x, const char *from, const char *to);

/* Queues a diagnostic at loc (sent only if the attempt completes): at
 * most DIAG_GAME_MAX, then a closing note counts the rest, whose words
 * lp_lex_diags_done() writes before the queue is sent. */
void lp_lex_diag(struct pgn_lex *x, struct pgn_loc loc, enum diag_severity sev,
		 enum diag_code code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void lp_lex_diags_done(struct pgn_reader *r);

/* Ends the game at p (the next game starts there). */
enum lx lp_lex_end_at(struct pgn_lex *x, const char *p);

/* True when the line at p looks like a tag pair "[Name "; LX_MORE via
 * *more when it cannot tell yet. */
bool lp_lex_tag_line(const struct pgn_lex *x, const char *p, bool *more);

/* A DOS end-of-file mark (0x1a) at p with nothing but blanks and newlines
 * after it to the end of the input, as old DOS and ChessBase exports end:
 * read as blank, so that it makes no game of its own, and kept in the raw
 * bytes of the game before it.  1 when p is one, 0 when not, -1 when the
 * window ends first (the answer must not depend on how much of the input
 * the buffer holds).  A 0x1a anywhere else is junk. */
int lp_lex_dos_eof(const struct pgn_lex *x, const char *p);

/* At x->p, where a lexeme or a game would start: LX_END past a DOS
 * end-of-file mark (the game ends with the input), LX_MORE when that
 * cannot be told yet, LX_OK when there is none. */
enum lx lp_lex_end_dos_eof(struct pgn_lex *x);

/* --------------------------------------------------------- tags.c */

/* The tag section: tags, blanks, '%' lines.  LX_OK when movetext begins at
 * x->p; LX_END when the game ends with no movetext (input end, or a second
 * tag section after a blank line). */
enum lx lp_lex_tag_section(struct pgn_lex *x);

/* --------------------------------------------------------- movetext.c */

/* Movetext up to and including the termination marker, plus the blanks and
 * comments after it that belong to this game. */
enum lx lp_lex_movetext(struct pgn_lex *x);

#endif
