/* The streaming PGN reader: tags, the movetext tree, locations, game
 * boundaries and the raw partition, recovery from broken input, limits,
 * refills across read blocks, and every PGN file of ../shared/data. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../libparse/pgn.h"
#include "support.h"

#define FIXTURES "tests/data/pgn/"
#define SHARED_DATA "../shared/data"

/* ------------------------------------------------------------- helpers */

struct buf {
	char *s;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		assert_non_null(b->s);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static void buf_addf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void buf_addf(struct buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	buf_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* The tree as text: "1. e4 {c} (1. d4) $1 !? *"; with locs, each item is
 * prefixed by line:col. */
static void dump_line(struct buf *b, const struct pgn_line *l, bool locs)
{
	const struct pgn_item *it;

	for (it = l->first; it; it = it->next) {
		if (it != l->first)
			buf_add(b, " ", 1);
		if (locs)
			buf_addf(b, "%u:%u:", (unsigned)it->loc.line,
				 (unsigned)it->loc.col);
		switch (it->kind) {
		case PI_MOVE:
		case PI_RESULT:
			buf_add(b, it->text, it->len);
			break;
		case PI_MOVENUM:
			buf_addf(b, "%u%.*s", (unsigned)it->number, it->dots,
				 "...................");
			break;
		case PI_NAG:
			if (it->suffix)
				buf_addf(b, "%s", it->text);
			else
				buf_addf(b, "$%u", (unsigned)it->nag);
			break;
		case PI_COMMENT:
			buf_addf(b, it->line_comment ? ";%s" : "{%s}",
				 it->text);
			break;
		case PI_ESCAPE:
			buf_addf(b, "%%%s", it->text);
			break;
		case PI_VARIATION:
			buf_add(b, "(", 1);
			dump_line(b, it->variation, locs);
			buf_add(b, ")", 1);
			break;
		}
	}
}

static char *dump(const struct pgn_game *g, bool locs)
{
	struct buf b = { 0 };

	buf_add(&b, "", 0);
	dump_line(&b, &g->moves, locs);
	return b.s;
}

/* Diagnostics kept for checking, "line:col code severity message". */
struct diags {
	char text[64][300];
	size_t n, errors, warnings;
};

static void collect(void *ctx, const struct diag *d)
{
	struct diags *c = ctx;

	if (d->severity == DIAG_ERROR)
		c->errors++;
	if (d->severity == DIAG_WARNING)
		c->warnings++;
	if (c->n < 64)
		snprintf(c->text[c->n++], sizeof c->text[0],
			 "g%llu %u:%u %s %s", (unsigned long long)d->game,
			 (unsigned)d->line, (unsigned)d->col,
			 diag_code_name(d->code), d->message);
}

static bool has_diag(const struct diags *c, const char *want)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strstr(c->text[i], want))
			return true;
	for (i = 0; i < c->n; i++)
		print_error("  diag: %s\n", c->text[i]);
	return false;
}

/* All games of an input: dumps, flags, raw bytes.  The raw partition is
 * checked here for every input any test reads. */
struct games {
	size_t n;
	char *dump[64];
	unsigned flags[64];
	size_t raw_len[64];
	char *result[64];
	struct diags diags;
};

static void games_free(struct games *gs)
{
	size_t i;

	for (i = 0; i < gs->n && i < 64; i++) {
		free(gs->dump[i]);
		free(gs->result[i]);
	}
}

/* What the reader takes for no game: blanks and newlines, UTF-8 byte
 * order marks opening a line (or following one that does), a DOS end
 * mark with only those blanks after it; a NUL is not blank. */
static bool blank_input(const char *s, size_t len)
{
	bool bol = true, dos_eof = false;
	for (size_t i = 0; i < len; i++) {
		if (!dos_eof && bol && len - i >= 3 &&
		    !memcmp(s + i, "\xef\xbb\xbf", 3)) {
			i += 2;
			continue;
		}
		if (!dos_eof && s[i] == '\x1a') {
			dos_eof = true;
			continue;
		}
		if (!s[i] || !strchr(" \t\r\n\v\f", s[i]))
			return false;
		/* A CR before a mark is alone: it ends the line. */
		bol = s[i] == '\n' || s[i] == '\r';
	}
	return true;
}

static void read_all(struct pgn_reader *r, const char *input, size_t len,
		     struct games *gs, bool locs)
{
	struct pgn_game g;
	struct diag err;
	struct buf raw = { 0 };
	int rc;

	memset(gs, 0, sizeof *gs);
	buf_add(&raw, "", 0);
	pgn_game_init(&g);
	while ((rc = pgn_reader_next(r, &g, collect, &gs->diags, &err)) == 1) {
		assert_int_equal(g.index, gs->n + 1);
		if (gs->n < 64) {
			gs->dump[gs->n] = dump(&g, locs);
			gs->flags[gs->n] = g.flags;
			gs->raw_len[gs->n] = g.raw_len;
			gs->result[gs->n] = g.result ? strdup(g.result) : NULL;
		}
		gs->n++;
		buf_add(&raw, g.raw, g.raw_len);
	}
	assert_int_equal(rc, 0);
	if (input && gs->n == 0) {
		/* No game: the input was blank (or empty), nothing else. */
		assert_true(blank_input(input, len));
	} else if (input) {
		assert_int_equal(raw.len, len);
		assert_memory_equal(raw.s, input, len);
	}
	free(raw.s);
	pgn_game_release(&g);
	pgn_reader_close(r);
}

static void read_mem(const char *input, size_t len, struct games *gs,
		     const struct pgn_reader_opts *opts, bool locs)
{
	read_all(pgn_reader_from_memory("mem", input, len, opts), input, len,
		 gs, locs);
}

static void read_str(const char *input, struct games *gs)
{
	read_mem(input, strlen(input), gs, NULL, false);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct buf b = { 0 };
	char tmp[65536];
	size_t n;

	if (!f)
		return NULL;
	buf_add(&b, "", 0);
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&b, tmp, n);
	fclose(f);
	*len = b.len;
	return b.s;
}

/* Reads a file both through the file reader and from memory, in full and
 * tags-only mode; all four must agree on the boundaries. */
static void read_file_all_ways(const char *path, struct games *gs)
{
	struct pgn_reader_opts tags = { .tags_only = true };
	struct games mem, quick;
	struct diag err;
	size_t len, i;
	char *input = slurp(path, &len);

	if (!input)
		fail_msg("fixture %s missing (run the tests from the project "
			 "root)", path);
	read_all(pgn_reader_open(path, NULL, &err), input, len, gs, false);
	read_mem(input, len, &mem, NULL, false);
	read_mem(input, len, &quick, &tags, false);
	assert_int_equal(mem.n, gs->n);
	assert_int_equal(quick.n, gs->n);
	for (i = 0; i < gs->n && i < 64; i++) {
		assert_string_equal(mem.dump[i], gs->dump[i]);
		assert_int_equal(quick.raw_len[i], gs->raw_len[i]);
		assert_int_equal(quick.flags[i], gs->flags[i]);
	}
	games_free(&mem);
	games_free(&quick);
	free(input);
}

static struct pgn_game *first_game(const char *input, struct pgn_reader **r,
				   struct diags *d)
{
	static struct pgn_game g;
	struct diag err;

	*r = pgn_reader_from_memory("mem", input, strlen(input), NULL);
	pgn_game_init(&g);
	assert_int_equal(pgn_reader_next(*r, &g, collect, d, &err), 1);
	return &g;
}

/* ---------------------------------------------------------------- tags */

