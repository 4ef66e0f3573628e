from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.reads.trf_export import later_stages_note, trf_text


class Command(BaseCommand):
    help = "Write an event's history as a TRF(x) file (to standard output without FILE)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", nargs="?")

    def handle(self, *args, slug, file=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no event {slug!r}.")
        try:
            text = trf_text(tournament)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        if note := later_stages_note(tournament):
            self.stderr.write(note)
        if file:
            Path(file).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
