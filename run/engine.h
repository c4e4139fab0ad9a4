/* The run layer's engine, private to run/: games of one input on one
 * thread or on worker threads, output in input order.
 *
 * One job (serial, stream.c): the calling thread reads the input with one
 * file reader, runs each game as it comes and writes its output at once.
 * Each game's output still goes through a sink (below) and is written
 * from there: one path for a game whatever the number of jobs.
 *
 * More jobs (engine.c, chunk.c): the calling thread reads the input in chunks of about a megabyte, each
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
 * - Each game's diagnostics go through the sink's policy (sink.c:
 *   --strict, holding the reader's diagnostics until the game is known
 *   to be selected); they are printed when the chunk is written.
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
 * What games add up beyond run_count() (game-stats' accumulator) goes
 * into a per-chunk state, not a per-worker one: a chunk a worker has run
 * is thrown away when the chunk before it was cut at a wrong guess (its
 * games are read again, joined to that one), and what its games added
 * must go with it.  So each chunk run gets its own state (chunk_new); the
 * calling thread hands the state of each chunk written to written(), in
 * input order, and frees every state (chunk_free), written or thrown
 * away.  Each game is thus in exactly one written state, merged in input
 * order on one thread: no lock, and a merge order that does not depend on
 * the number of workers or on timing.  The price is one merge per chunk
 * (about a megabyte of games) on the calling thread; a stream hands on a
 * state every batch of games (64 KiB of input growing to a megabyte).
 *
 * A piece of a larger file (run_origin: --first-line, --first-game,
 * --first-column, --label) starts the numbers where the piece stands:
 * games_before, line_before and the first chunk's column are set from
 * them before anything is read, so every path above shifts alike.
 * --range (range.c) reads one byte range of a file on one job: the file
 * from the range's first cut as the input, and a stream that stops at
 * the end's cut (stream.c: range_ended, range_overrun).
 *
 * Private names here carry the prefix rp_ (run private). */
#ifndef PAWNKIT_RUN_ENGINE_H
#define PAWNKIT_RUN_ENGINE_H

#include <pthread.h>
#include <stdatomic.h>

#include "../libparse/grow.h"
#include "../libparse/pgn_chunk.h"
#include "run.h"

#define CHUNK_BYTES ((size_t)1 << 20)
/* The output a chunk should hold at most, roughly: chunks are made
 * smaller than CHUNK_BYTES when the output is larger than the input (FEN
 * per ply is eight times the PGN, JSON six), so that the chunks in flight
 * hold a few megabytes whatever the format.  The first chunks, before
 * the ratio is known, are FIRST_CHUNK_BYTES. */
#define CHUNK_OUTPUT_BYTES ((size_t)1 << 20)
#define FIRST_CHUNK_BYTES ((size_t)64 << 10)
/* A stream (one game at a time, on the calling thread) writes a game's
 * output on as it grows past this, instead of holding it whole. */
#define STREAM_FLUSH_BYTES ((size_t)1 << 20)
/* Read past the chunk size before looking for a cut: the cut is looked
 * for from the chunk size on, and its whole line must be there. */
#define CUT_SLACK ((size_t)64 << 10)
#define NO_STRING SIZE_MAX
/* A chunk that has found no cut in this many chunk sizes grows no more:
 * its bytes and the rest of the input go to one file reader on the
 * calling thread (a stream, see run_stream), in the memory a reader of
 * the whole input needs, until that reader stands past them.  Without it
 * an input with no cut (a game of a gigabyte, games with no blank line
 * between them and no [Event]) was one chunk, all of it in memory. */
#define STREAM_AFTER 2
/* Chunk input buffers kept for reuse (struct engine's spare). */
#define SPARE_BUFFERS 4

/* The output of a chunk is a list of records in the order they were made:
 * a run of the input's bytes (by reference), a run of bytes written, or a
 * diagnostic. */
enum rec_kind { REC_RAW, REC_BYTES, REC_DIAG, REC_GAME_NUMBER };

struct rec {
	enum rec_kind kind;
	unsigned stream;
	size_t off, len;	/* REC_DIAG: off indexes the diagnostics;
				 * REC_GAME_NUMBER: off is the number in the
				 * chunk */
};

/* A recorded diagnostic; the names it points to are copied into the
 * chunk's string buffer (the game's arena is gone by the time it is
 * printed). */
struct stored {
	struct diag d;
	size_t white, black;	/* offsets in strs, or NO_STRING */
};

