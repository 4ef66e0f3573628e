"""`manage.py bracket SLUG [--stage N] [--json]`: a knock-out stage's bracket and placings
as the public sees them (shared/spec/competitions.md, "Commands and API").

--json prints {"stage", "size", "seeds", "rounds", "plate", "placings"}, entrants by
pairing number; `placings` lists only the places decided so far. A team match level on
boards has `decided_by` ("sets", "points" or "director": docs/leagues.md).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Stage, Tournament
from tournament.pairing import knockout
from tournament.reads import history
from tournament.rules.team_rules import DECIDED_WORDS as TIE_WORDS


class Command(BaseCommand):
    help = "Print a knock-out stage's bracket (published rounds, counted results only)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug")
        parser.add_argument("--stage", type=int, default=None,
                            help="the stage's number (default: the event's last knock-out)")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args, **options):
        slug = options["slug"]
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"No event has the slug {slug!r}.") from None
        cups = list(tournament.stages.filter(kind=Stage.Kind.KNOCKOUT).order_by("number"))
        if options["stage"] is not None:
            stage = tournament.stages.filter(number=options["stage"]).first()
            if stage is None:
                raise CommandError(f"{tournament.name} has no stage {options['stage']}.")
            if stage.kind != Stage.Kind.KNOCKOUT:
                raise CommandError(f"Stage {stage.number} of {tournament.name} is a "
                                   f"{stage.get_kind_display().lower()}, not a knock-out: "
                                   "see `manage.py standings --stage`.")
        elif cups:
            stage = cups[-1]
        else:
            raise CommandError(f"{tournament.name} has no knock-out stage.")
        doc = history.bracket_json(stage)
        if doc is None:
            raise CommandError(f"Stage {stage.number} of {tournament.name} is not drawn yet: "
                               "its seeds are drawn when its first round is paired.")
        if options["json"]:
            self.stdout.write(json.dumps(doc, indent=1, ensure_ascii=False))
        else:
            self.stdout.write(text_bracket(tournament, stage, doc))


def text_bracket(tournament, stage, doc) -> str:
    names = dict(tournament.entrants.values_list("number", "name"))
    total = knockout.rounds_in(doc["size"])

    def who(n):
        return "—" if n is None else f"{names[n]} ({doc['seeds'].index(n) + 1})"

    lines = [f"{tournament.name}, stage {stage.number}: knock-out of {doc['size']}"]
    for r in doc["rounds"]:
        lines.append("")
        lines.append(knockout.round_name(r["number"], total))
        for m in r["matches"]:
            label = "third place" if r["number"] == total and m["board"] == 2 else \
                f"match {m['board']}"
            if m["bye"]:
                text = f"{who(m['players'][0])} goes through (bye)" if m["players"][0] \
                    else "no match"
            else:
                text = f"{who(m['players'][0])} v {who(m['players'][1])}"
                if m["winner"] is not None:
                    text += f": {names[m['winner']]} wins"
                    if m.get("decided_by"):
                        text += " " + TIE_WORDS[m["decided_by"]]
            lines.append(f"  {label}: {text}")
    if doc["placings"]:
        lines.append("")
        lines.append("Placings: " + "; ".join(f"{p['place']}. {names[p['entrant']]}"
                                             for p in doc["placings"]))
    return "\n".join(lines)
