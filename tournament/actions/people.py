"""People across events: making a person, linking an entrant (or a pair member) to one,
merging two records that are one person and undoing that merge.

Nothing here links by name alone: a link is always asked for (a director's choice, an
archive's or a CSV's person id), so two players who share a name stay two people until
someone says they are one (shared/spec/ratings.md). Every change that alters who played a
rated match rebuilds the rating lists it touches (tournament/rating_store.py).
"""

import re

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from .. import rating_store
from ..entrant_rules import (
    MAX_CLUB,
    MAX_NAME,
    MAX_PERSON_ID,
    PERSON_ID_RULE,
    clean_name,
    is_person_id,
    pairing_rating,
)
from ..models import AuditEntry, EntrantPerson, Person, Rating
from ..text import TextError
from .base import ActionError, PermissionDenied, audit, lock_event, require_director
from .entrants import renumber


def new_key(name: str, club: str = "") -> str:
    """A free person id made from the name and club: "ann-lee-leek", then "ann-lee-leek-2"."""
    base = re.sub(r"[-_]+", "-", slugify(f"{name} {club}"))[:MAX_PERSON_ID - 4].strip("-")
    base = base or "person"
    key, n = base, 1
    taken = set(Person.objects.filter(key__startswith=base).values_list("key", flat=True))
    while key in taken:
        n += 1
        key = f"{base}-{n}"
    return key


def checked_key(key: str) -> str:
    if not is_person_id(key):
        raise ActionError(f"{str(key)[:60]!r} is not a person id.", {"person": [
            f"A person id is {PERSON_ID_RULE}, such as ann-lee-leek."]})
    return key


def _text(value, field, limit) -> str:
    try:
        return clean_name(value, field, limit)
    except TextError as exc:
        raise ActionError(str(exc), {field: [str(exc)]}) from None


@transaction.atomic
def create_person(actor, *, name: str, club: str = "", key: str = "", tournament=None) -> Person:
    """A new person; `key` (their id) is made from the name and club when not given."""
    name, club = _text(name, "name", MAX_NAME), _text(club, "club", MAX_CLUB)
    if not name:
        raise ActionError("A person needs a name.", {"name": ["The name is empty."]})
    key = checked_key(key) if key else new_key(name, club)
    try:
        with transaction.atomic():
            person = Person.objects.create(key=key, name=name, club=club)
    except IntegrityError:
        raise ActionError(f"The person id {key!r} is taken.", {"person": [
            f"{key!r} already names someone."]}) from None
    audit(tournament, actor, "create_person", f"Added the person {name} ({key})",
          person=key)
    return person


def check_member(entrant, member: int) -> None:
    slots = len(entrant.members) if entrant.is_pair else 1
    if not isinstance(member, int) or not 0 <= member < slots:
        raise ActionError(f"{entrant.name} has no member {member}.")


def member_name(entrant, member: int) -> str:
    return entrant.members[member]["name"] if entrant.is_pair else entrant.name


def member_club(entrant, member: int) -> str:
    return entrant.members[member].get("club", "") if entrant.is_pair else entrant.club


@transaction.atomic
def link_entrant(entrant, actor, *, person: Person | None, member: int = 0) -> None:
    """Link a singles entrant (member 0) or a pair's member 0 or 1 to `person`, or unlink
    it (None). A person plays once in an event."""
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    check_member(entrant, member)
    old = EntrantPerson.objects.filter(entrant=entrant, member=member).select_related(
        "person").first()
    if person is not None:
        if person.merged_into_id:
            raise ActionError(f"{person.name} ({person.key}) was merged into another record; "
                              "link the person it became.")
        elsewhere = (EntrantPerson.objects.filter(entrant__tournament=tournament, person=person)
                     .exclude(entrant=entrant, member=member).select_related("entrant").first())
        if elsewhere is not None:
            raise ActionError(f"{person.name} ({person.key}) already plays in this event as "
                              f"number {elsewhere.entrant.number}: one person plays once.",
                              {"person": ["This person is already linked in this event."]})
    if (old and old.person_id) == (person and person.pk):
        return
    if old is not None:
        old.delete()
    if person is not None:
        EntrantPerson.objects.create(entrant=entrant, member=member, person=person)
    who = member_name(entrant, member)
    summary = (f"Linked {who} (number {entrant.number}) to the person {person.key}"
               if person else f"Unlinked {who} (number {entrant.number}) from {old.person.key}")
    audit(tournament, actor, "link_person", summary, entrant=entrant.pk, member=member,
          old=old.person.key if old else None, new=person.key if person else None)
    rating_store.entrant_changed(entrant)


