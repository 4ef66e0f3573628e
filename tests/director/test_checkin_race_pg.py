"""A check-in arriving while the director pairs only the checked-in, each on its own
PostgreSQL connection: both lock the event first, so either the check-in lands before the
pairing (and the player is paired) or after it (and is refused 409, the player absent);
never a player both checked in and absent. Skipped on SQLite."""

from django.contrib.auth.models import User

from tournament.actions import ActionError, entrants, events, rounds
from tournament.actions.checkin import set_checkin
from tournament.models import Attendance, CheckIn, Round

from ..races import POSTGRES_MARKS, at_once

pytestmark = POSTGRES_MARKS


def test_a_check_in_during_the_pairing_is_in_or_refused_never_both():
    director = User.objects.create_user("dora-race")
    for attempt in range(3):
        event = events.create_tournament(director, name=f"Race Desk {attempt}")
        entrants.import_entrants(event, director, "name,club,rating\n" + "\n".join(
            f"Player {i},Club,{1500 + i}" for i in range(1, 11)))
        for n in range(1, 7):
            set_checkin(event, director, entrant=event.entrants.get(number=n),
                        round_number=1, checked_in=True)
        late = event.entrants.get(number=9)
        paired, ticked = at_once(
            lambda e=event: rounds.pair_round(e, director, only_checked_in=True),
            lambda e=event, p=late: set_checkin(e, director, entrant=p, round_number=1,
                                                checked_in=True))
        assert isinstance(paired, Round), paired
        absent = set(Attendance.objects.filter(entrant__tournament=event, kind="absent")
                     .values_list("entrant__number", flat=True))
        checked = set(CheckIn.objects.filter(entrant__tournament=event)
                      .values_list("entrant__number", flat=True))
        if isinstance(ticked, ActionError):
            assert ticked.status == 409 and 9 in absent and 9 not in checked
        else:
            assert 9 in checked and 9 not in absent
        assert not absent & checked
