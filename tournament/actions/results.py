"""Entering, confirming and correcting a board's result.

Every stored result passed `scoring.validate`; every change bumps the board's
version (a stale writer is refused, never silently overwritten) and adds a
ResultVersion row, so the board's whole history is kept.
"""

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

import scoring

from ..models import Match, Official, ResultVersion, Round, SetResult
from ..rules import pairing_starts_set_one
from .base import ActionError, PermissionDenied, audit, require_official
from .rounds import update_status

OUTCOMES_ENTERED = {"played", "forfeit", "double_forfeit", "abandoned"}


class StaleVersion(ActionError):
    def __init__(self, match):
        super().__init__(
            f"Board {match.board} was changed by someone else (now version {match.version}); "
            "look at the stored result before saving again.", status=409)
        self.match = match


class RecordRefused(ActionError):
    """The rules validator refused the record; `report` is its whole report."""

    def __init__(self, report):
        unreadable = any(e["code"] == "bad_format" for e in report["errors"])
        count = len(report["errors"])
        super().__init__(
            "The record is not readable." if unreadable else
            f"The rules engine refused this result: {count} "
            f"problem{'s' if count != 1 else ''}.", status=400 if unreadable else 422)
        self.report = report


def lock(match_id, actor) -> Match:
    """The board, locked until commit, with its event and the actor's role in it: one
    query, since every submission of a busy round comes through here."""
    # The round's pairing explanation is a list the size of the round: decoding it for
    # every submission cost a third of the server's time under load.
    qs = (Match.objects.select_for_update(of=("self",))
          .select_related("round__tournament", "side0", "side1")
          .defer("round__explanation"))
    authenticated = actor is not None and actor.is_authenticated
    if authenticated:
        qs = qs.annotate(actor_role=Subquery(Official.objects.filter(
            tournament=OuterRef("round__tournament"), user=actor).values("role")[:1]))
    try:
        match = qs.get(pk=match_id)
    except Match.DoesNotExist:
        raise ActionError("There is no such board.", status=404) from None
    if authenticated:
        match.round.tournament.know_role(actor, match.actor_role)
    return match


def check_record(tournament, record, *, partial=False) -> dict:
    """Validate a match record whose seat 0 is the board's first player."""
    paired_start = pairing_starts_set_one(tournament.ruleset)
    if isinstance(record, dict) and paired_start:
        # The Swiss pairing, not the arbiter, decides who starts set 1.
        record = {**record, "first_set_starter": record.get("first_set_starter", 0)}
    report = scoring.validate(record)
    errors = list(report["errors"])
    if not any(e["code"] == "bad_format" for e in errors):
        if paired_start and record.get("first_set_starter") != 0:
            errors.append({"path": "/first_set_starter", "code": "starter_wrong",
                           "message": "the board's first player (seat 0) starts set 1"})
        if record.get("ruleset") != tournament.ruleset:
            errors.append({"path": "/ruleset", "code": "bad_format",
                           "message": f"this event plays the {tournament.ruleset!r} rules, "
                                      f"not {record.get('ruleset')!r}"})
        if partial:  # an abandoned match: sets so far, no winner needed
            errors = [e for e in errors if e["code"] not in {"match_shape", "result_mismatch"}]
    if errors:
        raise RecordRefused({**report, "valid": False, "errors": errors})
    return {**report, "record": record}


def store_sets(match, record):
    """The record's sets as SetResult rows (seat 0 = the board's first player)."""
    # Where starters alternate from the pairing's colour, an unrecorded one is known; a
    # drawn one (bndcc) is not.
    alternate = pairing_starts_set_one(match.round.tournament.ruleset)
    match.sets.all().delete()
    sets = record.get("sets", []) if record else []
    SetResult.objects.bulk_create(
        SetResult(match=match, number=i + 1, starter=s.get("starter", i % 2 if alternate else None),
                  score0=s["score"][0], score1=s["score"][1])
        for i, s in enumerate(sets)
    )


def snapshot(match, actor, reason=""):
    ResultVersion.objects.create(
        match=match, version=match.version, status=match.status, outcome=match.outcome,
        conceded_by=match.conceded_by, record=match.record, by=actor, reason=reason)


def seat_player(match, seat):
    if seat not in (0, 1):
        raise ActionError("Say which player conceded.",
                          {"conceded_by": ["Choose the player who forfeited or abandoned."]})
    return match.side0 if seat == 0 else match.side1


