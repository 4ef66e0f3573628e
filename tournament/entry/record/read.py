"""A stored match record shown on the entry form (`form_data()`, so a correction starts
from what is stored), and what the form shows beside its fields: the void rules to choose
from and who starts each set and hand. No Django, no database.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.rulesets import VOID_RULES, penalty_choices
from scoring.starters import hand_starters

from ..fit import MAX_HANDS
from .form import (
    OUTCOMES,
    Table,
    awarded_key,
    chosen_seat,
    hand_key,
    part_key,
    play_key,
    set_key,
    starter_key,
)
from .plays import hand_text, parse_hand_text, void_in_plays


def form_data(outcome: str, conceded_side: int | None, record: Mapping | None,
              table: Table | None = None) -> dict:
    """Form values showing a stored result, so a correction starts from what is stored."""
    table = table or Table()
    choice = "played"
    for key, (out, side) in OUTCOMES.items():
        if out == outcome and side == conceded_side:
            choice = key
    data: dict[str, str] = {"outcome": choice}
    record = record or {}
    if table.pairs and table.members and isinstance(record.get("players"), list):
        names = record["players"]
        for side in (0, 1):
            members = list(table.members[side])
            if len(names) > side and names[side] in members:
                data[f"seat{side}"] = str(members.index(names[side]))
    for i, one in enumerate((record.get("sets") or [])[:table.max_sets]):
        if not isinstance(one, dict):
            continue
        s = i + 1
        score = one.get("score") or ["", ""]
        sk = set_key(s)
        data[part_key(sk, "a")], data[part_key(sk, "b")] = str(score[0]), str(score[1])
        if table.drawn and type(one.get("starter")) is int:
            data[starter_key(s)] = str(one["starter"])
        if type(one.get("awarded_to")) is int:
            data[awarded_key(s)] = str(one["awarded_to"])
        for j, hand in enumerate((one.get("hands") or [])[:MAX_HANDS]):
            key = hand_key(s, j + 1)
            if isinstance(hand.get("points"), list) and len(hand["points"]) == 2:
                data[part_key(key, "a")], data[part_key(key, "b")] = (
                    str(v) for v in hand["points"])
            if isinstance(hand.get("void"), dict):
                data[part_key(key, "void")] = str(hand["void"].get("rule", ""))
                data[part_key(key, "void_seat")] = str(hand["void"].get("seat", ""))
            text = hand_text(hand, table)
            if text:
                data[play_key(s, j + 1)] = text
    return data


def void_choices(table: Table) -> list[tuple[str, str]]:
    """("", "—") then each rule that voids a hand, labelled as the scoring engine labels it."""
    if not table.penalties:
        return []
    # The select is the hand's void already: its rule alone ("Played out of turn"), so
    # that a phone shows the whole of it.
    choices = penalty_choices(table.ruleset, table.seats)
    return [("", "not void")] + [(n, label.split(":")[0]) for n, label in choices
                                 if n in VOID_RULES]


def shown_starters(data: Mapping, table: Table, s: int, rows: int) -> tuple[int | None, list]:
    """Who starts set `s` and each of its `rows` hand rows, as the form shows them: the
    set's starter (None while a drawn one is not chosen) and a seat (or None) per row."""
    drawn = chosen_seat(data, starter_key(s), table.seats) if table.drawn else None
    first = table.set_starter(s - 1, drawn)
    if first is None:
        return None, [None] * rows
    voids = []
    for h in range(1, rows + 1):
        key = hand_key(s, h)
        rule = str(data.get(part_key(key, "void"), "") or "")
        seat = chosen_seat(data, part_key(key, "void_seat"), table.seats)
        void = {"seat": seat, "rule": rule} if rule in VOID_RULES and seat is not None else None
        text = str(data.get(play_key(s, h), "") or "")
        if void is None and "penalty" in text.lower():
            void = void_in_plays(parse_hand_text(text, table)[1])
        voids.append(void)
    return first, hand_starters(first, table.seats, voids)
