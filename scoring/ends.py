"""The line of play: laying a tile (the down, at an end, a tile that stands), the open
ends and their points, the target rule for points by the ends, and a seat going out.

``lay_tile`` is the step ``play_hand`` (plays.py) calls for every tile; one path serves
both ends (``lay_at_end``), with ``misfit`` where a tile does not fit its end.
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
        st.turn = 1 - seat if st.n == 2 else next_seat(seat, st.n, st.gone, st.tps)

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
