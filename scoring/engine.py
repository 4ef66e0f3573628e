"""Validator for match records in the format ``fives-and-threes-match/1``.

``validate(record)`` takes any Python object (normally the result of ``json.loads``) and
returns a JSON-able report; it never raises.  ``validate_json(text)`` parses text first.
Nothing here imports Django.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .rulesets import RULESETS, SET_STARTER_ALTERNATES, Ruleset
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

FORMAT = "fives-and-threes-match/1"

# Error codes (stable; see docs/scoring.md).
BAD_FORMAT = "bad_format"
BAD_TILE = "bad_tile"
SET_SCORE_INVALID = "set_score_invalid"
MATCH_SHAPE = "match_shape"
RESULT_MISMATCH = "result_mismatch"
STARTER_WRONG = "starter_wrong"
HAND_POINTS_MISMATCH = "hand_points_mismatch"
OVER_TARGET = "over_target"
PLAY_AFTER_SET_END = "play_after_set_end"
HAND_INCOMPLETE = "hand_incomplete"
DEAL_INVALID = "deal_invalid"
TILE_NOT_IN_HAND = "tile_not_in_hand"
TILE_DOES_NOT_MATCH = "tile_does_not_match"
ILLEGAL_KNOCK = "illegal_knock"
PLAY_AFTER_HAND_END = "play_after_hand_end"
POINTS_MISMATCH = "points_mismatch"

_MISSING = object()
_REPORT_INT_LIMIT = 10**9


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _show(v: Any) -> str:
    """A short, safe rendering of any value for a message (never huge, never raises)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        if -(10**12) < v < 10**12:
            return str(v)
        return "a number far too large" if v > 0 else "a number far too small"
    if isinstance(v, float):
        if math.isfinite(v) and abs(v) < 1e12:
            return repr(v)
        return "a non-finite or enormous number"
    if isinstance(v, str):
        text = v if len(v) <= 40 else v[:37] + "..."
        return json.dumps(text)
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return f"a value of type {type(v).__name__}"


def _pair(p: tuple[int, int] | list[int]) -> str:
    return f"{_show(p[0])}–{_show(p[1])}"


