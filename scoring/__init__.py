"""Rules engine for Fives and Threes match records (no Django imports here)."""

from .engine import FORMAT, exit_code, replay, validate, validate_json
from .formats import MatchFormat, MatchFormatError, match_format
from .rulesets import PENALTY_RULES, RULESETS, VOID_RULES, PenaltyRule, Ruleset, penalty_choices
from .starters import hand_starters, next_hand_starter, set_starter, sets_alternate

__all__ = [
    "FORMAT",
    "PENALTY_RULES",
    "RULESETS",
    "VOID_RULES",
    "MatchFormat",
    "MatchFormatError",
    "PenaltyRule",
    "Ruleset",
    "exit_code",
    "hand_starters",
    "match_format",
    "next_hand_starter",
    "penalty_choices",
    "replay",
    "set_starter",
    "sets_alternate",
    "validate",
    "validate_json",
]
