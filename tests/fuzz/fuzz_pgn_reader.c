/* The PGN reader: any bytes but blanks alone are games, and the games'
 * raw bytes add up to the input.  These readings of each input must agree:
 * - from memory, default limits;
 * - from a file descriptor through a tiny buffer, so that every lexeme
 *   runs off the window and is lexed again after a refill (LX_MORE);
 * - without trees (tags only), from memory and through the tiny buffer,
 *   which may leave out only the comments around the movetext;
 * - from the start of a game on (one picked by the first byte), as a chunk
 *   reader over the rest: the games from that one on;
 * - cut into several chunks at any bytes (picked by the last bytes), or
 *   where pgn_find_cut() cuts, and read as run/engine.c reads them: each
 *   chunk sees its cut's line whole, keeps the games that end by the cut,
 *   and the rest is read again with the next one: the same games, raw
 *   bytes, places and diagnostics, in order;
 * and the games of a reading with tiny limits (game size, depth) hold the
 * input's bytes up to the first game over the size limit.  Data the input
 * layer under file readers reads as other text (compressed, UTF-16 or
 * UTF-32) is read through it to the end instead, as a file reader would:
 * a memory reader reads its bytes as they are. */
#include <sys/mman.h>
#include <unistd.h>

#include "../../libparse/pgn_chunk.h"
#include "../../libparse/pgn_lex.h"
#include "fuzz.h"

struct seen {
	size_t raw_len;
	size_t ntags, outside;
	unsigned flags;
	uint64_t diags;		/* a hash of the game's diagnostics */
	struct pgn_loc at;	/* where its raw bytes start */
};

static void hash_diag(void *ctx, const struct diag *d)
{
	uint64_t *h = ctx;
	fuzz_diag(NULL, d);
	FUZZ_CHECK(d->line >= 1 && d->col >= 1);
	*h = *h * 1000003u ^ d->line;
	*h = *h * 1000003u ^ d->col;
	*h = *h * 1000003u ^ (uint64_t)d->code;
	for (const char *p = d->message; *p; p++)
		*h = *h * 31u + (unsigned char)*p;
}

/* Every item is well formed; texts are terminated. */
static void walk(const struct pgn_line *line, unsigned depth)
{
	FUZZ_CHECK(depth <= 256);
	for (const struct pgn_item *it = line->first; it; it = it->next) {
		FUZZ_CHECK(it->loc.line >= 1 && it->loc.col >= 1);
		if (it->text)
			FUZZ_CHECK(it->text[it->len] == 0);
		switch (it->kind) {
		case PI_MOVE:
		case PI_RESULT:
			FUZZ_CHECK(it->text && it->len > 0);
			break;
		case PI_VARIATION:
			FUZZ_CHECK(it->variation != NULL);
			walk(it->variation, depth + 1);
			break;
		default:
			break;
		}
		if (!it->next)
			FUZZ_CHECK(it == line->last);
	}
}

static void check_game(const struct pgn_game *g)
{
	for (size_t i = 0; i < g->ntags; i++) {
		FUZZ_CHECK(g->tags[i].name[0] != 0);
		FUZZ_CHECK(g->tags[i].value[g->tags[i].value_len] == 0);
	}
	for (const struct pgn_item *e = g->before.first; e; e = e->next)
		FUZZ_CHECK((e->kind == PI_ESCAPE || e->kind == PI_COMMENT) &&
			   e->text[e->len] == 0 && (e->next || e == g->before.last));
	for (const struct pgn_item *e = g->after.first; e; e = e->next)
		FUZZ_CHECK((e->kind == PI_ESCAPE || e->kind == PI_COMMENT) &&
			   e->text[e->len] == 0 && (e->next || e == g->after.last));
	walk(&g->moves, 0);
}

/* Comments and escape lines outside the movetext. */
static size_t outside_count(const struct pgn_game *g)
{
	size_t n = 0;
	for (const struct pgn_item *e = g->before.first; e; e = e->next)
		n++;
	for (const struct pgn_item *e = g->after.first; e; e = e->next)
		n++;
	return n;
}

