"""Results from the table (shared/spec/table-entry.md): a side of the board enters the
result with a player key, and the other side accepts or disputes it.

A player's entry runs the officials' checks (results.checked_outcome: the same
validator, the same errors) and is stored `entered`; the other side's acceptance makes
it count (`players_accept`: `confirmed`) or hands it to an official (`players_then_official`:
`accepted`); a dispute (`disputed`, with the reason) waits for an official, whose entry
or confirmation settles it (results.submit_result, results.confirm_result): until then
neither side writes to the board (`refusal`, 409). Each change
bumps the board's version, keeps a ResultVersion naming the player, and writes an audit
row naming the player and the device's address.
"""

from django.utils import timezone

from ..models import Match, Round, Tournament
from . import board, results
from .base import (
    Action,
    ActionError,
    NotFound,
    PermissionDenied,
    atomic_action,
    audit,
    checked_reason,
)
from .team_matches import NOT_DIRECTLY

ENTER, ACCEPT, DISPUTE = "enter", "accept", "dispute"
MAX_DISPUTE = 1000


class WrongKey(ActionError):
    """No current player key: unknown, mistyped, or renewed since (401)."""

    def __init__(self):
        super().__init__("That is not a current player key: check the code on your card, "
                         "or ask the director for a new card.", status=401)


def side_of(match, player) -> int | None:
    """The side (0 or 1) of the board the key's player sits on, or None."""
    if player.entrant_id == match.side0_id:
        return 0
    if match.side1_id is not None and player.entrant_id == match.side1_id:
        return 1
    return None


def entering_side(match) -> int | None:
    """The side whose player entered the stored version, or None (an official did)."""
    key = match.entered_by_player
    return None if key is None else side_of(match, key)


def require_player(match, player, what: str) -> None:
    """Raises why `player` may not do `what` to the board now (ENTER, ACCEPT, DISPUTE).
    The one rule the pages and the API share: pages show the same words before a form
    (`refusal`)."""
    tournament = match.round.tournament
    side = side_of(match, player)
    if tournament.hidden_from(player):  # not there for this card: no refusal names it
        raise NotFound(board.NO_SUCH_BOARD)
    if player.tournament_id != tournament.pk:
        # Said outright: a player with cards for two events would not guess it otherwise.
        raise PermissionDenied(f"Board {match.board} of round {match.round.number} is in "
                                f"{tournament.name}, and your key is for "
                                f"{player.tournament.name}: only the board's two sides "
                                f"enter or accept its result, with their {tournament.name} "
                                "cards.")
    if side is None:
        raise PermissionDenied(f"Your key is not for board {match.board} of round "
                                f"{match.round.number} of {tournament.name}: only its two "
                                "sides enter or accept its result.")
    if tournament.entry_policy == Tournament.EntryPolicy.OFFICIALS:
        raise PermissionDenied(f"At {tournament.name} the arbiters enter the results: "
                                "hand them your score sheet.")
    if match.round.status == Round.Status.DRAFT:
        raise PermissionDenied("This round is not published yet: results open when it is.")
    if match.round.status == Round.Status.CLOSED:
        raise PermissionDenied(f"Round {match.round.number} is closed: its results can no "
                                "longer be entered or accepted. See an arbiter.")
    if match.is_bye:
        raise ActionError(f"Board {match.board} is a bye: it has no result to enter.")
    if match.team_match_id is None and tournament.is_teams:
        raise ActionError(NOT_DIRECTLY.format(board=match.board), status=409)
    if match.team_match_id is not None:
        require_team_player(match, player, side, what)
    if match.status == Match.Status.CONFIRMED:
        raise ActionError(f"The result of board {match.board} counts already: only a "
                           "director may change it now. See an arbiter.", status=409)
    if match.status == Match.Status.DISPUTED:
        # Neither side writes over a dispute: it stays said until an official settles it.
        raise ActionError(f"Board {match.board} is disputed: an arbiter settles it from the "
                           "score sheets, and neither side can enter, accept or dispute it "
                           "until then. See an arbiter.", status=409)
    if what == ENTER:
        return
    if match.status not in (Match.Status.ENTERED,) or match.entered_by_player_id is None:
        waiting = {Match.Status.PENDING: "no result has been entered yet",
                   Match.Status.ACCEPTED: "it was accepted and waits for an official",
                   Match.Status.ENTERED: "an official entered it; an official confirms it"}
        raise ActionError(f"Board {match.board} has nothing for you to accept: "
                           f"{waiting.get(match.status, match.status)}.", status=409)
    if entering_side(match) == side:
        raise PermissionDenied("Your side entered this result: the other side accepts or "
                                "disputes it, with their own key.")


def is_captain(player) -> bool:
    """The key is the team captain's (PlayerKey.member counts a team's members from 1)."""
    return player.member > 0 and player.entrant.captain == player.member - 1


def lined_up(match, player, side) -> bool:
    """The key's player is named on this board of a team match (its lineup)."""
    lineup = match.lineup or []
    return len(lineup) == 2 and player.member - 1 in (lineup[side] or [])


