"""The play-by-play replay of one hand: tiles laid, ends, knocks and penalties.

This is the hot path of a play-depth record, so a hand is replayed with integer state only
(end values, doubled flags, bit masks of tiles held) kept in one ``HandState``, and every
table comes from tiles.py.  ``play_hand`` reads the entries in order and hands each to its
step: ``lay_tile`` (the down, a tile at an end, a tile that stands), ``knock``, and for
penalty entries ``penalty``, which dispatches on the rule's effect (``PENALTY_STEPS``).
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
from .tiles import (
    BIT,
    DOWN,
    FIT,
    KNOCK,
    LEFT,
    PIPS,
    PLAYS,
    RIGHT,
    SCORE,
    SIDE_NAME,
    STANDS,
    TILE_NAME,
    TILE_STR,
    TILES,
)


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
        self.ppath = f"{hpath}/plays"
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

    @property
    def points(self) -> tuple[int, int]:
        return (self.hp[0], self.hp[1])


class PlayChecker(DealReader):
    def play_hand(
        self,
        plays: list[Any],
        hpath: str,
        where: str,
        starter: int,
        deal: list[int] | None,
        before: list[int],
    ) -> HandState:
        """Replay one hand; the returned state gives ``points`` per side, ``reached`` (the
        set is over), ``certain`` (the points are known), ``void`` and ``awarded``."""
        rules = self.rules
        assert rules is not None
        st = HandState(self.seats, rules.tiles_per_seat, starter, deal, before, plays, hpath,
                       where)  # fmt: skip
        lay = self.lay_tile
        for k, p in enumerate(plays):
            try:
                kind, t, a, b = PLAYS[p]
            except (KeyError, TypeError):
                if self.other_entry(st, k, p):
                    continue
                break
            if st.over:  # (also set when the set is over)
                self.after_end(st, k)
                break
            if kind == KNOCK:
                self.knock(st, k)
            else:
                lay(st, k, kind, t, a, b, False)
        else:
            if not st.over and not st.reached and not st.lost:
                self.incomplete(st)
        if st.over and st.knocks and rules.blocked_lowest_hand_bonus and not st.reached:
            self.blocked_bonus(st)
        return st

    # ---------------------------------------------------------------- turns

    def other_entry(self, st: HandState, k: int, p: Any) -> bool:
        """Penalties, tiles that stand, and unreadable turns; False ends the replay."""
        if isinstance(p, dict) and "penalty" in p:
            if st.reached or st.void is not None:
                self.after_end(st, k, "a penalty")
                return False
            self.penalty(st, k, p)
            return True
        if st.over or st.reached:
            self.after_end(st, k)
            return False
        rules = self.rules
        assert rules is not None
        if rules.stands_allowed and type(p) is str and p in STANDS:
            kind, t, a, b = STANDS[p]
            self.lay_tile(st, k, kind, t, a, b, True)
            return True
        self.bad_turn(p, f"{st.ppath}/{k}", st.where, st.first)
        st.certain = False
        st.lost = True
        st.first = False
        st.knocks = 0
        st.no_score = -1
        st.turn = _next_seat(st.turn, st.n, st.gone, st.tps)
        return True

    def knock(self, st: HandState, k: int) -> None:
        seat = st.turn
        reported = False
        if st.first:
            self.err(
                f"{st.ppath}/{k}",
                ILLEGAL_KNOCK,
                f"{st.where}: {self.seat_name(seat)} knocked instead of laying the down; "
                f"the starter always has a tile to lay",
            )
            st.certain = False
            reported = True
        elif st.held is not None and not st.lost:
            fits = st.held[seat] & (FIT[st.lv] | FIT[st.rv])
            if fits:
                e = self.knock_error(f"{st.ppath}/{k}", st.where, seat, fits, st.lv, st.rv)
                st.bad_knocks.append((seat, e))
                reported = True
        if st.no_score == seat and not reported:
            self.err(
                f"{st.ppath}/{k}",
                ILLEGAL_KNOCK,
                f"{st.where}: {self.seat_name(seat)} knocked again right after a false_knock "
                f"penalty; that penalty says it could play, so its next turn lays a tile",
            )
        st.no_score = -1
        st.knocked |= 1 << seat
        st.knocks += 1
        if st.knocks >= st.in_play:
            st.over = True
        st.last_knock = seat
        st.knock_at = k
        st.turn = 1 - seat if st.n == 2 else _next_seat(seat, st.n, st.gone, st.tps)

    def lay_tile(
        self, st: HandState, k: int, kind: int, t: int, a: int, b: int, stands: bool
    ) -> None:
        """A tile laid: the down, or at an end (``lay_at_end``); then its points and the
        next turn."""
        seat = st.turn
        held = st.held
        if held is not None and held[seat] & BIT[t]:
            held[seat] ^= BIT[t]
        else:
            self.take_tile(st, k, f"{st.ppath}/{k}", seat, t, "laid")
        is_down = st.first
        if is_down:
            total = self.lay_down(st, k, kind, a, b)
        elif st.lost:
            total = -1
        else:
            total = self.lay_at_end(st, k, kind, a, b, seat, stands)
        st.knocks = 0
        if st.no_score >= 0:  # the tile laid after a false_knock scores nothing
            st.no_score = -1
            total = 0
        if total > 0:
            pts = SCORE[total]
            if pts:
                side = seat & 1
                hp = st.hp
                if st.base[side] + hp[side] + pts < self.target:
                    hp[side] += pts
                else:
                    self.score_at_target(st, side, pts, is_down)
        c = st.gone[seat] + 1
        st.gone[seat] = c
        if c >= st.tps:
            self.seat_out(st, seat, True)
        st.turn = 1 - seat if st.n == 2 else _next_seat(seat, st.n, st.gone, st.tps)

    def take_tile(
        self, st: HandState, k: int, path: str, seat: int, t: int, verb: str
    ) -> None:
        """Tile t leaves the seat's hand, reported when the seat does not hold it."""
        bit = BIT[t]
        if st.held is not None:
            if st.held[seat] & bit:
                st.held[seat] ^= bit
            else:
                self.not_held(st, k, path, seat, t, verb)
        else:
            if st.used & bit:
                self.not_held(st, k, path, seat, t, verb)
            st.used |= bit

    def score_at_target(self, st: HandState, side: int, pts: int, is_down: bool) -> None:
        """Points by the ends that reach or pass the target: reaching it ends the set
        (unless the ruleset forbids the down to win); passing it scores nothing."""
        if is_down and not self.rules.down_may_win:  # type: ignore[union-attr]
            return
        if st.base[side] + st.hp[side] + pts == self.target:
            st.hp[side] += pts
            st.reached = st.over = True

    def lay_down(self, st: HandState, k: int, kind: int, a: int, b: int) -> int:
        st.first = False
        if kind != DOWN:
            self.err(
                f"{st.ppath}/{k}",
                BAD_FORMAT,
                f'{st.where}: the down is a tile alone, e.g. "{a}-{b}", without an end',
            )
        st.lv = a
        st.rv = b
        st.lw = st.rw = 1
        st.spinner = a == b
        return a + b

    def lay_at_end(
        self, st: HandState, k: int, kind: int, a: int, b: int, seat: int, stands: bool
    ) -> int:
        """Lay a tile at an end; returns the new total of the open ends."""
        lv, rv = st.lv, st.rv
        if kind == DOWN:
            self.err(
                f"{st.ppath}/{k}",
                BAD_FORMAT,
                f'{st.where}: {a}-{b} needs an end after the down: "{a}-{b} left" or '
                f'"{a}-{b} right"',
            )
            st.certain = False
            kind = LEFT if (a == lv or b == lv) else RIGHT
        end = lv if kind == LEFT else rv
        if a != end and b != end:
            kind, against = self.misfit(st, k, kind, a, b, seat, stands)
            if against == LEFT:
                lv = a  # the first-written half goes against the end
            elif against == RIGHT:
                rv = a
        elif stands:
            side = SIDE_NAME[kind]
            self.err(
                f"{st.ppath}/{k}",
                BAD_FORMAT,
                f'{st.where}: {a}-{b} fits the {side} end ({end}), so it does not "stand"; '
                f'write "{a}-{b} {side}"',
            )
        if kind == LEFT:
            st.lv = b if a == lv else a
            st.lw = 2 if a == b else 1
            if st.spinner:
                st.rw = 2
                st.spinner = False
        else:
            st.rv = b if a == rv else a
            st.rw = 2 if a == b else 1
            if st.spinner:
                st.lw = 2
                st.spinner = False
        return st.lv * st.lw + st.rv * st.rw

    def misfit(
        self, st: HandState, k: int, kind: int, a: int, b: int, seat: int, stands: bool
    ) -> tuple[int, int]:
        """A tile that does not fit its end: (the end it is read at, the end its first
        half is put against, or -1).  A tile that stands goes against its end as written;
        any other is reported, then read at the other end when it fits there (a slip of
        the pen), or as if it stood."""
        if stands:
            return kind, kind
        end, w = (st.lv, st.lw) if kind == LEFT else (st.rv, st.rw)
        self.mismatch(f"{st.ppath}/{k}", st.where, seat, a, b, kind, end, w)
        st.certain = False
        other = st.rv if kind == LEFT else st.lv
        if a == other or b == other:
            return (RIGHT if kind == LEFT else LEFT), -1
        return kind, kind

    def seat_out(self, st: HandState, seat: int, laid: bool) -> None:
        """The seat holds no more tiles (its last was laid, or put out of play)."""
        rules = self.rules
        assert rules is not None
        st.in_play -= 1
        side = seat & 1
        if laid and rules.last_tile_bonus and not st.reached:
            if _award(st.base, st.hp, side, rules.last_tile_bonus, self.target):
                st.reached = st.over = True
        if all(st.gone[x] >= st.tps for x in range(side, st.n, 2)):
            st.over = True

    def incomplete(self, st: HandState) -> None:
        st.certain = False  # the missing turns may have scored
        n = len(st.plays)
        self.err(
            st.ppath,
            HAND_INCOMPLETE,
            f"{st.where} stops after {n} turn{'' if n == 1 else 's'} while the set goes on: "
            f"no side has laid all its tiles, the players have not all knocked in turn, and "
            f"no side has reached {self.target}",
        )

    def blocked_bonus(self, st: HandState) -> None:
        rules = self.rules
        assert rules is not None
        if st.void is not None:
            return
        if st.held is None or st.lost:
            st.certain = False
            return
        pips = [0, 0]
        for s in range(st.n):
            m = st.held[s]
            pips[s & 1] += sum(PIPS[x] for x in range(len(TILES)) if m & BIT[x])
        if pips[0] != pips[1]:
            low = 0 if pips[0] < pips[1] else 1
            if _award(st.base, st.hp, low, rules.blocked_lowest_hand_bonus, self.target):
                st.reached = st.over = True

    # ---------------------------------------------------------------- penalties

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
        elif _award(st.base, st.hp, 1 - side, holes, self.target):
            st.reached = st.over = True

    def penalty_plain(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        self.penalty_holes(st, seat, rule)

    def penalty_void(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        path = f"{st.ppath}/{k}"
        """The hand is void and dealt again; it ends with this entry."""
        if rule.before_play and not st.first:
            self.err(
                f"{st.ppath}/0",
                PLAY_AFTER_HAND_END,
                f"{st.where}: the {rule.name} penalty at {path} voids the hand before any "
                f"play, so no turn can come before it; write the penalty as the hand's only "
                f"entry, or name the rule that was broken",
            )
            st.certain = False
        self.penalty_holes(st, seat, rule)
        st.void = (seat, rule.name)
        st.void_path = path
        st.over = True

    def penalty_wont_go(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        path = f"{st.ppath}/{k}"
        """The tile leaves the offender's hand, out of play; the offender's turn goes on."""
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
        self.take_tile(st, k, f"{path}/penalty/tile", seat, tile, "tried")
        st.used |= BIT[tile]
        st.gone[seat] += 1
        if st.gone[seat] >= st.tps:
            self.seat_out(st, seat, False)
        if st.gone[st.turn] >= st.tps and not st.over:
            st.turn = _next_seat(st.turn, st.n, st.gone, st.tps)
        self.penalty_holes(st, seat, rule)

    def penalty_false_knock(
        self, st: HandState, k: int, seat: int, rule: PenaltyRule, tile: int | None
    ) -> None:
        path = f"{st.ppath}/{k}"
        """The knock just before is taken back; the offender lays a tile scoring nothing."""
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
        path = f"{st.ppath}/{k}"
        """The set ends at once, won by the other side; the knock is no longer an error."""
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

    # ---------------------------------------------------------------- messages

    def after_end(self, st: HandState, k: int, what: str = "a turn") -> None:
        path = f"{st.ppath}/{k}"
        if st.awarded is not None:
            self.err(
                path,
                PLAY_AFTER_SET_END,
                f"{st.where}: {what} recorded after the set was awarded (the "
                f"held_after_knock penalty at {st.award_path}); the record stops there",
            )
        elif st.reached:
            if what == "a turn":
                self.err(
                    path,
                    PLAY_AFTER_SET_END,
                    f"{st.where}: a turn recorded after a side reached {self.target}; the set "
                    f"ended at the previous play and the record stops there",
                )
            else:
                self.err(
                    path,
                    PLAY_AFTER_SET_END,
                    f"{st.where}: a penalty recorded after a side reached {self.target}; "
                    f"the record stops at that play",
                )
        elif st.void is not None:
            self.err(
                path,
                PLAY_AFTER_HAND_END,
                f"{st.where}: {what} recorded after the hand was void (the {st.void[1]} "
                f"penalty at {st.void_path}); the re-deal is the next hand",
            )
        else:
            self.err(
                path,
                PLAY_AFTER_HAND_END,
                f"{st.where}: a turn recorded after the hand was over (a side had laid all its "
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
        self.err(
            path,
            BAD_FORMAT,
            f'{where}: {show(p)} is not a turn; write "A-B" for the down, then '
            f'"A-B left", "A-B right" or "knock"',
        )

    def knock_error(
        self, path: str, where: str, seat: int, fits: int, lv: int, rv: int
    ) -> dict[str, str]:
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
        return self.err(
            path,
            ILLEGAL_KNOCK,
            f"{where}: {self.seat_name(seat)} knocked holding {name}, which fits "
            f"{end}{more}",
        )

    def not_held(
        self, st: HandState, k: int, path: str, seat: int, t: int, verb: str = "laid"
    ) -> None:
        """A tile the seat does not hold, at entry k."""
        why = _earlier_use(st.plays, k, t, st.ppath)
        if why is None:
            if st.deal is not None:
                owners = [s for s, m in enumerate(st.deal) if m & BIT[t]]
                why = f"it was dealt to seat {owners[0]}" if owners else "it was not dealt"
            else:
                why = "it is not in that seat's hand"
        self.err(
            path,
            TILE_NOT_IN_HAND,
            f"{st.where}: {self.seat_name(seat)} {verb} {TILE_NAME[t]}, which it does not "
            f"hold: {why}",
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


# Penalty steps by the rule's effect.
PENALTY_STEPS = {
    EFFECT_NONE: PlayChecker.penalty_plain,
    EFFECT_VOID: PlayChecker.penalty_void,
    EFFECT_WONT_GO: PlayChecker.penalty_wont_go,
    EFFECT_FALSE_KNOCK: PlayChecker.penalty_false_knock,
    EFFECT_HELD_AFTER_KNOCK: PlayChecker.penalty_held_after_knock,
}


def _earlier_use(plays: list[Any], k: int, t: int, ppath: str) -> str | None:
    """Where tile t was laid or put out of play before entry k, as a message part."""
    for i in range(min(k, len(plays))):
        p = plays[i]
        if isinstance(p, str):
            play = PLAYS.get(p) or STANDS.get(p)
            if play is not None and play[1] == t:
                return f"it was already played at {ppath}/{i}"
        elif isinstance(p, dict) and isinstance(p.get("penalty"), dict):
            tile = p["penalty"].get("tile")
            if isinstance(tile, str) and TILE_STR.get(tile) == t:
                return f"it was put out of play at {ppath}/{i}"
    return None


def _next_seat(seat: int, n: int, gone: list[int], tps: int) -> int:
    nxt = seat
    for _ in range(n):
        nxt += 1
        if nxt == n:
            nxt = 0
        if gone[nxt] < tps:
            return nxt
    return nxt


def _award(base: list[int], hp: list[int], side: int, pts: int, target: int) -> bool:
    """Give points to a side under the target rule; True when it reaches the target."""
    new = base[side] + hp[side] + pts
    if new > target:
        return False
    hp[side] += pts
    return new == target
