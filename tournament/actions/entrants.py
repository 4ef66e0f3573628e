"""Registering, editing, withdrawing and deleting entrants (players, or pairs); kept-apart pairs.

Every action locks the event's row first, as pairing does: two directors importing the
same list at once are served one after the other, and the second finds every name
already entered. The database's unique rule on (event, name, club) backs this up.
"""

from django.db import IntegrityError, transaction
from django.db.models import Max, Q

from ..interchange.entrants_csv import Parsed, parse_entrants, parse_teams
from ..models import Entrant, Entry, ForbiddenPair, Match
from ..rules.entrant_rules import MAX_ENTRANTS, check_entrant, check_team, counted
from ..text.collation import name_key
from .base import (
    Action,
    ActionError,
    atomic_action,
    audit,
    checked_reason,
    lock_event,
    require_director,
    sentence,
)
from .people import link_csv_rows


def clean_entrant(tournament, *, name="", club="", rating=None, members=None,
                  exclude=None, captain=None, venue="") -> dict:
    """The entrant's fields as stored, or ActionError naming each bad field. In a team
    event the entrant is a team: its roster (`members`), `captain` and `venue` too
    (rules.entrant_rules.check_team)."""
    if tournament.is_teams:
        fields, problems = check_team(name=name, club=club, rating=rating, members=members,
                                      captain=captain, venue=venue)
    else:
        fields, problems = check_entrant(name=name, club=club, rating=rating,
                                         members=members, pairs=tournament.is_pairs)
    errors = {key: [sentence(message)] for key, message in problems.items()}
    if not errors:
        twins = tournament.entrants.exclude(pk=exclude).named(fields["name"], fields["club"])
        if twins:
            twin = twins[0]
            what = fields["name"] + (f" ({fields['club']})" if fields["club"] else "")
            hint = ("give the pair another name" if tournament.is_pairs
                    else "give the team another name" if tournament.is_teams
                    else "if they are two people, give the club that tells them apart")
            errors["name"] = [f"{what} is already entered as number {twin.number}: {hint}."]
    if errors:
        raise ActionError("The entrant's details are not valid.", errors)
    return fields


def read_csv(tournament, text: str) -> Parsed:
    """The list as it would be imported into the event now (no change is made)."""
    existing = list(tournament.entrants.values_list("name", "club"))
    if tournament.is_teams:
        return parse_teams(text, existing=existing)
    return parse_entrants(text, pairs=tournament.is_pairs, existing=existing)


def renumber(tournament):
    """Before round 1, pairing numbers follow FIDE's starting rank: rating, then name."""
    if tournament.rounds.exists():
        return
    entrants = list(tournament.entrants.all())
    entrants.sort(key=lambda e: (-(e.rating or 0), name_key(e.name), e.pk))
    shift_numbers(entrants, list(range(1, len(entrants) + 1)))


def shift_numbers(entrants, numbers):
    # Two passes keep the (tournament, number) constraint satisfied throughout.
    offset = max([e.number for e in entrants] + numbers, default=0) + 1
    for e in entrants:
        e.number += offset
    Entrant.objects.bulk_update(entrants, ["number"])
    for e, number in zip(entrants, numbers, strict=True):
        e.number = number
    Entrant.objects.bulk_update(entrants, ["number"])


def next_number(tournament) -> int:
    return (tournament.entrants.aggregate(n=Max("number"))["n"] or 0) + 1


def describe(entrant_or_fields) -> dict:
    """An entrant's details for the audit log."""
    get = (entrant_or_fields.get if isinstance(entrant_or_fields, dict)
           else lambda key: getattr(entrant_or_fields, key))
    detail = {"name": get("name"), "club": get("club"), "rating": get("rating")}
    if get("members"):
        detail["members"] = get("members")
    if get("captain") is not None:
        detail["captain"] = get("captain")
    if get("venue"):
        detail["venue"] = get("venue")
    return detail


def inserted(create):
    """Run an insert; a unique rule broken by a racing request is an ActionError, not a 500."""
    try:
        with transaction.atomic():
            return create()
    except IntegrityError as exc:
        raise ActionError("An entrant with this name and club was entered at the same "
                          "moment by someone else; nothing was changed.",
                          {"name": ["Already entered."]}) from exc


