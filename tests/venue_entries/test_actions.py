"""The statuses of an entry and the waiting list, through the actions."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.actions import ActionError, entrants, entries
from tournament.models import AuditEntry, Entry

from .conftest import enter

pytestmark = pytest.mark.django_db


def statuses(event):
    return {e.name: e.status for e in event.entries.all()}


def test_an_entry_is_pending_until_the_director_decides(taking_event, director):
    entry, code = enter(taking_event, "Ann Lee", "Leek")
    assert entry.status == Entry.Status.PENDING
    assert entries.position_of(entry) is None
    assert len(code) == 19 and entry.digest != code and code not in entry.digest
    assert not taking_event.entrants.exists()


def test_an_accepted_entry_becomes_an_entrant_without_typing_it_again(taking_event, director):
    entry, _ = enter(taking_event, "Ann Lee", "Leek DC")
    entry = entries.accept_entry(entry, director)
    assert entry.status == Entry.Status.ACCEPTED
    entrant = taking_event.entrants.get()
    assert (entrant.name, entrant.club) == ("Ann Lee", "Leek DC")
    assert entry.entrant == entrant
    row = AuditEntry.objects.filter(action=AuditEntry.Action.ADD_ENTRANT).get()
    assert row.detail["from_entry"] == entry.pk


def test_declined_entries_make_no_entrant(taking_event, director):
    entry, _ = enter(taking_event, "Ann Lee")
    entries.decline_entry(entry, director, reason="not a member")
    entry.refresh_from_db()
    assert entry.status == Entry.Status.DECLINED
    assert not taking_event.entrants.exists()
    # A director who changes their mind accepts it after all.
    assert entries.accept_entry(entry, director).status == Entry.Status.ACCEPTED


def test_accepted_beyond_the_cap_wait_and_move_up_in_the_order_made(capped_event, director):
    made = [enter(capped_event, name)[0] for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
    # Accepted in another order than made: Ed before Cy and Di.
    for name in ("Ann", "Bo", "Ed", "Di", "Cy"):
        entries.accept_entry(next(e for e in made if e.name == name), director)
    assert statuses(capped_event) == {"Ann": "accepted", "Bo": "accepted", "Cy": "waiting",
                                      "Di": "waiting", "Ed": "waiting"}
    positions = {e.name: e.position for e in capped_event.entries.listing()}
    assert positions == {"Ann": None, "Bo": None, "Cy": 1, "Di": 2, "Ed": 3}
    cy = capped_event.entries.get(name="Cy")
    assert entries.position_of(cy) == 1
    # Bo withdraws: Cy, the first made of those waiting, takes the place.
    bo = capped_event.entries.get(name="Bo")
    entries.withdraw_entry(bo, director)
    assert statuses(capped_event)["Cy"] == "accepted"
    assert sorted(capped_event.entrants.values_list("name", flat=True)) == ["Ann", "Cy"]
    assert entries.position_of(capped_event.entries.get(name="Ed")) == 2
    moved = AuditEntry.objects.filter(action=AuditEntry.Action.ENTRY_MOVED_UP).get()
    assert "Cy" in moved.summary


def test_raising_or_lifting_the_cap_moves_the_waiting_list_up(capped_event, director):
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        entries.accept_entry(enter(capped_event, name)[0], director)
    moved = entries.set_entries(capped_event, director, open=True, cap=3)
    assert [e.name for e in moved] == ["Cy"]
    moved = entries.set_entries(capped_event, director, open=True, cap=None)
    assert [e.name for e in moved] == ["Di", "Ed"]
    assert capped_event.entrants.count() == 5


def test_an_entrant_deleted_frees_a_place(capped_event, director):
    for name in ("Ann", "Bo", "Cy"):
        entries.accept_entry(enter(capped_event, name)[0], director)
    ann = capped_event.entrants.get(name="Ann")
    entrants.delete_entrant(ann, director, reason="cannot come")
    assert statuses(capped_event)["Cy"] == "accepted"
    assert statuses(capped_event)["Ann"] == "withdrawn"  # the entry goes with its entrant


def test_a_cap_below_the_entrants_in_is_refused(capped_event, director):
    for name in ("Ann", "Bo"):
        entries.accept_entry(enter(capped_event, name)[0], director)
    with pytest.raises(ActionError) as refused:
        entries.set_entries(capped_event, director, open=True, cap=1)
    assert "2 entrants are already in" in refused.value.message
    assert "cap" in refused.value.errors
    capped_event.refresh_from_db()
    assert capped_event.entries_cap == 2


def test_after_closing_no_entry_is_taken(taking_event, director):
    entries.set_entries(taking_event, director, open=True,
                        closes_at=timezone.now() + timedelta(hours=1))
    taking_event.refresh_from_db()
    enter(taking_event, "Early Bird")
    later = timezone.now() + timedelta(hours=2)
    with pytest.raises(ActionError) as refused:
        entries.make_entry(taking_event, None, name="Late Comer", contact="x", now=later)
    assert refused.value.status == 409 and "closed at" in refused.value.message
    entries.set_entries(taking_event, director, open=False)
    taking_event.refresh_from_db()
    with pytest.raises(ActionError) as refused:
        enter(taking_event, "Late Comer")
    assert refused.value.status == 409 and "closed" in refused.value.message
    assert taking_event.entries.count() == 1


def test_a_name_entered_twice_or_already_an_entrant_is_refused(taking_event, director):
    enter(taking_event, "Zoë Ångström", "Leek")
    with pytest.raises(ActionError) as refused:
        enter(taking_event, "ZOË ÅNGSTRÖM", "LEEK")
    assert refused.value.status == 422 and "already sent an entry" in refused.value.message
    entrants.add_entrant(taking_event, director, name="Bo Park")
    with pytest.raises(ActionError) as refused:
        enter(taking_event, "bo park")
    assert refused.value.status == 422 and "already entered" in refused.value.message
    # Two people of one name are told apart by their clubs, as entrants are.
    enter(taking_event, "Zoë Ångström", "Stoke")


def test_withdrawn_entries_may_enter_again(taking_event):
    entry, code = enter(taking_event, "Ann Lee")
    entries.withdraw_entry(entry, None, code=code)
    enter(taking_event, "Ann Lee")


def test_hostile_input_is_refused_as_an_entrants(taking_event):
    for bad in ("\u202eevil", "a\x00b", "\u200b\u200b", "x" * 101):
        with pytest.raises(ActionError) as refused:
            enter(taking_event, bad)
        assert refused.value.status == 422 and "name" in refused.value.errors
    with pytest.raises(ActionError) as refused:
        enter(taking_event, "Ann", contact="")
    assert "contact" in refused.value.errors
    assert not taking_event.entries.exists()


def test_status_transitions_out_of_turn_are_refused(taking_event, director):
    entry, code = enter(taking_event, "Ann Lee")
    entries.accept_entry(entry, director)
    with pytest.raises(ActionError) as refused:
        entries.accept_entry(entry, director)
    assert refused.value.status == 409
    with pytest.raises(ActionError):
        entries.decline_entry(entry, director)
    entries.withdraw_entry(entry, None, code=code)
    for act in (entries.accept_entry, entries.decline_entry):
        with pytest.raises(ActionError) as refused:
            act(entry, director)
        assert refused.value.status == 409
    with pytest.raises(ActionError):
        entries.withdraw_entry(entry, None, code=code)


def test_withdrawing_needs_the_code_or_a_director(taking_event, director, other_director):
    entry, code = enter(taking_event, "Ann Lee")
    _, other_code = enter(taking_event, "Bo Park")
    with pytest.raises(ActionError) as refused:
        entries.withdraw_entry(entry, None, code=other_code)
    assert refused.value.status == 403
    with pytest.raises(ActionError) as refused:
        entries.withdraw_entry(entry, other_director)
    assert refused.value.status == 403
    entries.withdraw_entry(entry, None, code=code.lower().replace("-", " "))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_an_accepted_entry_withdrawn_removes_its_entrant(taking_event, director):
    entry, code = enter(taking_event, "Ann Lee")
    entries.accept_entry(entry, director)
    entries.withdraw_entry(entry, None, code=code)
    assert not taking_event.entrants.exists()


def test_only_directors_decide(taking_event, entries_arbiter, other_director):
    entry, _ = enter(taking_event, "Ann Lee")
    for who in (entries_arbiter, other_director):
        with pytest.raises(ActionError) as refused:
            entries.accept_entry(entry, who)
        assert refused.value.status == 403
        with pytest.raises(ActionError):
            entries.set_entries(taking_event, who, open=False)


def test_the_audit_never_holds_the_contact(taking_event, director):
    entry, code = enter(taking_event, "Ann Lee", contact="ann.secret@example.org")
    entries.accept_entry(entry, director)
    entries.withdraw_entry(entry, None, code=code)
    for row in AuditEntry.objects.all():
        assert "ann.secret" not in f"{row.summary} {row.reason} {row.detail}"
        assert code not in f"{row.summary} {row.detail}"


def test_pairs_enter_both_members(pairs_open_event, director):
    entry, _ = enter(pairs_open_event, "", "Leek", members=["Ann Lee", "Bo Park"])
    assert entry.name == "Ann Lee & Bo Park"
    entries.accept_entry(entry, director)
    pair = pairs_open_event.entrants.get()
    assert pair.member_names == ["Ann Lee", "Bo Park"]
    with pytest.raises(ActionError) as refused:
        enter(pairs_open_event, "", members=["Cy Hale"])
    assert "member2" in refused.value.errors


def test_teams_store_members_and_captain(taking_event):
    taking_event.entrants_kind = "teams"
    taking_event.save()
    entry, _ = enter(taking_event, "Leek Lions", "Leek", members=["Ann", "Bo", "Cy"],
                     captain="Bo")
    assert entry.member_names == ["Ann", "Bo", "Cy"] and entry.captain == 1
    entry, _ = enter(taking_event, "Stoke Stars", members=["Ann", "Bo"], captain="Di")
    assert entry.member_names == ["Di", "Ann", "Bo"] and entry.captain_name == "Di"
    with pytest.raises(ActionError) as refused:
        enter(taking_event, "Hanley", members=["Ann"])
    assert "captain" in refused.value.errors


def test_an_accepted_team_entry_becomes_a_team_with_its_roster_and_captain(taking_event,
                                                                           director):
    taking_event.entrants_kind = "teams"
    taking_event.save()
    entry, _ = enter(taking_event, "Leek Lions", "Leek", members=["Ann", "Bo", "Cy"],
                     captain="Bo")
    team = entries.accept_entry(entry, director).entrant
    assert team.member_names == ["Ann", "Bo", "Cy"] and team.captain == 1
    assert team.club == "Leek" and team.member_names[team.captain] == "Bo"
