"""schemathesis drives every operation of /api/v1/openapi.json against the real app.

For each operation it draws requests from the document (valid ones and, in negative mode,
ones the document forbids), half of them aimed at the small event in the database (its slug,
a published round, a real board) and, for the writes, half with a valid arbiter's token.
Every answer must be no 5xx, a status the document declares for that operation, with the
declared content type and body schema. Bounded: a few dozen examples an operation.
"""

from contextlib import contextmanager

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .conftest import Api, token_for

pytestmark = [
    pytest.mark.django_db,
    # Drawn slugs hold control characters; the cache keys made of them are fine for the
    # local-memory and Redis caches this project uses (memcached would refuse them).
    pytest.mark.filterwarnings("ignore::django.core.cache.backends.base.CacheKeyWarning"),
]

EXAMPLES = 25  # per operation and generation mode: 26 operations x 2 modes x 25
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@contextmanager
def served_schema():
    """The document, loaded from the app, which is called as a server calls it. Django's end
    of request would then close the test's database connection (and its transaction), so
    that is off meanwhile, as in Django's test client (whose use turns it back on)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/v1/openapi.json", WSGIHandler())
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def known_values(published_event, board):
    """Path parameters naming things that exist, so the draws reach past the 404s."""
    return {"slug": published_event.slug, "number": 1, "match_id": board.pk}


def aimed(case, values):
    """The case with each path parameter it has set to a real one."""
    if case.path_parameters:
        case.path_parameters = {k: values.get(k, v) for k, v in case.path_parameters.items()}
    return case


def run_operation(operation, values, token, mode):
    strategy = operation.as_strategy(generation_mode=mode)
    cases = st.one_of(strategy, strategy.map(lambda c: aimed(c, values)))
    writes = operation.method.upper() != "GET"
    auth = st.sampled_from([{"Authorization": f"Token {token}"}, {}]) if writes else st.just({})
    answered = set()

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(case=cases, headers=auth)
    def check(case, headers):
        response = case.call(headers=headers)
        answered.add(response.status_code)
        case.validate_response(response, checks=CHECKS, headers=headers)

    try:
        check()
    except Unsatisfiable:
        # GET /tournaments/ takes no parameter: there is nothing to draw against the document.
        assert mode == GenerationMode.NEGATIVE and not answered
    return answered


def test_every_operation_answers_only_what_the_document_declares(published_event, published_board):
    token = token_for("schema-arbiter", published_event.slug)
    # A result another arbiter entered: the match read shows a record, a confirm can land.
    assert Api(token_for("schema-enterer",
                         published_event.slug)).submit(published_board).status_code == 200
    values = known_values(published_event, published_board)
    seen = {}
    with served_schema() as schema:
        for result in schema.get_all_operations():
            operation = result.ok()
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                seen.setdefault(operation.label, set()).update(
                    run_operation(operation, values, token, mode))
    assert len(seen) == 26  # 7 of events and boards, a knock-out's bracket, the rating
    # list, a person, the officials' check-in (read, set), the players' accept, dispute, me
    # and check-in (in, out), the captains' card (accept, dispute), entries (make, list,
    # decide; read and withdraw by code), and the round clock (read, set)
    # The draws did reach the views, not only the validation in front of them.
    assert 200 in seen["GET /api/v1/tournaments/{slug}/"]
    assert {400, 404} <= seen["GET /api/v1/matches/{match_id}/"]
    assert {400, 401, 409} <= seen["PUT /api/v1/matches/{match_id}/result/"]
    assert {400, 401} <= seen["PUT /api/v1/tournaments/{slug}/checkins/"]
    assert {400, 404} <= seen["GET /api/v1/tournaments/{slug}/stages/{number}/bracket/"]
    assert 200 in seen["GET /api/v1/tournaments/{slug}/rounds/{number}/clock/"]
    assert {400, 401} <= seen["POST /api/v1/tournaments/{slug}/rounds/{number}/clock/"]


@pytest.mark.parametrize("slug", ["%00", "api%00open", "%ED%BF%BF", "a%20b", "%F0%9D%95%8B"])
def test_a_slug_no_event_could_have_is_404_before_any_query(published_event, anon, slug):
    """Found by this test on PostgreSQL: a NUL in the slug reached the query (a 500)."""
    for tail in ("", "rounds/1/", "standings/"):
        response = anon.get(f"/api/v1/tournaments/{slug}/{tail}")
        assert response.status_code == 404, (slug, tail)
        assert response.json()["detail"].startswith("There is no published tournament")
