"""Pairing, adjusting, publishing, closing, reopening and deleting rounds.

A round's life: draft (officials only) -> published (live: results being entered) ->
closed (every board has a result that counts; only a director changes one now). It
closes by itself when its last result counts (`board.close_if_complete`, called by the
result actions), or when a director closes it (`close_round`). The event is finished once its
last planned round is closed. A director may reopen the latest round, with a reason.

Lock order, so that no two actions wait on each other: a director's action locks the
event row, then the round and its boards without waiting (`lock_round`: a board being
saved makes it ask to try again); a result locks its board first (actions.board says
how), so a director's action never waits for a board.
"""

import logging
import secrets
from dataclasses import asdict
from itertools import combinations

from django.db import DatabaseError
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from ..models import Attendance, Match, Round, Stage, Tournament
from ..pairing import InconsistentEvent, Unpairable
from ..pairing.byes import may_get_bye
from ..pairing.systems import SYSTEMS
from ..reads import history, rating_lists
from . import checkin, stages
from .base import (
    Action,
    ActionError,
    atomic_action,
    audit,
    checked_reason,
    lock_event,
    require_director,
)
from .board import confirm_by, double_forfeit
from .progress import open_boards, stage_to_pair, update_status
from .results import awaits_acceptance
from .team_matches import create_team_boards, postponed_outstanding

log = logging.getLogger("tournament")


def describe_open(boards) -> str:
    return "; ".join(
        f"board {m.board} ({m.side0.name} – {m.side1.name}, {m.get_status_display().lower()})"
        for m in boards)


def lock_round(round_) -> Round:
    """The round and its boards, locked for a director's change, without waiting: a board
    whose result is being saved this instant holds its lock, and that result may be about
    to close the round."""
    try:
        locked = Round.objects.select_for_update(nowait=True).get(pk=round_.pk)
        list(locked.matches.select_for_update(nowait=True).values_list("pk", flat=True))
    except DatabaseError as exc:
        raise ActionError(f"A result of round {round_.number} is being saved right now: "
                          "try again in a moment.", status=409) from exc
    return locked


