"""Writes and reads with a player key (shared/spec/table-entry.md): a side of a board
enters its result (through `PUT .../result/`, writes.py), the other side accepts or
disputes it, and a player reads their own view (`GET /me/`). Each write calls ONE action
of tournament.actions.table."""

from ninja import Router, Status

from .. import history
from ..actions import ActionError
from ..actions import table as actions
from ..actions.base import retrying
from ..limits import client_ip
from ..players import view
from . import schemas, serialize
from .auth import PlayerAuth

router = Router(tags=["players"], auth=PlayerAuth())

ERRORS = {400: schemas.Refused | schemas.Detail, 401: schemas.Detail, 403: schemas.Detail,
          404: schemas.Detail, 409: schemas.Stale | schemas.Detail, **schemas.WRITE}


def refused(exc: ActionError):
    from .writes import refused as officials_refused
    return officials_refused(exc)


def submit(request, match_id: int, body: schemas.ResultIn):
    """`PUT /matches/{id}/result/` with a player key (writes.submit_result hands it here)."""
    try:
        match, report = retrying(actions.enter_result)(
            match_id, request.auth, version=body.version, outcome=body.outcome,
            record=body.record, conceded_by=body.conceded_by, address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status, "report": report})


@router.post("/matches/{match_id}/accept/", response={200: schemas.Confirmed, **ERRORS})
def accept(request, match_id: int, body: schemas.ConfirmIn):
    try:
        match = retrying(actions.accept_result)(match_id, request.auth, version=body.version,
                                                address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status})


@router.post("/matches/{match_id}/dispute/", response={200: schemas.Confirmed, **ERRORS})
def dispute(request, match_id: int, body: schemas.DisputeIn):
    try:
        match = retrying(actions.dispute_result)(
            match_id, request.auth, version=body.version, reason=body.reason,
            address=client_ip(request))
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status})


@router.get("/me/", response={200: schemas.Me, 401: schemas.Detail, **schemas.READ})
def me(request):
    player = request.auth
    tournament = player.tournament
    boards = list(view.boards_of(player))
    board = view.current(player, boards)
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
        "checked_in": view.check_in(player),
        "board": None if board is None else {
            "id": board.match.pk, "round": board.match.round.number,
            "board": board.match.board, "opponent": view.opponent_json(board.opponent),
            "starts_set_one": board.starts_set_one, "status": board.match.status,
            "version": board.match.version},
        "results": results,
    }
