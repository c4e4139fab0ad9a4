/* A FEN of fen-moves and fen-render: read, or reported as they report
 * it.  See run.h. */
#include <string.h>

#include "run.h"

/* The variant the line names, or r's; NULL when that cannot be. */
static const struct variant *fen_line_variant(const struct fen_read *r,
					      struct diag *err)
{
	if (!r->rec.variant[0])
		return r->variant;
	const struct variant *v = variant_arg(r->rec.variant);
	if (!v)
		diag_setf(err, DIAG_ERROR, DC_FEN,
			  "variant: unknown '%s' (known: %s)", r->rec.variant,
			  variant_id_list());
	else if (r->variant_given && v != r->variant)
		diag_setf(err, DIAG_ERROR, DC_FEN,
			  "variant: the line's %s is not --variant %s",
			  variant_id(v), variant_id(r->variant));
	else
		return v;
	err->col = r->rec.variant_col;
	return NULL;
}

int run_fen_position(struct position *pos, const char *fen,
		     struct fen_read *r, const char *where)
{
	struct diag err = { 0 };
	int set = fen_record_parse(fen, strlen(fen), &r->rec, &err);
	if (set == 0) {
		const struct variant *v = fen_line_variant(r, &err);
		set = v ? position_from_fen(pos, &r->rec.fen, v, &err) : -1;
	}
	/* A castling right the pieces do not allow is dropped, and said
	 * so; under --strict that is an error, as any warning. */
	bool fails = set < 0 || (set > 0 && r->strict);
	if (set != 0)
		fen_report(where, &err, fails);
	return fails ? -1 : 0;
}
