"""The arbiters' printable list of a round: one card per board, with blank set boxes and a
QR code of the board's entry page, to lay on the tables or pin up at the desk.

Officials of the event only (the same rule as the boards page); a read, so no action.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.starters import sets_alternate

from ..actions.base import require_official
from ..common import qr
from ..common.links import entry_path
from ..entry.starters import set_starters
from ..models import Tournament

SEATS = {2: ("A", "B"), 4: ("A1", "B1", "A2", "B2")}


def starter_text(tournament, match, seat: int) -> str:
    """Who a seat is: the side's name, and in pairs which seat of the side (who sits there
    is settled at the table)."""
    name = match.players[seat % 2].name
    if tournament.is_pairs:
        return f"{name} (seat {SEATS[4][seat]})"
    return name


def set_rows(tournament, match) -> list[tuple[int, str]]:
    """(set number, who starts it) for the 2W - 1 sets a match can have: alternating from
    the board's first-set starter (the pairing's, or the director's change), or blank
    where a draw at the table decides."""
    return [(i, "" if seat is None else starter_text(tournament, match, seat))
            for i, seat in enumerate(set_starters(tournament, match), start=1)]


def card(request, tournament, match) -> dict:
    """One board as the list prints it."""
    sides = [match.side0, match.side1]
    entry = {"m": match, "board": match.board, "bye": match.is_bye,
             "sides": [{"name": e.name, "number": e.number,
                        "members": e.member_names if tournament.is_pairs else []}
                       for e in sides if e is not None]}
    if match.is_bye:
        return entry
    url = request.build_absolute_uri(entry_path(tournament, match.pk))
    entry.update(url=url, qr=qr.svg(url, title=f"Board {match.board}: enter the result"),
                 set_rows=set_rows(tournament, match),
                 starter_changed=match.first_set_starter != 0)
    return entry


@never_cache  # the page holds the event's entry links: no shared copy of it
@login_required
@require_GET
def print_round(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_official(tournament, request.user)
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is None:
        raise Http404(f"{tournament.name} has no round {number}.")
    matches = round_.matches.for_listing()
    return render(request, "arbiter/print.html", {
        "tournament": tournament, "round": round_,
        "cards": [card(request, tournament, m) for m in matches],
        "drawn": not sets_alternate(tournament.ruleset),
        "now": timezone.localtime(),
    })
