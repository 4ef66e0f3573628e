"""The Fives and Threes rating (shared/spec/ratings.md), as a pure core: plain matches in,
ratings out; no Django. `tournament/reads/rating_lists.py` feeds it from the database."""

from .core import (
    MODEL,
    RatedMatch,
    Standing,
    Step,
    initial,
    ordinal,
    rate_all,
    rate_match,
)

__all__ = ["MODEL", "RatedMatch", "Standing", "Step", "initial", "ordinal", "rate_all",
           "rate_match"]
