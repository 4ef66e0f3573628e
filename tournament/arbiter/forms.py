"""The result entry form of one board, singles or pairs: its fields are made from the
event's format (seats, target, sets to win, drawn set starters, penalties), as a debate
tab's ballot form builds its fields from the debate's format.

Django types each field (a score is a whole number, 0 to the target); record.py then
turns the typed values into a match record. Every problem, from a field, from record.py
or from the rules validator, is kept under the key of the place the template shows it:
a set's score (`s1`), a set's draw (`s1_starter`), a hand row (`s1_h3`), a hand's play
by play (`s1_h3_play`), the seating (`seating`), or the whole form (`__all__`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django import forms

from ..entry import numbers
from ..entry import record as rec
from ..text.clean import MAX_REASON, TextError, clean_text
from ..text.number_field import WholeNumberField


def parse_version(data) -> int | None:
    return numbers.whole_or_none(data.get("version"), low=0)


_HAND_FIELD = re.compile(r"^(s[0-9]+_h[0-9]+)_(?:a|b|void|void_seat)$")
_SET_FIELD = re.compile(r"^(s[0-9]+)_(?:a|b|awarded)$")


def place_of(name: str) -> str:
    """The key under which a field's errors are shown."""
    for pattern in (_HAND_FIELD, _SET_FIELD):
        m = pattern.match(name)
        if m:
            return m.group(1)
    if name in ("seat0", "seat1"):
        return rec.SEATING
    if name in ("version", "__all__"):
        return rec.GENERAL
    return name  # outcome, reason, s1_starter, s1_h3_play


def _score(limit: rec.ScoreLimit) -> forms.IntegerField:
    """A score box, with the limits and words the phone's check shares (record.limits)."""
    return WholeNumberField(required=False, min_value=limit.low, max_value=limit.high,
                            label=limit.label, error_messages=limit.messages)


@dataclass
class HandRow:
    number: int
    key: str
    starter: str
    errors: list[str]
    play_errors: list[str]
    a: forms.BoundField
    b: forms.BoundField
    play: forms.BoundField
    void: forms.BoundField | None = None
    void_seat: forms.BoundField | None = None

    @property
    def play_key(self) -> str:
        return rec.play_key(*map(int, re.findall(r"[0-9]+", self.key)))

    @property
    def show_play(self) -> bool:
        return bool(str(self.play.value() or "").strip() or self.play_errors)

    @property
    def filled(self) -> bool:
        return bool(str(self.a.value() or "").strip() or str(self.b.value() or "").strip()
                    or (self.void is not None and self.void.value()) or self.show_play)


@dataclass
class SetBlock:
    number: int
    key: str
    starter: str  # the starter's words; "" while a drawn starter is not chosen
    errors: list[str]
    a: forms.BoundField
    b: forms.BoundField
    starter_field: forms.BoundField | None = None
    starter_errors: list[str] = field(default_factory=list)
    awarded: forms.BoundField | None = None
    hands: list[HandRow] = field(default_factory=list)

    @property
    def starter_key(self) -> str:
        return rec.starter_key(self.number)

    @property
    def show_hands(self) -> bool:
        """Open the hand sheet when something is typed in it or an error points into it."""
        return any(h.filled or h.errors or h.play_errors for h in self.hands)


