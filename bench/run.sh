#!/bin/sh
# make bench: our commands against the reference tools, and against
# themselves on other inputs, measured side by side in the same run.
# Prints Markdown tables: CPU seconds (user + sys) and wall seconds, each
# the median of RUNS runs (default 3) taken in turn with the reference's;
# their ratio; the row's target and whether it is met; MB/s (by our wall
# time) and our peak resident memory.
#   bench/run.sh BIN_DIR [full|quick]
# PGN_READER=DIR takes the pgn-reader peer's programs from DIR instead of
# building them.  Exit status 1 when pgn-validate takes more than 4 times
# as long on the corpus written on one line as on its normal layout: a
# quadratic path.
set -eu
bin=$(cd "$1" && pwd)
mode=${2:-full}
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-3}
data=$here/../shared/data
tmp=${TMPDIR:-/tmp}/pawnkit-bench	# kept: the OTB corpus, pgn-reader's build
mkdir -p "$tmp"
# This run's own files: another run (make check elsewhere) may share $tmp.
work=$(mktemp -d "$tmp/run.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 2' HUP INT TERM

if [ "$mode" = quick ]; then
	# A few seconds: the lichess sample eight times over (about 19 MB, whole
	# games) and shallower perft, enough time to measure, so a slowdown next
	# to `make check` is noticed.
	sample=$data/lichess/kdave-pgn-toys_lichess-2021-10_999games.pgn
	[ -f "$sample" ] || { echo "bench-quick: no shared data, skipped"; exit 0; }
	corpus=$work/quick.pgn
	for i in 1 2 3 4 5 6 7 8; do cat "$sample"; done >"$corpus"
	perft_start=5 perft_kiwi=4 perft_variant=5
	layout_games=0 limit=30	# the layouts: every game; seconds per run
else
	xz=$data/otb/otb-players.pgn.xz
	[ -f "$xz" ] || { echo "bench: $xz missing" >&2; exit 2; }
	corpus=$tmp/otb.pgn
	if [ ! -s "$corpus" ]; then
		echo "bench: decompressing the OTB corpus to $corpus" >&2
		xz -dc "$xz" >"$corpus.part.$$" && mv "$corpus.part.$$" "$corpus"
	fi
	perft_start=6 perft_kiwi=5 perft_variant=5
	layout_games=20000 limit=600
fi
bytes=$(wc -c <"$corpus")
games=$(grep -c '^\[Event ' "$corpus" || true)

# ------------------------------------------------------------------ timing

# One timed run of a command; appends "wall cpu peak_kib" to the file $2.
# bench/rtime (built beside the commands) gives microseconds, where
# /usr/bin/time gives hundredths: 8% of a tags-only scan of the corpus.
rtime=$bin/../bench/rtime
time_once() {
	if [ -x "$rtime" ]; then
		"$rtime" "$work/one" "$1" || true
	else
		/usr/bin/time -f '%e %U %S %M' -o "$work/one" sh -c "$1" >/dev/null 2>&1 || true
	fi
	# A non-zero exit (invalid games) adds a line before the figures.
	tail -n 1 "$work/one" | awk '{ print $1, $2 + $3, $4 }' >>"$2"
}

# The median of column $2 of the file $1.
median() {
	sort -n -k "$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
		print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# COUNT runs of a command and, in turn with them (ours, the reference,
# ours, ...), of a reference when one is given: this machine's speed
# drifts by a third within minutes, and taken in turn both see the same
# drift, so their ratio holds better than their seconds do.  TIMER
# appends one run's figures to a file: $work/times for the command,
# $work/ref-times for the reference.
in_turn() { # timer count command [reference]
	i=0
	: >"$work/times"
	: >"$work/ref-times"
	while [ $i -lt "$2" ]; do
		$1 "$3" "$work/times"
		[ -z "${4:-}" ] || $1 "$4" "$work/ref-times"
		i=$((i + 1))
	done
}

# Medians of RUNS runs of a command: prints "wall cpu peak_kib".
measure() {
	in_turn time_once "$runs" "$1"
	echo "$(median "$work/times" 1) $(median "$work/times" 2) $(median "$work/times" 3)"
}

# --------------------------------------------------------------- the rows

# A table's head.  Its ratio is "faster" (the reference's time / ours: > 1
# means we are faster) or "cost" (ours / the reference's: what running
# this instead costs).
table() { # faster|cost title
	echo
	echo "$2"
	echo
	table_head "$1"
}
table_head() { # faster|cost
	dir=$1
	echo "| task | CPU | wall | against | its CPU | its wall | $dir | target | MB/s | peak RSS |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
}

# A row: ours and the reference in turn, and their ratio.  TARGET is the
# time the ratio is of, cpu or wall, then the goal, if any: "cpu >= 2.0",
# "wall >= 1.8", "cpu <= 1.5", "wall".  The medians stay in cpu and
# ref_cpu for the checks that follow a row.
row() { # task ours reference refname target [bytes]
	in_turn time_once "$runs" "$2" "$3"
	wall=$(median "$work/times" 1) cpu=$(median "$work/times" 2)
	rss=$(median "$work/times" 3)
	ref_wall=$(median "$work/ref-times" 1) ref_cpu=$(median "$work/ref-times" 2)
	awk -v task="$1" -v ref="$4" -v target="$5" -v b="${6:-0}" -v dir="$dir" \
	    -v w="$wall" -v c="$cpu" -v rw="$ref_wall" -v rc="$ref_cpu" \
	    -v mem="$rss" -f "$here/bench/row.awk"
}

# ------------------------------------------------------- pgn-reader, peer

# The pgn-reader peer (Rust), built once into $tmp/pgn-reader; the quick
# mode, which needs no cargo, goes without it.
peer=
find_peer() {
	out=$tmp/pgn-reader src=$here/../shared/peers/pgn-reader
	if [ -n "${PGN_READER:-}" ]; then
		peer=$(cd "$PGN_READER" && pwd)
	elif [ -x "$out/bin/validate" ]; then
		peer=$out/bin
	elif [ "$mode" = quick ]; then
		:
	elif [ ! -f "$src/build.sh" ]; then
		echo "pgn-reader: no source in $src: its rows skipped"
	elif ! command -v cargo >/dev/null 2>&1 &&
	     [ ! -x "${HOME:-/nonexistent}/.cargo/bin/cargo" ]; then
		echo "pgn-reader: no cargo: its rows skipped"
	else
		echo "bench: building pgn-reader into $out (once)" >&2
		if sh "$src/build.sh" "$out" >/dev/null; then
			peer=$out/bin
		else
			echo "pgn-reader: its build failed: its rows skipped"
		fi
	fi
}

# ------------------------------------------------------------- the tables

pv="$bin/pgn-validate -q"
pe=/usr/games/pgn-extract
sf=$(command -v stockfish || echo /usr/games/stockfish)
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

peer_rows() {
	[ -n "$peer" ] || return 0
	row "pgn-validate" "$pv $corpus" "$peer/validate $corpus" \
	    "pgn-reader validate" "cpu >= 2.0" "$bytes"
	row "pgn-validate --full-replay" "$pv --full-replay $corpus" \
	    "$peer/validate $corpus" "pgn-reader validate" "cpu >= 1.2" "$bytes"
	row "game-stats --tags-only" "$bin/game-stats --quiet --tags-only $corpus" \
	    "$peer/tagsonly $corpus" "pgn-reader tagsonly" "cpu >= 1.0" "$bytes"
}

# Two threads: the target is on wall time, the machine otherwise idle.
jobs_rows() {
	row "pgn-validate --jobs 2" "$pv --jobs 2 $corpus" "$pv $corpus" \
	    "pgn-validate (1 thread)" "wall >= 1.8" "$bytes"
	[ -z "$peer" ] || row "pgn-validate --jobs 2" "$pv --jobs 2 $corpus" \
	    "$peer/bvalidate $corpus" "pgn-reader bvalidate" wall "$bytes"
}

perft_rows() {
	[ -z "$peer" ] || row "perft $perft_start start" \
	    "$bin/fen-moves --perft $perft_start '$start'" \
	    "$peer/perft $perft_start" "shakmaty perft" "cpu >= 1.5"
	[ -x "$sf" ] || return 0
	row "perft $perft_start start" "$bin/fen-moves --perft $perft_start '$start'" \
	    "printf 'position startpos\\ngo perft $perft_start\\nquit\\n' | $sf" \
	    stockfish cpu
	row "perft $perft_kiwi Kiwipete" "$bin/fen-moves --perft $perft_kiwi '$kiwi'" \
	    "printf 'position fen $kiwi\\ngo perft $perft_kiwi\\nquit\\n' | $sf" \
	    stockfish cpu
}

extract_rows() {
	row "pgn-validate" "$pv $corpus" "$pe -s -r $corpus" pgn-extract cpu "$bytes"
	row "pgn-validate --jobs 2" "$pv --jobs 2 $corpus" "$pe -s -r $corpus" \
	    pgn-extract wall "$bytes"
	row "pgn-convert to UCI" "$bin/pgn-convert -q -n uci $corpus" \
	    "$pe -s -Wuci $corpus" "pgn-extract -Wuci" cpu "$bytes"
	row "pgn-convert to UCI --jobs 2" "$bin/pgn-convert -q --jobs 2 -n uci $corpus" \
	    "$pe -s -Wuci $corpus" "pgn-extract -Wuci" wall "$bytes"
	row "game-stats" "$bin/game-stats --quiet $corpus" "$pe -s -r $corpus" \
	    pgn-extract cpu "$bytes"
	# grep's count goes to a file: with its output on /dev/null (as
	# time_once has it) GNU grep stops at the first match, reading nothing
	# else.
	row "game-stats --tags-only" "$bin/game-stats --quiet --tags-only $corpus" \
	    "grep -c '^\\[Event ' $corpus >$work/grep-count" "grep -c" cpu "$bytes"
}

# Each output of pgn-convert against pgn-validate's replay of the same
# games: what writing them costs.
convert_rows() {
	for o in "-n san" "-n lan" "-n uci" "-f uci-line" "-f json" "-f ndjson" \
	    "-f fen" "-f epd"; do
		case $o in -n*|*uci-line) goal=1.5 ;; *) goal=3 ;; esac
		row "pgn-convert $o" "$bin/pgn-convert -q $o $corpus" "$pv $corpus" \
		    "pgn-validate" "cpu <= $goal" "$bytes"
	done
}

