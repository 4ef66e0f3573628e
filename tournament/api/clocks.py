"""The round clock (shared/spec/venue.md, "Round clock"): read by anyone who may see the
event, for published rounds; started, paused, resumed, given time and stopped by the
event's officials. Each write calls ONE action (actions.clock.change_clock)."""

from typing import Literal

from django.core.validators import slug_re
from django.http import HttpResponse
from ninja import Router, Schema, Status
from ninja.errors import HttpError
from pydantic import Field, StrictInt

from ..actions import ActionError
from ..actions.base import retrying
from ..actions.clock import change_clock
from ..common.credentials import player_for, user_for
from ..models import Round, Tournament
from ..rules.round_clock import MAX_MINUTES
from ..web import idempotency
from . import schemas
from .auth import PlayerAuth, TokenAuth
from .refusals import ERRORS, refused, unknown_keys

router = Router(tags=["clock"])


class ClockIn(Schema):
    action: Literal["start", "pause", "resume", "add", "stop"]
    minutes: StrictInt | None = Field(
        None, description=f"start: 1 to {MAX_MINUTES}; add: -{MAX_MINUTES} to {MAX_MINUTES}, "
                          "not 0 (never below 0 left). Not sent with the other actions.")


def published_round(request, slug: str, number: int, who) -> Round:
    # Only a slug's characters reach the query: PostgreSQL refuses a NUL (a 500 otherwise).
    t = Tournament.objects.filter(slug=slug).first() if slug_re.match(slug) else None
    if t is None or t.hidden_from(who):  # hidden from them: as if not there
        raise HttpError(404, f"There is no published tournament {slug!r}.")
    round_ = t.rounds.published().filter(number=number).first()
    if round_ is None:
        raise HttpError(404, f"Round {number} of {t.name} is not published.")
    round_.tournament = t
    return round_


@router.get("/tournaments/{slug}/rounds/{number}/clock/", response={
    200: schemas.ClockOut, 400: schemas.Detail, 404: schemas.Detail, **schemas.READ})
def clock(request, slug: str, number: int, response: HttpResponse):
    """The round's clock now. Anyone may read a published round's; a hidden event's only
    its officials (token) and its own players (player key)."""
    who = user_for(request) or player_for(request)
    round_ = published_round(request, slug, number, who)
    response["Cache-Control"] = "no-cache"  # true at its server_time only
    return round_.clock()


@router.post("/tournaments/{slug}/rounds/{number}/clock/", auth=[TokenAuth(), PlayerAuth()],
             response={200: schemas.ClockOut, 422: schemas.KeyRefused | schemas.Named, **ERRORS},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def set_clock(request, slug: str, number: int, body: ClockIn):
    """Start (with `minutes`), pause, resume, add (`minutes`, may be negative) or stop the
    clock: the event's officials only (403 for anyone else, a player's key too); an action
    the clock's state does not allow is 409; every action is audited."""
    if unknown := unknown_keys(request, ClockIn):
        return unknown
    who = request.auth
    round_ = published_round(request, slug, number, who)
    user = who if hasattr(who, "is_authenticated") else None
    if user is None:
        return Status(403, {"detail": "Only the event's arbiters and directors may set its "
                                      "round clock."})
    try:
        read = retrying(change_clock)(round_, user, action=body.action, minutes=body.minutes)
    except ActionError as exc:
        return refused(exc)
    return Status(200, read)
