#!/bin/sh
# Checks the manual pages and shell completions against the commands.
#   sh tests/e2e/check-docs.sh [BIN_DIR]      (default: build/bin)
# For every man page: a lint without warnings (mandoc -T lint -W warning;
# else groff, else man --warnings), and every pawnkit page it cites exists.
# For every command in BIN_DIR: it has a man page and bash, zsh and fish
# completions; every long option its --help lists appears in all four; the
# variant ids it knows appear in its completions and in pawnkit-variants(7),
# and the bash completion offers them after --variant.
# Every completion file passes bash -n, zsh -n and fish -n (each shell when
# installed).  Prints one line per failure and "docs: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BIN=$(cd "${1:-$root/build/bin}" 2>/dev/null && pwd) || {
	echo "check-docs: no bin directory '${1:-$root/build/bin}'" >&2
	exit 2
}
man="$root/man"
comp="$root/completions"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
have() { command -v "$1" >/dev/null 2>&1; }

# ------------------------------------------------------------- man pages

# Warnings of one page on stdout; non-zero status when there are any.
lint() {
	if have mandoc; then
		mandoc -T lint -W warning "$1" 2>&1 | grep -v 'mandoc\.db'
	elif have groff; then
		groff -mandoc -z -ww "$1" 2>&1
	elif have man; then
		man --warnings -l "$1" 2>&1 >/dev/null
	else
		return 1	# nothing to lint with: no warnings
	fi
}

# The page as plain text on one very long line per paragraph, so that no
# option is split at a line break; the source, approximated, as a last
# resort.
render() {
	if have mandoc; then
		mandoc -T ascii -O width=1000 "$1" 2>/dev/null | sed 's/.\x08//g'
	elif have groff; then
		groff -mandoc -T ascii -rLL=1000n -P -cbou "$1" 2>/dev/null
	else
		sed -e 's/\\-/-/g' -e 's/Fl -/--/g' -e 's/Fl \([a-z]\)/-\1/g' "$1"
	fi
}

linter=none
for l in mandoc groff man; do have $l && { linter=$l; break; }; done
[ $linter = none ] && echo "check-docs: no mandoc, groff or man: lint skipped"

for page in "$man"/*.[1-9]; do
	[ -f "$page" ] || continue
	name=${page##*/}
	if [ $linter != none ]; then
		out=$(lint "$page")
		if [ -z "$out" ]; then pass; else fail "$name: lint ($linter):"; echo "$out" | head -20; fi
	fi
	# Every cited pawnkit page (ours, or a command's) must exist.
	missing=
	for ref in $(sed -n 's/^\.Xr \([^ ]*\) \([1-9]\).*/\1.\2/p' "$page"); do
		case $ref in
		pawnkit-*) [ -f "$man/$ref" ] || missing="$missing $ref" ;;
		*) [ -x "$BIN/${ref%.*}" ] && [ ! -f "$man/$ref" ] && missing="$missing $ref" ;;
		esac
	done
	if [ -z "$missing" ]; then pass; else fail "$name: cites missing pages:$missing"; fi
done

# ------------------------------------------------------------ completions

for f in "$comp"/bash/*; do
	[ -f "$f" ] || continue
	if bash -n "$f" 2>"$work/err"; then pass; else fail "bash -n ${f#$root/}:"; cat "$work/err"; fi
done
for sh in zsh fish; do
	if ! have $sh; then
		echo "check-docs: $sh not installed: $sh -n skipped"
		continue
	fi
	for f in "$comp"/$sh/* "$comp"/$sh/functions/*; do
		[ -f "$f" ] || continue
		if $sh -n "$f" 2>"$work/err"; then pass; else fail "$sh -n ${f#$root/}:"; cat "$work/err"; fi
	done
done

# --------------------------------------------------------------- commands

# The long options of an argp --help: "  -o, --output=FILE" or "      --json".
long_options() {
	sed -n 's/^ \{2,6\}\(-[^ ,]*, \)*--\([a-z0-9][a-z0-9-]*\).*/\2/p' "$1" | sort -u
}

