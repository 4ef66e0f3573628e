"""The rules engine as the phone runs it: a zip of the server's own source files (the
`scoring` package and the `tournament.entry` package: the entry form's record package, the
board's fit, who starts set 1, how typed numbers are read), built from the repository when
first asked for and named by its content's hash, so a phone keeps it until the code
changes."""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Django's glue in scoring/ (the app config, the validate_match command) stays home.
SKIP = {"scoring/apps.py"}
SKIP_DIRS = ("scoring/management/",)
# tournament.entry is pure (tests/project/test_imports.py) and shipped whole, with the
# package above it (tests/offline/test_views.py imports it from the zip alone, without
# Django).
PARENTS = ("tournament/__init__.py",)


def sources() -> list[str]:
    """Repository-relative paths of the files shipped, in a fixed order."""
    def tree(folder):
        return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.py"))

    scoring = [p for p in tree("scoring") if p not in SKIP and not p.startswith(SKIP_DIRS)]
    return scoring + list(PARENTS) + tree("tournament/entry")


def _stamp() -> tuple:
    return tuple((p, (ROOT / p).stat().st_mtime_ns) for p in sources())


@lru_cache(maxsize=2)
def _build(stamp: tuple) -> tuple[bytes, str]:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, _ in stamp:
            # A fixed date: the same sources always make the same bytes (and hash).
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, (ROOT / path).read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:16]


def engine_zip() -> tuple[bytes, str]:
    """(zip bytes, content hash) of the engine's sources as they are on disk now."""
    return _build(_stamp())
