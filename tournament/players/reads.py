"""What a player sees of their own event (their page and `GET /api/v1/me/`): this
round's board, who starts set 1, their results with each stored record, their place.

Reads only; a fixed number of queries whatever the event's size (the standings are the
one computation every page shows, history.compute).
"""

from dataclasses import dataclass, field

from django.db.models import Q

from ..actions import table
from ..actions.base import allowed
from ..actions.checkin import open_round
from ..entry.starters import set_starters
from ..models import Match, Round
from ..models.rounds import next_dated, status_counts
from ..reads import history


@dataclass
class Board:
    match: Match
    side: int
    opponent: object  # the other side's Entrant, or None for a bye
    # Whether the player's side holds the first-set starter (the seat that starts set 1);
    # None: a draw at the table decides. The API's `starts_set_one`.
    has_first_set_starter: bool | None
    can: dict = field(default_factory=dict)  # ENTER/ACCEPT/DISPUTE -> allowed now


def boards_of(player):
    """The entrant's boards in published rounds, oldest first, with their sets."""
    return (Match.objects.published().filter(round__tournament_id=player.tournament_id)
            .filter(Q(side0_id=player.entrant_id) | Q(side1_id=player.entrant_id))
            .select_related("round", "side0", "side1", "winner", "conceded_by",
                            "entered_by_player__entrant", "answered_by_player__entrant")
            .prefetch_related("sets").order_by("round__number"))


def has_first_set_starter(tournament, match, side) -> bool | None:
    """Whether this side holds the board's first-set starter; None for a bye, or where a
    draw at the table decides who starts set 1."""
    if match.is_bye:
        return None
    seat = set_starters(tournament, match)[0]
    return None if seat is None else seat % 2 == side


def board_of(player, match) -> Board:
    tournament = player.tournament
    side = table.side_of(match, player)
    match.round.tournament = tournament  # already read: require_player reads the policy
    board = Board(match=match, side=side, opponent=match.players[1 - side],
                  has_first_set_starter=has_first_set_starter(tournament, match, side))
    board.can = {what: allowed(table.require_player, match, player, what)
                 for what in (table.ENTER, table.ACCEPT, table.DISPUTE)}
    return board


def current(player, boards) -> Board | None:
    """The board of today's or the next date without a result, where rounds are dated (a
    season paired at once: models.rounds.next_dated); else of the latest published round,
    if the player has one there."""
    required = player.tournament.require_confirmation
    match = next_dated(boards, lambda m: m.postponed_to or m.round.date,
                       done=lambda m: status_counts(m.status, required))
    if match is None:
        latest = (Round.objects.published().filter(tournament_id=player.tournament_id)
                  .order_by("-number").values_list("number", flat=True).first())
        match = next((m for m in boards if m.round.number == latest), None)
    return None if match is None else board_of(player, match)


def place(player) -> dict | None:
    """The player's row of the public standings: rank, shared, points."""
    rows = history.compute(player.tournament).rows
    row = next((r for r in rows if r.player == player.entrant.number), None)
    if row is None:
        return None
    return {"rank": row.rank, "shared": row.shared, "points": row.points, "of": len(rows)}


def opponent_json(entrant):
    return None if entrant is None else {"number": entrant.number, "name": entrant.name}


def check_in(player) -> dict:
    """{"round": the next round to pair (None once every planned round is), "checked_in"}:
    check-in is for the next round to be paired (actions.checkin.open_round)."""
    from ..models import CheckIn

    tournament = player.tournament
    number = open_round(tournament)
    here = number is not None and CheckIn.objects.filter(
        entrant_id=player.entrant_id, round_number=number).exists()
    return {"round": number, "checked_in": here}