@transaction.atomic
def submit_result(match_id, actor, *, version: int, outcome: str = "played", record=None,
                  conceded_by: int | None = None, reason: str = "") -> tuple[Match, dict]:
    """Store a board's result; returns the match and the validator's report."""
    match = lock(match_id, actor)
    tournament = match.round.tournament
    require_official(tournament, actor)
    if match.round.status == Round.Status.DRAFT:
        raise PermissionDenied("This round is not published yet: results open when it is.")
    if match.is_bye:
        raise ActionError(f"Board {match.board} is a bye: it has no result to enter.")
    correcting = match.status == Match.Status.CONFIRMED or match.round.status == Round.Status.CLOSED
    # Asked only for a correction: one query less on every ordinary entry.
    if correcting and not (actor is None or tournament.is_director(actor)):
        raise PermissionDenied("This result is confirmed or its round is closed: only a "
                               "director may correct it, with a reason.")
    if correcting and not reason.strip():
        raise ActionError("Give a reason for correcting this result.",
                          {"reason": ["A correction needs a reason."]})
    if version != match.version:
        raise StaleVersion(match)
    if outcome not in OUTCOMES_ENTERED:
        raise ActionError(f"Unknown result type {outcome!r}.",
                          {"outcome": ["Choose played, forfeit, double forfeit or abandoned."]})

    report = {"valid": True, "depth": None, "errors": [], "sets": [], "winner": None}
    conceded = None
    winner = None
    if outcome == "played":
        report = check_record(tournament, record)
        record = report.pop("record")
        winner = match.players[report["winner"]]
    elif outcome == "abandoned":
        conceded = seat_player(match, conceded_by)
        if record is not None:
            report = check_record(tournament, record, partial=True)
            record = report.pop("record")
        winner = match.side1 if conceded == match.side0 else match.side0
    elif outcome == "forfeit":
        conceded = seat_player(match, conceded_by)
        record = None
        winner = match.side1 if conceded == match.side0 else match.side0
    else:
        record = None

    now = timezone.now()
    match.outcome, match.record, match.conceded_by, match.winner = outcome, record, conceded, winner
    match.version += 1
    match.entered_by, match.entered_at = actor, now
    if correcting or not tournament.require_confirmation:
        # A director's correction is itself the authority; so is an event without confirmation.
        match.status = Match.Status.CONFIRMED if correcting else Match.Status.ENTERED
        match.confirmed_by, match.confirmed_at = (actor, now) if correcting else (None, None)
    else:
        match.status = Match.Status.ENTERED
        match.confirmed_by = match.confirmed_at = None
    match.save()
    # Always delete first, even at version 1: a board reset by hand may keep old rows.
    store_sets(match, record)
    snapshot(match, actor, reason)
    finish_if_last(match)
    audit(tournament, actor, "correct_result" if correcting else "enter_result",
          f"{'Corrected' if correcting else 'Entered'} round {match.round.number} board "
          f"{match.board}: {describe(match)}", reason, match=match.pk, version=match.version)
    return match, report


@transaction.atomic
def confirm_result(match_id, actor, *, version: int) -> Match:
    match = lock(match_id, actor)
    tournament = match.round.tournament
    require_official(tournament, actor)
    if version != match.version:
        raise StaleVersion(match)
    if match.status != Match.Status.ENTERED:
        raise ActionError(f"Board {match.board} has no entered result waiting for "
                          "confirmation.", status=409)
    if actor is not None and match.entered_by_id == actor.pk:
        raise PermissionDenied("You entered this result: another arbiter or a director "
                               "must confirm it.")
    match.status = Match.Status.CONFIRMED
    match.confirmed_by, match.confirmed_at = actor, timezone.now()
    match.version += 1
    match.save(update_fields=["status", "confirmed_by", "confirmed_at", "version"])
    snapshot(match, actor)
    finish_if_last(match)
    audit(tournament, actor, "confirm_result", f"Confirmed round {match.round.number} board "
          f"{match.board}: {describe(match)}", match=match.pk, version=match.version)
    return match


def finish_if_last(match):
    """The event is finished when the last planned round's results all count. Only a result
    of that round can change it, and only once none of its boards is left open."""
    tournament = match.round.tournament
    if match.round.number < tournament.rounds_planned:
        return
    if not match.round.matches.awaiting_result().exists():
        update_status(tournament)


def describe(match) -> str:
    """A one-line account of a result, for audit entries and messages."""
    if match.outcome == "double_forfeit":
        return "double forfeit"
    if match.outcome in ("forfeit", "abandoned"):
        verb = "forfeited" if match.outcome == "forfeit" else "abandoned"
        return f"{match.conceded_by.name} {verb}; {match.winner.name} wins"
    scores = ", ".join(f"{s['score'][0]}–{s['score'][1]}" for s in (match.record or {}).get(
        "sets", []))
    return f"{match.winner.name} wins ({scores})" if match.winner else scores
