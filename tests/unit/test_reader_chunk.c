/* Chunk readers (pgn_reader_from_chunk, pgn_reader_tell): an input cut in
 * two before any "[Event " line and read as run/engine.c reads it must
 * give exactly the games, with the same raw bytes, flags, tags, movetext
 * and diagnostics (game and line numbers shifted), as one reader of the
 * whole input.  The first piece is read up to the cut, with the line after
 * it visible; where a game runs over the cut (or the piece ends inside
 * one), the rest is read from the last game boundary before it.  The
 * inputs hold the awkward cases: a comment before the first game, comments
 * after a result, unterminated comments and variations, tag sections with
 * no movetext, a tag section that the next "[Event" line joins, a BOM,
 * CRLF, a DOS end-of-file mark, and games over a small max_game_bytes
 * (kept whole, or cut and the rest skipped); and all of it again with
 * lines that end with a CR alone (old Mac files), where the pieces are
 * cut after such a CR.  test_random_cuts cuts random inputs of such pieces
 * into several chunks, at any bytes and where pgn_find_cut() cuts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn_chunk.h"

struct text {
	char *s;
	size_t len, cap;
};

static void text_addf(struct text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void text_addf(struct text *t, const char *fmt, ...)
{
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert_true(n >= 0);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		assert_non_null(t->s);
	}
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, again);
	va_end(again);
	t->len += (size_t)n;
}

/* What is compared: every game and diagnostic as text, with the game and
 * line numbers of the whole input. */
struct seen {
	struct text t;
	uint64_t game_offset;
	uint32_t line_offset;
};

static void on_diag(void *ctx, const struct diag *d)
{
	struct seen *s = ctx;
	text_addf(&s->t, "diag game %llu %u:%u %d %d %s\n",
		  (unsigned long long)(d->game + s->game_offset),
		  d->line ? d->line + s->line_offset : 0, d->col,
		  (int)d->severity, (int)d->code, d->message);
}

static void dump_line(struct text *t, const struct pgn_line *l,
		      uint32_t line_offset)
{
	for (const struct pgn_item *it = l->first; it; it = it->next) {
		text_addf(t, " %d@%u:%u", (int)it->kind,
			  it->loc.line + line_offset, it->loc.col);
		if (it->text)
			text_addf(t, "[%.*s]", (int)it->len, it->text);
		if (it->variation) {
			text_addf(t, " (");
			dump_line(t, it->variation, line_offset);
			text_addf(t, " )");
		}
	}
}

static void on_game(struct seen *s, const struct pgn_game *g)
{
	text_addf(&s->t, "game %llu flags %u start %u:%u raw[%.*s]\n",
		  (unsigned long long)(g->index + s->game_offset), g->flags,
		  g->start.line + s->line_offset, g->start.col,
		  (int)g->raw_len, g->raw);
	for (size_t i = 0; i < g->ntags; i++)
		text_addf(&s->t, "tag %s=%s\n", g->tags[i].name,
			  g->tags[i].value);
	text_addf(&s->t, "before");
	dump_line(&s->t, &g->before, s->line_offset);
	text_addf(&s->t, "\nmoves");
	dump_line(&s->t, &g->moves, s->line_offset);
	text_addf(&s->t, "\nafter");
	dump_line(&s->t, &g->after, s->line_offset);
	text_addf(&s->t, "\nresult %s\n", g->result ? g->result : "-");
}

/* The whole input with one reader. */
static void read_whole(const char *in, size_t len,
		       const struct pgn_reader_opts *o, struct seen *s)
{
	struct pgn_reader *r = pgn_reader_from_memory("in", in, len, o);
	struct pgn_game g;
	struct diag err;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, on_diag, s, &err) == 1)
		on_game(s, &g);
	pgn_game_release(&g);
	pgn_reader_close(r);
}

/* As run/engine.c's run_chunk_games(): the games of buf[0, cut) (the reader
 * sees up to line_end), what they wrote is kept up to the last boundary
 * at or before the cut; *stop and *at say where that is. */
