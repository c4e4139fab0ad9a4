#!/bin/sh
# Tests as data: run-cases.sh LABEL CASES_DIR [BIN_DIR].  Each directory
# under CASES_DIR holds:
#   cmd              the commands, run by sh in a copy of the directory,
#                    with $BIN naming the built commands, $ROOT the project
#                    and $DATA the shared data folder; big inputs are made
#                    there by the script, not stored
#   expected.status  the exit status (0 when absent)
#   expected.out     standard output, compared exactly (when present)
#   expected.err     standard error, compared exactly (when present)
#   needs            optional, words that must all hold: "shared" (skipped
#                    without ../shared/data), "nonroot" (skipped as root,
#                    who reads any file), "unwrapped" (skipped when the
#                    commands are wrappers, as check-valgrind's are, which
#                    set PAWNKIT_WRAPPED), or a program that must be on PATH
# A case whose cmd exits 77 is skipped, unless expected.status says 77: it
# found, running, that something it needs cannot be had (a daemon that
# will not start).  A status over 128 (a signal: a crash) always fails.
# With CASES set (names separated by spaces), only those cases run.
# Prints one line per failure and a closing "LABEL: N passed, N failed,
# N skipped".
set -u
label=$1
cases=$(cd "$2" && pwd)
BIN=$(cd "${3:-build/bin}" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=$ROOT/../shared/data
export BIN DATA ROOT
# Debian installs stockfish and fairy-stockfish in /usr/games, which a
# shell started by make may not have on its PATH.
case ":$PATH:" in *:/usr/games:*) ;; *) PATH=$PATH:/usr/games ;; esac
export PATH
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0
for case in "$cases"/*/; do
	name=$(basename "$case")
	if [ -n "${CASES:-}" ]; then
		case " $CASES " in *" $name "*) ;; *) continue ;; esac
	fi
	if [ -f "$case/needs" ]; then
		met=1
		for need in $(cat "$case/needs"); do
			case $need in
			shared) [ -d "$DATA" ] ;;
			nonroot) [ "$(id -u)" != 0 ] ;;
			unwrapped) [ -z "${PAWNKIT_WRAPPED:-}" ] ;;
			*) command -v "$need" >/dev/null 2>&1 ;;
			esac || met=0
		done
		[ $met = 1 ] || { skipped=$((skipped + 1)); continue; }
	fi
	chmod -R u+rwx "$work/c" 2>/dev/null
	rm -rf "$work/c" && cp -r "$case" "$work/c"
	# A case that hangs fails (status 124) instead of stopping the run.
	(cd "$work/c" && timeout -k 10 "${CASE_TIMEOUT:-1200}" sh ./cmd \
		>actual.out 2>actual.err </dev/null; echo $? >actual.status)
	want=0
	[ -f "$case/expected.status" ] && want=$(cat "$case/expected.status")
	got=$(cat "$work/c/actual.status")
	if [ "$got" = 77 ] && [ "$want" != 77 ]; then
		skipped=$((skipped + 1))
		continue
	fi
	ok=1
	[ "$got" = "$want" ] || { ok=0; echo "FAIL $name: status $got, expected $want"; }
	[ "$got" -lt 128 ] || { ok=0; echo "FAIL $name: killed by signal $((got - 128))"; }
	for s in out err; do
		if [ -f "$case/expected.$s" ] && ! cmp -s "$case/expected.$s" "$work/c/actual.$s"; then
			ok=0
			echo "FAIL $name: std$s differs:"
			diff -u "$case/expected.$s" "$work/c/actual.$s" | head -20
		fi
	done
	if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$label: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
