"""FIDE Dutch pairing of the next round, by py4swiss (bbpPairings' matching code), in-process.

Plain data in (:class:`~tournament.pairing.trf.TrfEvent`), plain data out (:class:`Pairing`).
No Django, no subprocess, no temporary files: the event is written as TRF(x) text with
:func:`~tournament.pairing.trf.write_trf`, read by py4swiss's own line and section parsers,
checked by py4swiss and paired by its Dutch engine.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import NamedTuple

from tournament.pairing.trf import (
    POINTS_TIMES_TEN,
    TrfEvent,
    TrfPlayer,
    TrfResult,
    completed_rounds,
    write_trf,
)

__all__ = [
    "Board",
    "BoardExplanation",
    "Pairing",
    "PairingError",
    "PlayerExplanation",
    "explain",
    "format_explanation",
    "format_pairs",
    "pair_next_round",
]


class PairingError(Exception):
    """The next round cannot be paired (or the event is inconsistent); ``str()`` says why."""


class Board(NamedTuple):
    """One board: starting numbers; ``black`` is None for the pairing-allocated bye."""

    white: int
    black: int | None


@dataclass(frozen=True, slots=True)
class Pairing:
    """The pairing of ``round_number``: boards in bbpPairings/py4swiss publication order."""

    round_number: int
    boards: tuple[Board, ...]

    @property
    def bye(self) -> int | None:
        """Starting number of the player given the pairing-allocated bye, if any."""
        for board in self.boards:
            if board.black is None:
                return board.white
        return None

    @property
    def games(self) -> tuple[Board, ...]:
        return tuple(b for b in self.boards if b.black is not None)


# --------------------------------------------------------------------------- py4swiss glue


def _engine_event(event: TrfEvent) -> TrfEvent:
    """The event as py4swiss must see it.

    * blank entries become ``0000 - Z`` (FIDE: blank = Z; py4swiss rejects blanks);
    * a forfeit without opponent (``0000 - +`` / ``0000 - -``) becomes ``U`` / ``Z``, which
      py4swiss treats identically (not played, same points, ``+``/``U`` both count as a bye
      received) but without looking up opponent 0;
    * XXP lines naming more than two players are expanded to every pair among them;
    * other lines are dropped except XXA (accelerations);
    * a missing XXR is replaced by a number of rounds that never makes this the last round
      (so the last-round topscorer rules do not apply).
    """

    def fix(r: TrfResult) -> TrfResult:
        if r.opponent is None and r.code in " -":
            return TrfResult(None, "-", "Z")
        if r.opponent is None and r.code == "+":
            return TrfResult(None, "-", "U")
        return r

    players = []
    for p in event.players:
        fixed = tuple(fix(r) for r in p.results)
        players.append(p if fixed == p.results else replace(p, results=fixed))

    forbidden = []
    for group in event.forbidden:
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if a != b:
                    forbidden.append((a, b))

    # Of the lines py4swiss knows, only XXA (accelerations) matters for pairing.
    other = tuple(line for line in event.other_lines if line.startswith("XXA"))
    rounds = event.rounds_planned
    if rounds is None:
        rounds = max(len(p.results) for p in event.players) + 2
    return replace(
        event,
        players=tuple(players),
        forbidden=tuple(forbidden),
        rounds_planned=rounds,
        other_lines=other,
    )


def _py4swiss_trf(text: str):  # -> py4swiss.trf.ParsedTrf
    """py4swiss's ``TrfParser.parse`` for text rather than a file path."""
    from py4swiss.trf import TrfParser
    from py4swiss.trf.codes import PlayerCode, TeamCode, TournamentCode, XCode
    from py4swiss.trf.parsed_trf import ParsedTrf
    from py4swiss.trf.sections import PlayerSection, TeamSection, TournamentSection, XSection

    by_code = defaultdict(list)
    for i, line in enumerate(text.splitlines()):
        trf_line = TrfParser._parse_line(i, line, strict=True)
        if trf_line is not None:
            by_code[trf_line.code_type].append(trf_line)
    trf = ParsedTrf(
        player_sections=[PlayerSection.from_string(str(x)) for x in by_code[PlayerCode]],
        team_sections=[TeamSection.from_string(str(x)) for x in by_code[TeamCode]],
        tournament_section=TournamentSection.from_lines(by_code[TournamentCode]),
        x_section=XSection.from_lines(by_code[XCode]),
    )
    trf.validate_contents()
    return trf


