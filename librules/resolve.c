/* A move as written (struct san) to the one legal move it names.
 *
 * The hot path generates the legal moves once and filters them with integer
 * tests: destination first (it rejects almost everything), then origin
 * hints, mover, promotion and flags.  Each candidate gets a "why" set saying
 * how it falls short of an exact reading (missing 'x', missing marker...);
 * the best tier wins: exact, then coordinate captures without 'x' (a quiet
 * move between the same squares is preferred), then lenient readings.
 * Everything that explains a failure runs only on the error path. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "quick_resolve.h"

#define MOVER_ANY (-1)		/* coordinate move without a letter */
#define NO_FIT (-1)

/* "Why" bits: the parser's SL_* forms in the low byte (SL_PAWN_LETTER
 * above all the others); a flag missing from the text is that move flag
 * shifted up by 8 (so MF_CAPTURE << 8 is a missing 'x', MF_ROCKET << 8 a
 * missing '^'); and one bit that is not a warning at all but ranks a
 * coordinate capture below a quiet twin. */
#define WHY_MISSING(flag) ((unsigned)(flag) << 8)
#define WHY_IMPLICIT (1u << 24)
#define WHY_MATE_MARK (SL_PLUS_MATE | SL_DAGGER_MATE)
#define WHY_PARSER (SL_ZERO_CASTLE | SL_LOWER_PIECE | SL_EP_SUFFIX | \
		    SL_CAPITAL_FILE | SL_COLON_CAPTURE | SL_BARE_PROMOTION | \
		    SL_NOT_SAN | SL_PAWN_LETTER | WHY_MATE_MARK | \
		    SL_DASH_CASTLE)

static const struct {
	unsigned bit;
	const char *text;
} why_text[] = {
	{ SL_PLUS_MATE, "old mate mark '++' read as '#'" },
	{ SL_DAGGER_MATE, "old mate mark '\xe2\x80\xa1' read as '#'" },
	{ SL_DASH_CASTLE, "castling written with a Unicode hyphen or dash "
			  "for '-'" },
	{ SL_ZERO_CASTLE, "castling written with zeros" },
	{ SL_LOWER_PIECE, "lowercase piece letter" },
	{ SL_PAWN_LETTER, "pawn written with its letter P" },
	{ SL_EP_SUFFIX, "'e.p.' suffix" },
	{ SL_CAPITAL_FILE, "tandem unit move written with a capital file" },
	{ SL_DASH_CAPTURE, "capture written with '-'" },
	{ SL_COLON_CAPTURE, "capture written with ':'" },
	{ SL_BARE_PROMOTION, "promotion not written as '=' and a capital "
			     "letter" },
	{ SL_NOT_SAN, "move in long algebraic or coordinate notation" },
	{ WHY_MISSING(MF_CAPTURE), "missing capture mark 'x'" },
	{ WHY_MISSING(MF_ROCKET), "missing rocket marker '^'" },
	{ WHY_MISSING(MF_SHARE), "missing share marker '&'" },
	{ WHY_MISSING(MF_PUSH), "missing push marker (p)" },
};

static const unsigned marker_flag[] = {
	[SM_NONE] = 0, [SM_ROCKET] = MF_ROCKET, [SM_SHARE] = MF_SHARE,
	[SM_PUSH] = MF_PUSH,
};

static const char *const piece_name[PIECE_TYPES] = {
	"piece", "pawn", "knight", "bishop", "rook", "queen", "king", "tandem",
};
static const char *const color_name[2] = { "White", "Black" };

/* ----------------------------------------------------- move properties */

/* The kind of piece a capture takes (e.p. included). */
static int victim_type(const struct position *pos, move_t m)
{
	unsigned f = MOVE_FLAGS(m);
	int to = MOVE_TO(m);
	if (f & MF_EP)
		return PIECE_TYPE(pos->board[pos->ep_victim & 63]);
	return PIECE_TYPE((f & MF_VICTIM2) ? pos->board2[to] : pos->board[to]);
}

/* ------------------------------------------------------ what is wanted */

/* How a capture written without 'x' may still fit. */
enum xless { XLESS_IMPLICIT, XLESS_LENIENT, XLESS_DASH, XLESS_NEVER };

struct want {
	uint64_t from_mask;	/* origins the written hints allow */
	int to;
	int mover;		/* mover_class, or MOVER_ANY */
	int promo;		/* piece type, or 0 */
	unsigned need;		/* flags the move must carry (MF_CAPTURE for 'x') */
	unsigned marker;	/* MF_ROCKET/MF_SHARE/MF_PUSH written, or 0 */
	int victim;		/* piece type named after 'x', or 0 */
	bool straight;		/* pawn SAN without origin file */
	bool castle_ok;		/* a coordinate king move may be castling */
	enum xless xless;
	unsigned extra;		/* why-bits of a fallback reading */
};


/* Pauli: a move without 'x' is never a capture (the share reads so). */
static enum xless xless_rule(const struct position *pos, const struct san *s)
{
	if (s->coordinate && !s->lan)
		return XLESS_IMPLICIT;
	if (pos->variant->fen_features & FEN_F_SHARED)
		return XLESS_NEVER;
	return s->lan ? XLESS_DASH : XLESS_LENIENT;
}

static void want_init(struct want *w, const struct position *pos,
		      const struct san *s)
{
	memset(w, 0, sizeof *w);
	w->to = s->to;
	w->from_mask = hint_mask(s->from_file, s->from_rank);
	/* LAN writes every piece's letter, so a bare LAN move is a pawn's;
	 * bare coordinates may be any piece's. */
	w->mover = s->piece ? san_letter_type(s->piece)
			    : s->coordinate && !s->lan ? MOVER_ANY : PAWN;
	if (s->lenient & SL_CAPITAL_FILE)
		w->mover = TANDEM;
	w->promo = san_letter_type(s->promotion);
	w->victim = san_letter_type(s->victim);
	w->need = (s->capture || w->victim ? MF_CAPTURE : 0) |
		  ((s->lenient & SL_EP_SUFFIX) ? MF_EP : 0);
	w->marker = marker_flag[s->marker];
	w->straight = !s->coordinate && w->mover == PAWN && s->from_file < 0;
	w->castle_ok = s->coordinate;
	w->xless = xless_rule(pos, s);
}

/* ----------------------------------------------------------- matching */

