/* The replay's fast path: a standard-chess main line straight from its
 * movetext bytes.
 *
 * The general replay builds the movetext tree, then for each move item
 * parses its text, resolves it among the legal moves, plays it and checks
 * its marks, keeping what it needs to explain any fault.  Nearly every
 * real game is plain (moves, move numbers, comments, NAGs, a result) and
 * has no fault at all, and for those all that machinery only confirms.
 * So this path does the confirming alone: one loop over the bytes, each
 * move read and resolved where it stands, and at the first thing it is not
 * sure of (a variation, an unusual token or form, an ambiguity, an illegal
 * move, a wrong mark or move number) it gives up, and the caller replays
 * the game the general way, which finds and words every fault.  Giving up
 * is never wrong, only slower; accepting is right only when the general
 * replay would accept the same game with nothing to say, which is what
 * each test below mirrors (tests/unit/test_replay_quick.c and the OTB
 * corpus check the two against each other).
 *
 * Tokens are split as the movetext lexer splits them (libparse/movetext.c):
 * a move is the run of move bytes from a letter; "12." and "12..." are
 * move numbers; the reader has already found the game's end, its flags
 * and every syntax fault, so a game with any of those never comes here. */
#include <string.h>

#include "standard_inline.h"

enum { NOT_PLAIN = -1 };

static inline bool is_move_byte(unsigned char c)
{
	return pgn_byte_class[c] & PGN_BYTE_MOVE;
}

static inline bool is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* ------------------------------------------------------------ resolving */

/* Out of check, a move of a piece other than the king is legal unless it
 * leaves a line between our king and an enemy slider: only a piece on one
 * of the king's lines needs a look, and then only at the sliders on that
 * line. */
static inline bool unpinned_after(const struct position *pos, int ksq,
				  int from, int to)
{
	/* line_bb is empty off the king's lines: no test whether `from` is
	 * on one, which is as good as random. */
	uint64_t sliders = aligned_sliders(pos, ksq, pos->side ^ 1) &
			   line_bb[ksq][from] & ~BB(to);
	return !sliders || !slider_sees(ksq, sliders,
					(occupied_bb(pos) & ~BB(from)) | BB(to));
}

/* Not decided inline: ask the general resolver (exact_resolve()). */
#define MOVE_ASK ((move_t)UINT32_MAX)

/* The one legal move among origins `from` (a piece other than the king
 * moving to `to`): decided here in the common case, one candidate and
 * out of check; MOVE_NONE when there is no candidate; else MOVE_ASK. */
static inline move_t one_legal(const struct position *pos, uint64_t from,
			       int to, int promo, unsigned flags,
			       bool in_check)
{
	if (!from)
		return MOVE_NONE;
	if ((from & (from - 1)) || in_check)
		return MOVE_ASK;
	int sq = lsb(from);
	int ksq = lsb(pieces_bb(pos, pos->side, KING));
	if (!unpinned_after(pos, ksq, sq, to))
		return MOVE_NONE;
	return MOVE(sq, to, promo, flags);
}

/* What the general resolver makes of s: the move when exactly one fits
 * it exactly, which is what the full replay accepts without a word, else
 * MOVE_NONE.  For what is not decided inline (several candidates, check,
 * en passant, castling): rarer, and then the general rules are the ones
 * to follow, not a copy of them. */
static __attribute__((noinline)) move_t
exact_resolve(const struct position *pos, const struct san *s)
{
	struct diag warn, err;
	move_t m;
	return move_resolve(pos, s, false, &m, &warn, &err) == 0 ? m
								   : MOVE_NONE;
}

