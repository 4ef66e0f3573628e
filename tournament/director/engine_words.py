"""The pairing engine's notes on a player, in the words of the other screens.

The engine speaks FIDE's colours (white starts set 1), preference strengths and floats
(`round.explanation`, tournament/pairing/explain.py). The director's round page says the
same as "starts set 1", "should", "paired below their points"; the engine's own codes
stay beside them, behind the page's "why", for whoever checks the pairing by them.
"""

from dataclasses import dataclass

# A preference to take the Swiss "white" is one to start set 1.
STARTS = {"white": True, "side0": True, "black": False, "side1": False}
HOW_STRONGLY = {"absolute": "must", "strong": "should", "mild": "would rather"}
FLOATS = {"down": "paired below their points this round (a downfloat)",
          "up": "paired above their points this round (an upfloat)"}
HISTORY = {"w": "started set 1", "b": "the opponent started", "-": "no game"}


@dataclass(frozen=True)
class PlayerNotes:
    points: object  # the score the engine paired on (a bye counts 1: docs/pairing.md)
    lines: list  # plain sentences, most useful first
    codes: str  # the engine's own notation
    standing: object = None  # the event's own match points, as the public pages show


def started_words(history: str) -> str:
    if not history:
        return "no round played yet"
    return "; ".join(f"round {n}: {HISTORY.get(letter, letter)}"
                     for n, letter in enumerate(history, start=1))


def due_to_start(info: dict) -> bool | None:
    """True if the player's colour preference is to start set 1, False if it is to let
    the opponent start, None without a preference."""
    return STARTS.get(info.get("preference") or "none")


def preference_words(info: dict) -> str | None:
    starts = due_to_start(info)
    verb = HOW_STRONGLY.get(info.get("strength") or "none")
    if starts is None or verb is None:
        return None
    return (f"{verb} start set 1 this round" if starts
            else f"{verb} let the opponent start set 1 this round")


def float_history_words(history: str) -> str | None:
    moved = [f"round {n} {'down' if c == 'D' else 'up'}"
             for n, c in enumerate(history or "", start=1) if c in "DU"]
    return "paired away from their points before: " + ", ".join(moved) if moved else None


def notes(info: dict | None, *, drawn: bool) -> PlayerNotes | None:
    """What the engine knew of a player before the round. `drawn`: a draw at the table
    decides who starts (bndcc), so the engine's starting sides say nothing about it."""
    if not info:
        return None
    lines = []
    if not drawn:
        lines.append("who started set 1 before: " + started_words(info.get("colour_history")))
        preference = preference_words(info)
        lines.append(preference or "no preference who starts set 1")
    if info.get("float") in FLOATS:
        lines.append(FLOATS[info["float"]])
    history = float_history_words(info.get("float_history"))
    if history:
        lines.append(history)
    codes = (f"colours {info.get('colour_history') or 'none'}, preference "
             f"{info.get('preference') or 'none'} ({info.get('strength') or 'none'}), "
             f"floats {info.get('float_history') or 'none'}")
    return PlayerNotes(points=info.get("score"), lines=lines, codes=codes)
