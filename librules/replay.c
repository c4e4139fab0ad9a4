/* Replay of a parsed game: every move of the main line and of every
 * variation (from its branch point) under the game's variant; checks of
 * check marks, result and roster; the end state of the main line. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "quick_resolve.h"
#include "standard_inline.h"
#include "../libparse/grow.h"

/* The tags replay looks at, found in one pass over the tag list (a
 * lookup by name each was a strcmp per tag per lookup, a dozen times per
 * game).  Like pgn_tag_find(), the first tag of a name counts. */
enum {
	ROSTER_TAGS = 7, TAG_VARIANT = ROSTER_TAGS, TAG_FEN, TAG_PAWNTYPES,
	TAG_SETUP, KNOWN_TAGS
};
static const char *const known_tags[KNOWN_TAGS] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Result",
	"Variant", "FEN", "PawnTypes", "SetUp",
};
enum { TAG_WHITE = 4, TAG_BLACK = 5, TAG_RESULT = 6 };

struct game_tags {
	const char *value[KNOWN_TAGS];	/* NULL when absent */
	/* Two names fell in one bin of tag_bin(): a name may repeat, and
	 * check_repeated_tags() compares the names themselves. */
	bool repeat_maybe;
};

/* Set up whole by a designated initializer (replay_tree,
 * lr_game_replay_quick): a member not named there starts at zero, none is
 * left unset. */
struct replay {
	const struct pgn_game *g;
	struct game_tags tags;
	const struct replay_opts *opts;
	const struct replay_visitor *visitor;
	diag_fn report;
	void *report_ctx;
	struct replay_result *res;
	const char *white, *black;
	/* Keys of the main line's positions, for repetition: the caller's,
	 * so that setting the replay up whole does not clear the list's
	 * two kilobytes of room, which nothing reads before writing. */
	struct keylist *keys;
	/* The fast path's trial (lr_game_replay_quick): nothing is reported,
	 * what would be is counted. */
	bool dry;
	unsigned withheld;
	unsigned reported;	/* diagnostics passed to report */
	/* Those past DIAG_GAME_MAX, and where the first of them stands. */
	unsigned long left_out;
	struct pgn_loc left_out_at;
	/* The main line's first automatic draw (FIDE 9.6: a fivefold
	 * repetition, 75 moves without a capture or pawn move): which one
	 * (GE_NONE while there is none), and the move that made it. */
	enum game_end drawn;
	const struct pgn_item *drawn_by;
	uint8_t drawn_side;		/* to move before that move */
	uint32_t drawn_fullmove;	/* before that move */
	bool drawn_reported;		/* a move after it was reported */
	/* By how much the last move number of the line being replayed
	 * differed from the fullmove number where it stood (0: it was
	 * right); a variation starts with its parent's. */
	int64_t number_off;
};

/* Where a diagnostic points and which move it is about.  The move label
 * needs only the move number and side of the position before the move, so
 * they are kept as values: the position itself is played on in place. */
struct site {
	const struct pgn_item *item;	/* NULL: the game as a whole */
	bool labelled;			/* a move: label it "12...Nf3" */
	uint8_t side;			/* to move before the move */
	uint32_t fullmove;		/* before the move */
	const char *path;
	uint32_t ply;
};

/* Reports d about the move at `at`, pointing at `place` (at->item, or
 * another token that the diagnostic is about: a move number). */
static void emit_at(struct replay *r, struct diag *d, const struct site *at,
		    const struct pgn_item *place)
{
	if (r->dry) {
		r->withheld++;
		return;
	}
	if (d->severity == DIAG_WARNING && r->opts->strict)
		d->severity = DIAG_ERROR;
	if (d->severity == DIAG_ERROR)
		r->res->errors++;
	else if (d->severity == DIAG_WARNING)
		r->res->warnings++;
	d->file = r->g->file;
	d->game = r->g->index;
	d->white = r->white;
	d->black = r->black;
	d->move[0] = d->path[0] = 0;
	d->ply = 0;
	if (place) {
		d->line = place->loc.line;
		d->col = place->loc.col;
	}
	if (at && at->labelled && at->item) {
		snprintf(d->move, sizeof d->move, "%u%s%s", at->fullmove,
			 at->side == WHITE ? "." : "...", at->item->text);
		snprintf(d->path, sizeof d->path, "%s", at->path);
		d->ply = at->ply;
	}
	if (!r->report)
		return;
	if (r->reported == DIAG_GAME_MAX) {
		/* Counted (res->errors above: callers judge a game by that,
		 * not by what they were shown), for the closing note. */
		if (r->left_out++ == 0)
			r->left_out_at = (struct pgn_loc){ d->line, d->col };
		return;
	}
	r->reported++;
	r->report(r->report_ctx, d);
}

/* The closing note of a replay that left diagnostics out (pgn.h): at the
 * first of them. */