static int capture_fit(const struct want *w, unsigned f)
{
	static const int why[] = {
		[XLESS_IMPLICIT] = (int)WHY_IMPLICIT,
		[XLESS_LENIENT] = (int)WHY_MISSING(MF_CAPTURE),
		[XLESS_DASH] = SL_DASH_CAPTURE,
		[XLESS_NEVER] = NO_FIT,
	};
	if (!(f & MF_CAPTURE) || (w->need & MF_CAPTURE))
		return 0;
	return why[w->xless];
}

/* A written marker must be the move's; a missing one is lenient. */
static int marker_fit(const struct want *w, unsigned f)
{
	unsigned mk = f & MF_MARKS;
	if (w->marker)
		return mk == w->marker ? 0 : NO_FIT;
	return (int)WHY_MISSING(mk);
}

/* NO_FIT, or the why-bits of reading m from the text (0: exactly). */
static int fit(const struct position *pos, const struct want *w, move_t m)
{
	unsigned f = MOVE_FLAGS(m);
	int from = MOVE_FROM(m);
	if (!(w->from_mask & BB(from)) || MOVE_PROMO(m) != w->promo ||
	    (f & w->need) != w->need)
		return NO_FIT;
	if ((f & (MF_CASTLE | MF_FLIP | MF_NULL)) &&
	    !((f & MF_CASTLE) && w->castle_ok))
		return NO_FIT;
	if (w->mover == MOVER_ANY ? (f & MF_UNIT) != 0
				  : move_mover_class(pos, m) != w->mover)
		return NO_FIT;
	if (w->straight && FILE_OF(from) != FILE_OF(w->to))
		return NO_FIT;
	if (w->victim && victim_type(pos, m) != w->victim)
		return NO_FIT;
	int mk = marker_fit(w, f), cap = capture_fit(w, f);
	if (mk < 0 || cap < 0)
		return NO_FIT;
	return mk | cap | (int)w->extra;
}

/* The candidates of the best tier so far (the first KEEP kept). */
#define KEEP 8
enum { TIER_EXACT, TIER_IMPLICIT, TIER_LENIENT, TIER_NONE };

struct found {
	int tier;
	unsigned count;
	move_t moves[KEEP];
	unsigned why[KEEP];
};

static void found_add(struct found *fd, move_t m, unsigned why)
{
	int tier = (why & ~WHY_IMPLICIT) ? TIER_LENIENT
		   : why ? TIER_IMPLICIT : TIER_EXACT;
	if (tier > fd->tier)
		return;
	if (tier < fd->tier) {
		fd->tier = tier;
		fd->count = 0;
	}
	if (fd->count < KEEP) {
		fd->moves[fd->count] = m;
		fd->why[fd->count] = why;
	}
	fd->count++;
}

#define TO_MASK MOVE(0, 63, 0, 0)
#define LANES(x) ((uint64_t)(x) << 32 | (x))

static void try_move(const struct position *pos, const struct want *w,
		     move_t m, struct found *fd)
{
	if ((m & TO_MASK) != MOVE(0, w->to, 0, 0))
		return;
	int why = fit(pos, w, m);
	if (why != NO_FIT)
		found_add(fd, m, (unsigned)why);
}

/* The hot loop.  Nearly every move goes to another square, so two moves
 * at a time are tested as one 64-bit word: after masking and xor-ing with
 * the wanted destination a lane is zero exactly where it matches, and the
 * "has a zero lane" bit trick finds it.  The lanes hold 12 bits, so the
 * trick's borrow cannot reach a lane's top bit. */
static void scan(const struct position *pos, const struct want *w,
		 const struct movelist *l, struct found *fd)
{
	const uint64_t mask = LANES(TO_MASK);
	const uint64_t bits = LANES(MOVE(0, w->to, 0, 0));
	unsigned i = 0, n = l->count;
	for (; i + 1 < n; i += 2) {
		uint64_t x;
		memcpy(&x, &l->moves[i], sizeof x);
		x = (x & mask) ^ bits;
		if ((x - LANES(1)) & ~x & LANES(0x80000000u)) {
			try_move(pos, w, l->moves[i], fd);
			try_move(pos, w, l->moves[i + 1], fd);
		}
	}
	if (i < n)
		try_move(pos, w, l->moves[i], fd);
}

static void scan_castle(bool long_side, const struct movelist *l,
			struct found *fd)
{
	for (unsigned i = 0; i < l->count; i++) {
		move_t m = l->moves[i];
		if ((MOVE_FLAGS(m) & MF_CASTLE) &&
		    (FILE_OF(MOVE_TO(m)) < FILE_OF(MOVE_FROM(m))) == long_side)
			found_add(fd, m, 0);
	}
}

static void scan_flip(int sq, const struct movelist *l, struct found *fd)
{
	for (unsigned i = 0; i < l->count; i++) {
		move_t m = l->moves[i];
		if ((MOVE_FLAGS(m) & MF_FLIP) && MOVE_TO(m) == sq)
			found_add(fd, m, 0);
	}
}

/* Readings tried only when the text fits nothing as written: LAN without
 * a piece letter as plain coordinates ("g1-f3"), Regan's capitalised file
 * ("Bxc5" by the b-file tandem when no bishop fits) and a lowercase bishop
 * ("bxc5" when no b-pawn fits). */
static void scan_fallbacks(const struct position *pos, const struct san *s,
			   const struct want *w0, const struct movelist *l,
			   struct found *fd)
{
	struct want w = *w0;
	if (s->lan && !s->piece) {
		w.mover = MOVER_ANY;
		scan(pos, &w, l, fd);
		return;
	}
	if (s->coordinate || s->from_rank >= 0)
		return;
	if (s->piece == 'B' && s->from_file < 0) {
		w.mover = TANDEM;
		w.from_mask = FILE_A_BB << 1;
		w.extra = SL_CAPITAL_FILE;
	} else if (!s->piece && s->from_file == 1) {
		w.mover = BISHOP;
		w.from_mask = ~0ULL;
		w.straight = false;
		w.extra = SL_LOWER_PIECE;
	} else {
		return;
	}
	scan(pos, &w, l, fd);
}

/* ---------------------------------------------------------- narrowing */

/* Two candidates with the same effect (Pauli: either of two like pieces
 * moves, or either of two like victims goes) are one move. */
static bool same_effect(const struct position *pos, move_t a, move_t b)
{
	const unsigned slots = MF_MOVER2 | MF_VICTIM2;
	return MOVE_FROM(a) == MOVE_FROM(b) && MOVE_TO(a) == MOVE_TO(b) &&
	       MOVE_PROMO(a) == MOVE_PROMO(b) &&
	       ((MOVE_FLAGS(a) ^ MOVE_FLAGS(b)) & ~slots) == 0 &&
	       move_mover_piece(pos, a) == move_mover_piece(pos, b) &&
	       (!(MOVE_FLAGS(a) & MF_CAPTURE) ||
		victim_type(pos, a) == victim_type(pos, b));
}