# --------------------------------------------------------------------------- 2026 rules
#
# py4swiss 0.3.1 implements C.04.3 as in force until 31 January 2026.  The edition in force
# since 1 February 2026 (bbpPairings 6) differs in what the engine derives from the history
# and in two criteria on the pairing-allocated bye (PAB); py4swiss also counts one colour
# criterion differently from bbpPairings.  The adapter supplies them:
#
# * player data, overwritten on py4swiss's own players: pairing numbers
#   (:func:`_pairing_numbers`), bye eligibility (2.2.2, :func:`_bye_received`) and the floats
#   of the last two rounds (1.4.3: a round not played is a downfloat only if it scored more
#   than a loss, :func:`_unplayed_float`);
# * the PAB assignee's score is minimised ahead of every bracket criterion
#   (:func:`_bye_score`): a player scoring more than the lowest score with which the round
#   can still be completed counts as ineligible for the bye, which py4swiss's completion
#   check and its last-bracket bye weights then respect;
# * among the players of that score, the PAB goes to one with the fewest unplayed games: a
#   quality criterion placed after C.7 (pairs and PSD of the following bracket) and before
#   the colour criteria, as bbpPairings 6 weighs it (:class:`_ByeUnplayedGames`), added to
#   py4swiss's bracket machinery by subclassing its matcher (:func:`_bracket_pairer_class`);
# * C.9 (third colour in a row for topscorers) counted for the player who loses the colour
#   allocation, as bbpPairings does (:class:`_ThirdColourInARow`).
#
# Not done (docs/pairing.md, "Beyond the golden events"): py4swiss chooses each bracket's
# pairing before checking that the rest of the round can be completed, and its look-ahead
# to the following bracket (C.7) counts pairs no completion allows; bbpPairings keeps every
# bracket's choice within the complete pairings.  Seen only in some last rounds.


def _pairing_numbers(event: TrfEvent) -> dict[int, int]:
    """Pairing numbers (A.2; their parity decides E.5) of the players that take part.

    A player who has never taken part in a pairing (never met an opponent, never got the
    pairing-allocated bye) and does not take part in this one either (absent, or an entry
    such as a requested bye already made for this round) is not in the tournament as far as
    pairing is concerned: he gets no pairing number and the players below him move up
    (bbpPairings' "effective pairing number").  Everybody else keeps his order.
    """
    done = completed_rounds(event)
    counted = []
    for p in sorted(event.players, key=lambda q: q.number):
        took_part = any(r.opponent is not None or r.code in "U+" for r in p.results)
        here = len(p.results) == done and p.number not in event.absent
        if took_part or here:
            counted.append(p.number)
    return {number: i for i, number in enumerate(counted, start=1)}


def _bye_received(player: TrfPlayer) -> bool:
    """C.04.3 (2026) 2.2.2: no pairing-allocated bye for a player who already had one or who
    already scored, without playing, as many points as a win (forfeit win, full-point bye)."""
    return any(
        r.code == "U" or (not r.played and r.points_times_ten >= POINTS_TIMES_TEN["1"])
        for r in player.results
    )


def _unplayed_float(result: TrfResult):  # -> py4swiss Float | None
    """C.04.3 (2026) 1.4.3 for a round not played: a downfloat if it scored more than a loss
    (forfeit win, full- or half-point bye, PAB), no float otherwise (zero-point bye, absence,
    forfeit loss).  None for a played game (py4swiss's own float, from the scores, stands)."""
    from py4swiss.engines.common import Float

    if result.played:
        return None
    return Float.DOWN if result.points_times_ten > POINTS_TIMES_TEN["0"] else Float.NONE


