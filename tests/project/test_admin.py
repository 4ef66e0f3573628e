import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from tests.built_once import built_once
from tournament.models import AuditEntry, Entrant, Match, Round, Tournament

MODELS = ["tournament", "entrant", "forbiddenpair", "round", "match", "auditentry", "apitoken",
          "attendance"]


@pytest.fixture(scope="module")
def demo_for_the_admin(django_db_setup, django_db_blocker):
    """The demo and a superuser, loaded once for the module's tests."""
    with built_once(django_db_blocker):
        call_command("load_demo", stdout=io.StringIO())
        User.objects.create_superuser("root", password="pw-123456")
        yield


@pytest.fixture
def staff_client(client, demo_for_the_admin, db):
    client.login(username="root", password="pw-123456")
    return client


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_lists_every_row(staff_client, model):
    response = staff_client.get(reverse(f"admin:tournament_{model}_changelist"))
    assert response.status_code == 200
    changelist = response.context["cl"]
    stored = changelist.model.objects.count()
    if model not in ("apitoken", "forbiddenpair", "attendance"):  # the demo makes none
        assert stored > 0
    assert changelist.result_count == stored


def test_change_pages_open_and_results_are_read_only(staff_client):
    match = Match.objects.exclude(record=None).first()
    for obj in (Tournament.objects.first(), Entrant.objects.first(), Round.objects.first(),
                match, AuditEntry.objects.first()):
        url = reverse(f"admin:tournament_{obj._meta.model_name}_change", args=[obj.pk])
        response = staff_client.get(url)
        assert response.status_code == 200
        assert response.context["original"] == obj
    # A result changes only through result entry (validated, versioned, audited).
    url = reverse("admin:tournament_match_change", args=[match.pk])
    staff_client.post(url, {"board": 99})
    match.refresh_from_db()
    assert match.board != 99
    assert staff_client.get(reverse("admin:tournament_match_add")).status_code == 403


def test_the_admin_changes_nothing_of_an_event(staff_client):
    """Every change to an event is an action with an audit row; the admin would skip both."""
    t = Tournament.objects.first()
    rnd = t.rounds.order_by("number").first()
    entrant = t.entrants.first()
    audits = AuditEntry.objects.count()
    for obj in (t, rnd, entrant):
        name = obj._meta.model_name
        change = reverse(f"admin:tournament_{name}_change", args=[obj.pk])
        page = staff_client.get(change).content.decode()
        assert 'name="_save"' not in page, name  # a view, not a form
        assert staff_client.post(change, {"name": "Renamed", "status": "draft"}).status_code == 403
        delete = reverse(f"admin:tournament_{name}_delete", args=[obj.pk])
        assert staff_client.post(delete, {"post": "yes"}).status_code == 403
        assert staff_client.get(reverse(f"admin:tournament_{name}_add")).status_code == 403
    for model in MODELS:
        changelist = staff_client.get(reverse(f"admin:tournament_{model}_changelist"))
        assert "delete_selected" not in changelist.content.decode(), model
    t.refresh_from_db()
    rnd.refresh_from_db()
    assert t.name != "Renamed" and rnd.status != "draft"
    assert Entrant.objects.filter(pk=entrant.pk).exists()
    assert AuditEntry.objects.count() == audits
