import pytest


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # PBKDF2 is slow on purpose (about a second an account here); no test is about that.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
