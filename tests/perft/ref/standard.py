"""FIDE chess: the rules every variant starts from.

pawnkit-variants(7), introduction: "Everything not mentioned is FIDE chess (Laws of
Chess, basic rules)".  Each variant in this package is a subclass that
overrides only what its section of pawnkit-variants(7) changes, so that the FIDE
parts are written once.

Moves are generated pseudo-legally as a list of square edits and then
filtered by king safety ("Legality is king safety", pawnkit-variants(7)
introduction): make the move, then ask whether the mover's king is
attacked, where "attacked" (self.attacked) includes every capture the
variant gives the enemy.  That is slow but leaves no room for clever
shortcuts (pin tables, check evasion lists) to disagree with the text.
"""

from .board import (DIAG, KING, KNIGHT, ORTHO, PAWN_FROM, RAYS, Position,
                    forward, is_white, kind, parse_sq, rel_rank, sq_name,
                    without)

PROMOTIONS = "qrbn"
HOMES = frozenset((0, 4, 7, 56, 60, 63))    # a1 e1 h1 a8 e8 h8


class Move:
    """A move as the list of squares it rewrites.

    mover: upper-case letter of the man that moves ("T" a tandem unit);
    tag: "" ordinary, "ep" en passant, "&" share (Pauli), "^" rocket
    (Tandem), "(p)" push (Pushpawn), "~" flip (Random Pawns), "O"
    castling (the king's move; the rook's is in edits); victim: the
    upper-case letter of the captured man or None; promo: "" or the
    lower-case promotion letter.  key identifies the move: two moves with
    the same key are one move (e.g. capturing either of two identical Pauli
    twins, or an EMAP king's pawn-like capture that is also a king capture).
    """

    __slots__ = ("white", "mover", "frm", "to", "tag", "victim", "promo",
                 "edits", "ep", "key")

    def __init__(self, white, mover, frm, to, edits, tag="", victim=None,
                 promo="", ep=None):
        self.white = white
        self.mover = mover
        self.frm = frm
        self.to = to
        self.tag = tag
        self.victim = victim
        self.promo = promo
        self.edits = edits
        self.ep = ep
        self.key = (mover, frm, to, tag, victim, promo)


