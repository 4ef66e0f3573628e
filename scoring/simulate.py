"""A deliberately plain random player of Fives and Threes: demo events, tests and benchmarks.

It shares no code with the rules engine (it keeps the line of play as a list of tiles and
reads the open ends off it), so the property tests that check the engine against it prove
something.

``play_match(seed, rules)`` plays a whole match.  Under a ruleset with penalties,
``penalty_rate`` adds plain 8-hole penalties; ``penalty_kinds`` (a tuple of rule names of
shared/spec/bndcc.md, or ``ALL_KINDS``) instead draws, at that rate before each turn, an
offence of one of those kinds and plays out its consequences: void hands and re-deals,
tiles that won't go either end, false knocks, knocks held back (the set awarded, also
on the turnover after the offenders reached the target), rule 4's exposure only in pairs,
and tiles that stand where they do not fit ("stands", no penalty).  ``match={"target": T,
"sets_to_win": W}`` plays another match format and writes it in the record.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class SimRules:
    name: str = "mso"
    seats: int = 2
    per_seat: int = 7
    target: int = 61
    down_may_win: bool = True
    drawn_starters: bool = False
    penalties: bool = False
    sets_to_win: int = 2


MSO = SimRules()
BNDCC_SINGLES = SimRules("bndcc", 2, 6, 61, False, True, True)
BNDCC_PAIRS = SimRules("bndcc", 4, 6, 61, False, True, True)

ALL_TILES = [(a, b) for a in range(7) for b in range(a, 7)]

# The penalty kinds of shared/spec/bndcc.md ("none": a plain penalty), and "stands".
ALL_KINDS = (
    "none", "wrong_count", "out_of_turn", "exposed", "wont_go", "false_knock",
    "held_after_knock", "pickup_exposed", "stands",
)  # fmt: skip
VOIDING = ("wrong_count", "out_of_turn", "exposed", "pickup_exposed")
HOLES = {"held_after_knock": 0, "pickup_exposed": 0}  # every other kind costs 8


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


class _Hand:
    """One hand being played; ``void`` and ``awarded`` say how an offence ended it."""

    def __init__(self, rng, rules, starter, before, penalty_rate, greedy, kinds):
        self.rng, self.rules, self.starter, self.before = rng, rules, starter, before
        self.rate, self.greedy, self.kinds = penalty_rate, greedy, kinds
        self.points = [0, 0]
        self.plays: list = []
        self.line: list[tuple[int, int]] = []
        self.left = self.right = 0
        self.won = False
        self.void = None  # (seat, rule)
        self.awarded = None  # side
        self.held_back = None  # a seat that knocked while able, penalty not yet written
        self.knocks = 0

    # -- points

    def give(self, side, pts, is_down=False):
        if pts == 0:
            return
        new = self.before[side] + self.points[side] + pts
        if new > self.rules.target:
            return
        if new == self.rules.target and is_down and not self.rules.down_may_win:
            return
        self.points[side] = self.points[side] + pts
        if new == self.rules.target:
            self.won = True

    def penalise(self, seat, holes=8):
        if holes == 0:
            return
        side = seat % 2
        if self.before[side] + self.points[side] >= holes:
            self.points[side] -= holes
        else:
            self.give(1 - side, holes)

    def write_penalty(self, seat, rule=None, **extra):
        entry = {"seat": seat}
        if rule is not None:
            entry["rule"] = rule
        entry.update(extra)
        entry["reason"] = "played out of turn" if rule is None else rule.replace("_", " ")
        self.plays.append({"penalty": entry})

    # -- the hand

    def play(self):
        rng, rules = self.rng, self.rules
        tiles = ALL_TILES[:]
        rng.shuffle(tiles)
        n, k = rules.seats, rules.per_seat
        hands = [tiles[i * k : (i + 1) * k] for i in range(n)]
        self.deal = [[_write(t, rng) for t in h] for h in hands]
        self.held = [list(h) for h in hands]
        if self.kinds and rng.random() < self.rate:
            early = [r for r in ("wrong_count", "pickup_exposed") if r in self.kinds]
            if early:
                return self.void_before_play(rng.choice(early))
        self.lay_down()
        seat = self.starter
        while not self.won:
            if self.kinds is None:
                self.maybe_penalty()
            if self.won or self.hand_over():
                break
            seat = (seat + 1) % n
            while not self.held[seat]:
                seat = (seat + 1) % n
            if self.kinds is not None:
                taken = self.offence(seat)
                if self.won or self.void is not None:
                    break
                if taken:
                    continue
            self.turn(seat)
        if self.held_back is not None:  # found on the turnover
            self.hold_back_found()
        return self.hand_record()

    def hand_over(self):
        n = self.rules.seats
        if any(all(not self.held[s] for s in range(x, n, 2)) for x in (0, 1)):
            return True
        return self.knocks >= len([s for s in range(n) if self.held[s]])

    def void_before_play(self, rule):
        seat = self.rng.randrange(self.rules.seats)
        self.write_penalty(seat, rule)
        self.penalise(seat, HOLES.get(rule, 8))
        self.void = (seat, rule)
        self.deal = None
        return self.hand_record()

    def hand_record(self):
        hand = {"starter": self.starter, "points": list(self.points)}
        if self.deal is not None:
            hand["deal"] = self.deal
        hand["plays"] = self.plays
        if self.void is not None and (self.kinds is None or self.rng.random() < 0.5):
            hand["void"] = {"seat": self.void[0], "rule": self.void[1]}
        return hand

    def maybe_penalty(self):
        rng, rules = self.rng, self.rules
        if rules.penalties and rng.random() < self.rate:
            seat = rng.randrange(rules.seats)
            self.plays.append({"penalty": {"seat": seat, "reason": "played out of turn"}})
            self.penalise(seat)

    def lay_down(self):
        rng, seat = self.rng, self.starter
        tile = rng.choice(self.held[seat])
        self.held[seat].remove(tile)
        if rng.random() < 0.5:
            tile = (tile[1], tile[0])
        self.plays.append(f"{tile[0]}-{tile[1]}")
        self.line.append(tile)
        self.left, self.right = tile[0], tile[1]
        self.give(seat % 2, fives_and_threes(count_ends(self.line, *tile)), is_down=True)

    def options(self, seat):
        out = []
        for t in self.held[seat]:
            if self.left in t:
                out.append((t, "left"))
            if self.right in t:
                out.append((t, "right"))
        return out

    def turn(self, seat, scores=True):
        rng = self.rng
        options = self.options(seat)
        if not options:
            self.plays.append("knock")
            self.knocks += 1
            return
        self.knocks = 0
        if rng.random() < self.greedy:
            # Prefer the move that scores most (ties at random).
            scored = []
            for t, end in options:
                trial = _lay(self.line, self.left, self.right, t, end)
                scored.append((fives_and_threes(count_ends(*trial)), rng.random(), t, end))
            scored.sort(reverse=True)
            _, _, t, end = scored[0]
        else:
            t, end = rng.choice(options)
        if self.held_back is not None and scores:
            trial = _lay(self.line, self.left, self.right, t, end)
            side = seat % 2
            pts = fives_and_threes(count_ends(*trial))
            if pts and self.before[side] + self.points[side] + pts == self.rules.target:
                if side != self.held_back % 2 or rng.random() < 0.5:
                    self.hold_back_found()  # found before the set could be won otherwise
                    return
                # else the offenders reach the target and it is found on the turnover
        self.held[seat].remove(t)
        self.line, self.left, self.right = _lay(self.line, self.left, self.right, t, end)
        self.plays.append(f"{_write(t, rng)} {end}")
        if scores:
            self.give(seat % 2, fives_and_threes(count_ends(self.line, self.left, self.right)))

    # -- offences (penalty_kinds)

    def offence(self, seat):
        """Maybe an offence by the seat to play; True when it took the seat's turn."""
        rng = self.rng
        if self.held_back is not None:
            if rng.random() < 0.3:
                self.hold_back_found()
                return True
            return False
        if rng.random() >= self.rate:
            return False
        kind = rng.choice(self.kinds)
        if kind == "none":
            offender = rng.randrange(self.rules.seats)
            self.write_penalty(offender)
            self.penalise(offender)
            return False
        elif kind == "exposed" and self.rules.seats == 2:
            return False  # rule 4's exposure is to a partner: none in singles
        elif kind in ("wrong_count", "out_of_turn", "exposed"):
            offender = rng.randrange(self.rules.seats)
            self.write_penalty(offender, kind)
            self.penalise(offender)
            self.void = (offender, kind)
        elif kind == "wont_go":
            return self.wont_go(seat)
        elif kind in ("false_knock", "held_after_knock") and self.options(seat):
            self.plays.append("knock")
            if kind == "held_after_knock":
                self.knocks += 1
                self.held_back = seat
                return True
            self.write_penalty(seat, "false_knock")
            self.penalise(seat)
            if not self.won:
                self.turn(seat, scores=False)
        elif kind == "stands":
            return self.stands(seat)
        else:
            return False
        return True

    def wont_go(self, seat):
        # Only a domino that will go at neither end (rule 5); there must be another left.
        misfits = [t for t in self.held[seat] if self.left not in t and self.right not in t]
        if not misfits or len(self.held[seat]) < 2:
            return False
        t = self.rng.choice(misfits)
        self.held[seat].remove(t)
        self.write_penalty(seat, "wont_go", tile=_write(t, self.rng))
        self.penalise(seat)
        return False  # the offender's turn goes on

    def hold_back_found(self):
        seat, self.held_back = self.held_back, None
        self.write_penalty(seat, "held_after_knock")
        self.awarded = 1 - seat % 2
        self.won = True

    def stands(self, seat):
        rng = self.rng
        end = rng.choice(["left", "right"])
        value = self.left if end == "left" else self.right
        misfits = [t for t in self.held[seat] if value not in t]
        if not misfits:
            return False
        t = rng.choice(misfits)
        self.held[seat].remove(t)
        x, y = (t[1], t[0]) if rng.random() < 0.5 else t  # x goes against the end
        if end == "left":
            self.line = [(y, x)] + self.line
            self.left = y
        else:
            self.line = self.line + [(x, y)]
            self.right = y
        self.plays.append(f"{x}-{y} {end} stands")
        self.knocks = 0
        self.give(seat % 2, fives_and_threes(count_ends(self.line, self.left, self.right)))
        return True


