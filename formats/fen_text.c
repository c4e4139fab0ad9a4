/* Positions to FEN, one for every position pgn-convert writes (FEN, EPD,
 * JSON): the text of position_to_fen(), made from ranks kept from the
 * position before.  A move changes one or two ranks, so the others are
 * copied, not written again square by square; a changed rank's text is
 * mostly one met before (struct fmt_rank_memo), and the castling field
 * changes a few times a game.  Positions with a second
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
	c->castle_key = -1;
	c->memo = NULL;
	c->castling = FEN_XFEN;
	if (!cg)
		return;
	if (!cg->rank_memo) {
		cg->rank_memo = malloc(sizeof *cg->rank_memo);
		if (!cg->rank_memo)
			pawnkit_out_of_memory();
		rank_layouts(cg->rank_memo);
		memset(cg->rank_memo->bytes, 0xFF,
		       sizeof cg->rank_memo->bytes);
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

/* rank_text() by way of the memo's texts of ranks met before. */
static uint8_t known_rank_text(struct fmt_rank_memo *m, uint64_t bytes,
			       const struct position *pos, int rank,
			       char *out)
{
	size_t slot = (size_t)((bytes * 0x9E3779B97F4A7C15u) >>
			       (64 - FMT_RANK_BITS));
	if (m->bytes[slot] != bytes) {
		m->text_len[slot] = rank_text(m, bytes, pos, rank,
					      m->text[slot]);
		m->bytes[slot] = bytes;
	}
	memcpy(out, m->text[slot], 8);
	return m->text_len[slot];
}

/* The cached text of a rank brought up to date with its bytes. */
static inline void cache_rank(struct fmt_fen_cache *c,
			      const struct position *pos, int rank)
{
	uint64_t bytes;
	memcpy(&bytes, pos->board + 8 * rank, sizeof bytes);
	if (bytes != c->rank[rank]) {
		uint8_t n = c->memo ? known_rank_text(c->memo, bytes, pos,
						      rank, c->text[rank])
				    : rank_text(NULL, bytes, pos, rank,
						c->text[rank]);
		c->rank[rank] = bytes;
		c->text[rank][n] = '/';
		c->len[rank] = (uint8_t)(n + 1);
	}
}

/* The board of the cache's ranks, from the eighth down, each rank one
 * 16-byte copy (out has room: FEN_MAX). */
static inline size_t put_cached_rank(const struct fmt_fen_cache *c,
				     int rank, char *out, size_t n)
{
	memcpy(out + n, c->text[rank], 16);
	return n + c->len[rank];
}

static inline __attribute__((always_inline)) size_t
put_cached_board(const struct fmt_fen_cache *c, char *out)
{
	size_t n = put_cached_rank(c, 7, out, 0);
	n = put_cached_rank(c, 6, out, n);
	n = put_cached_rank(c, 5, out, n);
	n = put_cached_rank(c, 4, out, n);
	n = put_cached_rank(c, 3, out, n);
	n = put_cached_rank(c, 2, out, n);
	n = put_cached_rank(c, 1, out, n);
	return put_cached_rank(c, 0, out, n) - 1;
}

/* The castling field of pos, as position_fen_fields_as() writes it
 * ("w KQkq - 0 1"), cached: a few times a game.  It is the rights'
 * alone in Shredder-FEN (the rooks' files, set with the game) and in
 * X-FEN with the rooks in the corners (h1, a1, h8, a8: librules'
 * lr_corner_rooks). */
static __attribute__((noinline)) void
cache_castling(struct fmt_fen_cache *c, const struct position *pos)
{
	static const uint8_t corners[4] = { 7, 0, 63, 56 };
	char fields[FEN_MAX];
	size_t len = position_fen_fields_as(pos, c->castling, fields);
	const char *blank = memchr(fields + 2, ' ', len - 2);
	c->castle_len = (uint8_t)(blank - fields - 2);
	memcpy(c->castle_text, fields + 2, c->castle_len);
	c->castle_key = pos->castling;
	c->castle_fixed = c->castling == FEN_SHREDDER ||
			  memcmp(pos->castle_rook, corners, 4) == 0;
}

/* The e.p. field, as put_ep() of librules/fen.c writes it: the passed
 * square, and the landing square too when the victim is not straight
 * behind it (Random Pawns' diagonal double step). */
static inline size_t put_ep(const struct position *pos, char *out)
{
	if (pos->ep == NO_SQUARE) {
		out[0] = '-';
		return 1;
	}
	int straight = pos->ep + (pos->side == WHITE ? -8 : 8);
	out[0] = (char)('a' + (pos->ep & 7));
	out[1] = (char)('1' + (pos->ep >> 3));
	if (pos->ep_victim == NO_SQUARE || pos->ep_victim == straight)
		return 2;
	out[2] = (char)('a' + (pos->ep_victim & 7));
	out[3] = (char)('1' + (pos->ep_victim >> 3));
	return 4;
}

/* The FEN's fields after the board, as position_fen_fields_as() writes
 * them: "w KQkq - 0 1" at out; the length. */
static inline __attribute__((always_inline)) size_t
put_fields(struct fmt_fen_cache *c, const struct position *pos, char *out)
{
	size_t n = 2;
	if (pos->castling != c->castle_key || !c->castle_fixed)
		cache_castling(c, pos);
	out[0] = pos->side == WHITE ? 'w' : 'b';
	out[1] = ' ';
	memcpy(out + n, c->castle_text, sizeof c->castle_text);
	n += c->castle_len;
	out[n++] = ' ';
	n += put_ep(pos, out + n);
	out[n++] = ' ';
	n += pgn_put_uint_small(out + n, pos->halfmove);
	out[n++] = ' ';
	return n + pgn_put_uint_small(out + n, pos->fullmove);
}

size_t fmt_fen_after(struct fmt_fen_cache *c, const struct position *pos,
		     move_t m, char *buf)
{
	cache_rank(c, pos, MOVE_FROM(m) >> 3);
	cache_rank(c, pos, MOVE_TO(m) >> 3);
	size_t n = put_cached_board(c, buf);
	buf[n++] = ' ';
	n += put_fields(c, pos, buf + n);
	buf[n] = 0;
	return n;
}

size_t fmt_fen(struct fmt_fen_cache *c, const struct position *pos,
	       char *buf)
{
	if (position_has_extras(pos))
		return position_to_fen_as(pos, c->castling, buf, FEN_MAX);
	for (int rank = 7; rank >= 0; rank--)
		cache_rank(c, pos, rank);
	size_t n = put_cached_board(c, buf);
	buf[n++] = ' ';
	n += put_fields(c, pos, buf + n);
	buf[n] = 0;
	return n;
}
