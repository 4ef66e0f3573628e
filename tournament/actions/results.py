"""Entering, confirming and correcting a board's result; who starts set 1 on a board.

Every stored result passed `scoring.validate` and fits its board (its seats, the event's
match format, its outcome); every change bumps the board's version (a stale writer is
refused, never silently overwritten) and adds a ResultVersion row, so the board's whole
history is kept. Who may do what to a result is `require_result()`, the one rule the
screens and the API share (`permissions()` asks it what a page may offer).
"""

from dataclasses import replace

from django.utils import timezone

from scoring.starters import sets_alternate

from ..entry import fit
from ..entry.fit import Board
from ..entry.starters import first_set_starter
from ..models import Match, Round, Tournament
from ..models.rounds import AWAITING
from ..reads import rating_lists
from ..rules.entrant_rules import wins
from .base import (
    Action,
    ActionError,
    PermissionDenied,
    allowed,
    atomic_action,
    audit,
    checked_reason,
    require_director,
    require_official,
)
from .board import awarded_side, close_if_complete, confirm_by, lock, snapshot, store_sets
from .team_matches import NOT_DIRECTLY, is_team_match

OUTCOMES_ENTERED = {Match.Outcome.PLAYED, Match.Outcome.FORFEIT, Match.Outcome.DOUBLE_FORFEIT,
                    Match.Outcome.ABANDONED}

ENTER, CONFIRM, CORRECT = "enter", "confirm", "correct"



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


def awaits_acceptance(match) -> bool:
    """A player's entry that the other side has not answered, where the event's policy is
    players_then_official: no official confirms it (nor closes its round over it) until
    the other side has accepted it (shared/spec/table-entry.md: the acceptance is shown to
    the official first). An official who has the score sheet enters the result instead."""
    return (match.status == Match.Status.ENTERED and match.entered_by_player_id is not None
            and match.round.tournament.entry_policy
            == Tournament.EntryPolicy.PLAYERS_THEN_OFFICIAL)


def unaccepted_words(match) -> str:
    """Who has not accepted whose entry, for the refusals and the board's page."""
    entering = match.entered_by_player
    other = match.side1 if entering.entrant_id == match.side0_id else match.side0
    return f"{other.name} has not accepted {entering.name}'s entry"


def _granted(match, user) -> set[str]:
    """What `user` may do to the board's result now: a subset of {"enter", "confirm",
    "correct"}. `user` None is the command line (the server's operator). The body of
    `require_result`, which says why not.

    - enter: any official of the event, while the result is not settled (not confirmed,
      round not closed); the round must be published and the board not a bye.
    - correct: a director, once the result is settled (with a reason).
    - confirm: where the event asks for confirmation, an entered result, by an official
      other than the one who entered it (a director included: nobody confirms their own),
      except a player's entry still awaiting the other side's acceptance
      (`awaits_acceptance`).
    """
    tournament = match.round.tournament
    if user is not None and not tournament.is_official(user):
        return set()
    if match.round.status == Round.Status.DRAFT or match.is_bye or is_team_match(match):
        return set()
    out = set()
    if not settled(match):
        out.add(ENTER)
    elif user is None or tournament.is_director(user):
        out.add(CORRECT)
    if (match.status in AWAITING and tournament.require_confirmation
            and match.round.status != Round.Status.CLOSED
            and (user is None or match.entered_by_id != user.pk)
            and not awaits_acceptance(match)):
        out.add(CONFIRM)
    return out


def permissions(match, user) -> frozenset[str]:
    """What a page may offer `user` on the board: each right `require_result` allows."""
    return frozenset(w for w in (ENTER, CONFIRM, CORRECT)
                     if allowed(require_result, match, user, w))


