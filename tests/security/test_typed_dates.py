"""Issue 33 #7: a date typed in Arabic-Indic digits was taken (the dashboard's "date
played" answered as for any date). A typed date is ASCII digits, as every typed number
(tournament/entry/numbers.py): number_field.DateField refuses others by name, the director is
told so, and the archive's `date` holds to the same rule."""

import json

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.urls import reverse

from tournament.actions import entrants, events
from tournament.interchange.archive import ArchiveError, archive_json, check_archive
from tournament.text.number_field import DateField

pytestmark = pytest.mark.django_db

OTHER_DIGITS = ["٢٠٢٦-٠٣-١٤", "۲۰۲۶-۰۳-۱۴", "2026-0٣-14", "２０２６-０３-１４", "१४/०३/२०२६"]


@pytest.mark.parametrize("typed", OTHER_DIGITS)
def test_the_field_refuses_other_scripts_digits_by_name(typed):
    with pytest.raises(forms.ValidationError) as refused:
        DateField().clean(typed)
    assert refused.value.code == "digits"
    assert refused.value.messages == [
        f"The date must be written in the digits 0-9, as YYYY-MM-DD, not {typed!r}."]


def test_the_field_takes_ascii_dates():
    assert DateField().clean(" 2026-03-14 ").isoformat() == "2026-03-14"
    assert DateField(required=False).clean("") is None
    with pytest.raises(forms.ValidationError, match="give it as YYYY-MM-DD"):
        DateField().clean("soon")


@pytest.fixture
def dated(db, django_user_model):
    user = django_user_model.objects.create_user("dora", password="pw-123456")
    event = events.create_tournament(user, name="Dated Open")
    entrants.import_entrants(event, user, "Ann Lee\nBo Park\n")
    return user, event


def test_the_dashboard_tells_the_director_and_keeps_the_date(dated, client_for):
    user, event = dated
    c = client_for(user)
    url = reverse("director:event_date", args=[event.slug])
    c.post(url, {"date": "2026-03-14"})
    response = c.post(url, {"date": "٢٠٢٦-٠٣-٢١"})
    said = [m.message for m in get_messages(response.wsgi_request)]
    assert said[-1:] == ["The date must be written in the digits 0-9, as YYYY-MM-DD, "
                    "not '٢٠٢٦-٠٣-٢١'."]
    event.refresh_from_db()
    assert event.date.isoformat() == "2026-03-14"


def test_the_archive_date_is_ascii_digits(dated):
    _, event = dated
    doc = json.loads(archive_json(event))
    doc["date"] = "٢٠٢٦-٠٣-١٤"
    with pytest.raises(ArchiveError) as refused:
        check_archive(doc)
    assert refused.value.path == "/date"