# Does file $2 mention option $1 the way its kind of file writes it?
mentions() {
	case $3 in
	fish) grep -Eq -- "(-l|--long-option|--long) +'?$1'?( |\$)" "$2" ;;
	*) grep -Eq -- "--$1([^a-z0-9-]|\$)" "$2" ;;
	esac
}

# The bash completion's candidates after "CMD --variant ".
bash_variant_candidates() {
	bash -c '
		. "$1"
		COMP_WORDS=("$2" --variant "")
		COMP_CWORD=2
		COMP_LINE="$2 --variant "
		COMP_POINT=${#COMP_LINE}
		fn=$(complete -p "$2" | sed "s/.*-F \([^ ]*\) .*/\1/")
		"$fn" "$2" "" --variant
		printf "%s\n" "${COMPREPLY[@]}"
	' sh "$1" "$2" 2>/dev/null
}

ncommands=0
for exe in "$BIN"/*; do
	[ -f "$exe" ] && [ -x "$exe" ] || continue
	cmd=${exe##*/}
	ncommands=$((ncommands + 1))
	page="$man/$cmd.1"
	files="$page:man $comp/bash/$cmd:bash $comp/zsh/_$cmd:zsh $comp/fish/$cmd.fish:fish"
	for entry in $files; do
		f=${entry%:*}
		if [ -f "$f" ]; then pass; else fail "$cmd: no ${f#$root/}"; fi
	done

	"$exe" --help >"$work/help" 2>&1
	long_options "$work/help" >"$work/opts"
	if [ -s "$work/opts" ]; then pass; else
		fail "$cmd: no long options found in '$cmd --help'"
		continue
	fi
	[ -f "$page" ] && render "$page" >"$work/page"

	for entry in $files; do
		f=${entry%:*} kind=${entry##*:}
		[ -f "$f" ] || continue
		[ "$kind" = man ] && f="$work/page"
		absent=
		for opt in $(cat "$work/opts"); do
			mentions "$opt" "$f" "$kind" || absent="$absent --$opt"
		done
		shown=${entry%:*}
		if [ -z "$absent" ]; then pass; else fail "$cmd: ${shown#$root/}: options missing:$absent"; fi
	done

	# Variant ids: from the command's own error message for an unknown one.
	grep -qx variant "$work/opts" || continue
	ids=$("$exe" --variant=/none/ 2>&1 </dev/null |
	      sed -n 's/.*(known: \(.*\)).*/\1/p' | tr -d ',')
	if [ -z "$ids" ]; then
		fail "$cmd: '--variant=/none/' does not list the known variants"
		continue
	fi
	pass
	for entry in "$man/pawnkit-variants.7:man" $files; do
		f=${entry%:*} kind=${entry##*:}
		[ -f "$f" ] || continue
		# A completion may take the list from the helper the completions
		# share: then the helper is what must name every variant.
		case $kind in
		zsh) grep -q '_pawnkit_variants' "$f" && f=$comp/zsh/_pawnkit_variants ;;
		fish) grep -q '__pawnkit_variants' "$f" &&
			f=$comp/fish/functions/__pawnkit_variants.fish ;;
		esac
		absent=
		for id in $ids; do
			grep -Eq "(^|[^a-z0-9-])$id([^a-z0-9-]|\$)" "$f" || absent="$absent $id"
		done
		if [ -z "$absent" ]; then pass; else fail "$cmd: ${f#$root/}: variant ids missing:$absent"; fi
	done
	if [ -f "$comp/bash/$cmd" ]; then
		got=$(bash_variant_candidates "$comp/bash/$cmd" "$cmd" | sort | tr '\n' ' ')
		want=$(printf '%s\n' $ids | sort | tr '\n' ' ')
		if [ "$got" = "$want" ]; then pass; else
			fail "$cmd: bash completion after --variant: got '$got', expected '$want'"
		fi
	fi
done
[ $ncommands -gt 0 ] || fail "no commands in $BIN"

echo "docs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
