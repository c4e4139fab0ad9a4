/* Shared unit-test helpers (support.h).  Failures go through cmocka, so
 * they end the running test wherever they are raised. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support.h"
#include "../../librules/variant.h"

void write_temp_file(char path[TEMP_PATH_SIZE], const void *bytes, size_t len)
{
	snprintf(path, TEMP_PATH_SIZE, "/tmp/pawnkit-test-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, bytes, len), (ssize_t)len);
	assert_int_equal(close(fd), 0);
}

/* -------------------------------------------------------------- positions */

void load_fen(struct position *pos, const char *fen, const struct variant *v)
{
	struct diag err;
	memset(&err, 0, sizeof err);
	if (position_set_fen(pos, fen, v, &err) != 0)
		fail_msg("%s (%s): %s", fen, v->id, err.message);
}

void assert_fen_rejected(const char *fen, const struct variant *v,
			 const char *message)
{
	struct position pos;
	struct diag err;
	memset(&err, 0, sizeof err);
	assert_int_equal(position_set_fen(&pos, fen, v, &err), -1);
	assert_string_equal(err.message, message);
}

void assert_fen_rejected_at(const char *fen, const struct variant *v,
			    const char *message, unsigned col)
{
	struct position pos;
	struct diag err;
	memset(&err, 0, sizeof err);
	assert_int_equal(position_set_fen(&pos, fen, v, &err), -1);
	assert_string_equal(err.message, message);
	if (err.col != col)
		fail_msg("%s (%s): column %u, want %u", fen, v->id,
			 (unsigned)err.col, col);
}

void assert_fen_dropped_at(const char *fen, const struct variant *v,
			   const char *message, unsigned col,
			   const char *then)
{
	struct position pos;
	struct diag err;
	memset(&err, 0, sizeof err);
	assert_int_equal(position_set_fen(&pos, fen, v, &err), 1);
	assert_int_equal(err.severity, DIAG_WARNING);
	assert_int_equal(err.code, DC_CASTLING_RIGHTS);
	assert_string_equal(err.message, message);
	if (err.col != col)
		fail_msg("%s (%s): column %u, want %u", fen, v->id,
			 (unsigned)err.col, col);
	assert_fen(&pos, then);
}

void assert_fen_text(const struct position *pos, const char *expected)
{
	char buf[FEN_MAX];
	position_to_fen(pos, buf, sizeof buf);
	assert_string_equal(buf, expected);
}

void assert_fen(const struct position *pos, const char *expected)
{
	assert_fen_text(pos, expected);
	assert_true(pos->key == position_compute_key(pos));
}

void skip_placeholder(const struct variant *v)
{
	if (v->generate == variant_standard.generate)
		skip();
}

/* ------------------------------------------------------------------ moves */

int square(const char *name)
{
	int s = square_parse(name);
	if (s < 0)
		fail_msg("'%s' is not a square", name);
	return s;
}

move_t coord_move(const char *from, const char *to, int promo,
		  unsigned flags)
{
	return MOVE(square(from), square(to), promo, flags);
}

unsigned count_legal(const struct position *pos, move_t m)
{
	struct movelist list;
	unsigned n = 0;
	position_legal_moves(pos, &list);
	for (unsigned i = 0; i < list.count; i++)
		n += list.moves[i] == m;
	return n;
}

bool is_legal(const struct position *pos, move_t m)
{
	return count_legal(pos, m) > 0;
}

bool is_legal_once(const struct position *pos, move_t m)
{
	unsigned n = count_legal(pos, m);
	assert_true(n <= 1);
	return n == 1;
}

unsigned count_moves(const struct position *pos, const char *from,
		     const char *to)
{
	struct movelist list;
	int f = square(from), t = to ? square(to) : -1;
	unsigned n = 0;
	position_legal_moves(pos, &list);
	for (unsigned i = 0; i < list.count; i++)
		n += MOVE_FROM(list.moves[i]) == f &&
		     (t < 0 || MOVE_TO(list.moves[i]) == t);
	return n;
}

bool fen_has_move(const struct variant *v, const char *fen, move_t m)
{
	struct position pos;
	load_fen(&pos, fen, v);
	return is_legal(&pos, m);
}

unsigned fen_count_moves(const struct variant *v, const char *fen,
			 const char *from, const char *to)
{
	struct position pos;
	load_fen(&pos, fen, v);
	return count_moves(&pos, from, to);
}

move_t find_move(const struct position *pos, const char *from,
		 const char *to, int promo)
{
	struct movelist list;
	int f = square(from), t = square(to);
	position_legal_moves(pos, &list);
	for (unsigned i = 0; i < list.count; i++) {
		move_t m = list.moves[i];
		if (MOVE_FROM(m) == f && MOVE_TO(m) == t &&
		    MOVE_PROMO(m) == promo)
			return m;
	}
	return MOVE_NONE;
}

