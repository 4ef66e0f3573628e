"""The line of play's exceptions and consequences, for the turn loop (``PlayChecker.turns``,
plays.py, which lays every tile): a tile not held (``take_tile``), the down written with
an end or a tile written as a down after it, a tile that does not fit its end
(``misfit``) or stands where it fits, the target rule for points by the ends
(``score_at_target``), and a seat going out (``seat_out``).
"""

from __future__ import annotations

from typing import Any

from .deals import DealReader
from .report import BAD_FORMAT, TILE_DOES_NOT_MATCH, TILE_NOT_IN_HAND
from .state import HandState, award
from .tiles import BIT, LEFT, PLAYS, RIGHT, SIDE_NAME, STANDS, TILE_NAME, TILE_STR


class LineChecker(DealReader):
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

    def score_at_target(self, st: HandState, side: int, pts: int, is_down: bool) -> bool:
        """Points by the ends that reach or pass the target: reaching it ends the set
        (unless the ruleset forbids the down to win; returns True then); passing it
        scores nothing."""
        if is_down and not self.rules.down_may_win:  # type: ignore[union-attr]
            return False
        if st.base[side] + st.hp[side] + pts == self.target:
            st.hp[side] += pts
            st.reached = st.over = True
            return True
        return False

    def down_with_end(self, st: HandState, k: int, a: int, b: int) -> None:
        """The down written with an end: reported, and laid as the down."""
        self.err(
            f"{st.ppath}/{k}",
            BAD_FORMAT,
            f'{st.where}: the down is a tile alone, e.g. "{a}-{b}", without an end',
        )

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
        self, st: HandState, k: int, kind: int, a: int, b: int, seat: int, stands: bool,
        ends: tuple[int, int, int, int],
    ) -> tuple[int, int]:
        """A tile that does not fit its end (``ends``: the open ends' values and weights,
        left then right): (the end it is read at, the end its first half is put against,
        or -1).  A tile that stands goes against its end as written; any other is
        reported, then read at the other end when it fits there (a slip of the pen), or
        as if it stood."""
        if stands:
            return kind, kind
        lv, lw, rv, rw = ends
        end, w = (lv, lw) if kind == LEFT else (rv, rw)
        self.mismatch(f"{st.ppath}/{k}", st.where, seat, a, b, kind, end, w)
        st.certain = False
        other = rv if kind == LEFT else lv
        if a == other or b == other:
            return (RIGHT if kind == LEFT else LEFT), -1
        return kind, kind

    def seat_out(self, st: HandState, seat: int, laid: bool) -> bool:
        """The seat holds no more tiles (its last was laid, or put out of play); True when
        that ends the hand."""
        rules = self.rules
        assert rules is not None
        st.in_play -= 1
        side = seat & 1
        if laid and rules.last_tile_bonus and not st.reached:
            if award(st.base, st.hp, side, rules.last_tile_bonus, self.target):
                st.reached = st.over = True
        if all(st.gone[x] >= st.tps for x in range(side, st.n, 2)):
            st.over = True
        return st.over

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
