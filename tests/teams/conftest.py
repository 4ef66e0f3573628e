"""A team league to play in: bndcc, six teams of six, two singles to 61 and one pairs
board to 121 a team match (short, so each test enters whole cards quickly)."""

import io

import pytest
from django.core.management import call_command

from tournament.actions import entrants, events, rounds, stages
from tournament.models import Match

FORMAT = "fives-and-threes-match/1"
TEAM_MATCH = {"boards": [
    {"kind": "singles", "count": 2, "match": {"target": 61, "sets_to_win": 1}},
    {"kind": "pairs", "count": 1, "match": {"target": 121, "sets_to_win": 1}}]}
TEAM_NAMES = ["Red Lion", "Crown", "Swan", "Plough", "Bell", "Anchor"]


def board_record(board, winner_side=0, seats=None):
    """A score-depth record won by `winner_side` for this board of a team match."""
    t = board.round.tournament
    fmt = board.match_format
    seats = seats or board.seats_in(t)
    win, lose = fmt["target"], fmt["target"] - 21
    drawn = {"starter": 0} if t.ruleset == "bndcc" else {}  # drawn at the table: recorded
    sets = [{"score": [win, lose] if winner_side == 0 else [lose, win], **drawn}
            for _ in range(fmt["sets_to_win"])]
    return {"format": FORMAT, "ruleset": t.ruleset, "seats": seats, "match": fmt,
            "sets": sets}


def roster(team):
    return [{"name": f"{team} {i}"} for i in range(1, 7)]


def make_league(director, *, teams=6, cycles=2, policy="officials", team_points=None,
                name="Leek League", require_confirmation=False):
    t = events.create_tournament(
        director, name=name, ruleset="bndcc", entrants_kind="teams",
        team_match=TEAM_MATCH, team_points=team_points,
        require_confirmation=require_confirmation,
        entry_policy=policy)
    for team in TEAM_NAMES[:teams]:
        entrants.add_entrant(t, director, name=team, members=roster(team), captain=0,
                             venue=f"The {team}")
    stages.change_stage(t.stages.get(), director, kind="round_robin", cycles=cycles)
    t.refresh_from_db()
    return t


def lineup_all(tm, director):
    """Both sides lined up by an official: singles members 0 and 1, pairs 2 and 3."""
    from tournament.actions import lineups

    for side in (0, 1):
        lineups.set_lineup(tm.pk, director, side=side, lineup=[[0], [1], [2, 3]],
                           reason="from the captains' sheets")


def play_card(tm, director, winners=(0, 0, 1)):
    """Every board of the team match entered by an official, won by `winners` (sides)."""
    from tournament.actions import results

    for b, side in zip(tm.boards.order_by("board"), winners, strict=True):
        b = Match.objects.select_related("round__tournament").get(pk=b.pk)
        results.submit_result(b.pk, director, version=b.version, record=board_record(b, side))


def key_of(t, number, member) -> str:
    out = io.StringIO()
    call_command("player_key", t.slug, str(number), "--member", str(member), stdout=out)
    return out.getvalue().strip()


@pytest.fixture
def league(db, plain_director):
    """Six teams, home and away, officials enter, round 1 paired and published."""
    t = make_league(plain_director)
    r1 = rounds.pair_round(t, plain_director)
    rounds.publish_round(r1, plain_director)
    t.refresh_from_db()
    return t
