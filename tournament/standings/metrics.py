"""The tie-break registry, in the manner of Tabbycat's ``standings/metrics.py``.

Each tie-break is a small registered object with a ``name`` (as stored in the
tournament's order and the archive), a ``label`` for humans, a short ``abbr`` for
table headers and a way to split a block of tied players into ordered parts:

- a *numeric* tie-break gives every player one number (higher is better) and is
  registered with the :func:`numeric` decorator on a function ``(ctx, player) -> number``;
- a *group* tie-break (``group = True``: ``mso_head_to_head``, ``direct_encounter``)
  looks at the tied block as a whole and has no per-player number.

Adding a tie-break is one decorated function (or one small class for a group step).

How the order is applied
------------------------
Players level on match points form a tied group. The steps of the order are applied
one after another, each ONCE, to every block of players still level when the step is
reached; a block may be split into several ordered parts, and later steps only work
inside those parts. No step is ever applied a second time, so after ``mso_spread``
splits the players that ``mso_head_to_head`` left in the middle, head to head is not
tried again on the smaller parts. Players still level after the last step share
the place.

A group step that is not first in the order works the same way: it looks only at
the block of players still level when it is reached (for ``mso_head_to_head`` that
block is "the tied group"; for ``direct_encounter``, "the tied players").

Definitions where the spec leaves room
--------------------------------------
- Rounds: see :mod:`tournament.standings.records`. Every player has the rounds
  ``1..R`` of the event so far; rounds with a bye, forfeit, double forfeit, unplayed
  match or no match at all have spread 0 and count as rounds.
- ``mso_spread``: the sum of those ``R`` round spreads minus the largest one (once).
  As the 0-spread rounds are rounds, a player whose played rounds were all lost on
  spread but who had a bye drops the bye's 0 (so nothing), not their least bad
  loss: -10, -20, bye -> -30 - 0 = -30. With no rounds the spread is 0.
- "Beat" (head to head, Sonneborn-Berger): won over the board. Should two players
  have met more than once, one "has beaten" the other when they won more of their
  over-the-board meetings; Sonneborn-Berger and Buchholz count every meeting.
- ``buchholz_cut1`` / ``median_buchholz``: drop the lowest (and the highest) opponent
  score once each; with too few opponents the value is 0.
- ``direct_encounter``: separates only when every pair of players in the block met
  over the board (forfeits are not meetings). A player's value is the match points
  (``Points.win`` / ``Points.loss``) they scored in the meetings inside the block.
- ``set_difference``: a set counts as won by whoever has the higher score in it.
- Players still level after the whole order share the place and are listed by
  pairing number. Float points are compared rounded to 9 decimals.

Explanations (``Row.decided_by``) name the step that finally separated the player:
``"placed ahead by head to head"`` / ``"placed behind by head to head"`` /
``"placed in between by head to head"``, ``"by points spread: +63, ahead of +41"``
(the value of the player's part beside those of the parts next to it, above and/or below:
``"-10, behind -5 and ahead of -20"``),
``"shared: level after Sonneborn-Berger"``.

Every step also says in words what it did to a tied group (:meth:`Tiebreak.describe`:
``"head to head: not applied — no player beat all the others"``) and what it found for
one player (:meth:`Tiebreak.detail`: ``"points spread (best round dropped: round 2,
+45): -12"``); :mod:`tournament.standings.compute` gathers these into
:class:`~tournament.standings.plain.StepNote` lines for every group and row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .plain import Number
from .records import Context

#: name -> tie-break object. Filled by :func:`register`.
TIEBREAKS: dict[str, Tiebreak] = {}

#: name -> human label, for display (kept up to date by :func:`register`).
LABELS: dict[str, str] = {}

#: The Mind Sports Olympiad's order, the default.
MSO_ORDER: list[str] = ["mso_head_to_head", "mso_spread", "sonneborn_berger"]


def sort_key(value: Number) -> Number:
    """Comparison key: floats are rounded so that sums in a different order compare equal."""
    return round(value, 9) if isinstance(value, float) else value


def format_value(value: Number, signed: bool = False) -> str:
    """``63`` / ``+63`` / ``-9`` / ``2.5``: a value as the explanations show it."""
    if isinstance(value, float):
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
    else:
        text = str(value)
    if signed and sort_key(value) > 0:
        text = "+" + text
    return text


def join_words(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def names_of(ctx: Context, players: Sequence[int]) -> str:
    """``"Ann Lee, Bo Park and Cy Hale"``."""
    return join_words([ctx.players[p].name for p in players])


Part = tuple[list[int], str]
"""One ordered part of a split block and the explanation for its players."""


class Tiebreak:
    """Base class of every tie-break."""

    name: str
    label: str
    abbr: str
    group: bool = False
    signed: bool = False
    description: str = ""
    # Reads the set scores of played matches (a result known only as a win, as a TRF file
    # gives, counts 0 in it): the standings page says so where such results are counted.
    uses_set_scores: bool = False

    def split(self, block: list[int], ctx: Context) -> list[Part]:
        """Split ``block`` (ids in a stable order) into ordered parts, best first.

        Returns ``[(block, "")]`` when the step does not separate anybody.
        """
        raise NotImplementedError

    def values(self, ctx: Context) -> dict[int, Number]:
        """Player id -> value, for numeric tie-breaks (group steps have none)."""
        raise TypeError(f"{self.name} is a group step and has no per-player value")

    def describe(self, block: list[int], parts: list[Part], ctx: Context) -> str:
        """What this step did to ``block`` (players level when it was reached), given the
        ``parts`` it split it into: the words after ``"<label>: "``."""
        raise NotImplementedError

    def details(self, block: list[int], ctx: Context) -> dict[int, str]:
        """What this step found for each player of ``block``, with the label; players
        of whom there is nothing to say beyond the group's line are left out."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class NumericTiebreak(Tiebreak):
    """A tie-break giving each player one number; higher is better."""

    def __init__(
        self,
        name: str,
        label: str,
        abbr: str,
        func: Callable[[Context, int], Number],
        *,
        signed: bool = False,
        description: str = "",
        explain: Callable[[Context, int], str] | None = None,
        uses_set_scores: bool = False,
    ) -> None:
        self.name = name
        self.uses_set_scores = uses_set_scores
        self.label = label
        self.abbr = abbr
        self.func = func
        self.signed = signed
        self.description = description
        self.explain = explain

    def values(self, ctx: Context) -> dict[int, Number]:
        """The value of every player (computed once per context)."""
        cached = ctx.cache.get(self.name)
        if cached is None:
            cached = ctx.cache[self.name] = {pid: self.func(ctx, pid) for pid in ctx.players}
        return cached

    def split(self, block: list[int], ctx: Context) -> list[Part]:
        values = self.values(ctx)
        return split_by_values(block, {p: values[p] for p in block}, self.label, self.signed)

    def show(self, ctx: Context, player: int) -> str:
        return format_value(self.values(ctx)[player], self.signed)

    def describe(self, block: list[int], parts: list[Part], ctx: Context) -> str:
        if len(parts) == 1:
            return f"did not separate them, all on {self.show(ctx, block[0])}"
        return "; ".join(f"{self.show(ctx, members[0])} for {names_of(ctx, members)}"
                         for members, _ in parts)

    def details(self, block: list[int], ctx: Context) -> dict[int, str]:
        if self.explain is not None:
            return {p: self.label + self.explain(ctx, p) for p in block}
        return {p: f"{self.label}: {self.show(ctx, p)}" for p in block}


