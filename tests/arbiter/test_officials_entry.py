"""What the arbiters meet on the entry and confirm pages (issue 22)."""

import re

import pytest
from django.urls import reverse

from .conftest import client_for
from .test_pairs import pairs_board  # noqa: F401  (the BNDCC pairs event fixture)

pytestmark = pytest.mark.django_db


def hand_inputmodes(page):
    return set(re.findall(r'inputmode="(\w+)"[^>]*name="s\d+_h\d+_[ab]"', page))


def set_inputmodes(page):
    return set(re.findall(r'inputmode="(\w+)"[^>]*name="s\d+_[ab]"', page))


def test_bndcc_hand_boxes_get_a_keyboard_with_a_minus(client, pairs_board, people):  # noqa: F811
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    assert hand_inputmodes(page) == {"text"}
    assert set_inputmodes(page) == {"numeric"}  # a set score is never negative


def test_mso_hand_boxes_keep_the_numeric_keypad(client, round1, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[round1["match"].pk])).content.decode()
    assert hand_inputmodes(page) == {"numeric"}


# ------------------------------------------------ 1. the hand sheet beside Confirm

def played_record(seed=1):
    from scoring import simulate as sim

    from .conftest import EVIL

    record = sim.play_match(seed, sim.MSO, first_set_starter=0)
    record["players"] = ["Ann Lee", EVIL]
    return record


def test_the_confirmer_sees_the_hand_sheet_and_plays_read_only(client, round1, people):
    from html import escape

    from tournament.actions import results
    from tournament.entry import record as rec

    record = played_record()
    m, _ = results.submit_result(round1["match"].pk, people["arb"], version=0, record=record)
    client_for(client, people["arb2"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    stored = page.split('class="card stored-result"')[1].split('class="card confirm-form"')[0]
    assert '<details class="stored-sheets card" open>' in stored
    assert "Hand sheet and play by play, as stored" in stored
    first = record["sets"][0]
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]*)</td>\s*'
                      r'<td class="num">(-?\d+)</td><td class="num">(-?\d+)</td>\s*'
                      r'<td class="num">(\d+)–(\d+)</td></tr>',
                      stored.split("Set 2:")[0])
    assert len(rows) == len(first["hands"])
    assert [(int(a), int(b)) for _, _, a, b, _, _ in rows] == [
        tuple(h["points"]) for h in first["hands"]]
    assert tuple(int(x) for x in rows[-1][4:]) == tuple(first["score"])
    assert rows[0][1] == "Ann Lee (A)"  # the pairing's first player downs hand 1 of set 1
    table = rec.Table(names=("Ann Lee", m.side1.name))
    assert escape(rec.hand_text(first["hands"][0], table)) in stored
    # Only the entry form (a change) has inputs: the sheet itself is text.
    assert "<input" not in stored and "<textarea" not in stored


def test_the_board_history_shows_each_version_s_hand_sheet(client, round1, people):
    from tournament.actions import results

    m, _ = results.submit_result(round1["match"].pk, people["arb"], version=0,
                                 record=played_record(2))
    client_for(client, people["arb2"])
    page = client.get(reverse("arbiter:history", args=[m.pk])).content.decode()
    assert page.count('<details class="stored-sheets card">') == 1
    assert "Set 1:" in page and "pre class=\"plays small\"" in page


def test_a_hand_written_as_plays_only_gets_the_validator_s_points():
    from tournament.arbiter.stored_sheet import sheets
    from tournament.entry import record as rec

    record = played_record(3)
    table = rec.Table(names=("Ann Lee", "Bo"))
    words = table.seat_words({})
    full = sheets(record, table, words)
    for s in record["sets"]:
        for h in s["hands"]:
            h.pop("points", None)
    bare = sheets(record, table, words)
    assert [[h.points for h in s.hands] for s in bare] == [
        [h.points for h in s.hands] for s in full]
    assert all(h.points is not None for s in bare for h in s.hands)


