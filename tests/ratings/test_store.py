"""The stored lists (tournament/rating_lists.py) equal the spec's rule on small events."""

import copy

import pytest

from tests.scoring.records import score_match
from tournament.actions.base import ActionError
from tournament.actions.results import submit_result
from tournament.interchange.archive import export_tournament
from tournament.models import EntrantPerson, Match, Person, Rating, RatingStep
from tournament.ratings import RatedMatch, rate_all
from tournament.reads import rating_lists

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db

SIDE0_WINS = score_match([61, 40], [61, 3])
SIDE1_WINS = score_match([40, 61], [3, 61])


def expected(*events):
    """The rule computed here from the documents: (event name, {number: key}, rounds)."""
    matches = []
    for name, keys, rounds in events:
        for ms in rounds:
            for x, y, w in ms:
                if w and keys.get(x) and keys.get(y):
                    loser = y if w == x else x
                    matches.append(RatedMatch(None, name, keys[w], keys[loser]))
    standings, _ = rate_all(matches)
    return standings


def stored(ruleset="mso"):
    return {r.person.key: r for r in rating_lists.rating_list(ruleset)}


def same(standings, ruleset="mso"):
    rows = stored(ruleset)
    assert set(rows) == {k for k in standings}
    for key, s in standings.items():
        r = rows[key]
        assert (r.mu, r.sigma, r.rating, r.trend) == pytest.approx(
            (s.mu, s.sigma, s.rating, s.trend), abs=1e-9), key
        assert r.matches == s.matches


KEYS = {i: (k,) for i, (_, k) in enumerate(FOUR, start=1)}
R_A = [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]]
R_B = [[(1, 4, 4), (2, 3, 2)], [(4, 2, 2), (3, 1, 1)]]


def test_import_creates_and_links_people_and_rates_the_event():
    event = imported(archive("A", FOUR, R_A, date="2026-05-01"), "a")
    assert event.date.isoformat() == "2026-05-01"
    assert sorted(Person.objects.values_list("key", "name")) == sorted(
        (k, n) for n, k in FOUR)
    assert EntrantPerson.objects.filter(entrant__tournament=event).count() == 4
    same(expected(("A", KEYS, R_A)))
    assert RatingStep.objects.count() == 8


def test_a_second_import_links_to_the_same_people():
    imported(archive("A", FOUR, R_A, date="2026-05-01"), "a")
    renamed = [("Ann Lee-Smith", "ann"), *FOUR[1:]]
    imported(archive("B", renamed, R_B, date="2026-06-01"), "b")
    assert Person.objects.count() == 4
    assert Person.objects.get(key="ann").name == "Ann Lee"  # the person keeps their record
    same(expected(("A", KEYS, R_A), ("B", KEYS, R_B)))


def test_an_older_event_arriving_later_rebuilds_in_date_order_and_undated_go_last():
    imported(archive("C", FOUR, R_A), "c")  # no date: after every dated event
    imported(archive("B", FOUR, R_B, date="2026-06-01"), "b")
    imported(archive("A", FOUR, R_A, date="2026-05-01"), "a")
    same(expected(("A", KEYS, R_A), ("B", KEYS, R_B), ("C", KEYS, R_A)))
    seqs = list(RatingStep.objects.filter(person__key="ann").order_by("seq")
                .values_list("match__round__tournament__slug", flat=True))
    assert seqs == ["a", "a", "b", "b", "c", "c"]


def test_unlinked_players_unplayed_and_forfeited_boards_are_not_rated():
    people = [("Ann Lee", "ann"), ("Bo Park", None), ("Cy Hale", "cy"), ("Di Ross", "di")]
    doc = archive("A", people, [[(1, 2, 1), (3, 4, None)], [(1, 3, 1), (2, 4, 4)]])
    doc["rounds"][1]["matches"][1] = {"board": 2, "players": [2, 4], "forfeit_by": 2}
    imported(doc, "a")
    same(expected(("A", {1: ("ann",), 3: ("cy",)}, [[(1, 3, 1)]])))
    assert "bo" not in stored()