def split_by_values(
    block: list[int], values: dict[int, Number], label: str, signed: bool = False
) -> list[Part]:
    """Order ``block`` by value, highest first, into runs of equal value."""
    ordered = sorted(block, key=lambda p: sort_key(values[p]), reverse=True)
    runs: list[list[int]] = []
    for pid in ordered:
        if runs and sort_key(values[runs[-1][0]]) == sort_key(values[pid]):
            runs[-1].append(pid)
        else:
            runs.append([pid])
    if len(runs) == 1:
        return [(list(block), "")]
    shown = [format_value(values[run[0]], signed) for run in runs]
    parts: list[Part] = []
    for i, run in enumerate(runs):
        # "ahead of" / "behind" the values placed next to it: "against" read as an opponent.
        near = [f"behind {shown[i - 1]}"] if i > 0 else []
        near += [f"ahead of {shown[i + 1]}"] if i + 1 < len(runs) else []
        parts.append((run, f"by {label}: {shown[i]}, {' and '.join(near)}"))
    return parts


def register(tiebreak: Tiebreak) -> Tiebreak:
    if tiebreak.name in TIEBREAKS:
        raise ValueError(f"tie-break {tiebreak.name!r} is already registered")
    TIEBREAKS[tiebreak.name] = tiebreak
    LABELS[tiebreak.name] = tiebreak.label
    return tiebreak


