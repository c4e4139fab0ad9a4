/* Moves to text: SAN, LAN, coordinate and figurine notation (pawnkit-notation(5)).
 *
 * Everything is driven by the move flags and the board, never by the
 * variant's id: a rocket is written "^" because the move carries MF_ROCKET,
 * so a new variant that reuses a flag gets its notation for free.  The text
 * is built in a local buffer and copied out, so a short caller buffer only
 * truncates (never splitting a UTF-8 glyph). */
#include <string.h>

#include "internal.h"

/* Piece letters and figurine glyphs by type.  Figurine SAN uses the white
 * glyphs for both sides (U+2654..U+2659); a tandem is two pawn glyphs. */
static const char piece_letter[PIECE_TYPES] = { 0, 'P', 'N', 'B', 'R', 'Q',
						'K', 'T' };
static const char *const piece_glyph[PIECE_TYPES] = {
	"", "\xE2\x99\x99", "\xE2\x99\x98", "\xE2\x99\x97", "\xE2\x99\x96",
	"\xE2\x99\x95", "\xE2\x99\x94", "\xE2\x99\x99\xE2\x99\x99",
};

/* Markers written after the destination, one per move kind. */
static const struct {
	unsigned flag;
	const char *text;
} markers[] = {
	{ MF_ROCKET, "^" }, { MF_SHARE, "&" }, { MF_PUSH, "(p)" },
};

struct text {
	char b[64];		/* longer than any move text (about 24 bytes) */
	size_t n;
	bool figurine;
};

static void put_char(struct text *t, char c)
{
	if (t->n + 1 < sizeof t->b)
		t->b[t->n++] = c;
}

static void put_str(struct text *t, const char *s)
{
	while (*s)
		put_char(t, *s++);
}

static void put_square(struct text *t, int sq)
{
	put_char(t, (char)('a' + FILE_OF(sq)));
	put_char(t, (char)('1' + RANK_OF(sq)));
}

static void put_piece(struct text *t, int type)
{
	if (t->figurine)
		put_str(t, piece_glyph[type]);
	else
		put_char(t, piece_letter[type]);
}

/* ------------------------------------------------------- move anatomy */

/* What the text of a move depends on, read once from board and flags. */
struct anatomy {
	int from, to, promo;
	unsigned flags;
	int mover;		/* type of the piece moving; TANDEM for unit moves */
	bool pawnlike;		/* pawn, or one member of a tandem: no letter */
	int victim;		/* type to name after 'x' (Pauli), else 0 */
};

/* The victim is named only when the destination holds two enemy pieces of
 * different kinds, so "x" alone would not say which one goes. */
static int named_victim(const struct position *pos, move_t m)
{
	int to = MOVE_TO(m);
	uint8_t a = pos->board[to], b = pos->board2[to];
	if (!(MOVE_FLAGS(m) & MF_CAPTURE) || !a || !b)
		return 0;
	if (PIECE_COLOR(a) == pos->side || PIECE_COLOR(b) == pos->side ||
	    PIECE_TYPE(a) == PIECE_TYPE(b))
		return 0;
	return PIECE_TYPE((MOVE_FLAGS(m) & MF_VICTIM2) ? b : a);
}

static struct anatomy anatomy_of(const struct position *pos, move_t m)
{
	struct anatomy a = {
		.from = MOVE_FROM(m), .to = MOVE_TO(m), .promo = MOVE_PROMO(m),
		.flags = MOVE_FLAGS(m), .mover = move_mover_class(pos, m),
	};
	a.pawnlike = a.mover == PAWN;
	a.victim = named_victim(pos, m);
	return a;
}

/* The legal moves, generated only when the text needs them. */
struct lazy_list {
	bool ready;
	struct movelist list;
};

static const struct movelist *legal(const struct position *pos,
				    struct lazy_list *l)
{
	if (!l->ready) {
		position_legal_moves(pos, &l->list);
		l->ready = true;
	}
	return &l->list;
}