static void test_tags(void **state)
{
	struct pgn_reader *r;
	struct diags d = { 0 };
	struct pgn_game *g = first_game(
		"[Event \"A \\\"quoted\\\" \\\\ back\"]\n"
		"[Site \"Club \"Victory\"\"]\n"
		"[Round \"Tournament \\\"]\n"
		"  [White \"Smith, John\"]  [Black \"Doe\" ]\n"
		"[WhiteElo \"\"]\n"
		"\n*\n",
		&r, &d);
	(void)state;
	assert_int_equal(g->ntags, 6);
	assert_string_equal(pgn_tag_value(g, "Event"), "A \"quoted\" \\ back");
	assert_string_equal(pgn_tag_value(g, "Site"), "Club \"Victory\"");
	assert_string_equal(pgn_tag_value(g, "Round"), "Tournament \\");
	assert_string_equal(pgn_tag_value(g, "White"), "Smith, John");
	assert_string_equal(pgn_tag_value(g, "Black"), "Doe");
	assert_string_equal(pgn_tag_value(g, "WhiteElo"), "");
	assert_null(pgn_tag_value(g, "Date"));
	assert_int_equal(pgn_tag_find(g, "Event")->value_len, 17);
	assert_int_equal(pgn_tag_find(g, "White")->loc.line, 4);
	assert_int_equal(pgn_tag_find(g, "White")->loc.col, 3);
	assert_int_equal(pgn_tag_find(g, "Black")->loc.col, 26);
	assert_int_equal(g->start.line, 1);
	assert_true(has_diag(&d, "g1 2:13 tag-syntax tag: unescaped '\"' inside the "
			     "value of Site"));
	assert_true(has_diag(&d, "3:20 tag-syntax tag: value of Round ends in "
			     "'\\' (kept as text)"));
	assert_int_equal(d.errors, 0);
	assert_int_equal(g->flags, 0);
	pgn_game_release(g);
	pgn_reader_close(r);
}

/* Comments before the tags and '%' lines among them are kept with their
 * game, in order ('%', braces and a '\r' before the newline left out);
 * so are comments after the last game's marker. */
static void test_outside_items(void **state)
{
	struct pgn_reader *r;
	struct diags d = { 0 };
	struct diag err;
	struct pgn_game *g = first_game(
		"{intro}\n"
		"%lead\r\n"
		"[Event \"E\"]\n"
		"%\n"
		"[Site \"S\"]\n"
		"% after {not a comment}\n"
		"\n1. e4 *\n"
		"{next}\n"
		"[Event \"B\"]\n\n1-0 {end} ;semi\n%esc",
		&r, &d);
	const struct pgn_item *e = g->before.first;
	(void)state;
	assert_int_equal(g->ntags, 2);
	assert_non_null(e);
	assert_int_equal(e->kind, PI_COMMENT);
	assert_string_equal(e->text, "intro");
	e = e->next;
	assert_non_null(e);
	assert_int_equal(e->kind, PI_ESCAPE);
	assert_string_equal(e->text, "lead");
	assert_int_equal(e->len, 4);
	assert_int_equal(e->loc.line, 2);
	assert_int_equal(e->loc.col, 1);
	e = e->next;
	assert_non_null(e);
	assert_string_equal(e->text, "");
	assert_int_equal(e->loc.line, 4);
	e = e->next;
	assert_non_null(e);
	assert_string_equal(e->text, " after {not a comment}");
	assert_null(e->next);
	assert_ptr_equal(e, g->before.last);
	assert_null(g->after.first);
	assert_int_equal(g->start.line, 3);
	assert_int_equal(g->moves.first->kind, PI_MOVENUM);

	/* The comment after a marker that another game follows is that
	 * game's; the last game keeps what follows its marker. */
	assert_int_equal(pgn_reader_next(r, g, collect, &d, &err), 1);
	assert_string_equal(pgn_tag_value(g, "Event"), "B");
	assert_non_null(g->before.first);
	assert_string_equal(g->before.first->text, "next");
	assert_null(g->before.first->next);
	e = g->after.first;
	assert_non_null(e);
	assert_string_equal(e->text, "end");
	assert_false(e->line_comment);
	assert_int_equal(e->loc.line, 12);
	assert_int_equal(e->loc.col, 5);
	e = e->next;
	assert_non_null(e);
	assert_string_equal(e->text, "semi");
	assert_true(e->line_comment);
	e = e->next;
	assert_non_null(e);
	assert_int_equal(e->kind, PI_ESCAPE);
	assert_string_equal(e->text, "esc");
	assert_int_equal(e->loc.line, 13);
	assert_null(e->next);
	assert_int_equal(d.errors, 0);
	assert_int_equal(pgn_reader_next(r, g, collect, &d, &err), 0);
	pgn_game_release(g);
	pgn_reader_close(r);

	/* No such items, empty lists; none inherited from the game before. */
	g = first_game("%x\n[Event \"A\"]\n\n*\n\n[Event \"B\"]\n\n*\n",
		       &r, &d);
	assert_non_null(g->before.first);
	assert_int_equal(pgn_reader_next(r, g, collect, &d, &err), 1);
	assert_string_equal(pgn_tag_value(g, "Event"), "B");
	assert_null(g->before.first);
	assert_null(g->after.first);
	pgn_game_release(g);
	pgn_reader_close(r);
}

static void test_tag_errors(void **state)
{
	struct games gs;
	(void)state;
	read_str("[Event \"ok\"]\n[ \"no name\"]\n[Site unquoted]\n"
		 "[Date \"never closed]\n\n1. e4 *\n", &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0], "1. e4 *");
	assert_true(has_diag(&gs.diags, "2:3 tag-syntax tag: expected a tag "
			     "name after '['"));
	assert_true(has_diag(&gs.diags, "3:7 tag-syntax tag: expected '\"' "
			     "before the tag value"));
	assert_true(has_diag(&gs.diags, "4:7 tag-syntax tag: tag value not "
			     "closed"));
	assert_int_equal(gs.flags[0], PGN_SYNTAX_ERROR);
	games_free(&gs);
}

/* ------------------------------------------------------------ movetext */

static void test_tree(void **state)
{
	struct games gs;
	(void)state;
	read_str("[Event \"t\"]\n\n"
		 "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3! {good} Nc6?! "
		 "$14 ; rest of line\n"
		 "%escape line\n"
		 "3.Bb5 a6 4. Ba4 !? Nf6 ?? 5. O-O +- Be7 = 1-0\n",
		 &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0],
		"1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 ! {good} Nc6 ?! "
		"$14 ; rest of line %escape line 3. Bb5 a6 4. Ba4 !? Nf6 ?? "
		"5. O-O $18 Be7 $10 1-0");
	assert_string_equal(gs.result[0], "1-0");
	assert_int_equal(gs.flags[0], 0);
	assert_int_equal(gs.diags.n, 0);
	games_free(&gs);
}

static void test_numbers_glued(void **state)
{
	struct games gs;
	(void)state;
	read_str("1.d4 Nf6 2.c4 e6 3.Nc3 3...Bb4 4 Qc2 5. ... O-O "
		 "12....Re8 0-0 0000 -- Z0 1/2-1/2", &gs);
	assert_string_equal(gs.dump[0],
		"1. d4 Nf6 2. c4 e6 3. Nc3 3... Bb4 4 Qc2 5. O-O 12.... Re8 "
		"0-0 0000 -- Z0 1/2-1/2");
	assert_string_equal(gs.result[0], "1/2-1/2");
	games_free(&gs);
}

/* A period is a token of its own (PGN Standard 7), so periods glued before
 * a move, "...d5" after a blank as annotators write after a comment, are
 * periods and a move; glued before anything but a letter ("...1-0") the
 * run stays one token, read as before (a bad move, not the result). */
static void test_periods_before_move(void **state)
{
	struct games gs;
	(void)state;
	read_str("1. d4 {c} 1. ...d5 2. c4 .e6 (2. ...c6 3. Nc3) 3. Nc3 "
		 "... Nf6 ..Bb4 *", &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0],
		"1. d4 {c} 1. d5 2. c4 e6 (2. c6 3. Nc3) 3. Nc3 Nf6 Bb4 *");
	assert_int_equal(gs.diags.n, 0);
	games_free(&gs);
	read_str("1. e4 e5 ...1-0", &gs);
	assert_string_equal(gs.dump[0], "1. e4 e5 ...1-0");
	games_free(&gs);
}

