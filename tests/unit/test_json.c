/* JSON output (formats/json_write.c) and the strict reader of --from json
 * (libparse/json_read.c): the schema on small games, Latin-1 bytes (and
 * libparse/utf8.c's UTF-8 of them), every error
 * with its line and column, and PGN -> JSON -> PGN over the fixtures and
 * ../shared/data. */
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

#include "../../formats/formats.h"
#include "../../libparse/json_games.h"
#include "../../libparse/utf8.h"
#include "support.h"

#define SHARED_DATA "../shared/data"

static const struct conv_opts plain = { .width = 80 };

/* Every game of pgn, written by the writer of format (failed games as
 * failed); the output is malloc'ed.  *failed counts the failures. */
static char *convert(const char *pgn, size_t len, enum conv_format format,
		     unsigned *failed)
{
	struct pgn_reader_opts ro = { 0 };
	struct pgn_reader *r = pgn_reader_from_memory("t", pgn, len, &ro);
	struct pgn_game g;
	struct diag err;
	struct conv_game cg;
	struct replay_opts rep = { 0 };
	char *out = NULL, *bytes = NULL;
	size_t n = 0, nbytes = 0;
	/* The games go into a piece of the stream, joined to it at the end,
	 * as pgn-convert writes them. */
	FILE *f = open_memstream(&out, &n), *pf = open_memstream(&bytes, &nbytes);
	struct conv_writer *w = conv_writer_new(f, format, &plain);
	struct conv_writer *piece = conv_writer_piece(w);
	conv_writer_to(piece, pf, (struct conv_number){ 0 });
	pgn_game_init(&g);
	conv_game_init(&cg);
	*failed = 0;
	while (pgn_reader_next(r, &g, NULL, NULL, &err) > 0) {
		if (conv_game_replay(&cg, &g, &rep, true, NULL, NULL) == 0 &&
		    !(g.flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE))) {
			conv_writer_game(piece, &cg);
		} else {
			conv_writer_failed(piece, &cg, NULL);
			++*failed;
		}
	}
	fclose(pf);
	conv_writer_join(w, piece);
	fwrite(bytes, 1, nbytes, f);
	free(bytes);
	conv_writer_free(piece);
	conv_writer_end(w);
	fclose(f);
	conv_game_release(&cg);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return out;
}

/* The PGN text of every game of json, concatenated; NULL with *err on an
 * error. */
static char *read_back(const char *json, struct diag *err)
{
	struct json_games *jg = json_games_from_memory("j", json, strlen(json));
	char *out = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&out, &n);
	const char *pgn;
	size_t len;
	struct pgn_loc at;
	int rc;
	while ((rc = json_games_next(jg, &pgn, &len, &at, err)) == 1)
		fwrite(pgn, 1, len, f);
	fclose(f);
	json_games_close(jg);
	if (rc != 0) {
		free(out);
		return NULL;
	}
	return out;
}

/* ------------------------------------------------------------- writer */

static void test_schema(void **state)
{
	static const char pgn[] = "[Event \"e\"]\n[Result \"*\"]\n\n{pre} "
		"1. e4 $1 {[%clk 0:01:00] [%eval 0.25]} (1. d4 d5) {post} "
		"e5 -- *\n";
	unsigned failed;
	(void)state;
	char *got = convert(pgn, strlen(pgn), CONV_NDJSON, &failed);
	assert_int_equal(failed, 0);
	assert_string_equal(got,
		"{\"game\":1,\"tags\":{\"Event\":\"e\",\"Result\":\"*\"},"
		"\"variant\":\"standard\",\"start\":\"rnbqkbnr/pppppppp/8/8/8/8/"
		"PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"comments\":[\"pre\"],"
		"\"moves\":[{\"ply\":1,\"san\":\"e4\",\"lan\":\"e2-e4\",\"uci\":"
		"\"e2e4\",\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
		"KQkq e3 0 1\",\"nags\":[1],\"comments\":[\"[%clk 0:01:00] "
		"[%eval 0.25]\"],\"clk\":60,\"eval\":{\"cp\":25},\"variations\":"
		"[[{\"ply\":1,\"san\":\"d4\",\"lan\":\"d2-d4\",\"uci\":\"d2d4\","
		"\"fen\":\"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 "
		"0 1\"},{\"ply\":2,\"san\":\"d5\",\"lan\":\"d7-d5\",\"uci\":"
		"\"d7d5\",\"fen\":\"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR"
		" w KQkq d6 0 2\"}]],\"comments_after\":[\"post\"]},{\"ply\":2,"
		"\"san\":\"e5\",\"lan\":\"e7-e5\",\"uci\":\"e7e5\",\"fen\":"
		"\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\"},"
		"{\"ply\":3,\"san\":\"--\",\"lan\":\"--\",\"uci\":\"0000\",\"fen\":"
		"\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2\"}],"
		"\"result\":\"*\"}\n");
	free(got);
}