static void emit_left_out(struct replay *r)
{
	if (!r->left_out)
		return;
	struct diag d = { .file = r->g->file, .game = r->g->index,
			  .white = r->white, .black = r->black,
			  .line = r->left_out_at.line,
			  .col = r->left_out_at.col };
	diag_set_more(&d, r->left_out);
	r->report(r->report_ctx, &d);
}

static void emit(struct replay *r, struct diag *d, const struct site *at)
{
	emit_at(r, d, at, at ? at->item : NULL);
}

static void keylist_init(struct keylist *k)
{
	k->keys = k->local;
	k->n = 0;
	k->cap = sizeof k->local / sizeof k->local[0];
}

static void keylist_release(struct keylist *k)
{
	if (k->keys != k->local)
		free(k->keys);
	keylist_init(k);
}

/* A written check mark that is not the one the move earned (actual:
 * '+', '#' or 0): said.  Rare, and out of the way of the replay's loop. */
static __attribute__((noinline, cold)) void
wrong_mark(struct replay *r, char written, char actual, const struct site *at)
{
	struct diag d = { 0 };
	if (!written)
		diag_setf(&d, DIAG_WARNING, DC_CHECK_MARK,
			  "missing '%c': the move %s", actual,
			  actual == '#' ? "mates" : "gives check");
	else if (!actual)
		diag_setf(&d, DIAG_WARNING, DC_CHECK_MARK,
			  "'%c' written but the move gives no check", written);
	else
		diag_setf(&d, DIAG_WARNING, DC_CHECK_MARK,
			  "'%c' written but the move %s", written,
			  actual == '#' ? "mates" : "does not mate");
	emit(r, &d, at);
}

/* The written check mark against the one the move earned (actual: '+',
 * '#' or 0), which it returns.  Coordinate notation has no check marks
 * (UCI writes none), so a bare "g7g8q" that checks lacks nothing; a mark
 * it does carry is still checked. */
static inline char check_mark(struct replay *r, const struct san *san,
			      char actual, const struct site *at)
{
	char written = san->check;
	if (written != actual && (written || !san->coordinate || san->lan))
		wrong_mark(r, written, actual, at);
	return actual;
}

/* Plays m on *pos (position_make()) and returns the check mark it
 * earned: '+', '#' or 0.  Standard chess's make and check test
 * (lr_in_check_after()'s) inline: once per move. */
static inline char make_marked(struct position *pos, move_t m)
{
	const struct variant *v = pos->variant;
	bool check;
	if (v->make == standard_make) {
		standard_make_inline(pos, m);
		check = v->attacked == standard_attacked
				? standard_gives_check_inline(pos, m)
				: position_in_check(pos);
	} else {
		position_make(pos, m);
		check = position_in_check(pos);
	}
	if (!check)
		return 0;
	return lr_has_reply(pos) ? '+' : '#';
}

static int play_null(struct replay *r, struct position *pos,
		     const struct site *at)
{
	struct diag d = { 0 };
	if (position_in_check(pos)) {
		diag_setf(&d, DIAG_ERROR, DC_NULL_MOVE,
			  "null move while in check");
		emit(r, &d, at);
		return -1;
	}
	diag_setf(&d, DIAG_WARNING, DC_NULL_MOVE, "null move");
	emit(r, &d, at);
	position_make_null(pos);
	return 0;
}

static const char *code_label(enum diag_code code)
{
	switch (code) {
	case DC_ILLEGAL_MOVE: return "illegal move: ";
	case DC_BAD_MOVE: return "not a move: ";
	default: return "";
	}
}

/* Prefixes the kind of problem ("illegal move: ") to a library message. */
static void emit_labelled(struct replay *r, struct diag *d,
			  const struct site *at)
{
	char msg[DIAG_MESSAGE_MAX];
	snprintf(msg, sizeof msg, "%s", d->message);
	diag_setf(d, d->severity, d->code, "%s%s", code_label(d->code), msg);
	emit(r, d, at);
}

/* A record that a failure path fills with diag_setf() and emit() then
 * completes: only the fields neither sets are cleared.  (Zeroing two whole
 * records per move cost as much as resolving the move.) */
static inline void diag_blank(struct diag *d)
{
	d->severity = DIAG_NOTE;
	d->code = DC_NONE;
	d->line = d->col = 0;
	d->message[0] = 0;
}

/* Whether a move written with its origin square in full (san, resolved
 * to m) is SAN after all: written as SAN writes it, no '-' between the
 * squares ("Qa4-d4") and no capture mark after them ("Qa4d4x"), and SAN
 * itself names the whole square, as it does when pieces of the same kind
 * that reach the destination share the origin's file and its rank
 * (PGN Standard 8.2.3.4: "Qa4d4" with queens on a1, a4 and h4). */
static bool san_needs_square(const struct position *pos, const struct san *san,
			     move_t m)
{
	char text[MOVE_TEXT_MAX];
	struct san canonical;
	struct diag err;
	if (san->lan != san->capture)
		return false;
	size_t n = move_write(pos, m, NOTATION_SAN, text, sizeof text);
	return san_parse(text, n, &canonical, &err) == 0 && canonical.coordinate;
}

