/* One game on a thread: selected by --match, then given to the command's
 * game function, whose FILE streams (run_file(), sink.c) write into its
 * sink.
 * See engine.h. */
#include <stdlib.h>

#include "engine.h"


struct run_worker *rp_worker_new(const struct run_config *cfg)
{
	struct run_worker *w = xcalloc(1, sizeof *w);
	w->state = cfg->worker_new ? cfg->worker_new(cfg->ctx) : NULL;
	if (cfg->match)
		matcher_copy(&w->match, cfg->match);
	pgn_game_init(&w->game);
	return w;
}

void rp_worker_free(const struct run_config *cfg, struct run_worker *w)
{
	if (!w)
		return;
	if (cfg->worker_free)
		cfg->worker_free(cfg->ctx, w->state);
	for (unsigned s = 0; s < RUN_STREAMS; s++)
		if (w->files[s])
			fclose(w->files[s]);
	matcher_release(&w->match);
	pgn_game_release(&w->game);
	free(w);
}

struct run_worker *rp_main_worker(struct engine *e)
{
	if (!e->main)
		e->main = rp_worker_new(e->cfg);
	return e->main;
}

/* The number is recorded where it stands in the stream: the bytes
 * run_file() holds for it come first. */
void run_write_game_number(struct run_sink *k, unsigned s, uint64_t n)
{
	if (s >= RUN_STREAMS || !k->cfg->streams[s])
		return;
	rp_sink_flush_files(k);	/* what run_file() holds comes first */
	rp_add_rec(k, REC_GAME_NUMBER, s, (size_t)n, 0);
}

/* Whether --match selects g; its reader's diagnostics are released
 * (printed or dropped) with the answer, and a game left out counted. */
static bool select_game(const struct run_config *cfg, struct run_worker *w,
			const struct pgn_game *g, struct run_sink *k)
{
	bool selected = !cfg->match ||
			matcher_test(&w->match, g, run_report, k);
	rp_sink_release(k, selected);
	if (!selected)
		k->unselected++;
	return selected;
}

void rp_run_game(const struct run_config *cfg, struct run_worker *w,
		 struct pgn_game *g, struct run_sink *k)
{
	if (k->place_game)
		g->index = k->place_game;
	if (!select_game(cfg, w, g, k))
		return;
	w->sink = k;
	k->worker = w;
	cfg->game(cfg->ctx, w->state, g, k);
	rp_sink_flush_files(k);
	k->worker = NULL;
}