/* A pawn move in plain SAN: "e4", "exd5", "e8=Q". */
static move_t pawn_move(const struct position *pos, const struct san *s,
			uint64_t hint, bool in_check)
{
	int us = pos->side, to = s->to;
	bool last = RANK_OF(to) == (us == WHITE ? 7 : 0);
	int promo = san_letter_type(s->promotion);
	if (last != (promo != 0))
		return MOVE_NONE;
	uint64_t pawns = pieces_bb(pos, us, PAWN) & hint;
	bool taken = pos->by_color[us ^ 1] & BB(to);
	if (s->capture) {
		if (!taken)
			return to == pos->ep ? MOVE_ASK : MOVE_NONE;
		return one_legal(pos, pawn_attacks[us ^ 1][to] & pawns, to,
				 promo, MF_CAPTURE, in_check);
	}
	if (taken)
		return MOVE_NONE;	/* a capture without 'x': lenient */
	/* A push: the origin is on the destination's file (the SAN has no
	 * origin file), one or, from the second rank, two squares back. */
	int one = to - FORWARD(us);
	if (one < 0 || one > 63)
		return MOVE_NONE;
	if (pawns & BB(one))
		return one_legal(pos, BB(one), to, promo, 0, in_check);
	int two = one - FORWARD(us);
	if ((occupied_bb(pos) & BB(one)) || REL_RANK(us, to) != 3 ||
	    !(pawns & BB(two)))
		return MOVE_NONE;
	return one_legal(pos, BB(two), to, 0, MF_DOUBLE, in_check);
}

/* A king step (castling is a token of its own). */
static move_t king_move(const struct position *pos, uint64_t hint, int to)
{
	int us = pos->side;
	int ksq = lsb(pieces_bb(pos, us, KING));
	if (!(hint & BB(ksq)) || !(king_attacks[ksq] & BB(to)))
		return MOVE_NONE;
	uint64_t occ = occupied_bb(pos) ^ BB(ksq);
	if (standard_attacked_without(pos, to, us ^ 1, occ, 0))
		return MOVE_NONE;
	unsigned flags = (pos->by_color[us ^ 1] & BB(to)) ? MF_CAPTURE : 0;
	return MOVE(ksq, to, 0, flags);
}

/* A piece move in plain SAN ("Nf3", "Nbxd7", "R1e2", "Kxe2"): the one
 * legal move it names exactly (what resolve_plain() finds over
 * standard_generate_to()), MOVE_NONE, or MOVE_ASK. */
static inline __attribute__((always_inline)) move_t
piece_move(const struct position *pos, const struct san *s, bool in_check)
{
	int us = pos->side, to = s->to;
	uint64_t tobb = BB(to);
	if (pos->by_color[us] & tobb)
		return MOVE_NONE;
	uint64_t hint = hint_mask(s->from_file, s->from_rank);
	bool taken = pos->by_color[us ^ 1] & tobb;
	if (taken != s->capture)
		return MOVE_NONE;	/* 'x' missing (lenient) or wrong */
	int type = san_letter_type(s->piece);
	if (type == KING)
		return king_move(pos, hint, to);
	/* Knights, bishops, rooks and queens reach `to` from where they
	 * would attack it on an empty board: a table, not a switch on the
	 * letter (which mispredicted a third of the time). */
	uint64_t occ = occupied_bb(pos);
	uint64_t from = empty_board_attacks[type][to] &
			pieces_bb(pos, us, type) & hint;
	/* A slider reaches `to` when nothing is between (a knight has
	 * nothing between).  Without a branch: whether a piece is blocked
	 * is as good as random, and mispredicting it cost more. */
	for (uint64_t f = from; f; f &= f - 1)
		from &= ~(f & -f & -(uint64_t)((between_bb[lsb(f)][to] & occ) != 0));
	return one_legal(pos, from, to, 0, taken ? MF_CAPTURE : 0, in_check);
}

/* A pawn move in plain SAN ("e4", "exd5", "e8=Q"): as piece_move(). */
static inline __attribute__((always_inline)) move_t
pawn_san_move(const struct position *pos, const struct san *s, bool in_check)
{
	if (pos->by_color[pos->side] & BB(s->to))
		return MOVE_NONE;
	return pawn_move(pos, s, hint_mask(s->from_file, s->from_rank),
			 in_check);
}

/* The one legal move that any SAN of san_parse_quick() names exactly,
 * MOVE_NONE, or MOVE_ASK (the fast loop calls the two above itself). */
