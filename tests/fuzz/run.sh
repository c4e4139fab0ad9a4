#!/bin/sh
# Runs the fuzz targets built in DIR/targets: run.sh DIR SECONDS [smoke].
# For each target: first its regression inputs (tests/fuzz/regressions/
# TARGET/, each run once: a crash fails at once), then SECONDS of fuzzing
# from the seed corpus (DIR/corpus/KIND, from corpus.sh).  `fuzz` keeps
# what it finds in DIR/work/TARGET so that runs add up; smoke fuzzes from
# the seeds alone with a fixed seed.  A crash leaves its input in
# DIR/crashes/ and fails the run.  One line per target with libFuzzer's
# final counts; a closing "fuzz: N passed, N failed".  FUZZ_TARGETS="fuzz_fen
# fuzz_san" runs only those.  Each input has a time limit, FUZZ_TIMEOUT
# seconds (default 25; libFuzzer's -timeout, a failure like a crash):
# fuzz_layouts reads megabytes in one layout, which the reader reads in a
# few seconds at most, and a quadratic path in minutes.
set -u
dir=$1
seconds=$2
mode=${3:-full}
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0
timeout=${FUZZ_TIMEOUT:-25}
mkdir -p "$dir/crashes" "$dir/logs"

kind() { # the seed corpus and dictionary of a target, and its input size
	case $1 in
	fuzz_fen) echo "fen fen 512" ;;
	fuzz_svg) echo "svg fen 1024" ;;
	fuzz_san) echo "san san 64" ;;
	fuzz_json_read) echo "json json 16384" ;;
	fuzz_match) echo "match match 8192" ;;
	fuzz_layouts) echo "layout pgn 4096" ;;
	*) echo "pgn pgn 16384" ;;
	esac
}

for bin in "$dir"/targets/fuzz_*; do
	[ -x "$bin" ] || continue
	t=$(basename "$bin")
	case " ${FUZZ_TARGETS:-$t} " in *" $t "*) ;; *) continue ;; esac
	set -- $(kind "$t")
	seeds=$dir/corpus/$1 dict=$here/$2.dict maxlen=$3
	log=$dir/logs/$t.$mode.log
	reg=$here/regressions/$t regdir=""
	if [ -d "$reg" ] && [ -n "$(ls "$reg")" ]; then
		regdir=$reg
		if ! "$bin" -timeout="$timeout" "$reg"/* >"$log.regressions" 2>&1; then
			echo "FAIL $t: a regression input crashes (see $log.regressions)"
			failed=$((failed + 1))
			continue
		fi
	fi
	if [ "$mode" = smoke ]; then
		work=$(mktemp -d)
		extra="-seed=1"
	else
		work=$dir/work/$t
		mkdir -p "$work"
		extra=""
	fi
	"$bin" $extra -max_total_time="$seconds" -max_len="$maxlen" -timeout="$timeout" \
		-dict="$dict" -artifact_prefix="$dir/crashes/$t-" \
		-print_final_stats=1 "$work" "$seeds" $regdir >"$log" 2>&1
	rc=$?
	[ "$mode" = smoke ] && rm -rf "$work"
	stats=$(grep -aE '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 |
		sed -E 's/^#([0-9]+)[[:space:]]+[A-Z]+[[:space:]]+/\1 execs, /')
	if [ $rc -eq 0 ]; then
		passed=$((passed + 1))
		echo "$t: ${seconds}s, $stats"
	else
		failed=$((failed + 1))
		echo "FAIL $t: status $rc, see $log"
		grep -aE 'ERROR|SUMMARY|check failed|Test unit written' "$log" | head -5
	fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
