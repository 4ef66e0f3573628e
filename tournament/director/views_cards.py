"""Players' cards: each player's key (new, shown once), as a QR code of their own page
and as a code to type, for the director to print and hand out (docs/players.md).

Keys are stored hashed, so printing makes new keys (actions.player_keys, audited): a card
printed earlier stops working. The answer is a POST's, private and never stored.
"""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ..actions import ActionError
from ..actions import player_keys as actions
from ..common import qr
from .access import director_view


class CardsForm(forms.Form):
    number = forms.IntegerField(required=False, min_value=1,
                                label="Only entrant number (empty: everyone)")
    # A pair's member 1 or 2; a team's member by their number in the roster (empty:
    # every member, the captain's card among them).
    member = forms.IntegerField(required=False, min_value=1, max_value=99,
                                label="Only member number (a pair's 1 or 2, a team's "
                                      "number in its roster; empty: every member)")


def card(request, event, row, key) -> dict:
    # The key after '#': browsers never send a URL's fragment, so it reaches no log.
    url = request.build_absolute_uri(reverse("players:me")) + "#" + key
    captain = event.is_teams and row.member and row.entrant.captain == row.member - 1
    return {"row": row, "key": key, "captain": captain, "url_base": request.build_absolute_uri(
        reverse("players:me")),
            "qr": qr.svg(url, title=f"{row.name}'s player page", scale=4)}


@never_cache
@require_POST
@director_view
def print_cards(request, event):
    form = CardsForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give an entrant's number, or leave it empty for everyone.")
        return redirect("director:entrants", event.slug)
    number, member = form.cleaned_data["number"], form.cleaned_data["member"]
    try:
        if number is not None and member is not None:
            key = actions.issue_key(event, request.user, number=number, member=member)
            made = [(event.player_keys.select_related("entrant").get(
                entrant__number=number, member=member), key)]
        else:
            made = actions.issue_cards(event, request.user,
                                       numbers=None if number is None else [number])
    except ActionError as exc:
        messages.error(request, exc.message)
        return redirect("director:entrants", event.slug)
    response = render(request, "director/cards.html", {
        "event": event, "cards": [card(request, event, row, key) for row, key in made],
        "now": timezone.localtime()})
    response["Referrer-Policy"] = "same-origin"  # players/views.private says why
    return response
