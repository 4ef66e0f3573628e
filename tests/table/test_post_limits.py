"""The players' form posts are limited as the API's writes are, with a friendly page, and a
check-in leaves the event's public pages as they were (issue #33, point 5)."""

import pytest
from django.test import Client

from tournament.models import CheckIn, Match, Tournament
from tournament.web import revision

from .conftest import PlayerApi, key_for
from .test_pages import entry, phone

pytestmark = pytest.mark.django_db


def toggle(c, n):
    return c.post("/me/checkin/", {"round": "2", "checked_in": "yes" if n % 2 == 0 else "no"})


def test_a_card_toggling_check_in_is_stopped_with_the_too_many_page(accepting_event, board,
                                                                      settings):
    settings.API_RATE_LIMITS = {"write_per_card": "4/m", "write_per_address": "600/m"}
    mine = phone(key_for(accepting_event, board.side0.number), ip="10.5.0.1")
    assert [toggle(mine, n).status_code for n in range(4)] == [302] * 4
    assert not CheckIn.objects.exists()  # in, out, in, out
    refused = toggle(mine, 4)
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    page = refused.content.decode()
    assert "Too many at once" in page and "nothing was stored" in page
    assert "Your card sent too many" in page and 'href="/me/"' in page
    assert "no-store" in refused["Cache-Control"]
    assert not CheckIn.objects.exists()  # not carried out
    # The card's pages still open (a GET is never limited) ...
    assert all(mine.get("/me/").status_code == 200 for _ in range(10))
    # ... and another card at the same address still checks in.
    other = Match.objects.filter(round__tournament=accepting_event).exclude(side1=None) \
        .exclude(pk=board.pk).first()
    theirs = phone(key_for(accepting_event, other.side0.number), ip="10.5.0.1")
    assert toggle(theirs, 0).status_code == 302
    assert CheckIn.objects.filter(entrant=other.side0).exists()


def test_a_cards_api_writes_and_form_posts_share_its_limit(accepting_event, board, settings):
    settings.API_RATE_LIMITS = {"write_per_card": "2/m"}
    key = key_for(accepting_event, board.side0.number)
    api = PlayerApi(key)
    slug = accepting_event.slug
    assert api.send("post", f"/api/v1/tournaments/{slug}/checkin/", {"round": 2}
                    ).status_code == 200
    assert toggle(phone(key), 1).status_code == 302  # signing in is a post: counted too
    limited = api.send("delete", f"/api/v1/tournaments/{slug}/checkin/", {"round": 2})
    assert limited.status_code == 429 and "this player's card" in limited.json()["detail"]


def test_result_entry_and_answers_are_limited_per_address(accepting_event, board, settings):
    settings.API_RATE_LIMITS = {"write_per_address": "3/m"}
    side0 = phone(key_for(accepting_event, board.side0.number), ip="10.5.1.1")  # 1: sign-in
    url = f"/me/board/{board.pk}/"
    assert side0.post(url, entry()).status_code == 302  # 2
    side1 = phone(key_for(accepting_event, board.side1.number), ip="10.5.1.1")  # 3
    refused = side1.post(url, {"action": "accept", "version": "1"})
    assert refused.status_code == 429 and "from this network" in refused.content.decode()
    assert Match.objects.get(pk=board.pk).status == Match.Status.ENTERED  # not accepted
    elsewhere = phone(key_for(accepting_event, board.side1.number), ip="10.5.1.2")
    assert elsewhere.post(url, {"action": "accept", "version": "1"}).status_code == 302
    assert Match.objects.get(pk=board.pk).status == Match.Status.CONFIRMED


def test_a_check_in_does_not_change_what_the_public_pages_are_cached_by(accepting_event,
                                                                        board):
    slug = accepting_event.slug
    mine = phone(key_for(accepting_event, board.side0.number))
    theirs = PlayerApi(key_for(accepting_event, board.side1.number))
    public = Client()
    assert public.get(f"/{slug}/standings/").status_code == 200
    before = (revision.current(slug), Tournament.objects.get(pk=accepting_event.pk).change_id,
              public.get(f"/{slug}/revision.json").json())
    for n in range(6):
        toggle(mine, n)
    theirs.send("post", f"/api/v1/tournaments/{slug}/checkin/", {"round": 2})
    assert CheckIn.objects.count() == 1  # the changes were made ...
    after = (revision.current(slug), Tournament.objects.get(pk=accepting_event.pk).change_id,
             public.get(f"/{slug}/revision.json").json())
    assert after == before  # ... and the standings, pairings and polls stay cached
    assert mine.post(f"/me/board/{board.pk}/", entry()).status_code == 302
    assert revision.current(slug) != before[0]  # a result still shows at once
    assert Tournament.objects.get(pk=accepting_event.pk).change_id != before[1]
