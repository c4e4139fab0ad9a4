/* Positions to FEN, one for every position pgn-convert writes (FEN, EPD,
 * JSON): the text of position_to_fen(), made from ranks kept from the
 * position before.  A move changes one or two ranks, so the others are
 * copied, not written again square by square.  Positions with a second
 * piece on a square (Pauli) or pawn codes (Random Pawns) are written by
 * position_to_fen() itself. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Each layout of a rank (struct fmt_rank_memo): for the files of occ,
 * the gaps' digits and the letters' places. */
static void rank_layouts(struct fmt_rank_memo *m)
{
	for (unsigned occ = 0; occ < 256; occ++) {
		uint8_t n = 0, gap = 0;
		memset(m->tmpl[occ], ' ', 8);
		for (int f = 0; f < 8; f++) {
			if (!(occ >> f & 1)) {
				gap++;
				continue;
			}
			if (gap)
				m->tmpl[occ][n++] = (char)('0' + gap);
			gap = 0;
			m->at[occ][f] = n++;
		}
		if (gap)
			m->tmpl[occ][n++] = (char)('0' + gap);
		m->len[occ] = n;
	}
}

/* No board holds a byte 0xFF: a rank cached as all 0xFF is none. */
void fmt_fen_cache_init(struct fmt_fen_cache *c, struct conv_game *cg)
{
	memset(c->rank, 0xFF, sizeof c->rank);
	c->memo = NULL;
	c->castling = FEN_XFEN;
	if (!cg)
		return;
	if (!cg->rank_memo) {
		cg->rank_memo = malloc(sizeof *cg->rank_memo);
		if (!cg->rank_memo)
			pawnkit_out_of_memory();
		rank_layouts(cg->rank_memo);
	}
	c->memo = cg->rank_memo;
}

/* The text of a rank (position_fen_rank() of a position without
 * extras) whose board bytes are `bytes`, by its layout when there are
 * layouts, into out (room for 8 bytes: one letter a square). */
static uint8_t rank_text(const struct fmt_rank_memo *m, uint64_t bytes,
			      const struct position *pos, int rank, char *out)
{
	static const char letters[16] = " PNBRQKT pnbrqkt";
	if (!m)
		return (uint8_t)position_fen_rank(pos, rank, out);
	const uint8_t *row = pos->board + 8 * rank;
	unsigned occ = board_rank_files(bytes);
	memcpy(out, m->tmpl[occ], 8);
	for (unsigned o = occ; o; o &= o - 1) {
		int f = __builtin_ctz(o);
		out[m->at[occ][f]] = letters[row[f] & 15];
	}
	return m->len[occ];
}

/* One rank's text and its '/' at out + n, from the cache when the
 * rank's bytes are those it holds; the length after it. */
static inline size_t put_rank(struct fmt_fen_cache *c,
			      const struct position *pos, int rank, char *out,
			      size_t n)
{
	uint64_t bytes;
	memcpy(&bytes, pos->board + 8 * rank, sizeof bytes);
	if (bytes != c->rank[rank]) {
		c->rank[rank] = bytes;
		c->len[rank] = rank_text(c->memo, bytes, pos, rank,
					      c->text[rank]);
	}
	memcpy(out + n, c->text[rank], 8);
	n += c->len[rank];
	out[n] = '/';
	return n + 1;
}

/* The ranks from the eighth down, written out (this runs for every
 * position written): no loop to keep. */
static size_t put_board(struct fmt_fen_cache *c, const struct position *pos,
			char *out)
{
	size_t n = put_rank(c, pos, 7, out, 0);
	n = put_rank(c, pos, 6, out, n);
	n = put_rank(c, pos, 5, out, n);
	n = put_rank(c, pos, 4, out, n);
	n = put_rank(c, pos, 3, out, n);
	n = put_rank(c, pos, 2, out, n);
	n = put_rank(c, pos, 1, out, n);
	n = put_rank(c, pos, 0, out, n);
	return n - 1;
}

/* The board of the cache's ranks, from the eighth down. */
static size_t put_cached_board(const struct fmt_fen_cache *c, char *out)
{
	size_t n = 0;
	for (int rank = 7; rank >= 0; rank--) {
		memcpy(out + n, c->text[rank], 8);
		n += c->len[rank];
		out[n++] = '/';
	}
	return n - 1;
}

size_t fmt_fen_after(struct fmt_fen_cache *c, const struct position *pos,
		     move_t m, char *buf)
{
	char scratch[16];	/* a rank and its slash */
	put_rank(c, pos, MOVE_FROM(m) >> 3, scratch, 0);
	put_rank(c, pos, MOVE_TO(m) >> 3, scratch, 0);
	size_t n = put_cached_board(c, buf);
	buf[n++] = ' ';
	n += position_fen_fields_as(pos, c->castling, buf + n);
	buf[n] = 0;
	return n;
}

size_t fmt_fen(struct fmt_fen_cache *c, const struct position *pos,
	       char *buf)
{
	if (position_has_extras(pos))
		return position_to_fen_as(pos, c->castling, buf, FEN_MAX);
	size_t n = put_board(c, pos, buf);
	buf[n++] = ' ';
	n += position_fen_fields_as(pos, c->castling, buf + n);
	buf[n] = 0;
	return n;
}
