"""A team match's life (shared/spec/competitions.md, "Teams"): its boards made with it,
its result following its boards, a postponement.

A team match is a `Match` between two teams (side 0 home, side 1 away), paired as any
match; its boards are `Match` rows pointing to it (`Match.team_match`), each an ordinary
match with its own record, entered, accepted, confirmed, corrected and audited as any
board. The team match's own result is never entered: `follow_boards` sets it from its
boards, in the same transaction as every change to a board's result (called from
`actions.board.snapshot`, the one place every stored state of a board passes through).
"""

from django.utils import timezone

from ..models import Match, ResultVersion, Round, Stage
from ..models.rounds import status_counts
from ..rules import team_rules
from ..standings.plain import set_winner
from ..text.number_field import DateField
from .base import (
    Action,
    ActionError,
    atomic_action,
    audit,
    checked_reason,
    lock_event,
    require_director,
)

NOT_DIRECTLY = ("Board {board} is a team match: its result is its boards' (boards won by "
                "each team). Enter the result of each board instead.")


def create_team_boards(tournament, team_matches) -> list[Match]:
    """The boards of each (new) team match of `tournament` but a bye: the event's team
    match format numbered from 1, the same round and teams, each board's format and
    first-set starter as `rules.team_rules` says."""
    plan = team_rules.board_plan(tournament.team_match)
    boards = [Match(round_id=tm.round_id, board=b.number, side0_id=tm.side0_id,
                    side1_id=tm.side1_id, team_match=tm,
                    first_set_starter=team_rules.first_set_starter(tournament.ruleset, b))
              for tm in team_matches if tm.side1_id is not None for b in plan]
    return Match.objects.bulk_create(boards)


def is_team_match(match) -> bool:
    """A team event's pairing (not one of its boards)."""
    return match.team_match_id is None and match.round.tournament.is_teams


def team_result(boards, require_confirmation: bool, *, knockout: bool = False,
                named: int | None = None) -> dict:
    """What a team match's result is, from its boards (rows read, their `sets`
    prefetched): its status, outcome, winning side (0, 1, or None: a draw or nothing yet)
    and conceding side, and the boards won by each side. It counts once every board
    counts: then a double forfeit of every board is a double forfeit, every board
    forfeited by one team a forfeit by it, anything else played, won by the team with
    more boards (a draw when level). In a knock-out (`knockout`) a match level on boards
    is decided by `team_rules.knockout_decider` (sets won, then points, then the side
    the director `named`): `sets`, `points` and `decided_by` say how; still level, it
    waits for the director (`accepted`, not counting: the bracket waits)."""
    boards = list(boards)
    won = team_rules.team_score([
        b.side_of(b.winner_id) if b.winner_id is not None else None for b in boards])
    out = {"boards": won, "status": Match.Status.PENDING, "outcome": Match.Outcome.NONE,
           "winner": None, "conceded": None, "tie": None}
    if any(b.status == Match.Status.DISPUTED for b in boards):
        out["status"] = Match.Status.DISPUTED
    if not boards or not all(status_counts(b.status, require_confirmation) for b in boards):
        return out
    out["status"] = Match.Status.CONFIRMED
    outcomes = {b.outcome for b in boards}
    conceding = {b.side_of(b.conceded_by_id) for b in boards if b.conceded_by_id}
    if outcomes == {Match.Outcome.DOUBLE_FORFEIT}:
        out["outcome"] = Match.Outcome.DOUBLE_FORFEIT
        return out
    if outcomes == {Match.Outcome.FORFEIT} and len(conceding) == 1:
        out["outcome"] = Match.Outcome.FORFEIT
        out["conceded"] = conceding.pop()
        out["winner"] = 1 - out["conceded"]
        return out
    out["outcome"] = Match.Outcome.PLAYED
    if won[0] != won[1]:
        out["winner"] = 0 if won[0] > won[1] else 1
    elif knockout:
        sets, points = [0, 0], [0, 0]
        for b in boards:
            for s in b.sets.all():
                side = set_winner((s.score0, s.score1), s.awarded_to)
                if side is not None:
                    sets[side] += 1
                points[0] += s.score0
                points[1] += s.score1
        winner, how = team_rules.knockout_decider(won, sets, points, named)
        out["winner"] = winner
        out["tie"] = {"sets": sets, "points": points, "decided_by": how}
        if how == "director":
            out["tie"]["named_winner"] = named
        if winner is None:
            out["status"] = Match.Status.ACCEPTED  # the director names the winner
    return out


