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
from ..archive import MAX_PERSON_ID, PERSON_ID
from ..entrant_rules import MAX_CLUB, MAX_NAME, clean_name
from ..models import AuditEntry, EntrantPerson, Person
from ..text import TextError
from .base import ActionError, PermissionDenied, audit, lock_event, require_director


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
    if not isinstance(key, str) or not PERSON_ID.match(key) or len(key) > MAX_PERSON_ID:
        raise ActionError(f"{str(key)[:60]!r} is not a person id.", {"person": [
            "A person id is lower-case letters and digits joined by - or _ "
            f"(at most {MAX_PERSON_ID} characters), such as ann-lee-leek."]})
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


def member_name(entrant, member: int) -> str:
    if entrant.is_pair:
        return entrant.members[member]["name"]
    return entrant.name


@transaction.atomic
def link_entrant(entrant, actor, *, person: Person | None, member: int = 0) -> None:
    """Link a singles entrant (member 0) or a pair's member 0 or 1 to `person`, or unlink
    it (None). A person plays once in an event."""
    tournament = lock_event(entrant.tournament)
    require_director(tournament, actor)
    slots = len(entrant.members) if entrant.is_pair else 1
    if not 0 <= member < slots:
        raise ActionError(f"{entrant.name} has no member {member + 1}.")
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
    changed = {p.pk for p in (old and old.person, person) if p is not None}
    if old is not None:
        old.delete()
    if person is not None:
        EntrantPerson.objects.create(entrant=entrant, member=member, person=person)
    who = member_name(entrant, member)
    summary = (f"Linked {who} (number {entrant.number}) to the person {person.key}"
               if person else f"Unlinked {who} (number {entrant.number}) from {old.person.key}")
    audit(tournament, actor, "link_person", summary, entrant=entrant.pk, member=member,
          old=old.person.key if old else None, new=person.key if person else None)
    rating_store.people_changed(changed)


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
