"""Property-based tests: random matches played by an independent simple player validate
at every depth, and every kind of corruption is caught with its own code."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import simulate as sim
from scoring import validate
from scoring.engine import _Validator

from ..json_paths import nodes, parent_of
from .records import codes

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _match(seed, rules=sim.MSO):
    kw = {"penalty_rate": 0.03} if rules.penalties else {}
    rec = sim.play_match(seed, rules, **kw)
    if rules.seats == 4:
        rec["seats"] = 4
    return rec


@FAST
@given(SEEDS)
def test_random_mso_matches_are_valid_at_every_depth(seed):
    rec = _match(seed)
    for depth in ("plays", "hands", "score"):
        r = validate(rec if depth == "plays" else sim.to_depth(rec, depth))
        assert r["errors"] == [], (depth, r["errors"][:3])
        assert r["valid"] and r["depth"] == depth
        assert r["winner"] == rec["result"]["winner"]
        assert [s["score"] for s in r["sets"]] == [s["score"] for s in rec["sets"]]


@FAST
@given(SEEDS)
def test_plays_without_deals_or_starters_are_valid(seed):
    rec = _match(seed)
    rec.pop("first_set_starter")
    for s in rec["sets"]:
        s.pop("starter")
        for h in s["hands"]:
            h.pop("deal")
            h.pop("starter")
    r = validate(rec)
    assert r["errors"] == []


@FAST
@given(SEEDS, st.sampled_from([sim.BNDCC_SINGLES, sim.BNDCC_PAIRS]))
def test_random_bndcc_matches_are_valid_at_every_depth(seed, rules):
    rec = _match(seed, rules)
    for depth in ("plays", "hands", "score"):
        r = validate(rec if depth == "plays" else sim.to_depth(rec, depth))
        assert r["errors"] == [], (depth, r["errors"][:3])


# ------------------------------------------------------------------ corruptions


def _hands(rec):
    return [(i, j, h) for i, s in enumerate(rec["sets"]) for j, h in enumerate(s["hands"])]


def _tile_plays(hand):
    """Indexes of turns (not the down) that lay a tile."""
    return [k for k, p in enumerate(hand["plays"]) if k > 0 and p != "knock"]


def _seat_of(hand, k, seats=2):
    return (hand["starter"] + k) % seats


def _tiles(text):
    a, b = text.split()[0].split("-")
    return int(a), int(b)


def _norm(text):
    a, b = _tiles(text)
    return (min(a, b), max(a, b))


def corrupt_points(rec, rng):
    i, j, h = rng.choice(_hands(rec))
    h["points"][rng.randrange(2)] += rng.randint(1, 5)
    return "points_mismatch"


def corrupt_hand_starter(rec, rng):
    i, j, h = rng.choice(_hands(rec))
    h["starter"] = 1 - h["starter"]
    return "starter_wrong"


def corrupt_set_starter(rec, rng):
    s = rng.choice(rec["sets"])
    s["starter"] = 1 - s["starter"]
    return "starter_wrong"


def corrupt_tile_not_held(rec, rng):
    cands = [(i, j, h, k) for i, j, h in _hands(rec) for k in _tile_plays(h)]
    i, j, h, k = rng.choice(cands)
    seat = _seat_of(h, k)
    mine = {_norm(t) for t in h["deal"][seat]}
    other = [t for t in sim.ALL_TILES if t not in mine]
    t = rng.choice(other)
    end = h["plays"][k].split()[1]
    h["plays"][k] = f"{t[0]}-{t[1]} {end}"
    return "tile_not_in_hand"


def corrupt_knock_while_able(rec, rng):
    cands = [(h, k) for _, _, h in _hands(rec) for k in _tile_plays(h)]
    h, k = rng.choice(cands)
    h["plays"][k] = "knock"
    return "illegal_knock"


def corrupt_play_after_end(rec, rng):
    i, j, h = rng.choice(_hands(rec))
    h["plays"].append("knock")
    last = j == len(rec["sets"][i]["hands"]) - 1
    return "play_after_set_end" if last else "play_after_hand_end"


def corrupt_hand_incomplete(rec, rng):
    cands = [h for i, j, h in _hands(rec) if j < len(rec["sets"][i]["hands"]) - 1]
    assume(cands)
    h = rng.choice(cands)
    h["plays"].pop()
    return "hand_incomplete"


def corrupt_set_score(rec, rng):
    s = rng.choice(rec["sets"])
    loser = 0 if s["score"][0] < 61 else 1
    s["score"][loser] += 1 if s["score"][loser] < 60 else -1
    return "hand_points_mismatch"


def corrupt_duplicate_dealt_tile(rec, rng):
    i, j, h = rng.choice(_hands(rec))
    h["deal"][1][rng.randrange(7)] = h["deal"][0][rng.randrange(7)]
    return "deal_invalid"


def corrupt_short_deal(rec, rng):
    i, j, h = rng.choice(_hands(rec))
    h["deal"][rng.randrange(2)].append("9-9")
    return "deal_invalid"


def corrupt_tile_does_not_match(rec, rng):
    cands = []
    for _, _, h in _hands(rec):
        left, right = _tiles(h["plays"][0])
        for k, p in enumerate(h["plays"][1:], start=1):
            if p == "knock":
                continue
            a, b = _tiles(p)
            end = p.split()[1]
            if end == "left":
                other = right
                left = b if a == left else a
            else:
                other = left
                right = b if a == right else a
            if other not in (a, b):
                cands.append((h, k, "right" if end == "left" else "left"))
    assume(cands)
    h, k, new_end = rng.choice(cands)
    h["plays"][k] = h["plays"][k].split()[0] + " " + new_end
    return "tile_does_not_match"


def corrupt_bad_tile(rec, rng):
    cands = [(h, k) for _, _, h in _hands(rec) for k in _tile_plays(h)]
    h, k = rng.choice(cands)
    h["plays"][k] = rng.choice(["7-1", "1-9", "x-2"]) + " left"
    return "bad_tile"


def corrupt_result(rec, rng):
    rec["result"]["winner"] = 1 - rec["result"]["winner"]
    return "result_mismatch"


def corrupt_extra_set(rec, rng):
    rec["sets"].append({"score": [61, 0]})
    return "match_shape"


CORRUPTIONS = [
    corrupt_points,
    corrupt_hand_starter,
    corrupt_set_starter,
    corrupt_tile_not_held,
    corrupt_knock_while_able,
    corrupt_play_after_end,
    corrupt_hand_incomplete,
    corrupt_set_score,
    corrupt_duplicate_dealt_tile,
    corrupt_short_deal,
    corrupt_tile_does_not_match,
    corrupt_bad_tile,
    corrupt_result,
    corrupt_extra_set,
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, st.integers(0, 2**32 - 1), st.sampled_from(CORRUPTIONS))
def test_each_corruption_is_caught_with_its_code(seed, choice, corrupt):
    rec = _match(seed)
    expected = corrupt(rec, random.Random(choice))
    report = validate(rec)
    assert not report["valid"]
    assert expected in codes(report), (corrupt.__name__, report["errors"][:4])


# Hands-depth and score-depth corruptions.


def h_corrupt_hand_points(rec, rng):
    s = rng.choice(rec["sets"])
    loser = 0 if s["score"][0] < 61 else 1
    hands = [h for h in s["hands"] if h["points"][loser] > 0]
    h = rng.choice(hands)
    h["points"][loser] -= 1
    return "hand_points_mismatch"


def h_corrupt_over_target(rec, rng):
    s = rng.choice(rec["sets"])
    winner = 0 if s["score"][0] == 61 else 1
    s["hands"][-1]["points"][winner] += rng.randint(1, 30)
    return "over_target"


def h_corrupt_hand_after_set_end(rec, rng):
    s = rng.choice(rec["sets"])
    s["hands"].append({"points": [0, 0]})
    return "play_after_set_end"


def h_corrupt_drop_hand(rec, rng):
    s = rng.choice(rec["sets"])
    assume(len(s["hands"]) > 1)
    dropped = s["hands"].pop(rng.randrange(len(s["hands"]) - 1))
    # A hand where nobody scored leaves the sums intact: only the starters then show it.
    assume(any(dropped["points"]))
    return "hand_points_mismatch"


def s_corrupt_set_score_invalid(rec, rng):
    s = rng.choice(rec["sets"])
    winner = 0 if s["score"][0] == 61 else 1
    s["score"][winner] = rng.choice([60, 62, 0, 10**100])
    return "set_score_invalid"


def s_corrupt_drop_set(rec, rng):
    rec["sets"].pop()  # the deciding set
    return "match_shape"


@settings(max_examples=80, deadline=None)
@given(
    SEEDS,
    st.integers(0, 2**32 - 1),
    st.sampled_from(
        [
            ("hands", h_corrupt_hand_points),
            ("hands", h_corrupt_over_target),
            ("hands", h_corrupt_hand_after_set_end),
            ("hands", h_corrupt_drop_hand),
            ("score", s_corrupt_set_score_invalid),
            ("score", s_corrupt_drop_set),
            ("score", corrupt_set_starter),
            ("score", corrupt_result),
        ]
    ),
)
def test_shallow_corruptions_are_caught(seed, choice, case):
    depth, corrupt = case
    rec = sim.to_depth(_match(seed), depth)
    expected = corrupt(rec, random.Random(choice))
    report = validate(rec)
    assert expected in codes(report), (corrupt.__name__, report["errors"][:4])


# ------------------------------------------------------------------ robustness

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["3-6", "6-0 right", "knock", "7-1", "mso", "bndcc", 61, 121,
                       "wont_go", "false_knock", "held_after_knock", "wrong_count",
                       "pickup_exposed", "1-2 left stands"]),  # fmt: skip
    lambda children: st.lists(children, max_size=6)
    | st.dictionaries(
        st.sampled_from(
            ["format", "ruleset", "sets", "score", "hands", "plays", "deal", "points",
             "starter", "result", "winner", "sets_won", "players", "penalty", "seat",
             "seats", "first_set_starter", "rule", "tile", "void", "awarded_to", "match",
             "target", "sets_to_win"]  # fmt: skip
        ),
        children,
        max_size=6,
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_never_raises_on_arbitrary_values(value):
    report = _Validator().run(value)  # no safety net: must not raise
    assert report["valid"] in (True, False)
    assert all(set(e) == {"path", "code", "message"} for e in report["errors"])


def _replace_a_node(rec, choice, value):
    """One node of `rec` (not the whole), chosen by `choice`, replaced by `value`."""
    target = random.Random(choice).choice(list(nodes(rec))[1:])
    parent_of(rec, target)[target[-1]] = copy.deepcopy(value)


@settings(max_examples=200, deadline=None)
@given(SEEDS, st.integers(0, 2**32 - 1), JSON, st.sampled_from([sim.MSO, sim.BNDCC_PAIRS]))
def test_never_raises_on_mutated_records(seed, choice, value, rules):
    rec = _match(seed % 1000, rules)
    _replace_a_node(rec, choice, value)
    report = _Validator().run(rec)
    json.dumps(report)  # JSON-able


# ------------------------------------------------------------------ bndcc: every penalty kind


def _rich(seed, rules):
    rec = sim.play_match(seed, rules, penalty_rate=0.05, penalty_kinds=sim.ALL_KINDS)
    if rules.seats == 4:
        rec["seats"] = 4
    return rec


PAIRS_OR_SINGLES = st.sampled_from([sim.BNDCC_SINGLES, sim.BNDCC_PAIRS])


@FAST
@given(SEEDS, PAIRS_OR_SINGLES)
def test_random_matches_with_every_penalty_kind_are_valid_at_every_depth(seed, rules):
    rec = _rich(seed, rules)
    for depth in ("plays", "hands", "score"):
        r = validate(rec if depth == "plays" else sim.to_depth(rec, depth))
        assert r["errors"] == [], (depth, r["errors"][:3])
        assert r["winner"] == rec["result"]["winner"]


@FAST
@given(SEEDS, PAIRS_OR_SINGLES)
def test_penalty_plays_without_deals_voids_or_starters_are_valid(seed, rules):
    rec = _rich(seed, rules)
    rec.pop("first_set_starter")
    for s in rec["sets"]:
        for h in s["hands"]:
            h.pop("deal", None)
            h.pop("void", None)
    assert validate(rec)["errors"] == []


def _entries(rec, want):
    """(set, hand index, hand, entry index) of every penalty entry whose rule is `want`."""
    out = []
    for s in rec["sets"]:
        for j, h in enumerate(s["hands"]):
            for k, p in enumerate(h["plays"]):
                if isinstance(p, dict) and p["penalty"].get("rule", "none") == want:
                    out.append((s, j, h, k))
    return out


def p_corrupt_awarded_to(rec, rng):
    sets = [s for s in rec["sets"] if "awarded_to" in s]
    assume(sets)
    s = rng.choice(sets)
    s["awarded_to"] = 1 - s["awarded_to"]
    return "set_score_invalid"


def p_corrupt_drop_held_penalty(rec, rng):
    cands = _entries(rec, "held_after_knock")
    assume(cands)
    s, j, h, k = rng.choice(cands)
    del h["plays"][k]  # the knock is an illegal knock again
    return "illegal_knock"


def p_corrupt_redeal_starter(rec, rng):
    cands = [(s, j) for s in rec["sets"] for j, h in enumerate(s["hands"][:-1])
             if isinstance(h["plays"][-1], dict) and h["plays"][-1]["penalty"].get("rule")
             in sim.VOIDING]  # fmt: skip
    assume(cands)
    s, j = rng.choice(cands)
    nxt = s["hands"][j + 1]
    nxt["starter"] = (nxt["starter"] + rng.randrange(1, len(rec["players"]))) % len(
        rec["players"]
    )
    return "starter_wrong"


def p_corrupt_wont_go_tile(rec, rng):
    cands = _entries(rec, "wont_go")
    assume(cands)
    s, j, h, k = rng.choice(cands)
    del h["plays"][k]["penalty"]["tile"]
    return "bad_format"


def p_corrupt_false_knock_before_its_knock(rec, rng):
    cands = _entries(rec, "false_knock")
    assume(cands)
    s, j, h, k = rng.choice(cands)
    h["plays"][k - 1], h["plays"][k] = h["plays"][k], h["plays"][k - 1]
    return "illegal_knock"


def p_corrupt_turn_after_void(rec, rng):
    cands = [(s, j, h) for s in rec["sets"] for j, h in enumerate(s["hands"][:-1])
             if isinstance(h["plays"][-1], dict) and h["plays"][-1]["penalty"].get("rule")
             in sim.VOIDING]  # fmt: skip
    assume(cands)
    s, j, h = rng.choice(cands)
    h["plays"].append("knock")
    return "play_after_hand_end"


def p_corrupt_void_key(rec, rng):
    cands = [h for s in rec["sets"] for h in s["hands"] if "void" in h]
    assume(cands)
    h = rng.choice(cands)
    h["void"]["seat"] = (h["void"]["seat"] + 1) % len(rec["players"])
    return "points_mismatch"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    SEEDS,
    st.integers(0, 2**32 - 1),
    PAIRS_OR_SINGLES,
    st.sampled_from([
        p_corrupt_awarded_to, p_corrupt_drop_held_penalty, p_corrupt_redeal_starter,
        p_corrupt_wont_go_tile, p_corrupt_false_knock_before_its_knock,
        p_corrupt_turn_after_void, p_corrupt_void_key,
    ]),
)  # fmt: skip
def test_each_penalty_corruption_is_caught_with_its_code(seed, choice, rules, corrupt):
    rec = _rich(seed, rules)
    expected = corrupt(rec, random.Random(choice))
    report = validate(rec)
    assert not report["valid"]
    assert expected in codes(report), (corrupt.__name__, report["errors"][:4])


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.integers(0, 2**32 - 1), JSON)
def test_never_raises_on_mutated_penalty_records(seed, choice, value):
    rec = _rich(seed % 1000, sim.BNDCC_PAIRS)
    _replace_a_node(rec, choice, value)
    json.dumps(_Validator().run(rec))
