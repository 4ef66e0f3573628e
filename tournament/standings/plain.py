"""Plain data going into and coming out of the standings computation.

Nothing here knows about Django or a database: callers build these from whatever
they store (models, an imported archive, a test) and get plain data back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Number = int | float

#: Rounds a player spends without a board, each scoring its own entry of :class:`Points`:
#: a requested bye (half-point or zero-point), an absence the director recorded, and each
#: round a late entry missed. ``players[1]`` is ``None`` and there is no winner.
NOT_PAIRED_KINDS = frozenset({"half_bye", "zero_bye", "absent", "late_entry"})

#: The kinds of match the standings understand (see :class:`BoardResult`).
MATCH_KINDS = frozenset({"played", "bye", "forfeit", "double_forfeit", "unplayed"}) | (
    NOT_PAIRED_KINDS)


@dataclass(frozen=True, slots=True)
class Player:
    """An entrant. ``id`` is the pairing number (starting rank), unique in the event.
    ``withdrawn_after_round``: the last round before the entrant withdrew (None: still in);
    the standings only mark it, the matches say what he scored."""

    id: int
    name: str
    withdrawn_after_round: int | None = None


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board of a round and its result, if any, or a round a player had no board
    (:data:`NOT_PAIRED_KINDS`): the standings' plain copy of a ``models.Match``, named
    apart from it so that one name means one thing.

    ``kind``:

    - ``"played"``: over the board. ``winner`` is a player id; ``sets`` holds one
      ``(players[0] score, players[1] score)`` pair per set. A match abandoned part-way is
      ``"played"`` with the winner given and the sets played so far. ``awarded_to``, when
      given, has one entry per set: the side (0 = ``players[0]``, 1 = ``players[1]``) a set
      was awarded to whatever its score (bndcc's held_after_knock: the score is the running
      total at the award, so the winner may have fewer points), or ``None`` for a set won
      by its score. Empty: every set is won by its score.
    - ``"bye"``: pairing-allocated bye to ``players[0]``; ``players[1]`` is ``None``.
    - ``"forfeit"``: ``winner`` is the player who did not forfeit.
    - ``"double_forfeit"``: nobody wins; both get the forfeit-loss points.
    - ``"unplayed"``: no result yet. Counts for nothing and is not a meeting.
    - ``"half_bye"``, ``"zero_bye"``, ``"absent"``, ``"late_entry"``
      (:data:`NOT_PAIRED_KINDS`): ``players[0]`` had no board that round; ``players[1]``
      is ``None``, there is no winner, and the round scores that kind's :class:`Points`.

    Lists given for ``players`` or ``sets`` are turned into tuples. Inconsistent
    matches (unknown kind, a bye with an opponent, a winner who is not in the match...)
    raise ``ValueError``.
    """

    round: int
    players: tuple[int, int | None]
    kind: str
    winner: int | None = None
    sets: tuple[tuple[int, int], ...] = ()
    awarded_to: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        players = tuple(self.players)
        sets = tuple(tuple(s) for s in self.sets)
        awarded = tuple(self.awarded_to)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "awarded_to", awarded)
        where = f"round {self.round} match {players!r}"
        if self.kind not in MATCH_KINDS:
            raise ValueError(f"{where}: unknown match kind {self.kind!r}")
        if len(players) != 2 or players[0] is None:
            raise ValueError(f"{where}: players must be (id, id) or (id, None) for a bye")
        for score in sets:
            if len(score) != 2:
                raise ValueError(f"{where}: each set is a (players[0], players[1]) score pair")
        if awarded and (len(awarded) != len(sets) or any(a not in (0, 1, None) for a in awarded)):
            raise ValueError(f"{where}: awarded_to holds one side (0, 1) or None per set")
        if any(a is not None for a in awarded) and self.kind != "played":
            raise ValueError(f"{where}: only a played match has awarded sets")
        if self.kind in NOT_PAIRED_KINDS:
            if players[1] is not None or self.winner is not None or sets:
                raise ValueError(f"{where}: a {self.kind} round has no opponent, winner or sets")
            return
        if self.kind == "bye":
            if players[1] is not None:
                raise ValueError(f"{where}: a bye has players[1] = None")
            if self.winner not in (None, players[0]):
                raise ValueError(f"{where}: the winner of a bye is its player")
            return
        if players[1] is None:
            raise ValueError(f"{where}: only a bye has players[1] = None")
        if players[0] == players[1]:
            raise ValueError(f"{where}: a player cannot meet themselves")
        if self.kind in ("played", "forfeit"):
            if self.winner not in players:
                raise ValueError(f"{where}: a {self.kind} match needs a winner from its players")
        elif self.winner is not None:
            raise ValueError(f"{where}: a {self.kind} match has no winner")


