"""The pairs demo event: 12 pairs under the BNDCC rules, three rounds played, round 4 live.

Built through the actions the screens call. Its records come from scoring.simulate, which
plays out every BNDCC offence with its consequences, so each one passes the validator.
The first boards carry one offence each, at the depth an arbiter might have written it,
so the demo always shows every kind of penalty; the other boards draw theirs at random.
"""

from scoring.simulate import ALL_KINDS, BNDCC_PAIRS, play_match, to_depth
from tournament.actions import attendance, entrants, events, results, rounds
from tournament.models import Attendance

from .linking import link_everyone
from .names import PAIRS
from .singles import csv_text, free_slug, wanted_winner

NAME = "Staffordshire Pairs Championship"
FORMAT = {"target": 61, "sets_to_win": 2}
ROUNDS_PLANNED = 5
PLAYED = 3  # rounds played and confirmed; the next one is live
BYE_PAIR = "Knock Knock"  # asked for a half-point bye in the live round

# (offence, depth) of the first boards of the played rounds, in board order.
SHOWCASE = [
    ("wont_go", "plays"), ("false_knock", "plays"), ("held_after_knock", "plays"),
    ("none", "plays"), ("out_of_turn", "hands"), ("wrong_count", "plays"),
    ("held_after_knock", "hands"), ("exposed", "hands"), ("pickup_exposed", "plays"),
    ("stands", "plays"), ("wrong_count", "hands"), ("wont_go", "plays"),
]
VOID_KINDS = ("wrong_count", "out_of_turn", "exposed", "pickup_exposed")


def penalties(record):
    """Every penalty entry of a record at plays depth."""
    for one in record["sets"]:
        for hand in one.get("hands", []):
            for play in hand.get("plays", []):
                if isinstance(play, dict):
                    yield play["penalty"]


def shows(record, kind) -> bool:
    """Does the record, at its depth, show an offence of `kind`?"""
    if kind == "held_after_knock":
        return any("awarded_to" in one for one in record["sets"])
    hands = [h for one in record["sets"] for h in one.get("hands", [])]
    if kind == "stands":
        return any(isinstance(p, str) and p.endswith(" stands")
                   for h in hands for p in h.get("plays", []))
    if kind in VOID_KINDS and any(h.get("void", {}).get("rule") == kind for h in hands):
        return True
    return any(p.get("rule", "none") == kind for p in penalties(record))


def seated(match, rng) -> list[str]:
    """The four names by seat (A1, B1, A2, B2), members seated as they chose."""
    a, b = (list(side.member_names) for side in match.players)
    for side in (a, b):
        if rng.random() < 0.5:
            side.reverse()
    return [a[0], b[0], a[1], b[1]]


def record_for(match, rng, kind=None, depth=None):
    """A legal pairs record, the winner likelier the stronger pair, showing `kind` at
    `depth` when they are given."""
    want = wanted_winner(match, rng)
    if depth is None:
        depth = rng.choices(["score", "hands", "plays"], weights=[3, 4, 3])[0]
    kinds, rate = ((kind,), 0.03) if kind else (ALL_KINDS, 0.01)
    for _ in range(500):
        record = play_match(rng.randrange(10**9), BNDCC_PAIRS, match=FORMAT,
                            penalty_kinds=kinds, penalty_rate=rate)
        if record["result"]["winner"] != want:
            continue
        if depth != "plays":
            record = to_depth(record, depth)
        if kind and not shows(record, kind):
            continue
        record["players"] = seated(match, rng)
        return record
    raise RuntimeError(f"could not draw a pairs match showing {kind} at {depth} depth")


def build(rng, director, arbiter, checker):
    event = events.create_tournament(
        director, name=NAME, slug=free_slug("demo-pairs"), ruleset="bndcc",
        entrants_kind="pairs", match_target=FORMAT["target"],
        sets_to_win=FORMAT["sets_to_win"], rounds_planned=ROUNDS_PLANNED)
    for official in (arbiter, checker):
        events.add_official(event, director, username=official.username)
    rows = [(name, m1, c1, m2, c2, "" if rating is None else rating)
            for name, (m1, c1), (m2, c2), rating in PAIRS]
    entrants.import_entrants(event, director, csv_text(
        ["name", "member1", "club1", "member2", "club2", "rating"], rows))
    link_everyone(event, director)
    showcase = iter(SHOWCASE)
    for number in range(1, PLAYED + 2):
        live = number == PLAYED + 1
        if live:
            attendance.set_attendance(event, director, entrant=event.entrants.get(name=BYE_PAIR),
                                      round_number=number, kind=Attendance.Kind.HALF_BYE,
                                      reason="a family wedding in the afternoon")
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        boards = list(round_.matches.exclude(side1=None).select_related("side0", "side1")
                      .order_by("board"))
        for i, match in enumerate(boards):
            if live and i >= 3:
                break  # the rest of the live round is still being played
            kind, depth = (None, None) if live else next(showcase, (None, None))
            results.submit_result(match.pk, arbiter, version=0,
                                  record=record_for(match, rng, kind, depth))
            if not live or i == 0:
                results.confirm_result(match.pk, checker, version=1)
    return event
