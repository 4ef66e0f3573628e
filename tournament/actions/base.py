"""What every action shares: its error type, the audit row, the permission checks."""


from ..models import AuditEntry


class ActionError(Exception):
    """A change refused for a reason the user can act on. `errors` maps a field to messages."""

    def __init__(self, message: str, errors: dict | None = None, status: int = 400):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}
        self.status = status


class PermissionDenied(ActionError):
    def __init__(self, message: str):
        super().__init__(message, status=403)


def audit(tournament, actor, action: str, summary: str, reason: str = "", **detail):
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


def require_director(tournament, user):
    if user is not None and not tournament.is_director(user):
        raise PermissionDenied(f"Only a director of {tournament.name} may do this.")


def require_official(tournament, user):
    if user is not None and not tournament.is_official(user):
        raise PermissionDenied(f"Only an arbiter or director of {tournament.name} may do this.")
