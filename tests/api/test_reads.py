import pytest

from tests.public.conftest import make_pairs_event
from tournament.actions import results, rounds
from tournament.models import Match
from tournament.reads import history

from .conftest import make_event, score_record

pytestmark = pytest.mark.django_db


def test_list_shows_only_published_events(published_event, plain_director, anon):
    make_event(plain_director, name="Hidden Open")  # still in registration
    body = anon.get("/api/v1/tournaments/").json()
    assert body == [{"slug": published_event.slug, "name": "Api Open", "status": "running",
                     "rounds_planned": 5, "rounds_paired": 1}]


def test_draft_round_is_not_counted_nor_shown(published_event, plain_director, anon,
                                              published_board, arbiter_api):
    arbiter_api.submit(published_board)
    # Finish round 1 so round 2 can be paired as a draft.
    for m in Match.objects.filter(round__number=1).exclude(side1=None):
        m.refresh_from_db()
        if m.version == 0:
            arbiter_api.submit(m)
        m.refresh_from_db()
        results.confirm_result(m.pk, plain_director, version=m.version)
    r2 = rounds.pair_round(published_event, plain_director)
    assert r2.status == "draft"
    assert anon.get("/api/v1/tournaments/").json()[0]["rounds_paired"] == 1
    assert anon.get(f"/api/v1/tournaments/{published_event.slug}/rounds/2/").status_code == 404
    detail = anon.get(f"/api/v1/tournaments/{published_event.slug}/").json()
    assert [r["number"] for r in detail["rounds"]] == [1]
    hidden = r2.matches.first()
    assert anon.get(f"/api/v1/matches/{hidden.pk}/").status_code == 404


def test_unpublished_event_is_404_everywhere(plain_director, anon):
    t = make_event(plain_director, name="Draft Open")
    r1 = rounds.pair_round(t, plain_director)  # a draft round: the event shows nothing yet
    for url in [f"/api/v1/tournaments/{t.slug}/", f"/api/v1/tournaments/{t.slug}/rounds/1/",
                f"/api/v1/tournaments/{t.slug}/standings/",
                f"/api/v1/matches/{r1.matches.first().pk}/"]:
        response = anon.get(url)
        assert response.status_code == 404, url
        assert response.json()["detail"]


def test_tournament_detail(published_event, anon):
    body = anon.get(f"/api/v1/tournaments/{published_event.slug}/").json()
    assert body["slug"] == published_event.slug and body["ruleset"] == "mso"
    assert body["require_confirmation"] is True
    assert body["points"]["win"] == 1 and body["tiebreaks"] == published_event.tiebreaks
    assert [p["number"] for p in body["players"]] == list(range(1, 10))
    assert body["players"][0]["name"] == published_event.entrants.get(number=1).name
    # Each round says its stage (shared/spec/competitions.md): one Swiss stage here.
    assert body["rounds"] == [{"number": 1, "status": "published", "boards": 5, "stage": 1,
                               "number_in_stage": 1, "title": "Round 1"}]
    assert [(s["number"], s["kind"], s["rounds_planned"]) for s in body["stages"]] == [
        (1, "swiss", published_event.rounds_planned)]


def test_round_pairings_seat_zero_is_white(published_event, anon):
    body = anon.get(f"/api/v1/tournaments/{published_event.slug}/rounds/1/").json()
    boards = {m.pk: m for m in Match.objects.filter(round__tournament=published_event)
              .select_related("side0", "side1")}
    assert len(body) == 5
    for row in body:
        m = boards[row["id"]]
        assert set(row) == {"id", "board", "players", "status", "version", "result"}
        assert row["players"][0] == m.side0.number
        assert row["players"][1] == (m.side1.number if m.side1 else None)
    bye = [r for r in body if r["players"][1] is None]
    assert len(bye) == 1
    assert bye[0]["result"] == {"outcome": "bye", "winner": bye[0]["players"][0],
                                "conceded_by": None, "sets": [], "awarded_to": []}
    assert all(r["result"] is None for r in body if r["players"][1] is not None)


def test_result_public_only_once_confirmed(published_event, published_board, anon, arbiter_api,
                                           arbiter2):
    url = f"/api/v1/matches/{published_board.pk}/"
    record = score_record([40, 61], [61, 55], [12, 61])  # seat 1 (side1) wins
    assert arbiter_api.submit(published_board, record=record).status_code == 200
    public = anon.get(url).json()
    assert public["status"] == "entered" and public["version"] == 1
    assert public["result"] is None and public["record"] is None
    # An official sees what was entered, to check it before confirming.
    assert arbiter2.get(url).json()["record"]["sets"][0]["score"] == [40, 61]
    assert arbiter2.confirm(published_board, 1).status_code == 200
    public = anon.get(url).json()
    assert public["record"]["sets"][2]["score"] == [12, 61]
    assert public["result"] == {"outcome": "played", "winner": published_board.side1.number,
                                "conceded_by": None, "sets": [[40, 61], [61, 55], [12, 61]],
                                "awarded_to": [None, None, None]}
    assert public["players"] == [published_board.side0.number, published_board.side1.number]
    assert public["names"] == [published_board.side0.name, published_board.side1.name]
    row = [r for r in anon.get(f"/api/v1/tournaments/{published_event.slug}/rounds/1/").json()
           if r["id"] == published_board.pk][0]
    assert row["result"] == public["result"] and row["status"] == "confirmed"