def require_result(match, user, *wanted: str) -> str:
    """The first of `wanted` that `user` may do, or the refusal that says why not."""
    granted = _granted(match, user)
    for w in wanted:
        if w in granted:
            return w
    tournament = match.round.tournament
    require_official(tournament, user)
    if match.round.status == Round.Status.DRAFT:
        raise PermissionDenied("This round is not published yet: results open when it is.")
    if match.is_bye:
        raise ActionError(f"Board {match.board} is a bye: it has no result to enter.")
    if is_team_match(match):
        raise ActionError(NOT_DIRECTLY.format(board=match.board), status=409)
    if CONFIRM in wanted:
        if match.status not in AWAITING or match.round.status == Round.Status.CLOSED:
            raise ActionError(f"Board {match.board} has no entered result waiting for "
                              "confirmation.", status=409)
        if not tournament.require_confirmation:
            raise ActionError(f"{tournament.name} asks no confirmation: an entered result "
                              "counts at once.", status=409)
        if awaits_acceptance(match):
            raise ActionError(f"Board {match.board}: {unaccepted_words(match)} yet. At "
                              f"{tournament.name} an official confirms a player's result "
                              "once the other side has accepted it: wait for them, or "
                              "enter the result from the score sheet yourself.", status=409)
        raise PermissionDenied("You entered this result: another arbiter or a director "
                               "must confirm it.")
    raise PermissionDenied("This result is confirmed or its round is closed: only a "
                           "director may correct it, with a reason.")


# ----------------------------------------------------------------- does the record fit

def check_record(tournament, record, *, match=None, conceded_side=None,
                 first_set_starter=None) -> dict:
    """Validate a record for a board of `tournament` (seat 0 = the board's side 0; `match`
    None: a board where side 0 starts set 1) with entry.fit, the check the archive
    import shares. `conceded_side` is given for an abandoned match; `first_set_starter`
    (a correction's) stands for the board's where sets alternate. Returns the
    validator's report with the record as stored under "record"; raises RecordRefused
    naming every problem.
    """
    board = Board.of(tournament, match)
    if first_set_starter is not None and board.first_set_starter is not None:
        board = replace(board, first_set_starter=first_set_starter)
    report = fit.check_record(board, record, conceded_side=conceded_side)
    del report["misfit"]  # among the errors already
    if report["errors"]:
        report.pop("record")
        raise RecordRefused(report)
    return report


# ----------------------------------------------------------------- storing

def refuse_contradictions(outcome, record, conceded_by) -> None:
    """A result that says two things is refused, not half-read: a forfeit has no sets to
    record, and nobody concedes a played match (or a double forfeit)."""
    if outcome in (Match.Outcome.FORFEIT, Match.Outcome.DOUBLE_FORFEIT) and record is not None:
        raise ActionError(f"A {outcome.replace('_', ' ')} has no record: no set was played "
                          "(an abandoned match keeps the sets finished before it stopped).",
                          {"record": [f"Leave the record out of a {outcome.replace('_', ' ')}."]},
                          status=422)
    if outcome in (Match.Outcome.PLAYED, Match.Outcome.DOUBLE_FORFEIT) and conceded_by is not None:
        raise ActionError(f"conceded_by names the side that forfeited or abandoned; a "
                          f"{outcome.replace('_', ' ')} result has none.",
                          {"conceded_by": [f"Leave conceded_by out of a "
                                           f"{outcome.replace('_', ' ')} result."]}, status=422)


def side_entrant(match, side):
    if side not in (0, 1):
        raise ActionError("Say which side conceded.",
                          {"conceded_by": ["Choose the side (0 or 1) that forfeited or "
                                           "abandoned."]})
    return match.side0 if side == 0 else match.side1


def result_state(match) -> dict:
    """A board's result as plain data, for the audit (old and new of a correction)."""
    side = None if match.conceded_by_id is None else match.side_of(match.conceded_by_id)
    return {"version": match.version, "status": match.status, "outcome": match.outcome,
            "conceded_by": side, "record": match.record}


def later_rounds(match) -> list[int]:
    """Rounds paired after this board's round: paired on the result it had then."""
    return list(match.round.tournament.rounds.filter(number__gt=match.round.number)
                .order_by("number").values_list("number", flat=True))


def corrected_first_set_starter(tournament, record, match=None) -> int | None:
    """The seat a correction's record says started set 1, where sets alternate and it
    names a seat of the table; None leaves the board's own starter expected."""
    seat = record.get("first_set_starter") if isinstance(record, dict) else None
    seats = match.seats_in(tournament) if match is not None else tournament.seats
    if (isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(seats)
            or not sets_alternate(tournament.ruleset)):
        return None
    return seat