def link_archive_people(tournament, players, entrants) -> None:
    """The archive's person ids for an event being imported (inside its transaction):
    each links to the person of that id, who is made (with the archive's name and club)
    where none exists. `entrants` maps pairing numbers to the saved Entrant rows."""
    wanted = []
    for p in players:
        holders = p.get("members") or [] if tournament.is_pairs else [p]
        for member, holder in enumerate(holders):
            if holder.get("person") is not None:
                club = holder.get("club") or (p.get("club", "") if not tournament.is_pairs
                                              else "")
                wanted.append((entrants[p["id"]], member, holder["person"],
                               holder["name"].strip(), club.strip()))
    if not wanted:
        return
    known = {p.key: p for p in Person.objects.filter(key__in=[w[2] for w in wanted])}
    fresh = [Person(key=key, name=name, club=club) for _, _, key, name, club in wanted
             if key not in known]
    Person.objects.bulk_create(fresh)
    known.update({p.key: p for p in Person.objects.filter(key__in=[p.key for p in fresh])})
    for key in [k for k in known if known[k].merged_into_id]:
        known[key] = rating_store.current_person(key)
    EntrantPerson.objects.bulk_create([EntrantPerson(entrant=e, member=m, person=known[key])
                                       for e, m, key, _, _ in wanted])


# ----------------------------------------------------------------- merging


def require_staff(user):
    if user is not None and not (user.is_authenticated and user.is_staff):
        raise PermissionDenied("Only staff may merge or unmerge people.")


@transaction.atomic
def merge_people(actor, *, keep: Person, gone: Person, reason: str) -> AuditEntry:
    """`gone` is the same person as `keep`: every link of `gone` moves to `keep`, and
    `gone` stays as a record pointing at `keep` (its id still finds them). The audit entry
    lists the links moved, which is what `unmerge_people` puts back."""
    require_staff(actor)
    keep, gone = (Person.objects.select_for_update().get(pk=p.pk) for p in (keep, gone))
    if keep.pk == gone.pk:
        raise ActionError("A person cannot be merged into themselves.")
    if keep.merged_into_id or gone.merged_into_id:
        raise ActionError("One of these records is already merged into another: merge the "
                          "people they became.")
    reason = _text(reason, "reason", 300)
    if not reason:
        raise ActionError("Say why these are one person.", {"reason": [
            "Give a reason: it stays in the audit log."]})
    events = [set(EntrantPerson.objects.filter(person=p)
                  .values_list("entrant__tournament__name", "entrant__tournament_id"))
              for p in (keep, gone)]
    if events[0] & events[1]:
        raise ActionError(f"{keep.name} and {gone.name} both played in "
                          f"{min(events[0] & events[1])[0]}: they are two people.")
    links = list(EntrantPerson.objects.filter(person=gone).values_list("pk", flat=True))
    EntrantPerson.objects.filter(pk__in=links).update(person=keep)
    gone.merged_into = keep
    gone.save(update_fields=["merged_into"])
    entry = audit(None, actor, "merge_people", f"Merged {gone.name} ({gone.key}) into "
                  f"{keep.name} ({keep.key})", reason, keep=keep.key, gone=gone.key,
                  links=links)
    rating_store.people_changed([keep.pk, gone.pk])
    return entry