static void test_fields(void **state)
{
	(void)state;
	assert_int_equal(conv_fields_parse("san,lan,uci,fen"), 0);
	assert_int_equal(conv_fields_parse("uci,san"),
			 CONV_FIELD_LAN | CONV_FIELD_FEN);
	assert_int_equal(conv_fields_parse("fen"),
			 CONV_FIELD_SAN | CONV_FIELD_LAN | CONV_FIELD_UCI);
	assert_int_equal(conv_fields_parse(""), -1);
	assert_int_equal(conv_fields_parse("san,"), -1);
	assert_int_equal(conv_fields_parse(",san"), -1);
	assert_int_equal(conv_fields_parse("san,pgn"), -1);
	assert_int_equal(conv_fields_parse("sanlanuci"), -1);
}

static void test_document_and_failed(void **state)
{
	static const char pgn[] = "[Event \"a\"]\n\n1. e4 *\n\n"
				  "[Event \"b\xe9\"]\n\n1. e5 *\n";
	unsigned failed;
	(void)state;
	char *got = convert(pgn, strlen(pgn), CONV_JSON, &failed);
	assert_int_equal(failed, 1);
	assert_non_null(strstr(got, "[\n{\"game\":1,"));
	/* The failed game: a record like the others, its moves up to the
	 * failure, its error, and its bytes. */
	assert_non_null(strstr(got, "},\n{\"game\":2,\"tags\":{\"Event\":"
				    "\"b\\u00e9\"},\"variant\":\"standard\""));
	assert_non_null(strstr(got, "\"moves\":[],\"result\":\"*\",\"error\":"
				    "{\"line\":3,\"column\":4,"));
	assert_non_null(strstr(got, ",\"raw\":\"[Event \\\"b"
				    "\\u00e9\\\"]\\n\\n1. e5 *\\n\",\"latin1\":true}\n]\n"));
	free(got);
	got = convert("", 0, CONV_JSON, &failed);
	assert_string_equal(got, "[]\n");
	free(got);
}

static void test_latin1(void **state)
{
	static const char pgn[] = "[White \"Jos\xe9\"]\n[Black \"Z\xc3\xa9\"]\n\n"
				  "{Caf\xe9} 1. e4 *\n";
	unsigned failed;
	struct diag err;
	(void)state;
	char *json = convert(pgn, strlen(pgn), CONV_NDJSON, &failed);
	assert_non_null(strstr(json, "\"White\":\"Jos\\u00e9\""));
	assert_non_null(strstr(json, "\"Black\":\"Z\xc3\xa9\""));
	assert_non_null(strstr(json, "\"latin1\":true"));
	char *back = read_back(json, &err);
	assert_non_null(back);
	/* Latin-1 stays one byte, UTF-8 stays UTF-8. */
	assert_non_null(strstr(back, "[White \"Jos\xe9\"]"));
	assert_non_null(strstr(back, "[Black \"Z\xc3\xa9\"]"));
	assert_non_null(strstr(back, "{Caf\xe9}"));
	free(back);
	free(json);
	/* Without the flag an escape is a character, written in UTF-8. */
	back = read_back("{\"tags\":{\"White\":\"Jos\\u00e9 \\ud83d\\ude00\"}}", &err);
	assert_non_null(back);
	assert_string_equal(back, "[White \"Jos\xc3\xa9 \xf0\x9f\x98\x80\"]\n\n*\n");
	free(back);
}

