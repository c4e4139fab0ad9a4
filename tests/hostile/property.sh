#!/bin/sh
# Nothing lost, whatever the input: real PGN files (tests/data, and
# ../shared/data when present) mutated with a fixed seed (byte changes,
# truncations, deletions, duplications of a span), then for each mutant:
# - pgn-validate -o - --reject - (one stream) gives the mutant byte for
#   byte, and -o FILE plus --reject FILE hold all its bytes;
# - pgn-validate exits 0 or 1, pgn-convert and game-stats do not crash.
# property.sh BIN; PROPERTY_CASES (default 300) mutants, PROPERTY_SEED
# (default 1).  A failing mutant is kept in PROPERTY_KEEP (default
# build/property-failures) to be replayed.
set -u
bin=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
cases=${PROPERTY_CASES:-300}
x=${PROPERTY_SEED:-1}
keep=${PROPERTY_KEEP:-$root/build/property-failures}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

find "$root/tests/data" -name '*.pgn' -size -3M | sort >"$work/sources"
[ -d "$root/../shared/data" ] &&
	find "$root/../shared/data" \( -name '*.pgn' -o -name '*.txt' \) -size -3M | sort >>"$work/sources"
nsources=$(wc -l <"$work/sources")

rand() { # next number in [0, $1)
	x=$(( (x * 1103515245 + 12345) % 2147483648 ))
	r=$(( (x / 65536) % $1 ))
}

# One mutation of $1 into $2.
mutate() {
	size=$(wc -c <"$1")
	[ "$size" -gt 0 ] || { cp "$1" "$2"; return; }
	rand "$size"; at=$r
	rand 64; span=$((r + 1))
	rand 4
	case $r in
	0) # a byte changes: a NUL, a delimiter, or any byte
		rand 8
		case $r in
		0) v=0 ;; 1) v=123 ;; 2) v=125 ;; 3) v=40 ;; 4) v=41 ;; 5) v=91 ;; 6) v=34 ;;
		*) rand 256; v=$r ;;
		esac
		cp "$1" "$2"
		printf "\\$(printf %o "$v")" | dd of="$2" bs=1 seek="$at" conv=notrunc 2>/dev/null
		what="byte $at := $v" ;;
	1) head -c "$at" "$1" >"$2"; what="cut at $at" ;;
	2) { head -c "$at" "$1"; tail -c +$((at + span + 1)) "$1"; } >"$2"
	   what="$span bytes deleted at $at" ;;
	3) { head -c $((at + span)) "$1"; tail -c +$((at + 1)) "$1"; } >"$2"
	   what="$span bytes repeated at $at" ;;
	esac
}

failed=0
fail() {
	failed=$((failed + 1))
	mkdir -p "$keep"
	cp "$work/m.pgn" "$keep/mutant-$i.pgn"
	echo "FAIL mutant $i ($src: $what): $*  [kept as $keep/mutant-$i.pgn]"
}

i=0
while [ $i -lt "$cases" ]; do
	i=$((i + 1))
	rand "$nsources"
	src=$(sed -n "$((r + 1))p" "$work/sources")
	mutate "$src" "$work/m.pgn"
	# A second mutation of the first, now and then.
	rand 3
	if [ $r = 0 ]; then
		mv "$work/m.pgn" "$work/m0.pgn"
		first=$what
		mutate "$work/m0.pgn" "$work/m.pgn"
		what="$first, $what"
	fi
	"$bin/pgn-validate" -q -o - --reject - "$work/m.pgn" >"$work/both"
	s=$?
	[ $s -le 1 ] || { fail "pgn-validate status $s"; continue; }
	cmp -s "$work/both" "$work/m.pgn" || { fail "-o - + --reject - differ from the input"; continue; }
	"$bin/pgn-validate" -q -o "$work/good" --reject "$work/bad" "$work/m.pgn"
	total=$(cat "$work/good" "$work/bad" | wc -c)
	[ "$total" -eq "$(wc -c <"$work/m.pgn")" ] ||
		{ fail "-o FILE + --reject FILE hold $total bytes"; continue; }
	"$bin/pgn-convert" -q -f json "$work/m.pgn" >/dev/null
	s=$?
	[ $s -le 1 ] || { fail "pgn-convert status $s"; continue; }
	"$bin/game-stats" -q "$work/m.pgn" >/dev/null
	s=$?
	[ $s -le 1 ] || { fail "game-stats status $s"; continue; }
done
echo "property: $cases mutants of $nsources files, $((cases - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
