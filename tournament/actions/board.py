"""A board's life after pairing: locked for a change, its result stored with a new
version and a ResultVersion row, confirmed, recorded as a double forfeit, and, when its
result is the round's last to count, the round settled. The result actions
(actions.results) and the round actions (actions.rounds) both change boards only
through here.

Lock order: a result locks its board (`lock`), then another idle open board of its
round (most results: `holds_an_idle_board`) or else its round, then (only when the
round closes) writes the event row. A director's action locks the event row first, then
the round and its boards without waiting (actions.rounds.lock_round).
"""

from django.db.models import OuterRef, Subquery

import scoring
from scoring.starters import set_starter

from ..entry.starters import first_set_starter
from ..models import Match, Official, ResultVersion, Round, SetResult, Tournament
from ..models.rounds import status_counts
from .base import Action, NotFound, audit, require_seen
from .progress import update_status

NO_SUCH_BOARD = "There is no such board."  # a board missing, or one of a hidden event


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
        raise NotFound(NO_SUCH_BOARD) from None
    if authenticated:
        match.round.tournament.know_role(actor, match.actor_role)
    # A board of an event hidden from the actor is not there for them (not a 403 naming it).
    require_seen(match.round.tournament, actor, NO_SUCH_BOARD)
    return match


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
    first = record.get("first_set_starter", first_set_starter(match)) if record else None
    SetResult.objects.bulk_create(
        SetResult(match=match, number=i + 1,
                  # A drawn starter left unrecorded is unknown (None).
                  starter=s.get("starter", set_starter(tournament.ruleset,
                                                       match.seats_in(tournament),
                                                       i, first_set_starter=first)),
                  score0=s["score"][0], score1=s["score"][1],
                  awarded_to=awarded_side(tournament.ruleset, s))
        for i, s in enumerate(sets)
    )


def snapshot(match, actor, reason="", by_player=None):
    """Keep the board's new state (every stored change of a result comes through here);
    a board of a team match then sets its team match's result (team_matches.follow_boards),
    in the same transaction."""
    ResultVersion.objects.create(
        match=match, version=match.version, status=match.status, outcome=match.outcome,
        conceded_by=match.conceded_by, record=match.record, by=actor, reason=reason,
        by_player=by_player)
    if match.team_match_id is not None:
        from .team_matches import follow_boards

        follow_boards(match.team_match_id, actor, by_player)


def confirm_by(match, actor, now, reason=""):
    """The board's entered result confirmed by `actor`: a new version, kept."""
    match.status = Match.Status.CONFIRMED
    match.confirmed_by, match.confirmed_at = actor, now
    match.version += 1
    match.save(update_fields=["status", "confirmed_by", "confirmed_at", "version"])
    snapshot(match, actor, reason)


def double_forfeit(match, actor, now, reason=""):
    """A board without a result recorded as a double forfeit, confirmed by `actor` (a
    director closing the round): both sides get the forfeit-loss points."""
    match.outcome, match.record, match.winner, match.conceded_by = (
        Match.Outcome.DOUBLE_FORFEIT, None, None, None)
    match.entered_by, match.entered_at = actor, now
    match.status = Match.Status.CONFIRMED
    match.confirmed_by, match.confirmed_at = actor, now
    match.version += 1
    match.save()
    match.sets.all().delete()
    snapshot(match, actor, reason)


def holds_an_idle_board(round_, match) -> bool:
    """Whether another open board of the round is idle (no result being saved on it), now
    held (FOR NO KEY UPDATE, of the board's row only) until this transaction ends.

    Most results are not their round's last: one that holds an idle open board cannot be,
    and takes no round lock, so the results of a round are not saved one at a time. The
    board's own result waits for this one to commit before it can lock the board, so it
    sees this one. A result that finds every other open board being saved (or held) takes
    the round's lock and looks again: the last result to commit is always such a one."""
    # Random order: results saved at once hold different boards, rarely the same one.
    return bool(list(round_.matches.awaiting_result().exclude(pk=match.pk).order_by("?")
                     .select_for_update(skip_locked=True, no_key=True, of=("self",))
                     .values_list("pk", flat=True)[:1]))


def close_if_complete(match) -> bool:
    """After a board's result is stored (the result actions call this): if that result
    now counts where it did not before and it was the round's last open board, the round
    closes (and the event finishes with its last planned round). Audited as the work of
    whoever made the result count. A change to a result that already counted (a
    correction) never closes a round, so a reopened round stays live until the director
    closes it.
    """
    round_ = match.round
    tournament = round_.tournament
    required = tournament.require_confirmation
    if round_.status != Round.Status.PUBLISHED or not status_counts(match.status, required):
        return False
    before = (ResultVersion.objects.filter(match=match, version__lt=match.version)
              .order_by("-version").values_list("status", flat=True).first())
    if before is not None and status_counts(before, required):
        return False
    if holds_an_idle_board(round_, match):
        return False
    # Two last boards confirmed at the same moment would each see the other still open and
    # neither close the round: the round's lock makes the second wait and see the first.
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.status != Round.Status.PUBLISHED or locked.matches.awaiting_result().exists():
        return False
    locked.status = round_.status = Round.Status.CLOSED
    locked.save(update_fields=["status"])
    update_status(tournament, settle=False)
    actor = match.confirmed_by if match.status == Match.Status.CONFIRMED else match.entered_by
    finished = tournament.status == Tournament.Status.FINISHED
    audit(tournament, actor, Action.CLOSE_ROUND,
          f"Round {round_.number} closed: its last result counts"
          + ("; the event is finished" if finished else ""),
          round=round_.number, automatic=True, board=match.board, finished=finished)
    return True
