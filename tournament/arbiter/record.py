"""Turn the arbiter's entry form into a match record, and back (no Django, no database).

The form is flat: `outcome`, set scores `s1_a`/`s1_b`, hand points `s1_h3_a`/`s1_h3_b`
and a play-by-play text `s1_h3_play` per hand. Seat 0 (player A) is the board's
`side0`. Where the ruleset alternates set starters (mso), side0 starts set 1 and sets
alternate from there; where it draws them (bndcc), each played set has a required
`s1_starter` ("0" or "1": who drew the first down). Hands alternate their starter
within a set from the set's starter.

`build()` gives the record plus the form's own errors (things too garbled to send to
the validator); `field_for_path()` maps a validator error's JSON pointer back to the
form field it concerns, so each message can be shown next to what the arbiter typed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..rules import known_rulesets, pairing_starts_set_one

FORMAT = "fives-and-threes-match/1"
MAX_SETS = 3
HAND_ROWS = 12  # rows a set shows without JavaScript; the script can add more
MAX_HAND_ROWS = 60  # a set of Fives and Threes never needs this many hands

# The form's result types: (outcome for the action, seat that conceded or None).
OUTCOMES = {
    "played": ("played", None),
    "forfeit_0": ("forfeit", 0),
    "forfeit_1": ("forfeit", 1),
    "double_forfeit": ("double_forfeit", None),
    "abandoned_0": ("abandoned", 0),
    "abandoned_1": ("abandoned", 1),
}
SEAT_LETTER = "AB"

GENERAL = "__all__"


def set_key(s: int) -> str:
    """Form key of set `s` (1-based): where its score and starter errors are shown."""
    return f"s{s}"


def hand_key(s: int, h: int) -> str:
    return f"s{s}_h{h}"


def play_key(s: int, h: int) -> str:
    return f"s{s}_h{h}_play"


def starter_key(s: int) -> str:
    """Form key of set `s`'s drawn starter (the radio choice, and its errors)."""
    return f"s{s}_starter"


def draws_set_starters(ruleset: str) -> bool:
    """Whether the ruleset draws who starts each set (bndcc), rather than alternating."""
    return ruleset in known_rulesets() and not pairing_starts_set_one(ruleset)


def chosen_starter(data: Mapping, s: int) -> int | None:
    """The seat chosen as set `s`'s drawer of the first down, or None if none (or garbled)."""
    raw = str(data.get(starter_key(s), "") or "").strip()
    return int(raw) if raw in ("0", "1") else None


def set_starter(s: int, drawn: int | None = None) -> int:
    """Seat that starts set `s` (1-based): the drawn seat where there was a draw, else
    side0 starts set 1 and they alternate."""
    return drawn if drawn is not None else (s - 1) % 2


def hand_starter(s: int, h: int, drawn: int | None = None) -> int:
    """Seat that lays the down in hand `h` of set `s` (both 1-based)."""
    return (set_starter(s, drawn) + h - 1) % 2


@dataclass
class Built:
    outcome: str = "played"
    conceded_by: int | None = None
    record: dict | None = None
    # form key -> messages, for problems found before the validator sees the record
    errors: dict[str, list[str]] = field(default_factory=dict)
    # (record set index, record hand index) -> form hand number, since blank rows are skipped
    hand_rows: dict[tuple[int, int], int] = field(default_factory=dict)
    drawn: bool = False  # the ruleset draws set starters: the form chose them

    def add(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)


# ----------------------------------------------------------------- play-by-play text

_TILE = re.compile(r"^([0-6])\s*[-–/]\s*([0-6])$")
_TURN = re.compile(r"^([0-6]\s*[-–/]\s*[0-6])\s*(?:(left|l|right|r))?$", re.IGNORECASE)
_DEAL = re.compile(r"^\s*([AB])\s*:(.*)$", re.IGNORECASE)


def _tile(text: str) -> str | None:
    m = _TILE.match(text.strip())
    return f"{m.group(1)}-{m.group(2)}" if m else None


