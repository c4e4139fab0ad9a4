#!/bin/sh
# Seed corpora of the fuzz targets, from the project's own test inputs and
# the shared real files when present (../shared/data; nothing is copied
# into the project): corpus.sh OUT [BIN].  OUT/<target>/ gets the seeds of
# each target; BIN (built commands) adds JSON seeds for fuzz_json_read.
# Big files are cut into games (at "[Event ") and pieces over 16 KB left
# out, so that a run reaches its loop quickly.
set -eu
out=$1
bin=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
shared=$root/../shared/data
rm -rf "$out"
for t in pgn layout fen san svg json match; do mkdir -p "$out/$t"; done
max=16384

pgn_sources() {
	find "$root/tests/data" "$root/tests/e2e/cases" "$root/tests/hostile/cases" \
		-type f \( -name '*.pgn' -o -name 'in*' \) -size -2M 2>/dev/null || true
	[ ! -d "$shared" ] || find "$shared" -type f \( -name '*.pgn' -o -name '*.txt' \) \
		-size -3M 2>/dev/null || true
}

# Whole small files (several games each) and the first 30 games of every
# file, each as one seed.
n=0
pgn_sources | sort | while read -r f; do
	n=$((n + 1))
	[ "$(wc -c <"$f")" -le $max ] && cp "$f" "$out/pgn/file-$n"
	csplit -s -z -f "$out/pgn/game-$n-" -n 4 "$f" '/^\[Event /' '{*}' 2>/dev/null || true
	for g in "$out/pgn/game-$n-"*; do
		[ -f "$g" ] || continue
		case ${g##*-} in 00[0-2]?) ;; *) rm -f "$g"; continue ;; esac
		[ "$(wc -c <"$g")" -le $max ] || rm -f "$g"
	done
done

# What the test files hold little of, and the reader and replay treat
# specially: byte order marks opening lines, CR and CRLF mixed, lines of
# a CR alone (old Mac files: comments, escapes, tags after one), move
# numbers that disagree, the 'ep' suffix, [PawnTypes], blanks alone, NUL.
bom='\357\273\277'
g='[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n'
seed() { printf "$2" >"$out/pgn/special-$1"; }
seed bom-lines "$bom$g$bom\n$bom$bom[Event \"y\"]\n1. d4\n$bom[Event \"z\"]\n$bom"
seed bom-after "$g\n$bom$bom\n$bom"
seed crlf-mixed '[Event "x"]\r\n[Site "y"]\r\r\n\n1. e4\r e5\n\r2. Nf3 {c\r\nd} *\r\n\r[Event "z"]\r1. d4 *\n'
seed cr-lines '[Event "x"]\r[Site "y"]\r\r%%e\r1. e4 ; c\re5 {d\r[Event "q"]} *\r\r[Event "z"]\r\r1. d4\r[Event "w"]\r\r\357\273\277[Site "v"]\r1. c4 *\r'
seed numbers '1. e4 e5 3. Nf3 Nc6 2. Bc4 (4. Bb5 9... a6) 5... Bc5 4 O-O *\n'
seed numbers-huge '1. e4 4294967297... e5 99999999999. Nf3 *\n'
seed numbers-fen '[SetUp "1"]\n[FEN "8/8/8/8/8/4k3/8/4K3 b - - 0 40"]\n\n40... Kd3 41. Kd1 40... Ke3 *\n'
seed ep '1. e4 a6 2. e5 d5 3. e5d6ep h6 4. b4 a5 5. b5 c5 6. bxc6e.p. *\n'
seed ep-lan '1. e2e4 a7a6 2. e4e5 d7d5 3. e5xd6ep e7e6 4. d6d7ep *\n'
seed pawntypes '[Variant "Random Pawns Chess"]\n[PawnTypes "a2=6 b2=MCM c2=1 d2=20 e2=6 f2=6 g2=6 h2=6 a7=6 b7=6 c7=6 d7=6 e7=6 f7=6 g7=6 h7=XOX"]\n\n1. e4 d5 2. exd5 *\n'
seed pawntypes-fen '[Variant "Random Pawns Chess"]\n[FEN "4k3/p{CMC}7/8/8/8/8/P{MCM}7/4K3 w - - 0 1"]\n[PawnTypes "a2=MCC a7=CMC e4=6"]\n\n1. Kf2 *\n'
seed pawntypes-std '[PawnTypes "a2=6"]\n\n1. e4 *\n'
seed blanks ' \t\r\n\n\v\f \n\032\n'
seed nul '\n \000\n1. e4\000 *\n'
# The input layer under file readers: compressed games, by each tool
# present, and UTF-16 in both orders, so that its decoders are fuzzed.
seed plain "$g$g"
for z in gzip xz bzip2 zstd; do
	! command -v $z >/dev/null ||
		$z -c "$out/pgn/special-plain" >"$out/pgn/special-$z"
done
for order in UTF-16LE UTF-16BE; do
	{ printf '\357\273\277'; cat "$out/pgn/special-plain"; } |
		iconv -f UTF-8 -t $order >"$out/pgn/special-$order" 2>/dev/null ||
		rm -f "$out/pgn/special-$order"
done

# The layouts that were once quadratic, as whole files for the PGN
# targets (up to the size they read): games on one line, a tag section
# of distinct tags each after a blank line, CR line ends alone, a huge
# comment, a huge tag value, comments and escape lines by the thousand.
games=$root/tests/data/demo/classics.pgn
lay() { head -c $max >"$out/pgn/layout-$1"; }
for i in 1 2 3 4 5 6 7 8; do cat "$games"; done | tr '\r\n' '  ' | lay one-line
for i in 1 2 3 4 5 6 7 8; do cat "$games"; done | tr '\n' '\r' | lay cr-only
awk 'BEGIN { for (i = 0; i < 1200; i++) printf "[T%d \"v\"]\n\n", i; print "1. e4 *" }' | lay blank-tags
awk 'BEGIN { for (i = 0; i < 1200; i++) printf "[T%d \"v\"]\r\r", i; print "1. e4 *" }' | lay blank-tags-cr
awk 'BEGIN { for (i = 0; i < 1200; i++) printf "[T%d \"v\"] ", i; print "1. e4 *" }' | lay tags-one-line
awk 'BEGIN { printf "[Event \"c\"]\n\n1. e4 {"; for (i = 0; i < 400; i++)
	printf "[Event \"x\"]\n%s", i % 2 ? "\n" : "words and words "; print "} e5 *" }' | lay comment
