#!/bin/sh
# The mutation campaign: real game files (tests/data, and ../shared/data
# when present), each cut to a window and mutated by tests/hostile/mutate.c
# (bit flips, deletions, insertions of { } ( ) [ ] " \ ; % LF CR NUL 0x1a
# 0xff and the like, repeated and truncated stretches, joined lines, line
# ends changed), then run through every command:
#   pgn-validate  -o - --reject - (the mutant, byte for byte), and with
#                 --jobs 2, -o FILE --reject FILE (all its bytes, the same
#                 diagnostics and status); an input of nothing but blanks
#                 goes to neither, as pgn-validate(1) says
#   pgn-convert   each format and notation in turn, with one job or two
#                 (two: the output of one, byte for byte); after JSON, the
#                 JSON read back gives the PGN output
#   game-stats    one job, and in turn --jobs 2 or --partial then --merge
#                 (each the report of one job) or --plot
#   fen-render    --pgn, and FEN lines (positions of real games and of the
#                 perft suites, each variant's, mutated alike)
#   fen-moves     the same FEN lines: moves in each notation, or perft
#   pgn-split     pieces of N games, N bytes or N pieces, which joined in
#                 the manifest's order are the mutant
#   and the mutant compressed (gzip, xz, zstd, bzip2) or in UTF-16, one
#   in three of those mutated again (corrupt or cut-short data), through
#   pgn-validate (-o - --reject - writing the text, when the data is
#   whole), pgn-convert -f json and game-stats
# each under a time limit.  Any run that outlives it, dies of a signal,
# exits past 2 or prints a sanitizer's report fails, as does a broken
# property; the mutant is kept with what failed.
#
# campaign.sh [-n FILES] [-s SEED] [-p PARALLEL] [-k KEEP] [-1 N]
#             [-t SECONDS] BIN_DIR MUTATE
#   -n  mutants (default 2000), each through every command
#   -s  seed (default 1): the same seed makes the same mutants
#   -p  mutants run at once, 1 or 2 (default 1)
#   -k  where failing mutants are kept (default build/campaign-failures)
#   -1  run mutant N alone (to replay a failure)
#   -t  time limit of each run (default 20)
# Under a sanitizer build, set ASAN_OPTIONS and UBSAN_OPTIONS as
# make check-sanitize does (make hostile-campaign CAMPAIGN_SANITIZE=1).
set -u
files=2000 seed=1 parallel=1 only= limit=20
root=$(cd "$(dirname "$0")/../.." && pwd)
keep=$root/build/campaign-failures
while getopts n:s:p:k:1:t: o; do
	case $o in
	n) files=$OPTARG ;; s) seed=$OPTARG ;; p) parallel=$OPTARG ;;
	k) keep=$OPTARG ;; 1) only=$OPTARG ;; t) limit=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || { echo "usage: campaign.sh [options] BIN_DIR MUTATE" >&2; exit 2; }
bin=$(cd "$1" && pwd)
mutate=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
data=$root/../shared/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sanitizer='^==[0-9]+==ERROR|^SUMMARY: [A-Za-z]*Sanitizer|\.[ch]:[0-9]+:[0-9]+: runtime error:'

# ------------------------------------------------------------- sources

find "$root/tests/data" -name '*.pgn' | sort >"$work/pgn.list"
if [ -d "$data" ]; then
	find "$data" \( -name '*.pgn' -o -name '*.txt' \) -size -8M | sort >>"$work/pgn.list"
	# The start of the OTB collection: CRLF, Latin-1, the export format
	# of many tools.
	otb=$data/otb/otb-players.pgn.xz
	if [ -f "$otb" ] && command -v xz >/dev/null; then
		xz -dc "$otb" 2>/dev/null | head -c 4000000 >"$work/otb.pgn"
		echo "$work/otb.pgn" >>"$work/pgn.list"
	fi
	from="tests/data and ../shared/data"
else
	from="tests/data (../shared/data absent)"
fi

# FEN lines per variant: each perft suite's positions and those of the
# variant's games (standard: the demo and, when present, lichess games).
fen_pool() { # VARIANT PGN... : appends to the variant's pool
	v=$1
	shift
	"$bin/pgn-convert" -q -f fen "$@" 2>/dev/null | cut -f1 >>"$work/fen.$v"
}
for epd in "$root"/tests/perft/*.epd; do
	v=$(basename "$epd" .epd)
	grep -v '^#' "$epd" | sed 's/ *;.*//' | grep . >"$work/fen.$v"
