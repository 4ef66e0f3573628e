"""Stages (shared/spec/competitions.md): a Swiss with a knock-out top cut, a cup drawn by
lot, a round robin; what a director may and may not do with them."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.actions import entrants, results, rounds, stages
from tournament.actions.base import ActionError
from tournament.models import AuditEntry, Round, Stage, Tournament
from tournament.pairing import knockout, round_robin
from tournament.reads import history

from ..stages import add, boards, play_round, swiss_then_cut


def test_every_event_starts_as_one_swiss_stage(event):
    assert [(s.number, s.kind) for s in event.stages.all()] == [(1, "swiss")]


def test_a_swiss_then_a_top_four_knockout_with_a_third_place_match(event, director):
    add(event, director, 8)
    event.rounds_planned = 3
    event.save(update_fields=["rounds_planned"])
    cut = stages.add_stage(event, director, kind="knockout", size=4, third_place=True,
                           lot_seed="spring-2026")
    assert cut.seeding == "standings"
    for n in range(1, 4):
        r = play_round(rounds.pair_round(event, director), director)
        assert (r.number, r.stage.number, r.number_in_stage) == (n, 1, n)
    event.refresh_from_db()
    assert event.status == Tournament.Status.RUNNING  # the knock-out is still to play
    rows = history.compute(event, public=False).rows
    number = dict(event.entrants.values_list("id", "number"))
    ids = {n: i for i, n in number.items()}
    # The first four of the standings, places shared (forfeits leave no spread) by lot,
    # drawn on pairing numbers.
    groups = {}
    for row in rows:
        groups.setdefault(row.rank, []).append(row.player)
    top = [n for rank in sorted(groups)
           for n in knockout.lot_order("spring-2026", groups[rank])][:4]
    assert any(row.shared for row in rows[:5])  # the lot had something to decide
    semis = rounds.pair_round(event, director)
    cut.refresh_from_db()
    assert [number[i] for i in cut.seeds] == top
    assert (semis.number, semis.stage_id, semis.number_in_stage) == (4, cut.pk, 1)
    assert semis.title == "Semi-finals"
    by_number = {e.number: e.name for e in event.entrants.all()}
    assert boards(semis) == [(1, by_number[top[0]], by_number[top[3]]),
                             (2, by_number[top[1]], by_number[top[2]])]
    # Seed 4 beats seed 1; seed 2 beats seed 3.
    play_round(semis, director, loser_side=lambda m: 0 if m.board == 1 else 1)
    final = rounds.pair_round(event, director)
    assert final.title == "Final"
    assert boards(final) == [(1, by_number[top[1]], by_number[top[3]]),
                             (2, by_number[top[0]], by_number[top[2]])]
    play_round(final, director)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    cut.refresh_from_db()
    placed = knockout.placings(history.bracket(cut))
    assert placed == [(1, ids[top[1]]), (2, ids[top[3]]), (3, ids[top[0]]), (4, ids[top[2]])]
    with pytest.raises(ActionError, match="Every stage is paired"):
        rounds.pair_round(event, director)
    # The Swiss standings count the Swiss only: 3 rounds, however the knock-out went.
    assert max(row.points for row in history.compute(event).rows) <= 3
    out = StringIO()
    call_command("bracket", event.slug, "--json", stdout=out)
    doc = json.loads(out.getvalue())
    assert doc["stage"] == 2 and doc["size"] == 4 and doc["seeds"] == top and doc["plate"] is None
    assert [[m["players"] for m in r["matches"]] for r in doc["rounds"]] == [
        [[top[0], top[3]], [top[1], top[2]]], [[top[1], top[3]], [top[0], top[2]]]]
    assert doc["rounds"][0]["matches"][0]["winner"] == top[3]
    assert doc["placings"] == [{"place": p, "entrant": number[i]} for p, i in placed]
    out = StringIO()
    call_command("bracket", event.slug, stdout=out)
    assert "Final" in out.getvalue() and "third place" in out.getvalue()
    out = StringIO()
    call_command("standings", event.slug, "--stage", "1", "--json", stdout=out)
    assert len(json.loads(out.getvalue())) == 8
    with pytest.raises(CommandError, match="knock-out"):
        call_command("standings", event.slug, "--stage", "2")
    with pytest.raises(CommandError, match="no stage 3"):
        call_command("bracket", event.slug, "--stage", "3")


def test_a_knockout_round_waits_for_the_one_before(event, director):
    add(event, director, 4)
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="rating")
    semis = rounds.pair_round(event, director)
    rounds.publish_round(semis, director)
    with pytest.raises(ActionError, match="not finished"):
        rounds.pair_round(event, director)
    assert event.rounds.count() == 1


def test_a_cup_of_thirteen_drawn_by_lot_gives_three_byes(event, director):
    add(event, director, 13)
    stage = event.stages.get()
    stages.change_stage(stage, director, kind="knockout", seeding="draw")
    with pytest.raises(ActionError, match="publish its lot seed"):
        rounds.pair_round(event, director)
    assert not event.rounds.exists()
    stage = stages.change_stage(stage, director, kind="knockout", seeding="draw",
                                lot_seed="cup-2026")
    first = rounds.pair_round(event, director)
    stage.refresh_from_db()
    number = dict(event.entrants.values_list("id", "number"))
    # The lot is drawn on pairing numbers, which anyone can read on the public pages.
    assert [number[i] for i in stage.seeds] == knockout.lot_order("cup-2026", range(1, 14))
    assert first.title == "Round of 16"
    byes = [m for m in first.matches.all() if m.is_bye]
    assert sorted(m.side0_id for m in byes) == sorted(stage.seeds[:3])
    assert first.matches.count() == 8
    play_round(first, director)
    quarter = rounds.pair_round(event, director)
    assert quarter.title == "Quarter-finals" and quarter.matches.count() == 4


def test_a_round_robin_follows_the_berger_tables_and_finishes(event, director):
    add(event, director, 5)
    stages.change_stage(event.stages.get(), director, kind="round_robin")
    names = dict(event.entrants.values_list("number", "name"))
    for r in range(1, 6):
        round_ = rounds.pair_round(event, director)
        expected = [(f.board, names[f.home], names[f.away] if f.away else None)
                    for f in round_robin.berger_round(5, r)]
        assert boards(round_) == expected
        play_round(round_, director)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    rows = history.compute(event).rows
    assert len(rows) == 5


def test_a_final_in_its_own_format(db, director):
    from tournament.actions import events

    cup = events.create_tournament(director, name="Pairs Cup", ruleset="bndcc",
                                   entrants_kind="pairs", match_target=61, sets_to_win=2)
    add(cup, director, 4, pairs=True)
    stages.change_stage(cup.stages.get(), director, kind="knockout", seeding="entry",
                        final_match={"target": 61, "sets_to_win": 3})
    semis = rounds.pair_round(cup, director)
    assert semis.match is None and semis.match_format == {"target": 61, "sets_to_win": 2}
    play_round(semis, director)
    final = rounds.pair_round(cup, director)
    assert final.match_format == {"target": 61, "sets_to_win": 3}
    assert final.matches.get().max_sets == 5


def test_bad_stages_are_refused_with_the_reason(event, director):
    add(event, director, 6)
    with pytest.raises(ActionError, match="larger than the field"):
        stages.add_stage(event, director, kind="knockout", size=8)
    with pytest.raises(ActionError, match="first stage"):
        stages.add_stage(event, director, kind="swiss")
    with pytest.raises(ActionError, match="no standings before"):
        stages.change_stage(event.stages.get(), director, kind="knockout", seeding="standings")
    with pytest.raises(ActionError, match="final match is not allowed"):
        stages.add_stage(event, director, kind="knockout", size=4,
                         final_match={"target": 61, "sets_to_win": 3})  # mso: 61 and 2 only
    assert event.stages.count() == 1
    r = rounds.pair_round(event, director)
    with pytest.raises(ActionError, match="has begun"):
        stages.change_stage(event.stages.get(), director, kind="round_robin")
    play_round(r, director)
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    from tournament.actions.progress import update_status

    update_status(event)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    with pytest.raises(ActionError, match="is finished"):
        stages.add_stage(event, director, kind="knockout", size=4)


def test_stage_changes_are_audited(event, director):
    add(event, director, 6)
    stage = stages.add_stage(event, director, kind="knockout", size=4, third_place=True)
    stages.change_stage(stage, director, kind="knockout", size=2)
    stages.delete_stage(Stage.objects.get(pk=stage.pk), director)
    actions = list(AuditEntry.objects.filter(tournament=event).order_by("id")
                   .values_list("action", flat=True))
    assert actions[-3:] == ["add_stage", "change_stage", "delete_stage"]
    assert event.stages.count() == 1


def test_existing_rounds_default_to_the_latest_stage(event):
    r = Round.objects.create(tournament=event, number=1)
    assert (r.stage.number, r.number_in_stage) == (1, 1)


def test_an_archive_of_stages_comes_back_the_same(event, director):
    from tournament.actions.archive import import_tournament
    from tournament.interchange.archive import export_tournament

    doc = export_tournament(swiss_then_cut(event, director))
    assert "rounds" not in doc and "rounds_planned" not in doc
    swiss, cut = doc["stages"]
    assert swiss["kind"] == "swiss" and swiss["rounds_planned"] == 3
    assert [r["number"] for r in swiss["rounds"]] == [1, 2, 3]
    assert cut["kind"] == "knockout" and cut["size"] == 4 and cut["third_place"] is True
    assert cut["lot_seed"] == "spring-2026" and len(cut["seeds"]) == 4
    assert [r["number"] for r in cut["rounds"]] == [1, 2]
    assert [m["board"] for m in cut["rounds"][1]["matches"]] == [1, 2]
    copy = import_tournament(doc, director, slug="spring-copy")
    assert export_tournament(copy) == doc
    assert [(s.kind, s.number) for s in copy.stages.all()] == [("swiss", 1), ("knockout", 2)]
    final = copy.rounds.get(number=5)
    assert (final.stage.number, final.number_in_stage, final.title) == (2, 2, "Final")
    assert copy.status == Tournament.Status.RUNNING


def test_a_single_swiss_archive_keeps_its_old_shape(event, director):
    from tournament.interchange.archive import export_tournament

    add(event, director, 4)
    play_round(rounds.pair_round(event, director), director)
    doc = export_tournament(event)
    assert "stages" not in doc and doc["rounds"][0]["number"] == 1


@pytest.mark.parametrize("change, path", [
    (lambda d: d.update(rounds=[]), "/rounds"),
    (lambda d: d["stages"][1].update(plate="yes"), "/stages/1/plate"),
    (lambda d: d["stages"][0].update(plate=True), "/stages/0/plate"),
    (lambda d: d["stages"][1].update(kind="swiss"), "/stages/1/kind"),
    (lambda d: d["stages"][1]["seeds"].append(99), "/stages/1/seeds/4"),
    (lambda d: d["stages"][1].pop("seeds"), "/stages/1/seeds"),
    (lambda d: d["stages"][0]["rounds"].pop(), "/stages/1/rounds"),
    (lambda d: d["stages"][1].update(final_match={"target": 61, "sets_to_win": 3}),
     "/stages/1/final_match/sets_to_win"),
])
def test_a_bad_archive_of_stages_is_refused_at_its_path(event, director, change, path):
    from tournament.actions.archive import import_tournament
    from tournament.interchange.archive import export_tournament

    doc = export_tournament(swiss_then_cut(event, director))
    change(doc)
    with pytest.raises(ActionError) as refused:
        import_tournament(doc, director, slug="bad-copy")
    assert path in refused.value.errors
    assert not Tournament.objects.filter(slug="bad-copy").exists()


def test_a_record_must_be_in_its_rounds_format(db, director):
    from tournament.actions import events

    cup = events.create_tournament(director, name="Pairs Cup", ruleset="bndcc",
                                   entrants_kind="pairs", match_target=61, sets_to_win=2)
    add(cup, director, 2, pairs=True)
    stages.change_stage(cup.stages.get(), director, kind="knockout", seeding="entry",
                        final_match={"target": 61, "sets_to_win": 3})
    final = rounds.pair_round(cup, director)
    rounds.publish_round(final, director)
    board = final.matches.get()
    best_of_three = {"format": "fives-and-threes-match/1", "ruleset": "bndcc", "seats": 4,
                     "match": {"target": 61, "sets_to_win": 2},
                     "sets": [{"score": [61, 7]}, {"score": [61, 8]}]}
    with pytest.raises(ActionError) as refused:
        results.submit_result(board.pk, director, version=0, record=best_of_three)
    assert any("3 sets" in e["message"] for e in refused.value.report["errors"]), \
        refused.value.report["errors"]
    first_to_three = dict(best_of_three, match={"target": 61, "sets_to_win": 3},
                          sets=[{"score": [61, 7]}, {"score": [61, 8]}, {"score": [61, 9]}])
    stored, report = results.submit_result(board.pk, director, version=0,
                                           record=first_to_three)
    assert report["valid"] and stored.winner == board.side0


def test_a_double_forfeit_sends_neither_through(event, director):
    add(event, director, 8)
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="entry")
    quarters = rounds.pair_round(event, director)
    rounds.publish_round(quarters, director)
    for m in quarters.matches.order_by("board"):
        if m.board == 1:
            results.submit_result(m.pk, director, version=0, outcome="double_forfeit")
        else:
            results.submit_result(m.pk, director, version=0, outcome="forfeit", conceded_by=1)
    semis = rounds.pair_round(event, director)
    walkover = semis.matches.get(board=1)
    # Seed 1 and seed 8 both forfeited board 1: seed 4 (board 2's winner) walks over.
    assert walkover.is_bye and walkover.side0.number == 4
    assert semis.matches.get(board=2).side1 is not None


def test_a_top_cut_passes_over_the_withdrawn(event, director):
    add(event, director, 6)
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    stages.add_stage(event, director, kind="knockout", size=4, lot_seed="cut")
    play_round(rounds.pair_round(event, director), director)
    best = history.compute(event, public=False).rows[0]
    leader = event.entrants.get(number=best.player)
    entrants.withdraw_entrant(leader, director, reason="gone home")
    rounds.pair_round(event, director)
    cut = event.stages.get(number=2)
    assert leader.pk not in cut.seeds and len(cut.seeds) == 4


def test_the_pair_round_command_moves_on_to_the_next_stage(event, director):
    add(event, director, 4)
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    stages.add_stage(event, director, kind="knockout", size=2, seeding="rating")
    out = StringIO()
    call_command("pair_round", event.slug, stdout=out)
    assert out.getvalue().splitlines()[0] == "2"
    for m in event.rounds.get().matches.all():
        results.submit_result(m.pk, director, version=0, outcome="forfeit", conceded_by=1)
    out = StringIO()
    call_command("pair_round", event.slug, stdout=out)
    final = event.rounds.get(number=2)
    assert (final.stage.number, final.title) == (2, "Final")
    # Seeded by rating: the two best-rated of the field meet in the final.
    assert out.getvalue().split() == ["1", "1", "2"]


def test_seeding_by_rating_orders_the_bracket(event, director):
    Tournament.objects.filter(pk=event.pk).update(require_confirmation=False)
    entrants.import_entrants(event, director, "name,rating\nLow,1200\nHigh,1900\nMid,1500\n"
                                              "Top,2000")
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="rating")
    semis = rounds.pair_round(event, director)
    assert boards(semis) == [(1, "Top", "Low"), (2, "High", "Mid")]


def test_standings_follow_a_round_robin_once_it_begins(event, director):
    add(event, director, 4)
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    stages.add_stage(event, director, kind="round_robin", lot_seed="rr")
    play_round(rounds.pair_round(event, director), director)
    assert history.ranking_stage(event).number == 1  # the round robin has not begun
    swiss_points = sorted(r.points for r in history.compute(event).rows)
    assert swiss_points == [0, 0, 1, 1]
    play_round(rounds.pair_round(event, director), director)
    assert history.ranking_stage(event).number == 2
    assert [r.title for r in event.round_list()] == ["Round 1", "Stage 2, round 1"]
    assert sorted(r.points for r in history.compute(event).rows) == [0, 0, 1, 1]
    rows = history.compute(event, stage=event.stages.get(number=1)).rows
    assert sorted(r.points for r in rows) == swiss_points


def test_a_plate_gives_the_first_rounds_losers_a_second_bracket(event, director):
    add(event, director, 8)
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="entry",
                        third_place=True, plate=True)
    play_round(rounds.pair_round(event, director), director)  # seeds 1-4 win
    semis = rounds.pair_round(event, director)
    assert boards(semis) == [(1, "P01", "P04"), (2, "P02", "P03"),
                             (3, "P05", "P08"), (4, "P06", "P07")]
    assert [m.plate for m in semis.matches.order_by("board")] == [False, False, True, True]
    play_round(semis, director)
    final = rounds.pair_round(event, director)
    # The final, the third-place match, then the plate's final.
    assert boards(final) == [(1, "P01", "P02"), (2, "P03", "P04"), (3, "P05", "P06")]
    play_round(final, director)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    out = StringIO()
    call_command("bracket", event.slug, "--json", stdout=out)
    doc = json.loads(out.getvalue())
    assert doc["placings"][:4] == [{"place": 1, "entrant": 1}, {"place": 2, "entrant": 2},
                                   {"place": 3, "entrant": 3}, {"place": 4, "entrant": 4}]
    plate = doc["plate"]
    assert plate["seeds"] == [5, 6, 7, 8] and plate["size"] == 4
    assert [[m["players"] for m in r["matches"]] for r in plate["rounds"]] == [
        [[5, 8], [6, 7]], [[5, 6]]]
    assert plate["placings"][:2] == [{"place": 1, "entrant": 5}, {"place": 2, "entrant": 6}]


def test_an_archive_with_a_plate_comes_back_the_same(event, director):
    from tournament.actions.archive import import_tournament
    from tournament.interchange.archive import export_tournament

    add(event, director, 6)
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="entry",
                        plate=True)
    play_round(rounds.pair_round(event, director), director)
    rounds.publish_round(rounds.pair_round(event, director), director)
    doc = export_tournament(event)
    cup = doc["stages"][0]
    # order(8): 1-bye, 4-5, 2-bye, 3-6: the plate is 5 against 6, beside the semi-finals.
    assert cup["plate"] == {"rounds": [{"number": 1, "matches": [
        {"board": 1, "players": [5, 6]}]}]}
    assert all(len(r["matches"]) == n for r, n in zip(cup["rounds"], [4, 2], strict=True))
    copy = import_tournament(doc, director, slug="plate-copy")
    assert export_tournament(copy) == doc
    plate_board = copy.rounds.get(number=2).matches.get(plate=True)
    assert plate_board.board == 3 and plate_board.match_format == copy.match_format


def test_the_trf_holds_the_swiss_and_says_so(event, director):
    swiss_then_cut(event, director)
    out, err = StringIO(), StringIO()
    call_command("export_trf", event.slug, stdout=out, stderr=err)
    assert "the 1 later stage (knock-out, round robin) is in the archive" in err.getvalue()
    rounds_in_file = max(len(line[91:].split()) // 3 for line in out.getvalue().splitlines()
                         if line.startswith("001"))
    assert rounds_in_file == 3  # the Swiss's three rounds, not the knock-out's
