from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament import history
from tournament.models import Tournament
from tournament.pairing.trf import write_trf


class Command(BaseCommand):
    help = "Write an event's history as a TRF(x) file (to standard output without FILE)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", nargs="?")

    def handle(self, *args, slug, file=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no event {slug!r}.")
        complete = tournament.rounds.count()
        last = tournament.rounds.order_by("-number").first()
        from tournament.actions.progress import open_boards

        if last is not None and open_boards(last):
            complete -= 1  # TRF cannot say "not played yet": export the finished rounds
        try:
            text = write_trf(history.trf_event(tournament, through_round=complete))
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        if file:
            Path(file).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
