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
from collections.abc import Mapping
from importlib.metadata import version
from typing import NamedTuple

from py4swiss.dynamicuint import DynamicUint
from py4swiss.engines.common import (
    ColorPreference,
    ColorPreferenceSide,
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
from py4swiss.matching_computer import ComputerDutchOptimality
from py4swiss.trf import ParsedTrf, TrfLine
from py4swiss.trf.codes import PlayerCode, TeamCode, TournamentCode, XCode
from py4swiss.trf.exceptions import ConsistencyError, ParsingError
from py4swiss.trf.sections import PlayerSection, TeamSection, TournamentSection, XSection

__all__ = [
    "ABSOLUTE",
    "C7",
    "C9",
    "INSTALLED_VERSION",
    "QUALITY_INDEX",
    "LOWER",
    "PINNED_VERSION",
    "PRIVATE_ATTRIBUTES",
    "PRIVATE_MEMBERS",
    "QUALITY_CRITERIA",
    "Recorder",
    "REJECTED",
    "Bracket",
    "Brackets",
    "PlainBrackets",
    "PlainPlayer",
    "plain_players",
    "DynamicUint",
    "PrivateMember",
    "RoundValidity",
    "Float",
    "Player",
    "Py4swissPairingError",
    "ValidityMatcher",
    "bracket_matching",
    "first_matching",
    "bracket_pairer",
    "pair_bracket",
    "parse_trf_text",
    "player_infos",
    "player_infos_from_event",
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
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher._set_weight",
        "(self, i: int, j: int, weight: DynamicUint) -> None",
        "cd7293c613c03a5a4e8c1950edc031c0391ae6d580db3f1f11c4b07470a1fb1f",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher._remove_weight",
        "(self, i: int, j: int) -> None",
        "8f12dfded0e3af1a2f3eac58b3b061b38fda463fbeeeeae2120f66f438ead8aa",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.add_to_weight",
        "(self, player_1: Player, player_2: Player, value: int) -> None",
        "8424bf0a2cacc5a671deb2cdeb03af972e3d4fe8d1c957bd285d2b677d14e0d2",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.add_to_weights",
        (
            "(self, player: Player, player_list: list[Player], value: int"
            ", increment: bool = False) -> None"
        ),
        "56c8def06568c68dc0dae8f2d64abf33da1d29c4a981635de068f594c4ef4194",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.remove_weight",
        "(self, player_1: Player, player_2: Player) -> None",
        "7b4ba8c096a0fc48e602ad00471a64be51cd59f404326310764782781ff37c3e",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.remove_weights",
        "(self, player: Player, player_list: list[Player]) -> None",
        "635d415e0119f1a259f2b52133c1345fc74bc80dfc77f10bc6e08442c4d20312",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.update_matching",
        "(self) -> None",
        "bdcf3867bf445519642c4048e5c8efb554ac83379059edeaf213f26fe1f85c44",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_matcher",
        "BracketMatcher.finalize_match",
        "(self, player_1: Player, player_2: Player) -> None",
        "5391b4e26b512c0c47e134cd1effd65f893d2a5407bfc543640495a879e26288",
    ),
    # Copied in player_infos_from_event:
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "get_player_infos_from_trf",
        "(trf: 'ParsedTrf') -> 'list[Player]'",
        "e6b2c3736b2f3cd604be2a8df25a22bee28abbb26546751a8718829f51e4edfd",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "_get_points_list",
        "(section: 'PlayerSection', x_section: 'XSection') -> 'list[int]'",
        "5360f0cad781b57301ca3be0ddb8bb7437c9d6e860985315715a8736fcd68d1a",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "_get_color_preference",
        "(section: 'PlayerSection') -> 'tuple[ColorPreference, int, bool]'",
        "373a5ceecfa93755a48313ea2b1d2387281d661721ecd9f4a509771ce700d231",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "_get_floats",
        (
            "(section: 'PlayerSection', round_number: 'int', "
            "points_list_dict: 'dict[int, list[int]]') -> 'Float'"
        ),
        "e2421fbd94f54dc2fde8f41fe4f9d4377bc38db887f598b1763b47a3e91d5b50",
    ),
    PrivateMember(
        "py4swiss.trf.parsed_trf",
        "ParsedTrf._validate_results",
        "(self) -> None",
        "7dca2d2d192c8cd7fd2bb247cf5fa6289a0f9e70b80b533478f3421bc67c6d73",
    ),
    # Copied on PlainPlayer:
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "Player.__lt__",
        "(self, other: 'Player') -> 'bool'",
        "336512900d942caa7c6eac3e14cbf8125b6ab7dee0e69b45178bf1613ac5cf77",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "Player.__le__",
        "(self, other: 'Player') -> 'bool'",
        "185a623574a4c31a81807b67387ac92917eaa6bcb42c65b78c45abe0266325d4",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "Player.__eq__",
        "(self, other: 'object') -> 'bool'",
        "b33a5fe454098cf9f7151253d46798ef44ef17037117ebe516aee510abc17c67",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.player",
        "Player.__hash__",
        "(self) -> 'int'",
        "8231fc75dba50fe6d48ecb6f5da304d4aef2b4525bacdcf77ffc354124a715cc",
    ),
    # Copied in PlainBrackets.get_current_bracket:
    PrivateMember(
        "py4swiss.engines.dutch.bracket.brackets",
        "Brackets._get_resident_list",
        "(self) -> list[Player]",
        "3ea370d9fc17d36402f4e57e13eb3c418cb631a5c97e5e8dffa12d2e8be0b2a4",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.brackets",
        "Brackets._get_lower_list",
        "(self) -> list[Player]",
        "613866193d04bc80336084b1a22593108cbe148d1aeaa35f881677800762d08d",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.brackets",
        "Brackets.get_current_bracket",
        "(self) -> Bracket",
        "073dc38a7ddd235aba055eca11025f9ac135454610994fc536646fcdf8752e4d",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket",
        "Bracket.from_data",
        (
            "(mdp_list: list[Player], resident_list: list[Player]"
            ", lower_list: list[Player], round_number: int, collapsed: bool) -> Self"
        ),
        "46ee32a82df79286d788bcd2504f4520622ff8b86a268010ba4fe462a1a755f8",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket",
        "Bracket._get_score_difference_bits",
        (
            "(mdp_list: list[Player]"
            ", resident_list: list[Player]) -> tuple[int, dict[int, int]]"
        ),
        "496f497e960cb896f2069b2dfafd7b5abf940ff6b163236d8d0144bf5df96e9c",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_pairer",
        "BracketPairer.__init__",
        "(self, state: Bracket, validity_matcher: ValidityMatcher, initial_color: bool) -> None",
        "ee836b68ebd03e8e3cf6b3d2cef1937824aa4a943b9726918c20f27005c4e2fa",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_pairer",
        "BracketPairer._get_match_role",
        "(self, player: Player) -> PlayerRole",
        "9e1f71b6d378471c08d140db1ac3d34be90fca22d946b15d6715726af5716e99",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_pairer",
        "BracketPairer._has_resident_match",
        "(self, player: Player) -> bool",
        "d870bcb212be3c293e337479847e81eb4dafd8aba56ed605f2bdc2d7281339b6",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_pairer",
        "BracketPairer._in_s1",
        "(self, player: Player) -> bool",
        "ad36357ed599b4900a1d6e4b3e14f86bf5b67d34235b8a2e5b9fa3ebb112ae3f",
    ),
    PrivateMember(
        "py4swiss.engines.dutch.bracket.bracket_pairer",
        "BracketPairer._in_s2",
        "(self, player: Player) -> bool",
        "b3159a0442c79fa20e040c4ce86dcf9d31ee0b7262b36951f580dc5d21fbf205",
    ),
) + tuple(
    # The quality criteria's ``get_weight``, copied on ints in ``_quality_values``.
    PrivateMember(
        f"py4swiss.engines.dutch.criteria.quality.c{number}",
        f"C{number}.get_weight",
        "(player_1: Player, player_2: Player, zero: DynamicUint, bracket: Bracket) -> DynamicUint",
        source_sha256,
    )
    for number, source_sha256 in {
    5: "3867e9773d7fcea32625f5ad118428a2f038eea63412a0d8c0c0eeda8f847096",
    6: "3421fd318f5fd607b10ca5d6b36a3b0fa32704f829da78c89370c2661a62319b",
    7: "de8657ab2fc378f17eda7ead420837975e89c2c424e32e887d412df2130c180d",
    8: "40e5fec9a636a6fef070109aa2942caa25c720669b658777bb81f5fb0f0c4b53",
    9: "8f9ffa569c97aa26e09977a5c06c73003dc27ca75c3716e5a613826eca245dea",
    10: "30ca3a07e4fcb74a357f9d7480b998c45dd2f0235a9bc5482a841e390f4187a7",
    11: "0e2bfa70c978258869be16ef697b5cf0435597761966f3246959d4504642b02d",
    12: "639d4096c032c4546aa6f282118c0da89be4446b0348c8597a729a1eaea7bf9a",
    13: "57137bce660cbc2c760d3d2904e932a1266591366e1a9d532d6bb3eccd2fea4c",
    14: "63adf3f481442ab86be784f7b43a023bd0159412fa9aa51d8795bae532d51c72",
    15: "0cb0b4738f2d225f5b766872e881fb87d2488db175bda9b91420123358ebcf42",
    16: "594c05a3a699007f14f9318fed4326c57f13b3dbd26c0138a68341920579f187",
    17: "f92cfed9258abaef837959a99508514c5e6e712711401d8dc6bbd25eebaa23a6",
    18: "c2917e146ee5b9f715f0711d09536289e351ff428f8e3d03579363ad6559377c",
    19: "ab123ef6723994eed5196f3b97b34d1fd5396914038ef9f663d47afc2fe9891f",
    }.items()
)

