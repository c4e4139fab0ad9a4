/* Where to cut an input into pieces for chunk readers (pgn_chunk.h): a guess
 * at a game's start that only has to be right most of the time, as
 * run/engine.c reads a game over a wrong one again. */
#include <string.h>

#include "pgn_chunk.h"

/* The first line at or after from that starts with key's '[' (key
 * holds the line ends before it) and is whole in buf[0, len): the offset
 * of that '[', or 0 (never a cut).  The line's end is looked for before
 * buf's last byte, which decides a CR before it (pgn_line_end). */
static size_t find_line(const char *buf, size_t len, size_t from,
			const char *key, size_t *line_end)
{
	const char *p = buf + (from ? from - 1 : 0), *end = buf + len;
	size_t n = strlen(key), at = (size_t)(strchr(key, '[') - key);
	p = memmem(p, (size_t)(end - p), key, n);
	if (!p)
		return 0;
	const char *eol = pgn_find_line_end(p + at, end - 1,
					    (unsigned char)end[-1]);
	if (!eol)
		return 0;
	*line_end = (size_t)(eol + 1 - buf);
	return (size_t)(p + at - buf);
}

/* The first line whole in buf at or after from that starts with key's
 * '[' after LFs (lf) or after CRs (cr), which end lines alike when no LF
 * follows, as none does before '[' (pgn_line_end); 0 when none.  The CR
 * form is looked for only before the LF one, which a file of LF or CRLF
 * lines finds soon. */
static size_t find_either(const char *buf, size_t len, size_t from,
			  const char *lf, const char *cr, size_t *line_end)
{
	size_t lf_end = 0, cut = find_line(buf, len, from, lf, &lf_end);
	size_t before = find_line(buf, cut ? cut : len, from, cr, line_end);
	if (before)
		return before;
	*line_end = lf_end;
	return cut;
}

/* Whether the line before the one that starts at buf[at], right after a
 * line end, is empty: the line end before that one comes right before
 * it.  Either may be an LF, a CRLF (whose CR is no line end but part of
 * it here) or a CR alone, in any mix. */
static bool blank_before(const char *buf, size_t at)
{
	size_t end = at - 1;	/* the line end's last byte, LF or CR */
	if (buf[end] == '\n' && end > 0 && buf[end - 1] == '\r')
		end--;		/* a CRLF: the blank line ends at its CR */
	return end > 0 && (buf[end - 1] == '\n' || buf[end - 1] == '\r');
}

/* A tag line after a blank line, for files without [Event]: each '['
 * from `from` on is looked at once, kept when a line end comes right
 * before it and a blank line before that (a tag section's other lines
 * have none), and when its line is whole in buf (its end found before
 * buf's last byte, which decides a CR before it).  One pass: searching
 * for each line-end form in turn from every rejected '[' rescanned the
 * rest of the buffer each time, which a file of tag lines alone made
 * quadratic (tests/hostile). */
static size_t find_after_blank(const char *buf, size_t len, size_t from,
			       size_t *line_end)
{
	const char *p = buf + from, *end = buf + len;
	for (; p < end && (p = memchr(p, '[', (size_t)(end - p))) != NULL;
	     p++) {
		size_t at = (size_t)(p - buf);
		if (at == 0 || (buf[at - 1] != '\n' && buf[at - 1] != '\r') ||
		    !blank_before(buf, at))
			continue;
		const char *eol = pgn_find_line_end(p, end - 1,
						    (unsigned char)end[-1]);
		if (!eol)
			return 0;
		*line_end = (size_t)(eol + 1 - buf);
		return at;
	}
	return 0;
}

size_t pgn_find_cut(const char *buf, size_t len, size_t from,
		    size_t *line_end)
{
	size_t cut = find_either(buf, len, from, "\n[Event ", "\r[Event ",
				 line_end);
	return cut ? cut : find_after_blank(buf, len, from, line_end);
}
