"""Entries before the day through the API (shared/spec/venue.md, "Entries before the
day"), for club websites that take entries on their own pages: anyone makes an entry
while entries are open; whoever holds an entry's code reads or withdraws it; the event's
officials list the entries and its directors accept or decline them. Each write calls ONE
action of tournament.actions.entries; a contact is answered to the event's directors
only (docs/api.md)."""

from typing import Literal

from django.contrib.auth.models import AnonymousUser
from django.core.validators import slug_re
from django.http import HttpResponse
from ninja import Router, Schema, Status
from ninja.errors import HttpError
from pydantic import Field, StrictStr, field_validator

from ..actions import ActionError
from ..actions import entries as actions
from ..actions.base import retrying
from ..common.credentials import user_for
from ..models import Entry, Tournament
from ..models.entries import code_digest
from ..text.clean import TextError
from ..text.documents import check_json_text
from ..web import idempotency, limits
from . import schemas
from .auth import TokenAuth
from .refusals import refused, unknown_keys

router = Router(tags=["entries"])

WRITE = {400: schemas.Detail | schemas.KeyRefused, 404: schemas.Detail,
         409: schemas.Detail, 422: schemas.Named | schemas.KeyRefused, **schemas.WRITE}


class EntryIn(Schema):
    name: StrictStr = Field("", description="The player's name; a pair's (made from its "
                            "members when empty); a team's.")
    club: StrictStr = ""
    contact: StrictStr = Field(description="How the director reaches the person entering "
                               "(email or phone): seen by the event's directors only.")
    members: list[StrictStr] | None = Field(None, description="A pair's two members; a "
                                            "team's players.")
    captain: StrictStr | None = Field(None, description="A team's captain (put first "
                                      "among its members when not one of them).")

    @field_validator("name", "club", "contact", "members", "captain")
    @classmethod
    def usable_text(cls, value, info):
        """NUL and lone surrogates would be a 500 on PostgreSQL: refused, naming where."""
        try:
            check_json_text(value, f"/{info.field_name}")
        except TextError as exc:
            raise ValueError(str(exc)) from None
        return value


class EntryMade(Schema):
    id: int
    status: Literal["pending", "accepted", "declined", "waiting", "withdrawn"]
    code: str = Field(description="The entry's code, given once: with it the entry is read "
                      "and withdrawn (`/api/v1/entries/{code}/`, or the event's "
                      "`/enter/status/` page).")
    position: int | None = Field(description="The place on the waiting list, or null.")


class EntryStatus(Schema):
    id: int
    name: str
    status: Literal["pending", "accepted", "declined", "waiting", "withdrawn"]
    position: int | None


class EntryRow(Schema):
    id: int
    name: str
    club: str
    status: Literal["pending", "accepted", "declined", "waiting", "withdrawn"]
    made_at: str
    position: int | None = Field(description="The place on the waiting list, or null.")
    entrant: int | None = Field(None, description="The entrant's pairing number, once "
                                "accepted and in (not waiting).")
    contact: str | None = Field(None, description="Answered to the event's directors only.")


class DecisionIn(Schema):
    action: Literal["accept", "decline"]
    reason: StrictStr = Field("", description="Why (a decline's, kept in the audit log).")


def entry_row(entry, position, *, director: bool) -> dict:
    row = {"id": entry.pk, "name": entry.name, "club": entry.club, "status": entry.status,
           "made_at": entry.made_at.isoformat(), "position": position}
    if entry.entrant_id is not None and entry.status == Entry.Status.ACCEPTED:
        row["entrant"] = entry.entrant.number
    if director:
        row["contact"] = entry.contact
    return row


def event_for(request, slug, user) -> Tournament:
    """The event at `slug`; 404 where there is none or it is hidden from `user`."""
    t = Tournament.objects.filter(slug=slug).first() if slug_re.match(slug) else None
    if t is None or t.hidden_from(user):
        raise HttpError(404, f"There is no tournament {slug!r}.")
    return t


def who_enters(request) -> str:
    """Whose Idempotency-Key it is: the official whose token came with it, else the
    address (anyone may enter: a key never reaches another address's answers)."""
    user = user_for(request)
    return f"user:{user.pk}" if user else f"address:{limits.client_ip(request) or 'unknown'}"


@router.post("/tournaments/{slug}/entries/", response={201: EntryMade, **WRITE},
             openapi_extra=idempotency.OPENAPI)