/* A capture read without its 'x' loses to a share of the same square by
 * the same piece: there the bare move names the share (pawnkit-notation(5)). */
static bool loses_to_share(const struct found *fd, unsigned i)
{
	move_t a = fd->moves[i];
	if (!(fd->why[i] & WHY_MISSING(MF_CAPTURE)))
		return false;
	for (unsigned j = 0; j < fd->count; j++) {
		move_t b = fd->moves[j];
		if ((MOVE_FLAGS(b) & MF_SHARE) && MOVE_FROM(b) == MOVE_FROM(a) &&
		    !((MOVE_FLAGS(a) ^ MOVE_FLAGS(b)) & MF_MOVER2))
			return true;
	}
	return false;
}

static void narrow(const struct position *pos, struct found *fd)
{
	if (fd->count > KEEP)
		return;
	unsigned n = 0;
	for (unsigned i = 0; i < fd->count; i++) {
		bool drop = loses_to_share(fd, i);
		for (unsigned j = 0; j < n && !drop; j++)
			drop = same_effect(pos, fd->moves[j], fd->moves[i]);
		if (drop)
			continue;
		fd->moves[n] = fd->moves[i];
		fd->why[n++] = fd->why[i];
	}
	fd->count = n;
}

/* ------------------------------------------------------------ reports */

/* SAN (or coordinates, for coordinate input) without a check mark. */
static void move_name(const struct position *pos, move_t m, bool coordinate,
		      char buf[MOVE_TEXT_MAX])
{
	size_t n = move_write(pos, m, coordinate ? NOTATION_UCI : NOTATION_SAN,
			      buf, MOVE_TEXT_MAX);
	while (n > 0 && (buf[n - 1] == '+' || buf[n - 1] == '#'))
		buf[--n] = 0;
}

/* Appends s to the string in buf, truncating; buf stays terminated. */
static void append(char *buf, size_t size, const char *s)
{
	size_t n = strlen(buf), add = strlen(s);
	if (n + 1 >= size)
		return;
	if (add > size - n - 1)
		add = size - n - 1;
	memcpy(buf + n, s, add);
	buf[n + add] = 0;
}

static int fail(struct diag *err, enum diag_code code, const char *msg)
{
	if (err)
		diag_setf(err, DIAG_ERROR, code, "%s", msg);
	return -1;
}

/* The forms of real files beside the PGN Standard have codes of their
 * own (pgn-validate(1), DIAGNOSTICS), the first of the table when a
 * move has several; every other form is "lenient". */
static enum diag_code why_code(unsigned why)
{
	if (why & WHY_MATE_MARK)
		return DC_MATE_MARK;
	return why & SL_DASH_CASTLE ? DC_CASTLING_DASH : DC_LENIENT;
}

static int report_lenient(const struct position *pos, move_t m, unsigned why,
			  bool strict, struct diag *warn, struct diag *err)
{
	char msg[DIAG_MESSAGE_MAX] = "", name[MOVE_TEXT_MAX];
	for (size_t i = 0; i < sizeof why_text / sizeof why_text[0]; i++)
		if (why & why_text[i].bit) {
			if (msg[0])
				append(msg, sizeof msg, ", ");
			append(msg, sizeof msg, why_text[i].text);
		}
	/* The move as it should be written, with its check mark where the
	 * mark is what was written wrong. */
	if (why & WHY_MATE_MARK)
		move_write(pos, m, NOTATION_SAN, name, sizeof name);
	else
		move_name(pos, m, false, name);
	struct diag *d = strict ? err : warn;
	if (d)
		diag_setf(d, strict ? DIAG_ERROR : DIAG_WARNING, why_code(why),
			  "%s (write %s)", msg, name);
	return strict ? -1 : 1;
}

/* Board order: origin first, then the rest of the encoding.  Messages list
 * and suggest moves in this order, whatever order the generator used. */
static uint64_t board_order(move_t m)
{
	return (uint64_t)MOVE_FROM(m) << 32 | m;
}

static void sort_moves(move_t *m, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i;
		     j > 0 && board_order(m[j]) < board_order(m[j - 1]); j--) {
			move_t t = m[j];
			m[j] = m[j - 1];
			m[j - 1] = t;
		}
}

static int report_ambiguous(const struct position *pos, const struct san *s,
			    const struct found *fd, struct diag *err)
{
	char msg[DIAG_MESSAGE_MAX] = "ambiguous move: ", name[MOVE_TEXT_MAX];
	unsigned shown = fd->count < KEEP ? fd->count : KEEP;
	move_t moves[KEEP];
	memcpy(moves, fd->moves, sizeof moves);
	sort_moves(moves, shown);
	for (unsigned i = 0; i < shown; i++) {
		bool last = i + 1 == shown && shown == fd->count;
		if (i > 0)
			append(msg, sizeof msg, last ? " and " : ", ");
		move_name(pos, moves[i], s->coordinate, name);
		append(msg, sizeof msg, name);
	}
	if (shown < fd->count)
		append(msg, sizeof msg, " and more");
	append(msg, sizeof msg, fd->count == 2 ? " both fit" : " all fit");
	return fail(err, DC_AMBIGUOUS_MOVE, msg);
}

/* Why nothing fits: the error path, at the end of this file. */
static void explain(const struct position *pos, const struct san *s,
		    const struct want *w, const struct movelist *l, char *buf,
		    size_t size);

/* The fast path.  Every move fit() accepts goes to w->to and (unless the
 * text names no mover) has w->mover as its mover, so the variant's
 * generate_to hook lists every candidate there is, and only those.  Its
 * answer is taken when exactly one fits: no fit and several fits go the
 * full way, whose fallback readings and messages look at every move. */
static bool resolve_targeted(const struct position *pos, const struct san *san,
			     const struct want *w, struct found *fd)
{
	void (*generate_to)(const struct position *, int, int, uint64_t,
			    struct movelist *) = pos->variant->generate_to;
	struct movelist l;
	l.count = 0;
	if (!generate_to)
		return false;
	if (san->kind == SAN_CASTLE_SHORT || san->kind == SAN_CASTLE_LONG) {
		bool long_side = san->kind == SAN_CASTLE_LONG;
		int back = pos->side == WHITE ? 0 : 7;
		generate_to(pos, KING, SQ(long_side ? 2 : 6, back), ~0ULL, &l);
		scan_castle(long_side, &l, fd);
	} else if (san->kind == SAN_ORDINARY && w->mover >= PAWN &&
		   w->mover <= KING) {
		/* fit() turns away origins outside w->from_mask anyway. */
		generate_to(pos, w->mover, w->to, w->from_mask, &l);
		scan(pos, w, &l, fd);
	} else {
		return false;
	}
	return fd->count == 1;
}