/* play_resolved() for a visitor: it is shown the move, and the position
 * before it when it wants that. */
static __attribute__((noinline)) void
play_visited(struct replay *r, const struct pgn_item *item,
	     struct position *pos, unsigned depth, const struct site *at,
	     const struct san *san, move_t m, int *in_check)
{
	bool keep = !r->visitor->no_before &&
		    (!r->visitor->want_before || *r->visitor->want_before);
	struct position before;
	if (keep)
		before = *pos;
	int from = MOVE_FROM(m);
	uint8_t piece = (MOVE_FLAGS(m) & MF_MOVER2) ? pos->board2[from]
						    : pos->board[from];
	char mark = check_mark(r, san, make_marked(pos, m), at);
	bool check = mark != 0;
	*in_check = check;
	struct replay_step step = { item, keep ? &before : NULL, pos, m, depth,
				    at->ply, check, piece, mark };
	r->visitor->move(r->visitor->ctx, &step);
}

/* Plays m, resolved from san, on *pos: the check mark checked, the
 * visitor shown the move.  at: where the move stands, before it. */
static inline void play_resolved(struct replay *r, const struct pgn_item *item,
				 struct position *pos, unsigned depth,
				 const struct site *at, const struct san *san,
				 move_t m, int *in_check)
{
	if (r->visitor && r->visitor->move)
		play_visited(r, item, pos, depth, at, san, m, in_check);
	else
		*in_check = check_mark(r, san, make_marked(pos, m), at) != 0;
}

/* The codes of move_resolve()'s lenient readings, which strict mode
 * makes errors about a move that is known all the same. */
static bool lenient_code(enum diag_code code)
{
	return code == DC_LENIENT || code == DC_MATE_MARK ||
	       code == DC_CASTLING_DASH;
}

/* play_move() of a move that is not plain SAN of standard chess resolved
 * by bitboards: every form, every fault worded. */
static int play_move_general(struct replay *r, const struct pgn_item *item,
			     struct position *pos, unsigned depth,
			     const struct site *at, int *in_check)
{
	struct san san;
	struct diag err, warn;
	diag_blank(&err);
	diag_blank(&warn);
	if (san_parse(item->text, item->len, &san, &err) != 0) {
		err.severity = DIAG_ERROR;
		err.code = DC_BAD_MOVE;
		emit_labelled(r, &err, at);
		return -1;
	}
	if (san.kind == SAN_NULL) {
		*in_check = -1;
		return play_null(r, pos, at);
	}
	move_t m;
	int rc = move_resolve(pos, &san, r->opts->strict, &m, &warn, &err);
	if (r->opts->san_only && san.coordinate && rc >= 0 &&
	    !san_needs_square(pos, &san, m)) {
		san.lenient |= SL_NOT_SAN;
		diag_blank(&warn);
		rc = move_resolve(pos, &san, r->opts->strict, &m, &warn, &err);
	}
	if (rc < 0 && !lenient_code(err.code)) {
		err.severity = DIAG_ERROR;
		emit_labelled(r, &err, at);
		return -1;
	}
	/* Strict mode rejects a lenient form, but the move is known: report it
	 * and play on, so every problem of the game is reported at once. */
	if (rc != 0)
		emit(r, rc < 0 ? &err : &warn, at);
	play_resolved(r, item, pos, depth, at, &san, m, in_check);
	return 0;
}

/* Castling as plain SAN writes it, "O-O" or "O-O-O" perhaps with '+' or
 * '#', in standard chess: the move when it is legal, as move_resolve()
 * finds it with nothing to say (lr_standard_castle() makes its castling
 * moves), and *san as san_parse() reads the text for the check mark. */
static bool plain_castle(const struct position *pos, const char *text,
			 size_t len, struct san *san, move_t *m)
{
	char mark = 0;
	if (len && (text[len - 1] == '+' || text[len - 1] == '#'))
		mark = text[--len];
	bool long_side = len == 5 && !memcmp(text, "O-O-O", 5);
	if (!long_side && !(len == 3 && !memcmp(text, "O-O", 3)))
		return false;
	*san = (struct san){ .kind = long_side ? SAN_CASTLE_LONG
					       : SAN_CASTLE_SHORT,
			     .from_file = -1, .from_rank = -1, .to = -1,
			     .check = mark };
	*m = lr_standard_castle(pos, long_side);
	return *m != MOVE_NONE;
}

/* Plain SAN of standard chess resolved by bitboards (quick_resolve.h),
 * as lr_resolve_standard() does: the one legal move the text names
 * exactly, which move_resolve() finds with nothing to say; false for
 * the rest, the general path's.  The plain shapes that
 * san_parse_quick_text() reads are the ones lr_resolve_standard()
 * accepts, so its tests of the san are not made again.  Only standard
 * chess has standard_generate_to(). */