done
fen_pool standard "$root"/tests/data/demo/*.pgn "$root"/tests/data/stats/standard.pgn
[ -d "$data" ] && fen_pool standard "$data"/lichess/chessjs_benchmark.pgn
for d in "$root"/tests/data/variants/*/; do
	v=$(basename "$d")
	for f in "$d"*.pgn; do
		case $f in */flip.pgn) fen_pool randompawns-flip "$f" ;; *) fen_pool "$v" "$f" ;; esac
	done
done
ls "$work"/fen.* >"$work/fen.list"

# ---------------------------------------------------------------- runs

# fail WHAT: the mutant is kept, with what failed and the runs' errors.
fail() {
	failed=$((failed + 1))
	mkdir -p "$keep"
	base=$keep/seed$seed-$n
	cp "$w/m.pgn" "$base.pgn"
	cp "$w/m.fen" "$base.fen" 2>/dev/null
	{ echo "$*"; echo "pgn: $pgn_what"; echo "fen: ${fen_what:-}"; echo "command: $last_cmd"
	  head -c 2000 "$w/err"; } >"$base.txt"
	echo "FAIL seed $seed mutant $n: $*  [kept: $base.txt]"
}

# run LABEL CMD...: stdout to $w/out, stderr to $w/err, stdin from
# $w/in; false (and a failure) on no end, a signal, a status past 2 or
# a sanitizer's report.
run() {
	label=$1
	shift
	last_cmd="$*"
	runs=$((runs + 1))
	timeout -k 5 "$limit" "$@" <"$w/in" >"$w/out" 2>"$w/err"
	s=$?
	case $s in
	0 | 1 | 2) ;;
	124 | 137) fail "$label: no end in $limit s"; return 1 ;;
	*) fail "$label: status $s"; return 1 ;;
	esac
	if grep -qaE "$sanitizer" "$w/err"; then
		fail "$label: sanitizer report"
		return 1
	fi
	return 0
}

# Nothing but blanks (a byte order mark and 0x1a among them): the one
# input pgn-validate writes nowhere.
blank_only() {
	[ "$(LC_ALL=C tr -d ' \t\r\n\032' <"$1" | LC_ALL=C sed 's/\xef\xbb\xbf//g' | wc -c)" = 0 ]
}

# pgn-validate: one stream, then --jobs 2 into two files.
validate() {
	m=$w/m.pgn
	opts=$(pick "" "" "-s" "-w" "--full-replay" "--variant=tandem")
	run pgn-validate "$bin/pgn-validate" $opts -o - --reject - "$m" || return
	cp "$w/err" "$w/err1"
	s1=$s
	if ! cmp -s "$w/out" "$m" && ! { blank_only "$m" && [ ! -s "$w/out" ]; }; then
		fail "pgn-validate $opts -o - --reject -: not the input"
		return
	fi
	run pgn-validate "$bin/pgn-validate" $opts --jobs 2 -o "$w/good" --reject "$w/bad" "$m" || return
	total=$(cat "$w/good" "$w/bad" | wc -c)
	[ "$total" = "$(wc -c <"$m")" ] || blank_only "$m" ||
		{ fail "pgn-validate --jobs 2 -o --reject: $total bytes"; return; }
	[ "$s" = "$s1" ] && cmp -s "$w/err" "$w/err1" ||
		fail "pgn-validate --jobs 2: not the diagnostics or status of one job"
	count pgn-validate
}

# pgn-convert: every format and notation, with one job or two in turn.
convert() {
	for how in "-n san" "-n lan" "-n uci" "-n figurine" "-f json" "-f ndjson" \
		"-f fen" "-f epd" "-f uci-line"; do
		convert_as "$how" || return
	done
	count "pgn-convert (every way below)"
}

