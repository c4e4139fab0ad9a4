/* Games of one input on worker threads, output in input order: the
 * queue of chunks, the workers, the merges of chunks cut at a wrong
 * guess.  See engine.h for how the cuts stay exact. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* ------------------------------------------------------------ engine */

/* Takes back everything the chunk did: it is read again from its start,
 * joined to the next chunk. */
static void sink_restart(struct run_sink *k, const struct mark *start)
{
	rp_sink_rollback(k, start);
	k->consumed = 0;
	k->end = k->at;
	k->games = 0;
	rp_sink_new_chunk(k);
}

/* A chunk being run: where its output may be taken back to. */
struct chunk_run {
	struct engine *e;
	struct run_worker *w;
	struct run_sink *k;
	struct pgn_reader *r;
	struct mark m, start;	/* between the last games; the chunk's start */
	uint64_t games;
	/* A game was run since m: while a too-large game's rest is skipped,
	 * the reader cannot tell where the next game starts, so no mark is
	 * set after it. */
	bool past_mark;
};

/* Between games: what is written so far stands.  True when the chunk's
 * cut is reached. */
static bool chunk_mark(struct chunk_run *c)
{
	struct run_sink *k = c->k;
	size_t off;
	struct pgn_loc at;
	if (!pgn_reader_tell(c->r, &off, &at) || off > k->len)
		return false;
	rp_sink_mark(k, &c->m);
	c->past_mark = false;
	k->consumed = off;
	k->end = at;
	k->games = c->games;
	k->complete = !k->last && off == k->len;
	return k->complete;
}

/* A game runs past the cut (or the input broke off): it is read again
 * with the next chunk.  If a game before it but after the mark was run,
 * what it added to the chunk's state cannot be taken back: the whole
 * chunk is read again (written, it would count that game twice). */
static void chunk_stop_short(struct chunk_run *c)
{
	if (c->past_mark)
		sink_restart(c->k, &c->start);
	else
		rp_sink_rollback(c->k, &c->m);
}

/* Reads the next game and runs it; false when the chunk's run ends. */
static bool chunk_game(struct chunk_run *c)
{
	struct run_sink *k = c->k;
	struct diag err;
	size_t off = 0;
	struct pgn_loc at;
	rp_sink_hold(k);
	int rc = pgn_reader_next(c->r, &c->w->game, run_report, k, &err);
	/* (Past a cut game the next start is not known yet, but where the
	 * reader stands is: its offset is set all the same.) */
	if (rc == 1)
		pgn_reader_tell(c->r, &off, &at);
	if (rc == 1 && (k->last || off <= k->len)) {
		c->games++;
		c->past_mark = true;
		k->cut_stream = -1;
		rp_run_game(c->e->cfg, c->w, &c->w->game, k);
		return true;
	}
	if (rc == 0 && k->last) {
		rp_sink_release(k, true);
		k->consumed = k->len;
		k->games = c->games;
		k->complete = true;
		return false;
	}
	chunk_stop_short(c);
	return false;
}

/* Reads and runs one chunk's games (any thread). */
static void run_chunk_games(struct engine *e, struct run_worker *w,
			    struct run_sink *k)
{
	struct pgn_reader_opts ro = rp_sink_reader_opts(k);
	struct chunk_run c = {
		.e = e, .w = w, .k = k,
		.r = pgn_reader_from_chunk(e->name, k->buf, k->data_len,
					   k->last, k->origin, k->at, &ro),
	};
	k->consumed = 0;
	k->end = k->at;
	k->games = 0;
	k->complete = false;
	rp_sink_new_chunk(k);
	rp_sink_mark(k, &c.m);
	c.start = c.m;
	/* A run that is stopping leaves the chunk: it is never written. */
	while (!atomic_load_explicit(&e->cancel, memory_order_relaxed) &&
	       !chunk_mark(&c) && chunk_game(&c))
		;
	pgn_reader_close(c.r);
}

