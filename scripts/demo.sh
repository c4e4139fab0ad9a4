#!/bin/sh
# make demo: validate the bundled sample games of every variant, then show
# perft from each variant's start position.
set -u
bin=$1
here=$(cd "$(dirname "$0")/.." && pwd)
for f in "$here"/tests/data/demo/*.pgn "$here"/tests/data/variants/*/*.pgn; do
	[ -f "$f" ] || continue
	echo "== ${f#"$here"/}"
	"$bin/pgn-validate" "$f"
done
echo "== perft 3 from each variant's start position"
for v in standard tandem emap pushpawn pauli; do
	printf '%-12s ' "$v"
	"$bin/fen-moves" --variant "$v" --start --perft 3
done
# Random Pawns has no fixed start: its pawns' codes are rolled.
fen=$("$bin/fen-moves" --roll 2026)
printf '%-12s ' randompawns
"$bin/fen-moves" --variant randompawns --perft 3 "$fen"
echo "             (from $fen, rolled from seed 2026)"
