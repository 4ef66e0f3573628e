"""Issue 21 #19: load_demo made accounts with the README's passwords on a production
database; outside local development it refuses unless asked explicitly."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tournament.demo.names import DIRECTOR
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def test_outside_local_development_it_refuses_and_makes_nothing(settings):
    settings.LOCAL_DEV = False
    with pytest.raises(CommandError, match="only in local development.*--allow-production"):
        call_command("load_demo", stdout=io.StringIO())
    assert not get_user_model().objects.filter(username=DIRECTOR[0]).exists()
    assert not Tournament.objects.exists()


def test_asked_explicitly_it_loads(settings, monkeypatch):
    from tournament.management.commands import load_demo

    settings.LOCAL_DEV = False
    monkeypatch.setattr(load_demo.Command, "load", lambda self, seed: [])  # the guard only
    out = io.StringIO()
    call_command("load_demo", "--allow-production", stdout=out)
    assert f"director: {DIRECTOR[0]}" in out.getvalue()
