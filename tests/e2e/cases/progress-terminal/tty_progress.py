# Each long run shows its progress line on a terminal while it runs (see
# cmd); the outputs are the same, byte for byte, without it.
import os, pty, select, signal, subprocess, sys, time
# A command that stopped reading would block the writes below for good:
# the alarm ends the test instead (status 142, a failure).
signal.alarm(100)
bin_dir, demo = sys.argv[1], sys.argv[2]
games = (open(demo + "/classics.pgn", "rb").read() * 20 +
         open(demo + "/one-illegal.pgn", "rb").read())
CLEAR = b"\r\x1b[K"

def drain(master, seen, wait):
    """What the terminal shows, read until the command has gone."""
    while True:
        r, _, _ = select.select([master], [], [], wait)
        if not r:
            return seen
        try:
            data = os.read(master, 4096)
        except OSError:		# EIO: no writer left
            return seen
        if not data:
            return seen
        seen += data

def on_terminal(argv, blocks=None, stdout_tty=False):
    """Runs argv with standard error on a terminal, feeding blocks of
    games until the progress line shows (or the given count): whether it
    showed while the input was still open, the blocks fed, the text."""
    master, slave = pty.openpty()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stderr=slave,
                         stdout=slave if stdout_tty else open("tty.out", "wb"))
    os.close(slave)
    seen, fed = b"", 0
    deadline = time.time() + 20
    while (fed < blocks if blocks else
           b"games/s" not in seen and time.time() < deadline):
        p.stdin.write(games)
        p.stdin.flush()
        fed += 1
        seen = drain(master, seen, 0.05)
    shown = b"games/s" in seen
    p.stdin.close()
    seen = drain(master, seen, 5)
    p.wait()
    os.close(master)
    return shown, fed, seen

def plain(argv, fed):
    """The same input, standard error not a terminal, --no-progress."""
    with open("plain.out", "wb") as out:
        p = subprocess.run(argv + ["--no-progress"], input=games * fed,
                           stdout=out, stderr=subprocess.PIPE)
    return p.stderr

def whole_lines(seen):
    """Diagnostics never share a line with the progress line: what
    follows the last clearing of each line."""
    for line in seen.split(b"\n"):
        line = line.rsplit(CLEAR, 1)[-1]
        if b"games/s" in line and b"error" in line:
            return False
    return True

def snapshot(files):
    out = b""
    for f in files:
        if os.path.isdir(f):
            out += snapshot(sorted(f + "/" + n for n in os.listdir(f)))
        else:
            out += f.encode() + b"\n" + open(f, "rb").read()
    return out

CASES = [
    ("pgn-validate", ["pgn-validate", "-o", "out.pgn", "--reject",
                      "bad.pgn", "-"], ["out.pgn", "bad.pgn"]),
    ("pgn-validate --jobs 2", ["pgn-validate", "--jobs", "2", "-o",
                               "out.pgn", "-"], ["out.pgn"]),
    ("pgn-convert", ["pgn-convert", "-f", "json", "-o", "out.json", "-"],
     ["out.json"]),
    ("pgn-convert to standard output", ["pgn-convert", "-f", "ndjson",
                                        "--jobs", "2", "-"], []),
    ("game-stats", ["game-stats", "--plot", "plot.svg", "-"], ["plot.svg"]),
    ("fen-render --pgn", ["fen-render", "--pgn", "-", "-f", "svg", "-o",
                          "dir"], ["dir"]),
]
for name, argv, files in CASES:
    argv = [bin_dir + "/" + argv[0]] + argv[1:]
    subprocess.run(["rm", "-rf"] + files)
    shown, fed, seen = on_terminal(argv)
    with_it = snapshot(files) + open("tty.out", "rb").read()
    subprocess.run(["rm", "-rf"] + files)
    plain(argv, fed)
    without = snapshot(files) + open("plain.out", "rb").read()
    print("%s: %s, %s, %s" % (name,
          "progress shown while running" if shown else "no progress line",
          "diagnostics on lines of their own" if whole_lines(seen)
          else "diagnostics mixed with the progress line",
          "outputs the same without it" if with_it == without
          else "outputs differ without it"))

# Never with --no-progress or -q, nor when standard output is the
# terminal the games go to.
v = bin_dir + "/pgn-validate"
for name, argv, stdout_tty in [
        ("--no-progress", [v, "--no-progress", "-"], False),
        ("-q", [v, "-q", "-"], False),
        ("standard output on the terminal", [bin_dir + "/pgn-convert",
                                             "-f", "uci-line", "-"], True)]:
    _, _, seen = on_terminal(argv, blocks=10, stdout_tty=stdout_tty)
    print("%s: %s" % (name, "progress line shown" if b"games/s" in seen
                      else "no progress line"))
