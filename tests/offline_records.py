"""Match records for checking the phone's rules engine against the server's: legal ones
from scoring.simulate under both rulesets (singles and pairs, penalties of every kind), at
every depth, and as many broken ones, each broken in one of several ways."""

from __future__ import annotations

import copy
import random

from scoring import simulate as sim


def _break(record: dict, rng: random.Random) -> dict:
    """A copy broken one way: a set score, a hand's points, a play, the winner, a seat."""
    rec = copy.deepcopy(record)
    s = rng.choice(rec["sets"])
    hands = s.get("hands") or []
    plays = [h for h in hands if h.get("plays")]
    way = rng.choice(["score", "points", "play", "winner", "starter", "drop_hand"])
    if way == "points" and hands:
        h = rng.choice(hands)
        if "points" in h:
            h["points"][rng.randrange(2)] += 5
            return rec
    if way == "play" and plays:
        h = rng.choice(plays)
        i = rng.randrange(len(h["plays"]))
        h["plays"][i] = "knock" if h["plays"][i] != "knock" else "6-6 left"
        return rec
    if way == "starter":
        s["starter"] = (s["starter"] + 1) % len(rec["players"])
        return rec
    if way == "drop_hand" and len(hands) > 1:
        hands.pop(rng.randrange(len(hands)))
        return rec
    if way == "winner":
        rec["result"]["winner"] = 1 - rec["result"]["winner"]
        return rec
    s["score"][rng.randrange(2)] -= 3
    return rec


def records(per_ruleset: int = 12) -> list[tuple[str, dict]]:
    """(label, record): per_ruleset seeds x 3 rulesets x 3 depths, legal and broken."""
    out = []
    rng = random.Random(19)
    for rules, kw in ((sim.MSO, {}),
                      (sim.BNDCC_SINGLES, {"penalty_rate": 0.04, "penalty_kinds": sim.ALL_KINDS}),
                      (sim.BNDCC_PAIRS, {"penalty_rate": 0.04, "penalty_kinds": sim.ALL_KINDS})):
        for seed in range(per_ruleset):
            played = sim.play_match(seed, rules, **kw)
            for depth in ("plays", "hands", "score"):
                rec = played if depth == "plays" else sim.to_depth(played, depth)
                label = f"{rules.name}/{rules.seats} seed {seed} {depth}"
                out.append((label, rec))
                out.append((label + " broken", _break(rec, rng)))
    return out
