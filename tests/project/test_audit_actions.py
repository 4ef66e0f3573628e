"""Audit action names come from AuditEntry.Action, never a bare string.

The audit page, the public "settings changed" notes and the merge log filter on these
names, so a misspelt one would write a row that every filter silently misses.
"""

import ast
from pathlib import Path

import pytest

from tournament.actions.base import audit
from tournament.models import AuditEntry

ROOT = Path(__file__).resolve().parents[2]
AUDIT_CALLS = ("audit", "_audit")  # _audit: the players' table actions' wrapper


def action_names(node) -> list[str] | None:
    """The member names an action argument can take, or None if it is not a member."""
    if isinstance(node, ast.IfExp):
        a, b = action_names(node.body), action_names(node.orelse)
        return None if a is None or b is None else a + b
    if isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Name, ast.Attribute)):
        owner = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
        if owner == "Action":
            return [node.attr]
    if isinstance(node, ast.Name):
        return []  # passed through from the caller: the wrapper's own call sites are checked
    return None


def call_sites():
    for path in sorted((ROOT / "tournament").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", None)
            if name in AUDIT_CALLS and len(node.args) > 2:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node.args[2]


def test_every_audit_call_passes_a_member():
    sites = list(call_sites())
    assert len(sites) > 40  # the walk found the actions' calls, not nothing
    bad, used = [], set()
    for where, arg in sites:
        names = action_names(arg)
        if names is None or any(n not in AuditEntry.Action.names for n in names):
            bad.append(f"{where}: {ast.unparse(arg)}")
        else:
            used.update(names)
    assert not bad, "audit() called without an AuditEntry.Action member:\n" + "\n".join(bad)
    # And the list holds no name that nothing writes.
    assert set(AuditEntry.Action.names) == used


@pytest.mark.django_db
def test_an_unknown_action_is_refused_and_nothing_is_written():
    with pytest.raises(ValueError, match="'confirm_reslut' is not an audit action"):
        audit(None, None, "confirm_reslut", "Confirmed")
    assert not AuditEntry.objects.exists()


@pytest.mark.django_db
def test_a_member_is_stored_under_its_name():
    entry = audit(None, None, AuditEntry.Action.CONFIRM_RESULT, "Confirmed")
    entry.refresh_from_db()
    assert entry.action == "confirm_result"
    assert entry.get_action_display() == "Confirm result"
