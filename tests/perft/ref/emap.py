"""Every Man a Pawn (id emap): pawnkit-variants(7), "Every Man a Pawn".

K, Q, R, B, N keep their moves and gain a FIDE pawn's (no promotion): a
step forward to an empty square, a diagonal forward capture, and from rank
2 a double step -- except rook and queen, which never double-step.  A
pawn-like move that coincides with the piece's own move (a king's step, a
queen's diagonal capture...) is the same move: Standard.legal_moves merges
equal keys.
"""

from .board import PAWN_FROM, forward, is_white, kind, rel_rank
from .standard import Move, Standard


class Emap(Standard):
    id = "emap"

    def pawn_attacks(self, board, sq, by_white):
        # Every man of by_white standing diagonally behind sq captures onto
        # it like a pawn ("Knights and bishops therefore attack the two
        # squares diagonally ahead of them; this counts for check").
        for s in PAWN_FROM[1 if by_white else 0][sq]:
            men = board[s]
            if men and is_white(men[0]) == by_white:
                return True
        return False

    def ep_victim_ok(self, men, mover_white):
        # "After a double step by a pawn, bishop, knight or king, the
        # skipped square is the en-passant square".
        return bool(men) and is_white(men[0]) == mover_white and \
            kind(men[0]) in "PBNK"

    def ep_takeable(self, men):
        # Nothing takes a king e.p.: its double step is refused instead
        # when a pawn, bishop or knight threatens the skipped square.
        return kind(men[0]) != "K"

    def _ep_capture(self, pos, sq, piece, k):
        """E.p. of a double-stepped pawn, bishop or knight "by any enemy
        pawn, knight, bishop, rook, queen or king whose diagonal
        pawn-capture lands on the skipped square" (pawns: Standard)."""
        if not pos.ep:
            return
        passed, v = pos.ep
        if passed not in self.pawn_capture_squares(sq, is_white(piece)):
            return
        if not self.ep_takeable(pos.board[v]):
            return
        yield Move(is_white(piece), k, sq, passed,
                   ((sq, ()), (passed, (piece,)), (v, ())), "ep",
                   kind(pos.board[v][0]))

    def piece_moves(self, pos, sq, piece, k):
        yield from Standard.piece_moves(self, pos, sq, piece, k)
        board = pos.board
        white = is_white(piece)
        f = forward(white)
        if rel_rank(sq, white) == 8:
            return      # "A piece on the last rank simply has no pawn moves"
        one = sq + f
        if not board[one]:
            yield Move(white, k, sq, one, ((sq, ()), (one, (piece,))))
            two = one + f
            if rel_rank(sq, white) == 2 and k in "BNK" and not board[two]:
                if k != "K" or not self._king_ep_threat(board, one, white):
                    yield Move(white, k, sq, two,
                               ((sq, ()), (two, (piece,))), ep=(one, two))
        for t in self.pawn_capture_squares(sq, white):
            men = board[t]
            if men and is_white(men[0]) != white:
                yield Move(white, k, sq, t, ((sq, ()), (t, (piece,))),
                           victim=kind(men[0]))
        yield from self._ep_capture(pos, sq, piece, k)

    def _king_ep_threat(self, board, skipped, white):
        """A king's double step "is illegal if an enemy pawn, bishop or
        knight attacks the skipped square with its diagonal pawn-capture";
        rooks, queens and kings do not stop it."""
        for s in PAWN_FROM[0 if white else 1][skipped]:
            men = board[s]
            if men and is_white(men[0]) != white and kind(men[0]) in "PBN":
                return True
        return False
