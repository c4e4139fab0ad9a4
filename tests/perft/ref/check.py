"""Compare the perft counts of .epd suites three ways: the count recorded in
the file, this reference's, and fen-moves --perft's.

    PYTHONPATH=tests/perft python3 -m ref.check --fen-moves build/bin/fen-moves \
        [--max-nodes N] [--jobs N] tests/perft/*.epd

EPD lines (as tests/unit/support.c reads them): "[variant] FEN ;Dn count
;Dn count ...", lines starting with # skipped; without a leading variant id
the file's name gives it (tandem.epd: tandem).  Entries whose recorded count
exceeds --max-nodes are skipped and counted.  On a mismatch the first
differing entry is narrowed down with divide, move by move, to the position
where the two move lists differ.
"""

import argparse
import multiprocessing
import os
import subprocess
import sys
import time

from . import RULES, divide, parse_fen, perft, to_fen


class Entry:
    __slots__ = ("path", "lineno", "variant", "fen", "depth", "want",
                 "py", "c", "secs")

    def __init__(self, path, lineno, variant, fen, depth, want):
        self.path = path
        self.lineno = lineno
        self.variant = variant
        self.fen = fen
        self.depth = depth
        self.want = want
        self.py = self.c = None
        self.secs = 0.0

    def where(self):
        return "%s:%d" % (os.path.basename(self.path), self.lineno)


def read_epd(path):
    default = os.path.basename(path)[:-len(".epd")]
    if default not in RULES:
        raise SystemExit("%s: no variant named %r" % (path, default))
    out = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#") or ";" not in line:
                continue
            head, *fields = line.rstrip("\n").split(";")
            variant = default
            first, _, rest = head.strip().partition(" ")
            if first in RULES:
                variant, head = first, rest
            for field in fields:
                d, n = field.split()
                if d[0] != "D":
                    raise SystemExit("%s:%d: bad field %r" % (path, lineno,
                                                              field))
                out.append(Entry(path, lineno, variant, head.strip(),
                                 int(d[1:]), int(n)))
    return out


def py_count(args):
    variant, fen, depth = args
    rules = RULES[variant]
    t = time.time()
    try:
        n = perft(rules, parse_fen(fen, rules), depth)
    except Exception as ex:     # reported as a mismatch, not a traceback
        n = "error: %s" % ex
    return n, time.time() - t


def c_perft(fm, variant, fen, depth):
    r = subprocess.run([fm, "--variant", variant, "--perft", str(depth), fen],
                       capture_output=True, text=True)
    try:
        return int(r.stdout.split()[0])
    except (IndexError, ValueError):
        return "error: " + (r.stderr.strip() or r.stdout.strip())[:200]


def c_divide(fm, variant, fen, depth):
    r = subprocess.run([fm, "--variant", variant, "--perft", str(depth),
                        "--divide", "--notation", "uci", fen],
                       capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        lab, _, n = line.rpartition(" ")
        if lab and lab != "total":
            out[lab] = int(n)
    if r.returncode and not out:
        print("    fen-moves failed: %s" % r.stderr.strip()[:300])
    return out


def localize(fm, e):
    """Follow the first move whose counts differ down to the position
    where the reference and fen-moves list different moves."""
    rules = RULES[e.variant]
    fen, depth, path = e.fen, e.depth, []
    while depth >= 1:
        pos = parse_fen(fen, rules)
        py = {lab: (n, nxt) for lab, n, nxt in divide(rules, pos, depth)}
        c = c_divide(fm, e.variant, fen, depth)
        print("  divide %d of %s%s" % (
            depth, fen, "  (after %s)" % " ".join(path) if path else ""))
        only_py = sorted(set(py) - set(c))
        only_c = sorted(set(c) - set(py))
        differ = sorted(lab for lab in set(py) & set(c) if py[lab][0] != c[lab])
        for lab in only_py:
            print("    %-12s python %-10d fen-moves (no such move)" % (
                lab, py[lab][0]))
        for lab in only_c:
            print("    %-12s python (no such move) fen-moves %d" % (lab, c[lab]))
        for lab in differ:
            print("    %-12s python %-10d fen-moves %d" % (lab, py[lab][0],
                                                         c[lab]))
        print("    (%d moves agree; totals python %d, fen-moves %d)" % (
            len(py) - len(only_py) - len(differ),
            sum(n for n, _ in py.values()), sum(c.values())))
        if only_py or only_c or not differ or depth == 1:
            if only_py or only_c:
                print("  => the move lists differ in %s" % fen)
            return
        lab = differ[0]
        path.append(lab)
        fen, depth = to_fen(py[lab][1]), depth - 1


def main():
    ap = argparse.ArgumentParser(prog="python3 -m ref.check")
    ap.add_argument("--fen-moves", required=True)
    ap.add_argument("--max-nodes", type=int, default=1000000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("epd", nargs="+")
    a = ap.parse_args()
    start = time.time()

    entries = [e for path in a.epd for e in read_epd(path)]
    todo = [e for e in entries if e.want <= a.max_nodes]
    skipped = len(entries) - len(todo)

    # The reference's counts in worker processes, biggest first so that the
    # cores finish together; fen-moves meanwhile in this process.
    order = sorted(range(len(todo)), key=lambda i: -todo[i].want)
    with multiprocessing.Pool(max(1, a.jobs)) as pool:
        pending = pool.map_async(py_count, [(todo[i].variant, todo[i].fen,
                                             todo[i].depth) for i in order],
                                 chunksize=1)
        for e in todo:
            e.c = c_perft(a.fen_moves, e.variant, e.fen, e.depth)
        for i, (n, secs) in zip(order, pending.get()):
            todo[i].py, todo[i].secs = n, secs

    bad = []
    for e in todo:
        ok = e.py == e.want == e.c
        if not ok:
            bad.append(e)
        print("%-4s %-24s %-16s D%d %12d   python %s, fen-moves %s (%.2f s)" % (
            "ok" if ok else "FAIL", e.where(), e.variant, e.depth, e.want,
            e.py, e.c, e.secs))

    depths = sorted({e.depth for e in todo})
    print("perft reference: %d entries checked (%d positions, depths %s) "
          "from %d files: %d mismatches" % (
              len(todo), len({(e.path, e.lineno) for e in todo}),
              ",".join(map(str, depths)), len(a.epd), len(bad)))
    print("perft reference: %d deeper entries skipped (recorded count over "
          "%d nodes; raise PERFT_REF_MAX_NODES to check them)" % (
              skipped, a.max_nodes))
    print("perft reference: %.1f s" % (time.time() - start))

    if bad:
        e = bad[0]
        print("\nfirst mismatch: %s %s %s D%d: recorded %d, python %s, "
              "fen-moves %s" % (e.where(), e.variant, e.fen, e.depth, e.want,
                                e.py, e.c))
        if not isinstance(e.py, int) or not isinstance(e.c, int):
            print("  no divide: a program failed on this position")
        elif e.py != e.c:
            localize(a.fen_moves, e)
        else:
            print("  python and fen-moves agree; only the recorded count "
                  "differs")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
