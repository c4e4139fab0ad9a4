/* An input's text (pgn_input_*): compressed data in the four formats,
 * compressed here by the libraries themselves (as their tools do, each
 * with its checksum), read whole whatever the room given to each read;
 * members and frames one after another; data cut short at every byte and
 * changed at every byte, which never gives other text without an error;
 * UTF-16 read as UTF-8, UTF-32 refused; a pipe's writer not waited for. */
#include <bzlib.h>
#include <lzma.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cmocka.h>

#include "../../libparse/pgn.h"
#include "support.h"

static const char game_text[] =
	"[Event \"Casual\"]\n[Site \"?\"]\n[Date \"1858.??.??\"]\n"
	"[Round \"-\"]\n[White \"Morphy\"]\n[Black \"Duke\"]\n"
	"[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 "
	"5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 "
	"cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 "
	"15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

enum format { GZIP, ZSTD, XZ, BZIP2, FORMATS };

struct bytes {
	unsigned char *p;
	size_t len;
};

/* ------------------------------------------------------------ compress */

static struct bytes compress_gzip(const char *text, size_t len)
{
	z_stream z = { 0 };
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + 15, 8,
				      Z_DEFAULT_STRATEGY), Z_OK);
	struct bytes b = { malloc(deflateBound(&z, len)), 0 };
	z.next_in = (Bytef *)text;
	z.avail_in = (uInt)len;
	z.next_out = b.p;
	z.avail_out = (uInt)deflateBound(&z, len);
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	b.len = z.total_out;
	deflateEnd(&z);
	return b;
}

/* With a checksum, as zstd(1) writes it. */
static struct bytes compress_zstd(const char *text, size_t len)
{
	ZSTD_CCtx *c = ZSTD_createCCtx();
	struct bytes b = { malloc(ZSTD_compressBound(len)), 0 };
	ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
	b.len = ZSTD_compress2(c, b.p, ZSTD_compressBound(len), text, len);
	assert_false(ZSTD_isError(b.len));
	ZSTD_freeCCtx(c);
	return b;
}

static struct bytes compress_xz(const char *text, size_t len)
{
	size_t cap = lzma_stream_buffer_bound(len);
	struct bytes b = { malloc(cap), 0 };
	assert_int_equal(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL,
						 (const uint8_t *)text, len,
						 b.p, &b.len, cap), LZMA_OK);
	return b;
}

static struct bytes compress_bzip2(const char *text, size_t len)
{
	unsigned cap = (unsigned)(len + len / 100 + 600);
	struct bytes b = { malloc(cap), 0 };
	assert_int_equal(BZ2_bzBuffToBuffCompress((char *)b.p, &cap,
						  (char *)text, (unsigned)len,
						  9, 0, 0), BZ_OK);
	b.len = cap;
	return b;
}

static struct bytes compressed(enum format f, const char *text, size_t len)
{
	switch (f) {
	case GZIP: return compress_gzip(text, len);
	case ZSTD: return compress_zstd(text, len);
	case XZ: return compress_xz(text, len);
	default: return compress_bzip2(text, len);
	}
}

static const char *format_name(enum format f)
{
	static const char *const names[] = { "gzip", "zstd", "xz", "bzip2" };
	return names[f];
}

static void bytes_add(struct bytes *b, const void *p, size_t n)
{
	b->p = realloc(b->p, b->len + n + 1);
	assert_non_null(b->p);
	memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = 0;
}

/* ---------------------------------------------------------------- read */

/* What reading the file of the len bytes at p gives, room bytes a read:
 * the text (NUL-ended), and the status of the last read (0: the end, -1:
 * an error, whose message goes to message). */
struct outcome {
	struct bytes text;
	int status;
	char message[DIAG_MESSAGE_MAX];
	char path[TEMP_PATH_SIZE];
};

static void read_file_bytes(struct outcome *o, const void *p, size_t len,
			    size_t room)
{
	struct diag err;
	char *buf = malloc(room);
	memset(o, 0, sizeof *o);
	bytes_add(&o->text, "", 0);
	write_temp_file(o->path, p, len);
	struct pgn_input *in = pgn_input_open(o->path, &err);
	assert_non_null(in);
	ssize_t n;
	while ((n = pgn_input_read(in, buf, room, &err)) > 0)
		bytes_add(&o->text, buf, (size_t)n);
	o->status = (int)n;
	if (n < 0)
		snprintf(o->message, sizeof o->message, "%s", err.message);
	pgn_input_close(in);
	unlink(o->path);
	free(buf);
}

