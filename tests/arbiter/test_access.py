"""Who may see and use the entry screens: officials of THAT event only."""

import pytest
from django.urls import reverse

from tournament.models import Match

from .conftest import client_for

pytestmark = pytest.mark.django_db


def urls(round1):
    m = round1["match"]
    return [
        reverse("arbiter:boards", args=[round1["t"].slug]),
        reverse("arbiter:round", args=[round1["t"].slug, 1]),
        reverse("arbiter:match", args=[m.pk]),
        reverse("arbiter:history", args=[m.pk]),
    ]


def test_anonymous_is_sent_to_sign_in(client, round1):
    for url in [reverse("arbiter:home"), reverse("arbiter:token"), *urls(round1)]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url
    response = client.post(reverse("arbiter:match", args=[round1["match"].pk]),
                           {"action": "enter", "version": 0, "s1_a": 61, "s1_b": 0})
    assert response.status_code == 302
    assert Match.objects.get(pk=round1["match"].pk).status == "pending"


@pytest.mark.parametrize("who", ["stranger", "nobody"])
def test_official_of_another_event_gets_403(client, round1, people, who):
    client_for(client, people[who])
    for url in urls(round1):
        assert client.get(url).status_code == 403, url
    m = round1["match"]
    post = {"action": "enter", "version": 0, "outcome": "played",
            "s1_a": 61, "s1_b": 10, "s2_a": 61, "s2_b": 20}
    assert client.post(reverse("arbiter:match", args=[m.pk]), post).status_code == 403
    assert client.post(reverse("arbiter:match", args=[m.pk]),
                       {"action": "confirm", "version": 0}).status_code == 403
    m.refresh_from_db()
    assert (m.status, m.version) == ("pending", 0)


@pytest.mark.parametrize("who", ["arb", "dir"])
def test_officials_see_the_boards_and_the_form(client, round1, people, who):
    client_for(client, people[who])
    for url in urls(round1):
        assert client.get(url).status_code == 200, url
    page = client.get(urls(round1)[0]).content.decode()
    assert reverse("arbiter:match", args=[round1["match"].pk]) in page
    assert 'class="board state-pending"' in page


def test_home_lists_only_my_events(client, round1, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:home")).content.decode()
    assert "Spring Open" in page and "Other Cup" not in page
    assert reverse("arbiter:round", args=[round1["t"].slug, 1]) in page
    client_for(client, people["nobody"])
    page = client.get(reverse("arbiter:home")).content.decode()
    assert "not an arbiter or director of any event" in page


def test_unknown_board_and_round_are_404(client, round1, people):
    client_for(client, people["arb"])
    assert client.get(reverse("arbiter:match", args=[99999])).status_code == 404
    assert client.get(reverse("arbiter:round", args=[round1["t"].slug, 7])).status_code == 404
    assert client.get(reverse("arbiter:boards", args=["no-such-event"])).status_code == 404


def test_names_are_escaped_everywhere(client, round1, people):
    client_for(client, people["arb"])
    m = round1["match"]
    for url in urls(round1):
        page = client.get(url).content.decode()
        assert "<script>alert" not in page, url
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in page
