"""Per-player results built once from the matches, shared by every tie-break.

Which rounds count
------------------
The event's rounds so far are ``1..R``, where ``R`` is the highest round number (at or
before ``after_round``) holding at least one result (any match that is not
``"unplayed"``). A round that is paired but has no result at all yet is not counted, so
publishing a pairing does not change anybody's tie-breaks. Every player has all ``R``
rounds: a round without a match for them (not paired, withdrawn, late entry) or with a
match still unplayed counts as a round with no match points and spread 0, exactly like
a bye or forfeit round for the spread. A round without a board that scores (a requested
bye, an absence, a round a late entry missed: ``data.NOT_PAIRED_KINDS``) counts like a
bye: its points, spread 0, no opponent. Round-based tie-breaks (``mso_spread``,
``progressive``) use these ``R`` rounds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .plain import NOT_PAIRED_KINDS, BoardResult, Number, Player, Points, set_winners

#: A player's outcome in a match, from their side.
OVER_THE_BOARD = frozenset({"win", "loss"})


@dataclass(slots=True)
class Result:
    """One match from one player's side."""

    round: int
    opponent: int | None
    # win loss bye forfeit_win forfeit_loss double_forfeit unplayed, or a round without a
    # board: half_bye zero_bye absent late_entry (data.NOT_PAIRED_KINDS)
    outcome: str
    points: Number
    sets: tuple[tuple[int, int], ...] = ()  # player's score first
    spread: int = 0
    sets_won: int = 0
    sets_lost: int = 0
    # Per set, None (won by its score) or who it was awarded to: 0 the player, 1 the opponent.
    awarded_to: tuple[int | None, ...] = ()

    @property
    def over_the_board(self) -> bool:
        return self.outcome in OVER_THE_BOARD


@dataclass(slots=True)
class Context:
    """Everything a tie-break may look at. Built once per standings computation."""

    players: dict[int, Player]
    points_table: Points
    results: dict[int, list[Result]]  # by player id, sorted by round
    totals: dict[int, Number]  # match points after the cut
    rounds: range  # the rounds that count: 1..R
    cache: dict[str, dict[int, Number]] = field(default_factory=dict)
    #: What an entrant is called in the explanations: "player", or "pair" in a pairs event.
    entrant_word: str = "player"

    @property
    def entrants_word(self) -> str:
        """The plural: "players", "pairs"."""
        return self.entrant_word + "s"

    #: spreads_by_round's answers, by player: two tie-breaks and their words ask each.
    spreads: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def spreads_by_round(self, player: int) -> tuple[int, ...]:
        """The player's spread in each counted round (0 where there is no played match)."""
        spreads = self.spreads.get(player)
        if spreads is None:
            by_round = {r.round: r.spread for r in self.results[player]}
            spreads = self.spreads[player] = tuple(by_round.get(n, 0) for n in self.rounds)
        return spreads

    def points_by_round(self, player: int) -> list[Number]:
        by_round = {r.round: r.points for r in self.results[player]}
        return [by_round.get(n, 0) for n in self.rounds]


def _results(match: BoardResult, table: Points) -> tuple[Result, Result | None]:
    """The match from the side of players[0] and of players[1] (None for a bye)."""
    rnd, kind = match.round, match.kind
    a, b = match.players
    if kind == "bye":
        return Result(rnd, None, "bye", table.bye), None
    if kind in NOT_PAIRED_KINDS:
        return Result(rnd, None, kind, getattr(table, kind)), None
    if kind == "unplayed":
        return Result(rnd, b, "unplayed", 0), Result(rnd, a, "unplayed", 0)
    if kind == "double_forfeit":
        lost = table.forfeit_loss
        return Result(rnd, b, "double_forfeit", lost), Result(rnd, a, "double_forfeit", lost)
    first_won = match.winner == a
    if kind == "forfeit":
        win = Result(rnd, None, "forfeit_win", table.forfeit_win)
        loss = Result(rnd, None, "forfeit_loss", table.forfeit_loss)
    else:
        # Spread is points for minus against, also in an awarded set (its running total at
        # the award); which side won a set is the award's where there is one (bndcc).
        sets, awarded = match.sets, match.awarded_to
        spread = sum(x - y for x, y in sets)
        mirrored = tuple((y, x) for x, y in sets)
        winners = set_winners(match)
        won, lost = winners.count(0), winners.count(1)
        flipped = tuple(None if a is None else 1 - a for a in awarded)
        if first_won:
            win = Result(rnd, None, "win", table.win, sets, spread, won, lost, awarded)
            loss = Result(rnd, None, "loss", table.loss, mirrored, -spread, lost, won, flipped)
        else:
            win = Result(rnd, None, "win", table.win, mirrored, -spread, lost, won, flipped)
            loss = Result(rnd, None, "loss", table.loss, sets, spread, won, lost, awarded)
    first, second = (win, loss) if first_won else (loss, win)
    first.opponent, second.opponent = b, a
    return first, second


def build_context(
    players: Iterable[Player],
    matches: Iterable[BoardResult],
    points: Points,
    after_round: int | None = None,
    entrant_word: str = "player",
) -> Context:
    """Check the input and gather each player's results up to ``after_round``.
    ``entrant_word`` names an entrant in the explanations ("player", "pair").

    Raises ``ValueError`` for a duplicated player id, a match naming an unknown player,
    or a player with two matches in one round.
    """
    by_id: dict[int, Player] = {}
    for player in players:
        if player.id in by_id:
            raise ValueError(f"player id {player.id} appears twice")
        by_id[player.id] = player
    results: dict[int, list[Result]] = {pid: [] for pid in by_id}
    seen: set[tuple[int, int]] = set()
    last = 0
    for match in matches:
        if after_round is not None and match.round > after_round:
            continue
        for pid in match.players:
            if pid is None:
                continue
            if pid not in by_id:
                raise ValueError(f"round {match.round}: match names unknown player {pid}")
            if (pid, match.round) in seen:
                raise ValueError(f"player {pid} has two matches in round {match.round}")
            seen.add((pid, match.round))
        first, second = _results(match, points)
        results[match.players[0]].append(first)
        if second is not None:
            results[match.players[1]].append(second)
        if match.kind != "unplayed" and match.round > last:
            last = match.round
    totals: dict[int, Number] = {}
    for pid, lst in results.items():
        lst.sort(key=lambda r: r.round)
        totals[pid] = sum(r.points for r in lst)
    if not entrant_word or not entrant_word.isalpha():
        raise ValueError(f"entrant_word must be a word such as 'player', not {entrant_word!r}")
    return Context(by_id, points, results, totals, range(1, last + 1),
                   entrant_word=entrant_word)