static inline bool plain_standard(const struct position *pos,
				  const struct pgn_item *item, struct san *san,
				  int in_check, move_t *m)
{
	if (pos->variant->generate_to != standard_generate_to)
		return false;
	if (san_parse_quick_text(item->text, item->len, san) != 0)
		return plain_castle(pos, item->text, item->len, san, m);
	if (in_check < 0)
		in_check = lr_standard_in_check(pos);
	*m = san->piece ? piece_move(pos, san, in_check)
			: pawn_san_move(pos, san, in_check);
	return *m != MOVE_NONE && *m != MOVE_ASK;
}

/* Plays item on *pos, in place.  0 when it was played, -1 when it could
 * not be (*pos is then unchanged).  Nearly every move is plain SAN that
 * the bitboards resolve (plain_standard()): nothing to word, no
 * diagnostic to prepare. */
static int play_move(struct replay *r, const struct pgn_item *item,
		     struct position *pos, unsigned depth, const char *path,
		     int *in_check)
{
	struct site at = { item, true, pos->side, pos->fullmove, path,
			   move_ply(pos) };
	struct san san;
	move_t m;
	if (plain_standard(pos, item, &san, *in_check, &m)) {
		play_resolved(r, item, pos, depth, &at, &san, m, in_check);
		return 0;
	}
	return play_move_general(r, item, pos, depth, &at, in_check);
}

static void replay_line(struct replay *r, const struct pgn_line *line,
			struct position *cur, unsigned depth,
			const char *path);

/* ------------------------------------------------------- move numbers */

/* A move number that is not the fullmove number of the position where it
 * stands, said at the number and labelled with the move it goes with (the
 * next one of its line: comments, NAGs and variations between change
 * nothing), when there is one.  A run of numbers all off by as much is
 * said once, at its first: a game from a [FEN] numbered from 1 anyway
 * would otherwise get a warning per move, up to the limit of reports, and
 * hide what comes after. */
static __attribute__((noinline, cold)) void
wrong_number(struct replay *r, const struct pgn_item *num,
	     const struct position *pos, const char *path)
{
	int64_t off = (int64_t)num->number - (int64_t)pos->fullmove;
	if (off == r->number_off)
		return;
	r->number_off = off;
	const struct pgn_item *move = num->next;
	while (move && move->kind != PI_MOVE)
		move = move->next;
	const char *dots = pos->side == WHITE ? "." : "...";
	struct diag d = { 0 };
	diag_setf(&d, DIAG_WARNING, DC_MOVE_NUMBER,
		  "move number %u, but this is move %u (expected \"%u%s\")",
		  num->number, pos->fullmove, pos->fullmove, dots);
	struct site at = { move, move != NULL, pos->side, pos->fullmove,
			   path, move_ply(pos) };
	emit_at(r, &d, &at, num);
}

/* A move number indication ("12." "12...") against the position where it
 * stands.  Only the number is compared, not the dots: "12." before
 * Black's twelfth move says nothing wrong about the game, and import
 * format lets a number be left out or written loosely.  A number that
 * disagrees is a warning, not an error: the moves, not their numbers,
 * make the game (pgn-extract ignores them), but a wrong number tells of
 * a move lost or a start position not the one meant. */
static inline void check_number(struct replay *r, const struct pgn_item *num,
				const struct position *pos, const char *path)
{
	if (num->number != pos->fullmove)
		wrong_number(r, num, pos, path);
	else
		r->number_off = 0;
}

/* ------------------------------------------------- automatic draws */

static int occurrences(const struct replay *r, uint64_t key, unsigned span);
static enum position_state state_of(const struct position *pos);

/* After a main-line move: whether it drew the game by itself (FIDE 9.6),
 * kept in r->drawn with the move.  The span looked at is at most 150
 * plies (past it the game is drawn and nothing more is looked for), so a
 * long game costs linear time. */
static void note_automatic_draw(struct replay *r, const struct position *pos,
				const struct pgn_item *move, uint8_t side,
				uint32_t fullmove)
{
	enum game_end drawn = GE_NONE;
	if (pos->halfmove >= SEVENTY_FIVE_PLIES) {
		/* Unless that last move mated (9.6.2). */
		if (state_of(pos) != PS_CHECKMATE)
			drawn = GE_FIFTY;
	} else if (pos->halfmove >= FIVEFOLD_MIN_SPAN &&
		   occurrences(r, pos->key, pos->halfmove) >= 5) {
		drawn = GE_REPETITION;
	}
	if (drawn == GE_NONE)
		return;
	r->drawn = drawn;
	r->drawn_by = move;
	r->drawn_side = side;
	r->drawn_fullmove = fullmove;
}

/* "fivefold repetition after 34...Ng8": what drew the game. */
static void describe_draw(const struct replay *r, char *buf, size_t size)
{
	snprintf(buf, size, "%s after %u%s%.20s",
		 r->drawn == GE_REPETITION ? "fivefold repetition (FIDE 9.6.1)"
					   : "75 moves without a capture or "
					     "pawn move (FIDE 9.6.2)",
		 r->drawn_fullmove, r->drawn_side == WHITE ? "." : "...",
		 r->drawn_by->text);
}

