"""Why each board is paired as it is: what a director sees about both players of a board.

Besides each player's colours and floats: his place in the round's ranking (score, then
pairing number: in round 1 the seeding order, top half against bottom half) and, for the
bye, what made it his (FIDE C.04.3: the lowest score group, its lowest ranked player who
may still get a bye, `byes.may_get_bye`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournament.pairing.byes import may_get_bye
from tournament.pairing.engine import Pairing
from tournament.pairing.trf import (
    POINTS_TIMES_TEN,
    TrfEvent,
    TrfPlayer,
    TrfResult,
    completed_rounds,
)


@dataclass(frozen=True, slots=True)
class PlayerExplanation:
    number: int
    name: str
    score: float  # before the round
    colour_history: str  # one letter per round: w/b for played games, "-" otherwise
    colour_difference: int  # played whites minus played blacks
    colour_preference: str  # "white"/"black"/"none"
    preference_strength: str  # "absolute"/"strong"/"mild"/"none"
    float_history: str  # one letter per round: "D" downfloat, "U" upfloat, "-" none
    colour: str  # colour given this round: "white", "black" or "bye"
    float: str | None  # this round: "up", "down" or None
    preference_granted: bool | None  # None when he has no preference or gets the bye
    round_number: int = 0  # the round paired
    seed: int = 0  # place among those paired this round, by score then pairing number
    paired: int = 0  # how many are paired this round (the bye's player included)
    top_seed_starts: bool | None = None  # round 1: the lot (does seed 1 take white)
    bye: ByeExplanation | None = None  # why the bye is his, when it is


@dataclass(frozen=True, slots=True)
class ByeExplanation:
    """What made the pairing-allocated bye this player's. Counts are of the players paired
    this round; "may not" is `may_get_bye` false (a bye or a win without playing before)."""

    lowest_group: bool  # nobody paired this round has fewer points
    group_size: int  # paired players with his score, him included
    place_in_group: int  # his rank in that group: 1 the highest, group_size the lowest
    below_may_not: int  # of those ranked below him in the group, how many may not get it
    fewer_points: int  # paired players with fewer points than him
    fewer_may_not: int  # of those, how many may not get it
    had_bye: bool  # he had a bye or a win without playing before (never, for a bye given)


@dataclass(frozen=True, slots=True)
class BoardExplanation:
    board: int
    white: PlayerExplanation
    black: PlayerExplanation | None

    @property
    def sides(self) -> tuple[PlayerExplanation, PlayerExplanation | None]:
        """(side 0, side 1), as the rest of the site names them: white is side 0."""
        return self.white, self.black


def _colour_preference(results: tuple[TrfResult, ...]) -> tuple[str, str, int]:
    """FIDE C.04.1 A.6 colour preference (as py4swiss computes it)."""
    colours = [r.colour for r in results if r.played]
    difference = colours.count("w") - colours.count("b")
    double = len(colours) > 1 and colours[-1] == colours[-2]
    if difference > 0:
        side = "black"
    elif difference < 0:
        side = "white"
    elif colours:
        side = "white" if colours[-1] == "b" else "black"
    else:
        return "none", "none", 0
    if abs(difference) > 1 or double:
        strength = "absolute"
    elif abs(difference) == 1:
        strength = "strong"
    else:
        strength = "mild"
    return side, strength, difference


def _score_after(player: TrfPlayer) -> list[int]:
    """Points times ten before each round (index 0 = before round 1)."""
    totals = [0]
    for r in player.results:
        totals.append(totals[-1] + r.points_times_ten)
    return totals


def _float_history(player: TrfPlayer, scores: dict[int, list[int]]) -> str:
    letters = []
    for i, r in enumerate(player.results):
        if not r.played:
            # C.04.3 (2026) 1.4.3: a round not played is a downfloat only if it scored more
            # than a loss (a bye or forfeit win); a zero-point bye or forfeit loss is none.
            letters.append("D" if r.points_times_ten > POINTS_TIMES_TEN["0"] else "-")
            continue
        mine, theirs = scores[player.number][i], scores[r.opponent][i]
        letters.append("D" if mine > theirs else "U" if mine < theirs else "-")
    return "".join(letters)


def explain(event: TrfEvent, pairing: Pairing) -> tuple[BoardExplanation, ...]:
    """Per board, what a director wants to see about each player before the round."""
    by_number = {p.number: p for p in event.players}
    scores = {p.number: _score_after(p) for p in event.players}
    done = completed_rounds(event)

    def before(number: int) -> int:
        return scores[number][min(done, len(scores[number]) - 1)]

    paired = [n for b in pairing.boards for n in (b.white, b.black) if n is not None]
    ranking = sorted(paired, key=lambda n: (-before(n), n))
    seed = {n: i for i, n in enumerate(ranking, start=1)}

    def why_bye(number: int) -> ByeExplanation:
        mine = before(number)
        may = {n: may_get_bye(replace(by_number[n], results=by_number[n].results[:done]))
               for n in paired}
        group = [n for n in ranking if before(n) == mine]
        below = group[group.index(number) + 1:]
        fewer = [n for n in ranking if before(n) < mine]
        return ByeExplanation(
            lowest_group=not fewer, group_size=len(group),
            place_in_group=group.index(number) + 1,
            below_may_not=sum(not may[n] for n in below), fewer_points=len(fewer),
            fewer_may_not=sum(not may[n] for n in fewer), had_bye=not may[number])

    def describe(number: int, colour: str, opponent: int | None) -> PlayerExplanation:
        p = by_number[number]
        past = p.results[:done]
        side, strength, difference = _colour_preference(past)
        mine = before(number)
        if opponent is None:
            flt = "down"
        else:
            theirs = before(opponent)
            flt = "down" if mine > theirs else "up" if mine < theirs else None
        granted = None if side == "none" or colour == "bye" else side == colour
        return PlayerExplanation(
            number=number,
            name=p.name,
            score=mine / 10,
            colour_history="".join(r.colour if r.played else "-" for r in past),
            colour_difference=difference,
            colour_preference=side,
            preference_strength=strength,
            float_history=_float_history(replace(p, results=past), scores),
            colour=colour,
            float=flt,
            preference_granted=granted,
            round_number=done + 1,
            seed=seed[number],
            paired=len(paired),
            top_seed_starts=event.top_seed_starts if done == 0 else None,
            bye=why_bye(number) if opponent is None else None,
        )

    out = []
    for i, b in enumerate(pairing.boards, start=1):
        if b.black is None:
            out.append(BoardExplanation(i, describe(b.white, "bye", None), None))
        else:
            out.append(
                BoardExplanation(
                    i, describe(b.white, "white", b.black), describe(b.black, "black", b.white)
                )
            )
    return tuple(out)


def format_explanation(explanations: tuple[BoardExplanation, ...]) -> str:
    """A plain-text table of :func:`explain`'s result."""

    def cell(p: PlayerExplanation | None) -> str:
        if p is None:
            return "BYE"
        pref = (
            "none"
            if p.colour_preference == "none"
            else (f"{p.colour_preference} ({p.preference_strength})")
        )
        flt = f" {p.float}float" if p.float else ""
        return f"{p.number:>4} {p.score:>4.1f} {p.colour_history or '.':<8} {pref:<17}{flt}"

    return "\n".join(f"{e.board:>3}  {cell(e.white)} | {cell(e.black)}" for e in explanations)
