/* Line formats: one position per line (FEN, EPD), one game per line
 * (UCI moves).  Positions are named by game and by a position id: the
 * ply on the main line ("24"), or the variation path and the ply inside
 * it ("23(1).24": the first variation replacing the move of ply 23), the
 * path syntax of the diagnostics. */
#include <string.h>

#include "internal.h"

#define ID_MAX 256

struct fl {
	struct fmt_out out;
	struct conv_game *cg;
	const struct conv_opts *o;
	bool epd;
	struct fmt_fen_cache fen;
	/* The game's number in digits, made once for all its lines; 0
	 * bytes when its conv_number writes it (--jobs). */
	char number[24];
	size_t number_len;
	/* The variant's id, written when it is not standard chess: a
	 * column of FEN lines, an operation of EPD; else "". */
	const char *variant;
	size_t variant_len;
};

/* A variation path as written before a ply: "" on the main line. */
struct fl_path {
	const char *s;
	size_t n;
};

/* Room for what follows the game number. */
static size_t fl_id_room(const struct fl *f, const struct fl_path *path)
{
	return path->n + 32 + f->variant_len;
}

/* What follows the game number, at p (fl_id_room() bytes): the
 * separator, path and ply, the variant column, and the line's end; its
 * length. */
static size_t fl_id(const struct fl *f, const struct fl_path *path,
		    uint32_t ply, char *p)
{
	size_t n = 1;
	p[0] = f->epd ? ':' : '\t';
	if (path->n)
		memcpy(p + n, path->s, path->n);
	n += path->n;
	n += pgn_put_uint_small(p + n, ply);
	if (!f->epd) {
		if (f->variant_len) {
			p[n++] = '\t';
			memcpy(p + n, f->variant, f->variant_len);
			n += f->variant_len;
		}
		p[n] = '\n';
		return n + 1;
	}
	memcpy(p + n, "\";\n", 3);
	return n + 3;
}

/* Where the last field of [s, s + n) starts: past its last space. */
static size_t last_field(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] != ' ')
		n--;
	return n;
}

/* A FEN's clocks as EPD writes them: their digits and lengths. */
struct epd_clocks {
	char half[16], full[16];
	size_t half_len, full_len;
};

/* The clocks of a FEN written from pos: the board and the three fields
 * after it kept (a FEN cut at FEN_MAX keeps what it has), the counters
 * from pos; the length up to the clocks. */
static size_t epd_cut(char *line, size_t n, const struct position *pos,
		      struct epd_clocks *c)
{
	/* The board, the longest field, ends at the first space. */
	const char *board_end = memchr(line, ' ', n);
	size_t fields = board_end ? (size_t)(board_end - line) : n;
	for (int spaces = 0; fields < n; fields++)
		if (line[fields] == ' ' && ++spaces == 4)
			break;
	c->half_len = pgn_put_uint_small(c->half, pos->halfmove);
	c->full_len = pgn_put_uint_small(c->full, pos->fullmove);
	return fields;
}

/* The clocks of a FEN the replay's visitor wrote (standard chess, never
 * cut): its last two fields, ten digits at most each, taken from the
 * text; the length up to them. */
static size_t epd_split(char *line, size_t n, struct epd_clocks *c)
{
	size_t full_at = last_field(line, n);
	size_t half_at = full_at ? last_field(line, full_at - 1) : 0;
	if (!half_at) {	/* not a FEN of six fields: no clocks to move */
		c->half_len = c->full_len = 0;
		return n;
	}
	c->half_len = full_at - 1 - half_at;
	c->full_len = n - full_at;
	memcpy(c->half, line + half_at, c->half_len);
	memcpy(c->full, line + full_at, c->full_len);
	return half_at - 1;
}

/* The EPD fields of a FEN (cut before its clocks, four fields), the
 * clocks as opcodes (from pos, or from the FEN's text when pos is NULL)
 * and the variant's, up to the id's opening quote. */
