/* The replay's fast path: a standard-chess main line straight from its
 * movetext bytes.
 *
 * The general replay builds the movetext tree, then for each move item
 * parses its text, resolves it among the legal moves, plays it and checks
 * its marks, keeping what it needs to explain any fault.  Nearly every
 * real game is plain (moves, move numbers, comments, NAGs, a result) and
 * has no fault at all, and for those all that machinery only confirms.
 * So this path does the confirming alone: one pass over the tokens, each
 * move resolved as it is read, and at the first thing it is not sure of
 * (a variation, an unusual token or form, an ambiguity, an illegal move,
 * a wrong mark or move number) it gives up, and the caller replays the
 * game the general way, which finds and words every fault.  Giving up is
 * never wrong, only slower; accepting is right only when the general
 * replay would accept the same game with nothing to say, which is what
 * each test below mirrors (tests/unit/test_replay_quick.c and the OTB
 * corpus check the two against each other).
 *
 * This is the rules half.  The reading half, which splits the movetext
 * into tokens and reads each move's SAN, is libparse's plain scanner
 * (libparse/pgn_plain.h), inline here. */
#include <string.h>

#include "../libparse/pgn_plain.h"
#include "quick_resolve.h"
#include "standard_inline.h"

enum { NOT_PLAIN = -1 };

/* ------------------------------------------------------------ resolving */

/* What the general resolver makes of s: the move when exactly one fits
 * it exactly, which is what the full replay accepts without a word, else
 * MOVE_NONE.  For what quick_resolve.h leaves (en passant, two legal
 * candidates): rarer, and then the general rules are the ones to
 * follow, not a copy of them. */
static __attribute__((noinline)) move_t
exact_resolve(const struct position *pos, const struct san *s)
{
	struct diag warn, err;
	move_t m;
	return move_resolve(pos, s, false, &m, &warn, &err) == 0 ? m
								   : MOVE_NONE;
}

/* ---------------------------------------------------------------- playing */

/* exact_resolve() of the plain move whose token starts at text, read
 * again: the loop's own san is never in memory (its address is never
 * taken) and lives in registers, and only the token's start lives on
 * to this rare case. */
static __attribute__((noinline)) move_t
exact_resolve_at(const struct position *pos, const char *text)
{
	struct san s;
	plain_san_again(text, &s);
	return exact_resolve(pos, &s);
}

/* A move and its check mark as written. */
struct marked {
	move_t move;
	char check;
};

/* A move token that plain_next() left to read (PLAIN_MOVE): the one legal
 * move it names exactly, or MOVE_NONE.  Rare (near the end of the bytes),
 * and out of line: its san is in memory, the loop's is not. */
static __attribute__((noinline)) struct marked
apart_move(const struct position *pos, const char *text, size_t len,
	   bool in_check)
{
	struct san s;
	if (san_parse_quick(text, len, &s) != 0)
		return (struct marked){ MOVE_NONE, 0 };
	move_t m = s.piece ? piece_move(pos, &s, in_check)
			   : pawn_san_move(pos, &s, in_check);
	if (m == MOVE_ASK)
		m = exact_resolve(pos, &s);
	return (struct marked){ m, s.check };
}

/* The one legal move that a move of plain_next() names exactly, or
 * MOVE_NONE.  Pawn moves and piece moves are resolved apart, as the
 * scanner reads them apart: the one test of the first byte is the only
 * branch between them.  *type: the type of the piece that moves. */
static inline __attribute__((always_inline)) move_t
token_move(const struct position *pos, enum plain_kind kind,
	   const struct plain_token *t, bool in_check, int *type)
{
	const struct san *s = &t->san;
	move_t m;
	if (kind == PLAIN_PAWN) {
		*type = PAWN;
		m = pawn_san_move(pos, s, in_check);
	} else if (kind == PLAIN_PIECE) {
		*type = san_letter_type(s->piece);
		m = piece_move(pos, s, in_check);
	} else {	/* Once or twice a game, and the general resolver took
			 * 550 instructions to find it among the king's moves:
			 * the rules of castling, directly. */
		*type = KING;
		return in_check ? MOVE_NONE
				: lr_standard_castle(pos, s->kind == SAN_CASTLE_LONG);
	}
	return m == MOVE_ASK ? exact_resolve_at(pos, t->text) : m;
}

static bool span_may_draw(const struct position *pos,
			  const struct keylist *keys, bool keyed);

