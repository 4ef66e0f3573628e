import csv
import io
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.simulate import play_match, to_depth
from tournament.actions import entrants, events, results, rounds
from tournament.demo.people import ARBITERS, DIRECTOR, ENTRANTS
from tournament.management.commands.grant_director import grant
from tournament.models import Tournament

User = get_user_model()


def user(username, password):
    account = User.objects.filter(username=username).first()
    if account is None:
        account = User.objects.create_user(username=username, password=password)
    return account


def record_for(match, rng, ruleset):
    """A legal match record whose winner is likelier the stronger player."""
    strong = (match.side0.rating or 1400) - (match.side1.rating or 1400)
    want = 0 if rng.random() < 1 / (1 + 10 ** (-strong / 400)) else 1
    depth = rng.choices(["score", "hands", "plays"], weights=[6, 3, 1])[0]
    for _ in range(200):
        record = play_match(rng.randrange(10**9), first_set_starter=0)
        if record["result"]["winner"] == want:
            record["players"] = [match.side0.name, match.side1.name]
            record["ruleset"] = ruleset
            return record if depth == "plays" else to_depth(record, depth)
    raise RuntimeError("could not draw a match with the wanted winner")


class Command(BaseCommand):
    help = ("Load a demo event (24 players, four finished rounds, round 5 live), built through "
            "the same actions as the screens, with a director's and two arbiters' accounts.")

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true",
                            help="do nothing when the database already holds an event")
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, if_empty, seed, **options):
        if if_empty and Tournament.objects.exists():
            self.stdout.write("The database already holds events; no demo loaded.")
        else:
            self.load(random.Random(seed))
        self.stdout.write("Sign in at /accounts/login/ as")
        self.stdout.write(f"  director: {DIRECTOR[0]} / {DIRECTOR[1]}")
        for name, password in ARBITERS:
            self.stdout.write(f"  arbiter:  {name} / {password}")

    @transaction.atomic
    def load(self, rng):
        director = user(*DIRECTOR)
        grant(director)  # the staff's right to create events (manage.py grant_director)
        arbiter, checker = (user(*a) for a in ARBITERS)
        slug = "demo-open"
        n = 1
        while Tournament.objects.filter(slug=slug).exists():
            n += 1
            slug = f"demo-open-{n}"
        event = events.create_tournament(director, name="Potteries Fives & Threes Open",
                                         slug=slug)
        for name, _ in ARBITERS:
            events.add_official(event, director, username=name)
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow(["name", "club", "rating"])
        writer.writerows(ENTRANTS)
        entrants.import_entrants(event, director, text.getvalue())
        for number in range(1, 6):
            round_ = rounds.pair_round(event, director)
            rounds.publish_round(round_, director)
            boards = list(round_.matches.exclude(side1=None).select_related("side0", "side1"))
            live = number == 5
            for i, match in enumerate(boards):
                if live and i >= len(boards) // 2:
                    break  # half of the live round is still being played
                self.enter(match, rng, arbiter, event.ruleset)
                if not live or i % 2:
                    results.confirm_result(match.pk, checker, version=1)
        self.stdout.write(f"Loaded {event.name} at /{event.slug}/.")

    def enter(self, match, rng, arbiter, ruleset):
        if rng.random() < 0.03:
            results.submit_result(match.pk, arbiter, version=0, outcome="forfeit",
                                  conceded_by=rng.randrange(2))
            return
        results.submit_result(match.pk, arbiter, version=0, record=record_for(match, rng, ruleset))
