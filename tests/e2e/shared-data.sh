#!/bin/sh
# pgn-validate over the real files in ../shared/data (skipped when absent):
# - every file: no crash (status 0 or 1), and the valid games (-o) plus the
#   rejected ones (--reject) are the input's games byte for byte;
# - every file: the fast path and --full-replay (every game replayed from
#   its tree) give the same output and diagnostics, byte for byte;
# - the OTB corpus: every game accounted for, and the games called invalid
#   are exactly those where pgn-extract (an independent oracle, when
#   installed) fails to make a move, at the same lines; the fast path
#   agrees with --full-replay there too;
# - game-stats and pgn-convert: their output and diagnostics the same with
#   --full-replay, on every file and on the OTB corpus.
set -u
bin=$(cd "$1" && pwd)
data=$(cd "$(dirname "$0")/../.." && pwd)/../shared/data
[ -d "$data" ] || { echo "shared-data: 0 passed, 0 failed, 1 skipped (no $data)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

partition() { # file: -o and --reject together are the input, in order
	"$bin/pgn-validate" -q -o "$work/good" --reject "$work/bad" "$1"
	s=$?
	[ $s -le 1 ] || { bad "$1: status $s"; return; }
	# Valid and invalid games interleave in the input: rebuild the order by
	# concatenating per-game, which is what --reject - -o - to one stream gives.
	"$bin/pgn-validate" -q -o - --reject - "$1" >"$work/both"
	if cmp -s "$work/both" "$1"; then ok; else bad "$1: -o + --reject differ from the input"; fi
}

# The fast path only confirms games the full replay finds nothing wrong
# with: the two must never differ, in any output.
same_as_full() { # file [options]
	f=$1; shift
	"$bin/pgn-validate" "$@" -o "$work/fast.out" "$f" 2>"$work/fast.err"
	s1=$?
	"$bin/pgn-validate" "$@" --full-replay -o "$work/full.out" "$f" 2>"$work/full.err"
	s2=$?
	if [ $s1 -eq $s2 ] && cmp -s "$work/fast.out" "$work/full.out" &&
	   cmp -s "$work/fast.err" "$work/full.err"; then ok
	else bad "$f $*: the fast path and --full-replay differ"; fi
}

# game-stats replays by the same fast path: the report and diagnostics
# must not change either.
stats_same_as_full() { # file [options]
	f=$1; shift
	"$bin/game-stats" "$@" -f json "$f" >"$work/fast.out" 2>"$work/fast.err"
	s1=$?
	"$bin/game-stats" "$@" --full-replay -f json "$f" >"$work/full.out" 2>"$work/full.err"
	s2=$?
	if [ $s1 -eq $s2 ] && cmp -s "$work/fast.out" "$work/full.out" &&
	   cmp -s "$work/fast.err" "$work/full.err"; then ok
	else bad "$f $*: game-stats differs with --full-replay"; fi
}

# And pgn-convert: the output, rejected games and diagnostics.
convert_same_as_full() { # file [options]
	f=$1; shift
	"$bin/pgn-convert" "$@" --reject "$work/fast.rej" "$f" >"$work/fast.out" 2>"$work/fast.err"
	s1=$?
	"$bin/pgn-convert" "$@" --full-replay --reject "$work/full.rej" "$f" >"$work/full.out" 2>"$work/full.err"
	s2=$?
	if [ $s1 -eq $s2 ] && cmp -s "$work/fast.out" "$work/full.out" &&
	   cmp -s "$work/fast.rej" "$work/full.rej" &&
	   cmp -s "$work/fast.err" "$work/full.err"; then ok
	else bad "$f $*: pgn-convert differs with --full-replay"; fi
}

for f in $(find "$data" -name '*.pgn' | sort); do
	partition "$f"
	same_as_full "$f"
	stats_same_as_full "$f"
	convert_same_as_full "$f"
	convert_same_as_full "$f" -f json --strict
	convert_same_as_full "$f" -f epd -n lan
done

otb=$data/otb/otb-players.pgn.xz
if [ -f "$otb" ]; then
	xz -dc "$otb" >"$work/otb.pgn"
	"$bin/pgn-validate" -w -o - --reject - "$work/otb.pgn" >"$work/otb.both" 2>"$work/otb.err"
	s=$?
	[ $s -eq 1 ] && ok || bad "otb: status $s (expected 1: the corpus holds illegal moves)"
	cmp -s "$work/otb.both" "$work/otb.pgn" && ok || bad "otb: -o + --reject differ from the input"
	same_as_full "$work/otb.pgn"
	same_as_full "$work/otb.pgn" --strict --json
	stats_same_as_full "$work/otb.pgn" --jobs 2 -g Year
	convert_same_as_full "$work/otb.pgn" -n uci
	convert_same_as_full "$work/otb.pgn" --jobs 2 -f ndjson
	events=$(grep -c '^\[Event ' "$work/otb.pgn")
	summary=$(tail -1 "$work/otb.err")
	case $summary in
	"$events games: "*) ok ;;
	*) bad "otb: summary '$summary', expected $events games" ;;
	esac
	ours=$(grep -E ': error: .*(illegal|ambiguous) move' "$work/otb.err" |
		sed -E 's/^[^:]*:([0-9]+):.*/\1/' | sort -n | tr '\n' ' ')
	pe=/usr/games/pgn-extract
	if [ -x "$pe" ]; then
		"$pe" -s -r -l "$work/pe.log" "$work/otb.pgn" >/dev/null 2>&1
		theirs=$(grep -A1 -E '^Failed to make move' "$work/pe.log" >/dev/null;
			awk '/^Failed to make move/ { want = 1; next }
			     want && /Line number:/ { sub(/.*Line number: /, ""); print; want = 0 }' \
			"$work/pe.log" | sort -n | tr '\n' ' ')
		if [ -n "$ours" ] && [ "$ours" = "$theirs" ]; then ok
		else bad "otb: invalid at lines [$ours], pgn-extract fails at [$theirs]"; fi
	fi
fi
echo "shared-data: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
