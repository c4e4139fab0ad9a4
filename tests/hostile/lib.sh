# Helpers for the hostile cases' cmd scripts (sourced: . "$ROOT/tests/hostile/lib.sh").

# "NAME: status N" for a command whose output is not the point.
status() {
	name=$1
	shift
	"$@" >/dev/null 2>&1
	echo "$name: status $?"
}

# pgn-validate's valid games (-o) and rejected ones (--reject), to one
# stream, must be the input byte for byte.
partition() {
	"$BIN/pgn-validate" -q -o - --reject - "$1" >partition.out
	s=$?
	if cmp -s partition.out "$1"; then
		echo "$1: -o + --reject = input (status $s)"
	else
		echo "$1: -o + --reject differ from the input (status $s)"
	fi
	rm -f partition.out
}

# Every command over one input: none may crash (status 0, 1 or 2 only).
all_commands() {
	status pgn-validate "$BIN/pgn-validate" "$1"
	status pgn-convert "$BIN/pgn-convert" "$1"
	status pgn-convert-json "$BIN/pgn-convert" -f json "$1"
	status pgn-convert-fen "$BIN/pgn-convert" -f fen "$1"
	status game-stats "$BIN/game-stats" "$1"
	status fen-render "$BIN/fen-render" --pgn "$1" --all -f svg
}

# A pipe with no reader on file descriptor 4: every write to it fails with
# EPIPE (what a command sees after `| head -1` has exited), and no race.
closed_pipe() {
	rm -f fifo && mkfifo fifo
	exec 3<>fifo 4>fifo 3<&-
	rm -f fifo
}

# A peak memory bound in KB for /usr/bin/time's %M: as given, or two and a
# half times it under AddressSanitizer (make check-sanitize sets
# ASAN_OPTIONS), whose allocator and shadow memory add to every byte held.
rss_limit() {
	if [ -n "${ASAN_OPTIONS:-}" ]; then
		echo $(($1 * 5 / 2))
	else
		echo "$1"
	fi
}
