# Compressed input against its plain text, for the cases input-gzip,
# input-zstd, input-xz and input-bzip2 (sourced by their cmd scripts:
# . "$ROOT/tests/e2e/compressed.sh"; check_format TOOL EXT).  The copies
# are made here by the format's own command-line tool.  Their text is
# validate-jobs' input (valid and invalid games, awkward boundaries, a
# byte order mark, CRLF), whose cuts PAWNKIT_CHUNK_BYTES 1 and 300 make
# fall on every game boundary under --jobs 2.

TEXT=$ROOT/tests/e2e/cases/validate-jobs/in.pgn

# same LABEL PLAIN PACKED CMD...: CMD on the file PLAIN and on the file
# PACKED (named last) prints the same, with the same status, PACKED's name
# in the diagnostics being PLAIN's.
same() {
	label=$1 plain=$2 packed=$3
	shift 3
	"$@" "$plain" >p.out 2>p.err
	ps=$?
	"$@" "$packed" >c.out 2>c.err
	cs=$?
	sed "s|$packed|$plain|g" c.err >c.named
	if [ $ps = $cs ] && cmp -s p.out c.out && cmp -s p.err c.named; then
		echo "$label: same (status $ps)"
	else
		echo "$label: DIFFERENT (status $ps, $cs)"
	fi
	rm -f p.out p.err c.out c.err c.named
}

# same_stdin LABEL PLAIN PACKED CMD...: the same, each read from
# standard input.
same_stdin() {
	label=$1 plain=$2 packed=$3
	shift 3
	"$@" <"$plain" >p.out 2>p.err
	ps=$?
	"$@" <"$packed" >c.out 2>c.err
	cs=$?
	if [ $ps = $cs ] && cmp -s p.out c.out && cmp -s p.err c.err; then
		echo "$label: same (status $ps)"
	else
		echo "$label: DIFFERENT (status $ps, $cs)"
	fi
	rm -f p.out p.err c.out c.err
}

# Every command that reads games, on one job and on two with cuts at
# every game, from the file named and from standard input.
check_commands() {
	plain=$1 packed=$2
	same "pgn-validate" "$plain" "$packed" "$BIN/pgn-validate"
	same "pgn-validate --strict --json" "$plain" "$packed" \
		"$BIN/pgn-validate" --strict --json
	for f in pgn json fen uci-line; do
		same "pgn-convert -f $f" "$plain" "$packed" \
			"$BIN/pgn-convert" -f $f
	done
	same "game-stats" "$plain" "$packed" "$BIN/game-stats"
	same "fen-render --pgn" "$plain" "$packed" "$BIN/fen-render" --all --pgn
	for size in 1 300; do
		export PAWNKIT_CHUNK_BYTES=$size
		same "pgn-validate --jobs 2, chunk $size" "$plain" "$packed" \
			"$BIN/pgn-validate" --jobs 2
		same "pgn-convert -f json --jobs 2, chunk $size" "$plain" \
			"$packed" "$BIN/pgn-convert" -f json --jobs 2
		same "game-stats --jobs 2, chunk $size" "$plain" "$packed" \
			"$BIN/game-stats" --jobs 2
		unset PAWNKIT_CHUNK_BYTES
	done
	same_stdin "pgn-validate, standard input" "$plain" "$packed" "$BIN/pgn-validate"
	same_stdin "pgn-validate --jobs 2, standard input" "$plain" "$packed" \
		"$BIN/pgn-validate" --jobs 2
	same_stdin "pgn-convert -f epd, standard input" "$plain" "$packed" \
		"$BIN/pgn-convert" -f epd
	same_stdin "game-stats --jobs 2, standard input" "$plain" "$packed" \
		"$BIN/game-stats" --jobs 2
	same_stdin "fen-render --pgn -, standard input" "$plain" "$packed" \
		"$BIN/fen-render" --pgn -
}

# -o and --reject write the text, whole games: together, the text itself.
check_written() {
	packed=$1
	for jobs in 1 2; do
		PAWNKIT_CHUNK_BYTES=300 "$BIN/pgn-validate" -q --jobs $jobs \
			-o - --reject - "$packed" >both
		cmp -s both "$TEXT" &&
			echo "-o and --reject, $jobs job(s): the text" ||
			echo "-o and --reject, $jobs job(s): NOT the text"
	done
	rm -f both
}