def checked_outcome(match, outcome, record, conceded_by, first=None
                    ) -> tuple[dict, dict | None, object, object]:
    """(report, record as stored, the entrant who conceded, the winner) of a result for
    this board, or the refusal naming what is wrong; `first`: a correction's set-1
    starter. Officials' and players' entries (actions/table.py) both come through here."""
    tournament = match.round.tournament
    if outcome not in OUTCOMES_ENTERED:
        raise ActionError(f"Unknown result type {outcome!r}.",
                          {"outcome": ["Choose played, forfeit, double forfeit or abandoned."]})
    refuse_contradictions(outcome, record, conceded_by)
    report = {"valid": True, "depth": None, "errors": [], "sets": [], "winner": None}
    conceded = winner = None
    if outcome == Match.Outcome.PLAYED:
        report = check_record(tournament, record, match=match, first_set_starter=first)
        record = report.pop("record")
        winner = match.players[report["winner"]]
    elif outcome == Match.Outcome.ABANDONED:
        conceded = side_entrant(match, conceded_by)
        if record is not None:
            report = check_record(tournament, record, match=match, conceded_side=conceded_by,
                                  first_set_starter=first)
            record = report.pop("record")
        winner = match.players[1 - conceded_by]
    elif outcome == Match.Outcome.FORFEIT:
        conceded = side_entrant(match, conceded_by)
        record = None
        winner = match.players[1 - conceded_by]
    else:
        record = None
    return report, record, conceded, winner


@atomic_action
def submit_result(match_id, actor, *, version: int, outcome: str = Match.Outcome.PLAYED,
                  record=None,
                  conceded_by: int | None = None, reason: str = "") -> tuple[Match, dict]:
    """Store a board's result; returns the match and the validator's report.

    `conceded_by` is the side (0 or 1) that forfeited or abandoned. Where the event asks
    for confirmation the result is stored "entered" and counts once another official
    confirms it; where it does not, "entered" counts at once (models.rounds.COUNTED). A
    director's correction of a settled result is stored "confirmed" by that director.
    """
    match = lock(match_id, actor)
    tournament = match.round.tournament
    correcting = require_result(match, actor, ENTER, CORRECT) == CORRECT
    reason = checked_reason(reason)
    if correcting and not reason.strip():
        raise ActionError("Give a reason for correcting this result.",
                          {"reason": ["A correction needs a reason."]})
    if version != match.version:
        raise StaleVersion(match, version)
    # A correction may say who really started set 1; the board then follows its record.
    first = corrected_first_set_starter(tournament, record, match) if correcting else None
    report, record, conceded, winner = checked_outcome(match, outcome, record, conceded_by,
                                                       first)
    old = result_state(match) if match.status != Match.Status.PENDING else None
    was = describe(match) if old is not None else None
    # Players' entry (actions/table.py): an official's entry settles a disputed board.
    settling = match.status == Match.Status.DISPUTED
    match.entered_by_player = match.answered_by_player = None
    match.dispute_reason = ""
    now = timezone.now()
    match.outcome, match.record, match.conceded_by, match.winner = outcome, record, conceded, winner
    match.version += 1
    match.entered_by, match.entered_at = actor, now
    was_first = first_set_starter(match)
    if record is not None and first is not None:
        match.first_set_starter = first
    if correcting or settling:
        # A director's correction, or an official settling a dispute, is the authority.
        match.status = Match.Status.CONFIRMED
        match.confirmed_by, match.confirmed_at = actor, now
    else:
        match.status = Match.Status.ENTERED
        match.confirmed_by = match.confirmed_at = None
    match.save()
    # Always delete first, even at version 1: a board reset by hand may keep old rows.
    store_sets(match, record)
    snapshot(match, actor, reason)
    close_if_complete(match)
    rating_lists.result_changed(match)
    detail = {"match": match.pk, "version": match.version, "new": result_state(match)}
    verb = "Corrected" if correcting else "Settled the dispute on" if settling else "Entered"
    summary = (f"{verb} round {match.round.number} "
               f"board {match.board}: {was_and_now(was, describe(match))}")
    if old is not None:
        detail["old"] = old
    if first_set_starter(match) != was_first:
        detail["first_set_starter"] = {"old": was_first, "new": first_set_starter(match)}
        summary += f"; seat {first_set_starter(match)} started set 1, not seat {was_first}"
    if correcting:
        detail["later_rounds"] = later = later_rounds(match)
        if later:
            # Said where the director reads the log: those rounds stand as paired.
            summary += (f" (round{'s' if len(later) > 1 else ''} "
                        f"{', '.join(map(str, later))} paired on the old result)")
    audit(tournament, actor, Action.CORRECT_RESULT if correcting else Action.ENTER_RESULT, summary,
          reason, **detail)
    return match, report


