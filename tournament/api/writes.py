"""Writes: an arbiter's device submits and confirms results. Each calls ONE action."""

from ninja import Router, Status

from ..actions import ActionError
from ..actions import results as actions
from ..actions.base import retrying
from ..models import PlayerKey
from ..web import idempotency
from . import players, schemas
from .auth import PlayerAuth, TokenAuth
from .refusals import ERRORS, refused, unknown_keys

router = Router(tags=["write"], auth=TokenAuth())


@router.put("/matches/{match_id}/result/", auth=[TokenAuth(), PlayerAuth()],
            response={200: schemas.Stored,
                      422: schemas.Refused | schemas.KeyRefused | schemas.Named, **ERRORS},
            openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def submit_result(request, match_id: int, body: schemas.ResultIn):
    if unknown := unknown_keys(request, schemas.ResultIn):
        return unknown
    if isinstance(request.auth, PlayerKey):  # a side of the board, at the table
        return players.submit(request, match_id, body)
    try:
        # A lost PostgreSQL deadlock or serialisation race runs again, then is a 503.
        match, report = retrying(actions.submit_result)(
            match_id, request.auth, version=body.version, outcome=body.outcome,
            record=body.record, conceded_by=body.conceded_by, reason=body.reason)
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status, "report": report})


@router.post("/matches/{match_id}/confirm/",
             response={200: schemas.Confirmed, 422: schemas.KeyRefused | schemas.Named,
                       **ERRORS},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def confirm_result(request, match_id: int, body: schemas.ConfirmIn):
    if unknown := unknown_keys(request, schemas.ConfirmIn):
        return unknown
    try:
        match = retrying(actions.confirm_result)(match_id, request.auth, version=body.version)
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status})
