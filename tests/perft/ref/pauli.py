"""Pauli Chess (id pauli): pawnkit-variants(7), "Pauli Chess".

Up to two men share a square.  Moves are FIDE's geometry; what changes is
what may happen on arrival (dest), the pawn (never diagonal without a
capture, its straight move may share), and what counts as a threat: a man
never attacks its own square, so an enemy sharing the king's square does
not check it -- Standard.attacked already looks only at other squares, and
a ray there ends on the first occupied square as a slider's move does ("a
slider's ray ends at the first occupied square").
"""

from .board import forward, is_white, kind, rel_rank, sq_name, without
from .standard import Move, Standard


class Pauli(Standard):
    id = "pauli"
    sharing = True

    def dest(self, board, to, piece):
        """Arrival rules ("Moving onto a square with"): empty, one friend
        (share), one enemy (capture or share; the enemy king: share only),
        two enemies (capture either, then share with the other; never the
        king), friend + enemy (capture the enemy only), two friends (no)."""
        white = is_white(piece)
        men = board[to]
        if not men:
            return (("", None, (piece,)),)
        if len(men) == 1:
            o = men[0]
            if is_white(o) == white or kind(o) == "K":
                return (("&", None, (o, piece)),)
            return (("", kind(o), (piece,)), ("&", None, (o, piece)))
        out = []
        for victim, other in ((men[0], men[1]), (men[1], men[0])):
            if is_white(victim) != white and kind(victim) != "K":
                out.append(("", kind(victim), (other, piece)))
        return out

    def pawn_moves(self, pos, sq, piece):
        """Pawns: the straight move (one, or two from rank 2 with the passed
        square empty) may end on a square holding one man of either colour
        and shares it, never captures; the diagonal move only captures (one
        man of a two-man square, sharing with the one left); e.p. and
        promotion as in FIDE chess, promotion also onto a shared square."""
        board = pos.board
        white = is_white(piece)
        if rel_rank(sq, white) == 8:
            return          # only in a malformed FEN: nothing ahead
        f = forward(white)
        base = ((sq, without(board[sq], piece)),)
        one = sq + f
        m1 = board[one]
        if len(m1) < 2:
            yield from self.promote(white, "P", sq, one, base,
                                    lambda p: m1 + (p,),
                                    tag="&" if m1 else "")
            two = one + f
            if rel_rank(sq, white) == 2 and not m1 and len(board[two]) < 2:
                m2 = board[two]
                yield Move(white, "P", sq, two, base + ((two, m2 + (piece,)),),
                           "&" if m2 else "", ep=(one, two))
        for t in self.pawn_capture_squares(sq, white):
            men = board[t]
            if not men:
                if pos.ep and pos.ep[0] == t:
                    v = pos.ep[1]
                    yield Move(white, "P", sq, t,
                               base + ((t, (piece,)),
                                       (v, without(board[v],
                                                   "p" if white else "P"))),
                               "ep", "P")
                continue
            for tag, victim, after in self.dest(board, t, piece):
                if victim is None:
                    continue        # "never moves diagonally without capturing"
                rest = after[:-1]   # the man left on t
                yield from self.promote(white, "P", sq, t, base,
                                        lambda p, rest=rest: rest + (p,),
                                        victim=victim)

    def labels(self, pos, legal):
        """pawnkit-notation(5), coordinate notation for Pauli: the mover's letter when
        the origin holds two friendly men and the other also has a legal
        move to the same square; "&" a share; a capture unmarked, or "x" and
        the victim's letter when the square holds two enemies of different
        kinds."""
        movers = {}
        for mv, _ in legal:
            movers.setdefault((mv.frm, mv.to), set()).add(mv.mover)
        out = []
        for mv, _ in legal:
            s = mv.mover if len(movers[(mv.frm, mv.to)]) > 1 else ""
            s += sq_name(mv.frm) + sq_name(mv.to)
            if mv.tag == "&":
                s += "&"
            men = pos.board[mv.to]
            if mv.victim is not None and len(men) == 2 and \
                    all(is_white(m) != mv.white for m in men) and \
                    kind(men[0]) != kind(men[1]):
                s += "x" + mv.victim
            out.append(s + mv.promo)
        return out
