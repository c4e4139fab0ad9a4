# fish completion for pgn-split(1).

complete -c pgn-split -s b -l bytes -x -d 'Pieces of at most SIZE bytes (K, M, G, T; KB, MB, GB, TB)'
complete -c pgn-split -s g -l games -x -d 'Pieces of N games'
complete -c pgn-split -s n -l number -x -d 'N pieces of about equal size'
complete -c pgn-split -s d -l directory -x -d 'Write the pieces into DIR' -a '(__fish_complete_directories)'
complete -c pgn-split -s p -l prefix -x -d 'Begin the pieces\' names with PREFIX'
complete -c pgn-split -s a -l suffix-length -x -d 'Number the pieces with at least N digits'
complete -c pgn-split -l filter -x -d 'Write each piece to the standard input of COMMAND' -a '(__fish_complete_command)'
complete -c pgn-split -l index -d 'Write the manifest only, no pieces'
complete -c pgn-split -s m -l manifest -r -d 'Write the manifest to FILE'
complete -c pgn-split -s '?' -l help -d 'List the options'
complete -c pgn-split -l usage -d 'Print a short usage message'
complete -c pgn-split -s V -l version -d 'Print the version'
