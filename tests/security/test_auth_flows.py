"""Sign-in and sign-out, CSRF on cookie-authenticated changes, and who sees an API key."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tournament.actions import rounds, tokens
from tournament.models import ApiToken, Match

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


def test_token_page_shows_only_my_own_key_and_is_not_cached(client_for, dora, eve):
    theirs = tokens.token_for(eve).key
    response = client_for(dora).get(reverse("arbiter:token"))
    page = response.content.decode()
    mine = ApiToken.objects.get(user=dora).key
    assert mine in page and theirs not in page
    assert "no-store" in response.get("Cache-Control", "")


def test_renewed_key_replaces_the_old_one(client_for, dora):
    c = client_for(dora)
    old = tokens.token_for(dora).key
    c.post(reverse("arbiter:token"))
    new = ApiToken.objects.get(user=dora).key
    assert new != old
    assert Client().get("/api/v1/tournaments/", headers={"Authorization": f"Token {old}"})
    r = Client().put("/api/v1/matches/1/result/", "{}", content_type="application/json",
                     headers={"Authorization": f"Token {old}"})
    assert r.status_code == 401
