"""Pure standings computation: match points, tie-breaks, ranks and explanations.

Takes plain data (:class:`Player`, :class:`BoardResult`, :class:`Points`) and returns plain
data; imports nothing from Django and never touches a database. The rules are in
shared/spec/tiebreaks.md; the choices made where the spec leaves room are documented
in :mod:`tournament.standings.metrics` and :mod:`tournament.standings.records`.
"""

from .compute import (
    Standings,
    build_standings,
    compute_standings,
    match_points,
    player_rounds,
    tied_groups,
)
from .metrics import (
    LABELS,
    MSO_ORDER,
    TIEBREAKS,
    NumericTiebreak,
    Tiebreak,
    best_round,
    describe_order,
    explain_order,
    format_value,
    get_tiebreak,
    label,
    numeric,
    register,
    set_score_labels,
    validate_order,
)
from .plain import (
    MATCH_KINDS,
    BoardResult,
    Player,
    Points,
    RoundLine,
    Row,
    StepNote,
    TiedGroup,
    set_winner,
    set_winners,
    withdrawn_words,
)

__all__ = [
    "LABELS",
    "MATCH_KINDS",
    "MSO_ORDER",
    "TIEBREAKS",
    "BoardResult",
    "NumericTiebreak",
    "Player",
    "Points",
    "RoundLine",
    "Row",
    "Standings",
    "StepNote",
    "Tiebreak",
    "TiedGroup",
    "best_round",
    "build_standings",
    "compute_standings",
    "describe_order",
    "explain_order",
    "format_value",
    "get_tiebreak",
    "label",
    "match_points",
    "numeric",
    "player_rounds",
    "register",
    "set_score_labels",
    "set_winner",
    "set_winners",
    "tied_groups",
    "validate_order",
    "withdrawn_words",
]
