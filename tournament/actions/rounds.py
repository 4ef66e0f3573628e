"""Pairing, adjusting, publishing and deleting rounds."""

import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .. import history
from ..models import Match, Round, Tournament
from ..pairing import PairingError, explain, pair_next_round
from .base import ActionError, audit, require_director


def open_boards(round_) -> list[Match]:
    """Boards of a round whose result does not count yet (missing, or awaiting confirmation)."""
    return list(round_.matches.awaiting_result().select_related("side0", "side1")
                .order_by("board"))


def describe_open(boards) -> str:
    return "; ".join(
        f"board {m.board} ({m.side0.name} – {m.side1.name}, {m.get_status_display().lower()})"
        for m in boards)


def lock_tournament(tournament) -> Tournament:
    # One pairing at a time per event: two directors pressing "pair" get one round.
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def update_status(tournament):
    """Registration until a round is published (a draft is not news yet), in play, then
    finished once the last planned round has every result counted."""
    rounds = list(tournament.rounds.published().order_by("number"))
    status = Tournament.Status.DRAFT if not rounds else Tournament.Status.RUNNING
    if len(rounds) >= tournament.rounds_planned and not open_boards(rounds[-1]):
        status = Tournament.Status.FINISHED
    if status != tournament.status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status


@transaction.atomic
def pair_round(tournament, actor) -> Round:
    """Pair the next round with the FIDE Dutch system; it stays a draft until published."""
    require_director(tournament, actor)
    tournament = lock_tournament(tournament)
    rounds = list(tournament.rounds.order_by("number"))
    number = len(rounds) + 1
    if number > tournament.rounds_planned:
        raise ActionError(f"All {tournament.rounds_planned} planned rounds are paired.")
    if rounds:
        last = rounds[-1]
        if last.status == Round.Status.DRAFT:
            raise ActionError(f"Round {last.number} is still a draft: publish or delete it first.")
        still_open = open_boards(last)
        if still_open:
            raise ActionError(
                f"Round {last.number} is not finished: {len(still_open)} board"
                f"{'s' if len(still_open) != 1 else ''} still open: {describe_open(still_open)}.",
                {"open_boards": [m.board for m in still_open]})
    lot = ""
    if number == 1 and not tournament.first_colour:
        # FIDE: the colour of the top seed in round 1 is drawn by lot.
        tournament.first_colour = secrets.choice(Tournament.FirstColour.values)
        tournament.save(update_fields=["first_colour"])
        lot = tournament.first_colour
    event = history.trf_event(tournament, through_round=number - 1)
    try:
        pairing = pair_next_round(event)
    except PairingError as exc:
        raise ActionError(f"Round {number} cannot be paired: {exc}") from exc
    if not pairing.boards:
        raise ActionError(f"Round {number} cannot be paired: nobody is left to play.")
    round_ = Round.objects.create(
        tournament=tournament, number=number,
        explanation=[explanation_json(b) for b in explain(event, pairing)])
    entrant = {e.number: e for e in tournament.entrants.all()}
    create_boards(round_, [(entrant[b.white], entrant.get(b.black)) for b in pairing.boards])
    for previous in rounds:
        if previous.status == Round.Status.PUBLISHED:
            previous.status = Round.Status.CLOSED
            previous.save(update_fields=["status"])
    update_status(tournament)
    summary = f"Paired round {number}: {len(pairing.boards)} boards"
    if lot:
        summary += f"; by lot, {'player 1' if lot == 'white1' else 'his opponent'} starts board 1"
    audit(tournament, actor, "pair_round", summary, round=number, first_colour=lot or None,
          boards=[[b.white, b.black] for b in pairing.boards])
    return round_


def explanation_json(board) -> dict:
    def player(p):
        if p is None:
            return None
        return {"number": p.number, "name": p.name, "score": p.score,
                "colour_history": p.colour_history, "preference": p.colour_preference,
                "strength": p.preference_strength, "float": p.float,
                "float_history": p.float_history}
    return {"board": board.board, "side0": player(board.white), "side1": player(board.black)}


def create_boards(round_, pairs):
    boards = []
    for i, (side0, side1) in enumerate(pairs, start=1):
        m = Match(round=round_, board=i, side0=side0, side1=side1)
        if side1 is None:
            # A pairing-allocated bye is its own result.
            m.outcome, m.status, m.winner = Match.Outcome.BYE, Match.Status.CONFIRMED, side0
        boards.append(m)
    Match.objects.bulk_create(boards)


