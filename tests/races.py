"""What the tests of real concurrent transactions share: the PostgreSQL-only mark and a
runner that releases several calls at the same instant, each on a connection of its own.

SQLite serialises every writer, so these races only happen on PostgreSQL: run them with
DATABASE_URL=postgres://... (`make test-postgres`); elsewhere tests/conftest.py skips every
test marked `postgres`.
"""

import threading

import pytest
from django.db import connection

# Committed for real: each thread sees the others' rows only through the database.
POSTGRES_MARKS = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def needs_postgres(test):
    """The marks of a race test (a module may say `pytestmark = POSTGRES_MARKS`)."""
    for mark in POSTGRES_MARKS:
        test = mark(test)
    return test


def at_once(*calls, timeout=120):
    """Run each call in a thread of its own (its own database connection), all released
    together; returns what each returned, or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait(timeout=10)
            answers[i] = call()
        except Exception as exc:  # noqa: BLE001 - the test looks at it
            answers[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    assert not any(t.is_alive() for t in threads), "a side never finished: a lock wait hung"
    return answers


def raised(answers):
    """The exceptions among at_once's answers (a test that expects none asserts [])."""
    return [a for a in answers if isinstance(a, Exception)]
