"""Where an event stands: each round's state and the director's next step."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse

from ..actions.progress import stage_to_pair
from ..actions.rounds import describe_open
from ..models import Match, Round, Stage
from ..reads import history


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
    summaries = {r.pk: RoundSummary(r)
                 for r in event.rounds.select_related("stage").order_by("number")}
    boards = defaultdict(list)
    for m in (Match.objects.pairings().filter(round__tournament=event)
              .select_related("side0", "side1")
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


@dataclass(frozen=True)
class Step:
    """The director's next step: a sentence and the one button that takes it. `post`: the
    button sends a form to `url` (pairing); else it is a link."""

    text: str
    label: str
    url: str
    post: bool = False

    def __str__(self):
        return self.text


def next_round_words(coming) -> str:
    """The next round to pair as the director's button says it: "round 4"; "the
    semi-finals"; "stage 2's first round (the draw)" before a knock-out is drawn."""
    if coming is None:
        return ""
    stage, in_stage = coming
    if stage.kind != "swiss" and not stage.seeds:
        what = "the draw" if stage.is_knockout else "its fixtures"
        return ("round 1" if stage.number == 1 else f"stage {stage.number}'s first round") + \
            f" ({what})"
    if stage.is_knockout:
        return "the " + stage.round_title(in_stage).lower()
    number = stage.tournament.rounds.count() + 1
    return f"round {number}" if stage.number == 1 else \
        f"round {number} ({stage.round_title(in_stage).lower()})"


def next_step(event, rounds: list[RoundSummary]) -> Step:
    """What the director does now, and the button that does it."""
    slug = event.slug

    def round_page(number, anchor=""):
        return reverse("director:round", args=[slug, number]) + anchor

    pair = reverse("director:pair", args=[slug])
    if not event.entrants.exists():
        return Step("Add entrants: one by one or from a CSV file.", "Add entrants",
                    reverse("director:entrants", args=[slug]))
    coming = stage_to_pair(event)
    following = next_round_words(coming)
    if not rounds:
        return Step(f"Pair {following} when every entrant is in.", f"Pair {following}", pair,
                    post=True)
    last = rounds[-1]
    n = last.number
    if last.round.stage.paired_ahead:
        step = season_step(event, rounds)
        if step is not None:
            return step
    if last.round.status == Round.Status.DRAFT:
        return Step(f"Check and publish round {n}.", f"Check round {n}", round_page(n))
    if last.open:
        count = len(last.open)
        return Step(f"Waiting for {count} board{'s' if count != 1 else ''} of round {n}: "
                    f"{describe_open(last.open)}. The round closes when its last result "
                    "counts (or close it by hand on its page).",
                    f"Round {n}'s results", round_page(n))
    if last.round.status == Round.Status.PUBLISHED:
        # Reopened by a director: it stays live until closed again.
        return Step(f"Round {n} is reopened: close it on its page once it is settled"
                    + (f", or pair {following}." if coming else "."),
                    f"Close round {n}", round_page(n, "#close"))
    if coming:
        return Step(f"Pair {following}.", f"Pair {following}", pair, post=True)
    return Step("Every round is played: the event is finished.", "The final standings",
                reverse("public:standings", args=[slug]))


def season_to_pair(event):
    """The stage a season may be paired for at once: the next stage to pair when it is a
    round robin not begun; else None."""
    found = stage_to_pair(event)
    if found is None or found[0].kind != Stage.Kind.ROUND_ROBIN or found[1] != 1:
        return None
    return found[0]


def season_step(event, rounds: list[RoundSummary]) -> Step | None:
    """The next step while a season paired at once (actions.season) is being played:
    publish it, or wait for its open matches, in any round; None once every match counts."""
    stage_id = rounds[-1].round.stage_id
    season = [s for s in rounds if s.round.stage_id == stage_id]
    where = (reverse("director:league", args=[event.slug]) if event.is_teams
             else reverse("director:dashboard", args=[event.slug]))
    drafts = [s.number for s in season if s.round.status == Round.Status.DRAFT]
    if drafts:
        return Step(f"The season is paired (rounds {drafts[0]}–{drafts[-1]}): check its "
                    "fixtures and dates, then publish it.", "Publish the season",
                    where + "#publish-season")
    still = sum(len(s.open) for s in season)
    if not still:
        return None
    first = next(s for s in season if s.open)
    return Step(f"The season is in play: {still} match{'es' if still != 1 else ''} still "
                f"to play, the first in round {first.number}. Results are entered in any "
                "round; each round closes when its last result counts.",
                "The season" if event.is_teams else f"Round {first.number}'s results",
                where if event.is_teams
                else reverse("director:round", args=[event.slug, first.number]))
