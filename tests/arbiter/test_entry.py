"""Entering a board's result on the web: stored, refused, stale, forfeits."""

import re

import pytest
from django.urls import reverse

from tournament.actions import results
from tournament.models import Match, ResultVersion, SetResult

from .conftest import client_for

pytestmark = pytest.mark.django_db


def errors_at(page: str, key: str) -> str:
    """The text of the error list shown next to form field `key` ('' if none)."""
    m = re.search(rf'<ul class="errorlist" id="{key}-errors">(.*?)</ul>', page, re.S)
    return m.group(1) if m else ""


def post(client, match, **data):
    data = {"action": "enter", "version": match.version, "outcome": "played", **data}
    return client.post(reverse("arbiter:match", args=[match.pk]), data)


def test_valid_entry_is_stored_with_sets_hands_and_a_version(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="40", s1_h1_a="30", s1_h1_b="20",
                    s1_h2_a="31", s1_h2_b="20", s2_a="12", s2_b="61", s3_a="61", s3_b="60")
    assert response.status_code == 302
    assert response["Location"] == reverse("arbiter:round", args=[round1["t"].slug, 1])
    m.refresh_from_db()
    assert (m.status, m.outcome, m.version, m.winner, m.entered_by) == (
        "entered", "played", 1, round1["ann"], people["arb"])
    assert [(s.number, s.starter, s.score0, s.score1) for s in SetResult.objects.filter(
        match=m)] == [(1, 0, 61, 40), (2, 1, 12, 61), (3, 0, 61, 60)]
    assert m.record["sets"][0]["hands"] == [{"starter": 0, "points": [30, 20]},
                                            {"starter": 1, "points": [31, 20]}]
    assert m.record["ruleset"] == "mso" and m.record["first_set_starter"] == 0
    v = ResultVersion.objects.get(match=m)
    assert (v.version, v.status, v.by) == (1, "entered", people["arb"])
    # the boards page now shows who entered it
    page = client.get(response["Location"]).content.decode()
    assert "entered by arb" in page and "61–40, 12–61, 61–60" in page


HAND_TEXT = ("A: 0-1 0-5 1-3 1-4 2-3 3-6 5-5\nB: 0-6 1-6 2-2 2-5 4-5 4-6 5-6\n"
             "3-6, 6-0 right, 3-1 left, 1-6 left, 0-5 right, 5-6 right, knock, 6-4 left, "
             "1-4 left, knock, 0-1 left, knock, knock")  # the spec's example: 5-9


def test_play_by_play_hand_is_stored_as_deal_and_plays(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="9", s1_h1_play=HAND_TEXT,
                    s1_h2_a="56", s1_h2_b="0", s2_a="61", s2_b="0")
    assert response.status_code == 302
    m.refresh_from_db()
    hand = m.record["sets"][0]["hands"][0]
    assert hand["starter"] == 0 and "points" not in hand
    assert hand["deal"][1] == ["0-6", "1-6", "2-2", "2-5", "4-5", "4-6", "5-6"]
    assert hand["plays"][:3] == ["3-6", "6-0 right", "3-1 left"]


def test_play_by_play_disagreeing_with_points_is_shown_at_that_hand(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="8", s1_h1_a="5", s1_h1_b="8",
                    s1_h1_play=HAND_TEXT, s1_h2_a="56", s1_h2_b="0", s2_a="61", s2_b="0")
    assert response.status_code == 422
    page = response.content.decode()
    assert "the plays score 5–9 but the record says 5–8" in errors_at(page, "s1_h1")
    assert "6-0 right, 3-1 left" in page  # the typed play-by-play is kept
    assert Match.objects.get(pk=m.pk).record is None


def test_impossible_set_score_is_shown_next_to_that_set_and_nothing_stored(
        client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="61", s2_a="61", s2_b="10")
    assert response.status_code == 422
    page = response.content.decode()
    assert "61–61 is impossible" in errors_at(page, "s1")
    assert errors_at(page, "s2") == ""
    # what was typed is kept
    assert 'name="s1_a" value="61"' in page and 'name="s2_b" value="10"' in page
    assert "Nothing was stored" in page
    m.refresh_from_db()
    assert (m.status, m.version, m.record) == ("pending", 0, None)
    assert not ResultVersion.objects.filter(match=m).exists()
    assert not SetResult.objects.filter(match=m).exists()


