"""The state of one hand being replayed, and the two rules every step of the replay uses.

``HandState`` keeps integer state only (end values, doubled flags, bit masks of tiles held,
tiles gone per seat) because the replay is the hot path of a play-depth record.
``next_seat`` is whose turn comes next; ``award`` gives points under the target rule.
"""

from __future__ import annotations

from typing import Any


class HandState:
    """A hand being replayed.  Sides score into ``hp`` on top of the running totals
    ``base``; ``held`` is one bit mask per seat when the deal is known."""

    __slots__ = (
        "n", "tps", "held", "deal", "hp", "base", "gone", "in_play", "turn", "knocks",
        "lv", "rv", "lw", "rw", "spinner", "first", "over", "reached", "certain", "lost",
        "used", "ppath", "where", "plays", "void", "void_path", "awarded", "award_path",
        "last_knock", "knock_at", "no_score", "bad_knocks", "knocked",
    )  # fmt: skip

    def __init__(
        self,
        n: int,
        tps: int,
        starter: int,
        deal: list[int] | None,
        before: list[int],
        plays: list[Any],
        hpath: str,
        where: str,
    ) -> None:
        self.n = n
        self.tps = tps
        self.deal = deal
        self.held = list(deal) if deal is not None else None
        self.hp = [0, 0]  # points scored in this hand, per side
        self.base = before  # the running totals before the hand
        self.gone = [0] * n  # tiles that left each seat (laid, or put out of play)
        self.in_play = n  # seats still holding tiles
        self.turn = starter
        self.knocks = 0  # knocks in a row
        self.lv = self.rv = 0  # open end values
        self.lw = self.rw = 1  # 2 where the end is a double
        self.spinner = False  # a double down with neither side covered
        self.first = True  # the down is still to come
        self.over = False  # the hand is over (out, blocked or void)
        self.reached = False  # the set is over (a side reached the target, or awarded)
        self.certain = True  # the points are known for certain
        self.lost = False  # the open ends are unknown after an unreadable turn
        self.used = 0  # tiles laid or put out of play
        self.plays = plays
        self.ppath = plays_path(hpath)
        self.where = where
        self.void: tuple[int, str] | None = None  # (offender, rule) of a void hand
        self.void_path = ""
        self.awarded: int | None = None  # the side a held_after_knock awarded the set
        self.award_path = ""
        self.last_knock = -1  # the seat that knocked last, at entry knock_at
        self.knock_at = -1
        self.no_score = -1  # the seat whose next tile scores nothing (false_knock)
        self.bad_knocks: list[tuple[int, dict[str, str]]] = []  # illegal knocks so far
        self.knocked = 0  # bit mask of the seats that knocked

    # A method, not a property: on the phone's MicroPython a class with a property makes
    # every attribute its instances store look for a property first (twice the cost of a
    # store, and the replay stores a few on every turn; docs/offline.md).
    def points(self) -> tuple[int, int]:
        """The points scored in this hand, per side."""
        return (self.hp[0], self.hp[1])


# Each hand's path to its plays, written once (a string costs microseconds on the phone's
# MicroPython; the hands' paths are few, hands.hand_words).
_PLAYS_PATHS: dict[str, str] = {}


def plays_path(hpath: str) -> str:
    ppath = _PLAYS_PATHS.get(hpath)
    if ppath is None:
        ppath = f"{hpath}/plays"
        if len(_PLAYS_PATHS) < 4096:
            _PLAYS_PATHS[hpath] = ppath
    return ppath


def next_seat(seat: int, n: int, gone: list[int], tps: int) -> int:
    nxt = seat
    for _ in range(n):
        nxt += 1
        if nxt == n:
            nxt = 0
        if gone[nxt] < tps:
            return nxt
    return nxt


def award(base: list[int], hp: list[int], side: int, pts: int, target: int) -> bool:
    """Give points to a side under the target rule; True when it reaches the target."""
    new = base[side] + hp[side] + pts
    if new > target:
        return False
    hp[side] += pts
    return new == target
