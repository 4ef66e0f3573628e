"""Entering, confirming and correcting a board's result; who starts set 1 on a board.

Every stored result passed `scoring.validate` and fits its board (its seats, the event's
match format, its outcome); every change bumps the board's version (a stale writer is
refused, never silently overwritten) and adds a ResultVersion row, so the board's whole
history is kept. Who may do what to a result is `permissions()`, the one rule the
screens and the API share.
"""

import json

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

import scoring
from scoring.starters import set_starter, sets_alternate

from ..models import Match, Official, ResultVersion, Round, SetResult
from ..text import TextError, clean_text
from .base import ActionError, PermissionDenied, audit, require_director, require_official
from .rounds import close_if_complete

OUTCOMES_ENTERED = {"played", "forfeit", "double_forfeit", "abandoned"}

ENTER, CONFIRM, CORRECT = "enter", "confirm", "correct"

# Limits on one record (shared/spec: refused naming the path, before the validator runs).
MAX_RECORD_BYTES = 100_000
MAX_HANDS = 60
MAX_PLAYS = 200
MAX_REASON = 2000


class StaleVersion(ActionError):
    """The version sent is not the board's. Only an older one means someone changed the
    board since; a newer one is the client's own mistake and is named as such."""

    def __init__(self, match, sent: int):
        if sent < match.version:
            message = (f"Board {match.board} was changed since version {sent}: it is now at "
                       f"version {match.version}. Look at the stored result before saving "
                       "again.")
        else:
            message = (f"Board {match.board} is at version {match.version}, not {sent}: "
                       "nothing was changed; send the version the board shows.")
        super().__init__(message, status=409)
        self.match = match


class RecordRefused(ActionError):
    """The record was refused (rules validator or board fit); `report` is the whole report."""

    def __init__(self, report):
        unreadable = any(e["code"] == "bad_format" for e in report["errors"])
        count = len(report["errors"])
        super().__init__(
            "The record is not readable." if unreadable else
            f"The rules engine refused this result: {count} "
            f"problem{'s' if count != 1 else ''}.", status=400 if unreadable else 422)
        self.report = report


# ----------------------------------------------------------------- who may do what

def settled(match) -> bool:
    """A confirmed result, or any result of a closed round: only a director changes it."""
    return match.status == Match.Status.CONFIRMED or match.round.status == Round.Status.CLOSED


def permissions(match, user) -> frozenset[str]:
    """What `user` may do to the board's result now: a subset of {"enter", "confirm",
    "correct"}. `user` None is the command line (the server's operator).

    - enter: any official of the event, while the result is not settled (not confirmed,
      round not closed); the round must be published and the board not a bye.
    - correct: a director, once the result is settled (with a reason).
    - confirm: where the event asks for confirmation, an entered result, by an official
      other than the one who entered it (a director included: nobody confirms their own).
    """
    tournament = match.round.tournament
    if user is not None and not tournament.is_official(user):
        return frozenset()
    if match.round.status == Round.Status.DRAFT or match.is_bye:
        return frozenset()
    out = set()
    if not settled(match):
        out.add(ENTER)
    elif user is None or tournament.is_director(user):
        out.add(CORRECT)
    if (match.status == Match.Status.ENTERED and tournament.require_confirmation
            and match.round.status != Round.Status.CLOSED
            and (user is None or match.entered_by_id != user.pk)):
        out.add(CONFIRM)
    return frozenset(out)


def require(match, user, *wanted: str) -> str:
    """The first of `wanted` that `user` may do, or the refusal that says why not."""
    allowed = permissions(match, user)
    for w in wanted:
        if w in allowed:
            return w
    tournament = match.round.tournament
    require_official(tournament, user)
    if match.round.status == Round.Status.DRAFT:
        raise PermissionDenied("This round is not published yet: results open when it is.")
    if match.is_bye:
        raise ActionError(f"Board {match.board} is a bye: it has no result to enter.")
    if CONFIRM in wanted:
        if match.status != Match.Status.ENTERED or match.round.status == Round.Status.CLOSED:
            raise ActionError(f"Board {match.board} has no entered result waiting for "
                              "confirmation.", status=409)
        if not tournament.require_confirmation:
            raise ActionError(f"{tournament.name} asks no confirmation: an entered result "
                              "counts at once.", status=409)
        raise PermissionDenied("You entered this result: another arbiter or a director "
                               "must confirm it.")
    raise PermissionDenied("This result is confirmed or its round is closed: only a "
                           "director may correct it, with a reason.")


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


