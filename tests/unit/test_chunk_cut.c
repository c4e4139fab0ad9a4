/* pgn_find_cut(): where --jobs cuts an input.  Before "[Event " lines; in
 * files without them, before a tag line after a blank line, whichever of
 * LF, CRLF and a CR alone end the two lines; never before a tag line
 * with no blank line before it, nor before a line not whole yet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn_chunk.h"

/* The cut in s searched from from, and the end of its line (0 if none). */
static size_t cut_in(const char *s, size_t from, size_t *line_end)
{
	*line_end = 0;
	return pgn_find_cut(s, strlen(s), from, line_end);
}

/* A game's last line, a blank line and a tag line, each line end an LF,
 * a CRLF or a CR: cut at '['.  But for a CR and then an LF: that is one
 * CRLF, no blank line, and the tag line after it no cut. */
static void test_blank_line_any_line_end(void **state)
{
	static const char *const ends[] = { "\n", "\r\n", "\r" };
	(void)state;
	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 3; j++) {
			char s[64];
			size_t line_end;
			int at = snprintf(s, sizeof s, "1. e4 *%s%s", ends[i],
					  ends[j]);
			snprintf(s + at, sizeof s - (size_t)at,
				 "[Site \"x\"]%s[White \"w\"]", ends[j]);
			size_t cut = cut_in(s, 1, &line_end);
			size_t want = i == 2 && j == 0 ? 0 : (size_t)at;
			if (cut != want)
				fail_msg("line ends %zu, %zu: cut %zu, want %zu",
					 i, j, cut, want);
			if (want)
				assert_int_equal(line_end,
						 want + 10 + strlen(ends[j]));
		}
}

/* A tag line after a line that is not blank is no cut, whatever ends the
 * line before it; the search goes on to one after a blank line. */
static void test_not_after_a_blank_line(void **state)
{
	static const char *const texts[] = {
		"1. e4 *\n[Site \"x\"]\n",
		"1. e4 *\r\n[Site \"x\"]\r\n",
		"1. e4 *\r[Site \"x\"]\r",
		"[Site \"x\"]\r\n[Date \"y\"]\r\n[White \"w\"]\r\n\r\n",
		/* a line of blanks is not a blank line */
		"1. e4 *\n \n[Site \"x\"]\n",
		"1. e4 *\r\n\t\r\n[Site \"x\"]\r\n",
	};
	size_t line_end;
	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		if (cut_in(texts[i], 1, &line_end) != 0)
			fail_msg("text %zu: a cut", i);
	const char *s = "[Site \"a\"]\r\n[Date \"b\"]\r\n\r\n1. e4 *\r\n\r\n"
			"[Site \"c\"]\r\n[Date \"d\"]\r\n";
	assert_int_equal(cut_in(s, 1, &line_end),
			 strstr(s, "[Site \"c\"]") - s);
}

/* Mixed files: the line before the blank one ends otherwise than it.  A
 * CR before a CRLF ends a line of its own (no LF follows it). */
static void test_mixed_line_ends(void **state)
{
	static const char *const texts[] = {
		"*\n\r\n[S]\n.",	/* LF, then a blank CRLF line */
		"*\r\n\n[S]\n.",	/* CRLF, then a blank LF line */
		"*\n\r[S]\n.",		/* LF, then a blank CR line */
		"*\r\n\r[S]\n.",	/* CRLF, then a blank CR line */
		"*\r\r\n[S]\n.",	/* CR, then a blank CRLF line */
		"*\r\n\r\n\r\n[S]\n.",	/* two blank lines */
	};
	size_t line_end;
	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		size_t want = (size_t)(strchr(texts[i], '[') - texts[i]);
		size_t cut = cut_in(texts[i], 1, &line_end);
		if (cut != want)
			fail_msg("text %zu: cut %zu, want %zu", i, cut, want);
		assert_int_equal(line_end, want + 4);
	}
}

/* "[Event " lines come first, anywhere in the buffer; the cut is at or
 * after from; its line must be whole, its end before the last byte. */
static void test_event_from_and_whole_lines(void **state)
{
	const char *s = "*\n\n[Site \"a\"]\n*\n[Event \"b\"]\n*\n";
	size_t line_end;
	(void)state;
	assert_int_equal(cut_in(s, 1, &line_end), strstr(s, "[Event") - s);
	s = "*\r\n\r\n[Site \"a\"]\r\n*\r\n\r\n[Site \"b\"]\r\n*";
	size_t second = (size_t)(strstr(s, "[Site \"b\"]") - s);
	assert_int_equal(cut_in(s, 6, &line_end), second);
	assert_int_equal(cut_in(s, second + 1, &line_end), 0);
	/* Not whole: no line end yet, or only the last byte (a CR there
	 * may be a CRLF's, the LF of a CRLF is after the line's CR). */
	assert_int_equal(cut_in("*\r\n\r\n[Site \"a\"]", 1, &line_end), 0);
	assert_int_equal(cut_in("*\r\r[Site \"a\"]\r", 1, &line_end), 0);
	assert_int_equal(cut_in("*\r\n\r\n[Site \"a\"]\r\n", 1, &line_end),
			 0);
	assert_int_equal(cut_in("*\r\r[Site \"a\"]\rx", 1, &line_end), 3);
	assert_int_equal(line_end, 14);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blank_line_any_line_end),
		cmocka_unit_test(test_not_after_a_blank_line),
		cmocka_unit_test(test_mixed_line_ends),
		cmocka_unit_test(test_event_from_and_whole_lines),
	};
	return cmocka_run_group_tests_name("chunk_cut", tests, NULL, NULL);
}
