#!/bin/sh
# make bench: our commands against the reference tools, measured side by
# side in the same run.  Prints a Markdown table: median wall time of RUNS
# runs, the reference's, the ratio (reference / ours: > 1 means faster),
# MB/s, games/s and our peak resident memory.
#   bench/run.sh BIN_DIR [quick]
set -eu
bin=$(cd "$1" && pwd)
mode=${2:-full}
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-3}
data=$here/../shared/data
tmp=${TMPDIR:-/tmp}/pawnkit-bench
mkdir -p "$tmp"

if [ "$mode" = quick ]; then
	# A few seconds: the lichess sample eight times over (about 19 MB, whole
	# games) and shallower perft, enough time to measure, so a slowdown next
	# to `make check` is noticed.
	sample=$data/lichess/kdave-pgn-toys_lichess-2021-10_999games.pgn
	[ -f "$sample" ] || { echo "bench-quick: no shared data, skipped"; exit 0; }
	corpus=$tmp/quick.pgn
	for i in 1 2 3 4 5 6 7 8; do cat "$sample"; done >"$corpus"
	perft_start=5 perft_kiwi=4 perft_variant=5
else
	xz=$data/otb/otb-players.pgn.xz
	[ -f "$xz" ] || { echo "bench: $xz missing" >&2; exit 2; }
	corpus=$tmp/otb.pgn
	if [ ! -s "$corpus" ]; then
		echo "bench: decompressing the OTB corpus to $corpus" >&2
		xz -dc "$xz" >"$corpus.part" && mv "$corpus.part" "$corpus"
	fi
	perft_start=6 perft_kiwi=5 perft_variant=5
fi
bytes=$(wc -c <"$corpus")
games=$(grep -c '^\[Event ' "$corpus" || true)

# One timed run of a command, appended to the file $2: "seconds peak_kib".
time_once() {
	/usr/bin/time -f '%e %M' -o "$tmp/one" sh -c "$1" >/dev/null 2>&1 || true
	# A non-zero exit (invalid games) adds a line before the figures.
	tail -n 1 "$tmp/one" >>"$2"
}

# The median line of the file $1 of RUNS figures, by time.
median_of() {
	sort -n "$1" | awk -v n="$runs" 'NR == int((n + 1) / 2) { print $1, $2 }'
}

# COUNT runs of a command and, in turn with them (ours, the reference,
# ours, ...), of a reference when one is given: this machine's speed
# drifts by a third within minutes (pgn-validate 1.90 to 2.61 s in three
# runs), and taken in turn both see the same drift, so their ratio holds
# better than their seconds do.  TIMER appends one run's figures to a
# file: $tmp/times for the command, $tmp/ref-times for the reference.
in_turn() { # timer count command [reference]
	i=0
	: >"$tmp/times"
	: >"$tmp/ref-times"
	while [ $i -lt "$2" ]; do
		$1 "$3" "$tmp/times"
		[ -z "${4:-}" ] || $1 "$4" "$tmp/ref-times"
		i=$((i + 1))
	done
}

# Median of RUNS runs: prints "seconds peak_kib".
measure() {
	in_turn time_once "$runs" "$1"
	median_of "$tmp/times"
}

row() { # task ours_cmd ref_cmd ref_name [bytes games]
	task=$1 ours=$2 ref=$3 refname=$4 b=${5:-0} g=${6:-0}
	in_turn time_once "$runs" "$ours" "$ref"
	set -- $(median_of "$tmp/times")
	t=$1 mem=$2
	rt=
	[ -z "$ref" ] || rt=$(median_of "$tmp/ref-times" | cut -d' ' -f1)
	awk -v task="$task" -v t="$t" -v rt="$rt" -v ref="$refname" -v b="$b" \
	    -v g="$g" -v mem="$mem" 'BEGIN {
		t += 0	# numbers, not strings (mawk compares -v values as text)
		ratio = (rt != "" && t > 0 && rt + 0 > 0) ? sprintf("%.1fx", rt / t) : "-"
		mbs = (b > 0 && t > 0) ? sprintf("%.0f", b / t / 1e6) : "-"
		gps = (g > 0 && t > 0) ? sprintf("%.0f", g / t) : "-"
		printf "| %s | %.2f s | %s %s | %s | %s | %s | %.1f MB |\n",
			task, t, ref, (rt != "" ? rt " s" : ""), ratio, mbs, gps, mem / 1024
	}'
}

