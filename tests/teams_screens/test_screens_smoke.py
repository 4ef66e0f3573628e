from tests.teams_screens.conftest import WON


def test_a_match_night_from_lineups_to_the_table(division, first_match, phone_of, client):
    home, away = first_match.side0, first_match.side1
    hc, ac = phone_of(home, 1), phone_of(away, 1)
    page = hc.get("/me/team/")
    assert page.status_code == 200, page.content.decode()[:2000]
    r = hc.post("/me/team/", {"action": "lineup", "idempotency_key": "l-1",
                              "b1_0": "0", "b2_0": "1", "b3_0": "2"})
    assert r.status_code == 302, r.content.decode()[:3000]
    r = ac.post("/me/team/", {"action": "lineup", "idempotency_key": "l-2",
                              "b1_0": "3", "b2_0": "1", "b3_0": "0"})
    assert r.status_code == 302
    page = ac.get("/me/team/").content.decode()
    assert "Leek Ann" in page or home.members[0]["name"] in page
    for b in first_match.boards.order_by("board"):
        page = hc.get(f"/me/board/{b.pk}/?card=1")
        assert page.status_code == 200
        r = hc.post(f"/me/board/{b.pk}/?card=1", {
            "action": "enter", "version": "0", "idempotency_key": f"e-{b.board}",
            "outcome": "played", "s1_a": "61", "s1_b": "40", "s2_a": "61", "s2_b": "30"})
        assert r.status_code == 302, r.content.decode()[:3000]
    first_match.refresh_from_db()
    r = ac.post("/me/team/", {"action": "accept", "idempotency_key": "a-1",
                              "version": str(first_match.version)})
    assert r.status_code == 302, r.content.decode()[:3000]
    table = client.get(f"/{division.slug}/table/").content.decode()
    assert home.name in table
    fixtures = client.get(f"/{division.slug}/fixtures/").content.decode()
    assert "3–0" in fixtures
    assert WON
