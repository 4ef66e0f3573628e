"""Two records that are one person: staff merge them, and can undo it from the audit.

The merge moves every link of the second record to the first and keeps the second as a
pointer (its id still finds the person); the audit entry lists the links moved, which is
exactly what the undo puts back. Both rebuild the rating lists they touch.
"""


from ..models import AuditEntry, EntrantPerson, Person
from ..reads import rating_lists
from .base import Action, ActionError, PermissionDenied, atomic_action, audit
from .people import checked_name


def require_staff(user):
    if user is not None and not (user.is_authenticated and user.is_staff):
        raise PermissionDenied("Only staff may merge or unmerge people.")


@atomic_action
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
    reason = checked_name(reason, "reason", 300)
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
    entry = audit(None, actor, Action.MERGE_PEOPLE, f"Merged {gone.name} ({gone.key}) into "
                  f"{keep.name} ({keep.key})", reason, keep=keep.key, gone=gone.key,
                  links=links)
    rating_lists.people_changed([keep.pk, gone.pk])
    return entry


@atomic_action
def unmerge_people(actor, *, entry_id: int, reason: str) -> AuditEntry:
    """Undo the merge recorded by audit entry `entry_id`: its links go back to the
    record that was merged, which is a person of its own again."""
    require_staff(actor)
    entry = AuditEntry.objects.filter(pk=entry_id, action=Action.MERGE_PEOPLE).first()
    if entry is None:
        raise ActionError(f"Audit entry {entry_id} is not a merge of two people.")
    keep = Person.objects.select_for_update().get(key=entry.detail["keep"])
    gone = Person.objects.select_for_update().get(key=entry.detail["gone"])
    if gone.merged_into_id != keep.pk:
        raise ActionError(f"{gone.name} ({gone.key}) is no longer merged into {keep.key}: "
                          "this merge was already undone.")
    reason = checked_name(reason, "reason", 300)
    if not reason:
        raise ActionError("Say why the merge is undone.", {"reason": [
            "Give a reason: it stays in the audit log."]})
    EntrantPerson.objects.filter(pk__in=entry.detail["links"], person=keep).update(person=gone)
    gone.merged_into = None
    gone.save(update_fields=["merged_into"])
    undone = audit(None, actor, Action.UNMERGE_PEOPLE, f"Undid the merge of {gone.name} "
                   f"({gone.key}) into {keep.name} ({keep.key})", reason, keep=keep.key,
                   gone=gone.key, merge=entry.pk)
    rating_lists.people_changed([keep.pk, gone.pk])
    return undone
