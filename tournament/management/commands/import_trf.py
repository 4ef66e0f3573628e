from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.actions import ActionError
from tournament.actions.trf_import import NO_SET_SCORES, import_trf_event


class Command(BaseCommand):
    help = "Create an event from a TRF(x) file: players, ratings, finished rounds and results."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the TRF file, or - for standard input")
        parser.add_argument("--slug", required=True, help="the new event's web address")
        parser.add_argument("--hidden", action="store_true",
                            help="hide the new event from the public until it is shown")

    def handle(self, *args, file, slug, hidden=False, **options):
        try:
            text = self.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"Cannot read {file}: {exc}") from exc
        try:
            tournament = import_trf_event(text, slug=slug, hidden=hidden)
        except ActionError as exc:
            details = "; ".join(m for ms in exc.errors.values() for m in ms)
            raise CommandError(exc.message + (f" ({details})" if details else "")) from exc
        self.stderr.write(f"Imported {tournament.name} as {tournament.slug}: "
                          f"{tournament.entrants.count()} players, "
                          f"{tournament.rounds.count()} rounds"
                          f"{', hidden from the public' if tournament.hidden else ''}. "
                          f"{NO_SET_SCORES}")
