/* --range START:END: the games of a file that start in a byte range, for
 * pieces cut at any byte (a job engine's splits).  Both ends move to a
 * cut by one rule, a function of the file's bytes and the offset alone:
 * the first line at or after the offset that starts "[Event " (0 stays
 * 0; none: the file's end).  So the piece before a boundary and the one
 * after it find the same cut, and every game is in exactly one piece.
 * The piece reads on past its end's cut to finish its last game, and
 * stops there (stream.c): a game that runs over the cut (a comment
 * holding such a line) means the cut is no game start, and the run
 * fails.  Line and game numbers are those of the whole file: from the
 * origin options, else by reading the file before the start's cut with
 * a reader of tags alone, which also checks that the cut is a game
 * start.  See engine.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine.h"

#define RANGE_BLOCK ((size_t)64 << 10)
#define EVENT_LINE "[Event "

/* Whether the 8 bytes at p are a line end right before
 * "[Event ": the cut would be at p + 1. */
static bool cut_at(const char *p)
{
	return (p[0] == '\n' || p[0] == '\r') &&
	       !memcmp(p + 1, EVENT_LINE, sizeof EVENT_LINE - 1);
}

/* The cut at or after offset `from` of the file open on fd: UINT64_MAX
 * when there is none, UINT64_MAX - 1 when the file cannot be read. */
static uint64_t find_cut(int fd, uint64_t from)
{
	enum { PAT = sizeof EVENT_LINE };	/* the line end, and the word */
	char buf[RANGE_BLOCK + PAT];
	if (from == 0)
		return 0;
	uint64_t pos = from - 1;	/* the line end before a cut there */
	for (;;) {
		ssize_t n = pread(fd, buf, sizeof buf, (off_t)pos);
		if (n < 0)
			return UINT64_MAX - 1;
		for (ssize_t i = 0; i + PAT <= n; i++)
			if (cut_at(buf + i))
				return pos + (uint64_t)i + 1;
		if (n < (ssize_t)sizeof buf)
			return UINT64_MAX;
		pos += RANGE_BLOCK;
	}
}

/* Games read by r until its next game starts at or past `cut`: their
 * number, rc the last read's return. */
static uint64_t games_before(struct pgn_reader *r, uint64_t cut, int *rc,
			     struct diag *err)
{
	struct pgn_game g;
	uint64_t games = 0;
	pgn_game_init(&g);
	*rc = 1;
	while (pgn_reader_consumed(r) < cut &&
	       (*rc = pgn_reader_next(r, &g, NULL, NULL, err)) == 1)
		games++;
	pgn_game_release(&g);
	return games;
}

/* The place of the game starting at byte `cut`, read from the file's
 * start by a reader of tags alone: 0, or -1 with why (the cut is inside
 * a game, or the file could not be read). */
static int prefix_place(struct engine *e, const char *path, uint64_t cut,
			char *why, size_t n)
{
	struct pgn_reader_opts ro = { .tags_only = true };
	struct diag err;
	struct pgn_reader *r = pgn_reader_open(path, &ro, &err);
	size_t off;
	int rc;
	if (!r) {
		snprintf(why, n, "%s", err.message);
		return -1;
	}
	e->games_before = games_before(r, cut, &rc, &err);
	struct pgn_loc at = { 1, 1 };
	bool at_cut = rc >= 0 && pgn_reader_tell(r, &off, &at) &&
		      pgn_reader_consumed(r) == cut;
	if (rc < 0)
		snprintf(why, n, "%s", err.message);
	else if (!at_cut)
		snprintf(why, n, "%s: no safe cut at byte %llu for --range: "
			 "the line there that starts '" EVENT_LINE "' is "
			 "inside a game", e->cfg->origin.label ?
			 e->cfg->origin.label : path,
			 (unsigned long long)cut);
	pgn_reader_close(r);
	e->line_before = at.line;
	e->carry_col = at.col;
	return at_cut ? 0 : -1;
}

/* The file of a range, open: a regular file of plain text, which can be
 * read at any offset.  -1 with why when it is not. */
static int range_file(const char *path, char *why, size_t n)
{
	struct stat st;
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0) {
		snprintf(why, n, "--range needs a file: could not open '%s': %s",
			 path, strcmp(path, "-") ? strerror(errno) :
			 "standard input cannot be read at an offset");
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    pgn_file_compressed(fd)) {
		snprintf(why, n, "--range reads a regular file of plain text "
			 "at any offset: '%s' is not one (compressed, or a "
			 "pipe)", path);
		close(fd);
		return -1;
	}
	return fd;
}

/* Where the range's games start and where they stop, as cuts: -1 with
 * why when the file cannot be read. */
static int range_cuts(int fd, const struct run_origin *o, uint64_t *start,
		      uint64_t *end, char *why, size_t n)
{
	struct stat st;
	*start = find_cut(fd, o->range_start);
	*end = find_cut(fd, o->range_end);
	if (*start == UINT64_MAX - 1 || *end == UINT64_MAX - 1 ||
	    fstat(fd, &st) != 0) {
		snprintf(why, n, "--range: could not read the file: %s",
			 strerror(errno));
		return -1;
	}
	if (*start == UINT64_MAX)	/* no game starts in the range */
		*start = *end = (uint64_t)st.st_size;
	return 0;
}

/* The engine's input: the file from `start` on, as standard input
 * (pgn_input reads a descriptor from where it stands). */
static int range_input(struct engine *e, int fd, uint64_t start,
		       const char *path)
{
	struct diag err;
	if (lseek(fd, (off_t)start, SEEK_SET) < 0 || dup2(fd, 0) < 0) {
		warn_user("--range: '%s': %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	e->in = pgn_input_open("-", &err);
	e->name = e->cfg->origin.label ? e->cfg->origin.label : path;
	return 0;
}

int rp_range_open(struct engine *e, const char *path)
{
	const struct run_origin *o = &e->cfg->origin;
	char why[DIAG_MESSAGE_MAX];
	uint64_t start, end;
	int fd = range_file(path, why, sizeof why);
	bool placed = o->line || o->column || o->game;
	if (fd < 0 || range_cuts(fd, o, &start, &end, why, sizeof why) != 0 ||
	    (!placed && start && prefix_place(e, path, start, why,
					      sizeof why) != 0)) {
		rp_before_print(e);
		warn_user("%s", why);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	e->piece = start > 0;
	e->range = true;
	e->range_len = end == UINT64_MAX ? UINT64_MAX : end - start;
	e->range_at = start;
	return range_input(e, fd, start, path);
}
