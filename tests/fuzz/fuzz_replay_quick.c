/* The replay's fast path against the full replay, on any bytes: each game
 * is read twice, with tags_only (as pgn-validate reads) and with its tree.
 * Whenever lr_game_replay_quick() takes a game, the full replay must report
 * nothing, end where the fast path ended and show its visitor what the
 * fast path showed its own; the game read with its tree must take the
 * fast path alike; the tree read again from the lazy game's bytes
 * (pgn_game_read_tree) must replay as the tree the full reader built, and
 * so must the lazy game through game_replay(), which reads its tree into
 * it when the fast path gives it up. */
#include "fuzz.h"
#include "../../librules/internal.h"
#include "../replay_trace.h"

struct outcome {
	unsigned diags;
	struct replay_result res;
	struct replay_trace seen;
};

/* The general replay, from g's tree. */
static void full_replay(struct pgn_game *g, const struct replay_opts *o,
			struct outcome *out)
{
	struct replay_visitor vis = replay_tracer(&out->seen);
	struct replay_opts full = *o;
	full.full_replay = true;
	out->diags = 0;
	out->seen = (struct replay_trace){ 0 };	/* no start: none seen */
	game_replay(g, &full, &vis, fuzz_diag, &out->diags, &out->res);
}

static void same_end(const struct replay_result *a,
		     const struct replay_result *b)
{
	FUZZ_CHECK(a->plies == b->plies);
	FUZZ_CHECK(a->plies_complete == b->plies_complete);
	FUZZ_CHECK(a->end == b->end);
	FUZZ_CHECK(a->final.key == b->final.key);
	FUZZ_CHECK(a->final.halfmove == b->final.halfmove);
	FUZZ_CHECK(a->final.fullmove == b->final.fullmove);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pgn_reader_opts lazy_ro = { .max_depth = 64, .tags_only = true };
	struct pgn_reader_opts full_ro = { .max_depth = 64 };
	struct pgn_reader *lazy = pgn_reader_from_memory(
		"f", (const char *)data, size, &lazy_ro);
	struct pgn_reader *full = pgn_reader_from_memory(
		"f", (const char *)data, size, &full_ro);
	const struct replay_opts opts = { .strict = size && (data[0] & 1) };
	struct pgn_game a, b, again;
	struct diag err;
	pgn_game_init(&a);
	pgn_game_init(&b);
	pgn_game_init(&again);
	while (pgn_reader_next(lazy, &a, NULL, NULL, &err) > 0) {
		FUZZ_CHECK(pgn_reader_next(full, &b, NULL, NULL, &err) > 0);
		FUZZ_CHECK(a.raw_len == b.raw_len && a.index == b.index);
		FUZZ_CHECK(a.flags == b.flags);
		struct outcome whole, reread;
		full_replay(&b, &opts, &whole);
		struct replay_result fast;
		struct replay_trace fast_seen;
		struct replay_visitor vis = replay_tracer(&fast_seen);
		bool took = lr_game_replay_quick(&a, &opts, &vis, &fast);
		if (took) {
			FUZZ_CHECK(whole.diags == 0);
			same_end(&fast, &whole.res);
			FUZZ_CHECK(fast_seen.moves == whole.seen.moves);
			FUZZ_CHECK(fast_seen.hash == whole.seen.hash);
		}
		/* Without a visitor (pgn-validate's way: no keys kept in the
		 * loop, the repetition test's worked out at the end), alike. */
		struct replay_result plain;
		FUZZ_CHECK(lr_game_replay_quick(&a, &opts, NULL, &plain) ==
			   took);
		if (took)
			same_end(&plain, &whole.res);
		/* A game read with its tree (as pgn-convert reads) takes the
		 * fast path alike, from the same bytes. */
		struct replay_trace tree_seen;
		struct replay_visitor tvis = replay_tracer(&tree_seen);
		struct replay_result tree_fast;
		FUZZ_CHECK(lr_game_replay_quick(&b, &opts, &tvis, &tree_fast) ==
			   took);
		if (took) {
			same_end(&tree_fast, &fast);
			FUZZ_CHECK(tree_seen.hash == fast_seen.hash);
		}
		if (pgn_game_read_tree(&a, &again, &full_ro) == 0) {
			FUZZ_CHECK(again.index == b.index);
			FUZZ_CHECK(again.ntags == b.ntags);
			full_replay(&again, &opts, &reread);
			FUZZ_CHECK(reread.diags == whole.diags);
			same_end(&reread.res, &whole.res);
		}
		/* The one entry on the tags-only game: the fast path, else its
		 * tree read into it, with the reader's default limits (so only
		 * where this reader's depth limit found nothing). */
		if (!(a.flags & PGN_SYNTAX_ERROR)) {
			struct outcome one = { 0 };
			struct replay_visitor ovis = replay_tracer(&one.seen);
			game_replay(&a, &opts, &ovis, fuzz_diag, &one.diags,
				    &one.res);
			FUZZ_CHECK(one.diags == whole.diags);
			same_end(&one.res, &whole.res);
			FUZZ_CHECK(one.seen.hash == whole.seen.hash);
			FUZZ_CHECK(a.index == b.index && a.ntags == b.ntags &&
				   a.flags == b.flags && a.raw_len == b.raw_len);
		}
	}
	FUZZ_CHECK(pgn_reader_next(full, &b, NULL, NULL, &err) <= 0);
	pgn_game_release(&a);
	pgn_game_release(&b);
	pgn_game_release(&again);
	pgn_reader_close(lazy);
	pgn_reader_close(full);
	return 0;
}
