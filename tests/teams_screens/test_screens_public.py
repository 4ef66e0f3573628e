"""The public's division pages: fixtures by date and by team, a team match with every
board, the division table (live, ordered, ties explained), a team's page; each in a fixed
number of queries; a hidden event not found."""

import pytest
from django.urls import reverse

from tournament.actions import events
from tournament.models import Match

from .conftest import FIRST_NIGHT, play_night

pytestmark = pytest.mark.django_db


def team_matches(division):
    return list(Match.objects.filter(round__tournament=division, team_match__isnull=True)
                .exclude(side1=None).select_related("side0", "side1").order_by("board"))


def test_the_event_page_links_the_league(division, client):
    page = client.get(f"/{division.slug}/").content.decode()
    assert reverse("public:league_table", args=[division.slug]) in page
    assert reverse("public:fixtures", args=[division.slug]) in page
    assert "3 singles to 61 (first to 2 sets)" in page
    team = division.entrants.order_by("number").first()
    assert reverse("public:team", args=[division.slug, team.number]) in page
    assert "Cross-table" not in page  # a division has its table instead


def test_fixtures_by_date_and_by_team(division, client):
    first, second = team_matches(division)
    page = client.get(f"/{division.slug}/fixtures/").content.decode()
    assert FIRST_NIGHT.strftime("%A") in page and "14 September 2026" in page
    assert first.side0.name in page and second.side1.name in page
    assert f"at {first.side0.venue}" in page
    mine = client.get(f"/{division.slug}/fixtures/?team={first.side0.number}").content.decode()
    listed = mine.split('<ul class="fixtures">')[1]
    assert first.side1.name in listed and second.side0.name not in listed
    bad = client.get(f"/{division.slug}/fixtures/?team=99")
    assert bad.status_code == 400 and "no team number 99" in bad.content.decode()


def test_a_team_match_page_shows_lineups_only_once_both_are_in(division, first_match, client):
    from tournament.actions import lineups

    from .conftest import key_of

    url = reverse("public:team_match", args=[division.slug, first_match.pk])
    lineups.set_lineup(first_match.pk, key_of(first_match.side0, 1), lineup=[[0], [1], [2]])
    page = client.get(url).content.decode()
    assert first_match.side0.members[0]["name"] not in page
    assert page.count("lineup not shown yet") == 6
    play_night(first_match, winners=(0, 1, 0))
    page = client.get(url).content.decode()
    assert first_match.side0.members[0]["name"] in page
    assert first_match.side1.members[2]["name"] in page
    assert "2–1" in page and "61–40, 61–30" in page
    assert f"{first_match.side0.name} won, 2–1 in boards" in page


def test_the_table_is_live_ordered_and_explains_ties(division, client):
    first, second = team_matches(division)
    url = reverse("public:league_table", args=[division.slug])
    page = client.get(url).content.decode()
    assert "3 for a win" in page and "1 instead for a loss by at most 1 board" in page
    play_night(first, winners=(0, 0, 1))  # 2-1: home 3, away 1 (a close loss)
    page = client.get(url).content.decode()
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr")
    assert first.side0.name in rows[1] and first.side1.name in rows[2]
    play_night(second, winners=(0, 0, 1))
    page = client.get(url).content.decode()
    # Two winners level on everything, who have not met: they share first place.
    assert "=1" in page and "share the place" in page
    assert "How tied teams were separated" in page


def test_a_teams_page(division, first_match, client):
    team = first_match.side0
    page = client.get(reverse("public:team", args=[division.slug, team.number])).content.decode()
    assert team.members[1]["name"] in page and "captain" in page
    assert "Home venue: The Swan" in page or f"Home venue: {team.venue}" in page
    assert first_match.side1.name in page
    assert client.get(reverse("public:team", args=[division.slug, 99])).status_code == 404


def test_query_counts_do_not_grow_with_the_boards(division, client, django_assert_num_queries):
    first, second = team_matches(division)
    play_night(first)
    urls = {f"/{division.slug}/fixtures/": 8, f"/{division.slug}/table/": 6,
            reverse("public:team_match", args=[division.slug, first.pk]): 7,
            reverse("public:team", args=[division.slug, first.side0.number]): 8}
    for url, count in urls.items():
        with django_assert_num_queries(count):
            assert client.get(url, HTTP_COOKIE="sessionid=x").status_code == 200
    play_night(second)
    for url, count in urls.items():
        with django_assert_num_queries(count):
            assert client.get(url, HTTP_COOKIE="sessionid=x").status_code == 200


def test_a_hidden_league_is_not_found(division, first_match, client, director, client_for,
                                      other_director):
    # Hidden before round 1 (the only time it can be), its rounds paired since.
    type(division).objects.filter(pk=division.pk).update(hidden=True)
    urls = [f"/{division.slug}/fixtures/", f"/{division.slug}/table/",
            reverse("public:team_match", args=[division.slug, first_match.pk]),
            reverse("public:team", args=[division.slug, first_match.side0.number])]
    for url in urls:
        assert client.get(url).status_code == 404
        assert client_for(other_director).get(url).status_code == 404
        assert client_for(director).get(url).status_code == 200


def test_a_singles_event_has_no_league_pages(client, director):
    event = events.create_tournament(director, name="Spring Open")
    assert client.get(f"/{event.slug}/table/").status_code == 404
    assert client.get(f"/{event.slug}/fixtures/").status_code == 404
