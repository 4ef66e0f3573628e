"""Random Swiss-like events for property and speed tests."""

import random

from tournament.standings import BoardResult, Player


def random_event(seed: int, n_players: int, n_rounds: int, *, weird: bool = True):
    """Players and matches: each round pairs neighbours in the current score order
    (roughly Swiss, so many players end level), odd one out gets a bye. With ``weird``,
    some matches are forfeits, double forfeits, unplayed or missing (withdrawals)."""
    rng = random.Random(seed)
    players = [Player(i, f"Player {i}") for i in range(1, n_players + 1)]
    score = dict.fromkeys(range(1, n_players + 1), 0)
    matches = []
    for rnd in range(1, n_rounds + 1):
        ids = sorted(score, key=lambda p: (-score[p], rng.random()))
        if weird:
            ids = [p for p in ids if rng.random() > 0.05]
        if len(ids) % 2:
            lone = ids.pop()
            matches.append(BoardResult(rnd, (lone, None), "bye", lone))
        for a, b in zip(ids[::2], ids[1::2], strict=True):
            kind = "played"
            if weird:
                kind = rng.choices(
                    ["played", "forfeit", "double_forfeit", "unplayed"], [85, 6, 3, 6]
                )[0]
            winner = rng.choice((a, b)) if kind in ("played", "forfeit") else None
            sets = ()
            if kind == "played":
                first_won = winner == a
                n_sets = rng.choice((2, 3))
                pattern = (
                    [first_won] * 2
                    if n_sets == 2
                    else rng.choice(
                        [
                            [first_won, not first_won, first_won],
                            [not first_won, first_won, first_won],
                        ]
                    )
                )
                sets = tuple(
                    (61, rng.randrange(0, 61)) if won else (rng.randrange(0, 61), 61)
                    for won in pattern
                )
            if winner is not None:
                score[winner] += 1
            matches.append(BoardResult(rnd, (a, b), kind, winner, sets))
    return players, matches