static void assert_reads_as(const void *p, size_t len, const char *text,
			    size_t text_len, size_t room)
{
	struct outcome o;
	read_file_bytes(&o, p, len, room);
	assert_int_equal(o.status, 0);
	assert_int_equal(o.text.len, text_len);
	assert_memory_equal(o.text.p, text, text_len);
	free(o.text.p);
}

static const size_t rooms[] = { 1, 2, 3, 5, 7, 8, 9, 64, 4096, 1 << 20 };
#define NROOMS (sizeof rooms / sizeof *rooms)

/* --------------------------------------------------------------- tests */

static void test_plain(void **state)
{
	(void)state;
	for (size_t r = 0; r < NROOMS; r++)
		assert_reads_as(game_text, strlen(game_text), game_text,
				strlen(game_text), rooms[r]);
	/* Shorter than a magic number, or its first bytes only: text. */
	static const char *const shorts[] = { "", "\x1f", "\x1f\x8b", "BZh",
					      "\3757z", "\xff", "\0\0\xfe" };
	for (size_t i = 0; i < sizeof shorts / sizeof *shorts; i++) {
		size_t len = i == 6 ? 3 : strlen(shorts[i]);
		assert_reads_as(shorts[i], len, shorts[i], len, 4096);
	}
}

static void test_formats(void **state)
{
	(void)state;
	size_t len = strlen(game_text);
	for (enum format f = 0; f < FORMATS; f++) {
		struct bytes b = compressed(f, game_text, len);
		for (size_t r = 0; r < NROOMS; r++)
			assert_reads_as(b.p, b.len, game_text, len, rooms[r]);
		free(b.p);
	}
}

/* Members or frames one after another, cut anywhere in the text (here in
 * the middle of a move), are one text; gzip's zero padding after them is
 * skipped as gzip(1) skips it. */
static void test_concatenated(void **state)
{
	(void)state;
	size_t len = strlen(game_text);
	for (enum format f = 0; f < FORMATS; f++) {
		struct bytes all = { NULL, 0 };
		size_t cuts[] = { 0, 1, 200, 201, len - 1, len };
		for (size_t i = 0; i + 1 < sizeof cuts / sizeof *cuts; i++) {
			struct bytes b = compressed(f, game_text + cuts[i],
						  cuts[i + 1] - cuts[i]);
			bytes_add(&all, b.p, b.len);
			free(b.p);
		}
		if (f == GZIP)
			bytes_add(&all, "\0\0\0\0", 4);
		assert_reads_as(all.p, all.len, game_text, len, 7);
		assert_reads_as(all.p, all.len, game_text, len, 1 << 20);
		free(all.p);
	}
}

/* check(f, b, at) for every format f, b the game text compressed so, and
 * every place at past the magic number. */
typedef void place_fn(enum format f, struct bytes *b, size_t at);

static void each_place(place_fn *check)
{
	for (enum format f = 0; f < FORMATS; f++) {
		struct bytes b = compressed(f, game_text, strlen(game_text));
		for (size_t at = 6; at < b.len; at++)
			check(f, &b, at);
		free(b.p);
	}
}

/* Cut anywhere past its magic number, compressed data is an error that
 * names the format, and the text given before it is the text's start. */
static void cut_short_at(enum format f, struct bytes *b, size_t cut)
{
	struct outcome o;
	char want[64];
	snprintf(want, sizeof want, "': %s data is cut short after ",
		 format_name(f));
	read_file_bytes(&o, b->p, cut, cut % 2 ? 5 : 4096);
	assert_int_equal(o.status, -1);
	assert_non_null(strstr(o.message, want));
	assert_true(o.text.len <= strlen(game_text));
	assert_memory_equal(o.text.p, game_text, o.text.len);
	free(o.text.p);
}

static void test_cut_short(void **state)
{
	(void)state;
	each_place(cut_short_at);
}

/* A byte changed anywhere gives the text itself (a byte no check covers:
 * a gzip header's time) or an error that names the format; never other
 * text read without a word. */
