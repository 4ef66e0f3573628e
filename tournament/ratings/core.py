"""Weng–Lin Plackett–Luce updates in the spec's order, by the `openskill` package.

The caller gives the rated matches already in the list's order (events by date, undated
last, then as stored; rounds; boards) and with their people resolved; this module only
applies `model.rate([winner_side, loser_side])` once a match and keeps the history.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce

# The spec's model: openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300).
MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The published rating: mu - 3 sigma (openskill's ordinal with its defaults)."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class RatedMatch:
    """One rated match: `winner` and `loser` are the sides' people in seat order (one each
    in singles, two in pairs); `key` names the match back to the caller, `event` its event."""

    key: Hashable
    event: Hashable
    winner: tuple[Hashable, ...]
    loser: tuple[Hashable, ...]


@dataclass
class Standing:
    """A person's rating now: mu, sigma, rated matches, and the trend (the change of the
    ordinal over their latest rated event)."""

    mu: float
    sigma: float
    matches: int = 0
    trend: float = 0.0
    last_event: Hashable = None

    @property
    def rating(self) -> float:
        return ordinal(self.mu, self.sigma)


class Step(NamedTuple):
    """A person's rating after the `index`-th rated match of the list (its `key`); a
    tuple, as a rebuild makes tens of thousands."""

    index: int
    key: Hashable
    person: Hashable
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        return ordinal(self.mu, self.sigma)


def initial() -> Standing:
    """Everyone starts at the model's defaults: mu 25, sigma 25/3."""
    return Standing(MODEL.mu, MODEL.sigma)


def rate_match(standings: dict, match: RatedMatch, index: int = 0) -> list[Step]:
    """Apply one match to `standings` (person -> Standing, changed in place; newcomers are
    added at the start values); the Steps it made, winner's side first."""
    people = (*match.winner, *match.loser)
    if len(set(people)) != len(people):
        raise ValueError(f"match {match.key!r}: a person is on the board twice")
    for person in people:
        if person not in standings:
            standings[person] = initial()
    teams = [[MODEL.create_rating([standings[p].mu, standings[p].sigma]) for p in side]
             for side in (match.winner, match.loser)]
    # ranks: the first team won. openskill's default ordering of `teams` says the same.
    new = MODEL.rate(teams)
    steps = []
    for side, team in zip((match.winner, match.loser), new, strict=True):
        for person, r in zip(side, team, strict=True):
            s = standings[person]
            before = s.rating
            s.mu, s.sigma = r.mu, r.sigma
            s.matches += 1
            if s.last_event != match.event:  # the trend is over the latest event only
                s.last_event, s.trend = match.event, 0.0
            s.trend += s.rating - before
            steps.append(Step(index, match.key, person, r.mu, r.sigma))
    return steps


def rate_all(matches: Iterable[RatedMatch]) -> tuple[dict, list[Step]]:
    """(person -> Standing, every Step in order) from the whole list of rated matches."""
    standings: dict = {}
    steps: list[Step] = []
    for index, match in enumerate(matches):
        steps.extend(rate_match(standings, match, index))
    return standings, steps
