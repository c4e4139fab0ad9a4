/* PLACEHOLDER: replaced by the real pauli rules. */
#include "internal.h"

const struct variant variant_pauli = {
	.id = "pauli",
	.pgn_name = "Pauli Chess",
	.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.fen_features = FEN_F_SHARED,
	.needs_codes = false,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = false,
};