/* The UTF-8 of text that may be Latin-1 (utf8.c), as the stats writers
 * use it: every byte that does not start a valid sequence is one Latin-1
 * character, overlong forms, surrogates and code points past U+10FFFF
 * included, and a sequence cut short by the end of the text. */
static void test_utf8_put(void **state)
{
	static const struct {
		const char *in, *out;
		size_t chars;
	} cases[] = {
		{ "Z\xc3\xa9", "Z\xc3\xa9", 2 },		/* UTF-8 e-acute */
		{ "Jos\xe9", "Jos\xc3\xa9", 4 },		/* Latin-1 e-acute */
		{ "\xa0", "\xc2\xa0", 1 },			/* lone continuation */
		{ "\xed\xa0\x80", "\xc3\xad\xc2\xa0\xc2\x80", 3 },
		{ "\xc0\xaf", "\xc3\x80\xc2\xaf", 2 },	/* overlong '/' */
		{ "\xf4\x90\x80\x80", "\xc3\xb4\xc2\x90\xc2\x80\xc2\x80", 4 },
		{ "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80", 1 },	/* U+1F600 */
		{ "\xe2\x80", "\xc3\xa2\xc2\x80", 2 },	/* cut short */
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *out = NULL;
		size_t n = 0, len = strlen(cases[i].in);
		FILE *f = open_memstream(&out, &n);
		for (size_t at = 0; at < len;)
			at += utf8_put(f, cases[i].in + at, len - at);
		fclose(f);
		assert_string_equal(out, cases[i].out);
		assert_int_equal(utf8_chars(cases[i].in, len), cases[i].chars);
		free(out);
	}
}

/* Text for a terminal (utf8.c): controls of C0, DEL and C1 (as UTF-8 or
 * as a Latin-1 byte) as \xHH a byte each, other text as utf8_put()
 * writes it; a name keeps its bytes that are not UTF-8 (but controls).
 * The width counts a column a character, an escape's every byte. */
static void test_utf8_visible(void **state)
{
	static const struct {
		const char *in, *out;
		bool name;
		size_t width;
	} cases[] = {
		{ "a\033[2Jb", "a\\x1b[2Jb", false, 9 },
		{ "\x7f\t", "\\x7f\\x09", false, 8 },
		{ "\xc2\x9b" "2J", "\\xc2\\x9b" "2J", false, 10 },	/* CSI */
		{ "\x9b\x80", "\\x9b\\x80", false, 8 },	/* C1 as Latin-1 */
		{ "Jos\xe9 \xc2\xa0", "Jos\xc3\xa9 \xc2\xa0", false, 6 },
		{ "Jos\xe9\x9b", "Jos\xe9\\x9b", true, 8 },	/* a file name */
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *out = NULL, buf[64];
		size_t n = 0, len = strlen(cases[i].in);
		FILE *f = open_memstream(&out, &n);
		size_t width = utf8_put_visible(f, cases[i].in, len,
						cases[i].name);
		fclose(f);
		assert_string_equal(out, cases[i].out);
		assert_int_equal(width, cases[i].width);
		assert_int_equal(utf8_put_visible(NULL, cases[i].in, len,
						  cases[i].name), width);
		if (!cases[i].name) {
			utf8_visible_string(buf, sizeof buf, cases[i].in);
			assert_string_equal(buf, cases[i].out);
		}
		free(out);
	}
	/* Cut between characters: an escape is never written in part. */
	char small[6];
	utf8_visible_string(small, sizeof small, "ab\033c");
	assert_string_equal(small, "ab");
}