have() { [ -x "$bin/$1" ]; }
pe=/usr/games/pgn-extract
sf=$(command -v stockfish || echo /usr/games/stockfish)

echo "corpus: $(basename "$corpus"), $bytes bytes, $games games; median of $runs runs"
# Wall times depend on what else runs: the load is part of the figures.
echo "machine: $(nproc) cores,$(sed -n 's/^model name[^:]*://p' /proc/cpuinfo | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo
echo "| task | pawnkit | reference | ratio | MB/s | games/s | peak RSS |"
echo "|---|---|---|---|---|---|---|"
row "pgn-validate (full replay)" "$bin/pgn-validate -q $corpus" \
    "$pe -s -r $corpus" pgn-extract "$bytes" "$games"
if "$bin/pgn-validate" --help 2>/dev/null | grep -q -- --jobs; then
	row "pgn-validate --jobs 2" "$bin/pgn-validate -q --jobs 2 $corpus" \
	    "$pe -s -r $corpus" pgn-extract "$bytes" "$games"
fi
have pgn-convert && row "pgn-convert to UCI" \
	"$bin/pgn-convert --notation uci $corpus" "$pe -s -Wuci $corpus" \
	"pgn-extract -Wuci" "$bytes" "$games"
have pgn-convert && "$bin/pgn-convert" --help 2>/dev/null | grep -q -- --jobs &&
	row "pgn-convert to UCI --jobs 2" \
	"$bin/pgn-convert --jobs 2 --notation uci $corpus" "$pe -s -Wuci $corpus" \
	"pgn-extract -Wuci" "$bytes" "$games"
have game-stats && row "game-stats" "$bin/game-stats --quiet $corpus" \
	"$pe -s -r $corpus" pgn-extract "$bytes" "$games"
# grep's count goes to a file: with its output on /dev/null (as measure()
# has it) GNU grep stops at the first match, reading nothing else.
have game-stats && "$bin/game-stats" --help 2>/dev/null | grep -q -- --tags-only &&
	row "tags-only scan" "$bin/game-stats --quiet --tags-only $corpus" \
	"grep -c '^\\[Event ' $corpus >$tmp/grep-count" "grep -c" "$bytes" "$games"
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
if [ -x "$sf" ]; then
	row "perft $perft_start start" "$bin/fen-moves --perft $perft_start '$start'" \
	    "printf 'position startpos\\ngo perft $perft_start\\nquit\\n' | $sf" stockfish
	row "perft $perft_kiwi Kiwipete" "$bin/fen-moves --perft $perft_kiwi '$kiwi'" \
	    "printf 'position fen $kiwi\\ngo perft $perft_kiwi\\nquit\\n' | $sf" stockfish
fi
# Wall times to the microsecond, the median of at least 5 runs:
# standard chess's perft 5 takes about 20 ms, where /usr/bin/time's
# hundredths made its nodes/s jump between 243 M and 487 M from run to run.
fine_runs=$((runs > 5 ? runs : 5))
time_fine() { # command file: appends the run's microseconds to file
	t0=$(date +%s%N)
	sh -c "$1" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000)) >>"$2"
}
fine_median() { # file
	sort -n "$1" | awk -v n="$fine_runs" 'NR == int((n + 1) / 2) { print $1 / 1e6 }'
}
measure_fine() {
	in_turn time_fine "$fine_runs" "$1"
	fine_median "$tmp/times"
}
# A command and the reference timed in turn, as row() does: both medians.
measure_fine_pair() {
	in_turn time_fine "$fine_runs" "$1" "$2"
	echo "$(fine_median "$tmp/times") $(fine_median "$tmp/ref-times")"
}