/* What the loop reads of its visitor, read once before the first move:
 * the visitor is the same for the whole line, and of the step shown to
 * it only the move's members change (loads, tests and stores that cost
 * some 25 instructions a move). */
struct visit {
	void (*move)(void *ctx, const struct replay_step *step);
	void *ctx;
	const bool *want_before;
	struct replay_step *step;	/* apart: its address is taken */
};

static inline void visit_init(struct visit *v, struct replay_step *step,
			      const struct replay_visitor *vis,
			      const struct position *pos)
{
	v->move = vis->move;
	v->ctx = vis->ctx;
	v->want_before = vis->want_before;
	v->step = step;
	*step = (struct replay_step){ .after = pos };
}

/* Plays m, written with the check mark `check` (shown to vis, when there
 * is one), its piece `piece` and destination `to` (known from the SAN,
 * sooner than from the board and the move: see standard_make_mover()):
 * false when the mark is not the move's, or when an automatic draw may
 * have come.  *in_check: the side to move is in check, before the move
 * and after. */
static inline __attribute__((always_inline)) bool
play(struct position *pos, move_t m, uint8_t piece, int to, char check,
     bool *in_check, struct visit *vis, bool no_before,
     const struct keylist *keys, bool keyed)
{
	/* A capture or pawn move closes a long span of reversible moves:
	 * did an automatic draw come in it?  (One test per move.) */
	if (pos->halfmove >= FIVEFOLD_MIN_SPAN &&
	    ((MOVE_FLAGS(m) & MF_CAPTURE) ||
	     PIECE_TYPE(piece) == PAWN) &&
	    span_may_draw(pos, keys, keyed))
		return false;
	struct position before;
	uint32_t ply = move_ply(pos);
	bool keep = vis && !no_before && vis->move &&
		    (!vis->want_before || *vis->want_before);
	if (keep)
		before = *pos;
	standard_make_mover(pos, m, piece, to, keyed);
	char actual = 0;
	if (standard_gives_check_mover(pos, m, piece, to))
		actual = lr_standard_has_move(pos) ? '+' : '#';
	*in_check = actual != 0;
	if (vis && vis->move) {
		vis->step->before = keep ? &before : NULL;
		vis->step->move = m;
		vis->step->ply = ply;
		vis->step->check = actual != 0;
		vis->step->piece = piece;
		vis->step->mark = actual;
		vis->move(vis->ctx, vis->step);
	}
	return actual == check;
}

/* ------------------------------------------------------ keys at the end */

/* Without a visitor nobody looks at the positions between the first and
 * the last, and of their keys only the repetition test at the end reads
 * any: those of the final position and of the positions back to the last
 * capture or pawn move (its halfmove clock's span).  So that loop keeps no
 * key and no move number; it logs each move with the castling rights it
 * was played with, and the keys are worked out here from the final
 * position backwards.  The moves in that span are all reversible: no
 * capture, no pawn move, so no promotion and no e.p. square set; each
 * takes its piece (and for castling, the rook) back. */
static inline uint64_t log_entry(move_t m, uint8_t rights)
{
	return (uint64_t)m | (uint64_t)rights << 32;
}

/* The e.p. square of the position before logged move i (1-based: entry
 * i of the log; entry 0 is the start position's key). */
static int ep_before(const uint64_t *log, size_t i, int start_ep)
{
	if (i == 1)
		return start_ep;
	move_t prev = (move_t)log[i - 1];
	return (MOVE_FLAGS(prev) & MF_DOUBLE)
		       ? (MOVE_FROM(prev) + MOVE_TO(prev)) / 2
		       : NO_SQUARE;
}

/* The keys of the positions before the last `span` logged moves of
 * `plies`, worked out backwards from the position after them (pos, its
 * key `key`), all reversible moves: out[k] is the key after move
 * plies - span + k, out[span] = key.  start_ep is the start position's
 * e.p. square, for a span that reaches back to it.  out may be
 * log + plies - span: each entry is read before it is written. */
