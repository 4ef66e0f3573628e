"""The names the rest of the app may choose from: rulesets and tie-breaks, from their registries."""

from functools import cache


@cache
def known_rulesets() -> frozenset[str]:
    from scoring.rulesets import RULESETS

    return frozenset(RULESETS)


@cache
def known_tiebreaks() -> frozenset[str]:
    from ..standings import TIEBREAKS

    return frozenset(TIEBREAKS)

