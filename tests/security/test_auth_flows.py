"""Sign-in and sign-out, CSRF on cookie-authenticated changes, and who sees an API key."""

import hashlib
import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournament.actions import rounds, tokens
from tournament.models import ApiToken, AuditEntry, Match

pytestmark = pytest.mark.django_db

RECORD = {"format": "fives-and-threes-match/1", "ruleset": "mso",
          "sets": [{"score": [61, 40]}, {"score": [61, 30]}]}


def test_logout_is_post_only(client_for, dora):
    c = client_for(dora)
    assert c.get(reverse("logout")).status_code == 405
    assert c.get(reverse("director:home")).status_code == 200  # still signed in
    response = c.post(reverse("logout"), {"next": "https://evil.example/"})
    assert response.status_code == 302 and "evil" not in response.url
    assert c.get(reverse("director:home")).status_code == 302


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x",
                                    "/\\evil.example", "javascript:alert(1)"])
def test_login_never_redirects_off_site(client, dora, target):
    page = client.get(reverse("login") + "?next=" + target).content.decode()
    assert '<input type="hidden" name="next" value="">' in page
    response = client.post(reverse("login"), {"username": "dora", "password": "pw-123456",
                                              "next": target})
    assert response.status_code == 302
    assert response.url == reverse("director:home")


def test_login_keeps_a_local_next(client, dora):
    response = client.post(reverse("login"), {"username": "dora", "password": "pw-123456",
                                              "next": "/manage/new/"})
    assert response.url == "/manage/new/"


def test_cookie_authenticated_forms_need_the_csrf_token(dora, mine):
    c = Client(enforce_csrf_checks=True)
    c.force_login(dora)
    posts = [reverse("director:publish", args=[mine.slug, 1]),
             reverse("director:add_entrant", args=[mine.slug]),
             reverse("arbiter:token"), reverse("logout")]
    for url in posts:
        assert c.post(url, {"name": "X"}).status_code == 403, url
    assert mine.rounds.get(number=1).status == "draft"


def test_api_writes_ignore_the_session_cookie(client_for, dora, mine):
    """A signed-in browser (a cross-site form) cannot write through the API: token only."""
    rounds.publish_round(mine.rounds.get(number=1), dora)
    m = mine.rounds.get(number=1).matches.exclude(side1=None).first()
    c = client_for(dora)
    r = c.put(f"/api/v1/matches/{m.pk}/result/", json.dumps({"version": 0, "record": RECORD}),
              content_type="application/json")
    assert r.status_code == 401
    r = c.post(f"/api/v1/matches/{m.pk}/confirm/", json.dumps({"version": 0}),
               content_type="application/json")
    assert r.status_code == 401
    m.refresh_from_db()
    assert m.status == Match.Status.PENDING


def key_on(page: str) -> str:
    return re.search(r'<code class="token-key">([0-9a-f]{40})</code>', page).group(1)


def test_token_page_shows_only_my_own_new_key_once_and_is_not_cached(client_for, dora, eve):
    theirs = tokens.issue(eve, eve)
    c = client_for(dora)
    response = c.post(reverse("arbiter:token"))
    page = response.content.decode()
    mine = key_on(page)
    assert ApiToken.user_for(mine) == dora and theirs not in page
    assert "no-store" in response.get("Cache-Control", "")
    later = c.get(reverse("arbiter:token"))
    assert mine not in later.content.decode() and "no-store" in later.get("Cache-Control", "")


def test_keys_are_stored_only_as_digests(dora):
    key = tokens.issue(dora, dora)
    token = ApiToken.objects.get(user=dora)
    assert token.digest == hashlib.sha256(key.encode()).hexdigest()
    assert key not in json.dumps(list(ApiToken.objects.values()), default=str)


def test_renewed_key_replaces_the_old_one(client_for, dora):
    c = client_for(dora)
    old = tokens.issue(dora, dora)
    new = key_on(c.post(reverse("arbiter:token")).content.decode())
    assert new != old
    assert Client().get("/api/v1/tournaments/", headers={"Authorization": f"Token {old}"})
    r = Client().put("/api/v1/matches/1/result/", "{}", content_type="application/json",
                     headers={"Authorization": f"Token {old}"})
    assert r.status_code == 401


def put_with(key):
    return Client().put("/api/v1/matches/999999/result/", json.dumps({"version": 0}),
                        content_type="application/json",
                        headers={"Authorization": f"Token {key}"})


def test_a_password_change_revokes_the_key(client_for, dora):
    key = tokens.issue(dora, dora)
    assert put_with(key).status_code == 404  # the key works: the board does not exist
    c = client_for(dora)
    response = c.post(reverse("password_change"), {
        "old_password": "pw-123456", "new_password1": "a-new-pw-9876",
        "new_password2": "a-new-pw-9876"})
    assert response.status_code == 302
    assert put_with(key).status_code == 401
    assert not ApiToken.objects.filter(user=dora).exists()
    assert AuditEntry.objects.filter(action="revoke_token", summary__contains="password").exists()


def test_other_saves_of_the_user_keep_the_key(dora):
    key = tokens.issue(dora, dora)
    dora.first_name = "Dora"
    dora.save()
    dora.save(update_fields=["last_login"])
    assert ApiToken.user_for(key) == dora


def test_removing_an_official_revokes_their_key(mine, eve):
    from tournament.models import Official
    official = Official.objects.create(tournament=mine, user=eve, role="arbiter")
    key = tokens.issue(eve, eve)
    official.delete()
    assert put_with(key).status_code == 401
    entry = AuditEntry.objects.get(action="revoke_token")
    assert "eve" in entry.summary and "no longer an official of Mine Open" in entry.summary


def test_an_expired_key_is_refused(dora, settings):
    settings.API_TOKEN_LIFETIME_DAYS = 2
    key = tokens.issue(dora, dora)
    token = ApiToken.objects.get(user=dora)
    assert timedelta(days=2) - timedelta(minutes=1) < token.expires_at - timezone.now() \
        <= timedelta(days=2)
    assert put_with(key).status_code == 404
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert put_with(key).status_code == 401


def test_a_lifetime_of_zero_never_expires(dora, settings):
    settings.API_TOKEN_LIFETIME_DAYS = 0
    tokens.issue(dora, dora)
    assert ApiToken.objects.get(user=dora).expires_at is None