# Nodes/s: nodes over the time less the start-up (perft 1's time, a few
# ms).  The variants' target compares them with standard chess's, taken
# from a run long enough to be steady: its perft 5 lasts about 15 ms, where
# a millisecond of noise moves its nodes/s by 7 %.
base=$(measure_fine "$bin/fen-moves --start --perft 1")
rate_of() { # nodes seconds
	awk -v n="$1" -v t="$2" -v b="$base" 'BEGIN {
		printf "%.0f", (t > b ? n / (t - b) : 0) }'
}
ref_depth=$((perft_variant + 1))
ref_cmd="$bin/fen-moves --start --perft $ref_depth"
ref_nodes=$(sh -c "$ref_cmd")
ref_t=$(measure_fine "$ref_cmd")
echo
echo "| variant perft $perft_variant (start) | nodes | time | nodes/s | standard's nodes/s / this |"
echo "|---|---|---|---|---|"
row_variant() { # label nodes seconds reference_seconds
	r=$(rate_of "$2" "$3")
	s=$(rate_of "$ref_nodes" "$4")
	awk -v v="$1" -v n="$2" -v t="$3" -v r="$r" -v s="$s" 'BEGIN {
		printf "| %s | %s | %.3f s | %.1f M | %.2f |\n", v, n, t, r / 1e6,
			(r > 0 ? s / r : 0) }'
}
row_variant "standard, perft $ref_depth (the reference)" "$ref_nodes" "$ref_t" "$ref_t"
# A run shorter than a quarter second is timed as k runs in a row, k/4 s
# or so in all, and divided: one 20 ms run swings by a third.  Each
# variant is timed in turn with the reference, and its ratio is to the
# reference's time in those same minutes: this machine's speed drifts by
# a third within minutes, and a reference timed once at the start made
# Pauli's ratio 2.32 in one run and 3.05 in the next.
for v in standard tandem emap randompawns pushpawn pauli; do
	# Random Pawns has no one start position (its pawns' codes are
	# rolled for each game): one rolled from seed 1 stands for it.
	start=--start label=$v
	if [ $v = randompawns ]; then
		start="'$("$bin/fen-moves" --roll 1)'" label="$v (rolled, seed 1)"
	fi
	cmd="$bin/fen-moves --variant $v --perft $perft_variant $start"
	nodes=$(sh -c "$cmd")
	t=$(measure_fine "$cmd")
	k=$(awk -v t="$t" 'BEGIN { k = int(0.25 / t) + 1; print (k > 50 ? 50 : k) }')
	if [ "$k" -gt 1 ]; then
		cmd="i=0; while [ \$i -lt $k ]; do $cmd; i=\$((i + 1)); done"
	fi
	set -- $(measure_fine_pair "$cmd" "$ref_cmd")
	t=$(awk -v t="$1" -v k="$k" 'BEGIN { print t / k }')
	row_variant "$label" "$nodes" "$t" "$2"
done
echo
echo "(The variants' target: at most 3 in the last column.  The times"
echo "include the start-up, $base s; the nodes/s do not.)"

# Peak memory of every command over the whole corpus, the output formats
# (whose size differs eightfold) and --jobs included: the target is under
# 32 MB for each, whatever the input's size.  One run each: memory does not
# vary as time does.  Not in the quick mode (a minute and more).
[ "$mode" = full ] || exit 0
runs=1
echo
echo "| every command over the corpus | peak RSS | under 32 MB | time |"
echo "|---|---|---|---|"
memory_row() { # label command
	measure "$2" | awk -v c="$1" '{
		printf "| %s | %.1f MB | %s | %.2f s |\n", c, $2 / 1024,
			($2 < 32 * 1024 ? "yes" : "NO"), $1 }'
}
for jobs in 1 2; do
	memory_row "pgn-validate -o - --jobs $jobs" \
		"$bin/pgn-validate -q -o - --jobs $jobs $corpus"
done
for f in pgn json ndjson fen epd uci-line; do
	for jobs in 1 2; do
		memory_row "pgn-convert -f $f --jobs $jobs" \
			"$bin/pgn-convert -q -f $f --jobs $jobs $corpus"
	done
done
memory_row "pgn-convert -n figurine --strip-comments --jobs 2" \
	"$bin/pgn-convert -q -n figurine --strip-comments --jobs 2 $corpus"
for jobs in 1 2; do
	memory_row "game-stats --jobs $jobs" "$bin/game-stats -q --jobs $jobs $corpus"
done
memory_row "game-stats -g Year -f json" \
	"$bin/game-stats -q -g Year -f json $corpus"
# Every row of every ranked list (-t 0): the report, some 14 MB of CSV on
# this corpus, is written as its rows are made.  Grouped by a player, a
# group per player (20,000 here): memory grows with the number of players
# and openings (game-stats(1), CAVEATS).
memory_row "game-stats -t 0 -f csv" "$bin/game-stats -q -t 0 -f csv $corpus"
memory_row "game-stats -g White -t 0 (a group per player)" \
	"$bin/game-stats -q -g White -t 0 $corpus"
memory_row "game-stats --tags-only" "$bin/game-stats -q --tags-only $corpus"
memory_row "fen-render --pgn (final positions, SVG)" \
	"$bin/fen-render --pgn $corpus -f svg"
memory_row "fen-moves --perft 6 (start)" "$bin/fen-moves --start --perft 6"
