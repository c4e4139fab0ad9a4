/* libparse: the reader split and resumed, for the run layer (the --jobs
 * engine), not for other users: the games of one input
 * read by several readers, each over a piece of it, in turn or at once.
 * A user that reads an input whole needs only pgn.h, which this extends.
 *
 * A chunk reader's pgn_reader_next() returns a fourth value besides 1, 0
 * and -1: PGN_NEED_MORE, for a game that runs past its piece. */
#ifndef PAWNKIT_PGN_CHUNK_H
#define PAWNKIT_PGN_CHUNK_H

#include "pgn.h"

/* Chunk readers, for one input split among threads.
 * buf[0, len) is a piece of a larger input that starts where a game
 * starts, at line and column `at` of the input; origin says it is the
 * input's first byte (where a byte order mark is skipped).  Unless last,
 * the input goes on past len: a game that needs bytes past it makes
 * pgn_reader_next() return PGN_NEED_MORE (and nothing else happens) where
 * a file reader would read more.  Games are numbered from 1 in the piece. */
#define PGN_NEED_MORE 2
struct pgn_reader *pgn_reader_from_chunk(const char *name, const char *buf,
					 size_t len, bool last, bool origin,
					 struct pgn_loc at,
					 const struct pgn_reader_opts *opts);
/* Where to cut an input for chunk readers, at or after offset from of
 * buf[0, len): before a line "[Event " (nearly every game starts so), else
 * before a line starting with '[' after a blank line, so that files
 * without [Event] are cut too; line ends are LF, CRLF or a CR alone, in
 * any mix (pgn_line_end).  The cut's line must be whole in buf, its end
 * before the last byte (which decides a CR before it).  Returns the
 * offset of the '[' and sets *line_end past that line's end, or returns 0
 * (no cut there yet).  A guess: a comment may hold such a line. */
size_t pgn_find_cut(const char *buf, size_t len, size_t from,
		    size_t *line_end);
/* A file reader over an input that was taken from a chunk reader's
 * caller: the input's text from here starts with buf[0, len), read from
 * in already, and goes on with what in reads (unless ended: in has given
 * all).  The reader takes buf (malloc'd, cap bytes) and reads in, which
 * it does not close; at and origin as for chunk readers.  The run layer
 * reads on so where its chunks find no cut, in the memory a reader of
 * the whole file needs. */
struct pgn_reader *pgn_reader_resume(const char *name, struct pgn_input *in,
				     char *buf, size_t len, size_t cap,
				     bool origin, struct pgn_loc at,
				     bool ended,
				     const struct pgn_reader_opts *opts);
/* The input's bytes before the next game's start, counted from the
 * reader's first byte (while pgn_reader_tell() is true). */
uint64_t pgn_reader_consumed(const struct pgn_reader *r);
/* The bytes read after the next game's start, not yet used:
 * [*p, *p + *len), valid until the next call on r.  True when the input
 * ends after them. */
bool pgn_reader_unread(const struct pgn_reader *r, const char **p,
		       size_t *len);
/* Where the next game starts: *offset into the reader's bytes, *at its
 * line and column.  False while the rest of a too-large game is still to
 * be skipped (the next game's start is not known yet). */
bool pgn_reader_tell(const struct pgn_reader *r, size_t *offset,
		     struct pgn_loc *at);

#endif