/* ------------------------------------------------------------- reader */

static void test_reader_pgn(void **state)
{
	struct diag err;
	(void)state;
	char *back = read_back(
		"[{\"tags\":{\"Event\":\"q\\\"\\\\\"},\"comments\":[\"c\"],"
		"\"moves\":[{\"san\":\"e4\",\"nags\":[1,14],\"comments\":[\"}\"],"
		"\"variations\":[[{\"comments_before\":[\"v\"],\"lan\":\"d2-d4\"}],"
		"[{\"ply\":null,\"comments_before\":[{\"escape\":\"x\"}]}]],"
		"\"comments_after\":[\"a\"]},{\"uci\":\"e7e5\"}],"
		"\"result\":\"1-0\"},\n {\"raw\":\"as it came\"} ]", &err);
	assert_non_null(back);
	assert_string_equal(back,
		"[Event \"q\\\"\\\\\"]\n\n{c} e4 $1 $14 ;}\n( {v} d2-d4 ) (\n%x\n)"
		" {a} e7e5 1-0\nas it came");
	free(back);
}

/* An object that is no game is reported (2) and the next one is read.
 * The "variant" member is handed on as it stands, with its place: the
 * reader knows no rules (pgn-convert checks the name). */
static void test_reader_game_fault(void **state)
{
	static const char json[] =
		"[{\"result\":\"2-0\"},\n"
		" {\"variant\":\"chess960\"},\n"
		" {\"tags\":{\"Event\":\"ok\"},\"variant\":\"tandem\","
		"\"result\":\"*\"}]";
	struct json_games *jg = json_games_from_memory("j", json, strlen(json));
	const char *pgn;
	size_t len;
	struct pgn_loc at, vat;
	size_t vlen;
	struct diag err;
	(void)state;
	assert_int_equal(json_games_next(jg, &pgn, &len, &at, &err), 2);
	assert_string_equal(err.message, "a result is 1-0, 0-1, 1/2-1/2 or *");
	assert_int_equal(err.line, 1);
	assert_int_equal(err.col, 12);
	assert_null(json_games_variant(jg, &vlen, &vat));
	assert_int_equal(json_games_next(jg, &pgn, &len, &at, &err), 1);
	assert_int_equal(at.line, 2);
	assert_string_equal(json_games_variant(jg, &vlen, &vat), "chess960");
	assert_int_equal(vlen, 8);
	assert_int_equal(vat.line, 2);
	assert_int_equal(vat.col, 13);
	json_games_reject(jg, vat, "unknown variant", &err);
	assert_string_equal(err.file, "j");
	assert_int_equal(err.line, 2);
	assert_int_equal(err.col, 13);
	assert_string_equal(err.message, "unknown variant");
	assert_int_equal(json_games_next(jg, &pgn, &len, &at, &err), 1);
	assert_int_equal(at.line, 3);
	assert_string_equal(json_games_variant(jg, &vlen, &vat), "tandem");
	assert_int_equal(json_games_next(jg, &pgn, &len, &at, &err), 0);
	json_games_close(jg);
}

