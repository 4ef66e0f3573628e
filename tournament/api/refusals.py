"""An action's refusal as the API answers it, shared by the officials' and the players'
writes (writes.py, players.py)."""

from ninja import Status

from ..actions import ActionError
from ..actions import results as actions
from . import schemas, serialize

# Every write takes an Idempotency-Key (tournament/idempotency.py): 400 for a key that is not
# one, 422 for a key used for another request (schemas.KeyRefused).
ERRORS = {400: schemas.Refused | schemas.KeyRefused | schemas.Detail, 401: schemas.Detail,
          403: schemas.Detail, 404: schemas.Detail, 409: schemas.Stale | schemas.Detail,
          **schemas.WRITE}


def refused(exc: ActionError):
    """Map an action's refusal to its status and body; the action rolled back: nothing stored."""
    if isinstance(exc, actions.StaleVersion):
        return Status(409, serialize.stale(exc.match))
    if isinstance(exc, actions.RecordRefused):
        return Status(exc.status, {"detail": exc.message, "report": exc.report})
    return Status(exc.status, {"detail": exc.message, "errors": exc.errors or None})
