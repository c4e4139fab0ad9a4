/* PLACEHOLDER: replaced by the real tandem rules. */
#include "internal.h"

const struct variant variant_tandem = {
	.id = "tandem",
	.pgn_name = "Tandem Pawn Chess",
	.start_fen = "rnbqkbnr/tttttttt/8/8/8/8/TTTTTTTT/RNBQKBNR w KQkq - 0 1",
	.fen_features = FEN_F_TANDEM,
	.needs_codes = false,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};