@idempotency.api_write(credential=who_enters)
def make(request, slug: str, body: EntryIn):
    """Anyone, while entries are open: `409` closed, `422` a bad field or a name already
    entered, `429` too many entries from one address."""
    if unknown := unknown_keys(request, EntryIn):
        return unknown
    user = user_for(request)
    t = event_for(request, slug, user)
    wait = limits.entry_limited(request)
    if wait:
        raise limits.TooMany(wait, "entries from your address")
    try:
        entry, code = retrying(actions.make_entry)(
            t, user or AnonymousUser(), name=body.name, club=body.club, contact=body.contact,
            members=body.members, captain=body.captain)
    except ActionError as exc:
        return refused(exc)
    return Status(201, {"id": entry.pk, "status": entry.status, "code": code,
                        "position": actions.position_of(entry)})


def entry_by_code(request, code: str) -> Entry:
    entry = Entry.objects.by_code(code)
    if entry is None:
        limits.failed(request, limits.ENTRY, code)  # 429 over the limit of wrong codes
        raise HttpError(404, "No entry has this code.")
    if entry.tournament.hidden_from(user_for(request)):  # as if not there
        raise HttpError(404, "No entry has this code.")
    return entry


def code_holder(request) -> str:
    """Whose Idempotency-Key a withdrawal's is: the code's (its digest)."""
    return f"entry:{code_digest(request.resolver_match.kwargs['code']) or 'none'}"


def status_of(entry) -> dict:
    return {"id": entry.pk, "name": entry.name, "status": entry.status,
            "position": actions.position_of(entry)}


@router.get("/entries/{code}/", response={200: EntryStatus, 404: schemas.Detail,
                                          **schemas.READ})
def read(request, code: str, response: HttpResponse):
    """Whoever holds the entry's code."""
    entry = entry_by_code(request, code)
    response["Cache-Control"] = "private, no-store"
    return status_of(entry)


@router.delete("/entries/{code}/", response={200: EntryStatus, 403: schemas.Detail, **WRITE},
               openapi_extra=idempotency.OPENAPI)
@idempotency.api_write(credential=code_holder)
def withdraw(request, code: str):
    """Whoever holds the entry's code withdraws it: `200` with the entry; `409` if it is
    already withdrawn or declined, or the event has begun and it is in the draw."""
    entry = entry_by_code(request, code)
    try:
        entry = retrying(actions.withdraw_entry)(entry, AnonymousUser(), code=code)
    except ActionError as exc:
        return refused(exc)
    return status_of(entry)


def officials_event(request, slug) -> Tournament:
    t = event_for(request, slug, request.auth)
    if not t.is_official(request.auth):
        raise HttpError(403, "Only the event's arbiters and directors may read its entries.")
    return t


@router.get("/tournaments/{slug}/entries/", auth=TokenAuth(), response={
    200: list[EntryRow], 401: schemas.Detail, 403: schemas.Detail, 404: schemas.Detail,
    **schemas.READ})
def listing(request, slug: str, response: HttpResponse):
    """The event's officials: every entry in the order made (`contact` for its directors
    only)."""
    t = officials_event(request, slug)
    director = t.is_director(request.auth)
    response["Cache-Control"] = "private, no-store"
    return [entry_row(e, e.position, director=director) for e in t.entries.listing()]


@router.post("/tournaments/{slug}/entries/{entry_id}/", auth=TokenAuth(), response={
    200: EntryRow, 401: schemas.Detail, 403: schemas.Detail, **WRITE},
    openapi_extra=idempotency.OPENAPI)
@idempotency.api_write()
def decide(request, slug: str, entry_id: int, body: DecisionIn):
    """The event's directors accept or decline an entry: the entry, with `entrant` once
    it is in (an accepted entry beyond the cap is `waiting`)."""
    if unknown := unknown_keys(request, DecisionIn):
        return unknown
    t = event_for(request, slug, request.auth)
    entry = t.entries.filter(pk=entry_id).first()
    if entry is None:
        return Status(404, {"detail": f"{t.name} has no entry {entry_id}."})
    try:
        if body.action == "accept":
            entry = retrying(actions.accept_entry)(entry, request.auth)
        else:
            entry = retrying(actions.decline_entry)(entry, request.auth, reason=body.reason)
    except ActionError as exc:
        return refused(exc)
    return entry_row(entry, actions.position_of(entry), director=True)
