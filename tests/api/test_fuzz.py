"""Random bodies against PUT .../result/: never a 500, and a 4xx never changes the board.

Text is drawn from every code point, NUL and lone surrogates included (PostgreSQL refuses
to store both: the API must refuse them first, naming the field). Each example gets a
board of its own, so an accepted result never turns the next example into a stale one.
Runs on PostgreSQL too: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pytest ...
"""

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.models import Entrant, Match

from .conftest import FORMAT
from .test_writes import state

pytestmark = pytest.mark.django_db

# Every code point, surrogates (category Cs) included, with the troublemakers made common.
chars = st.characters(exclude_categories=()) | st.sampled_from(["\x00", "\ud800", "\udfff"])
texts = st.text(alphabet=chars, max_size=8)
scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(
    allow_nan=False) | texts
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    texts, inner, max_size=4), max_leaves=12)
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
# json.dumps writes a lone surrogate as a \\udXXX escape, which Python's reader accepts;
# raw text is sent as UTF-8 with surrogates passed through (bytes no UTF-8 reader takes).
raw = bodies.map(json.dumps) | st.text(alphabet=chars, max_size=30).map(
    lambda t: t.encode("utf-8", "surrogatepass")) | st.binary(max_size=30)
numbers = itertools.count(1000)


def fresh_board(board):
    """A new pending board in the same published round, between two new entrants."""
    n = next(numbers)
    t = board.round.tournament
    a, b = (Entrant.objects.create(tournament=t, number=n * 2 + i, name=f"Fuzz {n}-{i}")
            for i in range(2))
    return Match.objects.create(round=board.round, board=n, side0=a, side1=b)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=raw)
def test_put_never_500_and_4xx_stores_nothing(published_board, arbiter_api, body):
    published_board = fresh_board(published_board)
    before = state(published_board)
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", body, raw=True)
    assert response.status_code in (200, 400, 409, 422), (response.status_code, body)
    payload = response.json()
    if response.status_code == 200:
        assert payload["version"] == before[0] + 1
        assert state(published_board)[0] == before[0] + 1
    else:
        assert payload["detail"]
        assert state(published_board) == before
    if response.status_code in (400, 422):
        # A record's refusal is the validator's report; a body's field (a forfeit without
        # conceded_by) is named under `errors`: either way what is wrong is named.
        assert payload["report"]["errors"] if "report" in payload else payload["errors"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(record=records)
def test_records_at_the_current_version(published_board, arbiter_api, record):
    """Most fuzzed bodies fail on the version; these reach the validator."""
    published_board = fresh_board(published_board)
    before = state(published_board)
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/",
                           {"version": before[0], "record": record})
    assert response.status_code in (200, 400, 422), (response.status_code, record)
    if response.status_code != 200:
        assert state(published_board) == before


@pytest.mark.parametrize("body, pointer", [
    ({"version": 0, "reason": "late\x00"}, "/reason"),
    ({"version": 0, "reason": "half \ud800"}, "/reason"),
    ({"version": 0, "record": {"format": FORMAT, "ruleset": "mso", "sets": [],
                               "players": ["Ann", "B\x00"]}}, "/record/players/1"),
    ({"version": 0, "record": {"format": FORMAT, "ruleset": "mso", "sets": [],
                               "note\udc00": 1}}, "/record"),
    ({"version": 0, "record": {"format": FORMAT, "ruleset": "mso", "sets": [
        {"score": [61, 40], "extra": {"why": "\udfff"}}]}}, "/record/sets/0/extra/why"),
])
def test_unusable_text_is_refused_naming_the_field(published_board, arbiter_api, body, pointer):
    before = state(published_board)
    response = arbiter_api.put(f"/api/v1/matches/{published_board.pk}/result/", json.dumps(body),
                               raw=True)
    assert response.status_code == 400, response.content
    payload = response.json()
    assert payload["report"]["errors"][0]["path"] == pointer
    assert payload["detail"].startswith(f"Bad request: {pointer}")
    assert "NUL" in payload["detail"] or "surrogate" in payload["detail"]
    assert state(published_board) == before
