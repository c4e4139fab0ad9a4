# fish completion for pgn-validate(1).

complete -c pgn-validate -s o -l output -r -F -d 'Write the valid games to FILE (- is standard output)'
complete -c pgn-validate -s r -l reject -r -F -d 'Write the invalid games to FILE'
complete -c pgn-validate -s J -l json -d 'Diagnostics as JSON lines'
# The tag names; the regular expression follows the '=' (no space is added).
complete -c pgn-validate -s m -l match -x -d 'Only games whose tags meet RULE: TAG=REGEX, TAG!=REGEX, TAG>=VALUE...' \
    -a 'Event= Site= Date= Round= White= Black= Result= WhiteElo= BlackElo= ECO= Opening= Variant= TimeControl= Termination= Annotator= PlyCount= SetUp= FEN='
complete -c pgn-validate -l variant -x -d 'Variant of games without a [Variant] tag' -a '(__pawnkit_variants)'
complete -c pgn-validate -l force-variant -d 'Apply --variant to every game, whatever its tag'
complete -c pgn-validate -s s -l strict -d 'Treat every warning as an error'
complete -c pgn-validate -s w -l no-warnings -d 'Do not print warnings'
complete -c pgn-validate -s q -l quiet -d 'Print nothing; only the exit status tells'
complete -c pgn-validate -s j -l jobs -x -d 'Replay games on N threads (0: one per processor)'
complete -c pgn-validate -l progress -d 'Show the progress line even when not on a terminal'
complete -c pgn-validate -l no-progress -d 'Never show the progress line'
complete -c pgn-validate -l full-replay -d 'Replay every game from its tree, never by the fast path'
complete -c pgn-validate -s '?' -l help -d 'List the options'
complete -c pgn-validate -l usage -d 'Print a short usage message'
complete -c pgn-validate -s V -l version -d 'Print the version'
# PGN files first; other files are still offered.
complete -c pgn-validate -k -a '(__fish_complete_suffix .pgn)'
complete -c pgn-validate -l or -d 'Join the next --match to the one before: either may hold'
complete -c pgn-validate -l games -x -d 'Only the games of these numbers in each input, as 10-20,35,100-'
complete -c pgn-validate -s W -l warning -x -d 'Warnings of CODE on, off (no-CODE) or errors (error=CODE)' -a '(__pawnkit_warning_codes)'
complete -c pgn-validate -l diagnostics -r -F -d 'Write the diagnostics to FILE (- is standard output)'
# Where a piece stands in its file (pgn-split's manifest).
complete -c pgn-validate -l first-line -x -d 'The piece starts at line N of its file'
complete -c pgn-validate -l first-column -x -d 'The piece starts at column N of its first line'
complete -c pgn-validate -l first-game -x -d 'The piece starts at game N of its file'
complete -c pgn-validate -l label -x -d 'Name the input NAME in diagnostics'
complete -c pgn-validate -l range -x -d 'Only the games that start in bytes START:END of the file'
complete -c pgn-validate -l partial -d 'Write the counts as a partial summary, for --merge'
complete -c pgn-validate -l merge -d 'Add up partial summaries and print the summary'