static void *worker_main(void *arg)
{
	struct engine *e = arg;
	const struct run_config *cfg = e->cfg;
	struct run_worker *rw = rp_worker_new(cfg);
	pthread_mutex_lock(&e->lock);
	for (;;) {
		struct run_sink *k = e->head;
		if (atomic_load_explicit(&e->cancel, memory_order_relaxed))
			break;
		while (k && k->state != CH_QUEUED)
			k = k->next;
		if (!k) {
			if (e->stop)
				break;
			pthread_cond_wait(&e->work, &e->lock);
			continue;
		}
		k->state = CH_RUNNING;
		pthread_mutex_unlock(&e->lock);
		run_chunk_games(e, rw, k);
		pthread_mutex_lock(&e->lock);
		k->state = CH_DONE;
		pthread_cond_broadcast(&e->done);
	}
	pthread_mutex_unlock(&e->lock);
	rp_worker_free(cfg, rw);
	return NULL;
}

/* The smallest chunk, and the first ones' size. */
static size_t least_chunk_bytes(const struct engine *e)
{
	return FIRST_CHUNK_BYTES < e->chunk_max ? FIRST_CHUNK_BYTES
						: e->chunk_max;
}

/* The next chunks' size, from the output the chunks written so far made
 * of their input. */
static void adapt_chunk_bytes(struct engine *e, const struct run_sink *k)
{
	e->bytes_in += k->consumed;
	e->bytes_out += k->out.nbytes;
	size_t size = e->chunk_max;
	if (e->bytes_out > 0) {
		double fit = (double)CHUNK_OUTPUT_BYTES * (double)e->bytes_in /
			     (double)e->bytes_out;
		if (fit < (double)size)
			size = (size_t)fit;
	}
	size_t least = least_chunk_bytes(e);
	e->chunk_bytes = size < least ? least : size;
}

/* Writes the chunk's output; false when a write failed. */
static bool write_chunk(struct engine *e, struct run_sink *k)
{
	if (!rp_write_records(e, k))
		return false;
	adapt_chunk_bytes(e, k);
	rp_chunk_written(e, k, k->consumed, k->games);
	e->games_before += k->games;
	e->line_before += k->end.line - 1;
	return true;
}

static void wait_done(struct engine *e, struct run_sink *k)
{
	pthread_mutex_lock(&e->lock);
	while (k->state == CH_QUEUED || k->state == CH_RUNNING) {
		if (k->state == CH_QUEUED) {
			/* Nobody has it yet: it is redone merged anyway. */
			k->state = CH_TAKEN;
			break;
		}
		pthread_cond_wait(&e->done, &e->lock);
	}
	pthread_mutex_unlock(&e->lock);
}

static void enqueue(struct engine *e, struct run_sink *k)
{
	pthread_mutex_lock(&e->lock);
	k->state = k->stream ? CH_TAKEN : CH_QUEUED;	/* no worker's */
	if (e->tail)
		e->tail->next = k;
	else
		e->head = k;
	e->tail = k;
	e->inflight++;
	pthread_cond_signal(&e->work);
	pthread_mutex_unlock(&e->lock);
}

static void pop_head(struct engine *e)
{
	pthread_mutex_lock(&e->lock);
	struct run_sink *k = e->head;
	e->head = k->next;
	if (!e->head)
		e->tail = NULL;
	e->inflight--;
	pthread_mutex_unlock(&e->lock);
	rp_keep_spare(e, k);
	rp_sink_free(k);
}

/* What is left of the head chunk k (from k->consumed on), in a new sink
 * with room for `more` bytes after it, where it starts in the input:
 * merged with what follows it, or the start of a stream. */
static struct run_sink *sink_rest_of(struct engine *e,
				     const struct run_sink *k, size_t more)
{
	size_t rest = k->len - k->consumed;
	struct run_sink *m = xcalloc(1, sizeof *m);
	m->cfg = e->cfg;
	m->cap = rest + more;
	m->buf = xmalloc(m->cap ? m->cap : 1);
	memcpy(m->buf, k->buf + k->consumed, rest);
	m->len = m->data_len = rest;
	m->origin = k->origin && k->consumed == 0;
	m->offset = k->offset + k->consumed;
	m->at = (struct pgn_loc){ 1, k->end.col };
	return m;
}

/* The head chunk stopped short of its cut and what is left of it is
 * long (or a stream follows): it becomes a stream, which takes every
 * chunk queued after it (their runs thrown away) and the carry, all of
 * them bytes its reader must see before it reads on from the input.
 * Merging again and again, a game running over many chunks (a comment of
 * a gigabyte holding [Event lines) was read again from its start with
 * each, and held whole. */
