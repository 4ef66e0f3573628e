"""The rules engine as the phone runs it: a zip of the server's own source files (the
`scoring` package and the entry form's pure modules), built from the repository when first
asked for and named by its content's hash, so a phone keeps it until the code changes."""

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
FORM_MODULES = ("record_form", "record_plays", "record_build", "record_errors",
                "record_check")


def sources() -> list[str]:
    """Repository-relative paths of the files shipped, in a fixed order."""
    paths = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "scoring").rglob("*.py"))
    paths = [p for p in paths if p not in SKIP and not p.startswith(SKIP_DIRS)]
    return paths + ["tournament/__init__.py", "tournament/arbiter/__init__.py"] + [
        f"tournament/arbiter/{name}.py" for name in FORM_MODULES]


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
