"""The play-by-play replay of one hand: the turn loop, knocks, unreadable turns, the end
of a hand (incomplete, blocked) and the messages about turns.

``play_hand`` reads the entries in order: ``turns`` replays the tiles (the down, a tile at
an end, a tile that stands) and the knocks, the one home of a turn's rules, with ends.py
for a tile's exceptions; ``other_entry`` takes the rest, for penalty entries ``penalty``
(penalties.py), which dispatches on the rule's effect (``PENALTY_STEPS``).
The hand's state is one ``HandState`` (state.py).  The checkers stack as one class:
``DealReader`` → ``LineChecker`` (ends) → ``PenaltyChecker`` → ``PlayChecker``.
"""
from __future__ import annotations

from typing import Any

from .penalties import PenaltyChecker
from .report import (
    BAD_FORMAT,
    HAND_INCOMPLETE,
    ILLEGAL_KNOCK,
    PLAY_AFTER_HAND_END,
    PLAY_AFTER_SET_END,
    show,
)
from .state import HandState, award, next_seat
from .tiles import (
    BIT,
    BIT_ID,
    DOWN,
    FIT,
    KNOCK,
    LEFT,
    PIPS,
    PLAYS,
    RIGHT,
    SCORE,
    STANDS,
    TILE_NAME,
    TILE_STR,
    TILES,
)

__all__ = ["HandState", "PlayChecker"]