def is_knockout(tm) -> bool:
    return tm.round.stage_id is not None and tm.round.stage.kind == Stage.Kind.KNOCKOUT


def follow_boards(team_match_id, actor=None, by_player=None, *, named=None,
                  reason: str = "follows its boards") -> Match:
    """Set the team match's result from its boards (`team_result`), locked, with a new
    version and a ResultVersion row when it changed. Called inside the transaction that
    changed one of its boards. A knock-out's winner named by the director is kept in its
    record (`named_winner`) while the match stays level on boards, sets and points;
    `named` (0 or 1) names one now."""
    tm = (Match.objects.select_for_update(of=("self",))
          .select_related("round__tournament", "round__stage", "side0", "side1")
          .get(pk=team_match_id))
    tournament = tm.round.tournament
    if named is None:
        named = (tm.record or {}).get("named_winner")
    got = team_result(tm.boards.prefetch_related("sets"), tournament.require_confirmation,
                      knockout=is_knockout(tm), named=named)
    sides = (tm.side0, tm.side1)
    status, outcome = got["status"], got["outcome"]
    winner = None if got["winner"] is None else sides[got["winner"]]
    conceded = None if got["conceded"] is None else sides[got["conceded"]]
    record = {"boards": list(got["boards"])}
    if got["tie"] is not None:
        record.update(got["tie"])
    if (tm.status, tm.outcome, tm.winner_id, tm.conceded_by_id, tm.record) == (
            status, outcome, getattr(winner, "pk", None), getattr(conceded, "pk", None),
            record):
        return tm
    now = timezone.now()
    tm.status, tm.outcome, tm.winner, tm.conceded_by, tm.record = (
        status, outcome, winner, conceded, record)
    tm.version += 1
    if status == Match.Status.CONFIRMED:
        tm.confirmed_at = now
        tm.confirmed_by = actor if actor is not None and actor.is_authenticated else None
    else:
        tm.confirmed_at = tm.confirmed_by = None
    tm.entered_at = now
    tm.save()
    ResultVersion.objects.create(
        match=tm, version=tm.version, status=tm.status, outcome=tm.outcome,
        conceded_by=tm.conceded_by, record=tm.record,
        by=actor if actor is not None and actor.is_authenticated else None,
        by_player=by_player, reason=reason)
    return tm


@atomic_action
def name_team_winner(match_id, actor, *, side, reason: str) -> Match:
    """A director names the winner (`side`: 0 home, 1 away) of a knock-out's team match
    level on boards, sets won and points (docs/leagues.md, "A drawn team match in a
    knock-out"), with a reason: it then counts and the bracket goes on. Refused for a
    match another rule decides, or whose boards do not all count yet."""
    tm = (Match.objects.select_related("round__tournament", "round__stage", "side0", "side1")
          .filter(pk=match_id).first())
    if tm is None or tm.team_match_id is not None or not tm.round.tournament.is_teams:
        raise ActionError("Only a team match of a team event has a winner named.",
                          status=404 if tm is None else 400)
    tournament = tm.round.tournament
    require_director(tournament, actor)
    reason = checked_reason(reason)
    if not reason.strip():
        raise ActionError("Give a reason for naming the winner (the competition's rule "
                          "applied).", {"reason": ["Say how the winner was decided."]})
    if side not in (0, 1) or isinstance(side, bool):
        raise ActionError("Name the winner as side 0 (home) or 1 (away).",
                          {"side": ["0 (home) or 1 (away)."]})
    lock_event(tournament)
    tm = Match.objects.select_for_update(of=("self",)).select_related(
        "round__tournament", "round__stage", "side0", "side1").get(pk=tm.pk)
    if not is_knockout(tm):
        raise ActionError("Only a knock-out's team match has a winner named: in a Swiss or "
                          "a round robin a match level on boards is a draw.")
    if tm.is_bye:
        raise ActionError(f"Board {tm.board} is a bye: there is no match to decide.")
    got = team_result(tm.boards.prefetch_related("sets"), tournament.require_confirmation,
                      knockout=True)
    name = f"{tm.side0.name} v {tm.side1.name}"
    if got["tie"] is None or got["outcome"] != Match.Outcome.PLAYED:
        raise ActionError(f"{name} is not level on boards with every board counted: its "
                          "boards decide it.", status=409)
    if got["winner"] is not None:
        raise ActionError(f"{name} is decided {team_rules.DECIDED_WORDS[got['tie']['decided_by']]}"
                          ": no winner is named.", status=409)
    was = (tm.record or {}).get("named_winner")
    winner = (tm.side0, tm.side1)[side]
    tm = follow_boards(tm.pk, actor, named=side, reason=reason)
    audit(tournament, actor, Action.NAME_TEAM_WINNER,
          f"{tm.round.title}: {name}, level on boards, sets and points: {winner.name} "
          "named the winner", reason, match=tm.pk, round=tm.round.number, side=side,
          was=was)
    return tm


