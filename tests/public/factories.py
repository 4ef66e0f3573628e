"""Build events straight into the database, fast (bulk_create), for page tests and the bench.

Results are stored as the actions would leave them: winner, outcome, status, the match
record of a played match (score depth, as the validator accepts it), one SetResult per set
(seat 0 = side0, who started set 1) and the ResultVersion of every result. Pairing is a
quick Swiss-like sort by points (rematches allowed): the public pages do not care how
pairs were made.
"""

import random

from tournament.models import Entrant, Match, ResultVersion, Round, SetResult, Tournament

FIRST = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]
LAST = ["Lee", "Park", "Hale", "Fox", "Moss", "Reid", "Shaw", "Tait", "Vale", "Wynn"]
CLUBS = ["Leek DC", "Bath Fives", "Hull Threes", "", "Crewe Spinners"]


def best_of_three(rng, side0_wins: bool) -> list[tuple[int, int]]:
    """Realistic set scores: the set winner reaches 61, the loser 20-60."""
    if rng.random() < 0.4:  # the match winner drops one of the first two sets
        order = [side0_wins, not side0_wins]
        rng.shuffle(order)
        order.append(side0_wins)
    else:
        order = [side0_wins, side0_wins]
    sets = []
    for side0_takes in order:
        loser = rng.randint(20, 60)
        sets.append((61, loser) if side0_takes else (loser, 61))
    return sets


def score_record(side0, side1, sets) -> dict:
    """A played match's record at score depth; sets alternate from side 0 (mso)."""
    won = [sum(1 for a, b in sets if a > b), sum(1 for a, b in sets if b > a)]
    return {"format": "fives-and-threes-match/1", "ruleset": "mso",
            "match": {"target": 61, "sets_to_win": 2}, "seats": 2,
            "players": [side0.name, side1.name], "first_set_starter": 0,
            "sets": [{"starter": k % 2, "score": [a, b]} for k, (a, b) in enumerate(sets)],
            "result": {"winner": 0 if won[0] > won[1] else 1, "sets_won": won}}


def generate_event(players: int, rounds: int = 5, *, seed: int = 1, slug: str = "big",
                   last_live: bool = False) -> Tournament:
    rng = random.Random(seed)
    t = Tournament.objects.create(name=f"Generated {players}", slug=slug,
                                  status=Tournament.Status.RUNNING, rounds_planned=rounds)
    Entrant.objects.bulk_create(
        Entrant(tournament=t, number=i, name=f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}",
                club=rng.choice(CLUBS), rating=2400 - i)
        for i in range(1, players + 1))
    entrants = list(t.entrants.order_by("number"))
    points = {e.id: 0 for e in entrants}
    for number in range(1, rounds + 1):
        live = last_live and number == rounds
        rnd = Round.objects.create(tournament=t, number=number, status=(
            Round.Status.PUBLISHED if live else Round.Status.CLOSED))
        ordered = sorted(entrants, key=lambda e: (-points[e.id], e.number))
        boards, plans = [], []
        if len(ordered) % 2:
            bye = ordered.pop()
            points[bye.id] += 1
            boards.append(Match(round=rnd, board=len(ordered) // 2 + 1, side0=bye,
                                status=Match.Status.CONFIRMED, outcome=Match.Outcome.BYE,
                                winner=bye))
            plans.append(None)
        for i in range(0, len(ordered), 2):
            a, b = ordered[i], ordered[i + 1]
            side0, side1 = (a, b) if (i // 2 + number) % 2 else (b, a)
            side0_wins = rng.random() < 0.5 + (side1.number - side0.number) / (4 * players)
            winner = side0 if side0_wins else side1
            m = Match(round=rnd, board=i // 2 + 1, side0=side0, side1=side1, winner=winner,
                      status=Match.Status.CONFIRMED, outcome=Match.Outcome.PLAYED, version=1)
            sets = best_of_three(rng, side0_wins)
            m.record = score_record(side0, side1, sets)
            if rng.random() < 0.03:
                m.outcome, m.conceded_by, sets = Match.Outcome.FORFEIT, (
                    side1 if side0_wins else side0), []
                m.record = None
            if live and rng.random() < 0.3:
                m.status = Match.Status.ENTERED
            else:
                points[winner.id] += 1
            boards.append(m)
            plans.append(sets)
        Match.objects.bulk_create(boards)
        ResultVersion.objects.bulk_create(
            ResultVersion(match=m, version=1, status=m.status, outcome=m.outcome,
                          conceded_by=m.conceded_by, record=m.record)
            for m in boards if not m.is_bye)
        SetResult.objects.bulk_create(
            SetResult(match=m, number=k + 1, starter=k % 2, score0=s0, score1=s1)
            for m, sets in zip(boards, plans, strict=True) if sets
            for k, (s0, s1) in enumerate(sets))
    return t