def parse_hand_text(text: str) -> tuple[list | None, list[str], list[str]]:
    """Read a hand written as optional deal lines and the plays.

        A: 0-1 0-5 1-3 1-4 2-3 3-6 5-5
        B: 0-6 1-6 2-2 2-5 4-5 4-6 5-6
        3-6, 6-0 right, 3-1 left, knock, ...

    Returns (deal or None, plays, problems). Turns are separated by commas or new
    lines; "l"/"r" may stand for left/right and "k" for knock.
    """
    deal: list[list[str]] = [[], []]
    dealt = False
    turns: list[str] = []
    problems: list[str] = []
    for line in text.splitlines():
        m = _DEAL.match(line)
        if m:
            seat = SEAT_LETTER.index(m.group(1).upper())
            dealt = True
            for word in re.split(r"[\s,;]+", m.group(2).strip()):
                if not word:
                    continue
                tile = _tile(word)
                if tile is None:
                    problems.append(f"{word!r} in player {SEAT_LETTER[seat]}'s deal is not a "
                                    "tile; write tiles as 3-6")
                else:
                    deal[seat].append(tile)
            continue
        turns.extend(t for t in re.split(r"[,;\n]", line) if t.strip())
    plays: list[str] = []
    for n, turn in enumerate(turns, start=1):
        word = " ".join(turn.split())
        if word.lower() in ("knock", "k", "pass"):
            plays.append("knock")
            continue
        m = _TURN.match(word)
        if not m:
            problems.append(f"turn {n}: {word!r} is not a play; write 3-6 for the down, "
                            "then 6-0 right, 3-1 left or knock")
            continue
        tile = _tile(m.group(1))
        end = (m.group(2) or "").lower()
        plays.append(tile + {"": "", "l": " left", "left": " left",
                             "r": " right", "right": " right"}[end])
    return (deal if dealt else None), plays, problems


def hand_text(hand: Mapping) -> str:
    """The play-by-play text of a stored hand (the inverse of parse_hand_text)."""
    lines = []
    if isinstance(hand.get("deal"), list):
        for seat, tiles in enumerate(hand["deal"][:2]):
            lines.append(f"{SEAT_LETTER[seat]}: " + " ".join(str(t) for t in tiles))
    if isinstance(hand.get("plays"), list):
        lines.append(", ".join(str(p) for p in hand["plays"]))
    return "\n".join(lines)


# ----------------------------------------------------------------- form -> record

def _number(data: Mapping, key: str, what: str, built: Built, err_key: str) -> int | None:
    raw = str(data.get(key, "") or "").strip()
    if raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        built.add(err_key, f"{what}: {raw!r} is not a whole number.")
        return None
    if value < 0:
        built.add(err_key, f"{what}: a score cannot be negative ({value}).")
        return None
    return value


def _row_count(data: Mapping, s: int) -> int:
    """How many hand rows set `s` has in the posted form (the script may have added some)."""
    prefix = f"s{s}_h"
    last = 0
    for key in data:
        if key.startswith(prefix):
            m = re.match(rf"^s{s}_h(\d+)_(?:a|b|play)$", key)
            if m:
                last = max(last, int(m.group(1)))
    return min(last, MAX_HAND_ROWS)


def _hands(data: Mapping, s: int, built: Built,
           drawn: int | None = None) -> list[tuple[int, dict]]:
    hands = []
    gap_at = None
    for h in range(1, _row_count(data, s) + 1):
        key = hand_key(s, h)
        label = f"Set {s} hand {h}"
        a = _number(data, f"{key}_a", f"{label}, player A", built, key)
        b = _number(data, f"{key}_b", f"{label}, player B", built, key)
        text = str(data.get(play_key(s, h), "") or "")
        has_points = a is not None or b is not None
        if not has_points and not text.strip():
            gap_at = gap_at or h
            continue
        if gap_at is not None:
            # Skipping a row would shift who starts every later hand.
            built.add(hand_key(s, gap_at), f"Set {s} hand {gap_at} is empty but hand {h} "
                                           "is filled in: leave no empty rows between hands.")
            gap_at = None
        hand: dict = {"starter": hand_starter(s, h, drawn)}
        if has_points:
            # A blank beside a number is a hand in which that player scored nothing.
            hand["points"] = [a or 0, b or 0]
        if text.strip():
            deal, plays, problems = parse_hand_text(text)
            for p in problems:
                built.add(play_key(s, h), f"{label}: {p}")
            if deal is not None:
                hand["deal"] = deal
            hand["plays"] = plays
        hands.append((h, hand))
    return hands


