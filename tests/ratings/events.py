"""Small archives with people, for the rating tests: results as `winner` (no record)."""

from tournament.actions.archive import import_tournament


def archive(name, people, rounds, *, date=None, pairs=False, ruleset="mso"):
    """people: singles [(name, person id or None)], pairs [((name, id), (name, id))];
    rounds: [[(player, player, winner or None for unplayed), ...], ...] by pairing number."""
    if pairs:
        players = [{"id": i, "name": f"{a[0]} & {b[0]}",
                    "members": [{"name": n, **({"person": k} if k else {})} for n, k in (a, b)]}
                   for i, (a, b) in enumerate(people, start=1)]
    else:
        players = [{"id": i, "name": n, **({"person": k} if k else {})}
                   for i, (n, k) in enumerate(people, start=1)]
    doc = {"format": "fives-and-threes-tournament/1", "name": name, "ruleset": ruleset,
           "entrants": "pairs" if pairs else "singles", "rounds_planned": max(5, len(rounds)),
           "players": players,
           "rounds": [{"number": r, "matches": [
               {"board": b, "players": [x, y], **({"winner": w} if w else {})}
               for b, (x, y, w) in enumerate(ms, start=1)]}
               for r, ms in enumerate(rounds, start=1)]}
    if date:
        doc["date"] = date
    return doc


def imported(doc, slug):
    return import_tournament(doc, slug=slug)


FOUR = [("Ann Lee", "ann"), ("Bo Park", "bo"), ("Cy Hale", "cy"), ("Di Ross", "di")]
