import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from tournament.models import AuditEntry, Entrant, Match, Round, Tournament

MODELS = ["tournament", "entrant", "forbiddenpair", "round", "match", "auditentry", "apitoken"]


@pytest.fixture
def staff_client(client, db):
    call_command("load_demo", stdout=io.StringIO())
    User.objects.create_superuser("root", password="pw-123456")
    client.login(username="root", password="pw-123456")
    return client


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_opens(staff_client, model):
    assert staff_client.get(reverse(f"admin:tournament_{model}_changelist")).status_code == 200


def test_change_pages_open_and_results_are_read_only(staff_client):
    match = Match.objects.exclude(record=None).first()
    for obj in (Tournament.objects.first(), Entrant.objects.first(), Round.objects.first(),
                match, AuditEntry.objects.first()):
        url = reverse(f"admin:tournament_{obj._meta.model_name}_change", args=[obj.pk])
        assert staff_client.get(url).status_code == 200
    # A result changes only through result entry (validated, versioned, audited).
    url = reverse("admin:tournament_match_change", args=[match.pk])
    staff_client.post(url, {"board": 99})
    match.refresh_from_db()
    assert match.board != 99
    assert staff_client.get(reverse("admin:tournament_match_add")).status_code == 403
