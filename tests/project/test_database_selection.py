"""`make test-postgres` runs only the tests that use the database (`--database-tests-only`,
tests/database_tests.py); `make test` runs them all on SQLite. So every test runs in CI,
and every database test on both databases, if the rule misses no way of asking for the
database. The tests of this file are a sample of every way (each a real test of its own);
the last ones collect this file again and check what the rule makes of each."""

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import SimpleTestCase, TestCase

from tests import conftest
from tests.database_tests import split_by_database


@pytest.fixture
def selection_sample_user(db):
    return User.objects.create_user("sample")


@pytest.fixture
def selection_sample_user_named(selection_sample_user):
    return selection_sample_user.username


def test_db_by_fixture(db):
    assert not User.objects.filter(username="sample").exists()


@pytest.mark.django_db
def test_db_by_mark():
    User.objects.create_user("sample")
    assert User.objects.filter(username="sample").count() == 1


@pytest.mark.django_db(transaction=True)
def test_db_by_mark_with_transactions():
    User.objects.create_user("sample")
    assert User.objects.filter(username="sample").count() == 1


def test_db_by_transactional_db(transactional_db):
    assert User.objects.count() == 0


def test_db_through_a_fixture_of_a_fixture(selection_sample_user_named):
    assert User.objects.get(username=selection_sample_user_named).is_active


def test_db_through_a_pytest_django_fixture(admin_user):
    assert User.objects.get(pk=admin_user.pk).is_superuser


@pytest.mark.django_db
class TestDbByMarkOnTheClass:
    def test_db_in_a_marked_class(self):
        assert User.objects.count() == 0


class TestDbByDjangoTestCase(TestCase):
    def test_db_in_a_django_testcase(self):
        User.objects.create_user("sample")
        self.assertEqual(User.objects.count(), 1)


class TestNoDbInASimpleTestCase(SimpleTestCase):
    def test_no_db_in_a_simple_testcase(self):
        with self.assertRaises(AssertionError):  # Django's DatabaseOperationForbidden
            User.objects.count()


def test_no_db_is_refused_the_database():
    # Why the rule is safe: a test that asks in none of the ways cannot use the database,
    # so the SQLite run fails any test the rule would wrongly leave out of PostgreSQL's.
    with pytest.raises(RuntimeError, match="Database access not allowed"):
        User.objects.count()


@pytest.mark.parametrize("value", [1, 2])
def test_no_db_parametrized(value):
    assert value * 2 in (2, 4)


def items_of(collector):
    for node in collector.collect():
        if isinstance(node, pytest.Item):
            yield node
        else:
            yield from items_of(node)


@pytest.fixture
def this_file_collected(request):
    module = pytest.Module.from_parent(request.session, path=Path(__file__))
    return list(items_of(module))


def test_the_rule_finds_every_way_of_asking_for_the_database(this_file_collected):
    using, not_using = split_by_database(this_file_collected)
    assert sorted(item.name for item in using) == [
        "test_db_by_fixture", "test_db_by_mark", "test_db_by_mark_with_transactions",
        "test_db_by_transactional_db", "test_db_in_a_django_testcase",
        "test_db_in_a_marked_class", "test_db_through_a_fixture_of_a_fixture",
        "test_db_through_a_pytest_django_fixture",
    ]
    assert sorted(item.name for item in not_using) == [
        "test_no_db_in_a_simple_testcase", "test_no_db_is_refused_the_database",
        "test_no_db_parametrized[1]", "test_no_db_parametrized[2]",
        "test_the_option_deselects_the_others_and_says_so",
        "test_the_rule_finds_every_way_of_asking_for_the_database",
        "test_without_the_option_every_test_stays",
    ]


class FakeConfig:
    def __init__(self, database_tests_only):
        self.only = database_tests_only
        self.deselected = []
        self.hook = self

    def getoption(self, name):
        assert name == "--database-tests-only"
        return self.only

    def pytest_deselected(self, items):
        self.deselected.extend(items)


def test_the_option_deselects_the_others_and_says_so(this_file_collected):
    items = list(this_file_collected)
    config = FakeConfig(database_tests_only=True)
    conftest.pytest_collection_modifyitems(config, items)
    assert [item.name for item in items] == [
        item.name for item in this_file_collected if item.name.startswith("test_db")]
    assert len(items) == 8
    # Deselected (counted as such in pytest's summary), not skipped.
    assert {item.name for item in config.deselected} == {
        item.name for item in this_file_collected if item not in items}
    assert len(items) + len(config.deselected) == len(this_file_collected)


def test_without_the_option_every_test_stays(this_file_collected):
    items = list(this_file_collected)
    config = FakeConfig(database_tests_only=False)
    conftest.pytest_collection_modifyitems(config, items)
    assert items == this_file_collected
    assert config.deselected == []
