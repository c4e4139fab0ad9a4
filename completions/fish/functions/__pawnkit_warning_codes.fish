# fish: what pgn-validate's and pgn-convert's -W takes: each diagnostic
# code (as --json names them), its no- form and its error= form; the one
# list their completions share (fish loads it from vendor_functions.d
# when it is first called).

function __pawnkit_warning_codes --description 'pawnkit -W arguments'
    set -l codes syntax tag-syntax unterminated unbalanced no-result limit encoding fen castling-rights illegal-move ambiguous-move bad-move lenient check-mark null-move move-number mate-mark castling-dash result-form nag-glyph result roster variant setup io selection
    printf '%s\n' $codes no-$codes error=$codes
end