/* Every legal move, then the fallback readings, narrowing and, when
 * nothing or several fit, the message.  0 with fd holding one move, or -1
 * with *err. */
static int resolve_full(const struct position *pos, const struct san *san,
			const struct want *w, struct found *fd,
			struct diag *err)
{
	struct movelist l;
	*fd = (struct found){ .tier = TIER_NONE, .count = 0 };
	position_legal_moves(pos, &l);
	if (san->kind == SAN_CASTLE_SHORT || san->kind == SAN_CASTLE_LONG)
		scan_castle(san->kind == SAN_CASTLE_LONG, &l, fd);
	else if (san->kind == SAN_FLIP)
		scan_flip(san->to, &l, fd);
	else {
		scan(pos, w, &l, fd);
		if (fd->count == 0)
			scan_fallbacks(pos, san, w, &l, fd);
	}
	if (fd->count > 1)
		narrow(pos, fd);
	if (fd->count == 0) {
		char msg[DIAG_MESSAGE_MAX];
		explain(pos, san, w, &l, msg, sizeof msg);
		return fail(err, DC_ILLEGAL_MOVE, msg);
	}
	if (fd->count > 1)
		return report_ambiguous(pos, san, fd, err);
	return 0;
}

/* Plain SAN ("Nf3", "exd5", "e8=Q", hints allowed) has one reading, so
 * with the generate_to hook a candidate either fits exactly or not at all:
 * the tests below are fit()'s for that reading.  Anything a tier or a
 * message would hang on (a capture without 'x', a marker, no fit, several
 * fits) is left to the general path, which decides it from scratch.  Most
 * moves end here, at a fraction of the general path's cost. */
static bool resolve_plain(const struct position *pos, const struct san *san,
			  move_t *out)
{
	void (*generate_to)(const struct position *, int, int, uint64_t,
			    struct movelist *) = pos->variant->generate_to;
	if (!generate_to || san->kind != SAN_ORDINARY || san->victim ||
	    san->marker != SM_NONE || san->lenient || san->coordinate)
		return false;
	int mover = san->piece ? san_letter_type(san->piece) : PAWN;
	if (mover < PAWN || mover > KING)
		return false;
	struct movelist l;
	uint64_t from_mask = hint_mask(san->from_file, san->from_rank);
	l.count = 0;
	generate_to(pos, mover, san->to, from_mask, &l);
	int promo = san_letter_type(san->promotion);
	bool straight = mover == PAWN && san->from_file < 0;
	unsigned capture = san->capture ? MF_CAPTURE : 0, fits = 0;
	for (unsigned i = 0; i < l.count; i++) {
		move_t m = l.moves[i];
		unsigned f = MOVE_FLAGS(m);
		int from = MOVE_FROM(m);
		if (!(from_mask & BB(from)) || MOVE_PROMO(m) != promo ||
		    (f & capture) != capture || (f & MF_CASTLE) ||
		    (straight && FILE_OF(from) != FILE_OF(san->to)))
			continue;
		if ((f & ~(MF_CAPTURE | MF_DOUBLE | MF_EP)) ||
		    (f & MF_CAPTURE) != capture || fits++)
			return false;
		*out = m;
	}
	return fits == 1;
}

/* ---------------------------------------------------- foreign notation */

/* The kinds of move that a marker or '~' writes (pawnkit-notation(5)). */
static const struct {
	unsigned move;
	const char *text, *name;
} move_marks[] = {
	{ MF_ROCKET, "^", "rocket" }, { MF_SHARE, "&", "share" },
	{ MF_PUSH, "(p)", "push" }, { MF_FLIP, "~", "flip" },
};

/* The mover letter as written: Regan's capital file ("D" of "Dd1"), a
 * lower-case letter, or the letter itself (a figurine's too). */
static char written_letter(const struct san *s)
{
	if ((s->lenient & SL_CAPITAL_FILE) && s->from_file >= 0)
		return (char)('A' + s->from_file);
	if (s->lenient & SL_LOWER_PIECE)
		return (char)(s->piece - 'A' + 'a');
	return s->piece;
}

/* A move written with a mover letter, marker or '~' that is no part of
 * the variant's SAN is said to be so, in no variant's terms: matched
 * against the legal moves it would only be explained by what the variant
 * lacks ("White has no tandem" in standard chess).  -1 with *err, or 0. */
static int foreign_notation(const struct variant *v, const struct san *s,
			    struct diag *err)
{
	unsigned kind = s->kind == SAN_FLIP ? MF_FLIP : marker_flag[s->marker];
	if (s->piece && s->piece != 'P' && !strchr(v->san_pieces, s->piece)) {
		char letters[16] = "";	/* "K Q R B N" */
		for (const char *p = v->san_pieces; *p; p++) {
			char one[3] = { *p, p[1] ? ' ' : 0, 0 };
			append(letters, sizeof letters, one);
		}
		char letter = written_letter(s);
		if (!err)
			return -1;
		/* "B4": a letter of the variant's, read as a capital file
		 * because no bishop move can be written so. */
		if (strchr(v->san_pieces, letter))
			diag_setf(err, DIAG_ERROR, DC_BAD_MOVE, "a bishop move "
				  "needs a destination square, and a capital "
				  "file (a tandem's unit move) is no move of %s",
				  v->name);
		else
			diag_setf(err, DIAG_ERROR, DC_BAD_MOVE, "'%c' is no "
				  "piece letter of %s (%s)", letter, v->name,
				  letters);
		return -1;
	}
	for (size_t i = 0; i < sizeof move_marks / sizeof *move_marks; i++)
		if ((kind & move_marks[i].move) && !(v->san_moves & kind)) {
			if (err)
				diag_setf(err, DIAG_ERROR, DC_BAD_MOVE, "'%s' "
					  "(%s) is not a move of %s",
					  move_marks[i].text,
					  move_marks[i].name, v->name);
			return -1;
		}
	return 0;
}

/* Everything but plain SAN; apart (and not inlined) so that the common
 * case does not pay for this one's stack frame. */