@transaction.atomic
def unmerge_people(actor, *, entry_id: int, reason: str) -> AuditEntry:
    """Undo the merge recorded by audit entry `entry_id`: its links go back to the
    record that was merged, which is a person of its own again."""
    require_staff(actor)
    entry = AuditEntry.objects.filter(pk=entry_id, action="merge_people").first()
    if entry is None:
        raise ActionError(f"Audit entry {entry_id} is not a merge of two people.")
    keep = Person.objects.select_for_update().get(key=entry.detail["keep"])
    gone = Person.objects.select_for_update().get(key=entry.detail["gone"])
    if gone.merged_into_id != keep.pk:
        raise ActionError(f"{gone.name} ({gone.key}) is no longer merged into {keep.key}: "
                          "this merge was already undone.")
    reason = _text(reason, "reason", 300)
    if not reason:
        raise ActionError("Say why the merge is undone.", {"reason": [
            "Give a reason: it stays in the audit log."]})
    EntrantPerson.objects.filter(pk__in=entry.detail["links"], person=keep).update(person=gone)
    gone.merged_into = None
    gone.save(update_fields=["merged_into"])
    undone = audit(None, actor, "unmerge_people", f"Undid the merge of {gone.name} "
                   f"({gone.key}) into {keep.name} ({keep.key})", reason, keep=keep.key,
                   gone=gone.key, merge=entry.pk)
    rating_store.people_changed([keep.pk, gone.pk])
    return undone


# ----------------------------------------------------------------- registering


def suggestions(entrant, member: int = 0, limit: int = 8) -> list[Person]:
    """People who may be this entrant (or pair member): the same name, then the same
    club with the same surname; the director chooses, nothing is linked by this."""
    check_member(entrant, member)
    return list(Person.objects.current().like(member_name(entrant, member),
                                              member_club(entrant, member))[:limit])


@transaction.atomic
def link_new_person(entrant, actor, *, member: int = 0) -> Person:
    """A new person made from the entrant's (or pair member's) name and club, and linked."""
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    check_member(entrant, member)
    person = create_person(actor, name=member_name(entrant, member),
                           club=member_club(entrant, member), tournament=tournament)
    link_entrant(entrant, actor, person=person, member=member)
    return person


def current_pairing_rating(entrant, links: dict, ratings: dict) -> int | None:
    """The pairing rating the entrant's people's ratings give (entrant_rules.
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


@transaction.atomic
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
    audit(tournament, actor, "seed_from_ratings", f"Took {len(changed)} entrants' pairing "
          f"ratings from their people's {tournament.ruleset} ratings",
          ratings={str(numbers[pk]): new for pk, (_, new) in changed.items()},
          before={str(numbers[pk]): old for pk, (old, _) in changed.items()})
    return {numbers[pk]: new for pk, (_, new) in changed.items()}


def link_csv_rows(tournament, entrants, people_rows) -> None:
    """A CSV's person ids (columns person, or person1 and person2) for the entrants just
    made from it, inside the import's transaction. An unknown id refuses the whole list
    (a typo would otherwise make a stranger of someone known)."""
    keys = {k for row in people_rows for k in row if k}
    if not keys:
        return
    known = {p.key: p for p in Person.objects.filter(key__in=keys)}
    unknown = sorted(keys - set(known))
    if unknown:
        raise ActionError("The list was not imported: unknown person ids.", {"file": [
            f"no person has the id {k!r}: leave the cell empty, or add the person first"
            for k in unknown]})
    links, seen = [], {}
    for entrant, row in zip(entrants, people_rows, strict=True):
        for member, key in enumerate(row):
            if not key:
                continue
            person = rating_store.current_person(key)
            if person.pk in seen or EntrantPerson.objects.filter(
                    entrant__tournament=tournament, person=person).exists():
                raise ActionError("The list was not imported: a person is entered twice.",
                                  {"file": [f"{key!r} is entered twice in this event"]})
            seen[person.pk] = entrant
            links.append(EntrantPerson(entrant=entrant, member=member, person=person))
    EntrantPerson.objects.bulk_create(links)


@transaction.atomic
def set_event_date(tournament, actor, *, date) -> None:
    """The day the event was played (None: undated), which orders it in the rating lists;
    a change rebuilds the event's list when it has rated matches."""
    tournament = lock_event(tournament)
    require_director(tournament, actor)
    if tournament.date == date:
        return
    old, tournament.date = tournament.date, date
    tournament.save(update_fields=["date"])
    audit(tournament, actor, "set_event_date", f"The event's date is now "
          f"{date.isoformat() if date else 'not given'}",
          old=old.isoformat() if old else None, new=date.isoformat() if date else None)
    rating_store.event_changed(tournament)
