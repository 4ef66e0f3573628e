"""The event's data: who plays, who runs it, the rounds, the boards and their results."""

from .attendance import Attendance
from .audit import AuditEntry
from .checkin import CheckIn
from .entrants import Entrant, ForbiddenPair
from .entries import Entry
from .event import Official, Tournament
from .idempotency import StoredAnswer
from .jobs import Job
from .lineups import TeamLineup
from .person import EntrantPerson, Person, Rating, RatingList, RatingStep
from .player_keys import PlayerKey
from .rounds import Match, ResultVersion, Round, SetResult
from .series import Series
from .stages import Stage
from .tokens import ApiToken

__all__ = [
    "ApiToken",
    "Attendance",
    "AuditEntry",
    "CheckIn",
    "Entrant",
    "EntrantPerson",
    "Entry",
    "ForbiddenPair",
    "Job",
    "Match",
    "Official",
    "Person",
    "PlayerKey",
    "Rating",
    "RatingList",
    "RatingStep",
    "ResultVersion",
    "Round",
    "Series",
    "SetResult",
    "Stage",
    "StoredAnswer",
    "TeamLineup",
    "Tournament",
]
