"""Mutated TRF files never give a traceback: only TrfError (naming the line) or an event.

Seeded random mutations of the golden TRF files: characters replaced, inserted or
deleted (among them non-ASCII digits such as '²', NUL and other control characters),
lines deleted, duplicated, swapped, cut short or multiplied, numbers made huge, and
hand-written hostile lines.  Each mutated text must either parse, and then write back
to text that parses to the same event and pairs or raises PairingError, or raise TrfError
with a line number inside the text.  Deterministic (fixed seeds) and fast.
"""

from __future__ import annotations

import random

import pytest

from tests.pairing.golden_files import golden_trf_files
from tournament.pairing import PairingError, pair_next_round
from tournament.pairing.trf import TrfError, TrfEvent, parse_trf, write_trf

CASES = 400
PAIR_AT_MOST = 40  # players; pairing bigger mutated events would make the test slow

ODD_CHARACTERS = (
    "0123456789 .-+=wbWDLHFUZ#X"  # what TRF lines are made of
    "²³¹٣٤۵０１"  # str.isdigit() is true of these, int() refuses or reads them
    "\x00\t\x0b\x0c\x1c\x1e\x7f\x85\u2028\u2029\r"  # controls and line breaks
    "éß\ufeff"
)
HOSTILE_LINES = (
    "XXR 99999999999999999999999999999999",
    "XXR ²",
    "XXR 0",
    "XXC white1 black2",
    "XXP 1 " + "9" * 5000,
    "XXP 1 1",
    "XXP ³ 4",
    "XXZ 9999",
    "XXZ " + " ".join(str(n) for n in range(1, 3000)),
    "XXS W=1.0",
    "XXA    1  1.0",
    "012 \x00",
    "001 ²²²²",
    "001",
    "001 9999",
    "0",
    "X",
    "999 whatever",
    "#" + "\x00" * 10,
    "\x00",
)


def _mutate_characters(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars) + 1)
        kind = rng.random()
        if kind < 0.5 and at < len(chars):
            chars[at] = rng.choice(ODD_CHARACTERS)
        elif kind < 0.8:
            chars.insert(at, rng.choice(ODD_CHARACTERS))
        elif at < len(chars):
            del chars[at]
    return "".join(chars)


def _mutate_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    kind = rng.randrange(7)
    if kind == 0:
        del lines[at]
    elif kind == 1:
        lines.insert(at, lines[rng.randrange(len(lines))])
    elif kind == 2:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == 3:
        lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
    elif kind == 4:
        lines[at] = lines[at] + lines[at][91:] * rng.choice((2, 50, 200))
    elif kind == 5:
        lines.insert(at, rng.choice(HOSTILE_LINES))
    else:
        line = lines[at]
        start = rng.randrange(len(line) + 1)
        lines[at] = (
            line[:start]
            + rng.choice(("9999", "99999999999", "²", "0000", "-1"))
            + line[start + rng.randrange(5) :]
        )
    return "\n".join(lines)


def _mutated(seed: int) -> str:
    rng = random.Random(seed)
    files = golden_trf_files()
    assert files, "golden pairing events missing"
    text = rng.choice(files).read_text(encoding="utf-8")
    for _ in range(rng.randint(1, 3)):
        text = _mutate_characters(text, rng) if rng.random() < 0.5 else _mutate_lines(text, rng)
    return text


def _check_event(event: TrfEvent) -> None:
    again = write_trf(event)
    assert parse_trf(again) == event
    if len(event.players) <= PAIR_AT_MOST:
        try:
            pair_next_round(event)
        except PairingError:
            pass


@pytest.mark.parametrize("block", range(8))
def test_mutated_golden_trf_gives_an_event_or_trf_error(block: int) -> None:
    per_block = CASES // 8
    for seed in range(block * per_block, (block + 1) * per_block):
        text = _mutated(seed)
        try:
            event = parse_trf(text)
        except TrfError as exc:
            lines = len(text.split("\n")) + text.count("\r")
            assert 0 <= exc.line_number <= lines, (seed, str(exc))
            assert str(exc)
            continue
        _check_event(event)


@pytest.mark.parametrize("line", HOSTILE_LINES)
def test_hostile_line_in_a_small_event(line: str) -> None:
    text = golden_trf_files()[0].read_text(encoding="utf-8") + line + "\n"
    try:
        event = parse_trf(text)
    except TrfError as exc:
        assert exc.line_number == len(text.splitlines()) or exc.line_number == 0, str(exc)
        return
    _check_event(event)
