import pytest

from tournament.actions import results, rounds
from tournament.models import ApiToken, Match, ResultVersion, SetResult
from tournament.models.tokens import digest_of

from .conftest import Api, score_record, token_for

pytestmark = pytest.mark.django_db


def state(match):
    """Everything a refused request must leave as it was."""
    m = Match.objects.get(pk=match.pk)
    return (m.version, m.status, m.outcome, m.record, m.winner_id, m.entered_by_id,
            list(SetResult.objects.filter(match=m).values_list("score0", "score1")),
            list(ResultVersion.objects.filter(match=m).values_list("version", "status")))


def test_stored_bumps_version_and_keeps_history(published_board, arbiter_api):
    response = arbiter_api.submit(published_board, record=score_record([61, 40], [30, 61], [61,
                                                                                            60]))
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1 and body["status"] == "entered"
    assert body["report"]["valid"] is True and body["report"]["winner"] == 0
    m = Match.objects.get(pk=published_board.pk)
    assert m.version == 1 and m.winner_id == m.side0_id  # seat 0 is players[0]
    assert m.entered_by.username == "arb1"
    assert [(s.score0, s.score1) for s in m.sets.all()] == [(61, 40), (30, 61), (61, 60)]
    assert list(m.versions.values_list("version", "status")) == [(1, "entered")]
    again = arbiter_api.submit(m, record=score_record([20, 61], [30, 61]))
    assert again.status_code == 200 and again.json()["version"] == 2
    m.refresh_from_db()
    assert m.winner_id == m.side1_id
    assert list(m.versions.values_list("version", flat=True)) == [1, 2]
    # The new result's two sets replace the first one's three.
    assert [(s.score0, s.score1) for s in m.sets.all()] == [(20, 61), (30, 61)]


def test_stale_version_is_409_with_stored_result(published_board, arbiter_api, arbiter2):
    arbiter_api.submit(published_board, record=score_record([61, 40], [61, 30]))
    before = state(published_board)
    response = arbiter2.submit(published_board, version=0, record=score_record([10, 61], [10, 61]))
    assert response.status_code == 409
    body = response.json()
    assert body["version"] == 1 and body["status"] == "entered"
    assert body["record"]["sets"][0]["score"] == [61, 40]
    assert "version 1" in body["detail"]
    assert state(published_board) == before


def test_validator_refusal_is_422_with_report(published_board, arbiter_api):
    before = state(published_board)
    response = arbiter_api.submit(published_board, record=score_record([61, 40], [62, 30]))
    assert response.status_code == 422
    report = response.json()["report"]
    assert report["valid"] is False
    assert report["errors"][0]["code"] == "set_score_invalid"
    assert report["errors"][0]["path"].startswith("/sets/1")
    assert state(published_board) == before


def test_wrong_starter_is_refused(published_board, arbiter_api):
    response = arbiter_api.submit(published_board, record=score_record([61, 40], [61, 30],
                                                         first_set_starter=1))
    assert response.status_code == 422
    assert any(e["code"] == "starter_wrong" for e in response.json()["report"]["errors"])


@pytest.mark.parametrize("body", [
    {"version": 0, "record": "not a record"},
    {"version": 0, "record": {"format": "fives-and-threes-match/1", "ruleset": "mso"}},
    {"version": 0},
    {"version": 0, "record": {"format": "fives-and-threes-match/1", "ruleset": "bndcc",
                              "sets": [{"score": [61, 0]}, {"score": [61, 0]}]}},
])
def test_unreadable_record_is_400_bad_format(published_board, arbiter_api, body):
    before = state(published_board)
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", body)
    assert response.status_code == 400
    assert response.json()["report"]["errors"][0]["code"] == "bad_format"
    assert state(published_board) == before


@pytest.mark.parametrize("raw", [
    "{not json", "", "[1, 2]", '"text"', '{"record": {}}', '{"version": "0"}',
    '{"version": 0.5}', '{"version": true}', '{"version": null}',
    '{"version": 0, "outcome": "won"}', '{"version": 0, "conceded_by": "side0"}',
])
def test_unreadable_body_is_400_with_clear_message(published_board, arbiter_api, raw):
    before = state(published_board)
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", raw, raw=True)
    assert response.status_code == 400, raw
    body = response.json()
    assert body["detail"] and body["report"]["errors"][0]["code"] == "bad_format"
    assert state(published_board) == before


