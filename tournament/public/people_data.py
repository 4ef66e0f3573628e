"""What the people and rating pages (and their API reads) show, in a fixed number of
queries: a rating list, and a person's ratings, history and events."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import EntrantPerson, Rating, RatingStep, Tournament
from ..reads.rating_lists import RULESETS_RATED, current_person, rating_list


def list_rows(ruleset: str):
    """Rank, person, club, rating, matches and trend, best first (one query)."""
    rows = []
    for rank, r in enumerate(rating_list(ruleset), start=1):
        rows.append({"rank": rank, "key": r.person.key, "name": r.person.name,
                     "club": r.person.club, "mu": r.mu, "sigma": r.sigma, "rating": r.rating,
                     "matches": r.matches, "trend": r.trend})
    return rows


@dataclass
class RatingHistory:
    ruleset: str
    mu: float
    sigma: float
    rating: float
    matches: int
    trend: float
    steps: list[dict] = field(default_factory=list)


@dataclass
class PersonPage:
    person: object
    ratings: list[RatingHistory]
    events: list[dict]


def public_events():
    return Tournament.objects.listed()


def person_page(key: str) -> PersonPage | None:
    """The person (following merges), their rating per list with every step (event, round,
    board, opponent, won or lost, mu, sigma, rating), and their public events: 5 queries."""
    person = current_person(key)
    if person is None:
        return None
    own = {}
    events = []
    for entrant, member, number, name, slug, ev_name, ev_date, kind, members in (
            EntrantPerson.objects.filter(person=person, entrant__tournament__in=public_events())
            .order_by("entrant__tournament__date", "entrant__tournament_id")
            .values_list("entrant_id", "member", "entrant__number", "entrant__name",
                         "entrant__tournament__slug", "entrant__tournament__name",
                         "entrant__tournament__date", "entrant__tournament__entrants_kind",
                         "entrant__members")):
        own[entrant] = True
        partner = ""
        if kind == Tournament.Entrants.PAIRS and members and len(members) > 1:
            partner = members[1 - member].get("name", "")
        events.append({"slug": slug, "name": ev_name, "date": ev_date, "number": number,
                       "entrant": name, "partner": partner})
    if hidden_only(person, events):
        return None
    histories = {r.ruleset: RatingHistory(r.ruleset, r.mu, r.sigma, r.rating, r.matches,
                                          r.trend)
                 for r in Rating.objects.filter(person=person)}
    for (ruleset, match_id, slug, ev_name, number, board, side0, side1, name0, name1, won,
         mu, sigma, rating, lineup, members0, members1) in (
            RatingStep.objects.filter(person=person,
                                      match__round__tournament__in=public_events())
            .order_by("ruleset", "seq")
            .values_list("ruleset", "match_id", "match__round__tournament__slug",
                         "match__round__tournament__name", "match__round__number",
                         "match__board", "match__side0_id", "match__side1_id",
                         "match__side0__name", "match__side1__name", "won", "mu", "sigma",
                         "rating", "match__lineup", "match__side0__members",
                         "match__side1__members")):
        mine_first = side0 in own or side1 not in own
        if lineup:  # a board of a team match: the players it names, and their team
            name0, name1 = (board_players(lineup[0], members0, name0),
                            board_players(lineup[1], members1, name1))
        histories[ruleset].steps.append({
            "event": slug, "event_name": ev_name, "round": number, "board": board,
            "match": match_id, "opponent": name1 if mine_first else name0, "won": won,
            "mu": mu, "sigma": sigma, "rating": rating})
    ordered = [histories[r] for r in RULESETS_RATED if r in histories]
    return PersonPage(person, ordered, events)


def board_players(indices, members, team: str) -> str:
    """The players a team match's board names for one team: "Ann Lee (Red Lion)"."""
    names = [members[i].get("name", "") for i in indices or [] if i < len(members or [])]
    return f"{' & '.join(names)} ({team})" if names else team


def hidden_only(person, events) -> bool:
    """A person linked only in hidden events (none of `events`, the public ones, holds
    them) is not public: their page and API read are a 404, as for nobody. (One query,
    only for a person with no public event.)"""
    return not events and EntrantPerson.objects.filter(person=person).exists()


def entrant_links(entrant) -> list[dict]:
    """The people an event's entrant is linked to, in member order: [{"name", "key"}]
    for the event's player page (one query; empty when never linked)."""
    names = entrant.member_names if entrant.is_pair else [entrant.name]
    return [{"name": names[member] if member < len(names) else name, "key": key}
            for member, key, name in EntrantPerson.objects.filter(entrant=entrant)
            .order_by("member").values_list("member", "person__key", "person__name")]
