"""The round's clock: started, paused, resumed, given or docked time, and stopped by the
event's officials (shared/spec/venue.md, "Round clock"). What each action makes of the
stored fields is `rules.round_clock.apply`; here it is checked, stored and audited. At
time nothing is decided: no board is closed and no result given (the clock only reads as
ended; the officials' board list puts the unfinished boards first)."""

from django.utils import timezone

from ..models import Round
from ..rules import round_clock
from .base import Action, ActionError, atomic_action, audit, require_official


def words(action: str, minutes) -> str:
    if action == "start":
        return f"started the clock with {minutes} minute{'s' if minutes != 1 else ''}"
    if action == "add":
        sign = "added" if minutes > 0 else "took off"
        return f"{sign} {abs(minutes)} minute{'s' if abs(minutes) != 1 else ''}"
    return {"pause": "paused the clock", "resume": "resumed the clock",
            "stop": "stopped the clock"}[action]


@atomic_action
def change_clock(round_, actor, *, action: str, minutes=None) -> dict:
    """Apply one clock action to a published round by an official of its event: the clock
    as read after it. Out of turn (pause when not running): ActionError 409; minutes it
    cannot take: 400; a round not published: 409."""
    tournament = round_.tournament
    require_official(tournament, actor)
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if not locked.is_public:
        raise ActionError(f"Round {locked.number} is not published yet: its clock starts "
                          "once it is.", status=409)
    now = timezone.now()
    try:
        after = round_clock.apply(locked.clock_stored, action, now, minutes)
    except round_clock.ClockRefused as exc:
        raise ActionError(exc.message, {"minutes" if not exc.conflict and action in (
            "start", "add") else "action": [exc.message]},
            status=409 if exc.conflict else 400) from exc
    locked.clock_state = after.state
    locked.clock_duration_s = after.duration_s
    locked.clock_left_s = after.left_s
    locked.clock_ends_at = after.ends_at
    locked.save(update_fields=["clock_state", "clock_duration_s", "clock_left_s",
                               "clock_ends_at"])
    read = round_clock.read(after, now)
    audit(tournament, actor,
          Action.CLOCK_START if action == "start" else Action.CLOCK_PAUSE if action == "pause"
          else Action.CLOCK_RESUME if action == "resume" else Action.CLOCK_ADD
          if action == "add" else Action.CLOCK_STOP,
          f"Round {locked.number}: {words(action, minutes)}"[:300],
          round=locked.number, clock_action=action, minutes=minutes,
          remaining_s=read["remaining_s"])
    round_.__dict__.update({f: getattr(locked, f) for f in (
        "clock_state", "clock_duration_s", "clock_left_s", "clock_ends_at")})
    return read


def start(round_, actor, *, minutes) -> dict:
    return change_clock(round_, actor, action="start", minutes=minutes)


def pause(round_, actor) -> dict:
    return change_clock(round_, actor, action="pause")


def resume(round_, actor) -> dict:
    return change_clock(round_, actor, action="resume")


def add(round_, actor, *, minutes) -> dict:
    return change_clock(round_, actor, action="add", minutes=minutes)


def stop(round_, actor) -> dict:
    return change_clock(round_, actor, action="stop")
