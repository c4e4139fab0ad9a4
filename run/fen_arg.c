/* A FEN of fen-moves and fen-render: read, or reported as they report
 * it.  See run.h. */
#include "run.h"

int run_fen_position(struct position *pos, const char *fen,
		     const struct variant *v, bool strict, const char *where)
{
	struct diag err = { 0 };
	int set = position_set_fen(pos, fen, v, &err);
	/* A castling right the pieces do not allow is dropped, and said
	 * so; under --strict that is an error, as any warning. */
	bool fails = set < 0 || (set > 0 && strict);
	if (set != 0)
		fen_report(where, &err, fails);
	return fails ? -1 : 0;
}
