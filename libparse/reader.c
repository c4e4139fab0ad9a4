/* The streaming PGN reader: buffering, game boundaries, diagnostics.
 *
 * Input is read in large blocks into one buffer that holds the current
 * game (and whatever follows it in the block); the buffer grows only when a
 * single game does not fit, up to max_game_bytes.  Each game is lexed in one
 * attempt over the bytes held (see pgn_lex.h); an attempt that runs off the
 * end of the buffer is dropped, more is read and the game is lexed again.
 * Diagnostics are queued during an attempt and sent when it completes.
 *
 * A game over max_game_bytes is returned flagged PGN_TOO_LARGE with its
 * tags and no movetext tree.  When its end turns up within a little slack
 * past the limit, its raw bytes are whole.  Otherwise only its first
 * max_game_bytes bytes are kept as raw and the rest of it, up to a line
 * that starts a new game ("[Event " or a tag line after a blank line), is
 * skipped: that game is the one place where the raw bytes of all games do
 * not add up to the input. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgn_lex.h"

#define READ_BLOCK ((size_t)1 << 20)
#define DEFAULT_MAX_GAME ((size_t)64 << 20)
#define DEFAULT_MAX_DEPTH 256u
#define MAX_DEPTH_CAP 65536u
#define MAX_QUEUED_DIAGS 100
/* How far past max_game_bytes the end of a game is still looked for. */
#define LIMIT_SLACK ((size_t)4096)

/* ----------------------------------------------------------- allocation */

static void *reader_realloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		abort();	/* as the arena: no recovery inside a filter */
	return p;
}

void lex_grow_tags(struct pgn_reader *r, size_t need)
{
	if (need <= r->tag_cap)
		return;
	r->tag_cap = r->tag_cap ? r->tag_cap * 2 : 32;
	r->tagv = reader_realloc(r->tagv, r->tag_cap * sizeof *r->tagv);
}

/* -------------------------------------------------------- shared helpers */

void lex_count_lines(struct pgn_lex *x, const char *from, const char *to)
{
	const char *nl;

	while ((nl = memchr(from, '\n', (size_t)(to - from))) != NULL) {
		lex_newline(x, nl);
		from = nl + 1;
	}
}

enum lx lex_end_at(struct pgn_lex *x, const char *p)
{
	x->game_end = p;
	x->end_line = x->line;
	x->end_col = lex_loc(x, p).col;
	return LX_END;
}

void lex_diag(struct pgn_lex *x, struct pgn_loc loc, enum diag_severity sev,
	      enum diag_code code, const char *fmt, ...)
{
	struct pgn_reader *r = x->r;
	struct diag *d;
	va_list ap;

	if (sev == DIAG_ERROR)
		x->g->flags |= PGN_SYNTAX_ERROR;
	if (r->ndiags == MAX_QUEUED_DIAGS + 1)
		return;
	if (r->ndiags == r->diag_cap) {
		r->diag_cap = r->diag_cap ? r->diag_cap * 2 : 8;
		r->diags = reader_realloc(r->diags, r->diag_cap * sizeof *d);
	}
	d = &r->diags[r->ndiags++];
	memset(d, 0, sizeof *d);
	d->line = loc.line;
	d->col = loc.col;
	if (r->ndiags == MAX_QUEUED_DIAGS + 1) {
		diag_setf(d, DIAG_NOTE, code, "further diagnostics for this "
			  "game suppressed");
		return;
	}
	d->severity = sev;
	d->code = code;
	va_start(ap, fmt);
	vsnprintf(d->message, sizeof d->message, fmt, ap);
	va_end(ap);
}

/* ------------------------------------------------------------- creation */

static struct pgn_reader *reader_new(const char *name,
				     const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = calloc(1, sizeof *r);

	if (!r)
		abort();
	r->name = name ? name : "-";
	r->fd = -1;
	r->line = 1;
	r->col = 1;
	r->origin = true;
	if (opts)
		r->opts = *opts;
	if (!r->opts.max_game_bytes)
		r->opts.max_game_bytes = DEFAULT_MAX_GAME;
	/* Item lengths are 32-bit. */
	if (r->opts.max_game_bytes > UINT32_MAX)
		r->opts.max_game_bytes = UINT32_MAX;
	if (!r->opts.max_depth)
		r->opts.max_depth = DEFAULT_MAX_DEPTH;
	if (r->opts.max_depth > MAX_DEPTH_CAP)
		r->opts.max_depth = MAX_DEPTH_CAP;
	r->stack = reader_realloc(NULL, (r->opts.max_depth + 1) *
					      sizeof *r->stack);
	return r;
}

struct pgn_reader *pgn_reader_open(const char *path,
				   const struct pgn_reader_opts *opts,
				   struct diag *err)
{
	struct pgn_reader *r;
	int fd = 0;