def numeric(
    name: str,
    label: str,
    abbr: str,
    *,
    signed: bool = False,
    explain: Callable[[Context, int], str] | None = None,
    uses_set_scores: bool = False,
):
    """Register ``func(ctx, player) -> number`` as a numeric tie-break.

    ``explain(ctx, player)``, if given, is the player's line after the label, e.g.
    ``" (best round dropped: round 2, +45): -12"``; else ``": <value>"``.
    """

    def decorate(func: Callable[[Context, int], Number]):
        register(
            NumericTiebreak(
                name,
                label,
                abbr,
                func,
                signed=signed,
                description=" ".join((func.__doc__ or "").split()),
                explain=explain,
                uses_set_scores=uses_set_scores,
            )
        )
        return func

    return decorate


def get_tiebreak(name: str) -> Tiebreak:
    try:
        return TIEBREAKS[name]
    except KeyError:
        known = ", ".join(TIEBREAKS)
        raise ValueError(f"unknown tie-break {name!r} (known: {known})") from None


def validate_order(order: Sequence[str]) -> list[Tiebreak]:
    """The tie-break objects of ``order``; ``ValueError`` naming an unknown or repeated name."""
    if isinstance(order, str):
        raise ValueError(f"the tie-break order is a list of names, not the string {order!r}")
    steps = []
    for name in order:
        step = get_tiebreak(name)
        if step in steps:
            raise ValueError(f"tie-break {name!r} appears twice in the order")
        steps.append(step)
    return steps


def set_score_labels(order: Sequence[str]) -> list[str]:
    """The labels of the tie-breaks of ``order`` that read set scores."""
    return [t.label for t in validate_order(order) if t.uses_set_scores]


def label(name: str) -> str:
    """The human label of a tie-break name (``ValueError`` if unknown)."""
    return get_tiebreak(name).label


def describe_order(order: Sequence[str]) -> str:
    """``"head to head, then points spread, then Sonneborn-Berger"``."""
    steps = validate_order(order)
    if not steps:
        return "no tie-breaks"
    return ", then ".join(step.label for step in steps)


def explain_order(order: Sequence[str]) -> list[tuple[str, str]]:
    """(label, what it is) of each step of ``order``, for readers of the standings."""
    return [(step.label, step.description) for step in validate_order(order)]


# --------------------------------------------------------------------------- numeric


def _beaten(ctx: Context, player: int) -> list[int]:
    return [r.opponent for r in ctx.results[player] if r.outcome == "win"]


def _met_scores(ctx: Context, player: int) -> list[Number]:
    totals = ctx.totals
    return [totals[r.opponent] for r in ctx.results[player] if r.over_the_board]


def best_round(ctx: Context, player: int) -> tuple[int, int] | None:
    """(round, spread) of the round ``mso_spread`` drops: the largest spread, the earliest
    such round when several tie. None before any round counts."""
    spreads = ctx.spreads_by_round(player)
    if not spreads:
        return None
    best = max(spreads)
    return ctx.rounds[spreads.index(best)], best


def _spread_words(ctx: Context, player: int) -> str:
    dropped = best_round(ctx, player)
    if dropped is None:
        return ": 0 (no rounds yet)"
    value = format_value(mso_spread(ctx, player), signed=True)
    number, spread = dropped
    return f" (best round dropped: round {number}, {format_value(spread, signed=True)}): {value}"


