"""An event as a TRF(x) file, for `manage.py export_trf` and the director's download.

A TRF cannot say "not played yet", so the file holds the rounds whose every result
counts: a round still being played is left out, and no column is written for a round
that does not exist (import_trf reads the file back).
"""

from . import history
from .models import Match
from .pairing.trf import write_trf


def finished_rounds(tournament) -> int:
    """The rounds paired so far, less the last one while any of its boards is open."""
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return 0
    still_open = Match.objects.filter(round=last).awaiting_result().exists()
    return last.number - 1 if still_open else last.number


def trf_text(tournament) -> str:
    """The TRF(x) text; ValueError when the event cannot be written as one."""
    return write_trf(history.trf_event(tournament, through_round=finished_rounds(tournament)))
