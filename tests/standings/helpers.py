"""Small builders for standings tests."""

from tournament.standings import BoardResult, Player


def beat(rnd: int, winner: int, loser: int, by: int = 10, *,
         loser_first: bool = False) -> BoardResult:
    """An over-the-board win by ``by`` game points (one set of 61 to 61 - by)."""
    if loser_first:
        return BoardResult(rnd, (loser, winner), "played", winner, ((61 - by, 61),))
    return BoardResult(rnd, (winner, loser), "played", winner, ((61, 61 - by),))


def bye(rnd: int, player: int) -> BoardResult:
    # As history.standings_input gives it: the bye's player is its winner.
    return BoardResult(rnd, (player, None), "bye", player)


def away(rnd: int, player: int, kind: str) -> BoardResult:
    """A round without a board: half_bye, zero_bye, absent or late_entry."""
    return BoardResult(rnd, (player, None), kind)


def forfeit(rnd: int, winner: int, forfeiter: int) -> BoardResult:
    return BoardResult(rnd, (winner, forfeiter), "forfeit", winner)


def double_forfeit(rnd: int, a: int, b: int) -> BoardResult:
    return BoardResult(rnd, (a, b), "double_forfeit")


def unplayed(rnd: int, a: int, b: int) -> BoardResult:
    return BoardResult(rnd, (a, b), "unplayed")


def players_for(matches, *extra: int) -> list[Player]:
    """A Player for every id named in the matches (and ``extra``), named P<id>."""
    ids = {pid for m in matches for pid in m.players if pid is not None} | set(extra)
    return [Player(pid, f"P{pid}") for pid in sorted(ids)]


def by_player(rows):
    return {row.player: row for row in rows}


def order_of(rows):
    return [row.player for row in rows]