enum chunk_state { CH_QUEUED, CH_RUNNING, CH_DONE, CH_TAKEN };

struct engine;

/* A chunk's output so far: records, and what they point to (bytes
 * written, diagnostics and the strings they name). */
struct records {
	struct rec *recs;
	size_t nrecs, rec_cap;
	char *bytes;
	size_t nbytes, bytes_cap;
	struct stored *diags;
	size_t ndiags, diag_cap;
	char *strs;
	size_t nstrs, strs_cap;
};

/* What the diagnostic policy keeps of the game being run (sink.c). */
struct game_diags {
	unsigned errors, warnings;	/* after --strict */
	bool holding;			/* the reader's, until selected */
	size_t hold_recs, hold_diags, hold_strs;	/* where they start */
};

struct run_sink {
	const struct run_config *cfg;
	struct run_sink *next;
	enum chunk_state state;
	/* Input: buf[0, len) is the chunk, buf[len, data_len) the line after
	 * it (unless last). */
	char *buf;
	size_t len, data_len, cap;
	bool last, origin;
	struct pgn_loc at;	/* of buf[0]; lines counted from 1 */
	uint64_t offset;	/* of buf[0] in the input */
	/* Read by rp_run_stream(), not by a worker: buf[0, len) is what
	 * was read of the input, and the reader reads on from the input.
	 * serial: to its end (one job), never handing back to chunks. */
	bool stream, serial;
	/* run_text(): every game's number and every diagnostic's place is
	 * the document's (place_game 0: none). */
	uint64_t place_game;
	struct pgn_loc place_at;
	/* A stream's: a game's output goes to the streams as it grows
	 * (stream_flush()); flush_failed once a write failed. */
	struct engine *flush_to;
	bool flush_failed;
	/* Outcome: where the games read stop, and whether that is the cut. */
	size_t consumed;
	struct pgn_loc end;
	uint64_t games;
	bool complete;
	struct records out;
	uint64_t counts[RUN_COUNTERS], unselected;
	struct run_worker *worker;	/* running the game, for run_file() */
	void *chunk;		/* made by chunk_new, or NULL */
	bool has_chunk;
	/* Where the raw bytes of the game just given to cfg->game went when
	 * they were cut (PGN_RAW_CUT): its rest, skipped by the reader while
	 * the next game is read, goes there too.  -1: nowhere. */
	int cut_stream;
	/* run_write_rest(): how the rest is written (write NULL: as it
	 * came), and where: a stream's output, or a chunk's FILE into the
	 * records (run_file()). */
	struct run_rest rest;
	FILE *rest_out;
	struct game_diags diag;	/* the game being run's */
};

/* Everything a chunk has written, to take back a game that turned out to
 * run past the cut. */
struct mark {
	size_t nrecs, nbytes, ndiags, nstrs;
	uint64_t counts[RUN_COUNTERS], unselected;
};


/* What a thread that runs games holds: the command's per-worker state,
 * its own --match (PCRE2 match data is not shared), a game to read into,
 * and a FILE a stream (run_file()) writing into the game's sink. */
struct run_worker {
	void *state;
	struct matcher match;
	struct pgn_game game;
	struct run_sink *sink;		/* of the game being run */
	FILE *files[RUN_STREAMS];
	struct worker_file {
		struct run_worker *w;
		unsigned stream;
	} cookies[RUN_STREAMS];
};

