"""'Import an event' (My events): a TRF(x) file or an archive, at once when small, as a job
when big; the importer's own error, and nothing half-made, when it refuses."""

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.actions import events
from tournament.director import views_event
from tournament.interchange.archive import archive_json
from tournament.models import Entrant, Job, Tournament

pytestmark = pytest.mark.django_db

URL = "/manage/import/"
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def trf(*numbers, name="TRF Open"):
    return f"012 {name}\n" + "".join(
        f"001 {n:4}      Test000{n} Player000{n}{'':15}{2300 - n:4}{'':29}0.0 {n:4}\n"
        for n in numbers)


def upload(text, name="event.trf"):
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text)


def post(client, text, slug="", name="event.trf"):
    return client.post(URL, {"file": upload(text, name), "slug": slug})


@pytest.fixture
def source_archive(director):
    source = events.create_tournament(director, name="Source Open", slug="source")
    Entrant.objects.create(tournament=source, number=1, name="Ann Lee", club="Leek DC")
    Entrant.objects.create(tournament=source, number=2, name="Bo Park")
    return archive_json(source)


def test_the_page_is_linked_from_my_events_for_directors_only(dc, client_for):
    home = dc.get(reverse("director:home")).content.decode()
    assert f'<a class="button" href="{URL}">Import an event</a>' in home
    page = dc.get(URL)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'enctype="multipart/form-data"' in html and "At most 20.0\xa0MB" in html
    arbiter = client_for(User.objects.create_user("arnie", password="pw-123456"))
    refused = arbiter.get(URL)
    assert refused.status_code == 403 and "You cannot create events" in refused.content.decode()
    assert arbiter.post(URL, {"file": upload(trf(1, 2))}).status_code == 403
    assert not Tournament.objects.exists()


def test_a_small_trf_file_is_imported_at_once(dc, director):
    response = post(dc, trf(1, 2, 3), slug="spring-trf")
    assert response.status_code == 302
    assert response.url == reverse("director:event", args=["spring-trf"])
    event = Tournament.objects.get(slug="spring-trf")
    assert event.name == "TRF Open" and event.is_director(director)
    assert list(event.entrants.order_by("number").values_list("name", flat=True)) == [
        "Test0001 Player0001", "Test0002 Player0002", "Test0003 Player0003"]
    assert not Job.objects.exists()  # small: no job
    page = dc.get(response.url).content.decode()
    assert "TRF Open is imported from the TRF file." in page


def test_a_small_archive_is_imported_at_once(dc, source_archive):
    response = post(dc, source_archive, slug="copied", name="source.json")
    assert response.url == reverse("director:event", args=["copied"])
    copied = Tournament.objects.get(slug="copied")
    assert list(copied.entrants.order_by("number").values_list("name", "club")) == [
        ("Ann Lee", "Leek DC"), ("Bo Park", "")]


def test_the_slug_is_made_from_the_name_when_left_empty(dc):
    assert post(dc, trf(1, 2, name="Leek Winter Open")).url == reverse(
        "director:event", args=["leek-winter-open"])


def test_a_bad_trf_line_is_named_and_nothing_is_made(dc):
    bad = trf(1, 2) + "001    3      Broken\n"
    response = post(dc, bad, slug="broken")
    assert response.status_code == 400
    html = response.content.decode()
    assert ("Not a readable TRF file: line 4: 001 line is 20 characters long; it must reach "
            "the rank column (89)") in html
    assert "Nothing was imported; choose the file again once it is corrected." in html
    assert 'value="broken"' in html  # the web address typed is kept
    assert not Tournament.objects.exists()


def test_a_bad_archive_names_the_path_and_nothing_is_made(dc, source_archive):
    doc = json.loads(source_archive)
    doc["players"][1]["name"] = ""
    response = post(dc, json.dumps(doc), slug="copied", name="bad.json")
    assert response.status_code == 400
    html = response.content.decode()
    assert "The archive was not imported: /players/1/name" in html
    assert "/players/1/name: a name of 1 to" in html
    assert not Tournament.objects.filter(slug="copied").exists()
    assert Tournament.objects.count() == 1  # the source only


@pytest.mark.parametrize("content, error", [
    (b"{not json", "The archive is not JSON: Expecting property name enclosed in double "
                   "quotes: line 1 column 2 (char 1)."),
    ('{"a": ' * 100_000, "The archive is nested too deeply to be one."),
    (b"\xff\xfe012 x", "The file is not UTF-8 text: save it as UTF-8 and choose it again."),
    (b"  \n", "The file is empty."),
])
def test_unreadable_files_are_refused_with_why(dc, content, error):
    response = post(dc, content)
    assert response.status_code == 400
    assert error in response.content.decode().replace("&#x27;", "'")
    assert not Tournament.objects.exists()


def test_a_file_over_the_limit_is_refused(dc, settings):
    settings.MAX_IMPORT_BYTES = 100
    text = trf(1, 2, 3)
    response = post(dc, text)
    assert response.status_code == 400
    assert f"The file is {len(text)} bytes; an import may be at most 100 bytes." in (
        response.content.decode())
    assert not Tournament.objects.exists()


def test_a_big_file_is_imported_by_a_job(dc, settings, monkeypatch, source_archive):
    settings.TASKS = IMMEDIATE
    monkeypatch.setattr(views_event, "INLINE_MAX_IMPORT_BYTES", 10)
    response = post(dc, source_archive, slug="copied", name="source.json")
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == reverse("director:job",
                                                                   args=[job.pk])
    assert (job.kind, job.status, job.tournament) == ("import_archive", "done", None)
    assert job.result_url == reverse("director:event", args=["copied"])
    assert Tournament.objects.get(slug="copied").entrants.count() == 2
    page = dc.get(response.url).content.decode()
    assert "Source Open is imported from the archive." in page
    assert f'href="{job.result_url}">Go on</a>' in page


def test_a_big_file_that_fails_shows_the_importer_s_error_on_the_job(dc, settings, monkeypatch):
    settings.TASKS = IMMEDIATE
    monkeypatch.setattr(views_event, "INLINE_MAX_IMPORT_BYTES", 10)
    response = post(dc, trf(1, 2) + "001    3      Broken\n", slug="broken")
    job = Job.objects.get()
    assert (job.kind, job.status) == ("import_trf", "failed")
    assert job.message == ("Not a readable TRF file: line 4: 001 line is 20 characters long; "
                           "it must reach the rank column (89)")
    page = dc.get(response.url).content.decode()
    assert "It failed, and nothing was changed:</strong> Not a readable TRF file: line 4" in page
    assert not Tournament.objects.exists()


def test_a_big_file_waits_for_the_worker(dc, monkeypatch):
    """With the database backend (no worker in a test) the job is queued, its payload kept
    for the worker, and nothing is imported yet."""
    monkeypatch.setattr(views_event, "INLINE_MAX_IMPORT_BYTES", 10)
    post(dc, trf(1, 2), slug="later")
    job = Job.objects.get()
    assert job.status == "queued" and json.loads(job.payload)["slug"] == "later"
    assert not Tournament.objects.exists()
