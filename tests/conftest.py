"""Fixtures every folder shares. A fixture name has one meaning in all of tests/
(tests/project/test_fixture_names.py holds to it): define it once, here or in one
folder's conftest.py, and give a variant a name of its own."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import caches
from django.db import connection
from django.test import Client, override_settings
from hypothesis import settings as hypothesis_settings

from tests.database_tests import split_by_database

# The property tests draw the same examples on every run ("suite": derandomized, no example
# database on disk for the parallel workers to share), so a run is stable and a failure in CI
# is the one a developer sees; each test's own max_examples bounds it.
# HYPOTHESIS_PROFILE=explore draws fresh examples each run, and keeps the failing ones.
hypothesis_settings.register_profile("suite", derandomize=True, database=None)
hypothesis_settings.register_profile("explore")
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only", action="store_true",
        help="run only the tests that use the database (tests/database_tests.py): "
             "`make test-postgres` runs these on PostgreSQL; `make test` runs every test")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--database-tests-only"):
        using, not_using = split_by_database(items)
        if not_using:
            config.hook.pytest_deselected(items=not_using)
            items[:] = using


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, request):
    """On SQLite, a run with live-server tests keeps its test database in a file (in
    memory: /dev/shm where there is one), not in SQLite's shared in-memory database.
    Django hands that in-memory database's one connection to every thread of the live
    server and to the test itself; then a browser's polling, a render after an answer and
    the test's own writes interleave statements and transactions on one connection
    ("database table is locked", a service worker's install failing on the error page).
    In a file each thread has its own connection, and writers wait for each other as the
    site's own SQLite does (settings: WAL, IMMEDIATE, a timeout)."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if not db["ENGINE"].endswith("sqlite3") or not any(
            "live_server" in item.fixturenames for item in request.session.items):
        yield
        return
    worker = getattr(request.config, "workerinput", {}).get("workerid", "main")
    folder = Path(tempfile.mkdtemp(prefix="ft-live-", dir="/dev/shm" if os.path.isdir(
        "/dev/shm") else None))
    db.setdefault("TEST", {})["NAME"] = str(folder / f"test-{worker}.sqlite3")
    yield
    shutil.rmtree(folder, ignore_errors=True)


def pytest_runtest_setup(item):
    # Races of real concurrent transactions (tests/races.py): SQLite serialises every
    # writer, so they only happen on PostgreSQL.
    if item.get_closest_marker("postgres") and connection.vendor != "postgresql":
        pytest.skip("needs DATABASE_URL=postgres://...")


@pytest.fixture(autouse=True)
def fresh_caches():
    # Public answers are cached whole by each event's revision (tournament/web/revision.py),
    # and a new test database reuses slugs and ids: no test may see another's entries.
    for cache in caches.all():
        cache.clear()
    yield


@pytest.fixture(autouse=True, scope="session")
def fast_passwords():
    # PBKDF2 is slow on purpose (about a second an account here); no test is about that.
    # For the whole session, so that rows built once for a module (built_once) have it too.
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture
def client_for():
    """client_for(user): a test client signed in as that user."""
    def make(user):
        c = Client()
        c.force_login(user)
        return c
    return make


def grant_director(user):
    """The staff's right to create events (manage.py grant_director does the same)."""
    user.user_permissions.add(Permission.objects.get(codename="direct_events"))
    return User.objects.get(pk=user.pk)  # a fresh instance: permissions are cached


@pytest.fixture
def director(db):
    """dora, with the staff's right to create events (grant_director)."""
    return grant_director(User.objects.create_user("dora", password="pw-123456"))


@pytest.fixture
def plain_director():
    """dir, a user with no rights of their own: directs the events made in their name."""
    return User.objects.create_user("dir", password="pw-123456")


@pytest.fixture
def dora(db):
    """dora, a user with no rights of their own (the `director` fixture is dora with the
    right to create events)."""
    return User.objects.create_user("dora", password="pw-123456")
