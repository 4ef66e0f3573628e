"""Who lays the down: the one home of the starter rules (issue #15).

Pure functions over seat numbers, shared by the validator and the Django side (the
arbiter's form and the stored set rows).  Seats are numbered in play order 0, 1, …;
sets and hands are counted from 0 as in a record's JSON pointers.

- Set starters: under a ruleset whose sets alternate (mso), set ``i`` is started by
  ``first_set_starter + i``; under one that draws them (bndcc) each set's starter is the
  draw, known only when recorded.
- Hand starters: within a set the down passes to the next seat in play order, hand 0
  started by the set's starter.  After a void hand (a penalty whose rule voids it) the
  re-deal is downed by the seat the rule names: ``wrong_count`` the seat after the
  offender, ``out_of_turn``, ``exposed`` and ``pickup_exposed`` the seat that downed the
  void hand; later hands pass the down on from the re-deal's starter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .rulesets import (
    EFFECT_VOID,
    PENALTY_RULES,
    REDEAL_NEXT_SEAT,
    RULESETS,
    SET_STARTER_ALTERNATES,
    Ruleset,
)


def sets_alternate(ruleset: str | Ruleset) -> bool:
    """True where set starters alternate from ``first_set_starter`` (mso); False where
    each set's starter is drawn (bndcc)."""
    rules = RULESETS[ruleset] if isinstance(ruleset, str) else ruleset
    return rules.set_starter == SET_STARTER_ALTERNATES


def set_starter(
    ruleset: str | Ruleset,
    seats: int,
    index: int,
    first_set_starter: int | None = 0,
    drawn: int | None = None,
) -> int | None:
    """The seat that downs the first hand of set ``index`` (0-based).

    Alternating rulesets: ``(first_set_starter + index) % seats`` (None when
    ``first_set_starter`` is None).  Drawing rulesets: ``drawn``, the seat that won that
    set's draw (None when unknown); ``first_set_starter`` is then set 0's draw and is used
    for set 0 when ``drawn`` is None.
    """
    if sets_alternate(ruleset):
        if first_set_starter is None:
            return None
        return (first_set_starter + index) % seats
    if drawn is not None:
        return drawn
    return first_set_starter if index == 0 else None


def void_of(hand_void: Any) -> tuple[int, str] | None:
    """A record's ``"void": {"seat": S, "rule": R}`` as (seat, rule), or None when it is
    absent or not a readable void."""
    if not isinstance(hand_void, Mapping):
        return None
    seat, rule = hand_void.get("seat"), hand_void.get("rule")
    if not (isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0):
        return None
    r = PENALTY_RULES.get(rule) if isinstance(rule, str) else None
    if r is None or r.effect != EFFECT_VOID:
        return None
    return seat, rule


def next_hand_starter(previous: int, seats: int, void: Any = None) -> int:
    """The seat that downs the hand after one downed by ``previous``.

    ``void`` says whether and why that hand was void: None (not void), the record's
    ``{"seat": S, "rule": R}``, or a (seat, rule) pair.  Not void: the next seat in play
    order.  Void by ``wrong_count``: the seat after the offender S.  Void by
    ``out_of_turn``, ``exposed`` or ``pickup_exposed``: ``previous`` again.
    """
    if void is None:  # the common case, answered first
        return (previous + 1) % seats
    v = void if isinstance(void, tuple) else void_of(void)
    if v is None:
        return (previous + 1) % seats
    seat, rule = v
    if PENALTY_RULES[rule].redeal == REDEAL_NEXT_SEAT:
        return (seat + 1) % seats
    return previous


def hand_starters(first: int, seats: int, voids: Iterable[Any]) -> list[int]:
    """The starter of each hand of a set whose first hand ``first`` downs, given each
    hand's void (as for ``next_hand_starter``; one entry per hand)."""
    out = []
    seat = first
    for void in voids:
        out.append(seat)
        seat = next_hand_starter(seat, seats, void)
    return out
