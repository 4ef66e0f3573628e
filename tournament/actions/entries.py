"""Entries before the day (shared/spec/venue.md, "Entries before the day"; the rules in
docs/directors.md): the director opens, closes and caps entries; anyone makes an entry
while they are open; the director accepts or declines it; the person who entered
withdraws it with the entry's code.

Statuses: an entry is `pending` when made. Accepted by a director, it becomes an entrant
(through the entrants' own action, `entrants.admit_entrant`: nothing is typed twice)
while the cap leaves a place, else it is `waiting`. Waiting entries move up, in the order
the entries were made, when a place frees (`entrants.fill_places`): an accepted entry
withdrawn, the cap raised or lifted, an entrant deleted or withdrawn on the entrants
page; only until round 1 is paired. A director declines a pending or waiting entry
(`declined`); its maker withdraws a pending, waiting or accepted one (`withdrawn`; an
accepted one's entrant is removed, until round 1 is paired).

Every action locks the event's row first, as the entrants' do: two entries of one name at
once are served one after the other, and the second is refused.
"""

from django.db.models import Q
from django.utils import timezone

from ..models import Entry
from ..models.entries import code_digest
from ..models.player_keys import new_key
from ..rules.entrant_rules import MAX_ENTRANTS, entrant_key
from ..rules.entry_rules import PAIRS, SINGLES, TEAMS, check_entry
from .base import (
    Action,
    ActionError,
    NotFound,
    PermissionDenied,
    atomic_action,
    audit,
    checked_reason,
    lock_event,
    require_director,
    require_seen,
    sentence,
)
from .entrants import admit_entrant, fill_places, places_free, places_taken, renumber

MAX_ENTRIES = 2 * MAX_ENTRANTS  # per event, every status counted: a flood's ceiling
MAX_CAP = MAX_ENTRANTS


def kind_of(tournament) -> str:
    """singles, pairs or teams: what an entry of this event names."""
    if tournament.is_pairs:
        return PAIRS
    return TEAMS if tournament.is_teams else SINGLES


def position_of(entry) -> int | None:
    """The entry's place on the waiting list (1 first), or None when it is not waiting."""
    if entry.status != Entry.Status.WAITING:
        return None
    return Entry.objects.waiting_list().filter(
        Q(made_at__lt=entry.made_at) | Q(made_at=entry.made_at, pk__lte=entry.pk),
        tournament_id=entry.tournament_id).count()


def described(entry) -> dict:
    """An entry as the audit names it: never its contact, which only the directors see."""
    detail = {"entry": entry.pk, "name": entry.name}
    if entry.club:
        detail["club"] = entry.club
    if entry.members:
        detail["members"] = entry.member_names
    if entry.captain is not None:
        detail["captain"] = entry.captain_name
    return detail


# ------------------------------------------------------------------ the settings