class EntryForm(forms.Form):
    """One board's result: `table` says its format and names (record.Table)."""

    version = WholeNumberField(widget=forms.HiddenInput, required=False)
    outcome = forms.ChoiceField(widget=forms.RadioSelect, initial="played")
    reason = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, table: rec.Table, data=None, *, initial=None, correcting=False):
        super().__init__(data, initial=initial)
        self.table = table
        self.correcting = correcting
        self.problems: dict[str, list[str]] = {}
        self.built: rec.Built | None = None
        source = data if data is not None else (initial or {})
        a, b = table.names
        self.fields["outcome"].choices = [
            ("played", "Played"),
            ("forfeit_0", f"Forfeit by {a} (A)"), ("forfeit_1", f"Forfeit by {b} (B)"),
            ("double_forfeit", "Double forfeit (neither played)"),
            ("abandoned_0", f"Abandoned by {a} (A)"), ("abandoned_1", f"Abandoned by {b} (B)"),
        ]
        if table.pairs:
            for side in (0, 1):
                m = table.members[side] if table.members else ("?", "?")
                letter = rec.SIDE_LETTER[side]
                self.fields[f"seat{side}"] = forms.ChoiceField(
                    widget=forms.RadioSelect, initial="0", required=False,
                    label=f"Side {letter}: who sat at {letter}1 (the partner sits at {letter}2)",
                    choices=[("0", f"{m[0]} at {letter}1, {m[1]} at {letter}2"),
                             ("1", f"{m[1]} at {letter}1, {m[0]} at {letter}2")])
        seat_choices = list(enumerate(table.seat_words(source)))
        seat_choices = [(str(n), words) for n, words in seat_choices]
        t = table.target
        void_choices = rec.void_choices(table)
        for s in range(1, table.max_sets + 1):
            key = rec.set_key(s)
            for x in "ab":
                name = rec.part_key(key, x)
                self.fields[name] = _score(rec.score_limit(name, table))
            if table.drawn:
                self.fields[rec.starter_key(s)] = forms.ChoiceField(
                    widget=forms.RadioSelect, required=False, choices=seat_choices,
                    label=f"Set {s}: who won the draw for the down")
            if table.penalties:
                self.fields[rec.awarded_key(s)] = forms.ChoiceField(
                    required=False, label=f"Set {s} awarded",
                    choices=[("", f"won by reaching {t}"),
                             ("0", f"awarded to {a} (A): B knocked holding a domino that went"),
                             ("1", f"awarded to {b} (B): A knocked holding a domino that went")])
            for h in range(1, self.rows_in(s, source) + 1):
                hk = rec.hand_key(s, h)
                for x in "ab":
                    name = rec.part_key(hk, x)
                    self.fields[name] = _score(rec.score_limit(name, table))
                self.fields[rec.play_key(s, h)] = forms.CharField(
                    required=False, strip=False, max_length=rec.MAX_TEXT,
                    widget=forms.Textarea(attrs={"rows": 3}),
                    error_messages={"max_length": f"Set {s}, hand {h}: at most "
                                                  f"{rec.MAX_TEXT} characters of play by play."})
                if void_choices:
                    self.fields[rec.part_key(hk, "void")] = forms.ChoiceField(
                        required=False, choices=void_choices, label="void")
                    self.fields[rec.part_key(hk, "void_seat")] = forms.ChoiceField(
                        required=False, choices=[("", "by …")] + [
                            (v, f"by {w}") for v, w in seat_choices], label="by")

    def rows_in(self, s: int, source=None) -> int:
        return max(rec.HAND_ROWS, rec.row_count(source if source is not None else {}, s))

    # ------------------------------------------------------------ checking

    def add_problem(self, key: str, message: str) -> None:
        self.problems.setdefault(key, []).append(message)

    def add_problems(self, problems: dict[str, list[str]]) -> None:
        for key, messages in problems.items():
            for m in messages:
                self.add_problem(key, m)

    def clean_reason(self):
        try:
            reason = clean_text(self.cleaned_data.get("reason"), "Reason",
                                max_length=MAX_REASON)
        except TextError as exc:
            raise forms.ValidationError(str(exc)) from None
        if self.correcting and not reason.strip():
            raise forms.ValidationError("A correction needs a reason.")
        return reason

    def clean(self):
        cleaned = super().clean()
        for name in self.fields:
            if name.endswith("_play"):
                try:
                    clean_text(cleaned.get(name), f"Set/hand {name}")
                except TextError:
                    self.add_error(name, "This play by play holds a character that text "
                                         "may not hold (a NUL or a control character).")
        return cleaned

    def check(self) -> bool:
        """Type every field, then build the record; True when it can go to the validator."""
        if self.data.get("version") in (None, "") or parse_version(self.data) is None:
            self.add_problem(rec.GENERAL, "The form lost the board's version number: "
                                          "reload the board and enter the result again.")
        valid = self.is_valid()
        for name, errors in self.errors.items():
            for e in errors:
                self.add_problem(place_of(name), e)
        if valid:
            typed = {k: ("" if v is None else v) for k, v in self.cleaned_data.items()}
            self.built = rec.build(typed, self.table)
            self.add_problems(self.built.errors)
        return not self.problems

    # ------------------------------------------------------------ showing

    def value(self, key: str) -> str:
        if key in self.fields:
            v = self[key].value()
            return "" if v is None else str(v)
        return str((self.data or {}).get(key, "") or "")

    def errors_for(self, key: str) -> list[str]:
        return self.problems.get(key, [])

    def optional(self, key: str):
        """The bound field `key`, or None where this form has no such field."""
        return self[key] if key in self.fields else None

    def source(self) -> dict:
        if self.is_bound:
            return self.data
        return {**{k: f.initial for k, f in self.fields.items() if f.initial is not None},
                **(self.initial or {})}

    @property
    def drawn(self) -> bool:
        return self.table.drawn

    @property
    def redeal(self) -> dict[str, str]:
        """Who downs the re-deal of a hand void by each rule (scoring's rules: "next_seat"
        after the offender, "same_seat" again), for void_downer.js to answer entry_form.js's
        question: who downs after a void hand."""
        from scoring.rulesets import PENALTY_RULES, VOID_RULES

        return {n: PENALTY_RULES[n].redeal for n in VOID_RULES} if self.table.penalties else {}

    @property
    def hand_inputmode(self) -> str:
        """A penalty can leave a hand's points negative, and many phones' numeric keypads
        have no minus key: there the hand boxes get the full keyboard."""
        return "text" if self.table.penalties else "numeric"

    @property
    def penalty_rules(self) -> list[tuple[str, str]]:
        return penalty_help(self.table)

    @property
    def seat_labels(self) -> list[str]:
        return self.table.seat_labels()

    @property
    def seat_words(self) -> list[str]:
        return self.table.seat_words(self.source())

    @property
    def seating(self) -> list[forms.BoundField]:
        return [self[f"seat{side}"] for side in (0, 1)] if self.table.pairs else []

    @property
    def sets(self) -> list[SetBlock]:
        words = self.seat_words
        source = self.source()
        blocks = []
        for s in range(1, self.table.max_sets + 1):
            key = rec.set_key(s)
            rows = self.rows_in(s, source)
            first, starters = rec.shown_starters(source, self.table, s, rows)
            block = SetBlock(
                number=s, key=key, starter=words[first] if first is not None else "",
                errors=self.errors_for(key), a=self[rec.part_key(key, "a")],
                b=self[rec.part_key(key, "b")])
            if self.table.drawn:
                block.starter_field = self[rec.starter_key(s)]
                block.starter_errors = self.errors_for(rec.starter_key(s))
            if self.table.penalties:
                block.awarded = self[rec.awarded_key(s)]
            for h in range(1, rows + 1):
                hk = rec.hand_key(s, h)
                seat = starters[h - 1]
                block.hands.append(HandRow(
                    number=h, key=hk, starter=words[seat] if seat is not None else "",
                    errors=self.errors_for(hk), play_errors=self.errors_for(rec.play_key(s, h)),
                    a=self[rec.part_key(hk, "a")], b=self[rec.part_key(hk, "b")],
                    play=self[rec.play_key(s, h)], void=self.optional(rec.part_key(hk, "void")),
                    void_seat=self.optional(rec.part_key(hk, "void_seat"))))
            blocks.append(block)
        return blocks

    @property
    def general_errors(self) -> list[str]:
        return self.errors_for(rec.GENERAL) + self.errors_for("sets")

    @property
    def known_keys(self) -> set[str]:
        keys = {rec.GENERAL, "sets", "outcome", "reason", rec.SEATING}
        for block in self.sets:
            keys.update({block.key, block.starter_key})
            for hand in block.hands:
                keys.update({hand.key, hand.play_key})
        return keys

    @property
    def other_errors(self) -> list[str]:
        """Errors whose place the form does not show (so none is ever silently lost)."""
        known = self.known_keys
        return [m for k, msgs in self.problems.items() if k not in known for m in msgs]


def penalty_help(table: rec.Table) -> list[tuple[str, str]]:
    """(rule, label) of every penalty the event's rules know, for the form's help."""
    from scoring.rulesets import penalty_choices

    choices = penalty_choices(table.ruleset, table.seats)
    return [(name or "(none)", label) for name, label in choices]
