import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.actions import ActionError
from tournament.actions.archive import import_tournament


class Command(BaseCommand):
    help = "Create an event from a fives-and-threes-tournament/1 archive; all or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive, or - for standard input")
        parser.add_argument("--slug", default="", help="web address (default: from the name)")
        parser.add_argument("--hidden", action="store_true",
                            help="hide the new event from the public until it is shown")

    def handle(self, *args, file, slug, hidden=False, **options):
        try:
            text = self.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
            doc = json.loads(text)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"Cannot read {file}: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise CommandError(f"{file} is not JSON: {exc}") from exc
        except RecursionError as exc:
            raise CommandError(f"{file} is nested too deeply to be an archive.") from exc
        except ValueError as exc:  # e.g. an integer of more than 4,300 digits
            raise CommandError(f"{file} is not readable JSON: {exc}") from exc
        try:
            tournament = import_tournament(doc, slug=slug, hidden=hidden)
        except ActionError as exc:
            raise CommandError(exc.message) from exc
        self.stderr.write(f"Imported {tournament.name} as {tournament.slug}"
                          f"{', hidden from the public' if tournament.hidden else ''}.")