def set_winner(score: tuple[int, int], awarded_to: int | None = None) -> int | None:
    """Which side (0 or 1) won a set: the side it was awarded to, else the higher score;
    None for a level score (no set of a valid record ends level)."""
    if awarded_to is not None:
        return awarded_to
    a, b = score
    return None if a == b else 0 if a > b else 1


def set_winners(match: BoardResult) -> tuple[int | None, ...]:
    """Each set's winner (:func:`set_winner`) as a side of ``match.players``."""
    if not match.awarded_to:  # the common case, read for every board of a standings table
        return tuple(map(set_winner, match.sets))
    return tuple(set_winner(score, side) for score, side in zip(match.sets, match.awarded_to,
                                                                strict=True))


def withdrawn_words(after_round: int) -> str:
    """"withdrawn after round 3"; "withdrawn before round 1" for one who never played."""
    if after_round < 1:
        return "withdrawn before round 1"
    return f"withdrawn after round {after_round}"


@dataclass(frozen=True, slots=True)
class Points:
    """Match points for each kind of result. Ints stay ints; floats are allowed."""

    win: Number = 1
    loss: Number = 0
    bye: Number = 1
    forfeit_win: Number = 1
    forfeit_loss: Number = 0
    # Rounds without a board (NOT_PAIRED_KINDS); MSO: a requested bye or absence scores 0.
    half_bye: Number = 0.5
    zero_bye: Number = 0
    absent: Number = 0
    late_entry: Number = 0


@dataclass(slots=True)
class Row:
    """One line of the standings.

    ``tiebreaks`` holds, in the order in force, the value of every numeric tie-break of
    that order (group steps such as ``mso_head_to_head`` have no per-player number and
    are left out). ``decided_by`` says how the player was separated from the others on
    the same match points, or that they share the place; ``None`` when the player is
    alone on their match points. ``withdrawn_after_round`` marks a player who withdrew
    after that round, where the table is after it (None otherwise).
    """

    rank: int
    shared: bool
    player: int
    name: str
    points: Number
    tiebreaks: dict[str, Number] = field(default_factory=dict)
    decided_by: str | None = None
    #: How the player was placed, in a sentence (also for a player alone on their points).
    placed: str = ""
    #: Every step of the order as the player's tied group met it, with the player's detail.
    notes: tuple[StepNote, ...] = ()
    withdrawn_after_round: int | None = None
    #: The rank where the player's tied group starts (:attr:`TiedGroup.rank`); None when
    #: alone on their match points.
    group: int | None = None
    #: The group's own steps (each with its ``text``), on the group's first row only: the
    #: JSON says them once per group, not once per member (they name every member).
    group_steps: tuple[StepNote, ...] = ()

    def as_json(self) -> dict:
        """The object of ``manage.py standings --json`` (shared/spec/tournament-archive.md),
        plus ``withdrawn_after_round`` (null unless withdrawn by then) and ``explanation``:
        ``{"placed": sentence, "group": rank where the tied group starts or null,
        "steps": [StepNote.row_json(), ...], "group_steps": [StepNote.group_json(), ...]}``.
        ``steps`` has this player's detail per step (none when alone on points);
        ``group_steps`` the group's lines, on the group's first row only (else empty), so
        the document grows with the number of players, not with the square of a group's
        size."""
        return {
            "rank": self.rank,
            "shared": self.shared,
            "player": self.player,
            "name": self.name,
            "points": self.points,
            "tiebreaks": dict(self.tiebreaks),
            "withdrawn_after_round": self.withdrawn_after_round,
            "explanation": {
                "placed": self.placed or self.decided_by or "",
                "group": self.group,
                "steps": [note.row_json() for note in self.notes],
                "group_steps": [note.group_json() for note in self.group_steps],
            },
        }