class _Validator:
    def __init__(self) -> None:
        self.errors: list[dict[str, str]] = []
        self.rules: Ruleset | None = None
        self.seats = 2
        self.players: list[str] | None = None
        self.raw_deal: Any = None  # the hand's deal as written, for messages

    # ----------------------------------------------------------------- helpers
    def err(self, path: str, code: str, message: str) -> None:
        self.errors.append({"path": path, "code": code, "message": message})

    def seat_name(self, seat: int) -> str:
        if self.players is not None:
            return f"seat {seat} ({self.players[seat]})"
        return f"seat {seat}"

    def side_name(self, side: int) -> str:
        if self.seats == 2:
            return self.seat_name(side)
        return f"side {side} (seats {side} and {side + 2})"

    def read_seat(self, value: Any, path: str, what: str) -> int | None:
        if _is_int(value) and 0 <= value < self.seats:
            return value
        self.err(
            path,
            BAD_FORMAT,
            f"{what} must be a seat number 0 to {self.seats - 1}, not {_show(value)}",
        )
        return None

    def read_pair(self, value: Any, path: str, what: str) -> tuple[int, int] | None:
        if (
            isinstance(value, list)
            and len(value) == 2
            and _is_int(value[0])
            and _is_int(value[1])
        ):
            return (value[0], value[1])
        self.err(
            path,
            BAD_FORMAT,
            f"{what} must be a pair of whole numbers [side 0, side 1], not {_show(value)}"
            if self.seats > 2
            else f"{what} must be a pair of whole numbers [seat 0, seat 1], not {_show(value)}",
        )
        return None

    # ----------------------------------------------------------------- record
    def run(self, record: Any) -> dict[str, Any]:
        depth = _depth(record)
        sets_report: list[dict[str, Any]] = []
        winner = self.check_record(record, sets_report)
        return {
            "valid": not self.errors,
            "depth": depth,
            "errors": self.errors,
            "sets": sets_report,
            "winner": winner,
        }

    def check_record(self, record: Any, sets_report: list[dict[str, Any]]) -> int | None:
        if not isinstance(record, dict):
            hint = (
                " (JSON text is read by validate_json)"
                if isinstance(record, (str, bytes, bytearray))
                else ""
            )
            self.err(
                "",
                BAD_FORMAT,
                f"a match record must be a JSON object, not {_show(record)}{hint}",
            )
            return None
        stop = False
        fmt = record.get("format", _MISSING)
        if fmt is _MISSING:
            self.err("/format", BAD_FORMAT, f'"format" is missing; it must be "{FORMAT}"')
            stop = True
        elif fmt != FORMAT:
            self.err("/format", BAD_FORMAT, f'unknown format {_show(fmt)}; expected "{FORMAT}"')
            stop = True
        name = record.get("ruleset", _MISSING)
        known = ", ".join(f'"{n}"' for n in RULESETS)
        if name is _MISSING:
            self.err("/ruleset", BAD_FORMAT, f'"ruleset" is missing; known rulesets: {known}')
            stop = True
        elif not isinstance(name, str) or name not in RULESETS:
            self.err("/ruleset", BAD_FORMAT, f"unknown ruleset {_show(name)}; known: {known}")
            stop = True
        sets = record.get("sets", _MISSING)
        if sets is _MISSING:
            self.err("/sets", BAD_FORMAT, '"sets" is missing')
            stop = True
        elif not isinstance(sets, list):
            self.err("/sets", BAD_FORMAT, f'"sets" must be a list of sets, not {_show(sets)}')
            stop = True
        if stop:
            return None
        rules = RULESETS[name]
        self.rules = rules
        self.check_seats(record, rules)

        fss = record.get("first_set_starter", _MISSING)
        first_starter = None
        if fss is not _MISSING:
            first_starter = self.read_seat(fss, "/first_set_starter", "first_set_starter")

        # ---- each set's score and starter
        infos: list[dict[str, Any]] = []
        for i, s in enumerate(sets):
            infos.append(self.read_set(i, s, sets_report))

        self.check_set_starters(infos, first_starter)

        # ---- hands of each set
        for i, info in enumerate(infos):
            if info.get("hands") is not None:
                self.check_hands(i, info)

        winner, wins, complete = self.check_match_shape(infos)
        self.check_result(record, winner, wins, complete)
        return winner

    def check_seats(self, record: dict[str, Any], rules: Ruleset) -> None:
        counts = rules.seat_counts
        declared = record.get("seats", _MISSING)
        seats = None
        if declared is not _MISSING:
            if _is_int(declared) and declared in counts:
                seats = declared
            else:
                allowed = " or ".join(str(c) for c in counts)
                self.err(
                    "/seats",
                    BAD_FORMAT,
                    f"the {rules.name} ruleset is played with {allowed} seats, "
                    f"not {_show(declared)}",
                )
        players = record.get("players", _MISSING)
        if players is not _MISSING:
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                self.err("/players", BAD_FORMAT, "players must be a list of names (strings)")
            elif seats is None and len(players) in counts:
                seats = len(players)
                self.players = players
            elif seats is not None and len(players) == seats:
                self.players = players
            else:
                want = seats if seats is not None else " or ".join(str(c) for c in counts)
                self.err(
                    "/players",
                    BAD_FORMAT,
                    f"players lists {len(players)} names; the {rules.name} ruleset needs {want}",
                )
        self.seats = seats if seats is not None else counts[0]

    def read_set(self, i: int, s: Any, sets_report: list[dict[str, Any]]) -> dict[str, Any]:
        rules = self.rules
        assert rules is not None
        path = f"/sets/{i}"
        info: dict[str, Any] = {
            "score": None,
            "winner": None,
            "starter": None,
            "expected": None,
            "hands": None,
        }
        entry: dict[str, Any] = {"score": None, "winner": None}
        sets_report.append(entry)
        if not isinstance(s, dict):
            self.err(path, BAD_FORMAT, f"set {i + 1} must be an object, not {_show(s)}")
            return info
        score = s.get("score", _MISSING)
        if score is _MISSING:
            self.err(f"{path}/score", BAD_FORMAT, f"set {i + 1} has no score")
        else:
            pair = self.read_pair(score, f"{path}/score", f"set {i + 1}'s score")
            if pair is not None:
                info["score"] = pair
                if all(abs(x) <= _REPORT_INT_LIMIT for x in pair):
                    entry["score"] = list(pair)
                t = rules.target
                problem = None
                if pair[0] < 0 or pair[1] < 0:
                    problem = "a score cannot be negative"
                elif pair[0] > t or pair[1] > t:
                    problem = f"a score cannot pass {t}"
                elif pair[0] == t and pair[1] == t:
                    problem = f"only one side can reach {t}"
                elif pair[0] != t and pair[1] != t:
                    problem = f"a finished set has exactly one side on {t}"
                if problem:
                    self.err(
                        f"{path}/score",
                        SET_SCORE_INVALID,
                        f"set {i + 1}: the score {_pair(pair)} is impossible: {problem}",
                    )
                else:
                    info["winner"] = 0 if pair[0] == t else 1
                    entry["winner"] = info["winner"]
        if "starter" in s:
            info["starter"] = self.read_seat(
                s["starter"], f"{path}/starter", f"set {i + 1}'s starter"
            )
        if "hands" in s:
            hands = s["hands"]
            if isinstance(hands, list):
                info["hands"] = hands
            else:
                self.err(
                    f"{path}/hands", BAD_FORMAT, f"set {i + 1}'s hands must be a list"
                )
        return info

    def check_set_starters(self, infos: list[dict[str, Any]], first: int | None) -> None:
        rules = self.rules
        assert rules is not None
        n = self.seats
        if rules.set_starter == SET_STARTER_ALTERNATES:
            base = first
            if base is None:
                for i, info in enumerate(infos):
                    if info["starter"] is not None:
                        base = (info["starter"] - i) % n
                        break
            for i, info in enumerate(infos):
                if base is None:
                    continue
                expected = (base + i) % n
                given = info["starter"]
                if given is not None and given != expected:
                    why = (
                        f"first_set_starter is seat {first}"
                        if first is not None
                        else "sets alternate their starter"
                    )
                    self.err(
                        f"/sets/{i}/starter",
                        STARTER_WRONG,
                        f"set {i + 1} should be started by {self.seat_name(expected)} "
                        f"({why}, and sets alternate), but the record says seat {given}",
                    )
                info["expected"] = expected
        elif infos and first is not None:
            # Starters are drawn before each set: only set 1's is known in advance.
            given = infos[0]["starter"]
            if given is not None and given != first:
                self.err(
                    "/sets/0/starter",
                    STARTER_WRONG,
                    f"set 1 should be started by {self.seat_name(first)} (first_set_starter), "
                    f"but the record says seat {given}",
                )
            infos[0]["expected"] = first

    # ----------------------------------------------------------------- match
    def check_match_shape(
        self, infos: list[dict[str, Any]]
    ) -> tuple[int | None, list[int], bool]:
        rules = self.rules
        assert rules is not None
        need = rules.sets_to_win
        wins = [0, 0]
        winner: int | None = None
        complete = True
        shape_reported = False
        for i, info in enumerate(infos):
            if winner is not None:
                self.err(
                    f"/sets/{i}",
                    MATCH_SHAPE,
                    f"set {i + 1} follows a decided match: {self.side_name(winner)} had "
                    f"already won {need} sets",
                )
                shape_reported = True
                break
            w = info["winner"]
            if w is None:
                complete = False
                continue
            wins[w] += 1
            if wins[w] == need:
                winner = w
        if not infos:
            self.err("/sets", MATCH_SHAPE, f"a match has at least {need} sets; none are given")
        elif len(infos) > rules.max_sets and not shape_reported:
            self.err(
                "/sets",
                MATCH_SHAPE,
                f"a best-of-{rules.max_sets} match has at most {rules.max_sets} sets, "
                f"not {len(infos)}",
            )
        elif winner is None and complete:
            self.err(
                "/sets",
                MATCH_SHAPE,
                f"the match is undecided: sets won {wins[0]}–{wins[1]}; best of "
                f"{rules.max_sets} needs a winner with {need} sets",
            )
        return winner, wins, complete

    def check_result(
        self, record: dict[str, Any], winner: int | None, wins: list[int], complete: bool
    ) -> None:
        if "result" not in record:
            return
        result = record["result"]
        if not isinstance(result, dict):
            self.err("/result", BAD_FORMAT, f"result must be an object, not {_show(result)}")
            return
        if "winner" in result:
            w = result["winner"]
            if w is not None and not (_is_int(w) and w in (0, 1)):
                self.err(
                    "/result/winner",
                    BAD_FORMAT,
                    f"result winner must be 0, 1 or null, not {_show(w)}",
                )
            elif complete and w != winner:
                said = "no winner" if w is None else self.side_name(w)
                real = "no winner" if winner is None else self.side_name(winner)
                self.err(
                    "/result/winner",
                    RESULT_MISMATCH,
                    f"the result names {said} as winner, but the sets give {real}",
                )
        if "sets_won" in result:
            sw = self.read_pair(result["sets_won"], "/result/sets_won", "result sets_won")
            if sw is not None and complete and list(sw) != wins:
                self.err(
                    "/result/sets_won",
                    RESULT_MISMATCH,
                    f"the result says sets won {_pair(sw)}, but the sets give "
                    f"{wins[0]}–{wins[1]}",
                )

    # ----------------------------------------------------------------- hands
    def check_hands(self, i: int, info: dict[str, Any]) -> None:
        hands = info["hands"]
        n = self.seats
        given = info["starter"]
        expected = info["expected"]
        start = given if given is not None else expected
        # The hands' own starters vote for the seat that started the set's first hand.
        votes: dict[int, int] = {}
        for j, h in enumerate(hands):
            if isinstance(h, dict) and "starter" in h:
                st = h["starter"]
                if _is_int(st) and 0 <= st < n:
                    votes[(st - j) % n] = votes.get((st - j) % n, 0) + 1
        base = start
        if votes:
            most = max(votes.values())
            tops = [b for b, c in votes.items() if c == most]
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
            self.errors.extend(self.hands_errors(i, info, base))
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
            plays = _MISSING
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
                            f"set {i + 1} hand {j + 1}: the plays score {_pair(got)} but the "
                            f"record says {_pair(points)}",
                        )
                    use = got
                elif use is None:
                    use = got
            elif plays is _MISSING and points is not None:
                if not negative_allowed:
                    for side in (0, 1):
                        if points[side] < 0:
                            self.err(
                                f"{hpath}/points/{side}",
                                HAND_POINTS_MISMATCH,
                                f"set {i + 1} hand {j + 1} gives {self.side_name(side)} "
                                f"{_show(points[side])} points; a hand cannot take points away",
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
                            f"{target} in hand {j + 1} ({_show(tot[side])}); a score that "
                            f"would pass {target} scores nothing",
                        )
                    elif tot[side] < 0 and negative_allowed:
                        self.err(
                            f"{hpath}/points/{side}",
                            HAND_POINTS_MISMATCH,
                            f"set {i + 1}: {self.side_name(side)}'s running total falls to "
                            f"{_show(tot[side])} in hand {j + 1}; a penalty takes points back "
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
                f"set {i + 1}: the hands add up to {_pair(tot)} but the set score says "
                f"{_pair(score)}",
            )

    def read_deal(self, deal: Any, path: str, where: str) -> list[int] | None:
        rules = self.rules
        assert rules is not None
        n = self.seats
        tps = rules.tiles_per_seat
        if not isinstance(deal, list):
            self.err(path, BAD_FORMAT, f"{where}: the deal must be a list of {n} lists of tiles")
            return None
        # Fast path for a well-formed deal; anything odd is reread below for the errors.
        if len(deal) == n:
            try:
                masks: list[int] = []
                seen = 0
                for tiles in deal:
                    if type(tiles) is not list or len(tiles) != tps:
                        break
                    mask = 0
                    for tile in tiles:
                        mask |= BIT[TILE_STR[tile]]
                    if seen & mask or mask.bit_count() != tps:
                        break
                    seen |= mask
                    masks.append(mask)
                else:
                    return masks
            except (KeyError, TypeError):
                pass
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
                f"{where}: {_show(tile)} is not a tile of a double-six set "
                f'(tiles are "A-B" with A and B from 0 to 6)',
            )
        else:
            self.err(
                path,
                BAD_FORMAT,
                f'{where}: {_show(tile)} is not a tile; write tiles as "A-B", e.g. "3-6"',
            )

    # ----------------------------------------------------------------- plays
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
                        f'{where}: {_show(p)} is not written as a turn; write "A-B", '
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
            f'{where}: {_show(p)} is not a turn; write "A-B" for the down, then '
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


