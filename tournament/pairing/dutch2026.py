"""The FIDE Dutch rules of 2026 that py4swiss lacks, added around its engine.

py4swiss 0.3.1 implements C.04.3 as in force until 31 January 2026.  The edition in force
since 1 February 2026 (bbpPairings 6) differs in what the engine derives from the history
and in two criteria on the pairing-allocated bye (PAB); py4swiss also counts one colour
criterion differently from bbpPairings.  The adapter supplies them:

* player data, overwritten on py4swiss's own players: pairing numbers
  (:func:`_pairing_numbers`), bye eligibility (2.2.2, :func:`byes.may_get_bye`) and the floats
  of the last two rounds (1.4.3: a round not played is a downfloat only if it scored more
  than a loss, :func:`_unplayed_float`);
* the PAB assignee's score is minimised ahead of every bracket criterion
  (:func:`_bye_score`): a player scoring more than the lowest score with which the round
  can still be completed counts as ineligible for the bye, which py4swiss's completion
  check and its last-bracket bye weights then respect;
* among the players of that score, the PAB goes to one with the fewest unplayed games: a
  quality criterion placed after C.7 (pairs and PSD of the following bracket) and before
  the colour criteria, as bbpPairings 6 weighs it (:class:`_ByeUnplayedGames`), added to
  py4swiss's bracket machinery through :func:`.py4swiss_seam.bracket_pairer`, which takes
  the criteria to weigh;
* C.9 (third colour in a row for topscorers) counted for the player who loses the colour
  allocation, as bbpPairings does (:class:`_ThirdColourInARow`);

* every bracket's choice kept within the pairings that complete the round (C.4), its
  look-ahead to the following bracket (C.7) included: py4swiss pairs a bracket first and
  checks completion afterwards, collapsing the rest when it fails.  A bracket is paired
  with every player left in the matcher's graph, completion weighed above every
  criterion, or, when that graph is larger, as py4swiss does if that matching, look-ahead
  pairs included, completes the round
  (:meth:`.py4swiss_seam.RoundValidity.completes`), which gives the same choice
  (:func:`_pair_bracket`).
"""

from __future__ import annotations

from tournament.pairing import py4swiss_seam as seam
from tournament.pairing.byes import may_get_bye
from tournament.pairing.trf import (
    POINTS_TIMES_TEN,
    TrfEvent,
    TrfResult,
    completed_rounds,
)


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


def _unplayed_float(result: TrfResult) -> seam.Float | None:
    """C.04.3 (2026) 1.4.3 for a round not played: a downfloat if it scored more than a loss
    (forfeit win, full- or half-point bye, PAB), no float otherwise (zero-point bye, absence,
    forfeit loss).  None for a played game (py4swiss's own float, from the scores, stands)."""
    if result.played:
        return None
    return seam.Float.DOWN if result.points_times_ten > POINTS_TIMES_TEN["0"] else seam.Float.NONE


def _bye_score(
    players: list[seam.PlainPlayer], forbidden_pairs
) -> tuple[int | None, seam.RoundValidity]:
    """The lowest score the PAB assignee can have; makes everybody above it ineligible.

    bbpPairings 6 gives the PAB to a player with the lowest score that still allows the
    round to be completed, before weighing any bracket criterion.  The candidates' scores are
    tried from the lowest up; eligible players (``bye_received`` False) scoring more are
    marked ``bye_received``, which in py4swiss only excludes them from the bye (C.2 in the
    completion check, the bye weights of the last brackets).  Returns that score (None when
    the number of players is even) and the validity matcher that completes the round with it.
    Raises py4swiss's PairingError when the round cannot be completed at all.
    """
    if len(players) % 2 == 0:
        validity_matcher = seam.RoundValidity(players, forbidden_pairs)
        if not validity_matcher.is_valid_matching():
            raise seam.Py4swissPairingError("Round can not be paired")
        return None, validity_matcher
    eligible = [p for p in players if not p.bye_received]
    for score in sorted({p.points_with_acceleration for p in eligible}):
        for p in eligible:
            p.bye_received = p.points_with_acceleration > score
        validity_matcher = seam.RoundValidity(players, forbidden_pairs)
        if validity_matcher.is_valid_matching():
            return score, validity_matcher
    raise seam.Py4swissPairingError("Round can not be paired")


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
        if not self._rank or bracket.min_bracket_score > self._bye_score:
            return False
        inside = {p.id for p in bracket.mdp_list + bracket.resident_list}
        below = [p.id for p in unpaired if p.id not in inside]
        # A complete pairing that pairs nobody of this bracket with a player below it.
        apart = set(forbidden_pairs) | {(a, b) for a in inside for b in below}
        return seam.RoundValidity(unpaired, apart).is_valid_matching()

    def player_key(self, player) -> int:
        """What this criterion reads of a player beyond py4swiss's criteria (his rank)."""
        return self._rank.get(player.id, 0)

    @staticmethod
    def get_shift(bracket) -> int:
        size = len(bracket.mdp_list) + len(bracket.resident_list) + len(bracket.lower_list)
        return 2 * size.bit_length()  # the ranks of all players paired: < size ** 2

    def int_weight(self, player_1, player_2, bracket) -> int:
        return self._rank.get(player_1.id, 0) + self._rank.get(player_2.id, 0)


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
        self._absolute = seam.ABSOLUTE
        self._lower = seam.LOWER

    @staticmethod
    def get_shift(bracket) -> int:
        return bracket.bracket_bits

    def int_weight(self, player_1, player_2, bracket) -> int:
        if player_2.role == self._lower:
            return 0
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
        return int(not third)


