"""The match format (shared/spec/bndcc.md ``match``): the target of a set and the number of
sets that win the match, read from a record's optional ``match`` against the values its
ruleset allows.  Pure; the Django side calls ``match_format`` for its own forms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .rulesets import RULESETS, Ruleset


@dataclass(frozen=True)
class MatchFormat:
    """A set is won by reaching exactly ``target``; a match by the first side to win
    ``sets_to_win`` sets, so it has at most ``max_sets`` = 2 * sets_to_win - 1 sets."""

    target: int
    sets_to_win: int

    @property
    def max_sets(self) -> int:
        return 2 * self.sets_to_win - 1


class MatchFormatError(ValueError):
    """A ``match`` the ruleset does not allow; ``problems`` lists (path, message)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(m for _, m in problems))
        self.problems = problems


def default_format(rules: Ruleset) -> MatchFormat:
    return MatchFormat(rules.target, rules.sets_to_win)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _choices(values: tuple[int, ...]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _allowed(match: dict[str, Any], key: str, default: int, allowed: tuple[int, ...],
             path: str, problems: list[tuple[str, str]], says: Callable[[str], str]) -> int:
    """``match[key]`` where the ruleset allows it; else the default, and a problem:
    ``says(the allowed values in words)`` and the value given."""
    if key not in match:
        return default
    v = match[key]
    if _is_int(v) and v in allowed:
        return v
    shown = v if _is_int(v) and abs(v) < 10**12 else "that"
    problems.append((f"{path}/{key}", f"{says(_choices(allowed))}, not {shown}"))
    return default


def read_match_format(
    rules: Ruleset, match: Any, path: str = "/match"
) -> tuple[MatchFormat, list[tuple[str, str]]]:
    """The format a record's ``match`` asks for, and its problems as (path, message).

    ``None`` (no ``match``) is the ruleset's default; a key left out takes its default;
    other keys are ignored.  Where a value is not allowed, the default stands in for it.
    """
    fmt = default_format(rules)
    if match is None:
        return fmt, []
    if not isinstance(match, dict):
        return fmt, [(path, 'match must be an object {"target": T, "sets_to_win": W}')]
    problems: list[tuple[str, str]] = []
    target = _allowed(match, "target", fmt.target, rules.allowed_targets, path, problems,
                      lambda these: f"the {rules.name} ruleset plays sets to {these} points")
    wins = _allowed(match, "sets_to_win", fmt.sets_to_win, rules.allowed_sets_to_win, path,
                    problems,
                    lambda these: f"the {rules.name} ruleset plays matches won by {these} sets")
    return MatchFormat(target, wins), problems


def match_format(ruleset: str | Ruleset, match: dict[str, Any] | None = None) -> MatchFormat:
    """The match format of a record (or event) under a ruleset.

    ``match_format("bndcc", {"target": 121, "sets_to_win": 1})`` ->
    ``MatchFormat(target=121, sets_to_win=1)`` (``.max_sets`` 1);
    ``match_format("mso")`` -> 61 and 2.  Raises ``MatchFormatError`` (a ValueError whose
    ``problems`` are (JSON pointer, message) pairs) for a value the ruleset does not allow,
    and ``KeyError`` for an unknown ruleset name.
    """
    rules = RULESETS[ruleset] if isinstance(ruleset, str) else ruleset
    fmt, problems = read_match_format(rules, match)
    if problems:
        raise MatchFormatError(problems)
    return fmt
