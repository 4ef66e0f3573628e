import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.interchange.archive import archive_json
from tournament.models import Tournament


def write_atomically(path: Path, text: str):
    """Write text beside path and rename it over path: a failed export leaves the old file."""
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                     dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Command(BaseCommand):
    help = "Write the whole event as a fives-and-threes-tournament/1 archive (JSON)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", nargs="?", help="where to write (standard output if absent)")

    def handle(self, *args, slug, file=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no event {slug!r}.")
        text = archive_json(tournament)
        if not file:
            self.stdout.write(text, ending="")
            return
        try:
            write_atomically(Path(file), text)
        except OSError as exc:
            raise CommandError(f"Cannot write {file}: {exc}") from exc
