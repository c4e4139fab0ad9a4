/* SVG diagrams: one self-contained document per position.
 *
 * Geometry: a square is 45 units (the piece box of piece_paths.c), the board
 * 360, plus a 20-unit margin on each side for the labels; width and height
 * scale it (viewBox).  Everything is drawn with our own paths, the labels
 * too: no fonts, images or scripts, so every renderer draws the same thing.
 *
 * Painting order: margin, squares, tints (marks, last move), the check
 * glow, labels, pieces, Random Pawns code marks, arrows.  Pieces are
 * defined once in <defs> (only those present) and placed with <use>. */
#include <string.h>

#include "internal.h"
#include "../librules/rules.h"

enum { SQ = 45, BOARD = 8 * SQ, MARGIN = 20 };

struct theme {
	const char *margin, *light, *dark, *label;
};

static const struct theme themes[] = {
	[BOARD_THEME_LIGHT] = { "#f6f2ea", "#ebe1cc", "#a3825f", "#5a4632" },
	[BOARD_THEME_DARK] = { "#1c1f23", "#8b96a5", "#515c6b", "#c4cad3" },
};

/* Fill, outline and contrast (lines, dots) of each side's pieces. */
struct ink {
	const char *fill, *outline, *contrast;
};

static const struct ink inks[2] = {
	[WHITE] = { "#fbfaf6", "#1a1a1a", "#1a1a1a" },
	[BLACK] = { "#2a2a2a", "#0a0a0a", "#e8e8e8" },
};

struct mark_color {
	char letter;
	const char *rgb;
};

/* [%cal]/[%csl] colours, and L for the last move's tint. */
static const struct mark_color mark_colors[] = {
	{ 'G', "#2c8a3c" }, { 'R', "#cf2b2b" }, { 'Y', "#e5b000" },
	{ 'B', "#2b6bcf" }, { 'L', "#f0cf3c" },
};

static const char *mark_rgb(char letter)
{
	for (size_t i = 0; i < sizeof mark_colors / sizeof mark_colors[0]; i++)
		if (mark_colors[i].letter == letter)
			return mark_colors[i].rgb;
	return mark_colors[0].rgb;
}

/* Where things go: the board's top-left corner and the orientation. */
struct frame {
	int origin;		/* MARGIN with labels, else 0 */
	int total;		/* the viewBox's width */
	int height;		/* and height: more with a legend under it */
	bool flip;
};

/* The strip under the board that says what Random Pawns marks mean. */
enum { LEGEND = 22 };

static bool has_codes(const struct position *pos);

static struct frame frame_of(const struct board_style *s,
			     const struct position *pos)
{
	int origin = s->coords ? MARGIN : 0, total = BOARD + 2 * origin;
	int height = total + (has_codes(pos) ? LEGEND : 0);
	return (struct frame){ origin, total, height, s->flip };
}

/* Top-left corner of a square on the page. */
static int square_x(const struct frame *f, int sq)
{
	int file = sq & 7;
	return f->origin + SQ * (f->flip ? 7 - file : file);
}

static int square_y(const struct frame *f, int sq)
{
	int rank = sq >> 3;
	return f->origin + SQ * (f->flip ? rank : 7 - rank);
}

/* ------------------------------------------------------------- header */

/* Text for <title> and <desc>.  The callers' strings are ASCII (SAN, FEN,
 * numbers), so escaping the XML specials is enough; any other byte is
 * replaced so that the document stays well formed whatever comes. */
static void write_xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else
			putc(c < 0x20 || c > 0x7E ? '?' : c, out);
	}
}

static void write_title(FILE *out, const struct board_view *v)
{
	const struct position *pos = v->pos;
	const char *pgn_name = variant_pgn_name(pos->variant);
	const char *name = pgn_name ? pgn_name : "Chess";
	fputs("<title>", out);
	if (v->caption) {
		write_xml_text(out, v->caption);
		fputs(", ", out);
	} else {
		write_xml_text(out, name);
		fputs(" position, ", out);
	}
	board_write_status(out, pos);
	fputs("</title>\n<desc>", out);
	char fen[FEN_MAX];
	position_to_fen(pos, fen, sizeof fen);
	write_xml_text(out, fen);
	fputs("</desc>\n", out);
}

