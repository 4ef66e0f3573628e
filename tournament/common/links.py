"""Where a board's QR code on a printed slip leads (the public slips, the arbiters' list)."""

from django.urls import reverse


def entry_path(tournament, match_id) -> str:
    """The players' board page where they enter their own results (docs/players.md),
    else the arbiters' entry page."""
    name = "players:board" if tournament.players_enter else "arbiter:match"
    return reverse(name, args=[match_id])
