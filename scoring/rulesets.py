"""Every rule that differs between leagues, as data, in one place.

A league variant is one new ``Ruleset`` entry in ``RULESETS``; the engine reads only these
fields and has no branch on a ruleset's name.  The penalty rules a record may name
(``{"penalty": {"seat": S, "rule": R}}``, shared/spec/bndcc.md) are data too:
``PENALTY_RULES``, with a short label and the holes each costs, so that result-entry
forms can offer them as choices.
"""

from __future__ import annotations

from dataclasses import dataclass

# How the first hand of each set (leg) gets its starter.
SET_STARTER_ALTERNATES = "alternate"  # set i is started by first_set_starter + i (mod seats)
SET_STARTER_DRAWN = "drawn"  # decided by a draw before each set: recorded, never derived

# What a penalty does besides its holes (PenaltyRule.effect).
EFFECT_NONE = "none"  # scored, and the hand goes on
EFFECT_VOID = "void"  # the hand is void and dealt again
EFFECT_WONT_GO = "wont_go"  # the named tile leaves the offender's hand; its turn goes on
EFFECT_FALSE_KNOCK = "false_knock"  # the knock before it is taken back; the offender lays
EFFECT_HELD_AFTER_KNOCK = "held_after_knock"  # the set ends, won by the other side

# Who downs the re-deal of a void hand (PenaltyRule.redeal).
REDEAL_NEXT_SEAT = "next_seat"  # the seat after the offender in play order
REDEAL_SAME_SEAT = "same_seat"  # the seat that downed the void hand


@dataclass(frozen=True)
class PenaltyRule:
    """One kind of penalty entry.  ``name`` is what the record writes as ``rule`` ("" for
    the plain penalty, written without ``rule``)."""

    name: str
    label: str  # short, for a form's choice list
    rulebook: int | None  # the BNDCC rule number
    holes: int  # 8: the offender's side goes back 8 (or the opponents up 8); 0: none
    effect: str = EFFECT_NONE
    redeal: str | None = None  # for EFFECT_VOID: who downs the re-deal
    before_play: bool = False  # only before the hand's first turn (the down)
    needs_tile: bool = False  # the entry must name the tile (``"tile": "A-B"``)
    # Only once play has commenced (rule 4): before the down this text says what the
    # rulebook gives instead, and the entry is refused (PENALTY_NOT_APPLICABLE).
    before_down: str = ""
    # Only where a seat has a partner (pairs); in singles this text says what applies.
    in_singles: str = ""


PLAIN_PENALTY = PenaltyRule("", "Penalty (8 holes)", None, 8)

_PENALTIES: tuple[PenaltyRule, ...] = (
        PenaltyRule(
            "wrong_count", "Wrong number of dominoes: hand void, re-dealt", 2, 8,
            EFFECT_VOID, REDEAL_NEXT_SEAT,
        ),
        PenaltyRule(
            "out_of_turn", "Played out of turn: hand void, re-dealt", 4, 8,
            EFFECT_VOID, REDEAL_SAME_SEAT,
            before_down=(
                'rule 4 gives "no penalty ... for playing out of turn before play '
                'commences": the tile is taken back and the seat due to down lays the '
                "down; take the penalty out"
            ),
        ),
        PenaltyRule(
            "exposed", "Domino exposed to partner: hand void, re-dealt", 4, 8,
            EFFECT_VOID, REDEAL_SAME_SEAT,
            before_down=(
                "rule 4's exposed applies once play has commenced; a domino exposed "
                'before the down is rule 8: write "rule": "pickup_exposed" (the hand is '
                "re-dealt, no holes)"
            ),
            in_singles=(
                "rule 4's exposed penalises a domino shown to a partner, and in singles "
                "nobody has one: a domino exposed when picking up is rule 8 "
                '("pickup_exposed"); one shown during play costs nothing'
            ),
        ),
        PenaltyRule(
            "wont_go", "Laid a domino that won't go: it is out of play", 5, 8,
            EFFECT_WONT_GO, needs_tile=True,
        ),
        PenaltyRule(
            "false_knock", "Knocked while able to play (found at once)", 5, 8,
            EFFECT_FALSE_KNOCK,
        ),
        PenaltyRule(
            "held_after_knock", "Knocked while able to play (found later): set lost", 5, 0,
            EFFECT_HELD_AFTER_KNOCK,
        ),
        PenaltyRule(
            "pickup_exposed", "Domino exposed when picking up: hand void, re-dealt", 8, 0,
            EFFECT_VOID, REDEAL_SAME_SEAT, before_play=True,
        ),
)  # fmt: skip
PENALTY_RULES: dict[str, PenaltyRule] = {r.name: r for r in _PENALTIES}
# The rules in the order above, for every list of them a message or a form shows: the
# phone's MicroPython keeps no dict in the order it was written (docs/offline.md).
PENALTY_NAMES: tuple[str, ...] = tuple(r.name for r in _PENALTIES)

