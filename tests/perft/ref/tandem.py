"""Tandem Pawn Chess (id tandem): pawnkit-variants(7), "Tandem Pawn Chess".

A square holds a single pawn "P", a tandem "T" (two yoked pawns) or one
piece.  Everything here is a pawn-side rule; pieces are FIDE's.
"""

from .board import PAWN_FROM, forward, is_white, kind, rel_rank
from .standard import Move, Standard


class Tandem(Standard):
    id = "tandem"
    tandems = True

    def pawn_attacks(self, board, sq, by_white):
        # A tandem captures "diagonally forward, like a pawn" (captures by
        # a tandem), so it attacks what a pawn on its square would.
        p, t = ("P", "T") if by_white else ("p", "t")
        for s in PAWN_FROM[1 if by_white else 0][sq]:
            men = board[s]
            if p in men or t in men:
                return True
        return False

    def ep_victim_ok(self, men, mover_white):
        # Units and single pawns (members, 1->3 steps) can both be taken
        # e.p. ("En passant").
        return any(m in men for m in (("P", "T") if mover_white
                                      else ("p", "t")))

    # A single pawn moves as FIDE's (standard.py), and also two squares
    # from rank 1: a pawn a rocket left there "may step one or two squares
    # forward".  It may take a tandem (both pawns go: "Captures of a tandem
    # ... unrestricted") and take e.p. either kind ("a single pawn").
    DOUBLE_STEP_RANKS = (1, 2)

    def unit(self, white, sq, to, edits, tag="", victim=None, ep=None):
        """The tandem arrives on to as a unit; on the last rank it "becomes
        one promoted piece" ("Promotion")."""
        if rel_rank(to, white) == 8:
            for p in "qrbn":
                yield Move(white, "T", sq, to,
                           edits + ((to, (p.upper() if white else p,)),),
                           tag, victim, p)
        else:
            yield Move(white, "T", sq, to,
                       edits + ((to, ("T" if white else "t",)),),
                       tag, victim, "", ep)

    def tandem_moves(self, pos, sq, piece):
        board = pos.board
        white = is_white(piece)
        pawn = "P" if white else "p"
        f = forward(white)
        rank = rel_rank(sq, white)
        one = sq + f
        two = sq + 2 * f if rank <= 6 else None
        solo = lambda p: (p,)
        left = ((sq, (pawn,)),)      # a member leaves: a pawn stays behind
        gone = ((sq, ()),)           # the unit leaves
        if not board[one]:
            # Unit moves: one step; two from rank 2, both squares empty.
            yield from self.unit(white, sq, one, gone)
            if rank == 2 and not board[two]:
                yield from self.unit(white, sq, two, gone, ep=(one, two))
            # Member moves: one step; two from rank 1 or 2.
            yield from self.promote(white, "P", sq, one, left, solo)
            if rank in (1, 2) and not board[two]:
                yield Move(white, "P", sq, two, left + ((two, (pawn,)),),
                           ep=(one, two))
            # Rocket: the square behind and the two ahead empty; one pawn
            # one square back, the other two forward, promoting from rank 6;
            # no e.p. square ("Rocket").
            back = sq - f
            if two is not None and 0 <= back < 64 and not board[back] \
                    and not board[two]:
                yield from self.promote(white, "P", sq, two,
                                        ((sq, ()), (back, (pawn,))), solo,
                                        tag="^")
        for t in self.pawn_capture_squares(sq, white):
            men = board[t]
            if men:
                if is_white(men[0]) == white:
                    continue
                victim = kind(men[0])
                # Of a tandem only as a unit; of a piece or a single pawn
                # as a unit or by one member ("Captures by a tandem").
                yield from self.unit(white, sq, t, gone, victim=victim)
                if victim != "T":
                    yield from self.promote(white, "P", sq, t, left, solo,
                                            victim=victim)
            elif pos.ep and pos.ep[0] == t:
                v = pos.ep[1]
                victim = kind(board[v][0])
                edits = gone + ((v, ()),)
                # A unit's double step: unit only; a single pawn's: unit or
                # member ("En passant").
                yield from self.unit(white, sq, t, edits, "ep", victim)
                if victim == "P":
                    yield Move(white, "P", sq, t,
                               left + ((v, ()), (t, (pawn,))), "ep", "P")