def require_team_player(match, player, side, what: str) -> None:
    """A board of a team match (shared/spec/competitions.md, the captains' card): the
    home captain, or a player named on the board, enters it; the other side's captain, or
    its player on the board, accepts or disputes it. The board needs its lineup first."""
    lineup = match.lineup or []
    if len(lineup) != 2 or not lineup[0] or not lineup[1]:
        raise ActionError(f"Board {match.board} has no lineup yet: both captains name "
                          "their players (or the director opens the match) before its "
                          "result is entered.", status=409)
    captain = is_captain(player)
    if lined_up(match, player, side):
        return
    if captain and (what != ENTER or side == 0):
        return
    if captain:
        raise PermissionDenied(f"The home captain ({match.side0.name}) or a player of "
                               f"board {match.board} enters it; as the away captain you "
                               "accept or dispute the card.")
    raise PermissionDenied(f"You do not play board {match.board}: its players or the "
                           "captains enter and accept its result.")


def _check(match, player, what, version):
    require_player(match, player, what)
    if version != match.version:
        raise results.StaleVersion(match, version)


def _audit(match, player, action, summary, address, reason="", **detail):
    tournament = match.round.tournament
    audit(tournament, None, action, summary, reason, match=match.pk, version=match.version,
          address=address, **player.who(), **detail)


def _lock(match_id):
    # Actor None: no official's role to read; the player's checks are require_player's.
    return board.lock(match_id, None)


@atomic_action
def enter_result(match_id, player, *, version: int, outcome: str = Match.Outcome.PLAYED,
                 record=None,
                 conceded_by: int | None = None, address: str | None = None
                 ) -> tuple[Match, dict]:
    """A side of the board enters its result: stored `entered`, counting once the other
    side accepts it (or an official confirms it). Returns the match and the report."""
    match = _lock(match_id)
    _check(match, player, ENTER, version)
    report, record, conceded, winner = results.checked_outcome(match, outcome, record,
                                                               conceded_by)
    old = results.result_state(match) if match.status != Match.Status.PENDING else None
    was = results.describe(match) if old is not None else None
    match.outcome, match.record, match.conceded_by, match.winner = (outcome, record,
                                                                    conceded, winner)
    match.version += 1
    match.status = Match.Status.ENTERED
    match.entered_by, match.entered_at = None, timezone.now()
    match.entered_by_player, match.answered_by_player = player, None
    match.confirmed_by = match.confirmed_at = None
    match.dispute_reason = ""
    match.save()
    board.store_sets(match, record)
    board.snapshot(match, None, by_player=player)
    detail = {"new": results.result_state(match), "side": side_of(match, player)}
    if old is not None:
        detail["old"] = old
    _audit(match, player, Action.PLAYER_ENTER_RESULT,
           f"{player.name} entered round {match.round.number} board {match.board}: "
           f"{results.was_and_now(was, results.describe(match))}", address, **detail)
    return match, report


@atomic_action
def accept_result(match_id, player, *, version: int, address: str | None = None) -> Match:
    """The other side agrees: under players_accept the result counts (`confirmed`); under
    players_then_official it is `accepted`, for an official to confirm."""
    match = _lock(match_id)
    _check(match, player, ACCEPT, version)
    tournament = match.round.tournament
    counts = tournament.entry_policy == Tournament.EntryPolicy.PLAYERS_ACCEPT
    match.status = Match.Status.CONFIRMED if counts else Match.Status.ACCEPTED
    match.answered_by_player = player
    if counts:
        match.confirmed_by, match.confirmed_at = None, timezone.now()
    match.version += 1
    match.save(update_fields=["status", "answered_by_player", "confirmed_by", "confirmed_at",
                              "version"])
    board.snapshot(match, None, by_player=player)
    if counts:
        board.close_if_complete(match)
    _audit(match, player, Action.PLAYER_ACCEPT_RESULT,
           f"{player.name} accepted round {match.round.number} board {match.board}"
           f"{'' if counts else ' (an official confirms it)'}: {results.describe(match)}",
           address, status=match.status)
    return match


@atomic_action
def dispute_result(match_id, player, *, version: int, reason: str,
                   address: str | None = None) -> Match:
    """The other side disagrees, saying why: the board waits for an official."""
    match = _lock(match_id)
    _check(match, player, DISPUTE, version)
    reason = checked_reason(reason).strip()
    if not reason:
        raise ActionError("Say what is wrong with the entered result.",
                          {"reason": ["Give a reason: the arbiter reads it first."]})
    if len(reason) > MAX_DISPUTE:
        raise ActionError("The reason is too long.",
                          {"reason": [f"At most {MAX_DISPUTE} characters."]})
    match.status = Match.Status.DISPUTED
    match.answered_by_player, match.dispute_reason = player, reason
    match.version += 1
    match.save(update_fields=["status", "answered_by_player", "dispute_reason", "version"])
    board.snapshot(match, None, reason, by_player=player)
    _audit(match, player, Action.PLAYER_DISPUTE_RESULT,
           f"{player.name} disputed round {match.round.number} board {match.board}: "
           f"{results.describe(match)}", address, reason)
    return match