# ----------------------------------------------------------------- does the record fit

def first_starter(match) -> int:
    """The seat expected to start set 1 where sets alternate: the pairing's side 0, unless
    a director set another on this board."""
    return match.first_starter if match.first_starter is not None else 0


def set_starters(tournament, match) -> list[int | None]:
    """The seat expected to start each set the board can have (at most 2W - 1): from the
    board's first-set starter where sets alternate; None where a draw at the table
    decides. What the printed slips and the arbiters' list show."""
    if not sets_alternate(tournament.ruleset):
        return [None] * tournament.max_sets
    first = first_starter(match)
    return [set_starter(tournament.ruleset, tournament.seats, i, first_set_starter=first)
            for i in range(tournament.max_sets)]


def _err(path, code, message):
    return {"path": path, "code": code, "message": message}


def _limits(record) -> list[dict]:
    """Size limits, checked before the validator spends time on a record."""
    try:
        size = len(json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError, RecursionError):
        return []  # the validator says what is wrong with it
    if size > MAX_RECORD_BYTES:
        return [_err("", "bad_format", f"the record is {size:,} bytes; at most "
                                       f"{MAX_RECORD_BYTES:,} (100 KB) are accepted")]
    errors = []
    sets = record.get("sets")
    for i, one in enumerate(sets if isinstance(sets, list) else []):
        hands = one.get("hands") if isinstance(one, dict) else None
        if isinstance(hands, list) and len(hands) > MAX_HANDS:
            errors.append(_err(f"/sets/{i}/hands", "bad_format",
                               f"set {i + 1} has {len(hands)} hands; at most {MAX_HANDS}"))
            continue
        for j, hand in enumerate(hands if isinstance(hands, list) else []):
            plays = hand.get("plays") if isinstance(hand, dict) else None
            if isinstance(plays, list) and len(plays) > MAX_PLAYS:
                errors.append(_err(f"/sets/{i}/hands/{j}/plays", "bad_format",
                                   f"set {i + 1}, hand {j + 1} has {len(plays)} plays; at "
                                   f"most {MAX_PLAYS}"))
    return errors


def _fit(tournament, record, expected_first) -> tuple[dict, list[dict]]:
    """The record completed with what the board knows, and what does not fit the board."""
    errors = []
    record = dict(record)
    fmt = tournament.match_format
    if record.get("ruleset") != tournament.ruleset:
        errors.append(_err("/ruleset", "bad_format",
                           f"this event plays the {tournament.ruleset!r} rules, not "
                           f"{record.get('ruleset')!r}"))
    if "match" not in record:
        record["match"] = fmt  # the record always carries its format
    elif record["match"] != fmt:
        errors.append(_err("/match", "bad_format",
                           f"this event plays sets to {fmt['target']} and matches won by "
                           f"{fmt['sets_to_win']} sets; the record's match is "
                           f"{json.dumps(record['match'])[:80]}"))
    players = record.get("players")
    seats = record.get("seats", len(players) if isinstance(players, list) else 2)
    if seats != tournament.seats:
        kind = ("a pairs event: a record has 4 seats (A1, B1, A2, B2)" if tournament.is_pairs
                else "a singles event: a record has 2 seats")
        errors.append(_err("/seats" if "seats" in record else "/players", "bad_format",
                           f"this is {kind}, not {seats!r}"))
    else:
        record["seats"] = seats
    sets = record.get("sets")
    if isinstance(sets, list) and len(sets) > 2 * fmt["sets_to_win"] - 1:
        errors.append(_err("/sets", "match_shape",
                           f"{len(sets)} sets; a match won by {fmt['sets_to_win']} sets has "
                           f"at most {2 * fmt['sets_to_win'] - 1}"))
    if expected_first is not None:
        # Where sets alternate, the pairing (or a director) decides who starts set 1.
        record.setdefault("first_set_starter", expected_first)
        if record["first_set_starter"] != expected_first:
            errors.append(_err("/first_set_starter", "starter_wrong",
                               f"seat {expected_first} starts set 1 on this board"))
    return record, errors


