/* The reader's tags-only scan (libparse/reader.c): with tags_only the
 * movetext is scanned, not lexed, wherever it is plain, and lexed where it
 * is not.  Either way a tags-only reader must see exactly what a full one
 * sees but the tree: the same games, raw bytes, flags, termination
 * markers, start locations, tags and diagnostics, in memory readers, with
 * a small game size limit, and in chunk readers at every cut (where a game
 * running past the chunk makes both ask for more).  Checked on inputs
 * built for the scan's corners (markers glued to numbers and dots, '*',
 * long numbers, comments after the marker, NULs, CRLF, the input's end)
 * and on many random streams of such tokens. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn_chunk.h"

/* ------------------------------------------------------------- helpers */

struct text {
	char *s;
	size_t len, cap;
};

static void text_add(struct text *t, const char *s, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		assert_non_null(t->s);
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = 0;
}

static void text_addf(struct text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void text_addf(struct text *t, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	text_add(t, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void on_diag(void *ctx, const struct diag *d)
{
	text_addf(ctx, "  diag %u:%u %d %d %s\n", d->line, d->col,
		  d->severity, d->code, d->message);
}

/* Everything a caller sees of the games of r but the tree, as text; the
 * reader's last return value ends it. */
static void read_games(struct pgn_reader *r, struct text *t)
{
	struct pgn_game g;
	struct diag err;
	int rc;
	pgn_game_init(&g);
	while ((rc = pgn_reader_next(r, &g, on_diag, t, &err)) == 1) {
		text_addf(t, "game %llu raw %zu flags %u start %u:%u result %s\n",
			  (unsigned long long)g.index, g.raw_len, g.flags,
			  g.start.line, g.start.col, g.result ? g.result : "-");
		for (size_t i = 0; i < g.ntags; i++) {
			const struct pgn_tag *tag = &g.tags[i];
			text_addf(t, "  tag %u:%u %s=", tag->loc.line,
				  tag->loc.col, tag->name);
			text_add(t, tag->value, tag->value_len);
			text_add(t, "\n", 1);
		}
		size_t off;
		struct pgn_loc at;
		bool known = pgn_reader_tell(r, &off, &at);
		text_addf(t, "  next %d %zu %u:%u\n", known, off, at.line,
			  at.col);
	}
	text_addf(t, "rc %d\n", rc);
	pgn_game_release(&g);
	pgn_reader_close(r);
}

/* The input read fully and tags-only, both ways the same. */
static void check(const char *in, size_t len, size_t max_game_bytes)
{
	struct text full = { 0 }, tags = { 0 };
	struct pgn_reader_opts fo = { .max_game_bytes = max_game_bytes };
	struct pgn_reader_opts to = fo;
	to.tags_only = true;
	read_games(pgn_reader_from_memory("m", in, len, &fo), &full);
	read_games(pgn_reader_from_memory("m", in, len, &to), &tags);
	if (strcmp(full.s, tags.s) != 0) {
		print_error("input (%zu bytes): %.*s\nfull:\n%s\ntags only:\n%s\n",
			    len, (int)len, in, full.s, tags.s);
		fail();
	}
	free(full.s);
	free(tags.s);
}

/* Chunk readers over every prefix of the input that is not the whole:
 * the games read before the reader asks for more, the same both ways. */
static void check_chunks(const char *in, size_t len)
{
	struct pgn_reader_opts fo = { 0 }, to = { .tags_only = true };
	struct pgn_loc at = { 1, 1 };
	for (size_t cut = 1; cut < len; cut++) {
		struct text full = { 0 }, tags = { 0 };
		read_games(pgn_reader_from_chunk("c", in, cut, false, true, at,
						 &fo), &full);
		read_games(pgn_reader_from_chunk("c", in, cut, false, true, at,
						 &to), &tags);
		if (strcmp(full.s, tags.s) != 0) {
			print_error("input cut at %zu: %.*s\nfull:\n%s\n"
				    "tags only:\n%s\n", cut, (int)len, in,
				    full.s, tags.s);
			fail();
		}
		free(full.s);
		free(tags.s);
	}
}

static void check_all(const char *in, size_t len)
{
	check(in, len, 0);
	check(in, len, 120);
	check_chunks(in, len);
}

/* --------------------------------------------------------------- cases */

#define T(tags) "[Event \"e\"]\n" tags "\n"

static const char *const corners[] = {
	/* Plain movetext, the marker where it usually is. */
	T("[Result \"1-0\"]") "1. e4 e5 2. Nf3 1-0\n\n" T("") "1. d4 *\n",
	/* Glued to a move number's dots: a marker; inside a word: not. */
	T("") "1.e4 2.1-0\n\n" T("") "1.e4 11-0 1-0.\n\n" T("") "1...0-1 e4\n",
	T("") "a1.1-0 1-01-0 e2-e4 0-0 1/2 1/2-1/ 1/2-1/2\n",
	/* Something after the marker on its line starts the next game. */
	T("") "1. e4 1-0 e5 2. d4 0-1\n",
	T("") "1. e4 1-0 *\n" T("") "e4 1/2-1/2 junk, here\n",
	/* '*' alone, glued after a move, before one, at the input's end. */
	T("") "1. e4*\n" T("") "1. e4 *e5 *\n" T("") "e4 *",
	T("") "1-0*\n",
	/* Long numbers: ten digits and more. */
	T("") "1234567890. e4 12345678901. e5 99999999999 *\n",
	T("") "1. e4 0123456789012345678901234567890123456789012345678901234"
	      "5678901234567890 *\n",
	/* Comments and escapes after the marker, at the end and not. */
	T("") "1. e4 1-0 {after}\n" T("") "1. d4 0-1 {at the end}",
	T("") "1. e4 1-0 ; line\n%escape\n" T("") "*\n",
	T("") "1. e4 1-0\n{between} [Event \"x\"]\n",
	/* Not plain: comments, variations, NAGs, junk, a '[' mid-line. */
	T("") "1. e4 {c [Event \"no\"]} e5 (1... c5 2. Nf3) $1 !? 1-0\n",
	T("") "1. e4 e5 [x] 2. Nf3 1-0\n" T("") "1. e4 ) , e5 1-0\n",
	T("") "1. e4 {never closed\n\n[Site \"s\"]\n1. d4 *\n",
	T("") "1. e4 (1. d4\n[Event \"n\"]\n*\n",
	/* No marker: the next tag line, or the input's end. */
	T("") "1. e4 e5\n" T("") "1. d4 d5",
	/* Blanks of every kind, NULs, CRLF, no final newline. */
	"[Event \"e\"]\r\n\r\n1. e4\te5\v\f2. Nf3 \r\n1-0\r\n\r\n"
	"[Event \"f\"]\r\n\r\n1. d4 *",
	/* A game without tags; a comment before the first tags. */
	"1. e4 e5 1-0\n\n" T("") "*\n",
	"{prelude}\n" T("") "1. e4 1-0\n",
	/* Push markers and figurines glued to tokens. */
	T("") "1. e4(p) e5 1-0(p) 0-1\n" T("") "1. \xe2\x99\x98" "f3 *\n",
	/* Bytes past ASCII are the lexer's: markers and NAGs as
	 * typesetting writes them, an en dash or a glyph. */
	T("") "1. e4 e5 1\xe2\x80\x93" "0\n" T("") "1. d4 \xc2\xbd-\xc2\xbd\n",
	T("") "1. e4\xc2\xb1 e5 +\xe2\x88\x92 0\xe2\x88\x92" "1 [Event \"x\"]\n",
	T("") "1. e4 \xe2\xa8\x80 1/2\xe2\x80\x93" "1/2\n\xe2\x80\x93\n",
	/* The marker as the movetext's first token. */
	T("[Result \"1/2-1/2\"]") "1/2-1/2\n" T("") "0-1",
	/* A DOS end-of-file mark: blank at the input's end, after a
	 * marker, a comment, a move or tags; junk anywhere else. */
	T("") "1. e4 1-0\n\x1a", T("") "1. e4 *\r\n\x1a\r\n\n",
	T("") "1. e4 1-0 {after}\n\x1a\n", T("") "1. e4\x1a",
	T("") "\x1a\n", "\x1a", T("") "1. e4 1-0\n\x1a\n" T("") "*\n",
	T("") "1. e4 *\x1a\x1a\n", T("") "1. e4 \x1a e5 *\n",
	/* Lines that end with a CR alone: a tag line after one starts the
	 * next game; one before an LF is a CRLF; in a ';' comment. */
	"[Event \"e\"]\r\r1. e4 e5\r[Event \"f\"]\r\r1. d4 *\r",
	"[Event \"e\"]\r\r1. e4 1-0\r\r\n\r[Event \"f\"]\r\r*\r",
	"[Event \"e\"]\r\r1. e4 ; c\r e5 1-0\r{after}\r",
	"[Event \"e\"]\r\r1. e4 e5 \r\r\r\n\n\r 2. Nf3 *\r\r\xef\xbb\xbf[Event \"f\"]\r*",
};

static void test_corners(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof corners / sizeof *corners; i++)
		check_all(corners[i], strlen(corners[i]));
	/* NULs, kept as blanks. */
	static const char nul[] = T("") "1. e4 e5\0\0 1/2-1/2\0\0[Event \"n\"]\n*";
	check_all(nul, sizeof nul - 1);
}

/* Streams of tokens around the scan's corners, with tag sections. */
static uint64_t rng = 88172645463325252u;

static unsigned next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)rng;
}

