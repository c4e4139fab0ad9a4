#!/bin/sh
# Hostile inputs as data: limits, truncations, garbage, unreadable
# arguments, output faults.  Each directory under tests/hostile/cases/
# holds, as tests/e2e/ does:
#   cmd              the commands, run by sh in a copy of the directory with
#                    $BIN (the built commands) and $ROOT (the project); big
#                    inputs are made there by the script, not stored
#   expected.status  the exit status of cmd (0 when absent)
#   expected.out     standard output, compared exactly (when present)
#   expected.err     standard error, compared exactly (when present)
#   needs            optional: "nonroot" (skipped as root, who reads any
#                    file), or a program that must be on PATH
# A status over 128 (a signal: a crash) always fails.  Prints one line per
# failure and "hostile: N passed, N failed".
set -u
BIN=$(cd "${1:-build/bin}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$here/../.." && pwd)
export BIN ROOT
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0
for case in "$here"/cases/*/; do
	name=$(basename "$case")
	if [ -f "$case/needs" ]; then
		need=$(cat "$case/needs")
		if [ "$need" = nonroot ]; then
			[ "$(id -u)" != 0 ] || { skipped=$((skipped + 1)); continue; }
		elif ! command -v "$need" >/dev/null 2>&1; then
			skipped=$((skipped + 1)); continue
		fi
	fi
	chmod -R u+rwx "$work/c" 2>/dev/null
	rm -rf "$work/c" && cp -r "$case" "$work/c"
	(cd "$work/c" && sh ./cmd >actual.out 2>actual.err </dev/null; echo $? >actual.status)
	want=0
	[ -f "$case/expected.status" ] && want=$(cat "$case/expected.status")
	got=$(cat "$work/c/actual.status")
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
line="hostile: $passed passed, $failed failed"
[ "$skipped" -eq 0 ] || line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ]
