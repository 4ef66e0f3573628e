"""Check-in (shared/spec/table-entry.md, "Check-in"): the action an official or a player
calls to say an entrant is here for the next round to be paired."""

import pytest
from django.contrib.auth.models import User

from tournament.actions import ActionError, PermissionDenied, entrants, events, rounds
from tournament.actions.checkin import open_round, set_checkin
from tournament.models import AuditEntry, CheckIn

from .conftest import finish_round
from .test_pairs import PAIRS_CSV

pytestmark = pytest.mark.django_db


def player(event, number):
    return event.entrants.get(number=number)


def checkins(event, number=1):
    return sorted(CheckIn.objects.of_round(event, number)
                  .values_list("entrant__number", flat=True))


def test_an_official_checks_an_entrant_in_and_out_with_an_audit_row(seeded, director, arbiter):
    row = set_checkin(seeded, arbiter, entrant=player(seeded, 3), round_number=1,
                      checked_in=True)
    assert row.entrant.number == 3 and row.at is not None and checkins(seeded) == [3]
    entry = AuditEntry.objects.filter(action="set_checkin").get()
    assert entry.actor == arbiter
    assert entry.summary == f"Round 1: {player(seeded, 3).name} checked in"
    assert entry.detail == {"entrant": 3, "round": 1, "checked_in": True, "player": None,
                            "address": None}
    assert set_checkin(seeded, director, entrant=player(seeded, 3), round_number=1,
                       checked_in=False) is None
    assert checkins(seeded) == []
    last = AuditEntry.objects.filter(action="set_checkin").order_by("-id").first()
    assert last.actor == director and "no longer checked in" in last.summary


def test_saying_again_what_is_so_changes_nothing(seeded, director):
    first = set_checkin(seeded, director, entrant=player(seeded, 1), round_number=1,
                        checked_in=True)
    again = set_checkin(seeded, director, entrant=player(seeded, 1), round_number=1,
                        checked_in=True)
    assert again.pk == first.pk and again.at == first.at
    assert set_checkin(seeded, director, entrant=player(seeded, 2), round_number=1,
                       checked_in=False) is None
    assert AuditEntry.objects.filter(action="set_checkin").count() == 1


def test_a_player_checks_himself_in_named_in_the_audit_with_his_address(seeded):
    me = player(seeded, 4)
    set_checkin(seeded, None, entrant=me, round_number=1, checked_in=True,
                player=f"{me.name} (player key 17)", address="192.0.2.7")
    entry = AuditEntry.objects.get(action="set_checkin")
    assert entry.actor is None
    assert entry.summary == f"Round 1: {me.name} checked in (by the player {me.name} " \
                            "(player key 17))"
    assert entry.detail["player"] == f"{me.name} (player key 17)"
    assert entry.detail["address"] == "192.0.2.7"


class Key:
    """What the player-key branch passes: it names the player and knows his entrant."""

    def __init__(self, entrant):
        self.entrant_id = entrant.pk
        self.name = entrant.name

    def __str__(self):
        return self.name


def test_a_player_checks_in_only_himself(seeded):
    me, other = player(seeded, 1), player(seeded, 2)
    assert set_checkin(seeded, None, entrant=me, round_number=1, checked_in=True,
                       player=Key(me)) is not None
    with pytest.raises(PermissionDenied, match="only himself"):
        set_checkin(seeded, None, entrant=other, round_number=1, checked_in=True,
                    player=Key(me))
    assert checkins(seeded) == [1]


def test_only_officials_of_the_event_tick_anyone(seeded, director):
    stranger = User.objects.create_user("stranger")
    with pytest.raises(PermissionDenied, match="arbiter or director of Spring Open"):
        set_checkin(seeded, stranger, entrant=player(seeded, 1), round_number=1,
                    checked_in=True)
    assert checkins(seeded) == [] and not AuditEntry.objects.filter(action="set_checkin")


def test_check_in_is_for_the_next_round_to_be_paired_only(seeded, director):
    assert open_round(seeded) == 1
    for bad in (0, 6, True, "1", None):
        with pytest.raises(ActionError, match="There is no round") as refused:
            set_checkin(seeded, director, entrant=player(seeded, 1), round_number=bad,
                        checked_in=True)
        assert refused.value.status == 400 and "round" in refused.value.errors
    with pytest.raises(ActionError, match="open for round 1 only") as early:
        set_checkin(seeded, director, entrant=player(seeded, 1), round_number=2,
                    checked_in=True)
    assert early.value.status == 400
    r1 = rounds.pair_round(seeded, director)
    assert open_round(seeded) == 2
    for checked_in in (True, False):  # a draft is paired too
        with pytest.raises(ActionError, match="Round 1 is already paired") as late:
            set_checkin(seeded, director, entrant=player(seeded, 1), round_number=1,
                        checked_in=checked_in)
        assert late.value.status == 409
    rounds.publish_round(r1, director)
    finish_round(r1, director)
    assert set_checkin(seeded, director, entrant=player(seeded, 1), round_number=2,
                       checked_in=True).round_number == 2
    assert checkins(seeded, 1) == []


def test_a_withdrawn_entrant_cannot_check_in(seeded, director):
    gone = player(seeded, 5)
    gone.withdrawn_after_round = 0
    gone.save()
    with pytest.raises(ActionError, match="withdrew after round 0"):
        set_checkin(seeded, director, entrant=gone, round_number=1, checked_in=True)
    assert checkins(seeded) == []


def test_an_entrant_of_another_event_is_refused(seeded, director):
    other = events.create_tournament(director, name="Other Open")
    entrants.import_entrants(other, director, "name,club,rating\nZed,,1500\n")
    with pytest.raises(ActionError, match="not entered in Spring Open"):
        set_checkin(seeded, director, entrant=other.entrants.get(), round_number=1,
                    checked_in=True)


def test_in_a_pairs_event_the_pair_is_checked_in(director):
    pairs = events.create_tournament(director, name="Pairs Cup", ruleset="bndcc",
                                     entrants_kind="pairs", match_target=121, sets_to_win=3)
    entrants.import_entrants(pairs, director, PAIRS_CSV)
    pair = pairs.entrants.get(name="Hale & Fox")
    set_checkin(pairs, None, entrant=pair, round_number=1, checked_in=True,
                player="Di Fox (member 2 of Hale & Fox)")
    assert checkins(pairs) == [pair.number]
    assert "Hale & Fox checked in (by the player Di Fox" in AuditEntry.objects.get(
        action="set_checkin").summary
