/* PLACEHOLDER: replaced by the real emap rules. */
#include "internal.h"

const struct variant variant_emap = {
	.id = "emap",
	.pgn_name = "Every Man a Pawn",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = false,
};
