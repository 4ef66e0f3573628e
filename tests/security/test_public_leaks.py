"""Nothing unpublished or uncounted reaches the public, in any page, export or API answer.

The fixture (tests/public/conftest.py): round 2 board 2 Di Fox beat Bo Park 61–20, 61–25
is only ENTERED (awaiting confirmation); round 3 (Ann Lee – Di Fox, Bo Park – Cy Hale) is a
draft.
"""

import json

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.public.conftest import singles_event  # noqa: F401  (the fixture)
from tournament.actions import tokens
from tournament.models import Match, Official

pytestmark = pytest.mark.django_db

HIDDEN_SCORES = ["61–20", "61–25", "20–61", "25–61", "[61, 20]", "[61,20]", "[20, 61]"]


def public_urls(slug):
    urls = [reverse("public:events"), reverse("public:event", args=[slug]),
            reverse("public:standings", args=[slug]),
            reverse("public:standings", args=[slug]) + "?per_page=all",
            reverse("public:standings", args=[slug]) + "?after_round=2",
            reverse("public:standings_csv", args=[slug]),
            reverse("public:crosstable", args=[slug]),
            reverse("public:crosstable_csv", args=[slug]),
            reverse("public:entrants_csv", args=[slug])]
    for n in (1, 2):
        urls += [reverse("public:round", args=[slug, n]),
                 reverse("public:round", args=[slug, n]) + "?print=1",
                 reverse("public:round", args=[slug, n]) + "?print=slips",
                 reverse("public:round_csv", args=[slug, n])]
    urls += [reverse("public:player", args=[slug, n]) for n in range(1, 6)]
    urls += ["/api/v1/tournaments/", f"/api/v1/tournaments/{slug}/",
             f"/api/v1/tournaments/{slug}/standings/",
             f"/api/v1/tournaments/{slug}/rounds/1/", f"/api/v1/tournaments/{slug}/rounds/2/"]
    urls += [f"/api/v1/matches/{m.pk}/" for m in Match.objects.filter(round__number__lte=2)]
    return urls


def draft_urls(slug):
    return [reverse("public:round", args=[slug, 3]),
            reverse("public:round", args=[slug, 3]) + "?print=slips",
            reverse("public:round_csv", args=[slug, 3]),
            f"/api/v1/tournaments/{slug}/rounds/3/"] + [
        f"/api/v1/matches/{m.pk}/" for m in Match.objects.filter(round__number=3)]


@pytest.fixture
def outsider_key(singles_event):  # noqa: F811
    """The API key of an official of another event."""
    from tournament.models import Tournament

    other = Tournament.objects.create(name="Other", slug="other")
    user = User.objects.create_user("outsider")
    Official.objects.create(tournament=other, user=user, role=Official.Role.DIRECTOR)
    return tokens.issue(user, user)


def test_unconfirmed_scores_and_drafts_never_leak(client, singles_event,  # noqa: F811
                                                  outsider_key):
    event = singles_event
    Match.objects.filter(round__number=2, board=2).update(record={
        "format": "fives-and-threes-match/1", "ruleset": "mso",
        "sets": [{"score": [61, 20]}, {"score": [61, 25]}]})
    for headers in ({}, {"Authorization": f"Token {outsider_key}"}):
        for url in public_urls(event.slug):
            response = client.get(url, headers=headers)
            assert response.status_code == 200, url
            body = response.content.decode()
            for score in HIDDEN_SCORES:
                assert score not in body, (url, score)
            assert "Round 3" not in body and "round 3" not in body, url
            if url.startswith("/api/"):
                json.loads(body)
        for url in draft_urls(event.slug):
            assert client.get(url, headers=headers).status_code == 404, url
    # The draft's boards are nowhere: Ann Lee's page never names Di Fox, her round 3 opponent.
    ann = client.get(reverse("public:player", args=[event.slug, 1])).content.decode()
    assert "Di Fox" not in ann.split("<table")[1]
