"""Squares, pieces and the position record shared by every variant.

Squares are 0..63, a1 = 0, b1 = 1, ..., h8 = 63 (index = rank * 8 + file,
ranks and files counted from 0).  A square holds a tuple of pieces: empty
(), one piece, or -- in Pauli Chess only -- two (pawnkit-variants(7), "Pauli
Chess": "Up to two pieces may stand on one square").  A tuple for every
variant keeps one board type for all six rule sets.

A piece is a string: its FEN letter (upper case White, lower case Black;
"T"/"t" a tandem, pawnkit-variants(7) "Tandem Pawn Chess"), followed for a Random
Pawns pawn by its three-letter movement code ("PCMC", "pXCO";
pawnkit-notation(5), "FEN: the board field").
"""

FILES = "abcdefgh"


def sq_name(sq):
    return FILES[sq & 7] + str((sq >> 3) + 1)


def parse_sq(text):
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError("bad square %r" % text)
    return (int(text[1]) - 1) * 8 + FILES.index(text[0])


def offset(sq, df, dr):
    """The square df files and dr ranks away from sq, or None off the board."""
    f = (sq & 7) + df
    r = (sq >> 3) + dr
    if 0 <= f < 8 and 0 <= r < 8:
        return r * 8 + f
    return None


def is_white(piece):
    return piece[0].isupper()


def kind(piece):
    """Upper-case letter of a piece, whatever its colour and code."""
    return piece[0].upper()


def rel_rank(sq, white):
    """Rank 1..8 as seen from the given side ("rank n is always relative to
    the side moving", pawnkit-variants(7) introduction)."""
    r = (sq >> 3) + 1
    return r if white else 9 - r


def forward(white):
    """Square delta one step toward the opponent's side."""
    return 8 if white else -8


def _rays():
    dirs = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0),
            "NE": (1, 1), "NW": (-1, 1), "SE": (1, -1), "SW": (-1, -1)}
    rays = []
    for sq in range(64):
        by_dir = {}
        for name, (df, dr) in dirs.items():
            ray = []
            t = offset(sq, df, dr)
            while t is not None:
                ray.append(t)
                t = offset(t, df, dr)
            by_dir[name] = tuple(ray)
        rays.append(by_dir)
    return rays


RAYS = _rays()
ORTHO = ("N", "S", "E", "W")
DIAG = ("NE", "NW", "SE", "SW")
KNIGHT = tuple(tuple(t for t in (offset(sq, df, dr) for df, dr in
                                 ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2),
                                  (-2, -1), (-2, 1), (-1, 2)))
                     if t is not None) for sq in range(64))
KING = tuple(tuple(t for t in (offset(sq, df, dr) for df in (-1, 0, 1)
                               for dr in (-1, 0, 1) if df or dr)
                   if t is not None) for sq in range(64))


class Position:
    """One position: board, side to move, castling rights, en passant.

    ep is None or (passed square, square of the man that passed): the second
    square is explicit because in Random Pawns a diagonal two-square move
    leaves its pawn beside, not in front of, the passed square (pawnkit-notation(5),
    en-passant field).  kings caches both kings' squares (None if absent) so
    that the king-safety test needs no board scan.  The clocks are kept only
    to write FEN back; perft does not depend on them.
    """

    __slots__ = ("board", "white", "castling", "ep", "kings",
                 "halfmove", "fullmove")

    def __init__(self, board, white, castling, ep, kings=None,
                 halfmove=0, fullmove=1):
        self.board = board
        self.white = white
        self.castling = castling
        self.ep = ep
        self.kings = kings if kings is not None else find_kings(board)
        self.halfmove = halfmove
        self.fullmove = fullmove


def find_kings(board):
    wk = bk = None
    for sq, men in enumerate(board):
        if "K" in men:
            wk = sq
        if "k" in men:
            bk = sq
    return [wk, bk]


def without(men, piece):
    """The square's tuple with one instance of piece removed."""
    i = men.index(piece)
    return men[:i] + men[i + 1:]


# PAWN_FROM[w][sq]: the squares from which a pawn of colour w (1 White,
# 0 Black) attacks sq with an ordinary one-square diagonal capture.
PAWN_FROM = (
    tuple(tuple(t for t in (offset(sq, -1, 1), offset(sq, 1, 1)) if t is not None)
          for sq in range(64)),
    tuple(tuple(t for t in (offset(sq, -1, -1), offset(sq, 1, -1)) if t is not None)
          for sq in range(64)),
)
