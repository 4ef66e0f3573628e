"""Standings from plain data: ranks, tie-break values and explanations.

Within a block of players still level after the whole order, rows are listed by
pairing number (``Player.id``), so the output never depends on the input order.
Ranks are competition ranks: two players sharing 2nd are both rank 2 and the next
player is 4th.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .metrics import (
    MSO_ORDER,
    Tiebreak,
    best_round,
    format_value,
    join_words,
    sort_key,
    validate_order,
)
from .plain import BoardResult, Number, Player, Points, RoundLine, Row, StepNote, TiedGroup
from .records import Context, build_context


@dataclass(frozen=True, slots=True)
class Standings:
    """Everything a standings page needs: the order in force, the rows, the tied groups."""

    order: tuple[str, ...]
    rows: list[Row]
    groups: list[TiedGroup]


def _shared_text(steps: list[Tiebreak]) -> str:
    if not steps:
        return "shared: no tie-breaks in force"
    return f"shared: level after {steps[-1].label}"


@dataclass(slots=True)
class _Separation:
    """What applying the order to one tied group gave."""

    blocks: list[list[int]]  # the final blocks, best first
    explanation: dict[int, str]  # player -> how the step that placed them did it
    used: list[str]  # names of the steps that split something
    notes: list[StepNote]  # one per step of the order, for the group
    details: dict[int, dict[str, str]]  # player -> step name -> the player's line


def _separate(group: list[int], steps: list[Tiebreak], ctx: Context) -> _Separation:
    """Apply each step once, in order, to the blocks still level, noting what each did."""
    done = _Separation([group], {}, [], [], {pid: {} for pid in group})
    apart = f"not needed, the {ctx.entrants_word} were already apart"
    for step in steps:
        level = [block for block in done.blocks if len(block) > 1]
        if not level:
            done.notes.append(StepNote(step.name, step.label, "not_reached",
                                       f"{step.label}: {apart}"))
            continue
        new_blocks: list[list[int]] = []
        said: list[str] = []
        split_any = False
        for block in done.blocks:
            if len(block) == 1:
                new_blocks.append(block)
                continue
            parts = step.split(block, ctx)
            said.append(step.describe(block, parts, ctx))
            for pid, line in step.details(block, ctx).items():
                done.details[pid][step.name] = line
            if len(parts) > 1:
                split_any = True
                for members, text in parts:
                    if not text and len(members) == 1:
                        text = f"separated by {step.label}"
                    if text:
                        for pid in members:
                            done.explanation[pid] = text
            new_blocks.extend(members for members, _ in parts)
        done.blocks = new_blocks
        if split_any:
            done.used.append(step.name)
        outcome = "separated" if split_any else "level"
        done.notes.append(StepNote(step.name, step.label, outcome,
                                   f"{step.label}: " + "; ".join(said)))
    return done


def _group_text(
    ctx: Context, steps: list[Tiebreak], used: list[str], shared: list[list[int]]
) -> str:
    labels = {step.name: step.label for step in steps}
    if not used:
        if not steps:
            return "not separated: no tie-breaks in force"
        return f"not separated: all level after {steps[-1].label}"
    text = "separated by " + ", then ".join(labels[name] for name in used)
    if shared:
        names = "; ".join(join_words([ctx.players[p].name for p in block]) for block in shared)
        text += f"; still level after {steps[-1].label}: {names}"
    return text


def _with_details(notes: list[StepNote], mine: dict[str, str]) -> tuple[StepNote, ...]:
    """The group's notes, each with the player's own line of its step (a group's notes
    carry none: those without a line of the player's are kept as they are)."""
    out = []
    for note in notes:
        detail = mine.get(note.tiebreak)
        out.append(note if detail is None and note.detail is None else
                   replace(note, detail=detail))
    return tuple(out)


def _withdrawn(player: Player, after_round: int | None) -> int | None:
    """The round after which the player withdrew, if he had by the table's round (a table
    after round 2 does not mark a withdrawal after round 4)."""
    out = player.withdrawn_after_round
    if out is None or (after_round is not None and out > after_round):
        return None
    return out


def match_points(
    players: Iterable[Player],
    matches: Iterable[BoardResult],
    points: Points | None = None,
    after_round: int | None = None,
) -> dict[int, Number]:
    """Each player's match points after ``after_round``: the standings' points, without
    the tie-breaks (a pairing list shows them beside each name)."""
    return build_context(players, matches, points or Points(), after_round).totals


def build_standings(
    players: Iterable[Player],
    matches: Iterable[BoardResult],
    points: Points | None = None,
    order: Sequence[str] | None = None,
    after_round: int | None = None,
    entrant_word: str = "player",
) -> Standings:
    """Rows and tied-group explanations, using only matches with ``round <= after_round``.

    ``points`` defaults to ``Points()``, ``order`` to :data:`MSO_ORDER`. ``entrant_word``
    is what the explanations call an entrant: ``"player"``, or ``"pair"`` in a pairs event
    ("the only pair on 2 points", "no pair beat all the others"). Raises ``ValueError``
    for an unknown (or repeated) tie-break name or inconsistent input.
    """
    order = list(MSO_ORDER if order is None else order)
    steps = validate_order(order)
    ctx = build_context(players, matches, points or Points(), after_round, entrant_word)
    numeric = [step for step in steps if not step.group]
    values = {step.name: step.values(ctx) for step in numeric}
    totals = ctx.totals
    shared_text = _shared_text(steps)

    ordered = sorted(ctx.players, key=lambda p: (-sort_key(totals[p]), p))
    rows: list[Row] = []
    groups: list[TiedGroup] = []
    i = 0
    while i < len(ordered):
        key = sort_key(totals[ordered[i]])
        j = i + 1
        while j < len(ordered) and sort_key(totals[ordered[j]]) == key:
            j += 1
        group = ordered[i:j]
        alone = len(group) == 1
        done = _Separation([group], {}, [], [], {}) if alone else _separate(group, steps, ctx)
        position = i + 1
        first = True
        for block in done.blocks:
            shared = len(block) > 1
            for pid in block:
                if alone:
                    decided_by = None
                    placed = f"the only {entrant_word} on {format_value(totals[pid])} point" + (
                        "" if sort_key(totals[pid]) == 1 else "s")
                elif shared:
                    decided_by = placed = shared_text
                else:
                    decided_by = placed = done.explanation.get(pid, shared_text)
                mine = done.details.get(pid, {})
                rows.append(
                    Row(
                        rank=position,
                        shared=shared,
                        player=pid,
                        name=ctx.players[pid].name,
                        points=totals[pid],
                        tiebreaks={name: vals[pid] for name, vals in values.items()},
                        decided_by=decided_by,
                        placed=placed,
                        notes=_with_details(done.notes, mine),
                        withdrawn_after_round=_withdrawn(ctx.players[pid], after_round),
                        group=None if alone else i + 1,
                        group_steps=tuple(done.notes) if first and not alone else (),
                    )
                )
                first = False
            position += len(block)
        if not alone:
            still = [block for block in done.blocks if len(block) > 1]
            groups.append(
                TiedGroup(
                    points=totals[group[0]],
                    rank=i + 1,
                    players=tuple(pid for block in done.blocks for pid in block),
                    separated_by=tuple(done.used),
                    shared=tuple(tuple(block) for block in still),
                    explanation=_group_text(ctx, steps, done.used, still),
                    steps=tuple(done.notes),
                )
            )
        i = j
    return Standings(tuple(order), rows, groups)


def compute_standings(
    players: Iterable[Player],
    matches: Iterable[BoardResult],
    points: Points | None = None,
    order: Sequence[str] | None = None,
    after_round: int | None = None,
    entrant_word: str = "player",
) -> list[Row]:
    """The standings rows, best first (see :func:`build_standings`)."""
    return build_standings(players, matches, points, order, after_round, entrant_word).rows


def tied_groups(
    players: Iterable[Player],
    matches: Iterable[BoardResult],
    points: Points | None = None,
    order: Sequence[str] | None = None,
    after_round: int | None = None,
    entrant_word: str = "player",
) -> list[TiedGroup]:
    """For each group of two or more players level on match points, how it was separated."""
    return build_standings(players, matches, points, order, after_round,
                           entrant_word).groups


def player_rounds(
    players: Iterable[Player],
    matches: Iterable[BoardResult],
    points: Points | None,
    player: int,
    after_round: int | None = None,
) -> list[RoundLine]:
    """Round by round for one player: opponent, result, spread and running totals.

    Lists every counted round of the event (``1..R``, see
    :mod:`tournament.standings.records`), marking rounds without a match
    ``not_paired``, plus any later round where the player is paired but unplayed.
    """
    ctx = build_context(players, matches, points or Points(), after_round)
    if player not in ctx.players:
        raise ValueError(f"unknown player {player}")
    by_round = {r.round: r for r in ctx.results[player]}
    best = best_round(ctx, player)
    lines: list[RoundLine] = []
    total: Number = 0
    spread_total = 0
    for number in sorted(set(ctx.rounds) | set(by_round)):
        result = by_round.get(number)
        if result is None:
            lines.append(RoundLine(number, None, None, "not_paired", 0, total, (), 0, spread_total,
                                   dropped=best is not None and best[0] == number))
            continue
        total += result.points
        spread_total += result.spread
        opponent = result.opponent
        lines.append(
            RoundLine(
                round=number,
                opponent=opponent,
                opponent_name=None if opponent is None else ctx.players[opponent].name,
                result=result.outcome,
                points=result.points,
                total=total,
                sets=result.sets,
                spread=result.spread,
                spread_total=spread_total,
                dropped=best is not None and best[0] == number,
                sets_won=result.sets_won,
                sets_lost=result.sets_lost,
                awarded_to=result.awarded_to,
            )
        )
    return lines
