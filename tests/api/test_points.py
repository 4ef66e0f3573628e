"""The event's points in the API: every kind of result the event scores, schema included."""

import dataclasses

import pytest

from tournament import standings
from tournament.models import Tournament
from tournament.models.event import DEFAULT_POINTS

pytestmark = pytest.mark.django_db

KEYS = ["win", "loss", "bye", "forfeit_win", "forfeit_loss", "half_bye", "zero_bye",
        "absent", "late_entry"]


def points_of(anon, published_event):
    response = anon.get(f"/api/v1/tournaments/{published_event.slug}/")
    assert response.status_code == 200
    return response.json()["points"]


def test_every_key_of_the_event_s_points(published_event, anon):
    body = points_of(anon, published_event)
    assert body == {"win": 1, "loss": 0, "bye": 1, "forfeit_win": 1, "forfeit_loss": 0,
                    "half_bye": 0.5, "zero_bye": 0, "absent": 0, "late_entry": 0}
    assert list(body) == KEYS
    # The same keys as the model's defaults and the standings' Points: none left behind.
    assert KEYS == list(DEFAULT_POINTS) == [f.name for f in dataclasses.fields(standings.Points)]


def test_the_event_s_own_values(published_event, anon):
    Tournament.objects.filter(pk=published_event.pk).update(points={
        **DEFAULT_POINTS, "win": 3, "bye": 2, "half_bye": 1.5, "absent": 1, "late_entry": 1})
    body = points_of(anon, published_event)
    assert (body["win"], body["bye"], body["half_bye"], body["absent"], body["late_entry"],
            body["zero_bye"]) == (3, 2, 1.5, 1, 1, 0)


def test_an_event_stored_before_the_new_keys_gets_their_defaults(published_event, anon):
    Tournament.objects.filter(pk=published_event.pk).update(points={
        "win": 2, "loss": 0, "bye": 2, "forfeit_win": 2, "forfeit_loss": 0})
    assert points_of(anon, published_event) == {"win": 2, "loss": 0, "bye": 2, "forfeit_win": 2,
                                      "forfeit_loss": 0, "half_bye": 0.5, "zero_bye": 0,
                                      "absent": 0, "late_entry": 0}


def test_the_openapi_document_names_each_key(anon):
    schemas = anon.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert schemas["TournamentOut"]["properties"]["points"] == {
        "$ref": "#/components/schemas/PointsOut"}
    points = schemas["PointsOut"]
    assert list(points["properties"]) == KEYS and points["required"] == KEYS
    assert points["properties"]["half_bye"]["description"] == (
        "Match points for a requested half-point bye (no board).")
