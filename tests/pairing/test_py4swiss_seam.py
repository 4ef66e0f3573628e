"""py4swiss is reached only through tournament/pairing/py4swiss_seam.py, pinned to 0.3.1.

An upgrade of py4swiss must fail here first: the version, then every private member the
seam relies on (present, same signature, same source), then the attributes its
constructors set.  When one fails, read the new py4swiss code behind it, adapt the seam,
and update the pins.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import re
from pathlib import Path

import pytest

from tests.pairing.golden_files import golden_trf_files
from tournament.pairing import pair_next_round
from tournament.pairing import py4swiss_seam as seam
from tournament.pairing.trf import TrfEvent, TrfPlayer, TrfResult, parse_trf, write_trf

ROOT = Path(__file__).resolve().parents[2]


def _member(module: str, qualname: str):
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def test_installed_py4swiss_is_the_pinned_version() -> None:
    assert seam.INSTALLED_VERSION == seam.PINNED_VERSION == "0.3.1", (
        f"py4swiss {seam.INSTALLED_VERSION} is installed; the seam was written for "
        f"{seam.PINNED_VERSION}: check every member in PRIVATE_MEMBERS against the new code"
    )


def test_requirements_pin_the_same_version() -> None:
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8").split()
    assert f"py4swiss=={seam.PINNED_VERSION}" in pins


@pytest.mark.parametrize("member", seam.PRIVATE_MEMBERS, ids=lambda m: m.qualname)
def test_private_member_is_as_relied_on(member: seam.PrivateMember) -> None:
    obj = _member(member.module, member.qualname)
    signature = re.sub(r"\bpy4swiss(\.\w+)*\.", "", str(inspect.signature(obj)))
    assert signature == member.signature, f"{member.qualname}: signature changed"
    source = hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()
    assert source == member.source_sha256, (
        f"{member.qualname}: py4swiss's code changed; compare it with what the seam "
        "relies on (or copies) before updating the hash"
    )


def _six_players() -> TrfEvent:
    """Round 1 played (1-4, 5-2, 3-6, the top half won); round 2 to pair."""
    results = {
        1: TrfResult(4, "w", "1"),
        2: TrfResult(5, "b", "1"),
        3: TrfResult(6, "w", "1"),
        4: TrfResult(1, "b", "0"),
        5: TrfResult(2, "w", "0"),
        6: TrfResult(3, "b", "0"),
    }
    players = tuple(TrfPlayer(n, f"Player {n}", 2400 - n, (r,)) for n, r in results.items())
    return TrfEvent("seam", players, rounds_planned=5)


def _a_bracket_pairer():
    trf = seam.parse_trf_text(write_trf(_six_players()))
    players = seam.player_infos(trf)
    players.sort(reverse=True)
    validity = seam.RoundValidity(players, seam.forbidden_pairs(trf))
    bracket = seam.Brackets(players, 2).get_current_bracket()
    return seam.bracket_pairer(bracket, validity, True, seam.QUALITY_CRITERIA)


def _assigned(source: str) -> set[str]:
    return set(re.findall(r"self\.(\w+)\s*(?::[^=\n]*)?=", source))


def _private_member(qualname: str):
    (member,) = [m for m in seam.PRIVATE_MEMBERS if m.qualname == qualname]
    return _member(member.module, member.qualname)


@pytest.mark.parametrize(
    ("qualname", "ours"),
    [
        ("BracketPairer.__init__", seam._Pairer.__init__),
        ("BracketMatcher.__init__", seam._Matcher.__init__),
        ("ValidityMatcher.__init__", None),
    ],
)
def test_constructor_attributes_relied_on_exist(qualname: str, ours) -> None:
    theirs = _assigned(inspect.getsource(_private_member(qualname)))
    listed = set(seam.PRIVATE_ATTRIBUTES[qualname.split(".")[0]])
    assert listed <= theirs, f"{qualname} no longer sets {listed - theirs}"
    if ours is not None:
        # Our copy of the constructor sets every attribute py4swiss's sets.
        assert theirs <= _assigned(inspect.getsource(ours)), qualname


def test_instances_have_the_attributes_relied_on() -> None:
    pairer = _a_bracket_pairer()
    for name in seam.PRIVATE_ATTRIBUTES["BracketPairer"]:
        assert hasattr(pairer, name), name
    for name in seam.PRIVATE_ATTRIBUTES["BracketMatcher"]:
        assert hasattr(pairer._bracket_matcher, name), name
    for name in seam.PRIVATE_ATTRIBUTES["ValidityMatcher"]:
        assert hasattr(pairer._validity_matcher, name), name


def test_the_seam_pairs_a_bracket() -> None:
    pairs = seam.pair_bracket(_a_bracket_pairer())
    assert pairs is not None
    # The 1.0 bracket of round 2: 1 and 2 meet (2 has the stronger white preference), 3
    # floats down.
    assert seam.publication_order(pairs) == [(2, 1)]


def _py4swiss_weight(matcher, player_1, player_2) -> int:
    """py4swiss 0.3.1's ``BracketMatcher._get_weight`` as it is, on DynamicUints, with the
    matcher's criteria (py4swiss's own ``get_weight``; ours, whose weights are small
    non-negative ints, or-ed into a DynamicUint) and the matcher's completion part."""
    bracket, zero = matcher._bracket, matcher._zero_weight
    weight = seam.DynamicUint(zero)
    if not matcher._validity_matcher.is_allowed_pair(player_1, player_2):
        return 0
    if bracket.penultimate_pairing_bracket or bracket.last_pairing_bracket:
        weight |= 1 + player_1.bye_received + player_2.bye_received
    for criterion in matcher._criteria:
        weight <<= criterion.get_shift(bracket)
        if criterion in seam.INT_WEIGHTS:
            weight += criterion.get_weight(player_1, player_2, zero, bracket)
        else:
            weight += zero | criterion.int_weight(player_1, player_2, bracket)
    weight <<= 3 * bracket.bracket_bits + 1
    if matcher._completion:
        weight += (zero | 1) << matcher._completion_shift
    return seam._unsigned(weight)


