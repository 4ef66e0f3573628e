"""The play-by-play replay of one hand: tiles laid, ends, knocks, penalties and bonuses.

This is the hot path of a play-depth record, so a hand is replayed with integer state only
(end values, doubled flags, bit masks of tiles held) and every table comes from tiles.py.
"""

from __future__ import annotations

from typing import Any

from .deals import DealReader
from .report import (
    BAD_FORMAT,
    HAND_INCOMPLETE,
    ILLEGAL_KNOCK,
    PLAY_AFTER_HAND_END,
    PLAY_AFTER_SET_END,
    TILE_DOES_NOT_MATCH,
    TILE_NOT_IN_HAND,
    show,
)
from .tiles import (
    BIT,
    DOWN,
    FIT,
    KNOCK,
    LEFT,
    PIPS,
    PLAYS,
    SCORE,
    SIDE_NAME,
    TILE_NAME,
    TILE_STR,
    TILES,
)


class PlayChecker(DealReader):
    def play_hand(
        self,
        plays: list[Any],
        hpath: str,
        where: str,
        starter: int,
        deal: list[int] | None,
        before: list[int],
    ) -> tuple[tuple[int, int], bool, bool]:
        """Replay one hand.  Returns (points per side, a side reached the target,
        the points are certain)."""
        rules = self.rules
        assert rules is not None
        n = self.seats
        tps = rules.tiles_per_seat
        target = rules.target
        down_may_win = rules.down_may_win
        held = list(deal) if deal is not None else None
        hp = [0, 0]
        base = before
        cnt = [0] * n
        in_play = n
        turn = starter
        knocks = 0
        lv = rv = 0
        lw = rw = 1
        spinner = False
        first = True
        over = False
        reached = False
        certain = True
        lost = False  # the open ends are unknown after an unreadable turn
        used = 0
        ppath = f"{hpath}/plays"
        for k, p in enumerate(plays):
            try:
                kind, t, a, b = PLAYS[p]
            except (KeyError, TypeError):
                kind = -1
            if kind < 0:
                # Penalties and unreadable turns: the slow path.
                if isinstance(p, dict) and "penalty" in p:
                    if reached:
                        self.err(
                            f"{ppath}/{k}",
                            PLAY_AFTER_SET_END,
                            f"{where}: a penalty recorded after a side reached {target}; "
                            f"the record stops at that play",
                        )
                        break
                    res = self.penalty(p, f"{ppath}/{k}", where, base, hp)
                    if res is None:
                        certain = False
                    elif res:
                        reached = True
                    continue
                if reached or over:
                    self.after_end(ppath, k, where, reached, over, target)
                    break
                self.bad_turn(p, f"{ppath}/{k}", where, first)
                certain = False
                lost = True
                first = False
                knocks = 0
                turn = _next_seat(turn, n, cnt, tps)
                continue
            if reached or over:
                self.after_end(ppath, k, where, reached, over, target)
                break
            seat = turn
            if kind == KNOCK:
                if first:
                    self.err(
                        f"{ppath}/{k}",
                        ILLEGAL_KNOCK,
                        f"{where}: {self.seat_name(seat)} knocked instead of laying the down; "
                        f"the starter always has a tile to lay",
                    )
                    certain = False
                elif held is not None and not lost:
                    fits = held[seat] & (FIT[lv] | FIT[rv])
                    if fits:
                        self.knock_error(f"{ppath}/{k}", where, seat, fits, lv, rv)
                knocks += 1
                if knocks >= in_play:
                    over = True
                if n == 2:
                    turn = 1 - seat
                else:
                    turn = _next_seat(seat, n, cnt, tps)
                continue
            bit = BIT[t]
            if held is not None:
                h = held[seat]
                if h & bit:
                    held[seat] = h ^ bit
                else:
                    self.not_held(f"{ppath}/{k}", where, seat, t, deal, plays, k, ppath)
            elif used & bit:
                self.not_held(f"{ppath}/{k}", where, seat, t, None, plays, k, ppath)
            used |= bit
            is_down = first
            if first:
                first = False
                if kind != DOWN:
                    self.err(
                        f"{ppath}/{k}",
                        BAD_FORMAT,
                        f'{where}: the down is a tile alone, e.g. "{a}-{b}", without an end',
                    )
                lv = a
                rv = b
                lw = rw = 1
                spinner = a == b
                total = a + b
            elif lost:
                total = -1
            else:
                if kind == DOWN:
                    self.err(
                        f"{ppath}/{k}",
                        BAD_FORMAT,
                        f'{where}: {a}-{b} needs an end after the down: "{a}-{b} left" or '
                        f'"{a}-{b} right"',
                    )
                    certain = False
                    kind = LEFT if (a == lv or b == lv) else 2
                if (a != lv and b != lv) if kind == LEFT else (a != rv and b != rv):
                    # Does not fit the named end.  Report it, then carry on as if the
                    # tile were laid at the other end when it fits there (a slip of the
                    # pen), or with its first-written half against the named end.
                    if kind == LEFT:
                        self.mismatch(f"{ppath}/{k}", where, seat, a, b, LEFT, lv, lw)
                    else:
                        self.mismatch(f"{ppath}/{k}", where, seat, a, b, 2, rv, rw)
                    certain = False
                    other = rv if kind == LEFT else lv
                    if a == other or b == other:
                        kind = 2 if kind == LEFT else LEFT
                    elif kind == LEFT:
                        lv = a
                    else:
                        rv = a
                if kind == LEFT:
                    lv = b if a == lv else a
                    lw = 2 if a == b else 1
                    if spinner:
                        rw = 2
                        spinner = False
                else:
                    rv = b if a == rv else a
                    rw = 2 if a == b else 1
                    if spinner:
                        lw = 2
                        spinner = False
                total = lv * lw + rv * rw
            knocks = 0
            if total > 0:
                pts = SCORE[total]
                if pts:
                    side = seat & 1
                    new = base[side] + hp[side] + pts
                    if new < target:
                        hp[side] += pts
                    elif new == target and (down_may_win or not is_down):
                        hp[side] += pts
                        reached = True
            c = cnt[seat] + 1
            cnt[seat] = c
            if c >= tps:
                # This seat has laid its last tile.
                in_play -= 1
                side = seat & 1
                if rules.last_tile_bonus and not reached:
                    if _award(base, hp, side, rules.last_tile_bonus, target):
                        reached = True
                if all(cnt[x] >= tps for x in range(side, n, 2)):
                    over = True
            if n == 2:
                turn = 1 - seat
            else:
                turn = _next_seat(seat, n, cnt, tps)
        else:
            if not over and not reached and not lost:
                certain = False  # the missing turns may have scored
                self.err(
                    ppath,
                    HAND_INCOMPLETE,
                    f"{where} stops after {len(plays)} turn{'' if len(plays) == 1 else 's'} while "
                    f"the set goes on: no side "
                    f"has laid all its tiles, the players have not all knocked in turn, and "
                    f"no side has reached {target}",
                )
        if over and knocks and rules.blocked_lowest_hand_bonus and not reached:
            if held is None or lost:
                certain = False
            else:
                pips = [0, 0]
                for s in range(n):
                    m = held[s]
                    pips[s & 1] += sum(PIPS[x] for x in range(len(TILES)) if m & BIT[x])
                if pips[0] != pips[1]:
                    low = 0 if pips[0] < pips[1] else 1
                    if _award(base, hp, low, rules.blocked_lowest_hand_bonus, target):
                        reached = True
        return (hp[0], hp[1]), reached, certain

    def after_end(
        self, ppath: str, k: int, where: str, reached: bool, over: bool, target: int
    ) -> None:
        if reached:
            self.err(
                f"{ppath}/{k}",
                PLAY_AFTER_SET_END,
                f"{where}: a turn recorded after a side reached {target}; the set ended at "
                f"the previous play and the record stops there",
            )
        else:
            self.err(
                f"{ppath}/{k}",
                PLAY_AFTER_HAND_END,
                f"{where}: a turn recorded after the hand was over (a side had laid all its "
                f"tiles, or everyone had knocked in turn)",
            )

    def bad_turn(self, p: Any, path: str, where: str, first: bool) -> None:
        if isinstance(p, str):
            parts = p.split()
            if len(parts) in (1, 2) and (len(parts) == 1 or parts[1] in ("left", "right")):
                if parts[0] in TILE_STR:
                    # A well-formed tile with odd spacing.
                    self.err(
                        path,
                        BAD_FORMAT,
                        f'{where}: {show(p)} is not written as a turn; write "A-B", '
                        f'"A-B left", "A-B right" or "knock" with single spaces',
                    )
                    return
                if parts[0].count("-") == 1:
                    self.bad_tile_or_format(path, parts[0], where)
                    return
        if isinstance(p, dict) and "penalty" in p:
            return
        self.err(
            path,
            BAD_FORMAT,
            f'{where}: {show(p)} is not a turn; write "A-B" for the down, then '
            f'"A-B left", "A-B right" or "knock"',
        )

    def penalty(
        self, p: dict[str, Any], path: str, where: str, base: list[int], hp: list[int]
    ) -> bool | None:
        """Apply a penalty entry; None when it cannot be read."""
        rules = self.rules
        assert rules is not None
        holes = rules.penalty_holes
        if holes is None:
            self.err(
                path,
                BAD_FORMAT,
                f"{where}: penalties are not part of the {rules.name} ruleset",
            )
            return None
        pen = p["penalty"]
        if not isinstance(pen, dict) or len(p) != 1:
            self.err(
                path,
                BAD_FORMAT,
                f'{where}: a penalty is written {{"penalty": {{"seat": S, "reason": "..."}}}}',
            )
            return None
        if "reason" in pen and not isinstance(pen["reason"], str):
            self.err(f"{path}/penalty/reason", BAD_FORMAT, f"{where}: a penalty reason is text")
        seat = self.read_seat(pen.get("seat"), f"{path}/penalty/seat", "a penalty's seat")
        if seat is None:
            return None
        side = seat & 1
        if base[side] + hp[side] >= holes:
            hp[side] -= holes
            return False
        return _award(base, hp, 1 - side, holes, rules.target)

    def knock_error(
        self, path: str, where: str, seat: int, fits: int, lv: int, rv: int
    ) -> None:
        t = (fits & -fits).bit_length() - 1
        a, b = TILES[t]
        if a == lv or b == lv:
            end = f"the left end ({lv})"
            if (a == rv or b == rv) and lv != rv:
                end = f"both ends ({lv} and {rv})"
        else:
            end = f"the right end ({rv})"
        name = TILE_NAME[t]
        try:  # name the tile as the deal wrote it ("5-2" rather than "2-5")
            for text in self.raw_deal[seat]:
                if TILE_STR.get(text) == t:
                    name = text
        except (TypeError, IndexError, KeyError):
            pass
        others = bin(fits).count("1") - 1
        more = f" (and {others} other tile{'s' if others > 1 else ''} fit)" if others else ""
        self.err(
            path,
            ILLEGAL_KNOCK,
            f"{where}: {self.seat_name(seat)} knocked holding {name}, which fits "
            f"{end}{more}",
        )

    def not_held(
        self,
        path: str,
        where: str,
        seat: int,
        t: int,
        deal: list[int] | None,
        plays: list[Any],
        k: int,
        ppath: str,
    ) -> None:
        name = TILE_NAME[t]
        before = [
            i
            for i in range(k)
            if isinstance(plays[i], str) and PLAYS.get(plays[i], (0, -2))[1] == t
        ]
        if before:
            why = f"it was already played at {ppath}/{before[0]}"
        elif deal is not None:
            owners = [s for s, m in enumerate(deal) if m & BIT[t]]
            why = f"it was dealt to seat {owners[0]}" if owners else "it was not dealt"
        else:
            why = "it is not in that seat's hand"
        self.err(
            path,
            TILE_NOT_IN_HAND,
            f"{where}: {self.seat_name(seat)} laid {name}, which it does not hold: {why}",
        )

    def mismatch(
        self, path: str, where: str, seat: int, a: int, b: int, kind: int, v: int, w: int
    ) -> None:
        side = SIDE_NAME.get(kind, "right")
        self.err(
            path,
            TILE_DOES_NOT_MATCH,
            f"{where}: {self.seat_name(seat)} laid {a}-{b} at the {side} end, which is "
            f"{v}{' (a double)' if w == 2 else ''}; a tile laid there needs a {v}",
        )


def _next_seat(seat: int, n: int, cnt: list[int], tps: int) -> int:
    nxt = seat
    for _ in range(n):
        nxt += 1
        if nxt == n:
            nxt = 0
        if cnt[nxt] < tps:
            return nxt
    return nxt


def _award(base: list[int], hp: list[int], side: int, pts: int, target: int) -> bool:
    """Give points to a side under the target rule; True when it reaches the target."""
    new = base[side] + hp[side] + pts
    if new > target:
        return False
    hp[side] += pts
    return new == target

