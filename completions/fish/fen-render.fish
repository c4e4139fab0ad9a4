# fish completion for fen-render(1).

# Arguments are FENs, typed or pasted: no file completion.
complete -c fen-render -f
complete -c fen-render -s f -l format -x -d 'Format of the diagrams' \
    -a "(printf '%s\t%s\n' ascii '7-bit text, the default' unicode 'text with chess glyphs' svg 'SVG images')"
complete -c fen-render -s o -l output-dir -x -d 'Write one file per position into DIR' -a '(__fish_complete_directories)'
complete -c fen-render -l variant -x -d 'Rules of FEN positions and of games without a [Variant] tag' -a '(__pawnkit_variants)'
complete -c fen-render -l force-variant -d 'Apply --variant to every game, whatever its tag'
complete -c fen-render -l start -d 'Render the start position of the variant'
complete -c fen-render -l pgn -r -F -d 'Render positions of the games in FILE'
complete -c fen-render -l ply -x -d 'With --pgn: the position after N plies'
complete -c fen-render -l all -d 'With --pgn: every position of each main line'
complete -c fen-render -l final -d 'With --pgn: the last position of each main line (default)'
complete -c fen-render -s s -l strict -d 'Treat every warning as an error'
complete -c fen-render -l size -x -d 'Width and height of the SVG in pixels'
complete -c fen-render -l flip -d 'Black at the bottom'
complete -c fen-render -l coords -d 'Rank and file labels (default)'
complete -c fen-render -l no-coords -d 'No labels'
complete -c fen-render -l lastmove -d 'Tint the squares of the last move (the move played, or =MOVE)'
complete -c fen-render -l highlight -x -d 'Tint squares, e.g. e2,e4 or Re4'
complete -c fen-render -l arrow -x -d 'Draw arrows, e.g. e2e4 or Rd7d5'
complete -c fen-render -l check -d 'Mark the king of the side to move when in check'
complete -c fen-render -s s -l strict -d 'Treat every warning as an error'
complete -c fen-render -l progress -d 'Show the progress line even when not on a terminal'
complete -c fen-render -l no-progress -d 'Never show the progress line'
complete -c fen-render -l theme -x -d 'Colours of SVG diagrams' \
    -a "(printf '%s\t%s\n' light 'cream and brown, the default' dark 'slate on near-black')"
complete -c fen-render -s '?' -l help -d 'List the options'
complete -c fen-render -l usage -d 'Print a short usage message'
complete -c fen-render -s V -l version -d 'Print the version'