static move_t resolve_inline(const struct position *pos, const struct san *s,
			     bool in_check)
{
	if (s->piece)
		return s->promotion ? MOVE_NONE : piece_move(pos, s, in_check);
	return pawn_san_move(pos, s, in_check);
}

static inline move_t resolve(const struct position *pos,
			     const struct san *s, bool in_check)
{
	move_t m = resolve_inline(pos, s, in_check);
	return m == MOVE_ASK ? exact_resolve(pos, s) : m;
}

/* ---------------------------------------------------------------- tokens */

/* A castling token, its check mark in *check: "O-O", "O-O-O", each
 * perhaps with '+' or '#'.  -1 when the token is not one; else 1 for the
 * long side, 0 for the short. */
static int castle_token(const char *p, size_t n, char *check)
{
	*check = 0;
	if (n > 0 && (p[n - 1] == '+' || p[n - 1] == '#'))
		*check = p[--n];
	if (n == 3 && !memcmp(p, "O-O", 3))
		return 0;
	if (n == 5 && !memcmp(p, "O-O-O", 5))
		return 1;
	return -1;
}

static inline bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static inline bool is_rank(char c) { return c >= '1' && c <= '8'; }

/* The longest token plain_san() reads, "exd8=Q+", and the byte after it. */
#define PLAIN_SAN_READS 8

/* The move token at p read in the same pass that finds its end: the
 * shapes san_parse_quick() reads ("e4", "exd5", "e8=Q", "Nf3", "Nxf3",
 * "Nbd7", "R1e2", "Nbxd7", "R1xe2", each perhaps with '+' or '#'), with
 * its result.  Each returns where the shape ends, or NULL when the bytes
 * do not start with one; the caller checks that the token ends there too.
 * At least PLAIN_SAN_READS bytes must be readable from p.  Pawn moves and
 * piece moves are read (and resolved) apart, so that the one test of the
 * first byte is the only branch between them. */

/* The destination square at d, and the check mark at q. */
static inline __attribute__((always_inline)) const char *
plain_san_end(const char *d, const char *q, struct san *s)
{
	s->to = (d[1] - '1') * 8 + (d[0] - 'a');
	if (*q == '+' || *q == '#')
		s->check = *q++;
	return q;
}

/* p[0] is a file: "e4", "exd5", "e8=Q", "exd8=N". */
static inline __attribute__((always_inline)) const char *
plain_pawn_san(const char *p, struct san *s)
{
	const char *d;		/* the destination square */
	*s = (struct san){ .kind = SAN_ORDINARY, .from_file = -1,
			   .from_rank = -1 };
	if (is_rank(p[1])) {
		d = p;
	} else if (p[1] == 'x' && is_file(p[2]) && is_rank(p[3])) {
		s->from_file = p[0] - 'a';
		s->capture = true;
		d = p + 2;
	} else {
		return NULL;
	}
	const char *q = d + 2;
	if (q[0] == '=' && (q[1] == 'Q' || q[1] == 'R' || q[1] == 'B' ||
			    q[1] == 'N')) {
		s->promotion = q[1];
		q += 2;
	}
	return plain_san_end(d, q, s);
}

/* p[0] is a piece letter: "Nf3", "Nxf3", "Nbd7", "R1e2", "Nbxd7". */
static inline __attribute__((always_inline)) const char *
plain_piece_san(const char *p, struct san *s)
{
	const char *q = p + 1;
	*s = (struct san){ .kind = SAN_ORDINARY, .from_file = -1,
			   .from_rank = -1, .piece = p[0] };
	if (is_file(q[0]) && is_rank(q[1]) &&
	    !(is_file(q[2]) || is_rank(q[2]) || q[2] == 'x'))
		return plain_san_end(q, q + 2, s);
	if (is_file(q[0]))
		s->from_file = *q++ - 'a';
	else if (is_rank(q[0]))
		s->from_rank = *q++ - '1';
	if (q[0] == 'x') {
		s->capture = true;
		q++;
	}
	if (!is_file(q[0]) || !is_rank(q[1]))
		return NULL;
	return plain_san_end(q, q + 2, s);
}

