"""What every action shares: its transaction, its error type, the audit row, the permission
checks."""

import contextvars
import functools
from contextlib import contextmanager

from django.core import exceptions
from django.db import transaction
from django.http import Http404

from ..models import AuditEntry
from ..text.clean import MAX_REASON, TextError, clean_text
from ..web import revision

# ------------------------------------------------------------------ the transaction

# True while a durable change is open in this context: the actions it runs join it.
_in_change = contextvars.ContextVar("in_change", default=False)


@contextmanager
def one_change():
    """One durable transaction (Zulip's `atomic(durable=True)`): when the block ends, what
    it did is committed, and on-commit work (the revision bump that shows it to the public)
    has run. Actions run inside it join it, so several make one change, all or nothing: the
    demo's load, an idempotent write and the answer stored with it. Opened inside another
    one_change it joins that one (a savepoint); opened inside any other transaction it
    raises RuntimeError, for that caller's commit, not ours, would decide the change."""
    if _in_change.get():
        with transaction.atomic():
            yield
        return
    with transaction.atomic(durable=True):
        token = _in_change.set(True)
        try:
            yield
        finally:
            _in_change.reset(token)


def atomic_action(func):
    """An action's transaction: durable when the action is the outermost change (a view, the
    API, a command or a task called it), a savepoint of the change it was called in (by
    another action, or inside `one_change`). Never silently part of a transaction that
    is nobody's change: that raises, as `one_change` says."""

    @functools.wraps(func)
    def run(*args, **kwargs):
        with one_change():
            return func(*args, **kwargs)

    return run


class ActionError(Exception):
    """A change refused for a reason the user can act on. `errors` maps a field to messages."""

    def __init__(self, message: str, errors: dict | None = None, status: int = 400):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}
        self.status = status


class PermissionDenied(ActionError, exceptions.PermissionDenied):
    """The one refusal on permission grounds: an action's (status 403) and, raised from a
    view, Django's 403 page with its message."""

    def __init__(self, message: str):
        super().__init__(message, status=403)


class NotFound(ActionError, Http404):
    """A refusal that names nothing: to whoever may not see an event (one hidden from them,
    `Tournament.hidden_from`) it does not exist, so an action's 404 and, raised from a
    view, Django's 404 page, never a 403 that names it."""

    def __init__(self, message: str = "There is no page at this address."):
        super().__init__(message, status=404)


def checked_text(value, field: str, max_length: int | None = None) -> str:
    """clean_text for an action's caller: the refusal names the field, as forms do."""
    try:
        return clean_text(value, field, max_length).strip()
    except TextError as exc:
        raise ActionError(sentence(str(exc)), {field: [sentence(str(exc))]}) from exc


def sentence(message: str) -> str:
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def checked_reason(reason, field: str = "reason") -> str:
    """A reason as the audit keeps it: clean text of at most MAX_REASON characters."""
    return checked_text(reason, field, MAX_REASON)


Action = AuditEntry.Action  # the names audit() accepts: one per kind of change


def audit(tournament, actor, action: Action, summary: str, reason: str = "", **detail):
    # Every change writes this row, so this is where the public pages learn of it (of all
    # but the changes none of them shows: AuditEntry.UNSEEN_BY_PUBLIC, a check-in).
    if action not in Action.values:
        # A typo here would write a row that every filter on the name misses.
        raise ValueError(f"{action!r} is not an audit action: add it to AuditEntry.Action.")
    if tournament is not None and action not in AuditEntry.UNSEEN_BY_PUBLIC:
        # A hidden or deleted event's pages: never an earlier copy (revision.Revision).
        revision.bump_on_commit(tournament.slug, withdrawn=tournament.hidden or
                                action == Action.DELETE_TOURNAMENT)
    return AuditEntry.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        summary=summary[:300],
        reason=reason,
        detail=detail,
    )


# An actor of None is the command line: the server's operator, who holds every right.
# Views always pass request.user (never None), so no web request can get here as None.
#
# Every permission rule is one `require_*` function: it returns quietly when the thing may
# be done (or what was granted) and raises the refusal otherwise (an ActionError with its
# words and status: PermissionDenied 403, NotFound 404, a 409). The actions call it; a page
# that must know before it shows a button or a form asks the same function through
# `allowed()` or `refusal()` below, so a rule is never written twice.
# docs/architecture.md lists them, one line each.


def refusal(require, *args, **kwargs) -> ActionError | None:
    """The refusal a `require_*` rule gives for these arguments, or None if it allows."""
    try:
        require(*args, **kwargs)
    except ActionError as exc:
        return exc
    return None


def allowed(require, *args, **kwargs) -> bool:
    """Does the `require_*` rule allow it (for a page deciding what to show)?"""
    return refusal(require, *args, **kwargs) is None


def require_seen(tournament, who, message: str = ""):
    """Not found (404) for whoever the event is hidden from (`who` None: the command line,
    which sees everything): a refusal must not name it. `message`: the words the same
    address says when nothing is there."""
    if who is not None and tournament.hidden_from(who):
        raise NotFound(*[message] if message else [])


def require_director(tournament, user):
    if user is not None and not tournament.is_director(user):
        require_seen(tournament, user)
        raise PermissionDenied(f"Only a director of {tournament.name} may do this.")


def require_official(tournament, user):
    if user is not None and not tournament.is_official(user):
        require_seen(tournament, user)
        raise PermissionDenied(f"You are not an arbiter or director of {tournament.name}.")


# ------------------------------------------------------------------ concurrency

def lock_event(tournament):
    """Lock the event's row and return it fresh: the first lock of every action that
    touches an event's entrants or rounds, so such actions queue on one row in one order
    (the event, then its rounds, then boards) and cannot deadlock one another.

    FOR UPDATE, not FOR NO KEY UPDATE, on purpose: a result's audit row refers to the event
    (its FOREIGN KEY check takes FOR KEY SHARE), so a result being saved and a director's
    action on the event's rounds wait for each other instead of interleaving (delete_round
    checks for results, then deletes: a result committed in between would be lost)."""
    from ..models import Tournament
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


# PostgreSQL's SQLSTATEs for a transaction chosen to lose a race: it may simply run again.
RETRYABLE = {"40001", "40P01"}  # serialization_failure, deadlock_detected


def lost_race(exc) -> bool:
    cause = getattr(exc, "__cause__", None)
    return getattr(cause, "sqlstate", None) in RETRYABLE or getattr(
        cause, "pgcode", None) in RETRYABLE


def retrying(action, attempts: int = 3):
    """Run `action` (which opens its own transaction) again when PostgreSQL made it the loser
    of a deadlock or a serialisation race; after `attempts` the error goes up (503).

    Inside a change (an idempotent write's one_change, tournament/web/idempotency.py) each
    try is a savepoint: a lost race undoes that try alone, and the next one runs."""
    import time

    from django.db import OperationalError, connection

    def once(*args, **kwargs):
        if _in_change.get():
            with transaction.atomic():
                return action(*args, **kwargs)
        return action(*args, **kwargs)

    @functools.wraps(action)
    def run(*args, **kwargs):
        for attempt in range(attempts):
            try:
                return once(*args, **kwargs)
            except OperationalError as exc:
                if not lost_race(exc) or connection.needs_rollback or attempt == attempts - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
    return run
