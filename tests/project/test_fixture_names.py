"""A fixture name has one meaning in all of tests/: it is defined once.

Two fixtures of one name in two folders or files are two meanings of one word (a director
with the right to create events here, a plain user or a superuser there), and a test moved
from one folder to another silently gets the other one. A variant gets a name that says
what it is (`plain_director`, `superuser`, `crewe_open`); a shared one lives in
tests/conftest.py or in its folder's conftest.py.
"""

import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def fixture_name(node: ast.FunctionDef) -> str | None:
    """The name pytest knows the function by, if it is a fixture."""
    for decorator in node.decorator_list:
        call = decorator if isinstance(decorator, ast.Call) else None
        target = call.func if call else decorator
        if ast.unparse(target) not in ("pytest.fixture", "fixture"):
            continue
        for keyword in call.keywords if call else []:
            if keyword.arg == "name" and isinstance(keyword.value, ast.Constant):
                return keyword.value.value
        return node.name
    return None


def fixtures_defined() -> dict[str, list[str]]:
    found = defaultdict(list)
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = fixture_name(node)
                if name:
                    found[name].append(f"{path.relative_to(TESTS.parent)}:{node.lineno}")
    return found


def test_the_walk_finds_the_shared_fixtures():
    found = fixtures_defined()
    assert [place.split(":")[0] for place in found["director"]] == ["tests/conftest.py"]
    assert [place.split(":")[0] for place in found["event"]] == ["tests/director/conftest.py"]


def test_every_fixture_name_is_defined_once():
    twice = {name: places for name, places in fixtures_defined().items() if len(places) > 1}
    assert not twice, "fixture names with more than one definition (one name, one meaning):\n" + (
        "\n".join(f"  {name}: {', '.join(places)}" for name, places in sorted(twice.items())))
