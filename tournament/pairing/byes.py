"""Who may get the pairing-allocated bye: the one home of the rule, read by the Dutch
pairing (dutch2026), the engine's one-player round and a director's hand-made pairing
(actions.rounds). Imports nothing from Django."""

from __future__ import annotations

from tournament.pairing.trf import POINTS_TIMES_TEN, TrfPlayer


def may_get_bye(player: TrfPlayer) -> bool:
    """C.04.3 (2026) 2.2.2: no pairing-allocated bye for a player who already had one (U)
    or who already scored, without playing, as many points as a win (a forfeit win `+`,
    a full-point bye `F`: a requested bye the event scores as a win)."""
    return not any(
        r.code == "U" or (not r.played and r.points_times_ten >= POINTS_TIMES_TEN["1"])
        for r in player.results
    )