#: Instance attributes set by py4swiss's constructors that the code here reads or sets.
PRIVATE_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "BracketMatcher": (
        "_bracket",
        "_validity_matcher",
        "_player_list",
        "_max_weight",
        "_zero_weight",
        "_len",
        "_index_dict_reverse",
        "_index_dict",
        "_computer",
        "_weights",
        "matching",
    ),
    "Brackets": ("_mdp_list", "_round_number", "_collapsed"),
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


# --------------------------------------------------------------------------- players directly

#: Result codes py4swiss counts as played, and the pairs of codes it accepts for the two
#: players of one game (``ResultToken``'s ``_PLAYED`` and ``_COMPATIBLE``, 0.3.1).
_PLAYED = frozenset("WDL1=0")
_GAME_CODES = _PLAYED | {"+", "-"}
_COMPATIBLE = frozenset(
    {("+", "-"), ("-", "-"), ("-", "+"), ("W", "L"), ("L", "W"), ("D", "D")}
    | {("1", "0"), ("0", "1"), ("=", "=")}
)
_BYES = frozenset("HFUZ")


def player_infos_from_event(
    event, points_times_ten: dict[str, int]
) -> list[PlainPlayer] | None:
    """The players py4swiss would derive from ``write_trf(event)`` (:func:`parse_trf_text`
    then :func:`player_infos`), as :class:`PlainPlayer` s (what :func:`plain_players`
    makes of py4swiss's), built from the event's own data without the text.

    ``event`` is a :class:`~tournament.pairing.trf.TrfEvent` as the adapter hands it to
    py4swiss (no blank entries, forfeits without opponent made byes, absent players' entry
    for the round made, ``rounds_planned`` set); ``points_times_ten`` the points of each
    result code.  This is
    ``get_player_infos_from_trf`` (0.3.1; it, ``_get_points_list``,
    ``_get_color_preference`` and ``_get_floats`` are pinned in :data:`PRIVATE_MEMBERS`)
    on those data, with the default scoring and no acceleration, after the checks of
    ``ParsedTrf.validate_contents`` that such an event can fail (results of one game that do
    not go together, both players with the same colour).

    Returns None, and the caller goes through the text, whenever py4swiss would read
    something this does not: accelerations (the only other lines the adapter passes on),
    an entry whose colour or code py4swiss's scoring does not know (a forfeit without
    colour), more entries than rounds, numbers wider than the TRF's four columns, or
    anything ``validate_contents`` refuses (py4swiss then refuses it, with its own
    message).  Fields pairing does not read (names, ratings,
    federations, FIDE ids, birth dates) are not looked at.
    """
    if event.other_lines:
        return None
    rounds = event.rounds_planned
    numbers = {p.number for p in event.players}
    histories: dict[int, tuple] = {}
    for p in event.players:
        results = p.results
        if len(results) > rounds or not 0 < p.number <= 9999:
            return None
        for r in results:
            if r.opponent is None:
                if r.colour != "-" or r.code not in _BYES:
                    return None
            elif r.colour not in ("w", "b") or r.code not in _GAME_CODES:
                return None
            elif r.opponent not in numbers:
                return None
        histories[p.number] = results
    for results in histories.values():  # ParsedTrf._validate_results
        for i, r in enumerate(results):
            if r.opponent is None:
                continue
            other = histories[r.opponent]
            if len(other) <= i:
                return None
            back = other[i]
            if (r.code, back.code) not in _COMPATIBLE or r.colour == back.colour:
                return None

    # get_player_infos_from_trf from here on.
    points_lists: dict[int, list[int]] = {}
    for number, results in histories.items():
        points, total = [0], 0
        for r in results:
            total += points_times_ten[r.code]
            points.append(total)
        points_lists[number] = points
    round_number = min(len(results) for results in histories.values())
    max_score = 10 * round_number  # the default scoring's highest points for a result
    last_round = round_number == rounds - 1
    players = []
    for p in event.players:
        results = histories[p.number]
        if len(results) != round_number:
            continue
        played = [r for r in results if r.code in _PLAYED]
        preference, difference, double = _colour_preference([r.colour for r in played])
        total = points_lists[p.number][-1]
        codes = {r.code for r in results}
        player = _object_new(PlainPlayer)
        player.id = player.number = p.number
        player.points = player.points_with_acceleration = total
        player.color_preference = preference
        player.color_difference = difference
        player.color_double = double
        player.float_1 = _float(p.number, results, round_number - 1, points_lists)
        player.float_2 = _float(p.number, results, round_number - 2, points_lists)
        player.opponents = {r.opponent for r in played}
        player.colors = [r.colour == "w" for r in played]
        player.bye_received = "U" in codes or "+" in codes
        player.top_scorer = last_round and total > max_score / 2
        player.role = _DEFAULT_ROLE
        players.append(player)
    return players