static void write_header(FILE *out, const struct board_view *v,
			 const struct board_style *s, const struct frame *f)
{
	/* --size is the width; the height keeps the proportions. */
	unsigned width = s->size ? s->size : (unsigned)f->total;
	unsigned height = (unsigned)(((unsigned long)width * (unsigned)f->height +
				      (unsigned)f->total / 2) / (unsigned)f->total);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
		"width=\"%u\" height=\"%u\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
		width, height, f->total, f->height);
	write_title(out, v);
}

/* --------------------------------------------------------------- defs */

/* Which of the twelve piece drawings the position needs (a tandem is
 * drawn with pawns), as bits colour * 8 + type. */
static unsigned pieces_used(const struct position *pos)
{
	unsigned used = 0;
	for (int sq = 0; sq < 64; sq++) {
		uint8_t two[2] = { pos->board[sq], pos->board2[sq] };
		for (int i = 0; i < 2; i++) {
			if (!two[i])
				continue;
			int type = PIECE_TYPE(two[i]);
			if (type == TANDEM)
				type = PAWN;
			used |= 1u << (PIECE_COLOR(two[i]) * 8 + type);
		}
	}
	return used;
}

static const char piece_letters[PIECE_TYPES] = " PNBRQKT";

static void write_piece_def(FILE *out, int color, int type)
{
	const struct ink *ink = &inks[color];
	fprintf(out, "<g id=\"%c%c\" stroke-width=\"1.5\" "
		"stroke-linecap=\"round\" stroke-linejoin=\"round\">\n",
		color == WHITE ? 'w' : 'b', piece_letters[type]);
	for (const struct piece_part *p = fmt_piece_parts(type); p->d; p++) {
		switch (p->kind) {
		case PART_BODY:
			fprintf(out, "<path fill=\"%s\" stroke=\"%s\" d=\"%s\"/>\n",
				ink->fill, ink->outline, p->d);
			break;
		case PART_LINE:
			fprintf(out, "<path fill=\"none\" stroke=\"%s\" d=\"%s\"/>\n",
				ink->contrast, p->d);
			break;
		case PART_DOT:
			fprintf(out, "<path fill=\"%s\" d=\"%s\"/>\n",
				ink->contrast, p->d);
			break;
		}
	}
	fputs("</g>\n", out);
}

/* Random Pawns marks, centred on the origin, the arrowheads pointing up;
 * a white halo under each keeps it readable on any square and over the
 * pawn.  Move: an arrowhead (the pawn steps there).  Capture: a cross, the
 * x of SAN (it takes there).  Both: a larger arrowhead with the cross on
 * it.  Crosses are never turned (on a diagonal one would read as +), so
 * "both" is two uses, the arrowhead turned and the cross not. */
static const char code_mark_defs[] =
	"<g id=\"cm\"><path d=\"M0-6.5L5 3.5H-5Z\" fill=\"#fff\" "
	"stroke=\"#fff\" stroke-width=\"3\" stroke-linejoin=\"round\"/>"
	"<path d=\"M0-6.5L5 3.5H-5Z\" fill=\"#1f5fbf\"/></g>\n"
	"<g id=\"cc\" stroke-linecap=\"round\"><path d=\"M-3.3-3.3L3.3 3.3"
	"M3.3-3.3L-3.3 3.3\" stroke=\"#fff\" stroke-width=\"4.6\"/>"
	"<path d=\"M-3.3-3.3L3.3 3.3M3.3-3.3L-3.3 3.3\" stroke=\"#c8202a\" "
	"stroke-width=\"2.2\"/></g>\n"
	"<g id=\"co\"><path d=\"M0-8.6L7 4.3H-7Z\" fill=\"#fff\" "
	"stroke=\"#fff\" stroke-width=\"3\" stroke-linejoin=\"round\"/>"
	"<path d=\"M0-8.6L7 4.3H-7Z\" fill=\"#1f5fbf\"/></g>\n"
	"<g id=\"cx\" stroke-linecap=\"round\"><path d=\"M-2.4-2.4L2.4 2.4"
	"M2.4-2.4L-2.4 2.4\" stroke=\"#fff\" stroke-width=\"3.8\"/>"
	"<path d=\"M-2.4-2.4L2.4 2.4M2.4-2.4L-2.4 2.4\" stroke=\"#c8202a\" "
	"stroke-width=\"1.9\"/></g>\n";

