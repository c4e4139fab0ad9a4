"""Makes random.pgn and random.fen: Chess960 games of random legal moves,
as Stockfish (UCI_Chess960) lists the moves, from start positions of
Chess960 and of its double form (each side its own setup), one from the
standard position without a [FEN].  Castling is played whenever it is
legal and a coin says so, so that most games castle.  random.fen holds the
position after each game's last move as Stockfish writes it (Shredder-FEN,
its e.p. field only when a capture is possible).  The moves are written in
coordinates and turned into SAN by pgn-convert.  Run once; the files are
kept, not made by the tests:

    python3 tests/data/variants/chess960/make-games.py build/bin/pgn-convert \\
        /usr/games/stockfish
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "perft"))
from chess960 import Stockfish, back_rank, start_fen  # noqa: E402

NAMES = ["Chess960", "chess 960", "Fischerandom", "Fischer Random",
         "fischerandom", "Chess 960"]


def board_of(fen):
    """{square name: piece letter} of a FEN's board field."""
    board = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    return board


def is_castle(board, move):
    """The king taking its own rook."""
    a, b = board.get(move[:2], ""), board.get(move[2:4], "")
    return a in "Kk" and a and b and b in "Rr" and a.isupper() == b.isupper()


def play(sf, rng, fen, plies):
    """Moves and the final FEN; the result the final position gives."""
    moves, now = [], fen
    for _ in range(plies):
        legal, _ = sf.divide(fen, 1, moves)
        if not legal:
            break
        board = board_of(now)
        castles = [m for m in sorted(legal) if is_castle(board, m)]
        pick = (rng.choice(castles) if castles and rng.random() < 0.7
                else rng.choice(sorted(legal)))
        moves.append(pick)
        now = sf.fen(fen, moves)
    return moves, now


def result_of(sf, fen, moves, now):
    legal, _ = sf.divide(fen, 1, moves)
    if legal:
        return "*"
    sf.send("position fen " + now)
    sf.send("go depth 1")
    lines = sf.until(lambda line: line.startswith("bestmove"))
    mated = any(" mate 0" in line for line in lines)
    if not mated:
        return "1/2-1/2"
    return "0-1" if now.split()[1] == "w" else "1-0"


def game_text(n, name, fen, moves, result, standard):
    tags = [("Event", "Chess960 random games"), ("Site", "?"),
            ("Date", "????.??.??"), ("Round", str(n)), ("White", "random"),
            ("Black", "random"), ("Result", result), ("Variant", name)]
    if not standard:
        tags += [("SetUp", "1"), ("FEN", fen)]
    head = "".join('[%s "%s"]\n' % t for t in tags)
    return head + "\n" + " ".join(moves + [result]) + "\n\n"


def setups(rng, n):
    ranks = [back_rank(i) for i in range(960)]
    out = []
    for i in range(n):
        white = rng.choice(ranks)
        black = white if i % 3 else rng.choice(ranks)
        out.append(start_fen(white, black, xfen=i % 2 == 0))
    return out


def main():
    pgn_convert, stockfish = sys.argv[1], sys.argv[2]
    here = os.path.dirname(os.path.abspath(__file__))
    rng = random.Random(960)
    sf = Stockfish(stockfish)
    text, finals = [], []
    starts = [start_fen(back_rank(518), back_rank(518), True)]
    starts += setups(rng, 15)
    for n, fen in enumerate(starts, 1):
        moves, now = play(sf, rng, fen, rng.randrange(30, 90))
        result = result_of(sf, fen, moves, now)
        text.append(game_text(n, NAMES[n % len(NAMES)], fen, moves, result,
                              n == 1))
        finals.append("%s\t%d\n" % (now, n))
    sf.close()
    san = subprocess.run([pgn_convert, "--width", "80"],
                         input="".join(text), capture_output=True, text=True)
    if san.returncode != 0:
        sys.exit("pgn-convert: " + san.stderr)
    with open(os.path.join(here, "random.pgn"), "w") as f:
        f.write(san.stdout)
    with open(os.path.join(here, "random.fen"), "w") as f:
        f.write("".join(finals))


if __name__ == "__main__":
    main()