static uint64_t read_piece(const char *in, size_t cut, size_t line_end,
			   bool last, struct pgn_loc start, bool origin,
			   const struct pgn_reader_opts *o, struct seen *s,
			   size_t *stop, struct pgn_loc *at)
{
	struct pgn_reader *r = pgn_reader_from_chunk("in", in, line_end, last,
						     origin, start, o);
	struct pgn_game g;
	struct diag err;
	size_t kept = s->t.len, off;
	uint64_t games = 0, kept_games = 0;
	struct pgn_loc loc;
	*stop = 0;
	*at = start;
	pgn_game_init(&g);
	for (;;) {
		if (pgn_reader_tell(r, &off, &loc) && off <= cut) {
			kept = s->t.len;
			kept_games = games;
			*stop = off;
			*at = loc;
			if (!last && off == cut)
				break;
		}
		int rc = pgn_reader_next(r, &g, on_diag, s, &err);
		if (rc == 1) {
			pgn_reader_tell(r, &off, &loc);
			if (last || off <= cut) {
				games++;
				on_game(s, &g);
				continue;
			}
		}
		if (rc == 0 && last) {
			kept = s->t.len;
			kept_games = games;
			break;
		}
		s->t.len = kept;	/* the game over the cut is read again */
		if (s->t.s)
			s->t.s[kept] = 0;
		break;
	}
	pgn_game_release(&g);
	pgn_reader_close(r);
	return kept_games;
}

static void check_cut(const char *in, size_t len, size_t cut,
		      const struct pgn_reader_opts *o, const char *whole)
{
	struct seen s = { { NULL, 0, 0 }, 0, 0 };
	const char *eol = pgn_find_line_end(in + cut, in + len, PGN_INPUT_END);
	size_t line_end = eol ? (size_t)(eol + 1 - in) : len, stop;
	struct pgn_loc at;
	uint64_t games = read_piece(in, cut, line_end, false,
				    (struct pgn_loc){ 1, 1 }, true, o, &s,
				    &stop, &at);
	s.game_offset = games;
	s.line_offset = at.line - 1;
	read_piece(in + stop, len - stop, len - stop, true,
		   (struct pgn_loc){ 1, at.col }, stop == 0, o, &s, &stop, &at);
	if (strcmp(whole, s.t.s ? s.t.s : "") != 0) {
		size_t i = 0;
		while (whole[i] && whole[i] == s.t.s[i])
			i++;
		fail_msg("cut at %zu: differs at %zu: whole '%.60s' vs cut "
			 "'%.60s'", cut, i, whole + i, s.t.s + i);
	}
	free(s.t.s);
}

/* Returns the number of games flagged PGN_TOO_LARGE. */
static unsigned check_every_cut(const char *in, size_t max)
{
	struct pgn_reader_opts o = { .max_game_bytes = max };
	size_t len = strlen(in);
	struct seen whole = { { NULL, 0, 0 }, 0, 0 };
	unsigned cuts = 0;
	read_whole(in, len, &o, &whole);
	/* Lines that start after an LF, or after a CR (alone before '['). */
	for (const char *p = in + 1; (p = strstr(p, "[Event ")); p++) {
		if (p[-1] != '\n' && p[-1] != '\r')
			continue;
		check_cut(in, len, (size_t)(p - in), &o, whole.t.s);
		cuts++;
	}
	assert_true(cuts > 0);
	unsigned large = 0;
	for (const char *p = whole.t.s; (p = strstr(p, " flags ")); p++)
		large += (atoi(p + 7) & PGN_TOO_LARGE) != 0;
	free(whole.t.s);
	return large;
}

