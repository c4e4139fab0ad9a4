# fish completion for game-stats(1).

complete -c game-stats -s f -l format -x -d 'Write the report as a table, CSV or JSON' -a 'table csv json'
complete -c game-stats -l plot -r -F -d 'Also draw the charts into FILE (SVG)'
complete -c game-stats -s t -l top -x -d 'Rows of each ranked list (0: all)'
complete -c game-stats -s n -l opening-plies -x -d 'Count the first N plies as openings'
complete -c game-stats -s g -l group-by -x -d 'Figures per value of TAG' \
    -a 'Year Variant Event Site Date Round White Black Result ECO Opening WhiteElo BlackElo TimeControl Termination Annotator'
complete -c game-stats -l sort -x -d 'Order of the groups' \
    -a 'count\t"most games first" key\t"natural order of the values"'
# The tag names; the regular expression follows the '=' (no space is added).
complete -c game-stats -s m -l match -x -d 'Only games whose tags meet RULE: TAG=REGEX, TAG!=REGEX, TAG>=VALUE...' \
    -a 'Event= Site= Date= Round= White= Black= Result= WhiteElo= BlackElo= ECO= Opening= Variant= TimeControl= Termination= Annotator= PlyCount= SetUp= FEN='
complete -c game-stats -l skip-invalid -d 'Leave invalid games out of the totals'
complete -c game-stats -s s -l strict -d 'Treat every warning as an error'
complete -c game-stats -l tags-only -d 'Figures from the tags alone, without reading the moves'
complete -c game-stats -l variant -x -d 'Variant of games without a [Variant] tag' -a '(__pawnkit_variants)'
complete -c game-stats -l force-variant -d 'Apply --variant to every game, whatever its tag'
complete -c game-stats -s j -l jobs -x -d 'Replay games on N threads (0: one per processor)'
complete -c game-stats -l full-replay -d 'Replay every game from its tree, never by the fast path'
complete -c game-stats -l partial -d 'Write a partial result instead of the report'
complete -c game-stats -l merge -d 'Read partial results instead of games and combine them'
complete -c game-stats -l expect-pieces -x -d 'With --merge: fail unless the partials count N pieces'
complete -c game-stats -l expect-games -x -d 'With --merge: fail unless the partials count N games'
complete -c game-stats -l progress -d 'Show the progress line even when not on a terminal'
complete -c game-stats -l no-progress -d 'Never show the progress line'
complete -c game-stats -s q -l quiet -d 'No diagnostics, no progress line'
complete -c game-stats -s '?' -l help -d 'List the options'
complete -c game-stats -l usage -d 'Print a short usage message'
complete -c game-stats -l version -s V -d 'Print the version'
# PGN files first; other files (partial results) are still offered.
complete -c game-stats -k -a '(__fish_complete_suffix .pgn)'
complete -c game-stats -l or -d 'Join the next --match to the one before: either may hold'
complete -c game-stats -l games -x -d 'Only the games of these numbers in each input, as 10-20,35,100-'
# Where a piece stands in its file (pgn-split's manifest).
complete -c game-stats -l first-line -x -d 'The piece starts at line N of its file'
complete -c game-stats -l first-column -x -d 'The piece starts at column N of its first line'
complete -c game-stats -l first-game -x -d 'The piece starts at game N of its file'
complete -c game-stats -l label -x -d 'Name the input NAME in diagnostics'
complete -c game-stats -l range -x -d 'Only the games that start in bytes START:END of the file'
