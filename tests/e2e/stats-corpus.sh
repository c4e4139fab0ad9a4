#!/bin/sh
# game-stats over the OTB corpus (../shared/data/otb/otb-players.pgn.xz),
# cross-checked against figures found without it:
#   - results against a plain count of [Result] tags (less those of the
#     games pgn-validate rejects), invalid games against pgn-validate;
#   - plies, and the length of every game, against pgn-extract's replay
#     (--plycount) of the valid games; [ECO] counts against grep;
#   - --jobs 1 against --jobs 2 (report, diagnostics, partial);
#   - the whole file against pieces counted apart and merged, in CSV,
#     JSON and as partials, grouped by Year;
#   - --tags-only: its results against the full report's plus those of
#     the invalid games, every game and [ECO] against grep, --jobs 1
#     against 2, the whole against merged pieces.
#   sh tests/e2e/stats-corpus.sh [BIN_DIR] [--full]
# Without --full the first $STATS_GAMES games (default 80000) are used, so
# that make check stays within a minute; --full reads all 403033.  Skips
# (status 0) without the shared data.  Prints one line per failure and
# "stats-corpus: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
full=false
bin=$root/build/bin
for arg in "$@"; do
	case $arg in
	--full) full=true ;;
	*) bin=$arg ;;
	esac
done
BIN=$(cd "$bin" 2>/dev/null && pwd) || {
	echo "stats-corpus: no bin directory '$bin'" >&2
	exit 2
}
xz=$root/../shared/data/otb/otb-players.pgn.xz
if [ ! -f "$xz" ] || ! command -v xz >/dev/null 2>&1; then
	echo "stats-corpus: skipped (no $xz or no xz)"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
passed=0 failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
# same WHAT A B: the two files are equal.
same() {
	if cmp -s "$2" "$3"; then pass; else
		fail "$1 differ:"
		diff "$2" "$3" | head -10
	fi
}
# equal WHAT WANT GOT
equal() {
	if [ "$2" = "$3" ]; then pass; else fail "$1: expected $2, got $3"; fi
}
GS=$BIN/game-stats

# ------------------------------------------------------------------ corpus

if $full; then
	xz -dc "$xz" >otb.pgn
