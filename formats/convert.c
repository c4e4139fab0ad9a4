/* pgn-convert: a game replayed once, then walked by the writers.
 *
 * The replay (librules) resolves every move; its visitor records, for
 * each move it plays, the item and the move.  The writers then walk the
 * movetext tree themselves, in written order, and meet the moves in the
 * order the visitor did, so a cursor over the records is all the lookup
 * they need.  Each record keeps the position after its move, as the
 * replay made it, so the walk makes no move again; null moves, which the
 * visitor does not see, are played on the way.
 *
 * PGN and JSON read their games tags only, as pgn-validate does: a game
 * whose bytes hold nothing but moves, move numbers and a marker, which
 * the fast path takes, has no tree to walk (treeless), and its records,
 * the main line's moves, are all there is to write.  Any other game's
 * tree is read before its replay.  A game of standard chess that the
 * fast path replays without a tree keeps no positions at all (texts):
 * the visitor writes what each move adds to the output while the replay
 * holds the position after it (move_text.c), the PGN movetext in lines,
 * the JSON move objects, or the FEN of FEN and EPD lines, and the writer
 * takes that text as it is. */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "internal.h"
#include "../libparse/grow.h"

/* ---------------------------------------------------------- replay */

static void record_move(void *ctx, const struct replay_step *step);

void conv_game_init(struct conv_game *cg)
{
	memset(cg, 0, sizeof *cg);
	cg->text_notation = -1;
	cg->record_move = record_move;
}

void conv_game_release(struct conv_game *cg)
{
	free(cg->moves);
	free(cg->scratch);
	free(cg->out);
	free(cg->rank_memo);
	free(cg->text_buf);
	free(cg->text_fen);
	conv_game_init(cg);
}

/* The start of a replay; also of a second one, when the fast path gave
 * the game up: what the first recorded is dropped. */
static void record_start(void *ctx, const struct position *start)
{
	struct conv_game *cg = ctx;
	cg->start = *start;
	cg->started = true;
	cg->nmoves = 0;
	cg->texts = (cg->text_notation >= 0 || cg->text_json ||
		     cg->text_fens) &&
		    start->variant == &variant_standard &&
		    !cg->game->moves.first;
	if (cg->texts && (cg->text_json || cg->text_fens))
		fmt_text_fen_start(cg, start);
	else if (cg->texts)
		fmt_text_pgn_start(cg);
	cg->main_next = cg->game->moves.first;
}

/* A move of the fast path (step->item NULL): it played the main line's
 * moves, and only those, in order. */
static const struct pgn_item *next_main_move(struct conv_game *cg)
{
	const struct pgn_item *it = cg->main_next;
	while (it && it->kind != PI_MOVE)
		it = it->next;
	cg->main_next = it ? it->next : NULL;
	return it;
}

static const struct pgn_item *next_main_item(const struct pgn_item *it)
{
	while (it && it->kind != PI_MOVE)
		it = it->next;
	return it;
}

static void record_move(void *ctx, const struct replay_step *step)
{
	struct conv_game *cg = ctx;
	if (step->depth > 0 && !cg->variations)
		return;
	const struct pgn_item *item = step->item ? step->item
						 : next_main_move(cg);
	if (cg->nmoves == cg->cap)
		cg->moves = pawnkit_grow(cg->moves, &cg->cap, cg->nmoves + 1,
					 sizeof *cg->moves, 256);
	struct conv_move *r = &cg->moves[cg->nmoves++];
	r->item = item;
	r->move = step->move;
	r->mark = step->mark;
	if (!cg->moves_only || step->item || cg->game->moves.first)
		r->after = *step->after;
}

/* The replay's diagnostics, passed on; the first error kept for the
 * record of a game that fails (or the first warning, which fails the
 * game under --strict, until an error comes). */
