/* Private to libparse: the input layer under every reader (input.c), and
 * the decompressors behind it (decompress.c). */
#ifndef PAWNKIT_INPUT_H
#define PAWNKIT_INPUT_H

#include "pgn.h"

/* Whether a pgn_input_read() of in would return at once, rather than
 * wait for a writer: text is held, or the descriptor has something (data,
 * its end, an error) to give. */
bool lp_input_ready(const struct pgn_input *in);

/* ------------------------------------------------------- decompressors */

enum lp_format { LP_PLAIN, LP_GZIP, LP_ZSTD, LP_XZ, LP_BZIP2 };

/* One step's bytes: compressed ones to decode, room for the text.  A step
 * moves both on by what it used and wrote. */
struct lp_io {
	const unsigned char *in;
	size_t in_len;
	char *out;
	size_t out_len;
};

enum lp_step {
	LP_STEP_ON,	/* went on, or could not for want of input */
	LP_STEP_END,	/* the data has ended where it may, all of it read */
	LP_STEP_BAD,	/* the data is not what the format says */
	LP_STEP_TOO_BIG,	/* it asks for more memory than is allowed */
};

struct lp_codec;

struct lp_codec *lp_codec_new(enum lp_format f);
void lp_codec_free(struct lp_codec *c);
/* Decodes what it can of io.  last: io->in holds the rest of the input.
 * LP_STEP_BAD and LP_STEP_TOO_BIG set *why to what is wrong ("is
 * corrupt"). */
enum lp_step lp_codec_step(struct lp_codec *c, struct lp_io *io, bool last,
			   const char **why);
/* "gzip", "zstd", "xz" or "bzip2". */
const char *lp_codec_name(enum lp_format f);

#endif