def _bye_score(players: list, forbidden_pairs) -> tuple[int | None, object]:
    """The lowest score the PAB assignee can have; makes everybody above it ineligible.

    bbpPairings 6 gives the PAB to a player with the lowest score that still allows the
    round to be completed, before weighing any bracket criterion.  The candidates' scores are
    tried from the lowest up; eligible players (``bye_received`` False) scoring more are
    marked ``bye_received``, which in py4swiss only excludes them from the bye (C.2 in the
    completion check, the bye weights of the last brackets).  Returns that score (None when
    the number of players is even) and the validity matcher that completes the round with it.
    Raises py4swiss's PairingError when the round cannot be completed at all.
    """
    from py4swiss.engines.common import PairingError as Py4swissPairingError
    from py4swiss.engines.dutch.validity_matcher import ValidityMatcher

    if len(players) % 2 == 0:
        validity_matcher = ValidityMatcher(players, forbidden_pairs)
        if not validity_matcher.is_valid_matching():
            raise Py4swissPairingError("Round can not be paired")
        return None, validity_matcher
    eligible = [p for p in players if not p.bye_received]
    for score in sorted({p.points_with_acceleration for p in eligible}):
        for p in eligible:
            p.bye_received = p.points_with_acceleration > score
        validity_matcher = ValidityMatcher(players, forbidden_pairs)
        if validity_matcher.is_valid_matching():
            return score, validity_matcher
    raise Py4swissPairingError("Round can not be paired")


class _ByeUnplayedGames:
    """C.04.3 (2026) quality criterion: minimise the number of unplayed games of the PAB
    assignee (bbpPairings 6 weighs it right after the pairs and PSD of the following
    bracket, before the colour criteria).

    Of the players who may still get the PAB (score equal to :func:`_bye_score`), each gets
    a rank: 0 for the most games played, higher for fewer (players with equal counts share
    the highest rank of their count, as in bbpPairings).  A pair weighs the sum of its
    players' ranks, so the best pairing leaves unpaired the player who played most.

    As in bbpPairings it applies only in a bracket whose residents score no more than the
    bye score and whose players can all be paired within the bracket, but for one who gets
    the PAB (the PAB assignee is then the bracket's single downfloater); when some of them
    must pair lower down anyway, the PAB assignee is left to the other criteria.
    :meth:`applies` decides this for each bracket; where it does not apply, the bracket is
    weighed with py4swiss's criteria alone.
    """

    def __init__(self, bye_score: int | None, players: list) -> None:
        self._bye_score = bye_score
        self._rank: dict[int, int] = {}
        if bye_score is None:
            return
        candidates = [p for p in players if p.points_with_acceleration == bye_score]
        counts = sorted((len(p.colors) for p in candidates), reverse=True)
        rank_of_count = {count: i for i, count in enumerate(counts)}
        self._rank = {p.id: rank_of_count[len(p.colors)] for p in candidates}

    def applies(self, bracket, unpaired: list, forbidden_pairs) -> bool:
        """Whether the criterion applies to ``bracket``; ``unpaired`` are all the players
        not paired in the brackets before it."""
        from py4swiss.engines.dutch.validity_matcher import ValidityMatcher

        if not self._rank or bracket.min_bracket_score > self._bye_score:
            return False
        inside = {p.id for p in bracket.mdp_list + bracket.resident_list}
        below = [p.id for p in unpaired if p.id not in inside]
        # A complete pairing that pairs nobody of this bracket with a player below it.
        apart = set(forbidden_pairs) | {(a, b) for a in inside for b in below}
        return ValidityMatcher(unpaired, apart).is_valid_matching()

    @staticmethod
    def get_shift(bracket) -> int:
        size = len(bracket.mdp_list) + len(bracket.resident_list) + len(bracket.lower_list)
        return 2 * size.bit_length()  # the ranks of all players paired: < size ** 2

    def get_weight(self, player_1, player_2, zero, bracket):
        weight = type(zero)(zero)  # a DynamicUint of the matcher's width
        weight |= self._rank.get(player_1.id, 0) + self._rank.get(player_2.id, 0)
        return weight


