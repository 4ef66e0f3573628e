"""The roll call at the desk (/arbiter/<slug>/checkin/): A-Z, a live count, tick and untick
anyone with plain form posts (or in the background, answering JSON), for the director and
the arbiters of the event only."""

import re

import pytest
from django.urls import reverse

from tournament.actions import rounds
from tournament.actions.checkin import set_checkin
from tournament.models import Attendance, AuditEntry, CheckIn, Entrant, Official

from .conftest import EVIL, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(people):
    """An event before round 1 is paired: Zoe, ann (lower case), Bo, an escaped name, and
    a withdrawn player who is not on the roll."""
    from tournament.actions import events
    t = events.create_tournament(people["dir"], name="Roll Open")
    Official.objects.create(tournament=t, user=people["arb"], role=Official.Role.ARBITER)
    for n, name in enumerate(["Zoe Hart", "ann Lee", "Bo Park", EVIL, "Gone Away"], 1):
        Entrant.objects.create(tournament=t, number=n, name=name,
                               withdrawn_after_round=0 if name == "Gone Away" else None)
    return t


def url(t):
    return reverse("arbiter:checkin", args=[t.slug])


def tick(client, t, number, checked_in=True, round_=1, **extra):
    return client.post(url(t), {"round": round_, "player": number,
                                "checked_in": "1" if checked_in else "0", **extra},
                       headers=extra.pop("headers", None) or {})


def test_the_list_is_a_to_z_with_the_count_and_escaped_names(client, desk, people):
    set_checkin(desk, people["dir"], entrant=desk.entrants.get(number=3), round_number=1,
                checked_in=True)
    client_for(client, people["arb"])
    response = client.get(url(desk))
    page = response.content.decode()
    assert response.status_code == 200 and "no-cache" in response["Cache-Control"]
    assert "Roll call for round 1" in page
    assert re.search(r"<strong>1</strong> of 4</output>\s*checked in", page)
    who = re.findall(r'<span class="rollcall-who">([^<]+)', page)
    # Collation passes over the "<" and the folded name starts "script": under S.
    assert [w.strip() for w in who] == [
        "ann Lee", "Bo Park", "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co",
        "Zoe Hart"]
    assert "<script>alert" not in page and "Gone Away" not in page
    assert re.findall(r'id="letter-(.)"', page) == ["A", "B", "S", "Z"]
    # Bo's button says he is here, and posts the untick.
    bo = page[page.index('id="p-3"'):page.index('id="p-4"') if 'id="p-4"' in page else None]
    assert 'aria-pressed="true"' in bo and 'name="checked_in" value="0"' in bo


def test_a_tap_ticks_and_comes_back_at_the_name(client, desk, people):
    client_for(client, people["arb"])
    response = tick(client, desk, 2)
    assert response.status_code == 302 and response["Location"] == url(desk) + "#p-2"
    assert list(CheckIn.objects.values_list("entrant__number", flat=True)) == [2]
    entry = AuditEntry.objects.get(action="set_checkin")
    assert entry.actor == people["arb"]
    page = client.get(url(desk)).content.decode()
    assert "ann Lee: checked in for round 1." in page
    assert tick(client, desk, 2, checked_in=False).status_code == 302
    assert not CheckIn.objects.exists()


def test_an_untick_comes_back_with_an_undo_that_ticks_the_name_again(client, desk, people):
    """One slip of a finger does not lose a present player: the untick's page offers an
    Undo at that name (and only there), which ticks him in again."""
    set_checkin(desk, people["dir"], entrant=desk.entrants.get(number=3), round_number=1,
                checked_in=True)
    client_for(client, people["arb"])
    assert "rollcall-undo" not in client.get(url(desk)).content.decode()
    response = tick(client, desk, 3, checked_in=False)
    assert response["Location"] == url(desk) + "?undo=3#p-3"
    assert not CheckIn.objects.exists()
    page = client.get(response["Location"].split("#")[0]).content.decode()
    bo = page[page.index('id="p-3"'):page.index('id="p-4"')]
    assert "Bo Park unticked." in bo and ">Undo</button>" in bo
    undo = bo[bo.index('class="rollcall-tick rollcall-undo"'):]
    assert 'name="checked_in" value="1"' in undo and 'name="player" value="3"' in undo
    assert page.count("rollcall-undo-button") == 1
    key = re.search(r'name="idempotency_key" value="([^"]+-3-undo)"', undo).group(1)
    again = tick(client, desk, 3, idempotency_key=key)
    assert again["Location"] == url(desk) + "#p-3"  # ticked: nothing more to undo
    assert list(CheckIn.objects.values_list("entrant__number", flat=True)) == [3]
    # A tick, or a name that is not unticked, offers no Undo.
    assert "rollcall-undo-button" not in client.get(url(desk) + "?undo=3").content.decode()
    assert "rollcall-undo-button" not in client.get(url(desk) + "?undo=x").content.decode()


def test_a_tap_in_the_background_answers_json_with_the_count(client, desk, people):
    client_for(client, people["dir"])
    response = tick(client, desk, 1, headers={"Accept": "application/json",
                                              "Idempotency-Key": "tap-1"})
    assert response.status_code == 200
    assert response.json() == {"player": 1, "checked_in": True, "here": 1, "expected": 4}
    again = tick(client, desk, 1, headers={"Accept": "application/json",
                                           "Idempotency-Key": "tap-1"})
    assert again.content == response.content
    assert AuditEntry.objects.filter(action="set_checkin").count() == 1
    states = client.get(reverse("arbiter:checkin_states", args=[desk.slug])).json()
    assert states == {"round": 1, "here": 1, "expected": 4, "checked_in": [1]}