def _abandoned(report, record, conceded_side, sets_to_win) -> list[dict]:
    """An abandoned match: its sets so far decide nothing yet, and any declared result
    names the other side."""
    wins = [0, 0]
    for one in report.get("sets") or []:
        if isinstance(one, dict) and one.get("winner") in (0, 1):
            wins[one["winner"]] += 1
    errors = []
    letter = "AB"[conceded_side]
    if wins[conceded_side] >= sets_to_win:
        errors.append(_err("/sets", "match_shape",
                           f"side {letter} had already won {wins[conceded_side]} sets, the "
                           f"match, before abandoning: enter the match as played"))
    elif wins[1 - conceded_side] >= sets_to_win:
        errors.append(_err("/sets", "match_shape",
                           f"the sets already decide the match for side {'AB'[1 - conceded_side]}"
                           f": enter it as played, not abandoned"))
    result = record.get("result")
    if isinstance(result, dict):
        if result.get("winner") != 1 - conceded_side:
            errors.append(_err("/result/winner", "result_mismatch",
                               f"side {letter} abandoned: the winner is side "
                               f"{'AB'[1 - conceded_side]} ({1 - conceded_side})"))
        if "sets_won" in result and result["sets_won"] != wins:
            errors.append(_err("/result/sets_won", "result_mismatch",
                               f"the sets played give {wins}, not {result['sets_won']}"))
    return errors


def check_record(tournament, record, *, match=None, conceded_side=None) -> dict:
    """Validate a record for a board of `tournament` (seat 0 = the board's side 0).

    `conceded_side` is given for an abandoned match (its sets so far, no winner needed).
    Returns the validator's report with the record as stored under "record"; raises
    RecordRefused naming every problem.
    """
    if not isinstance(record, dict):
        raise RecordRefused({"valid": False, "depth": None, "sets": [], "winner": None,
                             "errors": [_err("/record", "bad_format",
                                             "a match record is a JSON object")]})
    errors = _limits(record)
    if errors:
        raise RecordRefused({"valid": False, "depth": None, "sets": [], "winner": None,
                             "errors": errors})
    expected = None
    if tournament.ruleset in scoring.RULESETS and sets_alternate(tournament.ruleset):
        expected = first_starter(match) if match is not None else 0
    record, fit = _fit(tournament, record, expected)
    report = scoring.validate(record)
    errors = list(report["errors"])
    if not any(e["code"] == "bad_format" for e in errors):
        if conceded_side is not None:
            # Too few sets is what an abandoned match has; the rest is checked here.
            errors = [e for e in errors if e["code"] not in {"match_shape", "result_mismatch"}]
            errors += _abandoned(report, record, conceded_side, tournament.sets_to_win)
    seen = {(e["path"], e["code"]) for e in errors}
    errors += [e for e in fit if (e["path"], e["code"]) not in seen]
    if errors:
        raise RecordRefused({**report, "valid": False, "errors": errors})
    return {**report, "record": record}


# ----------------------------------------------------------------- storing

def awarded_side(ruleset: str, s: dict) -> int | None:
    """The side a set was awarded to (its `awarded_to`), where the ruleset awards sets
    (held_after_knock); elsewhere the key means nothing, as the validator reads it."""
    rules = scoring.RULESETS.get(ruleset)
    side = s.get("awarded_to")
    if rules is None or "held_after_knock" not in rules.penalty_rules:
        return None
    return side if side in (0, 1) and not isinstance(side, bool) else None