/* How far each mark reaches outward from its centre (the arrowheads'
 * tips), by CODE_*; its centre goes that far inside the square's edge
 * (straight) or corner (diagonal), so no mark crosses into a neighbour. */
static const double mark_tip[4] = { 0, 6.5, 3.3, 8.6 };

static bool has_codes(const struct position *pos)
{
	if (!variant_needs_codes(pos->variant))
		return false;
	for (int sq = 0; sq < 64; sq++)
		if (PIECE_TYPE(pos->board[sq]) == PAWN)
			return true;
	return false;
}

static void write_defs(FILE *out, const struct position *pos, bool check)
{
	fputs("<defs>\n", out);
	unsigned used = pieces_used(pos);
	for (int color = WHITE; color <= BLACK; color++)
		for (int type = PAWN; type <= KING; type++)
			if (used & 1u << (color * 8 + type))
				write_piece_def(out, color, type);
	if (has_codes(pos))
		fputs(code_mark_defs, out);
	if (check)
		fputs("<radialGradient id=\"check\">"
		      "<stop offset=\"0\" stop-color=\"#ff2a1a\"/>"
		      "<stop offset=\"0.45\" stop-color=\"#e3261a\" stop-opacity=\"0.85\"/>"
		      "<stop offset=\"1\" stop-color=\"#a81010\" stop-opacity=\"0\"/>"
		      "</radialGradient>\n", out);
	fputs("</defs>\n", out);
}

/* -------------------------------------------------------------- board */

static void write_squares(FILE *out, const struct frame *f,
			  const struct theme *t)
{
	fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
		f->total, f->height, t->margin);
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		"fill=\"%s\"/>\n<path fill=\"%s\" d=\"", f->origin, f->origin,
		BOARD, BOARD, t->light, t->dark);
	/* a1 is dark: squares whose file and rank have the same parity. */
	for (int sq = 0; sq < 64; sq++)
		if (((sq & 7) + (sq >> 3)) % 2 == 0)
			fprintf(out, "M%d %dh45v45h-45z", square_x(f, sq),
				square_y(f, sq));
	fputs("\"/>\n", out);
}

static void write_tints(FILE *out, const struct board_view *v,
			const struct frame *f)
{
	for (unsigned i = 0; i < v->nmarks; i++) {
		const struct board_mark *m = &v->marks[i];
		if (m->from != m->to || m->from > 63)
			continue;
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"45\" height=\"45\" "
			"fill=\"%s\" fill-opacity=\"%s\"/>\n", square_x(f, m->from),
			square_y(f, m->from), mark_rgb(m->color),
			m->color == 'L' ? "0.6" : "0.55");
	}
}

static void write_check(FILE *out, const struct position *pos,
			const struct frame *f)
{
	int king = position_king(pos, pos->side);
	if (king == NO_SQUARE)
		return;
	fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"45\" height=\"45\" "
		"fill=\"url(#check)\"/>\n", square_x(f, king), square_y(f, king));
}

/* ------------------------------------------------------------- labels */

/* Single-stroke glyphs of our own in a 6x9 box (y down, baseline 9,
 * x-height 3.5); drawn with round caps, they need no font. */