def test_result_counts_at_once_without_confirmation(published_event, published_board, anon,
                                                    arbiter_api):
    published_event.require_confirmation = False
    published_event.save(update_fields=["require_confirmation"])
    arbiter_api.submit(published_board)
    body = anon.get(f"/api/v1/matches/{published_board.pk}/").json()
    assert body["status"] == "entered"
    assert body["result"]["winner"] == published_board.side0.number


def test_standings_as_management_command(published_event, published_board, anon, arbiter_api,
                                         arbiter2):
    arbiter_api.submit(published_board)
    arbiter2.confirm(published_board, 1)
    body = anon.get(f"/api/v1/tournaments/{published_event.slug}/standings/").json()
    assert body == [row.as_json() for row in history.compute(published_event).rows]
    assert body[0]["points"] == 1 and len(body) == 9
    assert list(body[0]) == ["rank", "shared", "player", "name", "points", "tiebreaks",
                             "withdrawn_after_round", "explanation"]
    assert body[0]["explanation"]["placed"] == "shared: level after Sonneborn-Berger"
    assert [s["tiebreak"] for s in body[0]["explanation"]["steps"]] == published_event.tiebreaks
    # The tied group's lines once, on its first row; each row its own details.
    assert list(body[0]["explanation"]) == ["placed", "group", "steps", "group_steps"]
    assert list(body[0]["explanation"]["steps"][0]) == ["tiebreak", "label", "outcome",
                                                        "detail"]
    steps = body[0]["explanation"]["group_steps"]
    assert [s["tiebreak"] for s in steps] == published_event.tiebreaks
    assert list(body[0]["explanation"]["group_steps"][0]) == ["tiebreak", "label",
                                                              "outcome", "text"]
    group = [r for r in body if r["explanation"]["group"] == 1]
    # The two on 1 point share 1st (who they are depends on the pairing).
    assert [(r["rank"], r["points"]) for r in group] == [(1, 1), (1, 1)]
    assert group == body[:2] and body[1]["explanation"]["group_steps"] == []
    before = anon.get(f"/api/v1/tournaments/{published_event.slug}/standings/?after_round=0").json()
    assert all(r["points"] == 0 for r in before)
    bad = anon.get(f"/api/v1/tournaments/{published_event.slug}/standings/?after_round=x")
    assert bad.status_code == 400 and "after_round" in bad.json()["detail"]


def test_openapi_document_and_docs_page(anon):
    doc = anon.get("/api/v1/openapi.json")
    assert doc.status_code == 200
    paths = doc.json()["paths"]
    for path in ["/api/v1/tournaments/", "/api/v1/tournaments/{slug}/",
                 "/api/v1/tournaments/{slug}/rounds/{number}/",
                 "/api/v1/tournaments/{slug}/standings/", "/api/v1/matches/{match_id}/",
                 "/api/v1/matches/{match_id}/result/", "/api/v1/matches/{match_id}/confirm/"]:
        assert path in paths, path
    assert "put" in paths["/api/v1/matches/{match_id}/result/"]
    page = anon.get("/api/v1/docs")
    assert page.status_code == 200 and b"openapi.json" in page.content


def test_out_of_range_numbers_are_not_500(published_event, anon, arbiter_api):
    huge = 10**20
    assert anon.get(f"/api/v1/matches/{huge}/").status_code == 404
    assert anon.get(f"/api/v1/tournaments/{published_event.slug}/rounds/{huge}/").status_code == 404
    response = anon.get(f"/api/v1/tournaments/{published_event.slug}/standings/?after_round={huge}")
    assert response.status_code == 400
    assert response.json()["detail"] == (
        f"after_round must be between 0 and 1 (the rounds published so far), not {huge}.")
    assert arbiter_api.put(f"/api/v1/matches/{huge}/result/", {"version": 0}).status_code == 404
    assert arbiter_api.post(f"/api/v1/matches/{huge}/confirm/", {"version": 0}).status_code == 404


def test_pairs_event_lists_each_pairs_members(anon):
    make_pairs_event()
    body = anon.get("/api/v1/tournaments/pairs/").json()
    assert body["entrants"] == "pairs"
    assert body["players"][0] == {
        "number": 1, "name": "Lee & Park", "club": "", "rating": None,
        "withdrawn_after_round": None,
        "members": [{"name": "Ann Lee", "club": "Leek DC"}, {"name": "Bo Park", "club": ""}]}
    assert body["players"][2]["members"][0] == {"name": "<b>Moss</b>", "club": ""}
    rows = anon.get("/api/v1/tournaments/pairs/standings/").json()
    assert [(r["rank"], r["player"], r["name"], r["points"]) for r in rows] == [
        (1, 2, "Hale & Fox", 1), (1, 3, "<b>Moss</b> & Reid", 1), (3, 1, "Lee & Park", 0)]


def test_singles_players_have_no_members(published_event, anon):
    body = anon.get(f"/api/v1/tournaments/{published_event.slug}/").json()
    assert body["entrants"] == "singles"
    assert {p["members"] for p in body["players"]} == {None}
