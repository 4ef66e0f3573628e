"""The one place where the project touches py4swiss.

No other module of the project imports py4swiss: the adapter (:mod:`.engine`) and the 2026
rules (:mod:`.dutch2026`) reach it through the names below.  py4swiss's public API (the
names its packages export in ``__all__``) is re-exported as is; every use of something
py4swiss does not export -- a private method, an attribute set in a constructor, a method
overridden in a subclass -- is one named function or class here, whose docstring says what
it relies on.  :data:`PRIVATE_MEMBERS` lists them all, and
``tests/pairing/test_py4swiss_seam.py`` checks that the installed py4swiss is
:data:`PINNED_VERSION` and that every member listed exists with the signature (and, for the
code copied here, the source) relied on, so that an upgrade fails there, loudly, first.

This module imports py4swiss (and so pydantic) when it is imported; :mod:`.engine` imports
it only when a round is paired, so that importing :mod:`tournament.pairing` stays light.
"""

from __future__ import annotations

from collections import defaultdict
from importlib.metadata import version
from typing import NamedTuple

from py4swiss.dynamicuint import DynamicUint
from py4swiss.engines.common import (
    ColorPreferenceStrength,
    Float,
)
from py4swiss.engines.common import PairingError as Py4swissPairingError
from py4swiss.engines.dutch.bracket import Bracket, BracketPairer, Brackets
from py4swiss.engines.dutch.bracket.bracket_matcher import BracketMatcher
from py4swiss.engines.dutch.criteria import QUALITY_CRITERIA
from py4swiss.engines.dutch.criteria.quality import C7, C9
from py4swiss.engines.dutch.engine import Engine
from py4swiss.engines.dutch.player import Player, PlayerRole, get_player_infos_from_trf
from py4swiss.engines.dutch.validity_matcher import ValidityMatcher
from py4swiss.trf import ParsedTrf, TrfLine
from py4swiss.trf.codes import PlayerCode, TeamCode, TournamentCode, XCode
from py4swiss.trf.exceptions import ConsistencyError, ParsingError
from py4swiss.trf.sections import PlayerSection, TeamSection, TournamentSection, XSection

__all__ = [
    "ABSOLUTE",
    "C7",
    "C9",
    "INSTALLED_VERSION",
    "LOWER",
    "PINNED_VERSION",
    "PRIVATE_ATTRIBUTES",
    "PRIVATE_MEMBERS",
    "QUALITY_CRITERIA",
    "REJECTED",
    "Bracket",
    "Brackets",
    "DynamicUint",
    "PrivateMember",
    "Float",
    "Player",
    "Py4swissPairingError",
    "ValidityMatcher",
    "bracket_pairer",
    "pair_bracket",
    "parse_trf_text",
    "player_infos",
    "player_section",
    "publication_order",
]

#: The py4swiss release this module was written against (requirements.txt pins it).
PINNED_VERSION = "0.3.1"
INSTALLED_VERSION = version("py4swiss")

#: What py4swiss raises on a TRF it cannot read or finds inconsistent.
REJECTED = (ParsingError, ConsistencyError, ValueError, KeyError)

ABSOLUTE = ColorPreferenceStrength.ABSOLUTE
LOWER = PlayerRole.LOWER


class PrivateMember(NamedTuple):
    """A member of py4swiss used here although py4swiss does not export it."""

    module: str
    qualname: str
    #: ``str(inspect.signature(member))`` with py4swiss's module paths left out.
    signature: str
    #: SHA-256 of ``inspect.getsource(member)`` in 0.3.1: the code relied on (or copied
    #: here) did not change.
    source_sha256: str


#: Every member of py4swiss that this module uses, overrides or copies although py4swiss
#: does not export it.  The test of this module checks them all.
PRIVATE_MEMBERS: tuple[PrivateMember, ...] = (
    PrivateMember(
        "py4swiss.engines.dutch.engine",
        "Engine._get_bracket_pairs",
        "(bracket_pairer: BracketPairer) -> list[tuple[Player, Player]] | None",
        "1733de9a369fa6494d9898110b5cd7ccf14853ad08726a6a73693b35f059fb41",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.engine",
        "Engine._get_player_pair_score",
        "(player_pair: tuple[Player, Player]) -> tuple[int, int, int]",
        "aa2f709a05aee48baedef098f05715cb52438a98d98bb0b362bcf2958328e21b",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.engine",
        "Engine._get_pairing",
        "(player_pair: tuple[Player, Player]) -> Pairing",
        "bd05c50356c32cdc833b6936e6a186e200fabd3deb4b4d4e2dbbea5910e57940",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.__init__",
        "(self, bracket: Bracket, validity_matcher: ValidityMatcher) -> None",
        "4613caa947550bae087616c2a85102aa77ce740299d490b77fa9805c2eef13bc",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher._set_up_computer",
        "(self) -> None",
        "4d0c2a81015cb4dceec2d68fb155aa3e795c853db3937c7ff006802f5deceaf1",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher._get_max_weight",
        "(self) -> DynamicUint",
        "baba04719adc55bcd4c6cb0e3f290fe0cabbaf4f8d780e9c8910c8092b23a1eb",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher._get_weight",
        "(self, player_1: Player, player_2: Player) -> DynamicUint",
        "109b11e72609b12e578b85b5fa9385cd9a5ab4e0322a60b70d23588a12f6ee94",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_pairer",
        "BracketPairer.__init__",
        "(self, state: Bracket, validity_matcher: ValidityMatcher, initial_color: bool) -> None",
        "ee836b68ebd03e8e3cf6b3d2cef1937824aa4a943b9726918c20f27005c4e2fa",
    ),
)