def test_int_weights_are_the_weights_py4swiss_gives(monkeypatch) -> None:
    """The matcher computes each weight on Python ints, once per pair of player kinds: every
    edge must still weigh what py4swiss's per-pair formula gives it on DynamicUints, each
    criterion copied on ints must give what py4swiss's gives (modulo the matcher's width),
    and the DynamicUint handed to the computer must hold the int."""
    set_up = seam._Matcher._set_up_computer
    checked = []

    def checking(self) -> None:
        set_up(self)
        players, bracket, zero = self._player_list, self._bracket, self._zero_weight
        modulus = self._mask + 1
        for i, player_1 in enumerate(players):
            for j in range(i + 1, len(players)):
                player_2 = players[j]
                expected = _py4swiss_weight(self, player_1, player_2)
                assert self._weights[i][j] == expected, (player_1.id, player_2.id)
                assert self._weights[j][i] == expected
                assert seam._unsigned(self._dynamic(expected)) == expected
                for criterion, int_weight in seam.INT_WEIGHTS.items():
                    theirs = criterion.get_weight(player_1, player_2, zero, bracket)
                    ours = int_weight(player_1, player_2, bracket) % modulus
                    assert ours == seam._unsigned(theirs), (criterion.__name__, i, j)
        checked.append(len(players))

    monkeypatch.setattr(seam._Matcher, "_set_up_computer", checking)
    for path in golden_trf_files()[::6]:
        pair_next_round(parse_trf(path.read_text(encoding="utf-8")))
    assert sum(checked) > 500


def test_int_weights_wrap_as_dynamicuints_do() -> None:
    """A criterion that subtracts (C.17) gives a negative int: reduced modulo the width it is
    the DynamicUint py4swiss's subtraction from zero gives."""
    matcher = _a_bracket_pairer()._bracket_matcher
    zero = matcher._zero_weight
    below_zero = seam.DynamicUint(zero)
    below_zero -= (zero | 1) << 5
    assert seam._unsigned(below_zero) == (-(1 << 5)) & matcher._mask
    assert matcher._mask.bit_length() % 32 == 0
    assert seam._unsigned(matcher._dynamic(matcher._mask)) == matcher._mask


def test_no_other_module_imports_py4swiss() -> None:
    importer = re.compile(r"^\s*(from|import)\s+py4swiss\b", re.MULTILINE)
    seam_path = ROOT / "tournament" / "pairing" / "py4swiss_seam.py"
    offenders = []
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT)
        if relative.parts[0].startswith(".") or path == seam_path:
            continue
        if importer.search(path.read_text(encoding="utf-8", errors="replace")):
            offenders.append(str(relative))
    assert offenders == [], f"only py4swiss_seam.py may import py4swiss: {offenders}"