def test_a_void_hand_says_so_and_the_next_downer_follows_the_rules(client, pairs_board, people):  # noqa: F811
    from scoring import simulate as sim
    from scoring.starters import next_hand_starter
    from tournament.actions import results
    from tournament.arbiter.stored_sheet import sheets, void_of
    from tournament.entry import record as rec

    from .conftest import EVIL

    table = rec.Table(ruleset="bndcc", names=("Lee & Dee", "Park & Fox"), seats=4,
                      members=(("Ann Lee", "Cy Dee"), ("Bo Park", EVIL)))
    for seed in range(40):
        record = sim.play_match(seed, sim.BNDCC_PAIRS, penalty_kinds=sim.VOIDING,
                                penalty_rate=0.05)
        if any(isinstance(p, dict) and p["penalty"].get("rule") in sim.VOIDING
               for s in record["sets"] for h in s["hands"] for p in h.get("plays", [])):
            break
    record["players"] = ["Ann Lee", "Bo Park", "Cy Dee", EVIL]
    words = table.seat_words(rec.form_data("played", None, record, table))
    found = 0
    for sheet, stored in zip(sheets(record, table, words), record["sets"], strict=True):
        for line, hand, after in zip(sheet.hands, stored["hands"], sheet.hands[1:],
                                     strict=False):  # the last hand has no next
            void = void_of(hand)
            if void is None:
                continue
            found += 1
            assert line.void.startswith("void, dealt again: ")
            # The re-deal's downer follows the void's rule (scoring.starters), which a
            # plain rotation would miss for out_of_turn, exposed and pickup_exposed.
            assert after.starter == words[next_hand_starter(words.index(line.starter), 4, void)]
    assert found
    m = pairs_board["match"]
    results.submit_result(m.pk, people["arb"], version=0, record=record)
    client_for(client, people["dir"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert "void, dealt again" in page.lower()


# ------------------------------------------------ 2. one slip, one error; only wrong boxes

def test_a_sheet_that_does_not_add_up_marks_the_set_score_only(client, round1, people):
    client_for(client, people["arb"])
    m = round1["match"]
    response = client.post(reverse("arbiter:match", args=[m.pk]), {
        "action": "enter", "version": 0, "outcome": "played", "s1_a": "61", "s1_b": "0",
        "s1_h1_a": "30", "s1_h1_b": "0", "s1_h2_a": "20", "s1_h2_b": "0",
        "s2_a": "61", "s2_b": "0"})
    page = response.content.decode()
    assert response.status_code == 422
    invalid = re.findall(r'name="([^"]+)" value="[^"]*" size="\d" class="invalid"', page)
    assert sorted(invalid) == ["s1_a", "s1_b"]  # no hand box, typed or empty
    assert not re.findall(r'class="hand-row field-error"', page)
    # The stylesheet marks boxes marked invalid, never every box of a marked set.
    from django.contrib.staticfiles import finders

    css = open(finders.find("css/site.css")).read()
    assert not re.search(r"(^|[},\s])\.field-error input", css)


def test_one_mistyped_play_is_one_error():
    import scoring
    from scoring import simulate as sim
    from tournament.entry import record as rec

    record = sim.play_match(5, sim.MSO, first_set_starter=0)
    for s in record["sets"]:
        for h in s["hands"]:
            h.pop("points")  # the sheet's points come from the plays
    record["sets"][0]["hands"][0]["plays"][1] = "1-4 left"  # was 1-6 left
    report = scoring.validate(record)
    assert len(report["errors"]) > 2  # the validator reads on and finds the cascade
    table = rec.Table(names=("Ann Lee", "Bo Park"))
    built = rec.build(rec.form_data("played", None, record, table), table)
    errors = rec.map_errors(report["errors"], built)
    assert list(errors) == ["s1_h1_play"] and len(errors["s1_h1_play"]) == 1
    assert errors["s1_h1_play"][0].startswith("Set 1, hand 1, play 2: ")


# ------------------------------------------------ 5. the pairs entry page

def test_the_pairs_heading_names_each_side_once_with_its_members(client, pairs_board, people):  # noqa: F811
    from html import escape

    from .conftest import EVIL

    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    head = page.split("<h1>")[1].split('class="card stored-result"')[0]
    assert head.count("A: ") == 1 and head.count("B: ") == 1
    assert "(Ann Lee, Cy Dee)" in head and f"(Bo Park, {escape(EVIL)})" in head


def test_the_stored_starter_is_the_member_at_that_seat(client, pairs_board, people):  # noqa: F811
    from scoring import simulate as sim
    from tournament.actions import results

    from .conftest import EVIL

    record = sim.play_match(4, sim.BNDCC_PAIRS)
    record["players"] = ["Cy Dee", "Bo Park", "Ann Lee", EVIL]  # Cy Dee sat at A1
    m, _ = results.submit_result(pairs_board["match"].pk, people["arb"], version=0, record=record)
    client_for(client, people["dir"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    table = page.split('aria-label="Stored sets')[1].split("</table>")[0]
    starters = re.findall(r"<tr><td>\d+[^<]*</td><td>([^<]+)</td>", table)
    from html import escape

    words = ["Cy Dee (A1)", "Bo Park (B1)", "Ann Lee (A2)", f"{escape(EVIL)} (B2)"]
    assert starters == [words[s["starter"]] for s in record["sets"]]
    assert "<td>Lee &amp; Dee" not in table  # the member, never the pair


def test_void_choices_are_short_enough_for_a_phone(client, pairs_board, people):  # noqa: F811
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    select = page.split('name="s1_h1_void"')[1].split("</select>")[0]
    labels = re.findall(r"<option [^>]*>([^<]+)</option>", select)
    assert labels[0] == "not void" and "Played out of turn" in labels
    assert max(len(label) for label in labels) <= 32


# ------------------------------------------------ 3. the downer of a re-deal, as chosen

def test_the_form_carries_scoring_s_redeal_rules_for_its_script(client, pairs_board, people,  # noqa: F811
                                                               round1):
    import json

    from scoring.rulesets import PENALTY_RULES, VOID_RULES

    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs_board["match"].pk])).content.decode()
    data = re.search(r'<script id="redeal-rules" type="application/json">(.*?)</script>',
                     page).group(1)
    assert json.loads(data) == {n: PENALTY_RULES[n].redeal for n in VOID_RULES}
    assert json.loads(data)["wrong_count"] == "next_seat"
    assert json.loads(data)["out_of_turn"] == "same_seat"
    assert "js/void_downer.js" in page
    mso = client.get(reverse("arbiter:match", args=[round1["match"].pk])).content.decode()
    assert "redeal-rules" not in mso and "void_downer.js" not in mso  # no voids in mso
