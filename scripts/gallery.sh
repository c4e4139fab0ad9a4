#!/bin/sh
# make gallery: one board per variant and per drawing feature, as SVG files
# and an index.html to open in a browser and check by eye; the text
# diagrams of each variant beside its picture.
#   sh scripts/gallery.sh BIN_DIR [OUT_DIR]      (default: build/gallery)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "$1" && pwd)
OUT=${2:-$here/build/gallery}
R="$BIN/fen-render"
[ -x "$R" ] || { echo "gallery: no $R (run make first)" >&2; exit 2; }
mkdir -p "$OUT"
# Work inside OUT, so that the commands shown name the games plainly.
cd "$OUT"
rm -f ./*.svg index.html

# A short game with the annotations the renderer reads: [%cal] and [%csl].
cat >scholar.pgn <<'EOF'
[Event "Gallery"]
[White "White"]
[Black "Black"]
[Result "1-0"]

1. e4 e5 2. Qh5 {[%cal Gh5f7,Rh5e5] [%csl Yf7]} Nc6 3. Bc4
{[%cal Gc4f7]} Nf6 4. Qxf7# 1-0
EOF
# The Pushpawn seed game of pawnkit-variants(7), up to its push.
cat >push.pgn <<'EOF'
[Event "Gallery"]
[White "White"]
[Black "Black"]
[Result "*"]
[Variant "Pushpawn Chess"]

1. e4 e5 2. Nf3 d6 3. d4 e4(p) *
EOF

html_escape() {
	sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

# card ID TITLE NOTE TEXT ARGS...: ARGS make one SVG; TEXT=text also shows
# the ASCII and Unicode diagrams of the same arguments.
card() {
	id=$1 title=$2 note=$3 text=$4
	shift 4
	"$R" -f svg "$@" >$id.svg
	{
		printf '<figure>\n<img src="%s.svg" alt="%s" width="320" height="320">\n' \
			"$id" "$title"
		printf '<figcaption><b>%s</b><br>%s<br><code>fen-render -f svg' \
			"$title" "$note"
		for a in "$@"; do printf ' %s' "$a"; done | html_escape
		printf '</code></figcaption>\n'
		if [ "$text" = text ]; then
			printf '<div class="text"><pre>'
			"$R" -f ascii "$@" | html_escape
			printf '</pre><pre>'
			"$R" -f unicode "$@" | html_escape
			printf '</pre></div>\n'
		fi
		printf '</figure>\n'
	} >>cards.html
}

: >cards.html
card standard "Standard chess" "The start position: all six pieces of each side." text \
	--start
card tandem "Tandem Pawn Chess" \
	"A tandem is its pawn printed twice, slightly displaced; d6 holds a single pawn." text \
	--variant tandem 'rnbqkbnr/ttt1tttt/3p4/8/3T4/8/TTT1TTTT/RNBQKBNR w KQkq - 0 1'
card emap "Every Man a Pawn" \
	"Drawn as standard chess, which its board looks like: here the knight on e4 checks." text \
	--variant emap 'r1bqkbnr/pppp1ppp/8/8/4n3/P7/1PPKPPPP/RNBQ1BNR w kq - 1 5'
card randompawns "Random Pawns Chess" \
	"Codes as marks: arrowhead move, cross capture, arrowhead with cross both." text \
	--variant randompawns "$("$BIN/fen-moves" --roll 42)"
card randompawns-codes "Random Pawns: every mark" \
	"d4 MMM, e4 CCC, f4 OOO; c6 MCO and g6 XOX for Black (left is the h-side)." text \
	--variant randompawns \
	'4k3/8/2p{MCO}3p{XOX}1/8/3P{MMM}P{CCC}P{OOO}2/8/8/4K3 w - - 0 1'
card randompawns-flipped "Random Pawns, flipped" "The same marks from Black's side." "" \
	--variant randompawns-flip --flip \
	'4k3/8/2p{MCO}3p{XOX}1/8/3P{MMM}P{CCC}P{OOO}2/8/8/4K3 w - - 0 1'
card pushpawn "Pushpawn Chess" \
	"After 3...e4(p), the last move tinted: White's e-pawn was pushed back to e3." text \
	--pgn push.pgn --lastmove
card pauli "Pauli Chess" \
	"Two pieces on a square, side by side, White's first: e1 king and rook, e5 pawn and knight, c4 bishop and pawn." text \
	--variant pauli 'r1bqkb1r/pppp1ppp/2n5/4(Pn)3/2(Bp)5/5N2/PPPP1PPP/RNBQ(KR)3 b kq - 0 1'
card dark "Dark theme" "The same pieces on slate squares." "" \
	--theme dark --variant pauli 'r1bqkb1r/pppp1ppp/2n5/4(Pn)3/2(Bp)5/5N2/PPPP1PPP/RNBQ(KR)3 b kq - 0 1'
card flip "Flipped" "Black at the bottom; a1 top right, and the turn disc beside Black's side." text \
	--flip 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
card nocoords "No labels, 180 px" "--no-coords and --size." "" \
	--no-coords --size 180 --start
card marks "Highlights, arrows, last move" \
	"--lastmove=e2e4, --highlight Rd5, arrows in the four colours." "" \
	--lastmove=e2e4 --highlight Rd5 --arrow Gg8f6,Rd8h4,Yf8b4,Bb8c6 \
	'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
card pgn-cal "From a game: [%cal] and [%csl]" "Ply 3 of scholar.pgn, with --lastmove." "" \
	--pgn scholar.pgn --ply 3 --lastmove
card pgn-check "Check" "The final position, --check and --lastmove." "" \
	--pgn scholar.pgn --final --check --lastmove
card check-dark "Check, dark theme, flipped" "" "" \
	--pgn scholar.pgn --final --check --lastmove --theme dark --flip

cat >index.html <<'EOF'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pawnkit: fen-render gallery</title>
<style>
body { font-family: sans-serif; margin: 2em; background: #fafafa; color: #222; }
main { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 1.5em; }
figure { margin: 0; padding: 1em; background: #fff; border: 1px solid #ddd; border-radius: 6px; }
figcaption { font-size: 0.9em; margin-top: 0.5em; }
code { font-size: 0.8em; word-break: break-all; color: #555; }
.text { display: flex; flex-wrap: wrap; gap: 1em; }
pre { font-size: 11px; line-height: 1.15; background: #f3f3f3; padding: 0.5em; margin: 0.5em 0 0; }
</style>
</head>
<body>
<h1>fen-render gallery</h1>
<p>One board per variant and per drawing feature, made by <code>make gallery</code>.
Every picture is a self-contained SVG file beside this page; the text diagrams of the
same position follow it where they differ.</p>
<main>
EOF
cat cards.html >>index.html
printf '</main>\n</body>\n</html>\n' >>index.html
rm -f cards.html
echo "gallery: $(ls ./*.svg | wc -l) boards in $(pwd)/index.html"