else
	# Whole games: stop before the game that would be one too many.
	xz -dc "$xz" | awk -v max="${STATS_GAMES:-80000}" '
		/^\[Event / { if (++n > max) exit }
		{ print }' >otb.pgn
fi
games=$(grep -ac '^\[Result ' otb.pgn)
echo "stats-corpus: $(wc -c <otb.pgn) bytes, $games games"

start=$(date +%s)
# One report serves every check: all rows (-t 0), grouped by year.
"$GS" --jobs 1 -t 0 -g Year -f csv otb.pgn >one.csv 2>one.err
"$GS" --jobs 2 -t 0 -g Year -f csv otb.pgn >two.csv 2>two.err
echo "stats-corpus: game-stats --jobs 1 and 2 in $(($(date +%s) - start)) s"
# field SECTION KEY FIELD: a value of the CSV report.
field() {
	awk -F, -v s="$1" -v k="$2" -v f="$3" \
		'$1 == s && $2 == k && $3 == f { print $4 }' one.csv
}

# ------------------------------------------------ results and validity

"$BIN/pgn-validate" -q -o good.pgn --reject bad.pgn otb.pgn
invalid=$(grep -ac '^\[Result ' bad.pgn)
equal "games" "$games" "$(field summary '' games)"
equal "invalid games (pgn-validate)" "$invalid" "$(field summary '' invalid)"
equal "valid games (pgn-validate)" "$(grep -ac '^\[Result ' good.pgn)" \
	"$(field summary '' valid)"
for r in 1-0 0-1 1/2-1/2 '*'; do
	all=$(grep -acF "[Result \"$r\"]" otb.pgn)
	rejected=$(grep -acF "[Result \"$r\"]" bad.pgn)
	equal "[Result \"$r\"] tags" "$((all - rejected))" \
		"$(field results "$r" games)"
done
equal "results invalid" "$invalid" "$(field results invalid games)"
# Every rejected game is reported, once, with its file and line.
equal "invalid games reported" "$invalid" \
	"$(grep -c '^otb\.pgn:[0-9]*:[0-9]*: error: ' one.err)"

# ------------------------------------------------- plies against a replay

pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
if [ -x "$pe" ]; then
	# pgn-extract's own replay of the valid games: one PlyCount a game.
	"$pe" -s --plycount good.pgn 2>/dev/null |
		awk -F'"' '/^\[Event / { if (n) print p; n++; p = "" }
			   /^\[PlyCount / { p = $2 }
			   END { if (n) print p }' >pe-plies
	equal "games replayed by pgn-extract" "$(field summary '' valid)" \
		"$(wc -l <pe-plies | tr -d ' ')"
	equal "plies (pgn-extract)" "$(awk '{ s += $1 } END { print s }' pe-plies)" \
		"$(field summary '' plies)"
	sort -n pe-plies | uniq -c | awk '{ print $2 "," $1 }' >pe-lengths
	awk -F, '$1 == "lengths" && $3 == "games" { print $2 "," $4 }' one.csv \
		>gs-lengths
	same "game lengths (pgn-extract, game-stats)" pe-lengths gs-lengths
else
	echo "stats-corpus: no pgn-extract: plies not cross-checked"
fi

# ECO tags of the valid games, by grep.
grep -a '^\[ECO "' good.pgn | sed 's/^\[ECO "\(.*\)"\]\r*$/\1/' |
	grep -vx -e '' -e '?' | sort | uniq -c | awk '{ print $2 "," $1 }' | sort >grep-eco
awk -F, '$1 == "eco" && $3 == "games" { print $2 "," $4 }' one.csv |
	sort >gs-eco
same "[ECO] counts (grep, game-stats)" grep-eco gs-eco

# ----------------------------------------------------------- --jobs 1, 2

same "--jobs 1 and 2 reports" one.csv two.csv
same "--jobs 1 and 2 diagnostics" one.err two.err
"$GS" -q --jobs 1 --partial -g Year otb.pgn >one.part
"$GS" -q --jobs 2 --partial -g Year otb.pgn >two.part
same "--jobs 1 and 2 partials" one.part two.part

# ---------------------------------------------- whole, and split + merged

awk -v n="$games" '/^\[Event / { k++ } { print > sprintf("piece%d.pgn", int(k * 5 / (n + 1))) }' otb.pgn
for p in piece*.pgn; do "$GS" -q --partial -g Year "$p" >"$p.part"; done
"$GS" --merge --partial piece*.part >merged.part
# The same but for the pieces counted (5, not 1) and the checksum over them.
grep -v '^pieces\|^checksum' one.part >one.lines
grep -v '^pieces\|^checksum' merged.part >merged.lines
same "whole and merged partials" one.lines merged.lines
equal "pieces merged" "pieces	5" "$(grep '^pieces' merged.part)"
"$GS" --merge --expect-pieces 5 --expect-games "$games" -f csv -t 0 \
	piece*.part >merged.csv
same "whole and merged reports (CSV)" one.csv merged.csv
# Lines in any order (reversed here) merge the same.
cat piece*.part | sort -r | "$GS" --merge -f json >shuffled.json
"$GS" --merge -f json one.part >whole.json
same "whole and merged reports (JSON, lines out of order)" whole.json shuffled.json

# ------------------------------------------------------------ --tags-only

start=$(date +%s)
"$GS" --tags-only --jobs 1 -t 0 -g Year -f csv otb.pgn >tags.csv 2>tags.err
"$GS" --tags-only --jobs 2 -t 0 -g Year -f csv otb.pgn >tags2.csv 2>tags2.err
echo "stats-corpus: game-stats --tags-only --jobs 1 and 2 in $(($(date +%s) - start)) s"
tfield() {
	awk -F, -v s="$1" -v k="$2" -v f="$3" \
		'$1 == s && $2 == k && $3 == f { print $4 }' tags.csv
}
equal "tags only: games" "$games" "$(tfield summary '' games)"
equal "tags only: mode" tags-only "$(tfield summary '' mode)"
# Nothing is replayed: the invalid games count with their [Result].
for r in 1-0 0-1 1/2-1/2 '*'; do
	rejected=$(grep -acF "[Result \"$r\"]" bad.pgn)
	equal "tags only: [Result \"$r\"] = full report + invalid games" \
		"$(($(field results "$r" games) + rejected))" \
		"$(tfield results "$r" games)"
done
equal "tags only: no invalid row" "" "$(tfield results invalid games)"
equal "tags only: group games" "$games" \
	"$(awk -F, '$1 == "groups" && $3 == "games" { s += $4 } END { print s }' tags.csv)"
grep -a '^\[ECO "' otb.pgn | sed 's/^\[ECO "\(.*\)"\]\r*$/\1/' |
	grep -vx -e '' -e '?' | sort | uniq -c | awk '{ print $2 "," $1 }' | sort >grep-eco-all
awk -F, '$1 == "eco" && $3 == "games" { print $2 "," $4 }' tags.csv |
	sort >tags-eco
same "tags only: [ECO] counts of all games (grep, game-stats)" grep-eco-all tags-eco
same "tags only: --jobs 1 and 2 reports" tags.csv tags2.csv
same "tags only: --jobs 1 and 2 diagnostics" tags.err tags2.err
for p in piece*.pgn; do "$GS" -q --tags-only --partial -g Year "$p" >"$p.tags"; done
"$GS" --merge -f csv -t 0 piece*.tags >tags-merged.csv
same "tags only: whole and merged reports (CSV)" tags.csv tags-merged.csv

echo "stats-corpus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