static void test_push_marker(void **state)
{
	struct games gs;
	(void)state;
	read_str("1. e4 e5 2. d4 e4(p) (2... exd4 3. Qxd4) 3. e5e4(p)(3. c3) "
		 "Nf6(p) e4 (p) exd6 e.p. *", &gs);
	assert_string_equal(gs.dump[0],
		"1. e4 e5 2. d4 e4(p) (2... exd4 3. Qxd4) 3. e5e4(p) (3. c3) "
		"Nf6(p) e4 (p) exd6e.p. *");
	games_free(&gs);
}

/* A standalone "e.p." or "ep" is glued to the move it follows, past the
 * NAGs after that move and with what follows it in its token; after
 * anything else (a comment, a number, a variation, nothing) it stays a
 * token of its own, for the replay to refuse. */
static void test_ep_glued(void **state)
{
	struct games gs;
	(void)state;
	read_str("1. exd6 ep 2. exd6! e.p. 3. exd6 $1 !? ep+ 4. exd6 e.p.! "
		 "5. exd6 {c} e.p. 6. exd6 (6. e4) ep 7. exd6 7... e.p. *",
		 &gs);
	assert_string_equal(gs.dump[0],
		"1. exd6ep 2. exd6e.p. ! 3. exd6ep+ $1 !? 4. exd6e.p. ! "
		"5. exd6 {c} e.p. 6. exd6 (6. e4) ep 7. exd6 7... e.p. *");
	games_free(&gs);
	read_str("ep 1. e4 e.p. *", &gs);
	assert_string_equal(gs.dump[0], "ep 1. e4e.p. *");
	games_free(&gs);
}

static void test_comments(void **state)
{
	struct games gs;
	(void)state;
	read_str("{before} 1. e4 {multi\nline [%clk 0:01:00]\n[not a tag]} "
		 "e5 {} ;\n{a}{b} *", &gs);
	assert_string_equal(gs.dump[0],
		"{before} 1. e4 {multi\nline [%clk 0:01:00]\n[not a tag]} e5 "
		"{} ; {a} {b} *");
	games_free(&gs);
}

static void test_locations(void **state)
{
	struct games gs;
	(void)state;
	read_mem("[Event \"x\"]\r\n\r\n1.e4\te5 {c\r\nd} 2. Nf3\r\n"
		 "(2. d4) *\r\n", 48, &gs, NULL, true);
	assert_string_equal(gs.dump[0],
		"3:1:1. 3:3:e4 3:6:e5 3:9:{c\r\nd} 4:4:2. 4:7:Nf3 "
		"5:1:(5:2:2. 5:5:d4) 5:9:*");
	games_free(&gs);
}

/* A line ends at an LF, at a CRLF (one line end) and at a CR alone (old
 * Mac files): the same game numbers alike with each, and with a mix.
 * The places, by hand: line 3 "1.e4\te5 {c", line 4 "d} 2. Nf3", line 5
 * "(2. d4) *"; columns count bytes. */
static void test_line_ends(void **state)
{
	static const char *const ends[][3] = {
		{ "\n", "\n", "\n" }, { "\r\n", "\r\n", "\r\n" },
		{ "\r", "\r", "\r" }, { "\n", "\r\n", "\r" },
		{ "\r", "\r\n", "\n" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		const char *const *e = ends[i];
		struct buf in = { 0 }, want = { 0 };
		struct games gs;
		buf_addf(&in, "[Event \"x\"]%s%s1.e4\te5 {c%sd} 2. Nf3%s(2. d4) "
			 "*%s", e[0], e[1], e[2], e[0], e[1]);
		buf_addf(&want, "3:1:1. 3:3:e4 3:6:e5 3:9:{c%sd} 4:4:2. 4:7:Nf3 "
			 "5:1:(5:2:2. 5:5:d4) 5:9:*", e[2]);
		read_mem(in.s, in.len, &gs, NULL, true);
		assert_int_equal(gs.n, 1);
		assert_string_equal(gs.dump[0], want.s);
		games_free(&gs);
		free(in.s);
		free(want.s);
	}
}

/* Two CRs are two line ends, a CR before an LF none, an LF before a CR
 * one and the CR another: each ')' below opens a line (diagnostics by
 * hand). */
static void test_line_end_pairs(void **state)
{
	struct games gs;
	(void)state;
	read_str("1. e4 )\r)\r\n)\n\r)\r\r\n) *", &gs);
	assert_true(has_diag(&gs.diags, "g1 1:7 unbalanced"));
	assert_true(has_diag(&gs.diags, "g1 2:1 unbalanced"));
	assert_true(has_diag(&gs.diags, "g1 3:1 unbalanced"));
	assert_true(has_diag(&gs.diags, "g1 5:1 unbalanced"));
	assert_true(has_diag(&gs.diags, "g1 7:1 unbalanced"));
	assert_int_equal(gs.diags.n, 5);
	games_free(&gs);
}

/* What a line end means beyond the numbers holds for a CR alone: it ends
 * a ';' comment and an escape line, a blank line of CRs ends a tag
 * section, a tag line after it starts the next game. */
static void test_cr_lines(void **state)
{
	static const char in[] =
		"[Event \"a\"]\r[Site \"b\"]\r\r1. e4 ; note\r1... e5 *\r"
		"%esc\r[Event \"c\"]\r\r1. d4\r[Event \"d\"]\r\r1. c4 *\r"
		"[Event \"e\"]\r\r[Event \"e\"]\r\r*";
	struct games gs;
	(void)state;
	read_mem(in, sizeof in - 1, &gs, NULL, true);
	assert_int_equal(gs.n, 5);
	assert_string_equal(gs.dump[0], "4:1:1. 4:4:e4 4:7:; note 5:1:1... "
			    "5:6:e5 5:9:*");
	assert_string_equal(gs.dump[1], "9:1:1. 9:4:d4");
	assert_int_equal(gs.flags[1], PGN_NO_RESULT);
	assert_string_equal(gs.dump[2], "12:1:1. 12:4:c4 12:7:*");
	assert_string_equal(gs.dump[3], "");	/* tags alone */
	assert_int_equal(gs.flags[3], PGN_NO_RESULT);
	assert_string_equal(gs.dump[4], "17:1:*");
	assert_true(has_diag(&gs.diags, "g2 6:1 no-result"));
	assert_true(has_diag(&gs.diags, "g4 13:1 no-result"));
	assert_int_equal(gs.diags.n, 2);
	games_free(&gs);
}

/* pgn_find_line_end() and pgn_read_line(), the rule on a buffer and on a
 * stream. */
static void test_line_end_rule(void **state)
{
	static const char lone[] = "0123456789abcdefghijklmnopqrstu\rv";
	static const char crlf[] = "0123456789abcdefghijklmnopqrstu\r\nv";
	static const char text[] = "a\rb\r\nc\n\rd\r\r\ne";
	static const char *const lines[] = { "a", "b", "c", "", "d", "", "e" };
	char *line = NULL;
	size_t cap = 0;
	(void)state;
	assert_ptr_equal(pgn_find_line_end(lone, lone + 33, PGN_INPUT_END),
			 lone + 31);
	assert_ptr_equal(pgn_find_line_end(crlf, crlf + 34, PGN_INPUT_END),
			 crlf + 32);
	/* A CR last: the byte after it decides. */
	assert_ptr_equal(pgn_find_line_end(lone, lone + 32, 'v'), lone + 31);
	assert_ptr_equal(pgn_find_line_end(lone, lone + 32, PGN_INPUT_END),
			 lone + 31);
	assert_null(pgn_find_line_end(crlf, crlf + 32, '\n'));
	assert_null(pgn_find_line_end(lone, lone + 31, '\r'));
	assert_true(pgn_line_end('\n', PGN_INPUT_END));
	assert_true(pgn_line_end('\r', '\r'));
	assert_false(pgn_line_end('\r', '\n'));
	assert_false(pgn_line_end(' ', '\n'));
	FILE *in = fmemopen((void *)text, sizeof text - 1, "r");
	assert_non_null(in);
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		ssize_t n = pgn_read_line(&line, &cap, in);
		assert_int_equal(n, (ssize_t)strlen(lines[i]));
		assert_string_equal(line, lines[i]);
	}
	assert_int_equal(pgn_read_line(&line, &cap, in), -1);
	fclose(in);
	free(line);
}

