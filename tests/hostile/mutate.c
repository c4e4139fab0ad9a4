/* The mutation campaign's mutator (campaign.sh): one mutant of a real
 * file, the same for the same seed and number on every machine.
 *
 *   mutate SEED N LIST OUT
 *
 * picks a file from LIST (paths, one a line), a window of it (all of a
 * small file, else a stretch from its start or from anywhere: a game cut
 * in two), applies one to eight mutations the readers must survive, and
 * writes the mutant to OUT.  Prints the source and what was done, for
 * the failure report.  Exit status 2 on a usage or I/O error. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_MIN 64
#define WINDOW_MAX (256 << 10)
#define MUTATIONS_MAX 8

struct buf {
	unsigned char *s;
	size_t n, cap;
};

static uint64_t rng_state;

/* splitmix64: small, and the same sequence everywhere. */
static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* A number in [0, n); 0 when n is 0. */
static size_t rnd(size_t n)
{
	return n ? (size_t)(rng_next() % n) : 0;
}

static void die(const char *what, const char *name)
{
	fprintf(stderr, "mutate: %s %s\n", what, name);
	exit(2);
}

static void reserve(struct buf *b, size_t n)
{
	if (n <= b->cap)
		return;
	b->cap = n * 2 + 64;
	b->s = realloc(b->s, b->cap);
	if (!b->s)
		die("out of memory", "");
}

/* ------------------------------------------------------------- edits */

/* Replaces [at, at + del) by the n bytes at p (which may lie in b). */
static void splice(struct buf *b, size_t at, size_t del, const void *p,
		   size_t n)
{
	unsigned char *copy = malloc(n ? n : 1);
	if (!copy)
		die("out of memory", "");
	memcpy(copy, p, n);
	reserve(b, b->n - del + n);
	memmove(b->s + at + n, b->s + at + del, b->n - at - del);
	memcpy(b->s + at, copy, n);
	b->n = b->n - del + n;
	free(copy);
}

/* The bytes that mean something to a PGN or FEN reader. */
static unsigned char significant(void)
{
	static const unsigned char set[] = {
		'{', '}', '(', ')', '[', ']', '"', '\\', ';', '%', '\n',
		'\r', 0, 0x1a, 0xff, '/', ' ', '.', '*', '-', '$',
	};
	return set[rnd(sizeof set)];
}

/* A span's length: mostly short, now and then long. */
static size_t span(void)
{
	return rnd(10) ? 1 + rnd(64) : 1 + rnd(8192);
}

static void flip(struct buf *b, char *what, size_t cap)
{
	size_t at = rnd(b->n);
	b->s[at] ^= (unsigned char)(1u << rnd(8));
	snprintf(what, cap, "bit flip at %zu", at);
}

static void overwrite(struct buf *b, char *what, size_t cap)
{
	size_t at = rnd(b->n);
	b->s[at] = significant();
	snprintf(what, cap, "byte %zu := 0x%02x", at, b->s[at]);
}

static void delete(struct buf *b, char *what, size_t cap)
{
	size_t at = rnd(b->n), n = span();
	if (n > b->n - at)
		n = b->n - at;
	splice(b, at, n, "", 0);
	snprintf(what, cap, "%zu bytes deleted at %zu", n, at);
}

/* Significant bytes, mixed or one repeated (a run of thousands of '('
 * nests that deep). */
static void insert(struct buf *b, char *what, size_t cap)
{
	size_t at = rnd(b->n + 1), n = rnd(20) ? 1 + rnd(8) : 1 + rnd(10000);
	bool same = rnd(2);
	unsigned char *p = malloc(n), c = significant();
	if (!p)
		die("out of memory", "");
	for (size_t i = 0; i < n; i++)
		p[i] = same ? c : significant();
	splice(b, at, 0, p, n);
	free(p);
	snprintf(what, cap, "%zu bytes inserted at %zu (%s 0x%02x)", n, at,
		 same ? "all" : "first", same ? c : b->s[at]);
}

static void duplicate(struct buf *b, char *what, size_t cap)
{
	size_t from = rnd(b->n), n = span(), to;
	if (n > b->n - from)
		n = b->n - from;
	to = rnd(b->n + 1);
	splice(b, to, 0, b->s + from, n);
	snprintf(what, cap, "%zu bytes at %zu repeated at %zu", n, from, to);
}

static void truncate_end(struct buf *b, char *what, size_t cap)
{
	size_t at = rnd(b->n + 1);
	b->n = at;
	snprintf(what, cap, "cut at %zu", at);
}