@atomic_action
def add_entrant(tournament, actor, *, name="", club="", rating=None, members=None,
                captain=None, venue="") -> Entrant:
    """A player, a pair, or (in a team event) a team with its roster, captain and venue."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    return admit_entrant(tournament, actor, name=name, club=club, rating=rating,
                         members=members, captain=captain, venue=venue)


@atomic_action
def admit_entrant(tournament, actor, *, name="", club="", rating=None, members=None,
                  captain=None, venue="", entry=None) -> Entrant:
    """The entrant added, with its audit row: the work of `add_entrant`, and of an entry
    taking its place (actions/entries.py: accepted by a director, or moved up from the
    waiting list when a place frees). The caller has locked the event and checked who may;
    `entry`: the entry it comes from, which the audit row names."""
    fields = clean_entrant(tournament, name=name, club=club, rating=rating, members=members,
                           captain=captain, venue=venue)
    if tournament.entrants.count() >= MAX_ENTRANTS:
        raise ActionError(f"An event takes at most {MAX_ENTRANTS:,} entrants.")
    late = tournament.rounds.exists()
    entrant = inserted(lambda: Entrant.objects.create(
        tournament=tournament, number=next_number(tournament), **fields))
    renumber(tournament)
    entrant.refresh_from_db()
    via = {"from_entry": entry.pk} if entry is not None else {}
    audit(tournament, actor, Action.ADD_ENTRANT,
          f"{'Late entry' if late else 'Entered'} {entrant.name}"
          f"{' from an online entry' if entry is not None else ''}", entrant=entrant.number,
          **describe(entrant), **via)
    return entrant


# ------------------------------------------------------------------ places and the waiting list

def places_taken(tournament) -> int:
    """What the entries cap counts: the event's entrants still in (however entered)."""
    return tournament.entrants.filter(withdrawn_after_round__isnull=True).count()


def places_free(tournament) -> int | None:
    """Places left under the entries cap (never below 0), or None where there is no cap."""
    if tournament.entries_cap is None:
        return None
    return max(0, tournament.entries_cap - places_taken(tournament))


@atomic_action
def fill_places(tournament, actor) -> list[Entry]:
    """While a place is free under the cap (or there is no cap) and round 1 is not paired,
    the first waiting entry (in the order the entries were made) becomes an entrant:
    called by every action that frees a place or raises the cap, under the event's lock.
    Returns the entries that moved up."""
    moved = []
    if tournament.rounds.exists():
        return moved  # from round 1 on, nobody joins by themselves: the director decides
    for entry in tournament.entries.waiting_list():
        free = places_free(tournament)
        if free is not None and free <= 0:
            break
        try:
            entry.entrant = admit_entrant(tournament, actor, name=entry.name, club=entry.club,
                                          members=entry.members or None,
                                          captain=entry.captain, entry=entry)
        except ActionError:
            # Its name was entered by hand meanwhile: it stays waiting, for the director
            # (its savepoint rolled back), and the next one in line takes the place.
            continue
        entry.status = Entry.Status.ACCEPTED
        entry.save(update_fields=["entrant", "status"])
        audit(tournament, actor, Action.ENTRY_MOVED_UP,
              f"{entry.name} moved up from the waiting list as number {entry.entrant.number}",
              entry=entry.pk, entrant=entry.entrant.number)
        moved.append(entry)
    return moved


@atomic_action
def import_entrants(tournament, actor, text: str) -> list[Entrant]:
    """All or nothing: any bad line refuses the whole list, naming every bad line.

    The text is read again here, under the event's lock, whatever a preview showed.
    """
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    parsed = read_csv(tournament, text)
    if parsed.errors:
        count = len(parsed.errors)
        raise ActionError(f"The list was not imported: {count} "
                          f"problem{'s' if count != 1 else ''}.", {"file": parsed.errors})
    start = next_number(tournament)
    created = inserted(lambda: Entrant.objects.bulk_create(
        Entrant(tournament=tournament, number=start + i, **fields)
        for i, fields in enumerate(parsed.rows)))
    link_csv_rows(tournament, created, parsed.people, actor)
    renumber(tournament)
    audit(tournament, actor, Action.IMPORT_ENTRANTS, f"Imported {counted(len(created))} from CSV",
          names=[row["name"] for row in parsed.rows], warnings=parsed.warnings)
    return created


@atomic_action
def edit_entrant(entrant, actor, *, name="", club="", rating=None, members=None,
                 reason="", captain=None, venue="") -> Entrant:
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    entrant = Entrant.objects.get(pk=entrant.pk, tournament=tournament)
    reason = checked_reason(reason)
    fields = clean_entrant(tournament, name=name, club=club, rating=rating, members=members,
                           exclude=entrant.pk, captain=captain, venue=venue)
    if tournament.is_teams and len(fields["members"]) < len(entrant.members or []) and \
            has_played([entrant]):
        raise ActionError(f"{entrant.name} has played: its roster's members stay (their "
                          "boards name them); add members, or change their names.",
                          {"members": ["A member who may have played cannot be removed."]})
    before = describe(entrant)
    for key, value in fields.items():
        setattr(entrant, key, value)
    inserted(entrant.save)
    renumber(tournament)
    entrant.refresh_from_db()
    after = describe(fields)
    audit(tournament, actor, Action.EDIT_ENTRANT, edit_summary(before, after), reason,
          entrant=entrant.number, before=before, after=after)
    return entrant


WORDS = {"club": "club", "rating": "rating", "members": "partners", "captain": "captain",
         "venue": "venue"}


