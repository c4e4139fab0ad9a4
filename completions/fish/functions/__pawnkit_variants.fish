# fish: the pawnkit variant ids, with their names: the one list the
# completions of fen-moves, fen-render, game-stats, pgn-convert and
# pgn-validate share (fish loads it from vendor_functions.d when it is
# first called).

function __pawnkit_variants --description 'pawnkit variant ids, with their names'
    printf '%s\t%s\n' \
        standard 'standard chess, the default' \
        tandem 'Tandem Pawn Chess' \
        emap 'Every Man a Pawn' \
        randompawns 'Random Pawns Chess' \
        randompawns-flip 'Random Pawns Chess with flips' \
        pushpawn 'Pushpawn Chess' \
        pushpawn-4th 'Pushpawn Chess, pushes from the 4th rank only' \
        pauli 'Pauli Chess' \
        chess960 'Chess960 (Fischer Random Chess)'
end
