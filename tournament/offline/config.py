"""What the service worker keeps: a registry of page prefixes, and the static files an
entry page needs with the network cut. A new offline page adds its prefix here and opts in
with `{% include "offline/_head.html" %}` (docs/offline.md)."""

from django.templatetags.static import static
from django.urls import reverse

# Pages the worker keeps for the signed-in user once opened (network first, then the copy).
PAGES = ["/arbiter/"]

STATIC = [
    "css/site.css", "css/arbiter.css",
    "js/offline.js", "js/queue.js", "js/entry-check.js", "js/engine-worker.js",
    "offline/icon.svg", "offline/icon-192.png", "offline/icon-512.png",
]
# Pyodide's own files (node_modules/pyodide, served as static "pyodide/..."): the core
# the worker loads; the scoring package needs nothing beyond the standard library.
PYODIDE = ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json"]


def pyodide_index() -> str:
    """The folder URL Pyodide loads its files from (it names them itself)."""
    return static("pyodide/pyodide.js").rsplit("/", 1)[0] + "/"


def precache() -> list[str]:
    from .bundle import engine_zip

    return ([static(p) for p in STATIC] + [static(f"pyodide/{p}") for p in PYODIDE]
            + [reverse("offline:engine", args=[engine_zip()[1]]), reverse("offline:manifest")])