# The same games in other layouts: the first $layout_games games (all of
# them when 0) with LF line ends; on one line; with CR line ends; without
# blank lines; and with a comment of 1 MB before the movetext of every
# 1000th game.
make_layouts() {
	awk -v n="$layout_games" '/^\[Event / && ++g > n && n > 0 { exit }
		{ print }' "$corpus" | tr -d '\r' >"$work/lf.pgn"
	tr '\n' ' ' <"$work/lf.pgn" >"$work/one-line.pgn"
	tr '\n' '\r' <"$work/lf.pgn" >"$work/cr.pgn"
	sed '/^$/d' "$work/lf.pgn" >"$work/no-blank.pgn"
	awk 'BEGIN { c = "a comment of one megabyte "
		while (length(c) < 1048576) c = c c
		c = "{" substr(c, 1, 1048574) "}" }
	/^\[Event / { g++; tags = 1 }
	tags && /^$/ { tags = 0; print; if (g % 1000 == 0) print c; next }
	{ print }' "$work/lf.pgn" >"$work/comments.pgn"
}

# Each layout against the LF one.  A run of pgn-validate over these games
# lasts some 50 ms, where /usr/bin/time's hundredths (when there is no
# bench/rtime) are a fifth of it:
# each run is k runs in a row, a quarter second or so in all, and is
# cut at $limit seconds: a quadratic path can take hours on one line.
layout_rows() {
	lf=$work/lf.pgn one=$work/one-line.pgn
	time_once "$pv $lf" "$work/probe"
	k=$(awk '{ k = int(0.25 / ($1 + 0.001)) + 1; print (k > 20 ? 20 : k) }' "$work/probe")
	to=
	command -v timeout >/dev/null 2>&1 && to="timeout $limit"
	table cost "The same $(grep -c '^\[Event ' "$lf") games in other layouts against LF line ends (cost: CPU time in that layout / with LF; each run is $k runs in a row)."
	for l in one-line cr no-blank comments; do
		layout_row "pgn-validate, $l" "$pv" "$work/$l.pgn"
		[ $l = one-line ] || continue
		# The check: make bench-quick fails on a quadratic path.
		if awk -v a="$cpu" -v b="$ref_cpu" \
		    'BEGIN { exit !(a > 0.5 && a > 4 * b) }'; then
			failed="pgn-validate took $cpu s of CPU on the games as one line (runs cut at $limit s), $ref_cpu s on their normal layout: more than 4 times, a quadratic path?"
		fi
	done
	layout_row "game-stats --tags-only, one-line" \
	    "$bin/game-stats --quiet --tags-only" "$one"
	layout_row "pgn-convert -n uci, one-line" "$bin/pgn-convert -q -n uci" "$one"
}