static __attribute__((noinline)) int
resolve_general(const struct position *pos, const struct san *san,
		bool strict, move_t *out, struct diag *warn, struct diag *err)
{
	*out = MOVE_NONE;
	if (san->kind == SAN_NULL)
		return fail(err, DC_NULL_MOVE,
			    "a null move is not a move of the position");
	if (foreign_notation(pos->variant, san, err) != 0)
		return -1;
	bool castle = san->kind == SAN_CASTLE_SHORT ||
		      san->kind == SAN_CASTLE_LONG;
	if (!castle && (san->to < 0 || san->to > 63))
		return fail(err, DC_BAD_MOVE, "the move has no destination");
	struct found fd = { .tier = TIER_NONE, .count = 0 };
	struct want w;
	want_init(&w, pos, san);
	if (!resolve_targeted(pos, san, &w, &fd) &&
	    resolve_full(pos, san, &w, &fd, err) != 0)
		return -1;
	*out = fd.moves[0];
	unsigned why = (fd.why[0] | (san->lenient & WHY_PARSER)) & ~WHY_IMPLICIT;
	/* Strict mode: *out still names the move, so a caller may go on. */
	return why ? report_lenient(pos, *out, why, strict, warn, err) : 0;
}

bool lr_resolve_standard(const struct position *pos, const struct san *san,
			 int in_check, move_t *out)
{
	if (pos->variant->generate_to != standard_generate_to ||
	    san->kind != SAN_ORDINARY || san->victim ||
	    san->marker != SM_NONE || san->lenient || san->coordinate)
		return false;
	int promo = san_letter_type(san->promotion);
	int type = san_letter_type(san->piece);
	if ((san->promotion && (promo < KNIGHT || promo > QUEEN)) ||
	    (san->piece && (type < KNIGHT || type > KING)))
		return false;
	/* The shapes of plain SAN only: a pawn names its file when it
	 * captures and only then ("exd5", "e4"), a piece at most one of
	 * file and rank.  The rest ("xd5", "ee4", "Qh4e1") may be lenient
	 * or wrong, which is move_resolve()'s to say. */
	if (!san->piece ? san->from_rank >= 0 ||
				  san->capture != (san->from_file >= 0)
			: san->from_file >= 0 && san->from_rank >= 0)
		return false;
	if (in_check < 0)
		in_check = lr_standard_in_check(pos);
	move_t m = san->piece ? piece_move(pos, san, in_check)
			      : pawn_san_move(pos, san, in_check);
	if (m == MOVE_NONE || m == MOVE_ASK)
		return false;
	*out = m;
	return true;
}

int move_resolve(const struct position *pos, const struct san *san,
		 bool strict, move_t *out, struct diag *warn, struct diag *err)
{
	if (resolve_plain(pos, san, out))
		return 0;
	return resolve_general(pos, san, strict, out, warn, err);
}

/* ------------------------------------------------------ why nothing fits
 *
 * First near misses: relax one part of the text at a time against the legal
 * moves and say which part was wrong, naming the move that would fit.  Then
 * geometry: which pieces of that kind could reach the square at all (by
 * FIDE movement, which every variant keeps for its pieces), and why the
 * first of them may not (pinned, check, own piece). */

/* Whether any legal move fits w; *first gets the first in board order. */
static bool any_fit(const struct position *pos, const struct want *w,
		    const struct movelist *l, move_t *first)
{
	bool found = false;
	for (unsigned i = 0; i < l->count; i++) {
		move_t m = l->moves[i];
		if (MOVE_TO(m) != w->to || fit(pos, w, m) == NO_FIT)
			continue;
		if (!found || board_order(m) < board_order(*first))
			*first = m;
		found = true;
	}
	return found;
}

static bool miss_promotion(const struct position *pos, const struct want *w0,
			   const struct movelist *l, char *buf, size_t size)
{
	struct want w = *w0;
	move_t m;
	char sq[3];
	if (w0->promo) {
		w.promo = 0;
		if (!any_fit(pos, &w, l, &m))
			return false;
		snprintf(buf, size, "no promotion on %s", square_name(w.to, sq));
		return true;
	}
	for (w.promo = KNIGHT; w.promo <= QUEEN; w.promo++)
		if (any_fit(pos, &w, l, &m)) {
			snprintf(buf, size, "promotion piece missing (=Q, =R, "
				 "=B or =N)");
			return true;
		}
	return false;
}

/* One relaxation: a change to the wanted move and what it says was off,
 * when that part of the text is off indeed (off NULL: always). */
struct relax {
	void (*apply)(struct want *w);
	const char *what;	/* printf format: %s the square */
	bool san_only;		/* a coordinate move's origin is not a hint */
	bool (*off)(const struct position *pos, const struct want *w);
};

/* The piece named after 'x' is not on the square.  When it is, the move
 * that would take another piece there says nothing about this one (Pauli:
 * "NxNe5" in check from the bishop beside that knight). */
static bool victim_missing(const struct position *pos, const struct want *w)
{
	for (int slot = 0; slot < 2; slot++) {
		uint8_t p = slot ? pos->board2[w->to] : pos->board[w->to];
		if (p && PIECE_COLOR(p) != pos->side &&
		    PIECE_TYPE(p) == w->victim)
			return false;
	}
	return true;
}

/* Whether an enemy piece stands on the square (either slot): then the
 * capture written fails for another reason than an empty square (Pauli:
 * "exe3" onto a knight, which a pawn may only share). */
static bool enemy_there(const struct position *pos, const struct want *w)
{
	uint8_t a = pos->board[w->to], b = pos->board2[w->to];
	return (a && PIECE_COLOR(a) != pos->side) ||
	       (b && PIECE_COLOR(b) != pos->side);
}

static bool no_enemy_there(const struct position *pos, const struct want *w)
{
	return !enemy_there(pos, w);
}

/* Tandem: a pawn move (member, or a bare coordinate move) onto an enemy
 * tandem, or onto the e.p. square that a tandem unit passed: only a
 * whole tandem may take a tandem (pawnkit-variants(7)), so the unit move it most
 * likely meant is the one to suggest, not another pawn's capture. */
static bool member_takes_tandem(const struct position *pos,
				const struct want *w)
{
	int sq = w->to;
	if (w->mover != PAWN && w->mover != MOVER_ANY)
		return false;
	if (!pos->board[sq] && sq == pos->ep && pos->ep_victim != NO_SQUARE)
		sq = pos->ep_victim;
	uint8_t p = pos->board[sq];
	return p && PIECE_COLOR(p) != pos->side && PIECE_TYPE(p) == TANDEM;
}

/* Whether 'x' was written: a pawn capture written without the file it
 * leaves ("Pxd5", "xd5") is told apart from a pawn move that cannot go
 * straight ("d5" with no pawn behind it). */