static size_t epd_fields(const struct fl *f, const struct position *pos,
			 char *line, size_t n)
{
	struct epd_clocks c;
	n = pos ? epd_cut(line, n, pos, &c) : epd_split(line, n, &c);
	const char *half = c.half, *full = c.full;
	size_t half_len = c.half_len, full_len = c.full_len;
	memcpy(line + n, " hmvc ", 6);
	memcpy(line + n + 6, half, half_len);
	n += 6 + half_len;
	memcpy(line + n, "; fmvn ", 7);
	memcpy(line + n + 7, full, full_len);
	n += 7 + full_len;
	if (f->variant_len) {
		memcpy(line + n, "; variant \"", 11);
		memcpy(line + n + 11, f->variant, f->variant_len);
		n += 11 + f->variant_len;
		line[n++] = '"';
	}
	memcpy(line + n, "; id \"", 6);
	return n + 6;
}

/* Room for a line of a FEN and what follows it. */
static size_t fl_room(const struct fl *f, const struct fl_path *path)
{
	return FEN_MAX + 64 + 24 + 2 * f->variant_len + fl_id_room(f, path);
}

/* "FEN<TAB>GAME<TAB>ID", or the EPD form with the clocks as opcodes:
 * "BOARD SIDE CASTLING EP hmvc H; fmvn F; id "GAME:ID";", the FEN (n
 * bytes) at p, in the output's room (fl_room()).  With --jobs the game
 * number is written apart: it is known only later. */
static void fl_put_line(struct fl *f, const struct position *pos, char *p,
			size_t n, const struct fl_path *path, uint32_t ply)
{
	if (f->epd)
		n = epd_fields(f, pos, p, n);
	else
		p[n++] = '\t';
	if (!f->number_len) {
		f->out.n += n;
		fmt_out_game_number(&f->out, f->cg->number,
				    f->cg->game->index);
		p = fmt_out_room(&f->out, fl_id_room(f, path));
		n = 0;
	} else {
		memcpy(p + n, f->number, sizeof f->number);
		n += f->number_len;
	}
	f->out.n += n + fl_id(f, path, ply, p + n);
}

static void fl_position(struct fl *f, const struct position *pos,
			const struct fl_path *path, uint32_t ply)
{
	char *p = fmt_out_room(&f->out, fl_room(f, path));
	fl_put_line(f, pos, p, fmt_fen(&f->fen, pos, p), path, ply);
}

static void fl_line(struct fl *f, const struct pgn_line *line,
		    const struct position *start, uint32_t ply,
		    unsigned depth, const char *path);

/* The variations replacing the move of step s, each under its path
 * (cut at ID_MAX - 1 bytes, deep down). */
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
	const struct fl_path p = { path, strlen(path) };
	fmt_conv_line_begin(&l, f->cg, line, start, ply, depth);
	while (fmt_conv_line_next(&l, &s)) {
		fl_position(f, s.after, &p, s.ply);
		if (!s.bare)
			fl_variations(f, &s, path);
	}
}

/* A game replayed by the fast path from a reader that built no tree
 * (FEN, EPD and UCI lines need none: pgn-convert reads their games
 * tags_only): no items to walk, but its moves, all on the main line, are
 * recorded in order (a game with variations or null moves is not the
 * fast path's, and its tree is read). */
static bool records_only(const struct conv_game *cg)
{
	return !cg->game->moves.first && cg->nmoves > 0;
}

/* The positions after the recorded moves, the main line's. */
static void fl_records(struct fl *f, const struct fl_path *main_line)
{
	for (size_t i = 0; i < f->cg->nmoves; i++)
		fl_position(f, &f->cg->moves[i].after, main_line,
			    (uint32_t)(i + 1));
}

/* The positions of a game recorded as FENs (conv_game.texts), the main
 * line's, each after a byte of its length. */
