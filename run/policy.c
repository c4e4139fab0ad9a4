/* The diagnostic policy of a game, once for every command and every
 * number of jobs: --strict, what counts as an error, the reader's
 * diagnostics held until the game is known to be selected (the reader
 * keeps DIAG_GAME_MAX of them, pgn.h), dropped with a game left out.
 * See run.h and engine.h. */
#include <string.h>

#include "engine.h"

static size_t store_string(struct run_sink *k, const char *s)
{
	if (!s)
		return NO_STRING;
	size_t n = strlen(s) + 1, off = k->out.nstrs;
	k->out.strs = pawnkit_grow(k->out.strs, &k->out.strs_cap,
				   k->out.nstrs + n, 1, 16);
	memcpy(k->out.strs + off, s, n);
	k->out.nstrs += n;
	return off;
}

static void record(struct run_sink *k, const struct stored *s)
{
	k->out.diags = pawnkit_grow(k->out.diags, &k->out.diag_cap,
				    k->out.ndiags + 1, sizeof *k->out.diags,
				    16);
	k->out.diags[k->out.ndiags] = *s;
	rp_add_rec(k, REC_DIAG, 0, k->out.ndiags++, 0);
}

static void record_diag(struct run_sink *k, const struct diag *d)
{
	struct stored s = { .d = *d };
	/* -q prints nothing: nothing to keep either. */
	if (k->cfg->diag.quiet)
		return;
	s.white = store_string(k, d->white);
	s.black = store_string(k, d->black);
	s.d.white = s.d.black = NULL;
	record(k, &s);
}

/* A diagnostic of a game of run_text() stands where the game does in
 * the document that holds it. */
static void place(const struct run_sink *k, struct diag *d)
{
	if (!k->place_game)
		return;
	d->game = k->place_game;
	if (d->line) {
		d->line = k->place_at.line;
		d->col = k->place_at.col;
	}
}

/* The diagnostic policy of a game (run.h, struct diag_policy): what a
 * diagnostic counts for, and whether it is kept, held or dropped. */
void run_report(void *sink, const struct diag *orig)
{
	struct run_sink *k = sink;
	struct diag d = *orig;
	rp_sink_flush_files(k);	/* what the game wrote before it, first */
	place(k, &d);
	/* -W and --strict: a warning turned off is none; one made an
	 * error counts as one. */
	if (!diag_policy_apply(&k->cfg->diag, &d))
		return;
	if (d.severity == DIAG_ERROR)
		k->diag.errors++;
	else if (d.severity == DIAG_WARNING)
		k->diag.warnings++;
	/* Held or not, kept: release drops or keeps them.  The note of
	 * diagnostics left out goes with errors, which may be among them. */
	if (!k->cfg->diag.errors_only || d.severity == DIAG_ERROR ||
	    diag_is_more(&d))
		record_diag(k, &d);
}

/* A new game: its reader's diagnostics are held until it is known to be
 * selected (rp_sink_release). */
void rp_sink_hold(struct run_sink *k)
{
	k->diag.errors = k->diag.warnings = 0;
	k->diag.holding = true;
	k->diag.hold_recs = k->out.nrecs;
	k->diag.hold_diags = k->out.ndiags;
	k->diag.hold_strs = k->out.nstrs;
}

/* The game is selected (print) or not: its held diagnostics are kept or
 * dropped.  They are the last records (nothing else is written while
 * holding), so dropping them is a cut. */
void rp_sink_release(struct run_sink *k, bool print)
{
	bool was_holding = k->diag.holding;
	k->diag.holding = false;
	if (!was_holding)
		return;
	if (!print) {
		k->out.nrecs = k->diag.hold_recs;
		k->out.ndiags = k->diag.hold_diags;
		k->out.nstrs = k->diag.hold_strs;
	}
}

/* ------------------------------------------------------------- output */
