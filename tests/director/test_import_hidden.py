"""Importing an event hidden (the import page's checkbox, and --hidden on the commands),
and what a TRF import says about set scores: on the import page, after the import, and on
the event's standings page."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournament.actions import events
from tournament.director import views_event
from tournament.interchange.archive import archive_json
from tournament.models import Entrant, Tournament
from tournament.pairing import TrfEvent, TrfPlayer, TrfResult, write_trf

pytestmark = pytest.mark.django_db

URL = "/manage/import/"
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
NOTE = "cannot separate players level on points"


def played_trf():
    """Two rounds of four players: 1 and 2 win round 1, 1 and 3 round 2; 2 and 3 are level
    on one point, and nothing but set scores could tell them apart by points spread."""
    g = TrfResult
    results = [
        (g(2, "w", "1"), g(3, "b", "1")),
        (g(1, "b", "0"), g(4, "w", "1")),
        (g(4, "w", "0"), g(1, "w", "0")),
        (g(3, "b", "1"), g(2, "b", "0")),
    ]
    return write_trf(TrfEvent(name="Leek Open", rounds_planned=5, first_colour="white1",
                              players=tuple(TrfPlayer(n, f"Player {n}", 2000 - n, rs)
                                            for n, rs in enumerate(results, start=1))))


def post(client, text, *, hidden, slug="", name="event.trf"):
    data = {"file": SimpleUploadedFile(name, text.encode()), "slug": slug}
    if hidden:
        data["hidden"] = "on"
    return client.post(URL, data)


def is_public(slug):
    anonymous = Client()
    listed = slug in anonymous.get("/").content.decode()
    return listed, anonymous.get(f"/{slug}/").status_code


def test_the_import_page_offers_hiding_and_warns_about_trf_set_scores(dc):
    html = dc.get(URL).content.decode()
    assert 'type="checkbox" name="hidden"' in html
    assert "Import it hidden from the public" in html
    assert "A TRF file carries no set scores" in html and "points-spread tie-break" in html


def test_a_trf_imported_hidden_is_for_its_officials_only(dc):
    response = post(dc, played_trf(), hidden=True, slug="leek")
    assert response.status_code == 302
    event = Tournament.objects.get(slug="leek")
    assert event.hidden and event.rounds.count() == 2
    page = dc.get(response.url).content.decode()
    assert "Leek Open is imported from the TRF file, hidden from the public until you show it" \
        in page
    assert "A TRF file carries no set scores" in page
    assert is_public("leek") == (False, 404)
    assert dc.get("/leek/").status_code == 200  # its director sees it
    # Shown from the settings, it is public.
    dc.post(reverse("director:hide", args=["leek"]), {"hidden": "", "reason": ""})
    assert is_public("leek") == (True, 200)


def test_a_trf_imported_without_the_box_is_public_at_once(dc):
    post(dc, played_trf(), hidden=False, slug="leek")
    assert not Tournament.objects.get(slug="leek").hidden
    assert is_public("leek") == (True, 200)


@pytest.fixture
def clubless_archive(director):
    source = events.create_tournament(director, name="Source Open", slug="source")
    Entrant.objects.create(tournament=source, number=1, name="Ann Lee")
    Entrant.objects.create(tournament=source, number=2, name="Bo Park")
    return archive_json(source)


def test_an_archive_imported_hidden_inline_and_by_a_job(dc, clubless_archive, settings,
                                                        monkeypatch):
    post(dc, clubless_archive, hidden=True, slug="copy-one", name="a.json")
    assert Tournament.objects.get(slug="copy-one").hidden
    settings.TASKS = IMMEDIATE
    monkeypatch.setattr(views_event, "INLINE_MAX_IMPORT_BYTES", 10)
    response = post(dc, clubless_archive, hidden=True, slug="copy-two", name="a.json")
    assert Tournament.objects.get(slug="copy-two").hidden
    assert "hidden from the public" in dc.get(response.url).content.decode()
    post(dc, clubless_archive, hidden=False, slug="copy-three", name="a.json")
    assert not Tournament.objects.get(slug="copy-three").hidden


def test_the_commands_import_hidden(tmp_path, clubless_archive):
    trf_file = tmp_path / "leek.trf"
    trf_file.write_text(played_trf(), encoding="utf-8")
    err = io.StringIO()
    call_command("import_trf", str(trf_file), slug="leek", hidden=True, stderr=err)
    assert Tournament.objects.get(slug="leek").hidden
    assert "hidden from the public" in err.getvalue()
    assert "A TRF file carries no set scores" in err.getvalue()
    call_command("import_trf", str(trf_file), slug="leek-open", stderr=io.StringIO())
    assert not Tournament.objects.get(slug="leek-open").hidden
    doc = tmp_path / "a.json"
    doc.write_text(clubless_archive, encoding="utf-8")
    call_command("import_tournament", str(doc), slug="copy", hidden=True, stderr=io.StringIO())
    assert Tournament.objects.get(slug="copy").hidden


def test_the_standings_of_a_trf_import_say_spread_cannot_separate(dc, director):
    post(dc, played_trf(), hidden=False, slug="leek")
    html = Client().get("/leek/standings/").content.decode()
    assert 'id="no-set-scores"' in html
    assert "4 results have no set scores." in html
    assert f"so points spread {NOTE}" in html
    # An archive made from it keeps the results without scores, and the note.
    doc = archive_json(Tournament.objects.get(slug="leek"))
    post(dc, doc, hidden=False, slug="leek-copy", name="a.json")
    assert NOTE in Client().get("/leek-copy/standings/").content.decode()


def test_no_note_where_every_result_has_its_scores_or_no_tiebreak_reads_them(dc, director):
    post(dc, played_trf(), hidden=False, slug="leek")
    event = Tournament.objects.get(slug="leek")
    events.update_settings(event, director, tiebreaks=["buchholz"], reason="no scores here")
    assert 'id="no-set-scores"' not in Client().get("/leek/standings/").content.decode()
    doc = json.loads(archive_json(event))
    for r in doc["rounds"]:
        for m in r["matches"]:
            if m.get("winner") is not None and m["players"][1] is not None:
                winner = m.pop("winner")
                first = winner == m["players"][0]
                m["record"] = {"format": "fives-and-threes-match/1", "ruleset": "mso",
                               "sets": [{"score": [61, 40] if first else [40, 61]}] * 2}
    post(dc, json.dumps(doc), hidden=False, slug="scored", name="a.json")
    assert Tournament.objects.filter(slug="scored").exists()
    assert 'id="no-set-scores"' not in Client().get("/scored/standings/").content.decode()