static inline __attribute__((always_inline)) const char *
plain_san(const char *p, struct san *s)
{
	return is_file(p[0]) ? plain_pawn_san(p, s) : plain_piece_san(p, s);
}

/* exact_resolve() of the plain token at p, read again. */
static __attribute__((noinline)) move_t
exact_resolve_at(const struct position *pos, const char *p)
{
	struct san s;
	plain_san(p, &s);
	return exact_resolve(pos, &s);
}

/* Reads the move token at p (whose first byte is a move's) and plays it
 * (shown to vis, when there is one): its end, or NULL when it is not
 * plain or not exactly right.  *in_check: the side to move is in
 * check, before the move and after. */
static bool span_may_draw(const struct position *pos,
			  const struct keylist *keys, bool keyed);

static inline __attribute__((always_inline)) const char *
play_token(const char *p, const char *end, struct position *pos,
	   bool *in_check, const struct replay_visitor *vis,
	   const struct keylist *keys, bool keyed, move_t *played)
{
	const char *q = NULL;
	move_t m;
	char check;
	if (*p != 'O' && end - p > PLAIN_SAN_READS) {
		/* This san's address is never taken, so it lives in
		 * registers: the rare case that asks the general resolver
		 * reads the token again into a san of its own. */
		struct san s;
		if (is_file(p[0])) {
			q = plain_pawn_san(p, &s);
			if (!q || is_move_byte((unsigned char)*q) || *q == '(')
				return NULL;
			m = pawn_san_move(pos, &s, *in_check);
		} else {
			q = plain_piece_san(p, &s);
			if (!q || is_move_byte((unsigned char)*q) || *q == '(')
				return NULL;
			m = piece_move(pos, &s, *in_check);
		}
		if (m == MOVE_ASK)
			m = exact_resolve_at(pos, p);
		check = s.check;
	} else {
		struct san s;
		/* Near the end of the game's bytes, or castling: the token's
		 * end first, then its reading. */
		for (q = p + 1; q < end && is_move_byte((unsigned char)*q);)
			q++;
		/* "(p)" may continue a token (the push marker), and a token
		 * ending in '.' is not read as a move: the lexer's cases. */
		if (q == end || *q == '(' || q[-1] == '.')
			return NULL;
		if (*p == 'O') {
			int side = castle_token(p, (size_t)(q - p), &s.check);
			if (side < 0)
				return NULL;
			/* Once or twice a game, and the general resolver
			 * took 550 instructions to find it among the king's
			 * moves: the rules of castling, directly. */
			m = *in_check ? MOVE_NONE : standard_castle(pos, side);
		} else {
			if (san_parse_quick(p, (size_t)(q - p), &s) != 0)
				return NULL;
			m = resolve(pos, &s, *in_check);
		}
		check = s.check;
	}
	if (m == MOVE_NONE)
		return NULL;
	/* A capture or pawn move closes a long span of reversible moves:
	 * did an automatic draw come in it?  (One test per move.) */
	if (pos->halfmove >= FIVEFOLD_MIN_SPAN &&
	    ((MOVE_FLAGS(m) & MF_CAPTURE) ||
	     PIECE_TYPE(pos->board[MOVE_FROM(m)]) == PAWN) &&
	    span_may_draw(pos, keys, keyed))
		return NULL;
	struct position before;
	uint32_t ply = move_ply(pos);
	bool keep = vis && vis->move && !vis->no_before &&
		    (!vis->want_before || *vis->want_before);
	if (keep)
		before = *pos;
	uint8_t piece = pos->board[MOVE_FROM(m)];	/* standard: no MF_MOVER2 */
	standard_make_body(pos, m, keyed);
	*played = m;
	char actual = 0;
	if (standard_gives_check_inline(pos, m))
		actual = standard_has_move(pos) ? '+' : '#';
	*in_check = actual != 0;
	if (vis && vis->move)
		vis->move(vis->ctx, &(struct replay_step){
			.before = keep ? &before : NULL, .after = pos,
			.move = m, .ply = ply, .check = actual != 0,
			.piece = piece });
	return actual == check ? q : NULL;
}