static void random_stream(struct text *t)
{
	static const char *const tokens[] = {
		"e4", "Nf3", "O-O", "0-0", "1-0", "0-1", "1/2-1/2", "*", "1.",
		"12.", "3...", "1.e4", "2.1-0", "11-0", "1-0.", "1-01-0",
		"e2-e4", "1/2", "0000", "x", "=", "+-", "1234567890.",
		"99999999999.", "e4*", "*e4", "1-0*", ".", "..1-0", "a1.1-0",
		"1..1-0", "5.0-1", "-", "/", "1-", "-0", "1/2-1/", "#", "@",
		"{c}", "(", ")", "$3", "!?", ";x\n", "[", "]", "e4(p)",
		"1\xe2\x80\x93" "0", "\xc2\xbd-\xc2\xbd", "\xc2\xb1",
		"e4\xe2\xa9\xb2", "\xe2\x87\x86", "0\xe2\x80\x91" "0",
	};
	static const char *const seps[] = {
		" ", " ", "  ", "\n", "\r\n", "\t", "\n\n", " \n", "\n%e\n",
		"\r", "\r\r", "\n\r", "\r%e\r",
	};
	t->len = 0;
	unsigned games = 1 + next_random() % 6;
	for (unsigned g = 0; g < games; g++) {
		if (next_random() % 4) {
			text_add(t, "[Event \"e\"]\n", 12);
			if (next_random() % 2)
				text_add(t, "[Result \"1-0\"]\n", 15);
			if (next_random() % 5)
				text_add(t, "\n", 1);
		}
		unsigned n = next_random() % 12;
		for (unsigned i = 0; i < n; i++) {
			const char *tok = tokens[next_random() %
						 (sizeof tokens / sizeof *tokens)];
			text_add(t, tok, strlen(tok));
			unsigned k = next_random() % (sizeof seps / sizeof *seps + 1);
			if (k == sizeof seps / sizeof *seps)
				text_add(t, "", 1);	/* a NUL */
			else
				text_add(t, seps[k], strlen(seps[k]));
		}
		static const char *const ends[] = { "", "\n", "\n\n", " ",
						    "\r\n\r\n", "\x1a",
						    "\n\x1a\r\n", "\r", "\r\r" };
		const char *e = ends[next_random() %
				     (sizeof ends / sizeof *ends)];
		text_add(t, e, strlen(e));
	}
}

