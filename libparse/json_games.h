/* JSON games back to PGN (json_read.c, pgn-convert --from json): a
 * document holding an array of games, or games one after another
 * (NDJSON), as pgn-convert(1) writes them (JSON INPUT).  Strict JSON;
 * errors carry line and column.  An input format like PGN itself, so it
 * stays in libparse and knows no rules: the caller checks the "variant"
 * member against them. */
#ifndef PAWNKIT_JSON_GAMES_H
#define PAWNKIT_JSON_GAMES_H

#include "pgn.h"

struct json_games;
/* NULL with *err when the file cannot be opened ("-": standard input). */
struct json_games *json_games_open(const char *path, struct diag *err);
struct json_games *json_games_from_memory(const char *name, const char *buf,
					  size_t len);
/* The PGN text of the next game (valid until the next call) and where its
 * object starts: 1; 0 at the end; 2 when that object is no game (a wrong
 * member: *err says where and why), and the next call reads on; -1 with
 * *err (file, line, col) when the document is not JSON or cannot be read,
 * and nothing more is read. */
int json_games_next(struct json_games *r, const char **pgn, size_t *len,
		    struct pgn_loc *at, struct diag *err);
/* The "variant" member of the object the last call returned (1 or 2),
 * decoded ("tandem"; *len bytes, a NUL after them), and where its value
 * starts; NULL when it has none, or was found no game before it was
 * read.  It is read before any other member: a fault the caller finds in
 * it comes before any the reader found. */
const char *json_games_variant(const struct json_games *r, size_t *len,
			       struct pgn_loc *at);
/* The column at which the text of the object the last call returned
 * began in its line, by its "raw_column" member: 1 (a line's start) when it
 * has none (pgn_reader_opts.first_col). */
uint32_t json_games_column(const struct json_games *r);
/* Whether another game object follows the one the last call returned
 * (blanks are read on to its first byte).  A game's text is then not the
 * end of the input it came from: a 0x1a ending it was a stray byte there
 * (pgn_reader_opts.more_input). */
bool json_games_more(struct json_games *r);
/* *err as json_games_next() fills it for an object that is no game: the
 * reader's file name, at, message. */
void json_games_reject(const struct json_games *r, struct pgn_loc at,
		       const char *message, struct diag *err);
void json_games_close(struct json_games *r);

#endif
