"""A knock-out stage as its bracket page shows it: each round's matches with the seeds,
names and results the public sees, the third-place match, and the places decided."""

from ..models import Match, Stage
from ..pairing import knockout
from ..pairing.systems import SYSTEMS, StageInput
from ..reads import history
from .data import match_result

SEEDING_WORDS = {
    Stage.Seeding.STANDINGS: "Seeded by the final standings of the stage before",
    Stage.Seeding.RATING: "Seeded by rating",
    Stage.Seeding.ENTRY: "Seeded in entry order (pairing numbers)",
    Stage.Seeding.DRAW: "Every place drawn by lot",
}


def knockout_stages(tournament) -> list[Stage]:
    return list(tournament.stages.filter(kind=Stage.Kind.KNOCKOUT).order_by("number"))


def page(tournament, stage) -> dict:
    """{"stage", "seeded", "seeding_words", "size", "bracket_rounds": [{"number", "name",
    "matches": [...]}], "third_place", "placings", "plate": the same for the plate, or
    None}: the whole bracket in four queries."""
    drawn, plate = history.bracket(stage, public=True, plate=True)
    out = {"stage": stage, "seeded": drawn is not None, "bracket_rounds": [], "third_place": None,
           "placings": [], "size": stage.size, "plate": None, "seeding_words": SEEDING_WORDS.get(
               stage.seeding or Stage.Seeding.ENTRY)}
    if drawn is None:
        return out
    entrants = {e.pk: e for e in tournament.entrants.only("number", "name", "tournament_id")}
    stored = {(m.round.number_in_stage, m.board): m for m in
              Match.objects.pairings().published().filter(round__stage=stage)
              .select_related("round", "side0", "side1", "winner", "conceded_by")
              .prefetch_related("sets")}
    out.update(tree(tournament, drawn, entrants, lambda r, board: stored.get((r, board))))
    if plate is not None:
        system = SYSTEMS[Stage.Kind.KNOCKOUT]
        given = StageInput(stage.kind, tuple(stage.seeds), third_place=stage.third_place)
        # Plate round r is played in the stage's round r + 1, after its main boards.
        out["plate"] = tree(tournament, plate, entrants, lambda r, board: stored.get(
            (r + 1, board + system.plate_offset(given, r + 1))))
    return out


def tree(tournament, drawn, entrants, stored_at) -> dict:
    """One bracket's rounds as the page shows them: every match with its sides' seeds,
    names and the result the public sees; the rounds to come as empty places."""
    seed = {i: k for k, i in enumerate(drawn.seeds, start=1)}
    total = knockout.rounds_in(len(drawn.seeds))

    def side(entrant_id, match):
        if entrant_id is None:
            return None
        e = entrants[entrant_id]
        return {"name": e.name, "number": e.number, "seed": seed[entrant_id],
                "won": match.decided and match.winner == entrant_id and not match.bye}

    def cell(match, label=""):
        row = stored_at(match.round, match.board)
        result = match_result(tournament, row) if row is not None and not match.bye else None
        return {"board": match.board, "label": label, "bye": match.bye,
                "sides": [side(p, match) for p in match.players],
                "result": result["text"] if result and result["state"] == "counted" else "",
                "state": result["state"] if result else ("bye" if match.bye else "to come"),
                "round": row.round if row is not None else None}

    rounds = [{"number": number, "name": knockout.round_name(number, total),
               "matches": [cell(m) for m in matches]}
              for number, matches in enumerate(drawn.rounds, start=1)]
    # The rounds to come, as empty places, so the whole tree shows from the draw on.
    count = len(drawn.rounds[-1]) // 2
    for number in range(len(drawn.rounds) + 1, total + 1):
        rounds.append({"number": number, "name": knockout.round_name(number, total),
                       "matches": [{"board": i, "label": "", "bye": False,
                                    "sides": [None, None], "result": "", "state": "to come",
                                    "round": None} for i in range(1, count + 1)]})
        count //= 2
    return {"bracket_rounds": rounds, "size": len(drawn.seeds),
            "third_place": cell(drawn.third_place, "Third place")
            if drawn.third_place is not None else None,
            "placings": [{"place": place, "name": entrants[i].name,
                          "number": entrants[i].number}
                         for place, i in knockout.placings(drawn)]}


def path_of(tournament, entrant) -> list[dict]:
    """The entrant's way through each knock-out stage they are seeded in: [{"stage",
    "seed", "matches": [{"name", "opponent", "outcome", "result"}], "place"}]."""
    out = []
    for stage in knockout_stages(tournament):
        if entrant.pk not in stage.seeds:
            continue
        whole = page(tournament, stage)
        rows = []
        for shown, prefix in ((whole, ""), (whole["plate"] or {}, "Plate ")):
            rows += path_rows(shown, entrant, prefix)
        place = next((p["place"] for p in whole["placings"]
                      if p["number"] == entrant.number), None)
        out.append({"stage": stage, "seed": stage.seeds.index(entrant.pk) + 1,
                    "matches": rows, "place": place})
    return out


def path_rows(shown, entrant, prefix) -> list[dict]:
    """The entrant's matches in one bracket of the page (`tree`)."""
    rows = []
    for r in shown.get("bracket_rounds", []):
        matches = list(r["matches"])
        if shown["third_place"] is not None and r is shown["bracket_rounds"][-1]:
            matches.append(shown["third_place"])
        for m in matches:
            sides = m["sides"]
            mine = next((k for k, s in enumerate(sides)
                         if s and s["number"] == entrant.number), None)
            if mine is None:
                continue
            other = sides[1 - mine]
            if m["bye"]:
                outcome = "through without a match (bye)"
            elif sides[mine]["won"]:
                outcome = "won"
            elif other and other["won"]:
                outcome = "lost"
            else:
                outcome = "to play"
            name = m["label"] or r["name"]
            rows.append({"name": f"{prefix}{name.lower()}" if prefix else name,
                         "opponent": other, "outcome": outcome, "result": m["result"]})
    return rows
