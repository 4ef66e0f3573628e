"""The singles demo event: 24 players under the MSO rules, a five-round Swiss played, then
a top-8 knock-out (its lot seed published): quarter-finals played, semi-finals live.

Built through the actions the screens call, so it holds only states the app can make.
"""

import csv
import io

from scoring.simulate import play_match, to_depth
from tournament.actions import entrants, events, results, rounds, stages
from tournament.models import Match

from .linking import link_everyone
from .names import ENTRANTS

NAME = "Potteries Fives & Threes Open"


def free_slug(base):
    from tournament.models import Tournament

    slug, n = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def csv_text(header, rows) -> str:
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(header)
    writer.writerows(rows)
    return text.getvalue()


def wanted_winner(match, rng) -> int:
    """The side that should win: likelier the stronger one (Elo's expectation)."""
    strong = (match.side0.rating or 1400) - (match.side1.rating or 1400)
    return 0 if rng.random() < 1 / (1 + 10 ** (-strong / 400)) else 1


def record_for(match, rng, ruleset):
    """A legal match record whose winner is likelier the stronger player."""
    want = wanted_winner(match, rng)
    depth = rng.choices(["score", "hands", "plays"], weights=[6, 3, 1])[0]
    for _ in range(200):
        record = play_match(rng.randrange(10**9), first_set_starter=0)
        if record["result"]["winner"] == want:
            record["players"] = [match.side0.name, match.side1.name]
            record["ruleset"] = ruleset
            return record if depth == "plays" else to_depth(record, depth)
    raise RuntimeError("could not draw a match with the wanted winner")


def build(rng, director, arbiter, checker):
    event = events.create_tournament(director, name=NAME, slug=free_slug("demo-open"))
    for official in (arbiter, checker):
        events.add_official(event, director, username=official.username)
    entrants.import_entrants(event, director, csv_text(["name", "club", "rating"], ENTRANTS))
    link_everyone(event, director)
    stages.add_stage(event, director, kind="knockout", size=8, seeding="standings",
                     third_place=True, lot_seed="potteries-open-2026")
    # Five Swiss rounds and the quarter-finals played, the semi-finals live.
    for number in range(1, 8):
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        play(round_, rng, arbiter, checker, event.ruleset, live=number == 7)
    return event


def play(round_, rng, arbiter, checker, ruleset, *, live=False):
    """Every board of a round entered and confirmed; of a live round, half of them
    entered, every other one of those confirmed."""
    boards = list(round_.matches.exclude(side1=None).select_related("side0", "side1")
                  .order_by("board"))
    for i, match in enumerate(boards):
        if live and i >= max(1, len(boards) // 2):
            break  # half of the live round is still being played
        enter(match, rng, arbiter, ruleset)
        if not live or i % 2:
            results.confirm_result(match.pk, checker, version=1)


def enter(match, rng, arbiter, ruleset):
    if rng.random() < 0.03:
        results.submit_result(match.pk, arbiter, version=0, outcome=Match.Outcome.FORFEIT,
                              conceded_by=rng.randrange(2))
        return
    results.submit_result(match.pk, arbiter, version=0, record=record_for(match, rng, ruleset))
