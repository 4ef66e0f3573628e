"""The event's data: who plays, who runs it, the rounds, the boards and their results."""

from .attendance import Attendance
from .audit import AuditEntry
from .checkin import CheckIn
from .event import Official, Tournament
from .idempotency import StoredAnswer
from .jobs import Job
from .people import Entrant, ForbiddenPair
from .players import PlayerKey
from .rounds import Match, ResultVersion, Round, SetResult
from .tokens import ApiToken

__all__ = [
    "ApiToken",
    "Attendance",
    "AuditEntry",
    "CheckIn",
    "Entrant",
    "ForbiddenPair",
    "Job",
    "Match",
    "Official",
    "PlayerKey",
    "ResultVersion",
    "Round",
    "SetResult",
    "StoredAnswer",
    "Tournament",
]
