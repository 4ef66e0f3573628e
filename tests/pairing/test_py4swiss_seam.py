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
from tournament.pairing.engine import _engine_event
from tournament.pairing.trf import (
    POINTS_TIMES_TEN,
    TrfEvent,
    TrfPlayer,
    TrfResult,
    parse_trf,
    write_trf,
)

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
        if criterion in seam.QUALITY_INDEX:
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
                values = seam._quality_values(player_1, player_2, bracket)
                for criterion, index in seam.QUALITY_INDEX.items():
                    theirs = criterion.get_weight(player_1, player_2, zero, bracket)
                    ours = values[index] % modulus
                    assert ours == seam._unsigned(theirs), (criterion.__name__, i, j)
        checked.append(len(players))

    monkeypatch.setattr(seam._Matcher, "_set_up_computer", checking)
    for path in golden_trf_files()[::6]:
        pair_next_round(parse_trf(path.read_text(encoding="utf-8")))
    assert sum(checked) > 500


def _py4swiss_max_weight(matcher) -> str:
    """py4swiss 0.3.1's ``BracketMatcher._get_max_weight`` as it is (each shift grown in
    turn), with the matcher's criteria and completion part: its bits, width included."""
    bracket = matcher._bracket
    weight = seam.DynamicUint(1)
    weight.shift_grow(2)
    for criterion in matcher._criteria:
        weight.shift_grow(criterion.get_shift(bracket))
    weight.shift_grow(3 * bracket.bracket_bits)
    if matcher._completion:
        weight.shift_grow(matcher._len.bit_length() + 1)
    weight.shift_grow(2)
    weight >>= 1
    weight -= (weight & 0) | 1
    return weight.to_binary()


def test_the_max_weight_is_py4swisss(monkeypatch) -> None:
    """The matcher grows its maximum weight once by the sum of the shifts: the same number,
    of the same width, as py4swiss's growing it shift by shift, on every bracket matcher
    of the golden events (with and without the rest of the round)."""
    set_up = seam._Matcher._set_up_computer
    checked = []

    def checking(self) -> None:
        assert self._max_weight.to_binary() == _py4swiss_max_weight(self)
        checked.append(self._completion)
        set_up(self)

    monkeypatch.setattr(seam._Matcher, "_set_up_computer", checking)
    for path in golden_trf_files()[::3]:
        pair_next_round(parse_trf(path.read_text(encoding="utf-8")))
    assert len(checked) > 100 and any(checked) and not all(checked)


def test_the_matching_is_given_the_int_weights_at_every_step(monkeypatch) -> None:
    """Through the pairer's steps (weights added to, subtracted from, removed, pairs fixed)
    the matcher keeps ints and derives the DynamicUints it hands the C++ matching by
    DynamicUint arithmetic, as py4swiss does: before every matching they must still hold
    the same numbers, edge for edge."""
    update = seam._Matcher.update_matching
    checked = []

    def checking(self) -> None:
        for row in self._weights:
            for weight in row:
                assert seam._unsigned(self._dynamics[weight]) == weight
        checked.append(self._len)
        update(self)

    monkeypatch.setattr(seam._Matcher, "update_matching", checking)
    for path in golden_trf_files()[::5]:
        pair_next_round(parse_trf(path.read_text(encoding="utf-8")))
    assert len(checked) > 100


def test_int_weights_wrap_as_dynamicuints_do() -> None:
    """A criterion that subtracts (C.17) gives a negative int: reduced modulo the width it is
    the DynamicUint py4swiss's subtraction from zero gives."""
    matcher = _a_bracket_pairer()._bracket_matcher
    zero = matcher._zero_weight
    below_zero = seam.DynamicUint(zero)
    below_zero -= (zero | 1) << 5
    assert seam._unsigned(below_zero) == (-(1 << 5)) & matcher._mask
    assert matcher._mask.bit_length() % 32 == 0
    width = matcher._mask.bit_length()
    for weight in (1, 5 << 32, 1 << (width - 1), (1 << (width - 1)) | 7, 0xFFFFFFFF << 32):
        weight &= matcher._mask
        assert seam._unsigned(matcher._dynamic(weight)) == weight, hex(weight)
    assert seam._unsigned(matcher._dynamic(matcher._mask)) == matcher._mask


def _both_readings(event: TrfEvent):
    """The players built from the data, and py4swiss's from the text, of one event as the
    adapter hands it to py4swiss."""
    engine_event = _engine_event(event)
    ours = seam.player_infos_from_event(engine_event, POINTS_TIMES_TEN)
    theirs = seam.player_infos(seam.parse_trf_text(write_trf(engine_event)))
    return ours, theirs


