/* formats: games, positions and diagnostics to text, JSON and SVG.
 * Sees only the public headers of libparse and librules.  Writers take a
 * FILE * and report write errors through ferror() on it (callers check
 * once, at the end, as stdio intends). */
#ifndef PAWNKIT_FORMATS_H
#define PAWNKIT_FORMATS_H

#include <stdio.h>

#include "../libparse/pgn.h"

/* "FILE:LINE:COL: error: game N (White - Black): 23...Nf3: message" */
void diag_print_text(FILE *out, const struct diag *d);
/* One JSON object per line: file, game, line, column, ply, path, move,
 * severity, code, message. */
void diag_print_json(FILE *out, const struct diag *d);

/* A JSON string literal (with quotes).  Valid UTF-8 passes through; any
 * other byte is read as Latin-1 (real PGN files hold both) and escaped. */
void json_write_string(FILE *out, const char *s, size_t len);

#endif
