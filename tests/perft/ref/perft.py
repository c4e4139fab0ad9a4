"""perft and divide over any rule set (the counts fen-moves --perft and
--perft --divide print)."""


def perft(rules, pos, depth):
    """Leaf nodes of the legal move tree depth plies deep."""
    if depth == 0:
        return 1
    legal = rules.legal_moves(pos)
    if depth == 1:
        return len(legal)
    return sum(perft(rules, nxt, depth - 1) for _, nxt in legal)


def divide(rules, pos, depth):
    """[(coordinate label, count below the move, position after it)]."""
    legal = rules.legal_moves(pos)
    labels = rules.labels(pos, legal)
    return [(lab, perft(rules, nxt, depth - 1), nxt)
            for lab, (_, nxt) in zip(labels, legal)]
