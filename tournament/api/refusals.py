"""An action's refusal as the API answers it, shared by the officials' and the players'
writes (writes.py, players.py)."""

import json

from ninja import Status

from ..actions import ActionError
from ..actions import results as actions
from . import schemas, serialize

# Every write takes an Idempotency-Key (tournament/web/idempotency.py): 400 for a key that is not
# one, 422 for a key used for another request (schemas.KeyRefused).
ERRORS = {400: schemas.Refused | schemas.KeyRefused | schemas.Detail, 401: schemas.Detail,
          403: schemas.Detail, 404: schemas.Detail, 409: schemas.Stale | schemas.Detail,
          **schemas.WRITE}


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
