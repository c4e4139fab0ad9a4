/* The harness of the writer targets (fuzz_pgn_write.c, fuzz_json_write.c):
 * parse -> replay -> write every valid game, as pgn-convert does, with
 * options picked by the input's last byte.  The output is read back: a
 * valid game written must be one valid game again. */
#ifndef PAWNKIT_FUZZ_WRITER_H
#define PAWNKIT_FUZZ_WRITER_H

#include "fuzz.h"
#include "../../formats/internal.h"

/* Writes cg to out; checks that text (what was written) reads back. */
struct writer {
	void (*write)(FILE *out, struct conv_game *cg,
		      const struct conv_opts *o);
	void (*read_back)(const char *text, size_t len,
			  const struct conv_opts *o);
};

static void conv_opts_from(uint8_t b, struct conv_opts *o)
{
	static const unsigned widths[] = { 80, 0, 1, 20 };
	memset(o, 0, sizeof *o);
	o->notation = (enum notation)(b & 3);
	o->width = widths[(b >> 2) & 3];
	o->tags = (enum conv_tags)(((b >> 4) & 3) % 3);
	o->strip_comments = b & 0x40;
	o->strip_variations = b & 0x80;
	o->strip_nags = (b & 0x50) == 0x50;
	o->strip_clocks = (b & 0x30) == 0x30;
}

/* The PGN text of one game written from a valid game: one game, valid. */
static inline void fuzz_pgn_reads_back(const char *text, size_t len)
{
	struct pgn_reader *r = pgn_reader_from_memory("back", text, len, NULL);
	struct pgn_game g;
	struct diag err;
	unsigned n = 0;
	pgn_game_init(&g);
	while (pgn_reader_next(r, &g, fuzz_diag, NULL, &err) > 0) {
		struct replay_result res;
		const struct replay_opts ro = { 0 };
		FUZZ_CHECK(!(g.flags & PGN_SYNTAX_ERROR));
		if (game_replay(&g, &ro, NULL, fuzz_diag, NULL, &res) != 0) {
			fprintf(stderr, "written:\n%.*s\n", (int)len, text);
			FUZZ_CHECK(!"a written game replays");
		}
		n++;
	}
	FUZZ_CHECK(n == 1);
	pgn_game_release(&g);
	pgn_reader_close(r);
}

static inline int fuzz_writer(const struct writer *w, const uint8_t *data,
			      size_t size)
{
	struct pgn_reader *r = pgn_reader_from_memory("f", (const char *)data,
						      size, NULL);
	struct pgn_game g;
	struct conv_game cg;
	struct conv_opts o;
	struct diag err;
	const struct replay_opts ro = { 0 };
	bool back = !getenv("PAWNKIT_FUZZ_NO_READ_BACK");
	conv_opts_from(size ? data[size - 1] : 0, &o);
	pgn_game_init(&g);
	conv_game_init(&cg);
	while (pgn_reader_next(r, &g, fuzz_diag, NULL, &err) > 0) {
		unsigned errors = 0;
		if (g.flags & (PGN_SYNTAX_ERROR | PGN_TOO_LARGE))
			continue;
		if (conv_game_replay(&cg, &g, &ro, !o.strip_variations,
				     fuzz_diag, &errors) != 0 || !cg.started)
			continue;
		char *text = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&text, &len);
		FUZZ_CHECK(out != NULL);
		w->write(out, &cg, &o);
		FUZZ_CHECK(!ferror(out));
		fclose(out);
		if (back)
			w->read_back(text, len, &o);
		free(text);
	}
	conv_game_release(&cg);
	pgn_game_release(&g);
	pgn_reader_close(r);
	return 0;
}

#endif