# The command on a layout against it on the LF layout, each k times.
layout_row() { # task command file
	row "$1" "$to sh -c '$(repeat "$2 $3")'" "sh -c '$(repeat "$2 $lf")'" \
	    "the same, LF" "cpu <= 2" "$(($(wc -c <"$3") * k))"
}
# A loop of k runs of a command.  Cut by timeout, the loop waits for the
# run it is in before it ends, so that the run's CPU time is counted.
repeat() { # command
	echo "trap exit TERM; i=0; while [ \$i -lt $k ]; do $1; i=\$((i + 1)); done"
}

load() { cut -d' ' -f1-3 /proc/loadavg; }

failed=
[ "$mode" = quick ] || find_peer
echo "corpus: $(basename "$corpus"), $bytes bytes, $games games; median of $runs runs"
# Wall times depend on what else runs: the load is part of the figures.
echo "machine: $(nproc) cores,$(sed -n 's/^model name[^:]*://p' /proc/cpuinfo | head -1); load average $(load) at start"

table faster "Against the reference tools (faster: its time / ours, > 1 when we are faster; on CPU time unless wall is said)."
peer_rows
jobs_rows
perft_rows
extract_rows
echo
echo "(The target of --jobs 2 against one thread holds on an idle machine.)"

if [ "$mode" = full ]; then
	table cost "pgn-convert against pgn-validate on the same games (cost: its CPU time / pgn-validate's)."
	convert_rows
