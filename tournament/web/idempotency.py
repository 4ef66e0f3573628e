"""Writes that can be sent again safely: the `Idempotency-Key` of shared/spec/table-entry.md.

A phone that lost the connection cannot tell whether its write arrived, so it sends it
again with the same key. The first request with a key is carried out; a repeat with the
same key and the same request (method, path and body) from the same credential is given
the first answer again (its status and body) and changes nothing; the same key with
another request is refused 422 `idempotency_key_reused`. A key that is not 1 to 64
visible ASCII characters is refused 400 `idempotency_key_invalid`. Keys are scoped to
the credential that sent them (`credential`: "user:12", a player key's id, ...), so one
device can neither read nor spoil another's answers.

How it holds under a race: the answer row is inserted, in the same transaction as the
write itself, BEFORE the write runs. Its unique (credential, key) makes a second identical
request's insert wait for the first one's commit, then find its answer: two requests at
once change things once. A write that fails (a 5xx: the database away, a race lost three
times) is rolled back with its row, so the resend runs it again; so is a 429.

Use it from a django-ninja view (the view returns `Status(code, data)` as usual; the data is
kept as JSON and given again through the same response schema, hence the same bytes):

    @router.put("/matches/{match_id}/result/", response={...})
    @idempotency.api_write()          # credential: credential_of(request.auth), "user:12"
    def submit_result(request, match_id: int, body: ResultIn): ...

or `api_write(credential=lambda request: ...)` for a string of one's own; its response map
must hold 400 and 422 with `schemas.KeyRefused`. From a plain Django view answering a form
post (the key in the `Idempotency-Key` header or a hidden field `idempotency_key`; the
redirect it answered is kept, a refusal is not: it changed nothing, and the page it shows
lets the user correct the form and send it again with the same key):

    return idempotency.form_post(request, f"user:{request.user.pk}", lambda: handle(request))

Rows older than KEEP are deleted by `manage.py purge_idempotency_keys` (run it daily); a key
met again after KEEP counts as new.
"""

import functools
import hashlib
import json
import re
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.http import HttpResponse, JsonResponse
from django.utils import timezone

from ..actions.base import one_change
from ..models import StoredAnswer

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"  # the hidden form field
KEEP = timedelta(hours=25)  # the spec asks at least 24 hours
VALID = re.compile(r"[\x21-\x7e]{1,64}")
# Form fields that change between two sendings of the same form without changing the write.
NOT_THE_WRITE = {"csrfmiddlewaretoken", FIELD}


class KeyRefused(Exception):
    """The key cannot be used for this request: its status, code and words for the caller."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    def body(self) -> dict:
        return {"detail": self.message, "code": self.code}


def key_of(request, *, form: bool = False) -> str | None:
    """The request's key (the header; for a form post also the hidden field), or None."""
    raw = request.headers.get(HEADER)
    if raw is None and form and request.method == "POST":
        raw = request.POST.get(FIELD)
    if raw is None:
        return None
    if not VALID.fullmatch(raw):
        raise KeyRefused(400, "idempotency_key_invalid",
                         f"The {HEADER} must be 1 to 64 visible ASCII characters (no spaces); "
                         f"this one is {len(raw)} character{'s' if len(raw) != 1 else ''} "
                         f"long{'' if raw.isascii() and raw.isprintable() else ', with others'}.")
    return raw


def fingerprint(request, *, form: bool = False) -> str:
    """What makes two requests the same write: method, path and body. JSON is compared as
    data (key order and spacing do not matter); a form by its fields, less the CSRF token
    and the key, which a browser may send anew with the same write."""
    if form:
        fields = sorted((k, v) for k, v in request.POST.lists() if k not in NOT_THE_WRITE)
        body = json.dumps(fields).encode()
    else:
        try:
            body = json.dumps(json.loads(request.body or b"null"), sort_keys=True,
                              separators=(",", ":")).encode()
        except ValueError:
            body = request.body
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    digest.update(body)
    return digest.hexdigest()


def once(credential: str, key: str, digest: str, run: Callable, keep: Callable,
         give: Callable):
    """Carry out `run()` once for (credential, key): `keep(answer)` turns its answer into
    (status, JSON data) to store, or None to keep nothing (and undo the write); `give(status,
    data)` turns a stored answer back into the caller's. Raises KeyRefused for a reuse.
    The stored answer and the change are one durable transaction (actions.base.one_change):
    both are kept, or neither."""
    with one_change():
        row, stored = claim(credential, key, digest)
        if stored is not None:
            if stored.fingerprint != digest:
                raise KeyRefused(422, "idempotency_key_reused",
                                 f"This {HEADER} was used for another request; a resend must "
                                 "be the same request. Use a new key for a new write.")
            return give(stored.status, json.loads(stored.answer))
        answer = run()
        kept = keep(answer)
        if kept is None:
            transaction.set_rollback(True)
            return answer
        StoredAnswer.objects.filter(pk=row.pk).update(status=kept[0],
                                                      answer=json.dumps(kept[1]))
        return answer


