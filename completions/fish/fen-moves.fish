# fish completion for fen-moves(1).

# Arguments are FENs, typed or pasted: no file completion.
complete -c fen-moves -f
complete -c fen-moves -l variant -x -d 'Rules to apply (default: standard)' -a '(__pawnkit_variants)'
complete -c fen-moves -l notation -x -d 'Notation of the moves' \
    -a "(printf '%s\t%s\n' san 'standard algebraic notation, the default' lan 'long algebraic notation' uci 'coordinate notation' figurine 'SAN with chess glyphs')"
complete -c fen-moves -l perft -x -d 'Count the leaf nodes of the move tree N plies deep'
complete -c fen-moves -l divide -d 'With --perft: the count below each move, then the total'
complete -c fen-moves -l divide=stockfish -d "With --perft: as Stockfish's go perft writes it"
complete -c fen-moves -l start -d 'Use the start position of the variant'
complete -c fen-moves -l roll -x -d 'Print a Random Pawns start position rolled from SEED and exit'
complete -c fen-moves -l shredder-fen -d "With --roll: castling rights as their rooks' files (HAha)"
complete -c fen-moves -s s -l strict -d 'Treat every warning as an error'
complete -c fen-moves -s '?' -l help -d 'List the options'
complete -c fen-moves -l usage -d 'Print a short usage message'
complete -c fen-moves -s V -l version -d 'Print the version'
