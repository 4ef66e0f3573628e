"""What spectators read (issue 22): the headers say whose column it is, a pairs event
names pairs, the site has an icon, and the sign-in page speaks to officials only."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db


def headers(html, table_class):
    table = re.search(rf'<table[^>]*class="{table_class}".*?</thead>', html, re.S).group(0)
    return [re.sub(r"<[^>]+>", "", h).strip()
            for h in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)]


def test_round_page_headers_say_whose_points(client, singles_event):
    html = client.get(reverse("public:round", args=[singles_event.slug, 2])).content.decode()
    cols = headers(html, "pairings")
    assert len(cols) == len(set(cols)), cols
    assert cols.index("Pts") == cols.index("Starts (set 1)") + 1
    assert cols.index("Opp. pts") == cols.index("Opponent") + 1


def test_pairs_crosstable_says_pair(client, pairs_event):
    html = client.get(reverse("public:crosstable", args=[pairs_event.slug])).content.decode()
    cols = headers(html, "crosstable")
    assert "Pair" in cols and "Player" not in cols


def test_singles_crosstable_says_player(client, singles_event):
    html = client.get(reverse("public:crosstable", args=[singles_event.slug])).content.decode()
    assert "Player" in headers(html, "crosstable")


def test_every_page_has_a_favicon(client, singles_event):
    html = client.get(reverse("public:events")).content.decode()
    link = re.search(r'<link rel="icon" type="image/svg\+xml" href="([^"]+)"', html)
    assert link and link.group(1).endswith("favicon.svg")
    assert finders.find("img/favicon.svg")


def test_sign_in_page_gives_the_public_no_commands(client):
    html = client.get(reverse("login")).content.decode()
    assert "manage.py" not in html and "createsuperuser" not in html
    assert "Ask the person who runs your event" in html


@pytest.mark.parametrize("path, query", [
    ("standings", {"print": "1"}), ("round", {"print": "1"}), ("round", {"print": "slips"})])
def test_print_views_say_the_time_of_printing_not_of_caching(client, singles_event, monkeypatch,
                                                             path, query):
    from tournament.public import printed

    args = [singles_event.slug] if path == "standings" else [singles_event.slug, 2]
    url = reverse(f"public:{path}", args=args)
    monkeypatch.setattr(printed, "now_text", lambda: "1 Dec 2026, 10:00")
    first = client.get(url, query)
    monkeypatch.setattr(printed, "now_text", lambda: "1 Dec 2026, 10:45")
    again = client.get(url, query, HTTP_IF_NONE_MATCH=first.get("ETag", '"x"'))
    assert "printed 1 Dec 2026, 10:00" in first.content.decode().replace("Printed", "printed")
    assert again.status_code == 200  # never a 304 of the earlier printout
    html = again.content.decode()
    assert "10:45" in html and "10:00" not in html and printed.MARK not in html
    assert "ETag" not in again


def test_a_name_cannot_forge_the_printed_mark(client, singles_event):
    from tournament.models import Entrant
    from tournament.public import printed

    Entrant.objects.filter(tournament=singles_event, number=1).update(name=printed.MARK)
    html = client.get(reverse("public:standings", args=[singles_event.slug]),
                      {"print": "1"}).content.decode()
    assert html.count(printed.now_text()) == 1


def test_standings_say_ahead_of_and_behind_and_what_the_spread_leaves_out(client, singles_event):
    html = client.get(reverse("public:standings", args=[singles_event.slug])).content.decode()
    placed = re.findall(r'<td class="explain hide-small">([^<]*)</td>', html)
    assert placed and not any(" against " in p for p in placed)
    assert any(re.search(r"by points spread: [+\-−]?\d+, (behind|ahead of) ", p)
               for p in placed), placed
    help_box = html.split('class="no-print tiebreak-help"')[1].split("</details>")[0]
    assert "<dt>Points spread</dt>" in help_box
    assert "leaving out the player&#x27;s best round" in help_box


def test_after_round_choice_has_its_own_address(client, singles_event):
    html = client.get(reverse("public:standings", args=[singles_event.slug])).content.decode()
    form = html.split('class="no-print after-round"')[1].split("</form>")[0]
    assert 'name="after_round"' in form and "onchange" not in form
    assert '<button type="submit">Show</button>' in form  # works without scripts
    assert "js/after_round.js" in html
    after = client.get(reverse("public:standings", args=[singles_event.slug]), {"after_round": "1"})
    assert "Standings after round 1" in after.content.decode()
    assert re.search(r'<option value="1" +selected>', after.content.decode())


def cols_of(html):
    return headers(html, "pairings")


def test_a_phone_keeps_the_result_and_the_tie_breaks(client, singles_event):
    """What a 390 px screen leaves out (site.css .hide-small); the browser walk-through
    (tests/browser/test_officials_view.py) checks that the rest fits."""
    round_page = client.get(reverse("public:round", args=[singles_event.slug, 2])).content.decode()
    head = round_page.split('class="pairings"')[1].split("</thead>")[0]
    hidden = re.findall(r'<th[^>]*class="[^"]*hide-small[^"]*"[^>]*>(.*?)</th>', head, re.S)
    assert [re.sub(r"<[^>]+>", "", h).strip() for h in hidden] == ["Pts", "Opp. pts"]
    from django.contrib.staticfiles import finders

    css = open(finders.find("css/public.css")).read()  # their cells, by column number
    assert ("table.pairings td:nth-child(3), table.pairings td:nth-child(5) "
            "{ display: none; }") in css
    assert cols_of(round_page)[2:5:2] == ["Pts", "Opp. pts"]
    standings = client.get(reverse("public:standings", args=[singles_event.slug])).content.decode()
    head = standings.split('class="standings"')[1].split("</thead>")[0]
    cells = re.findall(r'<th([^>]*)>(.*?)</th>', head, re.S)
    shown = [re.sub(r"<[^>]+>", "", text).strip() for attrs, text in cells
             if "hide-small" not in attrs]
    assert shown == ["Rank", "Player", "Pts", "Spread", "SB"]
