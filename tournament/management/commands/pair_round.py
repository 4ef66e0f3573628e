from django.core.management.base import BaseCommand, CommandError

from tournament.actions import ActionError
from tournament.actions.rounds import pair_round, publish_round
from tournament.models import Tournament


class Command(BaseCommand):
    help = ("Pair and publish the next round (FIDE Dutch), printing it as bbpPairings does: "
            "the number of pairs, then WHITE BLACK pairing numbers, a bye as ID 0.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--draft", action="store_true",
                            help="leave the round as a draft instead of publishing it")
        parser.add_argument("--only-checked-in", action="store_true",
                            help="pair only the entrants checked in for the round; the "
                                 "others are recorded absent from it (not withdrawn)")

    def handle(self, *args, slug, draft, only_checked_in, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"There is no event {slug!r}.")
        try:
            round_ = pair_round(tournament, None, only_checked_in=only_checked_in)
            if not draft:
                publish_round(round_, None)
        except ActionError as exc:
            raise CommandError(exc.message) from exc
        boards = round_.matches.pairings().select_related("side0", "side1").order_by("board")
        lines = [str(len(boards))]
        lines += [f"{m.side0.number} {m.side1.number if m.side1 else 0}" for m in boards]
        self.stdout.write("\n".join(lines))