static void changed_at(enum format f, struct bytes *b, size_t at)
{
	struct outcome o;
	char want[128];
	b->p[at] ^= 0x24;
	read_file_bytes(&o, b->p, b->len, 4096);
	b->p[at] ^= 0x24;
	snprintf(want, sizeof want, "could not read '%s': %s data ", o.path,
		 format_name(f));
	if (o.status == 0) {
		assert_int_equal(o.text.len, strlen(game_text));
		assert_memory_equal(o.text.p, game_text, o.text.len);
	} else {
		assert_memory_equal(o.message, want, strlen(want));
	}
	free(o.text.p);
}

static void test_changed(void **state)
{
	(void)state;
	each_place(changed_at);
}

/* UTF-16 of "\uFEFF[a é€𝄞]" in either order of bytes. */
static const char utf8_text[] = "\xef\xbb\xbf[a \xc3\xa9\xe2\x82\xac"
				"\xf0\x9d\x84\x9e]";
static const unsigned short utf16_units[] = { 0xfeff, '[', 'a', ' ', 0xe9,
					      0x20ac, 0xd834, 0xdd1e, ']' };

static struct bytes utf16(const unsigned short *u, size_t n, bool be)
{
	struct bytes b = { NULL, 0 };
	for (size_t i = 0; i < n; i++) {
		unsigned char pair[2] = { (unsigned char)(u[i] & 0xff),
					  (unsigned char)(u[i] >> 8) };
		if (be) {
			unsigned char t = pair[0];
			pair[0] = pair[1];
			pair[1] = t;
		}
		bytes_add(&b, pair, 2);
	}
	return b;
}

static void test_utf16(void **state)
{
	(void)state;
	size_t n = sizeof utf16_units / sizeof *utf16_units;
	for (int be = 0; be < 2; be++) {
		struct bytes b = utf16(utf16_units, n, be);
		for (size_t r = 0; r < NROOMS; r++)
			assert_reads_as(b.p, b.len, utf8_text,
					strlen(utf8_text), rooms[r]);
		struct bytes z = compressed(GZIP, (const char *)b.p, b.len);
		assert_reads_as(z.p, z.len, utf8_text, strlen(utf8_text), 3);
		free(z.p);
		free(b.p);
	}
}

/* A surrogate without its pair, and a byte alone at the end, are U+FFFD;
 * the characters around them are kept. */
static void test_utf16_broken(void **state)
{
	(void)state;
	static const unsigned short units[] = { 0xfeff, 'a', 0xd834, 'b',
						0xdd1e, 'c', 0xd834 };
	static const char want[] = "\xef\xbb\xbf" "a\xef\xbf\xbd" "b"
				   "\xef\xbf\xbd" "c\xef\xbf\xbd\xef\xbf\xbd";
	struct bytes b = utf16(units, sizeof units / sizeof *units, false);
	bytes_add(&b, "x", 1);
	for (size_t r = 0; r < NROOMS; r++)
		assert_reads_as(b.p, b.len, want, strlen(want), rooms[r]);
	free(b.p);
}

static void test_utf32_refused(void **state)
{
	(void)state;
	struct outcome o;
	read_file_bytes(&o, "\xff\xfe\0\0[\0\0\0", 8, 4096);
	assert_int_equal(o.status, -1);
	char want[160];
	snprintf(want, sizeof want, "'%s' is UTF-32 (little-endian) text; "
		 "convert it to UTF-8, e.g. iconv -f UTF-32 -t UTF-8", o.path);
	assert_string_equal(o.message, want);
	assert_int_equal(o.text.len, 0);
	free(o.text.p);
}

/* Bytes that cannot start a magic number are given at once: a writer
 * that has sent a game's first bytes is not waited for. */
static void test_pipe_not_waited_for(void **state)
{
	(void)state;
	int fds[2];
	char path[32], buf[64];
	struct diag err;
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], "[Ev", 3), 3);
	snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
	struct pgn_input *in = pgn_input_open(path, &err);
	assert_non_null(in);
	alarm(10);	/* a wait would hang: the alarm ends the test */
	assert_int_equal(pgn_input_read(in, buf, sizeof buf, &err), 3);
	alarm(0);
	assert_memory_equal(buf, "[Ev", 3);
	pgn_input_close(in);
	close(fds[0]);
	close(fds[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_concatenated),
		cmocka_unit_test(test_cut_short),
		cmocka_unit_test(test_changed),
		cmocka_unit_test(test_utf16),
		cmocka_unit_test(test_utf16_broken),
		cmocka_unit_test(test_utf32_refused),
		cmocka_unit_test(test_pipe_not_waited_for),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
