/* An input's text (pgn_input_*, pgn.h): the bytes of a file or of
 * standard input, decompressed and transcoded as their first bytes say.
 *
 * The first read looks at the input's first bytes (the head) and reads
 * no more of them than it takes to tell: a compressed format by its
 * magic number, UTF-16 or UTF-32 by a byte order mark, which in a
 * compressed input is looked for in the first bytes of its text.  A
 * pipe's writer is not waited for once the bytes cannot start a magic
 * number, so a game typed or fed slowly still comes through at once.
 *
 * Three layers, each present only when needed: plain text is read by
 * read(2) straight into the caller's buffer, as it was before there was
 * this layer; compressed bytes are read into a buffer of their own and
 * decoded into the caller's; UTF-16 text (decoded or not) goes through a
 * buffer of its own and is written as UTF-8 into the caller's. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input.h"

/* The compressed bytes read at a time: the decoders' own suggested
 * block sizes are 128 KiB (zstd) and less. */
#define RAW_BLOCK ((size_t)256 << 10)
#define WIDE_BLOCK ((size_t)64 << 10)
#define HEAD_MAX 8

enum text_form { TEXT_UTF8, TEXT_UTF16LE, TEXT_UTF16BE, TEXT_UTF32LE,
		 TEXT_UTF32BE };

struct pgn_input {
	const char *name;
	int fd;
	bool own_fd;		/* opened here, closed here */
	bool started;		/* the head has been looked at */
	bool raw_eof;		/* fd has given all */
	bool text_eof;		/* the text below UTF-16's has ended */
	bool out_full;		/* the last decode filled its room: more
				 * text may be held in the decoder */
	bool failed;
	enum lp_format format;
	enum text_form form;
	struct lp_codec *codec;
	unsigned char *raw;	/* compressed bytes read, not yet decoded */
	size_t raw_pos, raw_len;
	/* Text given before any other: the head, when it is plain text;
	 * the rest of a character a small room cut. */
	char head[HEAD_MAX];
	size_t head_pos, head_len;
	unsigned char *wide;	/* UTF-16 read, not yet written as UTF-8 */
	size_t wide_pos, wide_len;
	uint64_t decoded;	/* bytes of text decoded and kept */
	struct diag error;	/* once failed, given by every read */
};

/* ------------------------------------------------------------ open, close */

struct pgn_input *pgn_input_open(const char *path, struct diag *err)
{
	int fd = 0;
	if (path && strcmp(path, "-") != 0) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			memset(err, 0, sizeof *err);
			err->file = path;
			diag_setf(err, DIAG_ERROR, DC_IO,
				  "could not open '%s': %s", path,
				  strerror(errno));
			return NULL;
		}
	}
	struct pgn_input *in = calloc(1, sizeof *in);
	if (!in)
		pawnkit_out_of_memory();
	in->name = path ? path : "-";
	in->fd = fd;
	in->own_fd = fd > 0;
	return in;
}

void pgn_input_close(struct pgn_input *in)
{
	if (!in)
		return;
	if (in->own_fd)
		close(in->fd);
	lp_codec_free(in->codec);
	free(in->raw);
	free(in->wide);
	free(in);
}

/* ----------------------------------------------------------------- faults */

/* The input fails for good: every read from now on gives message. */
static ssize_t input_fail(struct pgn_input *in, const char *message)
{
	memset(&in->error, 0, sizeof in->error);
	in->error.file = in->name;
	diag_setf(&in->error, DIAG_ERROR, DC_IO, "%s", message);
	in->failed = true;
	return -1;
}

static ssize_t input_read_error(struct pgn_input *in)
{
	char m[DIAG_MESSAGE_MAX];
	snprintf(m, sizeof m, "could not read '%s': %s", in->name,
		 strerror(errno));
	return input_fail(in, m);
}

/* The compressed data is bad or cut short, after the text decoded and
 * the out bytes since (the place in the text where it was found). */
static ssize_t input_bad_data(struct pgn_input *in, const char *why,
			      size_t out)
{
	char m[DIAG_MESSAGE_MAX];
	uint64_t n = in->decoded + out;
	snprintf(m, sizeof m, "could not read '%s': %s data %s after %"
		 PRIu64 " byte%s of text", in->name, lp_codec_name(in->format),
		 why, n, n == 1 ? "" : "s");
	return input_fail(in, m);
}

