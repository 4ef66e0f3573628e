"""pair_next_round, format_pairs and explain."""

from __future__ import annotations

import pytest

from tournament.pairing import (
    Board,
    InconsistentEvent,
    Pairing,
    PairingError,
    Unpairable,
    explain,
    format_explanation,
    format_pairs,
    pair_next_round,
)
from tournament.pairing.trf import TrfEvent, TrfPlayer, TrfResult, parse_trf, write_trf

R = TrfResult


def fresh(n: int, **kwargs) -> TrfEvent:
    players = tuple(TrfPlayer(i, f"Player {i}", 2400 - 10 * i) for i in range(1, n + 1))
    return TrfEvent("test", players, rounds_planned=kwargs.pop("rounds_planned", 5), **kwargs)


def with_results(results: dict[int, tuple[TrfResult, ...]], **kwargs) -> TrfEvent:
    players = tuple(TrfPlayer(i, f"Player {i}", 2400 - 10 * i, results[i]) for i in sorted(results))
    return TrfEvent("test", players, rounds_planned=kwargs.pop("rounds_planned", 5), **kwargs)


def round_one_of_six() -> TrfEvent:
    # Round 1: 1-4, 5-2, 3-6; the top half won.
    return with_results(
        {
            1: (R(4, "w", "1"),),
            2: (R(5, "b", "1"),),
            3: (R(6, "w", "1"),),
            4: (R(1, "b", "0"),),
            5: (R(2, "w", "0"),),
            6: (R(3, "b", "0"),),
        }
    )


def everyone(pairing: Pairing) -> list[int]:
    return sorted(n for b in pairing.boards for n in b if n is not None)


def test_round_one_white1() -> None:
    pairing = pair_next_round(fresh(6, first_colour="white1"))
    assert pairing.round_number == 1
    assert pairing.boards == (Board(1, 4), Board(5, 2), Board(3, 6))
    assert format_pairs(pairing) == "3\n1 4\n5 2\n3 6\n"


def test_round_one_black1_reverses_every_colour() -> None:
    white1 = pair_next_round(fresh(6, first_colour="white1"))
    black1 = pair_next_round(fresh(6, first_colour="black1"))
    assert black1.boards == tuple(Board(b, w) for w, b in white1.boards)
    assert black1.boards[0] == Board(4, 1)


def test_no_xxc_means_white1() -> None:
    assert (
        pair_next_round(fresh(6)).boards == pair_next_round(fresh(6, first_colour="white1")).boards
    )


def test_odd_number_gives_bye_to_lowest_and_format() -> None:
    pairing = pair_next_round(fresh(5))
    assert pairing.bye == 5
    assert pairing.boards[-1] == Board(5, None)
    assert format_pairs(pairing).splitlines()[-1] == "5 0"
    assert format_pairs(pairing).splitlines()[0] == "3"
    assert len(pairing.games) == 2


def test_forbidden_pair_is_respected() -> None:
    plain = pair_next_round(fresh(6))
    assert Board(1, 4) in plain.boards
    pairing = pair_next_round(fresh(6, forbidden=((1, 4),)))
    assert everyone(pairing) == [1, 2, 3, 4, 5, 6]
    for w, b in pairing.boards:
        assert {w, b} != {1, 4}


def test_forbidden_group_of_three() -> None:
    pairing = pair_next_round(fresh(6, forbidden=((1, 4, 5),)))
    for w, b in pairing.boards:
        assert not {w, b} <= {1, 4, 5}


def test_forbidden_pair_survives_the_trf_round_trip() -> None:
    event = parse_trf(write_trf(fresh(6, forbidden=((1, 4),))))
    assert all({w, b} != {1, 4} for w, b in pair_next_round(event).boards)


def test_impossible_pairing_raises_clear_error() -> None:
    with pytest.raises(Unpairable, match="cannot be paired"):
        pair_next_round(fresh(2, forbidden=((1, 2),)))


def test_rematch_is_impossible_with_two_players() -> None:
    event = with_results({1: (R(2, "w", "1"),), 2: (R(1, "b", "0"),)})
    with pytest.raises(Unpairable, match="round 2 cannot be paired"):
        pair_next_round(event)


