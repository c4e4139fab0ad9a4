/* librules for variant code (librules/variants/, and tests of a
 * variant's insides): a variant's table of hooks, the piece primitives
 * that keep a position's bitboards and key in step, and standard
 * chess's hooks for variants that extend it (pawnkit-variants(7)).
 * Users of the rules need only rules.h. */
#ifndef PAWNKIT_VARIANT_H
#define PAWNKIT_VARIANT_H

#include "rules.h"

/* A fault of a position read from FEN (variant.check_setup) and what it
 * is about, so that its diagnostic points there in the FEN text. */
struct setup_fault {
	char why[DIAG_MESSAGE_MAX];	/* "field: what is wrong" */
	int field;		/* enum fen_field; -1: the position as a whole */
	int square;		/* FEN_BOARD: the square's token, or -1 */
	char right;		/* FEN_CASTLING: the letter (KQkq), or 0 */
};

/* The hooks of one variant.  Every variant fills all of them (standard's
 * are below for variants that extend standard chess). */
struct variant {
	const char *id;		/* "tandem" */
	const char *pgn_name;	/* written [Variant "..."]; NULL for standard */
	const char *name;	/* in messages: "standard chess", "Pauli Chess" */
	const char *start_fen;
	unsigned fen_features;	/* FEN_F_* tokens allowed besides plain pieces */
	/* Its SAN (pawnkit-notation(5)): the mover letters ("KQRBN", and 'T' in
	 * tandem; 'P' is every variant's), and the kinds of move a marker or
	 * '~' writes (MF_ROCKET, MF_SHARE, MF_PUSH, MF_FLIP), so that a move
	 * in another variant's notation is named as such. */
	const char *san_pieces;
	unsigned san_moves;
	bool needs_codes;	/* every pawn must carry a code */
	/* All legal moves of the side to move (appended to list). */
	void (*generate)(const struct position *pos, struct movelist *list);
	/* Is sq attacked by colour by, with every capture the variant gives?
	 * (Pauli: a piece on sq itself does not attack it.) */
	bool (*attacked)(const struct position *pos, int sq, int by);
	/* Plays a legal move (from generate) on pos. */
	void (*make)(struct position *pos, move_t m);
	/* Optional (NULL: generate and count the list).  The number of moves
	 * generate() would list, without writing them: perft's last ply. */
	unsigned (*count)(const struct position *pos);
	/* Variant checks of a position read from FEN, beyond the common ones
	 * (token kinds, one king each, side not to move not in check); may
	 * complete it (the e.p. victim square).  0, or -1 with *fault. */
	int (*check_setup)(struct position *pos, struct setup_fault *fault);
	/* K v K, K+N v K, K+B(s) v K(+B(s)) same colour cannot mate here. */
	bool fide_material;
	/* Optional (NULL: the variant has none).  Appends the moves generate()
	 * would list whose mover is a piece of type `type` (PAWN..KING), whose
	 * destination is `to` and whose origin is in `from`, castling included
	 * for KING (`to` is then the king's destination, or in Chess960 the
	 * rook's square, which the move's coordinates name), in any order.
	 * SAN resolution uses it to look at a few candidates instead of
	 * generating every move. */
	void (*generate_to)(const struct position *pos, int type, int to,
			    uint64_t from, struct movelist *list);
	/* Chess960: the king and the rooks a FEN's rights name may stand
	 * anywhere on the back rank (X-FEN and Shredder-FEN rights, see
	 * pawnkit-notation(5)); else the rights are the corners' and the
	 * king's on the e-file. */
	bool free_castling;
};

/* Fills *fault (field: enum fen_field or -1; square: its token, or -1)
 * and returns -1, for check_setup. */
int setup_fault(struct setup_fault *fault, int field, int square,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* ------------------------------------------------------ piece primitives */

/* An empty board of v: White to move, no rights, move 1. */
void position_clear(struct position *pos, const struct variant *v);
/* Piece primitives keeping bitboards and key in step.  A square holding
 * two pieces (Pauli) keeps them in canonical order: White first, then
 * K Q R B N P; so equal positions have equal keys. */
void position_put(struct position *pos, int sq, uint8_t piece);	/* adds one */
void position_remove(struct position *pos, int sq);	/* all, and the code */
/* Removes one piece (slot 0: board, 1: board2) and returns it. */
uint8_t position_remove_one(struct position *pos, int sq, int slot);
/* The Random Pawns code of the pawn on sq (0: none). */
void position_set_code(struct position *pos, int sq, uint8_t code);
/* The e.p. square (NO_SQUARE: none) and the square of its victim. */
void position_set_ep(struct position *pos, int ep, int victim);
/* The castling rights (CASTLE_* bits). */
void position_set_castling(struct position *pos, unsigned rights);
/* The other side to move. */
void position_flip_side(struct position *pos);
/* The Zobrist key of pos worked out from scratch (pos->key is kept in
 * step by the primitives above). */
uint64_t position_compute_key(const struct position *pos);

/* ------------------------------------------------- standard chess hooks */

void standard_generate(const struct position *pos, struct movelist *list);
bool standard_attacked(const struct position *pos, int sq, int by);
void standard_make(struct position *pos, move_t m);
/* The number of moves standard_generate would append to an empty list
 * (perft's last ply), counted without writing them. */
unsigned standard_count(const struct position *pos);
/* No pawn on rank 1 or 8; an e.p. square a pawn's double step passed. */
int standard_check_setup(struct position *pos, struct setup_fault *fault);
/* The generate_to hook: targeted, exact legal moves. */
void standard_generate_to(const struct position *pos, int type, int to,
			  uint64_t from, struct movelist *list);

/* ---------------------------------------------------------- Random Pawns */

/* Applies a [PawnTypes] value; 0, or -1 with *err. */
int pawntypes_apply(struct position *pos, const char *value,
		    struct diag *err);
/* Whether a [PawnTypes] value agrees with pos (a [FEN]'s): every square
 * it names holds a pawn with the code it gives.  0 when it does, else -1
 * with the first difference, or the fault of the value, in why ("the
 * FEN's pawn on a2 is P{CMC}, not MCC"). */
int pawntypes_compare(const struct position *pos, const char *value,
		      char *why, size_t size);
/* d20 number (1..20) to code. */
uint8_t code_from_d20(int n);

#endif