def _depth(record: Any) -> str:
    depth = "score"
    try:
        sets = record.get("sets") if isinstance(record, dict) else None
        if not isinstance(sets, list):
            return depth
        for s in sets:
            if isinstance(s, dict) and "hands" in s:
                depth = "hands"
                hands = s["hands"]
                if isinstance(hands, list):
                    for h in hands:
                        if isinstance(h, dict) and "plays" in h:
                            return "plays"
    except Exception:  # pragma: no cover - defensive
        pass
    return depth


def validate(record: Any) -> dict[str, Any]:
    """Check a match record (already parsed from JSON) and return the report."""
    try:
        return _Validator().run(record)
    except Exception as exc:  # pragma: no cover - a safety net; tests prove it unused
        return {
            "valid": False,
            "depth": "score",
            "errors": [
                {
                    "path": "",
                    "code": BAD_FORMAT,
                    "message": f"the record could not be read ({type(exc).__name__})",
                }
            ],
            "sets": [],
            "winner": None,
        }


def replay(
    plays: list[Any],
    *,
    ruleset: str = "mso",
    starter: int = 0,
    deal: Any = None,
    before: tuple[int, int] = (0, 0),
    seats: int = 2,
) -> dict[str, Any]:
    """Replay one hand on its own: the points its plays score for each side, whether a
    side reached the target, and the errors found (paths relative to the hand).

    Handy for result-entry forms that want a hand's points from its plays.
    """
    v = _Validator()
    v.rules = RULESETS[ruleset]
    v.seats = seats
    held = None
    if deal is not None:
        held = v.read_deal(deal, "/deal", "the hand")
        v.raw_deal = deal
    if not isinstance(plays, list):
        v.err("/plays", BAD_FORMAT, "plays must be a list of turns")
        return {"points": [0, 0], "set_won": False, "certain": False, "errors": v.errors}
    pts, won, certain = v.play_hand(plays, "", "the hand", starter, held, list(before))
    return {"points": list(pts), "set_won": won, "certain": certain, "errors": v.errors}


def validate_json(text: str | bytes | bytearray) -> dict[str, Any]:
    """Parse JSON text (str or UTF-8 bytes) and validate it."""
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode("utf-8-sig")
        elif isinstance(text, str):
            text = text.removeprefix("\ufeff")
        else:
            raise TypeError(f"expected text, not {type(text).__name__}")
        record = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        detail = str(exc)
        if len(detail) > 120:
            detail = detail[:117] + "..."
        return {
            "valid": False,
            "depth": "score",
            "errors": [{"path": "", "code": BAD_FORMAT, "message": f"not JSON: {detail}"}],
            "sets": [],
            "winner": None,
        }
    return validate(record)


def exit_code(report: dict[str, Any]) -> int:
    """0 valid, 1 breaks a rule, 2 not a readable record of this format."""
    if any(e["code"] == BAD_FORMAT for e in report["errors"]):
        return 2
    return 0 if report["valid"] else 1