static void fl_texts(struct fl *f, const struct fl_path *main_line)
{
	const struct conv_game *cg = f->cg;
	const char *t = cg->text_buf;
	for (size_t i = 0; i < cg->nmoves; i++) {
		size_t n = (uint8_t)*t++;
		char *p = fmt_out_room(&f->out, fl_room(f, main_line));
		memcpy(p, t, n);
		fl_put_line(f, NULL, p, n, main_line, (uint32_t)(i + 1));
		t += n;
	}
}

void fmt_fen_write_game(FILE *out, struct conv_game *cg,
			const struct conv_opts *o, bool epd)
{
	struct fl f = { .cg = cg, .o = o, .epd = epd };
	const struct fl_path main_line = { "", 0 };
	fmt_out_begin(&f.out, out, cg);
	fmt_fen_cache_init(&f.fen, cg);
	f.fen.castling = o->castling;
	if (cg->start.variant && cg->start.variant != &variant_standard) {
		f.variant = variant_id(cg->start.variant);
		f.variant_len = strlen(f.variant);
	}
	if (!cg->number || !cg->number->write)
		f.number_len = pgn_put_uint_small(f.number, cg->game->index);
	cg->cursor = 0;
	fl_position(&f, &cg->start, &main_line, 0);
	if (cg->texts)
		fl_texts(&f, &main_line);
	else if (records_only(cg))
		fl_records(&f, &main_line);
	else
		fl_line(&f, &cg->game->moves, &cg->start, 0, 0, "");
	fmt_out_end(&f.out);
}

/* The main line's moves in coordinates, a blank before each but the
 * first, by the walk of the tree or from the records alone. */
static void uci_move(struct fmt_out *b, const struct position *before,
		     move_t m, bool first)
{
	char *p = fmt_out_room(b, MOVE_TEXT_MAX + 1);
	size_t n = 0;
	if (!first)
		p[n++] = ' ';
	if (m != MOVE_NONE)
		n += move_write_marked(before, m, 0, NOTATION_UCI, p + n,
				       MOVE_TEXT_MAX);
	else
		memcpy(p + n, "0000", 4), n += 4;
	b->n += n;
}

/* The records without positions (cg->moves_only) of a standard game:
 * from, to and promotion say each move (no mark, no second piece, no
 * capture to tell apart from a quiet move), move_write_squares(). */
static void uci_standard_records(struct fmt_out *b, const struct conv_game *cg)
{
	char *p = fmt_out_room(b, 6 * cg->nmoves);
	size_t n = 0;
	for (size_t i = 0; i < cg->nmoves; i++) {
		p[n] = ' ';
		n += i > 0;
		n += move_write_squares(cg->moves[i].move, p + n);
	}
	b->n += n;
}

static void uci_records(struct fmt_out *b, const struct conv_game *cg)
{
	const struct position *before = &cg->start;
	if (cg->moves_only) {
		uci_standard_records(b, cg);
		return;
	}
	for (size_t i = 0; i < cg->nmoves; i++) {
		uci_move(b, before, cg->moves[i].move, i == 0);
		before = &cg->moves[i].after;
	}
}

static void uci_walk(struct fmt_out *b, struct conv_game *cg)
{
	struct conv_line l;
	struct conv_step s;
	cg->cursor = 0;
	fmt_conv_line_begin(&l, cg, &cg->game->moves, &cg->start, 0, 0);
	for (bool first = true; fmt_conv_line_next(&l, &s); first = false)
		uci_move(b, s.before, s.move, first);
}

void fmt_uci_line_write_game(FILE *out, struct conv_game *cg,
			     const struct conv_opts *o)
{
	struct fmt_out b;
	(void)o;
	fmt_out_begin(&b, out, cg);
	if (records_only(cg))
		uci_records(&b, cg);
	else
		uci_walk(&b, cg);
	fmt_out_char(&b, '\n');
	fmt_out_end(&b);
}