def edit_summary(before: dict, after: dict) -> str:
    """The audit line of an edit, naming what changed from what to what."""
    def shown(key, value):
        if key == "members":
            return " & ".join(m.get("name", "") for m in value or []) or "none"
        return "none" if value in (None, "") else str(value)

    changes = [f"{WORDS[key]} {shown(key, before.get(key))} → {shown(key, after.get(key))}"
               for key in WORDS if before.get(key) != after.get(key)]
    if before["name"] != after["name"]:
        return "; ".join([f"Renamed {before['name']} to {after['name']}", *changes])
    if not changes:
        return f"Edited {after['name']} (nothing changed)"
    return f"Edited {after['name']}: " + "; ".join(changes)


def last_paired_round(tournament) -> int:
    return tournament.rounds.aggregate(n=Max("number"))["n"] or 0


def has_played(entrants) -> bool:
    """Whether any of these entrants is on a board of any round, draft or not."""
    return Match.objects.filter(Q(side0__in=entrants) | Q(side1__in=entrants)).exists()


@atomic_action
def delete_entrant(entrant, actor, *, reason="") -> None:
    """Remove an entrant never paired (entered by mistake); one who has played withdraws.

    After round 1, pairing numbers must stay 1..N: the entrants numbered after this one
    move down one, so only while none of them has been paired either.
    """
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    entrant = Entrant.objects.get(pk=entrant.pk, tournament=tournament)
    reason = checked_reason(reason)
    if has_played([entrant]):
        raise ActionError(f"{entrant.name} has been paired, so stays in the event's "
                          "history: withdraw them instead.")
    if not reason.strip():  # docs/directors.md: the audit log says why they went
        raise ActionError(f"Say why {entrant.name} is deleted: the reason is kept in the "
                          "audit log.", {"reason": ["Deleting an entrant needs a reason."]})
    later = list(tournament.entrants.filter(number__gt=entrant.number).order_by("number"))
    if tournament.rounds.exists() and has_played(later):
        raise ActionError(f"Entrants numbered after {entrant.name} have been paired, and "
                          "their numbers cannot change: withdraw them instead.")
    kept_apart = ForbiddenPair.objects.filter(Q(first=entrant) | Q(second=entrant)).count()
    detail = {"entrant": entrant.number, **describe(entrant), "kept_apart_removed": kept_apart}
    # An entrant who came from an entry before the day: that entry is withdrawn with them.
    Entry.objects.filter(entrant=entrant).update(status=Entry.Status.WITHDRAWN)
    entrant.delete()
    if tournament.rounds.exists():
        shift_numbers(later, [e.number - 1 for e in later])
    else:
        renumber(tournament)
    audit(tournament, actor, Action.DELETE_ENTRANT, f"Deleted {detail['name']}", reason, **detail)
    fill_places(tournament, actor)  # a place under the entries cap may have freed


@atomic_action
def withdraw_entrant(entrant, actor, *, reason="") -> Entrant:
    """The entrant plays no round after the last one paired; their results stand."""
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    entrant = Entrant.objects.get(pk=entrant.pk, tournament=tournament)
    reason = checked_reason(reason)
    if entrant.withdrawn:
        raise ActionError(f"{entrant.name} has already withdrawn.")
    if not reason.strip():  # docs/directors.md: a withdrawal is explained in the audit log
        raise ActionError(f"Say why {entrant.name} withdraws: the reason is kept in the "
                          "audit log.", {"reason": ["A withdrawal needs a reason."]})
    entrant.withdrawn_after_round = last_paired_round(tournament)
    entrant.save(update_fields=["withdrawn_after_round"])
    audit(tournament, actor, Action.WITHDRAW_ENTRANT, f"Withdrew {entrant.name} after round "
          f"{entrant.withdrawn_after_round}", reason, entrant=entrant.number)
    fill_places(tournament, actor)  # before round 1, a place under the cap may have freed
    return entrant


@atomic_action
def reinstate_entrant(entrant, actor, *, reason="") -> Entrant:
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    entrant = Entrant.objects.get(pk=entrant.pk, tournament=tournament)
    reason = checked_reason(reason)
    if not entrant.withdrawn:
        raise ActionError(f"{entrant.name} has not withdrawn.")
    entrant.withdrawn_after_round = None
    entrant.save(update_fields=["withdrawn_after_round"])
    audit(tournament, actor, Action.REINSTATE_ENTRANT, f"Reinstated {entrant.name}", reason,
          entrant=entrant.number)
    return entrant


@atomic_action
def add_forbidden_pair(tournament, actor, *, first, second, reason="") -> ForbiddenPair:
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    reason = checked_reason(reason)
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
                                        reason=reason)
    audit(tournament, actor, Action.ADD_FORBIDDEN_PAIR,
          f"{first.name} and {second.name} will not be paired", reason,
          entrants=[first.number, second.number])
    return pair


@atomic_action
def remove_forbidden_pair(pair, actor) -> None:
    tournament = lock_event(pair.tournament)
    require_director(tournament, actor)
    audit(tournament, actor, Action.REMOVE_FORBIDDEN_PAIR,
          f"{pair.first.name} and {pair.second.name} may be paired again",
          entrants=[pair.first.number, pair.second.number])
    pair.delete()

