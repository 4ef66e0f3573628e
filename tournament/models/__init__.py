"""The event's data: who plays, who runs it, the rounds, the boards and their results."""

from .attendance import Attendance
from .audit import AuditEntry
from .event import Official, Tournament
from .jobs import Job
from .people import Entrant, ForbiddenPair
from .person import EntrantPerson, Person, Rating, RatingList, RatingStep
from .rounds import Match, ResultVersion, Round, SetResult
from .series import Series
from .tokens import ApiToken

__all__ = [
    "ApiToken",
    "Attendance",
    "AuditEntry",
    "Entrant",
    "EntrantPerson",
    "ForbiddenPair",
    "Job",
    "Match",
    "Official",
    "Person",
    "Rating",
    "RatingList",
    "RatingStep",
    "ResultVersion",
    "Round",
    "Series",
    "SetResult",
    "Tournament",
]
