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
