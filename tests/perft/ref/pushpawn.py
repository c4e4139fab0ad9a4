"""Pushpawn Chess (ids pushpawn, pushpawn-4th): pawnkit-variants(7), "Pushpawn
Chess".  FIDE chess plus the push; a push captures nothing, so attacks and
check are FIDE's."""

from .board import forward, offset, rel_rank
from .standard import Move, Standard


class Pushpawn(Standard):
    def __init__(self, fourth_only):
        self.ranks = (4,) if fourth_only else (4, 5)
        self.id = "pushpawn-4th" if fourth_only else "pushpawn"

    def extra_moves(self, pos):
        """A pawn on its rank 4 or 5 (pushpawn-4th: 4 only), connected -- a
        friendly pawn on one of the six squares on the adjacent files, one
        rank back, same rank or one forward -- with an enemy pawn directly in
        front and the square beyond it empty, steps forward and moves that
        pawn one square back.  Not a double step: no e.p. square."""
        board = pos.board
        white = pos.white
        own, enemy = ("P", "p") if white else ("p", "P")
        f = forward(white)
        for sq in range(64):
            if own not in board[sq] or rel_rank(sq, white) not in self.ranks:
                continue
            front = sq + f
            beyond = front + f
            if board[front] != (enemy,) or board[beyond]:
                continue
            if not any(own in board[t] for t in
                       (offset(sq, df, dr) for df in (-1, 1)
                        for dr in (-1, 0, 1)) if t is not None):
                continue
            yield Move(white, "P", sq, front,
                       ((sq, ()), (front, (own,)), (beyond, (enemy,))),
                       "(p)")