/* A blank or a newline (NUL is not, for this). */
static bool blank_byte(uint8_t c)
{
	return c && strchr(" \t\r\n\v\f", c);
}

static bool blanks_to_end(const uint8_t *data, size_t size, size_t i)
{
	for (; i < size; i++)
		if (!blank_byte(data[i]))
			return false;
	return true;
}

/* Bytes a reader reads as no game at all, and only those: blanks and
 * newlines, UTF-8 byte order marks opening a line (the input, a line, or
 * right after another such mark: each opens the line again), a DOS end
 * mark with only blanks after it; no NUL.  A mark elsewhere, or half a
 * mark, is text.  Exact, so that the partition cannot pass input the
 * reader wrongly dropped off as blank. */
static bool blank_text(const uint8_t *data, size_t size)
{
	bool bol = true;	/* at the start of a line */

	for (size_t i = 0; i < size; i++) {
		if (bol && size - i >= 3 && !memcmp(data + i, "\xef\xbb\xbf", 3)) {
			i += 2;
			continue;
		}
		if (data[i] == 0x1a)
			return blanks_to_end(data, size, i + 1);
		if (!blank_byte(data[i]))
			return false;
		/* A CR before a mark is alone: it ends the line. */
		bol = data[i] == '\n' || data[i] == '\r';
	}
	return true;
}

/* Reads every game of r; their raw bytes must be data, in order, up to a
 * game over the size limit (the rest of it is skipped). */
static size_t read_all(struct pgn_reader *r, const uint8_t *data,
		       size_t size, struct seen *out, size_t max)
{
	struct pgn_game g;
	struct diag err;
	size_t n = 0, at = 0;
	bool lost = false;
	uint64_t h = 0;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, hash_diag, &h, &err) > 0) {
		FUZZ_CHECK(g.raw_len > 0 && g.raw_len <= size);
		FUZZ_CHECK(g.index == n + 1);
		check_game(&g);
		if (!lost) {
			FUZZ_CHECK(at + g.raw_len <= size);
			FUZZ_CHECK(memcmp(g.raw, data + at, g.raw_len) == 0);
			at += g.raw_len;
		}
		if (n < max)
			out[n] = (struct seen){ g.raw_len, g.ntags,
						outside_count(&g), g.flags, h,
						g.raw_at };
		n++;
		h = 0;
		lost = lost || (g.flags & PGN_TOO_LARGE);
	}
	/* No game only from blank input (which has no bytes to keep). */
	FUZZ_CHECK(lost || at == size || (n == 0 && blank_text(data, size)));
	pgn_game_release(&g);
	pgn_reader_close(r);
	return n;
}

/* The same game, at the same line and column (however the input was
 * split into reads: a CR last in a read ends a line or not by the byte
 * after it); outside: counting the comments around the movetext, which a
 * tags-only reading does not keep. */
static bool same(const struct seen *a, const struct seen *b, bool outside)
{
	return a->raw_len == b->raw_len && a->ntags == b->ntags &&
	       (!outside || a->outside == b->outside) &&
	       a->flags == b->flags && a->diags == b->diags &&
	       a->at.line == b->at.line && a->at.col == b->at.col;
}

/* One chunk, as run/engine.c's run_chunk_games() reads it: buf[0, cut) with
 * the reader seeing buf[0, seen); the games that end by the cut (all of
 * them when last) go to out[*n...], their raw bytes checked against buf.
 * Returns where the next game starts (kept games end there) and sets *at
 * to its place. */
