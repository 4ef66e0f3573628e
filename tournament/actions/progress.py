"""Where an event and its rounds stand: which boards are still open, and the event's
status read from its rounds. Used by every action that changes a round or a result."""

from ..models import Match, Round, Tournament


def open_boards(round_) -> list[Match]:
    """Boards of a round whose result does not count yet (missing, or awaiting confirmation)."""
    return list(round_.matches.awaiting_result().select_related("side0", "side1")
                .order_by("board"))


def update_status(tournament, *, settle: bool = True) -> list[int]:
    """Set the event's status from its rounds: registration until a round is published (a
    draft is not news yet), in play, then finished once the last planned round is closed.

    With `settle`, a published round whose every board already counts is closed first (an
    imported round, a round of byes only); returns the numbers of the rounds so closed. A
    reopened round is never settled here: the director's actions that reopen or correct
    pass settle=False, and only a new result (`close_if_complete`) or the director closes it.
    """
    rounds = list(tournament.rounds.published().order_by("number"))
    closed = []
    for r in rounds:
        if settle and r.status == Round.Status.PUBLISHED and not open_boards(r):
            r.status = Round.Status.CLOSED
            r.save(update_fields=["status"])
            closed.append(r.number)
    status = Tournament.Status.DRAFT if not rounds else Tournament.Status.RUNNING
    last = rounds[-1] if rounds else None
    if (last is not None and last.status == Round.Status.CLOSED
            and stage_to_pair(tournament) is None
            # a league's postponed match keeps its earlier round open, and the season too;
            # so does any round of a season paired in advance (actions.season)
            and not any(r.status == Round.Status.PUBLISHED for r in rounds)):
        status = Tournament.Status.FINISHED
    if status != tournament.status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status
    return closed


def stage_to_pair(tournament, stages=None, rounds=None):
    """(stage, number in that stage) of the next round to pair: the first stage not yet
    fully paired (an unseeded round robin or knock-out counts as not paired); None once
    every stage's last round is paired. `stages` and `rounds` (the event's, in order) are
    read here when not given."""
    stages = stages if stages is not None else list(tournament.stages.order_by("number"))
    rounds = rounds if rounds is not None else list(
        tournament.rounds.order_by("number").values_list("stage_id", flat=True))
    for stage in stages:
        stage.tournament = tournament
        played = sum(1 for r in rounds if (getattr(r, "stage_id", r)) == stage.pk)
        planned = stage.rounds_planned()
        if planned is None or played < planned:
            return stage, played + 1
    return None