static void test_random_streams(void **state)
{
	(void)state;
	struct text t = { 0 };
	for (unsigned i = 0; i < 3000; i++) {
		random_stream(&t);
		check(t.s, t.len, 0);
		if (i % 10 == 0) {
			check(t.s, t.len, 100);
			check_chunks(t.s, t.len);
		}
	}
	free(t.s);
}

/* Movetext long enough for the scan to go many blocks, with the marker
 * and the next game at every offset of a block; its lines end with an
 * LF, a CR alone or a CRLF (whose CR may be a block's last byte, and its
 * LF the next one's first). */
static void test_long_movetext(void **state)
{
	(void)state;
	struct text t = { 0 };
	static const char *const eols[] = { "\n", "\r", "\r\n" };
	for (unsigned pad = 0; pad < 3 * 140; pad++) {
		const char *eol = eols[pad / 140];
		t.len = 0;
		text_add(&t, T(""), strlen(T("")));
		for (unsigned i = 0; i < pad % 140; i++) {
			if (i % 17 == 16)
				text_add(&t, eol, strlen(eol));
			else
				text_add(&t, "a", 1);
		}
		text_add(&t, " 1-0", 4);
		text_add(&t, eol, strlen(eol));
		text_add(&t, T("") "1.", strlen(T("") "1."));
		for (unsigned i = 0; i < pad % 140; i++)
			text_add(&t, i % 9 == 8 ? "1." : "e", i % 9 == 8 ? 2 : 1);
		text_add(&t, eol, strlen(eol));
		text_add(&t, T("") "123456789", strlen(T("") "123456789"));
		for (unsigned i = 0; i < pad % 3; i++)
			text_add(&t, "0", 1);
		text_add(&t, ". e4", 4);
		check(t.s, t.len, 0);
		check(t.s, t.len, 64);
	}
	free(t.s);
}

