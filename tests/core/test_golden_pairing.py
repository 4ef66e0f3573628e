"""Every golden event through import_trf and pair_round must pair as bbpPairings 6 does."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command

GOLDEN = Path(__file__).resolve().parents[2].parent / "shared" / "golden" / "pairing"
CASES = sorted(GOLDEN.glob("*.trf")) if GOLDEN.is_dir() else []


@pytest.mark.skipif(not CASES, reason=f"golden pairings absent: {GOLDEN} not found "
                    "(CI lays ../shared beside the clone)")
@pytest.mark.django_db
@pytest.mark.parametrize("trf", CASES, ids=[c.stem for c in CASES])
def test_pair_round_matches_bbppairings(trf):
    call_command("import_trf", str(trf), slug="golden", stderr=io.StringIO())
    out = io.StringIO()
    call_command("pair_round", "golden", stdout=out)
    expected = trf.with_suffix(".pairs").read_text()
    assert out.getvalue().split() == expected.split()
    assert out.getvalue().strip() == expected.strip()


@pytest.mark.skipif(not CASES, reason=f"golden pairings absent: {GOLDEN} not found")
@pytest.mark.django_db
@pytest.mark.parametrize("trf", CASES[::10], ids=[c.stem for c in CASES[::10]])
def test_export_trf_gives_back_the_imported_history(trf):
    from tournament.pairing.trf import parse_trf

    call_command("import_trf", str(trf), slug="golden", stderr=io.StringIO())
    out = io.StringIO()
    call_command("export_trf", "golden", stdout=out)
    original, exported = parse_trf(trf.read_text()), parse_trf(out.getvalue())
    assert exported.first_colour == (original.first_colour or "white1")
    assert exported.rounds_planned == original.rounds_planned
    assert exported.absent == original.absent
    assert [(p.number, p.name, p.rating, p.results) for p in exported.players] == [
        (p.number, p.name, p.rating, p.results) for p in original.players]
