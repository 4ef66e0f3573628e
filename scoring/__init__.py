"""Rules engine for Fives and Threes match records (no Django imports here)."""

from .engine import FORMAT, exit_code, replay, validate, validate_json
from .rulesets import RULESETS, Ruleset

__all__ = ["FORMAT", "RULESETS", "Ruleset", "exit_code", "replay", "validate", "validate_json"]
