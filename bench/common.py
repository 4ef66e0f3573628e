"""What the server benches share: a throwaway PostgreSQL database with Django set up on it,
gunicorn on a free local port (waited for until it answers), and the percentiles they
print. Every address is 127.0.0.1; the database server is the local PostgreSQL
(user postgres), as in tests.

A bench imports it after putting bench/ on sys.path, so that each stays runnable as
`.venv/bin/python bench/X.py` from the repository's root.
"""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST, PG = "127.0.0.1", "postgres://postgres@127.0.0.1:5432"
UP_PATH = "/api/v1/tournaments/"  # a page that answers 200 once the app and its database do


def admin_sql(*statements):
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        for sql in statements:
            conn.execute(sql)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def fresh_database(db: str) -> None:
    """An empty database `db`, migrated, with Django set up on it in this process."""
    admin_sql(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)", f"CREATE DATABASE {db}")
    os.environ["DATABASE_URL"] = f"{PG}/{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def drop_database(db: str) -> None:
    """This process's connections closed, and `db` dropped (whoever still holds it)."""
    if "DJANGO_SETTINGS_MODULE" in os.environ:
        from django.db import connections

        connections.close_all()
    admin_sql(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


def server_env(database_url: str, **extra: str) -> dict[str, str]:
    """gunicorn's environment: DEBUG off, a fresh secret key, kept database connections,
    and the API's per-address limits off (every request here comes from one address)."""
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY=secrets.token_hex(32),
               ALLOWED_HOSTS=HOST, LOCAL_DEV="1", DEBUG="0", CONN_MAX_AGE="600",
               API_RATE_LIMITS="off")
    env.update(extra)  # a bench's own settings win
    return env


def answers(port: int, path: str = UP_PATH) -> bool:
    conn = http.client.HTTPConnection(HOST, port, timeout=2)
    try:
        conn.request("GET", path)
        return conn.getresponse().status == 200
    finally:
        conn.close()


def wait_until_up(port: int, is_up=answers, seconds: float = 30, who: str = "gunicorn") -> None:
    """Until `is_up(port)` is true; SystemExit after `seconds` (a refused connection is a
    server still starting)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if is_up(port):
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit(f"{who} did not answer within {seconds:.0f} s")
        time.sleep(0.2)


def start_gunicorn(port: int, workers: int, env: dict[str, str], *options: str,
                   **popen) -> tuple[subprocess.Popen, list[str]]:
    """`gunicorn tournament.wsgi -w workers` on HOST:port (more `options` after those),
    once it answers; the process and its command line."""
    cmd = [str(ROOT / ".venv/bin/gunicorn"), "tournament.wsgi", "-w", str(workers),
           "-b", f"{HOST}:{port}", "--log-level", "warning", *options]
    server = subprocess.Popen(cmd, cwd=ROOT, env=env, **popen)
    try:
        wait_until_up(port, seconds=120)  # a loaded machine: workers load slowly
    except SystemExit:
        stop(server)
        raise
    return server, cmd


def stop(*processes: subprocess.Popen | None, seconds: float = 30) -> None:
    """Each started process terminated and waited for (None: one never started)."""
    started = [p for p in processes if p is not None]
    for p in started:
        p.terminate()
    for p in started:
        p.wait(timeout=seconds)


def percentile(ordered: list[float], share: float) -> float:
    """The value at `share` (0.95: the 95th percentile) of values sorted ascending: the
    nearest rank below, as every bench has printed it; nan for no values."""
    return ordered[int(share * (len(ordered) - 1))] if ordered else float("nan")


def generate_event(players: int, rounds: int = 5, *, seed: int = 1, slug: str = "big",
                   last_live: bool = False, bulk: bool = True):
    """tournament/demo/generate.py's event, written in bulk by default (the benches' fast
    path), then given a new revision so that no page cached for an earlier event of the
    same slug is served. What ../shared/bench/spectator_load.sh looks for as
    `bench.common.generate_event` (after `django.setup()`)."""
    from tournament.demo.generate import generate_event as generate
    from tournament.web import revision

    event = generate(players, rounds, seed=seed, slug=slug, last_live=last_live, bulk=bulk)
    revision.bump(slug)
    return event
