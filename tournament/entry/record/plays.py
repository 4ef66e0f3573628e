"""The play-by-play text of one hand, read into the record's deal and plays and written
back: tiles as 3-6, "6-0 right", knocks, and penalties (`penalty B wont_go 1-2 "why"`).
No Django, no database.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from scoring.report import quoted
from scoring.rulesets import PENALTY_NAMES, PENALTY_RULES, VOID_RULES

from .. import numbers
from .form import Table

_TILE = re.compile(r"^([0-6])\s*[-–/]\s*([0-6])$")
_TURN = re.compile(r"^([0-6]\s*[-–/]\s*[0-6])(?:\s+(left|l|right|r)(\s+stands)?)?$",
                   re.IGNORECASE)
_DEAL = re.compile(r"^\s*([AB][12]?)\s*:(.*)$", re.IGNORECASE)
_ENDS = {"l": "left", "left": "left", "r": "right", "right": "right"}


def _tile(text: str) -> str | None:
    m = _TILE.match(text.strip())
    return f"{m.group(1)}-{m.group(2)}" if m else None


def _seat(word: str, table: Table) -> int | None:
    """A seat written as its label (A, B1 …) or its record number (0 … seats-1)."""
    labels = [x.upper() for x in table.seat_labels()]
    if word.upper() in labels:
        return labels.index(word.upper())
    return numbers.whole_or_none(word, low=0, high=table.seats - 1)


def _turns(text: str) -> list[str]:
    """Turns separated by commas, semicolons or new lines; a quoted reason may hold them."""
    if '"' not in text:  # no reason quoted: the separators split it all (quick on the phone)
        return [t.strip() for t in text.replace(";", ",").replace("\n", ",").split(",")
                if t.strip()]
    turns, current = [], ""
    quoted = False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if not quoted and ch in ",;\n":
            turns.append(current)
            current = ""
        else:
            current += ch
    turns.append(current)
    return [t.strip() for t in turns if t.strip()]


def parse_penalty(words: str, table: Table) -> tuple[dict | None, str | None]:
    """`penalty B wont_go 1-2 "laid 1-2 at a 4"` -> the record's penalty entry, or a problem."""
    reason = None
    m = re.search(r'"([^"]*)"?\s*$', words)
    if m:
        reason = m.group(1).strip()
        words = words[:m.start()]
    parts = words.split()[1:]
    if not parts:
        return None, "a penalty names the seat that pays it, e.g. penalty B or penalty B1"
    seat = _seat(parts[0], table)
    if seat is None:
        return None, (f"{quoted(parts[0])} is not a seat; write one of "
                      f"{', '.join(table.seat_labels())}")
    entry: dict = {"seat": seat}
    for word in parts[1:]:
        tile = _tile(word)
        if tile is not None and "tile" not in entry:
            entry["tile"] = tile
        elif word.lower() in PENALTY_RULES and "rule" not in entry:
            entry["rule"] = word.lower()
        else:
            return None, (f"{quoted(word)} in a penalty is neither a rule ("
                          f"{', '.join(PENALTY_NAMES)}) nor a tile")
    if reason:
        entry["reason"] = reason
    return {"penalty": entry}, None


def parse_hand_text(text: str, table: Table | None = None) -> tuple[list | None, list, list]:
    """Read a hand written as optional deal lines and the plays.

        A: 0-1 0-5 1-3 1-4 2-3 3-6 5-5
        B: 0-6 1-6 2-2 2-5 4-5 4-6 5-6
        3-6, 6-0 right, 3-1 left, knock, penalty B wont_go 1-2 "laid at a 4", ...

    Returns (deal or None, plays, problems). "l"/"r" may stand for left/right, "k" for
    knock; `6-0 right stands` is a tile that did not fit but stood (bndcc); in pairs the
    deal lines are A1, B1, A2, B2.
    """
    table = table or Table()
    labels = [x.upper() for x in table.seat_labels()]
    deal: list[list[str]] = [[] for _ in labels]
    dealt = False
    problems: list[str] = []
    rest = []
    for line in text.splitlines():
        m = _DEAL.match(line)
        if not m:
            rest.append(line)
            continue
        label = m.group(1).upper()
        if label not in labels:
            starts = ", ".join(x + ":" for x in table.seat_labels())  # (not in the f-string:
            # the phone's MicroPython reads a ":" there as the start of a format)
            problems.append(f"{quoted(m.group(1))} is not a seat at this table; deal lines start "
                            f"with {starts}")
            continue
        seat = labels.index(label)
        dealt = True
        for word in re.split(r"[\s,;]+", m.group(2).strip()):
            if not word:
                continue
            tile = _tile(word)
            if tile is None:
                problems.append(f"{quoted(word)} in {label}'s deal is not a tile; "
                                "write tiles as 3-6")
            else:
                deal[seat].append(tile)
    plays: list = []
    for n, turn in enumerate(_turns("\n".join(rest)), start=1):
        word = " ".join(turn.split())
        lower = word.lower()
        if lower in ("knock", "k", "pass"):
            plays.append("knock")
            continue
        if lower.startswith(("penalty ", "pen ")) or lower in ("penalty", "pen"):
            entry, problem = parse_penalty(word, table)
            if problem:
                problems.append(f"play {n}: {problem}")
            else:
                plays.append(entry)
            continue
        m = _TURN.match(word)
        if not m:
            problems.append(f"play {n}: {quoted(word)} is not a play; write 3-6 for the down, then "
                            "6-0 right, 3-1 left, knock or penalty B …")
            continue
        end = _ENDS.get((m.group(2) or "").lower(), "")
        plays.append(_tile(m.group(1)) + (f" {end}" if end else "")
                     + (" stands" if m.group(3) else ""))
    return (deal if dealt else None), plays, problems


def play_text(play, table: Table | None = None) -> str:
    if isinstance(play, dict) and isinstance(play.get("penalty"), dict):
        p = play["penalty"]
        labels = (table or Table()).seat_labels()
        seat = p.get("seat")
        words = ["penalty", labels[seat] if isinstance(seat, int) and 0 <= seat < len(labels)
                 else str(seat)]
        if p.get("rule"):
            words.append(str(p["rule"]))
        if p.get("tile"):
            words.append(str(p["tile"]))
        if p.get("reason"):
            words.append('"' + str(p["reason"]).replace('"', "'") + '"')
        return " ".join(words)
    return str(play)


def hand_text(hand: Mapping, table: Table | None = None) -> str:
    """The play-by-play text of a stored hand (the inverse of parse_hand_text)."""
    labels = (table or Table()).seat_labels()
    lines = []
    if isinstance(hand.get("deal"), list):
        for seat, tiles in enumerate(hand["deal"][:len(labels)]):
            lines.append(f"{labels[seat]}: " + " ".join(str(t) for t in tiles))
    if isinstance(hand.get("plays"), list):
        lines.append(", ".join(play_text(p, table) for p in hand["plays"]))
    return "\n".join(lines)


def void_in_plays(plays: list) -> dict | None:
    """A hand's void as its plays say it: a last entry that is a voiding penalty."""
    if plays and isinstance(plays[-1], dict):
        p = plays[-1].get("penalty")
        if isinstance(p, dict) and p.get("rule") in VOID_RULES:
            return {"seat": p.get("seat"), "rule": p["rule"]}
    return None