/* A main-line move after an automatic draw: the game was over.  Said
 * once, at the first such move; a warning, as the moves may well have
 * been played when nobody claimed the draw's due. */
static void move_after_draw(struct replay *r, const struct pgn_item *move,
			    const struct position *pos)
{
	if (r->drawn_reported)
		return;
	r->drawn_reported = true;
	char why[120];
	describe_draw(r, why, sizeof why);
	struct diag d = { 0 };
	diag_setf(&d, DIAG_WARNING, DC_RESULT,
		  "the game was already drawn by %s", why);
	struct site at = { move, true, pos->side, pos->fullmove, "",
			   move_ply(pos) };
	emit(r, &d, &at);
}

/* A variation replaces the move just played: it starts from before it. */
static void play_variation(struct replay *r, const struct pgn_item *item,
			   const struct position *branch, unsigned depth,
			   const char *path, unsigned nth)
{
	char sub[DIAG_PATH_MAX];
	struct position pos = *branch;
	int64_t number_off = r->number_off;
	snprintf(sub, sizeof sub, "%s%s%u(%u)", path, *path ? "." : "",
		 move_ply(branch), nth);
	if (r->visitor && r->visitor->enter)
		r->visitor->enter(r->visitor->ctx, item->variation, depth + 1);
	replay_line(r, item->variation, &pos, depth + 1, sub);
	r->number_off = number_off;
	if (r->visitor && r->visitor->leave)
		r->visitor->leave(r->visitor->ctx, item->variation, depth + 1);
}

static void variation_without_move(struct replay *r,
				   const struct pgn_item *item)
{
	struct diag d = { 0 };
	diag_setf(&d, DIAG_ERROR, DC_SYNTAX,
		  "a variation must follow the move it replaces");
	struct site at = { item, false, 0, 0, "", 0 };
	emit(r, &d, &at);
}

/* Whether a variation follows the move `it` before the next move: then the
 * position before `it` is the branch point and must be kept. */
static bool branches(const struct pgn_item *it)
{
	for (it = it->next; it && it->kind != PI_MOVE; it = it->next)
		if (it->kind == PI_VARIATION)
			return true;
	return false;
}

/* Plays the line on *cur in place.  The position before a move is copied
 * only when a variation branches there: most moves have none, and a copy
 * per move was a tenth of the replay's time. */
static void replay_line(struct replay *r, const struct pgn_line *line,
			struct position *cur, unsigned depth,
			const char *path)
{
	struct position before;
	bool any_move = false, dead = false, branch_ok = false;
	unsigned nth = 0;
	int in_check = -1;	/* the side to move's, -1: not known */
	for (const struct pgn_item *it = line->first; it; it = it->next) {
		if (it->kind == PI_MOVE) {
			/* After a failed move the rest of the line cannot be
			 * replayed; variations replacing the failed move can. */
			branch_ok = !dead;
			if (dead)
				continue;
			if (branches(it))
				before = *cur;
			any_move = true;
			nth = 0;
			uint8_t side = cur->side;
			uint32_t fullmove = cur->fullmove;
			if (depth == 0 && r->drawn != GE_NONE)
				move_after_draw(r, it, cur);
			dead = play_move(r, it, cur, depth, path,
					  &in_check) != 0;
			if (!dead && depth == 0) {
				r->res->plies++;
				keylist_push(r->keys, cur->key);
				if (r->drawn == GE_NONE)
					note_automatic_draw(r, cur, it, side,
							    fullmove);
			}
		} else if (it->kind == PI_MOVENUM) {
			/* After a failed move the position is not known. */
			if (!dead)
				check_number(r, it, cur, path);
		} else if (it->kind == PI_VARIATION) {
			if (!any_move)
				variation_without_move(r, it);
			else if (branch_ok)
				play_variation(r, it, &before, depth, path,
					       ++nth);
		}
	}
	if (depth == 0)
		r->res->plies_complete = !dead;
}

/* ------------------------------------------------------- end of game */

static int occurrences(const struct replay *r, uint64_t key, unsigned span)
{
	int n = 0;
	for (size_t i = r->keys->n, seen = 0; i > 0 && seen <= span;
	     i--, seen++)
		n += r->keys->keys[i - 1] == key;
	return n;
}

/* position_state(), sooner for standard chess: mate and stalemate need
 * only whether a move exists, and insufficient material needs the board
 * without pawns, rooks and queens. */
static enum position_state state_of(const struct position *pos)
{
	if (pos->variant->generate != standard_generate)
		return position_state(pos);
	if (!lr_standard_has_move(pos))
		return position_in_check(pos) ? PS_CHECKMATE : PS_STALEMATE;
	if (pos->by_type[PAWN] | pos->by_type[ROOK] | pos->by_type[QUEEN])
		return PS_ONGOING;
	return position_state(pos);
}