/* Line ends in a stretch joined (a space, or nothing) or changed into
 * CR or CRLF: games and tags run together on one line. */
static void line_ends(struct buf *b, char *what, size_t cap)
{
	static const char *const into[] = { " ", "", "\r", "\r\n" };
	static const char *const names[] = { "a space", "nothing", "CR",
					     "CRLF" };
	size_t from = rnd(b->n), to = from + rnd(b->n - from + 1), done = 0;
	unsigned how = (unsigned)rnd(4);
	struct buf s = { 0 };
	reserve(&s, (to - from) * 2 + 1);
	for (size_t i = from; i < to; i++) {
		bool crlf = b->s[i] == '\r' && i + 1 < to && b->s[i + 1] == '\n';
		if (b->s[i] != '\n' && !crlf) {
			s.s[s.n++] = b->s[i];
			continue;
		}
		memcpy(s.s + s.n, into[how], strlen(into[how]));
		s.n += strlen(into[how]);
		i += crlf;
		done++;
	}
	splice(b, from, to - from, s.s, s.n);
	free(s.s);
	snprintf(what, cap, "%zu line ends from %zu made %s", done, from,
		 names[how]);
}

typedef void mutation_fn(struct buf *b, char *what, size_t cap);

static void mutate_once(struct buf *b, char *what, size_t cap)
{
	static mutation_fn *const fns[] = {
		flip, overwrite, delete, insert, insert, duplicate,
		truncate_end, line_ends,
	};
	if (!b->n) {
		insert(b, what, cap);
		return;
	}
	fns[rnd(sizeof fns / sizeof fns[0])](b, what, cap);
}

/* ------------------------------------------------------------- input */

static void read_file(const char *path, struct buf *b)
{
	FILE *f = fopen(path, "rb");
	size_t got;
	if (!f)
		die("cannot open", path);
	do {
		reserve(b, b->n + 65536);
		got = fread(b->s + b->n, 1, b->cap - b->n, f);
		b->n += got;
	} while (got);
	if (ferror(f))
		die("cannot read", path);
	fclose(f);
}

/* Line n (0-based) of the list, NUL-terminated in place. */
static char *pick_line(struct buf *list, size_t *count)
{
	size_t lines = 0, want;
	for (size_t i = 0; i < list->n; i++)
		lines += list->s[i] == '\n';
	if (!lines)
		die("no file in", "the list");
	*count = lines;
	want = rnd(lines);
	char *p = (char *)list->s;
	while (want--)
		p = strchr(p, '\n') + 1;
	*strchr(p, '\n') = 0;
	return p;
}

/* The window: a size between 64 bytes and 256 KiB, even on a log scale,
 * from the file's start or anywhere. */
static void window(struct buf *b, size_t *off)
{
	unsigned bits = 6 + (unsigned)rnd(13);
	size_t n = ((size_t)1 << bits) + rnd((size_t)1 << bits);
	if (n > WINDOW_MAX)
		n = WINDOW_MAX;
	*off = n >= b->n || rnd(2) ? 0 : rnd(b->n - n);
	if (n > b->n - *off)
		n = b->n - *off;
	memmove(b->s, b->s + *off, n);
	b->n = n;
}

int main(int argc, char **argv)
{
	struct buf list = { 0 }, b = { 0 };
	char what[160];
	size_t nfiles, off;
	FILE *out;
	if (argc != 5)
		die("usage:", "mutate SEED N LIST OUT");
	rng_state = strtoull(argv[1], NULL, 10) * 0x2545F4914F6CDD1Du ^
		    strtoull(argv[2], NULL, 10);
	read_file(argv[3], &list);
	reserve(&list, list.n + 1);
	if (list.n && list.s[list.n - 1] != '\n')
		list.s[list.n++] = '\n';
	const char *src = pick_line(&list, &nfiles);
	read_file(src, &b);
	window(&b, &off);
	printf("%s [%zu, +%zu]", src, off, b.n);
	for (size_t i = 0, n = 1 + rnd(2) * rnd(MUTATIONS_MAX); i < n; i++) {
		mutate_once(&b, what, sizeof what);
		printf("; %s", what);
	}
	putchar('\n');
	if (!(out = fopen(argv[4], "wb")) || fwrite(b.s, 1, b.n, out) != b.n ||
	    fclose(out) != 0)
		die("cannot write", argv[4]);
	free(list.s);
	free(b.s);
	return 0;
}
