#!/bin/sh
# Every command's output the same as a build of another revision's, byte
# for byte: standard output, standard error, exit status and the files
# written, on every PGN file of the test data and of ../shared/data (when
# present), one thread and --jobs 2 (also with small chunks, so that the
# cuts and streams of --jobs are crossed).  For refactors that must not
# change behaviour.
#
#   sh tests/compare-outputs.sh REV [BINDIR]
#
# builds REV (a commit, "main", "HEAD~3") in a temporary directory and
# compares its commands with those in BINDIR (default build/bin).  OTB=N
# adds the first N games of the OTB corpus (default 20000; 0: none;
# "all": the whole corpus too, some minutes more, where the cases whose
# output is many times the input's (JSON, FEN and EPD lines, every
# diagram) run on the first 20000 games only).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:?usage: compare-outputs.sh REV [BINDIR]}
bindir=$(cd "${2:-$top/build/bin}" && pwd)
data=$top/../shared/data
otb=${OTB:-20000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM
# A copy: a build while this runs must not change the commands compared.
cp -r "$bindir" "$work/new"
new=$work/new

# ------------------------------------------------------------ the old build
mkdir -p "$work/src"
(cd "$top" && git archive "$rev") | tar -x -C "$work/src" ||
	{ echo "compare: cannot read revision '$rev'" >&2; exit 2; }
make -s -C "$work/src" -j2 all >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log" >&2; echo "compare: '$rev' does not build" >&2; exit 2; }
old=$work/src/build/bin

# ---------------------------------------------------------------- the inputs
inputs=$work/inputs
: >"$inputs"
for f in "$top"/tests/data/*/*.pgn "$top"/tests/data/variants/*/*.pgn \
	 "$top"/tests/e2e/cases/*/in.pgn; do
	[ -f "$f" ] && echo "$f" >>"$inputs"
done
if [ -d "$data" ]; then
	find "$data" -name '*.pgn' -type f | sort >>"$inputs"
	if [ "$otb" != 0 ] && [ -f "$data/otb/otb-players.pgn.xz" ]; then
		n=$otb
		[ "$otb" = all ] && n=20000
		# The first N games: cut before game N+1's [Event.
		xz -dc "$data/otb/otb-players.pgn.xz" |
			awk -v n="$n" '/^\[Event /{ if (++g > n) exit } { print }' \
			>"$work/otb.pgn"
		echo "$work/otb.pgn" >>"$inputs"
		# Its first 2000 games laid out as hostile files do: on one
		# line, with CR-only line ends, with no blank lines.
		awk '/^\[Event /{ if (++g > 2000) exit } { print }' \
			"$work/otb.pgn" | tr -d '\r' >"$work/lf.pgn"
		tr '\n' ' ' <"$work/lf.pgn" >"$work/one-line.pgn"
		tr '\n' '\r' <"$work/lf.pgn" >"$work/cr-only.pgn"
		grep -av '^$' "$work/lf.pgn" >"$work/no-blank.pgn"
		printf '%s\n' "$work/one-line.pgn" "$work/cr-only.pgn" \
			"$work/no-blank.pgn" >>"$inputs"
		if [ "$otb" = all ]; then
			xz -dc "$data/otb/otb-players.pgn.xz" >"$work/otb-all.pgn"
			echo "$work/otb-all.pgn" >>"$inputs"
		fi
	fi
fi
# The JSON pgn-convert writes, read back with --from json.
json_of() { "$new/pgn-convert" -q -f "$2" "$1" >"$3" 2>/dev/null; }

# ------------------------------------------------------------------ the cases
# One case a line: a name, then the command line (IN: the input, OUT: a
# directory for the files it writes).  Each runs with jobs 1, jobs 2 and
# jobs 2 with small chunks.
cat >"$work/cases" <<'EOF'
validate pgn-validate IN
validate-json pgn-validate --json IN
validate-strict pgn-validate -s -w IN
validate-outputs pgn-validate -q -o OUT/good -r OUT/bad IN
validate-match pgn-validate -m White=^[A-M] IN
validate-full pgn-validate --full-replay IN
convert-pgn pgn-convert IN
convert-lan pgn-convert -n lan --width 0 IN
convert-uci pgn-convert -n uci IN
convert-figurine pgn-convert -n figurine --tags roster IN
convert-strip pgn-convert --strip-comments --strip-variations --strip-nags IN
convert-json pgn-convert -f json IN
convert-ndjson pgn-convert -f ndjson --json IN
convert-fen pgn-convert -f fen IN
convert-epd pgn-convert -f epd --mainline IN
convert-uci-line pgn-convert -f uci-line IN
convert-reject pgn-convert -f json -r OUT/bad -o OUT/out IN
convert-full pgn-convert -f fen --full-replay IN
stats game-stats IN
stats-csv game-stats -f csv -n 4 -g Year IN
stats-json game-stats -f json -t 0 -g White IN
stats-partial game-stats --partial IN
stats-tags game-stats --tags-only IN
stats-skip game-stats --skip-invalid -m Result=1-0 IN
render fen-render --pgn IN
render-all fen-render -f unicode --all --pgn IN
EOF

# Runs one case on one input with the commands of bindir into dir.
run_one() { # bindir dir jobs chunk cmdline
	b=$1 d=$2 jobs=$3 chunk=$4
	shift 4
	mkdir -p "$d/out"
	c=$1
	shift
	set -- $(echo "$@" | sed "s|OUT|$d/out|g; s|IN|$in|g")
	case $c in
	pgn-validate|pgn-convert|game-stats) set -- --jobs "$jobs" "$@" ;;
	esac
	if [ -n "$chunk" ]; then
		PAWNKIT_CHUNK_BYTES=$chunk "$b/$c" "$@" >"$d/stdout" 2>"$d/stderr"
	else
		"$b/$c" "$@" >"$d/stdout" 2>"$d/stderr"
	fi
	echo $? >"$d/status"
	# The output's path names the run's directory: the same for both.
	sed -i "s|$d/out|OUT|g" "$d/stderr"
}

runs=0 diffs=0
# One comparison: what o/ID and n/ID hold (stdout, stderr, status, files
# written), then gone; LABEL names it when they differ.
judge() { # id label
	runs=$((runs + 1))
	if ! diff -r "$work/o/$1" "$work/n/$1" >"$work/diff" 2>&1; then
		diffs=$((diffs + 1))
		echo "DIFFER: $2"
		head -20 "$work/diff"
	fi
	rm -rf "$work/o/$1" "$work/n/$1"
}

# The shell command COMMAND run with each build's commands in $BIN (and
# the exported variables it names), then judged.
both() { # id label command
	for b in o n; do
		BIN=$old
		[ $b = n ] && BIN=$new
		export BIN
		mkdir -p "$work/$b/$1"
		sh -c "$3" >"$work/$b/$1/stdout" 2>"$work/$b/$1/stderr"
		echo $? >"$work/$b/$1/status"
	done
	judge "$1" "$2"
}

n=0
while read -r in; do
	n=$((n + 1))
	while read -r name cmdline; do
		for mode in 1 2 2s; do
			case $mode in
			# render has no --jobs: once.
			2|2s) case $name in render*) continue ;; esac ;;
			esac
			# The whole corpus: only the cases whose output is not
			# many times its size (the others ran on its start).
			case $in:$name in
			*/otb-all.pgn:convert-json|*/otb-all.pgn:convert-ndjson|\
			*/otb-all.pgn:convert-fen|*/otb-all.pgn:convert-epd|\
			*/otb-all.pgn:convert-reject|*/otb-all.pgn:convert-full|\
			*/otb-all.pgn:render-all) continue ;;
			esac
			jobs=${mode%s}
			chunk=
			[ "$mode" = 2s ] && chunk=4096
			id=$n-$name-$mode
			run_one "$old" "$work/o/$id" "$jobs" "$chunk" $cmdline
			run_one "$new" "$work/n/$id" "$jobs" "$chunk" $cmdline
			judge "$id" "$name (jobs $mode) on $in"
		done
	done <"$work/cases"
	# --from json: the JSON and NDJSON the new build writes, read back.
	case $in in */otb-all.pgn) continue ;; esac
	for f in json ndjson; do
		json_of "$in" "$f" "$work/in.$f"
		export JSON="$work/in.$f"
		both json "--from json ($f) on $in" \
			'"$BIN/pgn-convert" --from json "$JSON"'
	done
done <"$inputs"

# fen-moves over the perft suites (FEN lines on standard input), each
# named by its variant's id.
for epd in "$top"/tests/perft/*.epd; do
	export EPD="$epd" VARIANT="$(basename "$epd" .epd)"
	both moves "fen-moves on $epd" \
		'cut -d";" -f1 "$EPD" | "$BIN/fen-moves" --variant "$VARIANT"'
done

echo "compare: $runs runs over $n inputs against $rev: $diffs differ"
[ "$diffs" = 0 ]
