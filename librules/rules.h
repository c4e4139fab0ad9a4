/* librules for its users (formats/, cmd/, tests): positions, moves,
 * notation, FEN, replay of games under the variants of
 * pawnkit-variants(7).
 *
 * One position type serves every variant; a variant's rules are a table
 * of hooks that only variant code sees (variant.h): here a variant is a
 * handle with a few names.  Positions are plain values: copy one to keep
 * it.  Move lists and positions are owned by the caller; nothing here
 * allocates in the move generation or make path.
 */
#ifndef PAWNKIT_RULES_H
#define PAWNKIT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../libparse/pgn.h"

/* ---------------------------------------------------- squares, pieces */

/* Squares: a1 = 0, b1 = 1, ..., h8 = 63.  file = sq & 7, rank = sq >> 3. */
enum { WHITE = 0, BLACK = 1 };
enum piece_type { NO_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, TANDEM,
		  PIECE_TYPES };
/* A piece is colour << 3 | type; 0 is an empty square. */
#define MAKE_PIECE(color, type) ((uint8_t)(((color) << 3) | (type)))
#define PIECE_TYPE(p) ((p) & 7)
#define PIECE_COLOR(p) ((p) >> 3)
#define NO_SQUARE 64

/* Random Pawns code: two bits per direction, bit 0 = may move, bit 1 = may
 * capture (X 0, M 1, C 2, O 3); left-forward in bits 0-1, forward 2-3,
 * right-forward 4-5, left and right as seen by the pawn's owner. */
#define CODE_DIR(code, dir) (((code) >> (2 * (dir))) & 3)
enum { DIR_LEFT, DIR_FORWARD, DIR_RIGHT };
enum { CODE_X = 0, CODE_M = 1, CODE_C = 2, CODE_O = 3 };
/* Set in every code, so that XXX (a pawn that neither moves nor takes) is
 * not 0, which in pos->code[] means "no code". */
#define CODE_SET 0x40
#define CODE_FIDE (CODE_SET | CODE_C | CODE_M << 2 | CODE_C << 4)

enum castling_rights { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4,
		       CASTLE_BQ = 8 };

/* ------------------------------------------------------------ variants */

/* A variant's rules (defined in variant.h, for variant code). */
struct variant;

/* The variants of pawnkit-variants(7), one object each: compare
 * pointers, as every lookup below returns these. */
extern const struct variant variant_standard, variant_tandem, variant_emap,
	variant_randompawns, variant_randompawns_flip, variant_pushpawn,
	variant_pushpawn_4th, variant_pauli, variant_chess960;

/* Every variant, standard first; *n gets the count. */
const struct variant *const *variant_all(size_t *n);
/* The variant of an id ("pushpawn-4th"); NULL when there is none. */
const struct variant *variant_by_id(const char *id);
/* A [Variant] tag value: names and aliases as pawnkit-variants(7) lists them;
 * case, spaces, '-', '_', parentheses and a trailing "chess" ignored. */
const struct variant *variant_by_name(const char *name);
/* "standard, tandem, emap, ..." for error messages. */
const char *variant_id_list(void);

/* Its id, as --variant takes it: "tandem". */
const char *variant_id(const struct variant *v);
/* The value written in [Variant "..."]; NULL for standard chess. */
const char *variant_pgn_name(const struct variant *v);
/* Its start position, as FEN. */
const char *variant_start_fen(const struct variant *v);
/* Whether every pawn carries a Random Pawns code. */
bool variant_needs_codes(const struct variant *v);

/* ----------------------------------------------------------- positions */

struct position {
	uint64_t by_color[2];	/* squares holding at least one piece of that colour */
	uint64_t by_type[PIECE_TYPES];	/* squares holding at least one of that type */
	uint8_t board[64];	/* the piece on each square (Pauli: the first) */
	uint8_t board2[64];	/* Pauli: the second piece on a square, else 0 */
	uint8_t code[64];	/* Random Pawns: code of the pawn on the square */
	uint8_t side;		/* WHITE or BLACK to move */
	uint8_t castling;	/* CASTLE_* bits */
	uint8_t ep;		/* en-passant (passed) square or NO_SQUARE */
	uint8_t ep_victim;	/* square of the piece that may be taken e.p. */
	/* The rook each right castles with (CASTLE_WK's first): the corners,
	 * but in Chess960 any square of the back rank (pawnkit-variants(7)).
	 * Read only while its right is set. */
	uint8_t castle_rook[4];
	uint32_t halfmove, fullmove;
	uint64_t key;		/* Zobrist key: board, side, castling, ep */
	const struct variant *variant;
};

/* A move: from, to, promotion type, flags.  A flip has from == to.
 * Castling is encoded as the king's move (e1g1), in Chess960 as the king
 * taking its own rook (e1h1). */
