"""Where an event stands: each round's state and the director's next step."""

from collections import defaultdict
from dataclasses import dataclass, field

from .. import history
from ..actions.rounds import describe_open
from ..models import Match, Round


@dataclass
class RoundSummary:
    round: Round
    boards: int = 0
    counted: int = 0
    open: list = field(default_factory=list)

    @property
    def number(self):
        return self.round.number


def round_summaries(event) -> list[RoundSummary]:
    """Every round with its boards counted and still open, in two queries."""
    summaries = {r.pk: RoundSummary(r) for r in event.rounds.order_by("number")}
    boards = defaultdict(list)
    for m in (Match.objects.filter(round__tournament=event).select_related("side0", "side1")
              .order_by("board")):
        boards[m.round_id].append(m)
    for pk, summary in summaries.items():
        for m in boards[pk]:
            summary.boards += 1
            if m.side1_id is None or history.counts(event, m):
                summary.counted += 1
            else:
                summary.open.append(m)
    return list(summaries.values())


def next_step(event, rounds: list[RoundSummary]) -> str:
    """One sentence telling the director what to do now."""
    if not event.entrants.exists():
        return "Add entrants: one by one or from a CSV file."
    if not rounds:
        return "Pair round 1 when every entrant is in."
    last = rounds[-1]
    if last.round.status == Round.Status.DRAFT:
        return f"Check and publish round {last.number}."
    if last.open:
        count = len(last.open)
        return (f"Waiting for {count} board{'s' if count != 1 else ''} of round "
                f"{last.number}: {describe_open(last.open)}. The round closes when its "
                "last result counts (or close it by hand on its page).")
    if last.round.status == Round.Status.PUBLISHED:
        # Reopened by a director: it stays live until closed again.
        return (f"Round {last.number} is reopened: close it on its page once it is settled"
                + (f", or pair round {last.number + 1}." if last.number < event.rounds_planned
                   else "."))
    if last.number < event.rounds_planned:
        return f"Pair round {last.number + 1}."
    return "Every round is played: the event is finished."
