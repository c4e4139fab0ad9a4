/* Line formats: one position per line (FEN, EPD), one game per line
 * (UCI moves).  Positions are named by game and by a position id: the
 * ply on the main line ("24"), or the variation path and the ply inside
 * it ("23(1).24": the first variation replacing the move of ply 23), the
 * path syntax of the diagnostics. */
#include <string.h>

#include "internal.h"

#define ID_MAX 256

struct fl {
	FILE *out;
	struct conv_game *cg;
	const struct conv_opts *o;
	bool epd;
};

/* The id after the game number: path and ply, then `tail`.  By hand, as
 * the FEN: printf's parsing of a format was most of a line's work. */
static void fl_id(struct fl *f, const char *path, uint32_t ply,
		  const char *tail)
{
	char id[ID_MAX + 32];
	size_t n = strlen(path), t = strlen(tail);
	memcpy(id, path, n);
	n += pgn_put_uint(id + n, ply);
	memcpy(id + n, tail, t);
	fwrite(id, 1, n + t, f->out);
}

/* "FEN<TAB>GAME<TAB>ID", or the EPD form with the clocks as opcodes:
 * "BOARD SIDE CASTLING EP hmvc H; fmvn F; id "GAME:ID";".  The game
 * number is written apart: with --jobs it is known only later. */
static void fl_position(struct fl *f, const struct position *pos,
			const char *path, uint32_t ply)
{
	char line[FEN_MAX + 64];
	size_t n = position_to_fen(pos, line, FEN_MAX);
	uint64_t game = f->cg->game->index;
	if (!f->epd) {
		line[n++] = '\t';
		fwrite(line, 1, n, f->out);
		fmt_conv_number_write(f->cg->number, f->out, game);
		putc('\t', f->out);
		fl_id(f, path, ply, "\n");
		return;
	}
	/* The four fields before the clocks. */
	size_t fields = 0;
	for (int spaces = 0; fields < n; fields++)
		if (line[fields] == ' ' && ++spaces == 4)
			break;
	n = fields;
	memcpy(line + n, " hmvc ", 6);
	n += 6;
	n += pgn_put_uint(line + n, pos->halfmove);
	memcpy(line + n, "; fmvn ", 7);
	n += 7;
	n += pgn_put_uint(line + n, pos->fullmove);
	memcpy(line + n, "; id \"", 6);
	n += 6;
	fwrite(line, 1, n, f->out);
	fmt_conv_number_write(f->cg->number, f->out, game);
	putc(':', f->out);
	fl_id(f, path, ply, "\";\n");
}

static void fl_line(struct fl *f, const struct pgn_line *line,
		    const struct position *start, uint32_t ply,
		    unsigned depth, const char *path);

/* The variations replacing the move of step s, each under its path. */
static void fl_variations(struct fl *f, const struct conv_step *s,
			  const char *path)
{
	unsigned nth = 0;
	char sub[ID_MAX];
	for (const struct pgn_item *it = s->split; it != s->end; it = it->next) {
		if (it->kind != PI_VARIATION ||
		    !fmt_conv_keep(f->cg, f->o, it, 0))
			continue;
		snprintf(sub, sizeof sub, "%s%u(%u).", path, (unsigned)s->ply,
			 ++nth);
		fl_line(f, it->variation, s->before, s->ply - 1,
			s->depth + 1, sub);
	}
}

static void fl_line(struct fl *f, const struct pgn_line *line,
		    const struct position *start, uint32_t ply,
		    unsigned depth, const char *path)
{
	struct conv_line l;
	struct conv_step s;
	fmt_conv_line_begin(&l, f->cg, line, start, ply, depth);
	while (fmt_conv_line_next(&l, &s)) {
		fl_position(f, s.after, path, s.ply);
		fl_variations(f, &s, path);
	}
}

void fmt_fen_write_game(FILE *out, struct conv_game *cg,
			const struct conv_opts *o, bool epd)
{
	struct fl f = { out, cg, o, epd };
	cg->cursor = 0;
	fl_position(&f, &cg->start, "", 0);
	fl_line(&f, &cg->game->moves, &cg->start, 0, 0, "");
}

void fmt_uci_line_write_game(FILE *out, struct conv_game *cg,
			     const struct conv_opts *o)
{
	struct conv_line l;
	struct conv_step s;
	char text[MOVE_TEXT_MAX];
	(void)o;
	cg->cursor = 0;
	fmt_conv_line_begin(&l, cg, &cg->game->moves, &cg->start, 0, 0);
	for (bool first = true; fmt_conv_line_next(&l, &s); first = false) {
		size_t n = s.move != MOVE_NONE
				   ? move_write(s.before, s.move, NOTATION_UCI,
						text, sizeof text)
				   : (size_t)snprintf(text, sizeof text, "0000");
		if (!first)
			putc(' ', out);
		fwrite(text, 1, n, out);
	}
	putc('\n', out);
}
