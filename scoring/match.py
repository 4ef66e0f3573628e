"""The record as a whole: format, ruleset, seats and players, each set's score and starter,
the match shape (best of three) and the declared result.
"""

from __future__ import annotations

from typing import Any

from .formats import read_match_format
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
from .set_start import SetStartChecker

FORMAT = "fives-and-threes-match/1"


class MatchChecker(SetStartChecker):
    def check_record(self, record: Any, sets_report: list[dict[str, Any]]) -> int | None:
        """Check the whole record; returns the match's winner (a side) or None."""
        sets = self.read_header(record)
        if sets is None:
            return None
        rules = self.rules
        assert rules is not None
        self.check_seats(record, rules)
        self.read_format(record.get("match"))

        fss = record.get("first_set_starter", MISSING)
        first_set_starter = None
        if fss is not MISSING:
            first_set_starter = self.read_seat(fss, "/first_set_starter", "first_set_starter")

        # ---- each set's score and starter
        infos: list[dict[str, Any]] = []
        for i, s in enumerate(sets):
            infos.append(self.read_set(i, s, sets_report))

        self.check_set_starters(infos, first_set_starter)
        if rules.set_starter == SET_STARTER_ALTERNATES and all(
            info["expected"] is None for info in infos
        ):
            self.derive_alternation(infos)

        # ---- hands of each set
        for i, info in enumerate(infos):
            if info.get("hands") is not None:
                self.check_hands(i, info)

        winner, wins, complete = self.check_match_shape(infos)
        self.check_result(record, winner, wins, complete)
        return winner

    def read_header(self, record: Any) -> list[Any] | None:
        """format, ruleset and sets: the record's sets, or None when any is unreadable
        (then nothing else is checked).  Sets ``self.rules``."""
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
        self.rules = RULESETS[name]
        return sets

    def derive_alternation(self, infos: list[dict[str, Any]]) -> None:
        """Nobody recorded a set's starter: the first set whose hands show who started it
        fixes the alternation for every set."""
        for i, info in enumerate(infos):
            if info["hands"] is None:
                continue
            shown = self.shown_set_starter(i, info)
            if shown is not None:
                for k, other in enumerate(infos):
                    other["expected"] = (shown - i + k) % self.seats
                    other["derived"] = True
                return

    def read_format(self, match: Any) -> None:
        """The record's match format (`match`), else the ruleset's default."""
        assert self.rules is not None
        fmt, problems = read_match_format(self.rules, match)
        for path, message in problems:
            self.err(path, BAD_FORMAT, message)
        self.target = fmt.target
        self.sets_to_win = fmt.sets_to_win
        self.max_sets = fmt.max_sets

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
        path = f"/sets/{i}"
        entry: dict[str, Any] = {"score": None, "winner": None}
        info: dict[str, Any] = {
            "score": None,
            "winner": None,
            "starter": None,
            "expected": None,
            "hands": None,
            "awarded_to": None,
            "entry": entry,
        }
        sets_report.append(entry)
        if not isinstance(s, dict):
            self.err(path, BAD_FORMAT, f"set {i + 1} must be an object, not {show(s)}")
            return info
        if "awarded_to" in s and self.awards_sets():
            side = s["awarded_to"]
            if is_int(side) and side in (0, 1):
                info["awarded_to"] = side
                entry["awarded"] = True
            else:
                self.err(
                    f"{path}/awarded_to",
                    BAD_FORMAT,
                    f"set {i + 1}'s awarded_to must be the side 0 or 1, not {show(side)}",
                )
        score = s.get("score", MISSING)
        if score is MISSING:
            self.err(f"{path}/score", BAD_FORMAT, f"set {i + 1} has no score")
        else:
            pair = self.read_pair(score, f"{path}/score", f"set {i + 1}'s score")
            if pair is not None:
                info["score"] = pair
                if all(abs(x) <= REPORT_INT_LIMIT for x in pair):
                    entry["score"] = list(pair)
                self.check_set_score(i, info, pair, s.get("hands"))
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

    def awards_sets(self) -> bool:
        """Whether the ruleset has a penalty that ends a set awarded (held_after_knock)."""
        assert self.rules is not None
        return "held_after_knock" in self.rules.penalty_rules

    def check_set_score(
        self, i: int, info: dict[str, Any], pair: tuple[int, int], hands: Any
    ) -> None:
        """A finished set has exactly one side on the target, or was awarded to a side
        below it (the offenders may be on it: a held knock found on the turnover)."""
        t = self.target
        awarded = info["awarded_to"]
        problem = None
        if pair[0] < 0 or pair[1] < 0:
            problem = "a score cannot be negative"
        elif pair[0] > t or pair[1] > t:
            problem = f"a score cannot pass {t}"
        elif awarded is not None:
            if pair[awarded] == t:
                problem = (
                    f"a set awarded to {self.side_name(awarded)} ends before that side "
                    f"reaches {t}"
                )
        elif pair[0] == t and pair[1] == t:
            problem = f"only one side can reach {t}"
        elif pair[0] != t and pair[1] != t:
            if self.awards_sets() and _mentions_award(hands):
                info["award_pending"] = True  # the plays may show who was awarded it
                return
            problem = f"a finished set has exactly one side on {t}"
        if problem:
            self.score_invalid(i, pair, problem)
        else:
            info["winner"] = awarded if awarded is not None else (0 if pair[0] == t else 1)
            info["entry"]["winner"] = info["winner"]

    def score_invalid(self, i: int, pair: tuple[int, int], problem: str) -> None:
        self.err(
            f"/sets/{i}/score",
            SET_SCORE_INVALID,
            f"set {i + 1}: the score {show_pair(pair)} is impossible: {problem}",
        )

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
        need = self.sets_to_win
        best_of = self.max_sets
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
                f"a best-of-{best_of} match has at least {need} sets, not "
                f"{len(infos)}",
            )
        elif len(infos) > best_of and not shape_reported:
            self.err(
                "/sets",
                MATCH_SHAPE,
                f"a best-of-{best_of} match has at most {best_of} sets, "
                f"not {len(infos)}",
            )
        elif winner is None and complete:
            self.err(
                "/sets",
                MATCH_SHAPE,
                f"the match is undecided: sets won {wins[0]}–{wins[1]}; best of "
                f"{best_of} needs a winner with {need} sets",
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


def _mentions_award(hands: Any) -> bool:
    """Whether a set's hands hold a held_after_knock penalty entry (read cheaply)."""
    if not isinstance(hands, list):
        return False
    for h in hands:
        plays = h.get("plays") if isinstance(h, dict) else None
        if isinstance(plays, list):
            for p in plays:
                if isinstance(p, dict):
                    pen = p.get("penalty")
                    if isinstance(pen, dict) and pen.get("rule") == "held_after_knock":
                        return True
    return False
