"""python3 -m ref [--variant ID] [--divide] FEN DEPTH  (PYTHONPATH=tests/perft)

A debugging aid: the reference's perft (or divide) of one position."""

import argparse
import sys

from . import RULES, divide, parse_fen, perft


def main():
    ap = argparse.ArgumentParser(prog="python3 -m ref")
    ap.add_argument("--variant", default="standard", choices=sorted(RULES))
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--moves", action="store_true",
                    help="list the legal moves (coordinate notation)")
    ap.add_argument("fen")
    ap.add_argument("depth", type=int, nargs="?", default=1)
    a = ap.parse_args()
    rules = RULES[a.variant]
    pos = parse_fen(a.fen, rules)
    if a.moves:
        for lab in sorted(rules.labels(pos, rules.legal_moves(pos))):
            print(lab)
    elif a.divide:
        total = 0
        for lab, n, _ in sorted(divide(rules, pos, a.depth)):
            print(lab, n)
            total += n
        print("total", total)
    else:
        print(perft(rules, pos, a.depth))
    return 0


sys.exit(main())