typedef uint32_t move_t;
#define MOVE(from, to, promo, flags) \
	((move_t)((from) | ((to) << 6) | ((promo) << 12) | ((uint32_t)(flags) << 16)))
#define MOVE_FROM(m) ((int)((m) & 63))
#define MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define MOVE_PROMO(m) ((int)(((m) >> 12) & 15))
#define MOVE_FLAGS(m) ((unsigned)((m) >> 16))
#define MOVE_NONE ((move_t)0)

enum move_flags {
	MF_CAPTURE = 1u << 0,	/* removes an enemy piece (also e.p.) */
	MF_DOUBLE = 1u << 1,	/* two-square move that sets the e.p. square */
	MF_EP = 1u << 2,	/* en-passant capture */
	MF_CASTLE = 1u << 3,
	MF_ROCKET = 1u << 4,	/* tandem rocket */
	MF_PUSH = 1u << 5,	/* pushpawn push */
	MF_FLIP = 1u << 6,	/* random pawns flip */
	MF_SHARE = 1u << 7,	/* Pauli: ends sharing a square with one piece */
	MF_UNIT = 1u << 8,	/* tandem moves as a unit */
	MF_MOVER2 = 1u << 9,	/* Pauli: the second piece of the origin moves */
	MF_VICTIM2 = 1u << 10,	/* Pauli: the second piece of the target is taken */
	MF_NULL = 1u << 11,	/* null move ("--") */
};

/* How each kind of move is encoded (one convention for generators, make,
 * notation and resolution):
 * - castling: the king's move e1g1 / e1c1, MF_CASTLE; in Chess960, where
 *   the king may not move at all, from = the king, to = the rook (b1a1,
 *   g1h1): the rook's side of the king tells the wing.
 * - pawn double step (any variant), EMAP B/N/K double step, tandem unit or
 *   member two-square move, Random Pawns two-square non-capture: MF_DOUBLE;
 *   make sets ep = passed square, ep_victim = to.
 * - en passant: to = pos->ep, MF_EP | MF_CAPTURE; the piece taken stands on
 *   pos->ep_victim.
 * - tandem: a move from a TANDEM square is a member move unless MF_UNIT;
 *   rocket: from = the tandem's square, to = two squares forward,
 *   MF_ROCKET (the back pawn goes to from - forward).
 * - push: from = the pushing pawn, to = the square in front (the enemy
 *   pawn's), MF_PUSH; the enemy pawn goes to to + forward.
 * - flip: from == to, MF_FLIP (the new code follows from the old one).
 * - Pauli: MF_MOVER2 when board2[from] moves, MF_VICTIM2 when the capture
 *   takes board2[to]; MF_SHARE when the mover ends beside another piece
 *   without capturing it.
 * - promotion: MOVE_PROMO is the new piece type (KNIGHT..QUEEN), else 0. */
#define MOVELIST_MAX 512
struct movelist {
	unsigned count;
	move_t moves[MOVELIST_MAX];
};

/* The start position of v. */
void position_start(struct position *pos, const struct variant *v);
/* Builds a position from FEN syntax for variant v: checks the tokens the
 * variant allows and that the position is legal.  0, or -1 with *err, its
 * col at the field or token at fault (fen->field_col, fen->sq_col), or 0
 * for a fault of the position as a whole.  Castling rights that the
 * pieces do not allow are dropped: 1 then, with a warning in *err
 * (DC_CASTLING_RIGHTS) that names them and says why, its col at the
 * first. */
int position_from_fen(struct position *pos, const struct fen_syntax *fen,
		      const struct variant *v, struct diag *err);
/* fen_parse + position_from_fen (0, 1 or -1 as it returns). */
int position_set_fen(struct position *pos, const char *fen,
		     const struct variant *v, struct diag *err);
/* How a FEN's castling rights are written (pawnkit-notation(5)): X-FEN,
 * KQkq and a rook's file only where K or Q would name another rook; or
 * Shredder-FEN, every right by its rook's file (HAha). */
enum fen_castling { FEN_XFEN, FEN_SHREDDER };
/* Bit f set when the byte of file f in a rank's eight bytes of board[]
 * (read little-endian) is not zero: each byte folded onto its low bit,
 * then the eight low bits gathered into the top byte by one
 * multiplication.  For FEN writers that skip empty squares. */
static inline unsigned board_rank_files(uint64_t bytes)
{
	uint64_t t = bytes;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	t = __builtin_bswap64(t);
#endif
	t |= t >> 4;
	t |= t >> 2;
	t |= t >> 1;
	t &= 0x0101010101010101ULL;
	return (unsigned)((t * 0x0102040810204080ULL) >> 56);
}
/* Canonical FEN (pawnkit-notation(5)) into buf; returns its length. */
size_t position_to_fen(const struct position *pos, char *buf, size_t n);
/* The same, its rights written in the style asked for. */
size_t position_to_fen_as(const struct position *pos, enum fen_castling style,
			  char *buf, size_t n);
