"""Who started a set's first hand, settled from the set's own hand starters (their vote,
with void hands passing the down as their rules say) or, where nothing records it, by
reading the hands with each candidate seat (``hands_errors``) and taking the one with
fewest errors.  ``check_hands`` is the set-level entry match.py calls; the hands
themselves are walked by hands.py.
"""

from __future__ import annotations

from typing import Any

from .hands import HandChecker, SetTally
from .report import STARTER_WRONG, is_int
from .starters import hand_starters, void_of


class SetStartChecker(HandChecker):
    def hand_voids(self, hands: list[Any]) -> list[tuple[int, str] | None] | None:
        """Each hand's void as seen without replaying it (its ``void``, else a voiding
        penalty as its last entry); None when no hand is void."""
        rules = self.rules
        if rules is None or not rules.penalty_rules:
            return None
        out: list[tuple[int, str] | None] = []
        found = False
        for h in hands:
            v = None
            if isinstance(h, dict):
                v = void_of(h.get("void"))
                plays = h.get("plays")
                if v is None and isinstance(plays, list) and plays:
                    last = plays[-1]
                    if isinstance(last, dict):
                        v = void_of(last.get("penalty"))
            if v is not None and v[0] >= self.seats:
                v = None
            found = found or v is not None
            out.append(v)
        return out if found else None

    def hand_starter_votes(self, hands: list[Any]) -> list[int]:
        """The seats most of the recorded hand starters say started the set's first hand
        (each hand j started by seat s votes for the seat whose chain of downs gives s at
        hand j); empty when none is recorded."""
        n = self.seats
        voids = self.hand_voids(hands)
        votes: dict[int, int] = {}
        if voids is None:
            for j, h in enumerate(hands):
                if isinstance(h, dict) and "starter" in h:
                    st = h["starter"]
                    if is_int(st) and 0 <= st < n:
                        votes[(st - j) % n] = votes.get((st - j) % n, 0) + 1
        else:
            for cand in range(n):
                chain = hand_starters(cand, n, voids)
                c = sum(
                    1
                    for j, h in enumerate(hands)
                    if isinstance(h, dict) and is_int(h.get("starter")) and h["starter"] == chain[j]
                )
                if c:
                    votes[cand] = c
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
        counts = [len(self.hands_errors(i, info, cand)[0]) for cand in range(self.seats)]
        best = min(counts)
        return counts.index(best) if counts.count(best) == 1 else None

    def check_hands(self, i: int, info: dict[str, Any]) -> None:
        """Settle the seat that started the set's first hand, then check the hands."""
        base = self.first_hand_starter(i, info)
        if base is not None:
            errs, tally = self.hands_errors(i, info, base)
            given = info["starter"]
            if info.get("derived") and given is None and errs:
                if not self.hand_starter_votes(info["hands"]):
                    # The alternation comes from another set's hands: when nothing in this
                    # set records its starter and its plays show the other seat started
                    # it, say so once instead of misreading every hand.
                    shown = self.shown_set_starter(i, info)
                    if shown is not None and shown != base:
                        self.err(
                            f"/sets/{i}",
                            STARTER_WRONG,
                            f"set {i + 1} should be started by {self.seat_name(base)} (sets "
                            f"alternate their starter), but its plays show "
                            f"{self.seat_name(shown)} started it",
                        )
                        errs, tally = self.hands_errors(i, info, shown)
        else:
            # Nobody recorded who started: take the seat that explains the record best.
            errs, tally = min(
                (self.hands_errors(i, info, cand) for cand in range(self.seats)),
                key=lambda r: len(r[0]),
            )
        self.errors.extend(errs)
        self.apply_award(i, info, tally)

    def first_hand_starter(self, i: int, info: dict[str, Any]) -> int | None:
        """The seat that started the set's first hand: the set's starter, unless the
        hands' own starters agree on another (reported); None when nothing tells."""
        hands = info["hands"]
        given = info["starter"]
        expected = info["expected"]
        start = given if given is not None else expected
        tops = self.hand_starter_votes(hands)
        if not tops:
            return start
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
        return base

    def hands_errors(
        self, i: int, info: dict[str, Any], base: int
    ) -> tuple[list[dict[str, str]], SetTally]:
        """The errors of a set's hands read with ``base`` starting its first hand."""
        saved = self.errors
        self.errors = []
        try:
            tally = self.run_hands(i, info, base)
            return self.errors, tally
        finally:
            self.errors = saved
