"""The entry form's layout: what the template shows for each set and hand, with its errors.

The form is posted flat (see record.py for the names); this only arranges values and
messages so that each error sits next to the input it concerns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import record as rec


def parse_version(data) -> int | None:
    try:
        return int(str(data.get("version", "")).strip())
    except ValueError:
        return None


@dataclass
class HandRow:
    number: int
    starter: str
    key: str
    a: str
    b: str
    play: str
    errors: list[str]
    play_errors: list[str]

    @property
    def play_key(self) -> str:
        return f"{self.key}_play"

    @property
    def show_play(self) -> bool:
        return bool(self.play.strip() or self.play_errors)


@dataclass
class SetBlock:
    number: int
    starter: str  # the starter's name; "" while a drawn starter is not chosen
    key: str
    a: str
    b: str
    errors: list[str]
    hands: list[HandRow] = field(default_factory=list)
    # Where the ruleset draws set starters: (value, label, checked) for "who drew the
    # first down", and its errors; empty where starters alternate.
    starter_choices: list[tuple[str, str, bool]] = field(default_factory=list)
    starter_errors: list[str] = field(default_factory=list)

    @property
    def starter_key(self) -> str:
        return rec.starter_key(self.number)

    @property
    def show_hands(self) -> bool:
        """Open the hand sheet when something is typed in it or an error points into it."""
        return any(h.a or h.b or h.play.strip() or h.errors or h.play_errors
                   for h in self.hands)


class EntryForm:
    """Values and errors of the entry form for one board (names are the players' names).

    `drawn`: the event's ruleset draws who starts each set, so the form asks for it.
    """

    def __init__(self, names: list[str], data=None, errors=None, reason: str = "",
                 drawn: bool = False):
        self.names = names
        self.data = data or {}
        self.errors = errors or {}
        self.reason = reason
        self.drawn = drawn

    def value(self, key: str) -> str:
        return str(self.data.get(key, "") or "")

    def errors_for(self, key: str) -> list[str]:
        return self.errors.get(key, [])

    @property
    def outcome(self) -> str:
        value = self.value("outcome") or "played"
        return value if value in rec.OUTCOMES else "played"

    @property
    def outcome_choices(self):
        a, b = self.names
        labels = {
            "played": "Played",
            "forfeit_0": f"Forfeit by {a} (A)",
            "forfeit_1": f"Forfeit by {b} (B)",
            "double_forfeit": "Double forfeit (neither played)",
            "abandoned_0": f"Abandoned by {a} (A)",
            "abandoned_1": f"Abandoned by {b} (B)",
        }
        return [(key, labels[key], key == self.outcome) for key in rec.OUTCOMES]

    def rows_in(self, s: int) -> int:
        return max(rec.HAND_ROWS, rec._row_count(self.data, s))

    @property
    def sets(self) -> list[SetBlock]:
        blocks = []
        for s in range(1, rec.MAX_SETS + 1):
            key = rec.set_key(s)
            drawn = rec.chosen_starter(self.data, s) if self.drawn else None
            known = not self.drawn or drawn is not None
            block = SetBlock(
                number=s, starter=self.names[rec.set_starter(s, drawn)] if known else "",
                key=key, a=self.value(f"{key}_a"), b=self.value(f"{key}_b"),
                errors=self.errors_for(key))
            if self.drawn:
                block.starter_choices = [
                    (str(seat), f"{rec.SEAT_LETTER[seat]} {self.names[seat]}", drawn == seat)
                    for seat in (0, 1)]
                block.starter_errors = self.errors_for(rec.starter_key(s))
            for h in range(1, self.rows_in(s) + 1):
                hk = rec.hand_key(s, h)
                block.hands.append(HandRow(
                    number=h, key=hk,
                    starter=self.names[rec.hand_starter(s, h, drawn)] if known else "",
                    a=self.value(f"{hk}_a"), b=self.value(f"{hk}_b"),
                    play=self.value(rec.play_key(s, h)), errors=self.errors_for(hk),
                    play_errors=self.errors_for(rec.play_key(s, h))))
            blocks.append(block)
        return blocks

    @property
    def general_errors(self) -> list[str]:
        return self.errors_for(rec.GENERAL) + self.errors_for("sets")

    @property
    def known_keys(self) -> set[str]:
        keys = {rec.GENERAL, "sets", "outcome", "conceded_by", "reason", "version"}
        for block in self.sets:
            keys.add(block.key)
            if self.drawn:
                keys.add(block.starter_key)
            for hand in block.hands:
                keys.update({hand.key, hand.play_key})
        return keys

    @property
    def other_errors(self) -> list[str]:
        """Errors whose field the form does not show (so none is ever silently lost)."""
        known = self.known_keys
        return [m for k, msgs in self.errors.items() if k not in known for m in msgs]
