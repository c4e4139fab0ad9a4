/* PLACEHOLDER: replaced by the real randompawns rules. */
#include "internal.h"

const struct variant variant_randompawns = {
	.id = "randompawns",
	.pgn_name = "Random Pawns Chess",
	.start_fen = "rnbqkbnr/p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}/8/8/8/8/P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}/RNBQKBNR w KQkq - 0 1",
	.fen_features = FEN_F_CODES,
	.needs_codes = true,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};

const struct variant variant_randompawns_flip = {
	.id = "randompawns-flip",
	.pgn_name = "Random Pawns Chess (flip)",
	.start_fen = "rnbqkbnr/p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}p{CMC}/8/8/8/8/P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}P{CMC}/RNBQKBNR w KQkq - 0 1",
	.fen_features = FEN_F_CODES,
	.needs_codes = true,
	.generate = standard_generate,
	.attacked = standard_attacked,
	.make = standard_make,
	.check_setup = standard_check_setup,
	.fide_material = true,
};

/* Code helpers (PLACEHOLDER until the Random Pawns rules land). */
uint8_t code_from_d20(int n) { (void)n; return CODE_FIDE; }
int code_parse(const char *s, uint8_t *code)
{
	uint8_t c = 0;
	for (int i = 0; i < 3; i++) {
		int v;
		switch (s[i]) {
		case 'X': v = CODE_X; break;
		case 'M': v = CODE_M; break;
		case 'C': v = CODE_C; break;
		case 'O': v = CODE_O; break;
		default: return -1;
		}
		c |= (uint8_t)(v << (2 * i));
	}
	if (s[3]) return -1;
	*code = c;
	return 0;
}
void code_name(uint8_t code, char buf[4])
{
	static const char letters[] = "XMCO";
	for (int i = 0; i < 3; i++) buf[i] = letters[CODE_DIR(code, i)];
	buf[3] = 0;
}
void randompawns_roll(struct position *pos, uint64_t seed) { (void)pos; (void)seed; }
int pawntypes_apply(struct position *pos, const char *value, struct diag *err) { (void)pos; (void)value; (void)err; return 0; }
