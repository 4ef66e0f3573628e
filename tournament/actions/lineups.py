"""Lineups (shared/spec/competitions.md, "Teams"): each captain names the players of
every board of a team match from the team's roster; a member plays at most one singles
and one pairs board (`rules.team_rules.check_lineup`, the one home of those rules).

A captain's lineup (`TeamLineup`) is kept from the other side and the public until both
are in, or a director opens the match (`open_lineups`); then every board's `lineup` is
set, and a lineup named later goes straight onto the boards. A director or arbiter may
enter or change either side's lineup, with a reason (audited). Once a board has a
result its lineup changes only by a director, with a reason.
"""

from ..models import Match, PlayerKey, Round, TeamLineup
from ..rules import team_rules
from .base import (
    Action,
    ActionError,
    NotFound,
    PermissionDenied,
    atomic_action,
    audit,
    checked_reason,
    lock_event,
    require_director,
    require_official,
)
from .board import NO_SUCH_BOARD


def _team_match(match_id, who):
    tm = (Match.objects.select_related("round__tournament", "side0", "side1")
          .filter(pk=match_id).first())
    if tm is None or (who is not None and tm.round.tournament.hidden_from(who)):
        raise NotFound(NO_SUCH_BOARD)
    if tm.team_match_id is not None or not tm.round.tournament.is_teams:
        raise ActionError("A lineup is named for a team match: this is not one.")
    if tm.is_bye:
        raise ActionError(f"Board {tm.board} is a bye: there is no match to line up for.")
    return tm


def require_lineup(tm, who, side: int | None) -> int:
    """The side `who` may name the lineup of (a captain: their own team; an official: the
    `side` asked), or the refusal."""
    tournament = tm.round.tournament
    if isinstance(who, PlayerKey):
        if who.tournament_id != tournament.pk:
            raise PermissionDenied("Your key is for another event.")
        mine = 0 if who.entrant_id == tm.side0_id else 1 if who.entrant_id == tm.side1_id \
            else None
        if mine is None:
            raise PermissionDenied(f"Your team does not play {tm.side0.name} v "
                                   f"{tm.side1.name}.")
        if who.member == 0 or who.entrant.captain != who.member - 1:
            raise PermissionDenied(f"Only {who.entrant.name}'s captain names its lineup.")
        if tm.round.status != Round.Status.PUBLISHED:
            raise PermissionDenied(f"{tm.round.title} is not open: a captain names a lineup "
                                   "for a published round still being played.")
        if side is not None and side != mine:
            raise PermissionDenied("A captain names their own team's lineup only.")
        return mine
    require_official(tournament, who)
    if side not in (0, 1):
        raise ActionError("Say whose lineup this is: the home side (0) or the away side (1).",
                          {"side": ["0 (home) or 1 (away)."]})
    return side


def is_open(tm) -> bool:
    """The lineups are shown (both in, or a director opened the match): the boards carry
    them."""
    return tm.boards.filter(lineup__isnull=False).exists()


def _put_on_boards(tm, lineups: dict[int, list]) -> None:
    """Every board's lineup from the sides' lineups in hand ([] for a side not in)."""
    for b in tm.boards.select_for_update().order_by("board"):
        b.lineup = [list(lineups[s][b.board - 1]) if s in lineups else [] for s in (0, 1)]
        b.save(update_fields=["lineup"])