def store_sets(match, record):
    """The record's sets as SetResult rows (seat numbers as in the record; an awarded
    set keeps the side it was awarded to)."""
    tournament = match.round.tournament
    match.sets.all().delete()
    sets = record.get("sets", []) if record else []
    first = record.get("first_set_starter", first_starter(match)) if record else None
    SetResult.objects.bulk_create(
        SetResult(match=match, number=i + 1,
                  # A drawn starter left unrecorded is unknown (None).
                  starter=s.get("starter", set_starter(tournament.ruleset, tournament.seats,
                                                       i, first_set_starter=first)),
                  score0=s["score"][0], score1=s["score"][1],
                  awarded_to=awarded_side(tournament.ruleset, s))
        for i, s in enumerate(sets)
    )


def snapshot(match, actor, reason=""):
    ResultVersion.objects.create(
        match=match, version=match.version, status=match.status, outcome=match.outcome,
        conceded_by=match.conceded_by, record=match.record, by=actor, reason=reason)


def side_entrant(match, side):
    if side not in (0, 1):
        raise ActionError("Say which side conceded.",
                          {"conceded_by": ["Choose the side (0 or 1) that forfeited or "
                                           "abandoned."]})
    return match.side0 if side == 0 else match.side1


def result_state(match) -> dict:
    """A board's result as plain data, for the audit (old and new of a correction)."""
    side = None if match.conceded_by_id is None else match.seat_of(match.conceded_by_id)
    return {"version": match.version, "status": match.status, "outcome": match.outcome,
            "conceded_by": side, "record": match.record}


def later_rounds(match) -> list[int]:
    """Rounds paired after this board's round: paired on the result it had then."""
    return list(match.round.tournament.rounds.filter(number__gt=match.round.number)
                .order_by("number").values_list("number", flat=True))


def checked_reason(reason) -> str:
    try:
        return clean_text(reason, "reason", max_length=MAX_REASON)
    except TextError as exc:
        raise ActionError(str(exc), {"reason": [str(exc)]}) from None


@transaction.atomic
def submit_result(match_id, actor, *, version: int, outcome: str = "played", record=None,
                  conceded_by: int | None = None, reason: str = "") -> tuple[Match, dict]:
    """Store a board's result; returns the match and the validator's report.

    `conceded_by` is the side (0 or 1) that forfeited or abandoned. Where the event asks
    for confirmation the result is stored "entered" and counts once another official
    confirms it; where it does not, "entered" counts at once (models.rounds.COUNTED). A
    director's correction of a settled result is stored "confirmed" by that director.
    """
    match = lock(match_id, actor)
    tournament = match.round.tournament
    correcting = require(match, actor, ENTER, CORRECT) == CORRECT
    reason = checked_reason(reason)
    if correcting and not reason.strip():
        raise ActionError("Give a reason for correcting this result.",
                          {"reason": ["A correction needs a reason."]})
    if version != match.version:
        raise StaleVersion(match, version)
    if outcome not in OUTCOMES_ENTERED:
        raise ActionError(f"Unknown result type {outcome!r}.",
                          {"outcome": ["Choose played, forfeit, double forfeit or abandoned."]})

    report = {"valid": True, "depth": None, "errors": [], "sets": [], "winner": None}
    conceded = winner = None
    if outcome == "played":
        report = check_record(tournament, record, match=match)
        record = report.pop("record")
        winner = match.players[report["winner"]]
    elif outcome == "abandoned":
        conceded = side_entrant(match, conceded_by)
        if record is not None:
            report = check_record(tournament, record, match=match, conceded_side=conceded_by)
            record = report.pop("record")
        winner = match.players[1 - conceded_by]
    elif outcome == "forfeit":
        conceded = side_entrant(match, conceded_by)
        record = None
        winner = match.players[1 - conceded_by]
    else:
        record = None

    old = result_state(match) if match.status != Match.Status.PENDING else None
    now = timezone.now()
    match.outcome, match.record, match.conceded_by, match.winner = outcome, record, conceded, winner
    match.version += 1
    match.entered_by, match.entered_at = actor, now
    if correcting:
        # A director's correction is itself the authority.
        match.status = Match.Status.CONFIRMED
        match.confirmed_by, match.confirmed_at = actor, now
    else:
        match.status = Match.Status.ENTERED
        match.confirmed_by = match.confirmed_at = None
    match.save()
    # Always delete first, even at version 1: a board reset by hand may keep old rows.
    store_sets(match, record)
    snapshot(match, actor, reason)
    finish_if_last(match)
    detail = {"match": match.pk, "version": match.version, "new": result_state(match)}
    summary = (f"{'Corrected' if correcting else 'Entered'} round {match.round.number} "
               f"board {match.board}: {describe(match)}")
    if old is not None:
        detail["old"] = old
    if correcting:
        detail["later_rounds"] = later = later_rounds(match)
        if later:
            # Said where the director reads the log: those rounds stand as paired.
            summary += (f" (round{'s' if len(later) > 1 else ''} "
                        f"{', '.join(map(str, later))} paired on the old result)")
    audit(tournament, actor, "correct_result" if correcting else "enter_result", summary,
          reason, **detail)
    return match, report


