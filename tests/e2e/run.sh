#!/bin/sh
# End-to-end tests as data.  Each directory under tests/e2e/cases/ holds:
#   cmd              the command line, run by sh in a copy of the directory,
#                    with $BIN naming the built commands, $ROOT the project
#                    and $DATA the shared data folder
#   expected.status  the exit status (0 when absent)
#   expected.out     standard output, compared exactly (when present)
#   expected.err     standard error, compared exactly (when present)
#   needs            optional: "shared" (skip without ../shared/data), or a
#                    program that must be on PATH
# Prints one line per failure and a closing "N passed, N failed, N skipped".
set -u
BIN=$(cd "${1:-build/bin}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$here/../.." && pwd)
DATA=$ROOT/../shared/data
export BIN DATA ROOT
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0
for case in "$here"/cases/*/; do
	name=$(basename "$case")
	if [ -f "$case/needs" ]; then
		need=$(cat "$case/needs")
		if [ "$need" = shared ]; then
			[ -d "$DATA" ] || { skipped=$((skipped + 1)); continue; }
		elif ! command -v "$need" >/dev/null 2>&1; then
			skipped=$((skipped + 1)); continue
		fi
	fi
	rm -rf "$work/c" && cp -r "$case" "$work/c"
	(cd "$work/c" && sh ./cmd >actual.out 2>actual.err </dev/null; echo $? >actual.status)
	want=0
	[ -f "$case/expected.status" ] && want=$(cat "$case/expected.status")
	ok=1
	[ "$(cat "$work/c/actual.status")" = "$want" ] ||
		{ ok=0; echo "FAIL $name: status $(cat "$work/c/actual.status"), expected $want"; }
	for s in out err; do
		if [ -f "$case/expected.$s" ] && ! cmp -s "$case/expected.$s" "$work/c/actual.$s"; then
			ok=0
			echo "FAIL $name: std$s differs:"
			diff -u "$case/expected.$s" "$work/c/actual.$s" | head -20
		fi
	done
	if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "e2e: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
