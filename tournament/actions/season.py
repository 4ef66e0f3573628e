"""A league's season paired in advance (docs/leagues.md, "Set up the season in advance"):
every round of a round robin stage at once, each with its date, then published at once.

A round robin's rounds are fixed by the Berger tables (pairing.round_robin) and depend on
no result, so a league secretary publishes the whole fixture list before the first night.
The stage is then `paired_ahead`: results are entered in any of its published rounds, in
any order (a later week's card before an earlier postponed one); each round closes when its
last result counts, and the stage (the event) ends when every fixture is played.
`manage.py pair_round` keeps pairing one round at a time, as the spec says.
"""

import datetime

from django.utils import timezone

from ..models import Round, Stage
from ..pairing import Unpairable
from ..pairing.systems import SYSTEMS
from ..reads import history
from ..text.number_field import DateField
from . import stages
from .base import Action, ActionError, atomic_action, audit, lock_event, require_director
from .progress import stage_to_pair, update_status
from .rounds import check_finished, create_boards

DEFAULT_EVERY = 7
MAX_EVERY = 31


def clean_first_date(first_date) -> datetime.date:
    if isinstance(first_date, str) and first_date.strip():
        try:
            first_date = DateField(required=True).clean(first_date)
        except Exception:  # noqa: BLE001 - the form field's own words
            raise ActionError(f"{first_date[:20]!r} is not a date: write it as YYYY-MM-DD.",
                              {"first_date": ["A date, YYYY-MM-DD."]}) from None
    if isinstance(first_date, datetime.datetime):
        first_date = first_date.date()
    if not isinstance(first_date, datetime.date):
        raise ActionError("Give the date of the season's first round.",
                          {"first_date": ["The date of round 1."]})
    return first_date


def clean_every(every_days) -> int:
    if every_days in (None, ""):
        return DEFAULT_EVERY
    if isinstance(every_days, str) and every_days.strip().isdigit():
        every_days = int(every_days.strip())
    if (isinstance(every_days, bool) or not isinstance(every_days, int)
            or not 1 <= every_days <= MAX_EVERY):
        raise ActionError(f"The days between rounds are a whole number from 1 to {MAX_EVERY} "
                          f"(7: weekly), not {str(every_days)[:20]!r}.",
                          {"every_days": [f"From 1 to {MAX_EVERY}."]})
    return every_days


@atomic_action
def pair_season(tournament, actor, *, first_date, every_days=DEFAULT_EVERY) -> list[Round]:
    """Pair every round of the next stage, a round robin, at once (drafts until published),
    round k dated `first_date` + (k - 1) * `every_days` days (each date may be changed
    afterwards: team_matches.set_round_date). The stage is seeded first
    (stages.draw_seeds); the stages before it must be finished, as for pair_round."""
    require_director(tournament, actor)
    first_date = clean_first_date(first_date)
    every_days = clean_every(every_days)
    tournament = lock_event(tournament)
    rounds = list(tournament.rounds.order_by("number"))
    found = stage_to_pair(tournament, rounds=rounds)
    if found is None:
        raise ActionError("Every stage is paired to its last round: there is no season left "
                          "to pair.")
    stage, in_stage = found
    if stage.kind != Stage.Kind.ROUND_ROBIN:
        raise ActionError(f"Stage {stage.number} is a {stage.get_kind_display().lower()}: "
                          "only a round robin's rounds are fixed in advance (by the Berger "
                          "tables). Pair its rounds one at a time.")
    if in_stage != 1:
        raise ActionError(f"Stage {stage.number} has {in_stage - 1} round"
                          f"{'s' if in_stage != 2 else ''} paired already: a whole season is "
                          "paired before its first round. Pair the rest one at a time, or "
                          "delete the rounds paired and pair the season again.")
    check_finished(tournament, rounds)
    stage.seeds = seeded = stages.draw_seeds(stage)
    stage.paired_ahead = True
    stage.save(update_fields=["seeds", "paired_ahead"])
    system = SYSTEMS[stage.kind]
    number = len(rounds) + 1
    event = history.stage_input(stage, through_round=number - 1)
    planned = system.rounds(event)
    if not planned:
        raise ActionError(f"Stage {stage.number} needs at least 2 entrants still playing.")
    entrant = {e.id: e for e in tournament.entrants.all()}
    fmt = stage.match_format()
    made, boards = [], 0
    for k in range(1, planned + 1):
        try:
            drawn = system.pair(event, k)
        except Unpairable as exc:
            raise ActionError(f"Round {number + k - 1} cannot be paired: {exc}") from exc
        round_ = Round.objects.create(
            tournament=tournament, number=number + k - 1, stage=stage, number_in_stage=k,
            match=fmt if fmt != tournament.match_format else None, explanation=[],
            date=first_date + datetime.timedelta(days=every_days * (k - 1)))
        create_boards(round_, [(entrant[a], entrant.get(b)) for _, a, b in drawn.boards],
                      numbers=[board for board, _, _ in drawn.boards])
        boards += sum(1 for _, _, b in drawn.boards if b is not None)
        made.append((round_, drawn))
    for previous in rounds:  # the stages before are finished (check_finished)
        if previous.status == Round.Status.PUBLISHED:
            previous.status = Round.Status.CLOSED
            previous.save(update_fields=["status"])
    update_status(tournament)
    last = made[-1][0]
    summary = (f"Paired the whole of stage {stage.number} (round robin): rounds {number}–"
               f"{last.number}, {boards} match{'es' if boards != 1 else ''}, from "
               f"{first_date:%a %-d %b %Y} every {every_days} day"
               f"{'s' if every_days != 1 else ''}; seeded "
               + ", ".join(entrant[i].name for i in seeded))
    audit(tournament, actor, Action.PAIR_SEASON, summary, stage=stage.number,
          first_round=number, last_round=last.number, first_date=first_date.isoformat(),
          every_days=every_days, seeds=[entrant[i].number for i in seeded],
          rounds=[{"round": r.number, "date": r.date.isoformat(),
                   "boards": [[entrant[a].number, entrant[b].number if b else None]
                              for _, a, b in drawn.boards]} for r, drawn in made])
    return [r for r, _ in made]


@atomic_action
def publish_season(tournament, actor) -> list[Round]:
    """Publish every draft round of the stages paired in advance at once: the public sees
    the whole fixture list, by date and by team, and results may be entered in any round."""
    require_director(tournament, actor)
    tournament = lock_event(tournament)
    drafts = list(Round.objects.select_for_update()
                  .filter(tournament=tournament, status=Round.Status.DRAFT,
                          stage__paired_ahead=True).order_by("number"))
    if not drafts:
        raise ActionError("No round of a season paired in advance is a draft: nothing to "
                          "publish. Pair the season first.")
    now = timezone.now()
    for r in drafts:
        r.status, r.published_at = Round.Status.PUBLISHED, now
        r.save(update_fields=["status", "published_at"])
    closed = update_status(tournament)
    audit(tournament, actor, Action.PUBLISH_SEASON,
          f"Published the season: rounds {drafts[0].number}–{drafts[-1].number}"
          + (f" (nothing to enter, closed: {', '.join(map(str, closed))})" if closed else ""),
          rounds=[r.number for r in drafts], closed=closed)
    return drafts
