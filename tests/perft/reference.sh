#!/bin/sh
# The perft suites tests/perft/*.epd checked three ways: the count recorded
# in the file, an independent Python reference (tests/perft/ref, written
# from pawnkit-variants(7) and pawnkit-notation(5) alone, sharing no code
# with librules) and fen-moves --perft.  One line per entry, a summary, and
# on a mismatch the divide comparison that narrows the first differing
# entry down to a position.  Exit 1 on any mismatch; skipped (exit 0) when
# python3 is missing.
#
#   sh tests/perft/reference.sh [BIN_DIR]        (default: build/bin)
#
# PERFT_REF_MAX_NODES (default 500000): entries whose recorded count is
#   larger are skipped (and counted); the default keeps the run well under
#   a minute on two cores.  PERFT_REF_MAX_NODES=6000000 checks every entry
#   of the variant suites (about ten minutes on two cores; standard.epd's
#   published counts above that stay skipped).
# PERFT_REF_JOBS (default: the number of cores): Python worker processes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/bin}

if ! command -v python3 >/dev/null 2>&1; then
	echo "perft reference: python3 not installed, skipped"
	exit 0
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 7))'; then
	echo "perft reference: python3 older than 3.7, skipped"
	exit 0
fi
if [ ! -x "$bin/fen-moves" ]; then
	echo "perft reference: $bin/fen-moves not found (run make all)" >&2
	exit 2
fi

jobs=${PERFT_REF_JOBS:-$(nproc 2>/dev/null || echo 2)}
# -B: no __pycache__ in the source tree.
PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" exec python3 -B -m ref.check \
	--fen-moves "$bin/fen-moves" \
	--max-nodes "${PERFT_REF_MAX_NODES:-500000}" --jobs "$jobs" \
	"$here"/*.epd
