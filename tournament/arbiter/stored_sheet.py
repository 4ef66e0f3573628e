"""A stored record's hand sheets and play by play, read-only, for the official who checks
them (beside Confirm) and for the board's history. No Django, no database.

Who starts each hand (lays its down) comes from `scoring.starters` (the validator's rules,
voids included); a hand written as plays alone gets its points from `scoring.replay`, as
the validator scores it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scoring import replay
from scoring.rulesets import penalty_choices
from scoring.starters import hand_starters

from ..entry.record import Table, hand_text, void_in_plays


@dataclass
class HandLine:
    number: int
    starter: str  # who starts it (lays its down): "Ann Lee (A1)"
    points: tuple  # (A, B); None where neither the sheet nor the plays say
    running: tuple  # the set's totals after it
    void: str = ""  # "void: <rule> by <seat>" when re-dealt
    plays: str = ""  # the play by play as the arbiter typed it


@dataclass
class SetSheet:
    number: int
    score: tuple
    hands: list[HandLine] = field(default_factory=list)
    with_plays: bool = False  # on the first set: whether any set has play by play


def void_words(void, table: Table, words: list[str]) -> str:
    if not isinstance(void, Mapping):
        return ""
    labels = dict(penalty_choices(table.ruleset))
    seat = void.get("seat")
    who = words[seat] if isinstance(seat, int) and 0 <= seat < len(words) else "?"
    return f"void, dealt again: {labels.get(void.get('rule'), void.get('rule'))} by {who}"


def void_of(hand) -> Mapping | None:
    """A hand's void as written: its `void`, or (play depth) its last play's penalty."""
    if not isinstance(hand, Mapping):
        return None
    if isinstance(hand.get("void"), Mapping):
        return hand["void"]
    return void_in_plays(hand["plays"]) if isinstance(hand.get("plays"), list) else None


def hand_points(hand: Mapping, table: Table, starter: int, before: list) -> tuple | None:
    points = hand.get("points")
    if isinstance(points, list) and len(points) == 2 and all(type(p) is int for p in points):
        return tuple(points)
    if isinstance(hand.get("plays"), list):
        out = replay(hand["plays"], ruleset=table.ruleset, starter=starter,
                     deal=hand.get("deal"), before=tuple(before), seats=table.seats,
                     match=table.match_format)
        if not out["errors"]:
            return tuple(out["points"])
    return None


def sheets(record: Mapping | None, table: Table, words: list[str]) -> list[SetSheet]:
    """Each set of `record` that has a hand sheet, hand by hand; `words` names each seat."""
    out = []
    for i, one in enumerate((record or {}).get("sets") or []):
        hands = one.get("hands") if isinstance(one, dict) else None
        if not isinstance(hands, list) or not hands:
            continue
        first = one.get("starter")
        if type(first) is not int:
            first = table.set_starter(i, None)
        voids = [void_of(h) for h in hands]
        starters = (hand_starters(first, table.seats, voids) if type(first) is int
                    else [None] * len(hands))
        score = one.get("score") if isinstance(one.get("score"), list) else ["", ""]
        sheet = SetSheet(number=i + 1, score=tuple(score))
        running = [0, 0]
        for j, hand in enumerate(hands):
            if not isinstance(hand, dict):
                continue
            seat = starters[j]
            points = hand_points(hand, table, seat if seat is not None else 0, running)
            if points is not None:
                running = [running[0] + points[0], running[1] + points[1]]
            sheet.hands.append(HandLine(
                number=j + 1, starter=words[seat] if seat is not None else "",
                points=points, running=tuple(running),
                void=void_words(voids[j], table, words),
                plays=hand_text(hand, table)))
        out.append(sheet)
    if out:
        out[0].with_plays = any(h.plays for s in out for h in s.hands)
    return out