def test_pairs_feed_the_same_list_as_singles():
    imported(archive("S", FOUR, R_A, date="2026-05-01"), "s")
    pairs = [(FOUR[0], FOUR[1]), (FOUR[2], FOUR[3])]
    imported(archive("P", pairs, [[(1, 2, 2)]], date="2026-05-02", pairs=True), "p")
    same(expected(("S", KEYS, R_A), ("P", {1: ("ann", "bo"), 2: ("cy", "di")}, [[(1, 2, 2)]])))
    assert stored()["ann"].matches == 3


def test_a_bndcc_event_feeds_its_own_list():
    imported(archive("A", FOUR, R_A), "a")
    imported(archive("X", FOUR, R_B, ruleset="bndcc"), "x")
    same(expected(("A", KEYS, R_A)), "mso")
    same(expected(("X", KEYS, R_B)), "bndcc")


def live_event(**kw):
    """Round 2 still open: board 1 and 2 unplayed."""
    event = imported(archive("A", FOUR, [R_A[0], [(1, 3, None), (2, 4, None)]], **kw), "a")
    event.require_confirmation = False
    event.save()
    return event


def board(event, number, board_no):
    return Match.objects.get(round__tournament=event, round__number=number, board=board_no)


def test_a_newly_counted_last_result_is_one_update_equal_to_the_rebuild(monkeypatch):
    event = live_event()
    calls = []
    monkeypatch.setattr(rating_lists, "rebuild", lambda r: calls.append(r))
    m = board(event, 2, 1)
    submit_result(m.pk, None, version=m.version, record=SIDE1_WINS)
    assert calls == []  # one update, no rebuild
    monkeypatch.undo()
    same(expected(("A", KEYS, [R_A[0], [(1, 3, 3)]])))
    assert RatingStep.objects.filter(match=m).count() == 2
    before = {k: (r.mu, r.sigma, r.trend) for k, r in stored().items()}
    rating_lists.rebuild("mso")
    after = stored()
    for key, values in before.items():
        assert (after[key].mu, after[key].sigma, after[key].trend) == pytest.approx(values)


def test_an_earlier_board_counted_after_a_later_one_rebuilds():
    event = live_event()
    m2 = board(event, 2, 2)
    submit_result(m2.pk, None, version=m2.version, record=SIDE0_WINS)
    m1 = board(event, 2, 1)
    submit_result(m1.pk, None, version=m1.version, record=SIDE0_WINS)
    same(expected(("A", KEYS, [R_A[0], [(1, 3, 1), (2, 4, 2)]])))
    order = list(RatingStep.objects.order_by("seq").values_list("match_id", flat=True))
    assert order.index(m1.pk) < order.index(m2.pk)


def test_a_correction_rebuilds_from_the_start():
    event = imported(archive("A", FOUR, R_A), "a")
    first = board(event, 1, 1)  # Ann beat Bo
    submit_result(first.pk, None, version=first.version, record=SIDE1_WINS,
                  reason="the slip was read the wrong way round")
    same(expected(("A", KEYS, [[(1, 2, 2), (3, 4, 3)], R_A[1]])))


def test_a_result_that_stops_counting_leaves_the_list():
    event = imported(archive("A", FOUR, R_A), "a")
    first = board(event, 1, 1)
    submit_result(first.pk, None, version=first.version, outcome="forfeit", conceded_by=1,
                  reason="Bo never came")
    same(expected(("A", KEYS, [[(3, 4, 3)], R_A[1]])))


def test_an_archive_with_people_and_a_date_round_trips():
    doc = archive("A", FOUR, R_A, date="2026-05-01")
    event = imported(copy.deepcopy(doc), "a")
    out = export_tournament(event)
    assert out["date"] == "2026-05-01"
    assert [p.get("person") for p in out["players"]] == ["ann", "bo", "cy", "di"]
    again = imported(copy.deepcopy(out), "a2")
    assert export_tournament(again) == out
    assert Person.objects.count() == 4  # the second import linked, it made nobody


def test_a_pairs_archive_writes_member_ids_back():
    pairs = [(FOUR[0], FOUR[1]), (FOUR[2], ("Ed Lowe", None))]
    event = imported(archive("P", pairs, [[(1, 2, 1)]], pairs=True), "p")
    out = export_tournament(event)
    assert [[m.get("person") for m in p["members"]] for p in out["players"]] == \
        [["ann", "bo"], ["cy", None]]
    assert "person" not in out["players"][0]
    assert stored() == {}  # cy's partner is not linked: the board is not rated at all