static const char *const file_glyphs[8] = {
	"M5.6 3.6V9M5.6 6.3A2.7 2.7 0 1 0 5.6 6.31",
	"M0.4 0V9M0.4 6.3A2.7 2.7 0 1 1 0.4 6.31",
	"M5.5 4.6A2.7 2.7 0 1 0 5.5 8",
	"M5.6 0V9M5.6 6.3A2.7 2.7 0 1 0 5.6 6.31",
	"M0.5 6.3H5.6A2.6 2.7 0 1 0 4.9 8.2",
	"M5 0.8C3.8 -0.2 1.9 0.2 1.9 2V9M0.2 3.6H4.3",
	"M5.4 6.1A2.5 2.5 0 1 0 5.4 6.11M5.4 3.6V10C5.4 12 1.8 12.2 0.8 10.8",
	"M0.4 0V9M0.4 5.6C1.2 3.5 5.6 3 5.6 6.2V9",
};

static const char *const rank_glyphs[8] = {
	"M1.4 2.2L3.6 0.3V9M1.2 9H6",
	"M0.6 2.6C0.6 0.2 5.5 -0.3 5.5 2.7C5.5 4.9 2.2 6.4 0.5 9H5.8",
	"M0.7 1.2C2.2 -0.4 5.5 0 5.5 2.4C5.5 3.8 4.2 4.5 2.6 4.5"
	"C4.4 4.5 5.8 5.3 5.8 6.8C5.8 9.4 1.8 9.8 0.4 8",
	"M4.4 9V0.3L0.3 6.4H5.8",
	"M5.3 0.3H1.1L0.7 4.2C2.5 3.1 5.8 3.6 5.8 6.3C5.8 9.5 1.7 9.6 0.4 8",
	"M5 0.9C2.6 -0.5 0.4 1.4 0.4 5.4C0.4 9.7 5.7 9.8 5.7 6.3"
	"C5.7 3 1.4 3 0.5 5.6",
	"M0.3 0.3H5.7L2.3 9",
	"M0.9 2.3A2.1 2.1 0 0 1 5.1 2.3A2.1 2.1 0 0 1 0.9 2.3Z"
	"M0.4 6.6A2.6 2.4 0 0 1 5.6 6.6A2.6 2.4 0 0 1 0.4 6.6Z",
};

static void write_glyph(FILE *out, const char *d, double x, double y)
{
	fprintf(out, "<path transform=\"translate(%.1f %.1f)\" d=\"%s\"/>\n", x,
		y, d);
}

static void write_labels(FILE *out, const struct frame *f,
			 const struct theme *t)
{
	fprintf(out, "<g fill=\"none\" stroke=\"%s\" stroke-width=\"1.3\" "
		"stroke-linecap=\"round\" stroke-linejoin=\"round\">\n", t->label);
	for (int i = 0; i < 8; i++) {
		/* File i is under column i (flip: 7 - i); glyphs are 6 wide. */
		int col = f->flip ? 7 - i : i;
		write_glyph(out, file_glyphs[i], f->origin + SQ * col + 19.5,
			    f->origin + BOARD + 4.5);
		int row = f->flip ? i : 7 - i;
		write_glyph(out, rank_glyphs[i], (MARGIN - 6) / 2.0,
			    f->origin + SQ * row + 18);
	}
	fputs("</g>\n", out);
}

/* The side to move: a disc of its colour in the right margin, level with
 * the middle of its own half of the board. */
static void write_turn(FILE *out, const struct position *pos,
		       const struct frame *f, const struct theme *t)
{
	bool bottom = (pos->side == WHITE) != f->flip;
	/* Outlined in the labels' colour, which stands out on either theme. */
	fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\" "
		"stroke=\"%s\" stroke-width=\"1.3\"/>\n", f->origin + BOARD + 10,
		bottom ? f->origin + BOARD - 10 : f->origin + 10,
		inks[pos->side].fill, t->label);
}

/* ------------------------------------------------------------- pieces */

/* Where a drawing goes in its square: its centre moved by (dx, dy) from
 * the square's, scaled by k about that centre. */
struct slot {
	double dx, dy, k;
};

static const struct slot slot_alone = { 0, 0, 1 };
/* A tandem: the pawn printed twice with a slight horizontal displacement
 * (Regan's suggestion), the front one a little lower. */
static const struct slot slot_tandem[2] = { { -4.8, -1.2, 0.9 },
					     { 4.8, 0.8, 0.9 } };