def _dumps(players) -> list[dict]:
    """Every field of each player (py4swiss's, or a PlainPlayer), with its type; the colour
    preference as its side and strength (a pydantic model in py4swiss's players, a plain
    object in ours)."""
    dumps = []
    for p in players:
        fields = {}
        for name in seam.Player.model_fields:
            value = getattr(p, name)
            if name == "color_preference":
                value = (value.side, type(value.side), value.strength, type(value.strength))
            fields[name] = (value, type(value))
        dumps.append(fields)
    return dumps


@pytest.mark.parametrize("path", golden_trf_files(), ids=lambda p: p.stem)
def test_players_from_the_data_are_py4swisss_own(path) -> None:
    """Every golden event takes the way without TRF text, and its players are, field for
    field, the ones py4swiss reads from the text."""
    ours, theirs = _both_readings(parse_trf(path.read_text(encoding="utf-8")))
    assert ours is not None, "a golden event went through the TRF text"
    assert _dumps(ours) == _dumps(theirs)


def test_players_from_the_data_are_plain_players_pydantic_would_accept() -> None:
    """player_infos_from_event makes PlainPlayers, every slot set: each must hold what
    py4swiss's ``Player`` validated from the same fields holds, value for value and type
    for type, and the round pairs them as it pairs py4swiss's own (plain_players of them)."""
    events = [parse_trf(path.read_text(encoding="utf-8")) for path in golden_trf_files()[::10]]
    checked = 0
    for event in [*events, _every_code()]:
        engine_event = _engine_event(event)
        ours = seam.player_infos_from_event(engine_event, POINTS_TIMES_TEN)
        for player in ours:
            assert type(player) is seam.PlainPlayer
            given = {name: getattr(player, name) for name in seam.PlainPlayer.__slots__}
            preference = given["color_preference"]
            given["color_preference"] = seam.ColorPreference(
                side=preference.side, strength=preference.strength
            )
            validated = seam.Player(**given)
            assert _dumps([player]) == _dumps([validated])
            checked += 1
        theirs = seam.plain_players(seam.player_infos(seam.parse_trf_text(write_trf(engine_event))))
        assert _dumps(ours) == _dumps(theirs)
    assert checked > 100


def _every_code() -> TrfEvent:
    """Round 4 of 8 players with every result code, an absence and a forbidden pair; the
    last round (XXR 4), so topscorers count."""
    r = TrfResult
    history = {
        1: (r(2, "w", "1"), r(3, "b", "="), r(None, "-", "H"), r(4, "w", "+")),
        2: (r(1, "b", "0"), r(4, "w", "W"), r(5, "b", "D"), r(None, "-", "F")),
        3: (r(4, "b", "L"), r(1, "w", "="), r(None, "-", "U"), r(5, "w", "1")),
        4: (r(3, "w", "W"), r(2, "b", "L"), r(6, "b", "0"), r(1, "b", "-")),
        5: (r(6, "w", "-"), r(7, "w", "1"), r(2, "w", "D"), r(3, "b", "0")),
        6: (r(5, "b", "-"), r(None, "-", "Z"), r(4, "w", "1"), r(7, "w", "=")),
        7: (r(8, "b", "="), r(5, "b", "0"), r(None, "-", " "), r(6, "b", "=")),
        8: (r(7, "w", "="), r(None, "-", "+"), r(None, "-", "-"), r(None, "-", "U")),
    }
    players = tuple(TrfPlayer(n, f"P{n}", 2000 - n, res) for n, res in history.items())
    return TrfEvent("codes", players, rounds_planned=5, absent=frozenset({8}),
                    forbidden=((1, 5, 6),), first_colour="black1")


@pytest.mark.parametrize("rounds_planned", [5, 9, None])
def test_players_from_the_data_read_every_result_code_as_py4swiss(rounds_planned) -> None:
    from dataclasses import replace

    ours, theirs = _both_readings(replace(_every_code(), rounds_planned=rounds_planned))
    assert ours is not None
    assert _dumps(ours) == _dumps(theirs)
    if rounds_planned == 5:
        assert any(p.top_scorer for p in ours)  # the last round: topscorers were read
    assert {p.id for p in ours} == set(range(1, 8))  # 8 is absent


def _accelerated(event: TrfEvent) -> TrfEvent:
    from dataclasses import replace

    return replace(event, other_lines=("XXA    1  1.0",))


def _forfeit_without_colour(event: TrfEvent) -> TrfEvent:
    from dataclasses import replace

    players = list(event.players)
    players[0] = replace(players[0], results=(TrfResult(4, "-", "+"),))
    players[3] = replace(players[3], results=(TrfResult(1, "w", "-"),))
    return replace(event, players=tuple(players))


@pytest.mark.parametrize("change", [_accelerated, _forfeit_without_colour])
def test_what_only_py4swiss_reads_goes_through_the_text(change) -> None:
    from tournament.pairing import PairingError

    event = change(_six_players())
    assert seam.player_infos_from_event(_engine_event(event), POINTS_TIMES_TEN) is None
    try:
        pair_next_round(event)  # paired, or refused, the TRF way
    except PairingError:
        pass