awk 'BEGIN { printf "[Event \""; for (i = 0; i < 2000; i++) printf "value "; print "\"]\n\n*" }' | lay tag-value
awk 'BEGIN { for (i = 0; i < 1500; i++) printf "%% escape %d\n; comment\n", i; print "1. e4 *" }' | lay escapes
# For fuzz_layouts: the layout byte, then the text it repeats.
unit() { { printf "\\$(printf %o $1)"; printf "$2"; } >"$out/layout/$3"; }
{ printf '\000'; head -c 4000 "$games"; } >"$out/layout/game"
{ printf '\001'; head -c 4000 "$games"; } >"$out/layout/one-line"
{ printf '\002'; head -c 4000 "$games"; } >"$out/layout/cr-only"
unit 3 '\n' blank-tags
unit 3 '\r\n' blank-tags-crlf
unit 3 '\r' blank-tags-cr
unit 3 '{c}\n' tags-comments
unit 4 ' ' tags-one-line
unit 5 '[Event "x"]\nwords ' comment-tags
unit 5 '\r\n' comment-lines
unit 6 'value ' tag-value
unit 7 'e4 e5 ' nested
unit 0 '[Event "x"]\n\n1. e4 e5 *\n\n' games
unit 0 '%% escape\n; comment\n' escapes