static void test_variation_locations(void **state)
{
	struct pgn_reader *r;
	struct diags d = { 0 };
	struct pgn_game *g = first_game("1. e4 (1. d4\n d5) e5 *", &r, &d);
	const struct pgn_line *v = g->moves.first->next->next->variation;
	(void)state;
	assert_int_equal(v->open.line, 1);
	assert_int_equal(v->open.col, 7);
	assert_int_equal(v->close.line, 2);
	assert_int_equal(v->close.col, 4);
	pgn_game_release(g);
	pgn_reader_close(r);
}

static void test_suffix_nag(void **state)
{
	(void)state;
	assert_int_equal(pgn_suffix_nag("!", 1), 1);
	assert_int_equal(pgn_suffix_nag("?", 1), 2);
	assert_int_equal(pgn_suffix_nag("!!", 2), 3);
	assert_int_equal(pgn_suffix_nag("??", 2), 4);
	assert_int_equal(pgn_suffix_nag("!?", 2), 5);
	assert_int_equal(pgn_suffix_nag("?!", 2), 6);
	assert_int_equal(pgn_suffix_nag("!!!", 3), 0);
	assert_int_equal(pgn_suffix_nag("!?", 1), 1);
	assert_int_equal(pgn_suffix_nag("", 0), 0);
}

/* ------------------------------------------------ boundaries, fixtures */

struct fixture {
	const char *file;
	size_t games;
	unsigned flags[4];
	const char *dump0;	/* first game's tree, or NULL */
};

static const struct fixture fixtures[] = {
	{ "crlf.pgn", 2, { 0, 0 },
	  "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6 "
	  "7. Bg5 Bb7 1-0" },
	{ "bom.pgn", 2, { 0, 0 }, "1. e4 *" },
	/* Files joined, each saved with a BOM: one before the tags of the
	 * second and fourth games (the third has no result), and one on the
	 * line of the fourth game's movetext, skipped as well. */
	{ "bom_appended.pgn", 4, { 0, 0, PGN_NO_RESULT, 0 },
	  "1. e4 *" },
	{ "latin1.pgn", 1, { 0 }, "1. e4 {Tr\xe8s bien} e5 1/2-1/2" },
	{ "nul.pgn", 2, { PGN_HAS_NUL, 0 }, "1. e4 e5 1/2-1/2" },
	{ "no_final_newline.pgn", 1, { 0 }, NULL },
	{ "no_blank_between.pgn", 3, { 0, 0, 0 }, "1. e4 1-0" },
	{ "blank_in_tags.pgn", 1, { 0 }, "1. e4 e5 0-1" },
	{ "comment_first.pgn", 1, { 0 },
	  "{Annotated by hand.} ; and a line comment 1. e4 {best by test} e5 *" },
	{ "no_moves.pgn", 3, { PGN_NO_RESULT, 0, PGN_NO_RESULT }, "" },
	{ "no_tags.pgn", 3, { 0, 0, 0 }, "1. e4 e5 2. Nf3 *" },
	{ "no_result.pgn", 2, { PGN_NO_RESULT, 0 }, "1. e4 e5 2. Nf3" },
	{ "comment_bracket.pgn", 2, { 0, 0 }, NULL },
	{ "unterminated_comment.pgn", 2,
	  { PGN_SYNTAX_ERROR | PGN_NO_RESULT, 0 }, "1. e4 {never closed\n2. d4 d5}" },
	{ "push.pgn", 1, { 0 },
	  "{Reader fixture: syntax only, the moves need not be legal.} "
	  "1. e4 e5 2. d4 e4(p) (2... exd4 3. Qxd4) 3. e5e4(p) *" },
	{ "dos_eof.pgn", 2, { 0, 0 },
	  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0" },
	/* Lines that end with a CR alone (old Mac files): a ';' comment
	 * ends there, an escape line is one, a tag line starts a game. */
	{ "cr.pgn", 3, { 0, PGN_NO_RESULT, 0 },
	  "1. e4 e5 ; old Mac line end 2. Nf3 {a comment\ron two lines} Nc6 "
	  "1-0" },
	{ "mixed_line_ends.pgn", 1, { 0 },
	  "1. e4 ; to the CR e5 {over\r\nlines\nand\rmore} 2. Nf3 *" },
};

static void test_fixtures(void **state)
{
	size_t i, k;
	(void)state;
	for (i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++) {
		const struct fixture *f = &fixtures[i];
		char path[256];
		struct games gs;
		snprintf(path, sizeof path, FIXTURES "%s", f->file);
		read_file_all_ways(path, &gs);
		if (gs.n != f->games)
			fail_msg("%s: %zu games, want %zu", f->file, gs.n,
				 f->games);
		for (k = 0; k < gs.n; k++)
			if (gs.flags[k] != f->flags[k])
				fail_msg("%s game %zu: flags %#x, want %#x",
					 f->file, k + 1, gs.flags[k],
					 f->flags[k]);
		if (f->dump0 && strcmp(gs.dump[0], f->dump0))
			fail_msg("%s: tree \"%s\", want \"%s\"", f->file,
				 gs.dump[0], f->dump0);
		games_free(&gs);
	}
}

static void test_no_result_starts_game(void **state)
{
	struct games gs;
	(void)state;
	read_str("[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n", &gs);
	assert_int_equal(gs.n, 2);
	assert_int_equal(gs.raw_len[0], 22);
	assert_int_equal(gs.flags[0], PGN_NO_RESULT);
	assert_null(gs.result[0]);
	assert_true(has_diag(&gs.diags, "g1 1:1 no-result game has no "
			     "termination marker"));
	assert_int_equal(gs.diags.n, 1);
	games_free(&gs);
}

static void test_resync_comment(void **state)
{
	struct games gs;
	(void)state;
	/* "[Event " ends the comment at once; another tag only after a
	 * blank line. */
	read_str("[Event \"a\"]\n\n1. e4 {oops\n[Event \"b\"]\n\n1. d4 *\n"
		 "[Event \"c\"]\n\n1. c4 {again\n[Site \"inside\"]\n\n"
		 "[Site \"d\"]\n1. Nf3 *\n", &gs);
	assert_int_equal(gs.n, 4);
	assert_string_equal(gs.dump[0], "1. e4 {oops}");
	assert_string_equal(gs.dump[1], "1. d4 *");
	assert_string_equal(gs.dump[2], "1. c4 {again\n[Site \"inside\"]}");
	assert_string_equal(gs.dump[3], "1. Nf3 *");
	assert_int_equal(gs.flags[0], PGN_SYNTAX_ERROR | PGN_NO_RESULT);
	assert_true(has_diag(&gs.diags, "g1 3:7 unterminated comment opened "
			     "here is not closed"));
	assert_true(has_diag(&gs.diags, "g3 9:7 unterminated"));
	/* No second diagnostic for the missing result. */
	assert_int_equal(gs.diags.n, 2);
	games_free(&gs);
}

static void test_unterminated_at_end(void **state)
{
	struct games gs;
	(void)state;
	read_str("1. e4 {open to the end", &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0], "1. e4 {open to the end}");
	assert_true(has_diag(&gs.diags, "1:7 unterminated"));
	games_free(&gs);
	read_str("1. e4 (1. d4 (1. c4 e5\n\n[Event \"x\"]\n1. Nf3 *", &gs);
	assert_int_equal(gs.n, 2);
	assert_string_equal(gs.dump[0], "1. e4 (1. d4 (1. c4 e5))");
	assert_true(has_diag(&gs.diags, "g1 1:7 unterminated variation opened "
			     "here is not closed"));
	assert_int_equal(gs.flags[0], PGN_SYNTAX_ERROR | PGN_NO_RESULT);
	games_free(&gs);
}

