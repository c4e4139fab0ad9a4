#!/bin/sh
# The end-to-end tests (tests/e2e/run.sh) with every command run under
# Valgrind memcheck: valgrind-e2e.sh [BIN].  A memory error or a definite
# or indirect leak makes the command exit 99 (so its test fails) and is
# printed from Valgrind's log.  Prints "valgrind: N runs, N with errors".
set -u
bin=$(cd "${1:-build/bin}" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "valgrind: not installed, skipped"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/logs"
# A wrapper per command.  Valgrind runs the command by its real path, which
# the tests would see in messages that name the program (argp's): stderr
# goes through sed to name it by the wrapper's path again.
for c in "$bin"/*; do
	[ -x "$c" ] && [ -f "$c" ] || continue
	name=${c##*/}
	cat >"$work/bin/$name" <<WRAP
#!/bin/sh
exec 4>&1
{ valgrind -q --tool=memcheck --leak-check=full \\
	--suppressions="$here/scripts/valgrind.supp" \\
	--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \\
	--log-file="$work/logs/%p.log" "$c" "\$@" 2>&1 1>&4 4>&-
  echo \$? >"$work/logs/status.\$\$"; } | sed "s|$c|$work/bin/$name|g" >&2
s=\$(cat "$work/logs/status.\$\$")
rm -f "$work/logs/status.\$\$"
exit \$s
WRAP
	chmod +x "$work/bin/$name"
done
# Cases that watch the process itself (its system calls, its terminal)
# skip wrappers (their needs say "unwrapped").
PAWNKIT_WRAPPED=1 sh "$here/tests/e2e/run.sh" "$work/bin"
status=$?
runs=$(find "$work/logs" -name '*.log' | wc -l)
bad=0
for log in "$work"/logs/*.log; do
	[ -s "$log" ] || continue
	bad=$((bad + 1))
	echo "--- $log"
	head -40 "$log"
done
echo "valgrind: $runs runs, $bad with errors"
[ "$status" -eq 0 ] && [ "$bad" -eq 0 ]