move_t legal_move_uci(const struct position *pos, const char *uci)
{
	static const char promos[] = "nbrq";
	int promo = 0;
	if (uci[4])
		promo = (int)(strchr(promos, uci[4]) - promos) + KNIGHT;
	move_t m = find_move(pos, uci, uci + 2, promo);
	if (m == MOVE_NONE)
		fail_msg("%s is not legal", uci);
	return m;
}

/* "e2e4 promo 0 flags 0x2": enough to find the move in a failure. */
static void move_describe(move_t m, char *buf, size_t n)
{
	char from[3], to[3];
	square_name(MOVE_FROM(m), from);
	square_name(MOVE_TO(m), to);
	snprintf(buf, n, "%s%s promo %d flags %#x", from, to, MOVE_PROMO(m),
		 MOVE_FLAGS(m));
}

void play_legal(struct position *pos, move_t m)
{
	if (!is_legal(pos, m)) {
		char what[64], fen[FEN_MAX];
		move_describe(m, what, sizeof what);
		position_to_fen(pos, fen, sizeof fen);
		fail_msg("%s: no move %s", fen, what);
	}
	position_make(pos, m);
}

void assert_fen_after(const struct variant *v, const char *fen, move_t m,
		      const char *expected)
{
	struct position pos;
	load_fen(&pos, fen, v);
	play_legal(&pos, m);
	assert_fen(&pos, expected);
}

int move_cmp(const void *a, const void *b)
{
	move_t x = *(const move_t *)a, y = *(const move_t *)b;
	return (x > y) - (x < y);
}

void sorted_legal_moves(const struct position *pos, struct movelist *list)
{
	position_legal_moves(pos, list);
	qsort(list->moves, list->count, sizeof list->moves[0], move_cmp);
}

void assert_same_moves(const struct position *a, const struct position *b,
		       struct movelist *sorted)
{
	struct movelist other;
	sorted_legal_moves(a, sorted);
	sorted_legal_moves(b, &other);
	assert_int_equal(sorted->count, other.count);
	assert_memory_equal(sorted->moves, other.moves,
			    sorted->count * sizeof sorted->moves[0]);
}

struct resolved resolve_text(const struct position *pos, const char *text,
			     bool strict)
{
	struct resolved r;
	struct san san;
	memset(&r, 0, sizeof r);
	if (san_parse(text, strlen(text), &san, &r.err) != 0)
		fail_msg("san_parse '%s': %s", text, r.err.message);
	r.rc = move_resolve(pos, &san, strict, &r.move, &r.warn, &r.err);
	return r;
}

/* ------------------------------------------------------------------ perft */

const struct walk_checks walk_basic = { .fen_round_trip = false };

/* Outside Pauli board2[] is empty, so there this is the board[] check. */
void assert_position_consistent(const struct position *pos)
{
	uint64_t color[2] = { 0, 0 }, type[PIECE_TYPES] = { 0 };
	for (int s = 0; s < 64; s++) {
		const uint8_t p[2] = { pos->board[s], pos->board2[s] };
		for (int i = 0; i < 2; i++)
			if (p[i]) {
				color[PIECE_COLOR(p[i])] |= 1ULL << s;
				type[PIECE_TYPE(p[i])] |= 1ULL << s;
			}
	}
	assert_memory_equal(color, pos->by_color, sizeof color);
	assert_memory_equal(type, pos->by_type, sizeof type);
	assert_true(pos->key == position_compute_key(pos));
}

void assert_no_duplicate_moves(const struct movelist *list)
{
	struct movelist sorted = *list;
	qsort(sorted.moves, sorted.count, sizeof sorted.moves[0], move_cmp);
	for (unsigned i = 1; i < sorted.count; i++)
		assert_true(sorted.moves[i] != sorted.moves[i - 1]);
}

/* Reading the FEN back must give the same position (e.p. fields too). */
static void assert_fen_round_trip(const struct position *pos)
{
	char fen[FEN_MAX];
	struct position again;
	position_to_fen(pos, fen, sizeof fen);
	load_fen(&again, fen, pos->variant);
	assert_true(again.key == pos->key);
}

static void check_node(const struct position *pos,
		       const struct walk_checks *c)
{
	assert_position_consistent(pos);
	if (c->node)
		c->node(pos);
	if (c->fen_round_trip)
		assert_fen_round_trip(pos);
}

static void check_moves(const struct position *pos,
			const struct movelist *list,
			const struct walk_checks *c)
{
	if (c->no_duplicates)
		assert_no_duplicate_moves(list);
	if (c->moves)
		c->moves(pos, list);
}

uint64_t checked_perft(const struct position *pos, unsigned depth,
		       const struct walk_checks *checks)
{
	struct movelist list;
	uint64_t nodes = 0;
	check_node(pos, checks);
	if (depth == 0)
		return 1;
	position_legal_moves(pos, &list);
	check_moves(pos, &list, checks);
	if (checks->bulk_leaves && depth == 1)
		return list.count;
	for (unsigned i = 0; i < list.count; i++) {
		struct position next = *pos;
		position_make(&next, list.moves[i]);
		nodes += checked_perft(&next, depth - 1, checks);
	}
	return nodes;
}

