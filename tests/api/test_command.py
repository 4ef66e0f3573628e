import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from tournament.models import ApiToken, AuditEntry, Official

from .conftest import token_for

pytestmark = pytest.mark.django_db


def test_creates_user_arbiter_and_token(event):
    key = token_for("newbie", event.slug)
    user = User.objects.get(username="newbie")
    assert not user.has_usable_password()
    assert Official.objects.get(tournament=event, user=user).role == "arbiter"
    assert ApiToken.objects.get(user=user).key == key and len(key) == 40
    entry = AuditEntry.objects.filter(tournament=event, action="add_official").first()
    assert entry.actor is None and "newbie" in entry.summary


def test_output_is_the_token_alone_and_reused(event):
    out = io.StringIO()
    call_command("arbiter_token", "again", tournament=event.slug, stdout=out)
    assert out.getvalue().splitlines() == [token_for("again", event.slug)]
    assert Official.objects.filter(user__username="again").count() == 1


def test_director_keeps_role(event, director):
    err = io.StringIO()
    call_command("arbiter_token", "dir", tournament=event.slug, stdout=io.StringIO(),
                 stderr=err)
    assert Official.objects.get(tournament=event, user=director).role == "director"
    assert "stays director" in err.getvalue()


def test_unknown_tournament(event):
    with pytest.raises(CommandError, match="no tournament 'nope'"):
        call_command("arbiter_token", "x", tournament="nope", stdout=io.StringIO())
    assert not User.objects.filter(username="x").exists()