#: Instance attributes set by py4swiss's constructors that the code here reads or sets.
PRIVATE_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "BracketMatcher": ("_bracket", "_validity_matcher", "_zero_weight"),
    "BracketPairer": (
        "_bracket",
        "_validity_matcher",
        "_initial_color",
        "_num",
        "_bracket_matcher",
        "_heterogeneous_s1",
        "_heterogeneous_s2",
        "_homogeneous_s1",
        "_homogeneous_s2",
        "_exchanges",
    ),
}


# --------------------------------------------------------------------------- reading a TRF


def parse_trf_text(text: str) -> ParsedTrf:
    """py4swiss's ``TrfParser.parse`` for text rather than a file path.

    Relies on public names only: :class:`TrfLine` (one line: its ``code_type``), the
    sections' ``from_string``/``from_lines`` and :meth:`ParsedTrf.validate_contents`, put
    together as ``TrfParser.parse(path, strict=True)`` does.  Raises one of
    :data:`REJECTED`.
    """
    by_code = defaultdict(list)
    for i, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            trf_line = TrfLine(i, stripped)
            by_code[trf_line.code_type].append(trf_line)
    trf = ParsedTrf(
        player_sections=[PlayerSection.from_string(str(x)) for x in by_code[PlayerCode]],
        team_sections=[TeamSection.from_string(str(x)) for x in by_code[TeamCode]],
        tournament_section=TournamentSection.from_lines(by_code[TournamentCode]),
        x_section=XSection.from_lines(by_code[XCode]),
    )
    trf.validate_contents()
    return trf


def player_section(line: str) -> PlayerSection:
    """A ``001`` line as py4swiss reads it (public ``PlayerSection.from_string``)."""
    return PlayerSection.from_string(line)


def player_infos(trf: ParsedTrf) -> list[Player]:
    """The players to pair, as py4swiss's Dutch engine derives them from the TRF (public)."""
    return get_player_infos_from_trf(trf)


def forbidden_pairs(trf: ParsedTrf) -> set[tuple[int, int]]:
    """The XXP pairs py4swiss read (public ``x_section.forbidden_pairs``)."""
    return trf.x_section.forbidden_pairs


def first_round_white(trf: ParsedTrf) -> bool:
    """Whether player 1 had white in round 1 (public ``x_section.configuration``)."""
    return trf.x_section.configuration.first_round_color


# --------------------------------------------------------------------------- the brackets


class _Matcher(BracketMatcher):
    """py4swiss's bracket matcher weighing the quality criteria it is given.

    Relies on ``BracketMatcher.__init__`` calling ``_get_max_weight`` and then
    ``_get_weight`` for every pair, and on its attributes ``_bracket``,
    ``_validity_matcher`` and ``_zero_weight``.  The two methods are py4swiss 0.3.1's
    (their hashes are in :data:`PRIVATE_MEMBERS`) with the module-level
    ``QUALITY_CRITERIA`` replaced by the matcher's own tuple.
    """

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


class _Pairer(BracketPairer):
    """py4swiss's bracket pairer with :class:`_Matcher`.

    Its ``__init__`` is ``BracketPairer.__init__`` (0.3.1, hash in :data:`PRIVATE_MEMBERS`)
    building our matcher instead of py4swiss's, which would compute a matching for
    nothing; it sets the attributes listed in :data:`PRIVATE_ATTRIBUTES` that the pairer's
    other methods read.
    """

    def __init__(self, state, validity_matcher, initial_color: bool, criteria: tuple) -> None:
        self._bracket = state
        self._validity_matcher = validity_matcher
        self._initial_color = initial_color
        self._num = len(state.mdp_list + state.resident_list + state.lower_list)
        self._bracket_matcher = _Matcher(state, validity_matcher, criteria)
        self._heterogeneous_s1 = []
        self._heterogeneous_s2 = []
        self._homogeneous_s1 = []
        self._homogeneous_s2 = []
        self._exchanges = 0


def bracket_pairer(
    bracket: Bracket, validity_matcher: ValidityMatcher, initial_color: bool, criteria: tuple
) -> BracketPairer:
    """A py4swiss bracket pairer that weighs ``criteria`` (objects with py4swiss's quality
    criterion interface: ``get_shift(bracket)``, ``get_weight(p1, p2, zero, bracket)``)
    instead of py4swiss's ``QUALITY_CRITERIA``.  See :class:`_Matcher`, :class:`_Pairer`."""
    return _Pairer(bracket, validity_matcher, initial_color, criteria)


def pair_bracket(pairer: BracketPairer) -> list[tuple[Player, Player]] | None:
    """The pairs py4swiss chooses in the pairer's bracket (a player paired with himself
    gets the bye), or None when the round could not be completed after them (the caller
    then collapses the brackets).  Relies on the private ``Engine._get_bracket_pairs``."""
    return Engine._get_bracket_pairs(pairer)


def publication_order(pairs: list[tuple[Player, Player]]) -> list[tuple[int, int | None]]:
    """The pairs as ``(white, black)`` starting numbers (black None for the bye) in the order
    of publication (C.04.2 D.9).  Relies on the private ``Engine._get_player_pair_score``
    and ``Engine._get_pairing``."""
    ordered = sorted(pairs, key=Engine._get_player_pair_score, reverse=True)
    boards = []
    for pair in ordered:
        board = Engine._get_pairing(pair)
        boards.append((board.white, board.black or None))
    return boards
