/* The replay of parsed games: every game of the input, mainline and
 * variations, under the variant of its tag or one picked by the input's
 * last byte, lenient and strict.  The visitor checks what it is shown. */
#include "fuzz.h"

struct walk {
	unsigned depth;		/* enter/leave balance */
	unsigned moves;
};

static void on_start(void *ctx, const struct position *start)
{
	(void)ctx;
	FUZZ_CHECK(start->variant != NULL);
	FUZZ_CHECK(position_king(start, WHITE) != NO_SQUARE);
}

static void on_move(void *ctx, const struct replay_step *s)
{
	struct walk *w = ctx;
	FUZZ_CHECK(s->item && s->item->kind == PI_MOVE);
	FUZZ_CHECK(s->before && s->after && s->ply >= 1);
	FUZZ_CHECK(s->depth == w->depth);
	FUZZ_CHECK(s->after->side != s->before->side);
	w->moves++;
}

static void on_enter(void *ctx, const struct pgn_line *var, unsigned depth)
{
	struct walk *w = ctx;
	FUZZ_CHECK(var != NULL);
	w->depth++;
	FUZZ_CHECK(depth == w->depth);
}

static void on_leave(void *ctx, const struct pgn_line *var, unsigned depth)
{
	struct walk *w = ctx;
	FUZZ_CHECK(var != NULL && depth == w->depth && depth > 0);
	w->depth--;
}

static void replay(struct pgn_game *g, const struct replay_opts *o)
{
	struct walk w = { 0 };
	const struct replay_visitor v = { .ctx = &w, .start = on_start,
					  .move = on_move, .enter = on_enter,
					  .leave = on_leave };
	struct replay_result res;
	unsigned diags = 0;
	int rc = game_replay(g, o, &v, fuzz_diag, &diags, &res);
	FUZZ_CHECK(rc == 0 || rc == 1);
	FUZZ_CHECK(w.depth == 0);
	FUZZ_CHECK((rc == 1) == (res.errors > 0));
	/* Every error and warning is reported, up to the per-game cap of
	 * 100 (then one note says the rest are not shown). */
	unsigned counted = res.errors + res.warnings;
	FUZZ_CHECK(diags >= (counted < 100 ? counted : 100));
	if (res.variant)
		FUZZ_CHECK(res.final.variant != NULL);
	struct position start;
	struct diag err = { 0 };
	unsigned warned = 0;
	int set = game_start_position(g, o, &start, fuzz_diag, &warned,
				      &err);
	FUZZ_CHECK(set >= -1 && set <= 1);
	/* 1: set up, with warnings (castling rights dropped, an ignored
	 * [PawnTypes]). */
	FUZZ_CHECK(set < 0 || (set > 0) == (warned > 0));
	if (set < 0)
		fuzz_diag(NULL, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pgn_reader_opts ro = { .max_depth = 64 };
	struct pgn_reader *r = pgn_reader_from_memory("f", (const char *)data,
						      size, &ro);
	struct pgn_game g;
	struct diag err;
	const struct variant *v = fuzz_variant(size ? data[size - 1] : 0);
	/* From the tree (the fast path has fuzz_replay_quick): the visitor
	 * checks every move's item. */
	const struct replay_opts lenient = { .full_replay = true };
	const struct replay_opts strict = { .variant = v, .strict = true,
					    .force_variant = size && data[0] & 1,
					    .full_replay = true };
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, fuzz_diag, NULL, &err) > 0) {
		replay(&g, &lenient);
		replay(&g, &strict);
	}
	pgn_game_release(&g);
	pgn_reader_close(r);
	return 0;
}
