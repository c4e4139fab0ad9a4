/* The JSON writer: see writer.h.  What it writes must be read back by
 * json_read.c (pgn-convert --from json) into one valid PGN game. */
#include "writer.h"
#include "../../libparse/json_games.h"

static void read_back(const char *text, size_t len, const struct conv_opts *o)
{
	struct json_games *r = json_games_from_memory("back", text, len);
	const char *pgn;
	size_t n;
	struct pgn_loc at;
	struct diag err = { 0 };
	(void)o;
	int rc = json_games_next(r, &pgn, &n, &at, &err);
	if (rc != 1) {
		fprintf(stderr, "written:\n%.*s\n%u:%u: %s\n", (int)len, text,
			err.line, err.col, err.message);
		FUZZ_CHECK(!"the JSON written reads back");
	}
	fuzz_pgn_reads_back(pgn, n);
	FUZZ_CHECK(json_games_next(r, &pgn, &n, &at, &err) == 0);
	json_games_close(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct writer w = { fmt_json_write_game, read_back };
	return fuzz_writer(&w, data, size);
}