class PlayChecker(PenaltyChecker):
    # A hand's state once its replay has been read (check_hand), for the next hand's
    # replay to set up afresh: on the phone's MicroPython a new object's thirty-odd
    # attributes cost more than the rest of its setting up (docs/offline.md).
    spare_state: HandState | None = None

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
        st = self.spare_state
        if st is None:
            st = HandState(self.seats, rules.tiles_per_seat, starter, deal, before, plays,
                           hpath, where)  # fmt: skip
        else:  # a state done with (check_hand), set up afresh: the same as a new one
            self.spare_state = None
            st.__init__(self.seats, rules.tiles_per_seat, starter, deal, before, plays, hpath,
                        where)  # fmt: skip
        count = len(plays)
        k = self.turns(st, plays, 0)
        while 0 <= k < count and self.other_entry(st, k, plays[k]):
            k = self.turns(st, plays, k + 1)
        if k == count and not st.over and not st.reached and not st.lost:
            self.incomplete(st)
        if st.over and st.knocks and rules.blocked_lowest_hand_bonus and not st.reached:
            self.blocked_bonus(st)
        return st

    # ---------------------------------------------------------------- turns

    def turns(self, st: HandState, plays: list[Any], k: int) -> int:
        """Replay the turns from entry k on, each by the rules of a turn: a tile laid (the
        down, at an end, or standing where the ruleset lets it), then its points and the
        next seat; or a knock.  Stops at an entry of another kind (a penalty, an
        unreadable turn) and returns its index, for ``other_entry``; returns the number
        of entries at their end, and -1 when a turn comes after the hand's end
        (reported).

        The one home of a turn's rules, and the replay's hot path: the hand's state is
        read into locals as it starts and written back before it returns, and what it
        calls for the exceptions (ends.py: a tile not held, a misfit, the target, a seat
        out; the knocks' errors) takes what it needs as arguments or reads the state's
        other fields (on the phone's MicroPython an attribute costs twenty times a local
        and a tile a dozen of them; docs/offline.md)."""
        rules = self.rules
        assert rules is not None
        target = self.target
        n = st.n
        tps = st.tps
        held = st.held
        gone = st.gone
        hp = st.hp
        base = st.base
        turn = st.turn
        first = st.first
        lost = st.lost
        over = st.over
        knocks = st.knocks
        no_score = st.no_score
        lv = st.lv
        rv = st.rv
        lw = st.lw
        rw = st.rw
        spinner = st.spinner
        table = PLAYS
        standing = STANDS if rules.stands_allowed else None
        knocked, down, left = KNOCK, DOWN, LEFT
        bits = BIT
        score = SCORE
        singles = n == 2
        stop = len(plays)
        for p in plays[k:] if k else plays:
            stands = False
            try:
                kind, t, a, b = table[p]
            except (KeyError, TypeError):
                if standing is None or type(p) is not str or p not in standing:
                    stop = k  # for other_entry
                    break
                if over or st.reached:
                    stop = -1
                    break
                kind, t, a, b = standing[p]
                stands = True
            if over:  # (also set when the set is over)
                stop = -1
                break
            seat = turn
            if kind == knocked:
                reported = False
                if first:
                    self.knock_for_down(st, k, seat)
                    reported = True
                elif held is not None and not lost:
                    fits = held[seat] & (FIT[lv] | FIT[rv])
                    if fits:
                        e = self.knock_error(f"{st.ppath}/{k}", st.where, seat, fits, lv, rv)
                        st.bad_knocks.append((seat, e))
                        reported = True
                if no_score == seat and not reported:
                    self.knock_after_false_knock(st, k, seat)
                no_score = -1
                st.knocked |= 1 << seat
                knocks += 1
                if knocks >= st.in_play:
                    over = True
                st.last_knock = seat
                st.knock_at = k
            else:
                bit = bits[t]
                if held is not None and held[seat] & bit:
                    held[seat] ^= bit
                else:
                    self.take_tile(st, k, f"{st.ppath}/{k}", seat, t, "laid")
                is_down = first
                if first:  # the down
                    first = False
                    if kind != down:
                        self.down_with_end(st, k, a, b)
                    lv = a
                    rv = b
                    lw = rw = 1
                    spinner = a == b  # a double down with neither side covered
                    total = a + b
                elif lost:  # the open ends are unknown after an unreadable turn
                    total = -1
                else:
                    if kind == down:
                        kind = self.down_again(st, k, a, b, lv)
                    end = lv if kind == left else rv
                    if a != end and b != end:
                        kind, against = self.misfit(st, k, kind, a, b, seat, stands,
                                                    (lv, lw, rv, rw))  # fmt: skip
                        if against == left:
                            lv = a  # the first-written half goes against the end
                        elif against == RIGHT:
                            rv = a
                    elif stands:
                        self.stands_but_fits(st, k, kind, a, b, end)
                    if kind == left:
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
                if no_score >= 0:  # the tile laid after a false_knock scores nothing
                    no_score = -1
                    total = 0
                if total > 0:
                    pts = score[total]
                    if pts:
                        side = seat & 1
                        if base[side] + hp[side] + pts < target:
                            hp[side] += pts
                        elif self.score_at_target(st, side, pts, is_down):
                            over = True
                c = gone[seat] + 1
                gone[seat] = c
                if c >= tps and self.seat_out(st, seat, True):
                    over = True
            turn = 1 - seat if singles else next_seat(seat, n, gone, tps)
            k += 1
        st.turn = turn
        st.first = first
        st.over = over
        st.knocks = knocks
        st.no_score = no_score
        st.lv = lv
        st.rv = rv
        st.lw = lw
        st.rw = rw
        st.spinner = spinner
        if stop < 0:
            self.after_end(st, k)
        return stop

    def other_entry(self, st: HandState, k: int, p: Any) -> bool:
        """Penalties, and turns that cannot be read; False ends the replay."""
        if isinstance(p, dict) and "penalty" in p:
            if st.void is not None or (st.reached and not self.awarded_on_turnover(st, p)):
                self.after_end(st, k, "a penalty")
                return False
            self.penalty(st, k, p)
            return True
        if st.over or st.reached:
            self.after_end(st, k)
            return False
        self.bad_turn(p, f"{st.ppath}/{k}", st.where, st.first)
        st.certain = False
        st.lost = True
        st.first = False
        st.knocks = 0
        st.no_score = -1
        st.turn = next_seat(st.turn, st.n, st.gone, st.tps)
        return True

    def knock_for_down(self, st: HandState, k: int, seat: int) -> None:
        self.err(
            f"{st.ppath}/{k}",
            ILLEGAL_KNOCK,
            f"{st.where}: {self.seat_name(seat)} knocked instead of laying the down; "
            f"the starter always has a tile to lay",
        )
        st.certain = False

    def knock_after_false_knock(self, st: HandState, k: int, seat: int) -> None:
        self.err(
            f"{st.ppath}/{k}",
            ILLEGAL_KNOCK,
            f"{st.where}: {self.seat_name(seat)} knocked again right after a false_knock "
            f"penalty; that penalty says it could play, so its next turn lays a tile",
        )

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
            if award(st.base, st.hp, low, rules.blocked_lowest_hand_bonus, self.target):
                st.reached = st.over = True

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
        t = BIT_ID[fits & -fits]
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