def test_missing_version_names_the_field(published_board, arbiter_api):
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", {"record": {}})
    assert "/version" in response.json()["detail"]
    assert response.json()["report"]["errors"][0]["path"] == "/version"


@pytest.mark.parametrize("header", [None, "Token nope", "Bearer x", "Token "])
def test_no_or_unknown_token_is_401(published_board, header):
    api = Api()
    api.headers = lambda: {"Authorization": header} if header else {}
    before = state(published_board)
    response = api.submit(published_board)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert "Token" in response.json()["detail"]
    assert api.confirm(published_board, 0).status_code == 401
    assert state(published_board) == before


def test_inactive_user_token_is_401(published_board, arbiter_api):
    token = ApiToken.objects.get(digest=digest_of(arbiter_api.key))
    token.user.is_active = False
    token.user.save()
    before = state(published_board)
    response = arbiter_api.submit(published_board)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert arbiter_api.confirm(published_board, 0).status_code == 401
    assert state(published_board) == before  # nothing stored for a disabled account


def test_other_events_arbiter_is_403(published_board, outsider):
    before = state(published_board)
    response = outsider.submit(published_board)
    assert response.status_code == 403
    assert "Api Open" in response.json()["detail"]
    assert outsider.confirm(published_board, 0).status_code == 403
    assert state(published_board) == before


def test_unknown_board_is_404(arbiter_api):
    assert arbiter_api.put("/api/v1/matches/999999/result/",
                       {"version": 0, "record": score_record([61, 1], [61, 1])}
                       ).status_code == 404


def test_bye_board_is_refused(published_event, arbiter_api):
    bye = Match.objects.get(round__tournament=published_event, side1=None)
    response = arbiter_api.submit(bye)
    assert response.status_code == 400 and "bye" in response.json()["detail"]


def test_draft_and_closed_rounds_are_403(published_event, plain_director, arbiter_api, arbiter2):
    r1 = published_event.rounds.get(number=1)
    for m in r1.matches.exclude(side1=None):
        assert arbiter_api.submit(m).status_code == 200
        assert arbiter2.confirm(m, 1).status_code == 200
    r2 = rounds.pair_round(published_event, plain_director)
    draft_board = r2.matches.exclude(side1=None).first()
    response = arbiter_api.submit(draft_board)
    assert response.status_code == 403 and "not published" in response.json()["detail"]
    rounds.publish_round(r2, plain_director)
    closed = r1.matches.exclude(side1=None).first()
    closed.refresh_from_db()
    before = state(closed)
    response = arbiter_api.submit(closed, reason="typo")
    assert response.status_code == 403 and "director" in response.json()["detail"]
    assert state(closed) == before


def test_director_corrects_with_reason(published_event, published_board, arbiter_api, arbiter2):
    director = Api(token_for("dir", published_event.slug))
    arbiter_api.submit(published_board)
    arbiter2.confirm(published_board, 1)
    no_reason = director.submit(published_board, version=2, record=score_record([1, 61], [2, 61]))
    assert no_reason.status_code == 400 and no_reason.json()["errors"]["reason"]
    fixed = director.submit(published_board, version=2, record=score_record([1, 61], [2, 61]),
                            reason="scores swapped on the slip")
    assert fixed.status_code == 200
    assert fixed.json() | {"report": None} == {"version": 3, "status": "confirmed",
                                               "report": None}
    assert ResultVersion.objects.get(match=published_board, version=3).reason.startswith("scores")


