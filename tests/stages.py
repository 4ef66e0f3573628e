"""Events of stages for the tests: entrants, rounds played by forfeits, a Swiss with a
top-four knock-out."""

from tournament.actions import entrants, results, rounds, stages
from tournament.models import Tournament


def play_round(round_, director, loser_side=lambda m: 1):
    """Publish the round and decide every board by a forfeit of `loser_side(m)`."""
    rounds.publish_round(round_, director)
    for m in round_.matches.exclude(side1=None).order_by("board"):
        results.submit_result(m.pk, director, version=m.version, outcome="forfeit",
                              conceded_by=loser_side(m))
    round_.refresh_from_db()
    return round_


def boards(round_):
    return [(m.board, m.side0.name, m.side1.name if m.side1 else None)
            for m in round_.matches.select_related("side0", "side1").order_by("board")]


def add(event, director, n, *, pairs=False):
    """n entrants (pairs of two members with `pairs`); results count as entered (no
    second official in these tests)."""
    Tournament.objects.filter(pk=event.pk).update(require_confirmation=False)
    event.require_confirmation = False
    lines = ["name,member1,member2", *(f"Pair {i},A{i},B{i}" for i in range(1, n + 1))] \
        if pairs else ["name,rating", *(f"P{i:02d},{2000 - i}" for i in range(1, n + 1))]
    entrants.import_entrants(event, director, "\n".join(lines))


def swiss_then_cut(event, director):
    add(event, director, 8)
    event.rounds_planned = 3
    event.save(update_fields=["rounds_planned"])
    stages.add_stage(event, director, kind="knockout", size=4, third_place=True,
                     lot_seed="spring-2026")
    for _ in range(3):
        play_round(rounds.pair_round(event, director), director)
    play_round(rounds.pair_round(event, director), director)  # the semi-finals
    rounds.publish_round(rounds.pair_round(event, director), director)  # the final, live
    return event
