"""The admin: the audit trail cannot be edited or deleted; API keys are never shown."""

import pytest
from django.contrib.auth.models import Permission, User
from django.urls import reverse

from tournament.actions import tokens
from tournament.models import ApiToken, AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def root_client(client):
    user = User.objects.create_superuser("root", password="pw-123456")
    client.force_login(user)
    return client


def test_audit_entries_cannot_be_deleted(root_client, mine):
    entry = AuditEntry.objects.filter(tournament=mine).first()
    url = reverse("admin:tournament_auditentry_delete", args=[entry.pk])
    assert root_client.get(url).status_code == 403
    root_client.post(url, {"post": "yes"})
    # Nor through the change list's bulk "delete selected" action.
    changelist = reverse("admin:tournament_auditentry_changelist")
    root_client.post(changelist, {"action": "delete_selected", "_selected_action": [entry.pk],
                           "post": "yes"})
    assert AuditEntry.objects.filter(pk=entry.pk).exists()
    assert "delete_selected" not in root_client.get(changelist).content.decode()


def test_audit_entries_cannot_be_changed(root_client, mine):
    entry = AuditEntry.objects.filter(tournament=mine).first()
    url = reverse("admin:tournament_auditentry_change", args=[entry.pk])
    root_client.post(url, {"summary": "nothing happened", "reason": "x"})
    entry.refresh_from_db()
    assert entry.summary != "nothing happened"
    assert root_client.get(reverse("admin:tournament_auditentry_add")).status_code == 403


def test_api_keys_are_not_shown_in_the_admin(root_client, dora, client_for):
    key = tokens.issue(dora, dora)
    token = ApiToken.objects.get(user=dora)
    pages = [reverse("admin:tournament_apitoken_changelist"),
             reverse("admin:tournament_apitoken_change", args=[token.pk])]
    for url in pages:
        response = root_client.get(url)
        assert response.status_code == 200, url
        assert key not in response.content.decode(), url
    # A staff member allowed only to view tokens does not see them either.
    staff = User.objects.create_user("staff", password="pw-123456", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_apitoken"))
    c = client_for(staff)
    for url in pages:
        response = c.get(url)
        assert response.status_code == 200, url
        assert key not in response.content.decode(), url
