"""A knock-out stage as its bracket page shows it: each round's matches with the seeds,
names and results the public sees, the third-place match, and the places decided."""

from .. import history
from ..models import Match, Stage
from ..pairing import knockout
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
    """{"stage", "seeded", "bracket_rounds": [{"number", "name", "round", "matches": [...]}],
    "third_place", "placings", "lot"}: the whole bracket in three queries."""
    drawn = history.bracket(stage, public=True)
    out = {"stage": stage, "seeded": drawn is not None, "bracket_rounds": [], "third_place": None,
           "placings": [], "size": stage.size, "seeding_words": SEEDING_WORDS.get(
               stage.seeding or Stage.Seeding.ENTRY)}
    if drawn is None:
        return out
    entrants = {e.pk: e for e in tournament.entrants.only("number", "name", "tournament_id")}
    seed = {i: k for k, i in enumerate(drawn.seeds, start=1)}
    stored = {(m.round.number_in_stage, m.board): m for m in
              Match.objects.published().filter(round__stage=stage)
              .select_related("round", "side0", "side1", "winner", "conceded_by")
              .prefetch_related("sets")}
    total = knockout.rounds_in(len(drawn.seeds))

    def side(entrant_id, match):
        if entrant_id is None:
            return None
        e = entrants[entrant_id]
        return {"name": e.name, "number": e.number, "seed": seed[entrant_id],
                "won": match.decided and match.winner == entrant_id and not match.bye}

    def cell(match, label=""):
        row = stored.get((match.round, match.board))
        result = match_result(tournament, row) if row is not None and not match.bye else None
        return {"board": match.board, "label": label, "bye": match.bye,
                "sides": [side(p, match) for p in match.players],
                "result": result["text"] if result and result["state"] == "counted" else "",
                "state": result["state"] if result else ("bye" if match.bye else "to come"),
                "round": row.round if row is not None else None}

    for number, matches in enumerate(drawn.rounds, start=1):
        out["bracket_rounds"].append({"number": number, "name": knockout.round_name(number, total),
                              "matches": [cell(m) for m in matches]})
    # The rounds to come, as empty places, so the whole tree shows from the draw on.
    matches = len(drawn.rounds[-1]) // 2
    for number in range(len(drawn.rounds) + 1, total + 1):
        out["bracket_rounds"].append({
            "number": number, "name": knockout.round_name(number, total),
            "matches": [{"board": i, "label": "", "bye": False, "sides": [None, None],
                         "result": "", "state": "to come", "round": None}
                        for i in range(1, matches + 1)]})
        matches //= 2
    if drawn.third_place is not None:
        out["third_place"] = cell(drawn.third_place, "Third place")
    out["placings"] = [{"place": place, "name": entrants[i].name, "number": entrants[i].number}
                       for place, i in knockout.placings(drawn)]
    out["size"] = len(drawn.seeds)
    return out


def path_of(tournament, entrant) -> list[dict]:
    """The entrant's way through each knock-out stage they are seeded in: [{"stage",
    "seed", "matches": [{"name", "opponent", "outcome", "result"}], "place"}]."""
    out = []
    for stage in knockout_stages(tournament):
        if entrant.pk not in stage.seeds:
            continue
        shown = page(tournament, stage)
        rows = []
        for r in shown["bracket_rounds"]:
            matches = list(r["matches"])
            if shown["third_place"] is not None and r is shown["bracket_rounds"][-1]:
                matches.append(shown["third_place"])
            for m in matches:
                sides = m["sides"]
                mine = next((k for k, s in enumerate(sides) if s and s["number"] ==
                             entrant.number), None)
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
                rows.append({"name": m["label"] or r["name"], "opponent": other,
                             "outcome": outcome, "result": m["result"]})
        place = next((p["place"] for p in shown["placings"]
                      if p["number"] == entrant.number), None)
        out.append({"stage": stage, "seed": stage.seeds.index(entrant.pk) + 1,
                    "matches": rows, "place": place})
    return out
