"""Issue 21 #17: keys the API does not know, and results that say two things, are refused
with a 422 naming them; nothing is stored."""

import pytest

from tournament.models import AuditEntry, Match

from .conftest import score_record

pytestmark = pytest.mark.django_db


def url(match, what="result"):
    return f"/api/v1/matches/{match.pk}/{what}/"


@pytest.mark.parametrize("extra", [{"note": "a\u0000b"}, {"\ud800": 1}, {"Record": {}},
                                   {"winner": 0, "comment": "x"}])
def test_unknown_top_level_keys_are_422_naming_them(published_board, arbiter_api, extra):
    body = {"version": 0, "record": score_record([61, 40], [61, 30]), **extra}
    response = arbiter_api.put(url(published_board), body)
    assert response.status_code == 422
    answer = response.json()
    for key in extra:
        assert repr(key[:40]) in answer["detail"] and "/" + key in answer["errors"]
    published_board.refresh_from_db()
    assert published_board.version == 0 and published_board.status == Match.Status.PENDING
    assert not AuditEntry.objects.filter(action="submit_result").exists()


def test_unknown_keys_on_confirm_are_422(published_board, arbiter_api, arbiter2):
    assert arbiter_api.submit(published_board).status_code == 200
    response = arbiter2.post(url(published_board, "confirm"), {"version": 1, "force": True})
    assert response.status_code == 422 and "'force'" in response.json()["detail"]
    published_board.refresh_from_db()
    assert published_board.status == Match.Status.ENTERED


@pytest.mark.parametrize("outcome", ["forfeit", "double_forfeit"])
def test_a_forfeit_with_a_full_record_is_422(published_board, arbiter_api, outcome):
    body = {"version": 0, "outcome": outcome, "record": score_record([61, 40], [61, 30])}
    if outcome == "forfeit":
        body["conceded_by"] = 1
    response = arbiter_api.put(url(published_board), body)
    assert response.status_code == 422
    assert "has no record" in response.json()["detail"]
    assert "record" in response.json()["errors"]
    published_board.refresh_from_db()
    assert published_board.version == 0


@pytest.mark.parametrize("outcome", ["played", "double_forfeit"])
def test_conceded_by_on_a_result_nobody_conceded_is_422(published_board, arbiter_api, outcome):
    body = {"version": 0, "outcome": outcome, "conceded_by": 0}
    if outcome == "played":
        body["record"] = score_record([61, 40], [61, 30])
    response = arbiter_api.put(url(published_board), body)
    assert response.status_code == 422
    assert "conceded_by" in response.json()["errors"]
    published_board.refresh_from_db()
    assert published_board.version == 0


# ---------------------------------------------- issue 21 #18: a junk Authorization header


@pytest.mark.parametrize("header", ["junk", "Token ", "Token not-a-key", "Basic eDp5",
                                    "Token " + "a" * 40])
def test_a_junk_authorization_header_on_a_public_read_is_401_without_rendering(
        published_event, header, django_assert_max_num_queries):
    from django.test import Client

    url = f"/api/v1/tournaments/{published_event.slug}/standings/"
    assert Client().get(url).status_code == 200  # cached now
    with django_assert_max_num_queries(1):  # the token's lookup, and no standings
        response = Client().get(url, headers={"Authorization": header})
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    assert "no valid API token" in response.json()["detail"]
    assert "Authorization" in response["Vary"]


def test_a_valid_token_still_reads_privately(published_event, arbiter_api):
    response = arbiter_api.get(f"/api/v1/tournaments/{published_event.slug}/standings/")
    assert response.status_code == 200 and "private" in response["Cache-Control"]