static enum game_end final_state(const struct replay *r,
				 const struct position *pos)
{
	switch (state_of(pos)) {
	case PS_CHECKMATE: return GE_CHECKMATE;
	case PS_STALEMATE: return GE_STALEMATE;
	case PS_INSUFFICIENT: return GE_INSUFFICIENT;
	case PS_ONGOING: break;
	}
	if (occurrences(r, pos->key, pos->halfmove) >= 3)
		return GE_REPETITION;
	return pos->halfmove >= 100 ? GE_FIFTY : GE_NONE;
}

static const struct pgn_item *result_item(const struct pgn_game *g)
{
	const struct pgn_item *found = NULL;
	for (const struct pgn_item *it = g->moves.first; it; it = it->next)
		if (it->kind == PI_RESULT)
			found = it;
	return found;
}

/* The result the main line forces, or NULL when it forces none; *why
 * says what forces it.  An automatic draw on the way comes first: the
 * game ended there. */
static const char *forced_result(const struct replay *r, char *why,
				 size_t size)
{
	const struct replay_result *res = r->res;
	if (r->drawn != GE_NONE) {
		char draw[120];
		describe_draw(r, draw, sizeof draw);
		snprintf(why, size, "the game was drawn by %s", draw);
		return "1/2-1/2";
	}
	switch (res->end) {
	case GE_CHECKMATE:
		snprintf(why, size, "the game ends in checkmate");
		return res->final.side == WHITE ? "0-1" : "1-0";
	case GE_STALEMATE:
		snprintf(why, size, "the game ends in stalemate");
		return "1/2-1/2";
	case GE_INSUFFICIENT:
		/* Neither side can mate by any series of legal moves: a dead
		 * position ends the game as a draw (FIDE 5.2.2). */
		snprintf(why, size, "the game ends in a dead position "
			 "(insufficient material, FIDE 5.2.2)");
		return "1/2-1/2";
	default:
		return NULL;
	}
}

/* Diagnostics about the result point at the termination marker (looked
 * up only then: it means walking the main line). */
static void emit_at_result(struct replay *r, struct diag *d)
{
	struct site at = { result_item(r->g), false, 0, 0, "", 0 };
	emit(r, d, &at);
}

static void check_result(struct replay *r)
{
	const char *tag = r->tags.value[TAG_RESULT];
	const char *marker = r->g->result;
	/* Each record cleared only when there is something to say: nearly
	 * every game has nothing. */
	if (tag && marker && strcmp(tag, marker) != 0) {
		struct diag d = { 0 };
		diag_setf(&d, DIAG_WARNING, DC_RESULT,
			  "[Result \"%.20s\"] but the movetext ends with %s",
			  tag, marker);
		emit_at_result(r, &d);
	}
	char why[200];
	const char *forced = forced_result(r, why, sizeof why);
	const char *stated = marker ? marker : tag;
	if (forced && r->res->plies_complete && stated &&
	    strcmp(forced, stated) != 0) {
		struct diag d = { 0 };
		diag_setf(&d, DIAG_WARNING, DC_RESULT,
			  "%s, so the result is %s, not %s", why, forced,
			  stated);
		emit_at_result(r, &d);
	}
}

static void check_roster(struct replay *r)
{
	char missing[80] = "";
	size_t n = 0;
	if (r->g->flags & PGN_NO_GAME)
		return;	/* "no PGN game found" says it all */
	for (size_t i = 0; i < ROSTER_TAGS; i++)
		if (!r->tags.value[i])
			n += (size_t)snprintf(missing + n, sizeof missing - n,
					      "%s%s", n ? ", " : "",
					      known_tags[i]);
	if (!n)
		return;
	struct diag d = { 0 };
	diag_setf(&d, DIAG_WARNING, DC_ROSTER,
		  "Seven Tag Roster incomplete: no %s", missing);
	d.line = r->g->start.line;
	d.col = r->g->start.col;
	emit(r, &d, NULL);
}

static void repeated_tag(struct replay *r, const struct pgn_tag *t)
{
	struct diag d = { 0 };
	diag_setf(&d, DIAG_WARNING, DC_TAG_SYNTAX,
		  "tag %.40s repeated: one per game, the first is used",
		  t->name);
	d.line = t->loc.line;
	d.col = t->loc.col;
	emit(r, &d, NULL);
}

static int tag_order(const void *a, const void *b)
{
	const struct pgn_tag *x = *(const struct pgn_tag *const *)a;
	const struct pgn_tag *y = *(const struct pgn_tag *const *)b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x < y ? -1 : x > y);
}

/* More tags than this are sorted, not compared pairwise: a tag section
 * of a million lines must not take a million squared compares. */
#define FEW_TAGS 32

/* The PGN Standard allows a tag name once per game (8.1).  A second one,
 * often another value for White or Result, is kept by every output, but
 * the rules and labels read the first: said at the second.  (Not naming
 * the first's line: under --jobs a game's tag places count from its
 * chunk, and only the diagnostic's own place is rebased.)  A dozen tags
 * a game, compared only when two names share a bin of tag_bin(), and
 * then by first letter first; a long section sorted by name (and place,
 * so the first of a name stays first). */
