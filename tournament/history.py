"""An event's stored history as the plain data the pure cores take.

The pairing adapter (tournament.pairing) reads a TRF(x) event; the standings
(tournament.standings) read players and matches. Both are built here from a fixed
number of queries, whatever the size of the event.
"""

from collections import defaultdict

from . import standings
from .models import Match, SetResult
from .models.rounds import status_counts
from .pairing.trf import TrfEvent, TrfPlayer, TrfResult


def _matches(tournament, *, public: bool, after_round: int | None = None):
    qs = Match.objects.filter(round__tournament=tournament).select_related("round")
    if public:
        qs = qs.public()
    if after_round is not None:
        qs = qs.filter(round__number__lte=after_round)
    return qs.only("round__number", "round__status", "side0_id", "side1_id", "status",
                   "outcome", "winner_id", "conceded_by_id").order_by("round__number", "board")


def counts(tournament, match) -> bool:
    """Whether a match's result counts (models.rounds.status_counts, for a row read)."""
    return status_counts(match.status, tournament.require_confirmation)


# ------------------------------------------------------------------------ standings


def standings_input(tournament, *, after_round: int | None = None, public: bool = True):
    """(players, matches, points) for tournament.standings, in three queries.

    Rows are read as plain tuples: building thousands of model instances would cost
    more than the standings themselves.
    """
    entrants = list(tournament.entrants.values_list("id", "number", "name"))
    number = {pk: n for pk, n, _ in entrants}
    players = [standings.Player(n, name) for _, n, name in entrants]
    qs = Match.objects.filter(round__tournament=tournament)
    if public:
        qs = qs.public()
    if after_round is not None:
        qs = qs.filter(round__number__lte=after_round)
    rows = list(qs.order_by("round__number", "board").values_list(
        "id", "round__number", "side0_id", "side1_id", "status", "outcome", "winner_id"))
    sets = defaultdict(list)
    if any(outcome in ("played", "abandoned") for *_, outcome, _ in rows):
        set_rows = SetResult.objects.filter(match__round__tournament=tournament)
        if after_round is not None:
            set_rows = set_rows.filter(match__round__number__lte=after_round)
        for match_id, score0, score1 in set_rows.order_by("match_id", "number").values_list(
                "match_id", "score0", "score1"):
            sets[match_id].append((score0, score1))
    matches = [plain_match(row, number, sets, tournament.require_confirmation) for row in rows]
    return players, matches, standings.Points(**tournament.points)


def plain_match(row, number, sets, require_confirmation: bool):
    match_id, round_number, side0_id, side1_id, status, outcome, winner_id = row
    pair = (number[side0_id], number[side1_id] if side1_id else None)
    if side1_id is None:
        return standings.Match(round_number, pair, "bye", winner=pair[0])
    if not status_counts(status, require_confirmation):
        return standings.Match(round_number, pair, "unplayed")
    winner = number[winner_id] if winner_id else None
    if outcome in ("played", "abandoned"):
        return standings.Match(round_number, pair, "played", winner=winner,
                               sets=tuple(sets.get(match_id, ())))
    if outcome == "forfeit":
        return standings.Match(round_number, pair, "forfeit", winner=winner)
    return standings.Match(round_number, pair, "double_forfeit")


def compute(tournament, *, after_round: int | None = None, public: bool = True):
    """The event's standings (tournament.standings.Standings) after `after_round`."""
    players, matches, points = standings_input(tournament, after_round=after_round,
                                               public=public)
    return standings.build_standings(players, matches, points, tournament.tiebreaks,
                                     after_round=after_round)


# ------------------------------------------------------------------------ pairing


def trf_result(m, entrant_id, number) -> TrfResult:
    """One player's TRF entry for a match of a finished round."""
    if m.side1_id is None:
        return TrfResult(None, "-", "U")
    side0 = entrant_id == m.side0_id
    opponent = number[m.side1_id if side0 else m.side0_id]
    colour = "w" if side0 else "b"
    if m.outcome == "double_forfeit":
        return TrfResult(opponent, colour, "-")
    if m.outcome == "forfeit":
        return TrfResult(opponent, colour, "+" if m.winner_id == entrant_id else "-")
    if m.outcome in ("played", "abandoned"):
        return TrfResult(opponent, colour, "1" if m.winner_id == entrant_id else "0")
    raise ValueError(f"board {m.board} of round {m.round.number} has no result")


def trf_event(tournament, *, through_round: int | None = None) -> TrfEvent:
    """The event as TRF(x) after `through_round` (default: every round paired so far).

    Rounds up to `through_round` must be complete. An entrant not paired in a round
    gets a zero-point bye (`0000 - Z`); one withdrawn before the next round is absent.
    """
    entrants = list(tournament.entrants.all())
    number = {e.id: e.number for e in entrants}
    rounds = through_round if through_round is not None else (
        tournament.rounds.count())
    by_entrant = defaultdict(dict)
    for m in _matches(tournament, public=False, after_round=rounds):
        for eid in (m.side0_id, m.side1_id):
            if eid is not None:
                by_entrant[eid][m.round.number] = m
    players = []
    for e in entrants:
        results = []
        for r in range(1, rounds + 1):
            m = by_entrant[e.id].get(r)
            results.append(trf_result(m, e.id, number) if m else TrfResult(None, "-", "Z"))
        players.append(TrfPlayer(number=e.number, name=e.name, rating=e.rating,
                                 results=tuple(results)))
    absent = {e.number for e in entrants
              if e.withdrawn_after_round is not None and e.withdrawn_after_round <= rounds}
    forbidden = tuple(
        (number[a], number[b])
        for a, b in tournament.forbidden_pairs.values_list("first_id", "second_id")
    )
    return TrfEvent(name=tournament.name, players=tuple(players),
                    rounds_planned=tournament.rounds_planned,
                    first_colour=tournament.first_colour or None,
                    forbidden=forbidden, absent=frozenset(absent))
