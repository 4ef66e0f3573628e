"""Creating an event from a TRF(x) file: players, ratings, finished rounds and results,
and the requested byes and absences its rounds without a board say (H, F, Z)."""

from collections import defaultdict

from django.utils import timezone

from ..models import Attendance, Entrant, ForbiddenPair, Match, Round, Tournament
from ..pairing.trf import PLAYER_COLUMNS, TrfError, completed_rounds, parse_trf
from ..reads.history import bye_code
from ..rules.entrant_rules import MAX_ENTRANTS, check_entrant, entrant_key
from .base import Action, ActionError, atomic_action, audit
from .events import create_tournament
from .progress import update_status

SUPPORTED_CODES = {"1", "0", "+", "-", "U", "Z", "H", "F", " "}
# A round without a board: half-point, full-point and zero-point bye (U is the pairing's).
BYE_CODES = {"H", "F", "Z"}
# The Attendance kind a bye code becomes: the first of these that the event's points give
# that code (history.bye_code, what export_trf writes), so the import scores what the file
# says: with the default points H is a half-point bye and Z a zero-point bye.
KIND_ORDER = (Attendance.Kind.HALF_BYE, Attendance.Kind.ZERO_BYE, Attendance.Kind.ABSENT)
CODE_WORDS = {"H": "a half-point bye (H)", "F": "a full-point bye (F)",
              "Z": "a zero-point bye (Z)"}


def round_boards(event, number):
    """The matches of round `number` as (side0, side1, outcome, winner, conceded_by) numbers."""
    entry = {p.number: p.results[number - 1] for p in event.players
             if len(p.results) >= number}
    boards, seen = [], set()
    for player, r in sorted(entry.items()):
        if r.code not in SUPPORTED_CODES:
            raise ActionError(f"Player {player}, round {number}: result code {r.code!r} is not "
                              "used in this game (only 1, 0, +, -, U, H, F and Z are).")
        if player in seen or r.code in BYE_CODES | {" "} or (r.code in "+-" and
                                                          r.opponent is None):
            continue  # a bye or absence (attendance()), or a forfeit with no opponent
        if r.code == "U":
            boards.append((player, None, Match.Outcome.BYE, player, None))
            continue
        other = entry.get(r.opponent)
        if other is None or other.opponent != player:
            raise ActionError(f"Round {number}: player {player} met {r.opponent}, whose entry "
                              "does not name him.")
        side0, side1 = (player, r.opponent) if r.colour == "w" else (r.opponent, player)
        codes = {player: r.code, r.opponent: other.code}
        if codes[side0] == "-" and codes[side1] == "-":
            boards.append((side0, side1, Match.Outcome.DOUBLE_FORFEIT, None, None))
        elif "+" in codes.values():
            winner = side0 if codes[side0] == "+" else side1
            loser = side1 if winner == side0 else side0
            boards.append((side0, side1, Match.Outcome.FORFEIT, winner, loser))
        elif sorted(codes.values()) == ["0", "1"]:
            winner = side0 if codes[side0] == "1" else side1
            boards.append((side0, side1, Match.Outcome.PLAYED, winner, None))
        else:
            raise ActionError(f"Round {number}: players {side0} and {side1} have results "
                              f"{codes[side0]!r} and {codes[side1]!r}, which do not fit "
                              "together.")
        seen.update((side0, side1))
    # Byes after the games, as pairing programs print them.
    return [b for b in boards if b[1] is not None] + [b for b in boards if b[1] is None]