static void test_reader_errors(void **state)
{
	static const struct {
		const char *json;
		unsigned line, col;
		const char *message;
	} rows[] = {
		{ "x", 1, 1, "expected '[' or '{' (games)" },
		{ "[{},]", 1, 5, "expected a game after ','" },
		{ "[{} {}]", 1, 5, "expected ',' or ']'" },
		{ "[] x", 1, 4, "text after the end of the document" },
		{ "{\"a\" 1}", 1, 6, "expected ':' after a key" },
		{ "{\"a\":1,}", 1, 8, "expected a string key" },
		{ "{\"a\":01}", 1, 7, "expected ',' or '}'" },
		{ "{\"a\":1.}", 1, 8, "expected a digit after '.'" },
		{ "{\"a\":-}", 1, 7, "expected a digit" },
		{ "{\"a\":1e}", 1, 8, "expected a digit in the exponent" },
		{ "{\"a\":tru}", 1, 6, "unknown word" },
		{ "{\"a\":\"\\x\"}", 1, 7, "unknown escape in a string" },
		{ "{\"a\":\"\\u12\"}", 1, 7, "expected four hex digits after \\u" },
		{ "{\"a\":\"\\udc00\"}", 1, 7, "a low surrogate without its high half" },
		{ "{\"a\":\"\\ud800x\"}", 1, 7, "a high surrogate without its low half" },
		{ "{\"a\":\"\t\"}", 1, 7, "control character in a string" },
		{ "{\"a\":\"\xe9\"}", 1, 7, "invalid UTF-8 in a string" },
		{ "{\"a\":\"\xed\xa0\x80\"}", 1, 7, "invalid UTF-8 in a string" },
		{ "{\"a\":\"x", 1, 8, "string not closed" },
		{ "{\n  \"a\":", 2, 7, "unexpected end of input" },
		/* Lines end at a CR alone too, and a CRLF is one line end. */
		{ "{\r  \"a\":", 2, 7, "unexpected end of input" },
		{ "{\r\n  \"a\":", 2, 7, "unexpected end of input" },
		{ "{\r\r\n\"a\":", 3, 5, "unexpected end of input" },
		{ "[1]", 1, 2, "a game must be an object" },
		{ "{\"tags\":[]}", 1, 9, "this member must be an object" },
		{ "{\"tags\":{\"a b\":\"x\"}}", 1, 16, "a tag name must be a PGN symbol" },
		{ "{\"tags\":{\"a\":\"x\\ny\"}}", 1, 14, "a tag value cannot hold a line break" },
		{ "{\"tags\":{\"a\":\"x\\ry\"}}", 1, 14, "a tag value cannot hold a line break" },
		{ "{\"moves\":[{\"san\":\"e4 {\"}]}", 1, 18, "not a move" },
		{ "{\"moves\":[{\"san\":\"e4\",\"nags\":[-1]}]}", 1, 31,
		  "a NAG is a whole number up to 65535" },
		{ "{\"moves\":[{\"san\":\"e4\",\"nags\":[\"1\"]}]}", 1, 31,
		  "a NAG must be a number" },
		{ "{\"comments\":[\"}\\n\"]}", 1, 14, "a comment holding '}' cannot span lines" },
		{ "{\"comments\":[\"}\\rx\"]}", 1, 14, "a comment holding '}' cannot span lines" },
		{ "{\"comments\":[\"}\\r\"]}", 1, 14, "a comment holding '}' cannot span lines" },
		{ "{\"comments\":[{\"x\":1}]}", 1, 14, "expected \"escape\" or \"result\"" },
		{ "{\"result\":\"2-0\"}", 1, 11, "a result is 1-0, 0-1, 1/2-1/2 or *" },
		{ "{\"before\":\"x\"}", 1, 11, "this member must be an array" },
		{ "{\"after\":[1]}", 1, 11, "a comment must be a string or an object" },
		{ "{\"before\":[{\"escape\":\"a\\nb\"}]}", 1, 22,
		  "an escape line cannot hold a line break" },
		{ "{\"comments\":[{\"escape\":\"a\\nb\"}]}", 1, 24,
		  "an escape line cannot hold a line break" },
		{ "{\"comments\":[{\"escape\":\"a\\rb\"}]}", 1, 24,
		  "an escape line cannot hold a line break" },
		{ "{\"moves\":{}}", 1, 10, "this member must be an array" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct diag err;
		memset(&err, 0, sizeof err);
		char *back = read_back(rows[i].json, &err);
		if (back)
			fail_msg("%s: accepted", rows[i].json);
		if (strcmp(err.message, rows[i].message) != 0 ||
		    err.line != rows[i].line || err.col != rows[i].col)
			fail_msg("%s: %u:%u: %s", rows[i].json, err.line, err.col,
				 err.message);
		assert_string_equal(err.file, "j");
	}
}

/* A CR last in a read of the file (64 KiB, json_read.c's chunk), before
 * an LF or alone: one line end either way, whatever the next read
 * brings. */
static void test_reader_cr_at_chunk_end(void **state)
{
	static const char *const after[] = { "\n", "" };
	static const size_t chunk = 65536;
	static char json[65536 + 32];
	(void)state;
	for (int a = 0; a < 2; a++) {
		char path[TEMP_PATH_SIZE];
		json[0] = '[';
		memset(json + 1, ' ', chunk - 2);
		int tail = snprintf(json + chunk - 1, sizeof json - (chunk - 1),
				    "\r%s{\"result\":\"2-0\"}]", after[a]);
		write_temp_file(path, json, chunk - 1 + (size_t)tail);
		struct diag err;
		struct json_games *jg = json_games_open(path, &err);
		const char *pgn;
		size_t len;
		struct pgn_loc at;
		assert_non_null(jg);
		assert_int_equal(json_games_next(jg, &pgn, &len, &at, &err), 2);
		assert_int_equal(err.line, 2);
		assert_int_equal(err.col, 11);
		json_games_close(jg);
		unlink(path);
	}
}

static void test_reader_depth(void **state)
{
	struct diag err;
	char json[3000];
	(void)state;
	memset(json, '[', 1100);
	json[1100] = 0;
	assert_null(read_back(json, &err));
	assert_string_equal(err.message, "nested too deeply");
	assert_int_equal(err.col, 1026);
}

/* ---------------------------------------------------------- round trip */

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s = NULL;
	size_t cap = 0;
	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (*len + 65536 > cap) {
			cap = (*len + 65536) * 2;
			s = realloc(s, cap);
			assert_non_null(s);
		}
		size_t n = fread(s + *len, 1, 65536, f);
		if (n == 0)
			break;
		*len += n;
	}
	fclose(f);
	return s;
}

