"""The names the rest of the app may choose from: rulesets and tie-breaks, from their registries."""

from functools import cache


@cache
def known_rulesets() -> frozenset[str]:
    from scoring.rulesets import RULESETS

    return frozenset(RULESETS)


@cache
def known_tiebreaks() -> frozenset[str]:
    from .standings import TIEBREAKS

    return frozenset(TIEBREAKS)


def pairing_starts_set_one(ruleset: str) -> bool:
    """Whether the Swiss colour decides who starts set 1 (side 0, "white"): so where
    set starters alternate; where they are drawn before each set (bndcc), the draw does.
    The rule itself lives with the validator's (scoring.starters)."""
    from scoring.starters import sets_alternate

    return sets_alternate(ruleset)
