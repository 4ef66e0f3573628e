"""Small builders for match records used by the scoring tests."""

from __future__ import annotations

import copy

FORMAT = "fives-and-threes-match/1"

# The worked example of docs/spec: a whole blocked hand scoring [5, 9].
EXAMPLE_DEAL = [
    ["0-1", "0-5", "1-3", "1-4", "2-3", "3-6", "5-5"],
    ["0-6", "1-6", "2-2", "2-5", "4-5", "4-6", "5-6"],
]
EXAMPLE_PLAYS = [
    "3-6", "6-0 right", "3-1 left", "1-6 left", "0-5 right", "5-6 right",
    "knock", "6-4 left", "1-4 left", "knock", "0-1 left", "knock", "knock",
]  # fmt: skip


def example_hand(**extra):
    hand = {
        "starter": 0,
        "points": [5, 9],
        "deal": copy.deepcopy(EXAMPLE_DEAL),
        "plays": list(EXAMPLE_PLAYS),
    }
    hand.update(extra)
    return hand


def match(sets, ruleset="mso", **extra):
    rec = {"format": FORMAT, "ruleset": ruleset, "sets": sets}
    rec.update(extra)
    return rec


def score_match(*scores, **extra):
    """A score-depth match from set scores, e.g. score_match([61, 40], [61, 3])."""
    return match([{"score": list(s)} for s in scores], **extra)


def example_match():
    """A valid mso match whose first set opens with the spec's example hand."""
    return match(
        [
            {
                "starter": 0,
                "score": [61, 9],
                "hands": [example_hand(), {"starter": 1, "points": [56, 0]}],
            },
            {"starter": 1, "score": [40, 61]},
            {"starter": 0, "score": [61, 60]},
        ],
        players=["Ann Lee", "Bo Park"],
        first_set_starter=0,
        result={"winner": 0, "sets_won": [2, 1]},
    )


def codes(report):
    return [e["code"] for e in report["errors"]]


def paths(report, code=None):
    return [e["path"] for e in report["errors"] if code is None or e["code"] == code]