static size_t read_chunk(const char *buf, size_t cut, size_t seen, bool last,
			 bool origin, struct pgn_loc *at, struct seen *out,
			 size_t *n, size_t max)
{
	struct pgn_reader *r = pgn_reader_from_chunk("m", buf, seen, last,
						     origin, *at, NULL);
	struct pgn_game g;
	struct diag err;
	size_t kept = *n, stop = 0, done = 0, off;
	struct pgn_loc loc;
	uint64_t h = 0;
	pgn_game_init(&g);
	for (;;) {
		if (pgn_reader_tell(r, &off, &loc) && off <= cut) {
			kept = *n;
			stop = off;
			*at = loc;
			if (!last && off == cut)
				break;
		}
		int rc = pgn_reader_next(r, &g, hash_diag, &h, &err);
		FUZZ_CHECK(rc != -1);
		if (rc == 1) {
			pgn_reader_tell(r, &off, &loc);
			if (last || off <= cut) {
				FUZZ_CHECK(g.raw == buf + done);
				done += g.raw_len;
				check_game(&g);
				if (*n < max)
					out[*n] = (struct seen){
						g.raw_len, g.ntags,
						outside_count(&g), g.flags, h,
						g.raw_at };
				(*n)++;
				h = 0;
				continue;
			}
		}
		FUZZ_CHECK(rc != PGN_NEED_MORE || !last);
		if (rc == 0 && last) {
			kept = *n;
			stop = done;
		}
		break;
	}
	*n = kept;	/* a game over the cut is read again */
	pgn_game_release(&g);
	pgn_reader_close(r);
	return stop;
}

/* data read in chunks cut at each of cuts[0, ncuts) (rising), with the
 * reader seeing the cut's line whole, and more bytes after it by the
 * cut's extra[]: the games of one reading, mem[0, n). */
static void check_chunks(const uint8_t *data, size_t size, const size_t *cuts,
			 const size_t *extra, size_t ncuts,
			 const struct seen *mem, size_t n)
{
	enum { MAX = 64 };
	static struct seen got[MAX];
	const char *buf = (const char *)data;
	size_t pos = 0, m = 0;
	struct pgn_loc at = { 1, 1 };
	for (size_t i = 0; i < ncuts; i++) {
		if (cuts[i] <= pos || cuts[i] >= size)
			continue;
		/* The cut's line whole, its end before the last byte, as
		 * pgn_find_cut() makes it. */
		const char *eol = pgn_find_line_end(buf + cuts[i],
						    buf + size - 1,
						    data[size - 1]);
		if (!eol)
			break;
		size_t seen = (size_t)(eol + 1 - buf) + extra[i];
		if (seen > size)
			seen = size;
		pos += read_chunk(buf + pos, cuts[i] - pos, seen - pos, false,
				  pos == 0, &at, got, &m, MAX);
	}
	size_t end = pos + read_chunk(buf + pos, size - pos, size - pos, true,
				      pos == 0, &at, got, &m, MAX);
	FUZZ_CHECK(end == size || n == 0);
	FUZZ_CHECK(m == n);
	for (size_t i = 0; i < n && i < MAX; i++)
		FUZZ_CHECK(same(&mem[i], &got[i], true));
}

/* Cuts anywhere, picked by the last bytes; and the cuts pgn_find_cut()
 * finds from there, as --jobs makes them. */
static void check_cut_readings(const uint8_t *data, size_t size,
			       const struct seen *mem, size_t n)
{
	enum { CUTS = 8 };
	size_t cuts[CUTS], extra[CUTS], ncuts = 0, line_end;
	if (size < 4)
		return;
	uint32_t x = (uint32_t)data[size - 1] << 8 | data[size - 2];
	x = x * 2654435761u ^ (uint32_t)size;
	size_t want = 1 + x % CUTS;
	for (size_t i = 0; i < want; i++) {
		x = x * 1103515245u + 12345u;
		cuts[i] = (x >> 8) % size;
		extra[i] = x & 4 ? (x >> 3) % 24 : 0;
	}
	/* Rising, as an input is read. */
	for (size_t i = 1; i < want; i++)
		for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
			size_t t = cuts[j];
			cuts[j] = cuts[j - 1];
			cuts[j - 1] = t;
		}
	check_chunks(data, size, cuts, extra, want, mem, n);
	memset(extra, 0, sizeof extra);
	for (size_t i = 0, from = 1; i < want && from < size; i++) {
		size_t cut = pgn_find_cut((const char *)data, size,
					  cuts[i] > from ? cuts[i] : from,
					  &line_end);
		if (!cut)
			break;
		FUZZ_CHECK(data[cut] == '[' && line_end <= size - 1);
		cuts[ncuts++] = cut;
		from = cut + 1;
	}
	check_chunks(data, size, cuts, extra, ncuts, mem, n);
}

