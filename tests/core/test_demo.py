import io

import pytest
from django.core.management import call_command

import scoring
from tournament.models import Match, Round, Tournament


@pytest.mark.django_db
def test_demo_event_is_realistic_and_every_result_valid():
    call_command("load_demo", stdout=io.StringIO())
    event = Tournament.objects.get()
    assert event.entrants.count() == 24
    statuses = list(event.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == ["closed"] * 4 + ["published"]
    played = Match.objects.filter(round__tournament=event, outcome="played")
    depths = {scoring.validate(m.record)["depth"] for m in played}
    assert depths == {"score", "hands", "plays"}
    assert all(scoring.validate(m.record)["valid"] for m in played)
    live = Round.objects.get(tournament=event, number=5)
    assert live.matches.filter(status="pending").exists()
    assert live.matches.filter(status="entered").exists()


@pytest.mark.django_db
def test_if_empty_leaves_an_existing_database_alone():
    call_command("load_demo", stdout=io.StringIO())
    out = io.StringIO()
    call_command("load_demo", "--if-empty", stdout=out)
    assert Tournament.objects.count() == 1
    assert "director" in out.getvalue()