static void keys_back(const uint64_t *log, size_t plies, size_t span,
		      const struct position *pos, uint64_t key, int start_ep,
		      uint64_t *out)
{
	uint8_t board[64], rights_after = pos->castling;
	size_t first = plies - span;	/* out[i - first] is log[i]'s key */
	memcpy(board, pos->board, sizeof board);
	for (size_t i = plies; i > plies - span; i--) {
		move_t m = (move_t)log[i];
		uint8_t rights = (uint8_t)(log[i] >> 32);
		int from = MOVE_FROM(m), to = MOVE_TO(m);
		uint8_t piece = board[to];
		out[i - first] = key;
		board[to] = 0;
		board[from] = piece;
		key ^= lr_zobrist_side ^ lr_zobrist_piece[piece][from] ^
		       lr_zobrist_piece[piece][to];
		if (MOVE_FLAGS(m) & MF_CASTLE) {
			/* The rook goes back to its corner. */
			int home, passed;
			castle_rook_squares(from, to, &home, &passed);
			uint8_t rook = board[passed];
			board[passed] = 0;
			board[home] = rook;
			key ^= lr_zobrist_piece[rook][home] ^
			       lr_zobrist_piece[rook][passed];
		}
		key ^= lr_zobrist_castling[rights_after] ^ lr_zobrist_castling[rights];
		rights_after = rights;
		if (i == first + 1)
			key ^= lr_zobrist_ep[ep_before(log, i, start_ep)];
	}
	out[0] = key;
}

/* The span of reversible moves that ends at pos: its halfmove clock, as
 * far back as the log goes. */
static size_t reversible_span(const struct position *pos, size_t plies)
{
	return pos->halfmove < plies ? pos->halfmove : plies;
}

/* Turns the log of `plies` moves (after the start key) into keys: the
 * final position's last, those of the span before it, as the loop with
 * keys would have pushed them; and completes *pos's key and move number. */
static void keys_from_log(struct keylist *log, struct position *pos,
			  int start_ep, uint32_t start_fullmove,
			  int start_side, long plies)
{
	pos->fullmove = start_fullmove + (uint32_t)((plies + start_side) / 2);
	pos->key = lr_standard_compute_key(pos);
	if (log->n != (size_t)plies + 1) {
		/* Out of memory on the way: repetition degrades to nothing,
		 * as keylist_push() says. */
		log->keys[0] = pos->key;
		log->n = 1;
		return;
	}
	size_t span = reversible_span(pos, (size_t)plies);
	keys_back(log->keys, (size_t)plies, span, pos, pos->key, start_ep,
		  log->keys + plies - span);
}

/* Whether no key can come five times among keys[0, n): counted by
 * their low bits (random bits of a Zobrist key) and side to move, no bin
 * has five.  The usual answer, in one pass instead of n * n / 4
 * compares. */
static bool fivefold_excluded(const uint64_t *keys, size_t n)
{
	uint8_t count[2][128];
	unsigned most = 0;

	memset(count, 0, sizeof count);
	for (size_t i = 0; i < n; i++) {
		unsigned c = ++count[i & 1][keys[i] & 127];
		most = c > most ? c : most;
	}
	return most < 5;
}

/* Whether a key comes five times among keys[0, n).  A key holds the
 * side to move, so each is compared only with every second one after it
 * (and a fifth occurrence needs eight plies after the first at least). */
static bool fivefold_among(const uint64_t *keys, size_t n)
{
	if (fivefold_excluded(keys, n))
		return false;
	for (size_t i = 0; i + 4 * 2 < n; i++) {
		unsigned seen = 1;
		for (size_t j = i + 2; j < n && seen < 5; j += 2)
			seen += keys[j] == keys[i];
		if (seen >= 5)
			return true;
	}
	return false;
}

/* Whether the span of reversible moves that ends at pos (pos->halfmove
 * plies, the last of them logged as the keys list's last entries) may
 * hold an automatic draw (FIDE 9.6): 75 moves, or a position five times.
 * Then the fast path gives up and the general replay says what it finds.
 * Only for spans of FIVEFOLD_MIN_SPAN plies or more: at their end, and
 * before the capture or pawn move that closes one (the general replay
 * looks after every move; a draw in a span is still in it at its end). */
static __attribute__((noinline)) bool
span_may_draw(const struct position *pos, const struct keylist *keys,
	      bool keyed)
{
	uint64_t scratch[SEVENTY_FIVE_PLIES + 1];
	if (pos->halfmove >= SEVENTY_FIVE_PLIES)
		return true;
	if (keys->n == 0)
		return false;
	size_t plies = keys->n - 1, span = reversible_span(pos, plies);
	if (keyed)
		return fivefold_among(keys->keys + plies - span, span + 1);
	/* The e.p. square before the span is not known here: left out, a
	 * key may match one it should not, and the fast path gives up when
	 * it need not; never the other way. */
	keys_back(keys->keys, plies, span, pos, lr_standard_compute_key(pos),
		  NO_SQUARE, scratch);
	return fivefold_among(scratch, span + 1);
}

