"""Properties that hold for any event and any order."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.standings.events import random_event
from tournament.standings import (
    MSO_ORDER,
    TIEBREAKS,
    Points,
    build_standings,
    compute_standings,
)
from tournament.standings.metrics import sort_key

NAMES = sorted(TIEBREAKS)
orders = st.one_of(st.just(MSO_ORDER), st.lists(st.sampled_from(NAMES), unique=True, max_size=5))
points_tables = st.one_of(
    st.just(Points()),
    st.builds(
        Points,
        win=st.integers(0, 3),
        loss=st.integers(-1, 1),
        bye=st.sampled_from([0, 1, 2, 0.5]),
        forfeit_win=st.integers(0, 3),
        forfeit_loss=st.integers(-1, 0),
    ),
)
events = st.builds(
    random_event,
    seed=st.integers(0, 10**6),
    n_players=st.integers(1, 14),
    n_rounds=st.integers(0, 5),
    weird=st.booleans(),
)


def check_table(rows, players):
    assert sorted(row.player for row in rows) == sorted(p.id for p in players)
    for i, row in enumerate(rows):
        if i == 0 or rows[i - 1].rank != row.rank:
            assert row.rank == i + 1  # competition ranking: gaps after shared places
        else:
            assert rows[i - 1].shared and row.shared
        same = [other for other in rows if other.rank == row.rank]
        assert row.shared == (len(same) > 1)
        for other in same:
            assert sort_key(other.points) == sort_key(row.points)
            assert {k: sort_key(v) for k, v in other.tiebreaks.items()} == {
                k: sort_key(v) for k, v in row.tiebreaks.items()
            }
        level = [other for other in rows if sort_key(other.points) == sort_key(row.points)]
        assert (row.decided_by is None) == (len(level) == 1)
        if row.shared:
            assert row.decided_by.startswith("shared: ")
    for a, b in zip(rows, rows[1:], strict=False):
        assert sort_key(a.points) >= sort_key(b.points)
        assert a.rank <= b.rank


@settings(max_examples=150, deadline=None)
@given(events, points_tables, orders, st.randoms(use_true_random=False))
def test_table_shape_and_input_order_does_not_matter(event, table, order, rnd):
    players, matches = event
    rows = compute_standings(players, matches, table, order)
    check_table(rows, players)
    for row in rows:
        numeric = [name for name in order if not TIEBREAKS[name].group]
        assert list(row.tiebreaks) == numeric
        assert list(row.as_json()) == ["rank", "shared", "player", "name", "points", "tiebreaks",
                                       "withdrawn_after_round", "explanation"]
        # A tied player hears about every step of the order; a player alone, of none.
        expected = [] if row.decided_by is None else list(order)
        assert [n.tiebreak for n in row.notes] == expected
        assert row.placed
    shuffled_players, shuffled_matches = list(players), list(matches)
    rnd.shuffle(shuffled_players)
    rnd.shuffle(shuffled_matches)
    assert compute_standings(shuffled_players, shuffled_matches, table, order) == rows


@settings(max_examples=100, deadline=None)
@given(events, st.lists(st.sampled_from(NAMES), unique=True, max_size=5))
def test_numeric_orders_sort_by_points_then_values(event, order):
    order = [name for name in order if not TIEBREAKS[name].group]
    players, matches = event
    rows = compute_standings(players, matches, Points(), order)

    def key(row):
        return (sort_key(row.points), *(sort_key(row.tiebreaks[n]) for n in order))

    keys = [key(row) for row in rows]
    assert keys == sorted(keys, reverse=True)
    for i, row in enumerate(rows):
        assert row.rank == 1 + sum(1 for k in keys if k > keys[i])


@settings(max_examples=100, deadline=None)
@given(events, orders)
def test_groups_match_rows_and_after_round(event, order):
    players, matches = event
    st_ = build_standings(players, matches, Points(), order)
    rows = st_.rows
    for group in st_.groups:
        members = [r.player for r in rows if sort_key(r.points) == sort_key(group.points)]
        assert list(group.players) == members and len(members) > 1
        assert rows[group.rank - 1].player == group.players[0]
        assert set(group.separated_by) <= set(order)
        for block in group.shared:
            assert len({next(r.rank for r in rows if r.player == p) for p in block}) == 1
    last = max((m.round for m in matches), default=0)
    assert compute_standings(players, matches, Points(), order, after_round=last) == rows


@settings(max_examples=100, deadline=None)
@given(events)
def test_head_to_head_placements_are_real(event):
    players, matches = event
    rows = compute_standings(players, matches, Points(), MSO_ORDER)
    wins = {
        (m.winner, m.players[1] if m.winner == m.players[0] else m.players[0])
        for m in matches
        if m.kind == "played"
    }
    for row in rows:
        level = [r.player for r in rows if r.points == row.points]
        others = [p for p in level if p != row.player]
        if row.decided_by == "placed ahead by head to head":
            assert level[0] == row.player
            assert all((row.player, p) in wins for p in others)
        if row.decided_by == "placed behind by head to head":
            assert level[-1] == row.player
            assert all((p, row.player) in wins for p in others)


def test_thousand_players_five_rounds_every_order():
    """A large event in shuffled order ranks everyone; its speed is measured in bench/."""
    players, matches = random_event(7, 1000, 5, weird=False)
    rnd = random.Random(3)
    shuffled = rnd.sample(matches, len(matches))
    for order in (MSO_ORDER, ["direct_encounter", "buchholz", "progressive", "wins"]):
        rows = compute_standings(players, shuffled, Points(), order)
        assert sorted(r.player for r in rows) == sorted(p.id for p in players)
        assert rows == compute_standings(players, matches, Points(), order)
