"""Check-in for an event's officials (shared/spec/table-entry.md, "Check-in"): who is here
for a round, and ticking anyone in or out. Each write calls ONE action (actions.checkin)."""

from django.core.validators import slug_re
from django.http import HttpResponse
from ninja import Query, Router, Schema, Status
from ninja.errors import HttpError
from pydantic import Field, StrictBool, StrictInt

from ..actions import ActionError
from ..actions.base import retrying
from ..actions.checkin import open_round, set_checkin
from ..models import Tournament
from ..models.checkin import roll_call
from ..web import idempotency
from ..web.limits import client_ip
from . import schemas
from .auth import TokenAuth

router = Router(tags=["check-in"], auth=TokenAuth())


class CheckinOut(Schema):
    player: int = Field(description="The entrant's pairing number (in a pairs event, the pair's).")
    checked_in: bool
    at: str | None = Field(description="When checked in (ISO 8601), or null.")


class CheckinSet(CheckinOut):
    round: int


class CheckinIn(Schema):
    round: StrictInt = Field(description="The next round to be paired.")
    player: StrictInt = Field(description="The entrant's pairing number.")
    checked_in: StrictBool


class RoundQuery(Schema):
    round: int | None = Field(None, description="The round (default: the next to be paired, "
                                                "else the last).")


def officials_event(request, slug) -> Tournament:
    # Only a slug's characters reach the query: PostgreSQL refuses a NUL (a 500 otherwise).
    t = Tournament.objects.filter(slug=slug).first() if slug_re.match(slug) else None
    if t is None or t.hidden_from(request.auth):  # hidden from them: as if not there
        raise HttpError(404, f"There is no tournament {slug!r}.")
    if not t.is_official(request.auth):
        raise HttpError(403, "Only the event's arbiters and directors may read or set its "
                             "check-in.")
    return t


def iso(at) -> str | None:
    return at.isoformat() if at is not None else None


@router.get("/tournaments/{slug}/checkins/", response={
    200: list[CheckinOut], 400: schemas.Detail, 401: schemas.Detail, 403: schemas.Detail,
    404: schemas.Detail, **schemas.READ})
def checkins(request, slug: str, query: Query[RoundQuery], response: HttpResponse):
    t = officials_event(request, slug)
    number = query.round if query.round is not None else (open_round(t) or t.rounds_planned)
    if not 1 <= number <= t.rounds_planned:
        return Status(400, {"detail": f"There is no round {number}: choose one from 1 to "
                                      f"{t.rounds_planned}."})
    response["Cache-Control"] = "private, no-store"  # an official's view, changing by the second
    return [{"player": e.number, "checked_in": e.checked_in_at is not None,
             "at": iso(e.checked_in_at)} for e in roll_call(t, number)]


@router.put("/tournaments/{slug}/checkins/", response={
    200: CheckinSet, 400: schemas.Detail | schemas.KeyRefused, 401: schemas.Detail,
    403: schemas.Detail, 404: schemas.Detail, 409: schemas.Detail, 422: schemas.KeyRefused,
    **schemas.WRITE}, openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def set_one(request, slug: str, body: CheckinIn):
    t = officials_event(request, slug)
    entrant = t.entrants.filter(number=body.player).first()
    if entrant is None:
        return Status(404, {"detail": f"{t.name} has no player number {body.player}."})
    try:
        row = retrying(set_checkin)(t, request.auth, entrant=entrant, round_number=body.round,
                                    checked_in=body.checked_in, address=client_ip(request))
    except ActionError as exc:
        return Status(exc.status, {"detail": exc.message, "errors": exc.errors or None})
    return {"round": body.round, "player": entrant.number, "checked_in": row is not None,
            "at": iso(row.at if row else None)}
