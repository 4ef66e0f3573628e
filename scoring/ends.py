"""The line of play: laying a tile (the down, at an end, a tile that stands), the open
ends and their points, the target rule for points by the ends, and a seat going out.

``lay_tile`` is the step ``play_hand`` (plays.py) calls for every tile; one path serves
both ends, with ``misfit`` where a tile does not fit its end.
"""

from __future__ import annotations

from typing import Any

from .deals import DealReader
from .report import BAD_FORMAT, TILE_DOES_NOT_MATCH, TILE_NOT_IN_HAND
from .state import HandState, award, next_seat
from .tiles import BIT, DOWN, LEFT, PLAYS, RIGHT, SCORE, SIDE_NAME, STANDS, TILE_NAME, TILE_STR


class LineChecker(DealReader):
    def lay_tile(
        self, st: HandState, k: int, kind: int, t: int, a: int, b: int, stands: bool
    ) -> None:
        """A tile laid: the down (``lay_down``), or at an end (one path for both ends, with
        ``misfit`` where it does not fit); then its points and the next turn.

        The replay's hot path: every field of the state is read at most once, into a
        local, and the end is laid here rather than in a method of its own (on the phone's
        MicroPython an attribute costs about 0.1 us and a call with its arguments about
        0.5 us, a few times a tile; docs/offline.md)."""
        seat = st.turn
        held = st.held
        bit = BIT[t]
        if held is not None and held[seat] & bit:
            held[seat] ^= bit
        else:
            self.take_tile(st, k, f"{st.ppath}/{k}", seat, t, "laid")
        is_down = st.first
        if is_down:
            total = self.lay_down(st, k, kind, a, b)
        elif st.lost:
            total = -1
        else:
            lv = st.lv
            rv = st.rv
            if kind == DOWN:
                kind = self.down_again(st, k, a, b, lv)
            end = lv if kind == LEFT else rv
            if a != end and b != end:
                kind, against = self.misfit(st, k, kind, a, b, seat, stands)
                if against == LEFT:
                    lv = a  # the first-written half goes against the end
                elif against == RIGHT:
                    rv = a
            elif stands:
                self.stands_but_fits(st, k, kind, a, b, end)
            lw = st.lw
            rw = st.rw
            if kind == LEFT:
                lv = b if a == lv else a
                lw = 2 if a == b else 1
                st.lv = lv
                st.lw = lw
                if st.spinner:
                    rw = st.rw = 2
                    st.spinner = False
            else:
                rv = b if a == rv else a
                rw = 2 if a == b else 1
                st.rv = rv
                st.rw = rw
                if st.spinner:
                    lw = st.lw = 2
                    st.spinner = False
            total = lv * lw + rv * rw
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
        gone = st.gone
        c = gone[seat] + 1
        gone[seat] = c
        n = st.n
        if c >= st.tps:
            self.seat_out(st, seat, True)
        st.turn = 1 - seat if n == 2 else next_seat(seat, n, gone, st.tps)

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

    def down_again(self, st: HandState, k: int, a: int, b: int, lv: int) -> int:
        """A tile written as the down after the down: reported, and read at the left end
        when it fits there, else at the right."""
        self.err(
            f"{st.ppath}/{k}",
            BAD_FORMAT,
            f'{st.where}: {a}-{b} needs an end after the down: "{a}-{b} left" or '
            f'"{a}-{b} right"',
        )
        st.certain = False
        return LEFT if (a == lv or b == lv) else RIGHT

    def stands_but_fits(
        self, st: HandState, k: int, kind: int, a: int, b: int, end: int
    ) -> None:
        side = SIDE_NAME[kind]
        self.err(
            f"{st.ppath}/{k}",
            BAD_FORMAT,
            f'{st.where}: {a}-{b} fits the {side} end ({end}), so it does not "stand"; '
            f'write "{a}-{b} {side}"',
        )

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
            if award(st.base, st.hp, side, rules.last_tile_bonus, self.target):
                st.reached = st.over = True
        if all(st.gone[x] >= st.tps for x in range(side, st.n, 2)):
            st.over = True

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
