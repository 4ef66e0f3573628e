"""Issue 21 #14: import_trf took a file of 2,600 players; an event takes 2,000 at most."""

import pytest
from django.core.management import CommandError, call_command

from tournament.models import Entrant, Tournament
from tournament.pairing import TrfEvent, TrfPlayer, write_trf
from tournament.rules.entrant_rules import MAX_ENTRANTS

pytestmark = pytest.mark.django_db


def field(count):
    return write_trf(TrfEvent(
        name="Huge Open", rounds_planned=5, first_colour="white1", absent=frozenset(),
        players=tuple(TrfPlayer(n, f"Player {n}", 1500, ()) for n in range(1, count + 1))))


@pytest.mark.parametrize("count", [MAX_ENTRANTS + 1, 2600])
def test_a_file_over_the_cap_is_refused_whole_with_the_reason(tmp_path, count):
    path = tmp_path / "huge.trf"
    path.write_text(field(count), encoding="utf-8")
    with pytest.raises(CommandError, match=f"has {count:,} players; an event takes at most "
                                           f"{MAX_ENTRANTS:,} entrants"):
        call_command("import_trf", str(path), "--slug", "huge")
    assert not Tournament.objects.filter(slug="huge").exists()
    assert not Entrant.objects.exists()


def test_a_file_at_the_cap_is_imported(tmp_path):
    path = tmp_path / "full.trf"
    path.write_text(field(MAX_ENTRANTS), encoding="utf-8")
    call_command("import_trf", str(path), "--slug", "full")
    assert Tournament.objects.get(slug="full").entrants.count() == MAX_ENTRANTS
