"""The record as a whole: format, ruleset, seats and players, each set's score and starter,
the match shape (best of three) and the declared result.
"""

from __future__ import annotations

from typing import Any

from .hands import HandChecker
from .report import (
    BAD_FORMAT,
    MATCH_SHAPE,
    MISSING,
    REPORT_INT_LIMIT,
    RESULT_MISMATCH,
    SET_SCORE_INVALID,
    STARTER_WRONG,
    is_int,
    show,
    show_pair,
)
from .rulesets import RULESETS, SET_STARTER_ALTERNATES, Ruleset

FORMAT = "fives-and-threes-match/1"


class MatchChecker(HandChecker):
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
                f"a match record must be a JSON object, not {show(record)}{hint}",
            )
            return None
        stop = False
        fmt = record.get("format", MISSING)
        if fmt is MISSING:
            self.err("/format", BAD_FORMAT, f'"format" is missing; it must be "{FORMAT}"')
            stop = True
        elif fmt != FORMAT:
            self.err("/format", BAD_FORMAT, f'unknown format {show(fmt)}; expected "{FORMAT}"')
            stop = True
        name = record.get("ruleset", MISSING)
        known = ", ".join(f'"{n}"' for n in RULESETS)
        if name is MISSING:
            self.err("/ruleset", BAD_FORMAT, f'"ruleset" is missing; known rulesets: {known}')
            stop = True
        elif not isinstance(name, str) or name not in RULESETS:
            self.err("/ruleset", BAD_FORMAT, f"unknown ruleset {show(name)}; known: {known}")
            stop = True
        sets = record.get("sets", MISSING)
        if sets is MISSING:
            self.err("/sets", BAD_FORMAT, '"sets" is missing')
            stop = True
        elif not isinstance(sets, list):
            self.err("/sets", BAD_FORMAT, f'"sets" must be a list of sets, not {show(sets)}')
            stop = True
        if stop:
            return None
        rules = RULESETS[name]
        self.rules = rules
        self.check_seats(record, rules)

        fss = record.get("first_set_starter", MISSING)
        first_starter = None
        if fss is not MISSING:
            first_starter = self.read_seat(fss, "/first_set_starter", "first_set_starter")

        # ---- each set's score and starter
        infos: list[dict[str, Any]] = []
        for i, s in enumerate(sets):
            infos.append(self.read_set(i, s, sets_report))

        self.check_set_starters(infos, first_starter)
        if rules.set_starter == SET_STARTER_ALTERNATES and all(
            info["expected"] is None for info in infos
        ):
            # Nobody recorded a set's starter: the first set whose hands show who started
            # it fixes the alternation for every set.
            for i, info in enumerate(infos):
                if info["hands"] is None:
                    continue
                shown = self.shown_set_starter(i, info)
                if shown is not None:
                    for k, other in enumerate(infos):
                        other["expected"] = (shown - i + k) % self.seats
                        other["derived"] = True
                    break

        # ---- hands of each set
        for i, info in enumerate(infos):
            if info.get("hands") is not None:
                self.check_hands(i, info)

        winner, wins, complete = self.check_match_shape(infos)
        self.check_result(record, winner, wins, complete)
        return winner

    def check_seats(self, record: dict[str, Any], rules: Ruleset) -> None:
        counts = rules.seat_counts
        declared = record.get("seats", MISSING)
        seats = None
        if declared is not MISSING:
            if is_int(declared) and declared in counts:
                seats = declared
            else:
                allowed = " or ".join(str(c) for c in counts)
                self.err(
                    "/seats",
                    BAD_FORMAT,
                    f"the {rules.name} ruleset is played with {allowed} seats, "
                    f"not {show(declared)}",
                )
        players = record.get("players", MISSING)
        if players is not MISSING:
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
            self.err(path, BAD_FORMAT, f"set {i + 1} must be an object, not {show(s)}")
            return info
        score = s.get("score", MISSING)
        if score is MISSING:
            self.err(f"{path}/score", BAD_FORMAT, f"set {i + 1} has no score")
        else:
            pair = self.read_pair(score, f"{path}/score", f"set {i + 1}'s score")
            if pair is not None:
                info["score"] = pair
                if all(abs(x) <= REPORT_INT_LIMIT for x in pair):
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
                        f"set {i + 1}: the score {show_pair(pair)} is impossible: {problem}",
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
        elif len(infos) < need:
            # Too few sets whatever their scores: nobody can have won {need} of them.
            self.err(
                "/sets",
                MATCH_SHAPE,
                f"a best-of-{rules.max_sets} match has at least {need} sets, not "
                f"{len(infos)}",
            )
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
            self.err("/result", BAD_FORMAT, f"result must be an object, not {show(result)}")
            return
        if "winner" in result:
            w = result["winner"]
            if w is not None and not (is_int(w) and w in (0, 1)):
                self.err(
                    "/result/winner",
                    BAD_FORMAT,
                    f"result winner must be 0, 1 or null, not {show(w)}",
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
                    f"the result says sets won {show_pair(sw)}, but the sets give "
                    f"{wins[0]}–{wins[1]}",
                )