# convert_as HOW: false when it failed.
convert_as() {
	m=$w/m.pgn
	how=$1
	extra=$(pick "" "" "" "--strip-comments" "--strip-variations" "--strip-nags" \
		"--strip-clocks" "--tags=roster" "--tags=none" "--width=0" "--width=20" \
		"--mainline" "--full-replay" "-s" "$how")
	jobs=$(( (n + ${#how} + ${#extra}) % 2 + 1))
	run "pgn-convert $how" "$bin/pgn-convert" -q $how $extra --jobs $jobs "$m" || return
	count "pgn-convert $how"
	if [ $jobs = 2 ]; then
		cp "$w/out" "$w/out2"
		run "pgn-convert $how" "$bin/pgn-convert" -q $how $extra "$m" || return
		cmp -s "$w/out" "$w/out2" ||
			{ fail "pgn-convert $how $extra --jobs 2: not the output of one job"; return 1; }
	fi
	case $how in *json) ;; *) return 0 ;; esac
	# PGN -> JSON -> PGN is the PGN output (pgn-convert(1)).
	cp "$w/out" "$w/json"
	run "pgn-convert --from json" "$bin/pgn-convert" -q --from json $extra "$w/json" || return
	cp "$w/out" "$w/back"
	run "pgn-convert" "$bin/pgn-convert" -q $extra "$m" || return
	cmp -s "$w/out" "$w/back" ||
		{ fail "pgn-convert $extra: PGN -> $how -> PGN is not the PGN output"; return 1; }
}

# game-stats: a report, and another way to the same report.
stats() {
	m=$w/m.pgn
	# Options of the partial, and of the report.
	popts=$(pick "" "-g White" "-n 2" "--tags-only")
	ropts=$(pick "" "-f json" "-f csv" "-t 0" "--skip-invalid")
	run game-stats "$bin/game-stats" -q $popts $ropts "$m" || return
	cp "$w/out" "$w/report"
	case $((n % 3)) in
	0) run "game-stats --jobs 2" "$bin/game-stats" -q --jobs 2 $popts $ropts "$m" || return
	   cmp -s "$w/out" "$w/report" || fail "game-stats --jobs 2: not the report of one job" ;;
	1) run "game-stats --partial" "$bin/game-stats" -q --partial $popts "$m" || return
	   cp "$w/out" "$w/partial"
	   run "game-stats --merge" "$bin/game-stats" -q --merge $ropts "$w/partial" || return
	   cmp -s "$w/out" "$w/report" || fail "game-stats --partial | --merge: not the report" ;;
	2) run "game-stats --plot" "$bin/game-stats" -q $popts --plot "$w/plot.svg" "$m" ;;
	esac
	count game-stats
}

render_pgn() {
	opts=$(pick "--final" "--all" "--ply=3" "--all --check --lastmove" "--final --flip --no-coords")
	format=$(pick ascii unicode svg)
	run "fen-render --pgn" "$bin/fen-render" -f $format $opts --pgn "$w/m.pgn" || return
	count "fen-render --pgn"
}

