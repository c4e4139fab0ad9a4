/* pgn_read_line(): lines by the rule of pgn_line_end() (LF, CRLF, a CR
 * alone, a last line without a line end), whatever stdio's buffer holds.
 * Every text is read through a file with every buffer size from one byte
 * on, so that each line end, the CR of a CRLF and a lone CR before its
 * next byte fall on a buffer boundary; random texts of those bytes are
 * compared with a splitter written from the rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../libparse/pgn.h"

#define MAX_LINES 64

/* The lines of s[0, len) by the rule, each a length and an offset. */
static size_t reference(const char *s, size_t len, size_t off[],
			size_t n[])
{
	size_t count = 0, i = 0;
	while (i < len) {
		size_t start = i;
		while (i < len && s[i] != '\n' && s[i] != '\r')
			i++;
		off[count] = start;
		n[count++] = i - start;
		if (i < len && s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')
			i++;	/* a CRLF: one line end */
		if (i < len)
			i++;
	}
	return count;
}

/* A file holding s[0, len), read back with a buffer of size bytes
 * (0: unbuffered). */
static FILE *file_of(const char *s, size_t len, size_t size)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	assert_int_equal(fwrite(s, 1, len, f), len);
	rewind(f);
	assert_int_equal(setvbuf(f, NULL, size ? _IOFBF : _IONBF, size), 0);
	return f;
}

/* Reads s back with every buffer size up to len + 1 (and none), the line
 * buffer kept from one reading to the next, and checks each line. */
static void check_text(const char *s, size_t len)
{
	size_t off[MAX_LINES], n[MAX_LINES];
	size_t count = reference(s, len, off, n), cap = 0;
	char *line = NULL;
	assert_true(count <= MAX_LINES);
	for (size_t size = 0; size <= len + 1; size++) {
		FILE *f = file_of(s, len, size);
		for (size_t i = 0; i < count; i++) {
			ssize_t got = pgn_read_line(&line, &cap, f);
			if (got != (ssize_t)n[i] || memcmp(line, s + off[i], n[i]) ||
			    line[n[i]] != 0)
				fail_msg("buffer %zu, line %zu: got %zd bytes, "
					 "want %zu", size, i + 1, got, n[i]);
		}
		assert_int_equal(pgn_read_line(&line, &cap, f), -1);
		assert_false(ferror(f));
		assert_int_equal(pgn_read_line(&line, &cap, f), -1);
		fclose(f);
	}
	free(line);
}

#define CHECK(lit) check_text(lit, sizeof lit - 1)

static void test_line_ends(void **state)
{
	(void)state;
	CHECK("");
	CHECK("\n");
	CHECK("\r");
	CHECK("\r\n");
	CHECK("\n\r");			/* two empty lines */
	CHECK("abc");			/* no line end */
	CHECK("abc\n");
	CHECK("abc\r\n");
	CHECK("abc\r");			/* a CR last: ends the line */
	CHECK("one\ntwo\nthree");
	CHECK("one\r\ntwo\r\nthree\r\n");
	CHECK("one\rtwo\rthree\r");
	CHECK("a\rb\r\nc\n\rd\r\r\ne");	/* all three, mixed */
	CHECK("\r\r\n\n\r\n\r\r");
	CHECK("tab\tand \x01 control\x7f bytes\xc3\xa9\n");
	CHECK("a NUL \0 inside\r\nthe line\0\r");
}

/* The rule against a splitter, on texts of a, CR, LF and NUL. */
static void test_random_texts(void **state)
{
	static const char bytes[] = { 'a', 'b', '\r', '\n', '\0', '\r' };
	unsigned seed = 12345;
	(void)state;
	for (int t = 0; t < 300; t++) {
		char s[40];
		seed = seed * 1103515245u + 12345u;
		size_t len = (seed >> 16) % sizeof s;
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			s[i] = bytes[(seed >> 16) % sizeof bytes];
		}
		check_text(s, len);
	}
}

/* Lines longer than stdio's buffer and than the line buffer, which grows
 * from a small one the caller passes; and from NULL. */
static void test_long_lines(void **state)
{
	size_t len = 3 * 100000 + 3;
	char *s = malloc(len), *line = malloc(4);
	size_t cap = 4;
	(void)state;
	assert_non_null(s);
	assert_non_null(line);
	memset(s, 'x', len);
	s[99999] = '\r';	/* "x...x\r" */
	s[200000] = '\r';	/* "x...x\r\n" */
	s[200001] = '\n';
	s[len - 1] = '\n';
	FILE *f = file_of(s, len, BUFSIZ);
	assert_int_equal(pgn_read_line(&line, &cap, f), 99999);
	assert_int_equal(pgn_read_line(&line, &cap, f), 100000);
	assert_int_equal(pgn_read_line(&line, &cap, f), len - 200003);
	assert_true(cap > len - 200003);
	assert_int_equal(line[len - 200003], 0);
	assert_int_equal(pgn_read_line(&line, &cap, f), -1);
	fclose(f);
	free(line);
	line = NULL;
	cap = 0;
	f = file_of(s, len, 0);
	assert_int_equal(pgn_read_line(&line, &cap, f), 99999);
	fclose(f);
	free(line);
	free(s);
}

/* A byte the caller pushed back with ungetc() is read first, and the
 * stream goes on after it where it was. */
static void test_after_ungetc(void **state)
{
	static const char text[] = "first\nsecond\r\nthird";
	char *line = NULL;
	size_t cap = 0;
	(void)state;
	for (size_t size = 0; size < 8; size++) {
		FILE *f = file_of(text, sizeof text - 1, size);
		assert_int_equal(pgn_read_line(&line, &cap, f), 5);
		assert_int_equal(ungetc('>', f), '>');
		assert_int_equal(pgn_read_line(&line, &cap, f), 7);
		assert_string_equal(line, ">second");
		assert_int_equal(ungetc('\r', f), '\r');
		assert_int_equal(pgn_read_line(&line, &cap, f), 0);
		assert_int_equal(pgn_read_line(&line, &cap, f), 5);
		assert_string_equal(line, "third");
		fclose(f);
	}
	free(line);
}

/* With a limit: a longer line keeps its first max bytes and says it was
 * cut, its line end (LF, CRLF, a CR alone, the input's end) is found as
 * without one, and the next line is whole; the buffer stays small. */
static void test_limit(void **state)
{
	static const char text[] = "abcdefgh\nabc\r\nabcdefghij\rabcd\r\nxyz"
				   "\nabcdefg";
	static const struct {
		ssize_t len;
		bool cut;
		const char *line;
	} want[] = {
		{ 4, true, "abcd" }, { 3, false, "abc" }, { 4, true, "abcd" },
		{ 4, false, "abcd" }, { 3, false, "xyz" }, { 4, true, "abcd" },
	};
	(void)state;
	for (size_t size = 0; size < 8; size++) {
		FILE *f = file_of(text, sizeof text - 1, size);
		char *line = NULL;
		size_t cap = 0;
		bool cut;
		for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
			assert_int_equal(pgn_read_line_max(&line, &cap, f, 4,
							   &cut),
					 want[i].len);
			assert_int_equal(cut, want[i].cut);
			assert_string_equal(line, want[i].line);
		}
		assert_int_equal(pgn_read_line_max(&line, &cap, f, 4, &cut), -1);
		assert_false(cut);
		assert_true(cap <= 128);
		fclose(f);
		free(line);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_random_texts),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_after_ungetc),
		cmocka_unit_test(test_limit),
	};
	return cmocka_run_group_tests_name("read_line", tests, NULL, NULL);
}
