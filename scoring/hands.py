"""Hand sheets: each hand's points, the running totals, the target rule, void hands and
awarded sets.

A hand recorded with its plays is replayed (plays.py) and the replay's points win over the
written ones; a hand with points only is checked against the running totals.  The steps,
for a given seat starting the set's first hand (settled in set_start.py): ``run_hands``
walks the hands with a ``SetTally`` (``check_hand`` for each: ``read_hand``, then
``score_plays`` or ``check_hand_points``, then ``add_hand``), then ``check_set_total``;
``apply_award`` compares a set's ``awarded_to`` with what its plays show.
"""
from __future__ import annotations

from typing import Any

from .plays import PlayChecker
from .report import (
    BAD_FORMAT,
    HAND_POINTS_MISMATCH,
    MISSING,
    OVER_TARGET,
    PENALTY_NOT_APPLICABLE,
    PLAY_AFTER_SET_END,
    POINTS_MISMATCH,
    SET_SCORE_INVALID,
    STARTER_WRONG,
    pair_of,
    show,
    show_pair,
)
from .rulesets import PENALTY_RULES, VOID_RULES
from .starters import next_hand_starter
from .state import HandState


class SetTally:
    """What the hands of one set add up to, as they are read."""

    __slots__ = ("i", "base", "tot", "ended_in", "passed", "awarded", "award_path",
                 "award_seen", "void_in")  # fmt: skip

    def __init__(self, i: int, base: int) -> None:
        self.i = i
        self.base = base  # the seat that started the set's first hand
        self.tot = [0, 0]  # running totals per side
        self.ended_in: int | None = None  # the hand in which the set ended
        self.passed = [False, False]  # over_target already reported, per side
        self.awarded: int | None = None  # the side a held_after_knock gave the set
        self.award_path = ""
        self.award_seen = False  # the set's last hand was replayed with certainty
        self.void_in: int | None = None  # the last void hand so far


class HandSheet:
    """One hand as written: what ``read_hand`` made of it."""

    __slots__ = ("path", "where", "starter", "alt", "points", "held", "plays", "void")

    def __init__(self, path: str, where: str, starter: int) -> None:
        self.path = path
        self.where = where
        self.starter = starter
        self.alt: int | None = None  # the expected starter, when the record says another
        self.points: tuple[int, int] | None = None
        self.held: list[int] | None = None
        self.plays: Any = MISSING
        self.void: tuple[int, str] | None = None


# A hand's path and name ("/sets/0/hands/3", "set 1 hand 4"), written once for the hands
# of the first sets, which every record has: a string costs microseconds on the phone's
# MicroPython, and a record has a few dozen hands (docs/offline.md).
_HAND_WORDS: dict[int, tuple[str, str]] = {}


def hand_words(i: int, j: int) -> tuple[str, str]:
    """(path, name) of set i's hand j."""
    small = 0 <= i < 16 and 0 <= j < 256
    words = _HAND_WORDS.get(i * 256 + j) if small else None
    if words is None:
        words = (f"/sets/{i}/hands/{j}", f"set {i + 1} hand {j + 1}")
        if small:
            _HAND_WORDS[i * 256 + j] = words
    return words


