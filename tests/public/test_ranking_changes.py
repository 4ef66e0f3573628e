"""The standings page says when, how and why the ranking rules changed mid-event (#11)."""

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.urls import reverse

from tournament.actions import events
from tournament.demo.generate import generate_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def root():
    return User.objects.create_superuser("root", password="pw-123456")


def test_a_change_after_pairing_is_shown_with_old_new_and_reason(client, root):
    event = generate_event(12, rounds=3, slug="twelve", seed=5)
    events.update_settings(event, root, reason="the league's rule, we had it wrong",
                           tiebreaks=["mso_spread", "mso_head_to_head", "sonneborn_berger"],
                           points={**event.points, "bye": 0.5})
    cache.clear()
    page = client.get(reverse("public:standings", args=["twelve"])).content.decode()
    assert "The way this table ranks changed during the event." in page
    assert ("tie-breaks from head to head, then points spread, then Sonneborn-Berger to "
            "points spread, then head to head, then Sonneborn-Berger") in page
    assert "points for bye from 1 to 0.5" in page
    assert "(the league&#x27;s rule, we had it wrong)" in page


def test_changes_before_round_one_and_other_settings_are_not_shown(client, root):
    event = events.create_tournament(root, name="Quiet Open")
    events.update_settings(event, root, tiebreaks=["mso_spread"])
    generated = generate_event(12, rounds=3, slug="twelve", seed=5)
    events.update_settings(generated, root, reason="more time", rounds_planned=4)
    cache.clear()
    page = client.get(reverse("public:standings", args=["twelve"])).content.decode()
    assert "ranks changed" not in page