@pytest.mark.parametrize("damage, path", [
    (lambda d: d["players"][0].update(person="Ann Lee"), "/players/0/person"),
    (lambda d: d["players"][1].update(person="ann"), "/players/1/person"),
    (lambda d: d.update(date="2026-13-01"), "/date"),
    (lambda d: d.update(date=20260501), "/date"),
])
def test_bad_people_in_an_archive_are_refused_naming_the_path(damage, path):
    doc = archive("A", FOUR, R_A)
    damage(doc)
    with pytest.raises(ActionError) as exc:
        imported(doc, "a")
    assert path in exc.value.errors
    assert not Person.objects.exists() and not Rating.objects.exists()


def test_closing_a_round_with_entered_results_rates_them():
    from tournament.actions.rounds import close_round
    event = imported(archive("A", FOUR, [R_A[0], [(1, 3, None), (2, 4, None)]]), "a")
    for b, record in ((1, SIDE1_WINS), (2, SIDE0_WINS)):
        m = board(event, 2, b)
        submit_result(m.pk, None, version=m.version, record=record)  # entered, not counted
    same(expected(("A", KEYS, [R_A[0]])))
    close_round(event.rounds.get(number=2), None, reason="both slips signed")
    same(expected(("A", KEYS, [R_A[0], [(1, 3, 3), (2, 4, 2)]])))


def test_asking_no_confirmation_any_more_rates_the_entered_results():
    from tournament.actions.events import update_settings
    event = imported(archive("A", FOUR, [R_A[0], [(1, 3, None), (2, 4, None)]]), "a")
    m = board(event, 2, 1)
    submit_result(m.pk, None, version=m.version, record=SIDE1_WINS)
    same(expected(("A", KEYS, [R_A[0]])))
    update_settings(event, None, require_confirmation=False, reason="one arbiter today")
    same(expected(("A", KEYS, [R_A[0], [(1, 3, 3)]])))


def test_a_big_list_is_rebuilt_by_the_task_worker_after_the_commit(
        monkeypatch, django_capture_on_commit_callbacks):
    from django_tasks_db.models import DBTaskResult

    event = imported(archive("A", FOUR, R_A), "a")
    monkeypatch.setattr(rating_lists, "INLINE_MAX_MATCHES", 3)  # the list has 4
    queued = DBTaskResult.objects.filter(task_path__endswith="rebuild_ratings_task")
    first = board(event, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        submit_result(first.pk, None, version=first.version, record=SIDE1_WINS,
                      reason="the slip was read the wrong way round")
        assert not queued.exists()  # not before the correction commits
    assert [q.args_kwargs["args"] for q in queued] == [["mso"]]
    same(expected(("A", KEYS, R_A)))  # the old list until the worker runs
    assert rating_lists.rebuild_ratings_task.call("mso") == {"ruleset": "mso", "matches": 4}
    same(expected(("A", KEYS, [[(1, 2, 2), (3, 4, 3)], R_A[1]])))


def test_a_hidden_event_is_rated_once_shown():
    from tournament.actions.archive import import_tournament
    from tournament.actions.events import set_hidden
    event = import_tournament(archive("A", FOUR, R_A), None, slug="a", hidden=True)
    assert stored() == {}
    set_hidden(event, None, hidden=False)
    same(expected(("A", KEYS, R_A)))


def test_an_unlinked_board_takes_no_lock_on_the_list():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    people = [("Ann Lee", None), ("Bo Park", None), ("Cy Hale", "cy"), ("Di Ross", "di")]
    event = imported(archive("A", people, [[(1, 2, None), (3, 4, None)]]), "a")
    event.require_confirmation = False
    event.save()
    m = board(event, 1, 1)
    with CaptureQueriesContext(connection) as ctx:
        assert rating_lists.result_changed(m) == "none"
    assert not any("ratinglist" in q["sql"] for q in ctx.captured_queries)
    linked = board(event, 1, 2)
    submit_result(linked.pk, None, version=linked.version, record=SIDE0_WINS)
    same(expected(("A", {3: ("cy",), 4: ("di",)}, [[(3, 4, 3)]])))