static ssize_t input_too_big(struct pgn_input *in, const char *why)
{
	char m[DIAG_MESSAGE_MAX];
	snprintf(m, sizeof m, "could not read '%s': %s data %s", in->name,
		 lp_codec_name(in->format), why);
	return input_fail(in, m);
}

/* ----------------------------------------------------------------- reads */

/* read(2) of fd, given up on EINTR only: its count, 0 at the end. */
static ssize_t fd_read(struct pgn_input *in, void *buf, size_t n)
{
	ssize_t got;
	do
		got = read(in->fd, buf, n);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return input_read_error(in);
	in->raw_eof = got == 0;
	return got;
}

static bool fd_ready(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	return poll(&p, 1, 0) != 0;
}

/* More compressed bytes after those still to be decoded. */
static ssize_t raw_refill(struct pgn_input *in)
{
	memmove(in->raw, in->raw + in->raw_pos, in->raw_len - in->raw_pos);
	in->raw_len -= in->raw_pos;
	in->raw_pos = 0;
	ssize_t got = fd_read(in, in->raw + in->raw_len,
			      RAW_BLOCK - in->raw_len);
	if (got > 0)
		in->raw_len += (size_t)got;
	return got;
}

/* Decodes into buf[0, n) until it is full, the data ends, or more would
 * wait for a writer with some text decoded: that text's length.  A step
 * that neither reads nor writes wants input; at the input's end, unless
 * the data may end there, it was cut short. */
static ssize_t decode(struct pgn_input *in, char *buf, size_t n)
{
	struct lp_io io = { in->raw + in->raw_pos, in->raw_len - in->raw_pos,
			    buf, n };
	const char *why;
	for (;;) {
		size_t in0 = io.in_len, out0 = io.out_len;
		enum lp_step st = lp_codec_step(in->codec, &io, in->raw_eof, &why);
		size_t out = n - io.out_len;
		in->raw_pos = in->raw_len - io.in_len;
		/* The text of this call is dropped with it: the fault may
		 * lie anywhere in it. */
		if (st == LP_STEP_TOO_BIG)
			return input_too_big(in, why);
		if (st == LP_STEP_BAD)
			return input_bad_data(in, why, out);
		in->out_full = io.out_len == 0;
		if (in->out_full)
			return (ssize_t)out;
		if (io.in_len != in0 || io.out_len != out0)
			continue;
		/* Stuck: the data has ended, or it wants input. */
		if (st == LP_STEP_END)
			return (ssize_t)out;
		if (out && (in->raw_eof || !fd_ready(in->fd)))
			return (ssize_t)out;	/* a fault is the next call's */
		if (in->raw_eof || io.in_len)
			return input_bad_data(in, in->raw_eof ? "is cut short"
					      : "is corrupt", out);
		if (raw_refill(in) < 0)
			return -1;
		io.in = in->raw + in->raw_pos;
		io.in_len = in->raw_len - in->raw_pos;
	}
}

/* The text below UTF-16's: decoded, or the bytes as they are. */
static ssize_t text_read(struct pgn_input *in, char *buf, size_t n)
{
	/* A terminal gives its end once: it is not asked again. */
	if (!in->codec && in->raw_eof)
		in->text_eof = true;
	if (in->text_eof)
		return 0;
	ssize_t got = in->codec ? decode(in, buf, n) : fd_read(in, buf, n);
	in->text_eof = got == 0;
	in->decoded += got > 0 ? (size_t)got : 0;
	return got;
}

/* ------------------------------------------------------------------ head */

/* What first bytes say.  '#' in a magic number stands for a digit 1-9
 * (bzip2's block size). */
static const struct signature {
	const char *bytes;
	size_t len;
	enum lp_format format;
	enum text_form form;
} signatures[] = {
	{ "\x1f\x8b\x08", 3, LP_GZIP, TEXT_UTF8 },
	{ "\x28\xb5\x2f\xfd", 4, LP_ZSTD, TEXT_UTF8 },
	{ "\xfd" "7zXZ\0", 6, LP_XZ, TEXT_UTF8 },
	{ "BZh#", 4, LP_BZIP2, TEXT_UTF8 },
	{ "\xff\xfe\0\0", 4, LP_PLAIN, TEXT_UTF32LE },
	{ "\0\0\xfe\xff", 4, LP_PLAIN, TEXT_UTF32BE },
	{ "\xff\xfe", 2, LP_PLAIN, TEXT_UTF16LE },
	{ "\xfe\xff", 2, LP_PLAIN, TEXT_UTF16BE },
};
#define NSIGNATURES (sizeof signatures / sizeof *signatures)

