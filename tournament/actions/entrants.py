"""Registering, editing and withdrawing entrants; forbidden pairs."""

from django.db import transaction
from django.db.models import Max

from ..entrants_csv import MAX_CLUB, MAX_NAME, clean_rating, parse_entrants
from ..models import Entrant, ForbiddenPair
from .base import ActionError, audit, require_director


def clean_entrant(tournament, *, name, club="", rating=None, exclude=None) -> dict:
    errors = {}
    name = " ".join((name or "").split())
    club = (club or "").strip()
    if not name:
        errors["name"] = ["Give the entrant's name."]
    elif len(name) > MAX_NAME:
        errors["name"] = [f"At most {MAX_NAME} characters."]
    elif tournament.entrants.filter(name__iexact=name).exclude(pk=exclude).exists():
        errors["name"] = [f"{name} is already entered."]
    if len(club) > MAX_CLUB:
        errors["club"] = [f"At most {MAX_CLUB} characters."]
    if rating in ("", None):
        rating = None
    else:
        try:
            rating = clean_rating(str(rating))
        except ValueError:
            errors["rating"] = ["A rating is a whole number from 0 to 4000, or empty."]
    if errors:
        raise ActionError("The entrant's details are not valid.", errors)
    return {"name": name, "club": club, "rating": rating}


def renumber(tournament):
    """Before round 1, pairing numbers follow FIDE's starting rank: rating, then name."""
    if tournament.rounds.exists():
        return
    entrants = list(tournament.entrants.all())
    entrants.sort(key=lambda e: (-(e.rating or 0), e.name.casefold(), e.pk))
    # Two passes keep the (tournament, number) constraint satisfied throughout.
    offset = len(entrants) + 1000
    for e in entrants:
        e.number += offset
    Entrant.objects.bulk_update(entrants, ["number"])
    for i, e in enumerate(entrants, start=1):
        e.number = i
    Entrant.objects.bulk_update(entrants, ["number"])


def next_number(tournament) -> int:
    return (tournament.entrants.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def add_entrant(tournament, actor, *, name, club="", rating=None) -> Entrant:
    require_director(tournament, actor)
    fields = clean_entrant(tournament, name=name, club=club, rating=rating)
    late = tournament.rounds.exists()
    entrant = Entrant.objects.create(tournament=tournament, number=next_number(tournament),
                                     **fields)
    renumber(tournament)
    entrant.refresh_from_db()
    audit(tournament, actor, "add_entrant",
          f"{'Late entry' if late else 'Entered'} {entrant.name}", entrant=entrant.number)
    return entrant


@transaction.atomic
def import_entrants(tournament, actor, text: str) -> list[Entrant]:
    """All or nothing: any bad row refuses the whole file, naming every bad line."""
    require_director(tournament, actor)
    rows, errors = parse_entrants(text)
    existing = {n.casefold() for n in tournament.entrants.values_list("name", flat=True)}
    for row in rows:
        if row.name.casefold() in existing:
            errors.append(f"line {row.line}: {row.name} is already entered")
    if errors:
        raise ActionError(f"The file was not imported: {len(errors)} bad "
                          f"line{'s' if len(errors) != 1 else ''}.", {"file": errors})
    start = next_number(tournament)
    created = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, number=start + i, name=r.name, club=r.club,
                rating=r.rating)
        for i, r in enumerate(rows)
    )
    renumber(tournament)
    audit(tournament, actor, "import_entrants", f"Imported {len(created)} entrants from CSV",
          names=[r.name for r in rows])
    return created


@transaction.atomic
def edit_entrant(entrant, actor, *, name, club="", rating=None, reason="") -> Entrant:
    tournament = entrant.tournament
    require_director(tournament, actor)
    fields = clean_entrant(tournament, name=name, club=club, rating=rating, exclude=entrant.pk)
    before = {"name": entrant.name, "club": entrant.club, "rating": entrant.rating}
    for key, value in fields.items():
        setattr(entrant, key, value)
    entrant.save()
    renumber(tournament)
    audit(tournament, actor, "edit_entrant", f"Edited {entrant.name}", reason,
          entrant=entrant.number, before=before, after=fields)
    return entrant


def last_paired_round(tournament) -> int:
    return tournament.rounds.aggregate(n=Max("number"))["n"] or 0


@transaction.atomic
def withdraw_entrant(entrant, actor, *, reason="") -> Entrant:
    """The entrant plays no round after the last one paired; their results stand."""
    tournament = entrant.tournament
    require_director(tournament, actor)
    if entrant.withdrawn:
        raise ActionError(f"{entrant.name} has already withdrawn.")
    entrant.withdrawn_after_round = last_paired_round(tournament)
    entrant.save(update_fields=["withdrawn_after_round"])
    audit(tournament, actor, "withdraw_entrant", f"Withdrew {entrant.name} after round "
          f"{entrant.withdrawn_after_round}", reason, entrant=entrant.number)
    return entrant


@transaction.atomic
def reinstate_entrant(entrant, actor, *, reason="") -> Entrant:
    tournament = entrant.tournament
    require_director(tournament, actor)
    if not entrant.withdrawn:
        raise ActionError(f"{entrant.name} has not withdrawn.")
    entrant.withdrawn_after_round = None
    entrant.save(update_fields=["withdrawn_after_round"])
    audit(tournament, actor, "reinstate_entrant", f"Reinstated {entrant.name}", reason,
          entrant=entrant.number)
    return entrant


@transaction.atomic
def add_forbidden_pair(tournament, actor, *, first, second, reason="") -> ForbiddenPair:
    require_director(tournament, actor)
    if first.tournament_id != tournament.pk or second.tournament_id != tournament.pk:
        raise ActionError("Both entrants must be in this event.")
    if first.pk == second.pk:
        raise ActionError("Choose two different entrants.",
                          {"second": ["An entrant cannot be kept apart from themselves."]})
    if first.number > second.number:
        first, second = second, first
    if ForbiddenPair.objects.filter(first=first, second=second).exists():
        raise ActionError(f"{first.name} and {second.name} are already kept apart.")
    pair = ForbiddenPair.objects.create(tournament=tournament, first=first, second=second,
                                        reason=reason.strip()[:200])
    audit(tournament, actor, "add_forbidden_pair",
          f"{first.name} and {second.name} will not be paired", reason,
          entrants=[first.number, second.number])
    return pair


@transaction.atomic
def remove_forbidden_pair(pair, actor) -> None:
    tournament = pair.tournament
    require_director(tournament, actor)
    audit(tournament, actor, "remove_forbidden_pair",
          f"{pair.first.name} and {pair.second.name} may be paired again",
          entrants=[pair.first.number, pair.second.number])
    pair.delete()
