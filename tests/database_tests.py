"""Which tests use the database, for `make test-postgres` (`--database-tests-only`).

The SQLite run (`make test`) runs every test. A test that uses no database (the pure cores:
scoring, pairing and its goldens, rules, standings, the property tests) proves the same
thing whatever DATABASE_URL names, so the PostgreSQL run keeps only the tests that use the
database, and every database test runs on both.

A test uses the database if it asks for it in any of the ways pytest-django gives: the
`django_db` mark (on the test, its class or its module), the `db`, `transactional_db` or
`live_server` fixtures, directly or through any fixture it uses (`admin_client`, a
folder's `director`, ...), a module's rows built once (tests/built_once.py, which asks for
`django_db_setup`), or a Django TestCase. A test that asks in none of these ways cannot
touch the database: pytest-django refuses it ("Database access not allowed"), so the
SQLite run would fail it. tests/project/test_database_selection.py proves the rule on a
sample of every kind.
"""

# Every database fixture of pytest-django asks for `_django_db_helper` (db,
# transactional_db, django_db_reset_sequences, django_db_serialized_rollback, admin_user,
# admin_client ...); rows built once for a module ask for `django_db_setup`; `live_server`
# brings its database in at run time (pytest-django's `_live_server_helper`), so it is named.
DATABASE_FIXTURES = frozenset({"_django_db_helper", "django_db_setup", "db", "transactional_db",
                               "live_server"})


def uses_database(item) -> bool:
    """Does this collected test (a pytest item) use the database?"""
    if item.get_closest_marker("django_db") is not None:
        return True
    if DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return True
    cls = getattr(item, "cls", None)
    if cls is not None:
        from django.test import SimpleTestCase

        # TestCase and TransactionTestCase name {"default"}; SimpleTestCase none, unless set.
        return issubclass(cls, SimpleTestCase) and bool(cls.databases)
    return False


def split_by_database(items):
    """(the tests that use the database, the others), each in the order given."""
    using, not_using = [], []
    for item in items:
        (using if uses_database(item) else not_using).append(item)
    return using, not_using
