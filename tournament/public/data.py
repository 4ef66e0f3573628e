"""What the public may see of an event, read in a fixed number of queries.

Only published rounds exist for the public, and only results that count
(confirmed, or entered where the event asks for no confirmation).
"""

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404

from .. import history, standings
from ..models import Match, Round, Tournament
from ..models.rounds import live_round


class BadRound(ValueError):
    """An after_round the public cannot ask for; the message names what is wrong."""


def visible_events():
    """Every event, newest first: one still in registration shows who has entered
    (docs/standings.md)."""
    return Tournament.objects.all()


def get_event(slug) -> Tournament:
    return get_object_or_404(visible_events(), slug=slug)


def published_rounds(tournament) -> list[Round]:
    return list(Round.objects.published().filter(tournament=tournament).order_by("number"))


def is_live(rounds) -> bool:
    """A published round still taking results: the pages refresh themselves."""
    return live_round(rounds) is not None


def get_round(tournament, number) -> Round:
    """A published round; drafts do not exist for the public."""
    try:
        return Round.objects.published().get(tournament=tournament, number=number)
    except Round.DoesNotExist:
        raise Http404(f"Round {number} of {tournament.name} is not published.") from None


def parse_after_round(value, rounds) -> int | None:
    """The `after_round` query parameter: empty means every published round."""
    if value in (None, ""):
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadRound(f"after_round must be a round number, not {value!r}.") from None
    published = [r.number for r in rounds]
    if not published:
        raise BadRound("No round is published yet.")
    if not 1 <= number <= max(published):
        raise BadRound(f"after_round must be between 1 and {max(published)} "
                       f"(the rounds published so far), not {number}.")
    return number


@dataclass
class EventData:
    """The pure cores' input and output for one event, as the public sees it."""

    players: list
    matches: list
    points: standings.Points
    table: standings.Standings
    after_round: int | None


def load(tournament, after_round=None) -> EventData:
    """Standings from published rounds and counted results only (three queries)."""
    players, matches, points = history.standings_input(
        tournament, after_round=after_round, public=True)
    table = standings.build_standings(players, matches, points, tournament.tiebreaks,
                                      after_round=after_round)
    return EventData(players, matches, points, table, after_round)


# ------------------------------------------------------------------ result wording


def scores_text(sets) -> str:
    return ", ".join(f"{a}–{b}" for a, b in sets)


def sets_won(sets) -> tuple[int, int]:
    won = [0, 0]
    for a, b in sets:
        if a != b:
            won[0 if a > b else 1] += 1
    return won[0], won[1]


def match_result(tournament, match) -> dict:
    """A board's result as the public sees it, from side 0 (who started set 1).

    Returns {"text", "state", "sets"}; state is bye/pending/awaiting/counted.
    """
    if match.side1_id is None:
        return {"text": "bye", "state": "bye", "sets": []}
    if not history.counts(tournament, match):
        if match.status == Match.Status.ENTERED:
            return {"text": "awaiting confirmation", "state": "awaiting", "sets": []}
        return {"text": "not yet played", "state": "pending", "sets": []}
    sets = [(s.score0, s.score1) for s in match.sets.all()]
    loser = match.side1 if match.winner_id == match.side0_id else match.side0
    winner = match.side0 if match.winner_id == match.side0_id else match.side1
    if match.outcome == Match.Outcome.PLAYED:
        a, b = sets_won(sets)
        text = f"{a}–{b} ({scores_text(sets)})" if sets else f"{a}–{b}"
    elif match.outcome == Match.Outcome.FORFEIT:
        text = f"{winner.name} wins by forfeit ({loser.name} forfeited)"
    elif match.outcome == Match.Outcome.ABANDONED:
        text = f"{winner.name} wins: {loser.name} abandoned"
        if sets:
            text += f" after {scores_text(sets)}"
    else:
        text = "double forfeit: neither player scores"
    return {"text": text, "state": "counted", "sets": sets}


def boards(tournament, round_) -> list[dict]:
    """The round's boards for the pairing list (two queries)."""
    rows = []
    for m in Match.objects.filter(round=round_).for_listing():
        result = match_result(tournament, m)
        rows.append({
            "board": m.board,
            "side0": m.side0,
            "side0_name": m.side0.name,
            "side1": m.side1,
            "side1_name": m.side1.name if m.side1_id else "",
            "result": result["text"],
            "state": result["state"],
        })
    return rows


def clubs(tournament) -> dict:
    """Pairing number -> club; clubs are not part of the standings input."""
    return dict(tournament.entrants.values_list("number", "club"))


def entrant_or_404(tournament, number):
    return get_object_or_404(tournament.entrants, number=number)


def player_or_404(data: EventData, number: int):
    for p in data.players:
        if p.id == number:
            return p
    raise Http404(f"There is no player number {number} in this event.")
