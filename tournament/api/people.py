"""Public reads of people and the rating lists (shared/spec/ratings.md, "Reads")."""

from typing import Literal

from ninja import Query, Router, Schema
from ninja.errors import HttpError
from pydantic import Field

from scoring.rulesets import RULESETS

from ..public import people_data
from ..reads.rating_lists import list_json
from . import schemas

router = Router(tags=["read"])


class RatingRow(Schema):
    person: str = Field(description="The person's id.")
    name: str
    club: str
    mu: float
    sigma: float
    rating: float = Field(description="The published rating, mu - 3 sigma.")
    matches: int = Field(description="Rated matches.")


class RatingsQuery(Schema):
    ruleset: Literal[tuple(RULESETS)] = "mso"  # type: ignore[valid-type]


class Step(Schema):
    event: str = Field(description="The event's slug.")
    round: int
    board: int
    won: bool
    mu: float
    sigma: float
    rating: float


class PersonRating(Schema):
    ruleset: str
    mu: float
    sigma: float
    rating: float
    matches: int
    history: list[Step] = Field(description="The rating after each rated match, in order.")


class PersonEvent(Schema):
    event: str = Field(description="The event's slug.")
    name: str
    date: str | None
    number: int = Field(description="The entrant's pairing number in the event.")
    entrant: str


class PersonOut(Schema):
    person: str
    name: str
    club: str
    ratings: list[PersonRating]
    events: list[PersonEvent]


@router.get("/ratings/", response={200: list[RatingRow], 400: schemas.Detail,
                                   **schemas.READ})
def ratings(request, query: Query[RatingsQuery]):
    """A rating list, best rating first; people with no rated match are left out."""
    return list_json(query.ruleset)


@router.get("/people/{person}/", response={200: PersonOut, 400: schemas.Detail,
                                           404: schemas.Detail, **schemas.READ})
def person(request, person: str):
    """A person (a merged record answers as the person it became), their rating per
    ruleset with its history, and their events."""
    page = people_data.person_page(person) if len(person) <= 60 else None
    if page is None:
        raise HttpError(404, f"Nobody has the id {person[:60]!r}.")
    p = page.person
    return {"person": p.key, "name": p.name, "club": p.club,
            "ratings": [{"ruleset": h.ruleset, "mu": h.mu, "sigma": h.sigma,
                         "rating": h.rating, "matches": h.matches,
                         "history": [{k: s[k] for k in ("event", "round", "board", "won",
                                                        "mu", "sigma", "rating")}
                                     for s in h.steps]} for h in page.ratings],
            "events": [{"event": e["slug"], "name": e["name"],
                        "date": e["date"].isoformat() if e["date"] else None,
                        "number": e["number"], "entrant": e["entrant"]}
                       for e in page.events]}
