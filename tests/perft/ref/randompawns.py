"""Random Pawns Chess (ids randompawns, randompawns-flip): pawnkit-variants(7),
"Random Pawns Chess".

A pawn is "P" + its code of three letters for left-forward, forward,
right-forward seen from its owner's side (a Black pawn's left is toward the
h-file): M move only, C capture only, O both, X neither.
"""

from .board import offset, is_white, kind, parse_sq, rel_rank
from .fen import FenError
from .standard import Move, Standard

# (file step, rank step) of left-forward, forward, right-forward.
DIRS = {True: ((-1, 1), (0, 1), (1, 1)),
        False: ((1, -1), (0, -1), (-1, -1))}

FLIP = {"O": "O", "C": "M", "M": "C", "X": "X"}


class RandomPawns(Standard):
    codes = True

    def __init__(self, flip):
        self.flip = flip
        self.id = "randompawns-flip" if flip else "randompawns"

    def pawn_attacks(self, board, sq, by_white):
        """One square along each C/O direction; from rank 2 also two squares
        along it when the square between is empty ("this counts for
        check", "First move")."""
        for i, (df, dr) in enumerate(DIRS[by_white]):
            s = offset(sq, -df, -dr)
            if s is None:
                continue
            for p in board[s]:
                if p[0] == ("P" if by_white else "p") and p[1 + i] in "CO":
                    return True
            if board[s]:
                continue            # the two-square capture needs s empty
            s2 = offset(s, -df, -dr)
            if s2 is None or rel_rank(s2, by_white) != 2:
                continue
            for p in board[s2]:
                if p[0] == ("P" if by_white else "p") and p[1 + i] in "CO":
                    return True
        return False

    def pawn_moves(self, pos, sq, piece):
        board = pos.board
        white = is_white(piece)
        code = piece[1:]
        gone = ((sq, ()),)
        solo = lambda p: (p + code if p in "Pp" else p,)
        for i, (df, dr) in enumerate(DIRS[white]):
            letter = code[i]
            if letter == "X":
                continue
            t = offset(sq, df, dr)
            if t is None:
                continue
            men = board[t]
            if not men:
                if letter in "MO":
                    yield from self.promote(white, "P", sq, t, gone, solo)
                if letter in "CO" and pos.ep and pos.ep[0] == t:
                    # "an enemy pawn with a one-square capture onto it may
                    # capture the pawn that passed"
                    v = pos.ep[1]
                    yield Move(white, "P", sq, t,
                               gone + ((t, (piece,)), (v, ())), "ep", "P")
            elif is_white(men[0]) != white and letter in "CO":
                yield from self.promote(white, "P", sq, t, gone, solo,
                                        victim=kind(men[0]))
            # "First move": two squares in any direction from rank 2, the
            # square passed over empty; e.p. only after a non-capture.
            if rel_rank(sq, white) != 2 or men:
                continue
            t2 = offset(t, df, dr)
            if t2 is None:
                continue
            men2 = board[t2]
            if not men2:
                if letter in "MO":
                    yield Move(white, "P", sq, t2, gone + ((t2, (piece,)),),
                               ep=(t, t2))
            elif is_white(men2[0]) != white and letter in "CO":
                yield Move(white, "P", sq, t2, gone + ((t2, (piece,)),),
                           victim=kind(men2[0]))

    def extra_moves(self, pos):
        """Flip (randompawns-flip only): C<->M, O and X stay; a flip that
        changes nothing is no move ("Flip")."""
        if not self.flip:
            return
        for sq, men in enumerate(pos.board):
            for p in men:
                if p[0] == ("P" if pos.white else "p"):
                    code = "".join(FLIP[c] for c in p[1:])
                    if code != p[1:]:
                        yield Move(pos.white, "P", sq, sq,
                                   ((sq, (p[0] + code,)),), "~")

    def resolve_ep(self, board, white, text):
        """pawnkit-notation(5), en-passant field: "d3e4" names the passed square and
        the pawn that passed; the short form "d3" is the straight move when
        the square beyond holds a pawn whose code allows a straight move and
        whose origin is empty, else the one diagonal move that fits, and an
        error when two fit."""
        mover = not white
        pawn = "P" if mover else "p"
        passed = parse_sq(text[:2])
        if len(text) == 4:
            return (passed, parse_sq(text[2:]))
        if len(text) != 2:
            raise FenError("bad e.p. field %r" % text)
        fits = []
        for i, (df, dr) in enumerate(DIRS[mover]):
            land = offset(passed, df, dr)
            origin = offset(passed, -df, -dr)
            if land is None or origin is None or board[origin]:
                continue
            men = board[land]
            if men and men[0][0] == pawn and men[0][1 + i] in "MO":
                if i == 1:
                    return (passed, land)
                fits.append(land)
        if len(fits) > 1:
            raise FenError("e.p. field %r fits two moves" % text)
        return (passed, fits[0]) if fits else None
