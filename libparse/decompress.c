/* The four compressed formats behind one step (input.h): gzip by zlib,
 * zstd by libzstd, xz by liblzma, bzip2 by libbz2.  Each reads what its
 * tool writes: several gzip members, zstd frames, xz or bzip2 streams one
 * after another are one text, as pigz, zstd -T, pbzip2 and cat make them.
 * A step is one call of the library; input.c loops, reads and reports. */
#include <bzlib.h>
#include <limits.h>
#include <lzma.h>
#include <stdlib.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "input.h"

struct lp_codec {
	enum lp_format format;
	/* gzip, bzip2: a member has ended and no other has begun; xz: the
	 * last stream has ended. */
	bool between;
	size_t zstd_hint;	/* 0 once a zstd frame is whole */
	union {
		z_stream gz;
		ZSTD_DCtx *zstd;
		lzma_stream xz;
		bz_stream bz;
	} s;
};

const char *lp_codec_name(enum lp_format f)
{
	static const char *const names[] = {
		[LP_PLAIN] = "plain", [LP_GZIP] = "gzip", [LP_ZSTD] = "zstd",
		[LP_XZ] = "xz", [LP_BZIP2] = "bzip2",
	};
	return names[f];
}

/* The libraries count in unsigned int (zlib, libbz2): a step takes what
 * fits, the next one the rest. */
static unsigned clamp_uint(size_t n)
{
	return n > UINT_MAX ? UINT_MAX : (unsigned)n;
}

static void io_advance(struct lp_io *io, size_t used, size_t wrote)
{
	io->in += used;
	io->in_len -= used;
	io->out += wrote;
	io->out_len -= wrote;
}

/* ----------------------------------------------------------------- gzip */

static void gz_init(struct lp_codec *c)
{
	/* 16 + 15: a gzip header and trailer, the largest window. */
	if (inflateInit2(&c->s.gz, 16 + 15) != Z_OK)
		pawnkit_out_of_memory();
}

/* Between members: zero bytes are skipped (gzip(1) ignores them, and
 * some writers pad with them); anything else must be another member. */
static bool gz_next_member(struct lp_codec *c, struct lp_io *io)
{
	size_t zeros = 0;
	while (zeros < io->in_len && io->in[zeros] == 0)
		zeros++;
	io_advance(io, zeros, 0);
	if (!io->in_len)
		return false;
	inflateReset(&c->s.gz);
	c->between = false;
	return true;
}

static enum lp_step gz_step(struct lp_codec *c, struct lp_io *io, bool last)
{
	z_stream *z = &c->s.gz;
	if (c->between && !gz_next_member(c, io))
		return last ? LP_STEP_END : LP_STEP_ON;
	z->next_in = (Bytef *)io->in;
	z->avail_in = clamp_uint(io->in_len);
	z->next_out = (Bytef *)io->out;
	z->avail_out = clamp_uint(io->out_len);
	unsigned in0 = z->avail_in, out0 = z->avail_out;
	int rc = inflate(z, Z_NO_FLUSH);
	io_advance(io, in0 - z->avail_in, out0 - z->avail_out);
	if (rc == Z_MEM_ERROR)
		pawnkit_out_of_memory();
	if (rc == Z_STREAM_END)
		c->between = true;
	else if (rc != Z_OK && rc != Z_BUF_ERROR)
		return LP_STEP_BAD;
	return LP_STEP_ON;
}

/* ----------------------------------------------------------------- zstd */

static enum lp_step zstd_step(struct lp_codec *c, struct lp_io *io,
			      bool last, const char **why)
{
	if (!io->in_len && c->zstd_hint == 0)
		return last ? LP_STEP_END : LP_STEP_ON;
	ZSTD_inBuffer in = { io->in, io->in_len, 0 };
	ZSTD_outBuffer out = { io->out, io->out_len, 0 };
	size_t rc = ZSTD_decompressStream(c->s.zstd, &out, &in);
	io_advance(io, in.pos, out.pos);
	if (!ZSTD_isError(rc)) {
		c->zstd_hint = rc;
		return LP_STEP_ON;
	}
	switch (ZSTD_getErrorCode(rc)) {
	case ZSTD_error_memory_allocation:
		pawnkit_out_of_memory();
		break;
	case ZSTD_error_frameParameter_windowTooLarge:
		/* The library's default limit keeps memory bounded:
		 * data made with zstd --long=28 or more is refused. */
		*why = "needs a window over 128 MiB (it was written with "
		       "--long=28 or more): decompress it with zstd -d "
		       "--long=31";
		return LP_STEP_TOO_BIG;
	default:
		break;
	}
	return LP_STEP_BAD;
}