/* Plain movetext many blocks long, so that the scan goes block by block
 * without looking at each candidate, and now and then what must stop it
 * there: a byte that is not plain, a marker or a '-' or '/' after a
 * digit, ten digits in a row (or nine), a CR alone, each landing at any
 * offset of a block. */
static void quiet_stream(struct text *t)
{
	static const char *const plain[] = {
		"e4", "Nf3", "O-O", "Qxd8+", "exd8=Q#", "12.", "3...", "a1",
		"23.e4", "7", "99.",
	};
	static const char *const seps[] = { " ", " ", "\n", "\r\n", "\t" };
	static const char *const odd[] = {
		"1-0", "0-1", "1/2-1/2", "*", "1-", "2/", "e2-e4", "1/2",
		"1234567890.", "123456789.", "4294967296.", "\r", "\r\r",
		"{c}", "$1", "!", "(e4)", "\xc2\xb1", "%", "0-0",
	};
	unsigned n = 40 + next_random() % 300, at = next_random() % n;

	t->len = 0;
	text_add(t, T(""), strlen(T("")));
	for (unsigned i = 0; i < n; i++) {
		const char *tok = i == at
			? odd[next_random() % (sizeof odd / sizeof *odd)]
			: plain[next_random() % (sizeof plain / sizeof *plain)];
		const char *sep = seps[next_random() % (sizeof seps / sizeof *seps)];
		text_add(t, tok, strlen(tok));
		text_add(t, sep, strlen(sep));
	}
	const char *end = next_random() % 2 ? "1-0\n" : "*\r\n";
	text_add(t, end, strlen(end));
	if (next_random() % 2)
		text_add(t, T("") "1. d4 0-1\n", strlen(T("") "1. d4 0-1\n"));
}

static void test_quiet_blocks(void **state)
{
	(void)state;
	struct text t = { 0 };
	for (unsigned i = 0; i < 2000; i++) {
		quiet_stream(&t);
		check(t.s, t.len, 0);
		if (i % 20 == 0)
			check_chunks(t.s, t.len);
	}
	free(t.s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corners),
		cmocka_unit_test(test_random_streams),
		cmocka_unit_test(test_long_movetext),
		cmocka_unit_test(test_quiet_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
