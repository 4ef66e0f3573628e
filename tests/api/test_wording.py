"""The API's refusals say what is wrong in its own words (issue 22, point 18)."""

import pytest

from .conftest import score_record

pytestmark = pytest.mark.django_db


def test_a_round_not_yet_played_is_refused_without_a_validator_report(published_event, anon):
    response = anon.get(f"/api/v1/tournaments/{published_event.slug}/standings/?after_round=9")
    assert response.status_code == 400
    assert response.json() == {"detail": "after_round must be between 0 and 1 (the rounds "
                                          "published so far), not 9."}
    junk = anon.get(f"/api/v1/tournaments/{published_event.slug}/standings/?after_round=x")
    assert junk.status_code == 400 and "report" not in junk.json()
    assert "after_round" in junk.json()["detail"]


def test_a_version_ahead_of_the_board_is_not_someone_else_s_change(published_board, arbiter_api):
    response = arbiter_api.submit(published_board, version=5)
    assert response.status_code == 409
    detail = response.json()["detail"]
    assert "someone" not in detail and "changed since" not in detail
    assert detail == (f"Board {published_board.board} is at version 0, not 5: nothing was changed; "
                      "send the version the board shows.")


def test_an_older_version_says_the_board_changed_since(published_board, arbiter_api, arbiter2):
    assert arbiter_api.submit(published_board,
                              record=score_record([61, 40], [61, 30])).status_code == 200
    response = arbiter2.submit(published_board, version=0, record=score_record([10, 61], [10, 61]))
    assert response.status_code == 409
    assert response.json()["detail"].startswith(
        f"Board {published_board.board} was changed since version 0: it is now at version 1.")
    confirm = arbiter2.confirm(published_board, 7)
    assert confirm.status_code == 409
    assert confirm.json()["detail"].startswith(
        f"Board {published_board.board} is at version 1, not 7")


def test_a_write_s_unreadable_body_still_carries_the_report(published_board, arbiter_api):
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", {"version": "1"})
    assert response.status_code == 400
    assert response.json()["report"]["errors"][0]["path"] == "/version"
