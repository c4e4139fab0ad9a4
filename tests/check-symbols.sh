#!/bin/sh
# Every global symbol a library archive defines is part of its interface
# or marked as its own: declared in one of the library's public headers,
# or named with the library's private prefix.  A helper exported under a
# plain name (add_if_legal, line_bb) would otherwise clash, at link time,
# with any program or other library that uses the name.
#
#   sh tests/check-symbols.sh [ARCHIVE...]
#
# checks the archives given (default: every build/lib*.a), each by its
# row of the table below, and fails (exit 1) naming each symbol that is
# neither.  tests/symbols-pending.txt (one symbol a line, '#' comments)
# lists the symbols still to be renamed in code that is being reworked
# elsewhere: those are reported as pending, not as faults; the list is
# to be emptied.  SYMBOLS_PENDING=FILE reads another list (/dev/null:
# none).
set -u
export LC_ALL=C	# one collation for sort and comm
top=$(cd "$(dirname "$0")/.." && pwd)
pending=${SYMBOLS_PENDING:-$top/tests/symbols-pending.txt}

# archive name (libNAME.a), private prefix, public headers (globs from the
# top of the tree; a header whose first line calls it private is left
# out: libparse/pgn_lex.h).  A new library is a new row.
table() {
	cat <<'EOF'
parse	lp_		libparse/*.h
rules	lr_		librules/rules.h librules/variant.h
formats	fmt_		formats/formats.h
stats	st_		stats/stats.h
run	rp_		run/run.h
EOF
}

# The identifiers a header declares at file scope: a name followed by
# '(' (a function), and in an "extern" declaration a name followed by
# '[', ',', '=' or the end (an object).  Comments, strings, preprocessor
# lines, __attribute__((...)) and everything between braces (struct
# members, inline functions' bodies) are not looked at, so a name in a
# comment or a call does not count as declared.
declared() {
	awk '
	function cut_attributes(s,   i, j, d, c) {
		while ((i = index(s, "__attribute__")) > 0) {
			d = 0
			for (j = i + 13; j <= length(s); j++) {
				c = substr(s, j, 1)
				if (c == "(") d++
				else if (c == ")" && --d == 0) break
			}
			s = substr(s, 1, i - 1) " " substr(s, j + 1)
		}
		return s
	}
	function names(st,   s, id) {
		s = st
		while (match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
			id = substr(s, RSTART, RLENGTH)
			sub(/[ \t]*\($/, "", id)
			print id
			s = substr(s, RSTART + RLENGTH)
		}
		if (st !~ /^[ \t]*extern[ \t]/)
			return
		s = st " ;"
		while (match(s, /[A-Za-z_][A-Za-z0-9_]*[ \t]*[[,=;]/)) {
			id = substr(s, RSTART, RLENGTH)
			sub(/[ \t]*[[,=;]$/, "", id)
			print id
			s = substr(s, RSTART + RLENGTH)
		}
	}
	FNR == 1 { cont = 0 }
	{
		line = $0
		if (!comment && (cont || line ~ /^[ \t]*#/)) {
			cont = line ~ /\\$/
			next
		}
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			two = substr(line, i, 2)
			if (comment) {
				if (two == "*/") { comment = 0; i++ }
			} else if (quote != "") {
				if (c == "\\") i++
				else if (c == quote) quote = ""
			} else if (two == "/*") {
				comment = 1; i++
			} else if (two == "//") {
				break
			} else if (c == "\"" || c == "\047") {
				quote = c
			} else if (c == "{") {
				if (depth++ == 0) text = text ";"
			} else if (c == "}") {
				depth--
			} else if (depth == 0) {
				text = text c
			}
		}
		text = text " "
	}
	END {
		n = split(cut_attributes(text), statements, ";")
		for (k = 1; k <= n; k++)
			names(statements[k])
	}' "$@" | sort -u
}

# The public headers of a table row, private ones left out.
public_headers() {
	for pattern in $1; do
		for h in "$top"/$pattern; do
			[ -f "$h" ] || continue
			head -n 1 "$h" | grep -qi private && continue
			printf '%s\n' "$h"
		done
	done
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
awk '!/^[[:space:]]*(#|$)/ { print $1 }' "$pending" 2>/dev/null |
	sort -u >"$work/pending"
: >"$work/pending-used"

every=false
[ $# -gt 0 ] || { every=true; set -- "$top"/build/lib*.a; }
status=0
for archive in "$@"; do
	if [ ! -f "$archive" ]; then
		echo "check-symbols: $archive: no such archive" >&2
		status=1
		continue
	fi
	name=${archive##*/lib}
	name=${name%.a}
	row=$(table | awk -v n="$name" '$1 == n')
	if [ -z "$row" ]; then
		echo "check-symbols: lib$name.a: no row in the table of tests/check-symbols.sh" >&2
		status=1
		continue
	fi
	prefix=$(printf '%s\n' "$row" | awk '{ print $2 }')
	patterns=$(printf '%s\n' "$row" |
		awk '{ for (i = 3; i <= NF; i++) printf "%s%s", $i, i < NF ? " " : "" }')
	headers=$(public_headers "$patterns")
	# shellcheck disable=SC2086
	{ [ -n "$headers" ] && declared $headers; } >"$work/declared"
	nm -g --defined-only "$archive" | awk 'NF >= 3 { print $3 }' |
		grep -v '^__' | sort -u >"$work/defined"
	total=$(wc -l <"$work/defined")
	# Neither prefixed nor declared, then whether pending.
	grep -v "^$prefix" "$work/defined" | comm -23 - "$work/declared" >"$work/open"
	comm -12 "$work/open" "$work/pending" >"$work/held"
	comm -23 "$work/open" "$work/pending" >"$work/bad"
	cat "$work/held" >>"$work/pending-used"
	nbad=$(wc -l <"$work/bad")
	nheld=$(wc -l <"$work/held")
	echo "check-symbols: lib$name.a: $total global symbols, $nbad neither declared nor $prefix*, $nheld pending"
	while read -r sym; do
		echo "  lib$name.a: $sym: not in $patterns, not $prefix*" >&2
	done <"$work/bad"
	[ "$nbad" -eq 0 ] || status=1
done
# A pending symbol that no longer needs to be: the list is to shrink
# (said when every archive was checked).
$every || exit $status
sort -u "$work/pending-used" | comm -13 - "$work/pending" >"$work/stale"
while read -r sym; do
	echo "check-symbols: $sym is listed in ${pending#"$top"/} but no longer pending"
done <"$work/stale"
exit $status