def test_forfeit_and_abandoned_extensions(published_event, arbiter_api):
    first, second, third = Match.objects.filter(round__tournament=published_event).exclude(
        side1=None).order_by("board")[:3]
    response = arbiter_api.put(f"/api/v1/matches/{first.pk}/result/",
                           {"version": 0, "outcome": "forfeit", "conceded_by": 0})
    assert response.status_code == 200
    first.refresh_from_db()
    assert first.outcome == "forfeit" and first.winner_id == first.side1_id
    assert first.record is None
    response = arbiter_api.put(f"/api/v1/matches/{second.pk}/result/",
                           {"version": 0, "outcome": "abandoned", "conceded_by": 1,
                            "record": score_record([61, 3])})
    assert response.status_code == 200
    second.refresh_from_db()
    assert second.winner_id == second.side0_id and second.sets.count() == 1
    no_seat = arbiter_api.put(f"/api/v1/matches/{third.pk}/result/",
                          {"version": 0, "outcome": "forfeit", "conceded_by": 2})
    assert no_seat.status_code == 400 and "conceded_by" in no_seat.json()["errors"]
    assert arbiter_api.put(f"/api/v1/matches/{third.pk}/result/",
                       {"version": 0, "outcome": "double_forfeit"}).status_code == 200


def test_confirm_rules(published_board, arbiter_api, arbiter2):
    assert arbiter_api.confirm(published_board, 0).status_code == 409  # nothing entered yet
    arbiter_api.submit(published_board)
    own = arbiter_api.confirm(published_board, 1)
    assert own.status_code == 403 and "another arbiter" in own.json()["detail"]
    stale = arbiter2.confirm(published_board, 0)
    assert stale.status_code == 409 and stale.json()["version"] == 1
    ok = arbiter2.confirm(published_board, 1)
    assert ok.status_code == 200 and ok.json() == {"version": 2, "status": "confirmed"}
    m = Match.objects.get(pk=published_board.pk)
    assert m.confirmed_by.username == "arb2"
    assert list(m.versions.values_list("version", "status")) == [(1, "entered"),
                                                                 (2, "confirmed")]
    assert arbiter2.confirm(published_board, 2).status_code == 409  # already confirmed
    bad = arbiter2.post(f"/api/v1/matches/{published_board.pk}/confirm/", "{}", raw=True)
    assert bad.status_code == 400 and "/version" in bad.json()["detail"]


def test_submission_stores_all_or_nothing(published_board, arbiter_api, monkeypatch):
    before = state(published_board)

    def broken_audit(*args, **kwargs):
        raise RuntimeError("disk full")

    # The audit row is written last, after the match, its sets and its version row.
    monkeypatch.setattr(results, "audit", broken_audit)
    arbiter_api.client.raise_request_exception = False
    response = arbiter_api.submit(published_board)
    assert response.status_code == 500
    assert state(published_board) == before
    monkeypatch.undo()
    assert arbiter_api.submit(published_board).status_code == 200
    assert state(published_board) != before


# ----------------------------------------------------------------- records fit their board

def refused_at(response):
    return [(e["path"], e["code"]) for e in response.json()["report"]["errors"]]


def test_a_record_must_have_the_events_seats(published_event, published_board, arbiter_api):
    before = state(published_board)
    four = score_record([61, 40], [61, 30], seats=4,
                        players=["Ann", "Bo", "Cy", "Di"])
    response = arbiter_api.submit(published_board, record={**four, "ruleset": "mso"})
    assert response.status_code == 400
    assert ("/seats", "bad_format") in refused_at(response)
    published_event.ruleset, published_event.entrants_kind = "bndcc", "pairs"
    published_event.save()
    singles = score_record([61, 40], [61, 30], ruleset="bndcc")
    singles["sets"] = [{"starter": 0, "score": [61, 40]}, {"starter": 1, "score": [61, 30]}]
    response = arbiter_api.submit(published_board, record=singles)
    assert response.status_code == 400
    assert refused_at(response) == [("/players", "bad_format")]
    assert "this is a pairs event: a record has 4 seats" in (
        response.json()["report"]["errors"][0]["message"])
    assert state(published_board) == before
    singles.update(seats=4, sets=[{"starter": 2, "score": [61, 40]},
                                  {"starter": 3, "score": [61, 30]}])
    assert arbiter_api.submit(published_board, record=singles).status_code == 200
    assert Match.objects.get(pk=published_board.pk).record["seats"] == 4


