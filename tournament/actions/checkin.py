"""Check-in: who is here to play the next round (shared/spec/table-entry.md, "Check-in").

An entrant (a player; in a pairs event the pair, whichever partner ticks it) is checked in
for round n, the next round to be paired, by an official at the desk or by the player from
a phone. Once round n is paired its check-in is closed (409). When pairing, the director
may pair only the checked-in: the others are recorded absent from that round through the
absence action (actions.attendance), so they score the event's `absent` points and are
paired again the round after; they are not withdrawn.
"""


from ..models import Attendance, CheckIn, Entrant
from .attendance import set_attendance
from .base import (
    Action,
    ActionError,
    PermissionDenied,
    atomic_action,
    audit,
    lock_event,
    require_official,
)


def open_round(tournament, paired: int | None = None) -> int | None:
    """The round check-in is for: the next one to be paired, or None once all are.
    `paired`: the number of rounds paired, where the caller has read them already."""
    number = (tournament.rounds.count() if paired is None else paired) + 1
    return number if number <= tournament.rounds_planned else None


def require_open(tournament, round_number) -> None:
    """Refuse a check-in for any round but the next one to be paired (409 once paired)."""
    if isinstance(round_number, bool) or not isinstance(round_number, int) \
            or not 1 <= round_number <= tournament.rounds_planned:
        raise ActionError(f"There is no round {round_number}.",
                          {"round": [f"Choose a round from 1 to {tournament.rounds_planned}."]})
    number = open_round(tournament)
    if number is None or round_number < number:
        raise ActionError(f"Round {round_number} is already paired: its check-in is closed.",
                          {"round": [f"Round {round_number} is paired."]}, status=409)
    if round_number > number:
        raise ActionError(f"Check-in is open for round {number} only, the next to be paired.",
                          {"round": [f"Check in for round {number}."]})


def who_acts(tournament, actor, entrant, player) -> str:
    """The words for the audit; an official must be one of this event's, and a player may
    check in only himself (the caller has checked his player key)."""
    if player is None:
        require_official(tournament, actor)
        return "" if actor is None else actor.get_username()
    mine = getattr(player, "entrant_id", entrant.pk)
    if mine != entrant.pk:
        raise PermissionDenied("A player may check in only himself (or his own pair).")
    return str(player)


@atomic_action
def set_checkin(tournament, actor, *, entrant: Entrant, round_number: int, checked_in: bool,
                player=None, address: str | None = None) -> CheckIn | None:
    """Check `entrant` in (or, `checked_in` False, out) for round `round_number`, the next
    round to be paired. `actor` is the official (None with a `player`, or from the command
    line); `player` describes the player checking himself in (a string, or an object whose
    str() names him, with `entrant_id` if it has one), `address` his device's. Returns the
    check-in row, or None when not checked in. Saying again what is already so changes
    nothing and writes no audit row."""
    tournament = lock_event(tournament)
    if entrant.tournament_id != tournament.pk:
        raise ActionError(f"{entrant.name} is not entered in {tournament.name}.",
                          {"player": ["Not an entrant of this event."]})
    by = who_acts(tournament, actor, entrant, player)
    require_open(tournament, round_number)
    out = entrant.withdrawn_after_round
    if checked_in and out is not None and out < round_number:
        raise ActionError(f"{entrant.name} withdrew after round {out}: they play no round "
                          "after it.", {"player": [f"{entrant.name} has withdrawn."]})
    row = CheckIn.objects.filter(entrant=entrant, round_number=round_number).first()
    if bool(row) == bool(checked_in):
        return row
    if checked_in:
        row = CheckIn.objects.create(entrant=entrant, round_number=round_number)
    else:
        row.delete()
        row = None
    words = "checked in" if checked_in else "no longer checked in"
    audit(tournament, actor, Action.SET_CHECKIN,
          f"Round {round_number}: {entrant.name} {words}"
          + (f" (by the player {by})" if player is not None else ""),
          entrant=entrant.number, round=round_number, checked_in=bool(checked_in),
          player=None if player is None else by, address=address)
    return row


@atomic_action
def absent_unless_checked_in(tournament, actor, round_number: int) -> list[Entrant]:
    """Record absent from round `round_number` every entrant still to play it who is not
    checked in and has no bye or absence recorded; returns them. Called by the pairing
    (actions.rounds.pair_round) inside its transaction, before the round is paired."""
    tournament = lock_event(tournament)
    require_open(tournament, round_number)
    playing = list(Entrant.objects.filter(tournament=tournament)
                   .active_for_round(round_number).order_by("number"))
    here = set(CheckIn.objects.of_round(tournament, round_number)
               .values_list("entrant_id", flat=True))
    decided = set(Attendance.objects.of_event(tournament).filter(round_number=round_number)
                  .values_list("entrant_id", flat=True))
    if not here & {e.pk for e in playing}:
        raise ActionError(f"Nobody is checked in for round {round_number}: pairing only "
                          "the checked-in would leave everyone out.")
    missing = [e for e in playing if e.pk not in here and e.pk not in decided]
    for entrant in missing:
        set_attendance(tournament, actor, entrant=entrant, round_number=round_number,
                       kind=Attendance.Kind.ABSENT, reason="Not checked in when the round "
                                                           "was paired.")
    return missing