/* PGN -> JSON -> PGN gives the PGN export; returns the games checked. */
static int round_trip(const char *path)
{
	size_t len;
	unsigned failed;
	struct diag err;
	char *pgn = slurp(path, &len);
	if (!pgn)
		return 0;
	char *want = convert(pgn, len, CONV_PGN, &failed);
	char *json = convert(pgn, len, CONV_JSON, &failed);
	char *text = read_back(json, &err);
	if (!text)
		fail_msg("%s: %u:%u: %s", path, err.line, err.col, err.message);
	char *got = convert(text, strlen(text), CONV_PGN, &failed);
	if (strcmp(want, got) != 0)
		fail_msg("%s: PGN -> JSON -> PGN differs", path);
	free(pgn), free(want), free(json), free(text), free(got);
	return 1;
}

static int round_trip_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int files = 0;
	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		struct stat st;
		size_t n = strlen(e->d_name);
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			files += round_trip_tree(path);
		else if (n > 4 && strcmp(e->d_name + n - 4, ".pgn") == 0)
			files += round_trip(path);
	}
	closedir(d);
	return files;
}

static void test_round_trip_fixtures(void **state)
{
	(void)state;
	assert_true(round_trip_tree("tests/data") >= 20);
}

static void test_round_trip_shared(void **state)
{
	struct stat st;
	(void)state;
	if (stat(SHARED_DATA, &st) < 0) {
		skip();
		return;
	}
	assert_true(round_trip_tree(SHARED_DATA) >= 90);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema),
		cmocka_unit_test(test_document_and_failed),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_latin1),
		cmocka_unit_test(test_utf8_put),
		cmocka_unit_test(test_utf8_visible),
		cmocka_unit_test(test_reader_pgn),
		cmocka_unit_test(test_reader_errors),
		cmocka_unit_test(test_reader_game_fault),
		cmocka_unit_test(test_reader_depth),
		cmocka_unit_test(test_reader_cr_at_chunk_end),
		cmocka_unit_test(test_round_trip_fixtures),
		cmocka_unit_test(test_round_trip_shared),
	};
	return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}
