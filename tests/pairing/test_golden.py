"""Golden pairings: bbpPairings 6 output for 120 TRF(x) events in ../shared/golden/pairing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament.pairing.engine import format_pairs, pair_next_round
from tournament.pairing.trf import parse_trf, write_trf

GOLDEN = Path(__file__).resolve().parents[2].parent / "shared" / "golden" / "pairing"
FILES = sorted(GOLDEN.glob("*.trf")) if GOLDEN.is_dir() else []

absent = pytest.mark.skipif(
    not GOLDEN.is_dir(), reason=f"golden pairing directory {GOLDEN} is absent"
)


def _params():
    if not FILES:
        return [pytest.param(None, id="no-golden-files")]
    return [pytest.param(f, id=f.stem) for f in FILES]


@absent
@pytest.mark.parametrize("trf_path", _params())
def test_golden_pairing(trf_path: Path | None) -> None:
    if trf_path is None:
        pytest.skip(f"no *.trf files in {GOLDEN}")
    expected = trf_path.with_suffix(".pairs").read_text(encoding="utf-8")
    event = parse_trf(trf_path.read_text(encoding="utf-8"))
    reread = parse_trf(write_trf(event))
    assert reread == event
    assert format_pairs(pair_next_round(reread)) == expected


@absent
@pytest.mark.parametrize("trf_path", _params())
def test_golden_writer_is_byte_faithful(trf_path: Path | None) -> None:
    if trf_path is None:
        pytest.skip(f"no *.trf files in {GOLDEN}")
    text = trf_path.read_text(encoding="utf-8")
    assert write_trf(parse_trf(text)) == text


@absent
def test_every_golden_trf_has_its_pairs() -> None:
    assert FILES, f"no *.trf files in {GOLDEN}"
    assert all(f.with_suffix(".pairs").is_file() for f in FILES)