def claim(credential, key, digest):
    """(our new row, None), or (None, the row stored by an earlier request with this key).
    The insert waits while another transaction holds the same key uncommitted."""
    for _ in range(3):
        try:
            with transaction.atomic():
                return StoredAnswer.objects.create(
                    credential=credential, key=key, fingerprint=digest, status=0), None
        except IntegrityError:
            stored = StoredAnswer.objects.filter(credential=credential, key=key).first()
            if stored is None:  # purged in between: try the insert again
                continue
            if stored.created < timezone.now() - KEEP:
                stored.delete()
                continue
            return None, stored
    raise RuntimeError("could not claim an idempotency key")  # a purge loop: never seen


def keepable(status: int) -> bool:
    # A 5xx or a 429 did not carry the write out: the resend must be allowed to.
    return status < 500 and status != 429


def purge(now=None) -> int:
    """Delete the answers older than KEEP; returns how many."""
    cutoff = (now or timezone.now()) - KEEP
    return StoredAnswer.objects.filter(created__lt=cutoff).delete()[0]


# ------------------------------------------------------------------ django-ninja views

# The header as the OpenAPI document names it: `openapi_extra=idempotency.OPENAPI`.
OPENAPI = {"parameters": [{
    "in": "header", "name": HEADER, "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[!-~]+$"},
    "description": "Makes the write safe to send again: a repeat with this key and the same "
                   "request is given the first answer again and changes nothing; with "
                   "another request it is 422 idempotency_key_reused. Kept 24 hours."}]}


def credential_of(principal) -> str:
    """Whose key it is: "user:12" for an account; any other principal (a player key) by its
    model's name and id ("playerkey:7"), so that two kinds never share a scope."""
    from django.contrib.auth import get_user_model
    if isinstance(principal, get_user_model()):
        return f"user:{principal.pk}"
    return f"{type(principal).__name__.lower()}:{principal.pk}"


def auth_credential(request) -> str:
    return credential_of(request.auth)


def api_write(credential: Callable = auth_credential):
    """Decorate a django-ninja write view (under the router's decorator): see the module."""
    from ninja import Status
    from ninja.responses import NinjaJSONEncoder

    def keep(answer):
        status, data = (answer.status_code, answer.value) if isinstance(answer, Status) \
            else (200, answer)
        if isinstance(answer, HttpResponse) or not keepable(status):
            return None
        return status, {"data": json.loads(json.dumps(data, cls=NinjaJSONEncoder))}

    def decorate(view):
        @functools.wraps(view)
        def write(request, *args, **kwargs):
            try:
                key = key_of(request)
                if key is None:
                    return view(request, *args, **kwargs)
                return once(credential(request), key, fingerprint(request),
                            lambda: view(request, *args, **kwargs), keep,
                            lambda status, stored: Status(status, stored["data"]))
            except KeyRefused as exc:
                return Status(exc.status, exc.body())
        return write
    return decorate


# ------------------------------------------------------------------ form posts

def form_post(request, credential: str, run: Callable[[], HttpResponse]) -> HttpResponse:
    """Answer a form post through `run()`, once per key when it carries one (see the module):
    the page or redirect it answered is kept and given again."""
    try:
        key = key_of(request, form=True)
    except KeyRefused as exc:
        return refusal(request, exc)
    if key is None:
        return run()

    def keep(response):
        # A refused form changed nothing and its page asks for a correction sent with the
        # same key: only a write carried out (its redirect, or a page under 400) is kept.
        if response.status_code >= 400 or getattr(response, "streaming", False):
            return None
        return response.status_code, {
            "content": response.content.decode(response.charset or "utf-8", "replace"),
            "content_type": response.get("Content-Type", ""),
            "location": response.get("Location", "")}

    def give(status, stored):
        response = HttpResponse(stored["content"], status=status,
                                content_type=stored["content_type"] or None)
        if stored["location"]:
            response["Location"] = stored["location"]
        return response

    try:
        return once(credential, key, fingerprint(request, form=True), run, keep, give)
    except KeyRefused as exc:
        return refusal(request, exc)


def refusal(request, exc: KeyRefused) -> HttpResponse:
    """JSON for a page's script that asked for it, else the words alone."""
    if "application/json" in request.headers.get("Accept", ""):
        return JsonResponse(exc.body(), status=exc.status)
    return HttpResponse(exc.message, status=exc.status, content_type="text/plain; charset=utf-8")