_DEFAULT_ROLE = Player.model_fields["role"].default

_object_new, _object_setattr = object.__new__, object.__setattr__


class PlainPlayer:
    """A py4swiss ``Player`` as a plain object: the same fields (slots), the same order,
    equality and hash (``Player.__lt__``, ``__le__``, ``__eq__``, ``__hash__``, 0.3.1,
    pinned in :data:`PRIVATE_MEMBERS`, and the ``__gt__``/``__ge__`` that ``total_ordering``
    derives from them), for the round's pairing to read and change.

    Reading a pydantic model's attribute goes through its ``__getattr__`` hook, which keeps
    Python from specialising the read (about twenty times the cost of reading a slot), and
    setting one goes through pydantic's ``__setattr__``: a round of 50 players reads its
    players' attributes some 7,000 times in py4swiss's pairing steps and ours.  py4swiss's
    bracket code reads players by their attributes only, so it is given these
    (:func:`plain_players`; the brackets made without validating them,
    :class:`PlainBrackets`).
    """

    __slots__ = tuple(Player.model_fields)

    def __lt__(self, other: PlainPlayer) -> bool:
        return (self.points_with_acceleration, -self.number) < (
            other.points_with_acceleration,
            -other.number,
        )

    def __le__(self, other: PlainPlayer) -> bool:
        return self == other or self < other

    def __gt__(self, other: PlainPlayer) -> bool:  # functools.total_ordering's, from __lt__
        return not self < other and self != other

    def __ge__(self, other: PlainPlayer) -> bool:  # functools.total_ordering's, from __lt__
        return not self < other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlainPlayer):
            return NotImplemented
        return self.id == other.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"PlainPlayer(id={self.id}, number={self.number})"


def plain_players(players: list[Player]) -> list[PlainPlayer]:
    """The players (py4swiss's, however made) as :class:`PlainPlayer`: every field copied
    (the same objects: nothing in the pairing changes a player's set of opponents or list
    of colours) but the colour preference, a pydantic model too, copied as a plain
    :class:`_Preference` (one per preference: nothing changes them)."""
    names = PlainPlayer.__slots__
    plain = []
    for player in players:
        copy = _object_new(PlainPlayer)
        values = player.__dict__
        for name in names:
            _object_setattr(copy, name, values[name])
        preference = values["color_preference"]
        copy.color_preference = _plain_preference(preference.side, preference.strength)
        plain.append(copy)
    return plain


def _colour_preference(colours: list[str]) -> tuple[_Preference, int, bool]:
    """py4swiss's ``_get_color_preference`` from the colours of the games played (the
    preference as a plain :class:`_Preference`)."""
    difference = colours.count("w") - colours.count("b")
    double = len(colours) > 1 and len(set(colours[-2:])) == 1
    if difference > 0:
        side = ColorPreferenceSide.BLACK
    elif difference < 0:
        side = ColorPreferenceSide.WHITE
    elif colours:
        side = ColorPreferenceSide.WHITE if colours[-1] == "b" else ColorPreferenceSide.BLACK
    else:
        side = ColorPreferenceSide.NONE
    if abs(difference) > 1 or double:
        strength = ColorPreferenceStrength.ABSOLUTE
    elif abs(difference) == 1:
        strength = ColorPreferenceStrength.STRONG
    elif side != ColorPreferenceSide.NONE:
        strength = ColorPreferenceStrength.MILD
    else:
        strength = ColorPreferenceStrength.NONE
    return _plain_preference(side, strength), difference, double


def _plain_preference(side, strength) -> _Preference:
    """The plain :class:`_Preference` of that side and strength: one object per
    preference, as nothing changes them."""
    preference = _PREFERENCES.get((side, strength))
    if preference is None:
        preference = _PREFERENCES[side, strength] = _Preference(
            ColorPreference(side=side, strength=strength)
        )
    return preference


_PREFERENCES: dict[tuple, _Preference] = {}


def _float(number: int, results, round_index: int, points_lists) -> Float:
    """py4swiss's ``_get_floats``: the float of a player in the round of that index."""
    if round_index < 0:
        return Float.NONE
    result = results[round_index]
    if result.code not in _PLAYED:
        return Float.DOWN
    mine = points_lists[number][round_index]
    theirs = points_lists[result.opponent][round_index]
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def forbidden_pairs(trf: ParsedTrf) -> set[tuple[int, int]]:
    """The XXP pairs py4swiss read (public ``x_section.forbidden_pairs``)."""
    return trf.x_section.forbidden_pairs


def first_round_white(trf: ParsedTrf) -> bool:
    """Whether player 1 had white in round 1 (public ``x_section.configuration``)."""
    return trf.x_section.configuration.first_round_color


# --------------------------------------------------------------------------- the brackets


class PlainBrackets(Brackets):
    """py4swiss's ``Brackets`` (A.3, of players sorted in A.2 order) whose brackets are
    made without pydantic's validation (:meth:`get_current_bracket`), so that they can hold
    :class:`PlainPlayer` s."""

    def get_current_bracket(self) -> Bracket:
        """``Brackets.get_current_bracket`` and ``Bracket.from_data`` (0.3.1, pinned in
        :data:`PRIVATE_MEMBERS`) with the Bracket made as pydantic's ``model_construct``
        makes it (every field given, no validation); the score difference bits are
        py4swiss's ``Bracket._get_score_difference_bits``."""
        mdp_list, resident_list = self._mdp_list, self._get_resident_list()
        lower_list, round_number = self._get_lower_list(), self._round_number
        score_difference_total_bits, score_difference_bit_dict = (
            Bracket._get_score_difference_bits(mdp_list, resident_list)
        )
        return _construct(
            Bracket,
            mdp_list=mdp_list,
            resident_list=resident_list,
            lower_list=lower_list,
            one_round_played=round_number > 1,
            two_rounds_played=round_number > 1 + 1,
            penultimate_pairing_bracket=self._collapsed,
            last_pairing_bracket=not bool(lower_list),
            min_bracket_score=resident_list[-1].points_with_acceleration,
            bracket_bits=len(resident_list).bit_length(),
            low_bracket_bits=len(lower_list).bit_length(),
            score_difference_total_bits=score_difference_total_bits,
            score_difference_bit_dict=score_difference_bit_dict,
        )


