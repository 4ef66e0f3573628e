"""Penalty entries: reading them, the holes they cost, and their consequences by the
rule's effect (``PENALTY_STEPS``: plain, void, wont_go, false_knock, held_after_knock).
"""

from __future__ import annotations

from typing import Any

from .ends import LineChecker
from .report import (
    BAD_FORMAT,
    ILLEGAL_KNOCK,
    PENALTY_NOT_APPLICABLE,
    PLAY_AFTER_HAND_END,
    TILE_DOES_NOT_MATCH,
    show,
)
from .rulesets import (
    EFFECT_FALSE_KNOCK,
    EFFECT_HELD_AFTER_KNOCK,
    EFFECT_NONE,
    EFFECT_VOID,
    EFFECT_WONT_GO,
    PENALTY_RULES,
    PLAIN_PENALTY,
    PenaltyRule,
)
from .state import HandState, award, next_seat
from .tiles import BIT, FIT, TILE_NAME, TILE_STR


class PenaltyChecker(LineChecker):
    def penalty(self, st: HandState, k: int, p: dict[str, Any]) -> None:
        path = f"{st.ppath}/{k}"
        read = self.read_penalty(p, path, st.where)
        if read is None:
            st.certain = False
            return
        seat, rule, tile = read
        PENALTY_STEPS[rule.effect](self, st, k, seat, rule, tile)

    def read_penalty(
        self, p: dict[str, Any], path: str, where: str
    ) -> tuple[int, PenaltyRule, int | None] | None:
        """(offender, rule, tile id or None) of a penalty entry; None when unreadable."""
        rules = self.rules
        assert rules is not None
        if rules.penalty_holes is None:
            self.err(
                path, BAD_FORMAT, f"{where}: penalties are not part of the {rules.name} ruleset"
            )
            return None
        pen = p["penalty"]
        if not isinstance(pen, dict) or len(p) != 1:
            self.err(
                path,
                BAD_FORMAT,
                f'{where}: a penalty is written {{"penalty": {{"seat": S, "rule": "...", '
                f'"reason": "..."}}}}',
            )
            return None
        if "reason" in pen and not isinstance(pen["reason"], str):
            self.err(f"{path}/penalty/reason", BAD_FORMAT, f"{where}: a penalty reason is text")
        rule = PLAIN_PENALTY
        if "rule" in pen:
            name = pen["rule"]
            if not isinstance(name, str) or name not in rules.penalty_rules:
                known = ", ".join(rules.penalty_rules)
                self.err(
                    f"{path}/penalty/rule",
                    BAD_FORMAT,
                    f"{where}: {show(name)} is not a penalty rule of the {rules.name} "
                    f"ruleset ({known}); leave \"rule\" out for a plain penalty",
                )
                return None
            rule = PENALTY_RULES[name]
        seat = self.read_seat(pen.get("seat"), f"{path}/penalty/seat", "a penalty's seat")
        if seat is None:
            return None
        if not rule.needs_tile:
            return seat, rule, None
        tile = self.read_penalty_tile(pen, path, where, rule)
        return None if tile is None else (seat, rule, tile)

    def read_penalty_tile(
        self, pen: dict[str, Any], path: str, where: str, rule: PenaltyRule
    ) -> int | None:
        if "tile" not in pen:
            self.err(
                f"{path}/penalty",
                BAD_FORMAT,
                f'{where}: a {rule.name} penalty names the tile that would not go, '
                f'e.g. "tile": "1-2"',
            )
            return None
        raw = pen["tile"]
        tile = TILE_STR.get(raw) if isinstance(raw, str) else None
        if tile is None:
            self.bad_tile_or_format(f"{path}/penalty/tile", raw, where)
        return tile

    def penalty_holes(self, st: HandState, seat: int, rule: PenaltyRule) -> None:
        """The offender's side goes back N, or with fewer than N the opponents go up N
        (which follows the target rule)."""
        holes = rule.holes if rule.name else self.rules.penalty_holes  # type: ignore[union-attr]
        if not holes:
            return
        side = seat & 1
        if st.base[side] + st.hp[side] >= holes:
            st.hp[side] -= holes
        elif award(st.base, st.hp, 1 - side, holes, self.target):
            st.reached = st.over = True

    def penalty_plain(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        self.penalty_holes(st, seat, rule)

    def penalty_void(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        """The hand is void and dealt again; it ends with this entry."""
        path = f"{st.ppath}/{k}"
        if rule.before_play and not st.first:
            self.err(
                f"{st.ppath}/0",
                PLAY_AFTER_HAND_END,
                f"{st.where}: the {rule.name} penalty at {path} voids the hand before any "
                f"play, so no turn can come before it; write the penalty as the hand's only "
                f"entry, or name the rule that was broken",
            )
            st.certain = False
        elif rule.in_singles and st.n == 2:
            self.err(
                f"{path}/penalty/rule",
                PENALTY_NOT_APPLICABLE,
                f"{st.where}: no {rule.name} penalty in singles: {rule.in_singles}",
            )
        elif rule.before_down and st.first:
            self.err(
                f"{path}/penalty/rule",
                PENALTY_NOT_APPLICABLE,
                f"{st.where}: no {rule.name} penalty before the down: {rule.before_down}",
            )
        # A refused entry is still read as written, so one wrong entry is one error.
        self.penalty_holes(st, seat, rule)
        st.void = (seat, rule.name)
        st.void_path = path
        st.over = True

    def penalty_wont_go(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        """The tile leaves the offender's hand, out of play; the offender's turn goes on."""
        path = f"{st.ppath}/{k}"
        assert tile is not None
        where = st.where
        if st.over:
            self.err(
                path,
                PLAY_AFTER_HAND_END,
                f"{where}: a wont_go penalty after the hand was over; a tile that won't go "
                f"is tried in the offender's turn",
            )
            self.penalty_holes(st, seat, rule)
            return
        if st.first:
            self.err(
                path,
                TILE_DOES_NOT_MATCH,
                f"{where}: a wont_go penalty before the down; any tile goes as the down",
            )
        elif seat != st.turn:
            self.err(
                f"{path}/penalty/seat",
                TILE_DOES_NOT_MATCH,
                f"{where}: a wont_go penalty is taken in the offender's turn, but "
                f"{self.seat_name(st.turn)} was to play, not {self.seat_name(seat)}",
            )
        elif not st.lost and BIT[tile] & (FIT[st.lv] | FIT[st.rv]) and self.holds(st, seat, tile):
            self.fits_an_end(f"{path}/penalty/tile", st, tile)
        self.take_tile(st, k, f"{path}/penalty/tile", seat, tile, "tried")
        st.used |= BIT[tile]
        st.gone[seat] += 1
        if st.gone[seat] >= st.tps:
            self.seat_out(st, seat, False)
        if st.gone[st.turn] >= st.tps and not st.over:
            st.turn = next_seat(st.turn, st.n, st.gone, st.tps)
        self.penalty_holes(st, seat, rule)

    def holds(self, st: HandState, seat: int, tile: int) -> bool:
        """Whether the seat may hold the tile (a tile it cannot hold is another fault)."""
        if st.held is not None:
            return bool(st.held[seat] & BIT[tile])
        return not st.used & BIT[tile]

    def fits_an_end(self, path: str, st: HandState, tile: int) -> None:
        """A wont_go tile that goes at one of the open ends (rule 5 penalises only "a
        domino that will NOT go either end"; at the wrong end it is turned round)."""
        end = st.lv if BIT[tile] & FIT[st.lv] else st.rv
        side = "left" if end == st.lv else "right"
        self.err(
            path,
            PENALTY_NOT_APPLICABLE,
            f"{st.where}: no wont_go penalty for {TILE_NAME[tile]}: it goes at the {side} "
            f"end ({end}), and rule 5 penalises only a domino that will not go either end; "
            f"take the penalty out and record the tile where it was laid",
        )

    def awarded_on_turnover(self, st: HandState, p: dict[str, Any]) -> bool:
        """A held_after_knock entry after the set's last play, naming a seat whose side
        reached the target in this hand: found on the turnover, it still takes the set
        (rule 5: "on the turnover or during the course of play")."""
        pen = p["penalty"]
        rule = pen.get("rule") if isinstance(pen, dict) else None
        if rule != "held_after_knock" or rule not in self.rules.penalty_rules:  # type: ignore[union-attr]
            return False
        seat = pen.get("seat")
        if type(seat) is not int or not 0 <= seat < st.n:
            return False
        side = seat & 1
        return st.awarded is None and st.base[side] + st.hp[side] == self.target

    def penalty_false_knock(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        """The knock just before is taken back; the offender lays a tile scoring nothing."""
        path = f"{st.ppath}/{k}"
        if st.knock_at != k - 1 or st.last_knock != seat:
            self.err(
                path,
                ILLEGAL_KNOCK,
                f"{st.where}: a false_knock penalty stands right after the offender's knock, "
                f"before the next seat plays, but the entry before it is not a knock by "
                f"{self.seat_name(seat)}",
            )
        else:
            st.knocks -= 1  # a knock taken back does not count towards a blocked hand
            st.over = False
            st.turn = seat
            st.no_score = seat
            if st.bad_knocks and st.bad_knocks[-1][0] == seat:
                self.drop([st.bad_knocks.pop()[1]])
        self.penalty_holes(st, seat, rule)

    def penalty_held_after_knock(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        """The set ends at once, won by the other side; the knock is no longer an error."""
        path = f"{st.ppath}/{k}"
        mine = [e for s, e in st.bad_knocks if s == seat]
        if st.held is not None and not st.lost:
            if not mine:
                self.err(
                    path,
                    ILLEGAL_KNOCK,
                    f"{st.where}: held_after_knock names {self.seat_name(seat)}, but it never "
                    f"knocked in this hand while holding a tile that fitted",
                )
        elif not st.knocked & (1 << seat):
            self.err(
                path,
                ILLEGAL_KNOCK,
                f"{st.where}: held_after_knock names {self.seat_name(seat)}, but it did not "
                f"knock in this hand",
            )
        self.drop(mine)
        st.bad_knocks = [x for x in st.bad_knocks if x[0] != seat]
        self.penalty_holes(st, seat, rule)
        st.reached = st.over = True
        st.awarded = 1 - (seat & 1)
        st.award_path = path


# Penalty steps by the rule's effect.
PENALTY_STEPS = {
    EFFECT_NONE: PenaltyChecker.penalty_plain,
    EFFECT_VOID: PenaltyChecker.penalty_void,
    EFFECT_WONT_GO: PenaltyChecker.penalty_wont_go,
    EFFECT_FALSE_KNOCK: PenaltyChecker.penalty_false_knock,
    EFFECT_HELD_AFTER_KNOCK: PenaltyChecker.penalty_held_after_knock,
}
