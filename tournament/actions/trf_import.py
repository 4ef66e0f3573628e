"""Creating an event from a TRF(x) file: players, ratings, finished rounds and results."""

from collections import defaultdict

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from ..models import Entrant, ForbiddenPair, Match, Round, Tournament
from ..pairing.trf import TrfError, completed_rounds, parse_trf
from .base import ActionError, audit
from .events import create_tournament
from .rounds import update_status

SUPPORTED_CODES = {"1", "0", "+", "-", "U", "Z", " "}


def round_boards(event, number):
    """The matches of round `number` as (side0, side1, outcome, winner, conceded_by) numbers."""
    entry = {p.number: p.results[number - 1] for p in event.players
             if len(p.results) >= number}
    boards, seen = [], set()
    for player, r in sorted(entry.items()):
        if r.code not in SUPPORTED_CODES:
            raise ActionError(f"Player {player}, round {number}: result code {r.code!r} is not "
                              "used in this game (only 1, 0, +, -, U and Z are).")
        if player in seen or r.code in {"Z", " "} or (r.code in "+-" and r.opponent is None):
            continue  # absent, or a forfeit with no opponent: not a board
        if r.code == "U":
            boards.append((player, None, "bye", player, None))
            continue
        other = entry.get(r.opponent)
        if other is None or other.opponent != player:
            raise ActionError(f"Round {number}: player {player} met {r.opponent}, whose entry "
                              "does not name him.")
        side0, side1 = (player, r.opponent) if r.colour == "w" else (r.opponent, player)
        codes = {player: r.code, r.opponent: other.code}
        if codes[side0] == "-" and codes[side1] == "-":
            boards.append((side0, side1, "double_forfeit", None, None))
        elif "+" in codes.values():
            winner = side0 if codes[side0] == "+" else side1
            boards.append((side0, side1, "forfeit", winner, side1 if winner == side0 else side0))
        elif sorted(codes.values()) == ["0", "1"]:
            boards.append((side0, side1, "played", side0 if codes[side0] == "1" else side1, None))
        else:
            raise ActionError(f"Round {number}: players {side0} and {side1} have results "
                              f"{codes[side0]!r} and {codes[side1]!r}, which do not fit "
                              "together.")
        seen.update((side0, side1))
    # Byes after the games, as pairing programs print them.
    return [b for b in boards if b[1] is not None] + [b for b in boards if b[1] is None]


@transaction.atomic
def import_trf_event(text: str, *, slug: str = "", actor=None) -> Tournament:
    """All or nothing: a bad line or result refuses the whole file."""
    try:
        event = parse_trf(text)
    except TrfError as exc:
        raise ActionError(f"Not a readable TRF file: {exc}") from exc
    if not event.players:
        raise ActionError("The TRF file has no player (001) lines.")
    done = completed_rounds(event)
    name = event.name.strip() or slug or "Imported event"
    tournament = create_tournament(
        actor, name=name, slug=slug or slugify(name),
        rounds_planned=max(event.rounds_planned or 5, done))
    tournament.first_colour = event.first_colour or Tournament.FirstColour.WHITE1
    tournament.save(update_fields=["first_colour"])
    entrants = {p.number: Entrant(tournament=tournament, number=p.number, name=p.name.strip()
                                  or f"Player {p.number}", rating=p.rating or None)
                for p in event.players}
    for number in event.absent:
        if number in entrants:
            entrants[number].withdrawn_after_round = done
    Entrant.objects.bulk_create(entrants.values())
    for group in event.forbidden:
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                first, second = sorted((a, b))
                ForbiddenPair.objects.get_or_create(
                    tournament=tournament, first=entrants[first], second=entrants[second],
                    defaults={"reason": "from the TRF file (XXP)"})
    now = timezone.now()
    counts = defaultdict(int)
    for number in range(1, done + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, published_at=now,
            status=Round.Status.CLOSED if number < done else Round.Status.PUBLISHED)
        matches = []
        for board, (side0, side1, outcome, winner, conceded) in enumerate(
                round_boards(event, number), start=1):
            matches.append(Match(
                round=round_, board=board, side0=entrants[side0],
                side1=entrants[side1] if side1 else None, outcome=outcome,
                status=Match.Status.CONFIRMED, confirmed_at=now,
                winner=entrants[winner] if winner else None,
                conceded_by=entrants[conceded] if conceded else None))
            counts[outcome] += 1
        Match.objects.bulk_create(matches)
    update_status(tournament)
    audit(tournament, actor, "import_trf",
          f"Imported {len(entrants)} players and {done} rounds from a TRF file",
          results=dict(counts))
    return tournament