/* The legal moves that can matter when writing a move of a `type` piece
 * to `to` from one of `from`: only those, from the variant's generate_to
 * hook when it has one (a few candidates instead of every move), else the
 * whole legal list.  Callers filter either the same way. */
static const struct movelist *moves_to(const struct position *pos,
				       struct lazy_list *ll, int type, int to,
				       uint64_t from, struct movelist *scratch)
{
	void (*generate_to)(const struct position *, int, int, uint64_t,
			    struct movelist *) = pos->variant->generate_to;
	if (!generate_to || type < PAWN || type > KING)
		return legal(pos, ll);
	scratch->count = 0;
	generate_to(pos, type, to, from, scratch);
	return scratch;
}

/* Standard chess: whether a piece of `others` (of the type `type`)
 * reaches `to` at all, legal or not.  When none does, no legal move of
 * theirs needs telling apart from the one to `to`. */
static bool may_have_rival(const struct position *pos, int type, int to,
			   uint64_t others)
{
	uint64_t occ = occupied_bb(pos), reach;
	switch (type) {
	case KNIGHT: reach = lr_knight_attacks[to]; break;
	case BISHOP: reach = bishop_attacks(to, occ); break;
	case ROOK: reach = rook_attacks(to, occ); break;
	case QUEEN: reach = queen_attacks(to, occ); break;
	case KING: reach = lr_king_attacks[to]; break;
	default: return true;
	}
	return (reach & others) != 0;
}

/* ---------------------------------------------------------- pieces */

static void put_marker(struct text *t, unsigned flags)
{
	if (!(flags & MF_MARKS))	/* most moves have none */
		return;
	for (size_t i = 0; i < sizeof markers / sizeof markers[0]; i++)
		if (flags & markers[i].flag)
			put_str(t, markers[i].text);
}

static void put_promotion(struct text *t, int promo)
{
	if (promo) {
		put_char(t, '=');
		put_piece(t, promo);
	}
}

/* The victim stays a letter in figurine SAN too ("♘xBe5"): glyphs replace
 * the mover and the promotion piece only. */
static void put_capture(struct text *t, const struct anatomy *a)
{
	put_char(t, 'x');
	if (a->victim)
		put_char(t, piece_letter[a->victim]);
}

/* SAN disambiguation among every legal move of the same letter to the same
 * square, whatever its capture or marker: file if it tells them apart,
 * else rank, else both. */
static void put_disambiguation(struct text *t, const struct position *pos,
			       const struct anatomy *a, struct lazy_list *ll)
{
	bool rival = false, same_file = false, same_rank = false;
	/* A rival moves a piece of the same type (a mover class is its
	 * piece's type here) from another square of ours: with none there,
	 * nothing to generate. */
	uint64_t others = pos->by_type[a->mover] & pos->by_color[pos->side] &
			  ~BB(a->from);
	if (!others || (pos->variant->generate == standard_generate &&
			!may_have_rival(pos, a->mover, a->to, others)))
		return;
	struct movelist scratch;
	const struct movelist *l = moves_to(pos, ll, a->mover, a->to, others,
					    &scratch);
	for (unsigned i = 0; i < l->count; i++) {
		move_t o = l->moves[i];
		int from = MOVE_FROM(o);
		if (MOVE_TO(o) != a->to || from == a->from ||
		    (MOVE_FLAGS(o) & MF_CASTLE) ||
		    move_mover_class(pos, o) != a->mover)
			continue;
		rival = true;
		same_file |= FILE_OF(from) == FILE_OF(a->from);
		same_rank |= RANK_OF(from) == RANK_OF(a->from);
	}
	if (!rival)
		return;
	if (!same_file || same_rank)
		put_char(t, (char)('a' + FILE_OF(a->from)));
	if (same_file)
		put_char(t, (char)('1' + RANK_OF(a->from)));
}