/* Whether a square holds a second piece (Pauli) or a pawn code (Random
 * Pawns); when none does, every square is one letter of FEN. */
bool position_has_extras(const struct position *pos);
/* The FEN's fields after the board, "w KQkq - 0 1", into out (at most
 * 40 bytes, no NUL); returns their length. */
size_t position_fen_fields(const struct position *pos, char *out);
size_t position_fen_fields_as(const struct position *pos,
			      enum fen_castling style, char *out);
/* The FEN text of one rank (0: the first) into out (48 bytes at most, no
 * NUL); its length. */
size_t position_fen_rank(const struct position *pos, int rank, char *out);
#define FEN_MAX 256

/* The square of colour's king; NO_SQUARE when it has none. */
int position_king(const struct position *pos, int color);
/* Whether the side to move is in check. */
bool position_in_check(const struct position *pos);
/* Every legal move of the side to move, in list (emptied first). */
void position_legal_moves(const struct position *pos, struct movelist *list);
/* Plays m, a legal move of pos (from position_legal_moves or
 * move_resolve). */
void position_make(struct position *pos, move_t m);
/* A null move: side flips, e.p. cleared (never when in check). */
void position_make_null(struct position *pos);

enum position_state {
	PS_ONGOING, PS_CHECKMATE, PS_STALEMATE, PS_INSUFFICIENT
};
/* Mate, stalemate, or material that cannot mate (variants that allow
 * the test: K v K, K+N v K, K+B(s) v K(+B(s)) on one colour). */
enum position_state position_state(const struct position *pos);

/* The number of move sequences of depth plies from pos. */
uint64_t perft(const struct position *pos, unsigned depth);

/* ------------------------------------------------------------- notation */

enum notation { NOTATION_SAN, NOTATION_LAN, NOTATION_UCI, NOTATION_FIGURINE };

/* Writes m (legal in pos) in the notation; returns the length.
 * SAN carries + / # (it plays the move to know). */
size_t move_write(const struct position *pos, move_t m, enum notation n,
		  char *buf, size_t size);
/* The same, given the position after m as well (a replay has it), which
 * spares SAN and LAN playing the move again for their mark. */
size_t move_write_after(const struct position *pos,
			const struct position *after, move_t m,
			enum notation n, char *buf, size_t size);
/* The same, given the check mark m earned ('+', '#' or 0, as
 * replay_step.mark says), which SAN and LAN then need not work out. */
size_t move_write_marked(const struct position *pos, move_t m, char mark,
			 enum notation n, char *buf, size_t size);
#define MOVE_TEXT_MAX 32
/* What the SAN of m names of its origin (move_write() in NOTATION_SAN):
 * for a move of a piece other than a pawn in standard chess, read from
 * the position after it (piece: the one that moved), castling aside; -1
 * for a pawn's, or when the board is not one it knows (no king, or
 * two), then the position before is needed. */
enum san_origin {
	SAN_ORIGIN_NONE, SAN_ORIGIN_FILE, SAN_ORIGIN_RANK, SAN_ORIGIN_SQUARE
};
int move_san_origin_after(const struct position *after, uint8_t piece,
			  move_t m);
/* A plain move of standard chess in coordinates ("e2e4", "e7e8q"), from
 * the move alone, at buf (5 bytes at most, no NUL): what move_write()
 * writes in NOTATION_UCI for such a move.  Its length. */
size_t move_write_squares(move_t m, char *buf);
/* m's SAN, LAN and coordinates at once, its check mark given as for
 * move_write_marked(): text[NOTATION_SAN], text[NOTATION_LAN] and
 * text[NOTATION_UCI] get what move_write_marked() writes in each
 * notation (NUL-terminated), len[] their lengths.  text[NOTATION_FIGURINE]
 * is not written. */
void move_write_texts(const struct position *pos, move_t m, char mark,
		      char text[][MOVE_TEXT_MAX], size_t len[]);

/* Resolves a parsed move against pos.  Returns 0 when exactly one legal
 * move fits the text as written, 1 when it fits only leniently (a warning
 * is put in *warn: missing x, missing marker, wrong check mark...), -1
 * when none or several fit (*err says which candidates, or why none).
 * In strict mode lenient matches are errors. */
int move_resolve(const struct position *pos, const struct san *san,
		 bool strict, move_t *out, struct diag *warn, struct diag *err);

/* --------------------------------------------------------------- replay */

