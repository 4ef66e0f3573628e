"""Who may get the pairing-allocated bye: one rule (pairing.byes), FIDE C.04.3 2.2.2."""

import pytest

from tournament.pairing import Board, PairingError, pair_next_round
from tournament.pairing.byes import may_get_bye
from tournament.pairing.trf import TrfEvent, TrfPlayer, TrfResult


def player(*codes):
    results = tuple(TrfResult(None if c in "UHFZ" else 2, "-" if c in "UHFZ" else "w", c)
                    for c in codes)
    return TrfPlayer(number=1, name="Ann", rating=None, results=results)


@pytest.mark.parametrize("codes, allowed", [
    ((), True),
    (("1", "0", "="), True),
    (("H",), True),   # half a win without playing: still eligible
    (("Z", "-"), True),
    (("U",), False),  # had the pairing's bye
    (("+",), False),  # a forfeit win
    (("F",), False),  # a full-point bye (a requested bye the event scores as a win)
])
def test_may_get_bye(codes, allowed):
    assert may_get_bye(player(*codes)) is allowed


@pytest.mark.parametrize("code, paired", [("H", True), ("+", False), ("F", False)])
def test_a_lone_player_gets_the_bye_only_if_the_rule_allows(code, paired):
    """The engine's one-player round reads the same rule (it missed F before)."""
    one = TrfPlayer(1, "Ann", None, (TrfResult(None, "-", code) if code != "+"
                                     else TrfResult(2, "w", "+"),))
    two = TrfPlayer(2, "Bo", None, (TrfResult(None, "-", "Z") if code != "+"
                                    else TrfResult(1, "b", "-"),))
    event = TrfEvent("e", (one, two), rounds_planned=3, absent=frozenset({2}))
    if paired:
        assert pair_next_round(event).boards == (Board(1, None),)
    else:
        with pytest.raises(PairingError, match="already had a bye or a win without playing"):
            pair_next_round(event)
