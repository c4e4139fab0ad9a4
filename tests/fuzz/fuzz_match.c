/* --match TAG=REGEX as the commands run it (run/match.c): a flags byte,
 * a regex up to the first NUL (an argument holds none), then a tag value
 * of any bytes (NULs, bytes that are not UTF-8, over the length matched).
 * A regex that does not compile is refused with its reason; one that
 * compiles selects the game, leaves it out, or reports an error for it
 * (at most one a rule, at the tag, or the game's start when it lacks it);
 * a copy of the matcher (a --jobs worker's) answers alike.  A regex that
 * backtracks without end must stop at its limit: libFuzzer's -timeout. */
#include "fuzz.h"
#include "../../run/run.h"

struct seen {
	unsigned count;
	struct diag last;
};

static void seen_diag(void *ctx, const struct diag *d)
{
	struct seen *s = ctx;
	fuzz_diag(NULL, d);
	s->count++;
	s->last = *d;
}

/* What m says of g, with the diagnostics into *s. */
static bool test(const struct matcher *m, const struct pgn_game *g,
		 struct seen *s)
{
	memset(s, 0, sizeof *s);
	return matcher_test(m, g, seen_diag, s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	uint8_t flags = data[0];
	const char *regex = (const char *)data + 1;
	const char *nul = memchr(regex, 0, size - 1);
	size_t regex_len = nul ? (size_t)(nul - regex) : size - 1;
	const char *value = nul ? nul + 1 : "";
	size_t value_len = nul ? size - 2 - regex_len : 0;

	/* The rule names the game's tag, or one it lacks (read as ""). */
	const char *tag = flags & 1 ? "Site" : "Event";
	char *arg = malloc(regex_len + 8);
	FUZZ_CHECK(arg != NULL);
	snprintf(arg, regex_len + 8, "%s=%.*s", tag, (int)regex_len, regex);
	struct matcher m = { 0 };
	char why[256] = "";
	if (matcher_add(&m, arg, why, sizeof why) != 0) {
		FUZZ_CHECK(memchr(why, 0, sizeof why) != NULL);
		FUZZ_CHECK(strncmp(why, "'", 1) == 0 && strlen(why) > 10);
		FUZZ_CHECK(m.n == 0);
		free(arg);
		matcher_release(&m);
		return 0;
	}
	/* A second rule that always holds, or never does. */
	bool never = flags & 4;
	if (flags & 2)
		FUZZ_CHECK(matcher_add(&m, never ? "White=^X" : "White=^W", why,
				       sizeof why) == 0);
	else
		never = false;

	char *v = malloc(value_len + 1);
	FUZZ_CHECK(v != NULL);
	memcpy(v, value, value_len);
	v[value_len] = 0;
	struct pgn_tag tags[] = {
		{ .name = "Event", .value = v, .value_len = value_len,
		  .loc = { 3, 5 } },
		{ .name = "White", .value = "W", .value_len = 1,
		  .loc = { 4, 1 } },
	};
	struct pgn_game g;
	pgn_game_init(&g);
	g.index = 7;
	g.file = "f.pgn";
	g.start = (struct pgn_loc){ 2, 1 };
	g.tags = tags;
	g.ntags = 2;

	struct seen s, copy_seen;
	bool selected = test(&m, &g, &s);
	FUZZ_CHECK(s.count <= 1);
	if (s.count) {
		FUZZ_CHECK(s.last.severity == DIAG_ERROR);
		FUZZ_CHECK(s.last.code == DC_LIMIT);
		FUZZ_CHECK(s.last.game == 7 && !strcmp(s.last.file, "f.pgn"));
		FUZZ_CHECK(!strcmp(s.last.white, "W"));
		FUZZ_CHECK(strstr(s.last.message, "--match '") ==
			   s.last.message);
		/* The Event tag's place, or the game's for an absent tag. */
		FUZZ_CHECK(flags & 1 ? s.last.line == 2 && s.last.col == 1
				     : s.last.line == 3 && s.last.col == 5);
		/* A rule that could not tell takes the game, unless the
		 * other leaves it out. */
		FUZZ_CHECK(selected == !never);
	}
	if (never)
		FUZZ_CHECK(!selected);
	/* Over the length matched, the value is an error, not a search. */
	if (value_len > 4096 && !(flags & 1))
		FUZZ_CHECK(s.count == 1 && strstr(s.last.message, "bytes"));

	struct matcher copy;
	matcher_copy(&copy, &m);
	FUZZ_CHECK(test(&copy, &g, &copy_seen) == selected);
	FUZZ_CHECK(copy_seen.count == s.count);
	matcher_release(&copy);

	g.tags = NULL;
	g.ntags = 0;
	pgn_game_release(&g);
	matcher_release(&m);
	free(v);
	free(arg);
	return 0;
}
