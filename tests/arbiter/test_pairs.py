"""Pairs boards (4 seats), penalties of every rule, void hands and awarded sets."""

import re
from html import escape

import pytest
from django.urls import reverse

import scoring
from scoring import simulate as sim
from tournament.entry import record as rec
from tournament.models import AuditEntry, Entrant, Match, Round

from .conftest import EVIL, client_for

MEMBERS = (("Ann Lee", "Cy Dee"), ("Bo Park", "Di Fox"))
PAIRS = rec.Table(ruleset="bndcc", names=("Lee & Dee", "Park & Fox"), seats=4,
                  members=MEMBERS)


# ----------------------------------------------------------------- record.py, no database

@pytest.mark.parametrize("seed", range(25))
def test_every_penalty_rule_at_four_seats_reads_back_into_the_form_and_out_again(seed):
    """A simulated pairs match with offences of every kind (void hands and re-deals,
    wont_go, false_knock, held_after_knock, stands): stored -> form -> record is the
    same match, starters included, and the validator accepts it."""
    record = sim.play_match(seed, sim.BNDCC_PAIRS, penalty_kinds=sim.ALL_KINDS,
                            penalty_rate=0.05)
    data = rec.form_data("played", None, record, PAIRS)
    built = rec.build(data, PAIRS)
    assert built.errors == {}
    assert built.record["sets"] == record["sets"]
    assert built.record["players"] == ["Ann Lee", "Bo Park", "Cy Dee", "Di Fox"]
    assert (built.record["seats"], built.record["match"]) == (4, {"target": 61,
                                                                  "sets_to_win": 2})
    assert scoring.validate(built.record)["valid"]


@pytest.mark.parametrize("seed", range(10))
def test_singles_bndcc_with_penalties_round_trips_too(seed):
    table = rec.Table(ruleset="bndcc", names=("Ann Lee", "Bo Park"))
    record = sim.play_match(seed, sim.BNDCC_SINGLES, penalty_kinds=sim.ALL_KINDS,
                            penalty_rate=0.05)
    built = rec.build(rec.form_data("played", None, record, table), table)
    assert built.errors == {} and built.record["sets"] == record["sets"]


def test_seating_decides_the_names_by_seat():
    b = rec.build({"seat0": "1", "seat1": "0", "s1_starter": "2", "s1_a": "61",
                   "s1_b": "3", "s2_starter": "3", "s2_a": "61", "s2_b": "4"}, PAIRS)
    assert b.errors == {}
    assert b.record["players"] == ["Cy Dee", "Bo Park", "Ann Lee", "Di Fox"]
    assert b.record["first_set_starter"] == 2
    assert PAIRS.seat_words({"seat0": "1"}) == [
        "Cy Dee (A1)", "Bo Park (B1)", "Ann Lee (A2)", "Di Fox (B2)"]
    missing = rec.build({"s1_starter": "0", "s1_a": "61", "s1_b": "3"}, PAIRS)
    assert missing.errors == {"seating": ["Say which member of side A sat at seat A1.",
                                          "Say which member of side B sat at seat B1."]}


def test_void_hands_and_awarded_sets_without_plays():
    b = rec.build({"seat0": "0", "seat1": "0",
                   "s1_starter": "2", "s1_a": "40", "s1_b": "20", "s1_awarded": "1",
                   "s2_starter": "3", "s2_a": "61", "s2_b": "3",
                   "s2_h1_a": "0", "s2_h1_b": "8", "s2_h1_void": "wrong_count",
                   "s2_h1_void_seat": "0", "s2_h2_a": "61", "s2_h2_b": "-5",
                   "s3_starter": "1", "s3_a": "61", "s3_b": "10"}, PAIRS)
    assert b.errors == {}
    first, second, third = b.record["sets"]
    assert first == {"starter": 2, "score": [40, 20], "awarded_to": 1}
    # wrong_count by seat 0 (A1): the re-deal is downed by the seat after it, B1
    assert second["hands"] == [
        {"points": [0, 8], "void": {"seat": 0, "rule": "wrong_count"}, "starter": 3},
        {"points": [61, -5], "starter": 1}]
    assert scoring.validate(b.record)["valid"]
    # the rows the form shows follow the same rule
    data = {"s2_starter": "3", "s2_h1_void": "out_of_turn", "s2_h1_void_seat": "3"}
    assert rec.shown_starters(data, PAIRS, 2, 3) == (3, [3, 3, 0])
    # a void rule without its offender, or a rule that voids nothing, is the form's error
    b = rec.build({"seat0": "0", "seat1": "0", "s1_starter": "0", "s1_a": "61",
                   "s1_b": "0", "s1_h1_void": "exposed", "s1_h2_void": "wont_go",
                   "s1_h2_void_seat": "1"}, PAIRS)
    assert b.errors == {
        "s1_h1": ["Set 1, hand 1: say who broke the rule that voided the hand."],
        "s1_h2": ["Set 1, hand 2: 'wont_go' is not a rule that voids a hand."]}