static void test_unbalanced_and_junk(void **state)
{
	struct games gs;
	(void)state;
	read_str("1. e4 ) e5 , 2. Nf3 }{c} \x01 [x] \"q\" Nc6 $ $99999 !!! *",
		 &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0], "1. e4 e5 2. Nf3 {c} Nc6 *");
	assert_true(has_diag(&gs.diags, "1:7 unbalanced ')' without '('"));
	assert_true(has_diag(&gs.diags, "1:12 syntax unexpected ',' in "
			     "movetext"));
	assert_true(has_diag(&gs.diags, "1:21 syntax unexpected '}'"));
	assert_true(has_diag(&gs.diags, "1:26 syntax unexpected byte 0x01"));
	assert_true(has_diag(&gs.diags, "1:28 syntax unexpected '['"));
	assert_true(has_diag(&gs.diags, "1:32 syntax unexpected '\"'"));
	assert_int_equal(gs.diags.errors, 9);
	assert_true(has_diag(&gs.diags, "1:40 syntax expected a number after "
			     "'$'"));
	assert_true(has_diag(&gs.diags, "1:42 syntax NAG number too large"));
	assert_true(has_diag(&gs.diags, "1:49 syntax unknown annotation "
			     "'!!!'"));
	assert_int_equal(gs.flags[0], PGN_SYNTAX_ERROR);
	games_free(&gs);
}

/* The last diagnostic of a game and how many came. */
struct last_diag {
	size_t n;
	struct diag last;
};

static void keep_last(void *ctx, const struct diag *d)
{
	struct last_diag *l = ctx;
	l->n++;
	l->last = *d;
}

/* The reader keeps DIAG_GAME_MAX diagnostics of a game; a closing note
 * counts the rest, standing where the first of them does.  The next game
 * starts with none left out. */
static void test_diag_cap(void **state)
{
	char input[4096];
	size_t n = (size_t)snprintf(input, sizeof input, "1. e4");
	for (int i = 0; i < DIAG_GAME_MAX + 50; i++)
		n += (size_t)snprintf(input + n, sizeof input - n, " \x01");
	snprintf(input + n, sizeof input - n, " *\n\n1. e4 \x01 *\n");
	struct pgn_reader *r = pgn_reader_from_memory("mem", input,
						      strlen(input), NULL);
	struct pgn_game g;
	struct last_diag l = { 0 };
	struct diag err;
	(void)state;
	pgn_game_init(&g);
	assert_int_equal(pgn_reader_next(r, &g, keep_last, &l, &err), 1);
	assert_int_equal(l.n, DIAG_GAME_MAX + 1);
	assert_true(diag_is_more(&l.last));
	assert_string_equal(l.last.message, "50 more diagnostics for this "
			    "game not shown");
	assert_int_equal(l.last.col, 6 + 2 * DIAG_GAME_MAX + 1);
	assert_true(g.flags & PGN_SYNTAX_ERROR);
	l.n = 0;
	assert_int_equal(pgn_reader_next(r, &g, keep_last, &l, &err), 1);
	assert_int_equal(l.n, 1);
	assert_false(diag_is_more(&l.last));
	pgn_game_release(&g);
	pgn_reader_close(r);
}

static void test_empty_inputs(void **state)
{
	struct games gs;
	(void)state;
	read_mem("", 0, &gs, NULL, false);
	assert_int_equal(gs.n, 0);
	/* Blanks alone (a BOM, CRLF, tabs) are as empty as nothing. */
	read_mem("\xef\xbb\xbf \r\n\t\n\n", 9, &gs, NULL, false);
	assert_int_equal(gs.n, 0);
	assert_int_equal(gs.diags.errors + gs.diags.warnings, 0);
	games_free(&gs);
	/* Input with no game but NULs in it is one game flagged as an
	 * error, which holds its bytes. */
	read_mem("\xef\xbb\xbf \n\0", 6, &gs, NULL, false);
	assert_int_equal(gs.n, 1);
	assert_int_equal(gs.flags[0], PGN_SYNTAX_ERROR | PGN_NO_RESULT |
					      PGN_HAS_NUL | PGN_NO_GAME);
	assert_true(has_diag(&gs.diags, "1:1 syntax no PGN game found"));
	games_free(&gs);
	read_mem("{just a comment}\n", 17, &gs, NULL, false);
	assert_int_equal(gs.n, 1);
	assert_int_equal(gs.flags[0], PGN_NO_RESULT);
	games_free(&gs);
	/* Comments after the last result belong to the last game. */
	read_str("1. e4 *\n{trailer}\n; and more\n", &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0], "1. e4 *");
	games_free(&gs);
	/* Comments before a tag section are not a game. */
	read_str("1. e4 *\n{intro}\n[Event \"x\"]\n1. d4 *", &gs);
	assert_int_equal(gs.n, 2);
	assert_string_equal(gs.dump[1], "1. d4 *");
	assert_int_equal(gs.flags[1], 0);
	games_free(&gs);
}

/* A DOS end-of-file mark (0x1a) with only blanks after it to the input's
 * end is blank: no game, no diagnostic, its bytes in the last game's raw
 * bytes (read_all checks the partition).  Anywhere else it is junk. */
static void test_dos_eof(void **state)
{
	static const struct {
		const char *in;
		size_t games;
		unsigned flags;		/* of the last game */
		const char *dump;	/* of the last game */
	} blank[] = {
		{ "1. e4 *\n\x1a", 1, 0, "1. e4 *" },
		{ "1. e4 *\r\n\x1a\r\n\n \t", 1, 0, "1. e4 *" },
		{ "1. e4 *\x1a", 1, 0, "1. e4 *" },
		{ "1. e4 * {after}\n\x1a\n", 1, 0, "1. e4 *" },
		{ "1. e4 e5\n\x1a", 1, PGN_NO_RESULT, "1. e4 e5" },
		{ "1. e4 (1. d4 {c}\x1a", 1, PGN_SYNTAX_ERROR | PGN_NO_RESULT,
		  "1. e4 (1. d4 {c})" },
		{ "[Event \"x\"]\n\n[Event \"y\"]\n\x1a\n", 2,
		  PGN_NO_RESULT, "" },
	};
	struct games gs;
	(void)state;
	for (size_t i = 0; i < sizeof blank / sizeof *blank; i++) {
		read_str(blank[i].in, &gs);
		if (gs.n != blank[i].games)
			fail_msg("case %zu: %zu games", i, gs.n);
		assert_int_equal(gs.flags[gs.n - 1], blank[i].flags);
		assert_string_equal(gs.dump[gs.n - 1], blank[i].dump);
		assert_int_equal(gs.diags.errors, i == 5 ? 1 : 0);
		games_free(&gs);
	}
	/* NULs are blanks (and warned about). */
	read_mem("1. e4 *\n\x1a\0\n", 11, &gs, NULL, false);
	assert_int_equal(gs.n, 1);
	assert_int_equal(gs.flags[0], PGN_HAS_NUL);
	assert_int_equal(gs.diags.errors, 0);
	games_free(&gs);
	/* Alone it is blank too: no game, as for blanks alone. */
	read_str("\x1a\n", &gs);
	assert_int_equal(gs.n, 0);
	assert_int_equal(gs.diags.errors, 0);
	games_free(&gs);
	/* Not the input's end: junk, as before. */
	read_str("1. e4 *\n\x1a\n[Event \"y\"]\n\n1. d4 *\n", &gs);
	assert_int_equal(gs.n, 2);
	assert_true(has_diag(&gs.diags, "g2 2:1 syntax unexpected byte 0x1a"));
	games_free(&gs);
	read_str("1. e4 \x1a e5 *\n", &gs);
	assert_true(has_diag(&gs.diags, "g1 1:7 syntax unexpected byte 0x1a"));
	games_free(&gs);
	read_str("1. e4 *\n\x1a\x1a\n", &gs);
	assert_int_equal(gs.n, 2);
	assert_true(has_diag(&gs.diags, "g2 2:1 syntax unexpected byte 0x1a"));
	games_free(&gs);
}