	if (path && strcmp(path, "-") != 0) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			memset(err, 0, sizeof *err);
			err->file = path;
			diag_setf(err, DIAG_ERROR, DC_IO,
				  "could not open '%s': %s", path,
				  strerror(errno));
			return NULL;
		}
	}
	r = reader_new(path, opts);
	r->fd = fd;
	r->cap = READ_BLOCK;
	r->own = reader_realloc(NULL, r->cap);
	r->data = r->own;
	return r;
}

struct pgn_reader *pgn_reader_from_memory(const char *name, const char *buf,
					  size_t len,
					  const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = reader_new(name, opts);

	r->data = buf;
	r->len = len;
	r->eof = true;
	return r;
}

struct pgn_reader *pgn_reader_from_chunk(const char *name, const char *buf,
					 size_t len, bool last, bool origin,
					 struct pgn_loc at,
					 const struct pgn_reader_opts *opts)
{
	struct pgn_reader *r = pgn_reader_from_memory(name, buf, len, opts);

	r->eof = last;
	r->origin = origin;
	r->line = at.line;
	r->col = at.col;
	return r;
}

bool pgn_reader_tell(const struct pgn_reader *r, size_t *offset,
		     struct pgn_loc *at)
{
	*offset = r->start;
	at->line = r->line;
	at->col = r->col;
	return !r->skipping;
}

void pgn_reader_close(struct pgn_reader *r)
{
	if (!r)
		return;
	if (r->fd > 0)
		close(r->fd);
	free(r->own);
	free(r->tagv);
	free(r->stack);
	free(r->diags);
	free(r);
}

/* ---------------------------------------------------------------- input */

static int reader_io_error(struct pgn_reader *r, struct diag *err)
{
	memset(err, 0, sizeof *err);
	err->file = r->name;
	diag_setf(err, DIAG_ERROR, DC_IO, "could not read '%s': %s", r->name,
		  strerror(errno));
	return -1;
}

/* Moves the unread bytes to the front, grows the buffer if they fill it,
 * and reads until it is full or the input ends. */
