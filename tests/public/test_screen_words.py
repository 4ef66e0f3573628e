"""What the screens say, in the words a player or director uses (issue 33, point 20): when
a result counts under each entry policy, a draft round 1 is not "Registration" to the
director, status badges in one case, one set of slip columns for every board."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import entrants, events, results, rounds
from tournament.models import Match, Tournament

pytestmark = pytest.mark.django_db


def four(director, **settings) -> Tournament:
    event = events.create_tournament(director, name="Words Open", **settings)
    entrants.import_entrants(event, director, "name,club\nAnn Lee,Leek\nBo Park,Stoke\n"
                                              "Cy Hale,Leek\nDi Fox,Bath\n")
    return event


@pytest.mark.parametrize("policy, words", [
    ("officials", "A result appears once it counts (once an official confirms it)."),
    ("players_accept", "A result appears once it counts (once the opponent accepts it, or "
                       "an official confirms it)."),
    ("players_then_official", "A result appears once it counts (once the opponent accepts "
                              "it and an official confirms it)."),
])
def test_the_round_page_says_what_makes_a_result_count(client, director, policy, words):
    event = four(director, entry_policy=policy)
    rounds.publish_round(rounds.pair_round(event, director), director)
    page = client.get(reverse("public:round", args=[event.slug, 1])).content.decode()
    assert words in page
    assert "arbiter confirms" not in page


def test_at_once_the_round_page_names_no_confirmation(client, director):
    event = four(director, require_confirmation=False)
    rounds.publish_round(rounds.pair_round(event, director), director)
    page = client.get(reverse("public:round", args=[event.slug, 1])).content.decode()
    assert "A result appears once it counts." in page


def test_a_draft_round_one_is_not_registration_to_the_director(client, client_for, director):
    event = four(director)
    dc = client_for(director)
    assert "<span class=\"badge\">Registration</span>" in dc.get(
        reverse("director:event", args=[event.slug])).content.decode()
    rounds.pair_round(event, director)
    for url in (reverse("director:event", args=[event.slug]), reverse("director:home")):
        page = dc.get(url).content.decode()
        assert "Round 1 paired as a draft" in page and "Registration" not in page, url
    # The public knows nothing of the draft yet.
    assert "Registration" in client.get(reverse("public:event", args=[event.slug])).content \
        .decode()
    rounds.publish_round(event.rounds.get(number=1), director)
    event.refresh_from_db()
    assert event.officials_status == "In play"


def test_a_boards_history_writes_every_status_with_a_capital(client_for, director):
    event = four(director)
    rounds.publish_round(rounds.pair_round(event, director), director)
    match = Match.objects.filter(round__tournament=event).order_by("board").first()
    arnie = User.objects.create_user("arnie", password="pw-123456")
    events.add_official(event, director, username="arnie")
    results.submit_result(match.pk, arnie, version=match.version, record={
        "format": "fives-and-threes-match/1", "ruleset": "mso",
        "players": [match.side0.name, match.side1.name],
        "sets": [{"score": [61, 40]}, {"score": [61, 50]}]})
    match.refresh_from_db()
    results.confirm_result(match.pk, director, version=match.version)
    page = client_for(director).get(reverse("arbiter:history", args=[match.pk])).content \
        .decode()
    assert 'class="badge entered">Entered<' in page
    assert 'class="badge confirmed">Confirmed<' in page


def test_slips_and_printed_sheets_share_one_table(client, client_for, director):
    event = four(director)
    rounds.publish_round(rounds.pair_round(event, director), director)
    slips = client.get(reverse("public:round", args=[event.slug, 1]) + "?print=slips")
    assert slips.content.decode().count('<table class="set-slip">') == 2
    sheets = client_for(director).get(reverse("arbiter:print", args=[event.slug, 1]))
    assert sheets.content.decode().count('<table class="set-slip">') == 2
