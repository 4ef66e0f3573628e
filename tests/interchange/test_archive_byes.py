"""Requested byes and absences in the archive: per paired round `"byes": {"half", "zero"}`
and `"absent"`, and `"coming_byes"` for rounds not paired yet; late entries are derived.
Checked on import (all or nothing, our error at the path) and round-tripped exactly."""

import copy

import pytest
from django.contrib.auth.models import User

from tournament.actions import ActionError, attendance, entrants, events, results, rounds
from tournament.actions.archive import import_tournament
from tournament.interchange.archive import export_tournament
from tournament.models import Attendance, Tournament
from tournament.reads import history

pytestmark = pytest.mark.django_db


def finish(round_, user):
    for m in round_.matches.exclude(side1=None):
        results.submit_result(m.pk, user, version=m.version, outcome="forfeit", conceded_by=1)


def away(event, director, number, rnd, kind):
    attendance.set_attendance(event, director, entrant=event.entrants.get(number=number),
                              round_number=rnd, kind=kind)


@pytest.fixture
def byes_event(dora):
    """Eight players. Round 1 (closed): 1 half-point bye, 2 zero-point bye, 3 absent;
    player 9 entered late after it. Round 2 (live): 4 absent. Coming: round 3 player 5
    half-point bye, round 4 player 6 absent; player 7's round 4 bye is moot (he withdrew
    after round 2)."""
    t = events.create_tournament(dora, name="Leek Open", require_confirmation=False)
    entrants.import_entrants(t, dora, "name,club,rating\n" + "\n".join(
        f"Player {i},,{1900 - i}" for i in range(1, 9)))
    away(t, dora, 1, 1, "half_bye")
    away(t, dora, 2, 1, "zero_bye")
    away(t, dora, 3, 1, "absent")
    r1 = rounds.pair_round(t, dora)
    rounds.publish_round(r1, dora)
    finish(r1, dora)
    entrants.add_entrant(t, dora, name="Player 9")
    away(t, dora, 4, 2, "absent")
    away(t, dora, 5, 3, "half_bye")
    away(t, dora, 6, 4, "absent")
    away(t, dora, 7, 4, "zero_bye")
    rounds.publish_round(rounds.pair_round(t, dora), dora)
    entrants.withdraw_entrant(t.entrants.get(number=7), dora, reason="ill")
    return Tournament.objects.get(pk=t.pk)


def rows(event):
    return sorted(Attendance.objects.of_event(event).values_list(
        "round_number", "entrant__number", "kind"))


def test_export_writes_each_rounds_byes_and_the_coming_ones(byes_event):
    doc = export_tournament(byes_event)
    assert doc["rounds"][0]["byes"] == {"half": [1], "zero": [2]}
    assert doc["rounds"][0]["absent"] == [3]
    assert "byes" not in doc["rounds"][1] and doc["rounds"][1]["absent"] == [4]
    assert doc["coming_byes"] == [{"round": 3, "player": 5, "kind": "half_bye"},
                                  {"round": 4, "player": 6, "kind": "absent"}]
    # Late entries are derived: no key says player 9 missed round 1.
    assert history.not_paired_numbers(byes_event, 1)["late_entry"] == [9]


def test_an_archive_with_byes_round_trips_exactly(byes_event):
    doc = export_tournament(byes_event)
    again = import_tournament(copy.deepcopy(doc), None, slug="again")
    assert export_tournament(again) == doc
    assert rows(again) == [(1, 1, "half_bye"), (1, 2, "zero_bye"), (1, 3, "absent"),
                           (2, 4, "absent"), (3, 5, "half_bye"), (4, 6, "absent")]
    assert history.not_paired_numbers(again, 1) == history.not_paired_numbers(byes_event, 1) == {
        "half_bye": [1], "zero_bye": [2], "absent": [3], "late_entry": [9]}
    # Scored the same: 1 has half a point from round 1, the late entry nothing.
    before = [(r.player, r.points) for r in history.compute(byes_event).rows]
    assert [(r.player, r.points) for r in history.compute(again).rows] == before
    assert dict(before)[1] == 0.5
    # The coming byes are kept out of the next pairing as before.
    finish(again.rounds.get(number=2), User.objects.create_user("arnie", is_superuser=True))
    trf = history.trf_event(again, through_round=2)
    assert trf.player(5).results[-1].to_trf() == "0000 - H"


