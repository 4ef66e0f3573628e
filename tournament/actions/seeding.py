"""Seeding the pairing from the rating lists: each linked entrant's people's current
rating as its pairing rating (rules.entrant_rules.pairing_rating), before round 1."""


from ..models import EntrantPerson, Rating
from ..rules.entrant_rules import counted, pairing_rating
from .base import Action, ActionError, atomic_action, audit, lock_event, require_director
from .entrants import renumber


def current_pairing_rating(entrant, links: dict, ratings: dict) -> int | None:
    """The pairing rating the entrant's people's ratings give (rules.entrant_rules.
    pairing_rating), or None unless every player is linked and rated."""
    wanted = (0, 1) if entrant.is_pair else (0,)
    people = [links.get((entrant.pk, m)) for m in wanted]
    if any(p is None or p not in ratings for p in people):
        return None
    return pairing_rating([ratings[p] for p in people])


def seeding(tournament) -> dict[int, int]:
    """Entrant id -> the pairing rating its linked people's current ratings give (two
    queries); entrants not fully linked and rated are left out."""
    links = {(e, m): p for e, m, p in EntrantPerson.objects.filter(
        entrant__tournament=tournament).values_list("entrant_id", "member", "person_id")}
    ratings = dict(Rating.objects.filter(ruleset=tournament.ruleset,
                                         person__in={p for p in links.values()})
                   .values_list("person_id", "rating"))
    out = {}
    for entrant in tournament.entrants.all():
        value = current_pairing_rating(entrant, links, ratings)
        if value is not None:
            out[entrant.pk] = value
    return out


@atomic_action
def seed_from_ratings(tournament, actor) -> dict[int, int]:
    """Take each linked entrant's people's current rating as its pairing rating (before
    round 1, when the pairing numbers follow it); the director may change any of them
    afterwards on the entrant's form. Returns {pairing number: rating} of those changed."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    if tournament.rounds.exists():
        raise ActionError("Round 1 is paired: the starting ranks are fixed now.")
    wanted = seeding(tournament)
    changed = {}
    for entrant in tournament.entrants.filter(pk__in=wanted):
        if entrant.rating != wanted[entrant.pk]:
            changed[entrant.pk] = (entrant.rating, wanted[entrant.pk])
            entrant.rating = wanted[entrant.pk]
            entrant.save(update_fields=["rating"])
    renumber(tournament)
    numbers = dict(tournament.entrants.filter(pk__in=changed).values_list("pk", "number"))
    plural = "s" if len(changed) != 1 else ""
    audit(tournament, actor, Action.SEED_FROM_RATINGS, f"Took the pairing rating{plural} of "
          f"{counted(len(changed))} from the {tournament.ruleset} rating list",
          ratings={str(numbers[pk]): new for pk, (_, new) in changed.items()},
          before={str(numbers[pk]): old for pk, (old, _) in changed.items()})
    return {numbers[pk]: new for pk, (_, new) in changed.items()}
