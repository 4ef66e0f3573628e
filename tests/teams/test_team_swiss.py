"""Team Swiss (pairs on match points: a team match drawn on boards is a draw for the
Swiss) and a knock-out cup of teams (the knock-out stage)."""

from tournament.actions import entrants, events, rounds, stages
from tournament.models import Match
from tournament.reads import history

from .conftest import play_card

MSO_TEAMS = {"boards": [{"kind": "singles", "count": 2,
                         "match": {"target": 61, "sets_to_win": 2}}]}


def mso_teams(director, n=4, name="Festival Teams"):
    t = events.create_tournament(director, name=name, ruleset="mso", entrants_kind="teams",
                                 team_match=MSO_TEAMS, rounds_planned=3,
                                 require_confirmation=False)
    for i in range(1, n + 1):
        entrants.add_entrant(t, director, name=f"Team {i}",
                             members=[{"name": f"T{i} player {k}"} for k in range(1, 4)])
    return t


def line_up(tm, director):
    from tournament.actions import lineups

    for side in (0, 1):
        lineups.set_lineup(tm.pk, director, side=side, lineup=[[0], [1]], reason="sheet")


def test_mso_boards_alternate_who_starts_set_one(db, plain_director):
    t = mso_teams(plain_director)
    r1 = rounds.pair_round(t, plain_director)
    tm = Match.objects.pairings().filter(round=r1).first()
    assert [b.first_set_starter for b in tm.boards.order_by("board")] == [0, 1]


def test_a_team_swiss_pairs_on_match_points_with_draws(db, plain_director):
    t = mso_teams(plain_director)
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    first, second = Match.objects.pairings().filter(round=r1).order_by("board")
    for tm, winners in ((first, (0, 1)), (second, (0, 0))):
        line_up(tm, plain_director)
        play_card(tm, plain_director, winners)
    first.refresh_from_db()
    assert first.outcome == Match.Outcome.PLAYED and first.winner_id is None  # a draw
    trf = history.trf_event(t)
    codes = {p.number: p.results[0].code for p in trf.players}
    assert sorted(codes.values()) == ["0", "1", "=", "="]
    r2 = rounds.pair_round(t, plain_director)
    pairs = {frozenset((m.side0_id, m.side1_id))
             for m in Match.objects.pairings().filter(round=r2)}
    # The winner meets a drawn team (its score group's nearest), never its round-1 opponent.
    assert frozenset((second.side0_id, second.side1_id)) not in pairs
    assert len(Match.objects.filter(round=r2, team_match__isnull=False)) == 4
    assert history.points_before(t, 2)  # the pairing list's points read the league table


def test_a_knockout_cup_of_teams(db, plain_director):
    t = mso_teams(plain_director, name="Teams Cup")
    stages.change_stage(t.stages.get(), plain_director, kind="knockout", seeding="entry")
    t.refresh_from_db()
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    for tm in Match.objects.pairings().filter(round=r1):
        line_up(tm, plain_director)
        play_card(tm, plain_director, (1, 1))
    r2 = rounds.pair_round(t, plain_director)
    final = Match.objects.pairings().get(round=r2)
    assert final.boards.count() == 2
    winners = {m.winner_id for m in Match.objects.pairings().filter(round=r1)}
    assert {final.side0_id, final.side1_id} == winners

