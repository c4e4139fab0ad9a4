/* pgn-convert's output: a stream of games in one format, each handed to
 * its format's writer (pgn_write.c, json_write.c, fen_lines.c) once
 * convert.c has replayed it, and the names of the formats and options.
 * Apart from convert.c, which the writers call back to walk a game, so
 * that calls run one way: here -> the writers -> convert.c. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../libparse/grow.h"

/* ---------------------------------------------------------- names */

struct name_value {
	const char *name;
	int value;
};

static int lookup(const struct name_value *t, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return t[i].value;
	return -1;
}

#define LOOKUP(table, name) lookup(table, sizeof table / sizeof table[0], name)

int conv_format_parse(const char *name)
{
	static const struct name_value t[] = {
		{ "pgn", CONV_PGN }, { "json", CONV_JSON },
		{ "ndjson", CONV_NDJSON }, { "fen", CONV_FEN },
		{ "epd", CONV_EPD }, { "uci-line", CONV_UCI_LINE },
	};
	return LOOKUP(t, name);
}

int conv_notation_parse(const char *name)
{
	static const struct name_value t[] = {
		{ "san", NOTATION_SAN }, { "lan", NOTATION_LAN },
		{ "uci", NOTATION_UCI }, { "figurine", NOTATION_FIGURINE },
	};
	return LOOKUP(t, name);
}

int conv_tags_parse(const char *name)
{
	static const struct name_value t[] = {
		{ "all", CONV_TAGS_ALL }, { "roster", CONV_TAGS_ROSTER },
		{ "none", CONV_TAGS_NONE },
	};
	return LOOKUP(t, name);
}

static const struct name_value field_names[] = {
	{ "san", CONV_FIELD_SAN }, { "lan", CONV_FIELD_LAN },
	{ "uci", CONV_FIELD_UCI }, { "fen", CONV_FIELD_FEN },
};

int conv_fields_parse(const char *list)
{
	unsigned chosen = 0;
	const char *p = list;
	do {
		char name[8];
		size_t n = strcspn(p, ",");
		if (n == 0 || n >= sizeof name)
			return -1;
		memcpy(name, p, n);
		name[n] = 0;
		int bit = LOOKUP(field_names, name);
		if (bit < 0)
			return -1;
		chosen |= (unsigned)bit;
		p += n;
	} while (*p++ == ',');
	return (int)(CONV_FIELDS_ALL & ~chosen);
}

/* -------------------------------------------------------- writers */

struct conv_writer *conv_writer_new(FILE *out, enum conv_format format,
				    const struct conv_opts *opts)
{
	struct conv_writer *w = pawnkit_realloc(NULL, sizeof *w);
	*w = (struct conv_writer){ .out = out, .format = format,
				   .opts = opts };
	if (w->format == CONV_JSON)
		fputs("[", w->out);
	return w;
}

struct conv_writer *conv_writer_piece(const struct conv_writer *w)
{
	struct conv_writer *p = pawnkit_realloc(NULL, sizeof *p);
	*p = (struct conv_writer){ .format = w->format, .opts = w->opts,
				   .piece = true };
	return p;
}

void conv_writer_free(struct conv_writer *piece)
{
	free(piece);
}

void conv_writer_to(struct conv_writer *piece, FILE *out,
		    struct conv_number number)
{
	piece->out = out;
	piece->number = number;
}

/* Raw bytes may end mid-line; what follows them starts a line. */
static void end_raw_line(struct conv_writer *w)
{
	if (w->piece && !w->games)
		w->owes_line = true;
	else if (w->midline)
		fputs("\n\n", w->out);
	w->midline = false;
}

static void json_separator(struct conv_writer *w)
{
	if (w->format != CONV_JSON)
		return;
	if (w->piece && !w->games)
		w->owes_separator = true;
	else
		fputs(w->games ? ",\n" : "\n", w->out);
}

