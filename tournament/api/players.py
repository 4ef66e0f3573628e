"""Writes and reads with a player key (shared/spec/table-entry.md): a side of a board
enters its result (through `PUT .../result/`, writes.py), the other side accepts or
disputes it, a team's captain accepts or disputes a whole team match's card, and a player
reads their own view (`GET /me/`). Each write calls ONE action
of tournament.actions.table."""

from django.http import HttpResponse
from ninja import Router, Schema, Status
from pydantic import Field, StrictInt

from ..actions import ActionError, cards
from ..actions import table as actions
from ..actions.base import retrying
from ..actions.checkin import set_checkin
from ..players import reads
from ..reads import history
from ..web import idempotency
from ..web.limits import client_ip
from . import schemas, serialize
from .auth import PlayerAuth
from .refusals import ERRORS, refused

router = Router(tags=["players"], auth=PlayerAuth())
WRITE = {**ERRORS, 422: schemas.KeyRefused}


class CheckinRound(Schema):
    round: StrictInt = Field(description="The next round to be paired.")


def submit(request, match_id: int, body: schemas.ResultIn):
    """`PUT /matches/{id}/result/` with a player key (writes.submit_result hands it here)."""
    try:
        match, report = retrying(actions.enter_result)(
            match_id, request.auth, version=body.version, outcome=body.outcome,
            record=body.record, conceded_by=body.conceded_by, address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status, "report": report})


@router.post("/matches/{match_id}/accept/", response={200: schemas.Confirmed, **WRITE},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def accept(request, match_id: int, body: schemas.ConfirmIn):
    try:
        match = retrying(actions.accept_result)(match_id, request.auth, version=body.version,
                                                address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status})


@router.post("/matches/{match_id}/dispute/", response={200: schemas.Confirmed, **WRITE},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def dispute(request, match_id: int, body: schemas.DisputeIn):
    try:
        match = retrying(actions.dispute_result)(
            match_id, request.auth, version=body.version, reason=body.reason,
            address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status})


@router.post("/matches/{match_id}/card/accept/", response={200: schemas.Confirmed, **WRITE},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def accept_card(request, match_id: int, body: schemas.ConfirmIn):
    """The captains' card (docs/leagues.md): the captain of the side that did not enter
    them accepts every board of the team match `match_id` the other side entered, at the
    card's version (the team match's; 409 once it changed). The answer is the team
    match's new version and status."""
    try:
        tm = retrying(cards.accept_card)(match_id, request.auth, version=body.version,
                                         address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": tm.version, "status": tm.status})


@router.post("/matches/{match_id}/card/dispute/", response={200: schemas.Confirmed, **WRITE},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def dispute_card(request, match_id: int, body: schemas.DisputeIn):
    """The captain disputes the whole card, saying why: every board the other side
    entered waits for an official."""
    try:
        tm = retrying(cards.dispute_card)(match_id, request.auth, version=body.version,
                                          reason=body.reason, address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": tm.version, "status": tm.status})


@router.get("/me/", response={200: schemas.Me, 401: schemas.Detail, **schemas.READ})
def me(request, response: HttpResponse):
    player = request.auth
    response["Cache-Control"] = "private, no-store"  # one player's own view
    tournament = player.tournament
    boards = list(reads.boards_of(player))
    board = reads.current(player, boards)
    results = []
    for m in boards:
        if m.is_bye:
            opponent = None
        else:
            opponent = m.players[1 - actions.side_of(m, player)].number
        results.append({
            "id": m.pk, "round": m.round.number, "board": m.board, "opponent": opponent,
            "status": m.status, "version": m.version,
            "counts": history.counts(tournament, m),
            "result": serialize.result(m, tournament), "record": m.record})
    return {
        "tournament": tournament.slug, "player": player.entrant.number,
        "member": player.member or None, "name": player.name,
        "checked_in": reads.check_in(player),
        "board": None if board is None else {
            "id": board.match.pk, "round": board.match.round.number,
            "board": board.match.board, "opponent": reads.opponent_json(board.opponent),
            "starts_set_one": board.has_first_set_starter, "status": board.match.status,
            "version": board.match.version},
        "results": results,
    }


def check_in(request, slug: str, body: CheckinRound, checked_in: bool):
    player = request.auth
    if player.tournament.slug != slug:
        return Status(403, {"detail": f"Your key is for {player.tournament.name}: it checks "
                                      "you in there only."})
    try:
        row = retrying(set_checkin)(player.tournament, None, entrant=player.entrant,
                                    round_number=body.round, checked_in=checked_in,
                                    player=player, address=client_ip(request))
    except ActionError as exc:
        return Status(exc.status, {"detail": exc.message, "errors": exc.errors or None})
    return {"round": body.round, "checked_in": row is not None}


CHECKIN = {200: schemas.CheckedIn, 400: schemas.Detail | schemas.KeyRefused,
           401: schemas.Detail, 403: schemas.Detail, 409: schemas.Detail,
           422: schemas.KeyRefused, **schemas.WRITE}


@router.post("/tournaments/{slug}/checkin/", response=CHECKIN,
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def checkin(request, slug: str, body: CheckinRound):
    """A player (or a pair's member, for the pair) checks in for the next round."""
    return check_in(request, slug, body, True)


@router.delete("/tournaments/{slug}/checkin/", response=CHECKIN,
               openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def checkout(request, slug: str, body: CheckinRound):
    """Undo the check-in."""
    return check_in(request, slug, body, False)
