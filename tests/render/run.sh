#!/bin/sh
# Expected-output tests of fen-render, as data.  Each case in cases/ is
#   NAME.in          standard input (FEN lines, or a PGN with --pgn -)
#   NAME.args        optional: the options, one shell line
#   NAME.out_FORMAT  expected standard output of
#                    fen-render --format FORMAT ARGS <NAME.in, for each of
#                    ascii, unicode and svg that is present
#   NAME.err         optional: expected standard error (every format)
#   NAME.status      optional: expected exit status (0 when absent)
#   NAME.files       optional: the files an SVG run writes under out/
#                    (the args then say -o out); each is checked as below
# Every SVG document written (several in one stream are split at their
# <?xml line) must be well formed (xmllint --noout) and must render
# (rsvg-convert); those checks count as tests of their own and are skipped
# when the tool is missing.  Then pixels.py checks rendered pixels.
#   sh tests/render/run.sh [BIN_DIR]            (default: build/bin)
#   UPDATE=1 sh tests/render/run.sh             rewrites the expected
#                    outputs from what the command prints; look at the
#                    pictures (make gallery, or rsvg-convert) before
#                    committing them.
# Prints one line per failure and "render: N passed, N failed, N skipped".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BIN=$(cd "${1:-$root/build/bin}" 2>/dev/null && pwd) || {
	echo "render: no bin directory '${1:-$root/build/bin}'" >&2
	exit 2
}
R="$BIN/fen-render"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
skip() { skipped=$((skipped + 1)); }
have() { command -v "$1" >/dev/null 2>&1; }

# Splits a stream of SVG documents into $work/svg/doc-NN.svg.
split_svg() {
	rm -rf "$work/svg" && mkdir "$work/svg"
	awk -v dir="$work/svg" '
		/^<\?xml/ { n++; file = sprintf("%s/doc-%02d.svg", dir, n) }
		n { print > file }
	' "$1"
}

# Every SVG in directory $2 for case $1: well formed, and renders.
check_svgs() {
	for doc in "$2"/*.svg; do
		[ -f "$doc" ] || { fail "$1: no SVG document"; return; }
		if have xmllint; then
			if xmllint --noout "$doc" 2>"$work/xml.err"; then pass; else
				fail "$1: ${doc##*/} is not well formed:"
				head -5 "$work/xml.err"
			fi
		else
			skip
		fi
		if have rsvg-convert; then
			if rsvg-convert "$doc" -o "$work/doc.png" 2>"$work/rsvg.err" &&
			   [ -s "$work/doc.png" ]; then pass; else
				fail "$1: ${doc##*/} does not render:"
				head -5 "$work/rsvg.err"
			fi
		else
			skip
		fi
	done
}

# Runs case $1 in format $2 inside $work/run; output in $work/run/actual.
run_case() {
	rm -rf "$work/run" && mkdir "$work/run"
	args=
	[ -f "$here/cases/$1.args" ] && args=$(cat "$here/cases/$1.args")
	(cd "$work/run" && eval "\"\$R\" --format $2 $args" \
		<"$here/cases/$1.in" >actual 2>actual.err
	 echo $? >actual.status)
}

# compare LABEL EXPECTED ACTUAL WHAT (sh has no locals: $1.. only).
compare() {
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$3" "$2"
		pass
	elif cmp -s "$2" "$3"; then
		pass
	else
		fail "$1: $4 differs:"
		diff -u "$2" "$3" | head -20
	fi
}

check_case() {
	name=$1 format=$2
	run_case "$name" "$format"
	want=0
	[ -f "$here/cases/$name.status" ] && want=$(cat "$here/cases/$name.status")
	got=$(cat "$work/run/actual.status")
	if [ "$got" = "$want" ]; then pass; else
		fail "$name ($format): status $got, expected $want"
		head -3 "$work/run/actual.err"
	fi
	[ -f "$here/cases/$name.err" ] &&
		compare "$name ($format)" "$here/cases/$name.err" "$work/run/actual.err" stderr
	if [ -f "$here/cases/$name.files" ]; then
		(cd "$work/run/out" 2>/dev/null && ls) >"$work/run/files"
		compare "$name" "$here/cases/$name.files" "$work/run/files" "file list"
		[ "$format" = svg ] && check_svgs "$name" "$work/run/out"
		return
	fi
	compare "$name ($format)" "$here/cases/$name.out_$format" \
		"$work/run/actual" "output"
	if [ "$format" = svg ]; then
		split_svg "$work/run/actual"
		check_svgs "$name" "$work/svg"
	fi
}

# A file of no case is read by nothing, and an expected output under a
# name the loop below never forms would pass unseen: each file must be
# one of the kinds above, of a case that has its .in.
for file in "$here"/cases/*; do
	base=$(basename "$file")
	case $base in
	*.in|*.args|*.out_ascii|*.out_unicode|*.out_svg|*.err|*.status|*.files)
		[ -f "$here/cases/${base%.*}.in" ] && continue ;;
	esac
	fail "cases/$base: belongs to no case (NAME.in and NAME.KIND)"
done

for input in "$here"/cases/*.in; do
	name=$(basename "$input" .in)
	if [ -f "$here/cases/$name.files" ]; then
		check_case "$name" svg
		continue
	fi
	for format in ascii unicode svg; do
		[ -f "$here/cases/$name.out_$format" ] || continue
		check_case "$name" "$format"
	done
done

# Pixels of rendered pictures: python3 and rsvg-convert, else skipped.
if have python3 && have rsvg-convert; then
	python3 "$here/pixels.py" "$R" >"$work/pixels.out" 2>&1
	grep '^FAIL' "$work/pixels.out"
	p=$(sed -n 's/^pixels: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$work/pixels.out")
	if [ -n "$p" ]; then
		passed=$((passed + ${p% *}))
		failed=$((failed + ${p#* }))
	else
		fail "pixels.py gave no summary:"
		tail -5 "$work/pixels.out"
	fi
else
	echo "render: python3 or rsvg-convert missing: pixel tests skipped"
	skip
fi

echo "render: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
