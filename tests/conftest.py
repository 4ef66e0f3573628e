import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client


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


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # PBKDF2 is slow on purpose (about a second an account here); no test is about that.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def client_for():
    """client_for(user): a test client signed in as that user."""
    def make(user):
        c = Client()
        c.force_login(user)
        return c
    return make