static bool capture_written(const struct position *pos, const struct want *w)
{
	(void)pos;
	return w->need & MF_CAPTURE;
}

static bool no_capture_written(const struct position *pos,
			       const struct want *w)
{
	return !capture_written(pos, w);
}

static void relax_victim(struct want *w) { w->victim = 0; }
static void relax_member(struct want *w) { w->mover = TANDEM; }
static void relax_capture(struct want *w)
{
	w->need &= ~MF_CAPTURE;
	w->victim = 0;
}
static void relax_xless(struct want *w) { w->xless = XLESS_LENIENT; }
static void relax_marker(struct want *w) { w->marker = 0; }
static void relax_straight(struct want *w) { w->straight = false; }
static void relax_hints(struct want *w) { w->from_mask = ~0ULL; }
static void relax_ep(struct want *w) { w->need &= ~MF_EP; }

static const struct relax relaxations[] = {
	{ relax_member, "a tandem member cannot take a tandem, only a tandem "
	  "moving as a unit can", false, member_takes_tandem },
	{ relax_victim, "the piece named after 'x' is not on %s", false,
	  victim_missing },
	{ relax_capture, "nothing to capture on %s", false, no_enemy_there },
	{ relax_capture, "'x' does not fit the move to %s", false,
	  enemy_there },
	{ relax_xless, "a move without 'x' is never a capture here", false,
	  NULL },
	{ relax_marker, "the marker written does not fit the move to %s",
	  false, NULL },
	{ relax_straight, "a pawn capture names the file the pawn leaves",
	  false, capture_written },
	{ relax_straight, "no pawn can move straight to %s", false,
	  no_capture_written },
	{ relax_hints, "the origin written does not fit the move to %s", true,
	  NULL },
	{ relax_ep, "'e.p.' written but the move to %s is not en passant",
	  false, NULL },
};

/* 'x' and a marker together: the moves a marker writes (rocket, share,
 * push) capture nothing, so the text names two moves at once, whatever
 * stands on the square.  Says so, with the moves its halves name. */
static bool miss_capture_marker(const struct position *pos,
				const struct want *w0,
				const struct movelist *l, char *buf,
				size_t size)
{
	struct want capture = *w0, marked = *w0;
	char a[MOVE_TEXT_MAX] = "", b[MOVE_TEXT_MAX] = "";
	char hint[2 * MOVE_TEXT_MAX + 24] = "";
	move_t m;
	size_t i = 0;
	if (!(w0->need & MF_CAPTURE) || !w0->marker)
		return false;
	while (i + 1 < sizeof move_marks / sizeof *move_marks &&
	       move_marks[i].move != w0->marker)
		i++;
	capture.marker = 0;
	relax_capture(&marked);
	if (any_fit(pos, &capture, l, &m))
		move_name(pos, m, false, a);
	if (any_fit(pos, &marked, l, &m))
		move_name(pos, m, false, b);
	if (a[0] || b[0])
		snprintf(hint, sizeof hint, " (did you mean %s%s%s?)",
			 a[0] ? a : b, a[0] && b[0] ? " or " : "",
			 a[0] ? b : "");
	snprintf(buf, size, "'x' and '%s' together: a %s captures nothing%s",
		 move_marks[i].text, move_marks[i].name, hint);
	return true;
}

static bool near_miss(const struct position *pos, const struct san *s,
		      const struct want *w0, const struct movelist *l, char *buf,
		      size_t size)
{
	if (miss_capture_marker(pos, w0, l, buf, size))
		return true;
	char sq[3], name[MOVE_TEXT_MAX], what[160];
	for (size_t i = 0; i < sizeof relaxations / sizeof relaxations[0]; i++) {
		struct want w = *w0;
		move_t m;
		if ((relaxations[i].san_only && s->coordinate) ||
		    (relaxations[i].off && !relaxations[i].off(pos, w0)))
			continue;
		relaxations[i].apply(&w);
		if (!any_fit(pos, &w, l, &m))
			continue;
		snprintf(what, sizeof what, relaxations[i].what,
			 square_name(w.to, sq));
		move_name(pos, m, false, name);
		snprintf(buf, size, "%s (did you mean %s?)", what, name);
		return true;
	}
	return miss_promotion(pos, w0, l, buf, size);
}

/* Own pieces of a mover class. */
static uint64_t class_bb(const struct position *pos, int mover)
{
	int us = pos->side;
	if (mover == PAWN)
		return pieces_bb(pos, us, PAWN) | pieces_bb(pos, us, TANDEM);
	if (mover == MOVER_ANY)
		return pos->by_color[us];
	return pieces_bb(pos, us, mover);
}

/* Origins from which a pawn (or tandem) of ours could reach `to` by FIDE
 * geometry: a capture onto an occupied square (or one written with 'x'),
 * or a step or double step to an empty square. */
static uint64_t pawn_reach(const struct position *pos, int to, bool capture)
{
	int us = pos->side, fwd = FORWARD(us);
	uint64_t occ = occupied_bb(pos), r = 0;
	if (capture || (occ & BB(to)))
		r |= lr_pawn_attacks[us ^ 1][to];
	if (capture || (occ & BB(to)))
		return r;
	int one = to - fwd, two = to - 2 * fwd;
	if (one >= 0 && one < 64) {
		r |= BB(one);
		if (two >= 0 && two < 64 && !(occ & BB(one)) &&
		    REL_RANK(us, two) == 1)
			r |= BB(two);
	}
	return r;
}

static uint64_t reach(const struct position *pos, int mover, int to,
		      bool capture)
{
	uint64_t occ = occupied_bb(pos);
	switch (mover) {
	case PAWN:
	case TANDEM:
		return pawn_reach(pos, to, capture);
	case KNIGHT: return lr_knight_attacks[to];
	case BISHOP: return bishop_attacks(to, occ);
	case ROOK: return rook_attacks(to, occ);
	case QUEEN: return queen_attacks(to, occ);
	case KING: return lr_king_attacks[to];
	default:
		return lr_knight_attacks[to] | queen_attacks(to, occ) |
		       pawn_reach(pos, to, capture);
	}
}

/* The slot (0: board, 1: board2) of the mover's piece on from: the one
 * of its class when two friendly pieces share the square (Pauli). */
static int mover_slot(const struct position *pos, int from, int mover)
{
	uint8_t second = pos->board2[from];
	return second && PIECE_COLOR(second) == pos->side &&
	       mover != MOVER_ANY && PIECE_TYPE(second) == mover;
}

