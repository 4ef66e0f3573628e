"""Where the ruleset draws set starters (bndcc), the form asks who drew the first down."""

import re
from html import escape

import pytest
from django.urls import reverse

import scoring
from tournament.entry import record as rec
from tournament.models import Match, ResultVersion, SetResult

from .conftest import EVIL, client_for

PLAYERS = ["Ann Lee", "Bo Park"]


BNDCC = rec.Table(ruleset="bndcc", names=tuple(PLAYERS))


def bndcc(**data):
    return rec.build(data, BNDCC)


# ----------------------------------------------------------------- record.py, no database

def test_the_drawn_seat_starts_its_set_and_the_hands_alternate_from_it():
    b = bndcc(s1_starter="1", s1_a="61", s1_b="50", s1_h1_a="10", s1_h1_b="30",
              s1_h2_a="30", s1_h2_b="20", s1_h3_a="21", s1_h3_b="0",
              s2_starter="1", s2_a="12", s2_b="61",
              s3_starter="0", s3_a="61", s3_b="60", s3_h1_a="61", s3_h1_b="60")
    assert b.errors == {} and b.drawn
    record = b.record
    assert record["ruleset"] == "bndcc" and record["first_set_starter"] == 1
    assert [s["starter"] for s in record["sets"]] == [1, 1, 0]  # not 0, 1, 0
    assert [h["starter"] for h in record["sets"][0]["hands"]] == [1, 0, 1]
    assert [h["starter"] for h in record["sets"][2]["hands"]] == [0]
    report = scoring.validate(record)
    assert report["valid"], report["errors"]


def test_a_played_set_without_the_draw_is_an_error_at_that_set_only():
    b = bndcc(s1_starter="0", s1_a="61", s1_b="3", s2_a="61", s2_b="4", s3_starter="")
    assert b.errors == {"s2_starter": ["Set 2: choose who won the draw for the down."]}
    # a value that is neither seat counts as no choice
    assert "s1_starter" in bndcc(s1_starter="2", s1_a="61", s1_b="3").errors
    # unplayed sets need no draw, and a forfeit needs none at all
    assert bndcc(s1_starter="1", s1_a="3", s1_b="61", s2_starter="0", s2_a="2",
                 s2_b="61").errors == {}
    assert bndcc(outcome="forfeit_0").errors == {}


def test_under_mso_a_posted_choice_changes_nothing():
    b = rec.build({"s1_starter": "1", "s1_a": "61", "s1_b": "3", "s2_starter": "1",
                   "s2_a": "61", "s2_b": "4", "s2_h1_a": "61"}, rec.Table(ruleset="mso"))
    assert not b.drawn and b.errors == {}
    assert b.record["first_set_starter"] == 0
    assert [s["starter"] for s in b.record["sets"]] == [0, 1]
    assert b.record["sets"][1]["hands"][0]["starter"] == 1


def test_a_stored_drawn_record_reads_back_into_the_form():
    b = bndcc(s1_starter="1", s1_a="61", s1_b="50", s1_h1_a="61", s1_h1_b="50",
              s2_starter="1", s2_a="61", s2_b="4")
    data = rec.form_data("played", None, b.record, BNDCC)
    assert (data["s1_starter"], data["s2_starter"]) == ("1", "1")
    assert rec.build(data, BNDCC).record == b.record


def test_starter_errors_from_the_validator_land_at_the_choice():
    b = bndcc(s1_starter="1", s1_a="61", s1_b="3")
    assert rec.field_for_path("/first_set_starter", b) == "s1_starter"
    assert rec.field_for_path("/sets/1/starter", b) == "s2_starter"
    assert rec.field_for_path("/sets/1/score", b) == "s2"
    mso = rec.build({"s1_a": "61", "s1_b": "3"}, rec.Table(ruleset="mso"))
    assert rec.field_for_path("/sets/1/starter", mso) == "s2"


# ----------------------------------------------------------------- the web form

def errors_at(page: str, key: str) -> str:
    m = re.search(rf'<ul class="errorlist" id="{key}-errors">(.*?)</ul>', page, re.S)
    return m.group(1) if m else ""