# The rules that void a hand: what a hand's ``"void": {"seat": S, "rule": R}`` may name.
VOID_RULES: tuple[str, ...] = tuple(
    n for n in PENALTY_NAMES if PENALTY_RULES[n].effect == EFFECT_VOID
)


def penalty_choices(ruleset: Ruleset | str, seats: int | None = None) -> list[tuple[str, str]]:
    """(rule name, label) for a form's choice list: the plain penalty ("") first, then each
    rule the ruleset allows (with ``seats`` 2, not the rules that need a partner); empty
    when the ruleset has no penalties."""
    rules = RULESETS[ruleset] if isinstance(ruleset, str) else ruleset
    if rules.penalty_holes is None:
        return []
    return [("", PLAIN_PENALTY.label)] + [
        (n, PENALTY_RULES[n].label)
        for n in rules.penalty_rules
        if not (seats == 2 and PENALTY_RULES[n].in_singles)
    ]


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    # The name the pages use for its rating list and its rulebook ("MSO rules").
    short_title: str = ""
    # Seat counts a record may use.  Seats sit in play order 0, 1, 2, 3; seats s and
    # s + 2 are partners, so seat s plays for side s % 2.  Every [a, b] pair in a record
    # (score, points, sets_won) is per side.
    seat_counts: tuple[int, ...] = (2,)
    tiles_per_seat: int = 7
    # The default match format: a set (leg) is won by reaching exactly `target` points
    # (a score that would pass it scores nothing, and the set ends the moment a side
    # reaches it); a match by the first side to win `sets_to_win` sets (so at most
    # `formats.MatchFormat.max_sets` sets).  A record's `match` may choose other values
    # among `allowed_targets` and `allowed_sets_to_win` (empty: only the default).
    target: int = 61
    sets_to_win: int = 2
    allowed_targets: tuple[int, ...] = ()
    allowed_sets_to_win: tuple[int, ...] = ()
    # May the down (the first tile of a hand) score the points that reach the target?
    down_may_win: bool = True
    # Extra points for laying one's last tile (0: none; the tile still scores by its ends).
    last_tile_bonus: int = 0
    # Points to the side holding the fewest pips when a hand is blocked (0: none).
    blocked_lowest_hand_bonus: int = 0
    # A hand is over when every seat of one side has laid all its tiles.
    # (For singles that is "when a player lays the last tile".)
    # Penalty entries {"penalty": {"seat": S, "reason": "..."}} in plays: None = not allowed;
    # N = the offender's side goes back N, or the opponents go up N when the offender's
    # side has fewer than N.
    penalty_holes: int | None = None
    # The named penalty rules (PENALTY_RULES) a penalty entry may give as "rule".
    penalty_rules: tuple[str, ...] = ()
    # May a tile laid where it does not fit stand ("A-B right stands")?
    stands_allowed: bool = False
    # First hand of each set: alternate across sets, or drawn (recorded, not checked).
    # Within a set the down passes to the next seat in play order (with two seats: it
    # alternates), the first hand started by the set's starter.
    set_starter: str = SET_STARTER_ALTERNATES

    def __post_init__(self) -> None:
        if not self.allowed_targets:
            object.__setattr__(self, "allowed_targets", (self.target,))
        if not self.allowed_sets_to_win:
            object.__setattr__(self, "allowed_sets_to_win", (self.sets_to_win,))


MSO = Ruleset(
    name="mso",
    title="Mind Sports Olympiad",
    short_title="MSO rules",
)

BNDCC = Ruleset(
    name="bndcc",
    title="British National Domino and Crib Championships",
    short_title="BNDCC rules",
    seat_counts=(2, 4),
    tiles_per_seat=6,
    allowed_targets=(61, 121),
    allowed_sets_to_win=(1, 2, 3),
    down_may_win=False,
    penalty_holes=8,
    penalty_rules=PENALTY_NAMES,
    stands_allowed=True,
    set_starter=SET_STARTER_DRAWN,
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (MSO, BNDCC)}