/* A pawn move other than a straight non-capture starts with its origin
 * file, plus the rank when another pawn of that file reaches the square. */
static void put_pawn_origin(struct text *t, const struct position *pos,
			    const struct anatomy *a, struct lazy_list *ll)
{
	if (FILE_OF(a->from) == FILE_OF(a->to) && !(a->flags & MF_CAPTURE))
		return;
	put_char(t, (char)('a' + FILE_OF(a->from)));
	/* Another pawn (or tandem, whose members move as pawns) of ours on
	 * the file, or nothing to generate. */
	uint64_t others = (pos->by_type[PAWN] | pos->by_type[TANDEM]) &
			  pos->by_color[pos->side] &
			  (FILE_A_BB << FILE_OF(a->from)) & ~BB(a->from);
	if (!others)
		return;
	struct movelist scratch;
	const struct movelist *l = moves_to(pos, ll, PAWN, a->to, others,
					    &scratch);
	for (unsigned i = 0; i < l->count; i++) {
		move_t o = l->moves[i];
		int from = MOVE_FROM(o);
		if (MOVE_TO(o) == a->to && from != a->from &&
		    FILE_OF(from) == FILE_OF(a->from) &&
		    move_mover_class(pos, o) == PAWN) {
			put_char(t, (char)('1' + RANK_OF(a->from)));
			return;
		}
	}
}

/* Castling, flips and null moves read the same in SAN and LAN. */
static bool put_special(struct text *t, const struct anatomy *a)
{
	if (a->flags & MF_NULL)
		put_str(t, "--");
	else if (a->flags & MF_CASTLE)
		put_str(t, FILE_OF(a->to) > FILE_OF(a->from) ? "O-O" : "O-O-O");
	else if (a->flags & MF_FLIP) {
		put_square(t, a->to);
		put_char(t, '~');
	} else
		return false;
	return true;
}

static void write_san(struct text *t, const struct position *pos,
		      const struct anatomy *a, struct lazy_list *ll)
{
	if (put_special(t, a))
		return;
	if (a->pawnlike) {
		put_pawn_origin(t, pos, a, ll);
	} else {
		put_piece(t, a->mover);
		put_disambiguation(t, pos, a, ll);
	}
	if (a->flags & MF_CAPTURE)
		put_capture(t, a);
	put_square(t, a->to);
	put_marker(t, a->flags);
	put_promotion(t, a->promo);
}

static void write_lan(struct text *t, const struct anatomy *a)
{
	if (put_special(t, a))
		return;
	if (!a->pawnlike)
		put_piece(t, a->mover);
	put_square(t, a->from);
	if (a->flags & MF_CAPTURE)
		put_capture(t, a);
	else
		put_char(t, '-');
	put_square(t, a->to);
	put_marker(t, a->flags);
	put_promotion(t, a->promo);
}

/* ------------------------------------------------------- coordinates */

/* Pauli: the origin holds two friendly pieces and the other one also has a
 * legal move to the same destination, so the letter says which moves. */
static bool needs_mover_letter(const struct position *pos,
			       const struct anatomy *a, struct lazy_list *ll)
{
	uint8_t p1 = pos->board[a->from], p2 = pos->board2[a->from];
	if (!p1 || !p2 || PIECE_COLOR(p1) != PIECE_COLOR(p2))
		return false;
	const struct movelist *l = legal(pos, ll);
	for (unsigned i = 0; i < l->count; i++) {
		move_t o = l->moves[i];
		if (MOVE_FROM(o) == a->from && MOVE_TO(o) == a->to &&
		    ((MOVE_FLAGS(o) ^ a->flags) & MF_MOVER2))
			return true;
	}
	return false;
}

/* A capture needs its 'x' when a non-capture between the same squares by
 * the same piece would be written the same (EMAP/Random Pawns e.p. next to
 * a quiet move). */
