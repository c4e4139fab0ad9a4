/* Text diagrams, ASCII and Unicode: one layout, two glyph tables.
 *
 *   +-------------------------+   pawn codes
 * 8 | r  n  b  q  k  b  n  r  |   a7 CMC  a2 XCO
 *   ...
 *   +-------------------------+
 *     a  b  c  d  e  f  g  h
 *   White to move
 *
 * Every square has two columns and a space, so that a tandem ("PP") and two
 * Pauli pieces ("Nb", White's first) fit beside single pieces without
 * moving the grid, and all variants share one shape.  Random Pawns codes do
 * not fit in a square; they stand in a legend beside the board, in reading
 * order down the columns (so the start position gives Black's pawns in one
 * column and White's in the next). */
#include <string.h>

#include "formats.h"
#include "../librules/rules.h"

struct glyphs {
	const char *piece[2][PIECE_TYPES];	/* colour, type: one column each */
	const char *empty, *horizontal, *vertical;
	const char *corner[4];	/* top-left, top-right, bottom-left, -right */
};

static const struct glyphs ascii = {
	{ { "", "P", "N", "B", "R", "Q", "K", "P" },
	  { "", "p", "n", "b", "r", "q", "k", "p" } },
	".", "-", "|", { "+", "+", "+", "+" },
};

static const struct glyphs unicode = {
	{ { "", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654",
	    "\u2659" },
	  { "", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A",
	    "\u265F" } },
	"\u00B7", "\u2500", "\u2502",
	{ "\u250C", "\u2510", "\u2514", "\u2518" },
};

enum { CELL = 3, INNER = 8 * CELL + 1, LEGEND_ROWS = 8 };

/* The square at row (0 = top) and column (0 = left) of the page. */
static int square_at(int row, int col, bool flip)
{
	return flip ? row * 8 + (7 - col) : (7 - row) * 8 + col;
}

/* One square, always two columns wide. */
static void write_cell(FILE *out, const struct glyphs *g,
		       const struct position *pos, int sq)
{
	uint8_t p = pos->board[sq], q = pos->board2[sq];
	if (!p) {
		fprintf(out, "%s ", g->empty);
		return;
	}
	const char *first = g->piece[PIECE_COLOR(p)][PIECE_TYPE(p)];
	/* A tandem is its pawn written twice; a Pauli square, both pieces. */
	const char *second = PIECE_TYPE(p) == TANDEM ? first
			     : q ? g->piece[PIECE_COLOR(q)][PIECE_TYPE(q)]
				 : " ";
	fprintf(out, "%s%s", first, second);
}

static void write_rule(FILE *out, const struct glyphs *g, bool coords,
		       const char *left, const char *right)
{
	fputs(coords ? "  " : "", out);
	fputs(left, out);
	for (int i = 0; i < INNER; i++)
		fputs(g->horizontal, out);
	fputs(right, out);
}

/* The Random Pawns legend: "a7 CMC" for every coded pawn, in page order. */
struct legend {
	unsigned n;
	char entry[64][7];
};

static void legend_collect(struct legend *l, const struct position *pos,
			   bool flip)
{
	l->n = 0;
	if (!variant_needs_codes(pos->variant))
		return;
	for (int row = 0; row < 8; row++)
		for (int col = 0; col < 8; col++) {
			int sq = square_at(row, col, flip);
			if (PIECE_TYPE(pos->board[sq]) != PAWN)
				continue;
			char name[3], code[4];
			code_name(pos->code[sq], code);
			snprintf(l->entry[l->n++], sizeof l->entry[0], "%s %s",
				 square_name(sq, name), code);
		}
}

/* Legend row i (beside rank row i): entries i, i + 8, ... */
static void legend_row(FILE *out, const struct legend *l, unsigned row)
{
	for (unsigned i = row; i < l->n; i += LEGEND_ROWS)
		fprintf(out, "%s%s", i == row ? "   " : "  ", l->entry[i]);
}

static void write_rank(FILE *out, const struct glyphs *g,
		       const struct position *pos, const struct board_style *s,
		       int row)
{
	if (s->coords)
		fprintf(out, "%d ", s->flip ? row + 1 : 8 - row);
	fprintf(out, "%s ", g->vertical);
	for (int col = 0; col < 8; col++) {
		write_cell(out, g, pos, square_at(row, col, s->flip));
		putc(' ', out);
	}
	fputs(g->vertical, out);
}

void board_write_status(FILE *out, const struct position *pos)
{
	const char *side = pos->side == WHITE ? "White" : "Black";
	switch (position_state(pos)) {
	case PS_CHECKMATE:
		fprintf(out, "%s is checkmated", side);
		break;
	case PS_STALEMATE:
		fprintf(out, "%s is stalemated", side);
		break;
	default:
		fprintf(out, "%s to move%s", side,
			position_in_check(pos) ? ", in check" : "");
		break;
	}
}

static void write_caption(FILE *out, const struct board_view *v, bool coords)
{
	fputs(coords ? "  " : "", out);
	if (v->caption)
		fprintf(out, "%s, ", v->caption);
	board_write_status(out, v->pos);
	putc('\n', out);
}

static void write_text(FILE *out, const struct glyphs *g,
		       const struct board_view *v, const struct board_style *s)
{
	struct legend legend;
	legend_collect(&legend, v->pos, s->flip);
	write_rule(out, g, s->coords, g->corner[0], g->corner[1]);
	fputs(legend.n ? "   pawn codes\n" : "\n", out);
	for (int row = 0; row < 8; row++) {
		write_rank(out, g, v->pos, s, row);
		legend_row(out, &legend, (unsigned)row);
		putc('\n', out);
	}
	write_rule(out, g, s->coords, g->corner[2], g->corner[3]);
	putc('\n', out);
	if (s->coords) {
		/* Each letter over the first column of its squares. */
		for (int col = 0; col < 8; col++)
			fprintf(out, "%s%c", col ? "  " : "    ",
				"abcdefgh"[s->flip ? 7 - col : col]);
		putc('\n', out);
	}
	write_caption(out, v, s->coords);
}

void board_write_ascii(FILE *out, const struct board_view *v,
		       const struct board_style *s)
{
	write_text(out, &ascii, v, s);
}

void board_write_unicode(FILE *out, const struct board_view *v,
			 const struct board_style *s)
{
	write_text(out, &unicode, v, s);
}
