"""Hand sheets: each hand's points, the running totals, the 61 rule and the hands' starters.

A hand recorded with its plays is replayed (plays.py) and the replay's points win over the
written ones; a hand with points only is checked against the running totals.
"""

from __future__ import annotations

from typing import Any

from .plays import PlayChecker
from .report import (
    BAD_FORMAT,
    HAND_POINTS_MISMATCH,
    MISSING,
    OVER_TARGET,
    PLAY_AFTER_SET_END,
    POINTS_MISMATCH,
    STARTER_WRONG,
    is_int,
    show,
    show_pair,
)


class HandChecker(PlayChecker):
    def hand_starter_votes(self, hands: list[Any]) -> list[int]:
        """The seats most of the recorded hand starters say started the set's first hand
        (each hand j started by seat s votes for s - j); empty when none is recorded."""
        n = self.seats
        votes: dict[int, int] = {}
        for j, h in enumerate(hands):
            if isinstance(h, dict) and "starter" in h:
                st = h["starter"]
                if is_int(st) and 0 <= st < n:
                    votes[(st - j) % n] = votes.get((st - j) % n, 0) + 1
        if not votes:
            return []
        most = max(votes.values())
        return sorted(b for b, c in votes.items() if c == most)

    def shown_set_starter(self, i: int, info: dict[str, Any]) -> int | None:
        """The seat a set's hands show started it, without any set starter: the hand
        starters' vote, else the one seat whose reading of the hands has fewest errors
        (None when the hands do not tell)."""
        tops = self.hand_starter_votes(info["hands"])
        if tops:
            return tops[0] if len(tops) == 1 else None
        counts = [len(self.hands_errors(i, info, cand)) for cand in range(self.seats)]
        best = min(counts)
        return counts.index(best) if counts.count(best) == 1 else None

    def check_hands(self, i: int, info: dict[str, Any]) -> None:
        hands = info["hands"]
        n = self.seats
        given = info["starter"]
        expected = info["expected"]
        start = given if given is not None else expected
        # The hands' own starters vote for the seat that started the set's first hand.
        tops = self.hand_starter_votes(hands)
        base = start
        if tops:
            base = start if start in tops else min(tops)
            if start is not None and base != start:
                how = f"its hands were started in turn from seat {base}"
                if given is None:
                    h0 = hands[0] if hands else None
                    has = isinstance(h0, dict) and "starter" in h0
                    self.err(
                        f"/sets/{i}/hands/0/starter" if has else f"/sets/{i}",
                        STARTER_WRONG,
                        f"set {i + 1} should be started by {self.seat_name(start)}, but {how}",
                    )
                elif expected is None or expected == given:
                    self.err(
                        f"/sets/{i}/starter",
                        STARTER_WRONG,
                        f"set {i + 1}'s starter is seat {given}, but {how}",
                    )
        if base is not None:
            errs = self.hands_errors(i, info, base)
            if info.get("derived") and given is None and not tops and errs:
                # The alternation comes from another set's hands: when nothing in this
                # set records its starter and its plays show the other seat started it,
                # say so once instead of misreading every hand.
                shown = self.shown_set_starter(i, info)
                if shown is not None and shown != base:
                    self.err(
                        f"/sets/{i}",
                        STARTER_WRONG,
                        f"set {i + 1} should be started by {self.seat_name(base)} (sets "
                        f"alternate their starter), but its plays show "
                        f"{self.seat_name(shown)} started it",
                    )
                    errs = self.hands_errors(i, info, shown)
            self.errors.extend(errs)
            return
        # Nobody recorded who started: take the seat that explains the record best.
        best: list[dict[str, str]] | None = None
        for cand in range(n):
            errs = self.hands_errors(i, info, cand)
            if best is None or len(errs) < len(best):
                best = errs
        assert best is not None
        self.errors.extend(best)

    def hands_errors(self, i: int, info: dict[str, Any], base: int) -> list[dict[str, str]]:
        saved = self.errors
        self.errors = []
        try:
            self._check_hands(i, info, base)
            return self.errors
        finally:
            self.errors = saved

    def _check_hands(self, i: int, info: dict[str, Any], base: int) -> None:
        rules = self.rules
        assert rules is not None
        n = self.seats
        target = rules.target
        path = f"/sets/{i}"
        tot = [0, 0]
        ended_in: int | None = None
        passed = [False, False]
        negative_allowed = rules.penalty_holes is not None
        for j, h in enumerate(info["hands"]):
            hpath = f"{path}/hands/{j}"
            if not isinstance(h, dict):
                self.err(hpath, BAD_FORMAT, f"set {i + 1} hand {j + 1} must be an object")
                continue
            expected = (base + j) % n
            starter = expected
            alt = None
            if "starter" in h:
                given = self.read_seat(
                    h["starter"], f"{hpath}/starter", f"set {i + 1} hand {j + 1}'s starter"
                )
                if given is not None:
                    starter = given
                    if given != expected:
                        alt = expected
                        self.err(
                            f"{hpath}/starter",
                            STARTER_WRONG,
                            f"set {i + 1} hand {j + 1} should be started by "
                            f"{self.seat_name(expected)} (the down passes in turn from the "
                            f"set's starter, seat {base}), but the record says seat {given}",
                        )
            points = None
            if "points" in h:
                points = self.read_pair(
                    h["points"], f"{hpath}/points", f"set {i + 1} hand {j + 1}'s points"
                )
            held = None
            if "deal" in h:
                held = self.read_deal(h["deal"], f"{hpath}/deal", f"set {i + 1} hand {j + 1}")
            plays = MISSING
            if "plays" in h:
                plays = h["plays"]
                if not isinstance(plays, list):
                    self.err(
                        f"{hpath}/plays",
                        BAD_FORMAT,
                        f"set {i + 1} hand {j + 1}'s plays must be a list of turns",
                    )
                    plays = None
            elif "points" not in h:
                self.err(
                    hpath,
                    BAD_FORMAT,
                    f"set {i + 1} hand {j + 1} has neither points nor plays",
                )
            if ended_in is not None:
                self.err(
                    hpath,
                    PLAY_AFTER_SET_END,
                    f"set {i + 1} was over when a side reached {target} in hand "
                    f"{ended_in + 1}; hand {j + 1} should not be recorded",
                )
                continue
            use = points
            reached = False
            if isinstance(plays, list):
                self.raw_deal = h.get("deal")
                where = f"set {i + 1} hand {j + 1}"
                if alt is None:
                    got, reached, certain = self.play_hand(
                        plays, hpath, where, starter, held, tot
                    )
                else:
                    # The starter is disputed: follow whichever seat explains the plays.
                    saved = self.errors
                    tries = []
                    for seat in (starter, alt):
                        self.errors = []
                        res = self.play_hand(plays, hpath, where, seat, held, tot)
                        tries.append((len(self.errors), res, self.errors))
                    self.errors = saved
                    _, (got, reached, certain), errs = min(tries, key=lambda x: x[0])
                    self.errors.extend(errs)
                if certain:
                    if points is not None and points != got:
                        self.err(
                            f"{hpath}/points",
                            POINTS_MISMATCH,
                            f"set {i + 1} hand {j + 1}: the plays score {show_pair(got)} but the "
                            f"record says {show_pair(points)}",
                        )
                    use = got
                elif use is None:
                    use = got
            elif plays is MISSING and points is not None:
                if not negative_allowed:
                    for side in (0, 1):
                        if points[side] < 0:
                            self.err(
                                f"{hpath}/points/{side}",
                                HAND_POINTS_MISMATCH,
                                f"set {i + 1} hand {j + 1} gives {self.side_name(side)} "
                                f"{show(points[side])} points; a hand cannot take points away",
                            )
            if use is None:
                continue
            for side in (0, 1):
                tot[side] += use[side]
            if not isinstance(plays, list):
                for side in (0, 1):
                    if tot[side] > target and not passed[side]:
                        passed[side] = True
                        self.err(
                            f"{hpath}/points/{side}",
                            OVER_TARGET,
                            f"set {i + 1}: {self.side_name(side)}'s running total passes "
                            f"{target} in hand {j + 1} ({show(tot[side])}); a score that "
                            f"would pass {target} scores nothing",
                        )
                    elif tot[side] < 0 and negative_allowed:
                        self.err(
                            f"{hpath}/points/{side}",
                            HAND_POINTS_MISMATCH,
                            f"set {i + 1}: {self.side_name(side)}'s running total falls to "
                            f"{show(tot[side])} in hand {j + 1}; a penalty takes points back "
                            f"only from a side that has them",
                        )
                if tot[0] == target and tot[1] == target:
                    self.err(
                        f"{hpath}/points",
                        PLAY_AFTER_SET_END,
                        f"set {i + 1}: both sides reach {target} in hand {j + 1}, but the "
                        f"set ends the moment one side reaches {target}",
                    )
                reached = tot[0] == target or tot[1] == target
            if reached:
                ended_in = j
        score = info["score"]
        if score is not None and (tot[0], tot[1]) != score:
            self.err(
                f"{path}/score",
                HAND_POINTS_MISMATCH,
                f"set {i + 1}: the hands add up to {show_pair(tot)} but the set score says "
                f"{show_pair(score)}",
            )