struct engine {
	struct run_config *cfg;
	const char *name;
	struct pgn_input *in;
	bool input_done, io_error;
	char io_message[DIAG_MESSAGE_MAX];
	/* The size of the next chunk, made smaller than chunk_max by a
	 * large output (CHUNK_OUTPUT_BYTES); chunk_max also sets when a
	 * chunk with no cut becomes a stream. */
	size_t chunk_bytes, chunk_max;
	uint64_t bytes_in, bytes_out;	/* of the chunks written */
	unsigned max_inflight, inflight;
	uint64_t offset;		/* input offset of the next chunk */
	char *carry;			/* read past the last cut */
	size_t carry_len, carry_cap;
	/* Input buffers of chunks written, kept for the next chunks rather
	 * than freed: a chunk's megabyte given back to malloc is split for
	 * the small blocks of the run (game-stats' groups) and the next
	 * chunk takes a new one, so the heap would grow by a hole a chunk
	 * (game-stats -g White on OTB: 38 MB without the spares). */
	char *spare[SPARE_BUFFERS];
	size_t spare_cap[SPARE_BUFFERS], nspare;
	uint32_t carry_col;		/* the column where the carry starts */
	/* The input is a piece of a larger file (cfg->origin): its first
	 * byte is not the file's (no byte order mark is looked for). */
	bool piece;
	/* --range: the input is read from the file's byte range_at, and
	 * its games stop range_len bytes on (UINT64_MAX: at its end). */
	bool range;
	uint64_t range_at, range_len;
	/* A stream is queued: its reader reads the input, not read_chunk. */
	bool stream_pending;
	/* The queue, in input order; guarded by lock. */
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	struct run_sink *head, *tail;
	bool stop;
	/* A write to an output failed: no chunk is started any more, and
	 * one being run stops at its next game.  Set under lock; read
	 * without it by run_chunk_games(). */
	atomic_bool cancel;
	int write_errno;		/* errno of the failed write */
	/* Writing: game and line numbers before the head chunk. */
	uint64_t games_before;
	uint32_t line_before;
	/* Games run on this thread (merges, streams): made when needed. */
	struct run_worker *main;
};

struct worker {
	struct engine *e;
	pthread_t thread;
};


/* sink.c: a chunk's records. */
void rp_sink_mark(const struct run_sink *k, struct mark *m);
void rp_sink_rollback(struct run_sink *k, const struct mark *m);
void rp_sink_new_chunk(struct run_sink *k);
void rp_sink_free(struct run_sink *k);
void rp_sink_clear(struct run_sink *k);
struct pgn_reader_opts rp_sink_reader_opts(struct run_sink *k);
void rp_add_rec(struct run_sink *k, enum rec_kind kind, unsigned stream,
		size_t off, size_t len);
/* Bytes to stream s, as run_write() but for what run_file() holds. */
void rp_sink_write(struct run_sink *k, unsigned s, const char *p, size_t n);
void rp_sink_flush_files(struct run_sink *k);

/* policy.c: a game's diagnostics. */
void rp_sink_hold(struct run_sink *k);
void rp_sink_release(struct run_sink *k, bool print);

/* write.c: records to the outputs. */
bool rp_write_records(struct engine *e, const struct run_sink *k);
void rp_stream_write(struct run_sink *k, unsigned s, const char *p,
		     size_t n);
void rp_before_print(const struct engine *e);
/* The run's status once its threads are gone and its memory freed: a
 * failed write (ok false) or a read error reported, EXIT_TROUBLE. */
int rp_run_status(struct engine *e, bool ok);

/* worker.c: one game on a thread. */
struct run_worker *rp_worker_new(const struct run_config *cfg);
/* The worker of the games run on the calling thread (merges, streams). */
struct run_worker *rp_main_worker(struct engine *e);
void rp_worker_free(const struct run_config *cfg, struct run_worker *w);
void rp_run_game(const struct run_config *cfg, struct run_worker *w,
		 struct pgn_game *g, struct run_sink *k);

/* chunk.c: the input in chunks. */
struct run_sink *rp_read_chunk(struct engine *e);
void rp_keep_spare(struct engine *e, struct run_sink *k);
char *rp_carry_buffer(struct engine *e, size_t need, size_t *cap);
size_t rp_chunk_bytes(void);

/* range.c: --range.  The file opened at the range's first game (the
 * engine's input), its stop and its numbers set: 0, or -1 (reported). */
int rp_range_open(struct engine *e, const char *path);

/* stream.c: games on the calling thread. */
bool rp_run_stream(struct engine *e, struct run_sink *k);
bool rp_run_serial(struct engine *e);
void rp_chunk_written(struct engine *e, struct run_sink *k, uint64_t bytes,
		      uint64_t games);

/* The progress line (progress.c): --progress (on), --no-progress (off),
 * or on when standard error is a terminal (and standard output is not
 * one the games go to); never when the run is quiet.  Started and ended
 * by run_files(); added to as chunks are written; taken off before
 * anything else is printed. */
enum rp_progress_mode { RP_PROGRESS_AUTO, RP_PROGRESS_ON, RP_PROGRESS_OFF };
void rp_progress_mode(enum rp_progress_mode m);
void rp_progress_start(const struct run_config *cfg, char **files,
		       int nfiles);
void rp_progress_add(uint64_t bytes, uint64_t games);
void rp_progress_clear(void);
void rp_progress_end(void);

#endif
