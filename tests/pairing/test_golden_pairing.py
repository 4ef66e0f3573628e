"""Every golden event through import_trf and pair_round must pair as bbpPairings 6 does."""

import io

import pytest
from django.core.management import call_command

from .golden_files import pairing_cases, require


@pytest.mark.django_db
@pytest.mark.parametrize("trf", pairing_cases())
def test_pair_round_matches_bbppairings(trf):
    trf = require(trf)
    call_command("import_trf", str(trf), slug="golden", stderr=io.StringIO())
    out = io.StringIO()
    call_command("pair_round", "golden", stdout=out)
    expected = trf.with_suffix(".pairs").read_text()
    assert out.getvalue().split() == expected.split()
    assert out.getvalue().strip() == expected.strip()


@pytest.mark.django_db
@pytest.mark.parametrize("trf", pairing_cases(every=10))
def test_export_trf_gives_back_the_imported_history(trf):
    from tournament.pairing.trf import parse_trf

    trf = require(trf)
    call_command("import_trf", str(trf), slug="golden", stderr=io.StringIO())
    out = io.StringIO()
    call_command("export_trf", "golden", stdout=out)
    original, exported = parse_trf(trf.read_text()), parse_trf(out.getvalue())
    assert exported.first_colour == (original.first_colour or "white1")
    assert exported.rounds_planned == original.rounds_planned
    assert exported.absent == original.absent
    assert [(p.number, p.name, p.rating, p.results) for p in exported.players] == [
        (p.number, p.name, p.rating, p.results) for p in original.players]
