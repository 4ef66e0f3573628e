"""The standings API costs a fixed number of queries, whatever the number of players."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.demo.generate import generate_event


def standings_queries(client, slug):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(f"/api/v1/tournaments/{slug}/standings/")
    assert response.status_code == 200
    return len(ctx), response.json()


@pytest.mark.django_db
def test_standings_api_queries_do_not_grow_with_players(client, django_assert_max_num_queries):
    generate_event(60, slug="sixty", seed=2)
    generate_event(150, slug="onefifty", seed=3)
    with django_assert_max_num_queries(12):
        small, rows_small = standings_queries(client, "sixty")
    with django_assert_max_num_queries(12):
        large, rows_large = standings_queries(client, "onefifty")
    assert small == large
    assert (len(rows_small), len(rows_large)) == (60, 150)