@atomic_action
def pair_round(tournament, actor, *, only_checked_in: bool = False) -> Round:
    """Pair the next round of the current stage by its pairing system (the FIDE Dutch
    system for a Swiss, the Berger tables for a round robin, the bracket for a
    knock-out), or the first round of the next stage once the current one is complete;
    it stays a draft until published. A round robin or a knock-out is seeded as its first
    round is paired (actions.stages.draw_seeds). `only_checked_in` (a Swiss): whoever is
    not checked in is recorded absent first (actions.checkin)."""
    require_director(tournament, actor)
    tournament = lock_event(tournament)
    rounds = list(tournament.rounds.order_by("number"))
    number = len(rounds) + 1
    found = stage_to_pair(tournament, rounds=rounds)
    if found is None and rounds and Stage.objects.filter(
            pk=rounds[-1].stage_id, paired_ahead=True).exists():
        raise ActionError(f"Every round is paired already (the season was paired at once, to "
                          f"round {rounds[-1].number}): nothing to pair.")
    check_finished(tournament, rounds)
    if found is None:
        if tournament.stages.count() == 1:
            raise ActionError(f"All {tournament.rounds_planned} planned rounds are paired.")
        raise ActionError("Every stage is paired to its last round.")
    stage, in_stage = found
    swiss = stage.kind == Stage.Kind.SWISS
    if only_checked_in and not swiss:
        raise ActionError("Pairing only the checked-in is for a Swiss: a round robin's and a "
                          "knock-out's rounds are fixed by their draw.")
    absent = (checkin.absent_unless_checked_in(tournament, actor, number)
              if only_checked_in else [])
    lot = None
    if swiss and number == 1 and tournament.top_seed_starts is None:
        # FIDE: the colour of the top seed in round 1 is drawn by lot.
        tournament.top_seed_starts = lot = secrets.choice([True, False])
        tournament.save(update_fields=["top_seed_starts"])
    seeded = None
    if not swiss and in_stage == 1:
        stage.seeds = seeded = stages.draw_seeds(stage)
        stage.save(update_fields=["seeds"])
    where = f"Round {number}" if tournament.stages.count() == 1 else \
        f"Round {number} ({stage.round_title(in_stage).lower()} of stage {stage.number})"
    system = SYSTEMS[stage.kind]
    event = history.stage_input(stage, through_round=number - 1)
    try:
        drawn = system.pair(event, in_stage)
    except Unpairable as exc:
        raise ActionError(f"{where} cannot be paired: {exc}") from exc
    except InconsistentEvent as exc:
        # A fault in the history we built, not the director's: logged for the staff.
        log.exception("round %s of %s: inconsistent pairing input", number, tournament.slug)
        raise ActionError(f"{where} cannot be paired: the event's record contradicts "
                          f"itself ({exc}). This is a fault in the program, logged for the "
                          "site's staff.", status=500) from exc
    if not drawn.boards:
        raise ActionError(f"{where} cannot be paired: nobody is left to play.")
    planned = system.rounds(event, tournament.rounds_planned)
    fmt = stage.match_format(final=stage.is_knockout and in_stage == planned)
    round_ = Round.objects.create(
        tournament=tournament, number=number, stage=stage, number_in_stage=in_stage,
        match=fmt if fmt != tournament.match_format else None,
        explanation=[explanation_json(b) for b in drawn.explanation])
    entrant = {e.id: e for e in tournament.entrants.all()}
    create_boards(round_, [(entrant[a], entrant.get(b)) for _, a, b in drawn.boards],
                  numbers=[board for board, _, _ in drawn.boards], plate=drawn.plate)
    for previous in rounds:
        if previous.status == Round.Status.PUBLISHED and not (
                tournament.is_teams and postponed_outstanding(previous)):
            previous.status = Round.Status.CLOSED
            previous.save(update_fields=["status"])
    update_status(tournament)
    summary = f"Paired {where[0].lower()}{where[1:]}: {len(drawn.boards)} boards"
    if seeded is not None:
        summary += f"; stage {stage.number} seeded " + ", ".join(
            entrant[i].name for i in seeded)
    if only_checked_in:
        summary += f"; only the checked-in ({len(absent)} absent)"
    if lot is not None:
        starts = "player 1" if lot else "player 1's opponent"
        summary += f"; by lot, {starts} starts board 1"
    audit(tournament, actor, Action.PAIR_ROUND, summary, round=number, top_seed_starts=lot,
          stage=stage.number, round_in_stage=in_stage,
          seeds=[entrant[i].number for i in seeded] if seeded is not None else None,
          boards=[[entrant[a].number, entrant[b].number if b else None]
                  for _, a, b in drawn.boards],
          absent_not_checked_in=[e.number for e in absent] if only_checked_in else None)
    return round_


def check_finished(tournament, rounds) -> None:
    """Refuse to pair after `rounds` (the event's, in order) unless the last is published
    and finished: every board's result counts, but a league's postponed match (it leaves
    its round open for it alone, actions.team_matches.postpone_match). After a stage paired
    in advance (actions.season), every round of that stage must be finished."""
    if not rounds:
        return
    last = rounds[-1]
    if last.status == Round.Status.DRAFT:
        raise ActionError(f"Round {last.number} is still a draft: publish or delete it first.")
    if Stage.objects.filter(pk=last.stage_id, paired_ahead=True).exists():
        season = [r for r in rounds if r.stage_id == last.stage_id]
        draft = [r.number for r in season if r.status == Round.Status.DRAFT]
        if draft:
            raise ActionError(f"Round {draft[0]} is still a draft: publish or delete it first.")
        still_open = [(r, m) for r in season for m in open_boards(r) if m.team_match_id is None]
        if still_open:
            raise ActionError(
                f"The season is not finished: {len(still_open)} match"
                f"{'es' if len(still_open) != 1 else ''} still open: "
                + "; ".join(f"round {r.number} {describe_open([m])}" for r, m in still_open)
                + ".", {"open_boards": [[r.number, m.board] for r, m in still_open]})
        return
    postponed = ({m.pk for m in postponed_outstanding(last)} if tournament.is_teams
                 else set())
    still_open = [m for m in open_boards(last)
                  if m.team_match_id is None and m.pk not in postponed]
    if still_open:
        raise ActionError(
            f"Round {last.number} is not finished: {len(still_open)} board"
            f"{'s' if len(still_open) != 1 else ''} still open: {describe_open(still_open)}.",
            {"open_boards": [m.board for m in still_open]})


