"""Independent Python reference for pawnkit's perft counts.

Written from pawnkit-variants(7) and pawnkit-notation(5) alone (no code
from librules), so that a disagreement with the C implementation points at
a bug in one of the two.  Standard library only.

    from ref import RULES, parse_fen, perft
    rules = RULES["tandem"]
    perft(rules, parse_fen(fen, rules), 3)
"""

from .emap import Emap
from .fen import FenError, parse_fen, to_fen
from .pauli import Pauli
from .perft import divide, perft
from .pushpawn import Pushpawn
from .randompawns import RandomPawns
from .standard import Standard
from .tandem import Tandem

# Variant ids as pawnkit-variants(7) ("Variant ids and PGN names") and fen-moves
# --variant spell them.
RULES = {r.id: r for r in (
    Standard(), Tandem(), Emap(), RandomPawns(flip=False),
    RandomPawns(flip=True), Pushpawn(fourth_only=False),
    Pushpawn(fourth_only=True), Pauli())}

__all__ = ["RULES", "FenError", "parse_fen", "to_fen", "perft", "divide"]
