"""TRF import: H, F and Z in rounds without a board become the requested byes and
absences they are (chosen by the event's points), so the imported event keeps them."""

import pytest

from tournament.actions import ActionError
from tournament.actions.trf_import import import_trf_event
from tournament.models import Attendance, Tournament
from tournament.pairing import TrfEvent, TrfPlayer, TrfResult, parse_trf, write_trf
from tournament.reads import history

pytestmark = pytest.mark.django_db

BYE = {code: TrfResult(None, "-", code) for code in "HFZU"}


def game(opponent, colour, code):
    return TrfResult(opponent, colour, code)


def trf(results, absent=()):
    return write_trf(TrfEvent(
        name="Leek Open", rounds_planned=5, first_colour="white1", absent=frozenset(absent),
        players=tuple(TrfPlayer(n, f"Player {n}", 2000 - n, tuple(rs))
                      for n, rs in enumerate(results, start=1))))


# Round 1: 1 beat 2, 4 beat 5, 3 not there yet (a late entry).
# Round 2: 1 half-point bye, 2 beat 3, 4 zero-point bye, 5 the pairing's bye.
# Round 3, not paired: 2 has asked for a half-point bye, 5 is absent (trailing Z).
RESULTS = [
    [game(2, "w", "1"), BYE["H"]],
    [game(1, "b", "0"), game(3, "w", "1"), BYE["H"]],
    [BYE["Z"], game(2, "b", "0")],
    [game(5, "w", "1"), BYE["Z"]],
    [game(4, "b", "0"), BYE["U"]],
]


def rows(event):
    return sorted(Attendance.objects.of_event(event).values_list(
        "entrant__number", "round_number", "kind"))


def test_byes_and_absences_become_attendance_rows():
    text = trf(RESULTS, absent=[5])
    event = import_trf_event(text, None, slug="leek")
    assert rows(event) == [(1, 2, "half_bye"), (2, 3, "half_bye"), (4, 2, "zero_bye")]
    assert history.not_paired_numbers(event, 1) == {"late_entry": [3]}
    assert history.not_paired_numbers(event, 2) == {"half_bye": [1], "zero_bye": [4]}
    points = {row.player: row.points for row in history.compute(event).rows}
    assert points == {1: 1.5, 2: 1, 3: 0, 4: 1, 5: 1}
    # What export_trf writes is the file imported.
    again = parse_trf(write_trf(history.trf_event(event)))
    original = parse_trf(text)
    assert [p.results for p in again.players] == [p.results for p in original.players]
    assert again.absent == original.absent == {5}
    assert event.audit_entries.get(action="import_trf").detail["byes"] == 3


def test_a_full_point_bye_no_kind_scores_is_refused_whole():
    results = [list(rs) for rs in RESULTS]
    results[0][1] = BYE["F"]
    with pytest.raises(ActionError, match=r"Player 1, round 2: a full-point bye \(F\) is not "
                                          r"used in this game: no requested bye or absence "
                                          r"of this event scores it \(half-point bye 0.5, "
                                          r"zero-point bye 0, absent 0\)"):
        import_trf_event(trf(results), None, slug="leek")
    assert not Tournament.objects.filter(slug="leek").exists()
    assert not Attendance.objects.exists()


def test_a_coming_half_point_bye_in_round_one():
    text = trf([[BYE["H"]], [], [], []])
    event = import_trf_event(text, None, slug="fresh")
    assert rows(event) == [(1, 1, "half_bye")]
    assert event.rounds.count() == 0
