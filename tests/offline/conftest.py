from tests.arbiter.conftest import people, round1  # noqa: F401  (the arbiters' fixtures)
