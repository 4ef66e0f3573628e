"""The board race on a real SQLite file (WAL, IMMEDIATE transactions), in its own process.

pytest's SQLite test database is in memory with a shared cache, whose table locks fail at
once instead of queueing writers; the app runs on a file, so the race is run on one here.
Usage: python -m tests.api.sqlite_race DB_FILE  (prints "ok" when exactly one wins)
"""

import os
import sys


def main(path):
    os.environ.update(DATABASE_URL=f"sqlite:///{path}", LOCAL_DEV="1",
                      DJANGO_SETTINGS_MODULE="tournament.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    from tournament.actions import rounds

    from .conftest import make_event
    from .test_concurrency import check_one_winner, race, setup_race

    setup_test_environment()
    call_command("migrate", verbosity=0)
    director = User.objects.create_user("dir")
    event = make_event(director, name="Race Open", players=4)
    rounds.publish_round(rounds.pair_round(event, director), director)
    match, keys = setup_race(event, 2)
    check_one_winner(match, race(match, keys))
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1])