def test_hands_not_adding_up_are_shown_at_the_set_and_the_sheet_stays_open(
        client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="40", s1_h1_a="30", s1_h1_b="20",
                    s1_h2_a="21", s1_h2_b="20", s2_a="61", s2_b="3")
    assert response.status_code == 422
    page = response.content.decode()
    assert "hands add up to 51–40" in errors_at(page, "s1")
    assert 'name="s1_h2_a" value="21"' in page
    assert '<details class="hands" open>' in page
    assert Match.objects.get(pk=m.pk).version == 0


def test_hand_over_target_is_shown_at_that_hand(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="0", s1_h1_a="50", s1_h1_b="0",
                    s1_h2_a="20", s1_h2_b="0", s2_a="61", s2_b="0")
    assert response.status_code == 422
    page = response.content.decode()
    assert "passes 61 in hand 2" in errors_at(page, "s1_h2")
    assert "Ann Lee (A)" in errors_at(page, "s1_h2")


def test_unreadable_play_text_is_refused_before_the_validator(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_a="61", s1_b="0", s1_h1_play="3-6, over there",
                    s2_a="61", s2_b="0")
    assert response.status_code == 400
    page = response.content.decode()
    assert "&#x27;over there&#x27; is not a play" in errors_at(page, "s1_h1_play")
    assert "3-6, over there</textarea>" in page
    assert Match.objects.get(pk=m.pk).version == 0


def test_stale_version_shows_the_conflict_the_stored_result_and_keeps_the_typing(
        client, round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["arb2"], version=0, outcome="played", record={
        "format": "fives-and-threes-match/1", "ruleset": "mso",
        "sets": [{"score": [61, 7]}, {"score": [61, 8]}]})
    client_for(client, people["arb"])
    data = {"action": "enter", "version": 0, "outcome": "played",
            "s1_a": "61", "s1_b": "33", "s2_a": "61", "s2_b": "44"}
    response = client.post(reverse("arbiter:match", args=[m.pk]), data)
    assert response.status_code == 409
    page = response.content.decode()
    assert "was changed since version 0" in page
    assert "61</td><td class=\"num\">7" in page.replace("\n", "")  # the stored set 1
    assert 'name="s1_b" value="33"' in page
    assert 'name="version" value="1"' in page  # saving again is now deliberate
    m.refresh_from_db()
    assert (m.version, m.entered_by, m.sets.first().score1) == (1, people["arb2"], 7)


def test_forfeit_double_forfeit_and_abandoned(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    assert post(client, m, outcome="forfeit_1", s1_a="61").status_code == 302
    m.refresh_from_db()
    assert (m.outcome, m.conceded_by, m.winner, m.record) == (
        "forfeit", round1["bo"], round1["ann"], None)

    assert post(client, m, outcome="double_forfeit").status_code == 302
    m.refresh_from_db()
    assert (m.outcome, m.conceded_by, m.winner, m.version) == ("double_forfeit", None, None, 2)

    assert post(client, m, outcome="abandoned_0", s1_a="20", s1_b="61").status_code == 302
    m.refresh_from_db()
    assert (m.outcome, m.conceded_by, m.winner) == ("abandoned", round1["ann"], round1["bo"])
    assert [(s.score0, s.score1) for s in m.sets.all()] == [(20, 61)]
    assert ResultVersion.objects.filter(match=m).count() == 3


def test_bye_and_draft_round_have_no_form(client, round1, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[round1["bye"].pk])).content.decode()
    assert "has a bye" in page and "entry-form" not in page
    response = post(client, round1["bye"], s1_a="61", s1_b="0", s2_a="61", s2_b="0")
    assert response.status_code == 400 and "is a bye" in response.content.decode()
    r = round1["round"]
    r.status = "draft"
    r.save()
    page = client.get(reverse("arbiter:match", args=[round1["match"].pk])).content.decode()
    assert "not published yet" in page and "entry-form" not in page


def test_lost_version_field_is_an_error(client, round1, people):
    client_for(client, people["arb"])
    response = client.post(reverse("arbiter:match", args=[round1["match"].pk]),
                           {"action": "enter", "outcome": "double_forfeit"})
    assert response.status_code == 400
    assert "lost the board&#x27;s version number" in response.content.decode()
