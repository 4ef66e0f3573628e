"""The captains' card (shared/spec/competitions.md, "Teams"): where the entry policy lets
players enter, the boards of a team match are entered one by one at the table
(actions.table.enter_result, by the home captain or a board's player), and the other
captain accepts or disputes the whole card in one action: every board entered by the
other side and not yet answered. Each board then changes as `table.accept_result` or
`table.dispute_result` changes it (its own version, ResultVersion and audit row); one
audit row more names the card. The card's version is the team match's, which every
change to one of its boards bumps (actions.team_matches.follow_boards), so a captain who
accepts a card that changed since they read it is refused (409).
"""

from ..models import Match, PlayerKey
from . import table
from .base import Action, ActionError, NotFound, PermissionDenied, atomic_action, audit
from .board import NO_SUCH_BOARD


def _team_match(match_id, player: PlayerKey):
    # Not locked here: each board is locked and then its team match (actions.board's
    # order, that of every entry); the boards' own versions refuse a card changed since.
    tm = (Match.objects.select_related("round__tournament", "side0", "side1")
          .filter(pk=match_id).first())
    if tm is None or tm.round.tournament.hidden_from(player):
        raise NotFound(NO_SUCH_BOARD)
    if tm.team_match_id is not None or not tm.round.tournament.is_teams or tm.is_bye:
        raise ActionError("A card is a team match's: this is not one.", status=400)
    side = table.side_of(tm, player)
    if side is None or player.tournament_id != tm.round.tournament_id:
        raise PermissionDenied("Your key is not for this team match: its captains accept "
                               "or dispute its card.")
    if not table.is_captain(player):
        raise PermissionDenied(f"Only a captain accepts or disputes the whole card; "
                               f"{player.name} is not {player.entrant.name}'s captain.")
    return tm, side


def card_boards(tm, side) -> tuple[list[Match], list[Match]]:
    """(boards of the card `side` may answer: entered by a player of the other side and
    not yet answered, boards entered by `side`'s own players), in board order."""
    entered = list(tm.boards.filter(status=Match.Status.ENTERED,
                                    entered_by_player__isnull=False)
                   .select_related("entered_by_player").order_by("board"))
    theirs = [b for b in entered if table.side_of(b, b.entered_by_player) != side]
    ours = [b for b in entered if table.side_of(b, b.entered_by_player) == side]
    return theirs, ours


@atomic_action
def _answer(match_id, player, version, what, address, reason=""):
    tm, side = _team_match(match_id, player)
    if version != tm.version:
        raise ActionError(f"The card of {tm.side0.name} v {tm.side1.name} changed since "
                          f"version {version}: it is now at version {tm.version}. Look at "
                          "it again before answering.", status=409)
    theirs, ours = card_boards(tm, side)
    if not theirs:
        if ours:
            raise PermissionDenied("Your side entered this card: the other captain accepts "
                                   "or disputes it, with their own key.")
        raise ActionError(f"The card of {tm.side0.name} v {tm.side1.name} has no entered "
                          "board waiting for your answer.", status=409)
    for b in theirs:
        if what == table.ACCEPT:
            table.accept_result(b.pk, player, version=b.version, address=address)
        else:
            table.dispute_result(b.pk, player, version=b.version, reason=reason,
                                 address=address)
    tm.refresh_from_db()
    boards = [b.board for b in theirs]
    verb = "accepted" if what == table.ACCEPT else "disputed"
    audit(tm.round.tournament, None,
          Action.PLAYER_ACCEPT_CARD if what == table.ACCEPT
          else Action.PLAYER_DISPUTE_CARD,
          f"{player.name} ({tm.side0.name if side == 0 else tm.side1.name}'s captain) {verb} "
          f"the card of {tm.round.title}, {tm.side0.name} v {tm.side1.name}: board"
          f"{'s' if len(boards) > 1 else ''} {', '.join(map(str, boards))}", reason,
          match=tm.pk, boards=boards, version=tm.version, address=address, **player.who())
    return tm


@atomic_action
def accept_card(match_id, player, *, version: int, address: str | None = None) -> Match:
    """The captain of the side that did not enter them accepts every entered board of
    the team match at once (each as `table.accept_result`). A captain cannot accept a
    card their side entered."""
    return _answer(match_id, player, version, table.ACCEPT, address)


@atomic_action
def dispute_card(match_id, player, *, version: int, reason: str,
                 address: str | None = None) -> Match:
    """The other captain disputes the whole card, saying why: every entered board waits
    for an official (each as `table.dispute_result`)."""
    return _answer(match_id, player, version, table.DISPUTE, address, reason)
