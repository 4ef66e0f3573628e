"""Every director screen needs a sign-in, and shows only events the user directs."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import entrants, events, rounds
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db


def event_urls(event):
    """(method, url) of every screen of one event, with real ids so only access decides."""
    e = event.entrants.first()
    pair = entrants.add_forbidden_pair(event, event.created_by, first=e,
                                       second=event.entrants.last())
    official = event.officials.first()
    slug = event.slug
    get = [reverse(f"director:{n}", args=[slug])
           for n in ("event", "settings", "audit", "entrants", "archive")]
    get += [reverse("director:entrant", args=[slug, e.pk]),
            reverse("director:round", args=[slug, 1])]
    post = [reverse(f"director:{n}", args=[slug])
            for n in ("settings", "add_official", "add_entrant", "import_entrants",
                      "confirm_import", "add_forbidden_pair", "pair", "hide", "delete_event")]
    post += [reverse("director:remove_official", args=[slug, official.pk]),
             reverse("director:entrant", args=[slug, e.pk]),
             reverse("director:withdraw", args=[slug, e.pk]),
             reverse("director:reinstate", args=[slug, e.pk]),
             reverse("director:delete_entrant", args=[slug, e.pk]),
             reverse("director:remove_forbidden_pair", args=[slug, pair.pk])]
    post += [reverse(f"director:{n}", args=[slug, 1])
             for n in ("swap", "set_board", "publish", "delete_round")]
    return [("get", u) for u in get] + [("post", u) for u in post]


@pytest.fixture
def paired(seeded, director):
    rounds.pair_round(seeded, director)
    return seeded


def test_sign_in_required(client, paired):
    for method, url in event_urls(paired) + [("get", "/manage/"), ("get", "/manage/new/")]:
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login")), url


def test_another_directors_event_is_hidden(client_for, paired):
    stranger = User.objects.create_user("sly", password="pw-123456")
    c = client_for(stranger)
    urls = event_urls(paired)
    before = AuditEntry.objects.count()
    for method, url in urls:
        data = {"name": "Hacked", "reason": "x", "username": "sly", "role": "director",
                "first": 1, "second": 2, "board": 1, "side0": 1, "side1": 2,
                "csv": "Sly Fox\n", "hidden": "on", "confirm_slug": paired.slug}
        response = c.get(url) if method == "get" else c.post(url, data)
        assert response.status_code in (403, 404), (method, url, response.status_code)
    assert AuditEntry.objects.count() == before
    assert not paired.officials.filter(user=stranger).exists()
    home = c.get("/manage/")
    assert paired.name not in home.content.decode()


def test_arbiter_may_not_use_director_screens(client_for, paired, arbiter):
    c = client_for(arbiter)
    for method, url in event_urls(paired):
        response = c.get(url) if method == "get" else c.post(url, {"name": "x"})
        assert response.status_code == 403, (method, url)
    # An account that only arbitrates lands on result entry instead of "My events".
    assert c.get("/manage/").url == reverse("arbiter:landing")
    # One that also directs an event sees both, each linked to its own screens.
    events.create_tournament(arbiter, name="Arnie's Cup")
    home = c.get("/manage/").content.decode()
    assert paired.name in home and "Arbiter" in home
    assert reverse("arbiter:boards", args=[paired.slug]) in home
    assert reverse("director:event", args=[paired.slug]) not in home