def test_a_key_refusal_answers_json_to_the_script(client, desk, people):
    client_for(client, people["arb"])
    json_headers = {"Accept": "application/json", "Idempotency-Key": "tap-2"}
    assert tick(client, desk, 1, headers=json_headers).status_code == 200
    reused = tick(client, desk, 2, headers=json_headers)
    assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"
    bad = tick(client, desk, 2, headers={**json_headers, "Idempotency-Key": "two words"})
    assert bad.status_code == 400 and bad.json()["code"] == "idempotency_key_invalid"
    assert list(CheckIn.objects.values_list("entrant__number", flat=True)) == [1]


def test_a_double_tap_of_the_same_form_ticks_once(client, desk, people):
    client_for(client, people["arb"])
    page = client.get(url(desk)).content.decode()
    key = re.search(r'name="idempotency_key" value="([^"]+-1)"', page).group(1)
    first, second = (tick(client, desk, 1, idempotency_key=key) for _ in range(2))
    assert first.status_code == second.status_code == 302
    assert AuditEntry.objects.filter(action="set_checkin").count() == 1
    keys = re.findall(r'name="idempotency_key" value="([^"]+)"', page)
    assert len(set(keys)) == len(keys) == 4  # each name's form its own key


def test_a_bye_or_absence_is_shown_and_not_expected(client, desk, people):
    Attendance.objects.create(entrant=desk.entrants.get(number=1), round_number=1,
                              kind="half_bye")
    client_for(client, people["arb"])
    page = client.get(url(desk)).content.decode()
    assert "Half-point bye" in page and re.search(r"<strong>0</strong> of 3", page)


def test_once_the_round_is_paired_the_roll_moves_on_and_old_ticks_are_refused(
        client, desk, people):
    rounds.pair_round(desk, people["dir"])
    client_for(client, people["arb"])
    page = client.get(url(desk)).content.decode()
    assert "Roll call for round 2" in page
    response = tick(client, desk, 1, round_=1)
    assert response.status_code == 302 and not CheckIn.objects.exists()
    assert "Round 1 is already paired" in client.get(url(desk)).content.decode()
    refused = tick(client, desk, 1, round_=1, headers={"Accept": "application/json"})
    assert refused.status_code == 409 and "already paired" in refused.json()["detail"]


def test_only_the_events_officials(client, desk, people):
    for name in ("stranger", "nobody"):
        client_for(client, people[name])
        assert client.get(url(desk)).status_code == 403
        assert tick(client, desk, 1).status_code == 403
        assert client.get(reverse("arbiter:checkin_states", args=[desk.slug])).status_code \
            == 403
    client.logout()
    assert client.get(url(desk)).status_code == 302  # to sign in
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize("number", ["99", "\u00b2", "\u0663", "1_0", "-1", ""])
def test_an_unknown_or_unreadable_player_is_refused(client, desk, people, number):
    client_for(client, people["arb"])
    assert tick(client, desk, number).status_code == 302
    assert "Choose a player from the list." in client.get(url(desk)).content.decode()
    assert not CheckIn.objects.exists()


def test_names_sort_by_collation_under_their_folded_letter(client, desk, people):
    Entrant.objects.create(tournament=desk, number=6, name="\u0141ukasz Nowak")
    Entrant.objects.create(tournament=desk, number=7, name="Lukas Berg")
    Entrant.objects.create(tournament=desk, number=8, name="42 Club")
    client_for(client, people["arb"])
    page = client.get(url(desk)).content.decode()
    who = [w.strip() for w in re.findall(r'<span class="rollcall-who">([^<]+)', page)]
    assert who[:4] == ["ann Lee", "Bo Park", "Lukas Berg", "\u0141ukasz Nowak"]
    assert who[-2:] == ["Zoe Hart", "42 Club"]  # no initial letter: "#", last
    assert re.findall(r'id="letter-(.)"', page) == ["A", "B", "L", "S", "Z", "#"]


def test_linked_from_the_arbiters_home(client, desk, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:home")).content.decode()
    assert url(desk) in page and "Roll call for round 1" in page


def queries_for(people, players: int) -> tuple[int, int, int]:
    """Queries of the roll call page, its JSON and the API's list for `players` entrants."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournament.actions import events, tokens

    t = events.create_tournament(people["dir"], name=f"Roll of {players}")
    Entrant.objects.bulk_create(Entrant(tournament=t, number=n, name=f"P{n:03}")
                                for n in range(1, players + 1))
    for n in range(1, players + 1, 3):
        set_checkin(t, people["dir"], entrant=t.entrants.get(number=n), round_number=1,
                    checked_in=True)
    client = Client()
    client.force_login(people["dir"])
    key = tokens.issue(people["dir"], people["dir"])
    counts = []
    for url_, headers in ((url(t), {}),
                          (reverse("arbiter:checkin_states", args=[t.slug]), {}),
                          (f"/api/v1/tournaments/{t.slug}/checkins/",
                           {"Authorization": f"Token {key}"})):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url_, headers=headers).status_code == 200
        counts.append(len(ctx))
    return tuple(counts)


def test_the_roll_call_costs_the_same_queries_for_10_or_40_players(people):
    assert queries_for(people, 10) == queries_for(people, 40)