def build(data: Mapping, *, ruleset: str, players: list[str] | None = None) -> Built:
    """The record the posted form describes, with the form's own errors."""
    built = Built(drawn=draws_set_starters(ruleset))
    choice = str(data.get("outcome", "played") or "played")
    if choice not in OUTCOMES:
        built.add("outcome", "Choose a result type: played, a forfeit, a double forfeit "
                             "or an abandoned match.")
        return built
    built.outcome, built.conceded_by = OUTCOMES[choice]
    if built.outcome in ("forfeit", "double_forfeit"):
        return built  # no sets were played: nothing else on the form counts

    sets: list[dict] = []
    gap_at = None
    for s in range(1, MAX_SETS + 1):
        key = set_key(s)
        a = _number(data, f"{key}_a", f"Set {s}, player A", built, key)
        b = _number(data, f"{key}_b", f"Set {s}, player B", built, key)
        drawn = chosen_starter(data, s) if built.drawn else None
        hands = _hands(data, s, built, drawn)
        if a is None and b is None and not hands:
            gap_at = gap_at or s
            continue
        if gap_at is not None:
            built.add(set_key(gap_at), f"Set {gap_at} is empty but set {s} is filled in: "
                                       "enter the sets in the order they were played.")
            gap_at = None
        if (a is None or b is None) and key not in built.errors:
            built.add(key, f"Set {s}: enter the score of both players.")
        if built.drawn and drawn is None:
            built.add(starter_key(s), f"Set {s}: choose who drew the first down, "
                                      "player A or player B.")
        one = {"starter": set_starter(s, drawn), "score": [a or 0, b or 0]}
        if hands:
            one["hands"] = []
            for h, hand in hands:
                built.hand_rows[(len(sets), len(one["hands"]))] = h
                one["hands"].append(hand)
        sets.append(one)

    if not sets:
        if built.outcome == "played":
            built.add(set_key(1), "Enter the score of each set played.")
        return built  # an abandoned match may have no finished set
    record = {"format": FORMAT, "ruleset": ruleset, "first_set_starter": sets[0]["starter"]}
    if players:
        record["players"] = list(players)
    record["sets"] = sets
    built.record = record
    return built


# ----------------------------------------------------------------- validator path -> field

def field_for_path(path: str, built: Built) -> str:
    """The form key next to which a validator error at JSON pointer `path` belongs."""
    parts = [p for p in path.split("/") if p != ""]
    if built.drawn and parts == ["first_set_starter"]:
        return starter_key(1)
    if not parts or parts[0] != "sets":
        return GENERAL
    if len(parts) == 1 or not parts[1].isdigit():
        return "sets"
    i = int(parts[1])
    s = i + 1
    if built.drawn and parts[2:] == ["starter"]:
        return starter_key(s)
    if len(parts) < 4 or parts[2] != "hands" or not parts[3].isdigit():
        return set_key(s)  # /sets/i, /sets/i/score, /sets/i/starter, /sets/i/hands
    h = built.hand_rows.get((i, int(parts[3])), int(parts[3]) + 1)
    if len(parts) > 4 and parts[4] in ("plays", "deal"):
        return play_key(s, h)
    return hand_key(s, h)


def in_form_words(message: str, players: list[str] | None = None) -> str:
    """Say "Ann Lee (A)" where the validator says "seat 0 (Ann Lee)": the form's words."""
    for seat, letter in enumerate(SEAT_LETTER):
        if players and len(players) == 2:
            message = message.replace(f"seat {seat} ({players[seat]})",
                                      f"{players[seat]} ({letter})")
        message = re.sub(rf"\bseat {seat}\b", f"player {letter}", message)
    return message


def map_errors(report_errors: list[dict], built: Built) -> dict[str, list[str]]:
    players = (built.record or {}).get("players")
    out: dict[str, list[str]] = {}
    for e in report_errors:
        message = str(e.get("message", "")).strip() or str(e.get("code", "error"))
        message = in_form_words(message, players)
        message = message[:1].upper() + message[1:]
        out.setdefault(field_for_path(str(e.get("path", "")), built), []).append(message)
    return out


# ----------------------------------------------------------------- record -> form

def form_data(outcome: str, conceded_seat: int | None, record: Mapping | None) -> dict:
    """Form values showing a stored result, so a correction starts from what is stored."""
    choice = "played"
    for key, (out, seat) in OUTCOMES.items():
        if out == outcome and seat == conceded_seat:
            choice = key
    data: dict[str, str] = {"outcome": choice}
    sets = (record or {}).get("sets") or []
    for i, one in enumerate(sets[:MAX_SETS]):
        s = i + 1
        score = one.get("score") or ["", ""]
        data[f"{set_key(s)}_a"], data[f"{set_key(s)}_b"] = str(score[0]), str(score[1])
        if type(one.get("starter")) is int and one["starter"] in (0, 1):
            data[starter_key(s)] = str(one["starter"])  # read back only where it is drawn
        for j, hand in enumerate((one.get("hands") or [])[:MAX_HAND_ROWS]):
            key = hand_key(s, j + 1)
            if isinstance(hand.get("points"), list) and len(hand["points"]) == 2:
                data[f"{key}_a"], data[f"{key}_b"] = (str(v) for v in hand["points"])
            text = hand_text(hand)
            if text:
                data[play_key(s, j + 1)] = text
    return data
