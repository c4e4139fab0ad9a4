/* The pawnkit piece set: six drawings of our own, as SVG path data in a
 * 45x45 box (y down), every piece standing on the same plinth so that a row
 * of them shares one baseline (y 39.5) and one footprint.
 *
 * A drawing is a list of parts painted in order, each over the last: bodies
 * take the piece colour and an outline, lines and dots the contrast colour
 * (dark on White's pieces, light on Black's).  Separate bodies rather than
 * one path, so that a later part hides the outline of an earlier one where
 * they overlap and the pieces read as built from solid blocks.
 *
 * Shapes: the pawn a ball on a collar and bell; the knight a horse's head
 * looking left; the bishop a mitre with a slit and a bead; the rook a tower
 * with three merlons; the queen a crown of five beaded points; the king two
 * lobes under a cross. */
#include "internal.h"
#include "../librules/rules.h"

/* The plinth under every piece but the pawn (whose own base is narrower). */
#define PLINTH "M9.5 39.5H35.5V37.2C35.5 35.8 34.6 35 33.2 35H11.8" \
	"C10.4 35 9.5 35.8 9.5 37.2Z"
/* A ball of radius r at (x, y) as four quarter arcs (path data has no
 * circle, and a half arc would need 2r, which the preprocessor cannot
 * write). */
#define BALL(x, y, r) "M" #x " " #y "m-" #r " 0" \
	"a" #r " " #r " 0 0 1 " #r " -" #r "a" #r " " #r " 0 0 1 " #r " " #r \
	"a" #r " " #r " 0 0 1 -" #r " " #r "a" #r " " #r " 0 0 1 -" #r " -" #r "Z"

static const struct piece_part pawn[] = {
	{ PART_BODY, "M11.5 39.5H33.5V37.4C33.5 36 32.6 35.2 31.2 35.2H13.8"
		     "C12.4 35.2 11.5 36 11.5 37.4Z" },
	{ PART_BODY, "M15 35.3C17.2 31.5 19.6 27.6 19.9 23H25.1"
		     "C25.4 27.6 27.8 31.5 30 35.3Z" },
	{ PART_BODY, "M17.3 20.6H27.7A1.7 1.7 0 0 1 27.7 24H17.3"
		     "A1.7 1.7 0 0 1 17.3 20.6Z" },
	{ PART_BODY, BALL(22.5, 14.6, 5.8) },
	{ PART_LINE, NULL }
};

static const struct piece_part knight[] = {
	{ PART_BODY, PLINTH },
	{ PART_BODY, "M31.8 35.2C33.9 28 34.4 19.4 29.8 12.8"
		     "C28.1 10.4 26.2 9 24.6 8.4L23.6 4.6L20.7 8.3"
		     "C16.4 9.6 12.9 13.2 10.4 18.6C9.6 20.5 9.7 22.5 10.9 23.6"
		     "C12.1 24.7 13.9 24.6 15.1 23.7C16.9 22.4 19.2 21.6 21.3 21.5"
		     "C20.6 26.2 16.8 30.2 15.2 35.2Z" },
	{ PART_LINE, "M28.4 14.6C30.9 19.8 31 27 29.1 33.6" },
	{ PART_LINE, "M12.4 21.2L13.6 20.4" },
	{ PART_DOT, BALL(19.3, 14.6, 1.4) },
	{ PART_LINE, NULL }
};

static const struct piece_part bishop[] = {
	{ PART_BODY, PLINTH },
	{ PART_BODY, "M14.6 35.2C14.6 33.1 15.6 31.2 17.6 30.6H27.4"
		     "C29.4 31.2 30.4 33.1 30.4 35.2Z" },
	{ PART_BODY, "M22.5 9.6C15.4 14 12.9 21.2 16.9 30.8H28.1"
		     "C32.1 21.2 29.6 14 22.5 9.6Z" },
	{ PART_BODY, BALL(22.5, 7.4, 2.4) },
	{ PART_LINE, "M25.9 15.4L20.9 21.6" },
	{ PART_LINE, "M17.1 27.2H27.9" },
	{ PART_LINE, NULL }
};

static const struct piece_part rook[] = {
	{ PART_BODY, PLINTH },
	{ PART_BODY, "M12.5 35.2H32.5V31.2H12.5Z" },
	{ PART_BODY, "M14.9 31.2L15.7 16.8H29.3L30.1 31.2Z" },
	{ PART_BODY, "M14 17L12.2 13V6.4H16.9V9.6H20.2V6.4H24.8V9.6H28.1"
		     "V6.4H32.8V13L31 17Z" },
	{ PART_LINE, "M12.9 13H32.1" },
	{ PART_LINE, NULL }
};

static const struct piece_part queen[] = {
	{ PART_BODY, PLINTH },
	{ PART_BODY, "M13.2 35.2L10.4 14.6L15.2 25L16.6 10.8L20.4 24"
		     "L22.5 9.2L24.6 24L28.4 10.8L29.8 25L34.6 14.6L31.8 35.2Z" },
	{ PART_BODY, BALL(10.4, 12.8, 2.1) },
	{ PART_BODY, BALL(16.6, 9, 2.1) },
	{ PART_BODY, BALL(22.5, 7.3, 2.1) },
	{ PART_BODY, BALL(28.4, 9, 2.1) },
	{ PART_BODY, BALL(34.6, 12.8, 2.1) },
	{ PART_LINE, "M13.6 30.8H31.4" },
	{ PART_LINE, NULL }
};

static const struct piece_part king[] = {
	{ PART_BODY, PLINTH },
	{ PART_BODY, "M21 15V10.2H17.9V7.2H21V3.8H24V7.2H27.1V10.2H24V15Z" },
	{ PART_BODY, "M13.1 35.2C9.6 28.4 9 21 14.4 19.2C18 18 21 20.4 22.5 23"
		     "C24 20.4 27 18 30.6 19.2C36 21 35.4 28.4 31.9 35.2Z" },
	{ PART_BODY, "M22.5 23.4C20.3 20.4 19.6 17.4 22.5 14.4"
		     "C25.4 17.4 24.7 20.4 22.5 23.4Z" },
	{ PART_LINE, "M13.7 30.8H31.3" },
	{ PART_LINE, NULL }
};

const struct piece_part *fmt_piece_parts(int type)
{
	static const struct piece_part *const by_type[PIECE_TYPES] = {
		[PAWN] = pawn, [KNIGHT] = knight, [BISHOP] = bishop,
		[ROOK] = rook, [QUEEN] = queen, [KING] = king,
	};
	return type > 0 && type < PIECE_TYPES ? by_type[type] : NULL;
}