@atomic_action
def set_lineup(match_id, who, *, lineup, side: int | None = None, reason: str = "") -> TeamLineup:
    """Name one side's players for every board of a team match: `lineup` has one list of
    member indices (from 0) a board, in board order. `who` is a captain's PlayerKey (their
    own team), or an official (`side` 0 home or 1 away, with a reason). Refused, nothing
    stored: a player named twice in singles (or on one board), a member not on the
    roster, a board left empty, a board whose result is in (unless a director, with a
    reason)."""
    tm = _team_match(match_id, who)
    tournament = tm.round.tournament
    side = require_lineup(tm, who, side)
    official = not isinstance(who, PlayerKey)
    reason = checked_reason(reason) if official else ""
    if official and not reason.strip():
        raise ActionError("Give a reason for entering a lineup for a captain.",
                          {"reason": ["Say why an official names this lineup."]})
    team = tm.side0 if side == 0 else tm.side1
    plan = team_rules.board_plan(tournament.team_match)
    try:
        named = team_rules.check_lineup(plan, len(team.members or []), lineup)
    except ValueError as exc:
        raise ActionError(f"{team.name}'s lineup: {exc}.", {"lineup": [str(exc)]}) from None
    lock_event(tournament)
    # A result locks its board, then its team match (actions.board): the same order here.
    list(tm.boards.select_for_update().values_list("pk", flat=True))
    tm = Match.objects.select_for_update(of=("self",)).select_related(
        "round__tournament", "side0", "side1").get(pk=tm.pk)
    played = list(tm.boards.exclude(status=Match.Status.PENDING).order_by("board"))
    existing = {row.side: row for row in TeamLineup.objects.filter(team_match=tm)}
    before = existing.get(side)
    changed_played = [b.board for b in played
                      if before is None or before.boards[b.board - 1] != named[b.board - 1]]
    if changed_played:
        if not (official and (who is None or tournament.is_director(who))):
            raise PermissionDenied(f"Board{'s' if len(changed_played) > 1 else ''} "
                                   f"{', '.join(map(str, changed_played))} "
                                   f"{'have' if len(changed_played) > 1 else 'has'} a result: "
                                   "only a director changes its lineup now, with a reason.")
        require_director(tournament, who)
    row, _ = TeamLineup.objects.update_or_create(
        team_match=tm, side=side,
        defaults={"boards": named, "entered_by": who if official else None,
                  "entered_by_player": None if official else who})
    existing[side] = row
    opened = is_open(tm)
    if opened or len(existing) == 2:
        _put_on_boards(tm, {s: r.boards for s, r in existing.items()})
    names = [m.get("name", "") for m in team.members]
    summary = (f"{tm.round.title}, {tm.side0.name} v {tm.side1.name}: {team.name}'s lineup "
               + ("changed" if before else "named")
               + (" (both in: shown)" if not opened and len(existing) == 2 else "")
               + (f"; board{'s' if len(changed_played) > 1 else ''} "
                  f"{', '.join(map(str, changed_played))} had a result" if changed_played
                  else ""))
    audit(tournament, who if official else None, Action.SET_LINEUP, summary, reason,
          match=tm.pk, side=side, lineup=named,
          players=[[names[i] for i in board] for board in named],
          was=before.boards if before else None,
          **({} if official else {"by_player": who.who()}))
    return row


@atomic_action
def open_lineups(match_id, actor, *, reason: str = "") -> Match:
    """A director opens a team match: the lineups named so far are shown on its boards
    (a side not yet in is named later, straight onto the boards)."""
    tm = _team_match(match_id, actor)
    tournament = tm.round.tournament
    require_director(tournament, actor)
    reason = checked_reason(reason)
    lock_event(tournament)
    if is_open(tm):
        raise ActionError(f"The lineups of {tm.side0.name} v {tm.side1.name} are open "
                          "already.", status=409)
    existing = {row.side: row.boards for row in TeamLineup.objects.filter(team_match=tm)}
    _put_on_boards(tm, existing)
    missing = [name for s, name in ((0, tm.side0.name), (1, tm.side1.name))
               if s not in existing]
    audit(tournament, actor, Action.OPEN_LINEUPS,
          f"{tm.round.title}, {tm.side0.name} v {tm.side1.name}: lineups opened"
          + (f" ({', '.join(missing)} not in yet)" if missing else ""), reason,
          match=tm.pk, missing=missing)
    return tm


def lineup_seen_by(tm, who) -> dict[int, list | None]:
    """{side: that side's lineup as `who` may see it, or None}: a captain sees their own
    before the match is open; officials see both; anyone else sees the boards' lineups
    once open."""
    rows = {row.side: row.boards for row in TeamLineup.objects.filter(team_match=tm)}
    if isinstance(who, PlayerKey):
        mine = 0 if who.entrant_id == tm.side0_id else 1 if who.entrant_id == tm.side1_id \
            else None
        opened = is_open(tm)
        return {s: rows.get(s) if (opened or s == mine) else None for s in (0, 1)}
    if who is not None and getattr(who, "is_authenticated", False) and \
            tm.round.tournament.is_official(who):
        return {s: rows.get(s) for s in (0, 1)}
    opened = is_open(tm)
    return {s: rows.get(s) if opened else None for s in (0, 1)}