/* A file holding a copy of data: its descriptor, *path its name. */
static int memory_file(const uint8_t *data, size_t size, char path[64])
{
	int fd = memfd_create("fuzz", 0);
	FUZZ_CHECK(fd >= 0);
	FUZZ_CHECK(write(fd, data, size) == (ssize_t)size);
	snprintf(path, 64, "/proc/self/fd/%d", fd);
	return fd;
}

/* A file reader over a copy of data whose buffer starts tiny. */
static struct pgn_reader *tiny_reader(const uint8_t *data, size_t size,
				      const struct pgn_reader_opts *opts)
{
	struct diag err;
	char path[64];
	int fd = memory_file(data, size, path);
	struct pgn_reader *r = pgn_reader_open(path, opts, &err);
	close(fd);
	FUZZ_CHECK(r != NULL);
	r->cap = 16;	/* the buffer is larger: using less of it is safe */
	return r;
}

/* Whether the input layer reads data as other text than its bytes (or
 * fails on it), read to the end (at most 64 MiB of text) to find out. */
static bool layer_decodes(const uint8_t *data, size_t size)
{
	struct diag err;
	char path[64], buf[4096];
	int fd = memory_file(data, size, path);
	struct pgn_input *in = pgn_input_open(path, &err);
	close(fd);
	FUZZ_CHECK(in != NULL);
	size_t at = 0;
	bool same = true;
	ssize_t n;
	while ((n = pgn_input_read(in, buf, sizeof buf, &err)) > 0 &&
	       at < ((size_t)64 << 20)) {
		same = same && at + (size_t)n <= size &&
		       !memcmp(buf, data + at, (size_t)n);
		at += (size_t)n;
	}
	pgn_input_close(in);
	return !same || n != 0 || at != size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum { MAX = 64 };
	static struct seen mem[MAX], other[MAX];
	const char *buf = (const char *)data;
	if (layer_decodes(data, size))
		return 0;
	size_t n = read_all(pgn_reader_from_memory("m", buf, size, NULL),
			    data, size, mem, MAX);
	FUZZ_CHECK((n == 0) == blank_text(data, size));
	size_t m = read_all(tiny_reader(data, size, NULL), data, size, other,
			    MAX);
	FUZZ_CHECK(n == m);
	for (size_t i = 0; i < n && i < MAX; i++)
		FUZZ_CHECK(same(&mem[i], &other[i], true));
	/* From where a game starts to the end, as a chunk (--jobs cuts the
	 * input so, run/engine.c): the same games from there on. */
	if (n >= 2 && n <= MAX) {
		size_t k = 1 + data[0] % (n - 1), off = 0;
		bool whole = true;
		for (size_t i = 0; i < k; i++) {
			off += mem[i].raw_len;
			whole = whole && !(mem[i].flags & PGN_TOO_LARGE);
		}
		if (whole) {
			m = read_all(pgn_reader_from_chunk("m", buf + off,
							   size - off, true,
							   false, mem[k].at,
							   NULL),
				     data + off, size - off, other, MAX);
			FUZZ_CHECK(m == n - k);
			for (size_t i = 0; i < m; i++)
				FUZZ_CHECK(same(&mem[k + i], &other[i], true));
		}
	}
	if (n <= MAX)
		check_cut_readings(data, size, mem, n);
	/* Tags only (pgn-validate's first reading, the scanner), from memory
	 * and through the tiny buffer: the same games, tags, flags and
	 * diagnostics. */
	struct pgn_reader_opts tags = { .tags_only = true };
	for (int tiny = 0; tiny < 2; tiny++) {
		m = read_all(tiny ? tiny_reader(data, size, &tags)
				  : pgn_reader_from_memory("m", buf, size, &tags),
			     data, size, other, MAX);
		FUZZ_CHECK(n == m);
		for (size_t i = 0; i < n && i < MAX; i++)
			FUZZ_CHECK(same(&mem[i], &other[i], false));
	}
	struct pgn_reader_opts small = { .max_game_bytes = 300, .max_depth = 2 };
	read_all(pgn_reader_from_memory("s", buf, size, &small), data, size,
		 mem, 0);
	return 0;
}