def test_all_rounds_played() -> None:
    event = with_results({1: (R(2, "w", "1"),), 2: (R(1, "b", "0"),)}, rounds_planned=1)
    with pytest.raises(Unpairable, match="all 1 planned rounds"):
        pair_next_round(event)


def test_inconsistent_opponents_are_reported() -> None:
    event = with_results({1: (R(2, "w", "1"),), 2: (R(None, "-", "U"),), 3: (R(None, "-", "Z"),)})
    with pytest.raises(InconsistentEvent, match="does not name 1"):
        pair_next_round(event)


def test_gap_in_numbers_is_reported() -> None:
    event = TrfEvent("x", (TrfPlayer(1, "a", None), TrfPlayer(3, "c", None)))
    with pytest.raises(InconsistentEvent, match="missing \\[2\\]"):
        pair_next_round(event)


def test_absent_player_is_not_paired() -> None:
    event = round_one_of_six()
    present = pair_next_round(event)
    assert everyone(present) == [1, 2, 3, 4, 5, 6]
    assert present.bye is None

    absent = TrfEvent(event.name, event.players, event.rounds_planned, absent=frozenset({2}))
    pairing = pair_next_round(absent)
    assert pairing.round_number == 2
    assert everyone(pairing) == [1, 3, 4, 5, 6]
    assert pairing.bye is not None  # five players present
    # the same through the TRF text
    assert pair_next_round(parse_trf(write_trf(absent))) == pairing


def test_several_absent_players_even_count() -> None:
    event = round_one_of_six()
    event = TrfEvent(event.name, event.players, 5, absent=frozenset({1, 6}))
    pairing = pair_next_round(event)
    assert everyone(pairing) == [2, 3, 4, 5]
    assert pairing.bye is None


def test_pre_entered_half_point_bye_is_not_paired() -> None:
    event = round_one_of_six()
    players = list(event.players)
    players[2] = TrfPlayer(3, "Player 3", 2370, players[2].results + (R(None, "-", "H"),))
    pairing = pair_next_round(TrfEvent("t", tuple(players), 5))
    assert pairing.round_number == 2
    assert 3 not in everyone(pairing)


def test_player_with_a_bye_does_not_get_another() -> None:
    # 5 players; 5 had the bye in round 1; round 2 bye must go to someone else.
    event = with_results(
        {
            1: (R(3, "w", "1"),),
            2: (R(4, "b", "0"),),
            3: (R(1, "b", "0"),),
            4: (R(2, "w", "1"),),
            5: (R(None, "-", "U"),),
        }
    )
    pairing = pair_next_round(event)
    assert pairing.bye not in (None, 5)


def test_forfeit_win_counts_as_bye_and_forfeited_game_may_be_replayed() -> None:
    # Round 1: 1 beat 2 by forfeit (game not played).  Round 2 must pair 1-2 again.
    event = with_results({1: (R(2, "w", "+"),), 2: (R(1, "b", "-"),)})
    pairing = pair_next_round(event)
    assert {pairing.boards[0].white, pairing.boards[0].black} == {1, 2}
    # 3 players, 1 has a forfeit win: he must not get the bye.
    event = with_results({1: (R(2, "w", "+"),), 2: (R(1, "b", "-"),), 3: (R(None, "-", "U"),)})
    assert pair_next_round(event).bye == 2


def test_forfeit_without_opponent_and_blank_entries() -> None:
    event = with_results(
        {
            1: (R(2, "w", "1"), R(None, "-", "+")),
            2: (R(1, "b", "0"), R(3, "w", "1")),
            3: (R(None, "-", "U"), R(2, "b", "0")),
            4: (R(None, "-", " "), R(None, "-", "-")),
        }
    )
    pairing = pair_next_round(event)
    assert pairing.round_number == 3
    assert everyone(pairing) == [1, 2, 3, 4]


def test_single_present_player_gets_the_bye() -> None:
    event = TrfEvent("t", fresh(3).players, 5, absent=frozenset({1, 2}))
    assert pair_next_round(event).boards == (Board(3, None),)