# FEN: the perft positions, the render cases, the [FEN] tags seen.
{
	cat "$root"/tests/perft/*.epd | grep -v '^#' | sed -e 's/ ;.*//' -e 's/^[a-z-]* //'
	cat "$root"/tests/render/cases/*.in 2>/dev/null | grep -v '^#' || true
	cat "$out"/pgn/* | grep -a '^\[FEN "' | sed -e 's/^\[FEN "//' -e 's/".*//' || true
} | grep -a '/' | sort -u | head -400 >"$out/fens"
i=0
while read -r fen; do
	i=$((i + 1))
	printf '%s\n' "$fen" >"$out/fen/fen-$i"
	# style byte, FEN, marks and caption
	printf "\\$(printf %o $((i * 37 % 256)))%s\n[%%csl Ge4,Rd5][%%cal Ye2e4] game $i\n" \
		"$fen" >"$out/svg/svg-$i"
done <"$out/fens"
rm -f "$out/fens"

# Move tokens: those of the test games, the position byte cycling.
cat "$root"/tests/data/variants/*/*.pgn "$root"/tests/data/demo/*.pgn |
	grep -av '^\[' | tr -s ' \t\r\n' '\n\n\n\n' |
	grep -aE '^[a-zA-Z0-9][-a-zA-Z0-9x:=+#^&~()@/.]*$' | grep -avE '^[0-9]+\.' |
	sort -u | head -400 >"$out/tokens"
printf '%s\n' Te4 Te2-e4 Te2e4 Txd5 Te4xd5 Te8=Q Te7e8q e5^ e3-e5^ e3e5^ \
	e8^=Q e6e8^q 'e4(p)' 'e5-e4(p)' 'e5e4(p)' 'Nf3&' 'Ng1-f3&' 'g1f3&' \
	NxBe5 Nf3xBe5 f3e5xB c3~ de3 d2-e3 d2e3 d4e3x O-O 0-0-0 exd6e.p. \
	e5d6ep e5xd6ep e5-d6ep exd6ep -- Z0 0000 @@@@ Qd7d6 E4 >>"$out/tokens"
i=0
while read -r tok; do
	i=$((i + 1))
	printf "\\$(printf %o $((i % 28)))%s" "$tok" >"$out/san/san-$i"
done <"$out/tokens"
rm -f "$out/tokens"

# JSON: the test games as pgn-convert writes them.
if [ -n "$bin" ] && [ -x "$bin/pgn-convert" ]; then
	i=0
	for f in "$root"/tests/data/*/*.pgn "$root"/tests/data/variants/*/*.pgn; do
		i=$((i + 1))
		"$bin/pgn-convert" -q -f json "$f" >"$out/json/json-$i" 2>/dev/null || true
		"$bin/pgn-convert" -q -f ndjson "$f" >"$out/json/ndjson-$i" 2>/dev/null || true
	done
	find "$out/json" -size +${max}c -delete
fi
# --match: a flags byte, a regex, NUL, a tag value (fuzz_match.c): the
# manual's examples, Latin-1 and UTF-8 values, regexes that backtrack
# without end, a value past the length matched, bad regexes.
match() { printf "$2" >"$out/match/match-$1"; }
match carlsen '\000Carlsen\000Carlsen, Magnus'
match utf8 '\000(?i)^m\303\274ller\000M\303\234LLER'
match latin1 '\000M.ller\000M\374ller'
match two-rules '\002\\w+, \\w+\000Nakamura, Hikaru'
match left-out '\006.\000x'
match absent '\001^$\000'
match nested '\000(a+)+$\000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'
match alternation '\000(a|aa)+$\000aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'
match optional '\000^(a?){20}a{20}$\000aaaaaaaaaaaaaaaaaaaa'
match recursion '\001(?:(?R)|a)\000'
match unclosed '\000(\000x'
match range '\000[z-a]\000x'
match bad-utf8 '\000\377\000\377'
{ printf '\000\\w*\\d\000'; head -c 5000 /dev/zero | tr '\0' a; } >"$out/match/match-long"
echo "corpus: $(ls "$out/pgn" | wc -l) pgn, $(ls "$out/layout" | wc -l) layout," \
	"$(ls "$out/fen" | wc -l) fen," \
	"$(ls "$out/san" | wc -l) san, $(ls "$out/svg" | wc -l) svg," \
	"$(ls "$out/json" | wc -l) json, $(ls "$out/match" | wc -l) match seeds"
