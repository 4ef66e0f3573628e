"""Every action is one durable change (actions.base.atomic_action): committed when it
returns, never silently held open by a caller's transaction; actions compose only inside
another action or `one_change`."""

import ast
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from tournament.actions.base import ActionError, atomic_action, one_change
from tournament.actions.entrants import add_entrant
from tournament.actions.events import create_tournament
from tournament.models import AuditEntry, Entrant, Tournament
from tournament.web import revision

ACTIONS = Path(__file__).resolve().parents[2] / "tournament" / "actions"


def decorators(func) -> set[str]:
    return {ast.unparse(d) for d in func.decorator_list}


def audited_functions():
    """(where, decorator names) of each module-level function in tournament/actions that
    writes an audit row itself."""
    for path in sorted(ACTIONS.glob("*.py")):
        if path.name == "base.py":
            continue
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            calls = {getattr(c.func, "id", None) or getattr(c.func, "attr", None)
                     for c in ast.walk(node) if isinstance(c, ast.Call)}
            if calls & {"audit", "_audit"}:
                yield f"{path.name}:{node.name}", decorators(node)


# Building blocks of the actions, run inside their change, never on their own
# (close_if_complete locks rows FOR UPDATE first, which fails outside a transaction);
# _audit: the table actions' wrapper of audit(); tokens.revoked: revoke's work, which the
# signal handlers run inside the save or delete that set them off.
PARTS = {"board.py:close_if_complete", "table.py:_audit", "tokens.py:revoked"}


def test_every_audited_action_is_an_atomic_action():
    found = list(audited_functions())
    assert len(found) > 40
    bare = [where for where, decos in found
            if "atomic_action" not in decos and where not in PARTS]
    assert not bare, "actions writing an audit row without @atomic_action: " + ", ".join(bare)


def test_no_action_opens_a_plain_transaction_of_its_own():
    # A savepoint inside an action (`with transaction.atomic():` around one insert) is fine;
    # a function-wide @transaction.atomic would make the action non-durable again.
    plain = [f"{path.name}:{node.name}" for path in ACTIONS.glob("*.py")
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.FunctionDef)
             and decorators(node) & {"transaction.atomic", "transaction.atomic()"}]
    assert plain == []


@pytest.fixture
def site_admin():
    return get_user_model().objects.create_superuser("dd", password="x-pass-123")


@pytest.mark.django_db(transaction=True)
def test_an_action_is_committed_when_it_returns(site_admin):
    slug_rev = revision.current("durable")
    event = create_tournament(site_admin, name="Durable", slug="durable")
    assert not connection.in_atomic_block
    # Its on-commit work has run: the revision the public pages key on has moved.
    assert revision.current("durable") != slug_rev
    assert Tournament.objects.filter(pk=event.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_an_action_refuses_to_run_inside_someone_elses_transaction(site_admin):
    with pytest.raises(RuntimeError, match="durable"), transaction.atomic():
        create_tournament(site_admin, name="Held", slug="held")
    assert not Tournament.objects.filter(slug="held").exists()


@pytest.mark.django_db(transaction=True)
def test_actions_compose_in_one_change_all_or_nothing(site_admin):
    with pytest.raises(ActionError), one_change():
        event = create_tournament(site_admin, name="Both", slug="both")
        add_entrant(event, site_admin, name="Ann Lee")
        add_entrant(event, site_admin, name="")  # refused: the whole change goes
    assert not Tournament.objects.filter(slug="both").exists()
    assert not Entrant.objects.exists()
    assert not AuditEntry.objects.exists()

    with one_change():
        event = create_tournament(site_admin, name="Both", slug="both")
        with one_change():  # a nested one joins the outer change
            add_entrant(event, site_admin, name="Ann Lee")
        assert connection.in_atomic_block
    assert list(event.entrants.values_list("name", flat=True)) == ["Ann Lee"]


@pytest.mark.django_db(transaction=True)
def test_an_action_called_by_an_action_joins_its_change(site_admin):
    @atomic_action
    def make_two(actor):
        create_tournament(actor, name="One", slug="one")
        create_tournament(actor, name="One", slug="one")  # refused: slug taken

    with pytest.raises(ActionError):
        make_two(site_admin)
    assert not Tournament.objects.filter(slug="one").exists()
