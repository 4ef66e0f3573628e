import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament.actions.base import one_change
from tournament.demo import cup, division, pairs, singles, table
from tournament.demo.names import ARBITERS, DIRECTOR
from tournament.management.commands.grant_director import grant
from tournament.models import Tournament

User = get_user_model()


def user(username, password):
    account = User.objects.filter(username=username).first()
    if account is None:
        account = User.objects.create_user(username=username, password=password)
    return account


class Command(BaseCommand):
    help = ("Load the demo events built through the same actions as the screens: a singles "
            "event (24 players, MSO rules, a five-round Swiss, then a top-8 knock-out with "
            "the quarter-finals played and the semi-finals live), a knock-out cup of 13 "
            "drawn by lot (first round played, quarter-finals live), a BNDCC "
            "pairs event (12 pairs, three finished rounds with penalties of every kind, "
            "round 4 live), a club night where the players enter and accept their own results "
            "(round 2 live, one board disputed), a pub league's division of six teams half-way "
            "through its season (a postponed match, a disputed card, players' entries), "
            "with a director's and two arbiters' accounts.")

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true",
                            help="do nothing when the database already holds an event")
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--allow-production", action="store_true",
                            help="load even outside local development (LOCAL_DEV unset): "
                                 "the demo accounts' passwords are printed in the README")

    def handle(self, *args, if_empty, seed, allow_production=False, **options):
        if not (settings.LOCAL_DEV or allow_production):
            raise CommandError(
                "load_demo makes accounts whose passwords are printed in the README, so it "
                "runs only in local development (LOCAL_DEV=1, as `make run` sets). To load "
                "the demo here all the same, pass --allow-production.")
        if if_empty and Tournament.objects.exists():
            self.stdout.write("The database already holds events; no demo loaded.")
        else:
            for event in self.load(seed):
                self.stdout.write(f"Loaded {event.name} at /{event.slug}/.")
        self.stdout.write("Sign in at /accounts/login/ as")
        self.stdout.write(f"  director: {DIRECTOR[0]} / {DIRECTOR[1]}")
        for name, password in ARBITERS:
            self.stdout.write(f"  arbiter:  {name} / {password}")

    def load(self, seed):
        # One change: a failed load leaves nothing behind.
        with one_change():
            director = user(*DIRECTOR)
            grant(director)  # the staff's right to create events (manage.py grant_director)
            arbiter, checker = (user(*a) for a in ARBITERS)
            # One random stream each, so the singles event is the same whatever pairs does.
            return [singles.build(random.Random(seed), director, arbiter, checker),
                    pairs.build(random.Random(f"pairs-{seed}"), director, arbiter, checker),
                    table.build(random.Random(f"table-{seed}"), director, arbiter, checker),
                    cup.build(random.Random(f"cup-{seed}"), director, arbiter, checker),
                    division.build(random.Random(f"league-{seed}"), director, arbiter,
                                 checker)]