void assert_perft_cases(const struct perft_case *cases, size_t n,
			const struct variant *v,
			const struct walk_checks *checks)
{
	for (size_t i = 0; i < n; i++) {
		const struct perft_case *c = &cases[i];
		struct position pos;
		load_fen(&pos, c->fen, v);
		uint64_t got = checks ? checked_perft(&pos, c->depth, checks)
				      : perft(&pos, c->depth);
		if (got != c->nodes)
			fail_msg("%s depth %u: %llu, expected %llu", c->fen,
				 c->depth, (unsigned long long)got,
				 (unsigned long long)c->nodes);
	}
}

/* ------------------------------------------------- perft suites (EPD) */

bool epd_open(struct epd_reader *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->path = path;
	r->file = fopen(path, "r");
	return r->file != NULL;
}

/* A leading word naming a variant ("pushpawn-4th FEN ...") picks it; a
 * FEN's first word (the board) never names one. */
static const struct variant *take_variant(char **fen)
{
	char *space = strchr(*fen, ' ');
	if (!space)
		return NULL;
	*space = 0;
	const struct variant *v = variant_by_id(*fen);
	if (!v) {
		*space = ' ';
		return NULL;
	}
	*fen = space + 1;
	return v;
}

bool epd_next(struct epd_reader *r, struct epd_line *out)
{
	while (fgets(r->line, sizeof r->line, r->file)) {
		char *semi = strchr(r->line, ';');
		r->lineno++;
		if (r->line[0] == '#' || !semi)
			continue;
		*semi = 0;
		out->lineno = r->lineno;
		out->fen = r->line;
		out->counts = semi + 1;
		out->variant = take_variant(&out->fen);
		return true;
	}
	fclose(r->file);
	r->file = NULL;
	return false;
}

/* The next " Dn count" field of *at (advanced past it); false when none is
 * left.  A field of any other form fails the test. */
static bool epd_next_count(const struct epd_reader *r, char **at,
			   unsigned *depth, uint64_t *nodes)
{
	unsigned long long n;
	if (!*at)
		return false;
	if (sscanf(*at, " D%u %llu", depth, &n) != 2)
		fail_msg("%s:%u: bad field '%s'", r->path, r->lineno, *at);
	*nodes = n;
	char *semi = strchr(*at, ';');
	*at = semi ? semi + 1 : NULL;
	return true;
}

static bool epd_wanted(const struct epd_suite *s, unsigned depth,
		       uint64_t nodes)
{
	return (!s->max_depth || depth <= s->max_depth) &&
	       (!s->max_nodes || nodes <= s->max_nodes);
}

/* One line's counts; each wrong one is reported and counted. */
static void epd_check_line(const struct epd_suite *s,
			   const struct epd_reader *r,
			   const struct epd_line *l, struct epd_totals *t)
{
	const struct variant *v = l->variant ? l->variant : s->variant;
	struct position pos;
	char *at = l->counts;
	unsigned depth;
	uint64_t want;
	load_fen(&pos, l->fen, v);
	while (epd_next_count(r, &at, &depth, &want)) {
		if (!epd_wanted(s, depth, want))
			continue;
		uint64_t got = s->count ? s->count(&pos, depth)
					: perft(&pos, depth);
		t->checked++;
		if (got == want)
			continue;
		print_error("%s:%u: %s perft %u = %llu, expected %llu\n",
			    s->path, l->lineno, v->id, depth,
			    (unsigned long long)got, (unsigned long long)want);
		t->failures++;
	}
}

/* Compares the suite's counts; false when the file cannot be opened. */
static bool epd_check(const struct epd_suite *s, struct epd_totals *t)
{
	struct epd_reader r;
	struct epd_line l;
	memset(t, 0, sizeof *t);
	if (!epd_open(&r, s->path))
		return false;
	while (epd_next(&r, &l)) {
		t->positions++;
		epd_check_line(s, &r, &l, t);
	}
	return true;
}

struct epd_totals assert_epd_suite(const struct epd_suite *s)
{
	struct epd_totals t;
	if (!epd_check(s, &t)) {
		if (s->skip_missing)
			skip();
		else
			fail_msg("cannot open %s (run from the project root)",
				 s->path);
	}
	assert_int_equal(t.failures, 0);
	return t;
}

/* ----------------------------------------------------------- random games */

unsigned play_random_game(struct position *pos, const struct random_game *g)
{
	unsigned ply;
	for (ply = 0; ply < g->max_plies; ply++) {
		struct movelist list;
		position_legal_moves(pos, &list);
		if (g->visit && !g->visit(g->ctx, pos, &list, ply))
			break;
		if (!list.count)
			break;
		position_make(pos, list.moves[g->pick(g->ctx, list.count)]);
	}
	return ply;
}

uint64_t xorshift64(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}
