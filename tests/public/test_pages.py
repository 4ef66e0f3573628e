import pytest
from django.core.cache import caches
from django.urls import reverse

from tournament.models import Round, Tournament

from .conftest import SCRIPT

pytestmark = pytest.mark.django_db


def page(client, name, *args, status=200, **query):
    response = client.get(reverse(f"public:{name}", args=args), query)
    assert response.status_code == status, response.content[:500]
    return response.content.decode()


def test_events_lists_events_with_status_and_rounds(client, singles_event):
    Tournament.objects.create(name="Crewe Cup", slug="crewe")
    html = page(client, "events")
    assert "Leek Open" in html and 'href="/leek/"' in html
    assert "2 / 5" in html  # the draft round 3 is not counted
    assert "In play" in html
    assert "Crewe Cup" in html and "Registration" in html


def test_event_home_summarises_the_live_round_and_refreshes(client, singles_event):
    html = page(client, "event", "leek")
    assert "Round 2 in play" in html
    assert "1 of 2 boards finished, 1 awaiting confirmation" in html
    assert '<noscript><meta http-equiv="refresh" content="60"></noscript>' in html
    assert 'data-revision-url="/leek/revision.json"' in html and "js/live.js" in html
    assert "head to head, then points spread, then Sonneborn-Berger" in html
    assert 'href="/leek/round/3/"' not in html
    assert reverse("public:player", args=["leek", 5]) in html


def test_no_refresh_once_the_event_is_finished(client, singles_event):
    singles_event.rounds.filter(number=2).update(status=Round.Status.CLOSED)
    html = page(client, "event", "leek")
    assert 'http-equiv="refresh"' in html  # between rounds: the next one is news
    Tournament.objects.filter(pk=singles_event.pk).update(status=Tournament.Status.FINISHED)
    for c in caches.all():  # changed behind the actions' back: no new revision
        c.clear()
    html = page(client, "event", "leek")
    assert 'http-equiv="refresh"' not in html and "live.js" not in html
    assert 'data-finished="1"' in html


def test_round_shows_set_scores_forfeits_and_byes(client, singles_event):
    html = page(client, "round", "leek", 1)
    assert "2–1 (61–40, 52–61, 61–58)" in html
    assert "Cy Hale wins by forfeit" in html
    assert "bye" in html
    # Board order and who starts: Ann Lee starts board 1.
    assert html.index("Ann Lee") < html.index("Bo Park") < html.index("Cy Hale")


def test_unconfirmed_result_is_hidden(client, singles_event):
    html = page(client, "round", "leek", 2)
    assert "2–0 (61–30, 61–50)" in html
    assert "awaiting confirmation" in html
    assert "61–20" not in html and "61–25" not in html


def test_unconfirmed_result_shows_when_no_confirmation_is_asked(client, singles_event):
    Tournament.objects.filter(pk=singles_event.pk).update(require_confirmation=False)
    html = page(client, "round", "leek", 2)
    assert "2–0 (61–20, 61–25)" in html


def test_draft_round_is_404_everywhere(client, singles_event):
    page(client, "round", "leek", 3, status=404)
    page(client, "round", "leek", 9, status=404)
    page(client, "round_csv", "leek", 3, status=404)
    html = page(client, "player", "leek", 1)
    assert "Di Fox" not in html.split("<table")[1]  # round 3 pairing Ann – Di is a draft


def test_unknown_event_and_player_are_404(client, singles_event):
    page(client, "event", "nope", status=404)
    page(client, "player", "leek", 99, status=404)


def test_printable_pairings_and_slips(client, singles_event):
    html = page(client, "round", "leek", 2, print="1")
    assert 'http-equiv="refresh"' not in html
    assert "Cy Hale" in html
    slips = page(client, "round", "leek", 1, print="slips")
    assert slips.count('class="slip"') == 2  # no slip for the bye
    assert "board 1" in slips and "Signed" in slips
    assert 'http-equiv="refresh"' not in slips


def test_crosstable_cells(client, singles_event):
    html = page(client, "crosstable", "leek")
    ann_row = html[html.index(">Ann Lee<"):].split("</tr>")[0]
    assert "2w1" in ann_row  # met no. 2, started set 1, won
    assert "3b0" in ann_row  # met no. 3, who started, lost
    cy_row = html[html.index(">Cy Hale<"):].split("</tr>")[0]
    assert "4w+" in cy_row  # forfeit win
    bo_row = html[html.index(">Bo Park<"):].split("</tr>")[0]
    assert "5b…" in bo_row  # awaiting confirmation


def test_player_page_round_by_round(client, singles_event):
    html = page(client, "player", "leek", 1)
    assert "2–1 (61–40, 52–61, 61–58)" in html
    assert "0–2 (30–61, 50–61)" in html  # Ann's side of round 2
    assert "+15" in html and "-42" in html
    assert "Points spread: <strong>-42</strong>" in html
    assert "Leek DC" in html


def test_names_are_escaped_everywhere(client, singles_event):
    for name, args in [("events", ()), ("event", ("leek",)), ("round", ("leek", 1)),
                       ("round", ("leek", 2)), ("standings", ("leek",)),
                       ("crosstable", ("leek",)), ("player", ("leek", 4)),
                       ("player", ("leek", 3))]:
        html = page(client, name, *args)
        assert SCRIPT not in html, name
    html = page(client, "standings", "leek")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_bad_after_round_is_a_clear_400(client, singles_event):
    html = page(client, "standings", "leek", status=400, after_round="3")
    assert "between 1 and 2" in html
    html = page(client, "standings", "leek", status=400, after_round="two")
    assert "must be a round number" in html
