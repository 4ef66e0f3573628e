"""Requested byes and absences: who the pairing leaves out of a coming round.

The director decides them before the round is paired; each scores the event's points of
its kind (`Tournament.points`: half_bye, zero_bye, absent) and reaches the pairing engine
as the TRF code FIDE uses (history.trf_event). Once the round is paired they are part of
its history: to change one, delete the round (a draft any time), change it, pair again.
"""


from ..models import Attendance, Entrant
from .base import (
    Action,
    ActionError,
    atomic_action,
    audit,
    checked_reason,
    lock_event,
    require_director,
)


@atomic_action
def set_attendance(tournament, actor, *, entrant: Entrant, round_number: int, kind: str,
                   reason: str = "") -> Attendance | None:
    """Record `entrant`'s requested bye (kind half_bye or zero_bye) or absence (absent) in
    round `round_number`, replacing what was recorded; kind "" removes it. Returns the
    row, or None when removed."""
    require_director(tournament, actor)
    reason = checked_reason(reason)
    tournament = lock_event(tournament)
    if entrant.tournament_id != tournament.pk:
        raise ActionError(f"{entrant.name} is not entered in {tournament.name}.")
    if kind and kind not in Attendance.Kind.values:
        raise ActionError(f"Unknown kind {kind!r}.",
                          {"kind": ["Choose a half-point bye, a zero-point bye or absent."]})
    if not isinstance(round_number, int) or not 1 <= round_number <= tournament.rounds_planned:
        raise ActionError(f"There is no round {round_number}.",
                          {"round_number": [f"Choose a round from 1 to "
                                            f"{tournament.rounds_planned}."]})
    paired = tournament.rounds.filter(number__gte=round_number).order_by("number").first()
    if paired is not None:
        raise ActionError(
            f"Round {paired.number} is already paired: byes and absences are decided before "
            f"a round is paired. Delete round {paired.number} (a draft any time; a published "
            "round while no result is entered), then change this and pair it again.",
            {"round_number": [f"Rounds up to {paired.number} are paired."]})
    out = entrant.withdrawn_after_round
    if kind and out is not None and out < round_number:
        raise ActionError(f"{entrant.name} withdrew after round {out}: they play no round "
                          f"after it.", {"entrant": [f"{entrant.name} has withdrawn."]})
    existing = Attendance.objects.filter(entrant=entrant, round_number=round_number).first()
    before = existing.kind if existing else ""
    if before == kind:
        return existing
    if not kind:
        existing.delete()
        audit(tournament, actor, Action.SET_ATTENDANCE,
              f"Round {round_number}: {entrant.name} will be paired "
              f"(no {existing.get_kind_display().lower()})", reason,
              entrant=entrant.number, round=round_number, kind=None, was=before or None)
        return None
    row, _ = Attendance.objects.update_or_create(
        entrant=entrant, round_number=round_number, defaults={"kind": kind})
    points = tournament.points_for(kind)
    audit(tournament, actor, Action.SET_ATTENDANCE,
          f"Round {round_number}: {entrant.name} — {row.get_kind_display().lower()} "
          f"({points} point{'s' if points != 1 else ''})", reason,
          entrant=entrant.number, round=round_number, kind=kind, was=before or None)
    return row


def coming(tournament) -> list[Attendance]:
    """The byes and absences recorded for rounds not paired yet, by round then number."""
    paired = tournament.rounds.count()
    return list(Attendance.objects.filter(entrant__tournament=tournament,
                                          round_number__gt=paired)
                .select_related("entrant").order_by("round_number", "entrant__number"))
