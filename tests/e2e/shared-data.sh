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
# with: pgn-validate, game-stats and pgn-convert must give the same with
# --full-replay, in every output.  The options may name $work/side, a file
# output compared too.
same_as_full() { # command file [options]
	cmd=$1 f=$2
	shift 2
	for mode in fast full; do
		extra=
		[ $mode = full ] && extra=--full-replay
		rm -f "$work/side"
		"$bin/$cmd" "$@" $extra "$f" >"$work/$mode.out" 2>"$work/$mode.err"
		echo $? >"$work/$mode.status"
		if [ -f "$work/side" ]; then mv "$work/side" "$work/$mode.side"
		else : >"$work/$mode.side"; fi
	done
	for part in status out err side; do
		cmp -s "$work/fast.$part" "$work/full.$part" ||
			{ bad "$cmd $* $f: its $part differs with --full-replay"; return; }
	done
	ok
}

for f in $(find "$data" -name '*.pgn' | sort); do
	partition "$f"
	same_as_full pgn-validate "$f" -o "$work/side"
	same_as_full game-stats "$f" -f json
	same_as_full pgn-convert "$f" --reject "$work/side"
	same_as_full pgn-convert "$f" -f json --strict --reject "$work/side"
	same_as_full pgn-convert "$f" -f epd -n lan
done

otb=$data/otb/otb-players.pgn.xz
if [ -f "$otb" ]; then
	xz -dc "$otb" >"$work/otb.pgn"
	"$bin/pgn-validate" -w -o - --reject - "$work/otb.pgn" >"$work/otb.both" 2>"$work/otb.err"
	s=$?
	[ $s -eq 1 ] && ok || bad "otb: status $s (expected 1: the corpus holds illegal moves)"
	cmp -s "$work/otb.both" "$work/otb.pgn" && ok || bad "otb: -o + --reject differ from the input"
	same_as_full pgn-validate "$work/otb.pgn" -o "$work/side"
	same_as_full pgn-validate "$work/otb.pgn" --strict --json -o "$work/side"
	same_as_full game-stats "$work/otb.pgn" --jobs 2 -g Year
	same_as_full pgn-convert "$work/otb.pgn" -n uci --reject "$work/side"
	same_as_full pgn-convert "$work/otb.pgn" --jobs 2 -f ndjson
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
