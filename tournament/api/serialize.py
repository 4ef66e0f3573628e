"""Plain JSON for the API's answers. Seat 0 of every pair is the board's side 0 (players[0])."""

from ..reads import history


def entrant(e, tournament) -> dict:
    """An entrant as the API lists it; a pair's two partners under `members` (null in
    singles), each as {"name", "club"}."""
    return {
        "number": e.number, "name": e.name, "club": e.club, "rating": e.rating,
        "withdrawn_after_round": e.withdrawn_after_round,
        "members": ([{"name": m.get("name", ""), "club": m.get("club") or ""}
                     for m in e.members or []]
                    if tournament.is_pairs or tournament.is_teams else None),
        **({"captain": e.captain, "venue": e.venue} if tournament.is_teams else {}),
    }


def number_of(match, entrant_id):
    """The pairing number of one of the board's two players (None for no one)."""
    if entrant_id is None:
        return None
    if entrant_id == match.side0_id:
        return match.side0.number
    return match.side1.number


def result(match, tournament):
    """The result as it counts publicly, or None while it does not count yet."""
    if not history.counts(tournament, match):
        return None
    sets = list(match.sets.all())
    return {
        "outcome": match.outcome,
        "winner": number_of(match, match.winner_id),
        "conceded_by": number_of(match, match.conceded_by_id),
        "sets": [[s.score0, s.score1] for s in sets],
        # Per set: the side it was awarded to whatever its score (bndcc), else null.
        "awarded_to": [s.awarded_to for s in sets],
    }


def pairing(match, tournament) -> dict:
    out = {
        "id": match.pk,
        "board": match.board,
        "players": [match.side0.number, match.side1.number if match.side1_id else None],
        "status": match.status,
        "version": match.version,
        "result": result(match, tournament),
    }
    if tournament.is_teams and match.team_match_id is None:
        # A team match (shared/spec/competitions.md): boards won so far, its date if
        # postponed, and its boards, each a match with its own id for entry and acceptance.
        out["team_score"] = list((match.record or {}).get("boards") or [0, 0])
        out["postponed_to"] = match.postponed_to.isoformat() if match.postponed_to else None
        out["boards"] = [board(b, tournament) for b in match.boards.all()]
    return out


def board(b, tournament) -> dict:
    """A board of a team match as the API lists it: a match (its id, status, version,
    result) with its kind and lineup (member indices per side; null until the lineups are
    open)."""
    plan = b.plan_in(tournament)
    return {**pairing(b, tournament), "kind": plan.kind if plan else None,
            "lineup": b.lineup, "team_match": b.team_match_id}


def boards_prefetch():
    """A team match's boards as `board` reads them (their sides and sets), in order."""
    from django.db.models import Prefetch

    from ..models import Match

    return Prefetch("boards", Match.objects.select_related("side0", "side1")
                    .prefetch_related("sets").order_by("board"))


def match_detail(match, tournament, *, official: bool) -> dict:
    """The pairing with its record: public once it counts, earlier only to the event's officials
    (a second arbiter has to see an entered result to confirm it)."""
    shown = official or history.counts(tournament, match)
    return {
        **pairing(match, tournament),
        "tournament": tournament.slug,
        "round": match.round.number,
        "stage": match.round.stage.number,
        "round_title": match.round.title,
        "names": [match.side0.name, match.side1.name if match.side1_id else None],
        "record": match.record if shown else None,
        **({"kind": board_kind(match, tournament), "lineup": match.lineup,
            "team_match": match.team_match_id}
           if tournament.is_teams and match.team_match_id is not None else {}),
    }


def board_kind(match, tournament):
    plan = match.plan_in(tournament)
    return plan.kind if plan else None


def stage(stage, numbers: dict) -> dict:
    """One stage of the event (shared/spec/competitions.md): its kind and options, its
    seeds by pairing number once drawn. `numbers`: entrant id -> pairing number."""
    return {"number": stage.number, "kind": stage.kind, "title": stage.description,
            "rounds_planned": stage.rounds_planned(), "size": stage.size,
            "seeding": stage.seeding or None, "cycles": stage.cycles,
            "third_place": stage.third_place, "lot_seed": stage.lot_seed or None,
            "match": stage.match_format(), "final_match": stage.final_match,
            "seeds": [numbers[i] for i in stage.seeds]}


def stale(match, detail: str) -> dict:
    """The 409 answer: what is stored now, so the client can show it before trying again."""
    return {
        "detail": detail,
        "version": match.version,
        "status": match.status,
        "outcome": match.outcome,
        "record": match.record,
    }


def bad_format(message: str, path: str = "") -> dict:
    """A validator-shaped report for a request the server cannot read at all."""
    return {"valid": False, "depth": None, "sets": [], "winner": None,
            "errors": [{"path": path, "code": "bad_format", "message": message}]}

