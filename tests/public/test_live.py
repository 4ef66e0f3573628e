"""Live pages, find my board, the A-Z list, QR slips, podium, pairs, error pages."""

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.urls import reverse

from tournament.actions.base import audit
from tournament.common import qr
from tournament.models import AuditEntry, Match, Round, Tournament

from .conftest import SCRIPT

pytestmark = pytest.mark.django_db


def get(client, url, status=200, **query):
    response = client.get(url, query)
    assert response.status_code == status, response.content[:300]
    return response


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


# ------------------------------------------------------------------ live updates


def test_revision_endpoint_changes_with_the_event(client, singles_event):
    url = reverse("public:revision", args=["leek"])
    first = get(client, url)
    assert "no-cache" in first["Cache-Control"]
    assert first.json() == {"revision": "0", "status": "running", "finished": False,
                            "live": True}
    audit(singles_event, None, "confirm_result", "Confirmed round 2 board 2")
    latest = AuditEntry.objects.latest("id")
    assert get(client, url).json()["revision"] == str(latest.pk)
    get(client, reverse("public:revision", args=["nope"]), status=404)


def test_polling_while_nothing_changes_costs_no_query(client, singles_event,
                                                     django_assert_num_queries):
    url = reverse("public:revision", args=["leek"])
    first = get(client, url)
    with django_assert_num_queries(0):
        again = get(client, url)
    assert again.json() == first.json()
    audit(singles_event, None, "confirm_result", "Confirmed round 2 board 2")
    assert get(client, url).json()["revision"] == str(AuditEntry.objects.latest("id").pk)


def test_live_page_carries_its_revision_and_the_time_of_the_last_change(client, singles_event):
    html = get(client, reverse("public:standings", args=["leek"])).content.decode()
    assert 'data-revision="0"' in html and "No change yet." in html
    audit(singles_event, None, "confirm_result", "Confirmed")
    AuditEntry.objects.update(at="2026-06-01T13:07:00+00:00")
    for c in caches.all():
        c.clear()
    html = get(client, reverse("public:standings", args=["leek"])).content.decode()
    latest = AuditEntry.objects.latest("id")
    assert f'data-revision="{latest.pk}"' in html
    assert "Updated at <time datetime=\"2026-06-01T14:07:00+01:00\">14:07</time>" in html


def finish(singles_event):
    Round.objects.filter(tournament=singles_event).exclude(status="draft").update(status="closed")
    Tournament.objects.filter(pk=singles_event.pk).update(status=Tournament.Status.FINISHED)
    for c in caches.all():  # changed behind the actions' back: no new revision
        c.clear()


def test_finished_event_says_final_standings_with_a_podium_and_stops(client, singles_event):
    finish(singles_event)
    html = get(client, reverse("public:standings", args=["leek"])).content.decode()
    assert "<h2>Final standings</h2>" in html
    assert "live.js" not in html and "refresh" not in html
    podium = text_of(html.split('class="podium-list"')[1].split("</ol>")[0])
    # Cy 1st; the script player and Di share 2nd; Ann is 4th, off the podium.
    assert podium == (f'> 1 Cy Hale 2 points =2 {SCRIPT.replace("<", "&lt;").replace(">", "&gt;")}'
                      " 1 point =2 Di Fox 1 point")
    event_page = get(client, reverse("public:event", args=["leek"])).content.decode()
    assert "Podium" in event_page and "Final standings" in event_page


def test_standings_explain_every_step_for_each_tied_group(client, singles_event):
    html = get(client, reverse("public:standings", args=["leek"])).content.decode()
    steps = text_of(html.split('<ol class="steps">')[1].split("</ol>")[0])
    assert steps == (
        "Head to head: not applied — no player beat all the others, and no player lost to "
        "all the others. Points spread: 0 for &lt;script&gt;alert(1)&lt;/script&gt; and Di "
        "Fox; -42 for Ann Lee. Sonneborn-Berger: did not separate them, all on 0.")


def test_player_page_marks_the_dropped_round_and_explains(client, singles_event):
    html = get(client, reverse("public:player", args=["leek", 1])).content.decode()
    rows = html.split("<tbody>")[1].split("</tr>")
    assert 'class="dropped"' in rows[0] and "+15" in rows[0] and "dropped" in rows[0]
    assert "dropped" not in rows[1] and "-42" in rows[1]
    assert ("This player: points spread (best round dropped: round 1, +15): -42." in html)
    assert "Level on 1 point with &lt;script&gt;alert(1)&lt;/script&gt;, Di Fox." in html


