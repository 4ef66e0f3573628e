"""The match record the posted entry form describes (`build()`), with the form's own
errors: what is too garbled for the validator to judge. No Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from scoring.report import quoted
from scoring.rulesets import VOID_RULES
from scoring.starters import hand_starters

from ..fit import MAX_HANDS
from .form import (
    FORMAT,
    MAX_TEXT,
    OUTCOMES,
    SEATING,
    SIDE_LETTER,
    Built,
    Table,
    awarded_key,
    chosen_seat,
    hand_key,
    part_key,
    play_key,
    seated_first,
    set_key,
    starter_key,
)
from .limits import score_limit
from .plays import parse_hand_text, void_in_plays


def _number(data: Mapping, key: str, built: Built) -> int | None:
    """The score typed in box `key`, or None (blank, or refused in the form's words)."""
    raw = str(data.get(key, "") if data.get(key) is not None else "").strip()
    if raw == "":
        return None
    limit = score_limit(key, built.table)
    refusal = limit.refusal(raw)
    if refusal:
        built.add(limit.place, refusal)
        return None
    return int(raw)


def row_count(data: Mapping, s: int) -> int:
    """How many hand rows set `s` has in the posted form (the script may have added some)."""
    last = 0
    pattern = re.compile(rf"^s{s}_h([0-9]+)_(?:a|b|play|void|void_seat)$")
    for key in data:
        m = pattern.match(str(key))
        if m:
            last = max(last, int(m.group(1)))
    return min(last, MAX_HANDS)


def _void(data: Mapping, s: int, h: int, built: Built) -> dict | None:
    key = hand_key(s, h)
    rule = str(data.get(part_key(key, "void"), "") or "").strip()
    if not rule:
        return None
    if rule not in VOID_RULES or not built.table.penalties:
        built.add(key, f"Set {s}, hand {h}: {quoted(rule)} is not a rule that voids a hand.")
        return None
    seat = chosen_seat(data, part_key(key, "void_seat"), built.table.seats)
    if seat is None:
        built.add(key, f"Set {s}, hand {h}: say who broke the rule that voided the hand.")
        return None
    return {"seat": seat, "rule": rule}


def _hands(data: Mapping, s: int, built: Built) -> list[tuple[int, dict]]:
    t = built.table
    hands = []
    gap_at = None
    for h in range(1, row_count(data, s) + 1):
        key = hand_key(s, h)
        label = f"Set {s}, hand {h}"
        a, b = (_number(data, part_key(key, x), built) for x in "ab")
        text = str(data.get(play_key(s, h), "") or "")
        void = _void(data, s, h, built)
        has_points = a is not None or b is not None
        if not has_points and not text.strip() and void is None:
            gap_at = gap_at or h
            continue
        if gap_at is not None:
            # Skipping a row would shift who starts every later hand.
            built.add(hand_key(s, gap_at), f"Set {s}, hand {gap_at} is empty but hand {h} "
                                           "is filled in: leave no empty rows between hands.")
            gap_at = None
        hand: dict = {}
        if has_points or not text.strip():
            # A blank beside a number is a hand in which that side scored nothing (and a
            # void hand written without plays is a hand of points, 0 if none are typed).
            hand["points"] = [a or 0, b or 0]
        if void is not None:
            hand["void"] = void
        if text.strip():
            if len(text) > MAX_TEXT:
                built.add(play_key(s, h), f"{label}: at most {MAX_TEXT} characters of play "
                                          "by play.")
            deal, plays, problems = parse_hand_text(text, t)
            for p in problems:
                built.add(play_key(s, h), f"{label}: {p}")
            if deal is not None:
                hand["deal"] = deal
            hand["plays"] = plays
        hands.append((h, hand))
    return hands


def _starters(one: dict, seats: int) -> None:
    """Each hand's starter, from the set's and the voids: the scoring engine's rule."""
    hands = one.get("hands") or []
    voids = [h.get("void") or void_in_plays(h.get("plays") or []) for h in hands]
    starters = hand_starters(one["starter"], seats, voids)
    assert len(starters) == len(hands)  # (zip's strict= is not in the phone's MicroPython)
    for hand, seat in zip(hands, starters):  # noqa: B905
        hand["starter"] = seat


def build(data: Mapping, table: Table) -> Built:
    """The record the posted form describes, with the form's own errors."""
    built = Built(table=table)
    choice = str(data.get("outcome", "played") or "played")
    if choice not in OUTCOMES:
        built.add("outcome", "Choose a result type: played, a forfeit, a double forfeit "
                             "or an abandoned match.")
        return built
    built.outcome, built.conceded_by = OUTCOMES[choice]
    if built.outcome in ("forfeit", "double_forfeit"):
        return built  # no sets were played: nothing else on the form counts
    if table.pairs:
        for side in (0, 1):
            if seated_first(data, side) is None:
                built.add(SEATING, f"Say which member of side {SIDE_LETTER[side]} sat at "
                                   f"seat {SIDE_LETTER[side]}1.")

    sets: list[dict] = []
    gap_at = None
    for s in range(1, table.max_sets + 1):
        key = set_key(s)
        a, b = (_number(data, part_key(key, x), built) for x in "ab")
        awarded = chosen_seat(data, awarded_key(s), 2) if table.penalties else None
        hands = _hands(data, s, built)
        if a is None and b is None and not hands and awarded is None:
            gap_at = gap_at or s
            continue
        if gap_at is not None:
            built.add(set_key(gap_at), f"Set {gap_at} is empty but set {s} is filled in: "
                                       "enter the sets in the order they were played.")
            gap_at = None
        if (a is None or b is None) and key not in built.errors:
            built.add(key, f"Set {s}: enter the score of both sides.")
        drawn = chosen_seat(data, starter_key(s), table.seats) if table.drawn else None
        if table.drawn and drawn is None:
            built.add(starter_key(s), f"Set {s}: choose who won the draw for the down.")
        starter = table.set_starter(len(sets), drawn)
        one = {"starter": starter if starter is not None else 0, "score": [a or 0, b or 0]}
        if awarded is not None:
            one["awarded_to"] = awarded
        if hands:
            one["hands"] = []
            for h, hand in hands:
                built.hand_rows[(len(sets), len(one["hands"]))] = h
                one["hands"].append(hand)
            _starters(one, table.seats)
        sets.append(one)

    if not sets:
        if built.outcome == "played":
            built.add(set_key(1), "Enter the score of each set played.")
        return built  # an abandoned match may have no finished set
    built.record = {
        "format": FORMAT, "ruleset": table.ruleset, "seats": table.seats,
        "match": table.match_format, "players": table.seat_names(data),
        "first_set_starter": sets[0]["starter"], "sets": sets,
    }
    return built
