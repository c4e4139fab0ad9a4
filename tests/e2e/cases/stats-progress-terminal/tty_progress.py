# The progress line reaches a terminal while game-stats runs (see cmd).
import os, pty, select, signal, subprocess, sys, time
# A game-stats that stopped reading would block the writes below for
# good: the alarm ends the test instead (status 142, a failure).
signal.alarm(30)
bin_dir = sys.argv[1]
game = b'[Event "E"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
master, slave = pty.openpty()
p = subprocess.Popen([bin_dir + "/game-stats", "-"], stdin=subprocess.PIPE,
                     stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
seen = b""
deadline = time.time() + 10
while time.time() < deadline and b"games/s" not in seen:
    p.stdin.write(game * 50)
    p.stdin.flush()
    r, _, _ = select.select([master], [], [], 0.1)
    if r:
        seen += os.read(master, 4096)
shown = b"games/s" in seen
p.stdin.close()
p.wait()
print("progress line shown while running" if shown else "no progress line while running")
