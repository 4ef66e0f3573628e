"""Who may enter, confirm and correct (one rule), confirmation on and off, corrections of
earlier rounds, a director's change of who starts set 1, where arbiters land, and the
boards' refresh."""

import json
import re

import pytest
from django.urls import reverse

from tournament.actions import ActionError, results
from tournament.models import AuditEntry, Match, Official, Round
from tournament.models.rounds import COUNTED

from .conftest import EVIL, client_for

pytestmark = pytest.mark.django_db

RECORD = {"format": "fives-and-threes-match/1", "ruleset": "mso",
          "sets": [{"score": [61, 7]}, {"score": [61, 8]}]}
FORM = {"action": "enter", "outcome": "played", "s1_a": "61", "s1_b": "7",
        "s2_a": "61", "s2_b": "8"}


def fresh(match):
    return Match.objects.select_related("round__tournament").get(pk=match.pk)


def test_permissions_is_the_one_rule(round1, people):
    m = fresh(round1["match"])
    arb, arb2, director, nobody = (people[k] for k in ("arb", "arb2", "dir", "nobody"))
    assert results.permissions(m, arb) == {"enter"}
    assert results.permissions(m, director) == {"enter"}
    assert results.permissions(m, nobody) == frozenset()
    assert results.permissions(fresh(round1["bye"]), arb) == frozenset()
    results.submit_result(m.pk, arb, version=0, record=RECORD)
    m = fresh(m)
    assert results.permissions(m, arb) == {"enter"}  # not their own confirmation
    assert results.permissions(m, arb2) == {"enter", "confirm"}
    assert results.permissions(m, director) == {"enter", "confirm"}
    results.confirm_result(m.pk, arb2, version=1)
    m = fresh(m)
    assert results.permissions(m, arb) == frozenset()
    assert results.permissions(m, director) == {"correct"}
    assert results.permissions(m, None) == {"correct"}  # the command line
    round1["round"].status = Round.Status.DRAFT
    round1["round"].save()
    assert results.permissions(fresh(m), director) == frozenset()


def test_the_board_page_offers_what_permissions_allow(client, round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["dir"], version=0, record=RECORD)
    url = reverse("arbiter:match", args=[m.pk])
    client_for(client, people["dir"])
    page = client.get(url).content.decode()
    # a director entered it: a director cannot confirm their own entry either
    assert "Confirm this result" not in page and "Change this result" in page
    assert client.post(url, {"action": "confirm", "version": 1}).status_code == 403
    client_for(client, people["arb"])
    page = client.get(url).content.decode()
    assert "Confirm this result" in page and "Change this result" in page


def test_with_confirmation_on_an_entry_counts_only_once_confirmed(client, round1, people):
    m = round1["match"]
    client_for(client, people["arb"])
    response = client.post(reverse("arbiter:match", args=[m.pk]), {**FORM, "version": 0})
    assert response.status_code == 302
    assert (fresh(m).status, Match.objects.filter(COUNTED, pk=m.pk).exists()) == (
        "entered", False)
    page = client.get(reverse("arbiter:round", args=[round1["t"].slug, 1])).content.decode()
    assert '<span class="badge entered">Entered</span>' in page
    results.confirm_result(m.pk, people["arb2"], version=1)
    assert Match.objects.filter(COUNTED, pk=m.pk).exists()