def _quality_criteria(bye_criterion: _ByeUnplayedGames) -> tuple[tuple, tuple]:
    """py4swiss's quality criteria with C.9 corrected (:class:`_ThirdColourInARow`): without,
    and with, the 2026 PAB criterion inserted after C.7."""
    criteria = tuple(_ThirdColourInARow() if c is seam.C9 else c for c in seam.QUALITY_CRITERIA)
    at = criteria.index(seam.C7) + 1
    return criteria, (*criteria[:at], bye_criterion, *criteria[at:])


def _pair_bracket(bracket, validity_matcher, initial_color: bool, criteria, rest: list):
    """The pairs of ``bracket`` (None to collapse), chosen among those that complete the round.

    Paired with every player left in the matcher's graph (``rest``), completion weighed
    above every criterion, the bracket gets the pairs bbpPairings gives it.  When players are
    left below the following bracket, py4swiss's pairer with the bracket and the following
    one alone is tried first, a smaller graph: its choice is the same whenever it can be
    completed, with the pairs it looks ahead to in the following bracket
    (:meth:`.py4swiss_seam.RoundValidity.completes`), and stands then.  The trial is given
    up as soon as its first matching, the one every later step of the pairer starts from,
    cannot be completed: its final one then almost never can (7 times in 133 on generated
    events), and the bracket is paired with the rest at once.  With nobody below the
    following bracket the two graphs are the same and the trial is not made.  The PPB and
    the last bracket are paired as py4swiss does: completion is then guaranteed.
    """
    if bracket.penultimate_pairing_bracket or bracket.last_pairing_bracket:
        pairer = seam.bracket_pairer(bracket, validity_matcher, initial_color, criteria)
        return seam.pair_bracket(pairer)
    if rest:
        recorder = seam.Recorder(validity_matcher)
        trial = seam.bracket_pairer(bracket, recorder, initial_color, criteria)
        completes = validity_matcher.completes
        if completes(seam.first_matching(trial)) and completes(seam.bracket_matching(trial)):
            recorder.commit()
            return trial.get_player_pairs()
    pairer = seam.bracket_pairer(bracket, validity_matcher, initial_color, criteria, rest)
    return seam.pair_bracket(pairer)


def generate_pairings(
    players: list, forbidden_pairs: set, initial_color: bool, event: TrfEvent
) -> list[tuple[int, int | None]]:
    """py4swiss's ``DutchEngine.generate_pairings`` with the 2026 rules: the boards as
    ``(white, black)`` starting numbers in publication order, black None for the bye.

    ``players`` are py4swiss's own as :class:`.py4swiss_seam.PlainPlayer` s (scores, colour
    preferences, opponents, topscorers: from :func:`.py4swiss_seam.player_infos_from_event`,
    or :func:`.py4swiss_seam.plain_players` of py4swiss's reading of the TRF), changed in
    place;
    ``forbidden_pairs`` and ``initial_color`` (whether player 1 had white in round 1) as
    py4swiss reads them from the XXP and XXC lines.  The players' pairing numbers, bye
    eligibility and floats of unplayed rounds are replaced by :func:`_pairing_numbers`,
    :func:`byes.may_get_bye` and :func:`_unplayed_float`; the PAB assignee's score is fixed
    first (:func:`_bye_score`) and his unplayed games weighed in the brackets
    (:class:`_ByeUnplayedGames`); each bracket's choice is kept within the pairings that
    complete the round (:func:`_pair_bracket`).
    """
    done = completed_rounds(event)
    by_number = {p.number: p for p in event.players}
    numbers = _pairing_numbers(event)

    for info in players:
        p = by_number[info.id]
        info.number = numbers[info.id]
        info.bye_received = not may_get_bye(p)
        for rounds_back, attribute in ((1, "float_1"), (2, "float_2")):
            if done >= rounds_back:
                flt = _unplayed_float(p.results[done - rounds_back])
                if flt is not None:
                    setattr(info, attribute, flt)
    # Player.__lt__'s order (A.2: score, then pairing number), without calling it.
    players.sort(key=lambda p: (p.points_with_acceleration, -p.number), reverse=True)

    bye_score, validity_matcher = _bye_score(players, forbidden_pairs)
    bye_criterion = _ByeUnplayedGames(bye_score, players)
    criteria, criteria_with_bye = _quality_criteria(bye_criterion)
    brackets = seam.PlainBrackets(players, done + 1)
    player_pairs = []
    paired: set[int] = set()
    while not brackets.is_finished():
        bracket = brackets.get_current_bracket()
        unpaired = [p for p in players if p.id not in paired]
        inside = {p.id for p in bracket.mdp_list + bracket.resident_list + bracket.lower_list}
        rest = [p for p in unpaired if p.id not in inside]
        if bye_criterion.applies(bracket, unpaired, forbidden_pairs):
            used = criteria_with_bye
        else:
            used = criteria
        bracket_pairs = _pair_bracket(bracket, validity_matcher, initial_color, used, rest)
        if bracket_pairs is None:
            brackets.collapse()
        else:
            brackets.apply_bracket_pairings(bracket_pairs)
            player_pairs.extend(bracket_pairs)
            paired.update(p.id for pair in bracket_pairs for p in pair)
    return seam.publication_order(player_pairs)
