"""The events page offers "create an event" only to accounts with the right to create one."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from ..conftest import grant_director

pytestmark = pytest.mark.django_db

CREATE = 'href="/manage/new/"'


def test_an_arbiter_is_not_offered_event_creation(client):
    client.force_login(User.objects.create_user("archie"))
    page = client.get(reverse("public:events")).content.decode()
    assert "my events" in page
    assert CREATE not in page


def test_a_director_with_the_right_is_offered_it(client):
    client.force_login(grant_director(User.objects.create_user("dora")))
    page = client.get(reverse("public:events")).content.decode()
    assert CREATE in page


def test_the_entrants_choice_is_a_labelled_group(client):
    client.force_login(grant_director(User.objects.create_user("dora")))
    page = client.get(reverse("director:create")).content.decode()
    assert "<legend>Entrants</legend>" in page