def test_a_record_with_another_match_format_is_refused(published_event, published_board,
                                                       arbiter_api):
    response = arbiter_api.submit(published_board, record=score_record(
        [61, 40], [61, 30], match={"target": 121, "sets_to_win": 2}))
    assert response.status_code == 400
    assert ("/match", "bad_format") in refused_at(response)
    ok = arbiter_api.submit(published_board, record=score_record(
        [61, 40], [61, 30], match={"target": 61, "sets_to_win": 2}))
    assert ok.status_code == 200
    # a record without `match` is stored with the event's
    again = arbiter_api.submit(Match.objects.get(pk=published_board.pk),
                           record=score_record([61, 40], [61, 30]))
    assert again.status_code == 200
    assert Match.objects.get(pk=published_board.pk).record["match"] == {"target": 61,
                                                                        "sets_to_win": 2}


def abandoned(arbiter, board, side, record):
    return arbiter.put(f"/api/v1/matches/{board.pk}/result/",
                       {"version": 0, "outcome": "abandoned", "conceded_by": side,
                        "record": record})


def test_an_abandoned_record_agrees_with_who_abandoned(published_board, arbiter_api):
    before = state(published_board)
    won = abandoned(arbiter_api, published_board, 0, score_record([61, 40], [61, 30]))
    assert won.status_code == 422
    assert refused_at(won) == [("/sets", "match_shape")]
    assert "side A had already won 2 sets, the match, before abandoning" in (
        won.json()["report"]["errors"][0]["message"])
    decided = abandoned(arbiter_api, published_board, 1, score_record([61, 40], [61, 30]))
    assert refused_at(decided) == [("/sets", "match_shape")]
    wrong_winner = abandoned(arbiter_api, published_board, 1, score_record(
        [61, 40], result={"winner": 1, "sets_won": [1, 0]}))
    assert wrong_winner.status_code == 422
    assert refused_at(wrong_winner) == [("/result/winner", "result_mismatch")]
    wrong_count = abandoned(arbiter_api, published_board, 1, score_record(
        [61, 40], result={"winner": 0, "sets_won": [2, 0]}))
    assert refused_at(wrong_count) == [("/result/sets_won", "result_mismatch")]
    assert state(published_board) == before
    ok = abandoned(arbiter_api, published_board, 1, score_record(
        [61, 40], result={"winner": 0, "sets_won": [1, 0]}))
    assert ok.status_code == 200


def test_a_declared_result_never_contradicts_the_sets(published_board, arbiter_api):
    response = arbiter_api.submit(published_board, record=score_record(
        [61, 40], [61, 30], result={"winner": 1, "sets_won": [2, 0]}))
    assert response.status_code == 422
    assert refused_at(response) == [("/result/winner", "result_mismatch")]


@pytest.mark.parametrize(("record", "path", "words"), [
    (score_record([61, 1], [1, 61], [61, 2], [3, 61]), "/sets", "4 sets; a match won by 2"),
    ({"format": "fives-and-threes-match/1", "ruleset": "mso", "sets": [
        {"score": [61, 0], "hands": [{"points": [1, 0]}] * 61}, {"score": [61, 0]}]},
     "/sets/0/hands", "set 1 has 61 hands; at most 60"),
    ({"format": "fives-and-threes-match/1", "ruleset": "mso", "sets": [
        {"score": [61, 0], "hands": [{"plays": ["knock"] * 201}]}, {"score": [61, 0]}]},
     "/sets/0/hands/0/plays", "set 1, hand 1 has 201 plays; at most 200"),
    (score_record([61, 1], [61, 2], players=["x" * 60_000, "y" * 50_000]), "",
     "bytes; at most 100,000 (100 KB)"),
])
def test_records_over_the_limits_are_refused_naming_the_path(published_board, arbiter_api, record,
                                                             path,
                                                             words):
    before = state(published_board)
    response = arbiter_api.submit(published_board, record=record)
    assert response.status_code in (400, 422)
    errors = response.json()["report"]["errors"]
    assert any(e["path"] == path and words in e["message"] for e in errors), errors
    assert state(published_board) == before


def test_a_nul_in_the_reason_is_refused_naming_it(published_board, arbiter_api):
    response = arbiter_api.submit(published_board, reason="typo\u0000")
    assert response.status_code == 400
    assert "/reason" in response.json()["detail"]
