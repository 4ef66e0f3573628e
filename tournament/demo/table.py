"""The players' demo event: a club night where the players enter and accept their own
results at the table (entry policy players_accept, docs/players.md). Round 1 played and
accepted; round 2 live: boards accepted, one disputed, one waiting for the opponent's
acceptance, one still being played; check-in open for round 3, half the players in.

Built through the same actions as the players' pages, with the players' keys.
"""

from tournament.actions import entrants, events, rounds, table
from tournament.actions.checkin import set_checkin
from tournament.actions.player_keys import issue_key
from tournament.models import PlayerKey

from .names import TABLE_ENTRANTS
from .singles import csv_text, free_slug, record_for

NAME = "Leek Club Night"


def key_of(event, entrant) -> PlayerKey:
    issue_key(event, None, number=entrant.number)
    return PlayerKey.objects.select_related("entrant", "tournament").get(entrant=entrant)


def dispute_reason(sets, side) -> str:
    """What `side` says disputing the stored sets ((score0, score1, winner side) each):
    the closest set it lost was its own, the two scores swapped on the sheet. Made from
    the stored scores because the record is random: a fixed text contradicted it."""
    lost = [(abs(s0 - s1), n, s0, s1) for n, (s0, s1, won) in enumerate(sets, 1)
            if won != side]
    _, n, s0, s1 = min(lost, key=lambda x: (x[0], -x[1]))
    ours, theirs = (s0, s1) if side == 0 else (s1, s0)
    return (f"Set {n} was {theirs}-{ours} to us, not {ours}-{theirs}: the scores went on "
            "the wrong sides of the sheet.")


def build(rng, director, arbiter, checker):
    event = events.create_tournament(director, name=NAME, slug=free_slug("demo-club"),
                                     rounds_planned=3, entry_policy="players_accept")
    events.add_official(event, director, username=arbiter.username)
    entrants.import_entrants(event, director, csv_text(["name", "club", "rating"],
                                                       TABLE_ENTRANTS))
    for number in (1, 2):
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        boards = list(round_.matches.exclude(side1=None).select_related("side0", "side1")
                      .order_by("board"))
        for i, match in enumerate(boards):
            if number == 2 and i == len(boards) - 1:
                break  # still being played
            a, b = key_of(event, match.side0), key_of(event, match.side1)
            record = record_for(match, rng, event.ruleset)
            disputed = number == 2 and i == 1
            if disputed:  # the winner enters it and the loser disputes it, as at a table
                entering, answering = (a, b) if record["result"]["winner"] == 0 else (b, a)
            else:
                entering, answering = (a, b) if i % 2 == 0 else (b, a)
            stored, _ = table.enter_result(match.pk, entering, version=0, record=record)
            if disputed:
                table.dispute_result(match.pk, answering, version=1, reason=dispute_reason(
                    [(s.score0, s.score1, s.winner_side) for s in stored.sets.all()],
                    table.side_of(stored, answering)))
            elif number == 2 and i == 2:
                continue  # waiting for the opponent's acceptance
            else:
                table.accept_result(match.pk, answering, version=1)
    # Check-in for round 3 is open: half the players have ticked themselves in.
    for entrant in event.entrants.order_by("number")[::2]:
        set_checkin(event, None, entrant=entrant, round_number=3, checked_in=True,
                    player=key_of(event, entrant))
    return event
