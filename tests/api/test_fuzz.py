"""Random bodies against PUT .../result/: never a 500, and a 4xx never changes the board."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import FORMAT
from .test_writes import state

pytestmark = pytest.mark.django_db

scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(
    allow_nan=False) | st.text(max_size=8)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=6), inner, max_size=4), max_leaves=12)
scores = st.lists(st.integers(-5, 70) | scalars, min_size=0, max_size=3)
sets = st.lists(st.fixed_dictionaries({"score": scores}, optional={
    "starter": st.integers(-1, 2) | scalars,
    "hands": st.lists(st.fixed_dictionaries({"points": scores}, optional={
        "starter": st.integers(0, 1), "plays": st.lists(st.sampled_from(
            ["3-6", "6-0 right", "knock", "7-7 left", "x"]), max_size=4)}), max_size=3)}),
    max_size=4)
records = st.fixed_dictionaries(
    {"format": st.sampled_from([FORMAT, "other/1"]) | scalars,
     "ruleset": st.sampled_from(["mso", "bndcc", "nope"]) | scalars, "sets": sets | scalars},
    optional={"first_set_starter": st.integers(-1, 2) | scalars,
              "result": json_values, "players": json_values}) | json_values
bodies = st.fixed_dictionaries(
    {}, optional={"version": st.integers(-2, 3) | scalars, "record": records,
                  "outcome": st.sampled_from(["played", "forfeit", "abandoned",
                                              "double_forfeit", "bye"]) | scalars,
                  "conceded_by": st.integers(-1, 2) | scalars,
                  "reason": scalars}) | json_values
raw = bodies.map(json.dumps) | st.text(max_size=30) | st.binary(max_size=30).map(
    lambda b: b.decode("latin-1"))


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=raw)
def test_put_never_500_and_4xx_stores_nothing(board, arbiter, body):
    before = state(board)
    response = arbiter.put(f"/api/v1/matches/{board.pk}/result/", body, raw=True)
    assert response.status_code in (200, 400, 409, 422), (response.status_code, body)
    payload = response.json()
    if response.status_code == 200:
        assert payload["version"] == before[0] + 1
        assert state(board)[0] == before[0] + 1
    else:
        assert payload["detail"]
        assert state(board) == before
    if response.status_code in (400, 422):
        assert payload["report"]["errors"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(record=records)
def test_records_at_the_current_version(board, arbiter, record):
    """Most fuzzed bodies fail on the version; these reach the validator."""
    before = state(board)
    response = arbiter.put(f"/api/v1/matches/{board.pk}/result/",
                           {"version": before[0], "record": record})
    assert response.status_code in (200, 400, 422), (response.status_code, record)
    if response.status_code != 200:
        assert state(board) == before
