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


def points_words(points) -> str:
    return f"{points:g} point{'' if points == 1 else 's'}"


def players_words(n: int) -> str:
    return f"{n} player{'' if n == 1 else 's'}"


def halves_words(seed: int, paired: int) -> str:
    """Round 1 (FIDE Dutch): the field in pairing-number order, its top half against its
    bottom half in order, 1 against h + 1, 2 against h + 2, ... (`paired`: those on
    boards, the bye's player left out)."""
    half = paired // 2
    order = ("round 1 pairs by seed, the order of pairing numbers (by rating, once "
             f"seeded from ratings): seed {seed} of {paired}")
    if half < 1 or seed > 2 * half:
        return order
    where = (f"the top half (seeds 1–{half})" if seed <= half
             else f"the bottom half (seeds {half + 1}–{2 * half})")
    return (f"{order}, in {where}; the top half meets the bottom half in order "
            f"(1 v {half + 1}, 2 v {half + 2}, …)")


def round_one_start_words(info: dict) -> str | None:
    lot = info.get("top_seed_starts")
    if lot is None:
        return None
    first = "seed 1 starts" if lot else "seed 1's opponent starts"
    return (f"who starts set 1 in round 1: drawn by lot on board 1 ({first}), then "
            "alternating board by board down the list")


def bye_words(info: dict) -> list[str]:
    """Why the pairing gave this player the bye (explain.ByeExplanation), most telling
    first: his score group, his rank in it, no bye before."""
    bye = info.get("bye")
    if not bye:
        return []
    score = info.get("score") or 0
    points = points_words(score)
    group = players_words(bye["group_size"])
    if bye["lowest_group"]:
        lines = [f"the bye goes to the lowest score group: {points}, {group}"]
    elif bye["fewer_may_not"] == bye["fewer_points"]:
        lines = [f"the bye went up to the {score:g}-point score group ({group}): each of the "
                 f"{players_words(bye['fewer_points'])} with fewer points already had a "
                 "bye or a win without playing"]
    else:
        lines = [f"the bye went up to the {score:g}-point score group ({group}): the "
                 "players with fewer points were needed on boards to pair everyone"]
    place, size, below = bye["place_in_group"], bye["group_size"], bye["below_may_not"]
    if place == size:
        lines.append("the lowest ranked in that group (a group ranks by pairing number: "
                     f"no. {info.get('number')} is its highest)")
    elif below == size - place:
        lines.append(f"ranked {place} of {size} in that group: everyone ranked below "
                     "already had a bye or a win without playing")
    else:
        lines.append(f"ranked {place} of {size} in that group: those ranked below were "
                     "needed on boards to pair everyone")
    if not bye["had_bye"]:
        lines.append("has had no bye and no win without playing before (nobody gets a "
                     "second)")
    return lines


def notes(info: dict | None, *, drawn: bool) -> PlayerNotes | None:
    """What the engine knew of a player before the round. `drawn`: a draw at the table
    decides who starts (bndcc), so the engine's starting sides say nothing about it.
    Round 1 says how seeds meet and who starts; a bye says why it is this player's."""
    if not info:
        return None
    lines = bye_words(info)
    first_round = info.get("round") == 1 and info.get("seed")
    if first_round and not lines:
        lines.append(halves_words(info["seed"], info["paired"] - info["paired"] % 2))
    if not drawn and not info.get("bye"):
        start = round_one_start_words(info) if first_round else None
        if start:
            lines.append(start)
        else:
            lines.append("who started set 1 before: "
                         + started_words(info.get("colour_history")))
            preference = preference_words(info)
            lines.append(preference or "no preference who starts set 1")
    if info.get("float") in FLOATS and not info.get("bye"):
        lines.append(FLOATS[info["float"]])
    history = float_history_words(info.get("float_history"))
    if history:
        lines.append(history)
    codes = (f"colours {info.get('colour_history') or 'none'}, preference "
             f"{info.get('preference') or 'none'} ({info.get('strength') or 'none'}), "
             f"floats {info.get('float_history') or 'none'}")
    return PlayerNotes(points=info.get("score"), lines=lines, codes=codes)
