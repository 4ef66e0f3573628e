"""Pairing, the draft view, hand changes with overrides, publishing and deleting rounds."""

from html import escape

import pytest
from django.urls import reverse

from tournament.actions import entrants, events, rounds
from tournament.models import AuditEntry, Round

from .conftest import finish_round

pytestmark = pytest.mark.django_db


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def boards(round_):
    return [(m.side0.name, m.side1.name if m.side1 else None)
            for m in round_.matches.select_related("side0", "side1")]


def test_pair_round_one_and_publish(dc, seeded):
    response = dc.post(url(seeded, "pair"))
    assert response.status_code == 302 and response.url == url(seeded, "round", 1)
    r1 = seeded.rounds.get()
    assert r1.status == Round.Status.DRAFT and r1.matches.count() == 4
    page = dc.get(response.url).content.decode()
    assert "Drawn by lot:" in page
    seeded.refresh_from_db()
    # Said of player no. 1, not of board 1: a change by hand may move him off board 1.
    assert ("in round 1 as paired, player no. 1 starts set 1" if seeded.top_seed_starts
            else "in round 1 as paired, player no. 1's opponent starts set 1") in page
    assert "0 points before" in page and "Publish round 1" in page
    m = r1.matches.get(board=1)
    assert f"{m.side0.number}. {m.side0.name}" in page
    dashboard = dc.get(url(seeded, "event")).content.decode()
    assert "Check and publish round 1" in dashboard
    dc.post(url(seeded, "publish", 1))
    r1.refresh_from_db()
    assert r1.status == Round.Status.PUBLISHED
    page = dc.get(url(seeded, "round", 1)).content.decode()
    assert "Publish round 1" not in page and 'name="first"' not in page


def test_pairing_refused_while_boards_are_open(dc, seeded, director):
    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    response = dc.post(url(seeded, "pair"), follow=True)
    page = response.content.decode()
    assert "4 boards still open" in page
    first = r1.matches.select_related("side0", "side1").get(board=1)
    assert f"board 1 ({first.side0.name} – {first.side1.name}, pending)" in page
    assert "Waiting for 4 boards of round 1" in page  # the next-step hint says the same
    assert seeded.rounds.count() == 1


def test_draft_explanation_shows_history(dc, seeded, director):
    seeded.require_confirmation = False
    seeded.save()
    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    finish_round(r1, director)
    r2 = rounds.pair_round(seeded, director)
    page = dc.get(url(seeded, "round", 2)).content.decode()
    # Forfeits are no games: no starter history, and they count as downfloats.
    assert "1 point before" in page and "0 points before" in page
    assert "Who started set 1 before: round 1: no game" in page
    assert "Paired away from their points before: round 1 down" in page
    m = r2.matches.select_related("side0").get(board=1)
    r2.explanation = [{"board": 1, "side0": {
        "number": m.side0.number, "name": m.side0.name, "score": 1.5, "colour_history": "wb",
        "preference": "side0", "strength": "strong", "float": "down", "float_history": "-U"},
        "side1": None}]
    r2.save()
    page = dc.get(url(seeded, "round", 2)).content.decode()
    # The event's points come first; the engine's score only where it differs.
    assert "(paired on 1.5: the pairing scores as FIDE does" in page
    assert ("Who started set 1 before: round 1: started set 1; round 2: the opponent "
            "started") in page
    assert "Should start set 1 this round" in page
    assert "Paired below their points this round (a downfloat)" in page
    assert "The engine's notes: colours wb, preference side0 (strong), floats -U" in page
    for engine_word in ("Side0", "SIDE0", "preference: white", "floats: -"):
        assert engine_word not in page.split("<details")[0]