def test_four_seat_messages_use_the_forms_seat_names():
    b = rec.build({"seat0": "0", "seat1": "0", "s1_starter": "0", "s1_a": "61",
                   "s1_b": "0"}, PAIRS)
    msg = rec.map_errors([{"path": "/sets/0/hands/0/plays/2", "code": "tile_not_in_hand",
                           "message": "seat 2 (Cy Dee) does not hold 1-2; side 1 (seats 1 "
                                      "and 3) has 12"}], b)
    assert msg == {"s1_h1_play": ["Set 1, hand 1, play 3: Cy Dee (A2) does not hold 1-2; "
                                  "side B (B1 and B2) has 12"]}


# ----------------------------------------------------------------- the web form

@pytest.fixture
def pairs_board(people):
    """A bndcc pairs event with a published round 1: Lee & Dee v Park & <evil>."""
    from tournament.actions import events
    t = events.create_tournament(people["dir"], name="Pairs Cup")
    t.ruleset, t.entrants_kind = "bndcc", "pairs"
    t.save()
    from tournament.models import Official
    Official.objects.create(tournament=t, user=people["arb"], role=Official.Role.ARBITER)
    a = Entrant.objects.create(tournament=t, number=1, name="Lee & Dee", members=[
        {"name": "Ann Lee"}, {"name": "Cy Dee"}])
    b = Entrant.objects.create(tournament=t, number=2, name="Park & Fox", members=[
        {"name": "Bo Park"}, {"name": EVIL}])
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    return {"t": t, "match": Match.objects.create(round=r1, board=1, side0=a, side1=b)}


def post(client, match, **data):
    data = {"action": "enter", "version": match.version, "outcome": "played", **data}
    return client.post(reverse("arbiter:match", args=[match.pk]), data)


def errors_at(page: str, key: str) -> str:
    m = re.search(rf'<ul class="errorlist" id="{key}-errors">(.*?)</ul>', page, re.S)
    return m.group(1) if m else ""


