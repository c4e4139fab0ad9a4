"""The extended FEN of pawnkit-notation(5) ("FEN: the board field"), both ways.

Board tokens: FEN's KQRBNP/kqrbnp; T/t a tandem (tandem only); P{CMC} a
pawn with its Random Pawns code (randompawns* only, where every pawn must
carry one); (Nb) two men sharing a square (pauli only).  A token not
allowed in the variant is an error.  The fields after the board are FEN's;
the clocks may be missing (then 0 and 1).
"""

from .board import Position, is_white, kind, sq_name

CODE_LETTERS = "MCOX"


class FenError(ValueError):
    pass


def _piece(text, i, rules):
    """The piece token starting at text[i]: (piece string, next index)."""
    c = text[i]
    if c in "KQRBNPkqrbnp":
        piece = c
    elif c in "Tt":
        if not rules.tandems:
            raise FenError("tandem %r outside tandem chess" % c)
        piece = c
    else:
        raise FenError("bad board character %r" % c)
    i += 1
    if i < len(text) and text[i] == "{":
        if piece not in "Pp" or not rules.codes:
            raise FenError("movement code not allowed here")
        code = text[i + 1:i + 4].upper()
        if len(code) != 3 or any(x not in CODE_LETTERS for x in code) \
                or text[i + 4:i + 5] != "}":
            raise FenError("bad movement code at %r" % text[i:])
        piece += code
        i += 5
    elif piece in "Pp" and rules.codes:
        raise FenError("a Random Pawns pawn without a code")
    return piece, i


def parse_board(text, rules):
    ranks = text.split("/")
    if len(ranks) != 8:
        raise FenError("board needs 8 ranks")
    board = [()] * 64
    for row, rank_text in enumerate(ranks):
        r = 7 - row
        f = 0
        i = 0
        while i < len(rank_text):
            c = rank_text[i]
            if c.isdigit():
                f += int(c)
                i += 1
                continue
            if f > 7:
                raise FenError("rank %d too long" % (r + 1))
            if c == "(":
                if not rules.sharing:
                    raise FenError("shared square outside Pauli chess")
                a, i = _piece(rank_text, i + 1, rules)
                b, i = _piece(rank_text, i, rules)
                if rank_text[i:i + 1] != ")":
                    raise FenError("( ) holds exactly two letters")
                i += 1
                board[r * 8 + f] = (a, b)
            else:
                p, i = _piece(rank_text, i, rules)
                board[r * 8 + f] = (p,)
            f += 1
        if f != 8:
            raise FenError("rank %d has %d squares" % (r + 1, f))
    return board


def parse_fen(text, rules):
    fields = text.split()
    if len(fields) < 4:
        raise FenError("FEN needs board, side, castling and e.p. fields")
    board = parse_board(fields[0], rules)
    if fields[1] not in ("w", "b"):
        raise FenError("side must be w or b")
    white = fields[1] == "w"
    castling = "" if fields[2] == "-" else fields[2]
    if any(c not in "KQkq" for c in castling):
        raise FenError("bad castling field")
    castling = "".join(c for c in "KQkq" if c in castling)
    halfmove = int(fields[4]) if len(fields) > 4 else 0
    fullmove = int(fields[5]) if len(fields) > 5 else 1
    ep = None if fields[3] == "-" else rules.resolve_ep(board, white,
                                                         fields[3])
    return Position(board, white, castling, ep, None, halfmove, fullmove)


ORDER = "KQRBNPT"


def _token(piece):
    return piece[0] + ("{%s}" % piece[1:] if len(piece) > 1 else "")


def to_fen(pos):
    """Canonical extended FEN: inside ( ) White's man first, then K Q R B N
    P order (pawnkit-notation(5))."""
    rows = []
    for r in range(7, -1, -1):
        row = ""
        empty = 0
        for f in range(8):
            men = pos.board[r * 8 + f]
            if not men:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            if len(men) == 1:
                row += _token(men[0])
            else:
                a, b = sorted(men, key=lambda p: (not is_white(p),
                                                  ORDER.index(kind(p))))
                row += "(" + _token(a) + _token(b) + ")"
        if empty:
            row += str(empty)
        rows.append(row)
    ep = "-"
    if pos.ep:
        passed, victim = pos.ep
        ep = sq_name(passed)
        if (victim & 7) != (passed & 7):     # Random Pawns diagonal
            ep += sq_name(victim)
    return "%s %s %s %s %d %d" % ("/".join(rows), "w" if pos.white else "b",
                                  pos.castling or "-", ep, pos.halfmove,
                                  pos.fullmove)
