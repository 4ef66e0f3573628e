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
    "js/offline.js", "js/queue.js", "js/entry-check.js", "js/engine.mjs",
    "offline/icon.svg", "offline/icon-192.png", "offline/icon-512.png",
]
# MicroPython's WebAssembly port (node_modules/@micropython/micropython-webassembly-pyscript,
# served as static "micropython/..."): the interpreter the phone's engine runs on.
MICROPYTHON = ["micropython/micropython.mjs", "micropython/micropython.wasm"]


def sign_outs() -> list[str]:
    """Where a sign-out is posted (an official's, a player's "sign out of this phone"):
    the worker drops every kept page when one is sent, from whatever page."""
    return [reverse("logout"), reverse("players:sign_out")]


def engine_version() -> str:
    """The pinned MicroPython's version (package.json): the worker's version changes
    with it."""
    try:
        return json.loads((settings.MICROPYTHON_DIR / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "missing"


def precache() -> list[str]:
    from .bundle import engine_bundle

    return ([static(p) for p in STATIC + MICROPYTHON]
            + [reverse("offline:engine", args=[engine_bundle()[1]]),
               reverse("offline:manifest")])


def stamps() -> list[int]:
    """When each kept file last changed: under `make run` the files keep their names as
    they change, so the worker's version must follow their contents' dates."""
    from django.contrib.staticfiles import finders

    found = [finders.find(p) for p in STATIC + MICROPYTHON]
    return [Path(f).stat().st_mtime_ns if f else 0 for f in found]