/* Two Pauli pieces side by side, White's (the first) on the left. */
static const struct slot slot_pauli[2] = { { -11, 1.5, 0.72 },
					    { 11, 1.5, 0.72 } };
/* A Random Pawns pawn, smaller and moved back (White's down, Black's
 * up), leaving the forward rim to its code marks. */
static const struct slot slot_coded[2] = { { 0, 2.5, 0.7 },
					    { 0, -2.5, 0.7 } };

static void write_use(FILE *out, uint8_t piece, int type, int x, int y,
		      const struct slot *s)
{
	char id[3] = { PIECE_COLOR(piece) == WHITE ? 'w' : 'b',
		       piece_letters[type], 0 };
	if (s == &slot_alone) {
		fprintf(out, "<use xlink:href=\"#%s\" x=\"%d\" y=\"%d\"/>\n", id,
			x, y);
		return;
	}
	double half = SQ / 2.0;
	fprintf(out, "<use xlink:href=\"#%s\" transform=\"translate(%.2f %.2f) "
		"scale(%g)\"/>\n", id, x + half + s->dx - half * s->k,
		y + half + s->dy - half * s->k, s->k);
}

static void write_square_pieces(FILE *out, const struct position *pos,
				int sq, int x, int y, bool flip)
{
	uint8_t p = pos->board[sq], q = pos->board2[sq];
	if (PIECE_TYPE(p) == TANDEM) {
		write_use(out, p, PAWN, x, y, &slot_tandem[0]);
		write_use(out, p, PAWN, x, y, &slot_tandem[1]);
	} else if (q) {
		write_use(out, p, PIECE_TYPE(p), x, y, &slot_pauli[0]);
		write_use(out, q, PIECE_TYPE(q), x, y, &slot_pauli[1]);
	} else if (PIECE_TYPE(p) == PAWN && variant_needs_codes(pos->variant)) {
		bool turned = (PIECE_COLOR(p) == BLACK) != flip;
		write_use(out, p, PAWN, x, y, &slot_coded[turned]);
	} else {
		write_use(out, p, PIECE_TYPE(p), x, y, &slot_alone);
	}
}

static void write_pieces(FILE *out, const struct position *pos,
			 const struct frame *f)
{
	for (int sq = 0; sq < 64; sq++)
		if (pos->board[sq])
			write_square_pieces(out, pos, sq, square_x(f, sq),
					    square_y(f, sq), f->flip);
}

/* ------------------------------------------------------ Random Pawns */

/* The three forward directions of a pawn, seen from its owner's side, on
 * the page: White's left is toward the a-file, Black's toward the h-file,
 * so a Black pawn's directions are White's turned half round, and so is
 * everything on a flipped page.  Angles in degrees, 0 up, clockwise; with
 * their unit vectors, since the build links no maths library. */
struct heading {
	int angle;
	double x, y;
};

static const struct heading headings[2][3] = {
	{ { -45, -0.7071, -0.7071 }, { 0, 0, -1 }, { 45, 0.7071, -0.7071 } },
	{ { 135, 0.7071, 0.7071 }, { 180, 0, 1 }, { 225, -0.7071, 0.7071 } },
};

static void write_code_mark(FILE *out, char id, double x, double y,
			    int angle)
{
	fprintf(out, "<use xlink:href=\"#c%c\" transform=\"translate(%.1f %.1f)",
		id, x, y);
	if (angle)
		fprintf(out, " rotate(%d)", angle);
	fputs("\"/>\n", out);
}

static void write_code_marks(FILE *out, const struct position *pos,
			     int sq, const struct frame *f)
{
	double cx = square_x(f, sq) + SQ / 2.0, cy = square_y(f, sq) + SQ / 2.0;
	int turned = (PIECE_COLOR(pos->board[sq]) == BLACK) != f->flip;
	for (int dir = DIR_LEFT; dir <= DIR_RIGHT; dir++) {
		int letter = CODE_DIR(pos->code[sq], dir);
		const struct heading *h = &headings[turned][dir];
		/* Tips 1.5 inside the edge (22.5 from the centre); on the
		 * diagonal 25 out (the corner is 31.8), so that the marks of
		 * two pawns side by side stand clear of each other. */
		double limit = dir == DIR_FORWARD ? 21 : 25;
		double reach = limit - mark_tip[letter];
		double x = cx + reach * h->x, y = cy + reach * h->y;
		switch (letter) {
		case CODE_M: write_code_mark(out, 'm', x, y, h->angle); break;
		case CODE_C: write_code_mark(out, 'c', x, y, 0); break;
		case CODE_O:
			write_code_mark(out, 'o', x, y, h->angle);
			write_code_mark(out, 'x', x, y, 0);
			break;
		}
	}
}

