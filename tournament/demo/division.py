"""The pub league demo: Division 1 of a Fives and Threes league, six teams of eight, home
and away (a round robin of two cycles, ten match nights), half-way through its season.
BNDCC rules; each team match is six singles to 61 and three pairs to 121, one set each;
winners 3 points, losers 1 only at 5-4 (the spec's first example). The players enter at
the table: captains name lineups on their phones, the home captain enters the card, the
away captain accepts it.

The secretary paired and published the whole season before the first night, one round
a week (actions.season), night 5 being this week's. Nights 1-4 are played; night 3's
Crown v Swan was postponed (the pub was shut) and is still to play; night 5 is live: one
card disputed by the away captain, one entered by the players of its boards and waiting
for the away captain, one with its lineups in only. Nights 6-10 are fixtures to come.

Built through the actions the screens call, with the captains' and players' keys.
"""

import datetime

from django.utils import timezone

from tournament.actions import cards, entrants, events, lineups, season, stages, table
from tournament.actions import team_matches as team_actions
from tournament.actions.player_keys import issue_key
from tournament.models import Match, PlayerKey
from tournament.rules import team_rules

from .names import LEAGUE_TEAMS
from .singles import free_slug

NAME = "Potteries Pub League, Division 1"
FORMAT = {"boards": [
    {"kind": "singles", "count": 6, "match": {"target": 61, "sets_to_win": 1}},
    {"kind": "pairs", "count": 3, "match": {"target": 121, "sets_to_win": 1}}]}


def first_night(today=None) -> datetime.date:
    """The league plays Monday nights: night 1 is four weeks before this week's Monday, so
    that night 5 is this week's whatever day the demo is loaded."""
    today = today or timezone.localdate()
    return today - datetime.timedelta(days=today.weekday(), weeks=4)
CAPTAIN = 1  # the second name of each roster


def key_of(team, member) -> PlayerKey:
    found = PlayerKey.objects.select_related("entrant", "tournament").filter(
        entrant=team, member=member + 1).first()
    if found is None:
        issue_key(team.tournament, None, number=team.number, member=member + 1)
        found = PlayerKey.objects.select_related("entrant", "tournament").get(
            entrant=team, member=member + 1)
    return found


def lineup_for(rng) -> list[list[int]]:
    """Six of the eight in singles, three pairs drawn from the eight."""
    order = list(range(8))
    rng.shuffle(order)
    singles = [[m] for m in order[:6]]
    rng.shuffle(order)
    pairs = [order[i:i + 2] for i in (0, 2, 4)]
    return singles + pairs


def record_for(board, plan, rng, ruleset) -> dict:
    """A score-sheet record of one set: the winner reaches the target, the loser a
    random score below it (what a captain copies off the paper card)."""
    target = plan.match["target"]
    loser = rng.randrange(target // 3, target - 4)
    won = rng.random() < 0.5
    return {"format": "fives-and-threes-match/1", "ruleset": ruleset,
            "seats": plan.seats, "match": dict(plan.match),
            "sets": [{"score": [target, loser] if won else [loser, target],
                      "starter": rng.randrange(plan.seats)}]}


def line_up(tm, rng):
    for team in (tm.side0, tm.side1):
        lineups.set_lineup(tm.pk, key_of(team, CAPTAIN), lineup=lineup_for(rng))


def enter_card(tm, rng, plan, *, boards=None, by_players=False):
    """The home captain enters the card's boards (`boards`: board numbers, default all);
    with `by_players` each board's own home player enters it instead."""
    ruleset = tm.round.tournament.ruleset
    for b in tm.boards.order_by("board"):
        if boards is not None and b.board not in boards:
            continue
        p = plan[b.board - 1]
        who = key_of(tm.side0, b.lineup[0][0] if by_players else CAPTAIN)
        table.enter_result(b.pk, who, version=b.version,
                           record=record_for(b, p, rng, ruleset))


def answer(tm, *, dispute=""):
    tm.refresh_from_db()
    away = key_of(tm.side1, CAPTAIN)
    if dispute:
        cards.dispute_card(tm.pk, away, version=tm.version, reason=dispute)
    else:
        cards.accept_card(tm.pk, away, version=tm.version)


def build(rng, director, arbiter, checker):
    event = events.create_tournament(
        director, name=NAME, slug=free_slug("demo-league"), ruleset="bndcc",
        entrants_kind="teams", team_match=FORMAT, team_points="three_or_one_at_five_four",
        entry_policy="players_accept")
    events.add_official(event, director, username=arbiter.username)
    for name, club, venue, members in LEAGUE_TEAMS:
        entrants.add_entrant(event, director, name=name, club=club, venue=venue,
                             captain=CAPTAIN, members=[{"name": m} for m in members])
    stages.change_stage(event.stages.get(), director, kind="round_robin", cycles=2)
    event.refresh_from_db()
    plan = team_rules.board_plan(event.team_match)
    night_1 = first_night()
    season_rounds = season.pair_season(event, director, first_date=night_1, every_days=7)
    season.publish_season(event, director)
    for night, round_ in enumerate(season_rounds[:5], start=1):
        matches = list(Match.objects.pairings().filter(round=round_).exclude(side1=None)
                       .select_related("round__tournament", "side0", "side1")
                       .order_by("board"))
        for i, tm in enumerate(matches):
            if night == 3 and i == 1:
                team_actions.postpone_match(
                    tm.pk, director, to=night_1 + datetime.timedelta(weeks=6, days=2),
                    reason=f"{tm.side0.venue} is shut for a private party that night; "
                           "both captains agreed the Wednesday after night 6")
                continue
            line_up(tm, rng)
            if night < 5:
                enter_card(tm, rng, plan)
                answer(tm)
            elif i == 0:
                enter_card(tm, rng, plan)
                answer(tm, dispute="Board 4 was ours: the card has the two scores the "
                                   "wrong way round.")
            elif i == 1:
                enter_card(tm, rng, plan, boards={1, 2, 3, 4, 5, 6}, by_players=True)
    return event
