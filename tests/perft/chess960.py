"""Chess960 perft: fen-moves --variant chess960 against Stockfish in its
UCI_Chess960 mode, computed live.

Positions: the 960 start positions (numbered as Scharnagl's scheme numbers
them, #518 the standard one), double Fischer random setups (each side its
own), and positions after random play that Stockfish itself makes (its
`go perft 1` lists the legal moves, `d` gives the FEN), so that nothing but
the counts comes from pawnkit.  One line per group, the first mismatch
with both programs' divide, exit 1 on any.

    python3 tests/perft/chess960.py FEN_MOVES STOCKFISH [--depth N]
        [--deep N] [--deep-depth N] [--dfrc N] [--games N] [--plies N]
"""
import argparse
import random
import subprocess
import sys

KNIGHTS = ["NN---", "N-N--", "N--N-", "N---N", "-NN--", "-N-N-", "-N--N",
           "--NN-", "--N-N", "---NN"]


def back_rank(n):
    """The back rank of start position n (0..959), White's letters."""
    rank = [None] * 8
    rank[2 * (n % 4) + 1] = "B"
    n //= 4
    rank[2 * (n % 4)] = "B"
    n //= 4
    free = [f for f in range(8) if rank[f] is None]
    rank[free[n % 6]] = "Q"
    n //= 6
    free = [f for f in range(8) if rank[f] is None]
    for f, c in zip(free, KNIGHTS[n]):
        if c == "N":
            rank[f] = "N"
    free = [f for f in range(8) if rank[f] is None]
    for f, c in zip(free, "RKR"):
        rank[f] = c
    return "".join(rank)


def castling(white, black):
    """Shredder-FEN rights: the rooks' files, h-side first."""
    def files(rank):
        return "".join("ABCDEFGH"[f] for f in range(7, -1, -1)
                       if rank[f] == "R")
    return files(white) + files(black).lower()


def start_fen(white, black, xfen=False):
    """X-FEN's KQkq names the rooks of a start position too."""
    return "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1" % (
        black.lower(), white, "KQkq" if xfen else castling(white, black))


class Stockfish:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.send("setoption name UCI_Chess960 value true")
        self.send("isready")
        self.until(lambda line: line == "readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish ended")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def divide(self, fen, depth, moves=()):
        """{move: count} and the total, as `go perft` prints them."""
        self.send("position fen %s%s" % (
            fen, " moves " + " ".join(moves) if moves else ""))
        self.send("go perft %d" % depth)
        lines = self.until(lambda line: line.startswith("Nodes searched"))
        counts = {}
        for line in lines[:-1]:
            move, sep, n = line.partition(": ")
            if sep and n.isdigit():
                counts[move] = int(n)
        return counts, int(lines[-1].split(":")[1])

    def fen(self, fen, moves):
        self.send("position fen %s moves %s" % (fen, " ".join(moves)))
        self.send("d")
        lines = self.until(lambda line: line.startswith("Checkers"))
        for line in lines:
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("no FEN from stockfish")

    def close(self):
        self.send("quit")
        self.p.wait()


def pawnkit_counts(fen_moves, fens, depth):
    out = subprocess.run([fen_moves, "--variant", "chess960", "--perft",
                          str(depth)], input="".join(f + "\n" for f in fens),
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("fen-moves failed: " + out.stderr.strip())
    return [int(n) for n in out.stdout.split()]


def pawnkit_divide(fen_moves, fen, depth):
    out = subprocess.run([fen_moves, "--variant", "chess960", "--notation",
                          "uci", "--perft", str(depth), "--divide", fen],
                         capture_output=True, text=True)
    counts = {}
    for line in out.stdout.splitlines():
        move, n = line.split()
        if move != "total":
            counts[move] = int(n)
    return counts


def explain(args, sf, fen, depth):
    """The moves whose counts differ, both programs' (the first few)."""
    ours = pawnkit_divide(args.fen_moves, fen, depth)
    theirs, _ = sf.divide(fen, depth)
    for move in sorted(set(ours) | set(theirs)):
        if ours.get(move) != theirs.get(move):
            print("  %s: pawnkit %s, stockfish %s" % (
                move, ours.get(move), theirs.get(move)))


def check(args, sf, name, fens, depth):
    """1 on a mismatch (the first one explained), else 0."""
    ours = pawnkit_counts(args.fen_moves, fens, depth)
    for fen, n in zip(fens, ours):
        _, want = sf.divide(fen, depth)
        if n != want:
            print("FAIL %s: perft %d of %s: pawnkit %d, stockfish %d" % (
                name, depth, fen, n, want))
            explain(args, sf, fen, depth)
            return 1
    print("ok %s: %d positions, perft %d" % (name, len(fens), depth))
    return 0


def random_play(sf, rng, fen, plies):
    """The positions of one random game of Stockfish's legal moves."""
    moves, seen = [], []
    for _ in range(plies):
        legal, _ = sf.divide(fen, 1, moves)
        if not legal:
            break
        moves.append(rng.choice(sorted(legal)))
        seen.append(sf.fen(fen, moves))
    return seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fen_moves")
    ap.add_argument("stockfish")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--deep", type=int, default=12)
    ap.add_argument("--deep-depth", type=int, default=4)
    ap.add_argument("--dfrc", type=int, default=60)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=960)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = Stockfish(args.stockfish)
    ranks = [back_rank(n) for n in range(960)]
    starts = [start_fen(r, r, n % 2 == 0) for n, r in enumerate(ranks)]
    dfrc = [start_fen(rng.choice(ranks), rng.choice(ranks))
            for _ in range(args.dfrc)]
    played = []
    for _ in range(args.games):
        game = random_play(sf, rng, rng.choice(dfrc + starts), args.plies)
        played += game[::3]
    failed = check(args, sf, "start positions", starts, args.depth)
    failed += check(args, sf, "start positions, a sample",
                    rng.sample(starts, args.deep), args.deep_depth)
    failed += check(args, sf, "double Fischer random setups", dfrc,
                    args.depth)
    failed += check(args, sf, "after random play", played, args.depth)
    sf.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