static bool has_quiet_twin(const struct position *pos, const struct anatomy *a,
			   struct lazy_list *ll)
{
	const unsigned marks = MF_ROCKET | MF_SHARE | MF_PUSH | MF_CAPTURE;
	/* A move without a marker lands on an empty square, in every
	 * variant (test_notation checks it): a victim standing on `to`
	 * leaves no twin to look for, which spares a generation for nearly
	 * every capture. */
	if (pos->board[a->to] || pos->board2[a->to])
		return false;
	struct movelist scratch;
	const struct movelist *l = moves_to(pos, ll, a->mover, a->to,
					    BB(a->from), &scratch);
	for (unsigned i = 0; i < l->count; i++) {
		move_t o = l->moves[i];
		unsigned f = MOVE_FLAGS(o);
		if (MOVE_FROM(o) == a->from && MOVE_TO(o) == a->to &&
		    MOVE_PROMO(o) == a->promo && !(f & marks) &&
		    !((f ^ a->flags) & (MF_MOVER2 | MF_UNIT)))
			return true;
	}
	return false;
}

static void write_coordinate(struct text *t, const struct position *pos,
			     const struct anatomy *a, struct lazy_list *ll)
{
	if (a->flags & MF_NULL) {
		put_str(t, "0000");
		return;
	}
	if (a->flags & MF_FLIP) {
		put_special(t, a);
		return;
	}
	if (a->flags & MF_UNIT)
		put_char(t, 'T');
	else if (needs_mover_letter(pos, a, ll))
		put_piece(t, a->mover);
	put_square(t, a->from);
	put_square(t, a->to);
	put_marker(t, a->flags);
	if ((a->flags & MF_CAPTURE) && (a->victim || has_quiet_twin(pos, a, ll)))
		put_capture(t, a);
	if (a->promo)
		put_char(t, (char)(piece_letter[a->promo] - 'A' + 'a'));
}

/* ------------------------------------------------------------- output */

/* '+' or '#' for m, which led to `after`, by the variant's own attack
 * rules; 0 for neither. */
static char check_mark(const struct position *after, move_t m)
{
	if (!lr_in_check_after(after, m))
		return 0;
	return lr_has_reply(after) ? '+' : '#';
}

/* Copies at most size - 1 bytes, backing off to a UTF-8 boundary. */
static size_t copy_out(const struct text *t, char *buf, size_t size)
{
	if (size >= MOVE_TEXT_MAX && t->n < MOVE_TEXT_MAX) {
		/* All of it, as nearly every caller's buffer holds: one
		 * copy of a fixed size, where a byte loop cost more. */
		memcpy(buf, t->b, MOVE_TEXT_MAX);
		buf[t->n] = 0;
		return t->n;
	}
	if (size == 0)
		return 0;
	size_t n = t->n < size - 1 ? t->n : size - 1;
	while (n > 0 && n < t->n && ((unsigned char)t->b[n] & 0xC0) == 0x80)
		n--;
	/* A few bytes: by hand, where memcpy's call cost more. */
	for (size_t i = 0; i < n; i++)
		buf[i] = t->b[i];
	buf[n] = 0;
	return n;
}

/* The moves the plain writers below leave to the general ones: null
 * moves, markers, flips, tandem units. */
#define ODD_MOVE (MF_NULL | MF_FLIP | MF_UNIT | MF_MARKS)

/* A plain move in coordinates, "e2e4" or "e7e8q", straight into buf: no
 * marker, unit or null move, no second piece on either square (Pauli),
 * and a capture only onto its victim's square.  write_coordinate() would
 * write the same (no mover letter, no 'x': no twin to tell apart); it
 * is left the rest.  0 when the move is not plain. */
