"""`manage.py ratings [--rebuild] [--ruleset R] [--json]`: the rating lists
(shared/spec/ratings.md). --rebuild recomputes every list (or --ruleset's) from the stored
results; --json prints the list as `GET /api/v1/ratings/?ruleset=R` gives it."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.reads import rating_lists


class Command(BaseCommand):
    help = "Rebuild or print the Fives and Threes rating lists."

    def add_arguments(self, parser):
        parser.add_argument("--rebuild", action="store_true",
                            help="recompute the list(s) from every counted result")
        parser.add_argument("--ruleset", choices=rating_lists.RULESETS_RATED, default=None,
                            help="one list (default: all for --rebuild, mso to print)")
        parser.add_argument("--json", action="store_true", help="print the list as JSON")

    def handle(self, *args, **options):
        ruleset = options["ruleset"]
        if options["rebuild"]:
            for r in [ruleset] if ruleset else rating_lists.RULESETS_RATED:
                count = rating_lists.rebuild(r)
                self.stderr.write(f"{r}: rebuilt from {count} rated matches")
            if not options["json"]:
                return
        rows = rating_lists.list_json(ruleset or "mso")
        if options["json"]:
            self.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False))
            return
        if not rows:
            raise CommandError(f"The {ruleset or 'mso'} list has nobody with a rated match yet.")
        for rank, row in enumerate(rows, start=1):
            self.stdout.write(f"{rank:>4}  {row['rating']:7.2f}  {row['matches']:>4}  "
                              f"{row['name']} ({row['person']})"
                              + (f", {row['club']}" if row["club"] else ""))
