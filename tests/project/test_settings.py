"""Production settings: secrets from the environment, `check --deploy` clean."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, **env):
    clean = {k: v for k, v in os.environ.items()
             if k not in {"PYTEST_VERSION", "LOCAL_DEV", "DEBUG", "SECRET_KEY", "DATABASE_URL",
                          "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_is_clean_with_production_settings():
    done = manage("check", "--deploy", "--fail-level", "WARNING",
                  SECRET_KEY="k" + "9fQ2xLr7Tz0pW4mN8bV6cX1sD3gH5jK0aZqYw2Ee4Rr6Tt8Uu",
                  ALLOWED_HOSTS="dominoes.example.org")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_check_deploy_flags_a_missing_secret_key():
    done = manage("check", "--deploy", ALLOWED_HOSTS="dominoes.example.org")
    assert "security.W009" in done.stdout + done.stderr


def test_wsgi_refuses_to_serve_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_VERSION", "LOCAL_DEV",
                                                            "DEBUG", "SECRET_KEY"}}
    done = subprocess.run([sys.executable, "-c", "import tournament.wsgi"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


@pytest.mark.postgres
@pytest.mark.django_db
def test_only_a_test_run_commits_on_postgresql_without_waiting_for_the_disk():
    # The suite's throw-away databases (settings.py); a site keeps PostgreSQL's default.
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "off"
    code = ("import django; django.setup(); from django.db import connection; "
            "cursor = connection.cursor(); cursor.execute('SHOW synchronous_commit'); "
            "print(cursor.fetchone()[0])")
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_VERSION"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={
                              **env, "LOCAL_DEV": "1", "DATABASE_URL": connection_url(),
                              "DJANGO_SETTINGS_MODULE": "tournament.settings"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "on"


def connection_url():
    """The test database's address, for a process of its own (same server, same name)."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    user = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    host = f"{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return f"postgres://{user}@{host}/{connection.settings_dict['NAME']}"