static inline __attribute__((always_inline)) size_t
plain_coordinate(const struct position *pos, move_t m, char *buf, size_t size)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	unsigned flags = MOVE_FLAGS(m);
	if ((flags & ODD_MOVE) || size < 6 || pos->board2[from] || pos->board2[to] ||
	    ((flags & MF_CAPTURE) && !pos->board[to]))
		return 0;
	size_t n = move_write_squares(m, buf);
	buf[n] = 0;
	return n;
}

size_t move_write_squares(move_t m, char *buf)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), promo = MOVE_PROMO(m);
	buf[0] = (char)('a' + FILE_OF(from));
	buf[1] = (char)('1' + RANK_OF(from));
	buf[2] = (char)('a' + FILE_OF(to));
	buf[3] = (char)('1' + RANK_OF(to));
	if (!promo)
		return 4;
	buf[4] = (char)(piece_letter[promo] - 'A' + 'a');
	return 5;
}

/* A move of standard chess with nothing odd about it (no null move):
 * plain_san() and plain_lan() write it. */
static bool plain_standard(const struct position *pos, move_t m)
{
	return pos->variant->generate == standard_generate &&
	       !(MOVE_FLAGS(m) & ODD_MOVE);
}

/* The end of a plain SAN or LAN at buf + n: destination, promotion,
 * mark, NUL; the whole length. */
static size_t plain_end(char *buf, size_t n, move_t m, char mark)
{
	int to = MOVE_TO(m), promo = MOVE_PROMO(m);
	buf[n++] = (char)('a' + FILE_OF(to));
	buf[n++] = (char)('1' + RANK_OF(to));
	if (promo) {
		buf[n++] = '=';
		buf[n++] = piece_letter[promo];
	}
	if (mark)
		buf[n++] = mark;
	buf[n] = 0;
	return n;
}

static size_t plain_castle(move_t m, char mark, char *buf)
{
	size_t n = FILE_OF(MOVE_TO(m)) > FILE_OF(MOVE_FROM(m)) ? 3 : 5;
	memcpy(buf, "O-O-O", 5);
	if (mark)
		buf[n++] = mark;
	buf[n] = 0;
	return n;
}

/* A plain_standard() move in SAN, straight into buf (MOVE_TEXT_MAX
 * bytes), as write_san() and the mark write it: in standard chess a pawn
 * is named by its file alone, and a piece needs no square of origin when
 * no other of its type reaches the destination.  0 when one may (then
 * write_san() tells them apart). */
static size_t plain_san(const struct position *pos, move_t m, char mark,
			char *buf)
{
	int from = MOVE_FROM(m), type = PIECE_TYPE(pos->board[from]);
	bool capture = MOVE_FLAGS(m) & MF_CAPTURE;
	size_t n = 0;
	if (MOVE_FLAGS(m) & MF_CASTLE)
		return plain_castle(m, mark, buf);
	if (type != PAWN) {
		uint64_t others = pos->by_type[type] &
				  pos->by_color[pos->side] & ~BB(from);
		if (others && may_have_rival(pos, type, MOVE_TO(m), others))
			return 0;
		buf[n++] = piece_letter[type];
	} else if (capture) {
		buf[n++] = (char)('a' + FILE_OF(from));
	}
	if (capture)
		buf[n++] = 'x';
	return plain_end(buf, n, m, mark);
}

/* A plain_standard() move in LAN, as write_lan() and the mark write it. */
static size_t plain_lan(const struct position *pos, move_t m, char mark,
			char *buf)
{
	int from = MOVE_FROM(m), type = PIECE_TYPE(pos->board[from]);
	size_t n = 0;
	if (MOVE_FLAGS(m) & MF_CASTLE)
		return plain_castle(m, mark, buf);
	if (type != PAWN)
		buf[n++] = piece_letter[type];
	buf[n++] = (char)('a' + FILE_OF(from));
	buf[n++] = (char)('1' + RANK_OF(from));
	buf[n++] = MOVE_FLAGS(m) & MF_CAPTURE ? 'x' : '-';
	return plain_end(buf, n, m, mark);
}