def play_hand(rng, rules, starter, before, *, penalty_rate=0.0, greedy=0.5, penalty_kinds=None):
    """Returns the hand dict and its points per side and whether the set was over."""
    h = _Hand(rng, rules, starter, before, penalty_rate, greedy, penalty_kinds)
    hand = h.play()
    return hand, h.points, h.won


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
        h = _Hand(rng, rules, hand_starter, list(totals), kw.get("penalty_rate", 0.0),
                  kw.get("greedy", 0.5), kw.get("penalty_kinds"))  # fmt: skip
        hands.append(h.play())
        pts = h.points
        totals = [totals[0] + pts[0], totals[1] + pts[1]]
        if h.won:
            out = {"starter": starter, "score": totals, "hands": hands}
            if h.awarded is not None:
                out["awarded_to"] = h.awarded
            return out
        if len(hands) > 400:  # a set that never ends would be a bug in this player
            raise RuntimeError("set did not finish")
        if h.void is None:
            hand_starter = (hand_starter + 1) % rules.seats
        elif h.void[1] == "wrong_count":
            hand_starter = (h.void[0] + 1) % rules.seats
        # out_of_turn, exposed, pickup_exposed: the same seat downs the re-deal


def play_match(seed, rules=MSO, first_set_starter=None, match=None, **kw):
    rng = random.Random(seed)
    if match is not None:
        rules = replace(rules, target=match["target"], sets_to_win=match["sets_to_win"])
    fss = rng.randrange(rules.seats) if first_set_starter is None else first_set_starter
    sets = []
    wins = [0, 0]
    starter = fss
    need = rules.sets_to_win
    while max(wins) < need:
        if rules.drawn_starters and sets:
            starter = rng.randrange(rules.seats)
        elif sets:
            starter = (starter + 1) % rules.seats
        s = play_set(rng, rules, starter, **kw)
        sets.append(s)
        if "awarded_to" in s:
            wins[s["awarded_to"]] += 1
        else:
            wins[0 if s["score"][0] == rules.target else 1] += 1
    names = ["Ann Lee", "Bo Park", "Cy Dee", "Di Fox"][: rules.seats]
    record = {
        "format": "fives-and-threes-match/1",
        "ruleset": rules.name,
        "players": names,
        "first_set_starter": fss,
        "sets": sets,
        "result": {"winner": 0 if wins[0] == need else 1, "sets_won": wins},
    }
    if match is not None:
        record["match"] = dict(match)
    return record


def to_depth(record, depth):
    """A copy of a play-depth record reduced to 'hands' or 'score' depth (a void hand
    keeps, or gains, its ``void``: at hands depth that is how a void hand is written)."""
    rec = copy.deepcopy(record)
    for s in rec["sets"]:
        if depth == "score":
            s.pop("hands", None)
        else:
            for h in s.get("hands", []):
                plays = h.pop("plays", None)
                h.pop("deal", None)
                last = plays[-1] if plays else None
                if "void" not in h and isinstance(last, dict):
                    pen = last["penalty"]
                    if pen.get("rule") in VOIDING:
                        h["void"] = {"seat": pen["seat"], "rule": pen["rule"]}
    return rec
