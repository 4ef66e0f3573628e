"""Entrants: add, edit, withdraw, reinstate, CSV import, forbidden pairs."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.actions import rounds
from tournament.models import AuditEntry, Entrant, ForbiddenPair

pytestmark = pytest.mark.django_db

GOOD = "name,club,rating\nAnn Lee,Leek DC,1800\nBo Park,,1650\nCy Hale,Crewe,\n"
BAD = "name,club,rating\nAnn Lee,Leek DC,1800\n,Crewe,1500\nBo Park,,lots\nCy Hale,Crewe,\n"


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def test_import_pasted_csv(dc, event):
    response = dc.post(url(event, "import_entrants"), {"text": GOOD})
    assert response.status_code == 302
    assert list(event.entrants.values_list("number", "name")) == [
        (1, "Ann Lee"), (2, "Bo Park"), (3, "Cy Hale")]
    page = dc.get(url(event, "entrants")).content.decode()
    assert "Leek DC" in page and "1650" in page


def test_import_uploaded_file(dc, event):
    upload = SimpleUploadedFile("players.csv", ("\ufeff" + GOOD).encode(), "text/csv")
    response = dc.post(url(event, "import_entrants"), {"file": upload})
    assert response.status_code == 302
    assert event.entrants.count() == 3


def test_bad_csv_lists_lines_imports_nothing_keeps_text(dc, event):
    response = dc.post(url(event, "import_entrants"), {"text": BAD})
    page = response.content.decode()
    assert response.status_code == 400
    assert "line 3: the name is empty" in page
    assert "line 4: rating &#x27;lots&#x27; is not a whole number" in page
    assert "Bo Park,,lots" in page  # the textarea keeps what was pasted
    assert not Entrant.objects.exists()


def test_bad_uploaded_file_lines_shown(dc, event):
    upload = SimpleUploadedFile("players.csv", BAD.encode(), "text/csv")
    page = dc.post(url(event, "import_entrants"), {"file": upload}).content.decode()
    assert "line 3: the name is empty" in page
    assert not Entrant.objects.exists()


def test_import_needs_a_file_or_text(dc, event):
    page = dc.post(url(event, "import_entrants"), {"text": "  "}).content.decode()
    assert "Choose a CSV file or paste the list" in page


def test_add_entrant_and_refusal_keeps_input(dc, seeded):
    response = dc.post(url(seeded, "add_entrant"), {"name": "Di Moss", "club": "Stoke",
                                                    "rating": "2100"})
    assert response.status_code == 302
    assert seeded.entrants.get(name="Di Moss").number == 1  # highest rating before round 1
    response = dc.post(url(seeded, "add_entrant"), {"name": "di moss", "club": "Hanley",
                                                    "rating": "1"})
    page = response.content.decode()
    assert "is already entered" in page and 'value="Hanley"' in page
    assert seeded.entrants.count() == 9


def test_late_entry_after_round_one(dc, seeded, director):
    rounds.pair_round(seeded, director)
    dc.post(url(seeded, "add_entrant"), {"name": "Late Larry", "rating": "2500"})
    assert seeded.entrants.get(name="Late Larry").number == 9
    assert AuditEntry.objects.filter(summary="Late entry Late Larry").exists()


def test_edit_entrant(dc, seeded):
    e = seeded.entrants.get(name="Player 3")
    page = dc.get(url(seeded, "entrant", e.pk)).content.decode()
    assert 'value="Player 3"' in page
    response = dc.post(url(seeded, "entrant", e.pk), {"name": "Player Three", "club": "Leek",
                                                      "rating": "1503", "reason": "typo"})
    assert response.status_code == 302
    e.refresh_from_db()
    assert (e.name, e.club) == ("Player Three", "Leek")
    response = dc.post(url(seeded, "entrant", e.pk), {"name": "Player 4", "rating": "x"})
    page = response.content.decode()
    assert "Player 4 is already entered" not in page  # the form refuses the rating first
    assert "Enter a whole number" in page and 'value="Player 4"' in page


def test_withdraw_and_reinstate(dc, seeded, director):
    rounds.pair_round(seeded, director)
    e = seeded.entrants.get(name="Player 2")
    dc.post(url(seeded, "withdraw", e.pk), {"reason": "unwell"})
    e.refresh_from_db()
    assert e.withdrawn_after_round == 1
    assert AuditEntry.objects.get(action="withdraw_entrant").reason == "unwell"
    assert "withdrawn after round 1" in dc.get(url(seeded, "entrants")).content.decode()
    dc.post(url(seeded, "reinstate", e.pk), {"reason": "better"})
    e.refresh_from_db()
    assert e.withdrawn_after_round is None
    response = dc.post(url(seeded, "reinstate", e.pk), follow=True)
    assert "has not withdrawn" in response.content.decode()


def test_forbidden_pair_add_list_remove(dc, seeded):
    a, b = seeded.entrants.all()[:2]
    response = dc.post(url(seeded, "add_forbidden_pair"),
                       {"first": a.pk, "second": b.pk, "reason": "married"})
    assert response.status_code == 302
    pair = ForbiddenPair.objects.get()
    assert "married" in dc.get(url(seeded, "entrants")).content.decode()
    page = dc.post(url(seeded, "add_forbidden_pair"),
                   {"first": b.pk, "second": a.pk}).content.decode()
    assert "already kept apart" in page
    page = dc.post(url(seeded, "add_forbidden_pair"),
                   {"first": a.pk, "second": a.pk}).content.decode()
    assert "cannot be kept apart from themselves" in page
    dc.post(url(seeded, "remove_forbidden_pair", pair.pk))
    assert not ForbiddenPair.objects.exists()


def test_entrant_of_another_event_is_404(dc, seeded, director):
    from tournament.actions import entrants, events

    other = events.create_tournament(director, name="Other")
    stranger = entrants.add_entrant(other, director, name="Elsewhere")
    assert dc.get(url(seeded, "entrant", stranger.pk)).status_code == 404
    assert dc.post(url(seeded, "withdraw", stranger.pk)).status_code == 404
