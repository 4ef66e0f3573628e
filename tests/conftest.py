import pytest
from django.test import Client


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