class _ThirdColourInARow:
    """The quality criterion "minimise the number of topscorers or topscorers' opponents who
    get the same colour three times in a row", py4swiss's C.9 corrected.

    Two players can only be paired against the same absolute colour preference in the last
    round when a topscorer is involved (C.3); the colour allocation rules then give the
    preference to the player with the wider colour difference (E.2), or, with equal
    differences, alternate from the last round in which their colours differed (E.3).  The
    player who loses the preference gets his third colour in a row if he played his last two
    games with that colour.  py4swiss counts the pair only when both players did, which
    misses a player with colour difference +1 after two equal colours losing to one with
    colour difference +2; this is what bbpPairings counts.
    """

    def __init__(self) -> None:
        from py4swiss.engines.common import ColorPreferenceStrength
        from py4swiss.engines.dutch.player import PlayerRole

        self._absolute = ColorPreferenceStrength.ABSOLUTE
        self._lower = PlayerRole.LOWER

    @staticmethod
    def get_shift(bracket) -> int:
        return bracket.bracket_bits

    def get_weight(self, player_1, player_2, zero, bracket):
        weight = type(zero)(zero)  # a DynamicUint of the matcher's width
        if player_2.role == self._lower:
            return weight
        absolute = self._absolute
        third = False
        if (
            (player_1.top_scorer or player_2.top_scorer)
            and player_1.color_preference.strength == absolute
            and player_2.color_preference.strength == absolute
            and player_1.color_preference.side == player_2.color_preference.side
        ):
            difference_1 = abs(player_1.color_difference)
            difference_2 = abs(player_2.color_difference)
            if difference_1 == difference_2:
                third = player_1.color_double and player_2.color_double
            else:
                loser = player_1 if difference_1 < difference_2 else player_2
                third = loser.color_double
        weight |= int(not third)
        return weight


def _quality_criteria(bye_criterion: _ByeUnplayedGames) -> tuple[tuple, tuple]:
    """py4swiss's quality criteria with C.9 corrected (:class:`_ThirdColourInARow`): without,
    and with, the 2026 PAB criterion inserted after C.7."""
    from py4swiss.engines.dutch.criteria import QUALITY_CRITERIA
    from py4swiss.engines.dutch.criteria.quality import C7, C9

    criteria = tuple(_ThirdColourInARow() if c is C9 else c for c in QUALITY_CRITERIA)
    at = criteria.index(C7) + 1
    return criteria, (*criteria[:at], bye_criterion, *criteria[at:])


def _bracket_pairer_class():
    """py4swiss's BracketPairer whose matcher weighs the given quality criteria.

    ``BracketMatcher._get_max_weight`` and ``_get_weight`` are py4swiss 0.3.1's, with its
    module-level ``QUALITY_CRITERIA`` replaced by the matcher's own tuple.
    """
    global _BRACKET_PAIRER
    if _BRACKET_PAIRER is not None:
        return _BRACKET_PAIRER

    from py4swiss.dynamicuint import DynamicUint
    from py4swiss.engines.dutch.bracket import BracketPairer
    from py4swiss.engines.dutch.bracket.bracket_matcher import BracketMatcher

    class Matcher(BracketMatcher):
        def __init__(self, bracket, validity_matcher, criteria: tuple) -> None:
            self._criteria = criteria
            super().__init__(bracket, validity_matcher)

        def _get_max_weight(self) -> DynamicUint:
            weight = DynamicUint(1)
            weight.shift_grow(2)
            for criterion in self._criteria:
                weight.shift_grow(criterion.get_shift(self._bracket))
            weight.shift_grow(3 * self._bracket.bracket_bits)
            weight.shift_grow(2)
            weight >>= 1
            weight -= (weight & 0) | 1
            return weight

        def _get_weight(self, player_1, player_2) -> DynamicUint:
            weight = DynamicUint(self._zero_weight)
            if not self._validity_matcher.is_allowed_pair(player_1, player_2):
                return weight
            if self._bracket.penultimate_pairing_bracket or self._bracket.last_pairing_bracket:
                weight |= 1 + player_1.bye_received + player_2.bye_received
            for criterion in self._criteria:
                weight <<= criterion.get_shift(self._bracket)
                weight += criterion.get_weight(player_1, player_2, self._zero_weight, self._bracket)
            weight <<= 3 * self._bracket.bracket_bits + 1
            return weight

    class Pairer(BracketPairer):
        def __init__(self, state, validity_matcher, initial_color: bool, criteria: tuple) -> None:
            # BracketPairer.__init__ with our matcher (building py4swiss's first would
            # compute a matching for nothing).
            self._bracket = state
            self._validity_matcher = validity_matcher
            self._initial_color = initial_color
            self._num = len(state.mdp_list + state.resident_list + state.lower_list)
            self._bracket_matcher = Matcher(state, validity_matcher, criteria)
            self._heterogeneous_s1 = []
            self._heterogeneous_s2 = []
            self._homogeneous_s1 = []
            self._homogeneous_s2 = []
            self._exchanges = 0

    _BRACKET_PAIRER = Pairer
    return Pairer