/* Byte order marks in a row opening a line (each file of a join saved
 * with one, some tool adding another): each opens the line again, as
 * where the input starts, after the last marker and before a tag line
 * alike.  After the marker, a second one had started a game of marks
 * alone, no game, and its bytes were lost (read_all checks them); before
 * a tag line of a game without result, it had made that line junk. */
static void test_bom_repeated(void **state)
{
	struct games gs;
	(void)state;
	read_str("\xef\xbb\xbf\xef\xbb\xbf\n\xef\xbb\xbf\xef\xbb\xbf", &gs);
	assert_int_equal(gs.n, 0);
	games_free(&gs);
	read_str("1. e4 *\n\xef\xbb\xbf\xef\xbb\xbf", &gs);
	assert_int_equal(gs.n, 1);
	assert_string_equal(gs.dump[0], "1. e4 *");
	games_free(&gs);
	read_str("1. e4 *\r\n\xef\xbb\xbf\xef\xbb\xbf\xef\xbb\xbf\r\n", &gs);
	assert_int_equal(gs.n, 1);
	assert_int_equal(gs.diags.errors + gs.diags.warnings, 0);
	games_free(&gs);
	read_str("[Event \"a\"]\n\n1. e4\n\xef\xbb\xbf\xef\xbb\xbf[Event \"b\"]"
		 "\n\n1. d4 *\n", &gs);
	assert_int_equal(gs.n, 2);
	assert_int_equal(gs.flags[0], PGN_NO_RESULT);
	assert_string_equal(gs.dump[0], "1. e4");
	assert_int_equal(gs.flags[1], 0);
	assert_string_equal(gs.dump[1], "1. d4 *");
	assert_int_equal(gs.diags.errors, 0);
	games_free(&gs);
	/* Not opening a line, a mark is text: a game of its own. */
	read_str("1. e4 *\n \xef\xbb\xbf", &gs);
	assert_int_equal(gs.n, 2);
	assert_int_equal(gs.flags[1], PGN_NO_RESULT);
	games_free(&gs);
}

static void test_result_glued_to_tag(void **state)
{
	struct games gs;
	(void)state;
	read_str("[Result \"1-0\"] e4 *\n[Result \"0-1\"] e4 0-1\n"
		 "{c} *[Event \"x\"]\n1. d4 *", &gs);
	assert_int_equal(gs.n, 4);
	assert_string_equal(gs.dump[2], "{c} *");
	assert_string_equal(gs.dump[3], "1. d4 *");
	games_free(&gs);
}

/* ----------------------------------------------------------- limits */

static char *nested(size_t depth, bool close)
{
	struct buf b = { 0 };
	size_t i;

	buf_add(&b, "1. e4 ", 6);
	for (i = 0; i < depth; i++)
		buf_add(&b, "( 1. d4 ", 8);
	if (close)
		for (i = 0; i < depth; i++)
			buf_add(&b, ")", 1);
	buf_add(&b, " e5 *\n", 6);
	return b.s;
}

static size_t tree_depth(const struct pgn_line *l)
{
	size_t d = 0;

	/* Iterative: the last variation of each line nests the next. */
	while (l) {
		const struct pgn_item *it;
		const struct pgn_line *next = NULL;
		for (it = l->first; it; it = it->next)
			if (it->kind == PI_VARIATION)
				next = it->variation;
		if (next)
			d++;
		l = next;
	}
	return d;
}

static void test_depth_limit(void **state)
{
	struct pgn_reader *r;
	struct diags d = { 0 };
	struct pgn_game *g;
	char *s = nested(10000, true);
	struct games gs;
	(void)state;
	g = first_game(s, &r, &d);
	assert_int_equal(tree_depth(&g->moves), 256);
	assert_string_equal(g->result, "*");
	assert_true(has_diag(&d, "1:2055 limit variations nested deeper "
			     "than 256"));
	assert_int_equal(d.n, 1);
	assert_int_equal(g->flags, PGN_SYNTAX_ERROR);
	pgn_game_release(g);
	pgn_reader_close(r);
	free(s);

	s = nested(10000, false);
	read_str(s, &gs);
	assert_int_equal(gs.n, 1);
	assert_true(has_diag(&gs.diags, "limit"));
	assert_true(has_diag(&gs.diags, "1:7 unterminated variation"));
	assert_int_equal(gs.flags[0], PGN_SYNTAX_ERROR | PGN_NO_RESULT);
	games_free(&gs);
	free(s);
}

static char *big_game(size_t moves, size_t *len)
{
	struct buf b = { 0 };
	size_t i;

	buf_addf(&b, "[Event \"big\"]\n[White \"W\"]\n\n");
	for (i = 0; i < moves; i++)
		buf_addf(&b, "1. e4 e5 ");
	buf_addf(&b, "*\n\n[Event \"small\"]\n\n1. d4 *\n");
	*len = b.len;
	return b.s;
}

/* Over the limit but its end in sight: whole raw bytes, no tree. */
static void test_over_limit(void **state)
{
	struct pgn_reader_opts opts = { .max_game_bytes = 200 };
	struct games gs;
	size_t len;
	char *s = big_game(100, &len);
	(void)state;
	read_mem(s, len, &gs, &opts, false);
	assert_int_equal(gs.n, 2);
	assert_int_equal(gs.flags[0], PGN_TOO_LARGE | PGN_SYNTAX_ERROR);
	assert_int_equal(gs.raw_len[0], len - 25);
	assert_string_equal(gs.dump[0], "");
	assert_true(has_diag(&gs.diags, "g1 1:1 limit game larger than 200 "
			     "bytes: only its tags are read"));
	assert_int_equal(gs.diags.n, 1);
	assert_string_equal(gs.dump[1], "1. d4 *");
	games_free(&gs);
	free(s);
}

/* Far over the limit: the first bytes, then the rest skipped up to the
 * next game. */
static void test_too_large(void **state)
{
	struct pgn_reader_opts opts = { .max_game_bytes = 200 };
	struct games gs;
	size_t len;
	char *s = big_game(10000, &len);
	(void)state;
	read_all(pgn_reader_from_memory("mem", s, len, &opts), NULL, 0, &gs,
		 false);
	assert_int_equal(gs.n, 2);
	assert_int_equal(gs.flags[0],
			 PGN_TOO_LARGE | PGN_SYNTAX_ERROR | PGN_RAW_CUT);
	assert_int_equal(gs.raw_len[0], 200);
	assert_string_equal(gs.dump[0], "");
	assert_true(has_diag(&gs.diags, "g1 1:1 limit game larger than 200 "
			     "bytes: only its tags are read"));
	assert_string_equal(gs.dump[1], "1. d4 *");
	assert_int_equal(gs.raw_len[1], 25);
	games_free(&gs);
	free(s);
}

/* The diagnostics of a reading: how many, a hash of them all, the last
 * one as text. */
struct diag_trace {
	size_t n;
	uint64_t hash;
	char last[300];
};

static void trace(void *ctx, const struct diag *d)
{
	struct diag_trace *t = ctx;
	snprintf(t->last, sizeof t->last, "g%llu %u:%u %s",
		 (unsigned long long)d->game, (unsigned)d->line,
		 (unsigned)d->col, d->message);
	for (const char *p = t->last; *p; p++)
		t->hash = t->hash * 31 + (unsigned char)*p;
	t->n++;
}

static void read_trace(struct pgn_reader *r, struct diag_trace *t)
{
	struct pgn_game g;
	struct diag err;
	memset(t, 0, sizeof *t);
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, trace, t, &err) == 1)
		;
	pgn_game_release(&g);
	pgn_reader_close(r);
}

/* A game over the limit is cut at max_game_bytes, wherever that falls:
 * also between the CR and the LF of a CRLF, which stay one line end.
 * The games after it start on the lines they start on in the same input
 * with LFs, for every limit. */