static void write_codes(FILE *out, const struct position *pos,
			const struct frame *f)
{
	for (int sq = 0; sq < 64; sq++)
		if (PIECE_TYPE(pos->board[sq]) == PAWN)
			write_code_marks(out, pos, sq, f);
}

/* The code letters of pawnkit-notation(5) in the labels' single-stroke
 * style, and the mark each stands for: M moves there, C captures there, O
 * does either (X, neither, has no mark). */
static const struct {
	const char *glyph;
	char marks[3];
} legend[] = {
	{ "M0.4 9V0L3 6.2L5.6 0V9", "m" },
	{ "M5.5 1.4A2.9 4.4 0 1 0 5.5 7.6", "c" },
	{ "M3 0A2.7 4.5 0 1 0 3 9A2.7 4.5 0 1 0 3 0Z", "ox" },
};

/* "M <mark>  C <mark>  O <mark>", centred under the board (and its file
 * labels), the marks as they stand on a pawn's forward edge. */
static void write_legend(FILE *out, const struct frame *f,
			 const struct theme *t)
{
	enum { ENTRY = 44 };
	double x = (f->total - 3 * ENTRY + 24) / 2.0;
	double y = f->height - LEGEND / 2.0 - (f->origin ? 4 : 0);
	for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
		double ex = x + ENTRY * (double)i;
		fprintf(out, "<path fill=\"none\" stroke=\"%s\" "
			"stroke-width=\"1.3\" stroke-linecap=\"round\" "
			"stroke-linejoin=\"round\" transform=\"translate(%.1f "
			"%.1f)\" d=\"%s\"/>\n", t->label, ex, y - 4.5,
			legend[i].glyph);
		for (const char *m = legend[i].marks; *m; m++)
			write_code_mark(out, *m, ex + 16, y, 0);
	}
}

/* ------------------------------------------------------------- arrows */

/* Newton's square root: the build links no maths library, and an arrow's
 * length (45 to 450 units) needs no more than a few digits. */
static double root(double x)
{
	double r = x > 1 ? x : 1;
	for (int i = 0; i < 24; i++)
		r = (r + x / r) / 2;
	return r;
}

/* An arrow from the centre of one square to near the centre of another,
 * as one polygon: shaft, then head. */