# ------------------------------------------------------------------ find my board


def test_find_by_name_or_number_without_scripts(client, singles_event):
    url = reverse("public:round", args=["leek", 2])
    found = text_of(get(client, url, find="ann").content.decode().split(
        'id="find-answer"')[1].split("</div>")[0])
    assert found == ('aria-live="polite"> Ann Lee , no.&nbsp;1: board 1 against Cy Hale (3); '
                     "Cy Hale starts set 1.")
    by_number = get(client, url, find="4")
    assert "the bye this round (board 3)" in by_number.content.decode()
    assert "no-store" in by_number["Cache-Control"]  # one person's answer is not shared
    none = get(client, url, find="zed").content.decode()
    assert "Nobody in round 2 matches “zed”" in none
    assert "find.js" in none


def test_points_before_the_round_beside_each_name(client, singles_event):
    html = get(client, reverse("public:round", args=["leek", 2])).content.decode()
    board1 = html.split("<tbody")[1].split("</tr>")[0]
    cells = re.findall(r'<td class="num">([^<]*)</td>', board1)
    assert cells == ["1", "1", "1"]  # board 1; Cy and Ann had 1 point after round 1
    board2 = html.split("<tbody")[1].split("</tr>")[1]
    assert re.findall(r'<td class="num">([^<]*)</td>', board2) == ["2", "1", "0"]


def test_alphabetical_list_for_print(client, singles_event):
    html = get(client, reverse("public:round", args=["leek", 2]), print="alpha").content.decode()
    assert "round 2, players A–Z · printed" in html
    # By name: "<script>..." sorts first, then Ann (1), Bo (2), Cy (3), Di (5).
    assert re.findall(r'data-number="(\d+)"', html) == ["4", "1", "2", "3", "5"]
    assert "live.js" not in html


def test_slips_carry_a_qr_code_of_the_boards_entry_page(client, singles_event):
    html = get(client, reverse("public:round", args=["leek", 1]), print="slips").content.decode()
    board = Match.objects.get(round__tournament=singles_event, round__number=1, board=1)
    url = "http://testserver" + reverse("arbiter:match", args=[board.pk])
    assert str(qr.svg(url, title="Board 1: enter the result")) in html
    assert html.count("<svg") == 2  # two boards, no slip for the bye
    assert "round 1 result slips · printed" in html and f"enter at {url}" in html
    # The code leads to a page that asks for a sign-in first.
    entry = client.get(reverse("arbiter:match", args=[board.pk]))
    assert entry.status_code == 302 and "/accounts/login/" in entry["Location"]


def test_crosstable_has_each_players_own_number(client, singles_event):
    html = get(client, reverse("public:crosstable", args=["leek"])).content.decode()
    ann = html[html.index(">Ann Lee<"):].split("</tr>")[0]
    row_start = html[:html.index(">Ann Lee<")].rsplit("<tr", 1)[1]
    assert re.findall(r'<td class="num">(\d+)</td>', row_start) == ["4", "1"]  # rank, no.
    assert "2w1" in ann


def test_printed_standings_say_the_round_and_time(client, singles_event):
    html = get(client, reverse("public:standings", args=["leek"]), print="1").content.decode()
    assert re.search(r"Leek Open · standings after round 2 · printed \d+ \w+ \d{4}, \d\d:\d\d",
                     html)
    assert "refresh" not in html


# ------------------------------------------------------------------ pairs