def test_with_confirmation_off_an_entry_counts_at_once_and_needs_no_confirming(
        client, round1, people):
    t = round1["t"]
    t.require_confirmation = False
    t.save()
    # a second board still open, so that the round stays open (it closes with its last)
    from tournament.models import Entrant
    Match.objects.create(round=round1["round"], board=3,
                         side0=Entrant.objects.create(tournament=t, number=4, name="Di"),
                         side1=Entrant.objects.create(tournament=t, number=5, name="Ed"))
    m = round1["match"]
    client_for(client, people["arb"])
    assert client.post(reverse("arbiter:match", args=[m.pk]),
                       {**FORM, "version": 0}).status_code == 302
    m = fresh(m)
    assert (m.status, m.confirmed_by) == ("entered", None)
    assert Match.objects.filter(COUNTED, pk=m.pk).exists()
    assert results.permissions(m, people["arb2"]) == {"enter"}
    with pytest.raises(ActionError) as refused:
        results.confirm_result(m.pk, people["arb2"], version=1)
    assert (refused.value.status, refused.value.message) == (
        409, "Spring Open asks no confirmation: an entered result counts at once.")
    client_for(client, people["arb2"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert "Confirm this result" not in page
    assert "This event asks no confirmation: the result counts as entered." in page
    assert "Entered · counts" in page
    tiles = client.get(reverse("arbiter:round", args=[t.slug, 1])).content.decode()
    assert '<span class="badge entered">Entered · counts</span>' in tiles


def test_the_confirmation_setting_says_what_it_does():
    from tournament.director.forms import SettingsForm
    assert SettingsForm().fields["require_confirmation"].help_text == (
        "On: an entered result counts once a second official (not the one who entered "
        "it) confirms it. Off: it counts as soon as it is entered.")


def settle_round_one_and_pair_two(round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["arb"], version=0, record=RECORD)
    results.confirm_result(m.pk, people["arb2"], version=1)
    round1["round"].status = Round.Status.CLOSED
    round1["round"].save()
    Round.objects.create(tournament=round1["t"], number=2, status=Round.Status.PUBLISHED)
    Round.objects.create(tournament=round1["t"], number=3, status=Round.Status.DRAFT)
    return fresh(m)


def test_correcting_an_earlier_round_warns_and_the_audit_keeps_old_and_new(
        client, round1, people):
    m = settle_round_one_and_pair_two(round1, people)
    url = reverse("arbiter:match", args=[m.pk])
    client_for(client, people["dir"])
    page = client.get(url).content.decode()
    assert ("Rounds 2, 3 were paired on the result stored now. A correction changes the "
            "standings from here on, not those pairings.") in page
    data = {**FORM, "version": m.version, "s1_a": "7", "s1_b": "61", "s2_a": "8",
            "s2_b": "61", "s3_a": "", "reason": "sheets swapped"}
    response = client.post(url, data)
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="correct_result")
    assert entry.reason == "sheets swapped"
    assert entry.detail["later_rounds"] == [2, 3]
    assert entry.summary == (f"Corrected round 1 board 1: was Ann Lee wins (61–7, 61–8), "
                             f"now {EVIL} wins (7–61, 8–61) "
                             "(rounds 2, 3 paired on the old result)")
    assert [s["score"] for s in entry.detail["old"]["record"]["sets"]] == [[61, 7], [61, 8]]
    assert [s["score"] for s in entry.detail["new"]["record"]["sets"]] == [[7, 61], [8, 61]]
    assert (entry.detail["old"]["status"], entry.detail["new"]["status"]) == (
        "confirmed", "confirmed")
    assert (entry.detail["old"]["version"], entry.detail["new"]["version"]) == (2, 3)


def test_the_directors_round_page_shows_each_result_and_links_its_board(
        client, round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["arb"], version=0, record=RECORD)
    client_for(client, people["dir"])
    page = client.get(reverse("director:round", args=[round1["t"].slug, 1])).content.decode()
    row = page.split("<tbody>")[1].split("</tr>")[0]
    assert '<span class="sets">61–7, 61–8</span>' in row
    assert f'href="{reverse("arbiter:match", args=[m.pk])}">board 1</a>' in row


def test_a_correction_reason_with_a_nul_is_refused(client, round1, people):
    m = settle_round_one_and_pair_two(round1, people)
    client_for(client, people["dir"])
    response = client.post(reverse("arbiter:match", args=[m.pk]),
                           {**FORM, "version": m.version, "reason": "typo\x00"})
    assert response.status_code == 400
    assert fresh(m).version == m.version
    with pytest.raises(ActionError) as refused:
        results.submit_result(m.pk, people["dir"], version=m.version, record=RECORD,
                              reason="bad \ud800 half")
    assert "lone surrogate" in refused.value.errors["reason"][0]


def test_a_director_changes_who_starts_set_one_with_a_reason(client, round1, people):
    m = round1["match"]
    url = reverse("arbiter:match", args=[m.pk])
    client_for(client, people["arb"])
    assert "Who starts set 1 (director)" not in client.get(url).content.decode()
    assert client.post(url, {"action": "first_set_starter", "seat": "1",
                             "reason": "x"}).status_code == 403
    client_for(client, people["dir"])
    response = client.post(url, {"action": "first_set_starter", "seat": "1", "reason": ""})
    assert response.status_code == 400
    assert "Say why this board starts otherwise." in response.content.decode()
    response = client.post(url, {"action": "first_set_starter", "seat": "1",
                                 "reason": "players agreed before the pairing was fixed"})
    assert response.status_code == 302
    assert fresh(m).first_set_starter == 1
    entry = AuditEntry.objects.get(action="set_first_starter")
    assert (entry.reason, entry.detail["seat"], entry.detail["was"]) == (
        "players agreed before the pairing was fixed", 1, 0)
    page = client.get(url).content.decode()
    assert "(starts set 1, set by the director)" in page
    assert re.search(r'<span class="set-starter">[^<]*\(B\)</span>', page)
    # the form and the validator now expect B to start set 1, and sets alternate from it
    response = client.post(url, {**FORM, "version": 0})
    assert response.status_code == 302
    m = fresh(m)
    assert m.record["first_set_starter"] == 1
    assert [s.starter for s in m.sets.all()] == [1, 0]
    with pytest.raises(results.RecordRefused) as refused:
        results.submit_result(m.pk, people["arb"], version=m.version,
                              record={**RECORD, "first_set_starter": 0})
    assert refused.value.report["errors"][0]["path"] == "/first_set_starter"


def test_drawn_starters_cannot_be_overridden(round1, people):
    round1["t"].ruleset = "bndcc"
    round1["t"].save()
    with pytest.raises(ActionError) as refused:
        results.set_first_set_starter(round1["match"].pk, people["dir"], seat=1, reason="x")
    assert "drawn at the table" in refused.value.message


def test_an_arbiter_lands_on_the_boards_of_their_event(client, round1, people):
    client_for(client, people["arb"])
    response = client.get(reverse("director:home"))
    assert response["Location"] == reverse("arbiter:landing")
    response = client.get(reverse("arbiter:landing"))
    assert response["Location"] == reverse("arbiter:boards", args=[round1["t"].slug])
    # an arbiter of two events chooses among them
    Official.objects.create(tournament=round1["other"], user=people["arb"],
                            role=Official.Role.ARBITER)
    assert client.get(reverse("arbiter:landing"))["Location"] == reverse("arbiter:home")
    # a director, or an account with no role yet, keeps "My events"
    for who in ("dir", "nobody"):
        client_for(client, people[who])
        assert client.get(reverse("director:home")).status_code == 200


def test_the_boards_page_refreshes_from_a_json_of_board_states(client, round1, people):
    client_for(client, people["arb"])
    url = reverse("arbiter:states", args=[round1["t"].slug, 1])
    page = client.get(reverse("arbiter:boards", args=[round1["t"].slug])).content.decode()
    assert f'data-states="{url}" data-every="20"' in page
    assert '<noscript><meta http-equiv="refresh" content="20"></noscript>' in page
    m = round1["match"]
    assert json.loads(client.get(url).content) == {"round": 1, "at_time": False, "boards": [
        {"id": m.pk, "board": 1, "status": "pending", "label": "Pending", "score": "",
         "who": "", "words": "", "version": 0, "counts": False}]}
    results.submit_result(m.pk, people["arb2"], version=0, record=RECORD)
    assert json.loads(client.get(url).content)["boards"][0] == {
        "id": m.pk, "board": 1, "status": "entered", "label": "Entered",
        "score": "61–7, 61–8", "who": "entered by arb2", "words": "", "version": 1,
        "counts": False}
    client_for(client, people["stranger"])
    assert client.get(url).status_code == 403


def test_who_starts_set_one_cannot_change_under_a_stored_result(round1, people):
    m = round1["match"]
    results.submit_result(m.pk, people["arb"], version=0, record=RECORD)
    with pytest.raises(ActionError) as refused:
        results.set_first_set_starter(m.pk, people["dir"], seat=1, reason="they swapped")
    assert refused.value.status == 409
    assert "has a result stored, with seat 0 starting set 1" in refused.value.message
    assert fresh(m).first_set_starter == 0  # seat 0, stored as 0
    assert not AuditEntry.objects.filter(action="set_first_starter").exists()


def test_a_correction_may_say_who_really_started_set_one(round1, people):
    m = settle_round_one_and_pair_two(round1, people)
    corrected, _ = results.submit_result(
        m.pk, people["dir"], version=m.version, reason="B started set 1",
        record={**RECORD, "first_set_starter": 1})
    assert corrected.first_set_starter == 1
    assert [s.starter for s in corrected.sets.all()] == [1, 0]
    entry = AuditEntry.objects.filter(action="correct_result").latest("pk")
    assert entry.detail["first_set_starter"] == {"old": 0, "new": 1}
