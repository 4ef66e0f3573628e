import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.archive import export_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write the whole event as a fives-and-threes-tournament/1 archive (JSON)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", nargs="?", help="where to write (standard output if absent)")

    def handle(self, *args, slug, file=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no event {slug!r}.")
        text = json.dumps(export_tournament(tournament), indent=2, ensure_ascii=False) + "\n"
        if file:
            Path(file).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