/* How many of the first len bytes of head agree with s. */
static size_t signature_agrees(const struct signature *s, const char *head,
			       size_t len)
{
	size_t i = 0;
	for (; i < len && i < s->len; i++) {
		unsigned char c = (unsigned char)head[i];
		if (s->bytes[i] == '#' ? c < '1' || c > '9'
				       : c != (unsigned char)s->bytes[i])
			break;
	}
	return i;
}

/* The longest signature head[0, len) starts with (NULL: none); *more
 * when more bytes could still make a longer one.  text: the head of a
 * decompressed text, where only byte order marks are looked for. */
static const struct signature *signature_find(const char *head, size_t len,
					      bool text, bool *more)
{
	const struct signature *found = NULL;
	*more = false;
	for (size_t i = 0; i < NSIGNATURES; i++) {
		const struct signature *s = &signatures[i];
		if (text && s->format != LP_PLAIN)
			continue;
		size_t agree = signature_agrees(s, head, len);
		if (agree == s->len && (!found || s->len > found->len))
			found = s;
		else if (agree == len && len < s->len)
			*more = true;
	}
	return found;
}

/* Reads the head until it tells what the input is (or the input ends):
 * what it says.  -1: a read failed. */
static int head_fill(struct pgn_input *in, bool text,
		     const struct signature **found)
{
	bool more;
	for (;;) {
		*found = signature_find(in->head, in->head_len, text, &more);
		if (!more)
			return 0;
		char *at = in->head + in->head_len;
		size_t room = HEAD_MAX - in->head_len;
		ssize_t got = text ? text_read(in, at, room)
				   : fd_read(in, at, room);
		if (got < 0)
			return -1;
		if (got == 0)
			return 0;
		in->head_len += (size_t)got;
	}
}

bool pgn_file_compressed(int fd)
{
	char head[HEAD_MAX];
	bool more;
	ssize_t n = pread(fd, head, sizeof head, 0);
	const struct signature *s =
		n > 0 ? signature_find(head, (size_t)n, false, &more) : NULL;
	return s && s->format != LP_PLAIN;
}

static const char *form_name(enum text_form f)
{
	return f == TEXT_UTF32LE || f == TEXT_UTF16LE ? "little-endian"
						      : "big-endian";
}

/* The head moved to the buffer the next layer reads from. */
static unsigned char *head_hand_over(struct pgn_input *in, size_t cap,
				     size_t *len)
{
	unsigned char *buf = malloc(cap);
	if (!buf)
		pawnkit_out_of_memory();
	memcpy(buf, in->head, in->head_len);
	*len = in->head_len;
	in->head_len = 0;
	return buf;
}

/* The first read: the head read and looked at, the layers set up. */
static int input_start(struct pgn_input *in)
{
	const struct signature *s;
	in->started = true;
	if (head_fill(in, false, &s) < 0)
		return -1;
	if (s && s->format != LP_PLAIN) {
		in->format = s->format;
		in->codec = lp_codec_new(s->format);
		in->raw = head_hand_over(in, RAW_BLOCK, &in->raw_len);
		if (head_fill(in, true, &s) < 0)
			return -1;
	}
	in->form = s ? s->form : TEXT_UTF8;
	if (in->form == TEXT_UTF32LE || in->form == TEXT_UTF32BE) {
		char m[DIAG_MESSAGE_MAX];
		snprintf(m, sizeof m, "'%s' is UTF-32 (%s) text; convert it "
			 "to UTF-8, e.g. iconv -f UTF-32 -t UTF-8", in->name,
			 form_name(in->form));
		return (int)input_fail(in, m);
	}
	if (in->form != TEXT_UTF8)
		in->wide = head_hand_over(in, WIDE_BLOCK, &in->wide_len);
	return 0;
}

/* ---------------------------------------------------------------- UTF-16 */

static unsigned utf16_unit(const unsigned char *p, bool be)
{
	return be ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
}