def attendance(tournament, event, done: int) -> list[tuple[int, int, str]]:
    """(player, round, kind) of each requested bye or absence the file records: a round
    up to `done` without a board whose code is H, F or Z, and an H or F written for round
    done + 1 (as export_trf writes a coming bye). A Z before a player's first board is the
    round a late entry missed (derived, as on the site), not a row. A code no kind of this
    event scores is refused."""
    kinds = {}
    for kind in KIND_ORDER:
        kinds.setdefault(bye_code(tournament, kind), kind)
    late = bye_code(tournament, "late_entry")
    rows = []
    for p in event.players:
        first = next((i + 1 for i, r in enumerate(p.results[:done])
                      if r.opponent is not None or r.code == "U"), None)
        for i, r in enumerate(p.results[:done + 1]):
            number = i + 1
            if r.code not in BYE_CODES or r.opponent is not None:
                continue
            if number > done and (r.code == "Z" or p.number in event.absent):
                continue  # a trailing Z is the absent list (event.absent)
            if r.code == late and (first is None or number < first) and number <= done:
                continue
            if r.code not in kinds:
                words = ", ".join(f"{Attendance.Kind(k).label.lower()} "
                                  f"{tournament.points_for(k)}" for k in KIND_ORDER)
                raise ActionError(
                    f"Player {p.number}, round {number}: {CODE_WORDS[r.code]} is not used "
                    f"in this game: no requested bye or absence of this event scores it "
                    f"({words}).")
            rows.append((p.number, number, kinds[r.code]))
    return rows


def refuse_same_names(players: dict[int, dict]) -> None:
    """A TRF file has no club to tell two people of one name apart, and an event holds each
    name (of a club) once: the director renames one in the file. `players` as
    checked_players gives them."""
    seen = {}
    for number, fields in players.items():
        key = entrant_key(fields["name"], "")
        if key in seen:
            raise ActionError(f"Players {seen[key]} and {number} are both named "
                              f"{fields['name']!r}; a TRF file has no club to tell them apart, "
                              "so give one of them a distinguishing name in the file.")
        seen[key] = number


def checked_players(players) -> dict[int, dict]:
    """Each 001 line's name and rating held to an entrant's rules (rules.entrant_rules:
    check_entrant), as the archive the event exports will hold them: {number: fields}.
    The first line that breaks them refuses the file, naming the player and columns."""
    checked = {}
    for p in players:
        fields, problems = check_entrant(name=p.name.strip() or f"Player {p.number}",
                                         rating=p.rating or None)
        for field in ("name", "rating"):
            if field in problems:
                start, end = PLAYER_COLUMNS[field]
                problem = problems[field].removeprefix("name: ").rstrip(".")
                raise ActionError(f"Player {p.number}'s 001 line, {field} (columns {start + 1}"
                                  f"-{end}): {problem}. Nothing was imported.")
        checked[p.number] = fields
    return checked


# Said after every TRF import (the import page and the standings say it too): the file
# records only who won.
NO_SET_SCORES = ("A TRF file carries no set scores, so the points-spread tie-break cannot "
                 "separate players level on points by its matches.")


@atomic_action
def import_trf_event(text: str, actor, *, slug: str = "", hidden: bool = False) -> Tournament:
    """All or nothing: a bad line or result refuses the whole file. ``hidden``: the new
    event is for its officials only until its director shows it."""
    try:
        event = parse_trf(text)
    except TrfError as exc:
        raise ActionError(f"Not a readable TRF file: {exc}") from exc
    if not event.players:
        raise ActionError("The TRF file has no player (001) lines.")
    if len(event.players) > MAX_ENTRANTS:
        raise ActionError(f"The TRF file has {len(event.players):,} players; an event takes "
                          f"at most {MAX_ENTRANTS:,} entrants. Nothing was imported.")
    players = checked_players(event.players)
    refuse_same_names(players)
    done = completed_rounds(event)
    coming = any(len(p.results) > done and p.results[done].code in {"H", "F"}
                 for p in event.players)
    name = event.name.strip() or slug or "Imported event"
    tournament = create_tournament(
        actor, name=name, slug=slug,
        rounds_planned=max(event.rounds_planned or 5, done + coming), hidden=hidden)
    tournament.top_seed_starts = event.top_seed_starts
    tournament.save(update_fields=["top_seed_starts"])
    entrants = {number: Entrant(tournament=tournament, number=number, name=fields["name"],
                                rating=fields["rating"])
                for number, fields in players.items()}
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
    away = attendance(tournament, event, done)
    Attendance.objects.bulk_create(
        Attendance(entrant=entrants[player], round_number=number, kind=kind)
        for player, number, kind in away)
    update_status(tournament)
    audit(tournament, actor, Action.IMPORT_TRF,
          f"Imported {len(entrants)} players and {done} rounds from a TRF file",
          results=dict(counts), byes=len(away))
    return tournament
