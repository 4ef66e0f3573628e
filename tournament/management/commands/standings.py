"""`manage.py standings SLUG [--stage N] [--after-round N] [--json]`: the standings as the
public sees them, of the stage asked for (default: the event's last Swiss or round robin).

--json prints the list of row objects of shared/spec/tournament-archive.md.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament import standings
from tournament.models import Round, Tournament
from tournament.reads import history, league


class Command(BaseCommand):
    help = "Print an event's standings (published rounds, counted results only)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug")
        parser.add_argument("--after-round", type=int, dest="after_round", default=None,
                            help="standings after this round (default: every published round)")
        parser.add_argument("--stage", type=int, default=None,
                            help="the stage (a Swiss or a round robin; default: the last)")
        parser.add_argument("--json", action="store_true", help="print JSON rows")

    def handle(self, *args, **options):
        slug, after_round = options["slug"], options["after_round"]
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"No event has the slug {slug!r}.") from None
        if after_round is not None:
            published = list(Round.objects.published().filter(tournament=tournament)
                             .values_list("number", flat=True))
            if not published:
                raise CommandError(f"{tournament.name} has no published round yet.")
            if not 1 <= after_round <= max(published):
                raise CommandError(f"--after-round must be between 1 and {max(published)} "
                                   f"(the published rounds of {tournament.name}), "
                                   f"not {after_round}.")
        try:
            stage = history.ranking_stage(tournament, options["stage"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if stage is None:
            raise CommandError(f"{tournament.name} is a knock-out only: it has placings, "
                               "not standings (`manage.py bracket`).")
        if tournament.is_teams:
            teams = league.league_table(tournament, stage=stage, public=True,
                                        after_round=after_round)
            if options["json"]:
                self.stdout.write(dumps(league.rows_json(teams)))
            else:
                self.stdout.write(league_text(teams))
            return
        table = history.compute(tournament, after_round=after_round, public=True, stage=stage)
        if options["json"]:
            self.stdout.write(dumps([row.as_json() for row in table.rows]))
        else:
            self.stdout.write(text_table(table))


def dumps(rows) -> str:
    return json.dumps(rows, indent=1, ensure_ascii=False)


def league_text(table) -> str:
    """The league table as text: played, won, drawn, lost, boards for and against,
    points; a shared place marked =."""
    rows = league.rows_json(table)
    header = ["Pos", "No.", "Team", "P", "W", "D", "L", "BF", "BA", "Pts"]
    lines = [header] + [[f"={r['rank']}" if r["shared"] else str(r["rank"]), str(r["player"]),
                         r["name"], *(str(r[k]) for k in ("played", "won", "drawn", "lost",
                                                          "boards_for", "boards_against")),
                         standings.format_value(r["points"])] for r in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    text = ["  ".join(cell.ljust(w) if i == 2 else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(line, widths, strict=True))).rstrip()
            for line in lines]
    text.insert(1, "-" * len(text[0]))
    notes = [f"{r['name']}: {r['explanation']['placed']}" for r in rows
             if r["explanation"]["group"] is not None]
    return "\n".join(text + ([""] + notes if notes else []))


def text_table(table) -> str:
    numeric = [n for n in table.order if not standings.get_tiebreak(n).group]
    header = ["Rank", "No.", "Name", "Pts", *(standings.get_tiebreak(n).abbr for n in numeric)]
    lines = [header]
    for row in table.rows:
        lines.append([
            f"={row.rank}" if row.shared else str(row.rank), str(row.player),
            row.name if row.withdrawn_after_round is None else
            f"{row.name} ({standings.withdrawn_words(row.withdrawn_after_round)})",
            standings.format_value(row.points),
            *(standings.format_value(row.tiebreaks[n],
                                     signed=getattr(standings.get_tiebreak(n), "signed", False))
              for n in numeric),
        ])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    text = ["  ".join(cell.ljust(w) if i == 2 else cell.rjust(w)
                      for i, (cell, w) in enumerate(zip(line, widths, strict=True))).rstrip()
            for line in lines]
    text.insert(1, "-" * len(text[0]))
    text.append("")
    text.append(f"Tie-breaks in force: {standings.describe_order(table.order)}.")
    return "\n".join(text)
