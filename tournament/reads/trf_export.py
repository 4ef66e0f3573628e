"""An event as a TRF(x) file, for `manage.py export_trf` and the director's download.

A TRF cannot say "not played yet", so the file holds the rounds whose every result
counts: a round still being played is left out, and no column is written for a round
that does not exist (import_trf reads the file back). A TRF is a Swiss: it holds the
event's Swiss stage only (a knock-out or round robin after it is not in the file).
"""

from ..models import Match, Stage
from ..pairing.trf import write_trf
from . import history


def finished_rounds(tournament) -> int:
    """The Swiss rounds paired so far, less the last one while any of its boards is open."""
    last = tournament.rounds.filter(stage__kind=Stage.Kind.SWISS).order_by("-number").first()
    if last is None:
        return 0
    still_open = Match.objects.pairings().filter(round=last).awaiting_result().exists()
    return last.number - 1 if still_open else last.number


def has_swiss(tournament) -> bool:
    return tournament.stages.filter(kind=Stage.Kind.SWISS).exists()


def later_stages_note(tournament) -> str:
    """What a TRF download leaves out, said beside it: "" for a Swiss alone."""
    later = tournament.stages.exclude(kind=Stage.Kind.SWISS).count()
    if not later:
        return ""
    return (f"The TRF holds the Swiss stage only: the {later} later "
            f"stage{'s' if later != 1 else ''} (knock-out, round robin) "
            f"{'are' if later != 1 else 'is'} in the archive, not in the TRF.")


def trf_text(tournament) -> str:
    """The TRF(x) text of the event's Swiss stage; ValueError when the event cannot be
    written as one (it has no Swiss)."""
    if not has_swiss(tournament):
        raise ValueError(f"{tournament.name} has no Swiss stage: a TRF file holds a Swiss "
                         "(a round robin or knock-out is in the archive).")
    return write_trf(history.trf_event(tournament, through_round=finished_rounds(tournament)))
