"""The import graph of our own code, imports inside functions included.

A cycle hidden by a function-level import still couples two modules both ways: a change
to either can break the other at import time. The pure cores take no Django at all, and
no model module reaches for an action (signals are connected in `AppConfig.ready`).

The audience packages (one per kind of visitor: the public's pages, the directors', the
arbiters', the players', the API, the offline machinery) sit on top: none imports another's
views, their arrows between each other run one way, and nothing below them reaches up to
one; only the wiring (urls, the app config) imports them.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournament")
PURE = ("scoring", "tournament.pairing", "tournament.standings", "tournament.ratings",
        "tournament.entry")
# scoring's Django face: the app config and the validate_match command around the engine.
DJANGO_FACE = ("scoring.apps", "scoring.management")
AUDIENCES = ("public", "director", "arbiter", "players", "api", "offline")
# The plumbing that puts the audiences together, and so may import them.
WIRING = ("tournament.urls", "tournament.apps", "tournament.settings", "tournament.wsgi")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def our_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def imports_of(name: str, path: Path, modules=()) -> set[str]:
    """Every module `name` imports, anywhere in its body, as absolute names. A module's
    own package is always initialised before it, so `from <own package> import <module>`
    counts as importing that module only."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[:len(base) - (node.level - 1)]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module
            # `from package import module` imports that module too.
            submodules = {f"{target}.{alias.name}" for alias in node.names}
            out.update(submodules)
            ancestor = name.startswith(target + ".")
            if not (ancestor and submodules <= set(modules)):
                out.add(target)
    return out


def graph() -> dict[str, set[str]]:
    modules = our_modules()
    return {name: {t for t in imports_of(name, path, modules) if t in modules and t != name}
            for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_walker_sees_function_level_imports_and_cycles():
    source = "def later():\n    from .b import thing\n"
    tree = ast.parse(source)
    assert any(isinstance(n, ast.ImportFrom) and n.module == "b" for n in ast.walk(tree))
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def audience_of(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) > 1 and parts[0] == "tournament" and parts[1] in AUDIENCES:
        return parts[1]
    return None


def is_view_module(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return last == "views" or last.startswith("views_")


def audience_arrows(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Which audience package imports which other one (module imports folded)."""
    arrows = {audience: set() for audience in AUDIENCES}
    for name, targets in edges.items():
        if (source := audience_of(name)) is not None:
            arrows[source].update(t for t in map(audience_of, targets) if t not in (None, source))
    return arrows


def test_the_audience_checks_see_a_borrowed_view_and_a_two_way_arrow():
    edges = {"tournament.players.views": {"tournament.arbiter.views"},
             "tournament.arbiter.printing": {"tournament.players.links"},
             "tournament.history": set()}
    assert audience_arrows(edges)["players"] == {"arbiter"}
    assert cycles(audience_arrows(edges)) == [["arbiter", "players"]]
    assert is_view_module("tournament.director.views_event")
    assert not is_view_module("tournament.arbiter.access")


def test_no_audience_imports_another_audiences_views():
    offenders = {name: sorted(t for t in targets if is_view_module(t)
                              and audience_of(t) not in (None, audience_of(name)))
                 for name, targets in graph().items() if audience_of(name)}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_arrows_between_audiences_run_one_way():
    assert cycles(audience_arrows(graph())) == []


def test_nothing_below_the_audiences_imports_one():
    offenders = {name: sorted(t for t in targets if audience_of(t))
                 for name, targets in graph().items()
                 if audience_of(name) is None and not name.startswith(WIRING)}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_models_import_no_action():
    offenders = {name: sorted(t for t in targets if t.startswith("tournament.actions"))
                 for name, targets in graph().items() if name.startswith("tournament.models")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_read_side_takes_no_rule_from_an_action():
    """Pages that only read take their rules from non-action homes; actions.base (the
    refusals and permission checks every view shares) is the one action module allowed."""
    readers = ("tournament.public", "tournament.arbiter.printing")
    shared = {"tournament.actions", "tournament.actions.base"}
    offenders = {name: sorted(t for t in targets
                              if t.startswith("tournament.actions") and t not in shared)
                 for name, targets in graph().items() if name.startswith(readers)}
    assert {k: v for k, v in offenders.items() if v} == {}


@pytest.mark.parametrize("core", PURE)
def test_pure_cores_import_no_django(core):
    modules = our_modules()
    offenders = {}
    for name, path in modules.items():
        if (name == core or name.startswith(core + ".")) and not name.startswith(DJANGO_FACE):
            django = sorted(t for t in imports_of(name, path)
                            if t == "django" or t.startswith("django."))
            if django:
                offenders[name] = django
    assert offenders == {}


def test_only_the_plumbing_is_loose_in_tournament():
    """Every other module lives in a package named for what it is (docs/architecture.md)."""
    plumbing = {"__init__", "settings", "urls", "wsgi", "apps", "admin", "middleware"}
    assert {p.stem for p in (ROOT / "tournament").glob("*.py")} == plumbing


def test_no_module_name_is_used_more_than_twice_in_tournament():
    """A name tells a newcomer which module it is: none inside tournament/ is used more
    than twice, apart from Django's own names and __init__."""
    from collections import Counter

    django_names = {"__init__", "urls", "views", "forms", "admin", "apps"}
    names = Counter(p.stem for p in (ROOT / "tournament").rglob("*.py")
                    if "migrations" not in p.parts and p.stem not in django_names)
    assert {name: n for name, n in names.items() if n > 2} == {}


def test_the_model_of_an_entrant_lives_in_a_module_named_for_it():
    from tournament.models import Entrant

    assert Entrant.__module__ == "tournament.models.entrants"