def explanation_json(board) -> dict:
    def player(p):
        if p is None:
            return None
        return {"number": p.number, "name": p.name, "score": p.score,
                "colour_history": p.colour_history, "preference": p.colour_preference,
                "strength": p.preference_strength, "float": p.float,
                "float_history": p.float_history, "round": p.round_number, "seed": p.seed,
                "paired": p.paired, "top_seed_starts": p.top_seed_starts,
                "bye": None if p.bye is None else asdict(p.bye)}
    side0, side1 = board.sides
    return {"board": board.board, "side0": player(side0), "side1": player(side1)}


def create_boards(round_, pairs, numbers=None, plate=frozenset()):
    """The round's boards: `pairs` of (side 0, side 1 or None for a bye), numbered 1, 2,
    ... or by `numbers` (a knock-out keeps its bracket's match numbers); the boards
    numbered in `plate` are its plate's matches."""
    boards = []
    for i, (side0, side1) in zip(numbers or range(1, len(pairs) + 1), pairs, strict=True):
        m = Match(round=round_, board=i, side0=side0, side1=side1, plate=i in plate)
        if side1 is None:
            # A pairing-allocated bye is its own result.
            m.outcome, m.status, m.winner = Match.Outcome.BYE, Match.Status.CONFIRMED, side0
        boards.append(m)
    made = Match.objects.bulk_create(boards)
    tournament = round_.tournament
    if tournament.is_teams and tournament.team_match:
        # A team match's boards are made with it (actions.team_matches).
        create_team_boards(tournament, made)


def absolute_problems(round_, pairs, roster=None) -> list[str]:
    """What a hand-made pairing breaks of the absolute rules: rematches, second byes,
    withdrawn players, players twice or left out. `roster` is `roster(round_)`, if read."""
    # One read of the history, in the pairing's own terms: who met whom, who may not
    # get the bye (a bye, a forfeit win, a full-point bye), and who is kept apart.
    event = history.trf_event(round_.tournament, through_round=round_.number - 1)
    met = {frozenset((p.number, r.opponent)) for p in event.players for r in p.results
           if r.opponent is not None}
    no_bye = {p.number for p in event.players if not may_get_bye(p)}
    forbidden = {frozenset(pair) for group in event.forbidden
                 for pair in combinations(group, 2)}
    problems = []
    active, _ = roster or read_roster(round_)
    seen = {}
    for side0, side1 in pairs:
        for e in (side0, side1):
            if e is None:
                continue
            if e.id in seen:
                problems.append(f"{e.name} is paired twice")
            seen[e.id] = e
            if e.id not in active:
                problems.append(f"{e.name} has withdrawn")
        if side1 is None and side0.number in no_bye:
            problems.append(f"{side0.name} would get a second bye (or a bye after a win "
                            "without playing: a forfeit win or a full-point bye)")
        pair = None if side1 is None else frozenset((side0.number, side1.number))
        if pair is not None and pair in met:
            problems.append(f"{side0.name} and {side1.name} have already met")
        if pair is not None and pair in forbidden:
            problems.append(f"{side0.name} and {side1.name} are a forbidden pair")
    byes = sum(1 for _, b in pairs if b is None)
    if byes > 1:
        problems.append(f"{byes} byes: at most one player gets the bye")
    left_out = [e.name for eid, e in active.items() if eid not in seen]
    if left_out:
        problems.append(f"not paired: {', '.join(sorted(left_out))}")
    return problems