static void check_repeated_tags(struct replay *r)
{
	const struct pgn_game *g = r->g;
	if ((g->flags & PGN_NO_GAME) || !r->tags.repeat_maybe)
		return;
	if (g->ntags <= FEW_TAGS) {
		/* The first letters seen, by their low six bits: a name
		 * whose letter is not among them repeats none. */
		uint64_t seen = 0;
		for (size_t i = 0; i < g->ntags; i++) {
			uint64_t bit = 1ULL << (g->tags[i].name[0] & 63);
			if (seen & bit)
				for (size_t j = 0; j < i; j++)
					if (g->tags[j].name[0] ==
						    g->tags[i].name[0] &&
					    !strcmp(g->tags[j].name,
						    g->tags[i].name)) {
						repeated_tag(r, &g->tags[i]);
						break;
					}
			seen |= bit;
		}
		return;
	}
	const struct pgn_tag **by_name = malloc(g->ntags * sizeof *by_name);
	bool *again = calloc(g->ntags, sizeof *again);
	/* A warning lost would change a --strict verdict. */
	if (!by_name || !again)
		pawnkit_out_of_memory();
	for (size_t i = 0; i < g->ntags; i++)
		by_name[i] = &g->tags[i];
	qsort(by_name, g->ntags, sizeof *by_name, tag_order);
	for (size_t i = 1; i < g->ntags; i++)
		if (!strcmp(by_name[i - 1]->name, by_name[i]->name))
			again[by_name[i] - g->tags] = true;
	for (size_t i = 0; i < g->ntags; i++)	/* in the game's order */
		if (again[i])
			repeated_tag(r, &g->tags[i]);
	free(by_name);
	free(again);
}

/* [SetUp "1"] says that a [FEN] gives the start (PGN Standard 9.7.1);
 * without one the game is read from the usual start, most likely not
 * where it began (pgn-extract: "Missing FEN Tag to accompany SetUp
 * Tag").  Not with [PawnTypes], which sets up a Random Pawns game in the
 * FEN's stead. */
static void check_setup(struct replay *r)
{
	const char *setup = r->tags.value[TAG_SETUP];
	if (!setup || strcmp(setup, "1") != 0 || r->tags.value[TAG_FEN] ||
	    r->tags.value[TAG_PAWNTYPES] || (r->g->flags & PGN_NO_GAME))
		return;
	const struct pgn_tag *t = pgn_tag_find(r->g, "SetUp");	/* its place */
	struct diag d = { 0 };
	diag_setf(&d, DIAG_WARNING, DC_SETUP, "[SetUp \"1\"] without [FEN]: "
		  "the game is read from the usual start position");
	d.line = t->loc.line;
	d.col = t->loc.col;
	emit(r, &d, NULL);
}

/* The known tag a name may be, by its first letter: -1 none; "R" is
 * Round or Result, "S" Site or SetUp, told apart by the second. */
static int known_tag_index(const char *name)
{
	switch (name[0]) {
	case 'E': return 0;
	case 'S': return name[1] == 'e' ? TAG_SETUP : 1;
	case 'D': return 2;
	case 'R': return name[1] == 'o' ? 3 : TAG_RESULT;
	case 'W': return TAG_WHITE;
	case 'B': return TAG_BLACK;
	case 'V': return TAG_VARIANT;
	case 'F': return TAG_FEN;
	case 'P': return TAG_PAWNTYPES;
	default: return -1;
	}
}

/* One of 64 bins for a tag name, from its first two letters and its
 * sixth byte (its end for a name of five): the tag names of every game of
 * the OTB and lichess collections fall in different bins (White and
 * WhiteElo, Event and EventDate and ECO, Round and Result included), so
 * that a game's names are seldom compared one with another. */
static inline unsigned tag_bin(const char *name)
{
	unsigned h = (unsigned char)name[0] + 10u * (unsigned char)name[1];
	if (name[1] && name[2] && name[3] && name[4])
		h += 7u * (unsigned char)name[5];
	return h & 63;
}

/* A dozen tags or more per game, most of them not known ones (WhiteElo,
 * ECO): one switch and at most one strcmp each, not a scan of the list;
 * and each name's bin, for check_repeated_tags(). */
static void find_tags(const struct pgn_game *g, struct game_tags *t)
{
	uint64_t bins = 0;
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < g->ntags; i++) {
		const char *name = g->tags[i].name;
		uint64_t bin = 1ULL << tag_bin(name);
		t->repeat_maybe |= (bins & bin) != 0;
		bins |= bin;
		int k = known_tag_index(name);
		if (k >= 0 && !t->value[k] && !strcmp(name, known_tags[k]))
			t->value[k] = g->tags[i].value;
	}
}

/* The standard start position, built once: parsing its FEN again for
 * each game cost more than replaying a short game. */
static struct position standard_start;
static pthread_once_t standard_once = PTHREAD_ONCE_INIT;

