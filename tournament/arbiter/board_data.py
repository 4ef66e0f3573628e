"""A board as both result-entry pages read it: the arbiters' (arbiter/views.py) and the
players' own (players/views.py), so neither borrows from the other's views."""

from django.shortcuts import get_object_or_404

from scoring.starters import sets_alternate

from ..actions import results as result_actions
from ..entry import record as rec
from ..entry.starters import first_set_starter
from ..models import Match


def load_match(match_id) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round__tournament", "side0", "side1", "conceded_by",
                                     "winner", "entered_by", "confirmed_by",
                                     "entered_by_player__entrant",
                                     "answered_by_player__entrant"),
        pk=match_id)


def board_names(match) -> tuple[str, str]:
    """The names of sides A and B, as the form shows them: on a team match's board with
    its lineup, the players named (a pair's two with "&"), else the teams'."""
    lined = lineup_names(match)
    if lined is not None:
        return (" & ".join(lined[0]), " & ".join(lined[1]))
    return (match.side0.name, match.side1.name if match.side1_id else "bye")


def lineup_names(match) -> tuple[list[str], list[str]] | None:
    """A team match's board: the names of each side's players as its lineup names them;
    None for any other board, or one whose lineup is not shown yet."""
    lineup = match.lineup if match.team_match_id is not None else None
    if not lineup or len(lineup) != 2 or not lineup[0] or not lineup[1]:
        return None

    def named(team, indices):
        roster = team.members or []
        return [str(roster[i].get("name") or f"{team.name} ({i + 1})")
                if 0 <= i < len(roster) else f"{team.name} ({i + 1})" for i in indices]

    return named(match.side0, lineup[0]), named(match.side1, lineup[1])


def members_of(entrant) -> tuple[str, str]:
    names = [str(m.get("name") or "") for m in (entrant.members or [])[:2]]
    names += [f"{entrant.name} ({n})" for n in range(len(names) + 1, 3)]
    return (names[0], names[1])


def table_for(match) -> rec.Table:
    """The board as the entry form needs it: the event's format and the names."""
    t = match.round.tournament
    members = None
    seats = match.seats_in(t)
    if t.is_pairs and match.side1_id:
        members = (members_of(match.side0), members_of(match.side1))
    elif seats == 4 and match.side1_id:  # a pairs board of a team match
        lined = lineup_names(match)
        members = ((tuple(lined[0][:2]), tuple(lined[1][:2])) if lined and
                   len(lined[0]) == 2 and len(lined[1]) == 2 else
                   (members_of(match.side0), members_of(match.side1)))
    fmt = match.match_format
    return rec.Table(
        ruleset=t.ruleset, names=board_names(match), seats=seats, target=fmt["target"],
        sets_to_win=fmt["sets_to_win"], members=members,
        first_set_starter=(first_set_starter(match)
                           if sets_alternate(t.ruleset) else 0))


def stored_form_data(match, table) -> dict:
    if match.status == Match.Status.PENDING:
        return {}
    side = None if match.conceded_by_id is None else match.side_of(match.conceded_by_id)
    return rec.form_data(match.outcome, side, match.record, table)


def describe(match) -> str:
    if match.status == Match.Status.PENDING:
        return ""
    try:
        return result_actions.describe(match)
    except AttributeError:  # a stored state without a winner (e.g. an unfinished record)
        return match.get_outcome_display()