static size_t utf8_put(char *out, unsigned u)
{
	if (u < 0x80) {
		out[0] = (char)u;
		return 1;
	}
	if (u < 0x800) {
		out[0] = (char)(0xc0 | u >> 6);
		out[1] = (char)(0x80 | (u & 0x3f));
		return 2;
	}
	if (u < 0x10000) {
		out[0] = (char)(0xe0 | u >> 12);
		out[1] = (char)(0x80 | (u >> 6 & 0x3f));
		out[2] = (char)(0x80 | (u & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | u >> 18);
	out[1] = (char)(0x80 | (u >> 12 & 0x3f));
	out[2] = (char)(0x80 | (u >> 6 & 0x3f));
	out[3] = (char)(0x80 | (u & 0x3f));
	return 4;
}

/* The character at p (avail bytes held, all there are when the text has
 * ended): its code point, and *len the bytes it takes, 0 when they are
 * not all held yet.  A surrogate without its pair, or a byte alone at the
 * end, is U+FFFD: the text goes on, and where it matters the reader says
 * what it found there. */
static unsigned utf16_char(const unsigned char *p, size_t avail, bool be,
			   bool ended, size_t *len)
{
	if (avail < 2) {
		*len = ended ? avail : 0;
		return 0xfffd;
	}
	*len = 2;
	unsigned u = utf16_unit(p, be);
	if (u < 0xd800 || u >= 0xdc00)
		return u < 0xd800 || u >= 0xe000 ? u : 0xfffd;
	if (avail < 4) {
		*len = ended ? 2 : 0;
		return 0xfffd;
	}
	unsigned v = utf16_unit(p + 2, be);
	if (v < 0xdc00 || v >= 0xe000)
		return 0xfffd;	/* v is read next, as itself */
	*len = 4;
	return 0x10000 + ((u - 0xd800) << 10) + (v - 0xdc00);
}

/* The UTF-16 held, as UTF-8, into buf[0, n): the bytes written. */
static size_t utf16_convert(struct pgn_input *in, char *buf, size_t n)
{
	bool be = in->form == TEXT_UTF16BE;
	size_t out = 0, len;
	while (n - out >= 4) {
		unsigned u = utf16_char(in->wide + in->wide_pos,
					in->wide_len - in->wide_pos, be,
					in->text_eof, &len);
		if (!len)
			break;
		out += utf8_put(buf + out, u);
		in->wide_pos += len;
	}
	return out;
}

/* More UTF-16 after what is held. */
static ssize_t wide_fill(struct pgn_input *in)
{
	memmove(in->wide, in->wide + in->wide_pos, in->wide_len - in->wide_pos);
	in->wide_len -= in->wide_pos;
	in->wide_pos = 0;
	ssize_t got = text_read(in, (char *)in->wide + in->wide_len,
				WIDE_BLOCK - in->wide_len);
	if (got > 0)
		in->wide_len += (size_t)got;
	return got;
}

static size_t head_take(struct pgn_input *in, char *buf, size_t n)
{
	size_t k = in->head_len - in->head_pos;
	if (k > n)
		k = n;
	memcpy(buf, in->head + in->head_pos, k);
	in->head_pos += k;
	if (in->head_pos == in->head_len)
		in->head_pos = in->head_len = 0;
	return k;
}

/* UTF-16 as UTF-8 into buf[0, n): at least a byte unless the text has
 * ended.  A room under a character's four bytes gets what fits of it,
 * the head the rest. */
static ssize_t utf16_read(struct pgn_input *in, char *buf, size_t n)
{
	for (;;) {
		size_t out = n >= 4 ? utf16_convert(in, buf, n) : 0;
		if (n < 4) {
			in->head_len = utf16_convert(in, in->head, 4);
			out = head_take(in, buf, n);
		}
		if (out || (in->text_eof && in->wide_pos == in->wide_len))
			return (ssize_t)out;
		if (wide_fill(in) < 0)
			return -1;
	}
}

/* ---------------------------------------------------------------- reading */

bool lp_input_ready(const struct pgn_input *in)
{
	return in->head_len > in->head_pos || in->raw_len > in->raw_pos ||
	       in->wide_len - in->wide_pos >= 4 || in->out_full ||
	       in->failed || in->text_eof || fd_ready(in->fd);
}

ssize_t pgn_input_read(struct pgn_input *in, char *buf, size_t n,
		       struct diag *err)
{
	if (!in->started && input_start(in) < 0) {
		*err = in->error;
		return -1;
	}
	size_t got = in->failed ? 0 : head_take(in, buf, n);
	ssize_t more = 0;
	if (!in->failed && got < n && (!got || lp_input_ready(in)))
		more = in->form == TEXT_UTF8 ? text_read(in, buf + got, n - got)
					     : utf16_read(in, buf + got, n - got);
	if (in->failed && !got) {
		*err = in->error;
		return -1;
	}
	return (ssize_t)(got + (more > 0 ? (size_t)more : 0));
}
