/* The diagram writers (fen-render): SVG, ASCII and Unicode.  Input: a
 * style byte, a FEN line, then comment text whose [%csl]/[%cal] commands
 * become marks (the rest is the caption).  The SVG must stay printable
 * ASCII whatever the caption holds. */
#include "fuzz.h"

static void check_svg(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		FUZZ_CHECK(s[i] == '\n' || (s[i] >= 0x20 && s[i] < 0x7f));
	FUZZ_CHECK(n > 6 && memcmp(s + n - 7, "</svg>\n", 7) == 0);
}

static void draw(const struct board_view *v, const struct board_style *st)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	FUZZ_CHECK(out != NULL);
	board_write_svg(out, v, st);
	fclose(out);
	check_svg(text, len);
	free(text);
	board_write_ascii(fuzz_null(), v, st);
	board_write_unicode(fuzz_null(), v, st);
	board_write_status(fuzz_null(), v->pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned sizes[] = { 0, 16, 200, 16384 };
	if (size < 1)
		return 0;
	uint8_t b = data[0];
	const char *fen = (const char *)data + 1, *end = (const char *)data + size;
	const char *nl = memchr(fen, '\n', (size_t)(end - fen));
	const char *rest = nl ? nl + 1 : end;
	size_t fen_len = (size_t)((nl ? nl : end) - fen);
	char *fen_z = strndup(fen, fen_len);
	char *caption = strndup(rest, (size_t)(end - rest));
	struct position pos;
	struct diag err;
	if (position_set_fen(&pos, fen_z, fuzz_variant(b >> 4), &err) == 0) {
		struct board_view v = { .pos = &pos,
					.caption = (b & 8) ? caption : NULL };
		struct board_style st = { .flip = b & 1, .coords = b & 2,
					  .check = b & 4,
					  .theme = (enum board_theme)((b >> 3) & 1),
					  .size = sizes[(b >> 6) & 3] };
		struct board_mark m;
		if (board_mark_parse(rest, (size_t)(end - rest) < 6 ?
					   (size_t)(end - rest) : 5, 'G', &m) == 0)
			board_view_mark(&v, m.from, m.to, m.color);
		board_view_annotate(&v, rest, (size_t)(end - rest));
		FUZZ_CHECK(v.nmarks <= BOARD_MARKS_MAX);
		draw(&v, &st);
	}
	free(fen_z);
	free(caption);
	return 0;
}