@dataclass(frozen=True, slots=True)
class StepNote:
    """What one step of the order did to a tied group, in words a player understands.

    ``outcome`` is ``"separated"`` (it split the players level when it was reached),
    ``"level"`` (tried, split nobody) or ``"not_reached"`` (everyone was already apart).
    ``text`` is the group's line (``"head to head: not applied — no player beat all the
    others"``); ``detail`` one player's (``"points spread (best round dropped: round 2,
    +45): -12"``), None in a group's own list and where the step says nothing of them.
    """

    tiebreak: str
    label: str
    outcome: str
    text: str
    detail: str | None = None

    def as_json(self) -> dict:
        return {
            "tiebreak": self.tiebreak,
            "label": self.label,
            "outcome": self.outcome,
            "text": self.text,
            "detail": self.detail,
        }

    def row_json(self) -> dict:
        """One player's view of the step: without the group's ``text``."""
        return {"tiebreak": self.tiebreak, "label": self.label, "outcome": self.outcome,
                "detail": self.detail}

    def group_json(self) -> dict:
        """The group's view of the step: its ``text``, no player's detail."""
        return {"tiebreak": self.tiebreak, "label": self.label, "outcome": self.outcome,
                "text": self.text}


@dataclass(frozen=True, slots=True)
class TiedGroup:
    """Players level on match points (two or more) and how the order separated them.

    ``players`` is the final order within the group; ``separated_by`` names the steps
    that split something, in the order they were applied; ``shared`` lists the sets of
    players (two or more each) still level after the last step, who share a place.
    ``explanation`` is a sentence for the standings page; ``steps`` says, for every step
    of the order, what it did (:class:`StepNote`).
    """

    points: Number
    rank: int
    players: tuple[int, ...]
    separated_by: tuple[str, ...]
    shared: tuple[tuple[int, ...], ...]
    explanation: str
    steps: tuple[StepNote, ...] = ()

    def as_json(self) -> dict:
        return {
            "points": self.points,
            "rank": self.rank,
            "players": list(self.players),
            "separated_by": list(self.separated_by),
            "shared": [list(block) for block in self.shared],
            "explanation": self.explanation,
            "steps": [note.as_json() for note in self.steps],
        }


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One round of one player, for a player page.

    ``result`` is one of ``win``, ``loss`` (over the board), ``bye``, ``forfeit_win``,
    ``forfeit_loss``, ``double_forfeit``, ``unplayed`` (paired, no result yet) or
    ``not_paired`` (no match that round, e.g. after withdrawing). ``sets`` are from the
    player's side (their score first). ``points`` are the match points earned that round,
    ``total`` the running match-point total, ``spread_total`` the running spread (no
    round dropped). ``dropped`` marks the round whose spread ``mso_spread`` leaves out
    (the best; the earliest of equals). ``sets_won`` and ``sets_lost`` count the sets as
    won, an awarded set for whom it was awarded; ``awarded_to`` (empty when no set was
    awarded) has per set None or the side it was awarded to: 0 the player, 1 the opponent.
    """

    round: int
    opponent: int | None
    opponent_name: str | None
    result: str
    points: Number
    total: Number
    sets: tuple[tuple[int, int], ...]
    spread: int
    spread_total: int
    dropped: bool = False
    sets_won: int = 0
    sets_lost: int = 0
    awarded_to: tuple[int | None, ...] = ()
