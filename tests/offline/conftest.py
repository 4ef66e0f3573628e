from tests.arbiter.conftest import event, people  # noqa: F401  (the arbiters' fixtures)
