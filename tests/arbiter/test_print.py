"""The arbiters' printable list of a round: a card per board with names, who starts,
blank set boxes and a QR code of the board's entry page; officials only."""

import re
from html import escape

import pytest
from django.urls import reverse

from tournament.common import qr
from tournament.models import Entrant, Match, Official, Round, Tournament

from .conftest import EVIL, client_for

pytestmark = pytest.mark.django_db


def print_url(t, number=1):
    return reverse("arbiter:print", args=[t.slug, number])


def test_the_url_is_the_round_s_print_page(round1):
    assert print_url(round1["t"]) == f"/arbiter/{round1['t'].slug}/round/1/print/"


def test_anonymous_is_sent_to_sign_in(client, round1):
    response = client.get(print_url(round1["t"]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")


@pytest.mark.parametrize("who", ["stranger", "nobody"])
def test_anyone_but_an_official_gets_the_403_page(client, round1, people, who):
    client_for(client, people[who])
    response = client.get(print_url(round1["t"]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "You are not an arbiter or director of Spring Open." in page
    assert "<svg" not in page and reverse("arbiter:match", args=[round1["match"].pk]) not in page


def test_an_unknown_round_is_a_404(client, round1, people):
    client_for(client, people["arb"])
    assert client.get(print_url(round1["t"], 9)).status_code == 404


@pytest.mark.parametrize("who", ["arb", "dir"])
def test_each_board_has_names_starter_blank_sets_and_the_qr_of_its_entry_page(
        client, round1, people, who):
    client_for(client, people[who])
    response = client.get(print_url(round1["t"]))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]  # the entry links stay off shared caches
    page = response.content.decode()
    m = round1["match"]
    url = f"http://testserver{reverse('arbiter:match', args=[m.pk])}"
    # The QR code is exactly segno's code of the board's absolute entry URL, named for
    # screen readers; the URL is printed under it too.
    assert str(qr.svg(url, title="Board 1: enter the result")) in page
    assert f'<p class="print-url">{url}</p>' in page
    assert 'aria-label="Board 1: enter the result"' in page
    assert page.count("<svg") == 1  # the bye has no code: nothing to enter
    # Names, escaped; the pairing's first player starts set 1 and the sets alternate.
    assert EVIL not in page and escape(EVIL) in page
    assert "Starts set 1: <strong>Ann Lee</strong>" in page
    rows = re.findall(r"<tr><td>(\d)</td><td>([^<]*)</td>"
                      r'<td class="blank"></td><td class="blank"></td></tr>', page)
    assert rows == [("1", "Ann Lee"), ("2", escape(EVIL)), ("3", "Ann Lee")]
    assert "<em>Bye</em>: no result to enter." in page and "Cy Dunn" in page
    # It says which round and when it was printed, and has print CSS.
    assert "Spring Open · round 1 · 2 boards · printed " in page
    assert "css/arbiter.css" in page


def test_a_director_s_change_of_the_first_set_starter_is_printed(client, round1, people):
    Match.objects.filter(pk=round1["match"].pk).update(first_set_starter=1)
    client_for(client, people["arb"])
    page = client.get(print_url(round1["t"])).content.decode()
    assert (f"Starts set 1: <strong>{escape(EVIL)}</strong> "
            '<span class="muted">(set by the director)</span>') in page
    rows = re.findall(r"<tr><td>(\d)</td><td>([^<]*)</td>", page)
    assert rows == [("1", escape(EVIL)), ("2", "Ann Lee"), ("3", escape(EVIL))]


def test_the_boards_page_links_to_the_list(client, round1, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:round", args=[round1["t"].slug, 1])).content.decode()
    assert f'href="{print_url(round1["t"])}"' in page


@pytest.fixture
def pairs_draft(people):
    t = Tournament.objects.create(name="Pairs Cup", slug="pairs-cup", ruleset="bndcc",
                                  entrants_kind="pairs", rounds_planned=3)
    Official.objects.create(tournament=t, user=people["arb"], role=Official.Role.ARBITER)
    lee = Entrant.objects.create(tournament=t, number=1, name="Lee & Park", members=[
        {"name": "Ann Lee"}, {"name": "Bo Park"}])
    hale = Entrant.objects.create(tournament=t, number=2, name="Hale & Fox", members=[
        {"name": "Cy Hale"}, {"name": EVIL}])
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.DRAFT)
    Match.objects.create(round=r1, board=1, side0=lee, side1=hale)
    return t


def test_a_pairs_event_names_the_partners_and_leaves_drawn_starters_blank(
        client, pairs_draft, people):
    client_for(client, people["arb"])
    page = client.get(print_url(pairs_draft)).content.decode()
    assert '<span class="members">Ann Lee &amp; Bo Park</span>' in page
    assert f'<span class="members">Cy Hale &amp; {escape(EVIL)}</span>' in page
    assert "round 1 (draft: not published yet)" in page
    assert "who starts each set is drawn at the table" in page
    assert "Starts set 1:" not in page
    rows = re.findall(r'<tr><td>(\d)</td><td class="blank"></td>', page)
    assert rows == ["1", "2", "3"]


def test_a_pairs_event_under_mso_names_the_starting_seat(client, pairs_draft, people):
    Tournament.objects.filter(pk=pairs_draft.pk).update(ruleset="mso")
    client_for(client, people["arb"])
    page = client.get(print_url(pairs_draft)).content.decode()
    rows = re.findall(r"<tr><td>(\d)</td><td>([^<]*)</td>", page)
    assert rows == [("1", "Lee &amp; Park (seat A1)"), ("2", "Hale &amp; Fox (seat B1)"),
                    ("3", "Lee &amp; Park (seat A2)")]
