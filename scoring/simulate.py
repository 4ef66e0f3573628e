"""A deliberately plain random player of Fives and Threes: demo events, tests and benchmarks.

It shares no code with the rules engine (it keeps the line of play as a list of tiles and
reads the open ends off it), so the property tests that check the engine against it prove
something.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class SimRules:
    name: str = "mso"
    seats: int = 2
    per_seat: int = 7
    target: int = 61
    down_may_win: bool = True
    drawn_starters: bool = False
    penalties: bool = False


MSO = SimRules()
BNDCC_SINGLES = SimRules("bndcc", 2, 6, 61, False, True, True)
BNDCC_PAIRS = SimRules("bndcc", 4, 6, 61, False, True, True)

ALL_TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def fives_and_threes(total: int) -> int:
    points = 0
    if total > 0 and total % 5 == 0:
        points = points + total // 5
    if total > 0 and total % 3 == 0:
        points = points + total // 3
    return points


def count_ends(line: list[tuple[int, int]], left: int, right: int) -> int:
    """line: tiles as laid, left to right, each oriented (outer-left, outer-right)."""
    if len(line) == 1:
        return line[0][0] + line[0][1]
    first, last = line[0], line[-1]
    total = 0
    total += left * 2 if first[0] == first[1] else left
    total += right * 2 if last[0] == last[1] else right
    return total


def play_hand(rng, rules, starter, before, *, penalty_rate=0.0, greedy=0.5):
    """Returns the hand dict and its points per side and whether the set was won."""
    tiles = ALL_TILES[:]
    rng.shuffle(tiles)
    n, k = rules.seats, rules.per_seat
    hands = [tiles[i * k : (i + 1) * k] for i in range(n)]
    deal = [[_write(t, rng) for t in h] for h in hands]
    held = [list(h) for h in hands]
    points = [0, 0]
    plays = []
    line: list[tuple[int, int]] = []
    won = False

    def give(side, pts, is_down=False):
        nonlocal won
        if pts == 0:
            return
        new = before[side] + points[side] + pts
        if new > rules.target:
            return
        if new == rules.target and is_down and not rules.down_may_win:
            return
        points[side] = points[side] + pts
        if new == rules.target:
            won = True

    def maybe_penalty():
        if rules.penalties and rng.random() < penalty_rate:
            seat = rng.randrange(n)
            plays.append({"penalty": {"seat": seat, "reason": "played out of turn"}})
            side = seat % 2
            if before[side] + points[side] >= 8:
                points[side] -= 8
            else:
                give(1 - side, 8)

    # The down.
    seat = starter
    tile = rng.choice(held[seat])
    held[seat].remove(tile)
    if rng.random() < 0.5:
        tile = (tile[1], tile[0])
    plays.append(f"{tile[0]}-{tile[1]}")
    line.append(tile)
    left, right = tile[0], tile[1]
    give(seat % 2, fives_and_threes(count_ends(line, left, right)), is_down=True)
    knocks = 0
    while not won:
        maybe_penalty()
        if won:
            break
        if any(len(held[s]) == 0 for s in range(n)):
            side_out = [all(len(held[s]) == 0 for s in range(x, n, 2)) for x in (0, 1)]
            if any(side_out):
                break
        in_play = [s for s in range(n) if held[s]]
        if knocks >= len(in_play):
            break
        seat = (seat + 1) % n
        while not held[seat]:
            seat = (seat + 1) % n
        options = []
        for t in held[seat]:
            if left in t:
                options.append((t, "left"))
            if right in t:
                options.append((t, "right"))
        if not options:
            plays.append("knock")
            knocks += 1
            continue
        knocks = 0
        if rng.random() < greedy:
            # Prefer the move that scores most (ties at random).
            scored = []
            for t, end in options:
                trial = _lay(line, left, right, t, end)
                scored.append((fives_and_threes(count_ends(*trial)), rng.random(), t, end))
            scored.sort(reverse=True)
            _, _, t, end = scored[0]
        else:
            t, end = rng.choice(options)
        held[seat].remove(t)
        line, left, right = _lay(line, left, right, t, end)
        plays.append(f"{_write(t, rng)} {end}")
        give(seat % 2, fives_and_threes(count_ends(line, left, right)))
    hand = {"starter": starter, "points": list(points), "deal": deal, "plays": plays}
    return hand, points, won


def _lay(line, left, right, t, end):
    a, b = t
    if end == "left":
        outer = b if a == left else a
        return [(outer, left)] + line, outer, right
    outer = b if a == right else a
    return line + [(right, outer)], left, outer


def _write(t, rng):
    a, b = t
    if rng.random() < 0.5:
        a, b = b, a
    return f"{a}-{b}"


def play_set(rng, rules, starter, **kw):
    totals = [0, 0]
    hands = []
    hand_starter = starter
    while True:
        hand, pts, won = play_hand(rng, rules, hand_starter, list(totals), **kw)
        hands.append(hand)
        totals = [totals[0] + pts[0], totals[1] + pts[1]]
        if won:
            return {"starter": starter, "score": totals, "hands": hands}
        if len(hands) > 200:  # a set that never ends would be a bug in this player
            raise RuntimeError("set did not finish")
        hand_starter = (hand_starter + 1) % rules.seats


def play_match(seed, rules=MSO, first_set_starter=None, **kw):
    rng = random.Random(seed)
    fss = rng.randrange(rules.seats) if first_set_starter is None else first_set_starter
    sets = []
    wins = [0, 0]
    starter = fss
    while max(wins) < 2:
        if rules.drawn_starters and sets:
            starter = rng.randrange(rules.seats)
        elif sets:
            starter = (starter + 1) % rules.seats
        s = play_set(rng, rules, starter, **kw)
        sets.append(s)
        wins[0 if s["score"][0] == rules.target else 1] += 1
    names = ["Ann Lee", "Bo Park", "Cy Dee", "Di Fox"][: rules.seats]
    return {
        "format": "fives-and-threes-match/1",
        "ruleset": rules.name,
        "players": names,
        "first_set_starter": fss,
        "sets": sets,
        "result": {"winner": 0 if wins[0] == 2 else 1, "sets_won": wins},
    }


def to_depth(record, depth):
    """A copy of a play-depth record reduced to 'hands' or 'score' depth."""
    import copy

    rec = copy.deepcopy(record)
    for s in rec["sets"]:
        if depth == "score":
            s.pop("hands", None)
        else:
            for h in s.get("hands", []):
                h.pop("plays", None)
                h.pop("deal", None)
    return rec