def test_pairs_standings_pairings_and_player_page(client, pairs_event):
    html = get(client, reverse("public:standings", args=["pairs"])).content.decode()
    head = text_of(html.split("<thead")[1].split("</thead>")[0])
    assert head.startswith("> Rank Pair Partners Pts Spread SB How placed")
    assert "Ann Lee (Leek DC) &amp; Bo Park" in html
    assert "&lt;b&gt;Moss&lt;/b&gt; &amp; Ed Reid" in html and "<b>Moss</b>" not in html
    rnd = get(client, reverse("public:round", args=["pairs", 1])).content.decode()
    assert ('<span class="members"><span data-find="cy hale">Cy Hale</span> &amp; '
            '<span data-find="di fox">Di Fox</span></span>') in rnd
    found = get(client, reverse("public:round", args=["pairs", 1]), find="di fox")
    answer = text_of(found.content.decode().split('<p class="answer">')[1].split("</p>")[0])
    # bndcc: a draw at the table, not the pairing, decides who starts each set.
    assert answer == ("Di Fox (Hale &amp; Fox), no.&nbsp;2: board 1 against Lee &amp; Park (1); "
                      "the draw at the table decides who starts.")
    player = get(client, reverse("public:player", args=["pairs", 2])).content.decode()
    assert "Partners:" in player and "Di Fox <span class=\"muted\">Bath Fives</span>" in player


def test_pairs_csv_exports_name_the_members(client, pairs_event):
    rows = list(csv.reader(io.StringIO(get(client, reverse(
        "public:standings_csv", args=["pairs"])).content.decode("utf-8-sig"))))
    assert rows[0][-4:] == ["member_1", "member_1_club", "member_2", "member_2_club"]
    lee = next(r for r in rows if r[3] == "Lee & Park")
    assert lee[-4:] == ["Ann Lee", "Leek DC", "Bo Park", ""]
    pairings = list(csv.reader(io.StringIO(get(client, reverse(
        "public:round_csv", args=["pairs", 1])).content.decode("utf-8-sig"))))
    assert pairings[0][-2:] == ["starts_members", "opponent_members"]
    assert pairings[1][-2:] == ["Ann Lee & Bo Park", "Cy Hale & Di Fox"]


# ------------------------------------------------------------------ error pages


def test_404_in_the_sites_layout_and_json_for_the_api(client, singles_event):
    page = get(client, "/leek/round/9/", status=404).content.decode()
    assert "Round 9 of Leek Open is not published." in page
    assert "A round appears here only once its director publishes it." in page
    assert 'class="skip-link' in page and "Back to the events" in page
    # An address that is nobody's page says so, without the words about rounds.
    for path in ("/nope/", "/leek/nope/", "/nope/round/1/"):
        nope = get(client, path, status=404).content.decode()
        assert "There is no page at this address." in nope, path
        assert f'href="{reverse("public:events")}">Back to the events</a>' in nope, path
        assert "round appears here" not in nope, path
    api = get(client, "/api/v1/no-such-thing/", status=404)
    assert api["Content-Type"] == "application/json"
    assert api.json()["detail"] == "There is no page at this address."


def test_403_for_a_refused_board_says_why_and_links_back(client, singles_event):
    board = Match.objects.get(round__tournament=singles_event, round__number=1, board=1)
    User.objects.create_user("stranger", password="pw-123456-x")
    client.login(username="stranger", password="pw-123456-x")
    response = get(client, reverse("arbiter:match", args=[board.pk]), status=403)
    html = response.content.decode()
    assert "You are not an arbiter or director of Leek Open." in html
    assert 'href="/arbiter/"' in html and "Back to result entry" in html
    assert "signed in as <strong>stranger</strong>" in html


def slip_starters(html: str, board: int) -> list[str]:
    slip = html[html.index(f"Board {board}"):]
    slip = slip[:slip.index("</table>")]
    return [text_of(cell) for cell in re.findall(r"<tr><td>\d</td><td[^>]*>(.*?)</td>", slip)]


def test_slips_follow_the_boards_first_set_starter(client, singles_event):
    """The slips name each set's starter by the same rule as the validator: alternating
    from the board's first-set starter, which a director may change."""
    from tournament.actions import results

    url = reverse("public:round", args=["leek", 2])
    assert slip_starters(get(client, url, print="slips").content.decode(), 1) == [
        "Cy Hale", "Ann Lee", "Cy Hale"]
    match = Match.objects.get(round__tournament=singles_event, round__number=2, board=1)
    # Before its result is in: a stored result fixes who started (actions.results).
    match.sets.all().delete()
    Match.objects.filter(pk=match.pk).update(status="pending", outcome="", winner=None,
                                             record=None)
    root = User.objects.create_superuser("root", password="pw-123456")
    results.set_first_set_starter(match.pk, root, seat=1, reason="agreed at the table")
    assert slip_starters(get(client, url, print="slips").content.decode(), 1) == [
        "Ann Lee", "Cy Hale", "Ann Lee"]
