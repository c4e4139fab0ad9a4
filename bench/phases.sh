#!/bin/sh
# Where the instructions go, by phase: callgrind's instruction counts
# (steady on a noisy machine, unlike seconds) of each command on a slice
# of games, each function's own cost (inlined code counted where its
# source lives) summed into reading (the reader and the run), tags,
# movetext, SAN, rules, output (writers, notation, statistics), the C
# library's calls (copies, allocation, the kernel's reads not counted)
# and start-up (attack tables).
#   bench/phases.sh BIN_DIR FILE.pgn [COMMAND...]
# COMMAND: a command line without the file, quoted (default: the usual
# set).  Prints a Markdown table: millions of instructions per phase.
set -eu
bin=$(cd "$1" && pwd)
file=$2
shift 2
command -v valgrind >/dev/null || { echo "phases: no valgrind" >&2; exit 2; }
[ $# -gt 0 ] || set -- "pgn-validate -q" "pgn-validate -q --full-replay" \
	"game-stats -q --tags-only" "pgn-convert -n uci" "pgn-convert -f json"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT INT TERM

# The phase of one line of callgrind_annotate: "COUNT FILE:FUNCTION ...".
phase_awk='
function phase(loc, fn) {
	if (loc ~ /attacks\.c|init_magic|attacks_init/) return "start-up"
	if (loc ~ /libparse\/tags\.c/ || fn ~ /lp_lex_tag_section/) return "tags"
	if (loc ~ /san_parse\.c|grammar\.h/) return "SAN"
	if (loc ~ /movetext\.c|pgn_plain\.h|pgn_lex\.h/ || fn ~ /scan_plain|scan_/) return "movetext"
	if (loc ~ /formats\/|notation\.c|stats\/|fwrite|vfprintf|printf|putc|IO_/ ||
	    fn ~ /fen_write|_to_fen|move_write/) return "output"
	if (loc ~ /librules\//) return "rules"
	if (loc ~ /libparse\/|run\/|cmd\//) return "reading"
	return "libc"
}
$1 ~ /^[0-9,]+$/ && $2 ~ /:/ {
	n = $1; gsub(",", "", n)
	split($2, part, ":")
	sum[phase(part[1], part[2])] += n
	total += n
}
END {
	printf "| %s | %.0f |", cmd, total / 1e6
	split("reading tags movetext SAN rules output libc start-up", order, " ")
	for (i = 1; i <= 8; i++)
		printf " %.0f |", sum[order[i]] / 1e6
	printf "\n"
}'

echo "| command | total | reading | tags | movetext | SAN | rules | output | libc | start-up |"
echo "|---|---|---|---|---|---|---|---|---|---|"
i=0
for c in "$@"; do
	i=$((i + 1))
	# shellcheck disable=SC2086 # the command's words
	valgrind --tool=callgrind --callgrind-out-file="$out/cg.$i" \
		"$bin"/$c "$file" >/dev/null 2>&1 || true
	callgrind_annotate --threshold=100 --show-percs=no "$out/cg.$i" 2>/dev/null |
		awk -v cmd="$c" "$phase_awk"
done