static void stream_from_head(struct engine *e)
{
	struct run_sink *k = e->head, *c;
	size_t after = e->carry_len;
	pthread_mutex_lock(&e->lock);
	for (c = k->next; c; c = c->next)
		after += c->len;
	pthread_mutex_unlock(&e->lock);
	struct run_sink *m = sink_rest_of(e, k, after);
	for (c = k->next; c; c = c->next) {
		wait_done(e, c);	/* a worker may still run it */
		memcpy(m->buf + m->len, c->buf, c->len);
		m->len += c->len;
	}
	if (e->carry_len)	/* (no carry: NULL, which memcpy may not take) */
		memcpy(m->buf + m->len, e->carry, e->carry_len);
	m->len += e->carry_len;
	m->data_len = m->len;
	free(e->carry);
	e->carry = NULL;
	e->carry_len = e->carry_cap = 0;
	m->stream = true;
	m->state = CH_TAKEN;
	e->stream_pending = true;
	pthread_mutex_lock(&e->lock);
	c = k;
	e->head = e->tail = m;
	e->inflight = 1;
	pthread_mutex_unlock(&e->lock);
	while (c) {
		struct run_sink *next = c->next;
		rp_sink_free(c);
		c = next;
	}
}

/* The head chunk stopped short of its cut: the rest of it, joined to the
 * next chunk, is read again here and takes the next chunk's place. */
static void merge_head(struct engine *e)
{
	struct run_sink *k = e->head, *next;
	pthread_mutex_lock(&e->lock);
	next = k->next;
	pthread_mutex_unlock(&e->lock);
	if (!next) {
		next = rp_read_chunk(e);
		if (!next) {
			pop_head(e);	/* the input broke off */
			return;
		}
		next->state = CH_TAKEN;
		pthread_mutex_lock(&e->lock);
		k->next = next;
		e->tail = next;
		e->inflight++;
		pthread_mutex_unlock(&e->lock);
	}
	size_t rest = k->len - k->consumed;
	/* (After a read error the bytes held end short of the input, which
	 * a stream would take for its end: merged, the broken game is
	 * dropped, as one thread drops it.) */
	if (next->stream ||
	    (rest / STREAM_AFTER >= e->chunk_max && !e->io_error)) {
		stream_from_head(e);
		return;
	}
	wait_done(e, next);
	struct run_sink *m = sink_rest_of(e, k, next->data_len);
	memcpy(m->buf + rest, next->buf, next->data_len);
	m->len = rest + next->len;
	m->data_len = rest + next->data_len;
	m->last = next->last;
	run_chunk_games(e, rp_main_worker(e), m);
	m->state = CH_DONE;
	/* m replaces k and next. */
	pthread_mutex_lock(&e->lock);
	m->next = next->next;
	e->head = m;
	if (e->tail == next)
		e->tail = m;
	e->inflight--;
	pthread_mutex_unlock(&e->lock);
	rp_keep_spare(e, k);
	rp_keep_spare(e, next);
	rp_sink_free(k);
	rp_sink_free(next);
}

/* Writes the head chunk once it is done; false when a write failed (the
 * chunk stays at the head). */
static bool write_head(struct engine *e)
{
	struct run_sink *k = e->head;
	if (k->stream) {
		if (!rp_run_stream(e, k))
			return false;
		pop_head(e);
		return true;
	}
	pthread_mutex_lock(&e->lock);
	while (k->state != CH_DONE)
		pthread_cond_wait(&e->done, &e->lock);
	pthread_mutex_unlock(&e->lock);
	if (!write_chunk(e, k))
		return false;
	if (k->complete)
		pop_head(e);
	else
		merge_head(e);
	return true;
}

/* ---------------------------------------------------------------- run */

static int engine_open(struct engine *e, const char *path)
{
	struct diag err;
	e->name = path && strcmp(path, "-") ? path : "-";
	e->in = pgn_input_open(e->name, &err);
	if (!e->in) {
		rp_before_print(e);
		warn_user("%s", err.message);
		return -1;
	}
	if (e->cfg->origin.label)
		e->name = e->cfg->origin.label;
	return 0;
}

/* Ends the run: the workers stop (at their next game when cancel, after
 * a failed write) and are joined. */
static void workers_stop(struct engine *e, pthread_t *threads, unsigned n,
			 bool cancel)
{
	pthread_mutex_lock(&e->lock);
	e->stop = true;
	if (cancel)
		atomic_store(&e->cancel, true);
	pthread_cond_broadcast(&e->work);
	pthread_mutex_unlock(&e->lock);
	for (unsigned i = 0; i < n; i++)
		pthread_join(threads[i], NULL);
}

