"""Officials: invited accounts get a real password; no event's officials reach another's."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import ActionError, events
from tournament.models import AuditEntry, Official

pytestmark = pytest.mark.django_db


def invite(client, event, password, username="newbie"):
    return client.post(reverse("director:add_official", args=[event.slug]),
                       {"username": username, "role": "arbiter", "create": "on",
                        "password": password})


@pytest.mark.parametrize("password", ["12345678", "password1", "abcdefgh"])
def test_invited_account_needs_a_password_the_validators_accept(client_for, dora, mine,
                                                                password):
    response = invite(client_for(dora), mine, password)
    assert response.status_code == 400  # the dashboard again, with the refusal
    assert "password" in response.content.decode().lower()
    assert not User.objects.filter(username="newbie").exists()
    with pytest.raises(ActionError) as refused:
        events.add_official(mine, dora, username="newbie", password=password, create=True)
    assert "password" in refused.value.errors


def test_a_good_password_still_invites(client_for, dora, mine):
    assert invite(client_for(dora), mine, "domino-5s-3s").status_code == 302
    assert User.objects.get(username="newbie").check_password("domino-5s-3s")


def test_a_refused_invitation_does_not_echo_the_password(client_for, dora, mine):
    secret = "Sloppy-Secret-42"
    # Refused for another reason (the role), with the password typed.
    response = client_for(dora).post(reverse("director:add_official", args=[mine.slug]),
                                     {"username": "newbie", "role": "boss", "create": "on",
                                      "password": secret})
    assert response.status_code == 400
    assert secret not in response.content.decode()


def test_password_never_reaches_the_audit_log(dora, mine):
    events.add_official(mine, dora, username="newbie", password="domino-5s-3s", create=True)
    for entry in AuditEntry.objects.all():
        assert "domino-5s-3s" not in f"{entry.summary} {entry.reason} {entry.detail}"


def test_existing_users_password_is_not_reset_by_an_invitation(dora, eve, mine):
    events.add_official(mine, dora, username="eve", password="domino-5s-3s", create=True)
    eve.refresh_from_db()
    assert eve.check_password("pw-123456")
    assert not eve.check_password("domino-5s-3s")


def test_official_of_another_event_cannot_be_removed(client_for, dora, mine, theirs, eve):
    """Even by someone who directs both events: the pk is looked up within the URL's event."""
    events.add_official(theirs, eve, username="dora", role=Official.Role.DIRECTOR)
    arbiter = User.objects.create_user("arnie", password="pw-123456")
    events.add_official(theirs, eve, username="arnie")
    other = theirs.officials.get(user=arbiter)
    response = client_for(dora).post(
        reverse("director:remove_official", args=[mine.slug, other.pk]))
    assert response.status_code == 404
    assert theirs.officials.filter(user=arbiter).exists()


def test_director_of_one_event_cannot_remove_another_events_official(client_for, dora, theirs,
                                                                      eve, mine):
    official = theirs.officials.get(user=eve)
    for slug in (mine.slug, theirs.slug):
        response = client_for(dora).post(
            reverse("director:remove_official", args=[slug, official.pk]))
        assert response.status_code == 404
    assert theirs.officials.filter(user=eve).exists()


def test_invited_official_can_replace_the_directors_password(client, dora, mine):
    events.add_official(mine, dora, username="newbie", password="domino-5s-3s", create=True)
    url = reverse("password_change")
    assert client.get(url).status_code == 302  # sign-in first
    assert client.login(username="newbie", password="domino-5s-3s")
    assert 'href="/accounts/password/"' in client.get(reverse("arbiter:home")).content.decode()
    assert client.get(url).status_code == 200
    weak = client.post(url, {"old_password": "domino-5s-3s", "new_password1": "12345678",
                             "new_password2": "12345678"})
    assert weak.status_code == 200
    response = client.post(url, {"old_password": "domino-5s-3s",
                                 "new_password1": "my-own-secret-77",
                                 "new_password2": "my-own-secret-77"})
    assert response.status_code == 302
    user = User.objects.get(username="newbie")
    assert user.check_password("my-own-secret-77") and not user.check_password("domino-5s-3s")
    assert client.get(reverse("arbiter:home")).status_code == 200  # still signed in


# ---------------------------------------------- issue 21 #16: keys, and who exists


def add(client, event, username):
    return client.post(reverse("director:add_official", args=[event.slug]),
                       {"username": username, "role": "arbiter"}, follow=True)


def test_another_director_cannot_end_a_key_by_adding_and_removing_its_user(
        client_for, dora, eve, mine, theirs):
    """Eve directs Their Open and uses her key there; Dora adds her to Mine Open and
    removes her: Eve's key still works for her own event."""
    from tournament.actions import tokens
    from tournament.models import ApiToken

    key = tokens.issue(eve)
    events.add_official(mine, dora, username="eve")
    events.remove_official(mine, dora, user=eve)
    assert ApiToken.user_for(key) == eve
    assert not mine.officials.filter(user=eve).exists()
    assert not AuditEntry.objects.filter(action="revoke_token").exists()


def test_the_key_ends_when_its_user_is_an_official_nowhere(dora, mine):
    from tournament.actions import tokens
    from tournament.models import ApiToken

    arnie = User.objects.create_user("arnie", password="pw-123456")
    events.add_official(mine, dora, username="arnie")
    key = tokens.issue(arnie)
    events.remove_official(mine, dora, user=arnie)
    assert ApiToken.user_for(key) is None


def test_the_form_answers_the_same_whether_the_username_exists(client_for, dora, eve, mine):
    c = client_for(dora)
    real, made_up = add(c, mine, "eve"), add(c, mine, "no-such-person")
    assert real.status_code == made_up.status_code == 200  # both redirected to the dashboard

    def message(response, name):
        text = response.content.decode()
        start = text.index("If there is an account called")
        return text[start:text.index("</", start)].replace(name, "NAME")

    assert message(real, "eve") == message(made_up, "no-such-person")
    assert mine.officials.filter(user=eve).exists()
    assert not User.objects.filter(username="no-such-person").exists()
