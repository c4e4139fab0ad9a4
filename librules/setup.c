/* A game's start position from its tags: [Variant], [SetUp]/[FEN],
 * [PawnTypes]. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Points err at the tag; col at the value when the tag is laid out as
 * the PGN Standard's export format has it ([Name "value"]). */
static void at_tag(struct diag *err, const struct pgn_tag *tag,
		   uint32_t col_in_value)
{
	err->line = tag->loc.line;
	err->col = tag->loc.col;
	if (col_in_value)
		err->col += (uint32_t)strlen(tag->name) + 2 + col_in_value;
}

static const struct variant *game_variant(const struct pgn_game *g,
					  const struct replay_opts *opts,
					  struct diag *err)
{
	const struct variant *fallback = opts->variant ? opts->variant
						       : &variant_standard;
	const struct pgn_tag *tag = pgn_tag_find(g, "Variant");
	if (!tag || opts->force_variant)
		return fallback;
	const struct variant *v = variant_by_name(tag->value);
	if (!v) {
		diag_setf(err, DIAG_ERROR, DC_VARIANT,
			  "unknown variant \"%.60s\" (known: %s)", tag->value,
			  variant_id_list());
		at_tag(err, tag, 0);
	}
	return v;
}

/* 0; 1 with a warning in *err (castling rights dropped); -1. */
static int apply_fen(const struct pgn_game *g, const struct variant *v,
		     struct position *pos, struct diag *err)
{
	const struct pgn_tag *fen = pgn_tag_find(g, "FEN");
	if (!fen) {
		position_start(pos, v);
		return 0;
	}
	int rc = position_set_fen(pos, fen->value, v, err);
	if (rc == 0)
		return 0;
	char why[DIAG_MESSAGE_MAX];
	snprintf(why, sizeof why, "%s", err->message);
	diag_setf(err, err->severity, err->code, "[FEN]: %s", why);
	at_tag(err, fen, err->col);
	return rc;
}

/* [PawnTypes] in a game of rules whose pawns have no codes: the tag is
 * dropped, and said so, as it most likely belongs to a Random Pawns game
 * whose [Variant] tag is missing or wrong (its moves may fail later, or
 * worse, not), or was copied where it means nothing.  Returns 1. */
static int foreign_pawn_types(const struct variant *v,
			      const struct pgn_tag *types, struct diag *err)
{
	diag_setf(err, DIAG_WARNING, DC_SETUP, "[PawnTypes] is ignored: it "
		  "gives Random Pawns codes, and this game is %s", v->name);
	at_tag(err, types, 0);
	return 1;
}

/* [PawnTypes] beside a [FEN]: the FEN sets the game up, as pawnkit-notation(5)
 * has the tag for games without one.  A tag that says what the FEN says
 * is only redundant; one that says otherwise is dropped and said so
 * (returns 1), lest a game played from one setup be read as the
 * other's. */
static int pawn_types_beside_fen(const struct position *pos,
				 const struct pgn_tag *types, struct diag *err)
{
	char why[DIAG_MESSAGE_MAX];
	if (pawntypes_compare(pos, types->value, why, sizeof why) == 0)
		return 0;
	diag_setf(err, DIAG_WARNING, DC_SETUP, "[PawnTypes] is ignored: "
		  "[FEN] sets up the game, and %s", why);
	at_tag(err, types, 0);
	return 1;
}

static int apply_pawn_types(const struct pgn_game *g, const struct variant *v,
			    struct position *pos, struct diag *err)
{
	const struct pgn_tag *types = pgn_tag_find(g, "PawnTypes");
	if (!v->needs_codes)
		return types ? foreign_pawn_types(v, types, err) : 0;
	if (pgn_tag_find(g, "FEN"))
		return types ? pawn_types_beside_fen(pos, types, err) : 0;
	if (!types) {
		diag_setf(err, DIAG_ERROR, DC_SETUP,
			  "%s game without [PawnTypes] or [FEN]: the pawns "
			  "have no codes", v->id);
		err->line = g->start.line;
		err->col = g->start.col;
		return -1;
	}
	if (pawntypes_apply(pos, types->value, err) == 0)
		return 0;
	at_tag(err, types, 0);
	return -1;
}

int game_start_position(const struct pgn_game *g,
			const struct replay_opts *opts, struct position *pos,
			diag_fn warn, void *warn_ctx, struct diag *err)
{
	const struct variant *v = game_variant(g, opts, err);
	if (!v)
		return -1;
	int fen = apply_fen(g, v, pos, err);
	if (fen < 0)
		return -1;
	if (fen > 0)
		warn(warn_ctx, err);
	int types = apply_pawn_types(g, v, pos, err);
	if (types > 0)
		warn(warn_ctx, err);
	return types < 0 ? -1 : fen | types;
}
