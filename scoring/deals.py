"""A hand's deal: which tiles each seat holds, as one bit mask per seat.

Well-formed deals take a fast path; anything odd is reread slowly so that each fault gets
its own error and path.
"""

from __future__ import annotations

from typing import Any

from .report import BAD_FORMAT, BAD_TILE, DEAL_INVALID, Collector, show
from .tiles import BIT, TILE_BIT, TILE_NAME, TILE_STR


class DealReader(Collector):
    def read_deal(self, deal: Any, path: str, where: str) -> list[int] | None:
        # Fast path for a well-formed deal; anything odd is reread below for the errors.
        fast = self.well_formed_deal(deal)
        if fast is not None:
            return fast
        if not isinstance(deal, list):
            n = self.seats
            self.err(path, BAD_FORMAT, f"{where}: the deal must be a list of {n} lists of tiles")
            return None
        return self.reread_deal(deal, path, where)

    def well_formed_deal(self, deal: Any) -> list[int] | None:
        """The masks of a well-formed deal (``read_deal``'s fast path), else None (then
        ``read_deal`` says what is wrong with it)."""
        rules = self.rules
        assert rules is not None
        if isinstance(deal, list) and len(deal) == self.seats:
            return _well_formed(deal, rules.tiles_per_seat)
        return None

    def reread_deal(self, deal: list[Any], path: str, where: str) -> list[int] | None:
        """A deal that is not well formed, read slowly: each fault its own error."""
        n = self.seats
        tps = self.rules.tiles_per_seat  # type: ignore[union-attr]
        ok = True
        if len(deal) != n:
            self.err(
                path,
                DEAL_INVALID,
                f"{where}: the deal has {len(deal)} hands; there are {n} seats",
            )
            ok = False
        masks = []
        owner: dict[int, int] = {}
        for s, tiles in enumerate(deal[:n] if len(deal) > n else deal):
            spath = f"{path}/{s}"
            if not isinstance(tiles, list):
                self.err(spath, BAD_FORMAT, f"{where}: seat {s}'s deal must be a list of tiles")
                ok = False
                masks.append(0)
                continue
            mask = 0
            for k, tile in enumerate(tiles):
                t = TILE_STR.get(tile) if isinstance(tile, str) else None
                if t is None:
                    self.bad_tile_or_format(f"{spath}/{k}", tile, where)
                    ok = False
                    continue
                if mask & BIT[t]:
                    self.err(
                        f"{spath}/{k}",
                        DEAL_INVALID,
                        f"{where}: {TILE_NAME[t]} is dealt to seat {s} twice",
                    )
                    ok = False
                elif t in owner:
                    self.err(
                        f"{spath}/{k}",
                        DEAL_INVALID,
                        f"{where}: {TILE_NAME[t]} is dealt to seat {s} and to seat {owner[t]}",
                    )
                    ok = False
                owner.setdefault(t, s)
                mask |= BIT[t]
            if len(tiles) != tps:
                self.err(
                    spath,
                    DEAL_INVALID,
                    f"{where}: seat {s} is dealt {len(tiles)} tiles; each seat has {tps}",
                )
                ok = False
            masks.append(mask)
        return masks if ok else None

    def bad_tile_or_format(self, path: str, tile: Any, where: str) -> None:
        if isinstance(tile, str) and tile.count("-") == 1 and " " not in tile.strip():
            self.err(
                path,
                BAD_TILE,
                f"{where}: {show(tile)} is not a tile of a double-six set "
                f'(tiles are "A-B" with A and B from 0 to 6)',
            )
        else:
            self.err(
                path,
                BAD_FORMAT,
                f'{where}: {show(tile)} is not a tile; write tiles as "A-B", e.g. "3-6"',
            )


def _well_formed(deal: list[Any], tps: int) -> list[int] | None:
    """The masks of a deal whose every hand is a list of tps distinct tiles, no tile
    dealt twice; None for anything else."""
    bits = TILE_BIT
    try:
        masks: list[int] = []
        seen = 0
        for tiles in deal:
            if type(tiles) is not list or len(tiles) != tps:
                return None
            mask = 0
            total = 0
            for tile in tiles:
                bit = bits[tile]
                mask |= bit
                total += bit
            if total != mask:  # a tile twice in the hand (its bits add up to more)
                return None
            if seen & mask:  # a tile dealt to two seats
                return None
            seen |= mask
            masks.append(mask)
        return masks
    except (KeyError, TypeError):
        return None