def _sb_words(ctx: Context, player: int) -> str:
    totals = ctx.totals
    beaten = _beaten(ctx, player)
    value = format_value(sum(totals[opp] for opp in beaten))
    if not beaten:
        return f": {value} (no win over the board)"
    each = join_words([f"{ctx.players[opp].name} ({format_value(totals[opp])})"
                       for opp in beaten])
    return f": {value} (opponents beaten, with their points: {each})"


@numeric("mso_spread", "points spread", "Spread", signed=True, explain=_spread_words,
         uses_set_scores=True)
def mso_spread(ctx: Context, player: int) -> Number:
    """Points scored minus points conceded, summed over the rounds, leaving out the
    player's best round (the round of the largest spread; the player's page names it)."""
    spreads = ctx.spreads_by_round(player)
    return sum(spreads) - max(spreads, default=0)


@numeric("sonneborn_berger", "Sonneborn-Berger", "SB", explain=_sb_words)
def sonneborn_berger(ctx: Context, player: int) -> Number:
    """Sum of the final match points of every opponent beaten over the board."""
    totals = ctx.totals
    return sum(totals[opp] for opp in _beaten(ctx, player))


@numeric("buchholz", "Buchholz", "Buch")
def buchholz(ctx: Context, player: int) -> Number:
    """Sum of the match points of every opponent met over the board."""
    return sum(_met_scores(ctx, player))


@numeric("buchholz_cut1", "Buchholz cut 1", "Buch-1")
def buchholz_cut1(ctx: Context, player: int) -> Number:
    """Buchholz without the lowest opponent."""
    scores = _met_scores(ctx, player)
    return sum(scores) - min(scores) if scores else 0


@numeric("median_buchholz", "median Buchholz", "MBuch")
def median_buchholz(ctx: Context, player: int) -> Number:
    """Buchholz without the highest and the lowest opponent."""
    scores = _met_scores(ctx, player)
    if len(scores) < 2:
        return 0
    return sum(scores) - min(scores) - max(scores)


@numeric("progressive", "progressive score", "Prog")
def progressive(ctx: Context, player: int) -> Number:
    """Sum of the player's running match-point totals after each round."""
    running: Number = 0
    result: Number = 0
    for pts in ctx.points_by_round(player):
        running += pts
        result += running
    return result


@numeric("wins", "wins", "W")
def wins(ctx: Context, player: int) -> Number:
    """Matches won over the board."""
    return len(_beaten(ctx, player))


@numeric("set_difference", "set difference", "Sets", signed=True, uses_set_scores=True)
def set_difference(ctx: Context, player: int) -> Number:
    """Sets won minus sets lost, played matches only."""
    return sum(r.sets_won - r.sets_lost for r in ctx.results[player])


@numeric("game_points_difference", "game points difference", "GPD", signed=True,
         uses_set_scores=True)
def game_points_difference(ctx: Context, player: int) -> Number:
    """Points scored minus points conceded over every played match (no round left
    out)."""
    return sum(r.spread for r in ctx.results[player])


# --------------------------------------------------------------------------- group


def _net_results(ctx: Context, block: list[int]) -> dict[int, dict[int, int]]:
    """For each member: opponent in the block -> wins minus losses over the board."""
    members = set(block)
    net: dict[int, dict[int, int]] = {}
    for pid in block:
        row = net[pid] = {}
        for r in ctx.results[pid]:
            if r.over_the_board and r.opponent in members:
                row[r.opponent] = row.get(r.opponent, 0) + (1 if r.outcome == "win" else -1)
    return net