static void test_too_large_crlf(void **state)
{
	struct buf lf = { 0 }, crlf = { 0 };
	(void)state;
	buf_addf(&lf, "[Event \"long\"]\n\n1. e4");
	buf_addf(&crlf, "[Event \"long\"]\r\n\r\n1. e4");
	for (int i = 0; i < 1500; i++) {	/* past the slack */
		buf_addf(&lf, " e5\n");
		buf_addf(&crlf, " e5\r\n");
	}
	buf_addf(&lf, "*\n\n[Event \"after\"]\n\n1. d4 ) *\n");
	buf_addf(&crlf, "*\r\n\r\n[Event \"after\"]\r\n\r\n1. d4 ) *\r\n");
	for (size_t max = 60; max < 90; max++) {
		struct pgn_reader_opts o = { .max_game_bytes = max };
		struct diag_trace a, b;
		read_trace(pgn_reader_from_memory("m", lf.s, lf.len, &o), &a);
		read_trace(pgn_reader_from_memory("m", crlf.s, crlf.len, &o),
			   &b);
		assert_string_equal(a.last, "g2 1507:7 ')' without '('");
		assert_string_equal(b.last, a.last);
	}
	free(lf.s);
	free(crlf.s);
}

/* ----------------------------------------------- refills, big inputs */

/* Games of many sizes in a temporary file of several read blocks, and one
 * game bigger than a block: the file reader (which refills and retries)
 * must give exactly what the memory reader gives. */
static void test_refill(void **state)
{
	char path[TEMP_PATH_SIZE];
	struct buf b = { 0 };
	struct games file_gs, mem_gs;
	struct diag err;
	size_t i, k;
	(void)state;
	buf_add(&b, "", 0);
	for (i = 0; i < 12000; i++) {
		buf_addf(&b, "[Event \"g%zu\"]\r\n[Site \"s\"]\r\n\r\n", i);
		for (k = 0; k < i % 97; k++)
			buf_addf(&b, "%zu. e4 {c%zu} e5 (%zu... c5) ", k + 1,
				 k, k + 1);
		if (i == 6000) {
			buf_add(&b, "{", 1);
			for (k = 0; k < 300000; k++)
				buf_add(&b, "long comment ", 13);
			buf_add(&b, "}", 1);
		}
		buf_add(&b, i % 5 ? "1-0\r\n\r\n" : "*\n", i % 5 ? 7 : 2);
	}
	write_temp_file(path, b.s, b.len);
	read_all(pgn_reader_open(path, NULL, &err), b.s, b.len, &file_gs,
		 true);
	read_mem(b.s, b.len, &mem_gs, NULL, true);
	assert_int_equal(file_gs.n, 12000);
	assert_int_equal(mem_gs.n, 12000);
	for (i = 0; i < 64; i++)
		assert_string_equal(file_gs.dump[i], mem_gs.dump[i]);
	assert_int_equal(file_gs.diags.n, 0);
	games_free(&file_gs);
	games_free(&mem_gs);
	unlink(path);
	free(b.s);
}

/* The rest of a too-large game skipped through lines of megabytes (the
 * file reader keeps only their tails, and whether what it dropped was
 * blank): it stops where the memory reader, which holds them whole,
 * stops.  A tag line after a long line of spaces starts a game (that line
 * is blank); after a long line with one letter in it, or a long line of
 * letters, it does not, and only the [Event line after it does. */
static void test_skip_long_lines(void **state)
{
	static const char *const fills[] = { " ", "x", "x " };
	(void)state;
	for (int f = 0; f < 3; f++) {
		struct buf b = { 0 };
		buf_addf(&b, "[Event \"long\"]\n\n1. e4 {");
		for (int i = 0; i < 500; i++)	/* over the limit */
			buf_add(&b, "cc", 2);
		buf_addf(&b, "\n");
		/* 3 MiB: three read blocks; "x " puts its one letter first */
		for (size_t k = 0; k < ((size_t)3 << 20); k++)
			buf_add(&b, f == 2 && k ? " " : fills[f], 1);
		buf_addf(&b, "\n[Site \"a\"]\n\n1. d4 ) *\n\n"
			     "[Event \"b\"]\n\n1. c4 ) ) *\n");
		struct pgn_reader_opts o = { .max_game_bytes = 200 };
		char path[TEMP_PATH_SIZE];
		struct diag_trace file, mem;
		struct diag err;
		write_temp_file(path, b.s, b.len);
		read_trace(pgn_reader_open(path, &o, &err), &file);
		read_trace(pgn_reader_from_memory("m", b.s, b.len, &o), &mem);
		/* The last game's second ')': the third game when the [Site
		 * line started the second, else the second. */
		assert_string_equal(mem.last, f == 0 ? "g3 11:9 ')' without '('"
						     : "g2 11:9 ')' without '('");
		assert_string_equal(file.last, mem.last);
		assert_int_equal(file.n, mem.n);
		assert_true(file.hash == mem.hash);
		unlink(path);
		free(b.s);
	}
}

/* The rest of a cut game (PGN_RAW_CUT), given to opts.skipped: each
 * game's raw bytes and then the rest the reader skipped after it add up
 * to the input, with the file reader (the rest over several read blocks,
 * through lines of megabytes of which it keeps only the tails) and the
 * memory reader alike; a rest follows a cut game, and only a cut game,
 * and its end is said once, after its last bytes. */
struct cut_trace {
	struct buf bytes;	/* raw bytes and rests, in order */
	unsigned last_flags;	/* of the last game returned */
	size_t rests;		/* calls to skipped with bytes */
	size_t ends;		/* and without */
};

static void cut_skipped(void *ctx, const char *bytes, size_t len)
{
	struct cut_trace *t = ctx;
	assert_true(t->last_flags & PGN_RAW_CUT);
	assert_int_equal(t->ends, 0);
	if (!len) {
		assert_null(bytes);
		assert_true(t->rests > 0);
		t->ends++;
		return;
	}
	buf_add(&t->bytes, bytes, len);
	t->rests++;
}

static void read_cut(struct pgn_reader *r, struct cut_trace *t)
{
	struct pgn_game g;
	struct diag err;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, NULL, NULL, &err) == 1) {
		t->last_flags = g.flags;
		assert_true(!(g.flags & PGN_RAW_CUT) ||
			    (g.flags & PGN_TOO_LARGE));
		buf_add(&t->bytes, g.raw, g.raw_len);
	}
	pgn_game_release(&g);
	pgn_reader_close(r);
}

static void test_cut_rest(void **state)
{
	(void)state;
	for (int f = 0; f < 3; f++) {
		struct buf b = { 0 };
		buf_addf(&b, "[Event \"before\"]\n\n1. e4 *\n\n"
			     "[Event \"long\"]\n\n1. e4 {");
		for (int i = 0; i < 500; i++)	/* over the limit */
			buf_add(&b, "cc", 2);
		buf_addf(&b, "\n");
		/* 3 MiB in one line, or in lines of 80 bytes */
		for (size_t k = 0; k < ((size_t)3 << 20); k++)
			buf_add(&b, f == 1 && k % 80 == 79 ? "\n" : "x", 1);
		/* The last: the cut game ends the input. */
		if (f < 2)
			buf_addf(&b, "}\n\n[Event \"after\"]\n\n1. d4 *\n");
		else
			buf_addf(&b, "} e5 *\n\n");
		struct cut_trace file = { 0 }, mem = { 0 };
		struct pgn_reader_opts o = { .max_game_bytes = 200,
					     .skipped = cut_skipped,
					     .skipped_ctx = &file };
		char path[TEMP_PATH_SIZE];
		struct diag err;
		buf_add(&file.bytes, "", 0);
		buf_add(&mem.bytes, "", 0);
		write_temp_file(path, b.s, b.len);
		read_cut(pgn_reader_open(path, &o, &err), &file);
		o.skipped_ctx = &mem;
		read_cut(pgn_reader_from_memory("m", b.s, b.len, &o), &mem);
		assert_int_equal(file.bytes.len, b.len);
		assert_memory_equal(file.bytes.s, b.s, b.len);
		assert_int_equal(mem.bytes.len, b.len);
		assert_memory_equal(mem.bytes.s, b.s, b.len);
		/* Memory holds it whole: one call; a file, one a block. */
		assert_int_equal(mem.rests, 1);
		assert_true(file.rests >= 3);
		assert_int_equal(mem.ends, 1);
		assert_int_equal(file.ends, 1);
		unlink(path);
		free(b.s);
		free(file.bytes.s);
		free(mem.bytes.s);
	}
}

