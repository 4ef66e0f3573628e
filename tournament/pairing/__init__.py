"""Pure FIDE Dutch pairing: TRF(x) data in, pairings out.  Imports nothing from Django."""

from tournament.pairing.engine import (
    Board,
    InconsistentEvent,
    Pairing,
    PairingError,
    Unpairable,
    format_pairs,
    pair_next_round,
)
from tournament.pairing.explain import (
    BoardExplanation,
    PlayerExplanation,
    explain,
    format_explanation,
)
from tournament.pairing.trf import TrfError, TrfEvent, TrfPlayer, TrfResult, parse_trf, write_trf

__all__ = [
    "Board",
    "BoardExplanation",
    "InconsistentEvent",
    "Pairing",
    "PairingError",
    "PlayerExplanation",
    "TrfError",
    "TrfEvent",
    "TrfPlayer",
    "TrfResult",
    "Unpairable",
    "explain",
    "format_explanation",
    "format_pairs",
    "pair_next_round",
    "parse_trf",
    "write_trf",
]
