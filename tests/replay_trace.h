/* A replay visitor that folds what it sees of the main line into one
 * number (every move, its ply, check and piece, the positions before and
 * after),
 * for tests that compare two replays' visitors: the fast path's and the
 * general replay's (tests/unit/test_replay_quick.c,
 * tests/fuzz/fuzz_replay_quick.c). */
#ifndef PAWNKIT_REPLAY_TRACE_H
#define PAWNKIT_REPLAY_TRACE_H

#include <stdint.h>

#include "../librules/rules.h"

struct replay_trace {
	uint64_t hash;
	unsigned moves;
};

static inline void replay_trace_start(void *ctx, const struct position *start)
{
	struct replay_trace *t = ctx;
	t->hash = start->key;	/* a second start forgets the first */
	t->moves = 0;
}

static inline void replay_trace_move(void *ctx, const struct replay_step *st)
{
	struct replay_trace *t = ctx;
	if (st->depth != 0)
		return;
	/* The piece is the one on the origin before the move; a wrong one
	 * spoils the hash for good. */
	int from = MOVE_FROM(st->move);
	uint8_t origin = (MOVE_FLAGS(st->move) & MF_MOVER2)
				 ? st->before->board2[from]
				 : st->before->board[from];
	uint64_t parts[] = { st->move, st->ply, st->check, st->before->key,
			     st->after->key,
			     st->piece == origin ? st->piece : UINT64_MAX };
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
		t->hash = (t->hash ^ parts[i]) * 0x100000001b3ull;
	t->moves++;
}

/* A visitor that traces into *t. */
static inline struct replay_visitor replay_tracer(struct replay_trace *t)
{
	return (struct replay_visitor){ .ctx = t,
					.start = replay_trace_start,
					.move = replay_trace_move };
}

#endif
