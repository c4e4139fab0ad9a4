/* The reader on large inputs of one layout each, the layouts that were
 * once quadratic among them: a small text (the input after its first
 * byte) repeated to LAYOUT_BYTES in the layout that byte picks,
 *   0  as it is, one copy after another
 *   1  on one line (its line ends made spaces): games on one line
 *   2  its line ends made CRs (old Mac files)
 *   3  after each of many distinct tag pairs (a section of tags each
 *      followed by a blank line, when the text is one)
 *   4  the same, the pairs on one line
 *   5  inside one comment
 *   6  inside one tag value
 *   7  after each of as many opened variations
 * then read from memory with the tree and tags only, and cut as --jobs
 * cuts it.  Every path must be linear: run.sh gives each input a time
 * limit (-timeout) that a linear reading stays far below and a quadratic
 * one far above, so the next quadratic path fails as a timeout. */
#include "../../libparse/pgn_chunk.h"
#include "fuzz.h"

#ifndef LAYOUT_BYTES
#define LAYOUT_BYTES ((size_t)2 << 20)
#endif
#define CUT_EVERY ((size_t)256 << 10)

struct text {
	char *s;
	size_t n, cap;
};

static void add(struct text *t, const void *p, size_t n)
{
	if (!n)	/* t->s may still be NULL: no pointer arithmetic */
		return;
	if (t->n + n > t->cap) {
		t->cap = (t->n + n) * 2;
		t->s = realloc(t->s, t->cap);
		FUZZ_CHECK(t->s != NULL);
	}
	memcpy(t->s + t->n, p, n);
	t->n += n;
}

static void add_str(struct text *t, const char *s)
{
	add(t, s, strlen(s));
}

/* The unit with its line ends (LF, CR, CRLF) made `into` (NULL: kept),
 * and the bytes of `drop` left out. */
static void add_unit(struct text *t, const uint8_t *u, size_t n,
		     const char *into, const char *drop)
{
	for (size_t i = 0; i < n; i++) {
		bool eol = u[i] == '\n' || u[i] == '\r';
		if (into && eol) {
			i += u[i] == '\r' && i + 1 < n && u[i + 1] == '\n';
			add_str(t, into);
		} else if (!drop || !u[i] || !strchr(drop, u[i])) {
			add(t, u + i, 1);
		}
	}
}

/* What each layout puts around its copies and before each one (a tag
 * pair of its own when tag, then before), what the copies' line ends
 * become (NULL: kept) and which of their bytes it leaves out. */
static const struct layout {
	const char *open, *close;
	bool tag;
	const char *before, *into, *drop;
} layouts[8] = {
	{ "", "", false, "", NULL, NULL },
	{ "", "", false, "", " ", NULL },
	{ "", "", false, "", "\r", NULL },
	{ "", "\n1. e4 *\n", true, "\n", NULL, NULL },
	{ "", "\n1. e4 *\n", true, "", " ", NULL },
	{ "[Event \"c\"]\n\n1. e4 {", "} e5 *\n", false, "", NULL, "}" },
	{ "[Event \"", "\"]\n\n1. e4 *\n", false, "", NULL, "\"\\" },
	{ "1. e4 ", " *\n", false, "(", NULL, "()" },
};

static void build(struct text *t, const struct layout *l, const uint8_t *u,
		  size_t n)
{
	char tag[40];
	add_str(t, l->open);
	/* A unit of bytes the layout drops adds none: then stop. */
	for (size_t k = 0, was = SIZE_MAX; t->n < LAYOUT_BYTES && t->n != was;
	     k++) {
		was = t->n;
		snprintf(tag, sizeof tag, "[T%zu \"v\"]", k);
		add_str(t, l->tag ? tag : "");
		add_str(t, l->before);
		add_unit(t, u, n, l->into, l->drop);
	}
	add_str(t, l->close);
}

/* Every game, their raw bytes adding up to the text. */
static void read_games(const struct text *t, bool tags_only)
{
	struct pgn_reader_opts o = { .tags_only = tags_only };
	struct pgn_reader *r = pgn_reader_from_memory("l", t->s, t->n, &o);
	struct pgn_game g;
	struct diag err;
	size_t at = 0;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, fuzz_diag, NULL, &err) > 0) {
		FUZZ_CHECK(g.raw == t->s + at);
		at += g.raw_len;
	}
	FUZZ_CHECK(at == t->n || at == 0);
	pgn_game_release(&g);
	pgn_reader_close(r);
}

/* Where --jobs would cut it, each search from the last cut on. */
static void find_cuts(const struct text *t)
{
	size_t from = 1, cut, line_end;
	while (from < t->n &&
	       (cut = pgn_find_cut(t->s, t->n, from, &line_end)) != 0) {
		FUZZ_CHECK(cut >= from && t->s[cut] == '[');
		from = cut + CUT_EVERY;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct text t = { 0 };
	if (size < 2)
		return 0;
	build(&t, &layouts[data[0] % 8], data + 1, size - 1);
	read_games(&t, false);
	read_games(&t, true);
	find_cuts(&t);
	free(t.s);
	return 0;
}