static void standard_start_init(void)
{
	position_start(&standard_start, &variant_standard);
}

/* A warning about the tags the start position comes from. */
static void start_warning(void *ctx, const struct diag *d)
{
	struct diag copy = *d;
	emit(ctx, &copy, NULL);
}

/* game_start_position(), with its most common answer (standard chess, no
 * [FEN], no [Variant] that counts, no [PawnTypes] to warn about) from the
 * copy above. */
static int start_position(struct replay *r, struct position *pos,
			  struct diag *err)
{
	const struct replay_opts *opts = r->opts;
	const struct variant *v = opts->variant ? opts->variant
						: &variant_standard;
	if (v == &variant_standard && !r->tags.value[TAG_FEN] &&
	    !r->tags.value[TAG_PAWNTYPES] &&
	    (!r->tags.value[TAG_VARIANT] || opts->force_variant)) {
		pthread_once(&standard_once, standard_start_init);
		*pos = standard_start;
		return 0;
	}
	/* Cleared only here: the common answer above reports nothing. */
	*err = (struct diag){ 0 };
	return game_start_position(r->g, opts, pos, start_warning, r,
				   err);
}

/* What every replay starts with: its key list, the game's tags and start
 * position (r->res->final), its key the first of the list.  -1 when the
 * start position cannot be had (reported; res->final is then all zero);
 * a warning about the tags it comes from is reported too.  The result is
 * set up whole, so that no member is left from a previous game; the
 * position is then set up in place. */
static int replay_begin(struct replay *r)
{
	struct replay_result *res = r->res;
	keylist_init(r->keys);
	find_tags(r->g, &r->tags);
	r->white = r->tags.value[TAG_WHITE];
	r->black = r->tags.value[TAG_BLACK];
	*res = (struct replay_result){ .variant = NULL, .end = GE_NONE };
	struct diag err;
	int set = start_position(r, &res->final, &err);
	if (set < 0) {
		emit(r, &err, NULL);
		memset(&res->final, 0, sizeof res->final);
		return -1;
	}
	res->variant = res->final.variant;
	keylist_push(r->keys, res->final.key);
	return 0;
}

/* The start position for the visitor: a copy, as res->final is played on
 * (made only when there is a visitor to see it). */
static void visit_start(const struct replay_visitor *visitor,
			const struct replay_result *res)
{
	if (visitor && visitor->start) {
		struct position start = res->final;
		visitor->start(visitor->ctx, &start);
	}
}

/* What every replay ends with: how the main line ends, the result and the
 * roster checked. */
static void replay_end(struct replay *r)
{
	if (r->res->plies_complete)
		r->res->end = final_state(r, &r->res->final);
	check_result(r);
	check_repeated_tags(r);
	check_setup(r);
	check_roster(r);
	keylist_release(r->keys);
}

/* The general replay, from g's tree: it finds and words every problem. */
static int replay_tree(const struct pgn_game *g, const struct replay_opts *opts,
		       const struct replay_visitor *visitor, diag_fn report,
		       void *report_ctx, struct replay_result *res)
{
	struct keylist keys;
	struct replay r = { .g = g, .opts = opts, .res = res, .keys = &keys,
			    .visitor = visitor, .report = report,
			    .report_ctx = report_ctx };
	if (replay_begin(&r) != 0) {
		keylist_release(&keys);
		return 1;
	}
	visit_start(visitor, res);
	replay_line(&r, &g->moves, &res->final, 0, "");
	replay_end(&r);
	emit_left_out(&r);
	return res->errors ? 1 : 0;
}

bool lr_game_replay_quick(const struct pgn_game *g,
			  const struct replay_opts *opts,
			  const struct replay_visitor *visitor,
			  struct replay_result *res)
{
	if (g->flags || !g->movetext)
		return false;
	/* No visitor nor report: the trial says nothing (dry). */
	struct keylist keys;
	struct replay r = { .g = g, .opts = opts, .res = res, .keys = &keys,
			    .dry = true };
	if (replay_begin(&r) != 0 || res->final.variant != &variant_standard) {
		keylist_release(&keys);
		return false;
	}
	visit_start(visitor, res);
	long plies = lr_quick_main_line(g->movetext, g->raw + g->raw_len,
					&res->final, &keys, visitor);
	if (plies < 0) {
		keylist_release(&keys);
		return false;
	}
	res->plies = (uint32_t)plies;
	res->plies_complete = true;
	replay_end(&r);
	return r.withheld == 0;
}

int game_replay(struct pgn_game *g, const struct replay_opts *opts,
		const struct replay_visitor *visitor, diag_fn report,
		void *report_ctx, struct replay_result *res)
{
	if (!opts->full_replay && lr_game_replay_quick(g, opts, visitor, res))
		return 0;
	/* Read again, tree and all, into itself: its raw bytes are the
	 * reader's, not in its arena; the reader's diagnostics are not
	 * reported again. */
	pgn_game_tree_in_place(g);
	return replay_tree(g, opts, visitor, report, report_ctx, res);
}