class Standard:
    id = "standard"
    # FEN tokens allowed besides FIDE's (pawnkit-notation(5), board field table).
    tandems = False
    codes = False
    sharing = False

    # ----------------------------------------------------------- legality

    def legal_moves(self, pos):
        """[(move, position after it)] for every legal move of pos."""
        seen = set()
        out = []
        me = 0 if pos.white else 1
        for mv in self.pseudo_moves(pos):
            if mv.key in seen:
                continue
            seen.add(mv.key)
            nxt = self.make(pos, mv)
            k = nxt.kings[me]
            if k is not None and self.attacked(nxt.board, k, not pos.white):
                continue
            out.append((mv, nxt))
        return out

    def make(self, pos, mv):
        board = pos.board[:]
        for sq, men in mv.edits:
            board[sq] = men
        kings = pos.kings
        if mv.mover == "K":
            kings = kings[:]
            kings[0 if mv.white else 1] = mv.to
        castling = pos.castling
        # Only a move that rewrites a king's or rook's home square can
        # change the rights (the king or a rook leaving it, a capture on it).
        if castling and any(sq in HOMES for sq, _ in mv.edits):
            castling = self.castling_after(castling, board, mv)
        return Position(board, not pos.white, castling, mv.ep, kings)

    @staticmethod
    def castling_after(rights, board, mv):
        """pawnkit-variants(7), "Bookkeeping": rights are lost when the king moves,
        when a rook leaves its corner, or when a rook is captured on its
        corner (then no rook of that colour is left there)."""
        keep = ""
        for r in rights:
            white = r.isupper()
            base = 0 if white else 56
            rsq = base + (7 if r in "Kk" else 0)
            if mv.white == white and (mv.mover == "K" or
                                      (mv.mover == "R" and mv.frm == rsq)):
                continue
            if ("K" if white else "k") not in board[base + 4]:
                continue
            if ("R" if white else "r") not in board[rsq]:
                continue
            keep += r
        return keep

    # ------------------------------------------------------------ attacks

    def attacked(self, board, sq, by_white):
        """Whether a man of colour by_white could capture on sq."""
        if self.pawn_attacks(board, sq, by_white):
            return True
        if by_white:
            n, b, r, q, k = "N", "B", "R", "Q", "K"
        else:
            n, b, r, q, k = "n", "b", "r", "q", "k"
        for t in KNIGHT[sq]:
            if n in board[t]:
                return True
        for t in KING[sq]:
            if k in board[t]:
                return True
        rays = RAYS[sq]
        for d in ORTHO:
            for t in rays[d]:
                men = board[t]
                if men:
                    if r in men or q in men:
                        return True
                    break
        for d in DIAG:
            for t in rays[d]:
                men = board[t]
                if men:
                    if b in men or q in men:
                        return True
                    break
        return False

    def pawn_attacks(self, board, sq, by_white):
        p = "P" if by_white else "p"
        for t in PAWN_FROM[1 if by_white else 0][sq]:
            if p in board[t]:
                return True
        return False

    # -------------------------------------------------------- generation

    def pseudo_moves(self, pos):
        board = pos.board
        white = pos.white
        for sq in range(64):
            for piece in board[sq]:
                if is_white(piece) != white:
                    continue
                k = kind(piece)
                if k == "P":
                    yield from self.pawn_moves(pos, sq, piece)
                elif k == "T":
                    yield from self.tandem_moves(pos, sq, piece)
                else:
                    yield from self.piece_moves(pos, sq, piece, k)
        yield from self.castlings(pos)
        yield from self.extra_moves(pos)

    def extra_moves(self, pos):
        """Whole-turn moves that are not a man's step (flips, pushes)."""
        return ()

    def tandem_moves(self, pos, sq, piece):
        raise ValueError("tandem in a %s position" % self.id)

    def dest(self, board, to, piece):
        """[(tag, victim, men on the destination after)] for a piece (not a
        pawn) arriving on to: FIDE allows an empty square or a capture."""
        men = board[to]
        if not men:
            return (("", None, (piece,)),)
        other = men[0]
        if is_white(other) != is_white(piece):
            return (("", kind(other), (piece,)),)
        return ()

    def piece_moves(self, pos, sq, piece, k):
        board = pos.board
        white = is_white(piece)
        rest = without(board[sq], piece)
        if k == "N" or k == "K":
            targets = [(t,) for t in (KNIGHT[sq] if k == "N" else KING[sq])]
        else:
            dirs = {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG}[k]
            targets = [RAYS[sq][d] for d in dirs]
        for ray in targets:
            for t in ray:
                for tag, victim, men in self.dest(board, t, piece):
                    yield Move(white, k, sq, t, ((sq, rest), (t, men)),
                               tag, victim)
                if board[t]:
                    break

    def promote(self, white, mover, frm, to, edits_before, men_after_fn,
                tag="", victim=None, ep=None):
        """Moves of a pawn arriving on to: the four promotions on the last
        rank, else the move itself.  men_after_fn(piece) gives the
        destination's men with the arriving piece."""
        if rel_rank(to, white) == 8:
            for p in PROMOTIONS:
                piece = p.upper() if white else p
                yield Move(white, mover, frm, to,
                           edits_before + ((to, men_after_fn(piece)),),
                           tag, victim, p, ep)
        else:
            piece = "P" if white else "p"
            yield Move(white, mover, frm, to,
                       edits_before + ((to, men_after_fn(piece)),),
                       tag, victim, "", ep)

    def ep_victim_ok(self, men, mover_white):
        """Whether the man beyond an en-passant square can be the one that
        passed (else the FEN field is ignored)."""
        return ("P" if mover_white else "p") in men

    def resolve_ep(self, board, white, text):
        """The FEN e.p. field as (passed square, man that passed).  FIDE
        geometry: that man stands one step beyond the passed square in its
        own forward direction (Tandem's 1->3 step too: pawnkit-variants(7), "En
        passant: standard geometry").  A field naming no possible double
        step is ignored."""
        passed = parse_sq(text)
        victim = passed + (-8 if white else 8)   # the mover is the other side
        if 0 <= victim < 64 and self.ep_victim_ok(board[victim], not white):
            return (passed, victim)
        return None

    # The ranks (the owner's) a pawn may step two squares from.
    DOUBLE_STEP_RANKS = (2,)

    def ep_takeable(self, men):
        """Whether the man that passed may be taken e.p. at all."""
        return True

    def pawn_moves(self, pos, sq, piece):
        """FIDE pawn: one step, two from rank 2, diagonal captures, e.p."""
        board = pos.board
        white = is_white(piece)
        if rel_rank(sq, white) == 8:
            return          # only in a malformed FEN: nothing ahead
        f = forward(white)
        one = sq + f
        solo = lambda p: (p,)
        if not board[one]:
            yield from self.promote(white, "P", sq, one, ((sq, ()),), solo)
            two = one + f
            if rel_rank(sq, white) in self.DOUBLE_STEP_RANKS and not board[two]:
                yield Move(white, "P", sq, two, ((sq, ()), (two, (piece,))),
                           ep=(one, two))
        for t in self.pawn_capture_squares(sq, white):
            men = board[t]
            if men:
                if is_white(men[0]) != white:
                    yield from self.promote(white, "P", sq, t, ((sq, ()),),
                                            solo, victim=kind(men[0]))
            elif pos.ep and pos.ep[0] == t:
                v = pos.ep[1]
                if self.ep_takeable(board[v]):
                    yield Move(white, "P", sq, t,
                               ((sq, ()), (t, (piece,)), (v, ())),
                               "ep", kind(board[v][0]))

    @staticmethod
    def pawn_capture_squares(sq, white):
        # The squares a pawn of this colour on sq attacks are those from
        # which a pawn of the other colour would attack sq.
        return PAWN_FROM[0 if white else 1][sq]

    def castlings(self, pos):
        """FIDE castling, written so that the king and rook may each leave a
        shared square (Pauli: "the piece sharing it stays where it is")."""
        board = pos.board
        white = pos.white
        for right in pos.castling:
            if right.isupper() != white:
                continue
            base = 0 if white else 56
            king, rook = ("K", "R") if white else ("k", "r")
            ksq = base + 4
            short = right in "Kk"
            rsq = base + 7 if short else base
            if king not in board[ksq] or rook not in board[rsq]:
                continue
            between = (base + 5, base + 6) if short else \
                (base + 1, base + 2, base + 3)
            if any(board[s] for s in between):
                continue
            path = (ksq, base + 5, base + 6) if short else \
                (ksq, base + 3, base + 2)
            if any(self.attacked(board, s, not white) for s in path):
                continue
            kto, rto = (base + 6, base + 5) if short else (base + 2, base + 3)
            yield Move(white, "K", ksq, kto,
                       ((ksq, without(board[ksq], king)),
                        (rsq, without(board[rsq], rook)),
                        (kto, (king,)), (rto, (rook,))), "O")

    # ------------------------------------------------------------ notation

    def labels(self, pos, legal):
        """Coordinate notation of each legal move (pawnkit-notation(5),
        "Coordinate notation"), as fen-moves --notation uci prints it."""
        quiet = {(mv.frm, mv.to) for mv, _ in legal
                 if mv.victim is None and mv.tag != "~"}
        out = []
        for mv, _ in legal:
            if mv.tag == "~":
                out.append(sq_name(mv.frm) + "~")
                continue
            s = "T" if mv.mover == "T" else ""
            s += sq_name(mv.frm) + sq_name(mv.to)
            if mv.tag in ("^", "&", "(p)"):
                s += mv.tag
            if mv.victim is not None and (mv.frm, mv.to) in quiet:
                s += "x"
            out.append(s + mv.promo)
        return out

