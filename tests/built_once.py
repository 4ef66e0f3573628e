"""Rows slow to make (the demo, a generated event of a hundred players), written once for
all the tests of a module instead of once a test."""

from contextlib import contextmanager

from django.db import transaction


@contextmanager
def built_once(django_db_blocker):
    """For a module-scoped fixture whose rows are slow to make (the demo, a generated
    event): they are written once, inside one change rolled back after the module's last
    test, and each test (its `db` fixture) runs in a savepoint within it, so no test sees
    another's writes. Its tests must not use `transactional_db`. Usage:

        @pytest.fixture(scope="module")
        def demo_loaded(django_db_setup, django_db_blocker):
            with built_once(django_db_blocker):
                call_command("load_demo", stdout=io.StringIO())
                yield
    """
    from tournament.actions.base import one_change

    with django_db_blocker.unblock(), one_change():
        yield
        transaction.set_rollback(True)
