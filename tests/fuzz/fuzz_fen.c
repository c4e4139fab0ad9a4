/* The FEN reader, then the rules of every variant on what it accepts.
 * Input: one FEN (the first line).  For each variant that takes it:
 * - the canonical FEN reads back to itself;
 * - every legal move, written in each notation, reads back (san_parse +
 *   move_resolve) to that same move, without a lenient warning in SAN;
 * - every legal move can be played;
 * - a position refused points into the FEN (or at 0, the whole). */
#include "fuzz.h"
#include "../../librules/variant.h"

static void roundtrip_moves(const struct position *pos)
{
	static const enum notation notations[] = {
		NOTATION_SAN, NOTATION_LAN, NOTATION_UCI, NOTATION_FIGURINE };
	struct movelist list;
	position_legal_moves(pos, &list);
	FUZZ_CHECK(list.count <= MOVELIST_MAX);
	for (unsigned i = 0; i < list.count; i++) {
		move_t m = list.moves[i];
		for (size_t k = 0; k < 4; k++) {
			char text[MOVE_TEXT_MAX];
			struct san san;
			struct diag warn = { 0 }, err = { 0 };
			move_t back;
			size_t n = move_write(pos, m, notations[k], text,
					      sizeof text);
			FUZZ_CHECK(n > 0 && n < sizeof text && !text[n]);
			if (san_parse(text, n, &san, &err) != 0) {
				fprintf(stderr, "%s: %s\n", text, err.message);
				FUZZ_CHECK(!"a written move parses");
			}
			int rc = move_resolve(pos, &san, false, &back, &warn,
					      &err);
			if (rc < 0 || back != m ||
			    (notations[k] == NOTATION_SAN && rc != 0)) {
				fprintf(stderr, "%s: rc %d: %s%s\n", text, rc,
					err.message, warn.message);
				FUZZ_CHECK(!"a written move reads back");
			}
		}
		struct position next = *pos;
		position_make(&next, m);
		FUZZ_CHECK(position_king(&next, pos->side) == NO_SQUARE ||
			   !pos->variant->attacked(&next, position_king(&next,
							pos->side),
						   !pos->side));
	}
	(void)position_state(pos);
}

static void one_variant(const char *fen, const struct variant *v)
{
	struct position pos, again;
	struct diag err = { 0 };
	char out[FEN_MAX], out2[FEN_MAX];
	int set = position_set_fen(&pos, fen, v, &err);
	if (set != 0) {
		/* A fault of a FEN that parses points into it (0: the
		 * position as a whole); so does a castling right dropped,
		 * the position set up all the same. */
		FUZZ_CHECK(err.message[0] != 0);
		FUZZ_CHECK(err.col <= strlen(fen));
		FUZZ_CHECK((set > 0) == (err.code == DC_CASTLING_RIGHTS));
		if (set < 0)
			return;
	}
	size_t n = position_to_fen(&pos, out, sizeof out);
	FUZZ_CHECK(n > 0 && n < sizeof out);
	if (position_set_fen(&again, out, v, &err) != 0) {
		fprintf(stderr, "%s: %s (%s)\n", out, err.message, v->id);
		FUZZ_CHECK(!"the canonical FEN reads back");
	}
	position_to_fen(&again, out2, sizeof out2);
	FUZZ_CHECK(strcmp(out, out2) == 0);
	FUZZ_CHECK(again.key == pos.key);
	roundtrip_moves(&pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *nl = memchr(data, '\n', size);
	size_t len = nl ? (size_t)(nl - (const char *)data) : size;
	struct fen_syntax syn;
	struct diag err = { 0 };
	if (fen_parse((const char *)data, len, &syn, &err) != 0) {
		FUZZ_CHECK(err.col >= 1 && err.col <= len + 1);
		return 0;
	}
	char *fen = malloc(len + 1);
	memcpy(fen, data, len);
	fen[len] = 0;
	if (strlen(fen) == len) {
		size_t n;
		const struct variant *const *all = variant_all(&n);
		for (size_t i = 0; i < n; i++)
			one_variant(fen, all[i]);
	}
	free(fen);
	return 0;
}
