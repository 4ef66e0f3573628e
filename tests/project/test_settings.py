"""Production settings: secrets from the environment, `check --deploy` clean."""

import os
import subprocess
import sys
from pathlib import Path

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