static const char awkward[] =
	"\xef\xbb\xbf{prelude}\n\n"
	"[Event \"1\"]\n[White \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 "
	"4. Qxf7# 1-0\n{after the result}\n\n"
	"[Event \"2\"]\n[White \"b\"]\n\n1. d4 {not closed\n\n"
	"[Event \"3\"]\n\n1. e4 (1. d4 (1... Nf6\n\n"
	"[Event \"4\"]\n[Site \"tags only\"]\n\n"
	"[Event \"5\"]\n\n1. e4 e5 1/2-1/2\n\n"
	"[Site \"no event\"]\n\n"
	"[Event \"6 joins\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
	"%escape\n[Event \"7\"]\r\n[White \"c\"]\r\n\r\n1. e4 *\r\n\r\n"
	"[Event \"8\"]\n\n1. e4 {a [Event \"x\"] inside} e5 *\n"
	"{trailing} ; and a line comment\n"
	"[Event \"9\"]\n\n1. e4 $1 e5 ?! 2. Nf3 junk) *\n\n"
	"[Event \"10\"]\n\n1. e4 e5";

/* in with each LF that ends a line alone made a CR alone (a CRLF
 * stays): a file of old Mac lines, a few CRLF among them. */
static char *cr_lines(const char *in)
{
	char *out = strdup(in);
	assert_non_null(out);
	for (char *p = out; *p; p++)
		if (*p == '\n' && (p == out || p[-1] != '\r'))
			*p = '\r';
	return out;
}

static void test_awkward(void **state)
{
	(void)state;
	check_every_cut(awkward, 0);
	char *cr = cr_lines(awkward);
	check_every_cut(cr, 0);
	free(cr);
}

/* A DOS end-of-file mark: junk before the next game, blank (in the last
 * game's bytes) where it ends the input; the pieces must agree. */
static void test_dos_eof(void **state)
{
	static const char in[] =
		"[Event \"1\"]\r\n\r\n1. e4 *\r\n\x1a\r\n\r\n"
		"[Event \"2\"]\r\n\r\n1. d4 1-0\r\n{after}\r\n\r\n"
		"[Event \"3\"]\r\n\r\n1. c4 *\r\n\x1a\r\n";
	static const char cr[] =
		"[Event \"1\"]\r\r1. e4 *\r\x1a\r\r"
		"[Event \"2\"]\r\r1. d4 1-0\r{after}\r\r"
		"[Event \"3\"]\r\r1. c4 *\r\x1a\r";
	(void)state;
	check_every_cut(in, 0);
	check_every_cut(cr, 0);
}

/* Games over max_game_bytes (here 120): one kept whole within the slack,
 * one so long that it is cut and its rest skipped up to the next start. */
static void test_too_large(void **state)
{
	(void)state;
	struct text t = { NULL, 0, 0 };
	text_addf(&t, "[Event \"small\"]\n\n1. e4 e5 *\n\n");
	text_addf(&t, "[Event \"long\"]\n\n");
	for (int i = 0; i < 1500; i++)
		text_addf(&t, "{c%d} ", i);
	text_addf(&t, "1. e4 *\n\n[Event \"after\"]\n\n1. d4 d5 *\n\n");
	text_addf(&t, "[Event \"over a little\"]\n\n");
	for (int i = 0; i < 20; i++)
		text_addf(&t, "{c%d} ", i);
	text_addf(&t, "1. e4 *\n\n[Event \"end\"]\n\n1. c4 *\n");
	assert_int_equal(check_every_cut(t.s, 120), 2);
	assert_int_equal(check_every_cut(t.s, 0), 0);
	char *cr = cr_lines(t.s);
	assert_int_equal(check_every_cut(cr, 120), 2);
	assert_int_equal(check_every_cut(cr, 0), 0);
	free(cr);
	free(t.s);
}

/* in read in pieces cut at cuts[0, n) (rising; each reader sees its cut's
 * line whole, as pgn_find_cut() makes it), a piece stopped short read
 * again with the next, as run/engine.c merges them: the games of whole. */