# FEN lines, with the variant of the pool they came from.
fen_lines() {
	fen_what=$("$mutate" "$seed" "$n" "$work/fen.list" "$w/m.fen") || return
	v=${fen_what%% *}
	v=${v##*/fen.}
	cp "$w/m.fen" "$w/in"
	opts=$(pick "" "--notation=lan" "--notation=uci" "--notation=figurine" "--perft=1" "--perft=2 --divide")
	run "fen-moves" "$bin/fen-moves" --variant="$v" $opts && count fen-moves
	opts=$(pick "-f ascii" "-f unicode" "-f svg" "-f svg --check --flip" "-f svg --lastmove=e2e4 --arrow=e2e4")
	run "fen-render" "$bin/fen-render" --variant="$v" $opts && count "fen-render (FEN lines)"
	: >"$w/in"
}

# pgn-split: the pieces joined in the manifest's order are the input.
split() {
	[ -x "$bin/pgn-split" ] || return 0
	rm -rf "$w/split" && mkdir "$w/split"
	how=$(pick "-g 1" "-g 3" "-b 2K" "-b 100" "-n 3")
	run "pgn-split $how" "$bin/pgn-split" $how -d "$w/split" -p p "$w/m.pgn" || return
	tail -n +2 "$w/out" | cut -f1 | while read -r piece; do cat "$piece"; done >"$w/joined"
	cmp -s "$w/joined" "$w/m.pgn" || { fail "pgn-split $how: the pieces are not the input"; return; }
	count pgn-split
}

# The mutant as the input layer decodes it: compressed, or UTF-16 from
# its bytes read as Latin-1 (the text is then their UTF-8, after a byte
# order mark); one in three mutated again, which the text need not
# survive, but the commands must.
encoded() {
	how=$(pick gzip xz zstd bzip2 utf-16)
	if [ $how = utf-16 ]; then
		command -v iconv >/dev/null || return 0
		iconv -f latin1 -t utf-16 <"$w/m.pgn" >"$w/e.pgn" || return 0
		{ printf '\357\273\277'; iconv -f latin1 -t utf-8 <"$w/m.pgn"; } >"$w/text"
	else
		command -v $how >/dev/null || return 0
		$how -c <"$w/m.pgn" >"$w/e.pgn" || return 0
		cp "$w/m.pgn" "$w/text"
	fi
	whole=1
	if [ $((n % 3)) = 0 ]; then
		echo "$w/e.pgn" >"$w/e.list"
		"$mutate" "$seed" "$n" "$w/e.list" "$w/m.pgn" >/dev/null || return 0
		how="$how, mutated"
		whole=0
	else
		cp "$w/e.pgn" "$w/m.pgn"
	fi
	run "pgn-validate ($how)" "$bin/pgn-validate" -q -o - --reject - "$w/m.pgn" || return
	[ $whole = 0 ] || [ $s = 2 ] || cmp -s "$w/out" "$w/text" || blank_only "$w/text" ||
		{ fail "pgn-validate ($how) -o - --reject -: not the text"; return; }
	run "pgn-convert -f json ($how)" "$bin/pgn-convert" -q -f json --jobs 2 "$w/m.pgn" || return
	run "game-stats ($how)" "$bin/game-stats" -q "$w/m.pgn" || return
	count "encoded (${how%%,*})"
}

# One of the arguments, chosen by the mutant's number and the seed.
pick() {
	h=$(( (n * 2654435761 + seed * 40503 + $#) % 4294967296 ))
	shift $((h % $#))
	echo "$1"
}

count() {
	echo "$*" >>"$w/counts"
}

# ------------------------------------------------------------ the loop

# worker K: mutants K+1, K+1+parallel, ...
worker() {
	w=$work/w$1
	mkdir -p "$w"
	: >"$w/counts" && : >"$w/in"
	failed=0 runs=0 fen_what= last_cmd=
	n=$(($1 + 1))
	[ -n "$only" ] && n=$only
	while [ "$n" -le "$files" ] || [ -n "$only" ]; do
		pgn_what=$("$mutate" "$seed" "$n" "$work/pgn.list" "$w/m.pgn") ||
			{ echo "campaign: mutate failed" >&2; exit 2; }
		[ -n "$only" ] && echo "mutant $n: $pgn_what"
		validate
		convert
		stats
		render_pgn
		split
		fen_lines
		encoded
		echo $failed $runs >"$w/failed"
		[ -n "$only" ] && break
		# A sign of life in a long run.
		[ $(( (n - 1) % 500 )) = $(( 500 - parallel )) ] &&
			echo "campaign: $((n + parallel - 1)) of $files mutants run"
		n=$((n + parallel))
	done
}

[ -n "$only" ] && parallel=1
nsources=$(wc -l <"$work/pgn.list")
[ "$nsources" -gt 0 ] || { echo "campaign: no file in $root/tests/data" >&2; exit 2; }
echo "campaign: seed $seed, $files mutants of $nsources files from $from, $limit s each, $bin"
k=0
while [ $k -lt "$parallel" ]; do
	worker $k &
	k=$((k + 1))
done
wait
failed=$(cat "$work"/w*/failed | awk '{ s += $1 } END { print s + 0 }')
runs=$(cat "$work"/w*/failed | awk '{ s += $2 } END { print s + 0 }')
# Files each command read to its end without a failure.
cat "$work"/w*/counts | sort | uniq -c |
	awk '{ n = $1; sub(/^ *[0-9]+ /, ""); printf "  %-28s %6d files\n", $0, n }'
echo "campaign: seed $seed: $runs runs, $failed failed"
[ "$failed" -eq 0 ]
