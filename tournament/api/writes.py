"""Writes: an arbiter's device submits and confirms results. Each calls ONE action."""

import json

from ninja import Router, Status

from ..actions import ActionError
from ..actions import results as actions
from ..actions.base import retrying
from . import schemas, serialize
from .auth import TokenAuth

router = Router(tags=["write"], auth=TokenAuth())

ERRORS = {400: schemas.Refused | schemas.Detail, 401: schemas.Detail, 403: schemas.Detail,
          404: schemas.Detail, 409: schemas.Stale | schemas.Detail, **schemas.WRITE}


def refused(exc: ActionError):
    """Map an action's refusal to its status and body; the action rolled back: nothing stored."""
    if isinstance(exc, actions.StaleVersion):
        return Status(409, serialize.stale(exc.match, exc.message))
    if isinstance(exc, actions.RecordRefused):
        return Status(exc.status, {"detail": exc.message, "report": exc.report})
    return Status(exc.status, {"detail": exc.message, "errors": exc.errors or None})


def unknown_keys(request, schema):
    """A 422 naming the body's top-level keys that `schema` does not know, or None: a key
    dropped unread would skip every check (and the text rule) and be taken for accepted.
    The body has been read as a JSON object by the time the view runs."""
    names = sorted(set(json.loads(request.body)) - set(schema.model_fields))
    if not names:
        return None
    shown = ", ".join(repr(n[:40]) for n in names[:10])
    return Status(422, {"detail": f"Unknown key{'s' if len(names) > 1 else ''} in the body: "
                                  f"{shown}. Nothing was stored.",
                        "errors": {"/" + n[:40]: ["not a key of this request"]
                                   for n in names[:10]}})


@router.put("/matches/{match_id}/result/",
            response={200: schemas.Stored, 422: schemas.Refused | schemas.Named, **ERRORS})
def submit_result(request, match_id: int, body: schemas.ResultIn):
    if unknown := unknown_keys(request, schemas.ResultIn):
        return unknown
    try:
        # A lost PostgreSQL deadlock or serialisation race runs again, then is a 503.
        match, report = retrying(actions.submit_result)(
            match_id, request.auth, version=body.version, outcome=body.outcome,
            record=body.record, conceded_by=body.conceded_by, reason=body.reason)
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status, "report": report})


@router.post("/matches/{match_id}/confirm/",
             response={200: schemas.Confirmed, 422: schemas.Named, **ERRORS})
def confirm_result(request, match_id: int, body: schemas.ConfirmIn):
    if unknown := unknown_keys(request, schemas.ConfirmIn):
        return unknown
    try:
        match = retrying(actions.confirm_result)(match_id, request.auth, version=body.version)
    except ActionError as exc:
        return refused(exc)
    return Status(200, {"version": match.version, "status": match.status})
