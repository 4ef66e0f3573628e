"""Validator errors on the entry form: `locate()` / `field_for_path()` map an error's
JSON pointer in the record to the form field it concerns, and `map_errors()` words each
message as the form names seats, sides, sets and hands. No Django, no database.
"""

from __future__ import annotations

import re

from .form import (
    GENERAL,
    SEATING,
    SIDE_LETTER,
    Built,
    Table,
    hand_key,
    play_key,
    set_key,
    starter_key,
)


def locate(path: str, built: Built) -> tuple[str, str]:
    """(form key, words naming the place) for a validator error at JSON pointer `path`."""
    parts = [p for p in path.split("/") if p != ""]
    if parts[:1] == ["first_set_starter"]:
        return (starter_key(1), "Set 1") if built.drawn else (GENERAL, "")
    if parts[:1] == ["players"]:
        return (SEATING if built.table.pairs else GENERAL), ""
    if not parts or parts[0] != "sets":
        return GENERAL, ""
    if len(parts) == 1 or not parts[1].isdigit():
        return "sets", ""
    i = int(parts[1])
    s = i + 1
    if s > built.table.max_sets:
        return "sets", f"Set {s}"
    where = f"Set {s}"
    if parts[2:3] == ["starter"]:
        return (starter_key(s) if built.drawn else set_key(s)), where
    if len(parts) < 4 or parts[2] != "hands" or not parts[3].isdigit():
        return set_key(s), where  # /sets/i, /sets/i/score, /sets/i/awarded_to, /sets/i/hands
    h = built.hand_rows.get((i, int(parts[3])), int(parts[3]) + 1)
    where = f"Set {s}, hand {h}"
    if parts[4:5] == ["plays"]:
        if len(parts) > 5 and parts[5].isdigit():
            where += f", play {int(parts[5]) + 1}"
        return play_key(s, h), where
    if parts[4:5] == ["deal"]:
        return play_key(s, h), where + ", deal"
    return hand_key(s, h), where


def field_for_path(path: str, built: Built) -> str:
    """The form key next to which a validator error at JSON pointer `path` belongs."""
    return locate(path, built)[0]


def in_form_words(message: str, table: Table, players: list[str] | None = None) -> str:
    """Say "Ann Lee (A1)" where the validator says "seat 0 (Ann Lee)": the form's words."""
    labels = table.seat_labels()
    message = re.sub(r"\bseats ([0-3]) and ([0-3])\b",
                     lambda m: " and ".join(labels[int(g)] if int(g) < len(labels) else g
                                            for g in m.groups()), message)
    message = re.sub(r"\bside ([01])\b", lambda m: f"side {SIDE_LETTER[int(m.group(1))]}",
                     message)
    for seat, label in enumerate(labels):
        if players and len(players) == len(labels):
            message = message.replace(f"seat {seat} ({players[seat]})",
                                      f"{players[seat]} ({label})")
        message = re.sub(rf"\bseat {seat}\b", f"seat {label}", message)
    return message


# Errors that follow from an earlier slip in the same set: a hand's totals, the set's
# total, a running total, a set that ends elsewhere than written, a hand cut short.
FOLLOW_ON = {"hand_points_mismatch", "points_mismatch", "over_target", "play_after_set_end",
             "hand_incomplete", "set_score_invalid"}
HAND_PATH = re.compile(r"^/sets/(\d+)/hands/(\d+)(/|$)")
SET_PATH = re.compile(r"^/sets/(\d+)(/|$)")


def first_slips(report_errors: list[dict]) -> list[dict]:
    """One slip, one error (docs/scoring.md): the validator reads on after a mistyped play
    and may then find the hand's later plays, its points, the set's total and a running
    total wrong too. Keep each hand's first error, and drop what follows from it in the
    same set: later errors in that hand, and totals of the hand, later hands and the set."""
    slipped: dict[int, int] = {}  # set index -> first hand with an error in its plays
    for e in report_errors:
        m = HAND_PATH.match(str(e.get("path", "")))
        if m and "/plays" in str(e.get("path", "")):
            i, j = int(m.group(1)), int(m.group(2))
            slipped[i] = min(slipped.get(i, j), j)
    kept, seen_hands = [], set()
    for e in report_errors:
        path = str(e.get("path", ""))
        hand = HAND_PATH.match(path)
        in_set = SET_PATH.match(path)
        i = int(in_set.group(1)) if in_set else None
        if hand:
            j = int(hand.group(2))
            if (i, j) in seen_hands:
                continue  # the hand's first error stands for it
            if i in slipped and j >= slipped[i] and (j > slipped[i] or "/plays" not in path) \
                    and e.get("code") in FOLLOW_ON:
                continue
            seen_hands.add((i, j))
        elif i in slipped and e.get("code") in FOLLOW_ON:
            continue  # the set's total, off because of the slip
        kept.append(e)
    return kept


def map_errors(report_errors: list[dict], built: Built) -> dict[str, list[str]]:
    players = (built.record or {}).get("players")
    out: dict[str, list[str]] = {}
    for e in first_slips(report_errors):
        message = str(e.get("message", "")).strip() or str(e.get("code", "error"))
        message = in_form_words(message, built.table, players)
        key, where = locate(str(e.get("path", "")), built)
        if where:
            # The place is named once, as the form numbers it ("Set 2, hand 4, play 6").
            message = re.sub(r"^set \d+(,? hand \d+)?(,? play \d+)?: ", "", message,
                             flags=re.IGNORECASE)
            message = f"{where}: {message}"
        message = message[:1].upper() + message[1:]
        out.setdefault(key, []).append(message)
    return out