static void write_arrow(FILE *out, const struct board_mark *m,
			const struct frame *f)
{
	const double shaft = 4.5, head = 11, head_len = 17, short_of = 6;
	double x0 = square_x(f, m->from) + SQ / 2.0;
	double y0 = square_y(f, m->from) + SQ / 2.0;
	double x1 = square_x(f, m->to) + SQ / 2.0;
	double y1 = square_y(f, m->to) + SQ / 2.0;
	double len = root((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
	double ux = (x1 - x0) / len, uy = (y1 - y0) / len;	/* along */
	double nx = -uy, ny = ux;				/* across */
	double tx = x1 - ux * short_of, ty = y1 - uy * short_of;
	double bx = tx - ux * head_len, by = ty - uy * head_len;
	fprintf(out, "<path fill=\"%s\" fill-opacity=\"0.8\" d=\"M%.1f %.1f"
		"L%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ\"/>\n",
		mark_rgb(m->color), x0 + nx * shaft, y0 + ny * shaft,
		bx + nx * shaft, by + ny * shaft, bx + nx * head, by + ny * head,
		tx, ty, bx - nx * head, by - ny * head, bx - nx * shaft,
		by - ny * shaft, x0 - nx * shaft, y0 - ny * shaft);
}

static void write_arrows(FILE *out, const struct board_view *v,
			 const struct frame *f)
{
	for (unsigned i = 0; i < v->nmarks; i++)
		if (v->marks[i].from != v->marks[i].to &&
		    v->marks[i].from < 64 && v->marks[i].to < 64)
			write_arrow(out, &v->marks[i], f);
}

/* ----------------------------------------------------------- document */

void board_write_svg(FILE *out, const struct board_view *v,
		     const struct board_style *s)
{
	const struct position *pos = v->pos;
	const struct theme *t = &themes[s->theme == BOARD_THEME_DARK];
	struct frame f = frame_of(s, pos);
	bool check = s->check && position_in_check(pos);
	write_header(out, v, s, &f);
	write_defs(out, pos, check);
	write_squares(out, &f, t);
	write_tints(out, v, &f);
	if (check)
		write_check(out, pos, &f);
	if (s->coords) {
		write_labels(out, &f, t);
		write_turn(out, pos, &f, t);
	}
	write_pieces(out, pos, &f);
	if (has_codes(pos)) {
		write_codes(out, pos, &f);
		write_legend(out, &f, t);
	}
	write_arrows(out, v, &f);
	fputs("</svg>\n", out);
}

/* -------------------------------------------------------------- marks */

int board_view_mark(struct board_view *v, int from, int to, char color)
{
	if (v->nmarks >= BOARD_MARKS_MAX || from < 0 || from > 63 || to < 0 ||
	    to > 63)
		return -1;
	v->marks[v->nmarks++] = (struct board_mark){ (uint8_t)from,
						     (uint8_t)to, color };
	return 0;
}

/* A [%cal]/[%csl] colour letter, in either case; 0 when c is not one. */
static char mark_color(char c)
{
	static const char letters[] = "GRYB";
	char upper = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
	for (const char *l = letters; *l; l++)
		if (*l == upper)
			return upper;
	return 0;
}

int board_mark_parse(const char *s, size_t len, char def,
		     struct board_mark *m)
{
	char sq[3] = { 0 };
	m->color = def;
	/* Odd lengths carry a colour letter: "Ge4", "Re2e4". */
	if (len == 3 || len == 5) {
		if (!(m->color = mark_color(s[0])))
			return -1;
		s++;
		len--;
	}
	if (len != 2 && len != 4)
		return -1;
	memcpy(sq, s, 2);
	int from = square_parse(sq), to = from;
	if (len == 4) {
		memcpy(sq, s + 2, 2);
		to = square_parse(sq);
	}
	if (from < 0 || to < 0)
		return -1;
	m->from = (uint8_t)from;
	m->to = (uint8_t)to;
	return 0;
}

static bool is_separator(char c)
{
	return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* One command's entries, "Ge2e4,Rd7d5", up to its closing bracket (the
 * text need not be NUL-terminated: every scan stops at end). */
static void annotate_entries(struct board_view *v, const char *s,
			     const char *end, bool arrows)
{
	while (s < end && *s != ']') {
		const char *t = s;
		while (t < end && *t != ']' && !is_separator(*t))
			t++;
		struct board_mark m;
		if (t > s && board_mark_parse(s, (size_t)(t - s), 'G', &m) == 0 &&
		    (m.from != m.to) == arrows)
			board_view_mark(v, m.from, m.to, m.color);
		for (s = t; s < end && is_separator(*s); s++)
			;
	}
}

void board_view_annotate(struct board_view *v, const char *text, size_t len)
{
	static const struct {
		const char *command;
		bool arrows;
	} commands[] = { { "[%csl", false }, { "[%cal", true } };
	const char *end = text + len;
	for (const char *s = text; s < end; s++) {
		if (*s != '[')
			continue;
		for (size_t i = 0; i < 2; i++) {
			size_t n = strlen(commands[i].command);
			if ((size_t)(end - s) > n &&
			    memcmp(s, commands[i].command, n) == 0 &&
			    is_separator(s[n]))
				annotate_entries(v, s + n + 1, end,
						 commands[i].arrows);
		}
	}
}
