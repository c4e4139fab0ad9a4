/* game-stats' input engine: every game of every file into a struct stats,
 * on the calling thread or on a pool of worker threads, with a progress
 * line.
 *
 * With workers, this thread reads each file with a tags-only reader (fast:
 * no movetext tree), applies the selection, and copies the raw bytes of
 * consecutive games into chunks of about a megabyte, cut at game
 * boundaries.  A worker parses a chunk again in full, replays its selected
 * games into its own struct stats and writes their diagnostics into the
 * chunk's buffer, with line numbers and game numbers shifted to those of
 * the file.  Chunks are handed back in input order, so the diagnostics
 * come out as they would from one thread; the workers' statistics are
 * added at the end, and since every figure is a sum the result does not
 * depend on the number of workers. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "stats_internal.h"

#define CHUNK_BYTES ((size_t)1 << 20)
/* The reader's limit on one game, set explicitly so that a game it cut
 * short (raw bytes of exactly this length) can be told apart. */
#define MAX_GAME ((size_t)64 << 20)

/* ------------------------------------------------------------- progress */

struct progress {
	bool on, tty, shown;
	const char *prog;
	uint64_t total;		/* bytes of all inputs; 0 when unknown */
	uint64_t bytes, games;
	double start, last;
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Sizes of the regular files among the inputs; 0 when one is a pipe. */
static uint64_t input_size(char **files, int nfiles)
{
	uint64_t total = 0;
	for (int i = 0; i < nfiles; i++) {
		struct stat st;
		int rc = strcmp(files[i], "-") == 0 ? fstat(0, &st)
						    : stat(files[i], &st);
		if (rc != 0 || !S_ISREG(st.st_mode))
			return 0;
		total += (uint64_t)st.st_size;
	}
	return total;
}

static void progress_init(struct progress *p, const struct stats_run *run,
			  char **files, int nfiles)
{
	memset(p, 0, sizeof *p);
	p->tty = isatty(2);
	p->on = !run->quiet && (run->progress || p->tty);
	p->prog = run->prog;
	p->total = input_size(files, nfiles);
	p->start = p->last = now();
}

/* Takes the progress line off the terminal before other text. */
static void progress_clear(struct progress *p)
{
	if (p->shown && p->tty)
		fputs("\r\033[K", stderr);
	p->shown = false;
}

static void progress_print(struct progress *p, double t, bool done)
{
	double secs = t - p->start > 1e-3 ? t - p->start : 1e-3;
	double rate = (double)p->games / secs;
	progress_clear(p);
	fprintf(stderr, "%s: %.1f MB", p->prog, (double)p->bytes / 1e6);
	if (p->total && !done)
		fprintf(stderr, " of %.1f MB (%.0f%%)", (double)p->total / 1e6,
			100.0 * (double)p->bytes / (double)p->total);
	fprintf(stderr, ", %llu games, %.0f games/s",
		(unsigned long long)p->games, rate);
	if (done) {
		fprintf(stderr, ", %.1f s\n", secs);
		return;
	}
	if (p->total && p->bytes && p->bytes <= p->total) {
		double eta = secs * (double)(p->total - p->bytes) / (double)p->bytes;
		fprintf(stderr, ", ETA %u:%02u", (unsigned)eta / 60,
			(unsigned)eta % 60);
	}
	if (p->tty)
		p->shown = true;
	else
		putc('\n', stderr);
}

static void progress_add(struct progress *p, uint64_t bytes, uint64_t games)
{
	p->bytes += bytes;
	p->games += games;
	if (!p->on)
		return;
	double t = now();
	if (t - p->last >= (p->tty ? 0.25 : 2.0)) {
		p->last = t;
		progress_print(p, t, false);
	}
}

static void progress_finish(struct progress *p)
{
	if (p->on)
		progress_print(p, now(), true);
}

/* ---------------------------------------------------------------- games */

/* One thread's share of the work: its statistics and the diagnostics of
 * the game at hand. */
struct worker {
	struct stats *s;
	const struct stats_run *run;
	FILE *diag;		/* NULL: quiet */
	struct progress *progress;	/* to clear before printing, or NULL */
	/* Reader errors of the current game, held until it is selected. */
	struct diag *held;
	size_t nheld, cap;
	/* Shifts from chunk to file positions (0 on the calling thread). */
	uint32_t line0, col0;
	uint64_t game0;
	uint64_t games, invalid, unselected;
};

static void emit(struct worker *w, const struct diag *orig)
{
	if (!w->diag || orig->severity != DIAG_ERROR)
		return;
	struct diag d = *orig;
	if (d.line && w->line0) {
		if (d.line == 1 && d.col)
			d.col += w->col0 - 1;
		d.line += w->line0 - 1;
	}
	if (d.game)
		d.game += w->game0;
	if (w->progress)
		progress_clear(w->progress);
	diag_print_text(w->diag, &d);
}

static void hold(void *ctx, const struct diag *d)
{
	struct worker *w = ctx;
	if (d->severity != DIAG_ERROR)
		return;
	stats_grow((void **)&w->held, &w->cap, w->nheld + 1, sizeof *w->held);
	w->held[w->nheld++] = *d;
}

static void replay_report(void *ctx, const struct diag *d)
{
	emit(ctx, d);
}

static void take_game(struct worker *w, const struct pgn_game *g,
		      bool selected)
{
	size_t errors = w->nheld;
	w->nheld = 0;
	if (!selected) {
		w->unselected++;
		return;
	}
	for (size_t i = 0; i < errors; i++)
		emit(w, &w->held[i]);
	w->games++;
	if (!stats_add_game(w->s, g, w->run->replay, errors > 0,
			    replay_report, w))
		w->invalid++;
}

static bool selected(const struct stats_run *run, const struct pgn_game *g)
{
	return !run->select || run->select(run->select_ctx, g);
}

static void trouble(const struct stats_run *run, struct progress *p,
		    const char *msg)
{
	progress_clear(p);
	fprintf(stderr, "%s: %s\n", run->prog, msg);
}

/* ----------------------------------------------------- one thread only */

static int read_file(struct worker *w, const char *path, struct progress *p)
{
	struct pgn_reader_opts ro = { .max_game_bytes = MAX_GAME };
	struct diag err = { 0 };
	struct pgn_reader *r = pgn_reader_open(path, &ro, &err);
	if (!r) {
		trouble(w->run, p, err.message);
		return -1;
	}
	struct pgn_game g;
	pgn_game_init(&g);
	int rc;
	while ((rc = pgn_reader_next(r, &g, hold, w, &err)) > 0) {
		take_game(w, &g, selected(w->run, &g));
		progress_add(p, g.raw_len, 1);
	}
	if (rc < 0)
		trouble(w->run, p, err.message);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return rc < 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- chunks */

enum chunk_state { CH_FREE, CH_READY, CH_DONE };

struct chunk {
	enum chunk_state state;
	const char *file;
	char *buf;
	size_t len, cap;
	bool *selected;		/* per game of the chunk */
	size_t ngames, selcap;
	uint64_t game0;		/* file index of the first game, minus one */
	uint32_t line0, col0;	/* file position of buf[0] */
	/* A game the reader cut short at MAX_GAME, alone in its chunk: its
	 * bytes end mid-game, so a worker would find another fault in it;
	 * the reading thread's diagnostic is reported instead. */
	bool cut;
	struct diag cut_diag;
	char *cut_white, *cut_black;
	char *diag;		/* what the worker printed */
	size_t diag_len;
	uint64_t games;		/* as the worker parsed them */
};

struct pool {
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct chunk *slots;
	size_t nslots;
	uint64_t filled, taken, emitted;	/* chunk sequence numbers */
	bool closing;
	const struct stats_run *run;
	struct progress *progress;
	/* position of the reading thread in the current file */
	uint32_t line, col;
	bool resync;		/* the last game was cut: bytes were skipped */
	struct diag limit;	/* the reader's "too large" error, if any */
	bool mismatch;		/* a worker split a chunk differently */
};

struct pool_worker {
	struct pool *pool;
	struct worker w;
	pthread_t thread;
};

/* The game of a chunk the reader cut: counted invalid (in the group its
 * tags give), reported with the reading thread's diagnostic. */
static void take_cut(struct worker *w, struct chunk *c,
		     const struct pgn_game *g)
{
	w->nheld = 0;
	if (!c->selected[0]) {
		w->unselected++;
		return;
	}
	if (w->diag)
		diag_print_text(w->diag, &c->cut_diag);
	w->games++;
	w->invalid++;
	stats_add_game(w->s, g, w->run->replay, true, NULL, NULL);
}

static void chunk_process(struct worker *w, struct chunk *c, bool *mismatch)
{
	struct pgn_reader_opts ro = { .max_game_bytes = MAX_GAME };
	struct pgn_reader *r = pgn_reader_from_memory(c->file, c->buf, c->len,
						      &ro);
	struct pgn_game g;
	struct diag err = { 0 };
	FILE *diag = w->run->quiet ? NULL : open_memstream(&c->diag, &c->diag_len);
	w->diag = diag;
	w->line0 = c->line0;
	w->col0 = c->col0;
	w->game0 = c->game0;
	pgn_game_init(&g);
	size_t k = 0;
	while (pgn_reader_next(r, &g, hold, w, &err) > 0) {
		if (c->cut) {
			take_cut(w, c, &g);
			k = 1;
			break;
		}
		bool sel = k < c->ngames ? c->selected[k] : true;
		take_game(w, &g, sel);
		k++;
	}
	*mismatch = k != c->ngames;
	c->games = k;
	pgn_game_release(&g);
	pgn_reader_close(r);
	if (diag)
		fclose(diag);
	w->diag = NULL;
}

static void *worker_main(void *arg)
{
	struct pool_worker *pw = arg;
	struct pool *p = pw->pool;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (p->taken == p->filled && !p->closing)
			pthread_cond_wait(&p->work, &p->mu);
		if (p->taken == p->filled)
			break;
		struct chunk *c = &p->slots[p->taken++ % p->nslots];
		pthread_mutex_unlock(&p->mu);
		bool mismatch;
		chunk_process(&pw->w, c, &mismatch);
		pthread_mutex_lock(&p->mu);
		p->mismatch |= mismatch;
		c->state = CH_DONE;
		pthread_cond_broadcast(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Waits for the oldest chunk in flight, prints what its worker printed and
 * frees its slot. */
static void emit_oldest(struct pool *p)
{
	struct chunk *c = &p->slots[p->emitted % p->nslots];
	pthread_mutex_lock(&p->mu);
	while (c->state != CH_DONE)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
	if (c->diag_len) {
		progress_clear(p->progress);
		fwrite(c->diag, 1, c->diag_len, stderr);
	}
	free(c->diag);
	free(c->cut_white);
	free(c->cut_black);
	c->diag = c->cut_white = c->cut_black = NULL;
	c->diag_len = 0;
	progress_add(p->progress, c->len, c->games);
	c->state = CH_FREE;
	p->emitted++;
}

/* Prints the chunks that are done, in order, without waiting: keeps the
 * diagnostics and the progress line current. */
static void emit_ready(struct pool *p)
{
	for (;;) {
		if (p->emitted == p->filled)
			return;
		pthread_mutex_lock(&p->mu);
		bool done = p->slots[p->emitted % p->nslots].state == CH_DONE;
		pthread_mutex_unlock(&p->mu);
		if (!done)
			return;
		emit_oldest(p);
	}
}

/* The chunk being filled: the next slot, once it is free. */
static struct chunk *chunk_open(struct pool *p, const char *file,
				uint64_t game0)
{
	if (p->filled - p->emitted == p->nslots)
		emit_oldest(p);
	struct chunk *c = &p->slots[p->filled % p->nslots];
	c->file = file;
	c->len = c->ngames = 0;
	c->cut = false;
	c->game0 = game0;
	c->line0 = p->line;
	c->col0 = p->col;
	return c;
}

static void chunk_submit(struct pool *p, struct chunk *c)
{
	pthread_mutex_lock(&p->mu);
	c->state = CH_READY;
	p->filled++;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

/* Appends a game's raw bytes and advances the file position past them. */
static void chunk_append(struct pool *p, struct chunk *c,
			 const struct pgn_game *g, bool sel)
{
	stats_grow((void **)&c->buf, &c->cap, c->len + g->raw_len, 1);
	memcpy(c->buf + c->len, g->raw, g->raw_len);
	c->len += g->raw_len;
	stats_grow((void **)&c->selected, &c->selcap, c->ngames + 1,
		   sizeof *c->selected);
	c->selected[c->ngames++] = sel;
	const char *s = g->raw, *end = g->raw + g->raw_len, *nl;
	while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		p->line++;
		p->col = 1;
		s = nl + 1;
	}
	p->col += (uint32_t)(end - s);
}

/* Keeps the reader's "too large" error of the game being read. */
static void keep_limit(void *ctx, const struct diag *d)
{
	struct pool *p = ctx;
	if (d->severity == DIAG_ERROR && d->code == DC_LIMIT)
		p->limit = *d;
}

static char *copy_name(const char *s)
{
	char *c = s ? strdup(s) : NULL;
	if (s && !c)
		abort();
	return c;
}

/* A game the reader cut short goes alone into a chunk of its own, with the
 * reader's diagnostic; the bytes it skipped after it leave the line count,
 * which the next game's start puts right. */
static struct chunk *chunk_cut(struct pool *p, struct chunk *c,
			       const char *path, const struct pgn_game *g)
{
	if (c && c->ngames)
		chunk_submit(p, c);
	c = chunk_open(p, path, g->index - 1);
	chunk_append(p, c, g, selected(p->run, g));
	c->cut = true;
	c->cut_diag = p->limit;
	c->cut_white = copy_name(p->limit.white);
	c->cut_black = copy_name(p->limit.black);
	c->cut_diag.white = c->cut_white;
	c->cut_diag.black = c->cut_black;
	chunk_submit(p, c);
	p->resync = true;
	return NULL;
}

static int pool_file(struct pool *p, const char *path)
{
	struct pgn_reader_opts ro = { .tags_only = true,
				      .max_game_bytes = MAX_GAME };
	struct diag err = { 0 };
	struct pgn_reader *r = pgn_reader_open(path, &ro, &err);
	if (!r) {
		trouble(p->run, p->progress, err.message);
		return -1;
	}
	struct pgn_game g;
	pgn_game_init(&g);
	p->line = p->col = 1;
	p->resync = false;
	struct chunk *c = NULL;
	int rc;
	/* Diagnostics are the workers' business, they see the whole game;
	 * but for a game too large to be held whole. */
	while ((rc = pgn_reader_next(r, &g, keep_limit, p, &err)) > 0) {
		if (p->resync) {
			p->line = g.start.line;
			p->col = g.start.col;
			p->resync = false;
		}
		if ((g.flags & PGN_TOO_LARGE) && g.raw_len == MAX_GAME) {
			c = chunk_cut(p, c, path, &g);
			continue;
		}
		if (!c)
			c = chunk_open(p, path, g.index - 1);
		chunk_append(p, c, &g, selected(p->run, &g));
		if (c->len >= CHUNK_BYTES) {
			chunk_submit(p, c);
			c = NULL;
			emit_ready(p);
		}
	}
	if (c)
		chunk_submit(p, c);
	if (rc < 0)
		trouble(p->run, p->progress, err.message);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return rc < 0 ? -1 : 0;
}

static void pool_start(struct pool *p, struct pool_worker *pw, unsigned n,
		       struct stats *s)
{
	struct stats_config cfg = { s->opening_plies, s->group_by };
	for (unsigned i = 0; i < n; i++) {
		pw[i].pool = p;
		memset(&pw[i].w, 0, sizeof pw[i].w);
		pw[i].w.s = stats_new(&cfg);
		pw[i].w.run = p->run;
		if (pthread_create(&pw[i].thread, NULL, worker_main, &pw[i]))
			abort();
	}
}

/* Drains the chunks in flight, stops the workers and adds their counts. */
static void pool_finish(struct pool *p, struct pool_worker *pw, unsigned n,
			struct stats *s, struct stats_run *run)
{
	while (p->emitted < p->filled)
		emit_oldest(p);
	pthread_mutex_lock(&p->mu);
	p->closing = true;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	char why[128];
	for (unsigned i = 0; i < n; i++) {
		pthread_join(pw[i].thread, NULL);
		if (stats_merge(s, pw[i].w.s, why, sizeof why) != 0)
			abort();	/* same configuration by construction */
		run->games += pw[i].w.games;
		run->invalid += pw[i].w.invalid;
		run->unselected += pw[i].w.unselected;
		stats_free(pw[i].w.s);
		free(pw[i].w.held);
	}
}

static int read_pooled(struct stats *s, char **files, int nfiles,
		       struct stats_run *run, struct progress *prog)
{
	unsigned n = run->jobs;
	struct pool p = { .nslots = 2 * (size_t)n + 2, .run = run,
			  .progress = prog };
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.work, NULL);
	pthread_cond_init(&p.done, NULL);
	p.slots = calloc(p.nslots, sizeof *p.slots);
	struct pool_worker *pw = calloc(n, sizeof *pw);
	if (!p.slots || !pw)
		abort();
	pool_start(&p, pw, n, s);
	int status = 0;
	for (int i = 0; i < nfiles; i++)
		if (pool_file(&p, files[i]) != 0)
			status = -1;
	pool_finish(&p, pw, n, s, run);
	if (p.mismatch)
		trouble(run, prog, "internal error: a chunk was read as a "
			"different number of games; please report it");
	for (size_t i = 0; i < p.nslots; i++) {
		free(p.slots[i].buf);
		free(p.slots[i].selected);
	}
	free(p.slots);
	free(pw);
	pthread_cond_destroy(&p.work);
	pthread_cond_destroy(&p.done);
	pthread_mutex_destroy(&p.mu);
	return status;
}

/* ------------------------------------------------------------------ run */

int stats_read_games(struct stats *s, char **files, int nfiles,
		     struct stats_run *run)
{
	static char *stdin_only[] = { "-" };
	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	struct progress prog;
	progress_init(&prog, run, files, nfiles);
	run->games = run->invalid = run->unselected = 0;
	int status = 0;
	if (run->jobs > 1) {
		status = read_pooled(s, files, nfiles, run, &prog);
	} else {
		struct worker w = { .s = s, .run = run, .progress = &prog,
				    .diag = run->quiet ? NULL : stderr };
		for (int i = 0; i < nfiles; i++)
			if (read_file(&w, files[i], &prog) != 0)
				status = -1;
		run->games = w.games;
		run->invalid = w.invalid;
		run->unselected = w.unselected;
		free(w.held);
	}
	progress_finish(&prog);
	return status;
}
