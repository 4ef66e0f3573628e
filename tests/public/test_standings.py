"""Standings page, CSV exports, the `standings` command, caching and query counts."""

import csv
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.actions.base import audit
from tournament.demo.generate import generate_event
from tournament.models import Match, SetResult
from tournament.reads import history

from .conftest import SCRIPT

pytestmark = pytest.mark.django_db

# Worked by hand from the event in conftest.py (rounds 1 and 2; round 3 is a draft and
# Di's win over Bo awaits confirmation, so it counts for nothing).
LATEST = [
    {"rank": 1, "shared": False, "player": 3, "name": "Cy Hale", "points": 2,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 1}},
    {"rank": 2, "shared": True, "player": 4, "name": SCRIPT, "points": 1,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
    {"rank": 2, "shared": True, "player": 5, "name": "Di Fox", "points": 1,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
    {"rank": 4, "shared": False, "player": 1, "name": "Ann Lee", "points": 1,
     "tiebreaks": {"mso_spread": -42, "sonneborn_berger": 0}},
    {"rank": 5, "shared": False, "player": 2, "name": "Bo Park", "points": 0,
     "tiebreaks": {"mso_spread": -15, "sonneborn_berger": 0}},
]
AFTER_1 = [
    {"rank": 1, "shared": True, "player": 1, "name": "Ann Lee", "points": 1,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
    {"rank": 1, "shared": True, "player": 3, "name": "Cy Hale", "points": 1,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
    {"rank": 1, "shared": True, "player": 5, "name": "Di Fox", "points": 1,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
    {"rank": 4, "shared": True, "player": 2, "name": "Bo Park", "points": 0,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
    {"rank": 4, "shared": True, "player": 4, "name": SCRIPT, "points": 0,
     "tiebreaks": {"mso_spread": 0, "sonneborn_berger": 0}},
]


def command(*args) -> str:
    out = io.StringIO()
    call_command("standings", *args, stdout=out)
    return out.getvalue()


# ------------------------------------------------------------------ the command


def without_explanations(rows):
    # Nobody in this event withdrew: tests/public/test_withdrawn.py shows the key at work.
    assert all(row.pop("withdrawn_after_round") is None for row in rows)
    return [{k: v for k, v in row.items() if k != "explanation"} for row in rows]


def test_command_json_latest(singles_event):
    rows = json.loads(command("leek", "--json"))
    assert without_explanations(rows) == LATEST
    assert rows[0]["explanation"] == {"placed": "the only player on 2 points", "group": None,
                                      "steps": [], "group_steps": []}
    # Di Fox, level on 1 point with the script player and Ann Lee (worked by hand: Ann's
    # spreads +15, -42 less the best +15 = -42; the others have two rounds of 0). The
    # group's lines come once, on its first row (the script player's, rank 2).
    assert rows[2]["explanation"] == {
        "placed": "shared: level after Sonneborn-Berger", "group": 2, "steps": [
            {"tiebreak": "mso_head_to_head", "label": "head to head", "outcome": "level",
             "detail": None},
            {"tiebreak": "mso_spread", "label": "points spread", "outcome": "separated",
             "detail": "points spread (best round dropped: round 1, 0): 0"},
            {"tiebreak": "sonneborn_berger", "label": "Sonneborn-Berger", "outcome": "level",
             "detail": "Sonneborn-Berger: 0 (no win over the board)"},
        ], "group_steps": []}
    assert rows[1]["explanation"]["group"] == 2
    assert rows[1]["explanation"]["group_steps"] == [
        {"tiebreak": "mso_head_to_head", "label": "head to head", "outcome": "level",
         "text": "head to head: not applied — no player beat all the others, and no player "
                 "lost to all the others"},
        {"tiebreak": "mso_spread", "label": "points spread", "outcome": "separated",
         "text": f"points spread: 0 for {SCRIPT} and Di Fox; -42 for Ann Lee"},
        {"tiebreak": "sonneborn_berger", "label": "Sonneborn-Berger", "outcome": "level",
         "text": "Sonneborn-Berger: did not separate them, all on 0"},
    ]
    assert [row["explanation"]["group"] for row in rows] == [None, 2, 2, 2, None]
    assert rows[3]["explanation"]["steps"][1]["detail"] == (
        "points spread (best round dropped: round 1, +15): -42")


def test_command_json_after_round_1(singles_event):
    assert without_explanations(json.loads(
        command("leek", "--after-round", "1", "--json"))) == AFTER_1


def test_command_text_table(singles_event):
    text = command("leek")
    lines = text.splitlines()
    assert lines[0].split() == ["Rank", "No.", "Name", "Pts", "Spread", "SB"]
    assert lines[2].split() == ["1", "3", "Cy", "Hale", "2", "0", "1"]
    assert lines[3].split()[0] == "=2"
    assert "Ann Lee" in lines[5] and "-42" in lines[5]
    assert "head to head, then points spread, then Sonneborn-Berger" in text


@pytest.mark.parametrize(("args", "message"), [
    (["nope"], "No event has the slug 'nope'"),
    (["leek", "--after-round", "3"], "between 1 and 2"),
    (["leek", "--after-round", "0"], "between 1 and 2"),
])
def test_command_errors(singles_event, args, message):
    with pytest.raises(CommandError, match=message):
        command(*args)


# ------------------------------------------------------------------ the page


def test_standings_page_ranks_order_and_explanations(client, singles_event):
    html = client.get(reverse("public:standings", args=["leek"])).content.decode()
    assert "head to head, then points spread, then Sonneborn-Berger" in html
    rows = html.split("<tbody")[1].split("</tbody>")[0].split("<tr")[1:]
    assert ["Cy Hale" in rows[0], "Di Fox" in rows[2], "Ann Lee" in rows[3]] == [True] * 3
    assert ">=2<" in rows[1] and ">=2<" in rows[2] and ">4<" in rows[3]
    assert "shared: level after Sonneborn-Berger" in rows[2]
    assert "by points spread: -42, behind 0" in rows[3]
    assert "separated by points spread; still level after Sonneborn-Berger" in html
    assert 'class="standings"' in html


def test_standings_after_round_1(client, singles_event):
    html = client.get(reverse("public:standings", args=["leek"]), {"after_round": 1})
    html = html.content.decode()
    assert "Standings after round 1" in html
    assert "not separated: all level after Sonneborn-Berger" in html


def test_standings_sorting_by_name(client, singles_event):
    html = client.get(reverse("public:standings", args=["leek"]), {"sort": "name"})
    body = html.content.decode().split("<tbody")[1]
    assert body.index("Ann Lee") < body.index("Bo Park") < body.index("Cy Hale")


def test_standings_csv(client, singles_event):
    response = client.get(reverse("public:standings_csv", args=["leek"]))
    assert response["Content-Type"].startswith("text/csv")
    # A byte-order mark first, so that Excel reads the accents as UTF-8 (issue 21 #11).
    assert response.content.startswith(b"\xef\xbb\xbfrank,")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["rank", "shared", "number", "name", "club", "points", "mso_spread",
                       "sonneborn_berger", "how placed", "withdrawn_after_round"]
    assert rows[1][:8] == ["1", "", "3", "Cy Hale", "Bath Fives", "2", "0", "1"]
    assert rows[2][:6] == ["2", "yes", "4", SCRIPT, "'=HYPERLINK(1)", "1"]  # no formula
    assert rows[4][7:] == ["0", "by points spread: -42, behind 0", ""]
    after = client.get(reverse("public:standings_csv", args=["leek"]), {"after_round": 1})
    assert "after-round-1" in after["Content-Disposition"]
    assert [r[0] for r in csv.reader(io.StringIO(after.content.decode("utf-8-sig")))][1:] == [
        "1", "1", "1", "4", "4"]


def test_pairings_csv(client, singles_event):
    response = client.get(reverse("public:round_csv", args=["leek", 2]))
    assert response.content.startswith(b"\xef\xbb\xbfboard,")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["board", "starts", "starts_number", "opponent", "opponent_number",
                       "result"]
    assert rows[1] == ["1", "Cy Hale", "3", "Ann Lee", "1", "2–0 (61–30, 61–50)"]
    assert rows[2] == ["2", "Di Fox", "5", "Bo Park", "2", "awaiting confirmation"]
    assert rows[3] == ["3", SCRIPT, "4", "bye", "", "bye"]


def csv_rows(response) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbf")  # for Excel, as the others
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_crosstable_csv_has_the_rounds_then_the_tie_breaks(client, singles_event):
    """The cross-table's cells as its page shows them, in rank order, then the points and
    each tie-break in force; an entered (unconfirmed) result and the draft round 3 count
    for nothing, as on the page."""
    response = client.get(reverse("public:crosstable_csv", args=["leek"]))
    assert response["Content-Disposition"] == 'attachment; filename="leek-crosstable.csv"'
    rows = csv_rows(response)
    assert rows[0] == ["rank", "shared", "number", "name", "round_1", "round_2", "points",
                       "mso_spread", "sonneborn_berger"]
    assert rows[1] == ["1", "", "3", "Cy Hale", "4w+", "1w1", "2", "0", "1"]
    assert rows[2][:4] == ["2", "yes", "4", SCRIPT]
    assert [r[2] for r in rows[1:]] == [str(row["player"]) for row in LATEST]
    di = next(r for r in rows if r[3] == "Di Fox")
    assert di[4:6] == ["bye", "2w…"]  # awaiting confirmation: no result yet
    page = client.get(reverse("public:crosstable", args=["leek"])).content.decode()
    assert reverse("public:crosstable_csv", args=["leek"]) in page


def test_entrants_csv_lists_every_entrant_by_pairing_number(client, singles_event):
    from tournament.models import Entrant

    Entrant.objects.filter(number=2).update(rating=1620, withdrawn_after_round=2)
    response = client.get(reverse("public:entrants_csv", args=["leek"]))
    assert response["Content-Disposition"] == 'attachment; filename="leek-entrants.csv"'
    assert csv_rows(response) == [
        ["number", "name", "club", "rating", "withdrawn_after_round"],
        ["1", "Ann Lee", "Leek DC", "", ""], ["2", "Bo Park", "", "1620", "2"],
        ["3", "Cy Hale", "Bath Fives", "", ""], ["4", SCRIPT, "'=HYPERLINK(1)", "", ""],
        ["5", "Di Fox", "", "", ""]]
    page = client.get(reverse("public:event", args=["leek"])).content.decode()
    assert reverse("public:entrants_csv", args=["leek"]) in page


def test_entrants_csv_of_a_pairs_event_names_the_partners(client, pairs_event):
    rows = csv_rows(client.get(reverse("public:entrants_csv", args=["pairs"])))
    assert rows[0] == ["number", "name", "member1", "club1", "member2", "club2", "rating",
                       "withdrawn_after_round"]
    assert rows[1] == ["1", "Lee & Park", "Ann Lee", "Leek DC", "Bo Park", "", "", ""]
    assert rows[3][:6] == ["3", "<b>Moss</b> & Reid", "<b>Moss</b>", "", "Ed Reid", ""]


def test_exports_of_a_hidden_event_are_not_found(client, singles_event):
    singles_event.hidden = True
    singles_event.save(update_fields=["hidden"])
    for name in ("entrants_csv", "crosstable_csv"):
        assert client.get(reverse(f"public:{name}", args=["leek"])).status_code == 404


# ------------------------------------------------------------------ caching


def test_cached_until_the_revision_changes(client, singles_event):
    url = reverse("public:standings", args=["leek"])
    client.get(url)
    with CaptureQueriesContext(connection) as warm:
        html = client.get(url).content.decode()
    assert len(warm) <= 3  # the event, its rounds, its revision: the table is cached
    assert "61" not in html.split("<tbody")[1].split("</tbody>")[0]
    # Changed behind the actions' back, the table stays cached until an audit row says so.
    Match.objects.filter(round__number=2, board=2).update(status="confirmed")
    assert ">=2<" in client.get(url).content.decode()  # still the cached table
    audit(singles_event, None, "confirm_result", "Confirmed round 2 board 2")
    html = client.get(url).content.decode()
    rows = html.split("<tbody")[1].split("<tr")[1:]
    # Di now has 2 points, level with Cy; Sonneborn-Berger (Cy beat Ann, on 1) puts Cy first.
    assert "Di Fox" in rows[1] and ">2<" in rows[1]
    assert "by Sonneborn-Berger: 0, behind 1" in rows[1]


# ------------------------------------------------------------------ size


def standings_queries(client, slug, **query):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(reverse("public:standings", args=[slug]), query)
    assert response.status_code == 200
    return len(ctx), response.content.decode()


def test_query_count_does_not_grow_with_players(client, django_assert_max_num_queries):
    # Both in play (a live last round): a finished event's page asks one query fewer.
    # 13: the standings' input is four of them (history.standings_input).
    generate_event(60, slug="sixty", seed=2, last_live=True)
    generate_event(120, slug="onetwenty", seed=3, last_live=True)
    with django_assert_max_num_queries(13):
        small, _ = standings_queries(client, "sixty")
    with django_assert_max_num_queries(13):
        large, html = standings_queries(client, "onetwenty")
    assert small == large
    with django_assert_max_num_queries(13):
        everyone, _ = standings_queries(client, "onetwenty", per_page="all")
    assert everyone == large
    assert html.count('<tr class="') == 100  # the first page only


def test_history_compute_is_a_fixed_number_of_queries(django_assert_num_queries):
    # The entrants, the last round and what the earlier ones depend on, the boards, their
    # sets; computed again, the same four, the boards and sets of the last round only (the
    # earlier rounds' are kept: tests/public/test_earlier_boards_cache.py).
    t = generate_event(40, slug="forty", rounds=3)
    with django_assert_num_queries(4):
        first = history.compute(t)
    with django_assert_num_queries(4) as again:
        assert history.compute(t) == first
    boards = again.captured_queries[2]["sql"]
    assert boards.startswith('SELECT "tournament_match"."id"'), boards
    assert boards.endswith('AND "tournament_round"."number" = 3) ORDER BY 2 ASC, '
                           '"tournament_match"."board" ASC'), boards
    assert SetResult.objects.filter(match__round__tournament=t).count() > 40


def test_pagination_and_show_everyone(client):
    generate_event(120, slug="onetwenty", seed=3)
    url = reverse("public:standings", args=["onetwenty"])
    first = client.get(url).content.decode()
    assert first.count('<tr class="') == 100
    assert "per_page=all" in first and "?page=2" in first
    second = client.get(url, {"page": 2}).content.decode()
    assert second.count('<tr class="') == 20
    everyone = client.get(url, {"per_page": "all"}).content.decode()
    assert everyone.count('<tr class="') == 120
    crosstable = client.get(reverse("public:crosstable", args=["onetwenty"])).content.decode()
    assert crosstable.count('<tr class="') == 100


def test_junk_page_and_sort_fall_back_to_the_first_page(client, singles_event):
    url = reverse("public:standings", args=["leek"])
    for query in ({"page": "abc"}, {"sort": "x" * 100}):
        html = client.get(url, query).content.decode()
        assert "Cy Hale" in html.split("<tbody")[1].split("<tr")[1]