_BRACKET_PAIRER = None


def _generate_pairings(trf, event: TrfEvent) -> list:  # -> list[py4swiss Pairing]
    """py4swiss's ``DutchEngine.generate_pairings`` with the 2026 rules.

    The players (scores, colour preferences, opponents, topscorers) are py4swiss's own; their
    pairing numbers, bye eligibility and floats of unplayed rounds are replaced by
    :func:`_pairing_numbers`, :func:`_bye_received` and :func:`_unplayed_float`; the PAB
    assignee's score is fixed first (:func:`_bye_score`) and his unplayed games weighed in
    the brackets (:class:`_ByeUnplayedGames`).
    """
    from py4swiss.engines.dutch.bracket import Brackets
    from py4swiss.engines.dutch.engine import Engine
    from py4swiss.engines.dutch.player import get_player_infos_from_trf

    done = completed_rounds(event)
    by_number = {p.number: p for p in event.players}
    numbers = _pairing_numbers(event)

    players = get_player_infos_from_trf(trf)
    for info in players:
        p = by_number[info.id]
        info.number = numbers[info.id]
        info.bye_received = _bye_received(p)
        for rounds_back, attribute in ((1, "float_1"), (2, "float_2")):
            if done >= rounds_back:
                flt = _unplayed_float(p.results[done - rounds_back])
                if flt is not None:
                    setattr(info, attribute, flt)
    players.sort(reverse=True)

    bye_score, validity_matcher = _bye_score(players, trf.x_section.forbidden_pairs)
    bye_criterion = _ByeUnplayedGames(bye_score, players)
    criteria, criteria_with_bye = _quality_criteria(bye_criterion)
    pairer = _bracket_pairer_class()
    brackets = Brackets(players, done + 1)
    initial_color = trf.x_section.configuration.first_round_color
    player_pairs = []
    paired: set[int] = set()
    while not brackets.is_finished():
        bracket = brackets.get_current_bracket()
        unpaired = [p for p in players if p.id not in paired]
        if bye_criterion.applies(bracket, unpaired, trf.x_section.forbidden_pairs):
            bracket_pairer = pairer(bracket, validity_matcher, initial_color, criteria_with_bye)
        else:
            bracket_pairer = pairer(bracket, validity_matcher, initial_color, criteria)
        bracket_pairs = Engine._get_bracket_pairs(bracket_pairer)
        if bracket_pairs is None:
            brackets.collapse()
        else:
            brackets.apply_bracket_pairings(bracket_pairs)
            player_pairs.extend(bracket_pairs)
            paired.update(p.id for pair in bracket_pairs for p in pair)
    player_pairs.sort(key=Engine._get_player_pair_score, reverse=True)
    return [Engine._get_pairing(pair) for pair in player_pairs]


