"""The hall display and the festival page: screens, parameters and their errors, pages cut
to fit (never scrolling), the series' hall, hidden events, the festival's A-Z list, and a
fixed number of queries whatever the number of entrants."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournament.actions.clock import start
from tournament.models import Match, Series, Tournament
from tournament.public import hall
from tournament.text.collation import name_key

from .conftest import venue_make

pytestmark = pytest.mark.django_db


def pages_of(html, kind=None):
    marker = 'class="hall-page' + (f" kind-{kind}" if kind else "")
    return html.count(marker)


def test_the_hall_shows_the_round_its_clock_and_a_qr_code(venue_event, venue_round,
                                                          plain_director):
    start(venue_round, plain_director, minutes=45)
    r = Client().get(f"/{venue_event.slug}/hall/")
    html = r.content.decode()
    assert r.status_code == 200
    assert 'data-state="running"' in html and ("45:00" in html or "44:5" in html)
    assert '<svg' in html and f"http://testserver/{venue_event.slug}/" in html
    # No controls: no form, no button, no link to follow on a television.
    assert "<form" not in html and "<button" not in html
    assert pages_of(html, "pairings") == 1 and pages_of(html, "alpha") == 1
    assert pages_of(html, "results") == 1 and pages_of(html, "standings") == 1
    assert pages_of(html, "bracket") == 0  # no knock-out stage
    assert 'data-seconds="15"' in html and "js/hall.js" in html


def test_screens_and_seconds_pick_what_shows(venue_event):
    html = Client().get(f"/{venue_event.slug}/hall/?screens=standings,pairings&seconds=30"
                        ).content.decode()
    assert pages_of(html) == 2 and 'data-seconds="30"' in html
    assert html.index("kind-standings") < html.index("kind-pairings")


@pytest.mark.parametrize("query, words", [
    ("screens=pairings,scores", "Unknown screens: &#x27;scores&#x27;"),
    ("screens=", "Unknown screens: none"),
    ("seconds=2", "seconds must be a whole number from 5 to 300"),
    ("seconds=ten", "not &#x27;ten&#x27;"),
    ("seconds=301", "from 5 to 300"),
])
def test_bad_parameters_are_a_clear_400_listing_the_valid_ones(venue_event, query, words):
    r = Client().get(f"/{venue_event.slug}/hall/?{query}")
    html = r.content.decode()
    assert r.status_code == 400 and words in html
    for name in hall.SCREENS:
        assert f"<code>{name}</code>" in html


def test_long_lists_are_cut_into_pages(plain_director):
    t = venue_make(plain_director, name="Big Hall", players=50)
    html = Client().get(f"/{t.slug}/hall/").content.decode()
    # 25 boards: 3 pages of at most ROWS; 50 names: 2 pages of 3 x ROWS; standings 5.
    assert pages_of(html, "pairings") == 3 and "boards (1 of 3)" in html
    assert pages_of(html, "alpha") == 2 and pages_of(html, "standings") == 5
    assert html.count('board-no">') == 25
    page_one = html.split("kind-pairings")[1].split("</article>")[0]
    assert page_one.count('board-no">') == hall.ROWS


def test_a_hidden_events_hall_is_not_there_for_the_public(venue_event, plain_director,
                                                          client_for):
    Tournament.objects.filter(pk=venue_event.pk).update(hidden=True)
    assert Client().get(f"/{venue_event.slug}/hall/").status_code == 404
    assert client_for(plain_director).get(f"/{venue_event.slug}/hall/").status_code == 200


def test_the_hall_reads_a_fixed_number_of_queries(plain_director):
    small = venue_make(plain_director, name="Small Hall", players=8)
    big = venue_make(plain_director, name="Large Hall", players=60)
    counts = []
    for t in (small, big):
        with CaptureQueriesContext(connection) as ctx:
            assert Client().get(f"/{t.slug}/hall/").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_the_festival_reads_a_fixed_number_of_queries_per_event(plain_director):
    counts = []
    for n, players in enumerate((6, 40)):
        t = venue_make(plain_director, name=f"Counted {n}", players=players)
        s = Series.objects.create(name=f"Counted {n}", slug=f"counted-{n}")
        s.events.add(t)
        with CaptureQueriesContext(connection) as ctx:
            assert Client().get(f"/series/{s.slug}/festival/").status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def festival_of(plain_director):
    a = venue_make(plain_director, name="Festival Singles", players=6)
    b = venue_make(plain_director, name="Festival Minor", players=5)
    hidden = venue_make(plain_director, name="Festival Secret", players=4)
    Tournament.objects.filter(pk=hidden.pk).update(hidden=True)
    s = Series.objects.create(name="Leek Festival", slug="leek-festival")
    s.events.add(a, b, hidden)
    return s, a, b, hidden


def test_the_series_hall_cycles_through_its_public_events(plain_director):
    s, a, b, hidden = festival_of(plain_director)
    html = Client().get(f"/series/{s.slug}/hall/?screens=pairings").content.decode()
    assert html.count('class="hall-event"') == 2
    assert a.name in html and b.name in html and hidden.name not in html
    assert Client().get(f"/series/{s.slug}/hall/?seconds=1").status_code == 400
    assert Client().get("/series/nothing/hall/").status_code == 404


def test_the_festival_page_lists_events_clocks_and_everyone_a_to_z(plain_director):
    s, a, b, hidden = festival_of(plain_director)
    start(a.rounds.get(number=1), plain_director, minutes=30)
    html = Client().get(f"/series/{s.slug}/festival/").content.decode()
    assert a.name in html and b.name in html and hidden.name not in html
    assert html.count('class="round-clock') == 2 and 'data-state="running"' in html
    # One A-Z list across the events: 6 + 5 names, each with its event.
    table = html.split('id="alpha-title"')[1]
    assert table.count("<tr>") == 1 + 11
    rows = re.findall(r"<tr><td>([^<]+)</td><td><a [^>]+>([^<]+)</a>", table)
    expected = sorted([(e.name, a.name) for e in a.entrants.all()]
                      + [(e.name, b.name) for e in b.entrants.all()],
                      key=lambda x: (name_key(x[0]), x[1]))
    assert rows == expected


def test_find_my_board_across_the_festival_folds_as_the_round_page(plain_director):
    s, a, b, hidden = festival_of(plain_director)
    from tournament.models import Entrant
    Entrant.objects.filter(tournament=b, number=1).update(name="Zoë O’Brien")
    Entrant.objects.filter(tournament=hidden, number=1).update(name="Zoe Secret")
    html = Client().get(f"/series/{s.slug}/festival/?find=zoe obrien").content.decode()
    answer = html.split('aria-live="polite"')[1].split("</div>")[0]
    assert "Zoë O’Brien" in answer and b.name in answer and "Secret" not in answer
    m = Match.objects.filter(round__tournament=b, side0__number=1).first() or \
        Match.objects.filter(round__tournament=b, side1__number=1).first()
    assert f"board <strong>{m.board}</strong>" in answer or "bye" in answer
    nobody = Client().get(f"/series/{s.slug}/festival/?find=nobody").content.decode()
    assert "Nobody matches" in nobody


def test_names_are_escaped_on_the_hall_and_the_festival(venue_event):
    from tournament.models import Entrant
    Entrant.objects.filter(tournament=venue_event, number=1).update(
        name="<script>alert(1)</script>")
    s = Series.objects.create(name="Escaped", slug="escaped")
    s.events.add(venue_event)
    for url in (f"/{venue_event.slug}/hall/", f"/series/{s.slug}/hall/",
                f"/series/{s.slug}/festival/"):
        html = Client().get(url).content.decode()
        assert "<script>alert" not in html and "&lt;script&gt;alert(1)" in html


def test_a_knock_out_shows_its_bracket_and_no_standings(plain_director):
    from tournament.actions import entrants, events, rounds, stages
    t = events.create_tournament(plain_director, name="Hall Cup")
    entrants.import_entrants(t, plain_director, "name,club\n" + "\n".join(
        f"Cup {i},Club" for i in range(8)))
    stages.change_stage(t.stages.get(), plain_director, kind="knockout", seeding="draw",
                        lot_seed="hall-cup")
    rounds.publish_round(rounds.pair_round(t, plain_director), plain_director)
    html = Client().get(f"/{t.slug}/hall/").content.decode()
    assert pages_of(html, "bracket") == 3  # quarter-finals, semi-finals, final
    assert "Bracket: Quarter-finals" in html and pages_of(html, "standings") == 0
    quarter = html.split("Bracket: Quarter-finals")[1].split("</article>")[0]
    assert quarter.count("<li>") == 4
