"""The OpenAPI document says which limits the server enforces, on which operations, with
their rates and Retry-After (issue #33, point 7)."""

import pytest
from django.test import Client

from tournament.web.limits import COUNTS, parse_rate

pytestmark = pytest.mark.django_db


def document():
    return Client().get("/api/v1/openapi.json").json()


def operations(doc):
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            yield path, method, op


def test_every_limit_is_described_and_listed_with_its_rate(settings):
    settings.API_RATE_LIMITS = dict(settings.API_RATE_LIMITS_DEFAULT)
    assert set(COUNTS) == set(settings.API_RATE_LIMITS_DEFAULT)  # none undocumented
    doc = document()
    listed = doc["x-rate-limits"]
    assert {name: (rule["limit"], rule["period_seconds"]) for name, rule in listed.items()} == {
        name: parse_rate(rate) for name, rate in settings.API_RATE_LIMITS_DEFAULT.items()}
    description = doc["info"]["description"]
    for name in COUNTS:
        assert f"`{name}`" in description
    assert "`read_per_address`: 1200 a minute" in description
    assert "`token_failures_per_address`: 20 in 10 minutes" in description
    assert "1048576 bytes" in description


def test_each_operation_names_its_limits_and_retry_after(settings):
    settings.API_RATE_LIMITS = dict(settings.API_RATE_LIMITS_DEFAULT)
    doc = document()
    seen = {}
    for path, method, op in operations(doc):
        limited = op["responses"]["429"]
        assert limited["headers"]["Retry-After"]["schema"]["type"] == "integer"
        assert op["responses"]["503"]["headers"]["Retry-After"]
        names = op["x-rate-limits"]
        assert names and all(f"`{n}`" in limited["description"] for n in names)
        seen[(method, path)] = set(names)
        if method == "get":
            assert "read_per_address" in names and "write_per_address" not in names
        else:
            assert "write_per_address" in names and "read_per_address" not in names
            assert "1048576 bytes" in op["responses"]["413"]["description"]
    assert seen[("put", "/api/v1/matches/{match_id}/result/")] >= {
        "write_per_token", "write_per_card", "token_failures_per_address",
        "player_codes_per_address", "key_failures_per_prefix", "player_codes_per_board"}
    assert "player_codes_per_board" not in seen[("get", "/api/v1/me/")]
    assert seen[("post", "/api/v1/matches/{match_id}/confirm/")] == {
        "write_per_address", "write_per_token", "token_failures_per_address",
        "key_failures_per_prefix"}
    # The cached public reads check a key sent to them; the others ignore the header.
    assert "token_failures_per_address" in seen[("get", "/api/v1/tournaments/")]
    assert seen[("get", "/api/v1/ratings/")] == {"read_per_address"}
    assert "60 a minute" in doc["paths"]["/api/v1/matches/{match_id}/confirm/"]["post"][
        "responses"]["429"]["description"]


def test_the_document_says_what_the_server_does(settings):
    settings.API_RATE_LIMITS = {"read_per_address": "2/m"}
    doc = document()  # the first read
    assert list(doc["x-rate-limits"]) == ["read_per_address"]
    assert "`read_per_address` (2 a minute" in (
        doc["paths"]["/api/v1/tournaments/"]["get"]["responses"]["429"]["description"])
    assert Client().get("/api/v1/tournaments/").status_code == 200
    refused = Client().get("/api/v1/tournaments/")
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60


def test_limits_off_are_said_to_be_off(settings):
    settings.API_RATE_LIMITS = {}
    doc = document()
    assert doc["x-rate-limits"] == {}
    assert "Request limits are off on this server" in doc["info"]["description"]