/* The workers: each runs the chunks queued, in any order.  A thread that
 * cannot start (no memory for its stack) ends the program, once those
 * started are joined: exit() flushes every stream, and a worker's must
 * not be in use then. */
static void workers_start(struct engine *e, pthread_t *threads, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		int err = pthread_create(&threads[i], NULL, worker_main, e);
		if (err != 0) {
			workers_stop(e, threads, i, true);
			die("cannot start a thread: %s", strerror(err));
		}
	}
}

/* Reads chunks ahead and writes the head as it is done, until the input
 * ends; false when a write failed (nothing more is read). */
static bool run_queue(struct engine *e)
{
	for (;;) {
		struct run_sink *k = NULL;
		while (e->inflight < e->max_inflight && (k = rp_read_chunk(e)))
			enqueue(e, k);
		if (!e->head)
			return true;
		if (!write_head(e))
			return false;
	}
}

/* Jobs workers run the chunks; this thread reads and writes them. */
static bool run_parallel(struct engine *e, unsigned jobs)
{
	pthread_t *threads = xcalloc(jobs, sizeof *threads);
	/* Work queued ahead of the writer. */
	e->max_inflight = 2 * jobs + 2;
	workers_start(e, threads, jobs);
	bool ok = run_queue(e);
	workers_stop(e, threads, jobs, !ok);
	free(threads);
	return ok;
}

/* Numbers start where the piece stands in its file (cfg->origin). */
static void engine_origin(struct engine *e, const struct run_origin *o)
{
	e->piece = o->line > 1 || o->column > 1 || o->game > 1;
	if (o->line)
		e->line_before = o->line;
	if (o->column)
		e->carry_col = o->column;
	if (o->game)
		e->games_before = o->game - 1;
}

static void engine_init(struct engine *e, struct run_config *cfg)
{
	*e = (struct engine){ .cfg = cfg, .line_before = 1, .carry_col = 1 };
	engine_origin(e, &cfg->origin);
	atomic_init(&e->cancel, false);
	e->chunk_max = rp_chunk_bytes();
	e->chunk_bytes = least_chunk_bytes(e);
	pthread_mutex_init(&e->lock, NULL);
	pthread_cond_init(&e->work, NULL);
	pthread_cond_init(&e->done, NULL);
}

static void engine_release(struct engine *e)
{
	/* The chunks left after a failed write, run or not. */
	while (e->head) {
		struct run_sink *k = e->head;
		e->head = k->next;
		rp_sink_free(k);
	}
	e->tail = NULL;
	rp_worker_free(e->cfg, e->main);
	free(e->carry);
	while (e->nspare)
		free(e->spare[--e->nspare]);
	pthread_cond_destroy(&e->done);
	pthread_cond_destroy(&e->work);
	pthread_mutex_destroy(&e->lock);
	pgn_input_close(e->in);
}

/* Runs every game of path ("-": standard input).  0, or EXIT_TROUBLE
 * when the file cannot be read (reported). */
static int run_path(const char *path, struct run_config *cfg)
{
	struct engine e;
	engine_init(&e, cfg);
	if ((cfg->origin.range ? rp_range_open(&e, path)
			       : engine_open(&e, path)) != 0) {
		engine_release(&e);
		return EXIT_TROUBLE;
	}
	/* A range stops at its end's cut, which one reader watches. */
	unsigned jobs = cfg->jobs && !cfg->origin.range ? cfg->jobs : 1;
	bool ok = jobs == 1 ? rp_run_serial(&e) : run_parallel(&e, jobs);
	engine_release(&e);
	return rp_run_status(&e, ok);
}

int run_files(char **files, int nfiles, struct run_config *cfg)
{
	int status = 0;
	const struct run_origin *o = &cfg->origin;
	files_or_stdin(&files, &nfiles);
	if (nfiles > 1 && (o->line || o->column || o->game || o->label ||
			   o->range))
		die("--first-line, --first-column, --first-game, --label and "
		    "--range take one input, not %d", nfiles);
	rp_progress_start(cfg, files, nfiles);
	for (int i = 0; i < nfiles; i++)
		if (run_path(files[i], cfg) != 0)
			status = EXIT_TROUBLE;
	rp_progress_end();
	return status;
}
