#!/bin/sh
# Compares the coordinates of pgn-convert with pgn-extract's -Wuci, game by
# game and move by move, on the main lines of a standard-chess PGN file.
#   sh tests/e2e/uci-vs-pgn-extract.sh [-v] FILE.pgn [BIN_DIR]
#       (default BIN_DIR: build/bin; by hand on the OTB corpus:
#        xz -dc ../shared/data/otb/otb-players.pgn.xz > /tmp/otb.pgn)
# Each game gets a [PkIndex "N"] tag first (both tools keep unknown tags),
# so the games either tool rejects do not shift the comparison.  Checked:
# - pgn-convert --notation uci (PGN, tags kept) against pgn-extract -Wuci;
# - pgn-convert --format uci-line against the moves of the former.
# Promotions: pgn-extract writes "e7e8Q", UCI and pgn-convert "e7e8q"; such
# games are counted apart and are no failure.
# Prints the counts, the first differences (all with -v), and
#   "uci-vs-pgn-extract: N passed, N failed"
# where a check fails when a game both tools wrote differs.  Skips (status
# 0) when pgn-extract is not installed or FILE is absent (no shared data).
set -u
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
[ $# -ge 1 ] || { echo "usage: $0 [-v] FILE.pgn [BIN_DIR]" >&2; exit 2; }
in=$1
here=$(cd "$(dirname "$0")" && pwd)
BIN=$(cd "${2:-$here/../../build/bin}" && pwd) || exit 2
PE=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null)
if [ -z "$PE" ]; then
	echo "uci-vs-pgn-extract: pgn-extract not installed: skipped"
	echo "uci-vs-pgn-extract: 0 passed, 0 failed"
	exit 0
fi
if [ ! -r "$in" ]; then
	echo "uci-vs-pgn-extract: no '$in': skipped"
	echo "uci-vs-pgn-extract: 0 passed, 0 failed"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_ALL=C

# A PkIndex tag before the first tag of every game.
awk '
	/^\xef\xbb\xbf/ { sub(/^\xef\xbb\xbf/, "") }
	/^\[/ && !intags { printf "[PkIndex \"%d\"]\n", ++n; intags = 1 }
	!/^\[/ && !/^[ \t\r]*$/ { intags = 0 }
	{ print }
' "$in" >"$work/in.pgn"

# Index and main-line moves of every game of a PGN file written with one
# coordinate move per token: "N<TAB>e2e4 e7e5 ...".
moves_of() {
	awk '
		function flush() { if (idx != "") print idx "\t" moves; idx = ""; moves = "" }
		/^\[PkIndex "/ { flush(); idx = $0; gsub(/[^0-9]/, "", idx); next }
		/^\[/ || /^[ \t\r]*$/ { next }
		{
			gsub(/\r/, "")
			n = split($0, t, /[ \t]+/)
			for (i = 1; i <= n; i++) {
				if (t[i] == "" || t[i] ~ /^[0-9]+\.+$/ ||
				    t[i] ~ /^(1-0|0-1|1\/2-1\/2|\*)$/)
					continue
				moves = moves == "" ? t[i] : moves " " t[i]
			}
		}
		END { flush() }
	' "$1" | sort -t "$(printf '\t')" -k1,1
}

start=$(date +%s.%N)
"$PE" -s -Wuci -C -N -V -o "$work/pe.pgn" "$work/in.pgn" 2>/dev/null
mid=$(date +%s.%N)
"$BIN/pgn-convert" -q -n uci --width 0 --strip-comments --strip-nags \
	--strip-variations --reject /dev/null -o "$work/pk.pgn" "$work/in.pgn"
end=$(date +%s.%N)
"$BIN/pgn-convert" -q -f uci-line --reject /dev/null -o "$work/pk.lines" \
	"$work/in.pgn"

moves_of "$work/pe.pgn" >"$work/pe.tsv"
moves_of "$work/pk.pgn" >"$work/pk.tsv"
join -t "$(printf '\t')" "$work/pe.tsv" "$work/pk.tsv" >"$work/both.tsv"

games=$(grep -c '^\[PkIndex ' "$work/in.pgn")
n_pe=$(wc -l <"$work/pe.tsv")
n_pk=$(wc -l <"$work/pk.tsv")
n_both=$(wc -l <"$work/both.tsv")
awk -F '\t' -v verbose=$verbose '
	{
		na = split($2, a, " "); nb = split($3, b, " ")
		moves += na < nb ? na : nb
		if ($2 == $3) { same++; next }
		# pgn-extract (19.04) writes the promotion piece in upper case,
		# e7e8Q; UCI, and pgn-convert, in lower case.
		if (tolower($2) == tolower($3)) { promo++; next }
		diff++
		for (i = 1; i <= na && i <= nb && a[i] == b[i]; i++) ;
		if (verbose || diff <= 10)
			printf "  game %s, ply %d: pgn-extract %s, pgn-convert %s (%d / %d moves)\n",
				$1, i, (i <= na ? a[i] : "(end)"), (i <= nb ? b[i] : "(end)"), na, nb
	}
	END {
		printf "games compared: %d, moves compared: %d, identical: %d, " \
			"identical but for the case of promotion letters: %d, different: %d\n",
			NR, moves, same, promo, diff
		exit diff > 0
	}
' "$work/both.tsv" >"$work/report"
differ=$?
printf 'games in %s: %s; written by pgn-extract: %s, by pgn-convert: %s\n' \
	"$in" "$games" "$n_pe" "$n_pk"
cat "$work/report"

# Games only one tool wrote (the other rejected them).
only() {
	cut -f1 "$1" | sort >"$work/a"; cut -f1 "$2" | sort >"$work/b"
	comm -23 "$work/a" "$work/b" | head -n "$([ $verbose = 1 ] && echo 1000000 || echo 5)" | tr '\n' ' '
}
echo "only pgn-extract wrote: $((n_pe - n_both)) (e.g. PkIndex $(only "$work/pe.tsv" "$work/pk.tsv"))"
echo "only pgn-convert wrote: $((n_pk - n_both)) (e.g. PkIndex $(only "$work/pk.tsv" "$work/pe.tsv"))"
awk -v a="$start" -v b="$mid" -v c="$end" 'BEGIN {
	printf "time: pgn-extract -Wuci %.1f s, pgn-convert -n uci %.1f s\n", b - a, c - b }'

passed=0 failed=0
if [ $differ -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
# uci-line holds the same games in the same order, one line each.
awk -F '\t' '{ print $1 "\t" $2 }' "$work/pk.tsv" | sort -n | cut -f2 >"$work/pk.moves"
if cmp -s "$work/pk.moves" "$work/pk.lines"; then
	passed=$((passed + 1))
else
	failed=$((failed + 1))
	echo "FAIL --format uci-line differs from --notation uci:"
	diff "$work/pk.moves" "$work/pk.lines" | head -5
fi
echo "uci-vs-pgn-extract: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
