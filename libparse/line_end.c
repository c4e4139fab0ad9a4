/* Line ends (pgn.h): finding them in a buffer and reading lines by them. */
#include <stdlib.h>

#include "grow.h"
#include "pgn.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The first LF or CR in [p, end), or end: sixteen bytes at a time where
 * there are.  (memchr finds one byte only, and a search for each would
 * run to the end of a file that has none of the other.) */
static const char *lf_or_cr(const char *p, const char *end)
{
#if defined(__SSE2__)
	for (; end - p >= 16; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
					 _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
		unsigned bits = (unsigned)_mm_movemask_epi8(m);
		if (bits)
			return p + __builtin_ctz(bits);
	}
#endif
	/* LF and CR are below ' ': one test passes the rest. */
	while (p < end && ((unsigned char)*p >= ' ' ||
			   (*p != '\n' && *p != '\r')))
		p++;
	return p;
}

const char *pgn_find_line_end(const char *p, const char *end, int next)
{
	for (;;) {
		p = lf_or_cr(p, end);
		if (p == end)
			return NULL;
		if (pgn_line_end((unsigned char)*p,
				 p + 1 < end ? (unsigned char)p[1] : next))
			return p;
		p++;	/* the CR of a CRLF: its LF comes next */
	}
}

/* Grows *line to hold n + 2 bytes (a byte and the NUL); aborts when
 * memory is exhausted, as the reader does. */
static void line_room(char **line, size_t *cap, size_t n)
{
	if (n + 2 > *cap)
		*line = pawnkit_grow(*line, cap, n + 2, 1, 128);
}

ssize_t pgn_read_line_max(char **line, size_t *cap, FILE *in, size_t max,
			  bool *cut)
{
	size_t n = 0;
	int c;

	*cut = false;
	/* Locked once, read a byte at a time: files of FEN lines and
	 * partial statistics, not games. */
	flockfile(in);
	while ((c = getc_unlocked(in)) != EOF && c != '\n') {
		if (c == '\r') {
			/* The line ends here, or at the LF of a CRLF; after a
			 * CR alone, the next byte starts the next line. */
			int next = getc_unlocked(in);
			if (next != EOF && pgn_line_end('\r', next))
				ungetc(next, in);
			break;
		}
		if (n == max) {		/* read on to the line end, keep none */
			*cut = true;
			continue;
		}
		line_room(line, cap, n);
		(*line)[n++] = (char)c;
	}
	funlockfile(in);
	if (c == EOF && n == 0 && !*cut)
		return -1;
	line_room(line, cap, n);
	(*line)[n] = 0;
	return (ssize_t)n;
}

ssize_t pgn_read_line(char **line, size_t *cap, FILE *in)
{
	bool cut;
	return pgn_read_line_max(line, cap, in, SIZE_MAX, &cut);
}
