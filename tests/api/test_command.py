import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from tournament.models import ApiToken, AuditEntry, Official
from tournament.models.tokens import digest_of

from .conftest import token_for

pytestmark = pytest.mark.django_db


def test_creates_user_arbiter_and_token(published_event):
    key = token_for("newbie", published_event.slug)
    user = User.objects.get(username="newbie")
    assert not user.has_usable_password()
    assert Official.objects.get(tournament=published_event, user=user).role == "arbiter"
    assert ApiToken.objects.get(user=user).digest == digest_of(key) and len(key) == 40
    entry = AuditEntry.objects.filter(tournament=published_event, action="add_official").first()
    assert entry.actor is None and "newbie" in entry.summary


def test_output_is_the_token_alone_and_a_second_run_replaces_it(published_event):
    out, err = io.StringIO(), io.StringIO()
    call_command("arbiter_token", "again", tournament=published_event.slug, stdout=out, stderr=err)
    first = out.getvalue().splitlines()
    assert len(first) == 1 and len(first[0]) == 40 and err.getvalue() == ""
    out, err = io.StringIO(), io.StringIO()
    call_command("arbiter_token", "again", tournament=published_event.slug, stdout=out, stderr=err)
    second = out.getvalue().splitlines()
    assert len(second) == 1 and second != first  # keys are stored hashed: never shown twice
    assert "previous API key no longer works" in err.getvalue()
    assert ApiToken.user_for(first[0]) is None
    assert ApiToken.user_for(second[0]).username == "again"
    assert Official.objects.filter(user__username="again").count() == 1


def test_director_keeps_role(published_event, plain_director):
    err = io.StringIO()
    call_command("arbiter_token", "dir", tournament=published_event.slug, stdout=io.StringIO(),
                 stderr=err)
    assert Official.objects.get(tournament=published_event, user=plain_director).role == "director"
    assert "stays director" in err.getvalue()


def test_unknown_tournament(published_event):
    with pytest.raises(CommandError, match="no tournament 'nope'"):
        call_command("arbiter_token", "x", tournament="nope", stdout=io.StringIO())
    assert not User.objects.filter(username="x").exists()