/* The termination marker [p, q), or false. */
static bool is_result(const char *p, const char *q)
{
	size_t n = (size_t)(q - p);
	return (n == 3 && (!memcmp(p, "1-0", 3) || !memcmp(p, "0-1", 3))) ||
	       (n == 7 && !memcmp(p, "1/2-1/2", 7));
}

/* Only blanks from p to end (what may follow the marker here). */
static bool only_blanks(const char *p, const char *end)
{
	for (; p < end; p++)
		if (*p != ' ' && *p != '\n' && *p != '\r' && *p != '\t')
			return false;
	return true;
}

/* The kinds of byte that start what plain movetext holds. */
enum { QC_OTHER, QC_BLANK, QC_MOVE, QC_DIGIT };
static const uint8_t quick_class[256] = {
	[' '] = QC_BLANK, ['\n'] = QC_BLANK, ['\r'] = QC_BLANK,
	['\t'] = QC_BLANK,
	['a'] = QC_MOVE, ['b'] = QC_MOVE, ['c'] = QC_MOVE, ['d'] = QC_MOVE,
	['e'] = QC_MOVE, ['f'] = QC_MOVE, ['g'] = QC_MOVE, ['h'] = QC_MOVE,
	['N'] = QC_MOVE, ['B'] = QC_MOVE, ['R'] = QC_MOVE, ['Q'] = QC_MOVE,
	['K'] = QC_MOVE, ['O'] = QC_MOVE,
	['0'] = QC_DIGIT, ['1'] = QC_DIGIT, ['2'] = QC_DIGIT, ['3'] = QC_DIGIT,
	['4'] = QC_DIGIT, ['5'] = QC_DIGIT, ['6'] = QC_DIGIT, ['7'] = QC_DIGIT,
	['8'] = QC_DIGIT, ['9'] = QC_DIGIT,
};

/* What is neither a move, a move number nor a blank: a comment, a NAG,
 * a suffix annotation, the marker.  Where it ends, or NULL when it is not
 * plain; *done when it was the termination marker (and only blanks
 * follow). */
static const char *other_token(const char *p, const char *end, bool *done)
{
	const char *q;
	switch (*p) {
	case '{':
		q = memchr(p + 1, '}', (size_t)(end - p - 1));
		return q ? q + 1 : NULL;
	case ';':
		/* To the line end; the game's bytes end before a byte that
		 * starts the next game (no LF), or with the input. */
		q = pgn_find_line_end(p + 1, end, PGN_INPUT_END);
		return q ? q + 1 : end;
	case '$':
		/* A NAG: 1 to 3 digits, at most 255 (past that the lexer
		 * warns, and more than 65535 is its error). */
		for (q = p + 1; q < end && is_digit((unsigned char)*q);)
			q++;
		if (q == p + 1 || q - p > 4 ||
		    (q - p == 4 && memcmp(p + 1, "255", 3) > 0) ||
		    (q < end && is_move_byte((unsigned char)*q)))
			return NULL;
		return q;
	case '!': case '?':
		for (q = p; q < end && (*q == '!' || *q == '?');)
			q++;
		return pgn_suffix_nag(p, (size_t)(q - p)) ? q : NULL;
	case '*':
		if (p + 1 < end && is_move_byte((unsigned char)p[1]))
			return NULL;
		*done = true;
		return only_blanks(p + 1, end) ? end : NULL;
	default:
		return NULL;
	}
}

/* A move number ("12." "12...") or the termination marker at p (a
 * digit): where it ends, or NULL; *done for the marker.  A number other
 * than `fullmove`, the move number of the position where it stands, is
 * not plain: the general replay warns of it (check_number()).  The
 * digits are read in the pass that finds their end; nine at most make a
 * number here (they cannot overflow), more go the general way. */
