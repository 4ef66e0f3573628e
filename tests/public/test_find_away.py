"""Find my board also answers for whoever has no board this round, saying why."""

import re

import pytest
from django.urls import reverse

from tournament.models import Attendance, Entrant

from .conftest import make_pairs_event

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def answer(client, url, typed) -> str:
    response = client.get(url, {"find": typed})
    assert response.status_code == 200
    html = response.content.decode()
    return text_of(html.split('id="find-answer"')[1].split("</div>")[0]).removeprefix(
        'aria-live="polite"> ')


@pytest.fixture
def away(singles_event):
    """Round 2 of Leek Open, with five more entrants and no board for any of them."""
    def enter(number, name, **kw):
        return Entrant.objects.create(tournament=singles_event, number=number, name=name, **kw)

    flo, gus, ida = enter(6, "Flo Shaw"), enter(7, "Gus Tait"), enter(9, "Ida Wynn")
    enter(8, "Hal Vale", withdrawn_after_round=1)
    kit = enter(10, "Kit Reid")
    Attendance.objects.create(entrant=flo, round_number=2, kind="half_bye")
    Attendance.objects.create(entrant=gus, round_number=2, kind="absent")
    Attendance.objects.create(entrant=kit, round_number=2, kind="zero_bye")
    # Ida never had a board: a late entry. Flo and Gus had none in round 1 either.
    assert ida.pk
    return reverse("public:round", args=[singles_event.slug, 2])


def test_each_reason_for_no_board_is_the_answer(client, away):
    assert answer(client, away, "flo") == "Flo Shaw , no.&nbsp;6: half-point bye this round."
    assert answer(client, away, "7") == "Gus Tait , no.&nbsp;7: absent this round."
    assert answer(client, away, "kit reid") == (
        "Kit Reid , no.&nbsp;10: zero-point bye this round.")
    assert answer(client, away, "vale") == (
        "Hal Vale , no.&nbsp;8: withdrawn after round 1: not paired any more.")
    assert answer(client, away, "wynn") == (
        "Ida Wynn , no.&nbsp;9: not paired this round (entered late).")
    # Those on a board are answered as before.
    assert answer(client, away, "ann") == (
        "Ann Lee , no.&nbsp;1: board 1 against Cy Hale (3); Cy Hale starts set 1.")
    assert answer(client, away, "4").endswith("the bye this round (board 3).")


def test_the_list_of_who_is_not_paired_carries_why_for_the_script(client, away):
    html = client.get(away).content.decode()
    not_paired = html.split('class="not-paired"')[1].split("</ul>")[0]
    assert re.findall(r'<a href="/leek/player/(\d+)/" data-away="([^"]*)" data-find="[^"]*">',
                      not_paired) == [
        ("6", "half-point bye this round"), ("7", "absent this round"),
        ("8", "withdrawn after round 1: not paired any more"),
        ("9", "not paired this round (entered late)"), ("10", "zero-point bye this round")]


def test_the_a_to_z_list_lists_them(client, away):
    html = client.get(away, {"print": "alpha"}).content.decode()
    alpha = html.split('class="alpha"')[1]
    row = re.search(r'<tr[^>]*data-number="6"[^>]*>.*?</tr>', alpha, re.S).group(0)
    assert 'data-away="half-point bye this round"' in row
    cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    assert cells == ["Flo Shaw (6)", "—", "0", "half-point bye this round", "—"]
    # Everyone on a board has no data-away.
    ann = re.search(r'<tr[^>]*data-number="1"[^>]*>', alpha).group(0)
    assert "data-away" not in ann
    assert sorted(map(int, re.findall(r'data-number="(\d+)"', alpha))) == list(range(1, 11))


def test_a_partner_finds_the_pair_s_bye(client, db):
    t = make_pairs_event()
    pair = Entrant.objects.create(tournament=t, number=4, name="Shaw & Tait", members=[
        {"name": "Flo Shaw"}, {"name": "Gus Tait"}])
    Attendance.objects.create(entrant=pair, round_number=1, kind="half_bye")
    url = reverse("public:round", args=[t.slug, 1])
    assert answer(client, url, "gus") == (
        "Gus Tait (Shaw &amp; Tait), no.&nbsp;4: half-point bye this round.")
    assert answer(client, url, "4") == "Shaw &amp; Tait , no.&nbsp;4: half-point bye this round."


def test_a_pairing_bye_says_bye_in_the_a_to_z_list(client, singles_event):
    html = client.get(reverse("public:round", args=[singles_event.slug, 2]),
                      {"print": "alpha"}).content.decode()
    row = re.search(r'<tr[^>]*data-number="4"[^>]*>.*?</tr>', html.split('class="alpha"')[1],
                    re.S).group(0)
    cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    assert cells[1:] == ["3", "0", "bye", "—"]