def _construct(model, **fields):
    """``model.model_construct(**fields)`` for every field of a model without defaults
    left out, extra fields or private attributes, without its per-field Python loop."""
    instance = _object_new(model)
    _object_setattr(instance, "__dict__", fields)
    _object_setattr(instance, "__pydantic_fields_set__", set(fields))
    _object_setattr(instance, "__pydantic_extra__", None)
    _object_setattr(instance, "__pydantic_private__", None)
    return instance



class RoundValidity:
    """py4swiss's ValidityMatcher (is the round still completable?) in Python, which also
    answers whether a bracket's whole matching, look-ahead pairs included, can be
    completed (:meth:`completes`).

    The question is whether a graph has a perfect matching: one vertex per player to pair
    (and one for the PAB when they are odd in number, joined to every player C.2 allows it),
    an edge between two players whom the absolute criteria allow to meet (C.1 no rematch,
    C.3, the forbidden pairs; :meth:`is_allowed_pair`), the players paired so far
    (:meth:`finalize_match`) taken out.  py4swiss answers it with its C++ weighted matching
    on a graph of every pair, set up edge by edge and solved from nothing; here it is
    answered by :func:`_extend_to_perfect` (Edmonds' blossom algorithm, exact) starting from
    the matching found the last time, which pairing a bracket changes only around the
    pairs fixed, so that a question usually costs a few steps.  The answers are py4swiss's
    (``tests/pairing/test_py4swiss_seam.py`` puts random graphs to both).
    """

    def __init__(self, players: list[Player], forbidden_pairs) -> None:
        self.forbidden_with: dict[int, set[int]] = defaultdict(set)
        for a, b in forbidden_pairs:
            self.forbidden_with[a].add(b)
            self.forbidden_with[b].add(a)
        self._players = players
        n = len(players)
        self._len = n + n % 2
        self._number = {p.id: i for i, p in enumerate(players)}
        # Each vertex's allowed partners: is_allowed_pair for every pair, its parts read once
        # per player: C.1 (opponents), the forbidden pairs, and C.3 through _absolute_side
        # (C.3 forbids a pair exactly when both players have the same side there).
        allowed: list[list[int]] = [[] for _ in range(self._len)]
        ids = [p.id for p in players]
        sides = [_absolute_side(p) for p in players]
        for i in range(n):
            blocked, side, row = self._blocked(players[i]), sides[i], allowed[i]
            partners = [
                j
                for j in range(i + 1, n)
                if ids[j] not in blocked and (side is None or sides[j] != side)
            ]
            for j in partners:
                allowed[j].append(i)
            row.extend(partners)
        if n % 2:
            for i, player in enumerate(players):
                if not player.bye_received:  # C.2, as py4swiss's C2.evaluate
                    allowed[i].append(n)
                    allowed[n].append(i)
        self._allowed = allowed
        #: Vertices not yet paired (False once finalize_match has paired them).
        self._active = [True] * self._len
        #: A matching (partner or -1) of the active vertices along allowed edges, kept
        #: from one question to the next; finalized vertices are matched to each other.
        self._mate = [-1] * self._len

    def _blocked(self, player: Player) -> set[int] | frozenset[int]:
        """The ids of the players ``player`` may not meet whatever the colours: his
        opponents (C.1) and his forbidden partners."""
        apart = self.forbidden_with.get(player.id)
        return player.opponents | apart if apart else player.opponents

    def is_allowed_pair(self, player_1: Player, player_2: Player) -> bool:
        if player_1.id in player_2.opponents:  # C.1, as py4swiss's C1.evaluate
            return False
        apart = self.forbidden_with.get(player_1.id)
        if apart and player_2.id in apart:
            return False
        return _colours_allowed(player_1, player_2)

    def finalize_match(self, player_1: Player, player_2: Player) -> None:
        """The two players are paired: both leave the graph (py4swiss's leaves them in,
        joined to each other alone, which asks the same question)."""
        i, j = self._number[player_1.id], self._number[player_2.id]
        mate, active = self._mate, self._active
        if mate[i] != j:
            for k in (mate[i], mate[j]):
                if k != -1:
                    mate[k] = -1
            mate[i], mate[j] = j, i
        active[i] = active[j] = False

    def is_valid_matching(self) -> bool:
        """Whether the players not yet paired (and the PAB) can all be paired."""
        return _extend_to_perfect(self._allowed, self._mate, self._active, None)

    def completes(self, matching: Mapping[Player, Player]) -> bool:
        """Whether the round can be completed with the pairs of ``matching`` (a bracket
        matcher's: each of its players mapped to his partner, or to himself when
        unmatched), its unmatched players paired only with players outside it or given the
        PAB.  The matcher's own state is left as it is: the question is put to the graph
        of the players that ``matching`` leaves unpaired and those outside it (with the
        bye vertex), starting from the round's last matching where it still applies."""
        number, active = self._number, self._active
        local = active[:]
        free = [False] * self._len
        for p, partner in matching.items():
            k = number[p.id]
            local[k] = False
            if partner.id == p.id:
                free[k] = local[k] = True
        mate = [-1] * self._len
        for k, m in enumerate(self._mate):
            if m != -1 and local[k] and local[m] and not (free[k] and free[m]):
                mate[k] = m
        return _extend_to_perfect(self._allowed, mate, local, free)


def _extend_to_perfect(allowed, mate, active, apart) -> bool:
    """Whether the graph of the ``active`` vertices, with the edges of ``allowed``
    (symmetric adjacency lists) but none between two vertices of ``apart`` (or None), has a
    perfect matching.  ``mate`` (a vertex's partner, or -1) holds a matching of that graph
    to start from; it is extended in place, each free vertex matched greedily where it
    can be and otherwise by an augmenting path (Edmonds), and is a perfect matching when
    the answer is True.  A free vertex without an augmenting path stays free in every
    maximum matching (Berge), so the answer is then False."""
    order = [v for v, on in enumerate(active) if on and mate[v] == -1]
    for v in order:
        if mate[v] != -1:
            continue
        for u in allowed[v]:
            if active[u] and mate[u] == -1 and u != v and not (apart and apart[v] and apart[u]):
                mate[v], mate[u] = u, v
                break
    for v in order:
        if mate[v] == -1 and not _augment(v, allowed, mate, active, apart):
            return False
    return True