void conv_writer_join(struct conv_writer *w, struct conv_writer *piece)
{
	/* The debts once, before the first of the piece's bytes (which may
	 * come before its first game is whole: a long game's output is
	 * written as it grows). */
	if (piece->owes_line && w->midline) {
		fputs("\n\n", w->out);
		w->midline = false;
	}
	if (piece->owes_separator)
		fputs(w->games ? ",\n" : "\n", w->out);
	piece->owes_line = piece->owes_separator = false;
	if (piece->games == piece->joined)
		return;
	w->games += piece->games - piece->joined;
	piece->joined = piece->games;
	w->midline = piece->midline;
}

void conv_writer_game(struct conv_writer *w, struct conv_game *cg)
{
	const struct conv_opts *o = w->opts;
	if (!cg->started) {	/* no position to write from */
		conv_writer_failed(w, cg, NULL);
		return;
	}
	end_raw_line(w);
	json_separator(w);
	cg->number = &w->number;
	switch (w->format) {
	case CONV_PGN: fmt_pgn_write_game(w->out, cg, o); break;
	case CONV_JSON: fmt_json_write_game(w->out, cg, o); break;
	case CONV_NDJSON:
		fmt_json_write_game(w->out, cg, o);
		putc('\n', w->out);
		break;
	case CONV_FEN: fmt_fen_write_game(w->out, cg, o, false); break;
	case CONV_EPD: fmt_fen_write_game(w->out, cg, o, true); break;
	case CONV_UCI_LINE: fmt_uci_line_write_game(w->out, cg, o); break;
	}
	w->games++;
}

/* PGN passes a failed game on as it came. */
static void write_raw(struct conv_writer *w, const struct pgn_game *g,
		      bool cut)
{
	if (!g->raw_len)
		return;
	fwrite(g->raw, 1, g->raw_len, w->out);
	/* What follows a game's bytes starts a game (no LF): a CR last ends
	 * their line.  The rest of a cut game ends where the reader found
	 * the next game, at a line's start. */
	w->midline = !cut &&
		     !pgn_line_end((unsigned char)g->raw[g->raw_len - 1],
				   PGN_INPUT_END);
}

bool conv_writer_failed(struct conv_writer *w, struct conv_game *cg,
			struct conv_rest *rest)
{
	bool cut = rest && (cg->game->flags & PGN_RAW_CUT), latin1 = false;
	switch (w->format) {
	case CONV_FEN:
	case CONV_EPD:
	case CONV_UCI_LINE:
		/* A line stream holds positions and moves only. */
		return false;
	case CONV_JSON:
	case CONV_NDJSON:
		/* A record like the others, with the bytes as a string, so
		 * that --from json gives them back. */
		json_separator(w);
		cg->number = &w->number;
		latin1 = fmt_json_write_failed(w->out, cg, w->opts, cut);
		if (w->format == CONV_NDJSON && !cut)
			putc('\n', w->out);
		break;
	case CONV_PGN:
		write_raw(w, cg->game, cut);
		break;
	}
	w->games++;
	if (cut)
		*rest = (struct conv_rest){ w->format, latin1 };
	return cut;
}

static bool is_json(enum conv_format format)
{
	return format == CONV_JSON || format == CONV_NDJSON;
}

void conv_rest_write(struct conv_rest *rest, FILE *out, const char *p,
		     size_t n)
{
	if (is_json(rest->format))
		fmt_json_write_raw_more(out, p, n, &rest->latin1);
	else
		fwrite(p, 1, n, out);
}

void conv_rest_end(struct conv_rest *rest, FILE *out)
{
	if (!is_json(rest->format))
		return;
	fmt_json_write_raw_end(out, rest->latin1);
	if (rest->format == CONV_NDJSON)
		putc('\n', out);
}

void conv_writer_end(struct conv_writer *w)
{
	/* Raw bytes at the very end stay as they came, final newline or not. */
	if (w->format == CONV_JSON)
		fputs(w->games ? "\n]\n" : "]\n", w->out);
	free(w);
}
