"""What the service worker keeps: a registry of page prefixes, and the static files an
entry page needs with the network cut. A new offline page adds its prefix here and opts in
with `{% offline_head %}` (docs/offline.md)."""

import json
from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.urls import reverse

# Pages the worker keeps for the signed-in user once opened (network first, then the copy).
PAGES = ["/arbiter/", "/me/"]

STATIC = [
    "css/site.css", "css/arbiter.css",
    "js/offline.js", "js/queue.js", "js/entry-check.js", "js/engine-worker.js",
    "offline/icon.svg", "offline/icon-192.png", "offline/icon-512.png",
]
# Pyodide's own files (node_modules/pyodide, served as static "pyodide/..."): the core
# the worker loads; the scoring package needs nothing beyond the standard library.
PYODIDE = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json"]


def sign_outs() -> list[str]:
    """Where a sign-out is posted (an official's, a player's "sign out of this phone"):
    the worker drops every kept page when one is sent, from whatever page."""
    return [reverse("logout"), reverse("players:sign_out")]


def pyodide_index() -> str:
    """The folder URL Pyodide loads its files from. Pyodide names its files itself, so
    they are asked for by their own names (WhiteNoise keeps those beside the hashed ones)."""
    return f"{settings.STATIC_URL}pyodide/"  # STATIC_URL ends with a slash


def pyodide_version() -> str:
    """The pinned Pyodide's version: the worker's version changes with it (its files keep
    their names from one release to the next)."""
    try:
        return json.loads((settings.PYODIDE_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "missing"


def precache() -> list[str]:
    from .bundle import engine_zip

    return ([static(p) for p in STATIC] + [pyodide_index() + p for p in PYODIDE]
            + [reverse("offline:engine", args=[engine_zip()[1]]), reverse("offline:manifest")])


def stamps() -> list[int]:
    """When each kept file last changed: under `make run` the files keep their names as
    they change, so the worker's version must follow their contents' dates."""
    from django.contrib.staticfiles import finders

    found = [finders.find(p) for p in STATIC + [f"pyodide/{p}" for p in PYODIDE]]
    return [Path(f).stat().st_mtime_ns if f else 0 for f in found]