def _augment(root: int, allowed, mate: list[int], active, apart) -> bool:
    """Edmonds' blossom algorithm, one search: an augmenting path from the free vertex
    ``root`` in the graph of :func:`_extend_to_perfect`, applied to ``mate`` if found."""
    n = len(mate)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = [root]

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, top: int, child: int, blossom: list[bool]) -> None:
        while base[v] != top:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in allowed[v]:
            if not active[to] or base[v] == base[to] or mate[v] == to:
                continue
            if apart and apart[v] and apart[to]:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                top = common_base(v, to)
                blossom = [False] * n
                mark_path(v, top, to, blossom)
                mark_path(to, top, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = top
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:  # flip the path back to the root
                        previous = parent[to]
                        next_to = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = next_to
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False


def _colours_allowed(player_1: Player, player_2: Player) -> bool:
    """C.3 as py4swiss's ``C3.evaluate``: non-topscorers with the same absolute colour
    preference do not meet."""
    preference_1, preference_2 = player_1.color_preference, player_2.color_preference
    return (
        player_1.top_scorer
        or player_2.top_scorer
        or preference_1.side != preference_2.side
        or preference_1.strength != ABSOLUTE
        or preference_2.strength != ABSOLUTE
    )


def _absolute_side(player: Player):
    """The colour side of a non-topscorer with an absolute colour preference, else None:
    :func:`_colours_allowed` is false exactly for two players with the same such side."""
    preference = player.color_preference
    if player.top_scorer or preference.strength != ABSOLUTE:
        return None
    return preference.side


class _Preference:
    """A player's colour preference (py4swiss's ``ColorPreference``, a pydantic model) as a
    plain object: its ``side`` and ``strength``, all that py4swiss's criteria and ours read
    of it."""

    __slots__ = ("side", "strength")

    def __init__(self, preference: ColorPreference) -> None:
        self.side, self.strength = preference.side, preference.strength


class _BracketView:
    """What :func:`_quality_values` and the criteria's ``int_weight`` read of a bracket,
    copied once per matcher: reading a pydantic model's attribute goes through its
    ``__getattr__`` hook (see :class:`PlainPlayer`)."""

    __slots__ = (
        "score_difference_bit_dict",
        "min_bracket_score",
        "penultimate_pairing_bracket",
        "last_pairing_bracket",
        "score_difference_total_bits",
        "one_round_played",
        "two_rounds_played",
        "bracket_bits",
    )

    def __init__(self, bracket: Bracket) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(bracket, name))


def _weight_key(player: Player, keyed: list, colours: bool, byes: bool) -> tuple:
    """Everything about a player that py4swiss's quality criteria (C.5-C.19), its bye
    weights and C.3 read in a bracket: two pairs of players with equal keys (and no rematch
    or forbidden pair between them) weigh the same there.

    The colour difference and whether the last two colours were the same are read only
    with a topscorer in the pair (C.8, C.9; C.3 reads the strength they make), so they are
    left out when the bracket has no topscorer (``colours`` false); whether a player had a
    bye is read only by the bye weights of the PPB and the last bracket (``byes``).
    Criteria of our own that read more say so with a ``player_key(player)`` method
    (``keyed``: those criteria).

    A player of the following bracket (``LOWER``) is paired in the graph only with a
    player ranked above him or with another of that bracket; such a pair's criteria read
    nothing of him but his role (:func:`_quality_values` returns early, C.7 reading the
    higher player's score; our C.9 gives 0), so his key is his role, what C.3 reads
    (:func:`_absolute_side`), the bye and the keys of our own criteria."""
    if player.role == LOWER:
        return (
            LOWER,
            _absolute_side(player),
            player.bye_received if byes else None,
            *(c.player_key(player) for c in keyed),
        )
    preference = player.color_preference
    return (
        player.role,
        player.points_with_acceleration,
        preference.side,
        preference.strength,
        player.top_scorer,
        player.float_1,
        player.float_2,
        (player.color_difference, player.color_double) if colours else None,
        player.bye_received if byes else None,
        *(c.player_key(player) for c in keyed),
    )


# --------------------------------------------------------------------------- quality criteria
#
# py4swiss's quality criteria C.5-C.19 (0.3.1) build each pair's weight as a DynamicUint, a
# dozen C++ calls a criterion; the same arithmetic on Python ints, all criteria in one
# function, is several times faster.  Each part of _quality_values is the ``get_weight``
# classmethod of the criterion it is named for, with ``DynamicUint(zero)`` read as 0,
# ``zero | x`` as ``x`` and ``|=`` on 0 as ``=``; a value may be negative where py4swiss's
# subtracts from zero, which is the same number modulo the matcher's width
# (:meth:`_Matcher._weight` reduces the sum once); a value of 0 or 1 is left a bool (an int:
# True is 1), as ``int()`` is a call that costs more than the rest of a criterion's
# arithmetic.  PRIVATE_MEMBERS pins each
# ``get_weight`` copied; ``tests/pairing/test_py4swiss_seam.py`` compares every value with
# py4swiss's criterion on the golden events' brackets.


