/* The move parser (SAN, LAN, coordinates, figurine, every variant's
 * markers) and the resolution of what it reads against positions of every
 * variant.  Input: one byte picking the position, then the move token. */
#include "fuzz.h"

/* Start positions of every variant, then positions from tests/perft. */
static const struct {
	const char *variant, *fen;
} positions[] = {
	{ "emap", "7k/6pp/8/8/8/8/1NBRQ3/4K3 w - - 0 1" },
	{ "emap", "k7/p7/8/2p1p1p1/3R1N2/8/8/K7 w - - 0 1" },
	{ "emap", "8/k7/8/2RnB3/8/8/8/4K3 w - d6 0 2" },
	{ "pauli", "3k4/8/8/3p4/8/8/8/K2R4 w - - 0 1" },
	{ "pauli", "7k/8/3(np)4/8/8/3R2(pp)1/8/K7 w - - 0 1" },
	{ "pauli", "7k/8/8/3(Np)4/8/8/3R1(BN)2/K7 w - - 0 1" },
	{ "pushpawn-4th", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
	{ "pushpawn", "rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3" },
	{ "pushpawn-4th", "rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3" },
	{ "randompawns-flip", "4k3/8/8/8/8/8/P{OXO}P{MXC}6/4K3 w - - 0 1" },
	{ "randompawns-flip", "4k3/4r3/8/8/8/8/P{CMC}6P{MCM}/4K3 w - - 0 1" },
	{ "randompawns", "r3k2r/p{CMC}1p{CMC}p{CMC}qp{CMC}b1/bn2p{CMC}np{CMC}1/3P{CMC}N3/1p{CMC}2P{CMC}3/2N2Q1p{CMC}/P{CMC}P{CMC}P{CMC}BBP{CMC}P{CMC}P{CMC}/R3K2R w KQkq - 0 1" },
	{ "randompawns", "n1n5/P{CMC}P{CMC}P{CMC}k4/8/8/8/8/4Kp{CMC}p{CMC}p{CMC}/5N1N b - - 0 1" },
	{ "randompawns", "8/8/1k6/2b5/2p{CMC}P{CMC}4/8/5K2/8 b - d3 0 1" },
	{ "standard", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" },
	{ "standard", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" },
	{ "standard", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" },
	{ "tandem", "4k3/8/8/8/8/4T3/8/4K3 w - - 0 1" },
	{ "tandem", "4k3/8/8/8/8/8/3T4/4K3 w - - 0 1" },
	{ "tandem", "4k3/8/8/8/8/2p5/8/3PK3 w - - 0 1" },
};
#define NPOS (sizeof positions / sizeof positions[0])

/* The parsed fields stay in their ranges. */
static void check_san(const struct san *s)
{
	FUZZ_CHECK(s->from_file >= -1 && s->from_file <= 7);
	FUZZ_CHECK(s->from_rank >= -1 && s->from_rank <= 7);
	FUZZ_CHECK(s->to >= -1 && s->to <= 63);
	FUZZ_CHECK(!s->promotion || strchr("QRBN", s->promotion));
	FUZZ_CHECK(!s->check || s->check == '+' || s->check == '#');
}

/* A move resolve returns is legal, and can be written. */
static void check_resolved(const struct position *pos, move_t m)
{
	struct movelist list;
	char text[MOVE_TEXT_MAX];
	bool legal = false;
	position_legal_moves(pos, &list);
	for (unsigned i = 0; i < list.count; i++)
		legal = legal || list.moves[i] == m;
	FUZZ_CHECK(legal);
	FUZZ_CHECK(move_write(pos, m, NOTATION_SAN, text, sizeof text) > 0);
}

static void resolve(const struct position *pos, const struct san *san)
{
	for (int strict = 0; strict < 2; strict++) {
		struct diag warn = { 0 }, err = { 0 };
		move_t m;
		int rc = move_resolve(pos, san, strict, &m, &warn, &err);
		FUZZ_CHECK(rc >= -1 && rc <= 1);
		fuzz_diag(NULL, &warn);
		fuzz_diag(NULL, &err);
		if (rc >= 0)
			check_resolved(pos, m);
		if (rc == 1)
			FUZZ_CHECK(warn.message[0] != 0);
		if (rc < 0)
			FUZZ_CHECK(err.message[0] != 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct position pos[NPOS + 16];
	static size_t npos;
	if (!npos) {
		size_t n;
		const struct variant *const *all = variant_all(&n);
		for (size_t i = 0; i < n; i++)
			position_start(&pos[npos++], all[i]);
		for (size_t i = 0; i < NPOS; i++) {
			struct diag err;
			const struct variant *v = variant_by_id(positions[i].variant);
			FUZZ_CHECK(v && position_set_fen(&pos[npos++], positions[i].fen,
							 v, &err) == 0);
		}
	}
	if (size < 1)
		return 0;
	const struct position *at = &pos[data[0] % npos];
	struct san san;
	struct diag err = { 0 };
	if (san_parse((const char *)data + 1, size - 1, &san, &err) != 0) {
		fuzz_diag(NULL, &err);
		FUZZ_CHECK(err.message[0] != 0);
		return 0;
	}
	check_san(&san);
	resolve(at, &san);
	return 0;
}