/* The mark m earned, for SAN and LAN: found in `after`, played here when
 * NULL. */
static char mark_after(const struct position *pos,
		       const struct position *after, move_t m)
{
	struct position played;
	if (MOVE_FLAGS(m) & MF_NULL)
		return 0;
	if (!after) {
		played = *pos;
		position_make(&played, m);
		after = &played;
	}
	return check_mark(after, m);
}

/* m (read into a) in notation n, with its mark, at buf. */
static size_t write_text(const struct position *pos, const struct anatomy *a,
			 struct lazy_list *ll, enum notation n, char mark,
			 char *buf, size_t size)
{
	struct text t;		/* not "= { ... }": that clears b[] too */
	t.n = 0;
	t.figurine = n == NOTATION_FIGURINE;
	switch (n) {
	case NOTATION_UCI:
		write_coordinate(&t, pos, a, ll);
		return copy_out(&t, buf, size);
	case NOTATION_LAN:
		write_lan(&t, a);
		break;
	case NOTATION_SAN:
	case NOTATION_FIGURINE:
		write_san(&t, pos, a, ll);
		break;
	}
	if (mark && !(a->flags & MF_NULL))
		put_char(&t, mark);
	return copy_out(&t, buf, size);
}

size_t move_write(const struct position *pos, move_t m, enum notation n,
		  char *buf, size_t size)
{
	return move_write_after(pos, NULL, m, n, buf, size);
}

size_t move_write_after(const struct position *pos,
			const struct position *after, move_t m,
			enum notation n, char *buf, size_t size)
{
	char mark = n == NOTATION_UCI ? 0 : mark_after(pos, after, m);
	return move_write_marked(pos, m, mark, n, buf, size);
}

size_t move_write_marked(const struct position *pos, move_t m, char mark,
			 enum notation n, char *buf, size_t size)
{
	size_t plain = 0;
	if (n == NOTATION_UCI)
		plain = plain_coordinate(pos, m, buf, size);
	else if (size >= MOVE_TEXT_MAX && plain_standard(pos, m))
		plain = n == NOTATION_SAN   ? plain_san(pos, m, mark, buf)
			: n == NOTATION_LAN ? plain_lan(pos, m, mark, buf)
					    : 0;
	if (plain)
		return plain;
	struct lazy_list ll;	/* not "= { 0 }": that clears a 2 KB list */
	ll.ready = false;
	struct anatomy a = anatomy_of(pos, m);
	return write_text(pos, &a, &ll, n, mark, buf, size);
}

/* The texts move_write_texts() has not written yet (length 0), the
 * general way. */
static void texts_general(const struct position *pos, move_t m, char mark,
			  char text[][MOVE_TEXT_MAX], size_t len[])
{
	struct lazy_list ll;
	ll.ready = false;
	struct anatomy a = anatomy_of(pos, m);
	for (int n = NOTATION_SAN; n <= NOTATION_UCI; n++)
		if (!len[n])
			len[n] = write_text(pos, &a, &ll, (enum notation)n,
					    mark, text[n], MOVE_TEXT_MAX);
}

void move_write_texts(const struct position *pos, move_t m, char mark,
		      char text[][MOVE_TEXT_MAX], size_t len[])
{
	bool plain = plain_standard(pos, m);
	len[NOTATION_SAN] = plain ? plain_san(pos, m, mark,
					      text[NOTATION_SAN]) : 0;
	len[NOTATION_LAN] = plain ? plain_lan(pos, m, mark,
					      text[NOTATION_LAN]) : 0;
	len[NOTATION_UCI] = plain_coordinate(pos, m, text[NOTATION_UCI],
					     MOVE_TEXT_MAX);
	if (!len[NOTATION_SAN] || !len[NOTATION_LAN] || !len[NOTATION_UCI])
		texts_general(pos, m, mark, text, len);
}