@atomic_action
def confirm_result(match_id, actor, *, version: int) -> Match:
    match = lock(match_id, actor)
    tournament = match.round.tournament
    if version != match.version:
        require_official(tournament, actor)
        raise StaleVersion(match, version)
    require_result(match, actor, CONFIRM)
    confirm_by(match, actor, timezone.now())
    close_if_complete(match)
    rating_lists.result_changed(match)
    audit(tournament, actor, Action.CONFIRM_RESULT, f"Confirmed round {match.round.number} board "
          f"{match.board}: {describe(match)}", match=match.pk, version=match.version)
    return match


@atomic_action
def set_first_set_starter(match_id, actor, *, seat: int, reason: str) -> Match:
    """A director's choice of who starts set 1 on one board, where the pairing's side 0
    "usually" does (MSO). The entry form and the validator then expect that seat."""
    match = lock(match_id, actor)
    tournament = match.round.tournament
    require_director(tournament, actor)
    if match.is_bye:
        raise ActionError(f"Board {match.board} is a bye: nobody starts a set there.")
    if is_team_match(match):
        raise ActionError(NOT_DIRECTLY.format(board=match.board), status=409)
    if not sets_alternate(tournament.ruleset):
        raise ActionError(f"Under the {tournament.ruleset} rules each set's starter is "
                          "drawn at the table: the arbiter enters the draw with the result.")
    seats = match.seats_in(tournament)
    if seat not in range(seats):
        raise ActionError("Choose the seat that starts set 1.",
                          {"seat": [f"A seat from 0 to {seats - 1}."]})
    reason = checked_reason(reason)
    if not reason.strip():
        raise ActionError("Give a reason for changing who starts set 1.",
                          {"reason": ["Say why this board starts otherwise."]})
    was = first_set_starter(match)
    if match.status != Match.Status.PENDING:
        # The stored record names who started set 1: the board must not contradict it.
        raise ActionError(f"Board {match.board} has a result stored, with seat {was} "
                          "starting set 1: change who starts set 1 there by correcting "
                          "that result (its record's first_set_starter), not on its own.",
                          {"seat": ["The board has a result: correct the result instead."]},
                          status=409)
    if seat == was:
        raise ActionError(f"{match.players[seat % 2].name} already starts set 1 on board "
                          f"{match.board}.", {"seat": ["That seat starts set 1 already."]})
    match.first_set_starter = seat
    match.save(update_fields=["first_set_starter"])
    audit(tournament, actor, Action.SET_FIRST_STARTER,
          f"Round {match.round.number} board {match.board}: "
          f"{match.players[seat % 2].name} starts set 1", reason,
          match=match.pk, seat=seat, was=was)
    return match


def was_and_now(was: str | None, now: str) -> str:
    """A changed result as its audit line says it, old and new: "was Ann Lee wins
    (61–40, 61–30), now Bo Park wins (40–61, 61–50, 30–61)"; `was` None: the first."""
    return now if was is None else f"was {was}, now {now}"


def describe(match) -> str:
    """A one-line account of a result, for audit entries and messages."""
    if match.outcome == Match.Outcome.DOUBLE_FORFEIT:
        return "double forfeit"
    if match.outcome in (Match.Outcome.FORFEIT, Match.Outcome.ABANDONED):
        verb = "forfeited" if match.outcome == Match.Outcome.FORFEIT else "abandoned"
        return f"{match.conceded_by.name} {verb}; {match.winner.name} {wins(match.winner)}"
    sets = (match.record or {}).get("sets", [])
    # The event is read only for a record that has an award to show.
    ruleset = match.round.tournament.ruleset if any("awarded_to" in s for s in sets) else ""
    scores = ", ".join(f"{s['score'][0]}–{s['score'][1]}"
                       + (" awarded" if awarded_side(ruleset, s) is not None else "")
                       for s in sets)
    return f"{match.winner.name} {wins(match.winner)} ({scores})" if match.winner else scores
