/* The variant table: ids, PGN names and the aliases pawnkit-variants(7) accepts. */
#include <ctype.h>
#include <string.h>

#include "internal.h"

static const struct variant *const all[] = {
	&variant_standard, &variant_tandem, &variant_emap,
	&variant_randompawns, &variant_randompawns_flip, &variant_pushpawn,
	&variant_pushpawn_4th, &variant_pauli, &variant_chess960,
};
#define NVARIANTS (sizeof all / sizeof all[0])

/* Aliases after normalisation (lower case; spaces, '-', '_', parentheses
 * and a trailing "chess" dropped). */
static const struct { const char *alias; const struct variant *v; } aliases[] = {
	{ "standard", &variant_standard }, { "", &variant_standard },
	{ "normal", &variant_standard }, { "fromposition", &variant_standard },
	{ "960", &variant_chess960 }, { "fischerandom", &variant_chess960 },
	{ "fischerrandom", &variant_chess960 },
	{ "tandem", &variant_tandem }, { "tandempawn", &variant_tandem },
	{ "everymanapawn", &variant_emap }, { "emap", &variant_emap },
	{ "randompawns", &variant_randompawns },
	{ "randompawnsflip", &variant_randompawns_flip },
	{ "pushpawn", &variant_pushpawn },
	{ "pushpawn4thrank", &variant_pushpawn_4th },
	{ "pushpawn4th", &variant_pushpawn_4th },
	{ "pauli", &variant_pauli },
};

const struct variant *const *variant_all(size_t *n)
{
	*n = NVARIANTS;
	return all;
}

const struct variant *variant_by_id(const char *id)
{
	for (size_t i = 0; i < NVARIANTS; i++)
		if (strcmp(all[i]->id, id) == 0)
			return all[i];
	return NULL;
}

static void normalise(const char *name, char *out, size_t size)
{
	size_t n = 0;
	for (; *name && n + 1 < size; name++) {
		unsigned char c = (unsigned char)*name;
		if (c == ' ' || c == '-' || c == '_' || c == '(' || c == ')' ||
		    c == '\t')
			continue;
		out[n++] = (char)tolower(c);
	}
	out[n] = 0;
	/* "Chess" may stand before a parenthesis: "Pushpawn Chess (4th rank)". */
	for (char *at; (at = strstr(out, "chess")) != NULL;)
		memmove(at, at + 5, strlen(at + 5) + 1);
}

const struct variant *variant_by_name(const char *name)
{
	char key[64];
	if (strlen(name) >= sizeof key)
		return NULL;
	normalise(name, key, sizeof key);
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (strcmp(aliases[i].alias, key) == 0)
			return aliases[i].v;
	return NULL;
}

/* A constant (not built at run time) so threads may share it; a unit test
 * checks it against the table. */
const char *variant_id_list(void)
{
	return "standard, tandem, emap, randompawns, randompawns-flip, "
	       "pushpawn, pushpawn-4th, pauli, chess960";
}

const char *variant_id(const struct variant *v)
{
	return v->id;
}

const char *variant_pgn_name(const struct variant *v)
{
	return v->pgn_name;
}

const char *variant_start_fen(const struct variant *v)
{
	return v->start_fen;
}

bool variant_needs_codes(const struct variant *v)
{
	return v->needs_codes;
}