fi

make_layouts
layout_rows

# ------------------------------------------------------- variant perft

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
	median "$1" 1 | awk '{ print $1 / 1e6 }'
}
measure_fine() {
	in_turn time_fine "$fine_runs" "$1"
	fine_median "$work/times"
}
# A command and the reference timed in turn, as row() does: both medians.
measure_fine_pair() {
	in_turn time_fine "$fine_runs" "$1" "$2"
	echo "$(fine_median "$work/times") $(fine_median "$work/ref-times")"
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

# ------------------------------------------------------------- memory

# Peak memory of every command over the whole corpus, the output formats
# (whose size differs eightfold) and --jobs included: the target is under
# 32 MB for each, whatever the input's size.  One run each: memory does not
# vary as time does.  Not in the quick mode (a minute and more).
memory_table() {
	runs=1
	echo
	echo "| every command over the corpus | peak RSS | under 32 MB | time |"
	echo "|---|---|---|---|"
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
	# Every row of every ranked list (-t 0): the report, some 14 MB of CSV
	# on this corpus, is written as its rows are made.  Grouped by a
	# player, a group per player (20,000 here): memory grows with the
	# number of players and openings (game-stats(1), CAVEATS).
	memory_row "game-stats -t 0 -f csv" "$bin/game-stats -q -t 0 -f csv $corpus"
	memory_row "game-stats -g White -t 0 (a group per player)" \
		"$bin/game-stats -q -g White -t 0 $corpus"
	memory_row "game-stats --tags-only" "$bin/game-stats -q --tags-only $corpus"
	memory_row "fen-render --pgn (final positions, SVG)" \
		"$bin/fen-render --pgn $corpus -f svg"
	memory_row "fen-moves --perft 6 (start)" "$bin/fen-moves --start --perft 6"
}
memory_row() { # label command
	measure "$2" | awk -v c="$1" '{
		printf "| %s | %.1f MB | %s | %.2f s |\n", c, $3 / 1024,
			($3 < 32 * 1024 ? "yes" : "NO"), $1 }'
}
[ "$mode" = quick ] || memory_table

echo
echo "load average $(load) at the end"
if [ -n "$failed" ]; then
	echo "bench: FAILED: $failed" >&2
	exit 1
fi