def test_without_byes_the_archive_has_no_new_keys(dora):
    t = events.create_tournament(dora, name="Plain Open")
    entrants.import_entrants(t, dora, "name\nAnn\nBo\nCy\nDi")
    rounds.publish_round(rounds.pair_round(t, dora), dora)
    doc = export_tournament(t)
    assert "coming_byes" not in doc
    assert set(doc["rounds"][0]) == {"number", "matches"}


def damage_seated(doc):
    seated = doc["rounds"][0]["matches"][0]["players"][0]
    doc["rounds"][0]["byes"]["half"].append(seated)
    return seated


@pytest.mark.parametrize("damage, path, message", [
    (lambda d: d["rounds"][0]["byes"]["half"].append(99), "/rounds/0/byes/half/1",
     "unknown player 99"),
    (lambda d: d["rounds"][0]["byes"].update(full=[5]), "/rounds/0/byes",
     "unknown key 'full'"),
    (lambda d: d["rounds"][0].update(byes=[1]), "/rounds/0/byes",
     '{"half": [ids], "zero": [ids]}'),
    (lambda d: d["rounds"][0].update(absent="3"), "/rounds/0/absent", "a list of player ids"),
    (lambda d: d["rounds"][0]["absent"].append(1), "/rounds/0/absent/1",
     "player 1 is named twice among round 1's byes and absences"),
    (lambda d: d["rounds"][1]["absent"].append(True), "/rounds/1/absent/1",
     "unknown player True"),
    (lambda d: d["players"][0].update(withdrawn_after_round=0), "/rounds/0/byes/half/0",
     "player 1 withdrew after round 0: no bye or absence in round 1"),
    (lambda d: d.update(coming_byes={}), "/coming_byes", "a list of"),
    (lambda d: d["coming_byes"][0].update(round=2), "/coming_byes/0/round",
     "a round not paired yet: 3 to 5"),
    (lambda d: d["coming_byes"][0].update(round=6), "/coming_byes/0/round",
     "a round not paired yet: 3 to 5"),
    (lambda d: d["coming_byes"][1].update(kind="full_bye"), "/coming_byes/1/kind",
     "one of half_bye, zero_bye, absent"),
    (lambda d: d["coming_byes"][1].update(player=0), "/coming_byes/1/player",
     "unknown player 0"),
    (lambda d: d["coming_byes"][1].update(why="ill"), "/coming_byes/1",
     "unknown key 'why'"),
    (lambda d: d["coming_byes"].append(dict(d["coming_byes"][0])), "/coming_byes/2",
     "player 5 has two entries for round 3"),
    (lambda d: d["players"][5].update(withdrawn_after_round=2), "/coming_byes/1/player",
     "player 6 withdrew after round 2: no bye or absence in round 4"),
])
def test_bad_byes_are_refused_at_their_path_and_nothing_is_imported(byes_event, damage, path,
                                                                     message):
    doc = copy.deepcopy(export_tournament(byes_event))
    damage(doc)
    count = Tournament.objects.count()
    with pytest.raises(ActionError) as caught:
        import_tournament(doc, None, slug="bad")
    assert str(caught.value).startswith(f"The archive was not imported: {path}: ")
    assert message in str(caught.value)
    assert caught.value.errors == {path: [caught.value.errors[path][0]]}
    assert Tournament.objects.count() == count
    assert not Attendance.objects.filter(entrant__tournament__slug="bad").exists()


def test_a_bye_for_a_player_with_a_board_is_refused(byes_event):
    doc = copy.deepcopy(export_tournament(byes_event))
    seated = damage_seated(doc)
    with pytest.raises(ActionError, match=f"/rounds/0/byes/half/1: player {seated} has a "
                                          "board in round 1"):
        import_tournament(doc, None, slug="bad")
