"""The names the rest of the app may choose from: rulesets and tie-breaks, from their registries."""

from functools import cache


@cache
def known_rulesets() -> frozenset[str]:
    from scoring.rulesets import RULESETS

    return frozenset(RULESETS)


def ruleset_titles() -> dict[str, str]:
    """{name: short title} of every ruleset, in RULESETS' order ("mso": "MSO rules")."""
    from scoring.rulesets import RULESETS

    return {name: r.short_title or name for name, r in RULESETS.items()}


@cache
def known_tiebreaks() -> frozenset[str]:
    from ..standings import TIEBREAKS

    return frozenset(TIEBREAKS)

