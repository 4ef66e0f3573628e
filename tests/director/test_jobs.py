"""Long work as background tasks (tournament/web/tasks.py) and its progress page."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tournament.actions import events, rounds
from tournament.interchange.archive import archive_json
from tournament.models import Entrant, Job, Round, Tournament
from tournament.web import tasks

from ..conftest import grant_director

pytestmark = pytest.mark.django_db

IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def all_to_worker(monkeypatch):
    """Every event counts as big: its pairing and archive go to the task worker."""
    monkeypatch.setattr(tasks, "INLINE_MAX_ENTRANTS", 2)
    monkeypatch.setattr(tasks, "INLINE_MAX_CSV_LINES", 2)


@pytest.fixture
def immediate(settings):
    """Tasks run as they are enqueued, in the request (django-tasks' immediate backend)."""
    settings.TASKS = IMMEDIATE


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def status(client, job):
    response = client.get(reverse("director:job_status", args=[job.pk]))
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    return response.json()


def test_pairing_a_big_event_goes_through_a_job_and_shows_the_result(dc, seeded, all_to_worker,
                                                                      immediate):
    response = dc.post(url(seeded, "pair"))
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == reverse("director:job",
                                                                   args=[job.pk])
    assert (job.kind, job.status, job.tournament) == ("pair_round", "done", seeded)
    assert job.payload == "" and job.started_at and job.finished_at
    r1 = seeded.rounds.get()
    assert r1.status == Round.Status.DRAFT and r1.matches.count() == 4
    state = status(dc, job)
    assert state["status"] == "done" and state["finished"] and state["go_on"]
    assert state["message"] == "Round 1 is paired as a draft: check it, then publish it."
    assert state["result_url"] == url(seeded, "round", 1)
    page = dc.get(response.url).content.decode()
    assert "Round 1 is paired as a draft" in page
    assert f'href="{url(seeded, "round", 1)}"' in page
    assert 'http-equiv="refresh"' not in page  # finished: nothing left to wait for


def test_a_job_is_running_while_its_action_runs(dc, seeded, director, all_to_worker, immediate,
                                                monkeypatch):
    seen = []
    real = tasks.pair

    def watch(job):
        seen.append(Job.objects.get(pk=job.pk).status)
        return real(job)

    monkeypatch.setattr(tasks, "pair", watch)
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    assert seen == ["running"]
    assert job.status == "done"


def test_queued_until_a_worker_takes_it_then_done(dc, seeded, all_to_worker):
    """The database backend (settings.TASKS): the request only enqueues."""
    response = dc.post(url(seeded, "pair"))
    job = Job.objects.get()
    assert job.status == "queued" and job.task_id
    assert not seeded.rounds.exists()
    state = status(dc, job)
    assert (state["status"], state["label"], state["finished"]) == (
        "queued", "Waiting for a worker", False)
    page = dc.get(response.url).content.decode()
    assert "Waiting for a worker" in page
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page
    assert reverse("director:job_status", args=[job.pk]) in page


def test_pairing_twice_at_once_is_refused(dc, seeded, all_to_worker):
    first = dc.post(url(seeded, "pair"))
    second = dc.post(url(seeded, "pair"), follow=True)
    assert Job.objects.count() == 1
    assert second.redirect_chain[-1][0] == first.url
    assert ("Pairing the next round of Spring Open is already under way: wait for it to "
            "finish.") in second.content.decode()


def test_a_refusal_fails_the_job_with_the_reason(dc, seeded, director, all_to_worker, immediate):
    rounds.pair_round(seeded, director)  # round 1 is a draft: round 2 may not be paired
    response = dc.post(url(seeded, "pair"))
    job = Job.objects.get()
    assert job.status == "failed"
    assert job.message == "Round 1 is still a draft: publish or delete it first."
    assert seeded.rounds.count() == 1
    page = dc.get(response.url).content.decode()
    assert "It failed, and nothing was changed:" in page
    assert "Round 1 is still a draft: publish or delete it first." in page
    state = status(dc, job)
    assert state["status"] == "failed" and state["result_url"] == "" and not state["go_on"]


def test_a_crash_half_way_leaves_nothing_half_made(dc, seeded, all_to_worker, immediate):
    def broken(round_, pairs):
        raise RuntimeError("the disk is full")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rounds, "create_boards", broken)  # after the round row is made
        dc.post(url(seeded, "pair"))
    job = Job.objects.get()
    assert job.status == "failed" and job.message == tasks.UNEXPECTED
    assert not Round.objects.exists()
    seeded.refresh_from_db()
    assert seeded.top_seed_starts is None  # the lot drawn for round 1 rolled back too
    # ...and the event may be paired again: the failed job blocks nothing.
    dc.post(url(seeded, "pair"))
    assert Job.objects.filter(status="done").count() == 1
    assert seeded.rounds.count() == 1


def test_a_stale_job_no_longer_blocks(seeded, director, immediate):
    old = Job.objects.create(tournament=seeded, kind=Job.Kind.PAIR_ROUND,
                             requested_by=director,
                             created_at=timezone.now() - timedelta(hours=2))
    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    old.refresh_from_db()
    assert old.status == "failed" and "worker stopped" in old.message
    assert job.status == "done"


def test_only_the_requester_and_the_events_directors_see_a_job(dc, client_for, seeded,
                                                               director, arbiter, all_to_worker):
    dc.post(url(seeded, "pair"))
    job = Job.objects.get()
    other = grant_director(User.objects.create_user("olga", password="pw-123456"))
    events.create_tournament(other, name="Other Open")
    for user, code in [(other, 404), (arbiter, 404), (director, 200)]:
        c = client_for(user)
        assert c.get(reverse("director:job", args=[job.pk])).status_code == code
        assert c.get(reverse("director:job_status", args=[job.pk])).status_code == code
    assert client_for(other).get(reverse("director:job", args=[job.pk])).status_code == 404