static void check_cuts(const char *in, size_t len, const size_t *cuts,
		       size_t n, const char *whole)
{
	struct seen s = { { NULL, 0, 0 }, 0, 0 };
	struct pgn_loc at = { 1, 1 };
	size_t pos = 0, stop;
	for (size_t i = 0; i < n; i++) {
		if (cuts[i] <= pos)
			continue;
		const char *eol = pgn_find_line_end(in + cuts[i], in + len - 1,
						    (unsigned char)in[len - 1]);
		if (!eol)
			break;
		uint64_t games = read_piece(in + pos, cuts[i] - pos,
					    (size_t)(eol + 1 - in) - pos,
					    false, (struct pgn_loc){ 1, at.col },
					    pos == 0, NULL, &s, &stop, &at);
		s.game_offset += games;
		s.line_offset += at.line - 1;
		pos += stop;
	}
	read_piece(in + pos, len - pos, len - pos, true,
		   (struct pgn_loc){ 1, at.col }, pos == 0, NULL, &s, &stop,
		   &at);
	if (strcmp(whole, s.t.s ? s.t.s : "") != 0) {
		size_t i = 0;
		while (whole[i] && whole[i] == s.t.s[i])
			i++;
		fail_msg("input '%s' (%zu cuts from %zu): differs at %zu: "
			 "whole '%.60s' vs cut '%.60s'", in, n, cuts[0], i,
			 whole + i, s.t.s + i);
	}
	free(s.t.s);
}

/* Random inputs of PGN pieces, with line ends LF, CRLF or a CR alone at
 * random (old Mac files, a mix), tag lines with no blank line between
 * games, comments and escapes holding "[Event", byte order marks, a DOS
 * end mark; each cut at a few random bytes, and at pgn_find_cut()'s cuts
 * from there, as several --jobs chunks. */
static void test_random_cuts(void **state)
{
	static const char *const pieces[] = {
		"[Event \"e\"]", "[Site \"s\"]", "[White \"w\"]", "",
		"1. e4 e5 2. Nf3 Nc6", "1-0", "*", "1/2-1/2", "{c}",
		"{a\n[Event \"x\"]\n}", "; [Event \"y\"]", "%[Event \"z\"]",
		"(1. d4 d5)", "(1... Nf6", "{open", "\xef\xbb\xbf", "\x1a",
		"[Event \"q\"] 1. e4 *", "junk)", "[Bad", " ",
	};
	static const char *const ends[] = { "\n", "\r\n", "\r" };
	const size_t npieces = sizeof pieces / sizeof *pieces;
	uint32_t x = 12345;
	(void)state;
	for (int round = 0; round < 3000; round++) {
		struct text t = { NULL, 0, 0 };
		x = x * 1103515245u + 12345u;
		unsigned lines = 1 + (x >> 16) % 24;
		int style = (int)(x >> 8) % 4;	/* one end each, or a mix */
		for (unsigned i = 0; i < lines; i++) {
			x = x * 1103515245u + 12345u;
			int e = style < 3 ? style : (int)(x >> 4) % 3;
			text_addf(&t, "%s%s", pieces[(x >> 16) % npieces],
				  ends[e]);
			if ((x >> 12) % 4 == 0)	/* two pieces on a line */
				text_addf(&t, "%s ",
					  pieces[(x >> 20) % npieces]);
		}
		struct seen whole = { { NULL, 0, 0 }, 0, 0 };
		read_whole(t.s, t.len, NULL, &whole);
		size_t cuts[6], n = 1 + (x >> 24) % 6, line_end;
		for (size_t i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			cuts[i] = (x >> 8) % t.len;
		}
		for (size_t i = 1; i < n; i++)	/* rising */
			for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
				size_t c = cuts[j];
				cuts[j] = cuts[j - 1];
				cuts[j - 1] = c;
			}
		check_cuts(t.s, t.len, cuts, n, whole.t.s ? whole.t.s : "");
		size_t found = 0;
		for (size_t i = 0, from = 1; i < n; i++) {
			size_t cut = pgn_find_cut(t.s, t.len, cuts[i] > from ?
						  cuts[i] : from, &line_end);
			if (!cut)
				break;
			cuts[found++] = cut;
			from = cut + 1;
		}
		if (found)
			check_cuts(t.s, t.len, cuts, found,
				   whole.t.s ? whole.t.s : "");
		free(whole.t.s);
		free(t.s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_awkward),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_dos_eof),
		cmocka_unit_test(test_random_cuts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