def absolute_problems(round_, pairs) -> list[str]:
    """What a hand-made pairing breaks of the absolute rules: rematches, second byes,
    withdrawn players, players twice or left out."""
    tournament = round_.tournament
    problems = []
    earlier = Match.objects.filter(round__tournament=tournament, round__number__lt=round_.number)
    met = {frozenset((m.side0_id, m.side1_id)) for m in earlier.exclude(side1=None)}
    had_bye = set(earlier.filter(Q(side1=None) | Q(outcome="forfeit")).values_list(
        "winner_id", flat=True))
    active = {e.id: e for e in tournament.entrants.active_for_round(round_.number)}
    forbidden = {frozenset(p) for p in tournament.forbidden_pairs.values_list("first_id",
                                                                              "second_id")}
    seen = {}
    for side0, side1 in pairs:
        for e in (side0, side1):
            if e is None:
                continue
            if e.id in seen:
                problems.append(f"{e.name} is paired twice")
            seen[e.id] = e
            if e.id not in active:
                problems.append(f"{e.name} has withdrawn")
        if side1 is None and side0.id in had_bye:
            problems.append(f"{side0.name} would get a second bye (or a bye after a forfeit win)")
        if side1 is not None and frozenset((side0.id, side1.id)) in met:
            problems.append(f"{side0.name} and {side1.name} have already met")
        if side1 is not None and frozenset((side0.id, side1.id)) in forbidden:
            problems.append(f"{side0.name} and {side1.name} are a forbidden pair")
    byes = sum(1 for _, b in pairs if b is None)
    if byes > 1:
        problems.append(f"{byes} byes: at most one player gets the bye")
    left_out = [e.name for eid, e in active.items() if eid not in seen]
    if left_out:
        problems.append(f"not paired: {', '.join(sorted(left_out))}")
    return problems


@transaction.atomic
def set_pairing(round_, actor, pairs, *, override_reason: str = "") -> Round:
    """Replace a draft round's boards by hand. `pairs` is [(side0, side1 or None), ...].

    A pairing that breaks an absolute rule is refused unless the director overrides it
    with a reason, which goes into the audit trail.
    """
    tournament = round_.tournament
    require_director(tournament, actor)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise ActionError(f"Round {round_.number} is published: delete it (while it has no "
                          "results) and pair it again to change it.")
    strangers = [e.name for pair in pairs for e in pair
                 if e is not None and e.tournament_id != tournament.pk]
    if strangers:
        # Never overridable: a board holds players of its own event only.
        raise ActionError(f"Not entered in {tournament.name}: {', '.join(strangers)}.")
    problems = absolute_problems(round_, pairs)
    if problems and not override_reason.strip():
        raise ActionError("This pairing breaks the rules: " + "; ".join(problems) + ". Give a "
                          "reason to override.", {"override_reason": problems})
    before = [[m.side0.number, m.side1.number if m.side1 else None]
              for m in round_.matches.select_related("side0", "side1")]
    round_.matches.all().delete()
    create_boards(round_, pairs)
    after = [[w.number, b.number if b else None] for w, b in pairs]
    audit(tournament, actor, "set_pairing", f"Changed the pairing of round {round_.number} by "
          "hand" + (" (overriding: " + "; ".join(problems) + ")" if problems else ""),
          override_reason, round=round_.number, before=before, after=after)
    return round_


@transaction.atomic
def publish_round(round_, actor) -> Round:
    tournament = round_.tournament
    require_director(tournament, actor)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise ActionError(f"Round {round_.number} is already published.")
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    update_status(tournament)
    audit(tournament, actor, "publish_round", f"Published round {round_.number}",
          round=round_.number)
    return round_


@transaction.atomic
def delete_round(round_, actor, *, reason: str = "") -> None:
    """Delete the latest round while it is unpublished or has no results, to pair it again."""
    tournament = round_.tournament
    require_director(tournament, actor)
    tournament = lock_tournament(tournament)
    latest = tournament.rounds.order_by("-number").first()
    if latest is None or latest.pk != round_.pk:
        raise ActionError(f"Only the latest round (round {latest.number if latest else '?'}) "
                          "can be deleted.")
    if round_.status != Round.Status.DRAFT:
        entered = round_.matches.exclude(side1=None).exclude(status=Match.Status.PENDING)
        if entered.exists():
            raise ActionError(f"Round {round_.number} has results on board"
                              f"{'s' if entered.count() != 1 else ''} "
                              f"{', '.join(str(m.board) for m in entered)}: it cannot be "
                              "deleted.")
        if not reason.strip():
            raise ActionError("Deleting a published round needs a reason.",
                              {"reason": ["Say why the published round is withdrawn."]})
    number = round_.number
    round_.delete()
    previous = tournament.rounds.filter(number=number - 1).first()
    if previous and previous.status == Round.Status.CLOSED:
        previous.status = Round.Status.PUBLISHED
        previous.save(update_fields=["status"])
    update_status(tournament)
    audit(tournament, actor, "delete_round", f"Deleted round {number}", reason, round=number)
