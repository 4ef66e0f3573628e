"""Build events for page tests and the bench through the actions, as the app would.

Every step is the action a director or an arbiter takes (as the command line, actor None):
create_tournament, import_entrants, pair_round then set_pairing (our own quick Swiss-like
sort by points, rematches allowed and overridden: the public pages do not care how pairs
were made, and the sort keeps the events the tests know), publish_round, submit_result and
confirm_result. So every result has the audit rows, ResultVersion history, sets and rating
hooks of a real one, rounds close themselves as their last board is confirmed, and the
event finishes when its last planned round does. The live round (`last_live`) leaves about
a third of its boards entered and not yet confirmed.

`bulk=True` (the benches only, for events of 1,000 players) writes the same boards straight
into the tables instead: no audit rows, and no history but the first version. Tests never
use it; tests/public/test_factories.py checks the action path against the audit log.
"""

import csv
import io
import random

from tournament.actions.entrants import import_entrants
from tournament.actions.events import create_tournament
from tournament.actions.results import confirm_result, submit_result
from tournament.actions.rounds import pair_round, publish_round, set_pairing
from tournament.models import Entrant, Match, ResultVersion, Round, SetResult, Tournament

FIRST = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]
LAST = ["Lee", "Park", "Hale", "Fox", "Moss", "Reid", "Shaw", "Tait", "Vale", "Wynn"]
CLUBS = ["Leek DC", "Bath Fives", "Hull Threes", "", "Crewe Spinners"]
REASON = "Generated event: paired by points for the tests"


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


def entrant_csv(rng, players: int) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "club", "rating"])
    for i in range(1, players + 1):
        writer.writerow([f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}", rng.choice(CLUBS),
                         2400 - i])
    return out.getvalue()


def plan_round(rng, entrants, points, number, players, live):
    """The round's boards as [(side0, side1, side 0 wins?, sets or None for a forfeit,
    left unconfirmed?)] and the bye (the lowest of an odd field), or None."""
    ordered = sorted(entrants, key=lambda e: (-points[e.id], e.number))
    bye = ordered.pop() if len(ordered) % 2 else None
    boards = []
    for i in range(0, len(ordered), 2):
        a, b = ordered[i], ordered[i + 1]
        side0, side1 = (a, b) if (i // 2 + number) % 2 else (b, a)
        side0_wins = rng.random() < 0.5 + (side1.number - side0.number) / (4 * players)
        sets = best_of_three(rng, side0_wins)
        forfeit = rng.random() < 0.03
        open_ = live and rng.random() < 0.3
        boards.append((side0, side1, side0_wins, None if forfeit else sets, open_))
    return boards, bye


def generate_event(players: int, rounds: int = 5, *, seed: int = 1, slug: str = "big",
                   last_live: bool = False, bulk: bool = False) -> Tournament:
    rng = random.Random(seed)
    if bulk:
        return bulk_event(rng, players, rounds, slug, last_live)
    t = create_tournament(None, name=f"Generated {players}", slug=slug, rounds_planned=rounds)
    import_entrants(t, None, entrant_csv(rng, players))
    entrants = list(t.entrants.order_by("number"))
    points = {e.id: 0 for e in entrants}
    for number in range(1, rounds + 1):
        live = last_live and number == rounds
        boards, bye = plan_round(rng, entrants, points, number, players, live)
        rnd = pair_round(t, None)
        pairs = [(b[0], b[1]) for b in boards] + ([(bye, None)] if bye else [])
        set_pairing(rnd, None, pairs, reason=REASON, override_reason=REASON)
        publish_round(rnd, None)
        if bye:
            points[bye.id] += 1
        matches = {m.board: m for m in rnd.matches.all()}
        for k, (side0, side1, side0_wins, sets, open_) in enumerate(boards, start=1):
            winner = side0 if side0_wins else side1
            if sets is None:
                m, _ = submit_result(matches[k].pk, None, version=0,
                                     outcome=Match.Outcome.FORFEIT,
                                     conceded_by=1 if side0_wins else 0)
            else:
                m, _ = submit_result(matches[k].pk, None, version=0,
                                     record=score_record(side0, side1, sets))
            if open_:
                continue
            confirm_result(m.pk, None, version=m.version)
            points[winner.id] += 1
    t.refresh_from_db()
    return t


def bulk_event(rng, players, rounds, slug, last_live) -> Tournament:
    """The benches' fast path: the boards of `generate_event`, written into the tables."""
    t = Tournament.objects.create(name=f"Generated {players}", slug=slug,
                                  status=Tournament.Status.RUNNING, rounds_planned=rounds)
    text = entrant_csv(rng, players).splitlines()[1:]
    Entrant.objects.bulk_create(
        Entrant(tournament=t, number=i, name=name, club=club, rating=int(rating))
        for i, (name, club, rating) in enumerate(csv.reader(text), start=1))
    entrants = list(t.entrants.order_by("number"))
    points = {e.id: 0 for e in entrants}
    for number in range(1, rounds + 1):
        live = last_live and number == rounds
        rnd = Round.objects.create(tournament=t, number=number, status=(
            Round.Status.PUBLISHED if live else Round.Status.CLOSED))
        plan, bye = plan_round(rng, entrants, points, number, players, live)
        boards, plans = [], []
        for k, (side0, side1, side0_wins, sets, open_) in enumerate(plan, start=1):
            winner = side0 if side0_wins else side1
            m = Match(round=rnd, board=k, side0=side0, side1=side1, winner=winner,
                      status=Match.Status.CONFIRMED, outcome=Match.Outcome.PLAYED, version=1)
            if sets is None:
                m.outcome, m.conceded_by = Match.Outcome.FORFEIT, side1 if side0_wins else side0
            else:
                m.record = score_record(side0, side1, sets)
            if open_:
                m.status = Match.Status.ENTERED
            else:
                points[winner.id] += 1
            boards.append(m)
            plans.append(sets)
        if bye:
            points[bye.id] += 1
            boards.append(Match(round=rnd, board=len(plan) + 1, side0=bye, winner=bye,
                                status=Match.Status.CONFIRMED, outcome=Match.Outcome.BYE))
            plans.append(None)
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