def test_small_events_still_pair_at_once(dc, seeded):
    response = dc.post(url(seeded, "pair"))
    assert response.url == url(seeded, "round", 1)
    assert not Job.objects.exists()


def test_the_archive_of_a_big_event_is_made_by_a_job(dc, seeded, all_to_worker, immediate):
    response = dc.get(url(seeded, "archive"))
    job = Job.objects.get()
    assert response.url == reverse("director:job", args=[job.pk])
    assert job.kind == "export_archive" and job.status == "done"
    state = status(dc, job)
    assert state["result_url"] == reverse("director:job_download", args=[job.pk])
    assert not state["go_on"]  # a download is offered, not opened
    download = dc.get(state["result_url"])
    assert download["Content-Disposition"] == 'attachment; filename="spring-open.json"'
    assert download.content.decode() == archive_json(seeded)


def test_a_long_entrants_list_is_imported_by_a_job(dc, event, all_to_worker, immediate):
    text = "name,club,rating\n" + "\n".join(f"Player {i},Club {i},{1500 + i}"
                                            for i in range(1, 6))
    response = dc.post(url(event, "confirm_import"), {"csv": text})
    job = Job.objects.get()
    assert response.url == reverse("director:job", args=[job.pk])
    assert job.status == "done" and job.message == "5 entrants imported."
    assert job.result_url == url(event, "entrants")
    assert event.entrants.count() == 5


def test_a_job_importing_one_entrant_says_entrant(dc, event, all_to_worker, immediate,
                                                  monkeypatch):
    monkeypatch.setattr(tasks, "INLINE_MAX_CSV_LINES", 0)
    dc.post(url(event, "confirm_import"), {"csv": "Ann Lee,Leek DC\n"})
    assert Job.objects.get().message == "1 entrant imported."


def test_a_bad_entrants_list_fails_naming_each_line_and_imports_nothing(dc, event, all_to_worker,
                                                                        immediate):
    text = "name,club,rating\nAnn Lee,Leek,1500\nBo Park,Bath,strong\n,,\nCy Hale,,1300"
    dc.post(url(event, "confirm_import"), {"csv": text})
    job = Job.objects.get()
    assert job.status == "failed"
    first, *lines = job.message.splitlines()
    assert first.startswith("The list was not imported:")
    assert any("strong" in line for line in lines)
    assert not event.entrants.exists()
    page = dc.get(reverse("director:job", args=[job.pk])).content.decode()
    assert "<li>" in page and "strong" in page


def test_trf_and_archive_imports_as_jobs(director, immediate):
    source = events.create_tournament(director, name="Source Open")
    Entrant.objects.create(tournament=source, number=1, name="Ann Lee")
    Entrant.objects.create(tournament=source, number=2, name="Bo Park")
    payload = json.dumps({"text": archive_json(source), "slug": "copied"})
    job = tasks.start(Job.Kind.IMPORT_ARCHIVE, director, payload=payload)
    assert job.status == "done", job.message
    assert job.result_url == reverse("director:event", args=["copied"])
    assert Tournament.objects.get(slug="copied").entrants.count() == 2
    trf = "012 TRF Open\n" + "".join(
        f"001 {n:4}      Test000{n} Player000{n}{'':15}{2300 - n:4}{'':29}0.0 {n:4}\n"
        for n in (1, 2))
    job = tasks.start(Job.Kind.IMPORT_TRF, director, payload=json.dumps({"text": trf,
                                                                        "slug": "trf"}))
    assert job.status == "done", job.message
    assert Tournament.objects.get(slug="trf").entrants.count() == 2


def test_a_bad_archive_fails_and_makes_no_event(director, immediate):
    job = tasks.start(Job.Kind.IMPORT_ARCHIVE, director,
                      payload=json.dumps({"text": "{not json", "slug": "x"}))
    assert job.status == "failed" and job.message.startswith("The archive is not JSON")
    job = tasks.start(Job.Kind.IMPORT_ARCHIVE, director,
                      payload=json.dumps({"text": json.dumps({"format": "nope"}), "slug": "x"}))
    assert job.status == "failed" and job.message.startswith("The archive was not imported")
    assert not Tournament.objects.filter(slug="x").exists()


def test_a_deeply_nested_archive_fails_with_our_words(director, immediate):
    deep = "[" * 100_000 + "]" * 100_000
    job = tasks.start(Job.Kind.IMPORT_ARCHIVE, director,
                      payload=json.dumps({"text": deep, "slug": "deep"}))
    assert job.status == "failed"
    assert job.message == "The archive is nested too deeply to be one of ours."
    assert not Tournament.objects.filter(slug="deep").exists()


@pytest.mark.django_db(transaction=True)
def test_the_database_backend_and_its_worker(seeded, director, all_to_worker):
    """The path `make run` and a server take: the request enqueues a row, the worker
    (manage.py db_worker) claims it, runs the action and records the outcome."""
    from django_tasks_db.models import DBTaskResult

    job = tasks.start(Job.Kind.PAIR_ROUND, director, seeded)
    assert job.status == "queued"
    assert DBTaskResult.objects.get(id=job.task_id).status == "READY"
    call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0",
                 verbosity=0)
    job.refresh_from_db()
    assert job.status == "done" and job.result_url == url(seeded, "round", 1)
    assert DBTaskResult.objects.get(id=job.task_id).status == "SUCCESSFUL"
    assert seeded.rounds.get().matches.count() == 4