/* A CR last in the file reader's first read (1 MiB, reader.c's block),
 * before an LF (a CRLF split by the read) or alone: the reader waits for
 * the byte after it, and numbers the lines as the memory reader does,
 * which has that byte; so does the tags-only scan (the CR ends plain
 * movetext).  Every game before takes four lines, so the ')' after the
 * CR is at line 4 * games + 4, column 1. */
static void test_cr_at_block_end(void **state)
{
	static const char game[] = "[Event \"g\"]\r\r1. e4 ) *\r\r";
	static const size_t block = (size_t)1 << 20;
	static const char *const after[] = { "\n", "" };
	(void)state;
	for (int a = 0; a < 2; a++) {
		struct buf b = { 0 };
		size_t games = 0;
		buf_add(&b, "", 0);
		for (; b.len + 2 * (sizeof game - 1) < block; games++)
			buf_add(&b, game, sizeof game - 1);
		buf_addf(&b, "[Event \"pad\"]\r\r1. e4");
		while (b.len < block - 3)
			buf_add(&b, " a", 2);
		buf_add(&b, " a", block - 1 - b.len);
		buf_add(&b, "\r", 1);
		assert_int_equal(b.len, block);
		buf_add(&b, after[a], strlen(after[a]));
		buf_add(&b, ") *\r", 4);
		char path[TEMP_PATH_SIZE];
		write_temp_file(path, b.s, b.len);
		char want[64];
		snprintf(want, sizeof want, "g%zu %zu:1 ')' without '('",
			 games + 1, 4 * games + 4);
		for (int tags = 0; tags < 2; tags++) {
			struct pgn_reader_opts o = { .tags_only = tags };
			struct diag_trace file, mem;
			struct diag err;
			read_trace(pgn_reader_open(path, &o, &err), &file);
			read_trace(pgn_reader_from_memory("m", b.s, b.len, &o),
				   &mem);
			assert_string_equal(file.last, want);
			assert_string_equal(mem.last, want);
			assert_int_equal(file.n, mem.n);
			assert_true(file.hash == mem.hash);
		}
		unlink(path);
		free(b.s);
	}
}

/* Every prefix of every fixture, each in a buffer of its exact size (so
 * that a sanitizer sees any read past the end): the partition holds and
 * nothing breaks, whatever the cut. */
static void test_prefixes(void **state)
{
	size_t i, cut;
	(void)state;
	for (i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++) {
		char path[256];
		size_t len;
		char *input;
		snprintf(path, sizeof path, FIXTURES "%s", fixtures[i].file);
		input = slurp(path, &len);
		assert_non_null(input);
		for (cut = 1; cut <= len; cut++) {
			char *part = malloc(cut);
			struct games gs;
			memcpy(part, input, cut);
			/* A BOM alone makes no game, and no game holds it. */
			read_all(pgn_reader_from_memory("mem", part, cut, NULL),
				 cut == 3 && part[0] == '\xef' ? NULL : part,
				 cut, &gs, false);
			games_free(&gs);
			free(part);
		}
		free(input);
	}
}

static void test_open_error(void **state)
{
	struct diag err;
	(void)state;
	assert_null(pgn_reader_open("/nonexistent/x.pgn", NULL, &err));
	assert_int_equal(err.code, DC_IO);
	assert_string_equal(err.message, "could not open '/nonexistent/x.pgn': "
			    "No such file or directory");
}

/* ------------------------------------------------------- shared data */

/* Files whose games legitimately lack an [Event] line. */
static const struct {
	const char *suffix;
	size_t games;
} no_event[] = {
	{ "no_moves_but_comment_followed_by_termination_marker.pgn", 2 },
	{ "no_moves_but_game_termination_multiple_2.pgn", 3 },
	{ "threefold_repetition.pgn", 1 },
	{ "nested-comment.pgn", 1 },	/* tagless */
	{ "test-fuzzydepth.pgn", 4 },	/* tagless */
	{ "test-nagcomments.pgn", 1 },	/* tagless */
	{ "test-nobadresults.pgn", 9 },	/* a Result tag only */
	{ "test-promotion-in.pgn", 8 },	/* FEN and SetUp only */
	{ "antichess-programfox.pgn", 2 },	/* a Variant tag only */
};

/* Lines starting with "[Event " (after a BOM on the first line). */
static size_t count_events(const char *s, size_t len)
{
	size_t n = 0, i = 0;

	if (len >= 3 && !memcmp(s, "\xef\xbb\xbf", 3))
		i = 3;
	for (; i < len; i++) {
		if ((i == 0 || s[i - 1] == '\n' || (i == 3 && s[0] == '\xef')) &&
		    len - i >= 7 && !memcmp(s + i, "[Event ", 7))
			n++;
	}
	return n;
}

static size_t expected_games(const char *path, const char *s, size_t len)
{
	size_t i, n = strlen(path);

	for (i = 0; i < sizeof no_event / sizeof no_event[0]; i++) {
		size_t k = strlen(no_event[i].suffix);
		if (n >= k && !strcmp(path + n - k, no_event[i].suffix))
			return no_event[i].games;
	}
	return count_events(s, len);
}

static size_t check_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t files = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		struct stat st;
		size_t n = strlen(e->d_name), len;
		char *input;
		struct games gs;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			files += check_tree(path);
			continue;
		}
		if (n < 4 || strcmp(e->d_name + n - 4, ".pgn"))
			continue;
		read_file_all_ways(path, &gs);
		input = slurp(path, &len);
		if (gs.n != expected_games(path, input, len))
			fail_msg("%s: %zu games, want %zu", path, gs.n,
				 expected_games(path, input, len));
		free(input);
		games_free(&gs);
		files++;
	}
	closedir(d);
	return files;
}

static void test_shared_data(void **state)
{
	struct stat st;
	(void)state;
	if (stat(SHARED_DATA, &st) < 0) {
		skip();
		return;
	}
	assert_true(check_tree(SHARED_DATA) >= 90);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_outside_items),
		cmocka_unit_test(test_tag_errors),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_numbers_glued),
		cmocka_unit_test(test_periods_before_move),
		cmocka_unit_test(test_push_marker),
		cmocka_unit_test(test_ep_glued),
		cmocka_unit_test(test_comments),
		cmocka_unit_test(test_locations),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_line_end_pairs),
		cmocka_unit_test(test_cr_lines),
		cmocka_unit_test(test_line_end_rule),
		cmocka_unit_test(test_variation_locations),
		cmocka_unit_test(test_suffix_nag),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_no_result_starts_game),
		cmocka_unit_test(test_resync_comment),
		cmocka_unit_test(test_unterminated_at_end),
		cmocka_unit_test(test_unbalanced_and_junk),
		cmocka_unit_test(test_diag_cap),
		cmocka_unit_test(test_empty_inputs),
		cmocka_unit_test(test_dos_eof),
		cmocka_unit_test(test_bom_repeated),
		cmocka_unit_test(test_result_glued_to_tag),
		cmocka_unit_test(test_depth_limit),
		cmocka_unit_test(test_over_limit),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_too_large_crlf),
		cmocka_unit_test(test_refill),
		cmocka_unit_test(test_skip_long_lines),
		cmocka_unit_test(test_cut_rest),
		cmocka_unit_test(test_cr_at_block_end),
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_open_error),
		cmocka_unit_test(test_shared_data),
	};
	return cmocka_run_group_tests_name("reader", tests, NULL, NULL);
}