def test_an_event_py4swiss_refuses_is_refused_as_before() -> None:
    """Results of one game that do not go together: the data way steps aside and py4swiss
    refuses the event, with its own message."""
    from dataclasses import replace

    from tournament.pairing import InconsistentEvent

    event = _six_players()
    both_won = replace(event.players[3], results=(TrfResult(1, "b", "1"),))
    event = replace(event, players=(*event.players[:3], both_won, *event.players[4:]))
    assert seam.player_infos_from_event(_engine_event(event), POINTS_TIMES_TEN) is None
    with pytest.raises(InconsistentEvent, match="Incompatible result entries"):
        pair_next_round(event)
    same_colour = replace(event.players[3], results=(TrfResult(1, "w", "0"),))
    event = replace(event, players=(*event.players[:3], same_colour, *event.players[4:]))
    with pytest.raises(InconsistentEvent, match="Incompatible color entries"):
        pair_next_round(event)


def test_the_copied_result_tables_are_py4swisss() -> None:
    """What the data way knows of result codes: py4swiss's played codes, its pairs of codes
    for one game and its default points (pinned here; copied in the seam)."""
    tokens = importlib.import_module("py4swiss.trf.results.result_token")
    assert {t.value for t in tokens._PLAYED} == seam._PLAYED
    assert {(a.value, b.value) for a, b in tokens._COMPATIBLE} == seam._COMPATIBLE
    scoring = importlib.import_module("py4swiss.trf.results.scoring_point_system")
    for (code, colour), points in scoring.ScoringPointSystem().score_dict.items():
        assert POINTS_TIMES_TEN[code.value] == points, (code, colour)
    assert max(scoring.ScoringPointSystem().score_dict.values()) == 10


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


def _golden_players(every: int = 4) -> list[list]:
    """py4swiss's players of every ``every``-th golden event, as the engine pairs them
    (PlainPlayers), ranked as the engine ranks them."""
    events = []
    for path in golden_trf_files()[::every]:
        engine_event = _engine_event(parse_trf(path.read_text(encoding="utf-8")))
        players = seam.player_infos_from_event(engine_event, POINTS_TIMES_TEN)
        players.sort(reverse=True)
        events.append(players)
    return events


def _golden_py4swiss_players(every: int = 3) -> list[list]:
    """py4swiss's own players (pydantic) of every ``every``-th golden event, read from the
    text, ranked."""
    events = []
    for path in golden_trf_files()[::every]:
        engine_event = _engine_event(parse_trf(path.read_text(encoding="utf-8")))
        players = seam.player_infos(seam.parse_trf_text(write_trf(engine_event)))
        players.sort(reverse=True)
        events.append(players)
    return events