def read_roster(round_) -> tuple[dict, dict]:
    """({id: entrant} to be paired in the round, {id: kind} of those the director left
    out with a requested bye or an absence), in one query."""
    kinds = Attendance.objects.filter(entrant=OuterRef("pk"), round_number=round_.number)
    active, away = {}, {}
    for e in round_.tournament.entrants.active_for_round(round_.number).annotate(
            away=Subquery(kinds.values("kind")[:1])):
        if e.away:
            away[e.id] = e.away
        else:
            active[e.id] = e
    return active, away


@atomic_action
def set_pairing(round_, actor, pairs, *, reason: str = "", override_reason: str = "") -> Round:
    """Replace a draft round's boards by hand. `pairs` is [(side0, side1 or None), ...].

    Every change by hand says why (`reason`; an override's reason serves too), and its
    audit line names the boards it changed. A pairing that breaks an absolute rule is
    refused unless the director overrides it with a reason.
    """
    tournament = round_.tournament
    require_director(tournament, actor)
    override_reason = checked_reason(override_reason, "override_reason")
    tournament = lock_event(tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    round_.tournament = tournament  # the locked row: asked again, it would cost a query
    if round_.status != Round.Status.DRAFT:
        raise ActionError(f"Round {round_.number} is published: delete it (while it has no "
                          "results) and pair it again to change it.")
    strangers = [e.name for pair in pairs for e in pair
                 if e is not None and e.tournament_id != tournament.pk]
    if strangers:
        # Never overridable: a board holds players of its own event only.
        raise ActionError(f"Not entered in {tournament.name}: {', '.join(strangers)}.")
    roster = read_roster(round_)
    away = roster[1]
    kept = [f"{e.name} ({Attendance.Kind(away[e.id]).label.lower()})" for pair in pairs
            for e in pair if e is not None and e.id in away]
    if kept:
        # Never overridable: the bye or absence was promised before the round was paired.
        raise ActionError(f"Not to be paired in round {round_.number}: {', '.join(kept)}. "
                          "To pair them, delete the round, change their bye or absence "
                          "and pair it again.")
    problems = absolute_problems(round_, pairs, roster)
    if problems and not override_reason.strip():
        raise ActionError("This pairing breaks the rules: " + "; ".join(problems) + ". Give a "
                          "reason to override.", {"override_reason": problems})
    reason = checked_reason(reason).strip()
    why = "; ".join(r for r in (reason, override_reason.strip()) if r)
    if not why:
        raise ActionError(f"Say why round {round_.number} is changed by hand: the reason is "
                          "kept in the audit log.", {"reason": ["Give a reason for the change."]})
    old = list(round_.matches.pairings().select_related("side0", "side1").order_by("board"))
    before = [[m.side0.number, m.side1.number if m.side1 else None] for m in old]
    round_.matches.all().delete()
    create_boards(round_, pairs)
    after = [[w.number, b.number if b else None] for w, b in pairs]
    audit(tournament, actor, Action.SET_PAIRING, f"Changed round {round_.number} by hand: "
          + changed_boards(old, pairs)
          + (" (overriding: " + "; ".join(problems) + ")" if problems else ""),
          why, round=round_.number, before=before, after=after)
    return round_


def changed_boards(old, pairs) -> str:
    """The boards a change by hand gave new players, as the audit line names them:
    "board 2 now Ann Lee – Bo Park; board 3 now Cy Dunn (bye)"."""
    was = {m.board: (m.side0_id, m.side1_id) for m in old}
    words = []
    for board, (side0, side1) in enumerate(pairs, start=1):
        if was.get(board) == (side0.id, side1.id if side1 else None):
            continue
        words.append(f"board {board} now {side0.name} – {side1.name}" if side1 else
                     f"board {board} now {side0.name} (bye)")
    return "; ".join(words) or "no board changed"


@atomic_action
def publish_round(round_, actor) -> Round:
    tournament = round_.tournament
    require_director(tournament, actor)
    tournament = lock_event(tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise ActionError(f"Round {round_.number} is already published.")
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    # A round of byes alone has nothing left to enter: it closes as it is published.
    closed = update_status(tournament)
    audit(tournament, actor, Action.PUBLISH_ROUND, f"Published round {round_.number}"
          + (" (nothing to enter: closed)" if round_.number in closed else ""),
          round=round_.number)
    return round_


@atomic_action
def delete_round(round_, actor, *, reason: str = "") -> None:
    """Delete the latest round while it is unpublished or has no results, to pair it again."""
    tournament = round_.tournament
    require_director(tournament, actor)
    reason = checked_reason(reason)
    tournament = lock_event(tournament)
    latest = tournament.rounds.order_by("-number").first()
    if latest is None or latest.pk != round_.pk:
        raise ActionError(f"Only the latest round (round {latest.number if latest else '?'}) "
                          "can be deleted.")
    if round_.status != Round.Status.DRAFT:
        entered = round_.matches.exclude(side1=None).exclude(status=Match.Status.PENDING)
        if entered.exists():
            raise ActionError(f"Round {round_.number} has results on board"
                              f"{'s' if entered.count() != 1 else ''} "
                              f"{', '.join(str(m.board) for m in entered)}: it cannot be "
                              "deleted.")
        if not reason.strip():
            raise ActionError("Deleting a published round needs a reason.",
                              {"reason": ["Say why the published round is withdrawn."]})
    number = round_.number
    lock_round(round_)
    round_.delete()
    # A season paired at once and deleted round by round to its first: paired anew later.
    Stage.objects.filter(pk=round_.stage_id, paired_ahead=True, rounds__isnull=True).update(
        paired_ahead=False)
    # The round before stays as it is: closed once its results all counted.
    update_status(tournament, settle=False)
    audit(tournament, actor, Action.DELETE_ROUND, f"Deleted round {number}", reason, round=number)


def open_board_plan(round_) -> list[tuple[Match, str]]:
    """What closing the round by hand does to each open board: an entered result waiting
    for confirmation is confirmed ("confirm"); a board without a result is recorded as a
    double forfeit ("double_forfeit": both players get the forfeit-loss points)."""
    return [(m, "confirm" if m.status in (Match.Status.ENTERED, Match.Status.ACCEPTED)
             else "double_forfeit")
            for m in open_boards(round_)]


def describe_plan(plan) -> str:
    return "; ".join(
        f"board {m.board} ({m.side0.name} – {m.side1.name}): "
        + ("entered result confirmed" if what == "confirm" else "no result: double forfeit")
        for m, what in plan)


@atomic_action
def close_round(round_, actor, *, reason: str = "") -> Round:
    """Close a published round by hand. Its open boards are decided as `open_board_plan`
    says (entered results confirmed by the director, boards without a result recorded as
    double forfeits), each with a new result version carrying the reason; a round with
    open boards needs a reason. Closing the last planned round finishes the event."""
    tournament = round_.tournament
    require_director(tournament, actor)
    reason = checked_reason(reason)
    tournament = lock_event(tournament)
    round_ = lock_round(round_)
    if round_.status != Round.Status.PUBLISHED:
        raise ActionError(f"Round {round_.number} is {round_.get_status_display().lower()}: "
                          "only a published round can be closed.")
    plan = open_board_plan(round_)
    if tournament.is_teams:  # a team match follows its boards (team_matches.follow_boards)
        plan = [(m, what) for m, what in plan if m.team_match_id is not None]
    disputed = [m.board for m, _ in plan if m.status == Match.Status.DISPUTED]
    if disputed:  # the players disagree: an official settles it (docs/players.md)
        raise ActionError(f"Board{'s' if len(disputed) > 1 else ''} "
                          f"{', '.join(map(str, disputed))} of round {round_.number} "
                          f"{'are' if len(disputed) > 1 else 'is'} disputed: settle "
                          f"{'them' if len(disputed) > 1 else 'it'} before closing the round.",
                          status=409)
    waiting = [m.board for m, _ in plan if awaits_acceptance(m)]
    if waiting:  # closing confirms entries: not one the other side never accepted
        raise ActionError(f"Board{'s' if len(waiting) > 1 else ''} "
                          f"{', '.join(map(str, waiting))} of round {round_.number} "
                          + ("hold players' entries" if len(waiting) > 1
                             else "holds a player's entry")
                          + " the other side has not accepted: enter the result from the score "
                          "sheet, or wait for their acceptance, before closing the round.",
                          status=409)
    if plan and not reason.strip():
        raise ActionError(f"Closing round {round_.number} decides {len(plan)} open board"
                          f"{'s' if len(plan) != 1 else ''}: give a reason.",
                          {"reason": ["Say why the round is closed with boards open."]})
    now = timezone.now()
    for m, what in plan:
        if what == "double_forfeit":
            double_forfeit(m, actor, now, reason)
        else:
            confirm_by(m, actor, now, reason)
    round_.status = Round.Status.CLOSED
    round_.save(update_fields=["status"])
    update_status(tournament, settle=False)
    rating_lists.results_changed(tournament, [m for m, _ in plan])  # now they count
    finished = tournament.status == Tournament.Status.FINISHED
    summary = f"Closed round {round_.number}"
    if plan:
        summary += ": " + describe_plan(plan)
    audit(tournament, actor, Action.CLOSE_ROUND, summary + ("; the event is finished"
                                                       if finished else ""), reason,
          round=round_.number, automatic=False, finished=finished,
          boards={str(m.board): what for m, what in plan})
    return round_


@atomic_action
def reopen_round(round_, actor, *, reason: str = "") -> Round:
    """Put the latest closed round back in play, with a reason (a finished event is in
    play again): its boards take results again until it is closed once more, by hand or by
    a board that was open being decided."""
    tournament = round_.tournament
    require_director(tournament, actor)
    reason = checked_reason(reason)
    tournament = lock_event(tournament)
    round_ = lock_round(round_)
    if round_.status != Round.Status.CLOSED:
        raise ActionError(f"Round {round_.number} is not closed.")
    later = tournament.rounds.filter(number__gt=round_.number).order_by("number").first()
    # A season paired in advance plays its rounds in any order: any of its rounds reopens.
    ahead = tournament.rounds.filter(number__gt=round_.number).exclude(
        stage_id=round_.stage_id).first() is None and Stage.objects.filter(
        pk=round_.stage_id, paired_ahead=True).exists()
    if later is not None and not ahead:
        raise ActionError(f"Round {later.number} is already paired: only the latest round "
                          f"can be reopened. A director may still correct any result of "
                          f"round {round_.number}, with a reason.")
    if not reason.strip():
        raise ActionError("Reopening a round needs a reason.",
                          {"reason": ["Say why the round is reopened."]})
    was_finished = tournament.status == Tournament.Status.FINISHED
    round_.status = Round.Status.PUBLISHED
    round_.save(update_fields=["status"])
    update_status(tournament, settle=False)
    audit(tournament, actor, Action.REOPEN_ROUND, f"Reopened round {round_.number}"
          + ("; the event is in play again" if was_finished else ""), reason,
          round=round_.number, was_finished=was_finished)
    return round_