def _quality_values(player_1: Player, player_2: Player, bracket: Bracket) -> tuple[int, ...]:
    """The weights C.5, C.6, ... C.19 (py4swiss's ``QUALITY_CRITERIA``, in its order) give
    the pair, ``player_1`` ranked above ``player_2`` in the matcher's graph."""
    points_1, points_2 = player_1.points_with_acceleration, player_2.points_with_acceleration
    bits, base = bracket.score_difference_bit_dict, bracket.min_bracket_score - 10
    lower_1, lower_2 = player_1.role == LOWER, player_2.role == LOWER
    # C.7 (the only criterion that weighs a pair with a player of the following bracket)
    c7 = 0
    if not (bracket.penultimate_pairing_bracket or bracket.last_pairing_bracket):
        c7 = lower_2 << bracket.score_difference_total_bits
        if not lower_1:
            c7 += 1 << bits[points_1 - base]
        if not lower_2:
            c7 += 1 << bits[points_2 - base]
    if lower_2:
        return (0, 0, c7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    more = points_1 > points_2
    difference_1, difference_2 = points_1 - base, points_2 - base
    below = 1 << bits.get(points_1 - points_2, 0)
    # C.5, C.6
    c6 = (1 << bits[difference_1]) + (1 << bits[difference_2]) - below
    # C.8, C.9, C.10, C.11
    preference_1, preference_2 = player_1.color_preference, player_2.color_preference
    same_side = preference_1.side == preference_2.side
    topscorer = player_1.top_scorer or player_2.top_scorer
    at_least_2 = abs(player_1.color_difference) > 1 and abs(player_2.color_difference) > 1
    c8 = not (topscorer and at_least_2 and same_side)
    double = player_1.color_double and player_2.color_double
    c9 = not (topscorer and double and same_side)
    conflict = same_side and preference_1.side is not _NO_SIDE  # ColorPreferenceSide.conflicts
    strong = preference_1.strength >= _STRONG and preference_2.strength >= _STRONG
    c10, c11 = not conflict, not (strong and conflict)
    # C.12, C.14, C.16, C.17 (floats of the last round; C.14's of the one before)
    c12 = c14 = c16 = c17 = 0
    down_11, down_21 = player_1.float_1 == _DOWN, player_2.float_1 == _DOWN
    down_12, down_22 = player_1.float_2 == _DOWN, player_2.float_2 == _DOWN
    if bracket.one_round_played:
        c12 = (down_11 and not more) + down_21
        c14 = (down_12 and not more) + down_22
        c16 = (down_11 << bits[difference_1]) + (down_21 << bits[difference_2])
        if down_11 and more:
            c16 -= below
        c17 = -((player_2.float_1 == _UP and more) << bits[difference_1])
    # C.13, C.15, C.18, C.19 (upfloats of the last round, floats of the one before)
    c13 = c15 = c18 = c19 = 0
    if bracket.two_rounds_played:
        c13 = not (player_2.float_1 == _UP and more)
        c15 = not (player_2.float_2 == _UP and more)
        c18 = (down_12 << bits[difference_1]) + (down_22 << bits[difference_2])
        if down_12 and more:
            c18 -= below
        c19 = -((player_2.float_2 == _UP and more) << bits[difference_1])
    return (1, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19)


_NO_SIDE = ColorPreferenceSide.NONE
_STRONG = ColorPreferenceStrength.STRONG
_DOWN, _UP = Float.DOWN, Float.UP

#: Where each of py4swiss's quality criteria is in :func:`_quality_values`.
QUALITY_INDEX = {criterion: i for i, criterion in enumerate(QUALITY_CRITERIA)}


class _Matcher(BracketMatcher):
    """py4swiss's bracket matcher weighing the quality criteria it is given, optionally
    with the whole rest of the round in its graph, its weights kept as Python ints.

    ``__init__`` is ``BracketMatcher.__init__`` (0.3.1, hash in :data:`PRIVATE_MEMBERS`)
    with the vertices of ``rest`` added after the bracket's own; it sets the attributes the
    matcher's other methods read.  ``_get_max_weight`` and :meth:`_weight` are py4swiss
    0.3.1's ``_get_max_weight`` and ``_get_weight`` with the module-level
    ``QUALITY_CRITERIA`` replaced by the matcher's own tuple and, with ``rest``, one more
    part above every criterion for completing the round.

    **Weights as ints.**  py4swiss keeps every edge's weight as a DynamicUint (a C++
    unsigned integer of a fixed width, a multiple of 32 bits, every operation modulo
    2**width) and changes it with DynamicUint operations.  Here ``_weights`` holds the same
    numbers as Python ints, reduced modulo 2**width (:attr:`_mask`) after each change, so
    they are the numbers py4swiss's would be; the computer (py4swiss's C++ matching) still
    gets DynamicUints, made once per distinct number (:meth:`_dynamic`).  The methods that
    change weights (``_set_weight``, ``_remove_weight``, ``add_to_weight(s)``,
    ``remove_weight(s)``, ``finalize_match``) are py4swiss's on ints and make the same
    ``set_edge_weight`` calls in the same order (the computer marks the first vertex of
    each for its next matching); ``update_matching`` is py4swiss's.

    ``_set_up_computer`` gives every pair the weight py4swiss's gives it, computed once for
    each pair of :func:`_weight_key` values instead of once for each pair of players
    (py4swiss builds each of the n² weights from 15 criteria).

    With ``rest`` (players not yet paired below the following bracket, and a vertex for
    the PAB when the players left are odd in number), every allowed pair weighs one more on
    the part above all criteria, so each matching the pairer computes first pairs
    everybody left (C.4, completion of the round), then weighs the bracket's criteria.  A
    pair with a player of ``rest`` or with the PAB weighs nothing else: for the bracket
    its player is a downfloater not paired in the following bracket, as when py4swiss
    leaves him unmatched.
    """

    def __init__(self, bracket, validity_matcher, criteria: tuple, rest=None) -> None:
        self._criteria = criteria
        self._bracket = bracket
        self._validity_matcher = validity_matcher
        self._player_list = bracket.mdp_list + bracket.resident_list + bracket.lower_list
        self._rest = list(rest or ())
        self._completion = rest is not None
        if self._completion:
            for player in self._rest:
                player.role = LOWER
            if (len(self._player_list) + len(self._rest)) % 2:
                self._rest.append(_pab_vertex())
        vertices = self._player_list + self._rest
        self._vertices = vertices
        self._len = len(vertices)
        self._max_weight = self._get_max_weight()
        self._zero_weight = self._max_weight & 0
        ones = DynamicUint(self._zero_weight)
        ones -= self._zero_weight | 1
        width = len(ones.to_binary())
        self._mask = (1 << width) - 1
        self._max = _unsigned(self._max_weight)
        self._dynamics: dict[int, DynamicUint] = {0: self._zero_weight}
        self._smalls: dict[int, DynamicUint] = {}  # value -> zero | abs(value)
        self._completion_weight = 1 << self._completion_shift
        self._index_dict_reverse = dict(enumerate(vertices))
        self._index_dict = {player: i for i, player in enumerate(vertices)}
        # The same by player id (an int's hash is C code; a Player's is Python).
        self._index = {player.id: i for i, player in enumerate(vertices)}
        self._computer = ComputerDutchOptimality(self._len, self._max_weight)
        self._weights = [[0] * self._len for _ in range(self._len)]
        self.matching = {}
        self._set_up_computer()
        self.update_matching()

    def _get_max_weight(self) -> DynamicUint:
        # Each criterion's shift, asked once per matcher (also read by _parts).
        self._shifts = [criterion.get_shift(self._bracket) for criterion in self._criteria]
        # py4swiss grows 1 by each shift in turn; growing it once by their sum gives the
        # same number of the same width (one call into C++ instead of twenty).
        shift = 2 + sum(self._shifts) + 3 * self._bracket.bracket_bits
        self._completion_shift = 0
        if self._completion:
            # The criteria summed over a matching stay below the part for completion.
            self._completion_shift = shift + 1 + self._len.bit_length()
            shift += self._len.bit_length() + 1
        weight = DynamicUint(1)
        weight.shift_grow(shift + 2)
        weight >>= 1
        weight -= (weight & 0) | 1
        return weight

    def _dynamic(self, weight: int) -> DynamicUint:
        """The DynamicUint of the matcher's width holding ``weight`` (0 <= weight <= mask),
        once per value: its low 32 bits or-ed into the DynamicUint of the rest, which is
        that of ``weight >> 32`` shifted (DynamicUint takes ints of up to 32 bits); each
        made once, as weights share their upper parts.  The computer copies what it is
        given; nothing changes these objects."""
        dynamic = self._dynamics.get(weight)
        if dynamic is None:
            low = weight & 0xFFFFFFFF
            if weight == low:
                dynamic = self._zero_weight | low
            elif low:
                dynamic = self._dynamic(weight - low) | low
            else:
                dynamic = self._dynamic(weight >> 32) << 32
            self._dynamics[weight] = dynamic
        return dynamic

    def _weight(self, player_1: Player, player_2: Player, parts, bracket: _BracketView) -> int:
        """py4swiss's ``_get_weight`` on ints for a pair the absolute criteria allow (the
        players as :class:`PlainPlayer` s, the bracket as :class:`_BracketView` copies it);
        ``parts`` say, for each criterion, where its value is (its index in
        :func:`_quality_values`, or its ``int_weight``) and where it goes in the weight.

        py4swiss shifts the weight left by each criterion's shift and adds the criterion's
        value, then shifts by ``3 * bracket_bits + 1``: the same number as the sum of each
        value shifted by the shifts that follow it (:meth:`_parts`), values of 0 left out."""
        weight = self._completion_weight if self._completion else 0
        if self._byes:
            weight += (1 + player_1.bye_received + player_2.bye_received) << self._bye_offset
        quality, own = parts
        values = _quality_values(player_1, player_2, bracket)
        for index, offset in quality:
            value = values[index]
            if value:
                weight += value << offset
        for int_weight, offset in own:
            value = int_weight(player_1, player_2, bracket)
            if value:
                weight += value << offset
        return weight & self._mask

    def _parts(self) -> tuple[list[tuple], list[tuple]]:
        """Where each criterion's value goes in the weight: for py4swiss's criteria, their
        place in :func:`_quality_values` and the offset of their value; for ours, their
        ``int_weight`` and that offset.  Sets the offset of the bye part
        (``_bye_offset``) above them all."""
        bracket = self._bracket
        offset = 3 * bracket.bracket_bits + 1
        quality, own = [], []
        for criterion, shift in zip(reversed(self._criteria), reversed(self._shifts), strict=True):
            if criterion in QUALITY_INDEX:
                quality.append((QUALITY_INDEX[criterion], offset))
            else:
                own.append((criterion.int_weight, offset))
            offset += shift
        self._bye_offset = offset
        self._byes = bracket.penultimate_pairing_bracket or bracket.last_pairing_bracket
        return quality, own

    def _set_up_computer(self) -> None:
        computer, weights, players = self._computer, self._weights, self._player_list
        for _ in range(self._len):
            computer.add_vertex()
        parts = self._parts()
        bracket = _BracketView(self._bracket)
        # Each player's kind (an index into the kinds met in this bracket) and, per pair of
        # kinds, the weight and its DynamicUint, or None where C.3 forbids the pair.
        keyed = [c for c in self._criteria if c not in QUALITY_INDEX and hasattr(c, "player_key")]
        colours = any(p.top_scorer for p in players)
        byes = bracket.penultimate_pairing_bracket or bracket.last_pairing_bracket
        kinds: dict[tuple, int] = {}
        kind = [kinds.setdefault(_weight_key(p, keyed, colours, byes), len(kinds)) for p in players]
        missing = object()
        table = [[missing] * len(kinds) for _ in kinds]
        ids = [p.id for p in players]
        blocked, n = self._validity_matcher._blocked, len(players)
        set_edge_weight = computer.set_edge_weight
        for i in range(n):
            apart, row, known = blocked(self._player_list[i]), weights[i], table[kind[i]]
            for j in [j for j in range(i + 1, n) if ids[j] not in apart]:
                entry = known[kind[j]]
                if entry is missing:
                    player_1, player_2 = players[i], players[j]
                    entry = None
                    if _colours_allowed(player_1, player_2):
                        weight = self._weight(player_1, player_2, parts, bracket)
                        entry = (weight, self._dynamic(weight))
                    known[kind[j]] = entry
                if entry is not None:
                    row[j] = weights[j][i] = entry[0]
                    set_edge_weight(i, j, entry[1])
        if self._completion:
            self._set_up_rest()

    def _set_up_rest(self) -> None:
        allowed = self._validity_matcher.is_allowed_pair
        completion, vertices = self._completion_weight, self._vertices
        for j, player_2 in enumerate(self._rest, start=len(self._player_list)):
            for i in range(j):
                player_1 = vertices[i]
                if player_2.id == 0:
                    ok = not player_1.bye_received
                else:
                    ok = allowed(player_1, player_2)
                if ok:
                    self._set_weight(i, j, completion)

    # py4swiss's methods that change weights, on ints (see the class's docstring).

    def _set_weight(self, i: int, j: int, weight: int) -> None:
        self._weights[i][j] = self._weights[j][i] = weight
        self._computer.set_edge_weight(i, j, self._dynamic(weight))

    def _remove_weight(self, i: int, j: int) -> None:
        if not self._weights[i][j]:
            return
        self._weights[i][j] = self._weights[j][i] = 0
        self._computer.set_edge_weight(i, j, self._zero_weight)

    def add_to_weight(self, player_1: Player, player_2: Player, value: int) -> None:
        self.add_to_weights(player_1, [player_2], value)

    def add_to_weights(
        self, player: Player, player_list: list[Player], value: int, increment: bool = False
    ) -> None:
        # The DynamicUint of each sum is made as py4swiss makes it, adding or subtracting
        # ``zero | abs(value)`` (``abs(value)`` < 2**32, made once per value), once per
        # distinct sum.
        index, weights, dynamics, mask = self._index, self._weights, self._dynamics, self._mask
        smalls = self._smalls
        zero, set_edge_weight = self._zero_weight, self._computer.set_edge_weight
        i = index[player.id]
        row = weights[i]
        step = int(increment)
        for other in player_list:
            j = index[other.id]
            weight = row[j]
            if weight:
                total = (weight + value) & mask
                dynamic = dynamics.get(total)
                if dynamic is None:
                    small = smalls.get(value)
                    if small is None:
                        small = smalls[value] = zero | abs(value)
                    if value > 0:
                        dynamic = dynamics[weight] + small
                    else:
                        dynamic = dynamics[weight] - small
                    dynamics[total] = dynamic
                row[j] = weights[j][i] = total
                set_edge_weight(i, j, dynamic)
            value += step

    def remove_weight(self, player_1: Player, player_2: Player) -> None:
        self._remove_weight(self._index[player_1.id], self._index[player_2.id])

    def remove_weights(self, player: Player, player_list: list[Player]) -> None:
        # _remove_weight inlined, for each player of the list in turn.
        index, weights, zero = self._index, self._weights, self._zero_weight
        set_edge_weight = self._computer.set_edge_weight
        i = index[player.id]
        row = weights[i]
        for other in player_list:
            j = index[other.id]
            if row[j]:
                row[j] = weights[j][i] = 0
                set_edge_weight(i, j, zero)

    def update_matching(self) -> None:
        self._computer.compute_matching()
        self.matching = _Matching(self._vertices, self._computer.get_matching(), self._index)

    def finalize_match(self, player_1: Player, player_2: Player) -> None:
        # py4swiss's loop calls _remove_weight(i, k) and (j, k) for every k, which does
        # nothing where the weight is 0: the same calls, in the same order, for the others.
        # (_remove_weight inlined.)
        i, j = self._index[player_1.id], self._index[player_2.id]
        weights, zero = self._weights, self._zero_weight
        set_edge_weight = self._computer.set_edge_weight
        row_i, row_j = weights[i], weights[j]
        for k in range(self._len):
            if row_i[k]:
                row_i[k] = weights[k][i] = 0
                set_edge_weight(i, k, zero)
            if row_j[k]:
                row_j[k] = weights[k][j] = 0
                set_edge_weight(j, k, zero)
        self._set_weight(i, j, self._max)


class _Matching(Mapping):
    """A bracket matcher's matching as py4swiss reads it (``matching[player]``: his
    partner, himself when unmatched; ``items()``), made from the computer's list of
    partners without building a dict keyed by Players (whose hash is Python code)."""

    __slots__ = ("_index", "_partners", "_vertices")

    def __init__(self, vertices: list[Player], partners: list[int], index: dict[int, int]):
        self._vertices, self._partners, self._index = vertices, partners, index

    def __getitem__(self, player: Player) -> Player:
        return self._vertices[self._partners[self._index[player.id]]]

    def __iter__(self):
        return iter(self._vertices)

    def __len__(self) -> int:
        return len(self._vertices)

    def items(self):
        vertices = self._vertices
        return [(vertices[i], vertices[j]) for i, j in enumerate(self._partners)]


def _unsigned(weight: DynamicUint) -> int:
    """A DynamicUint's value as a Python int."""
    return int(weight.to_binary(), 2)


def _pab_vertex() -> PlainPlayer:
    """A stand-in player (id 0) for the PAB in a bracket matcher's graph: ranked below
    everybody, in the role of a player of a lower bracket (only these fields are ever
    read)."""
    pab = _object_new(PlainPlayer)
    pab.id, pab.number, pab.role = 0, 1 << 30, LOWER
    pab.points = pab.points_with_acceleration = -(1 << 30)
    return pab


class _Pairer(BracketPairer):
    """py4swiss's bracket pairer with :class:`_Matcher`.

    Its ``__init__`` is ``BracketPairer.__init__`` (0.3.1, hash in :data:`PRIVATE_MEMBERS`)
    building our matcher instead of py4swiss's, which would compute a matching for
    nothing; it sets the attributes listed in :data:`PRIVATE_ATTRIBUTES` that the pairer's
    other methods read.
    """

    def __init__(
        self, state, validity_matcher, initial_color: bool, criteria: tuple, rest=None
    ) -> None:
        self._bracket = state
        self._validity_matcher = validity_matcher
        self._initial_color = initial_color
        self._num = len(state.mdp_list + state.resident_list + state.lower_list)
        self._bracket_matcher = _Matcher(state, validity_matcher, criteria, rest)
        self._heterogeneous_s1 = []
        self._heterogeneous_s2 = []
        self._homogeneous_s1 = []
        self._homogeneous_s2 = []
        self._exchanges = 0

    # Where a player stands, as py4swiss's pairer asks it, without Player's comparisons
    # (Python code, as is its hash): a player ranks above another when his (score with
    # acceleration, minus pairing number) is greater (Player.__lt__), pairing numbers being
    # distinct; a player is his own partner when unmatched.

    def _get_match_role(self, player: Player) -> PlayerRole:
        return self._bracket_matcher.matching[player].role

    def _has_resident_match(self, player: Player) -> bool:
        return self._bracket_matcher.matching[player].role == _RESIDENT

    def _in_s1(self, player: Player) -> bool:
        partner = self._bracket_matcher.matching[player]
        return _rank(player) > _rank(partner) and partner.role == _RESIDENT

    def _in_s2(self, player: Player) -> bool:
        partner = self._bracket_matcher.matching[player]
        return _rank(player) <= _rank(partner) or partner.role == LOWER


_RESIDENT = PlayerRole.RESIDENT


def _rank(player: Player) -> tuple[int, int]:
    """What Player.__lt__ compares: the higher, the higher ranked (A.2)."""
    return player.points_with_acceleration, -player.number


class Recorder:
    """Stands for the round's :class:`RoundValidity` while a bracket is paired on trial:
    answers which pairs are allowed and keeps the pairs the pairer fixes, to be passed on
    (:meth:`commit`) if the trial stands."""

    def __init__(self, validity_matcher: RoundValidity) -> None:
        self.is_allowed_pair = validity_matcher.is_allowed_pair
        self._blocked = validity_matcher._blocked
        self._validity_matcher = validity_matcher
        self.pairs: list[tuple[Player, Player]] = []

    def finalize_match(self, player_1: Player, player_2: Player) -> None:
        self.pairs.append((player_1, player_2))

    def commit(self) -> None:
        for player_1, player_2 in self.pairs:
            self._validity_matcher.finalize_match(player_1, player_2)


def bracket_pairer(
    bracket: Bracket,
    validity_matcher: RoundValidity | Recorder,
    initial_color: bool,
    criteria: tuple,
    rest: list[Player] | None = None,
) -> BracketPairer:
    """A py4swiss bracket pairer that weighs ``criteria`` (py4swiss's quality criteria, or
    objects with their ``get_shift(bracket)`` and an ``int_weight(p1, p2, bracket)``, the
    criterion's weight of a pair as an int) instead of py4swiss's ``QUALITY_CRITERIA``,
    with the players of ``rest`` (and the PAB) in its graph when given.  See
    :class:`_Matcher`, :class:`_Pairer`."""
    return _Pairer(bracket, validity_matcher, initial_color, criteria, rest)


def first_matching(pairer: BracketPairer) -> Mapping[Player, Player]:
    """The matching the pairer's matcher (its private ``_bracket_matcher``) computed when
    it was made, before any of py4swiss's pairing steps: each player of its graph mapped
    to his partner or to himself."""
    return pairer._bracket_matcher.matching


def bracket_matching(pairer: BracketPairer) -> dict[Player, Player]:
    """Run py4swiss's pairing steps on the pairer's bracket (``Engine._get_bracket_pairs``
    without its completion check; the steps are the pairer's public methods) and return
    the matcher's matching (its private ``_bracket_matcher``): each player of its graph,
    look-ahead included, mapped to his partner or to himself."""
    pairer.determine_heterogeneous_s1()
    pairer.determine_heterogeneous_s2()
    pairer.determine_homogeneous_exchanges()
    pairer.determine_moves_from_s1_to_s2()
    pairer.determine_moves_from_s2_to_s1()
    pairer.perform_homogeneous_exchanges()
    pairer.transpose_homogeneous_s2()
    return pairer._bracket_matcher.matching


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
