"""What a team's member sees of a match night on their phone (`/me/team/`): the team match
of the round, their side's lineup (and the other side's once both are in, or the director
opened the match), and the card: every board with its players, status and result, and
what this key may do on each (enter it, accept or dispute the card).

Reads only, in a fixed number of queries (the team match with its teams and round, its
boards with their sets and who entered them, its lineups).
"""

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q

from ..actions import cards, table
from ..actions.base import allowed
from ..arbiter.board_data import describe
from ..models import Match, Round
from ..models.lineups import TeamLineup
from ..models.rounds import next_dated, status_counts
from ..reads import history
from ..rules import team_rules


def member_index(player) -> int | None:
    """The roster index of the key's member (PlayerKey.member counts from 1)."""
    return player.member - 1 if player.member else None


def league_place(player) -> dict | None:
    """The team's row of the league table (reads/history.py `league_table`): rank,
    shared, points, of how many."""
    rows = history.league_table(player.tournament).rows
    row = next((r for r in rows if r.team == player.entrant_id), None)
    if row is None:
        return None
    return {"rank": row.rank, "shared": row.shared, "points": row.points, "of": len(rows)}


def plays(board, player) -> bool:
    """The key's member is named on this board of a team match (its lineup, once shown)."""
    lineup = board.lineup if board.team_match_id is not None else None
    side = 0 if board.side0_id == player.entrant_id else 1
    return bool(lineup) and member_index(player) in (lineup[side] or [])


def names(team, indices) -> str:
    roster = team.members or []
    return " & ".join(str(roster[i].get("name", "")) if 0 <= i < len(roster) else "?"
                      for i in indices)


def team_matches_of(player):
    """The team's matches in published rounds (not their boards), latest round first."""
    return (Match.objects.published().pairings()
            .filter(round__tournament_id=player.tournament_id)
            .filter(Q(side0_id=player.entrant_id) | Q(side1_id=player.entrant_id))
            .select_related("round", "side0", "side1").order_by("-round__number"))


@dataclass
class CardBoard:
    match: Match
    plan: team_rules.BoardPlan
    home: str  # the lineup's names, "" until shown
    away: str
    mine: bool  # this key's member plays it
    described: str
    counts: bool
    can_enter: bool


@dataclass
class Night:
    match: Match
    side: int  # the key's team's side: 0 home, 1 away
    captain: bool
    roster: list
    plan: list
    own_lineup: list | None  # this side's lineup as stored (member indices a board)
    other_in: bool  # the other side's lineup is in
    shown: bool  # the boards' lineups are set (both in, or opened by the director)
    boards: list = field(default_factory=list)
    can_accept: bool = False  # accept or dispute the card (the away captain)
    card_refusal: str = ""
    others: list = field(default_factory=list)  # the team's other outstanding matches

    @property
    def team(self):
        return self.match.players[self.side]

    @property
    def opponent(self):
        return self.match.players[1 - self.side]

    @property
    def home(self) -> bool:
        return self.side == 0

    @property
    def entered(self) -> int:
        return sum(1 for b in self.boards if b.match.status != Match.Status.PENDING)

    @property
    def date(self):
        return self.match.postponed_to or self.match.round.date


def night_matches(player, match_id=None):
    """The team matches whose first is the match night of `player`'s team: the team match
    `match_id`; else, a season paired at once, today's match, else the next date's without
    a result (models.rounds.next_dated); else the latest round's. Byes left out."""
    matches = team_matches_of(player)
    if match_id is not None:
        return matches.filter(pk=match_id).exclude(side1=None)
    required = player.tournament.require_confirmation
    dated = next_dated(list(matches.exclude(side1=None)),
        lambda m: m.postponed_to or m.round.date,
        done=lambda m: status_counts(m.status, required))
    if dated is not None:
        matches = matches.filter(pk=dated.pk)
    return matches.exclude(side1=None)


def night_round(player):
    """The round of the team's match night (the one night_of shows), or None: the round
    whose clock a member's page shows. Two queries."""
    tm = night_matches(player).select_related("round__stage").first()
    return tm.round if tm is not None else None


def night_of(player, match_id=None) -> Night | None:
    """The match night of `player`'s team: the team match `match_id`, or the latest
    published round's; None when the team has none."""
    tm = night_matches(player, match_id).prefetch_related(
        Prefetch("boards", queryset=Match.objects.order_by("board").select_related(
            "entered_by_player", "answered_by_player").prefetch_related("sets")),
        Prefetch("lineups", queryset=TeamLineup.objects.order_by("side"))).first()
    if tm is None:
        return None
    tournament = player.tournament
    tm.round.tournament = tournament
    side = 0 if tm.side0_id == player.entrant_id else 1
    lineups = {lu.side: lu.boards for lu in tm.lineups.all()}
    plan = team_rules.board_plan(tournament.team_match)
    me = member_index(player)
    night = Night(match=tm, side=side, captain=table.is_captain(player),
                  roster=[m.get("name", "") for m in player.entrant.members or []],
                  plan=plan, own_lineup=lineups.get(side), other_in=(1 - side) in lineups,
                  shown=False)
    for b, p in zip(tm.boards.all(), plan, strict=False):
        b.round, b.side0, b.side1 = tm.round, tm.side0, tm.side1
        lineup = b.lineup or [[], []]
        shown = bool(lineup[0]) and bool(lineup[1])
        night.shown = night.shown or shown
        night.boards.append(CardBoard(
            match=b, plan=p,
            home=names(tm.side0, lineup[0]) if shown else "",
            away=names(tm.side1, lineup[1]) if shown else "",
            mine=me is not None and me in lineup[side],
            described=describe(b),
            counts=status_counts(b.status, tournament.require_confirmation),
            can_enter=allowed(table.require_player, b, player, table.ENTER)))
    if night.captain:
        theirs, ours = cards.card_boards(tm, side)
        night.can_accept = bool(theirs)
        if not theirs and ours:
            night.card_refusal = ("Your side entered these boards: the other captain "
                                  "accepts or disputes the card.")
    night.others = [m for m in team_matches_of(player).exclude(pk=tm.pk).exclude(side1=None)
                    .filter(round__status=Round.Status.PUBLISHED)
                    .exclude(status=Match.Status.CONFIRMED)]
    return night
