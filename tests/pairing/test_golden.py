"""Golden pairings: bbpPairings 6 output for 120 TRF(x) events in tests/golden/pairing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.golden_files import (
    EXPECTED_EVENTS,
    GOLDEN_PAIRING,
    golden_trf_files,
    pairing_cases,
    require,
)
from tournament.pairing.engine import format_pairs, pair_next_round
from tournament.pairing.trf import parse_trf, write_trf


@pytest.mark.parametrize("trf_path", pairing_cases())
def test_golden_pairing(trf_path: Path | None) -> None:
    trf_path = require(trf_path)
    expected = trf_path.with_suffix(".pairs").read_text(encoding="utf-8")
    event = parse_trf(trf_path.read_text(encoding="utf-8"))
    reread = parse_trf(write_trf(event))
    assert reread == event
    assert format_pairs(pair_next_round(reread)) == expected


@pytest.mark.parametrize("trf_path", pairing_cases())
def test_golden_writer_is_byte_faithful(trf_path: Path | None) -> None:
    text = require(trf_path).read_text(encoding="utf-8")
    assert write_trf(parse_trf(text)) == text


def test_every_golden_event_is_there_with_its_pairs() -> None:
    files = golden_trf_files()
    assert len(files) == EXPECTED_EVENTS, f"{len(files)} *.trf files in {GOLDEN_PAIRING}"
    assert all(f.with_suffix(".pairs").is_file() for f in files)


@pytest.mark.parametrize("trf_path", pairing_cases(every=3))
def test_golden_pairing_with_every_bracket_paired_with_the_rest(trf_path, monkeypatch) -> None:
    """dutch2026 tries py4swiss's smaller graph of a bracket first, or skips the trial,
    because pairing every bracket with all the players left (completion weighed first)
    gives the same pairs; that way alone, no trial ever made, must give bbpPairings'
    pairing too."""
    from tournament.pairing import dutch2026
    from tournament.pairing import py4swiss_seam as seam

    used = []

    def with_the_rest(bracket, validity_matcher, initial_color, criteria, rest):
        last = bracket.penultimate_pairing_bracket or bracket.last_pairing_bracket
        used.append(not last)
        pairer = seam.bracket_pairer(
            bracket, validity_matcher, initial_color, criteria, None if last else rest
        )
        return seam.pair_bracket(pairer)

    monkeypatch.setattr(dutch2026, "_pair_bracket", with_the_rest)
    trf_path = require(trf_path)
    expected = trf_path.with_suffix(".pairs").read_text(encoding="utf-8")
    event = parse_trf(trf_path.read_text(encoding="utf-8"))
    assert format_pairs(pair_next_round(event)) == expected
    assert used  # the engine went through it
