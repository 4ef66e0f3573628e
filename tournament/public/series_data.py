"""A series' standings as the public page shows them: each public event's standings
(history.compute, as its own page shows them) placed on the series' scale."""

from __future__ import annotations

from django.db.models import Exists, F, OuterRef

from ..models import EntrantPerson, Round, Tournament
from ..reads import history
from ..standings.series_points import series_standings


def series_events(series):
    """The series' events the public may see (listed, a round published), by date."""
    published = Round.objects.published().filter(tournament=OuterRef("pk"))
    return (Tournament.objects.listed().filter(pk__in=series.events.values("pk"))
            .filter(Exists(published)).order_by(F("date").asc(nulls_last=True), "pk"))


def players_of(events) -> dict:
    """(event id, pairing number) -> [(player key, name)]: a linked player is their person
    (one key across events), an unlinked one stays that entrant's alone."""
    links = {(e, m): (p, name) for e, m, p, name in EntrantPerson.objects.filter(
        entrant__tournament__in=events).values_list("entrant_id", "member", "person__key",
                                                    "person__name")}
    out = {}
    for event in events:
        for entrant in event.entrants.all():
            if entrant.is_pair:
                people = [(("person", links[(entrant.pk, m)][0]), links[(entrant.pk, m)][1])
                          if (entrant.pk, m) in links else
                          (("member", entrant.pk, m), member.get("name", ""))
                          for m, member in enumerate(entrant.members)]
            elif (entrant.pk, 0) in links:
                people = [(("person", links[(entrant.pk, 0)][0]), links[(entrant.pk, 0)][1])]
            else:
                people = [(("entrant", entrant.pk), entrant.name)]
            out[(event.pk, entrant.number)] = people
    return out


def standings_of(series):
    """(events, rows): rows are tournament.standings.series_points.SeriesRow; a linked player's
    `player` key is ("person", their id)."""
    events = list(series_events(series))
    players = players_of(events)
    placed = []
    for event in events:
        # The event's final order: a knock-out's places first where it ends in one.
        placed.append((event.pk, [(place, players[(event.pk, number)])
                                  for place, number in history.final_places(event)]))
    return events, series_standings(placed, list(series.scale))


def festival(series) -> list[dict]:
    """The series as one festival: each public event (listed, a round published: hidden ones
    never appear) with its state, its current round (the live one, else the latest) and
    that round's clock and find-my-board entries (data.find_entries, each with its event).
    A fixed number of queries per event."""
    from ..models.rounds import live_round
    from . import data

    out = []
    for event in series_events(series):
        rounds = data.published_rounds(event)
        current = live_round(rounds) or (rounds[-1] if rounds else None)
        entries = []
        if current is not None:
            points = history.points_before(event, current.number)
            boards = data.boards(event, current, points)
            entries = data.find_entries(event, boards, data.not_paired(event, current.number),
                                        points)
            for e in entries:
                e["event"] = event
                e["round"] = current
        out.append({"event": event, "round": current, "entries": entries,
                    "clock": current.clock() if current is not None else None})
    return out
