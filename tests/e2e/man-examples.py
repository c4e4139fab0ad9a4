"""Runs every example of every manual page, as a user would paste it.

    python3 tests/e2e/man-examples.py BIN_DIR

The EXAMPLES section of each page in man/ is rendered (mandoc -T ascii)
and read: a line starting with "$ " is a command, continued while a line
ends in a backslash or a pipe or leaves a quote open; the lines after it,
up to a blank line, are its output when the page shows one.  The commands
of a page run in order, in one directory, under bash with pipefail, on
inputs that hold a game that fails (games.pgn, lichess.pgn: an illegal
move each), with the commands of BIN_DIR first on PATH.  Each must:
- exit with status 0 or 1 (1 only where a failed game explains it), and
  print no error of jq or of a command's usage;
- print exactly the output the page shows, when it shows one;
- give output of its format's shape, for the line formats (FEN counts,
  UCI lines, NDJSON through jq).
An example needing a program that is not installed (jq, GNU parallel) is
skipped.  Prints one line per failure and "man-examples: N passed, N
failed, N skipped".
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def examples(page):
    """(command, shown output or None) of the page's EXAMPLES section."""
    text = subprocess.run(["mandoc", "-T", "ascii", "-O", "width=200", page],
                          capture_output=True, text=True, check=True).stdout
    text = subprocess.run(["col", "-bx"], input=text, capture_output=True,
                          text=True, check=True).stdout
    lines, on = [], False
    for line in text.splitlines():
        if re.match(r"^[A-Z][A-Z ]+$", line):
            on = line == "EXAMPLES"
        elif on:
            lines.append(line)
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^( *)\$ (.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, cmd = len(m.group(1)), [m.group(2)]
        i += 1
        while continued(" ".join(cmd)) and i < len(lines):
            cmd.append(lines[i].strip())
            i += 1
        shown = []
        while i < len(lines) and lines[i].strip() and \
                not re.match(r"^ *\$ ", lines[i]):
            # "..." between two commands: more of the same, not output.
            if lines[i].strip() != "...":
                shown.append(lines[i][indent:])
            i += 1
        out.append(("\n".join(cmd), shown if shown else None))
    return out


def continued(cmd):
    last = cmd.rstrip()
    return last.endswith("\\") or last.endswith("|") or \
        cmd.count("'") % 2 == 1


def fixtures(work):
    """The files the examples name, each with a game that fails."""
    demo = os.path.join(ROOT, "tests", "data", "demo")
    extra = os.path.join(HERE, "man-examples", "extra.pgn")
    games = b"".join(open(os.path.join(demo, f), "rb").read()
                     for f in ("classics.pgn", "one-illegal.pgn"))
    games += b"\n" + open(extra, "rb").read()
    for name in ("games.pgn", "2026-01.pgn", "2026-02.pgn"):
        open(os.path.join(work, name), "wb").write(games)
    open(os.path.join(work, "lichess.pgn"), "wb").write(
        open(extra, "rb").read())
    tandem = open(os.path.join(ROOT, "tests", "data", "variants", "tandem",
                               "games.pgn"), "rb").read()
    open(os.path.join(work, "regan.pgn"), "wb").write(
        re.sub(rb'\[Variant "[^"]*"\]\r?\n', b"", tandem))


# Shapes of the line formats' output, by what the command asks for.
SHAPES = [
    (r"-f fen .*cut -f1 \| sort \| uniq -c",
     r"^ *[0-9]+ ([^ /]+/){7}[^ /]+( [wb] [^ ]+ [^ ]+ [0-9]+ [0-9]+)?$",
     "a count and a FEN"),
    (r"-f uci-line", r"^([a-h][1-8][a-h][1-8][qrbn]?)( [a-h][1-8][a-h][1-8][qrbn]?)*$",
     "a line of UCI moves"),
]


def shape_fault(cmd, stdout):
    for pattern, line_re, what in SHAPES:
        if re.search(pattern, cmd):
            for line in stdout.splitlines():
                if not re.match(line_re, line):
                    return f"a line that is not {what}: {line[:80]!r}"
    return None


def needs(cmd):
    """The programs the command needs that are not installed."""
    return [p for p in ("jq", "parallel", "zstd") if
            re.search(rf"(^|[|;] *|\s){p}\s", cmd + " ") and not shutil.which(p)]


def run(cmd, work, bindir):
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
    # '...' stands for the user's own jq program: the identity here.
    cmd = cmd.replace("jq '...'", "jq '.'")
    return subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=work,
                          env=env, capture_output=True, text=True,
                          timeout=120)


def check(page, cmd, shown, p):
    name = f"{os.path.basename(page)}: {cmd.splitlines()[0][:60]}"
    if p.returncode not in (0, 1):
        return f"{name}: status {p.returncode}: {p.stderr.strip()[:200]}"
    for bad in ("jq: error", "parse error", "Try `", "Cannot iterate"):
        if bad in p.stderr:
            return f"{name}: {p.stderr.strip()[:200]}"
    if shown is not None and p.stdout.rstrip("\n").split("\n") != shown:
        return f"{name}: output differs from the page:\n{p.stdout[:400]}"
    fault = shape_fault(cmd, p.stdout)
    return f"{name}: {fault}" if fault else None


def main():
    bindir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                             os.path.join(ROOT, "build", "bin"))
    if not shutil.which("mandoc"):
        print("man-examples: mandoc not installed, skipped")
        return 0
    passed = failed = skipped = 0
    for page in sorted(os.listdir(os.path.join(ROOT, "man"))):
        page = os.path.join(ROOT, "man", page)
        with tempfile.TemporaryDirectory() as work:
            fixtures(work)
            for cmd, shown in examples(page):
                if needs(cmd):
                    skipped += 1
                    continue
                fault = check(page, cmd, shown, run(cmd, work, bindir))
                if fault:
                    failed += 1
                    print(f"FAIL {fault}")
                else:
                    passed += 1
    print(f"man-examples: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