/* ------------------------------------------------------------------- xz */

static void xz_init(struct lp_codec *c)
{
	c->s.xz = (lzma_stream)LZMA_STREAM_INIT;
	lzma_ret rc = lzma_stream_decoder(&c->s.xz, UINT64_MAX,
					  LZMA_CONCATENATED);
	if (rc != LZMA_OK)
		pawnkit_out_of_memory();
}

/* With LZMA_CONCATENATED the decoder knows the data ends where a stream
 * does only when told that no input follows (LZMA_FINISH). */
static enum lp_step xz_step(struct lp_codec *c, struct lp_io *io, bool last)
{
	lzma_stream *s = &c->s.xz;
	if (c->between)
		return LP_STEP_END;
	s->next_in = io->in;
	s->avail_in = io->in_len;
	s->next_out = (uint8_t *)io->out;
	s->avail_out = io->out_len;
	lzma_ret rc = lzma_code(s, last ? LZMA_FINISH : LZMA_RUN);
	io_advance(io, io->in_len - s->avail_in, io->out_len - s->avail_out);
	if (rc == LZMA_MEM_ERROR)
		pawnkit_out_of_memory();
	if (rc == LZMA_STREAM_END)
		c->between = true;
	else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR)
		return LP_STEP_BAD;
	/* The end may be told by a call that reads and writes nothing. */
	return c->between ? LP_STEP_END : LP_STEP_ON;
}

/* ---------------------------------------------------------------- bzip2 */

static void bz_init(struct lp_codec *c)
{
	c->s.bz = (bz_stream){ 0 };
	if (BZ2_bzDecompressInit(&c->s.bz, 0, 0) != BZ_OK)
		pawnkit_out_of_memory();
}

static enum lp_step bz_step(struct lp_codec *c, struct lp_io *io, bool last)
{
	bz_stream *b = &c->s.bz;
	if (c->between && !io->in_len)
		return last ? LP_STEP_END : LP_STEP_ON;
	if (c->between) {
		BZ2_bzDecompressEnd(b);
		bz_init(c);
		c->between = false;
	}
	b->next_in = (char *)io->in;
	b->avail_in = clamp_uint(io->in_len);
	b->next_out = io->out;
	b->avail_out = clamp_uint(io->out_len);
	unsigned in0 = b->avail_in, out0 = b->avail_out;
	int rc = BZ2_bzDecompress(b);
	io_advance(io, in0 - b->avail_in, out0 - b->avail_out);
	if (rc == BZ_MEM_ERROR)
		pawnkit_out_of_memory();
	if (rc == BZ_STREAM_END)
		c->between = true;
	else if (rc != BZ_OK)
		return LP_STEP_BAD;
	return LP_STEP_ON;
}

/* ------------------------------------------------------------ the step */

struct lp_codec *lp_codec_new(enum lp_format f)
{
	struct lp_codec *c = calloc(1, sizeof *c);
	if (!c)
		pawnkit_out_of_memory();
	c->format = f;
	c->zstd_hint = 1;	/* no frame yet: the data may not end here */
	if (f == LP_GZIP)
		gz_init(c);
	else if (f == LP_XZ)
		xz_init(c);
	else if (f == LP_BZIP2)
		bz_init(c);
	else if (f == LP_ZSTD && !(c->s.zstd = ZSTD_createDCtx()))
		pawnkit_out_of_memory();
	return c;
}

void lp_codec_free(struct lp_codec *c)
{
	if (!c)
		return;
	if (c->format == LP_GZIP)
		inflateEnd(&c->s.gz);
	else if (c->format == LP_ZSTD)
		ZSTD_freeDCtx(c->s.zstd);
	else if (c->format == LP_XZ)
		lzma_end(&c->s.xz);
	else if (c->format == LP_BZIP2)
		BZ2_bzDecompressEnd(&c->s.bz);
	free(c);
}

enum lp_step lp_codec_step(struct lp_codec *c, struct lp_io *io, bool last,
			   const char **why)
{
	*why = "is corrupt";
	switch (c->format) {
	case LP_GZIP:
		return gz_step(c, io, last);
	case LP_ZSTD:
		return zstd_step(c, io, last, why);
	case LP_XZ:
		return xz_step(c, io, last);
	case LP_BZIP2:
		return bz_step(c, io, last);
	default:
		return LP_STEP_BAD;
	}
}
