"""`manage.py arbiter_token USERNAME --tournament SLUG`: an arbiter's API token for a device."""

from django.core.management.base import BaseCommand, CommandError

from tournament.actions.tokens import grant
from tournament.models import Tournament


class Command(BaseCommand):
    help = ("Create USERNAME if needed, make them an arbiter of the tournament, and print "
            "their API token (the existing one if they have one) alone on a line.")

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--tournament", required=True, metavar="SLUG")

    def handle(self, *args, username, tournament, **options):
        username = username.strip()
        if not username:
            raise CommandError("Give a username.")
        event = Tournament.objects.filter(slug=tournament).first()
        if event is None:
            raise CommandError(f"There is no tournament {tournament!r}.")
        key, note = grant(event, None, username=username)
        if note:
            self.stderr.write(note)
        self.stdout.write(key)
