# fish completion for pgn-convert(1).

complete -c pgn-convert -s f -l format -x -d 'Output format' \
    -a 'pgn\t"PGN export format (default)" json\t"one JSON document" ndjson\t"one JSON game per line" fen\t"one FEN per position" epd\t"one EPD per position" uci-line\t"main line as UCI moves"'
complete -c pgn-convert -s n -l notation -x -d 'Notation of the moves in PGN output' \
    -a 'san\t"standard algebraic (default)" lan\t"long algebraic" uci\t"coordinates" figurine\t"SAN with chess glyphs"'
complete -c pgn-convert -l from -x -d 'Input format' -a 'pgn\t"PGN (default)" json\t"JSON or NDJSON"'
complete -c pgn-convert -s o -l output -r -F -d 'Write to FILE instead of standard output'
complete -c pgn-convert -s r -l reject -r -F -d 'Write the games that fail to FILE'
complete -c pgn-convert -l tags -x -d 'Tags to write' -a 'all\t"every tag (default)" roster\t"Seven Tag Roster" none\t"no tags"'
complete -c pgn-convert -l width -x -d 'PGN lines shorter than N characters (0: no wrapping)' -a '0 72 80 100'
complete -c pgn-convert -l strip-comments -d 'Leave out comments'
complete -c pgn-convert -l strip-variations -d 'Leave out variations'
complete -c pgn-convert -l strip-nags -d 'Leave out NAGs'
complete -c pgn-convert -l strip-clocks -d 'Leave out [%clk] and [%emt] commands'
complete -c pgn-convert -l fields -x -d 'json, ndjson: the members of each move (comma-separated)' \
    -a '(__fish_append , san lan uci fen)'
complete -c pgn-convert -l mainline -d 'fen, epd: main-line positions only'
complete -c pgn-convert -l shredder-fen -d "fen, epd: castling rights as their rooks' files (HAha)"
# The tag names; the regular expression follows the '=' (no space is added).
complete -c pgn-convert -s m -l match -x -d 'Only games whose tags meet RULE: TAG=REGEX, TAG!=REGEX, TAG>=VALUE...' \
    -a 'Event= Site= Date= Round= White= Black= Result= WhiteElo= BlackElo= ECO= Opening= Variant= TimeControl= Termination= Annotator= PlyCount= SetUp= FEN='
complete -c pgn-convert -l variant -x -d 'Variant of games without a [Variant] tag' -a '(__pawnkit_variants)'
complete -c pgn-convert -l force-variant -d 'Apply --variant to every game, whatever its tag'
complete -c pgn-convert -s s -l strict -d 'Treat every warning as an error'
complete -c pgn-convert -s J -l json -d 'Diagnostics as JSON lines'
complete -c pgn-convert -s w -l no-warnings -d 'Do not print warnings'
complete -c pgn-convert -s q -l quiet -d 'Print no diagnostics'
complete -c pgn-convert -s j -l jobs -x -d 'Convert games on N threads (0: one per processor)'
complete -c pgn-convert -l progress -d 'Show the progress line even when not on a terminal'
complete -c pgn-convert -l no-progress -d 'Never show the progress line'
complete -c pgn-convert -l full-replay -d 'Replay every game from its tree, never by the fast path'
complete -c pgn-convert -s '?' -l help -d 'List the options'
complete -c pgn-convert -l usage -d 'Print a short usage message'
complete -c pgn-convert -s V -l version -d 'Print the version'
# PGN and JSON files first; other files are still offered.
complete -c pgn-convert -k -a '(__fish_complete_suffix .pgn; __fish_complete_suffix .json; __fish_complete_suffix .ndjson)'
complete -c pgn-convert -l or -d 'Join the next --match to the one before: either may hold'
complete -c pgn-convert -l games -x -d 'Only the games of these numbers in each input, as 10-20,35,100-'
complete -c pgn-convert -s W -l warning -x -d 'Warnings of CODE on, off (no-CODE) or errors (error=CODE)' -a '(__pawnkit_warning_codes)'
complete -c pgn-convert -l diagnostics -r -F -d 'Write the diagnostics to FILE (- is standard output)'
# Where a piece stands in its file (pgn-split's manifest).
complete -c pgn-convert -l first-line -x -d 'The piece starts at line N of its file'
complete -c pgn-convert -l first-column -x -d 'The piece starts at column N of its first line'
complete -c pgn-convert -l first-game -x -d 'The piece starts at game N of its file'
complete -c pgn-convert -l label -x -d 'Name the input NAME in diagnostics'
complete -c pgn-convert -l range -x -d 'Only the games that start in bytes START:END of the file'