def test_the_draft_shows_the_events_points_and_what_the_pairing_counted(dc, seeded,
                                                                       director):
    # A bye worth half a point: the public pages say 0.5, the pairing counted 1.
    events.update_settings(seeded, director, require_confirmation=False,
                           points={**seeded.points, "bye": 0.5})
    entrants.add_entrant(seeded, director, name="Odd One")
    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    finish_round(r1, director)
    rounds.pair_round(seeded, director)
    bye = r1.matches.get(side1__isnull=True).side0
    page = dc.get(url(seeded, "round", 2)).content.decode()
    cell = page.split(f"{bye.number}. {escape(bye.name)}</strong>")[1].split("<details")[0]
    assert "0.5 points before" in cell
    assert "(paired on 1: the pairing scores as FIDE does, 1 for a win or a bye" in cell


@pytest.fixture
def rounds_one_and_two(seeded, director):
    """Round 1 finished by forfeits, round 2 paired as a draft."""
    events.update_settings(seeded, director, require_confirmation=False)
    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    finish_round(r1, director)
    return r1, rounds.pair_round(seeded, director)


def rematch_form(r1, r2):
    """Set board 1 of round 2 to a pair that met on board 1 of round 1."""
    m = r1.matches.get(board=1)
    return {"board": 1, "side0": m.side0.pk, "side1": m.side1.pk}