def _random_forbidden(players, rng, density: float) -> set[tuple[int, int]]:
    ids = [p.id for p in players]
    return {(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if rng.random() < density}


def test_round_validity_answers_as_py4swisss_validity_matcher() -> None:
    """RoundValidity answers "can the round still be completed?" in Python from its last
    matching; py4swiss's ValidityMatcher (its C++ matching on every pair) must give the
    same answer on the golden events' players with random forbidden pairs (sparse graphs
    too, where the answer is often no), before and after each pair is fixed."""
    import random

    rng = random.Random(31)
    answers = []
    for players in _golden_players():
        for density in (0.0, 0.5, 0.75, 0.9):
            forbidden = _random_forbidden(players, rng, density)
            ours = seam.RoundValidity(players, forbidden)
            theirs = seam.ValidityMatcher(players, forbidden)
            left = list(players)
            while True:
                answer = ours.is_valid_matching()
                assert answer == theirs.is_valid_matching(), (len(players), density)
                answers.append(answer)
                pairs = [(a, b) for i, a in enumerate(left) for b in left[i + 1 :]
                         if ours.is_allowed_pair(a, b)]
                if not pairs:
                    break
                a, b = rng.choice(pairs)
                ours.finalize_match(a, b)
                theirs.finalize_match(a, b)
                left.remove(a)
                left.remove(b)
    assert answers.count(True) > 100 and answers.count(False) > 100


def test_completes_answers_as_py4swisss_matching() -> None:
    """RoundValidity.completes(matching): the players a bracket's matching leaves unpaired
    pair only outside it, everybody else left as the round allows.  The same question put
    to py4swiss's ValidityMatcher, those unpaired players forbidden to meet each other,
    must get the same answer."""
    import random

    rng = random.Random(7)
    answers = []
    for players in _golden_players():
        for density in (0.0, 0.4, 0.7):
            forbidden = _random_forbidden(players, rng, density)
            ours = seam.RoundValidity(players, forbidden)
            ours.is_valid_matching()  # a last matching to start from, as in a round
            for _ in range(4):
                inside = rng.sample(players, rng.randint(0, len(players)))
                matching = {}
                shuffled = inside[:]
                rng.shuffle(shuffled)
                while shuffled:
                    a = shuffled.pop()
                    if shuffled and rng.random() < 0.7:
                        b = shuffled.pop()
                        matching[a], matching[b] = b, a
                    else:
                        matching[a] = a
                free = [p for p, partner in matching.items() if partner is p]
                local = free + [p for p in players if p not in matching]
                apart = set(forbidden) | {
                    (a.id, b.id) for i, a in enumerate(free) for b in free[i + 1 :]
                }
                expected = seam.ValidityMatcher(local, apart).is_valid_matching() if local else True
                answer = ours.completes(matching)
                assert answer == expected, (len(players), density, len(inside))
                answers.append(answer)
    assert answers.count(True) > 50 and answers.count(False) > 50


def test_plain_players_are_py4swisss_players() -> None:
    """The round is paired on plain copies of py4swiss's players: every field the same
    object (the colour preference: the same side and strength), and they rank, compare and
    hash as py4swiss's Player does (A.2 order; equal by id), for every pair of players of
    the golden events (a player with himself too)."""
    compared = 0
    for players in _golden_py4swiss_players():
        plain = seam.plain_players(players)
        assert [type(p) for p in plain] == [seam.PlainPlayer] * len(players)
        for ours, theirs in zip(plain, players, strict=True):
            for name in seam.Player.model_fields:
                if name == "color_preference":
                    mine, py4swiss = ours.color_preference, theirs.color_preference
                    assert (mine.side, mine.strength) == (py4swiss.side, py4swiss.strength)
                    assert type(mine.side) is type(py4swiss.side)
                    assert type(mine.strength) is type(py4swiss.strength)
                    assert not hasattr(mine, "__dict__")  # a plain object
                else:
                    assert getattr(ours, name) is getattr(theirs, name), name
        for a, a_plain in zip(players, plain, strict=True):
            for b, b_plain in zip(players, plain, strict=True):
                assert (a_plain < b_plain) == (a < b)
                assert (a_plain <= b_plain) == (a <= b)
                assert (a_plain > b_plain) == (a > b)
                assert (a_plain >= b_plain) == (a >= b)
                assert (a_plain == b_plain) == (a == b)
                assert (a_plain != b_plain) == (a != b)
                compared += 1
            assert hash(a_plain) == hash(a)
        assert sorted(plain, reverse=True) == plain  # _golden_players ranks them
    assert compared > 10_000


def _bracket_fields(bracket) -> dict:
    fields = {name: getattr(bracket, name) for name in seam.Bracket.model_fields}
    for name in ("mdp_list", "resident_list", "lower_list"):
        fields[name] = [(type(p) is seam.PlainPlayer, p.id, p.role) for p in fields[name]]
    return fields


def test_brackets_of_plain_players_are_py4swisss() -> None:
    """The brackets of plain players (made without validation) hold what py4swiss's
    Brackets make of its own players, field for field, roles included, bracket after
    bracket, as the players are paired and when the last brackets collapse."""
    import random

    rng = random.Random(5)
    made = 0
    for players in _golden_py4swiss_players():
        for collapse_at in (None, 1):
            ours = seam.PlainBrackets(seam.plain_players(players), 3)
            theirs = seam.Brackets(players, 3)
            for name in seam.PRIVATE_ATTRIBUTES["Brackets"]:
                assert hasattr(ours, name), name
            index = 0
            while not theirs.is_finished():
                assert not ours.is_finished()
                mine, py4swiss = ours.get_current_bracket(), theirs.get_current_bracket()
                expected = _bracket_fields(py4swiss)
                for name in ("mdp_list", "resident_list", "lower_list"):
                    expected[name] = [(True, *rest) for _, *rest in expected[name]]
                assert _bracket_fields(mine) == expected
                assert type(mine) is seam.Bracket and mine.model_fields_set == set(expected)
                made += 1
                if index == collapse_at and not py4swiss.last_pairing_bracket:
                    ours.collapse()
                    theirs.collapse()
                else:
                    # Pair some of the bracket's players, as a pairer would.
                    pool = py4swiss.mdp_list + py4swiss.resident_list
                    chosen = rng.sample(pool, len(pool) // 2 * 2)
                    pairs = list(zip(chosen[::2], chosen[1::2], strict=True))
                    by_id = {p.id: p for p in mine.mdp_list + mine.resident_list}
                    theirs.apply_bracket_pairings(pairs)
                    ours.apply_bracket_pairings([(by_id[a.id], by_id[b.id]) for a, b in pairs])
                index += 1
            assert ours.is_finished()
    assert made > 100
