# Each command writing to -o (--reject, --plot, fen-render's files) is
# stopped by SIGINT or SIGTERM once it has started writing: what it
# leaves is the complete file or none, and no temporary file.
import os, re, signal, subprocess, sys, time
signal.alarm(120)	# a command that never stops fails the test
bin_dir, demo = sys.argv[1], sys.argv[2]
games = (open(demo + "/classics.pgn", "rb").read() * 40 +
         open(demo + "/one-illegal.pgn", "rb").read())
CASES = [
    ("pgn-validate -o --reject", ["pgn-validate", "-q", "-o", "good.pgn",
                                   "--reject", "bad.pgn", "-"], "good.pgn"),
    ("pgn-validate --jobs 2", ["pgn-validate", "-q", "--jobs", "2", "-o",
                               "good.pgn", "-"], "good.pgn"),
    ("pgn-convert -f json", ["pgn-convert", "-q", "-f", "json", "-o",
                             "out.json", "--reject", "bad.pgn", "-"],
     "out.json"),
    ("pgn-convert --jobs 2", ["pgn-convert", "-q", "--jobs", "2", "-f",
                              "ndjson", "-o", "out.ndjson", "-"],
     "out.ndjson"),
    ("game-stats --plot", ["game-stats", "-q", "--plot", "plot.svg", "-"],
     None),
    ("fen-render -o DIR", ["fen-render", "--pgn", "-", "--all", "-f", "svg",
                           "-o", "dir"], "dir/"),
    ("pgn-split -d DIR", ["pgn-split", "-g", "3", "-d", "dir", "-m",
                          "manifest.tsv"], "dir/"),
]

def temps():
    found = []
    for d in (".", "dir"):
        if os.path.isdir(d):
            found += [d + "/" + n for n in os.listdir(d) if n.startswith(".")]
    return found

def started(watch):
    """Whether the command has begun writing: a temporary file with bytes
    in it (game-stats' plot: its temporary file, written at the end), or
    files in fen-render's directory."""
    if watch == "dir/":
        return os.path.isdir("dir") and len(os.listdir("dir")) > 3
    for t in temps():
        try:
            if watch is None or os.path.getsize(t) > 0:
                return True
        except FileNotFoundError:
            pass
    return False

def clean():
    subprocess.run(["rm", "-rf", "dir", "good.pgn", "bad.pgn", "out.json",
                    "out.ndjson", "plot.svg", "manifest.tsv"] + temps())

def left():
    """What is left: complete files only."""
    bad = temps()
    for f in ("good.pgn", "bad.pgn", "out.json", "out.ndjson", "plot.svg",
              "manifest.tsv"):
        if os.path.exists(f):
            bad.append(f)	# never completed: the input never ended
    if os.path.isdir("dir"):
        for n in os.listdir("dir"):
            text = open("dir/" + n, "rb").read()
            if not re.search(rb"(</svg>|1-0|0-1|1/2-1/2|\*)\s*$", text):
                bad.append("dir/" + n)	# a diagram, or a piece, cut
    return bad

for name, argv, watch in CASES:
    for sig in (signal.SIGINT, signal.SIGTERM):
        clean()
        p = subprocess.Popen([bin_dir + "/" + argv[0]] + argv[1:],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        # More input until the command writes (--jobs: a chunk's worth),
        # and it never ends: the command is stopped mid-run.
        deadline = time.time() + 30
        while not started(watch) and time.time() < deadline:
            p.stdin.write(games)
            p.stdin.flush()
            time.sleep(0.01)
        p.send_signal(sig)
        p.wait()
        p.stdin.close()
        bad = left()
        print("%s, %s: %s, %s" % (name, signal.Signals(sig).name,
              "killed by it" if p.returncode == -sig else
              "status %d" % p.returncode,
              "nothing partial left" if not bad else "left " + " ".join(bad)))
clean()
