"""The arbiter's entry form as a match record, and back (no Django, no database).

The form is flat. `outcome`; in pairs `seat0`/`seat1` (which member of each side sits
first: seat 0, resp. seat 1; the partner sits two seats on); per set `s1_a`/`s1_b` (the
score of side A and side B), `s1_starter` where the ruleset draws set starters (the seat
that won the draw for the down), `s1_awarded` where it has penalties (a set awarded to a
side); per hand `s1_h3_a`/`s1_h3_b` (points), `s1_h3_void`/`s1_h3_void_seat` (a void
hand: the rule and the offender) and `s1_h3_play` (the play-by-play text).

Side 0 (A) is the board's `side0`. Seats are 0..seats-1 in play order; seats 0 and 2 are
side A's, 1 and 3 side B's. Who starts a set or a hand comes from `scoring.starters`
(the validator's own rules), never from here.

`build()` gives the record plus the form's own errors (what is too garbled for the
validator); `field_for_path()` maps a validator error's JSON pointer back to the form
field it concerns, and `map_errors()` words the message for that place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from scoring.rulesets import PENALTY_RULES, RULESETS, VOID_RULES, penalty_choices
from scoring.starters import hand_starters, set_starter, sets_alternate

FORMAT = "fives-and-threes-match/1"
HAND_ROWS = 12  # rows a set shows without JavaScript; the script can add more
MAX_HAND_ROWS = 60  # a set never needs this many hands (the record's limit too)
MAX_TEXT = 5000  # characters of play-by-play in one hand

# The form's result types: (outcome for the action, side that conceded or None).
OUTCOMES = {
    "played": ("played", None),
    "forfeit_0": ("forfeit", 0),
    "forfeit_1": ("forfeit", 1),
    "double_forfeit": ("double_forfeit", None),
    "abandoned_0": ("abandoned", 0),
    "abandoned_1": ("abandoned", 1),
}
SIDE_LETTER = "AB"
GENERAL = "__all__"
SEATING = "seating"


@dataclass(frozen=True)
class Table:
    """What the form needs to know about one board: the event's format and the names.

    `names` are the two sides' names; `members` in pairs each side's two member names (in
    the entrant's order). `first_set_starter` is the seat that starts set 1 where sets
    alternate (the pairing's side 0, unless a director set another on this board).
    """

    ruleset: str = "mso"
    names: tuple[str, str] = ("A", "B")
    seats: int = 2
    target: int = 61
    sets_to_win: int = 2
    first_set_starter: int = 0
    members: tuple[tuple[str, str], tuple[str, str]] | None = None

    @property
    def max_sets(self) -> int:
        return 2 * self.sets_to_win - 1

    @property
    def pairs(self) -> bool:
        return self.seats == 4

    @property
    def drawn(self) -> bool:
        """The ruleset draws who starts each set (bndcc): the form asks for it."""
        return not sets_alternate(self.ruleset)

    @property
    def penalties(self) -> bool:
        return RULESETS[self.ruleset].penalty_holes is not None

    @property
    def match_format(self) -> dict:
        return {"target": self.target, "sets_to_win": self.sets_to_win}

    def set_starter(self, index: int, drawn: int | None) -> int | None:
        """The seat starting set `index` (0-based): the drawn one where sets are drawn
        (None while unknown), else alternating from `first_set_starter`."""
        return set_starter(self.ruleset, self.seats, index, drawn=drawn,
                           first_set_starter=None if self.drawn else self.first_set_starter)

    def seat_labels(self) -> list[str]:
        """A, B in singles; A1, B1, A2, B2 (play order) in pairs."""
        if not self.pairs:
            return list(SIDE_LETTER)
        return ["A1", "B1", "A2", "B2"]

    def seat_names(self, data: Mapping | None = None) -> list[str]:
        """The name at each seat: the sides' names in singles; in pairs the members as
        seated by `seat0`/`seat1` (member 1 first where nothing is chosen)."""
        if not self.pairs:
            return list(self.names)
        members = self.members or ((self.names[0], ""), (self.names[1], ""))
        first = [seated_first(data or {}, side) or 0 for side in (0, 1)]
        return [members[0][first[0]], members[1][first[1]],
                members[0][1 - first[0]], members[1][1 - first[1]]]

    def seat_words(self, data: Mapping | None = None) -> list[str]:
        """"Ann Lee (A1)": a seat as the form names it."""
        return [f"{name} ({label})" for name, label in
                zip(self.seat_names(data), self.seat_labels(), strict=True)]


def set_key(s: int) -> str:
    """Form key of set `s` (1-based): where its score and awarded errors are shown."""
    return f"s{s}"


def starter_key(s: int) -> str:
    return f"s{s}_starter"


def awarded_key(s: int) -> str:
    return f"s{s}_awarded"


def hand_key(s: int, h: int) -> str:
    return f"s{s}_h{h}"


def play_key(s: int, h: int) -> str:
    return f"s{s}_h{h}_play"


def seated_first(data: Mapping, side: int) -> int | None:
    """Which member (0 or 1) of `side` sits at seat `side`, or None if not chosen."""
    raw = str(data.get(f"seat{side}", "") or "").strip()
    return int(raw) if raw in ("0", "1") else None


def chosen_seat(data: Mapping, key: str, seats: int) -> int | None:
    raw = str(data.get(key, "") or "").strip()
    return int(raw) if raw.isdigit() and int(raw) < seats else None


@dataclass
class Built:
    outcome: str = "played"
    conceded_by: int | None = None
    record: dict | None = None
    # form key -> messages, for problems found before the validator sees the record
    errors: dict[str, list[str]] = field(default_factory=dict)
    # (record set index, record hand index) -> form hand number, since blank rows are skipped
    hand_rows: dict[tuple[int, int], int] = field(default_factory=dict)
    table: Table = field(default_factory=Table)

    @property
    def drawn(self) -> bool:
        return self.table.drawn

    def add(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)


# ----------------------------------------------------------------- play-by-play text

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
    if word.isdigit() and int(word) < table.seats:
        return int(word)
    return None


def _turns(text: str) -> list[str]:
    """Turns separated by commas, semicolons or new lines; a quoted reason may hold them."""
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
        return None, (f"{parts[0]!r} is not a seat; write one of "
                      f"{', '.join(table.seat_labels())}")
    entry: dict = {"seat": seat}
    for word in parts[1:]:
        tile = _tile(word)
        if tile is not None and "tile" not in entry:
            entry["tile"] = tile
        elif word.lower() in PENALTY_RULES and "rule" not in entry:
            entry["rule"] = word.lower()
        else:
            return None, (f"{word!r} in a penalty is neither a rule ("
                          f"{', '.join(PENALTY_RULES)}) nor a tile")
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
            problems.append(f"{m.group(1)!r} is not a seat at this table; deal lines start "
                            f"with {', '.join(x + ':' for x in table.seat_labels())}")
            continue
        seat = labels.index(label)
        dealt = True
        for word in re.split(r"[\s,;]+", m.group(2).strip()):
            if not word:
                continue
            tile = _tile(word)
            if tile is None:
                problems.append(f"{word!r} in {label}'s deal is not a tile; write tiles as 3-6")
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
            problems.append(f"play {n}: {word!r} is not a play; write 3-6 for the down, then "
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


# ----------------------------------------------------------------- form -> record

def _number(data: Mapping, key: str, what: str, built: Built, err_key: str, *,
            low: int, high: int, high_says: str) -> int | None:
    raw = str(data.get(key, "") if data.get(key) is not None else "").strip()
    if raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        built.add(err_key, f"{what}: {raw!r} is not a whole number.")
        return None
    if value < low:
        built.add(err_key, f"{what}: a score cannot be negative ({value})." if low == 0 else
                  f"{what}: {value} is below {low}.")
        return None
    if value > high:
        built.add(err_key, f"{what}: {high_says} ({value}).")
        return None
    return value


def row_count(data: Mapping, s: int) -> int:
    """How many hand rows set `s` has in the posted form (the script may have added some)."""
    last = 0
    pattern = re.compile(rf"^s{s}_h(\d+)_(?:a|b|play|void|void_seat)$")
    for key in data:
        m = pattern.match(str(key))
        if m:
            last = max(last, int(m.group(1)))
    return min(last, MAX_HAND_ROWS)


def _void(data: Mapping, s: int, h: int, built: Built) -> dict | None:
    key = hand_key(s, h)
    rule = str(data.get(f"{key}_void", "") or "").strip()
    if not rule:
        return None
    if rule not in VOID_RULES or not built.table.penalties:
        built.add(key, f"Set {s}, hand {h}: {rule!r} is not a rule that voids a hand.")
        return None
    seat = chosen_seat(data, f"{key}_void_seat", built.table.seats)
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
        low = -t.target if t.penalties else 0
        a, b = (_number(data, f"{key}_{x}", f"{label}, side {x.upper()}", built, key,
                        low=low, high=t.target,
                        high_says=f"a hand cannot score more than {t.target}")
                for x in "ab")
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
    for hand, seat in zip(hands, hand_starters(one["starter"], seats, voids), strict=True):
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
        a, b = (_number(data, f"{key}_{x}", f"Set {s}, side {x.upper()}", built, key,
                        low=0, high=table.target,
                        high_says=f"a score cannot pass {table.target}") for x in "ab")
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


# ----------------------------------------------------------------- validator path -> field

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


def map_errors(report_errors: list[dict], built: Built) -> dict[str, list[str]]:
    players = (built.record or {}).get("players")
    out: dict[str, list[str]] = {}
    for e in report_errors:
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


# ----------------------------------------------------------------- record -> form

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
        data[f"{set_key(s)}_a"], data[f"{set_key(s)}_b"] = str(score[0]), str(score[1])
        if table.drawn and type(one.get("starter")) is int:
            data[starter_key(s)] = str(one["starter"])
        if type(one.get("awarded_to")) is int:
            data[awarded_key(s)] = str(one["awarded_to"])
        for j, hand in enumerate((one.get("hands") or [])[:MAX_HAND_ROWS]):
            key = hand_key(s, j + 1)
            if isinstance(hand.get("points"), list) and len(hand["points"]) == 2:
                data[f"{key}_a"], data[f"{key}_b"] = (str(v) for v in hand["points"])
            if isinstance(hand.get("void"), dict):
                data[f"{key}_void"] = str(hand["void"].get("rule", ""))
                data[f"{key}_void_seat"] = str(hand["void"].get("seat", ""))
            text = hand_text(hand, table)
            if text:
                data[play_key(s, j + 1)] = text
    return data


def void_choices(table: Table) -> list[tuple[str, str]]:
    """("", "—") then each rule that voids a hand, labelled as the scoring engine labels it."""
    if not table.penalties:
        return []
    return [("", "not void")] + [(n, label) for n, label in penalty_choices(table.ruleset)
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
        rule = str(data.get(f"{key}_void", "") or "")
        seat = chosen_seat(data, f"{key}_void_seat", table.seats)
        void = {"seat": seat, "rule": rule} if rule in VOID_RULES and seat is not None else None
        text = str(data.get(play_key(s, h), "") or "")
        if void is None and "penalty" in text.lower():
            void = void_in_plays(parse_hand_text(text, table)[1])
        voids.append(void)
    return first, hand_starters(first, table.seats, voids)