/* Takes one piece off sq: the whole square when it holds one, else the
 * slot's piece (a piece sharing it stays, as it does in play). */
static uint8_t take_off(struct position *p, int sq, int slot)
{
	uint8_t piece = slot ? p->board2[sq] : p->board[sq];
	if (p->board2[sq])
		return position_remove_one(p, sq, slot);
	position_remove(p, sq);
	return piece;
}

/* Taking the piece off its square exposes our king. */
static bool pinned(const struct position *pos, int from, int mover)
{
	struct position p = *pos;
	int k = position_king(pos, pos->side);
	if (k == NO_SQUARE || position_in_check(pos))
		return false;
	take_off(&p, from, mover_slot(pos, from, mover));
	return pos->variant->attacked(&p, k, pos->side ^ 1);
}

static int type_on(const struct position *pos, int sq, int mover)
{
	uint8_t p = pos->board[sq];
	if (mover != MOVER_ANY && PIECE_TYPE(pos->board2[sq]) == mover)
		p = pos->board2[sq];
	return PIECE_TYPE(p);
}

/* Whether the mover's king stands attacked after the piece in slot of
 * from went to to, taking the enemy piece in slot taken of to (-1:
 * nothing; without sharing, an enemy piece there is taken all the same)
 * and, with gone, the piece left there lifted too (to ask whether that
 * piece is what gives check).  Played on a copy, by the variant's own
 * attack rules, so a message never claims a check that is not there. */
static bool attacked_after(const struct position *pos, int from, int slot,
			   int to, int taken, bool gone)
{
	struct position p = *pos;
	uint8_t piece = take_off(&p, from, slot);
	if (taken >= 0)
		take_off(&p, to, taken);
	else if (p.board[to] && PIECE_COLOR(p.board[to]) != pos->side &&
		 !(pos->variant->fen_features & FEN_F_SHARED))
		position_remove(&p, to);	/* no sharing: it is taken */
	if (gone && p.board[to])
		position_remove(&p, to);
	position_put(&p, to, piece);
	int k = position_king(&p, pos->side);
	return k != NO_SQUARE && pos->variant->attacked(&p, k, pos->side ^ 1);
}

/* The enemy pieces on to that the move written would take, as slots: the
 * one named after 'x' (Pauli), or any; none for a move that shares the
 * square (Pauli, without 'x'). */
static unsigned victim_slots(const struct position *pos, const struct want *w)
{
	unsigned slots = 0;
	if (w->xless == XLESS_NEVER && !(w->need & MF_CAPTURE))
		return 0;
	for (int slot = 0; slot < 2; slot++) {
		uint8_t p = slot ? pos->board2[w->to] : pos->board[w->to];
		if (p && PIECE_COLOR(p) != pos->side &&
		    (!w->victim || PIECE_TYPE(p) == w->victim))
			slots |= 1u << slot;
	}
	return slots;
}

/* Whether the move written is a pawn's en-passant capture: a diagonal
 * step onto the empty e.p. square with an enemy piece to take beside it.
 * (A Random Pawns pawn whose code allows a quiet diagonal step captures
 * only when the text says so.) */
static bool ep_capture(const struct position *pos, int from, int mover,
		       const struct want *w)
{
	if (w->to != pos->ep || pos->ep_victim == NO_SQUARE ||
	    pos->board[w->to] || type_on(pos, from, mover) != PAWN ||
	    FILE_OF(from) == FILE_OF(w->to))
		return false;
	uint8_t v = pos->board[pos->ep_victim];
	if (!v || PIECE_COLOR(v) == pos->side)
		return false;
	return !pos->code[from] || (w->need & MF_CAPTURE);
}

/* Would the king stand attacked after the move, whichever piece it took?
 * *left gets the slot of a taken piece after which the piece sharing the
 * square with it alone gives check (Pauli), or -1. */
static bool exposes_king(const struct position *pos, int from, int mover,
			 const struct want *w, int *left)
{
	int slot = mover_slot(pos, from, mover);
	unsigned slots = victim_slots(pos, w);
	*left = -1;
	/* En passant takes a pawn that stands beside the square, not on
	 * it, and its going may open a rank or diagonal to the king
	 * (K on a5, pawns d5 e5, rook h5: exd6 is illegal). */
	if (!slots && ep_capture(pos, from, mover, w)) {
		struct position p = *pos;
		position_remove(&p, pos->ep_victim);
		return attacked_after(&p, from, slot, w->to, -1, false);
	}
	if (!slots)
		return attacked_after(pos, from, slot, w->to, -1, false);
	for (int taken = 0; taken < 2; taken++) {
		if (!(slots & (1u << taken)))
			continue;
		if (!attacked_after(pos, from, slot, w->to, taken, false))
			return false;
		if (pos->board2[w->to] &&
		    !attacked_after(pos, from, slot, w->to, taken, true))
			*left = taken;
	}
	return true;
}

/* The variant's own rule forbids the move: say so, with the pawn's code
 * where codes decide (Random Pawns). */
static void variant_forbids(const struct position *pos, int from, int type,
			    int to, char *buf, size_t size)
{
	char a[3], b[3], code[4];
	square_name(from, a);
	square_name(to, b);
	if (pos->code[from]) {
		code_name(pos->code[from], code);
		snprintf(buf, size, "the %s on %s (code %s) cannot go to %s",
			 piece_name[type], a, code, b);
	} else {
		snprintf(buf, size, "the %s on %s cannot go to %s under the "
			 "rules of %s", piece_name[type], a, b,
			 pos->variant->name);
	}
}

/* In check, a capture on a square of two that leaves the other piece
 * there giving check (Pauli): what is taken and what stays, said. */
static void left_gives_check(const struct position *pos, int from, int type,
			     int to, int taken, char *buf, size_t size)
{
	char a[3], b[3];
	uint8_t victim = taken ? pos->board2[to] : pos->board[to];
	uint8_t other = taken ? pos->board[to] : pos->board2[to];
	square_name(from, a);
	square_name(to, b);
	snprintf(buf, size, "the king is in check and the %s on %s taking the "
		 "%s on %s does not parry it: the %s left there still gives "
		 "check", piece_name[type], a, piece_name[PIECE_TYPE(victim)],
		 b, piece_name[PIECE_TYPE(other)]);
}

