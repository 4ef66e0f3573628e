"""Where the golden pairing events live: ``tests/golden/pairing/`` in this repository.

120 events as TRF(x) files, each with bbpPairings 6's pairing of its next round
(``.pairs``).  The tests that read them must fail, never skip, when they are missing:
:func:`pairing_cases` returns the files, or one ``None`` case that fails with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

GOLDEN_PAIRING = Path(__file__).resolve().parents[1] / "golden" / "pairing"
EXPECTED_EVENTS = 120


def golden_trf_files() -> list[Path]:
    return sorted(GOLDEN_PAIRING.glob("*.trf"))


def pairing_cases(every: int = 1) -> list:
    """pytest params for the golden ``.trf`` files (every ``every``-th one); a single
    failing ``None`` case when there are none, so that an empty folder fails the run."""
    files = golden_trf_files()[::every]
    if not files:
        return [pytest.param(None, id="golden-files-missing")]
    return [pytest.param(f, id=f.stem) for f in files]


def require(trf_path: Path | None) -> Path:
    """The case's path; fails the test when the golden files are missing."""
    if trf_path is None:
        pytest.fail(f"golden pairing events missing: no *.trf files in {GOLDEN_PAIRING}")
    return trf_path
