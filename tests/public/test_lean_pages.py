"""A big round's page stays small (#14): 100 boards a page in compact markup, the A-Z list
a page of its own, find my board over every page; the standings page shows the tied
groups of its own rows."""

import re

import pytest
from django.urls import reverse

from tests.built_once import built_once
from tournament.demo.generate import generate_event
from tournament.models import Match, Tournament
from tournament.reads import history

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def twofifty_generated(django_db_setup, django_db_blocker):
    """250 players, round 2 live, generated once for the module's tests."""
    with built_once(django_db_blocker):
        yield generate_event(250, 2, slug="twofifty", seed=5, last_live=True).pk


@pytest.fixture
def big_live(twofifty_generated, db):
    """250 players, round 2 live: 125 boards, two pages of boards."""
    return Tournament.objects.get(pk=twofifty_generated)


def boards_on(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="board-(\d+)"', html)]


def test_boards_come_a_hundred_to_a_page_in_compact_markup(client, big_live):
    url = reverse("public:round", args=["twofifty", 2])
    first = client.get(url).content.decode()
    assert boards_on(first) == list(range(1, 101))
    assert boards_on(client.get(url, {"page": "2"}).content.decode()) == list(range(101, 126))
    assert client.get(url, {"page": "3"}).status_code == 404
    # The printable list has every board.
    assert boards_on(client.get(url, {"print": "1"}).content.decode()) == list(range(1, 126))
    # One line a board, no indentation between its cells.
    row = re.search(r'<tr id="board-7"[^>]*>.*?</tr>', first).group(0)
    assert "\n" not in row and "> <td" not in row and "  " not in row
    assert len(first.encode()) < 45_000


def test_the_a_to_z_list_is_its_own_page(client, big_live):
    url = reverse("public:round", args=["twofifty", 2])
    html = client.get(url).content.decode()
    assert 'class="alpha"' not in html and '<tr data-find="' not in html
    assert '<a class="button" href="?print=alpha">Players A–Z, with their boards</a>' in html
    alpha = client.get(url, {"print": "alpha"}).content.decode()
    assert len(re.findall(r'<tr data-find="', alpha)) == 250


def test_find_my_board_finds_someone_on_another_page(client, big_live):
    board = Match.objects.get(round__tournament=big_live, round__number=2, board=120)
    url = reverse("public:round", args=["twofifty", 2])
    html = client.get(url, {"find": str(board.side1.number)}).content.decode()
    answer = html.split('id="find-answer"')[1].split("</div>")[0]
    assert (f'<strong>{board.side1.name}</strong>, no.&nbsp;{board.side1.number}:\n      '
            f'board <strong><a href="?page=2#board-120">120</a></strong> against '
            f'<strong>{board.side0.name}</strong> ({board.side0.number}); '
            f'{board.side0.name} starts set 1.') in answer
    assert 'data-paged="1"' in html  # find.js asks the server too


def test_a_round_on_one_page_links_no_page(client, singles_event):
    html = client.get(reverse("public:round", args=["leek", 2]), {"find": "ann"}).content.decode()
    assert "board <strong>1</strong> against" in html and "data-paged" not in html


def test_the_standings_page_shows_the_groups_of_its_rows(client, big_live):
    url = reverse("public:standings", args=["twofifty"])
    rows = history.compute(big_live).rows
    groups = history.compute(big_live).groups

    def shown(html):
        return [int(n) for n in re.findall(r"points?, from place (\d+)</strong>", html)]

    def expected(page_rows):
        players = {row.player for row in page_rows}
        return [g.rank for g in groups if players.intersection(g.players)]

    page1 = client.get(url).content.decode()
    page3 = client.get(url, {"page": "3"}).content.decode()
    assert shown(page1) == expected(rows[:100])
    assert shown(page3) == expected(rows[200:])
    assert shown(page3) != shown(page1)
    assert "The groups with someone on this page." in page1
    everyone = client.get(url, {"per_page": "all"}).content.decode()
    assert shown(everyone) == [g.rank for g in groups]
    assert "The groups with someone on this page." not in everyone