# ------------------------------------------------------------------ postponement


def postponed_outstanding(round_) -> list[Match]:
    """The round's postponed team matches whose result does not count yet: the round
    stays open for them alone (later rounds are paired and played meanwhile)."""
    return list(round_.matches.pairings().filter(postponed_to__isnull=False)
                .awaiting_result().select_related("side0", "side1").order_by("board"))


@atomic_action
def postpone_match(match_id, actor, *, to, reason: str) -> Match:
    """A director postpones a team match of a league (a round robin of teams) to the date
    `to`, with a reason: it stays in its round, which stays open for that match alone
    while later rounds are paired and played; it is entered later as any match. A match
    whose result counts is not postponed."""
    tm = (Match.objects.select_related("round__tournament", "round__stage", "side0", "side1")
          .filter(pk=match_id).first())
    if tm is None or tm.team_match_id is not None or not tm.round.tournament.is_teams:
        raise ActionError("Only a team match of a team event is postponed.", status=404
                          if tm is None else 400)
    tournament = tm.round.tournament
    require_director(tournament, actor)
    reason = checked_reason(reason)
    if not reason.strip():
        raise ActionError("Give a reason for postponing the match.",
                          {"reason": ["Say why the match is postponed."]})
    day = to
    if isinstance(to, str):
        field = DateField(required=True)
        try:
            day = field.clean(to)
        except Exception:  # noqa: BLE001 - the form field's own words
            raise ActionError(f"{to[:20]!r} is not a date: write it as YYYY-MM-DD.",
                              {"to": ["A date, YYYY-MM-DD."]}) from None
    if day is None:
        raise ActionError("Say the date the match is now played.", {"to": ["A date."]})
    lock_event(tournament)
    tm = Match.objects.select_for_update(of=("self",)).select_related(
        "round__tournament", "round__stage", "side0", "side1").get(pk=tm.pk)
    if tm.round.stage.kind != Stage.Kind.ROUND_ROBIN:
        raise ActionError("Only a league's match (a round robin of teams) is postponed: a "
                          "Swiss or a knock-out pairs its next round on this result.")
    if tm.is_bye:
        raise ActionError(f"Board {tm.board} is a bye: there is no match to postpone.")
    if tm.round.status != Round.Status.PUBLISHED:
        raise ActionError(f"{tm.round.title} is {tm.round.get_status_display().lower()}: "
                          "only a match of a published, open round is postponed.")
    if status_counts(tm.status, tournament.require_confirmation):
        raise ActionError(f"{tm.side0.name} v {tm.side1.name} has a result that counts: it "
                          "is not postponed.", status=409)
    if tm.boards.exclude(status=Match.Status.PENDING).exists():
        raise ActionError(f"{tm.side0.name} v {tm.side1.name} has boards entered already: "
                          "it is being played, not postponed.", status=409)
    was = tm.postponed_to
    tm.postponed_to = day
    tm.save(update_fields=["postponed_to"])
    audit(tournament, actor, Action.POSTPONE_MATCH,
          f"{tm.round.title}: {tm.side0.name} v {tm.side1.name} postponed to "
          f"{day.isoformat()}" + (f" (was {was.isoformat()})" if was else ""), reason,
          match=tm.pk, round=tm.round.number, to=day.isoformat(),
          was=was.isoformat() if was else None)
    return tm


@atomic_action
def set_round_date(round_, actor, *, day) -> Round:
    """A league round's date (None: undated), by a director."""
    tournament = round_.tournament
    require_director(tournament, actor)
    lock_event(tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    was = round_.date
    round_.date = day
    round_.save(update_fields=["date"])
    audit(tournament, actor, Action.SET_ROUND_DATE,
          f"{round_.title} is played on {day.isoformat() if day else 'no set date'}",
          round=round_.number, date=day.isoformat() if day else None,
          was=was.isoformat() if was else None)
    return round_