/* ---------------------------------------------------------------- loop */

static inline __attribute__((always_inline)) long
main_line(const char *p, const char *end, struct position *pos,
	  struct keylist *keys, const struct replay_visitor *vis, bool no_before,
	  bool keyed)
{
	/* The plies played, counted from 1 when Black began.  With keys
	 * pos->fullmove is the move number where the loop stands; without,
	 * the loop keeps no move number (see "keys at the end") and
	 * pos->fullmove stays the start's: the number is that plus half / 2
	 * (worked out at a move number only, not kept up per move). */
	long start_side = pos->side, half = start_side;
	bool in_check = lr_standard_in_check(pos);
	struct visit visit, *v = NULL;
	struct replay_step step;
	if (vis) {
		visit_init(&visit, &step, vis, pos);
		v = &visit;
	}
	for (;;) {
		struct plain_token t;
		enum plain_kind kind = plain_next(&p, end, &t);
		if (kind == PLAIN_NUMBER) {
			/* A number other than the position's is not plain:
			 * the general replay warns of it (check_number()). */
			if (t.number != (keyed ? pos->fullmove
					       : pos->fullmove +
						 (uint32_t)(half >> 1)))
				return NOT_PLAIN;
			continue;
		}
		if (kind == PLAIN_END)
			return half - start_side;
		if (kind == PLAIN_STOP)
			return NOT_PLAIN;
		uint8_t rights = pos->castling;
		struct marked m = { 0, t.san.check };
		int type, to = t.san.to;	/* but castling's */
		if (kind == PLAIN_MOVE) {
			m = apart_move(pos, t.text, t.len, in_check);
			type = PIECE_TYPE(pos->board[MOVE_FROM(m.move)]);
			to = MOVE_TO(m.move);
		} else {
			m.move = token_move(pos, kind, &t, in_check, &type);
			if (kind == PLAIN_CASTLE)
				to = MOVE_TO(m.move);
		}
		if (m.move == MOVE_NONE ||
		    !play(pos, m.move, MAKE_PIECE(pos->side, type), to, m.check,
			  &in_check, v, no_before, keys, keyed))
			return NOT_PLAIN;
		keylist_push(keys, keyed ? pos->key : log_entry(m.move, rights));
		half++;
	}
}

/* The loop twice over, with and without a visitor, so that the one with
 * the visitor a constant NULL (pgn-validate's) has no test or copy for it
 * per move.  The helpers are forced inline: built twice, the loop had
 * grown past what gcc inlines by itself, and calls to make and the check
 * test cost 5.6% more instructions (callgrind; now 0.7% over the loop
 * before visitors). */
static __attribute__((noinline)) long
main_line_plain(const char *p, const char *end, struct position *pos,
		struct keylist *keys)
{
	int start_ep = pos->ep, start_side = pos->side;
	uint32_t start_fullmove = pos->fullmove;
	long plies = main_line(p, end, pos, keys, NULL, true, false);
	if (plies >= 0)
		keys_from_log(keys, pos, start_ep, start_fullmove, start_side,
			      plies);
	return plies;
}

static __attribute__((noinline)) long
main_line_visited(const char *p, const char *end, struct position *pos,
		  struct keylist *keys, const struct replay_visitor *vis)
{
	/* Built twice again: a visitor that never reads the position
	 * before (pgn-convert's) costs no test for a copy per move. */
	if (vis->no_before)
		return main_line(p, end, pos, keys, vis, true, true);
	return main_line(p, end, pos, keys, vis, false, true);
}

long lr_quick_main_line(const char *p, const char *end, struct position *pos,
			struct keylist *keys, const struct replay_visitor *vis)
{
	long plies = vis ? main_line_visited(p, end, pos, keys, vis)
			 : main_line_plain(p, end, pos, keys);
	/* The last span, now with its keys either way. */
	if (plies >= 0 && pos->halfmove >= FIVEFOLD_MIN_SPAN &&
	    span_may_draw(pos, keys, true))
		return NOT_PLAIN;
	return plies;
}