static int reader_fill(struct pgn_reader *r, struct diag *err)
{
	if (r->start > 0) {
		memmove(r->own, r->own + r->start, r->len - r->start);
		r->len -= r->start;
		r->start = 0;
	}
	if (r->len == r->cap) {
		r->cap *= 2;
		r->own = reader_realloc(r->own, r->cap);
		r->data = r->own;
	}
	while (r->len < r->cap) {
		ssize_t n = read(r->fd, r->own + r->len, r->cap - r->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return reader_io_error(r, err);
		if (n == 0) {
			r->eof = true;
			break;
		}
		r->len += (size_t)n;
	}
	return 0;
}

/* ------------------------------------------------------------- attempts */

static void game_clear(struct pgn_game *g, const struct pgn_reader *r)
{
	arena_reset(&g->arena);
	g->index = r->index + 1;
	g->file = r->name;
	g->raw = NULL;
	g->raw_len = 0;
	g->start = (struct pgn_loc){ r->line, r->col };
	g->tags = NULL;
	g->ntags = 0;
	memset(&g->moves, 0, sizeof g->moves);
	g->result = NULL;
	g->flags = 0;
}

static void lex_init(struct pgn_lex *x, struct pgn_reader *r,
		     struct pgn_game *g, size_t window, bool eof)
{
	memset(x, 0, sizeof *x);
	x->r = r;
	x->g = g;
	x->base = r->data + r->start;
	x->p = x->base;
	x->end = x->base + window;
	x->eof = eof;
	x->build = !r->opts.tags_only;
	x->build_depth = x->build ? (long)r->opts.max_depth : -1;
	x->copy_src = x->base;
	x->line = r->line;
	x->line_start = x->base;
	x->col_bias = r->col;
	r->stack[0] = &g->moves;
}

/* A UTF-8 byte order mark opens the input: skipped by the lexer, kept in
 * the first game's raw bytes, not counted in columns. */
static enum lx lex_skip_bom(struct pgn_lex *x)
{
	static const char bom[3] = { '\xef', '\xbb', '\xbf' };
	size_t n = (size_t)(x->end - x->p);

	if (n < 3 && !x->eof && !memcmp(x->p, bom, n))
		return LX_MORE;
	if (n >= 3 && !memcmp(x->p, bom, 3)) {
		x->p += 3;
		x->line_start = x->p;
	}
	return LX_OK;
}

static enum lx lex_game(struct pgn_lex *x, bool at_origin)
{
	enum lx rc = at_origin ? lex_skip_bom(x) : LX_OK;

	while (rc == LX_OK) {
		rc = lex_tag_section(x);
		if (rc == LX_OK)
			rc = lex_movetext(x);
		if (rc != LX_PRELUDE)
			break;
		/* Comments before a tag section: they stay in the raw bytes
		 * but the tree starts with the tags. */
		memset(&x->g->moves, 0, sizeof x->g->moves);
		x->anything = false;
		rc = LX_OK;
	}
	return rc;
}

static enum lx reader_attempt(struct pgn_reader *r, struct pgn_game *g,
			      struct pgn_lex *x, size_t window, bool eof)
{
	game_clear(g, r);
	r->ndiags = 0;
	lex_init(x, r, g, window, eof);
	return lex_game(x, r->origin && r->index == 0);
}

/* --------------------------------------------------------- finishing */

static void finish_tags(struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	g->ntags = x->ntags;
	if (!x->ntags)
		return;
	g->tags = arena_alloc(&g->arena, x->ntags * sizeof *g->tags);
	memcpy(g->tags, x->r->tagv, x->ntags * sizeof *g->tags);
}

/* NULs are kept; the first one is located for the warning. */
static void finish_nul(struct pgn_lex *x)
{
	struct pgn_game *g = x->g;
	const char *nul = memchr(g->raw, 0, g->raw_len);
	struct pgn_lex at;

	if (!nul)
		return;
	g->flags |= PGN_HAS_NUL;
	at = *x;
	at.line = x->r->line;
	at.line_start = g->raw;
	at.col_bias = x->r->col;
	lex_count_lines(&at, g->raw, nul);
	lex_diag(x, lex_loc(&at, nul), DIAG_WARNING, DC_ENCODING,
		 "NUL byte in the input (kept as is)");
}

static void finish_result(struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	if (x->depth > 0) {
		lex_diag(x, x->outer_open, DIAG_ERROR, DC_UNTERMINATED,
			 "variation opened here is not closed");
		x->unterminated = true;
	}
	if (g->result)
		return;
	g->flags |= PGN_NO_RESULT;
	if (!x->unterminated)
		lex_diag(x, g->start, DIAG_WARNING, DC_NO_RESULT,
			 "game has no termination marker");
}

/* Diagnostics in input order (finishing ones were appended last). */
static void sort_diags(struct pgn_reader *r)
{
	size_t i, j;

	for (i = 1; i < r->ndiags; i++) {
		struct diag d = r->diags[i];
		for (j = i; j > 0 && (r->diags[j - 1].line > d.line ||
				      (r->diags[j - 1].line == d.line &&
				       r->diags[j - 1].col > d.col)); j--)
			r->diags[j] = r->diags[j - 1];
		r->diags[j] = d;
	}
}

static void send_diags(struct pgn_reader *r, const struct pgn_game *g,
		       diag_fn report, void *ctx)
{
	size_t i;

	if (!report)
		return;
	sort_diags(r);
	for (i = 0; i < r->ndiags; i++) {
		struct diag *d = &r->diags[i];
		d->file = r->name;
		d->game = g->index;
		d->white = pgn_tag_value(g, "White");
		d->black = pgn_tag_value(g, "Black");
		report(ctx, d);
	}
	r->ndiags = 0;
}

static void reader_finish(struct pgn_reader *r, struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	g->raw = x->base;
	g->raw_len = (size_t)(x->game_end - x->base);
	finish_tags(x);
	finish_result(x);
	finish_nul(x);
	r->start += g->raw_len;
	r->line = x->end_line;
	r->col = x->end_col;
	r->index++;
}

/* Moves the next game's start to p, counting the lines on the way. */
static void reader_advance(struct pgn_reader *r, const struct pgn_lex *x,
			   const char *p)
{
	struct pgn_lex at = *x;

	at.line = r->line;
	at.line_start = x->base;
	at.col_bias = r->col;
	lex_count_lines(&at, x->base, p);
	r->start += (size_t)(p - x->base);
	r->line = at.line;
	r->col = lex_loc(&at, p).col;
}

/* Bytes with no game in them (blanks, NULs, a BOM) where the input ends:
 * one game flagged as an error, so that the caller still gets the bytes
 * (the raw bytes of all games add up to the input). */
static void reader_no_game(struct pgn_reader *r, struct pgn_lex *x)
{
	struct pgn_game *g = x->g;

	g->raw = x->base;
	g->raw_len = (size_t)(x->game_end - x->base);
	g->flags |= PGN_NO_RESULT;
	if (memchr(g->raw, 0, g->raw_len))
		g->flags |= PGN_HAS_NUL;
	lex_diag(x, g->start, DIAG_ERROR, DC_SYNTAX, "no PGN game found");
	r->start += g->raw_len;
	r->line = x->end_line;
	r->col = x->end_col;
	r->index++;
}

/* ------------------------------------------------------------ too large */

static void too_large_diag(struct pgn_lex *x, size_t max, bool whole)
{
	x->r->ndiags = 0;
	x->g->flags = PGN_TOO_LARGE;
	lex_diag(x, x->g->start, DIAG_ERROR, DC_LIMIT,
		 "game larger than %zu bytes: %s", max,
		 whole ? "tags and raw bytes only"
		       : "only its tags and first bytes are kept");
}

/* The game ended within the slack: whole raw bytes, tags, no tree. */
static void reader_over_limit(struct pgn_reader *r, struct pgn_lex *x)
{
	memset(&x->g->moves, 0, sizeof x->g->moves);
	x->g->result = NULL;
	reader_finish(r, x);
	too_large_diag(x, r->opts.max_game_bytes, true);
	finish_nul(x);
}

/* Tags from the first max_game_bytes bytes; the rest is skipped on the
 * next call (the raw bytes must stay valid until then). */
static void reader_too_large(struct pgn_reader *r, struct pgn_game *g,
			     struct pgn_lex *x)
{
	size_t max = r->opts.max_game_bytes;
	bool tags_only = r->opts.tags_only;

	r->opts.tags_only = true;
	reader_attempt(r, g, x, max, true);
	r->opts.tags_only = tags_only;
	memset(&g->moves, 0, sizeof g->moves);
	g->result = NULL;
	too_large_diag(x, max, false);
	finish_tags(x);
	g->raw = x->base;
	g->raw_len = max;
	finish_nul(x);
	reader_advance(r, x, x->base + max);
	r->index++;
	r->skipping = true;
}

/* A line that surely starts a game: "[Event ", or a tag line after a
 * blank one.  p is just past a newline. */
static bool skip_is_start(struct pgn_lex *x, const char *prev, const char *p)
{
	bool more;
	const char *q;

	if (x->end - p >= 7 && !memcmp(p, "[Event ", 7))
		return true;
	for (q = prev; q < p - 1; q++)
		if (!lex_blank((unsigned char)*q))
			return false;
	return *p == '[' && lex_tag_line(x, p, &more);
}

/* Drops the rest of a too-large game, reading as needed. */
static int reader_skip(struct pgn_reader *r, struct diag *err)
{
	struct pgn_lex x;
	struct pgn_game scratch;
	const char *nl, *prev;

	for (;;) {
		lex_init(&x, r, &scratch, r->len - r->start, r->eof);
		prev = x.base;
		while ((nl = memchr(x.p, '\n', (size_t)(x.end - x.p))) &&
		       x.end - nl > 8) {
			lex_newline(&x, nl);
			x.p = nl + 1;
			if (skip_is_start(&x, prev, x.p)) {
				r->start += (size_t)(x.p - x.base);
				r->line = x.line;
				r->col = 1;
				r->skipping = false;
				return 0;
			}
			prev = x.p;
		}
		if (r->eof) {
			r->start = r->len;
			r->skipping = false;
			return 0;
		}
		/* Keep the last line: it may be the start looked for. */
		r->start += (size_t)(prev - x.base);
		r->line = x.line;
		r->col = 1;
		if (r->fd < 0)
			return PGN_NEED_MORE;	/* a chunk reader */
		if (reader_fill(r, err) < 0)
			return -1;
	}
}

/* ----------------------------------------------------------------- next */

int pgn_reader_next(struct pgn_reader *r, struct pgn_game *g,
		    diag_fn report, void *ctx, struct diag *err)
{
	size_t max = r->opts.max_game_bytes;
	struct pgn_lex x;
	enum lx rc;

	if (r->skipping) {
		int skipped = reader_skip(r, err);
		if (skipped != 0)
			return skipped;
	}
	for (;;) {
		size_t held = r->len - r->start;
		size_t window = held < max + LIMIT_SLACK ? held
							 : max + LIMIT_SLACK;
		rc = reader_attempt(r, g, &x, window, r->eof && window == held);
		if (rc != LX_MORE)
			break;
		if (window < held || held >= max + LIMIT_SLACK) {
			reader_too_large(r, g, &x);
			send_diags(r, g, report, ctx);
			return 1;
		}
		if (r->fd < 0)
			return PGN_NEED_MORE;	/* a chunk reader */
		if (reader_fill(r, err) < 0)
			return -1;
	}
	if (!x.anything && x.game_end == x.base) {
		r->start = r->len;
		return 0;
	}
	if (!x.anything)
		reader_no_game(r, &x);
	else if ((size_t)(x.game_end - x.base) > max)
		reader_over_limit(r, &x);
	else
		reader_finish(r, &x);
	send_diags(r, g, report, ctx);
	return 1;
}

/* ---------------------------------------------------------------- games */

void pgn_game_init(struct pgn_game *g)
{
	memset(g, 0, sizeof *g);
	arena_init(&g->arena);
}

void pgn_game_release(struct pgn_game *g)
{
	arena_release(&g->arena);
	pgn_game_init(g);
}