/* A piece of the kind can reach the square but the move is illegal. */
static void why_not_legal(const struct position *pos, int from, int mover,
			  const struct want *w, char *buf, size_t size)
{
	char a[3], b[3];
	int type = type_on(pos, from, mover), to = w->to, left;
	uint8_t there = pos->board[to];
	square_name(from, a);
	square_name(to, b);
	if (there && PIECE_COLOR(there) == pos->side &&
	    !(pos->variant->fen_features & FEN_F_SHARED))
		snprintf(buf, size, "%s is occupied by %s's own %s", b,
			 color_name[pos->side], piece_name[PIECE_TYPE(there)]);
	else if (there && pos->board2[to] && PIECE_COLOR(there) == pos->side &&
		 PIECE_COLOR(pos->board2[to]) == pos->side)
		snprintf(buf, size, "%s already holds two of %s's pieces", b,
			 color_name[pos->side]);
	else if (!exposes_king(pos, from, mover, w, &left))
		variant_forbids(pos, from, type, to, buf, size);
	else if (type == KING)
		snprintf(buf, size, "the king would be in check on %s", b);
	else if (position_in_check(pos) && left >= 0)
		left_gives_check(pos, from, type, to, left, buf, size);
	else if (position_in_check(pos))
		snprintf(buf, size, "the king is in check and the %s on %s "
			 "going to %s does not parry it", piece_name[type], a,
			 b);
	else if (pinned(pos, from, mover))
		snprintf(buf, size, "the %s on %s is pinned", piece_name[type],
			 a);
	else
		snprintf(buf, size, "the %s on %s cannot go to %s: the king "
			 "would be in check", piece_name[type], a, b);
}

/* "on the g-file", "on rank 1", "on g1" or "" for the origin hints. */
static void hint_text(const struct san *s, char *buf, size_t size)
{
	if (s->from_file >= 0 && s->from_rank >= 0)
		snprintf(buf, size, " on %c%c", 'a' + s->from_file,
			 '1' + s->from_rank);
	else if (s->from_file >= 0)
		snprintf(buf, size, " on the %c-file", 'a' + s->from_file);
	else if (s->from_rank >= 0)
		snprintf(buf, size, " on rank %c", '1' + s->from_rank);
	else
		buf[0] = 0;
}

static void explain_ordinary(const struct position *pos, const struct san *s,
			     const struct want *w, const struct movelist *l,
			     char *buf, size_t size)
{
	char sq[3], hint[24];
	int mover = w->mover;
	uint64_t own = class_bb(pos, mover);
	if (near_miss(pos, s, w, l, buf, size))
		return;
	square_name(w->to, sq);
	hint_text(s, hint, sizeof hint);
	if (!(own & w->from_mask)) {
		snprintf(buf, size, "%s has no %s%s", color_name[pos->side],
			 mover == MOVER_ANY ? "piece" : piece_name[mover], hint);
		return;
	}
	/* A coordinate move names its origin: judge the piece standing there. */
	if (mover == MOVER_ANY) {
		int type = PIECE_TYPE(pos->board[lsb(own & w->from_mask)]);
		mover = type == TANDEM ? PAWN : type;
	}
	const char *name = piece_name[mover];
	uint64_t from = own & w->from_mask &
			reach(pos, mover, w->to, (w->need & MF_CAPTURE) != 0);
	if (w->straight)
		from &= FILE_A_BB << FILE_OF(w->to);
	if (from)
		why_not_legal(pos, lsb(from), mover, w, buf, size);
	else
		snprintf(buf, size, "no %s%s can %s %s", name, hint,
			 (w->need & MF_CAPTURE) ? "capture on" : "move to", sq);
}

/* The squares castling needs empty but for its king and rook: those the
 * king and the rook cross or reach (in standard chess, those between
 * them). */
static uint64_t castle_path(int king, int rook, int king_to, int rook_to)
{
	return lr_between_bb[king][king_to] | BB(king_to) |
	       lr_between_bb[rook][rook_to] | BB(rook_to);
}

/* The first square after the king's on to its end square (the end
 * square itself for a king that does not move) that the enemy attacks,
 * NO_SQUARE when none does.  In Chess960 king and rook are lifted off the
 * board first, as castling moves both at once (the rook may hide an
 * attack on the king's end square). */
static int castle_attacked(const struct position *pos, int king, int rook,
			   int king_to)
{
	struct position lifted = *pos;
	int step = king_to > king ? 1 : -1;
	if (pos->variant->free_castling) {
		position_remove(&lifted, king);
		position_remove(&lifted, rook);
	}
	for (int sq = king == king_to ? king : king + step;; sq += step) {
		if (pos->variant->attacked(&lifted, sq, pos->side ^ 1))
			return sq;
		if (sq == king_to)
			return NO_SQUARE;
	}
}

static const char *castle_why(const struct position *pos, bool long_side)
{
	int us = pos->side, back = us == WHITE ? 0 : 7, i = 2 * us + long_side;
	int king = position_king(pos, us), rook = pos->castle_rook[i];
	int king_to = SQ(long_side ? 2 : 6, back);
	int rook_to = SQ(long_side ? 3 : 5, back);
	if (!(pos->castling & (1u << i)) || king == NO_SQUARE ||
	    (!pos->variant->free_castling && king != SQ(4, back)))
		return "no castling right on that side";
	uint64_t occ = occupied_bb(pos) & ~BB(king) & ~BB(rook);
	uint64_t path = castle_path(king, rook, king_to, rook_to);
	if (path & occ & lr_between_bb[king][rook])
		return "squares between king and rook are occupied";
	if (path & occ)
		return "squares the king or the rook must cross or reach are "
		       "occupied";
	if (position_in_check(pos))
		return "the king is in check";
	int attacked = castle_attacked(pos, king, rook, king_to);
	if (attacked != NO_SQUARE && attacked != king_to)
		return "the king passes through an attacked square";
	if (attacked == king_to)
		return "the king would end in check";
	return "not possible here";
}

static void explain(const struct position *pos, const struct san *s,
		    const struct want *w, const struct movelist *l, char *buf,
		    size_t size)
{
	char sq[3];
	if (s->kind == SAN_CASTLE_SHORT || s->kind == SAN_CASTLE_LONG) {
		snprintf(buf, size, "castling not allowed: %s",
			 castle_why(pos, s->kind == SAN_CASTLE_LONG));
	} else if (s->kind == SAN_FLIP) {
		square_name(s->to, sq);
		if (!(class_bb(pos, PAWN) & BB(s->to & 63)))
			snprintf(buf, size, "%s has no pawn on %s to flip",
				 color_name[pos->side], sq);
		else
			snprintf(buf, size, "flipping the pawn on %s is not "
				 "legal here", sq);
	} else {
		explain_ordinary(pos, s, w, l, buf, size);
	}
}
