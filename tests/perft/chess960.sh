#!/bin/sh
# Chess960 perft against Stockfish (UCI_Chess960), computed live:
# tests/perft/chess960.py checks the 960 start positions, a sample of them
# deeper, double Fischer random setups and positions after random play.
# Skipped (exit 0) when stockfish or python3 is missing.
#
#   sh tests/perft/chess960.sh [BIN_DIR]        (default: build/bin)
#
# CHESS960_DEPTH (default 3): the depth of every position;
# CHESS960_DEEP (default 24) start positions at CHESS960_DEEP_DEPTH
# (default 5).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/build/bin}

sf=$(command -v stockfish 2>/dev/null || true)
[ -z "$sf" ] && [ -x /usr/games/stockfish ] && sf=/usr/games/stockfish
if [ -z "$sf" ]; then
	echo "chess960 perft: stockfish not installed, skipped"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "chess960 perft: python3 not installed, skipped"
	exit 0
fi
if [ ! -x "$bin/fen-moves" ]; then
	echo "chess960 perft: $bin/fen-moves not found (run make all)" >&2
	exit 2
fi
exec python3 -B "$here/chess960.py" "$bin/fen-moves" "$sf" \
	--depth "${CHESS960_DEPTH:-3}" --deep "${CHESS960_DEEP:-24}" \
	--deep-depth "${CHESS960_DEEP_DEPTH:-5}"
