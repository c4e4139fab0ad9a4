/* Games of one input on worker threads, output in input order.
 *
 * The calling thread reads the input in chunks of about a megabyte, each
 * cut where a game seems to start (pgn_find_cut: before a line "[Event ",
 * else a tag line after a blank line), and queues them; N workers parse and
 * process the chunks; the calling thread writes each chunk's output when
 * every chunk before it is written.  The output is byte for byte the one
 * a single thread gives:
 * - A worker parses its chunk with a chunk reader (pgn_reader_from_chunk),
 *   which sees the chunk and the line after it, and stops with
 *   PGN_NEED_MORE where a game runs past the chunk.  The cut is a guess; a
 *   guess is right when the chunk's last game ends exactly at the cut, and
 *   then the games read are the ones a reader of the whole input reads.  A
 *   wrong guess (a comment or tag section running over the cut) is found
 *   there: the chunk's output stops before the game that runs over, and
 *   that game is read again joined to the next chunk, on this thread.
 * - Game numbers and line numbers in diagnostics are counted from the
 *   chunk's start and shifted when the chunk is written.
 * - Each game's diagnostics go through a recorder that does what
 *   struct diag_printer does (--strict, holding the reader's diagnostics
 *   until the game is known to be selected, the limit of held ones); they
 *   are printed when the chunk is written.
 *
 * - Where no cut comes for two chunk sizes (a game of a gigabyte, games
 *   with no blank line between them and no [Event]), or a game read again
 *   has grown that long, the bytes held and the rest of the input go to
 *   one file reader on this thread (a stream), which writes each game as
 *   it goes and gives back to chunks at the first game start past the
 *   bytes it was given.
 *
 * Memory: at most 2 * jobs + 2 chunks are held at once, and a chunk grows
 * to two chunk sizes at most (then a stream reads on, in the memory a
 * single thread needs), so a run needs a few megabytes whatever the
 * input's size.  A chunk's output is held too: where it is larger than
 * the input (FEN per ply, JSON), the chunks are made smaller so that each
 * holds about a megabyte of output, and a stream writes a game's output
 * as it grows past a megabyte instead of holding it whole.
 * PAWNKIT_CHUNK_BYTES (a test knob) sets the largest chunk size, so that
 * small inputs exercise the cuts and the streams.
 *
 * What games add up beyond par_count() (game-stats' accumulator) goes
 * into a per-chunk state, not a per-worker one: a chunk a worker has run
 * is thrown away when the chunk before it was cut at a wrong guess (its
 * games are read again, joined to that one), and what its games added
 * must go with it.  So each chunk run gets its own state (chunk_new); the
 * calling thread hands the state of each chunk written to written(), in
 * input order, and frees every state (chunk_free), written or thrown
 * away.  Each game is thus in exactly one written state, merged in input
 * order on one thread: no lock, and a merge order that does not depend on
 * the number of workers or on timing.  The price is one merge per chunk
 * (about a megabyte of games) on the calling thread. */
#ifndef PAWNKIT_CMD_PARALLEL_H
#define PAWNKIT_CMD_PARALLEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common.h"

#define PAR_STREAMS 4		/* output streams a command may use */
#define PAR_COUNTERS 8		/* per-game counters a command may use */

/* One chunk's output so far; workers write to it through the calls below. */
struct par_sink;

/* Per-game calls for the worker's game function.  Bytes go to stream s
 * (an index into par_config.streams; a NULL stream drops them). */
void par_write(struct par_sink *k, unsigned s, const char *p, size_t n);
/* Game number n of the chunk (g->index), written as the number it has in
 * the whole input: that is known only when the chunk is written. */
void par_write_game_number(struct par_sink *k, unsigned s, uint64_t n);
/* The game's raw bytes, kept by reference (no copy). */
void par_write_raw(struct par_sink *k, unsigned s, const struct pgn_game *g);
/* A diag_fn: ctx is the struct par_sink. */
void par_report(void *sink, const struct diag *d);
/* Ends holding the reader's diagnostics of this game: printed (print) or
 * dropped, as diag_printer_release(). */
void par_release(struct par_sink *k, bool print);
/* The state chunk_new() made for this chunk (NULL without chunk_new). */
void *par_chunk(struct par_sink *k);
/* Errors and warnings reported for this game so far (after --strict). */
unsigned par_errors(const struct par_sink *k);
void par_count(struct par_sink *k, unsigned counter);

struct par_config {
	unsigned jobs;		/* worker threads, at least 1 */
	struct pgn_reader_opts reader;
	FILE *streams[PAR_STREAMS];
	/* json, quiet, no_warnings, strict as for struct diag_printer. */
	struct diag_printer printer;
	/* Only errors are kept and printed (warnings and notes are counted,
	 * never shown), and all of a game's held reader errors are printed,
	 * with no DIAG_HELD_MAX: what game-stats has always printed. */
	bool errors_only;
	/* Per-worker state (may be NULL): made once per worker thread. */
	void *(*worker_new)(void *ctx);
	void (*worker_free)(void *ctx, void *worker);
	/* One game on a worker thread; the reader's diagnostics are held when
	 * it is called (call par_release).  It must not touch ctx but to read
	 * it: games of different chunks run at the same time. */
	void (*game)(void *ctx, void *worker, struct pgn_game *g,
		     struct par_sink *k);
	void *ctx;
	/* Per-chunk state (all may be NULL; see above).  chunk_new runs on
	 * the thread that runs the chunk, before its first game, and like
	 * game may only read ctx; chunk_free runs on the calling thread,
	 * once for each state made. */
	void *(*chunk_new)(void *ctx);
	void (*chunk_free)(void *ctx, void *chunk);
	/* On the calling thread, after each chunk's output is written, in
	 * input order: the chunk's state, the input bytes it covered and its
	 * games (all read, selected or not).  The bytes of all calls add up
	 * to the input's size (but after a read error).  For a progress
	 * line, and to merge the
	 * chunk's state into a total. */
	void (*written)(void *ctx, void *chunk, uint64_t bytes,
			uint64_t games);
	/* On the calling thread, before par_run prints to stderr (a chunk's
	 * diagnostics, a read error): to take a progress line off it. */
	void (*before_print)(void *ctx);
	/* On the calling thread, just before a chunk's output is written
	 * (may be NULL): what the chunk's first bytes owe to the output
	 * before them (pgn-convert's JSON comma) may be written to the
	 * streams here.  A stream calls it again each time it writes more
	 * of a long game's output (the same chunk state, with more
	 * written). */
	void (*before_write)(void *ctx, void *chunk);
	/* Sums of par_count() over the games written, added to by par_run. */
	uint64_t counts[PAR_COUNTERS];
};

/* par_run() on each file in turn (none: standard input).  0, or
 * EXIT_TROUBLE when one could not be read (reported; the others are
 * run). */
int par_run_files(char **files, int nfiles, struct par_config *cfg);

/* Runs every game of path ("-": standard input).  0, or EXIT_TROUBLE when
 * the file cannot be read (reported).
 *
 * A failed write to one of the streams (or to standard output) stops the
 * run as outputs_check() stops a single thread, after each chunk instead
 * of each game: nothing more is read, no chunk is started any more and
 * the ones being run stop at their next game; once the workers are joined
 * and the engine's memory freed, outputs_check() exits with EXIT_TROUBLE,
 * quietly for a closed pipe (`| head`), with its message for any other
 * write error (a full disk). */
int par_run(const char *path, struct par_config *cfg);

#endif
