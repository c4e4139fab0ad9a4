/* The JSON game reader (pgn-convert --from json): any bytes; each game it
 * returns is PGN text that the PGN reader takes, and its "variant" a
 * terminated string with its place. */
#include "fuzz.h"
#include "../../libparse/json_games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_games *r = json_games_from_memory("j", (const char *)data,
						      size);
	const char *pgn;
	size_t len;
	struct pgn_loc at;
	struct diag err = { 0 };
	int rc;
	while ((rc = json_games_next(r, &pgn, &len, &at, &err)) > 0) {
		size_t vlen;
		struct pgn_loc vat;
		const char *v = json_games_variant(r, &vlen, &vat);
		FUZZ_CHECK(!v || (v[vlen] == 0 && vat.line > 0));
		if (rc == 2) {	/* a game object that is no game */
			FUZZ_CHECK(err.message[0] != 0 && err.line > 0);
			continue;
		}
		struct pgn_reader *pr = pgn_reader_from_memory("p", pgn, len,
							       NULL);
		struct pgn_game g;
		struct diag perr;
		pgn_game_init(&g);
		while (pgn_reader_next(pr, &g, fuzz_diag, NULL, &perr) > 0)
			;
		pgn_game_release(&g);
		pgn_reader_close(pr);
	}
	if (rc < 0) {
		fuzz_diag(NULL, &err);
		FUZZ_CHECK(err.message[0] != 0);
	}
	json_games_close(r);
	return 0;
}