# FEN lines (every position of the games), compressed, on standard input.
check_fen_lines() {
	tool=$1
	"$BIN/pgn-convert" -f fen "$TEXT" 2>/dev/null | cut -f1 >fens
	printf 'not a FEN\n' >>fens
	$tool -c fens >fens.packed
	same_stdin "FEN lines: fen-moves --perft 1" fens fens.packed \
		"$BIN/fen-moves" --perft 1
	same_stdin "FEN lines: fen-render" fens fens.packed "$BIN/fen-render"
	# Cut short: the lines before the fault, not the one it cuts (of
	# FEN lines alone: any other diagnostic would be of a cut line).
	grep '^[1-8/KQRBNPkqrbnp]* [wb] ' fens | $tool -c >fens.packed
	size=$(wc -c <fens.packed)
	head -c $((size * 2 / 3)) fens.packed >fens.cut
	"$BIN/fen-moves" --perft 1 <fens.cut >/dev/null 2>err
	echo "FEN lines cut short: status $?"
	sed 's/after [0-9]* bytes/after N bytes/' err
	rm -f fens.cut err
	rm -f fens fens.packed
}

# JSON games (pgn-convert --from json) are read through the same layer.
check_json() {
	tool=$1 ext=$2
	"$BIN/pgn-convert" -f json "$TEXT" >games.json 2>/dev/null
	$tool -c games.json >games.json.$ext
	same "pgn-convert --from json" games.json games.json.$ext \
		"$BIN/pgn-convert" --from json
	rm -f games.json games.json.$ext
}

# Compressed in pieces cut in the middle of games, then joined (as pigz,
# zstd -T, pbzip2 and cat write them): one text.
check_joined() {
	tool=$1 ext=$2
	head -c 3000 "$TEXT" | $tool -c >joined.$ext
	tail -c +3001 "$TEXT" | head -c 2000 | $tool -c >>joined.$ext
	tail -c +5001 "$TEXT" | $tool -c >>joined.$ext
	cp "$TEXT" plain.pgn
	same "joined pieces: pgn-validate" plain.pgn joined.$ext \
		"$BIN/pgn-validate"
	PAWNKIT_CHUNK_BYTES=300 "$BIN/pgn-validate" -q --jobs 2 -o - \
		--reject - joined.$ext | cmp -s - "$TEXT" &&
		echo "joined pieces, --jobs 2: -o and --reject write the text"
	rm -f joined.$ext plain.pgn
}

# Valid games only, so that any diagnostic but the fault's would be
# garbage read as text.  Cut short, or with bytes changed in the middle,
# the data gives one error naming the file and the format (its place in
# the text shown here as N), status 2, and the games before the fault.
broken() {	# LABEL FILE CMD...: FILE "-" for CMD alone
	label=$1 file=$2
	shift 2
	if [ "$file" = - ]; then "$@"; else "$@" "$file"; fi >out 2>err
	s=$?
	echo "$label: status $s"
	sed 's/after [0-9]* bytes/after N bytes/
	     s/^[0-9]* games: [0-9]* valid/N games: N valid/' err
	case $* in */pgn-validate*)
		head -c "$(wc -c <out)" valid.pgn | cmp -s - out ||
			echo "$label: -o is not the text's start" ;;
	esac
	rm -f out err
}

check_broken() {
	tool=$1 ext=$2
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		cat "$ROOT/tests/data/demo/classics.pgn"
	done >valid.pgn
	$tool -c valid.pgn >valid.$ext
	size=$(wc -c <valid.$ext)
	head -c $((size / 2)) valid.$ext >cut.$ext
	broken "cut short" cut.$ext "$BIN/pgn-validate" -o -
	broken "cut short, --jobs 2" cut.$ext "$BIN/pgn-validate" --jobs 2 -o -
	cp valid.$ext bad.$ext
	printf 'XXXXXXXX' | dd of=bad.$ext bs=1 seek=$((size / 2)) \
		conv=notrunc 2>/dev/null
	broken "corrupt" bad.$ext "$BIN/pgn-validate" -o -
	broken "corrupt, game-stats" bad.$ext "$BIN/game-stats"
	broken "cut short, standard input" - sh -c \
		'"$0" -o - <"$1"' "$BIN/pgn-validate" cut.$ext
	rm -f valid.pgn valid.$ext cut.$ext bad.$ext
}

# check_format TOOL EXT: everything above for one format.
check_format() {
	tool=$1 ext=$2
	cp "$TEXT" in.pgn
	$tool -c in.pgn >in.pgn.$ext
	check_commands in.pgn in.pgn.$ext
	check_written in.pgn.$ext
	check_fen_lines "$tool"
	check_json "$tool" "$ext"
	check_joined "$tool" "$ext"
	check_broken "$tool" "$ext"
	rm -f in.pgn in.pgn.$ext
}