static inline __attribute__((always_inline)) const char *
number_token(const char *p, const char *end, uint32_t fullmove, bool *done)
{
	const char *q = p + 1;
	uint32_t n = (uint32_t)(*p - '0');
	while (q < end && is_digit((unsigned char)*q))
		n = n * 10 + (uint32_t)(*q++ - '0');
	if (q < end && *q == '.' && q - p <= 9) {
		if (n != fullmove)
			return NULL;
		while (q < end && *q == '.')
			q++;
		return q + (q < end && *q == ' ');
	}
	while (q < end && is_move_byte((unsigned char)*q))
		q++;
	if (!is_result(p, q) || (q < end && *q == '('))
		return NULL;
	*done = true;
	return only_blanks(q, end) ? end : NULL;
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
		key ^= zobrist_side ^ zobrist_piece[piece][from] ^
		       zobrist_piece[piece][to];
		if (MOVE_FLAGS(m) & MF_CASTLE) {
			/* The rook goes back to its corner. */
			int home, passed;
			castle_rook_squares(from, to, &home, &passed);
			uint8_t rook = board[passed];
			board[passed] = 0;
			board[home] = rook;
			key ^= zobrist_piece[rook][home] ^
			       zobrist_piece[rook][passed];
		}
		key ^= zobrist_castling[rights_after] ^ zobrist_castling[rights];
		rights_after = rights;
		if (i == first + 1)
			key ^= zobrist_ep[ep_before(log, i, start_ep)];
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
	pos->key = standard_compute_key(pos);
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

/* Whether a key comes five times among keys[0, n).  A key holds the
 * side to move, so each is compared only with every second one after it
 * (and a fifth occurrence needs eight plies after the first at least). */
static bool fivefold_among(const uint64_t *keys, size_t n)
{
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
	keys_back(keys->keys, plies, span, pos, standard_compute_key(pos),
		  NO_SQUARE, scratch);
	return fivefold_among(scratch, span + 1);
}

/* ---------------------------------------------------------------- loop */

/* The loop tests the common bytes in turn through a table, not through a
 * switch: the switch's indirect jump mispredicted about once per move. */
static inline __attribute__((always_inline)) long
main_line(const char *p, const char *end, struct position *pos,
	  struct keylist *keys, const struct replay_visitor *vis, bool keyed)
{
	/* The plies played, counted from 1 when Black began.  With keys
	 * pos->fullmove is the move number where the loop stands; without,
	 * the loop keeps no move number (see "keys at the end") and
	 * pos->fullmove stays the start's: the number is that plus half / 2
	 * (worked out at a move number only, not kept up per move). */
	long start_side = pos->side, half = start_side;
	bool in_check = standard_in_check(pos), done = false;
	while (p < end) {
		unsigned kind = quick_class[(unsigned char)*p];
		if (kind == QC_MOVE) {
			uint8_t rights = pos->castling;
			move_t m;
			p = play_token(p, end, pos, &in_check, vis, keys, keyed,
				       &m);
			if (!p)
				return NOT_PLAIN;
			keylist_push(keys, keyed ? pos->key : log_entry(m, rights));
			half++;
			/* The space after a move, taken here where it is all but
			 * certain, leaves the loop's test the token kinds only
			 * (move, move, number: a rhythm a predictor learns). */
			p += p < end && *p == ' ';
		} else if (kind == QC_BLANK) {
			p++;
		} else {
			if (kind == QC_DIGIT)
				p = number_token(p, end,
						 keyed ? pos->fullmove
						       : pos->fullmove +
							 (uint32_t)(half >> 1),
						 &done);
			else
				p = other_token(p, end, &done);
			if (!p)
				return NOT_PLAIN;
			if (done)
				return half - start_side;
		}
	}
	return NOT_PLAIN;	/* no termination marker */
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
	long plies = main_line(p, end, pos, keys, NULL, false);
	if (plies >= 0)
		keys_from_log(keys, pos, start_ep, start_fullmove, start_side,
			      plies);
	return plies;
}

static __attribute__((noinline)) long
main_line_visited(const char *p, const char *end, struct position *pos,
		  struct keylist *keys, const struct replay_visitor *vis)
{
	return main_line(p, end, pos, keys, vis, true);
}

long quick_main_line(const char *p, const char *end, struct position *pos,
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