static void record_report(void *ctx, const struct diag *d)
{
	struct conv_game *cg = ctx;
	bool none = !cg->fault.message[0];
	bool kept = d->severity == DIAG_ERROR ?
		none || cg->fault.severity != DIAG_ERROR :
		none && d->severity == DIAG_WARNING;
	if (kept)
		cg->fault = *d;
	if (cg->report)
		cg->report(cg->report_ctx, d);
}

/* Bytes that may stand in movetext whose tree holds nothing but moves,
 * move numbers and a marker (when the fast path takes the game): letters,
 * digits, blanks, line ends and ". - + # = / *".  Any other byte (a
 * comment's, a NAG's, a variation's, an escape's, a glyph's) asks for the
 * tree.  Before the movetext, among the tags, only '{', ';' and '%' may
 * open what the tree keeps (the comments of pgn_game.before). */
static const unsigned char plain_byte[256] = {
	['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1, ['.'] = 1,
	['-'] = 1, ['+'] = 1, ['#'] = 1, ['='] = 1, ['/'] = 1, ['*'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
	['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
	['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1,
	['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
	['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
	['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1,
	['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['0'] = 1, ['1'] = 1,
	['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
	['8'] = 1, ['9'] = 1,
};

#if defined(__SSE2__)
/* Which of 16 bytes x are in [lo, lo + n): moved down to start at -128,
 * one signed comparison (no byte of 0x80 or more is in a range of
 * ASCII). */
static inline __m128i in_range(__m128i x, char lo, char n)
{
	__m128i low = _mm_add_epi8(x, _mm_set1_epi8((char)(-128 - lo)));
	return _mm_cmplt_epi8(low, _mm_set1_epi8((char)(-128 + n)));
}

static inline __m128i is_byte(__m128i x, char c)
{
	return _mm_cmpeq_epi8(x, _mm_set1_epi8(c));
}

/* plain_byte of 16 bytes at once: letters (either case, by their case
 * bit set), "*+-./" and digits but ',', "#= " and the blanks. */
static inline bool plain16(const unsigned char *s)
{
	__m128i x = _mm_loadu_si128((const __m128i *)s);
	__m128i ok = in_range(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 26);
	ok = _mm_or_si128(ok, _mm_andnot_si128(is_byte(x, ','),
					       in_range(x, '*', '9' - '*' + 1)));
	ok = _mm_or_si128(ok, _mm_or_si128(is_byte(x, '#'), is_byte(x, '=')));
	ok = _mm_or_si128(ok, _mm_or_si128(is_byte(x, ' '), is_byte(x, '\t')));
	ok = _mm_or_si128(ok, _mm_or_si128(is_byte(x, '\n'), is_byte(x, '\r')));
	return _mm_movemask_epi8(ok) == 0xFFFF;
}
#endif

/* Whether every byte of [p, end) is plain_byte: 16 at a time with SSE2,
 * then eight at a time, their classes ANDed (this runs over every
 * game's movetext). */
static bool plain_bytes(const char *p, const char *end)
{
	const unsigned char *s = (const unsigned char *)p;
	unsigned all = 1;
#if defined(__SSE2__)
	for (; end - (const char *)s >= 16; s += 16)
		if (!plain16(s))
			return false;
#endif
	for (; end - (const char *)s >= 8 && all; s += 8)
		all &= plain_byte[s[0]] & plain_byte[s[1]] & plain_byte[s[2]] &
		       plain_byte[s[3]] & plain_byte[s[4]] & plain_byte[s[5]] &
		       plain_byte[s[6]] & plain_byte[s[7]];
	for (; (const char *)s < end; s++)
		all &= plain_byte[*s];
	return all;
}

/* Whether [p, end) holds none of '{', ';' and '%' (a few memchr, each
 * faster than a look at every byte). */
static bool no_comment_opener(const char *p, const char *end)
{
	size_t n = (size_t)(end - p);
	return !memchr(p, '{', n) && !memchr(p, ';', n) && !memchr(p, '%', n);
}

/* Whether the tree of g (read tags_only) can hold nothing the writers
 * keep but the main line's moves: then the records say it all. */
static bool plain_game(const struct pgn_game *g)
{
	const char *end = g->raw + g->raw_len;
	if (!g->movetext || g->movetext < g->raw || g->movetext > end)
		return false;
	return plain_bytes(g->movetext, end) &&
	       no_comment_opener(g->raw, g->movetext);
}

/* A game recorded as texts replayed again with its tree, recording
 * positions: the fast path takes it again, and reports nothing. */
static void replay_again(struct conv_game *cg)
{
	const struct replay_visitor visitor = {
		.ctx = cg, .start = record_start, .move = record_move,
		.no_before = true,
	};
	struct replay_result res;
	diag_fn report = cg->report;
	struct diag fault = cg->fault;
	cg->text_notation = -1;
	cg->text_json = cg->text_fens = false;
	cg->report = NULL;
	game_replay(cg->replayed, cg->replay_opts, &visitor, record_report,
		    cg, &res);
	cg->report = report;
	cg->fault = fault;
}

void conv_game_read_tree(struct conv_game *cg)
{
	if (!cg->treeless)
		return;
	cg->treeless = false;
	pgn_game_tree_in_place(cg->replayed);
	if (cg->texts) {
		replay_again(cg);
		return;
	}
	const struct pgn_item *it = cg->replayed->moves.first;
	for (size_t i = 0; i < cg->nmoves; i++) {
		it = next_main_item(it);
		cg->moves[i].item = it;
		it = it ? it->next : NULL;
	}
}

int conv_game_replay(struct conv_game *cg, struct pgn_game *g,
		     const struct replay_opts *ro, bool variations,
		     diag_fn report, void *report_ctx)
{
	const struct replay_visitor visitor = {
		.ctx = cg, .start = record_start,
		.move = cg->text_notation >= 0
			? fmt_text_pgn_visitor(cg->text_notation)
			: cg->text_json || cg->text_fens ? fmt_text_record
							 : record_move,
		.no_before = true,
	};
	struct replay_result res;
	cg->game = g;
	cg->nmoves = cg->cursor = 0;
	cg->variations = variations;
	cg->started = cg->partial = cg->stopped = cg->texts = false;
	cg->fault.message[0] = 0;
	cg->report = report;
	cg->report_ctx = report_ctx;
	cg->replayed = g;
	cg->replay_opts = ro;
	if (cg->wants_tree && !plain_game(g))
		pgn_game_tree_in_place(g);
	int rc = game_replay(g, ro, &visitor, record_report, cg, &res);
	cg->treeless = cg->wants_tree && !g->moves.first;
	return rc;
}

const char *fmt_conv_game_result(const struct pgn_game *g)
{
	static const char *const markers[] = { "1-0", "0-1", "1/2-1/2", "*" };
	if (g->result)
		return g->result;
	/* No marker in the movetext: the tag says how the game ended. */
	const char *tag = pgn_tag_value(g, "Result");
	for (size_t i = 0; tag && i < sizeof markers / sizeof markers[0]; i++)
		if (strcmp(tag, markers[i]) == 0)
			return markers[i];
	return "*";
}

/* At least n bytes of scratch space, valid until the next call. */
static char *conv_scratch(struct conv_game *cg, size_t n)
{
	if (n > cg->scratch_cap)
		cg->scratch = pawnkit_grow(cg->scratch, &cg->scratch_cap, n,
					   1, n);
	return cg->scratch;
}

/* ------------------------------------------------------------ walk */

static const struct pgn_item *next_move(const struct pgn_item *it)
{
	while (it && it->kind != PI_MOVE)
		it = it->next;
	return it;
}

void fmt_conv_line_begin(struct conv_line *l, struct conv_game *cg,
			 const struct pgn_line *line,
			 const struct position *start, uint32_t ply,
			 unsigned depth)
{
	l->cg = cg;
	l->next = next_move(line->first);
	l->at = start;
	l->ply = ply;
	l->depth = depth;
}

static bool is_null_move(const struct pgn_item *it)
{
	struct san san;
	struct diag err;
	return san_parse(it->text, it->len, &san, &err) == 0 &&
	       san.kind == SAN_NULL;
}

/* A move the replay did not record is a null move (the visitor never
 * sees those): the position only changes sides, as the replay did, in
 * whichever of the line's own positions is not l->at. */
static const struct position *play_unrecorded(struct conv_line *l,
					      const struct pgn_item *it)
{
	struct position *after = &l->own[l->at == &l->own[0]];
	*after = *l->at;
	if (is_null_move(it) && !position_in_check(after))
		position_make_null(after);
	return after;
}

/* The items after the move up to the next move: s->end, s->split (the
 * first variation among them or s->end), and whether they are bare. */
static void step_tail(struct conv_step *s, const struct pgn_item *it)
{
	const struct pgn_item *split = NULL;
	bool bare = true;
	s->tail = it->next;
	for (it = s->tail; it && it->kind != PI_MOVE; it = it->next) {
		bare &= it->kind == PI_MOVENUM;
		if (!split && it->kind == PI_VARIATION)
			split = it;
	}
	s->end = it;
	s->split = split ? split : it;
	s->bare = bare;
}

/* The walk of a treeless game: its records, in order.  Not for a game
 * recorded as texts (cg->texts), whose moves[] are never filled: its
 * writers copy the texts (pw_records(), jw_records()). */
static bool line_next_record(struct conv_line *l, struct conv_step *s)
{
	struct conv_game *cg = l->cg;
	if (cg->cursor >= cg->nmoves)
		return false;
	const struct conv_move *r = &cg->moves[cg->cursor++];
	s->item = NULL;
	s->before = l->at;
	s->move = r->move;
	s->mark = r->mark;
	s->after = l->at = &r->after;
	s->ply = ++l->ply;
	s->depth = l->depth;
	s->tail = s->split = s->end = NULL;
	s->bare = true;
	return true;
}

bool fmt_conv_line_next(struct conv_line *l, struct conv_step *s)
{
	const struct pgn_item *it = l->next;
	struct conv_game *cg = l->cg;
	if (cg->treeless)
		return line_next_record(l, s);
	if (!it || cg->stopped)
		return false;
	s->item = it;
	s->before = l->at;
	if (cg->cursor < cg->nmoves && cg->moves[cg->cursor].item == it) {
		const struct conv_move *r = &cg->moves[cg->cursor++];
		s->move = r->move;
		s->mark = r->mark;
		s->after = &r->after;
	} else if (cg->partial && !is_null_move(it)) {
		/* A failed game's walk ends where its replay ended. */
		cg->stopped = true;
		return false;
	} else {
		s->move = MOVE_NONE;
		s->mark = 0;
		s->after = play_unrecorded(l, it);
	}
	l->at = s->after;
	s->ply = ++l->ply;
	s->depth = l->depth;
	step_tail(s, it);
	l->next = s->end;
	return true;
}

bool fmt_conv_comment_like(const struct pgn_item *it, unsigned depth)
{
	/* The main line's marker is written apart, at the very end. */
	return it->kind == PI_COMMENT || it->kind == PI_ESCAPE ||
	       (it->kind == PI_RESULT && depth > 0);
}

bool fmt_conv_keep(const struct conv_game *cg, const struct conv_opts *o,
		   const struct pgn_item *it, unsigned depth)
{
	switch (it->kind) {
	case PI_COMMENT:
	case PI_ESCAPE:
		return !o->strip_comments;
	case PI_NAG:
		return !o->strip_nags;
	case PI_VARIATION:
		return cg->variations;
	case PI_RESULT:
		return depth > 0;
	case PI_MOVE:
	case PI_MOVENUM:
		break;
	}
	return false;
}

/* ------------------------------------------------------------ tags */

static const char *const roster[] = { "Event", "Site", "Date", "Round",
				      "White", "Black", "Result" };
#define ROSTER_SIZE (sizeof roster / sizeof roster[0])
/* What replaying the game needs, kept whatever --tags says. */
static const char *const rules_tags[] = { "Variant", "SetUp", "FEN",
					  "PawnTypes" };

/* The roster slot of a tag name, or -1.  The roster's names start with
 * different letters but two (Round, Result): the first letter rules out
 * the others, so a tag costs about one strcmp, not seven (this runs for
 * every tag of every game). */
static int roster_index(const char *name)
{
	for (size_t i = 0; i < ROSTER_SIZE; i++)
		if (name[0] == roster[i][0] && strcmp(name, roster[i]) == 0)
			return (int)i;
	return -1;
}

static bool is_rules_tag(const char *name)
{
	for (size_t i = 0; i < sizeof rules_tags / sizeof rules_tags[0]; i++)
		if (strcmp(name, rules_tags[i]) == 0)
			return true;
	return false;
}

/* One pass finds the first tag of each roster name (written in the
 * roster block; a repeated one stays among the others, nothing is lost)
 * and the first Variant tag. */
static const struct pgn_tag *find_tags(const struct pgn_game *g,
				       const struct pgn_tag *first[ROSTER_SIZE])
{
	const struct pgn_tag *variant = NULL;
	for (size_t i = 0; i < g->ntags; i++) {
		const struct pgn_tag *t = &g->tags[i];
		int r = roster_index(t->name);
		if (r >= 0) {
			if (!first[r])
				first[r] = t;
		} else if (!variant && t->name[0] == 'V' &&
			   strcmp(t->name, "Variant") == 0) {
			variant = t;
		}
	}
	return variant;
}

/* Whether t is written in the roster block: a few pointers compared,
 * where its name's slot would cost a string comparison. */
static bool in_roster_block(const struct pgn_tag *const first[ROSTER_SIZE],
			    const struct pgn_tag *t)
{
	for (size_t i = 0; i < ROSTER_SIZE; i++)
		if (first[i] == t)
			return true;
	return false;
}

void fmt_conv_tags_each(const struct pgn_game *g,
			const struct variant *rules, enum conv_tags mode,
			void (*fn)(void *ctx, const struct pgn_tag *t),
			void *ctx)
{
	const struct pgn_tag *first[ROSTER_SIZE] = { 0 };
	const struct pgn_tag *variant = find_tags(g, first);
	/* The rules the game was replayed with, when its tag does not say
	 * them (--variant, --force-variant, JSON's "variant"): written in
	 * the tag's place, or after the roster, so that the output reads
	 * back under the same rules. */
	struct pgn_tag named = { .name = "Variant" };
	if (rules && (variant ? variant_by_name(variant->value) != rules
			      : rules != &variant_standard)) {
		named.value = variant_id(rules);
		named.value_len = strlen(variant_id(rules));
	}
	if (mode != CONV_TAGS_NONE)
		for (size_t i = 0; i < ROSTER_SIZE; i++)
			if (first[i])
				fn(ctx, first[i]);
	if (named.value && !variant)
		fn(ctx, &named);
	for (size_t i = 0; i < g->ntags; i++) {
		const struct pgn_tag *t = &g->tags[i];
		if (in_roster_block(first, t))
			continue;
		if (t == variant && named.value)
			fn(ctx, &named);
		else if (mode == CONV_TAGS_ALL || is_rules_tag(t->name))
			fn(ctx, t);
	}
}

const char *fmt_conv_comment_text(struct conv_game *cg,
				  const struct pgn_item *it, bool strip,
				  size_t *len)
{
	const char *s = it->text ? it->text : "";
	size_t n = it->len;
	if (strip && it->kind == PI_COMMENT && memmem(s, n, "[%", 2)) {
		char *out = conv_scratch(cg, n + 1);
		n = fmt_annot_strip_clocks(s, n, out);
		s = out;
		size_t i = 0;
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
				 s[i] == '\n'))
			i++;
		if (i == n)
			return NULL;	/* only clocks were there */
	}
	*len = n;
	return s;
}
