"""The rules engine as the phone runs it: the server's own source files (the `scoring`
package and the `tournament.entry` package: the entry form's record package, the board's
fit, who starts set 1, how typed numbers are read) and the phone's small shims
(`phone/`: what MicroPython's standard library lacks, and `boot.py`), in one JSON object
`{"files": {path: source}}`, built from the repository when first asked for and named by
its content's hash, so a phone keeps it until the code changes (docs/offline.md)."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import importlib
import json
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Django's glue in scoring/ (the app config, the validate_match command) stays home.
SKIP = {"scoring/apps.py"}
SKIP_DIRS = ("scoring/management/",)
# tournament.entry is pure (tests/project/test_imports.py) and shipped whole, with the
# package above it.
PARENTS = ("tournament/__init__.py",)
# The phone's shims and its boot module, shipped under phone/ (on the phone's sys.path).
PHONE = Path(__file__).with_name("phone")
FIELDS = "phone/shim_fields.py"


def sources() -> list[str]:
    """Repository-relative paths of the server's files shipped, in a fixed order."""
    def tree(folder):
        return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*.py"))

    scoring = [p for p in tree("scoring") if p not in SKIP and not p.startswith(SKIP_DIRS)]
    return scoring + list(PARENTS) + tree("tournament/entry")


def phone_sources() -> list[Path]:
    return sorted(PHONE.glob("*.py"))


def module_of(path: str) -> str:
    name = path[:-len(".py")].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def dataclass_fields() -> dict[str, list[str]]:
    """Every shipped dataclass's fields, in order, as CPython reads them from its
    annotations ("scoring.formats.MatchFormat": ["target", "sets_to_win"]): MicroPython
    keeps no annotations, so the phone's `dataclasses` takes the names from here."""
    out = {}
    for path in sources():
        name = module_of(path)
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (isinstance(value, type) and dataclasses.is_dataclass(value)
                    and value.__module__ == name):
                out[f"{name}.{value.__qualname__}"] = [f.name for f in dataclasses.fields(value)]
    return dict(sorted(out.items()))


def _stamp() -> tuple:
    paths = [ROOT / p for p in sources()] + phone_sources()
    return tuple((p.as_posix(), p.stat().st_mtime_ns) for p in paths)


@lru_cache(maxsize=2)
def _build(stamp: tuple) -> tuple[bytes, str, bytes]:
    files = {p: (ROOT / p).read_text() for p in sources()}
    files.update({f"phone/{p.name}": p.read_text() for p in phone_sources()})
    files[FIELDS] = ("# Written by tournament/offline/bundle.py: each dataclass's fields.\n"
                     f"FIELDS = {json.dumps(dataclass_fields(), indent=1)}\n")
    data = json.dumps({"files": files}, sort_keys=True, separators=(",", ":")).encode()
    # mtime=0: the same sources always make the same compressed bytes too.
    return data, hashlib.sha256(data).hexdigest()[:16], gzip.compress(data, 9, mtime=0)


def engine_bundle() -> tuple[bytes, str]:
    """(JSON bytes, content hash) of the engine's sources as they are on disk now."""
    data, digest, _ = _build(_stamp())
    return data, digest


def engine_bundle_gzip() -> bytes:
    """The same bytes, gzip'd once (what a phone is sent)."""
    return _build(_stamp())[2]