def _check(event: TrfEvent) -> None:
    numbers = sorted(p.number for p in event.players)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, len(numbers) + 1)) - set(numbers))
        raise PairingError(
            f"starting numbers must run 1..{len(numbers)} without gaps; missing {missing}"
        )
    done = completed_rounds(event)
    longest = max(len(p.results) for p in event.players)
    ahead = [p for p in event.players if len(p.results) > done and p.results[done].opponent]
    if longest > done + 1 or ahead:
        short = sorted(p.number for p in event.players if len(p.results) == done)
        raise PairingError(
            f"round {done + 1} already has results for some players, but players {short} have "
            f"no entry for it; every player needs an entry for every completed round "
            f"(TrfResult(None, '-', 'Z') when he was not paired)"
        )
    by_number = {p.number: p for p in event.players}
    for p in event.players:
        for i, r in enumerate(p.results):
            if r.opponent is None:
                continue
            if r.opponent == p.number:
                raise PairingError(f"player {p.number} is his own opponent in round {i + 1}")
            other = by_number[r.opponent].results
            back = other[i] if i < len(other) else None
            if back is None or back.opponent != p.number:
                raise PairingError(
                    f"round {i + 1}: player {p.number} met {r.opponent}, "
                    f"but {r.opponent}'s entry does not name {p.number}"
                )


def pair_next_round(event: TrfEvent) -> Pairing:
    """Pair the next round of ``event`` with the FIDE Dutch system (py4swiss).

    The round paired is the one after the last round every player has an entry for.  Players
    in ``event.absent`` (and players who already have an entry for that round, e.g. a
    requested ``H`` bye) are not paired.  Raises :class:`PairingError` when no pairing
    satisfying the absolute criteria (no rematch, at most one bye/forfeit win, XXP) exists,
    when all planned rounds are played, or when py4swiss finds the event inconsistent.
    """
    from py4swiss.engines.common import PairingError as Py4swissPairingError
    from py4swiss.trf.exceptions import ConsistencyError, ParsingError

    if not event.players:
        raise PairingError("the event has no players")
    _check(event)
    done = completed_rounds(event)
    if event.rounds_planned is not None and done >= event.rounds_planned:
        raise PairingError(f"all {event.rounds_planned} planned rounds have been played")
    round_number = done + 1
    to_pair = [p for p in event.players if len(p.results) == done and p.number not in event.absent]
    if not to_pair:
        return Pairing(round_number, ())
    if len(to_pair) == 1:
        # py4swiss cannot pair a single player; he gets the bye if he may have one.
        (p,) = to_pair
        if any(r.code in "U+" for r in p.results):
            raise PairingError(
                f"round {round_number} cannot be paired: only player {p.number} is present "
                "and he has already had a bye or a forfeit win"
            )
        return Pairing(round_number, (Board(p.number, None),))

    engine_event = _engine_event(event)
    text = write_trf(engine_event)
    try:
        trf = _py4swiss_trf(text)
    except (ParsingError, ConsistencyError, ValueError, KeyError) as exc:
        raise PairingError(f"py4swiss rejected the event: {exc}") from exc
    try:
        result = _generate_pairings(trf, engine_event)
    except Py4swissPairingError as exc:
        raise PairingError(
            f"round {round_number} cannot be paired: no pairing satisfies the absolute "
            f"criteria (no rematches, at most one bye or forfeit win per player, forbidden "
            f"pairs) for the {len(to_pair)} players to pair ({exc})"
        ) from exc
    boards = tuple(Board(p.white, p.black or None) for p in result)
    return Pairing(round_number, boards)


def format_pairs(pairing: Pairing) -> str:
    """bbpPairings/JaVaFo output: number of pairs, then ``WHITE BLACK`` lines, a bye as ``ID 0``."""
    lines = [str(len(pairing.boards))]
    lines.extend(f"{b.white} {b.black or 0}" for b in pairing.boards)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- explain


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


@dataclass(frozen=True, slots=True)
class BoardExplanation:
    board: int
    white: PlayerExplanation
    black: PlayerExplanation | None


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