def test_set_board_refused_for_rematch_then_overridden(dc, seeded, rounds_one_and_two):
    r1, r2 = rounds_one_and_two
    before = boards(r2)
    data = rematch_form(r1, r2)
    response = dc.post(url(seeded, "set_board", 2), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "have already met" in page and 'name="override"' in page
    assert boards(r2) == before
    response = dc.post(url(seeded, "set_board", 2), {**data, "override": "on"})
    assert "Say why the rules are overridden" in response.content.decode()
    assert boards(r2) == before
    response = dc.post(url(seeded, "set_board", 2),
                       {**data, "override": "on", "override_reason": "only table left"})
    assert response.status_code == 302
    m = r1.matches.get(board=1)
    assert boards(r2)[0] == (m.side0.name, m.side1.name)
    assert sorted(p for b in boards(r2) for p in b) == sorted(p for b in before for p in b)
    entry = AuditEntry.objects.get(action="set_pairing")
    assert entry.reason == "only table left" and "already met" in entry.summary
    page = dc.get(url(seeded, "round", 2)).content.decode()
    assert "Changed by hand" in page and "1 point before" in page


def test_swap_refused_for_rematch_then_accepted_with_reason(dc, seeded, rounds_one_and_two):
    r1, r2 = rounds_one_and_two
    # Player A of round 2's board 1 swaps with the opponent of A's round-1 opponent's
    # round-2 board, so A meets the round-1 opponent again.
    a = r2.matches.get(board=1).side0
    m1 = r1.matches.get(side0=a) if r1.matches.filter(side0=a).exists() else \
        r1.matches.get(side1=a)
    old = m1.side1 if m1.side0_id == a.pk else m1.side0
    board = r2.matches.get(side0=old) if r2.matches.filter(side0=old).exists() else \
        r2.matches.get(side1=old)
    partner = board.side1 if board.side0_id == old.pk else board.side0
    data = {"first": a.pk, "second": partner.pk}
    page = dc.post(url(seeded, "swap", 2), data).content.decode()
    assert f"{a.name} and {old.name} have already met" in page or \
        f"{old.name} and {a.name} have already met" in page
    assert 'name="override_reason"' in page
    response = dc.post(url(seeded, "swap", 2),
                       {**data, "override": "on", "override_reason": "family lift"})
    assert response.status_code == 302
    assert AuditEntry.objects.get(action="set_pairing").reason == "family lift"


def test_swap_on_one_board_changes_the_starter(dc, seeded, director):
    r1 = rounds.pair_round(seeded, director)
    m = r1.matches.get(board=2)
    response = dc.post(url(seeded, "swap", 1), {"first": m.side0.pk, "second": m.side1.pk,
                                                "reason": "she asked to start"})
    assert response.status_code == 302
    assert boards(r1)[1] == (m.side1.name, m.side0.name)


def test_delete_draft_round(dc, seeded, director):
    rounds.pair_round(seeded, director)
    response = dc.post(url(seeded, "delete_round", 1))
    assert response.status_code == 302
    assert response["Location"] == reverse("director:event", args=[seeded.slug])
    assert not seeded.rounds.exists()
    assert "Round 1 is deleted." in dc.get(response["Location"]).content.decode()


def test_delete_published_round_needs_a_reason(dc, seeded, director):
    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    page = dc.post(url(seeded, "delete_round", 1), {"reason": ""}).content.decode()
    assert "Say why the published round is withdrawn" in page
    assert seeded.rounds.exists()
    dc.post(url(seeded, "delete_round", 1), {"reason": "wrong entrants list"})
    assert not seeded.rounds.exists()
    assert AuditEntry.objects.get(action="delete_round").reason == "wrong entrants list"


def test_unknown_round_is_404(dc, seeded):
    assert dc.get(url(seeded, "round", 3)).status_code == 404


def prefer(round_, preferences):
    """Give the stored explanation of `round_` these colour preferences (number ->
    (preference, strength)), as the engine would have written them."""
    explained = []
    for m in round_.matches.select_related("side0", "side1"):
        sides = {}
        for key, e in (("side0", m.side0), ("side1", m.side1)):
            if e is None:
                sides[key] = None
                continue
            preference, strength = preferences.get(e.number, ("none", "none"))
            sides[key] = {"number": e.number, "name": e.name, "score": 1,
                          "colour_history": "w", "preference": preference,
                          "strength": strength, "float": None, "float_history": "-"}
        explained.append({"board": m.board, **sides})
    round_.explanation = explained
    round_.save()


def test_swap_warns_when_both_players_are_due_to_start(dc, seeded, rounds_one_and_two):
    _, r2 = rounds_one_and_two
    b1, b2 = r2.matches.select_related("side0", "side1").order_by("board")[:2]
    a, b, c, d = b1.side0, b1.side1, b2.side0, b2.side1
    prefer(r2, {a.number: ("white", "strong"), b.number: ("black", "strong"),
                c.number: ("white", "absolute"), d.number: ("black", "mild")})
    page = dc.get(url(seeded, "round", 2)).content.decode()
    assert 'id="colour-warnings"' not in page  # the engine's boards are not second-guessed
    response = dc.post(url(seeded, "swap", 2), {"first": b.pk, "second": c.pk,
                                                "override": "on",
                                                "override_reason": "keep clubs apart"},
                       follow=True)
    page = response.content.decode()
    both = (f"Board 1: {a.name} (strong) and {c.name} (absolute) are both due to start "
            f"set 1; {a.name} starts.")
    neither = (f"Board 2: neither {b.name} (strong) nor {d.name} (mild) is due to start set "
               f"1; {b.name} starts.")
    assert escape(both) in page and escape(neither) in page
    assert boards(r2)[:2] == [(a.name, c.name), (b.name, d.name)]  # a warning, not a refusal
    # The draft page keeps saying so until the boards change again.
    page = dc.get(url(seeded, "round", 2)).content.decode()
    assert 'id="colour-warnings"' in page and escape(both) in page


def test_swapping_a_boards_players_warns_when_the_one_due_to_start_goes_second(
        dc, seeded, rounds_one_and_two):
    _, r2 = rounds_one_and_two
    m = r2.matches.select_related("side0", "side1").get(board=1)
    prefer(r2, {m.side0.number: ("white", "strong"), m.side1.number: ("black", "strong")})
    response = dc.post(url(seeded, "swap", 2), {"first": m.side0.pk, "second": m.side1.pk,
                                                "reason": "table near the door"},
                       follow=True)
    assert escape(f"Board 1: {m.side0.name} (strong) is due to start set 1, but "
                  f"{m.side1.name} (strong) starts.") in response.content.decode()