@pytest.mark.django_db
def test_the_pairs_form_asks_who_sat_where_and_the_draw_among_four_seats(client, pairs_board,
                                                                          people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    assert 'id="seating"' in page
    assert "Ann Lee at A1, Cy Dee at A2" in page and "Cy Dee at A1, Ann Lee at A2" in page
    assert f"Bo Park at B1, {escape(EVIL)} at B2" in page and "<script>alert" not in page
    block = page.split('id="set-1"')[1].split('id="set-2"')[0]
    assert re.findall(r'name="s1_starter" value="(\d)"', block) == ["0", "1", "2", "3"]
    assert 'data-seat="3">' + escape(EVIL) + " (B2)</span>" in block
    assert 'name="s1_h1_void"' in block and 'name="s1_awarded"' in block
    assert "penalty B1 wont_go 1-2" in page  # the syntax help, at this table's seats


@pytest.mark.django_db
def test_a_pairs_result_with_penalties_is_stored_by_seat(client, pairs_board, people):
    m = pairs_board["match"]
    client_for(client, people["arb"])
    record = sim.play_match(3, sim.BNDCC_PAIRS, penalty_kinds=sim.ALL_KINDS,
                            penalty_rate=0.05)
    record["players"] = ["Cy Dee", "Bo Park", "Ann Lee", EVIL]
    table = rec.Table(ruleset="bndcc", names=("Lee & Dee", "Park & Fox"), seats=4,
                      members=(("Ann Lee", "Cy Dee"), ("Bo Park", EVIL)))
    data = rec.form_data("played", None, record, table)
    assert (data["seat0"], data["seat1"]) == ("1", "0")
    response = post(client, m, **data)
    assert response.status_code == 302, response.content.decode()[:3000]
    m.refresh_from_db()
    assert m.record["sets"] == record["sets"]
    assert m.record["players"] == ["Cy Dee", "Bo Park", "Ann Lee", EVIL]
    assert (m.record["seats"], m.record["match"]) == (4, {"target": 61, "sets_to_win": 2})
    assert [s.starter for s in m.sets.all()] == [s["starter"] for s in record["sets"]]
    # the change form reads it back: the seating and every hand's text
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert re.search(r'name="seat0" value="1" +checked', page)
    assert re.search(r'name="seat1" value="0" +checked', page)


@pytest.mark.django_db
def test_an_illegal_play_marks_that_hand_only_and_names_the_play(client, pairs_board, people):
    m = pairs_board["match"]
    client_for(client, people["arb"])
    data = {"seat0": "0", "seat1": "0", "s1_starter": "0", "s1_a": "61", "s1_b": "0",
            "s1_h1_a": "10", "s1_h1_b": "0",
            "s1_h2_play": "3-6, 6-6 right, 2-2 left",
            "s2_starter": "1", "s2_a": "61", "s2_b": "0"}
    response = post(client, m, **data)
    assert response.status_code == 422
    page = response.content.decode()
    play_errors = errors_at(page, "s1_h2_play")
    assert play_errors.startswith(f"<li>Set 1, hand 2, play 3: {escape(EVIL)} (B2) laid 2-2 "
                                  "at the left end, which is 3")
    # only hand 2 is marked: not hand 1 or 3, not the empty rows, not the set
    assert re.findall(r'class="hand-row field-error" data-hand="(\d+)"', page) == ["2"]
    # One slip, one error: the set's total, off because of it, is not reported as well.
    assert errors_at(page, "s1_h1") == "" and errors_at(page, "s1") == ""
    assert play_errors.count("<li>") == 1
    assert "3-6, 6-6 right, 2-2 left</textarea>" in page
    assert Match.objects.get(pk=m.pk).version == 0


@pytest.mark.django_db
def test_a_hand_sheet_that_passes_the_target_marks_that_row_and_names_the_hand(
        client, pairs_board, people):
    m = pairs_board["match"]
    client_for(client, people["arb"])
    response = post(client, m, seat0="0", seat1="0", s1_starter="0", s1_a="61", s1_b="0",
                    s1_h1_a="30", s1_h2_a="40", s2_starter="0", s2_a="61", s2_b="0")
    assert response.status_code == 422
    page = response.content.decode()
    assert re.findall(r'class="hand-row field-error" data-hand="(\d+)"', page) == ["2"]
    assert errors_at(page, "s1_h2").startswith("<li>Set 1, hand 2: ")
    assert "passes 61 in hand 2" in errors_at(page, "s1_h2")


@pytest.mark.django_db
def test_a_one_set_match_to_121_has_one_set_on_the_form(client, pairs_board, people):
    t = pairs_board["t"]
    t.match_target, t.sets_to_win = 121, 1
    t.save()
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    assert 'id="set-1"' in page and 'id="set-2"' not in page
    response = post(client, pairs_board["match"], seat0="0", seat1="0", s1_starter="1",
                    s1_a="121", s1_b="122")
    assert response.status_code == 400
    assert errors_at(response.content.decode(), "s1") == (
        "<li>Set 1, side B: a score cannot pass 121.</li>")
    assert post(client, pairs_board["match"], seat0="0", seat1="0", s1_starter="1", s1_a="121",
                s1_b="100").status_code == 302
    m = Match.objects.get(pk=pairs_board["match"].pk)
    assert m.record["match"] == {"target": 121, "sets_to_win": 1}
    assert AuditEntry.objects.filter(action="enter_result").count() == 1


@pytest.mark.django_db
def test_a_knockout_final_first_to_three_has_five_sets_on_the_form(client, pairs_board, people):
    """A knock-out's final in its own format (competitions.md: BNDCC allows first to 3
    sets): the round carries the format, the form shows five sets, the record says so."""
    final = pairs_board["match"].round
    final.match = {"target": 61, "sets_to_win": 3}
    final.save(update_fields=["match"])
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    assert 'id="set-5"' in page and 'id="set-6"' not in page
    sets = {f"s{n}_starter": str(n % 2) for n in range(1, 4)}
    sets.update({f"s{n}_a": "61" for n in range(1, 4)})
    sets.update({f"s{n}_b": "30" for n in range(1, 4)})
    assert post(client, pairs_board["match"], seat0="0", seat1="0", **sets).status_code == 302
    m = Match.objects.get(pk=pairs_board["match"].pk)
    assert m.record["match"] == {"target": 61, "sets_to_win": 3}
    assert m.winner == m.side0
