"""One rule for every reason a change is given: clean text (tournament.text.clean) of at most
MAX_REASON characters, checked by the action itself, round actions included."""

import pytest

from tournament.actions import ActionError, attendance, entrants, events, rounds
from tournament.models import AuditEntry
from tournament.text.clean import MAX_REASON

from .conftest import finish_round

pytestmark = pytest.mark.django_db

BAD = ["typo\x00", "half \ud800", "x" * (MAX_REASON + 1)]


def published(event, director):
    events.update_settings(event, director, require_confirmation=False)
    r = rounds.pair_round(event, director)
    rounds.publish_round(r, director)
    return r


@pytest.mark.parametrize("bad", BAD)
def test_round_actions_refuse_a_bad_reason_and_change_nothing(seeded, director, bad):
    r = published(seeded, director)
    with pytest.raises(ActionError) as refused:
        rounds.close_round(r, director, reason=bad)
    assert refused.value.errors["reason"]
    r.refresh_from_db()
    assert r.status == "published"
    finish_round(r, director)
    with pytest.raises(ActionError) as refused:
        rounds.reopen_round(r, director, reason=bad)
    assert refused.value.errors["reason"]
    r2 = rounds.pair_round(seeded, director)
    pairs = [(m.side0, m.side1) for m in r2.matches.select_related("side0", "side1")]
    with pytest.raises(ActionError) as refused:
        rounds.set_pairing(r2, director, pairs[::-1], override_reason=bad)
    assert refused.value.errors["override_reason"]
    with pytest.raises(ActionError) as refused:
        rounds.delete_round(r2, director, reason=bad)
    assert refused.value.errors["reason"]
    with pytest.raises(ActionError) as refused:
        attendance.set_attendance(seeded, director, entrant=seeded.entrants.first(),
                                  round_number=3, kind="absent", reason=bad)
    assert refused.value.errors["reason"]
    # Only the round's own closing (by its last result) was written.
    written = AuditEntry.objects.filter(action__in=[
        "close_round", "reopen_round", "set_pairing", "delete_round", "set_attendance"])
    assert [e.detail.get("automatic") for e in written] == [True]


def test_the_one_limit_holds_for_every_action(seeded, director):
    longest = "y" * MAX_REASON
    first, second = seeded.entrants.order_by("number")[:2]
    entrants.add_forbidden_pair(seeded, director, first=first, second=second, reason=longest)
    events.set_hidden(seeded, director, hidden=True, reason=longest)
    r = published(seeded, director)
    rounds.close_round(r, director, reason=longest)
    assert AuditEntry.objects.filter(reason=longest).count() == 3
    with pytest.raises(ActionError):
        entrants.withdraw_entrant(first, director, reason=longest + "y")