@atomic_action
def set_entries(tournament, actor, *, open: bool, closes_at=None, cap=None,  # noqa: A002
                reason="") -> list[Entry]:
    """Open or close entries, set when they close and the cap. A cap below the entrants
    already in is refused; a cap raised or lifted lets the waiting list move up (the
    entries that moved up are returned)."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    reason = checked_reason(reason)
    if not isinstance(open, bool):
        raise ActionError("Say whether entries are open.", {"open": ["true or false"]})
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int)
                            or not 1 <= cap <= MAX_CAP):
        raise ActionError(f"The cap is a whole number from 1 to {MAX_CAP:,}, or none.",
                          {"cap": [f"a whole number from 1 to {MAX_CAP:,}, or empty"]})
    if closes_at is not None and timezone.is_naive(closes_at):
        closes_at = timezone.make_aware(closes_at)
    taken = places_taken(tournament)
    if cap is not None and cap < taken:
        message = (f"The cap cannot be {cap}: {taken} entrants are already in. Withdraw "
                   f"entries (or entrants) first, or give a cap of at least {taken}.")
        raise ActionError(message, {"cap": [f"at least {taken}, the entrants already in"]})
    before = tournament.entries_settings
    tournament.entries_open, tournament.entries_close_at = open, closes_at
    tournament.entries_cap = cap
    tournament.save(update_fields=["entries_open", "entries_close_at", "entries_cap"])
    after = tournament.entries_settings
    if before == after:
        raise ActionError("Nothing changed: the entries settings are as they were.")
    words = ["open" if open else "closed"]
    if closes_at is not None:
        words.append(f"closing {timezone.localtime(closes_at):%d %b %Y %H:%M}")
    words.append(f"cap {cap}" if cap is not None else "no cap")
    audit(tournament, actor, Action.SET_ENTRIES, "Entries " + ", ".join(words), reason,
          before=before, after=after)
    return fill_places(tournament, actor)


# ------------------------------------------------------------------ making an entry

def clean_entry(tournament, **sent) -> dict:
    """The entry's fields as stored, or ActionError (422) naming each bad field: hostile
    text as the entrants' rules refuse it, a name already entered or an entrant's."""
    fields, problems = check_entry(kind_of(tournament), **sent)
    errors = {key: [sentence(message)] for key, message in problems.items()}
    if not errors:
        key = entrant_key(fields["name"], "" if tournament.is_pairs else fields["club"])
        twins = tournament.entrants.named(*key_of(fields, tournament))
        what = fields["name"] + (f" ({fields['club']})" if fields["club"] and
                                 not tournament.is_pairs else "")
        if twins:
            errors["name"] = [f"{what} is already entered in {tournament.name}."]
        elif any(entrant_key(e.name, "" if tournament.is_pairs else e.club) == key
                 for e in tournament.entries.in_line().only("name", "club")):
            errors["name"] = [f"{what} has already sent an entry to {tournament.name}: "
                              "one entry is enough (its code shows how it stands)."]
    if errors:
        raise ActionError("The entry is not valid: " + " ".join(
            message for messages in errors.values() for message in messages), errors,
            status=422)
    return fields


def key_of(fields, tournament) -> tuple[str, str]:
    """(name, club) as an entrant of the entry would be compared with the others."""
    return fields["name"], "" if tournament.is_pairs else fields["club"]


def refuse_closed(tournament, now) -> None:
    if not tournament.entries_open:
        raise ActionError(f"Entries to {tournament.name} are closed.", status=409)
    if not tournament.taking_entries(now):
        when = timezone.localtime(tournament.entries_close_at)
        raise ActionError(f"Entries to {tournament.name} closed at {when:%H:%M on %d %B %Y}.",
                          status=409)


@atomic_action
def make_entry(tournament, actor, *, name="", club="", contact="", members=None,
               captain=None, now=None) -> tuple[Entry, str]:
    """A new pending entry and its code (shown once: only its digest is kept). Refused
    409 while entries are closed or past their closing time, 422 for a bad field or a
    name already entered; 404 where the event is hidden from `actor`."""
    tournament = lock_event(tournament)
    require_seen(tournament, actor)
    refuse_closed(tournament, now or timezone.now())
    fields = clean_entry(tournament, name=name, club=club, contact=contact, members=members,
                         captain=captain)
    if tournament.entries.count() >= MAX_ENTRIES:
        raise ActionError(f"{tournament.name} has taken the most entries it can hold "
                          f"({MAX_ENTRIES:,}); ask its director.", status=409)
    code = new_key()
    entry = Entry.objects.create(tournament=tournament, digest=code_digest(code), **fields)
    audit(tournament, actor, Action.MAKE_ENTRY, f"Entry made: {entry.name}", **described(entry))
    return entry, code


# ------------------------------------------------------------------ the director's decisions

def locked_entry(entry):
    """The event locked, and the entry read again under its lock."""
    tournament = lock_event(entry.tournament)
    fresh = Entry.objects.select_related("entrant").filter(
        pk=entry.pk, tournament=tournament).first()
    if fresh is None:
        raise NotFound("There is no such entry.")
    fresh.tournament = tournament
    return tournament, fresh


def refuse_status(entry, doing: str, *allowed):
    if entry.status not in allowed:
        raise ActionError(f"{entry.name}'s entry is {entry.get_status_display().lower()}: it "
                          f"cannot be {doing}.", status=409)


@atomic_action
def accept_entry(entry, actor) -> Entry:
    """A pending (or declined) entry accepted: an entrant at once while a place is free
    under the cap, else waiting."""
    tournament, entry = locked_entry(entry)
    require_director(tournament, actor)
    refuse_status(entry, "accepted", Entry.Status.PENDING, Entry.Status.DECLINED)
    entry.decided_at = timezone.now()
    free = places_free(tournament)
    if free is None or free > 0:
        entry.entrant = admit_entrant(tournament, actor, name=entry.name, club=entry.club,
                                      members=entry.members or None, captain=entry.captain,
                                      entry=entry)
        entry.status = Entry.Status.ACCEPTED
        summary = f"Accepted {entry.name}'s entry: number {entry.entrant.number}"
    else:
        entry.status = Entry.Status.WAITING
        summary = f"Accepted {entry.name}'s entry onto the waiting list (the cap is full)"
    entry.save(update_fields=["status", "entrant", "decided_at"])
    audit(tournament, actor, Action.ACCEPT_ENTRY, summary, status=entry.status,
          entrant=entry.entrant.number if entry.entrant else None, **described(entry))
    return entry


@atomic_action
def decline_entry(entry, actor, *, reason="") -> Entry:
    """A pending or waiting entry declined."""
    tournament, entry = locked_entry(entry)
    require_director(tournament, actor)
    reason = checked_reason(reason)
    refuse_status(entry, "declined", Entry.Status.PENDING, Entry.Status.WAITING)
    entry.status, entry.decided_at = Entry.Status.DECLINED, timezone.now()
    entry.save(update_fields=["status", "decided_at"])
    audit(tournament, actor, Action.DECLINE_ENTRY, f"Declined {entry.name}'s entry", reason,
          **described(entry))
    return entry


# ------------------------------------------------------------------ withdrawing

def require_maker(entry, actor, code) -> str:
    """Who withdraws: the holder of the entry's code, or a director of the event. Returns
    how the audit names them."""
    if code is not None:
        if code_digest(code) != entry.digest:
            raise PermissionDenied("This is not the code of this entry.")
        return "its code"
    require_director(entry.tournament, actor)
    return "a director"


@atomic_action
def withdraw_entry(entry, actor, *, code: str | None = None, reason="") -> Entry:
    """The entry withdrawn by whoever holds its code (or a director of the event). An
    accepted entry's entrant is removed, and the waiting list moves up; once round 1 is
    paired an accepted entry is withdrawn as an entrant, by the director."""
    tournament, entry = locked_entry(entry)
    by = require_maker(entry, actor, code)
    reason = checked_reason(reason)
    refuse_status(entry, "withdrawn", Entry.Status.PENDING, Entry.Status.WAITING,
                  Entry.Status.ACCEPTED)
    detail = described(entry)
    if entry.status == Entry.Status.ACCEPTED and entry.entrant is not None:
        if tournament.rounds.exists():
            raise ActionError(f"{tournament.name} has begun: {entry.name} is in its draw, "
                              "so only the director can withdraw them (as an entrant).",
                              status=409)
        detail["entrant"] = entry.entrant.number
        entry.entrant.delete()  # never paired: round 1 is not
        entry.entrant = None
        renumber(tournament)
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status", "entrant"])
    audit(tournament, actor, Action.WITHDRAW_ENTRY,
          f"{entry.name}'s entry withdrawn by {by}", reason, **detail)
    fill_places(tournament, actor)
    return entry