struct replay_opts {
	const struct variant *variant;	/* for games without a [Variant] tag */
	bool force_variant;	/* variant wins over the game's tag */
	bool strict;		/* warnings are errors */
	/* game_replay() replays every game with its tree, never by the
	 * fast path: the same output, slower; for checking the one against
	 * the other, and for a visitor that reads step->item. */
	bool full_replay;
	/* The movetext must be SAN (pgn-validate): a move in long algebraic
	 * or coordinate notation is then a lenient form. */
	bool san_only;
};

/* What the visitor sees for every move, mainline and variations. */
struct replay_step {
	const struct pgn_item *item;	/* the PI_MOVE item */
	const struct position *before, *after;
	move_t move;
	unsigned depth;		/* 0 on the main line */
	uint32_t ply;		/* the move's ply as the move numbers count it:
				 * (fullmove - 1) * 2 + 1 for White's, + 2
				 * for Black's (from a FEN, from its numbers) */
	bool check;		/* the move gives check: in after, the side to
				 * move is in check */
	uint8_t piece;		/* the piece that moved, as it stood on the
				 * origin before (board2's for MF_MOVER2):
				 * what a visitor reads without before */
	char mark;		/* the check mark the move earned: '+', '#',
				 * or 0 (none: check is false) */
};

/* The visitor sees every resolved move; null moves ("--", "Z0") are
 * reported and played but not visited (their item is a PI_MOVE whose text
 * san_parse reads as SAN_NULL). */
struct replay_visitor {
	void *ctx;
	void (*start)(void *ctx, const struct position *start);
	void (*move)(void *ctx, const struct replay_step *step);
	void (*enter)(void *ctx, const struct pgn_line *var, unsigned depth);
	void (*leave)(void *ctx, const struct pgn_line *var, unsigned depth);
	/* move() never reads step->before, which is then NULL: the replay
	 * need not keep a copy of each position before its move. */
	bool no_before;
	/* When set, read before each move: while *want_before is false,
	 * step->before is NULL.  For a visitor that needs it only for some
	 * moves (game-stats: the opening's), and says so as it goes. */
	const bool *want_before;
};

enum game_end {
	GE_NONE, GE_CHECKMATE, GE_STALEMATE, GE_INSUFFICIENT, GE_REPETITION,
	GE_FIFTY
};

/* Every member is set by each replay, from one initializer of the whole
 * (replay_begin() in replay.c): a new member starts at zero. */
struct replay_result {
	const struct variant *variant;	/* NULL when the tag was unknown */
	unsigned errors, warnings;
	uint32_t plies;		/* main line plies replayed */
	bool plies_complete;	/* the main line replayed to its end */
	enum game_end end;	/* how the main line's final position stands */
	struct position final;	/* after the last main-line move replayed */
};

/* Replays g, main line and variations (from their branch points), and
 * checks its check marks, result, roster and tags.  Each problem goes to
 * report(report_ctx, diag); *result is filled.  0 when the game is valid,
 * 1 when not.  Unless opts->full_replay, a standard-chess game whose main
 * line is plain and has nothing to report is replayed straight from its
 * movetext bytes (the fast path, several times faster); any other game is
 * replayed from its tree, and a game read tags_only (no tree) is first
 * read again, tree and all, into g itself, with the reader's default
 * limits and nothing reported again: pointers into g taken before the
 * call (tags, items) are then stale.  Either way the reports, result and
 * moves are those of the game read with its tree.  The visitor (may be
 * NULL) is shown the start and every move; on the fast path step->item
 * is NULL (the main line's PI_MOVE items, in order, when g has a tree),
 * and when the fast path gives a game up start() comes again: it must
 * forget what it kept of the game. */
int game_replay(struct pgn_game *g, const struct replay_opts *opts,
		const struct replay_visitor *visitor, diag_fn report,
		void *report_ctx, struct replay_result *result);

/* Start position of a game: [Variant], [SetUp]/[FEN], [PawnTypes].
 * 0; 1 when it is set up with warnings, each given to warn(warn_ctx) (the
 * [FEN]'s castling rights that the pieces do not allow, dropped; a
 * [PawnTypes] tag it ignores: in a game of other rules, or beside a
 * [FEN] that says otherwise); -1 with *err (unknown variant, bad
 * FEN...). */
int game_start_position(const struct pgn_game *g,
			const struct replay_opts *opts, struct position *pos,
			diag_fn warn, void *warn_ctx, struct diag *err);

/* ---------------------------------------------------------- Random Pawns */

/* 16 d20 rolls from seed (reproducible), codes on the start-position
 * pawns. */
void randompawns_roll(struct position *pos, uint64_t seed);
/* "CMC" -> code; 0, or -1 when s is not three of X M C O. */
int code_parse(const char *s, uint8_t *code);
/* A code's three letters, "CMC", NUL-terminated. */
void code_name(uint8_t code, char buf[4]);

#endif
