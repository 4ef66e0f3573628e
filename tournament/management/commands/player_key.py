"""`manage.py player_key SLUG NUMBER [--member N]`: a new player key (a pair's member
1 or 2, a team's member 1..n), printed alone on
a line (shared/spec/table-entry.md). The player's older key stops working."""

from django.core.management.base import BaseCommand, CommandError

from tournament.actions import ActionError
from tournament.actions.player_keys import issue_key
from tournament.models import Tournament


class Command(BaseCommand):
    help = ("Make a new key for entrant NUMBER of the event (a pair's --member 1 or 2) and "
            "print it alone on a line; the player's older key stops working.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("number", type=int)
        parser.add_argument("--member", type=int,
                            help="a pair's member 1 or 2; a team's member 1..n (its "
                                 "captain's by default)")

    def handle(self, *args, slug, number, member, **options):
        event = Tournament.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"There is no tournament {slug!r}.")
        try:
            key = issue_key(event, None, number=number, member=member)
        except ActionError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(key)
