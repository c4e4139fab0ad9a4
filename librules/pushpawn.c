/* PLACEHOLDER: replaced by the real pushpawn rules. */
#include "internal.h"

const struct variant variant_pushpawn = {
	.id = "pushpawn",
	.pgn_name = "Pushpawn Chess",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = 0,
	.needs_codes = false,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};

const struct variant variant_pushpawn_4th = {
	.id = "pushpawn-4th",
	.pgn_name = "Pushpawn Chess (4th rank)",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};
