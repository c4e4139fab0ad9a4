#!/bin/sh
# pgn-convert over real data: nothing lost, and the round trips are
# identities on the PGN export format.
#   sh tests/e2e/convert-roundtrip.sh [BIN_DIR]      (default: build/bin)
#   CONVERT_FULL=1 sh tests/e2e/convert-roundtrip.sh  (adds the OTB corpus,
#       decompressed to /tmp/otb.pgn when missing; about two minutes)
# For every PGN file of ../shared/data and of tests/data (the variants),
# with X the export of a file (pgn-convert FILE):
#   lost      tags, comments, NAGs and variations counted in the input
#             equal those counted in X, by an awk counter that shares
#             nothing with pawnkit's reader
#   json, ndjson
#             PGN -> JSON -> PGN and PGN -> NDJSON -> PGN give X
#   json-valid
#             the JSON and the NDJSON parse (jq, when installed)
#   lan, uci, figurine
#             X in that notation, read back, gives X
#   idem      pgn-convert X gives X
# Games that fail to replay are written as they came, so they take part
# unchanged.  Prints one line per failure and
#   "convert-roundtrip: N passed, N failed"
# Skips (status 0) when ../shared/data is absent.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BIN=$(cd "${1:-$root/build/bin}" && pwd) || exit 2
DATA=$root/../shared/data
if [ ! -d "$DATA" ]; then
	echo "convert-roundtrip: no $DATA: skipped"
	echo "convert-roundtrip: 0 passed, 0 failed"
	exit 0
fi
export LC_ALL=C
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
conv="$BIN/pgn-convert -q"
passed=0 failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# "tags=N comments=N nags=N variations=N" of PGN text on stdin.  NUL bytes
# and a BOM that starts a line (a file appended to another) are taken off
# first (the reader skips them too).  A CR ends a line (a CR alone does,
# and the one of a CRLF only adds an empty line, which counts nothing).
count() {
	tr '\000\r' '\n\n' | sed 's/^\xef\xbb\xbf//' | awk '
	function segment(s,    n, k, t) {
		gsub(/\(p\)/, "", s)	# the Pushpawn marker is no variation
		variations += gsub(/\(/, "(", s)
		nags += gsub(/\$[0-9]+/, " ", s)
		nags += gsub(/[!?]+/, " ", s)
		n = split(s, t, /[ \t\r]+/)
		for (k = 1; k <= n; k++)
			if (t[k] ~ /^(=|\+=|\+\/=|=\+|=\/\+|\+\/-|-\/\+|\+-|-\+)$/)
				nags++
	}
	function movetext(s,    i) {
		while (s != "") {
			if (inbrace) {
				if (!(i = index(s, "}")))
					return
				s = substr(s, i + 1)
				inbrace = 0
				continue
			}
			i = match(s, /[{;]/)
			segment(i ? substr(s, 1, i - 1) : s)
			if (!i)
				return
			comments++
			if (substr(s, i, 1) == ";")
				return
			s = substr(s, i + 1)
			inbrace = 1
		}
	}
	!inbrace && /^\[/ { tags += gsub(/\[[^] \t"]+[ \t]*"/, "&"); next }
	!inbrace && /^%/ { next }
	{ movetext($0) }
	END {
		printf "tags=%d comments=%d nags=%d variations=%d\n",
			tags, comments, nags, variations
	}'
}

# check NAME FILE EXPECTED ACTUAL: the two files are the same.
same() {
	if cmp -s "$3" "$4"; then pass; else
		fail "$1 $2"
		diff "$3" "$4" | head -6
	fi
}

# The JSON parses, as jq reads it: the document whole (when small: jq
# holds it in memory), the NDJSON one line at a time.
json_valid() {
	command -v jq >/dev/null 2>&1 || return 0
	if [ "$(wc -c <"$work/x.json")" -lt 50000000 ] &&
	   ! jq -e 'type == "array"' "$work/x.json" >/dev/null 2>&1; then
		fail "json-valid $1"
		return
	fi
	if ! jq -c 'type' "$work/x.ndjson" >"$work/types" 2>/dev/null ||
	   grep -vqx '"object"' "$work/types"; then
		fail "ndjson-valid $1"
		return
	fi
	pass
}

check_file() {
	f=$1
	$conv "$f" >"$work/x.pgn"
	count <"$f" >"$work/in.count"
	count <"$work/x.pgn" >"$work/out.count"
	if cmp -s "$work/in.count" "$work/out.count"; then pass; else
		fail "lost $f: in $(cat "$work/in.count"), out $(cat "$work/out.count")"
	fi
	$conv -f json "$f" >"$work/x.json"
	$conv -f ndjson "$f" >"$work/x.ndjson"
	json_valid "$f"
	$conv --from json "$work/x.json" >"$work/json.pgn"
	same json "$f" "$work/x.pgn" "$work/json.pgn"
	$conv --from json "$work/x.ndjson" >"$work/ndjson.pgn"
	same ndjson "$f" "$work/x.pgn" "$work/ndjson.pgn"
	rm -f "$work/x.json" "$work/x.ndjson"
	for n in lan uci; do
		$conv -n $n "$f" | $conv >"$work/$n.pgn"
		same $n "$f" "$work/x.pgn" "$work/$n.pgn"
	done
	$conv -n figurine "$f" | $conv >"$work/figurine.pgn"
	same figurine "$f" "$work/x.pgn" "$work/figurine.pgn"
	$conv "$work/x.pgn" >"$work/idem.pgn"
	same idem "$f" "$work/x.pgn" "$work/idem.pgn"
}

nfiles=0
for f in $(find "$DATA" "$root/tests/data" -name '*.pgn' | sort); do
	check_file "$f"
	nfiles=$((nfiles + 1))
done
if [ "${CONVERT_FULL:-0}" = 1 ]; then
	otb=/tmp/otb.pgn
	[ -s $otb ] || xz -dc "$DATA/otb/otb-players.pgn.xz" >$otb
	check_file $otb
	nfiles=$((nfiles + 1))
fi
echo "convert-roundtrip: $nfiles files"
echo "convert-roundtrip: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