def test_nobody_present() -> None:
    event = TrfEvent("t", fresh(2).players, 5, absent=frozenset({1, 2}))
    assert pair_next_round(event) == Pairing(1, ())
    assert format_pairs(Pairing(1, ())) == "0\n"


def test_missing_rounds_planned_is_allowed() -> None:
    event = TrfEvent("t", fresh(4).players, None)
    assert len(pair_next_round(event).boards) == 2


def test_explain() -> None:
    # After 2 rounds: 1 (2.0, wb), 2 (2.0, b, bye), 3 (0.0, ww), 4 (0.0, bw), 5 (2.0, bye, b)
    event = with_results(
        {
            1: (R(4, "w", "1"), R(3, "b", "1")),
            2: (R(3, "b", "1"), R(None, "-", "U")),
            3: (R(2, "w", "0"), R(1, "w", "0")),
            4: (R(1, "b", "0"), R(5, "w", "0")),
            5: (R(None, "-", "U"), R(4, "b", "1")),
        }
    )
    pairing = pair_next_round(event)
    info = explain(event, pairing)
    assert [e.board for e in info] == list(range(1, len(pairing.boards) + 1))
    by_number = {p.number: p for e in info for p in (e.white, e.black) if p is not None}
    assert sorted(by_number) == [1, 2, 3, 4, 5]
    one = by_number[1]
    assert one.score == 2.0
    assert one.colour_history == "wb"
    assert (one.colour_preference, one.preference_strength) == ("white", "mild")
    two = by_number[2]
    assert two.colour_history == "b-"
    assert two.float_history == "-D"
    assert (two.colour_preference, two.preference_strength) == ("white", "strong")
    three = by_number[3]
    assert three.colour_history == "ww"
    assert (three.colour_preference, three.preference_strength) == ("black", "absolute")
    assert three.colour_difference == 2
    assert three.score == 0.0
    assert three.float_history == "-U"
    for e in info:
        if e.black is None:
            assert e.white.colour == "bye" and e.white.float == "down"
            continue
        w, b = e.white, e.black
        assert (w.colour, b.colour) == ("white", "black")
        if w.score == b.score:
            assert w.float is None and b.float is None
        elif w.score > b.score:
            assert (w.float, b.float) == ("down", "up")
        else:
            assert (w.float, b.float) == ("up", "down")
        for p in (w, b):
            if p.colour_preference != "none":
                assert p.preference_granted == (p.colour_preference == p.colour)
    text = format_explanation(info)
    assert len(text.splitlines()) == len(pairing.boards)


def test_explain_unplayed_rounds_float_down_only_when_they_scored() -> None:
    # C.04.3 (2026) 1.4.3: a bye or forfeit win is a downfloat, a zero-point bye (absence)
    # or forfeit loss is no float.
    event = with_results(
        {
            1: (R(2, "w", "+"), R(None, "-", "H"), R(3, "b", "1")),
            2: (R(1, "b", "-"), R(None, "-", "Z"), R(4, "w", "1")),
            3: (R(4, "w", "1"), R(None, "-", "U"), R(1, "w", "0")),
            4: (R(3, "b", "0"), R(None, "-", "F"), R(2, "b", "0")),
        }
    )
    info = explain(event, pair_next_round(event))
    by_number = {p.number: p for e in info for p in (e.white, e.black) if p is not None}
    assert by_number[1].float_history == "DDU"
    assert by_number[2].float_history == "--U"
    assert by_number[3].float_history == "-DD"
    assert by_number[4].float_history == "-DD"


def test_explain_round_one_has_no_preferences() -> None:
    event = fresh(4)
    info = explain(event, pair_next_round(event))
    for e in info:
        for p in (e.white, e.black):
            assert p.colour_history == ""
            assert p.colour_preference == "none"
            assert p.float is None
            assert p.preference_granted is None