@transaction.atomic
def confirm_result(match_id, actor, *, version: int) -> Match:
    match = lock(match_id, actor)
    tournament = match.round.tournament
    if version != match.version:
        require_official(tournament, actor)
        raise StaleVersion(match, version)
    require(match, actor, CONFIRM)
    match.status = Match.Status.CONFIRMED
    match.confirmed_by, match.confirmed_at = actor, timezone.now()
    match.version += 1
    match.save(update_fields=["status", "confirmed_by", "confirmed_at", "version"])
    snapshot(match, actor)
    finish_if_last(match)
    audit(tournament, actor, "confirm_result", f"Confirmed round {match.round.number} board "
          f"{match.board}: {describe(match)}", match=match.pk, version=match.version)
    return match


@transaction.atomic
def set_first_starter(match_id, actor, *, seat: int, reason: str) -> Match:
    """A director's choice of who starts set 1 on one board, where the pairing's side 0
    "usually" does (MSO). The entry form and the validator then expect that seat."""
    match = lock(match_id, actor)
    tournament = match.round.tournament
    require_director(tournament, actor)
    if match.is_bye:
        raise ActionError(f"Board {match.board} is a bye: nobody starts a set there.")
    if not sets_alternate(tournament.ruleset):
        raise ActionError(f"Under the {tournament.ruleset} rules each set's starter is "
                          "drawn at the table: the arbiter enters the draw with the result.")
    if seat not in range(tournament.seats):
        raise ActionError("Choose the seat that starts set 1.",
                          {"seat": [f"A seat from 0 to {tournament.seats - 1}."]})
    reason = checked_reason(reason)
    if not reason.strip():
        raise ActionError("Give a reason for changing who starts set 1.",
                          {"reason": ["Say why this board starts otherwise."]})
    was = first_starter(match)
    if seat == was:
        raise ActionError(f"{match.players[seat % 2].name} already starts set 1 on board "
                          f"{match.board}.", {"seat": ["That seat starts set 1 already."]})
    match.first_starter = None if seat == 0 else seat
    match.save(update_fields=["first_starter"])
    audit(tournament, actor, "set_first_starter",
          f"Round {match.round.number} board {match.board}: "
          f"{match.players[seat % 2].name} starts set 1", reason,
          match=match.pk, seat=seat, was=was)
    return match


def finish_if_last(match):
    """A round closes when its last result counts, and the event finishes with its last
    planned round: rounds.close_if_complete decides, under the round's lock."""
    close_if_complete(match)


def describe(match) -> str:
    """A one-line account of a result, for audit entries and messages."""
    if match.outcome == "double_forfeit":
        return "double forfeit"
    if match.outcome in ("forfeit", "abandoned"):
        verb = "forfeited" if match.outcome == "forfeit" else "abandoned"
        return f"{match.conceded_by.name} {verb}; {match.winner.name} wins"
    sets = (match.record or {}).get("sets", [])
    # The event is read only for a record that has an award to show.
    ruleset = match.round.tournament.ruleset if any("awarded_to" in s for s in sets) else ""
    scores = ", ".join(f"{s['score'][0]}–{s['score'][1]}"
                       + (" awarded" if awarded_side(ruleset, s) is not None else "")
                       for s in sets)
    return f"{match.winner.name} wins ({scores})" if match.winner else scores
