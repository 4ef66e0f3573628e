"""Who starts each set on a board: the rule is scoring.starters'; a board adds only its
first-set starter (the pairing's side 0, or a director's choice). Read by the result
actions, the arbiter's form, the printed slips and the archive alike."""

from scoring.starters import set_starter, sets_alternate


def first_set_starter(match) -> int:
    """The seat expected to start set 1 where sets alternate: the pairing's side 0, unless
    a director set another on this board (`Match.first_set_starter`)."""
    return match.first_set_starter


def set_starters(tournament, match) -> list[int | None]:
    """The seat expected to start each set the board can have (its round's
    `Match.max_sets`): from the board's first-set starter where sets alternate; None where
    a draw at the table decides. What the printed slips and the arbiters' list show."""
    sets = match.max_sets
    if not sets_alternate(tournament.ruleset):
        return [None] * sets
    first = first_set_starter(match)
    return [set_starter(tournament.ruleset, match.seats_in(tournament), i,
                        first_set_starter=first)
            for i in range(sets)]