def test_missing_entry_for_a_completed_round_is_reported() -> None:
    # Round 2 was played by 1-2, but 3 (not paired) has no round-2 entry.
    event = with_results(
        {
            1: (R(2, "w", "1"), R(2, "b", "+")),
            2: (R(1, "b", "0"), R(1, "w", "-")),
            3: (R(None, "-", "U"),),
        }
    )
    with pytest.raises(PairingError, match=r"players \[3\] have no entry"):
        pair_next_round(event)


def test_unknown_extra_lines_do_not_reach_py4swiss() -> None:
    event = TrfEvent("t", fresh(4).players, 5, other_lines=("XXY whatever", "132 garbage"))
    assert len(pair_next_round(event).boards) == 2


def test_both_kinds_of_refusal_are_pairing_errors() -> None:
    """A director's problem and a fault are told apart, and both are PairingErrors."""
    assert issubclass(Unpairable, PairingError) and issubclass(InconsistentEvent, PairingError)
    assert not issubclass(Unpairable, InconsistentEvent)


def test_explain_round_one_gives_seeds_and_the_lot() -> None:
    event = fresh(7, first_colour="black1")
    info = explain(event, pair_next_round(event))
    by_number = {p.number: p for e in info for p in (e.white, e.black) if p is not None}
    assert [by_number[n].seed for n in range(1, 8)] == list(range(1, 8))
    assert {(p.round_number, p.paired, p.top_seed_starts) for p in by_number.values()} == {
        (1, 7, False)}
    bye = info[-1].white.bye
    assert info[-1].black is None and info[-1].white.number == 7
    assert (bye.lowest_group, bye.group_size, bye.place_in_group, bye.had_bye) == (
        True, 7, 7, False)
    assert all(p.bye is None for n, p in by_number.items() if n != 7)


def test_explain_a_bye_above_those_who_had_one() -> None:
    # After round 1: 5 had the bye (1 point); 3 and 4 lost (0). Round 2's bye cannot go
    # to 5 again: it goes to a zero-point player, the lowest ranked of them.
    event = with_results({
        1: (R(3, "w", "1"),), 2: (R(4, "b", "1"),), 3: (R(1, "b", "0"),),
        4: (R(2, "w", "0"),), 5: (R(None, "-", "U"),)})
    info = explain(event, pair_next_round(event))
    given = next(e.white for e in info if e.black is None)
    assert given.number == 4 and given.round_number == 2
    assert (given.bye.lowest_group, given.bye.group_size, given.bye.place_in_group) == (
        True, 2, 2)
    # Round 3 after 4 also had one: the zero-point group's 3 may still get it.
    event = with_results({
        1: (R(3, "w", "1"), R(5, "b", "1")), 2: (R(4, "b", "1"), R(3, "w", "1")),
        3: (R(1, "b", "0"), R(2, "b", "0")), 4: (R(2, "w", "0"), R(None, "-", "U")),
        5: (R(None, "-", "U"), R(1, "w", "0"))})
    info = explain(event, pair_next_round(event))
    given = next(e.white for e in info if e.black is None)
    assert given.number == 3 and given.score == 0
    assert (given.bye.lowest_group, given.bye.fewer_points, given.bye.had_bye) == (
        True, 0, False)


def test_explain_a_bye_passes_over_the_lowest_ranked_who_won_without_playing() -> None:
    # After round 2 the one-point group is 1, 2, 4, 5; 5 won by forfeit and 2 had the bye,
    # so the bye is 4's: third of four, the one below him may not get it.
    event = with_results({
        1: (R(5, "b", "-"), R(4, "w", "1")), 2: (R(4, "w", "0"), R(None, "-", "U")),
        3: (R(None, "-", "U"), R(5, "w", "1")), 4: (R(2, "b", "1"), R(1, "b", "0")),
        5: (R(1, "w", "+"), R(3, "b", "0"))})
    info = explain(event, pair_next_round(event))
    given = next(e.white for e in info if e.black is None)
    assert given.number == 4 and given.seed == 4 and given.paired == 5
    assert (given.bye.lowest_group, given.bye.group_size, given.bye.place_in_group,
            given.bye.below_may_not, given.bye.had_bye) == (True, 4, 3, 1, False)
    assert given.top_seed_starts is None  # the lot is round 1's
