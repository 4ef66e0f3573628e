"""What keeps one browser test from another: the live server's threads and the test each
have a database connection of their own (tests/conftest.py, django_db_modify_db_settings:
on SQLite Django would otherwise hand the in-memory database's one connection to every
thread, so that a page served while the test writes ran inside the test's transaction, and
the two locked each other's tables); and a test's pages close when it ends
(tests/browser/conftest.py), so none goes on polling the server during the next."""

import urllib.error
import urllib.request

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from tournament.actions import events
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def status(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_live_server_does_not_see_the_tests_uncommitted_writes(live_server):
    dora = User.objects.create_user("dora")
    cup = events.create_tournament(dora, name="Not Yet Cup", slug="not-yet-cup", hidden=True)
    page = f"{live_server.url}/not-yet-cup/"
    assert status(page) == 404
    with transaction.atomic():
        Tournament.objects.filter(pk=cup.pk).update(hidden=False)
        # Served by another thread on a connection of its own: not committed, not seen.
        assert status(page) == 404
        transaction.set_rollback(True)
    events.set_hidden(Tournament.objects.get(pk=cup.pk), dora, hidden=False)
    assert status(page) == 200


def test_a_test_leaves_a_page_open(browser, live_server):
    from .test_walkthrough import DESKTOP, new_page

    page = new_page(browser, **DESKTOP)
    page.goto(f"{live_server.url}/")
    assert browser.contexts


def test_the_pages_of_the_test_before_are_closed(browser):
    assert browser.contexts == []