class HandChecker(PlayChecker):
    # ---------------------------------------------------------------- the hands

    def run_hands(self, i: int, info: dict[str, Any], base: int) -> SetTally:
        tally = SetTally(i, base)
        expected = base
        for j, h in enumerate(info["hands"]):
            void = self.check_hand(tally, j, h, expected)
            if void is not None:
                tally.void_in = j
            expected = next_hand_starter(expected, self.seats, void)
        self.check_set_total(tally, info)
        return tally

    def check_hand(
        self, tally: SetTally, j: int, h: Any, expected: int
    ) -> tuple[int, str] | None:
        """Check hand j; returns its void (offender, rule) for the next hand's starter."""
        i = tally.i
        sheet = self.read_hand(tally, j, h, expected)
        if sheet is None:
            return None
        if tally.ended_in is not None:
            how = (
                f"the set was awarded in hand {tally.ended_in + 1}"
                if tally.awarded is not None
                else f"a side reached {self.target} in hand {tally.ended_in + 1}"
            )
            self.err(
                sheet.path,
                PLAY_AFTER_SET_END,
                f"set {i + 1} was over when {how}; hand {j + 1} should not be recorded",
            )
            return None
        use = sheet.points
        reached = False
        void = sheet.void
        tally.award_seen = False
        if isinstance(sheet.plays, list):
            st = self.score_plays(tally, sheet)
            if st.certain:
                use = st.points()
            elif use is None:
                use = st.points()
            reached = st.reached
            void = st.void
            if st.awarded is not None:
                tally.awarded = st.awarded
                tally.award_path = st.award_path
            tally.award_seen = st.certain
            self.spare_state = st  # read: the next replay sets it up afresh
        elif sheet.plays is MISSING and sheet.points is not None:
            self.check_hand_points(sheet)
        if use is not None:
            reached = self.add_hand(tally, j, sheet, use) or reached
        if reached:
            tally.ended_in = j
        return void

    def read_hand(
        self, tally: SetTally, j: int, h: Any, expected: int
    ) -> HandSheet | None:
        i = tally.i
        path, where = hand_words(i, j)
        if not isinstance(h, dict):
            self.err(path, BAD_FORMAT, f"{where} must be an object")
            return None
        sheet = HandSheet(path, where, expected)
        # A field's path and wording are written out only when it is wrong: read by the
        # quick checks first (building strings is most of a hand's cost on the phone).
        if "starter" in h:
            given = h["starter"]
            if not self.is_seat(given):
                given = self.read_seat(given, f"{path}/starter", f"{where}'s starter")
            if given is not None:
                sheet.starter = given
                if given != expected:
                    sheet.alt = expected
                    self.err(
                        f"{path}/starter",
                        STARTER_WRONG,
                        f"{where} should be started by {self.seat_name(expected)} "
                        f"({self.down_passes(tally)}), but the record says seat {given}",
                    )
        if "points" in h:
            points = pair_of(h["points"])
            sheet.points = (points if points is not None else
                            self.read_pair(h["points"], f"{path}/points", f"{where}'s points"))
        if "deal" in h:
            held = self.well_formed_deal(h["deal"])
            sheet.held = (held if held is not None else
                          self.read_deal(h["deal"], f"{path}/deal", where))
        if "void" in h and self.rules is not None and self.rules.penalty_rules:
            sheet.void = self.read_void(h["void"], f"{path}/void", where, "plays" not in h)
        if "plays" in h:
            sheet.plays = h["plays"]
            if not isinstance(sheet.plays, list):
                self.err(f"{path}/plays", BAD_FORMAT, f"{where}'s plays must be a list of turns")
                sheet.plays = None
        elif "points" not in h:
            self.err(path, BAD_FORMAT, f"{where} has neither points nor plays")
        self.raw_deal = h.get("deal")
        return sheet

    def down_passes(self, tally: SetTally) -> str:
        if tally.void_in is None:
            return f"the down passes in turn from the set's starter, seat {tally.base}"
        return (
            f"the down passes in turn from the re-deal after the void hand "
            f"{tally.void_in + 1}"
        )

    def read_void(
        self, v: Any, path: str, where: str, alone: bool = True
    ) -> tuple[int, str] | None:
        """A hand's ``"void": {"seat": S, "rule": R}``; ``alone``: without plays (whose
        penalty entry is otherwise where a rule that does not apply is reported)."""
        rules = self.rules
        assert rules is not None
        allowed = [r for r in VOID_RULES if r in rules.penalty_rules]
        if not isinstance(v, dict):
            self.err(path, BAD_FORMAT, f'{where}: void is written {{"seat": S, "rule": R}}')
            return None
        rule = v.get("rule")
        if not isinstance(rule, str) or rule not in allowed:
            self.err(
                f"{path}/rule",
                BAD_FORMAT,
                f"{where}: a hand is void by one of the rules {', '.join(allowed)}, "
                f"not {show(rule)}",
            )
            return None
        seat = self.read_seat(v.get("seat"), f"{path}/seat", f"{where}'s void seat")
        text = PENALTY_RULES[rule].in_singles
        if text and alone and self.seats == 2:
            self.err(
                f"{path}/rule",
                PENALTY_NOT_APPLICABLE,
                f"{where}: no hand is void by {rule} in singles: {text}",
            )
        return None if seat is None else (seat, rule)

    def score_plays(self, tally: SetTally, sheet: HandSheet) -> HandState:
        """Replay the hand's plays, following whichever seat explains them when its
        starter is disputed; compare the declared points and void."""
        before = tally.tot
        if sheet.alt is None:
            st = self.play_hand(sheet.plays, sheet.path, sheet.where, sheet.starter, sheet.held,
                                before)  # fmt: skip
        else:
            args = (sheet.plays, sheet.path, sheet.where)
            saved = self.errors
            tries = []
            for seat in (sheet.starter, sheet.alt):
                self.errors = []
                res = self.play_hand(*args, seat, sheet.held, before)
                tries.append((len(self.errors), res, self.errors))
            self.errors = saved
            _, st, errs = min(tries, key=lambda x: x[0])
            self.errors.extend(errs)
        if st.certain and sheet.points is not None and sheet.points != st.points():
            self.err(
                f"{sheet.path}/points",
                POINTS_MISMATCH,
                f"{sheet.where}: the plays score {show_pair(st.points())} but the record says "
                f"{show_pair(sheet.points)}",
            )
        if sheet.void is not None and sheet.void != st.void:
            seat, rule = sheet.void
            shown = (
                f"the {st.void[1]} penalty of seat {st.void[0]} at {st.void_path}"
                if st.void is not None
                else "no penalty that voids it"
            )
            self.err(
                f"{sheet.path}/void",
                POINTS_MISMATCH,
                f"{sheet.where} is written void by seat {seat}'s {rule}, but its plays end "
                f"with {shown}",
            )
        return st

    def check_hand_points(self, sheet: HandSheet) -> None:
        """Points without plays: only a ruleset with penalties lets a hand take away."""
        assert sheet.points is not None and self.rules is not None
        if self.rules.penalty_holes is not None:
            return
        for side in (0, 1):
            if sheet.points[side] < 0:
                self.err(
                    f"{sheet.path}/points/{side}",
                    HAND_POINTS_MISMATCH,
                    f"{sheet.where} gives {self.side_name(side)} {show(sheet.points[side])} "
                    f"points; a hand cannot take points away",
                )

    def add_hand(
        self, tally: SetTally, j: int, sheet: HandSheet, use: tuple[int, int]
    ) -> bool:
        """Add a hand's points to the running totals; True when a side reaches the target
        (at hands depth: the replay says so itself)."""
        tot = tally.tot
        tot[0] += use[0]
        tot[1] += use[1]
        if isinstance(sheet.plays, list):
            return False
        i = tally.i
        target = self.target
        for side in (0, 1):
            if tot[side] > target and not tally.passed[side]:
                tally.passed[side] = True
                self.err(
                    f"{sheet.path}/points/{side}",
                    OVER_TARGET,
                    f"set {i + 1}: {self.side_name(side)}'s running total passes "
                    f"{target} in hand {j + 1} ({show(tot[side])}); a score that "
                    f"would pass {target} scores nothing",
                )
            elif tot[side] < 0 and self.rules.penalty_holes is not None:  # type: ignore[union-attr]
                self.err(
                    f"{sheet.path}/points/{side}",
                    HAND_POINTS_MISMATCH,
                    f"set {i + 1}: {self.side_name(side)}'s running total falls to "
                    f"{show(tot[side])} in hand {j + 1}; a penalty takes points back "
                    f"only from a side that has them",
                )
        if tot[0] == target and tot[1] == target:
            self.err(
                f"{sheet.path}/points",
                PLAY_AFTER_SET_END,
                f"set {i + 1}: both sides reach {target} in hand {j + 1}, but the "
                f"set ends the moment one side reaches {target}",
            )
        return tot[0] == target or tot[1] == target

    def check_set_total(self, tally: SetTally, info: dict[str, Any]) -> None:
        score = info["score"]
        tot = tally.tot
        if score is not None and (tot[0], tot[1]) != score:
            self.err(
                f"/sets/{tally.i}/score",
                HAND_POINTS_MISMATCH,
                f"set {tally.i + 1}: the hands add up to {show_pair(tot)} but the set score "
                f"says {show_pair(score)}",
            )

    # ---------------------------------------------------------------- awarded sets

    def apply_award(self, i: int, info: dict[str, Any], tally: SetTally) -> None:
        """Compare the set's ``awarded_to`` with a held_after_knock in its plays."""
        declared = info.get("awarded_to")
        path = f"/sets/{i}"
        if tally.awarded is not None:
            side = tally.awarded
            if declared is None:
                self.err(
                    path,
                    SET_SCORE_INVALID,
                    f"set {i + 1} was awarded to {self.side_name(side)} by the "
                    f"held_after_knock penalty at {tally.award_path}; the set must say "
                    f'"awarded_to": {side}',
                )
            elif declared != side:
                self.err(
                    f"{path}/awarded_to",
                    SET_SCORE_INVALID,
                    f"set {i + 1} says it was awarded to {self.side_name(declared)}, but the "
                    f"held_after_knock penalty at {tally.award_path} was against that side: "
                    f"the set goes to the other side, {self.side_name(side)}",
                )
            if declared is None and (info["winner"] is not None or info.get("award_pending")):
                info["winner"] = side
                info["entry"]["winner"] = side
        elif declared is not None and tally.award_seen and tally.ended_in is None:
            self.err(
                f"{path}/awarded_to",
                SET_SCORE_INVALID,
                f"set {i + 1} says it was awarded to {self.side_name(declared)}, but its last "
                f"hand's plays have no held_after_knock penalty",
            )
        elif info.get("award_pending"):
            self.score_invalid(i, info["score"], f"a finished set has exactly one side on "
                               f"{self.target}")  # fmt: skip
