"""A round's clock as a rule: what its stored fields read as at a moment, and what each
action makes of them. No Django: the stored fields in, plain values out, tested without a
database (tests/venue/test_clock_rule.py). `actions/clock.py` stores what `apply` says;
every page and the API read the clock through `read` (shared/spec/venue.md, "Round clock").

Stored: `state` (idle, running, paused or ended), `duration_s` (the minutes it was started
with, and any added since), `left_s` (what was left when paused or stopped) and `ends_at`
(the moment a running clock reaches 0).

A running clock whose `ends_at` has passed reads as ended, with 0 left: at time the clock
says so on every page, while nothing else is decided (no board is closed, no result
given): the officials' board list puts the unfinished boards first. It is stored as it was
(running) until an official starts it again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

IDLE, RUNNING, PAUSED, ENDED = "idle", "running", "paused", "ended"
STATES = (IDLE, RUNNING, PAUSED, ENDED)
ACTIONS = ("start", "pause", "resume", "add", "stop")

MAX_MINUTES = 600  # a start or an addition: at most ten hours
WARNING_S = 5 * 60  # the pages change look with five minutes left


class ClockRefused(ValueError):
    """An action the clock's state does not allow (409) or minutes it cannot take (400);
    the message says which and why."""

    def __init__(self, message: str, conflict: bool):
        super().__init__(message)
        self.message = message
        self.conflict = conflict


@dataclass(frozen=True)
class Stored:
    state: str = IDLE
    duration_s: int = 0
    left_s: int = 0
    ends_at: datetime | None = None


def remaining(stored: Stored, now: datetime) -> int:
    """Whole seconds left at `now` (never negative): rounded up while running, so a clock
    shows 0 only once its time is up."""
    if stored.state == RUNNING and stored.ends_at is not None:
        return max(0, math.ceil((stored.ends_at - now).total_seconds()))
    if stored.state == PAUSED:
        return max(0, stored.left_s)
    return 0  # idle (not started) or ended


def state_at(stored: Stored, now: datetime) -> str:
    """The state the clock reads as: a running one whose time is up has ended."""
    if stored.state == RUNNING and remaining(stored, now) == 0:
        return ENDED
    return stored.state


def read(stored: Stored, now: datetime) -> dict:
    """The clock as the API gives it (venue.md): `remaining_s` what is left at
    `server_time`, `ends_at` only while running."""
    state = state_at(stored, now)
    return {"state": state, "duration_s": stored.duration_s,
            "remaining_s": remaining(stored, now),
            "ends_at": stored.ends_at if state == RUNNING else None,
            "server_time": now}


def minutes_of(value, *, action: str) -> int:
    """The minutes an action was given: a whole number, positive to start, not zero to add
    (negative takes time off), at most MAX_MINUTES either way."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClockRefused(f"“minutes” must be a whole number of minutes to {action} the "
                           "clock.", conflict=False)
    if action == "start" and not 1 <= value <= MAX_MINUTES:
        raise ClockRefused(f"A clock starts with 1 to {MAX_MINUTES} minutes, not {value}.",
                           conflict=False)
    if action == "add" and (value == 0 or abs(value) > MAX_MINUTES):
        raise ClockRefused(f"Add between -{MAX_MINUTES} and {MAX_MINUTES} minutes, not 0 "
                           f"(given {value}).", conflict=False)
    return value


def apply(stored: Stored, action: str, now: datetime, minutes=None) -> Stored:
    """The stored fields after `action` at `now`, or ClockRefused: out of turn (pause when
    not running: conflict) or with minutes it cannot take."""
    if action not in ACTIONS:
        raise ClockRefused(f"“action” must be one of {', '.join(ACTIONS)}, not {action!r}.",
                           conflict=False)
    state = state_at(stored, now)
    left = remaining(stored, now)

    def refuse(words):
        raise ClockRefused(f"The clock is {state}: {words}", conflict=True)

    if action == "start":
        m = minutes_of(minutes, action="start")
        if state in (RUNNING, PAUSED):
            refuse("stop it before starting it again.")
        return Stored(RUNNING, m * 60, m * 60, now + timedelta(minutes=m))
    if minutes is not None and action != "add":
        raise ClockRefused(f"“minutes” goes only with start and add, not {action}.",
                           conflict=False)
    if action == "pause":
        if state != RUNNING:
            refuse("only a running clock can be paused.")
        return Stored(PAUSED, stored.duration_s, left, None)
    if action == "resume":
        if state != PAUSED:
            refuse("only a paused clock can be resumed.")
        return Stored(RUNNING, stored.duration_s, left, now + timedelta(seconds=left))
    if action == "add":
        m = minutes_of(minutes, action="add")
        if state not in (RUNNING, PAUSED):
            refuse("time can be added only while it runs or is paused; start it instead.")
        new_left = max(0, left + m * 60)
        changed = replace(stored, duration_s=max(0, stored.duration_s + (new_left - left)),
                          left_s=new_left)
        if state == RUNNING:
            return replace(changed, ends_at=now + timedelta(seconds=new_left))
        return changed
    # stop
    if state not in (RUNNING, PAUSED):
        refuse("only a running or paused clock can be stopped.")
    return Stored(ENDED, stored.duration_s, 0, None)


def shown(seconds: int) -> str:
    """Time left as the pages show it: 45:00, 4:59, 0:00; 1:05:00 past an hour (clock.js
    writes the same as it counts down)."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