class MSOHeadToHead(Tiebreak):
    name = "mso_head_to_head"
    label = "head to head"
    abbr = "H2H"
    group = True
    description = (
        "If exactly one player has played and beaten every other tied player, they go "
        "first; if exactly one has played and lost to every other, they go last. Applied once."
    )

    def ends(self, block: list[int], ctx: Context) -> tuple[int | None, int | None]:
        """The one player who beat all the others and the one who lost to all (or None)."""
        net = _net_results(ctx, block)
        need = len(block) - 1

        def beat_all(p: int) -> bool:
            row = net[p]
            return len(row) == need and all(v > 0 for v in row.values())

        def lost_all(p: int) -> bool:
            row = net[p]
            return len(row) == need and all(v < 0 for v in row.values())

        winners = [p for p in block if beat_all(p)]
        losers = [p for p in block if lost_all(p)]
        return (winners[0] if len(winners) == 1 else None,
                losers[0] if len(losers) == 1 else None)

    def describe(self, block: list[int], parts: list[Part], ctx: Context) -> str:
        first, last = self.ends(block, ctx)
        names = ctx.players
        one = ctx.entrant_word
        if len(block) == 2:
            a, b = block
            if first is not None:
                loser = b if first == a else a
                return f"{names[first].name} beat {names[loser].name} and goes first"
            if not _net_results(ctx, block)[a]:
                return f"not applied — {names_of(ctx, block)} have not played each other"
            return f"not applied — {names_of(ctx, block)} are level in their meetings"
        said = []
        if first is not None:
            said.append(f"{names[first].name} beat every other tied {one} and goes first")
        if last is not None:
            said.append(f"{names[last].name} lost to every other tied {one} and goes last")
        if not said:
            return (f"not applied — no {one} beat all the others, "
                    f"and no {one} lost to all the others")
        if first is None:
            said.append(f"no {one} beat all the others")
        elif last is None:
            said.append(f"no {one} lost to all the others")
        return "; ".join(said)

    def details(self, block: list[int], ctx: Context) -> dict[int, str]:
        first, last = self.ends(block, ctx)
        found = {}
        if first is not None:
            found[first] = f"{self.label}: beat every other tied {ctx.entrant_word}"
        if last is not None:
            found[last] = f"{self.label}: lost to every other tied {ctx.entrant_word}"
        return found

    def split(self, block: list[int], ctx: Context) -> list[Part]:
        if len(block) < 2:
            return [(list(block), "")]
        first, last = self.ends(block, ctx)
        if first is None and last is None:
            return [(list(block), "")]
        middle = [p for p in block if p != first and p != last]
        parts: list[Part] = []
        if first is not None:
            parts.append(([first], f"placed ahead by {self.label}"))
        if middle:
            parts.append((middle, f"placed in between by {self.label}" if len(middle) == 1 else ""))
        if last is not None:
            parts.append(([last], f"placed behind by {self.label}"))
        return parts


class DirectEncounter(Tiebreak):
    name = "direct_encounter"
    label = "direct encounter"
    abbr = "DE"
    group = True
    description = (
        "When every tied player has met every other over the board, the match points "
        "each scored in those meetings."
    )

    def scores(self, block: list[int], ctx: Context) -> dict[int, Number] | None:
        """Match points each scored in the meetings inside ``block``; None unless every
        pair of them met over the board."""
        members = set(block)
        table = ctx.points_table
        scored: dict[int, Number] = {}
        need = len(block) - 1
        for pid in block:
            met: set[int] = set()
            total: Number = 0
            for r in ctx.results[pid]:
                if r.over_the_board and r.opponent in members:
                    met.add(r.opponent)
                    total += table.win if r.outcome == "win" else table.loss
            if len(met) < need:
                return None
            scored[pid] = total
        return scored

    def split(self, block: list[int], ctx: Context) -> list[Part]:
        scored = self.scores(block, ctx) if len(block) >= 2 else None
        if scored is None:
            return [(list(block), "")]
        return split_by_values(block, scored, self.label)

    def describe(self, block: list[int], parts: list[Part], ctx: Context) -> str:
        scored = self.scores(block, ctx)
        if scored is None:
            return (f"not applied — not every tied {ctx.entrant_word} has met every other "
                    "over the board")
        if len(parts) == 1:
            return f"did not separate them, all on {format_value(scored[block[0]])}"
        return "; ".join(f"{format_value(scored[members[0]])} for {names_of(ctx, members)}"
                         for members, _ in parts)

    def details(self, block: list[int], ctx: Context) -> dict[int, str]:
        scored = self.scores(block, ctx)
        if scored is None:
            return {}
        return {p: f"{self.label}: {format_value(v)} in the meetings of the tied "
                   f"{ctx.entrants_word}"
                for p, v in scored.items()}


register(MSOHeadToHead())
register(DirectEncounter())