def set_block(page: str, s: int) -> str:
    m = re.search(rf'<fieldset class="card set-block[^"]*" id="set-{s}">(.*?)</details>\s*'
                  r'</fieldset>', page, re.S)
    assert m, f"set {s} not on the page"
    return m.group(1)


def starts(page: str, s: int) -> str:
    return re.search(r'<span class="set-starter">(.*?)</span>', set_block(page, s)).group(1)


def checked(page: str, s: int) -> list[str]:
    return re.findall(rf'name="s{s}_starter" value="(\d)" +checked', set_block(page, s))


def post(client, match, **data):
    data = {"action": "enter", "version": match.version, "outcome": "played", **data}
    return client.post(reverse("arbiter:match", args=[match.pk]), data)


@pytest.fixture
def drawn_event(round1):
    round1["t"].ruleset = "bndcc"
    round1["t"].save()
    return round1


@pytest.mark.django_db
def test_a_set_drawn_by_player_b_is_stored_with_starter_one(client, drawn_event, people):
    m = drawn_event["match"]
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert page.count("Who won the draw for the down") == 3
    assert f'data-seat="1">{escape(EVIL)} (B)</span>' in page
    assert "(starts set 1)" not in page
    assert starts(page, 1) == "whoever won the draw for the down" and checked(page, 1) == []

    response = post(client, m, s1_starter="1", s1_a="61", s1_b="40", s1_h1_a="30",
                    s1_h1_b="20", s1_h2_a="31", s1_h2_b="20",
                    s2_starter="1", s2_a="12", s2_b="61", s3_starter="0", s3_a="61", s3_b="60")
    assert response.status_code == 302, response.content.decode()
    m.refresh_from_db()
    assert [(s.number, s.starter) for s in SetResult.objects.filter(match=m)] == [
        (1, 1), (2, 1), (3, 0)]
    assert m.record["first_set_starter"] == 1
    assert [h["starter"] for h in m.record["sets"][0]["hands"]] == [1, 0]
    # the change form starts from what is stored: the choice and the labels follow it
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert checked(page, 1) == ["1"] and checked(page, 3) == ["0"]
    assert starts(page, 1) == f"{escape(EVIL)} (B)" and starts(page, 3) == "Ann Lee (A)"
    assert f"{escape(EVIL)} (B) downs" in set_block(page, 1).split('data-hand="2"')[0]


@pytest.mark.django_db
def test_a_missing_draw_is_shown_at_its_set_and_nothing_is_stored(client, drawn_event, people):
    m = drawn_event["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_starter="1", s1_a="61", s1_b="40", s2_a="61", s2_b="12")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Set 2: choose who won the draw for the down" in errors_at(page, "s2_starter")
    assert errors_at(page, "s1_starter") == "" and errors_at(page, "s2") == ""
    assert errors_at(page, "s2_starter") in set_block(page, 2)
    # what was typed is kept, the choice made for set 1 included
    assert checked(page, 1) == ["1"] and starts(page, 1) == f"{escape(EVIL)} (B)"
    assert 'name="s2_b" value="12"' in page and checked(page, 2) == []
    m.refresh_from_db()
    assert (m.status, m.version, m.record) == ("pending", 0, None)
    assert not ResultVersion.objects.filter(match=m).exists()
    assert not SetResult.objects.filter(match=m).exists()


@pytest.mark.django_db
def test_a_refused_record_keeps_the_draw(client, drawn_event, people):
    m = drawn_event["match"]
    client_for(client, people["arb"])
    response = post(client, m, s1_starter="0", s1_a="61", s1_b="61",
                    s2_starter="1", s2_a="61", s2_b="10")
    assert response.status_code == 422
    page = response.content.decode()
    assert "61–61 is impossible" in errors_at(page, "s1")
    assert checked(page, 1) == ["0"] and checked(page, 2) == ["1"]
    assert Match.objects.get(pk=m.pk).record is None


@pytest.mark.django_db
def test_under_mso_the_form_asks_for_no_draw(client, round1, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[round1["match"].pk])).content.decode()
    assert "Who won the draw for the down" not in page and "(starts set 1)" in page
    assert starts(page, 1) == "Ann Lee (A)" and starts(page, 2) == f"{escape(EVIL)} (B)"
