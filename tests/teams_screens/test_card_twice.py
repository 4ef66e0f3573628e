"""The card's accept on the captain's phone is idempotent: a double tap (the same form's
key twice) or a resent form (an old page, the card's version moved on) accepts once."""

import pytest

from tournament.models import AuditEntry, Match

from .test_screens_captain import LINEUP, enter_board

pytestmark = pytest.mark.django_db


def test_a_double_tap_or_a_resent_form_accepts_the_card_once(first_match, phone_of):
    home, away = phone_of(first_match.side0, 1), phone_of(first_match.side1, 1)
    home.post("/me/team/", {**LINEUP, "idempotency_key": "h"})
    away.post("/me/team/", {**LINEUP, "idempotency_key": "a"})
    for b in first_match.boards.order_by("board"):
        assert enter_board(home, b).status_code == 302
    first_match.refresh_from_db()
    form = {"action": "accept", "version": str(first_match.version), "idempotency_key": "tap"}
    first, second = away.post("/me/team/", form), away.post("/me/team/", form)
    assert first.status_code == second.status_code == 302
    resent = away.post("/me/team/", {**form, "idempotency_key": "tap-again"})
    assert resent.status_code == 409 and "changed since" in resent.content.decode()
    accepted = AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_ACCEPT_CARD)
    assert accepted.count() == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_ACCEPT_RESULT).count() == 3
    first_match.refresh_from_db()
    assert first_match.status == Match.Status.CONFIRMED
