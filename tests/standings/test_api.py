"""Input validation, the registry, JSON rows, player pages and generic orders."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.standings.helpers import (
    beat,
    by_player,
    bye,
    double_forfeit,
    forfeit,
    order_of,
    players_for,
    unplayed,
)
from tournament.standings import (
    LABELS,
    MSO_ORDER,
    TIEBREAKS,
    BoardResult,
    Player,
    Points,
    RoundLine,
    build_standings,
    compute_standings,
    describe_order,
    format_value,
    label,
    numeric,
    player_rounds,
    set_score_labels,
    tied_groups,
)

PLAYERS = [Player(i, f"P{i}") for i in range(1, 5)]
MATCHES = [beat(1, 1, 2), beat(1, 3, 4), beat(2, 1, 3), beat(2, 2, 4)]


def test_imports_nothing_from_django():
    code = (
        "import sys, tournament.standings; "
        "print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "False"


def test_mso_order_and_registry():
    assert MSO_ORDER == ["mso_head_to_head", "mso_spread", "sonneborn_berger"]
    assert set(TIEBREAKS) >= {
        "mso_head_to_head",
        "mso_spread",
        "sonneborn_berger",
        "buchholz",
        "buchholz_cut1",
        "median_buchholz",
        "progressive",
        "wins",
        "set_difference",
        "game_points_difference",
        "direct_encounter",
    }
    for name, tb in TIEBREAKS.items():
        assert tb.name == name and tb.label and tb.abbr
        assert LABELS[name] == tb.label == label(name)
    assert LABELS["mso_spread"] == "points spread"
    assert describe_order(MSO_ORDER) == "head to head, then points spread, then Sonneborn-Berger"
    assert describe_order([]) == "no tie-breaks"


def test_unknown_tiebreak_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="no_such_break"):
        compute_standings(PLAYERS, MATCHES, Points(), ["mso_spread", "no_such_break"])
    with pytest.raises(ValueError, match="no_such_break"):
        label("no_such_break")


def test_repeated_tiebreak_is_a_value_error():
    with pytest.raises(ValueError, match="mso_spread"):
        compute_standings(PLAYERS, MATCHES, Points(), ["mso_spread", "mso_spread"])


def test_a_new_tiebreak_is_one_small_addition():
    @numeric("test_losses", "losses", "L")
    def losses(ctx, player):
        return -sum(1 for r in ctx.results[player] if r.outcome == "loss")

    try:
        rows = compute_standings(PLAYERS, MATCHES, Points(), ["test_losses"])
        assert {r.player: r.tiebreaks["test_losses"] for r in rows} == {1: 0, 2: -1, 3: -1, 4: -2}
        assert LABELS["test_losses"] == "losses"
        with pytest.raises(ValueError, match="already registered"):
            numeric("test_losses", "x", "x")(losses)
    finally:
        del TIEBREAKS["test_losses"], LABELS["test_losses"]


def test_defaults_are_default_points_and_mso_order():
    assert compute_standings(PLAYERS, MATCHES) == compute_standings(
        PLAYERS, MATCHES, Points(), MSO_ORDER
    )
    assert build_standings(PLAYERS, MATCHES).order == tuple(MSO_ORDER)


def test_row_as_json_has_the_spec_keys_and_an_explanation():
    rows = compute_standings(PLAYERS, MATCHES, Points(), MSO_ORDER)
    first = rows[0].as_json()
    assert first == {
        "rank": 1,
        "shared": False,
        "player": 1,
        "name": "P1",
        "points": 2,
        "tiebreaks": {"mso_spread": 10, "sonneborn_berger": 2},
        "withdrawn_after_round": None,
        "explanation": {"placed": "the only player on 2 points", "group": None, "steps": [],
                        "group_steps": []},
    }
    # The spec's keys first, in its order; `withdrawn_after_round` and `explanation` are
    # additions.
    assert list(first) == ["rank", "shared", "player", "name", "points", "tiebreaks",
                           "withdrawn_after_round", "explanation"]
    first["tiebreaks"]["x"] = 1
    assert "x" not in rows[0].tiebreaks


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"round": 1, "players": (1, 2), "kind": "won"}, "unknown match kind"),
        ({"round": 1, "players": (1, 2), "kind": "bye"}, "players\\[1\\] = None"),
        ({"round": 1, "players": (1, None), "kind": "played", "winner": 1}, "only a bye"),
        ({"round": 1, "players": (1, 1), "kind": "unplayed"}, "themselves"),
        ({"round": 1, "players": (1, 2), "kind": "played"}, "needs a winner"),
        ({"round": 1, "players": (1, 2), "kind": "forfeit", "winner": 3}, "needs a winner"),
        ({"round": 1, "players": (1, 2), "kind": "double_forfeit", "winner": 1}, "no winner"),
        ({"round": 1, "players": (1, 2), "kind": "unplayed", "winner": 2}, "no winner"),
        ({"round": 1, "players": (None, 2), "kind": "unplayed"}, "players must be"),
        ({"round": 1, "players": (1, 2, 3), "kind": "unplayed"}, "players must be"),
        ({"round": 1, "players": (1, None), "kind": "bye", "winner": 2}, "winner of a bye"),
        (
            {"round": 1, "players": (1, 2), "kind": "played", "winner": 1, "sets": ((61,),)},
            "score pair",
        ),
    ],
)
def test_inconsistent_matches_are_rejected(kwargs, message):
    with pytest.raises(ValueError, match=message):
        BoardResult(**kwargs)


def test_lists_become_tuples_and_data_is_frozen():
    m = BoardResult(1, [1, 2], "played", 1, [[61, 0], [61, 1]])
    assert m.players == (1, 2) and m.sets == ((61, 0), (61, 1))
    assert hash(m) == hash(BoardResult(1, (1, 2), "played", 1, ((61, 0), (61, 1))))
    with pytest.raises(AttributeError):
        m.round = 2
    with pytest.raises(AttributeError):
        Points().win = 3
    assert Points() == Points(win=1, loss=0, bye=1, forfeit_win=1, forfeit_loss=0)


def test_inconsistent_events_are_rejected():
    with pytest.raises(ValueError, match="unknown player 9"):
        compute_standings(PLAYERS, [beat(1, 1, 9)])
    with pytest.raises(ValueError, match="two matches in round 1"):
        compute_standings(PLAYERS, [beat(1, 1, 2), bye(1, 1)])
    with pytest.raises(ValueError, match="appears twice"):
        compute_standings([*PLAYERS, Player(1, "again")], [])
    # a match beyond after_round is not looked at
    assert compute_standings(PLAYERS, [beat(1, 1, 2), beat(2, 1, 9)], after_round=1)


def test_players_without_matches_are_listed():
    rows = compute_standings([*PLAYERS, Player(7, "Late")], MATCHES)
    assert by_player(rows)[7].points == 0
    assert len(rows) == 5


def test_format_value():
    assert format_value(63, signed=True) == "+63"
    assert format_value(-9, signed=True) == "-9"
    assert format_value(0, signed=True) == "0"
    assert format_value(2.5) == "2.5"
    assert format_value(3.0) == "3"
    assert format_value(0.30000000000000004) == "0.3"


def test_player_rounds():
    matches = [
        BoardResult(1, (1, 2), "played", 1, ((61, 40), (52, 61), (61, 58))),
        forfeit(2, 3, 1),
        bye(3, 1),
        BoardResult(4, (4, 1), "played", 4, ((61, 50), (61, 60))),
        double_forfeit(5, 1, 2),
        beat(6, 3, 4),
        unplayed(8, 1, 3),
    ]
    players = players_for(matches)
    lines = player_rounds(players, matches, Points(), 1)
    assert lines == [
        RoundLine(1, 2, "P2", "win", 1, 1, ((61, 40), (52, 61), (61, 58)), 15, 15, True, 2, 1),
        RoundLine(2, 3, "P3", "forfeit_loss", 0, 1, (), 0, 15),
        RoundLine(3, None, None, "bye", 1, 2, (), 0, 15),
        RoundLine(4, 4, "P4", "loss", 0, 2, ((50, 61), (60, 61)), -12, 3, False, 0, 2),
        RoundLine(5, 2, "P2", "double_forfeit", 0, 2, (), 0, 3),
        RoundLine(6, None, None, "not_paired", 0, 2, (), 0, 3),
        RoundLine(8, 3, "P3", "unplayed", 0, 2, (), 0, 3),
    ]
    assert [line.result for line in player_rounds(players, matches, Points(), 3)] == [
        "not_paired",
        "forfeit_win",
        "not_paired",
        "not_paired",
        "not_paired",
        "win",
        "unplayed",
    ]
    cut = player_rounds(players, matches, Points(), 1, after_round=2)
    assert [line.round for line in cut] == [1, 2]
    with pytest.raises(ValueError, match="unknown player 99"):
        player_rounds(players, matches, Points(), 99)


def test_direct_encounter_when_all_tied_players_met():
    # 1, 2, 3 on 2 points; among them 1 beat 2 and 3 lost to... a full round robin:
    # 1 beat 2, 2 beat 3, 1 beat 3 would leave 1 ahead. Make 1 and 2 share on DE instead:
    # 1 beat 3, 2 beat 1, 3 beat 2 is a cycle (DE 1 each) -> not separated.
    cycle = [beat(1, 1, 3), beat(2, 2, 1), beat(3, 3, 2)]
    rows = compute_standings(players_for(cycle), cycle, Points(), ["direct_encounter"])
    assert all(row.rank == 1 and row.shared for row in rows)
    # A transitive round robin, all three level on 2 points thanks to wins over fillers
    rr = [beat(1, 1, 2), beat(2, 2, 3), beat(3, 1, 3), beat(4, 2, 10), beat(4, 3, 11)]
    rr += [beat(5, 3, 12)]
    rows = compute_standings(players_for(rr), rr, Points(), ["direct_encounter"])
    assert order_of(rows)[:3] == [1, 2, 3]
    by = by_player(rows)
    assert [by[p].rank for p in (1, 2, 3)] == [1, 2, 3]
    assert by[1].decided_by == "by direct encounter: 2, ahead of 1"
    assert by[2].decided_by == "by direct encounter: 1, behind 2 and ahead of 0"
    assert by[3].decided_by == "by direct encounter: 0, behind 1"
    assert by[2].tiebreaks == {}
    # with win worth 3, the encounter points are 6, 3, 0
    rows = compute_standings(players_for(rr), rr, Points(win=3), ["direct_encounter"])
    assert by_player(rows)[1].decided_by == "by direct encounter: 6, ahead of 3"


def test_direct_encounter_does_not_separate_unless_all_met():
    # 1, 2, 3 level on 1 point; 1 beat 2 but neither met 3
    matches = [beat(1, 1, 2), beat(2, 2, 10), beat(1, 3, 11), bye(1, 10), bye(2, 11)]
    order = ["direct_encounter", "buchholz"]
    rows = compute_standings(players_for(matches), matches, Points(), order)
    by = by_player(rows)
    # Buchholz: 1 met 2 (1) -> 1; 2 met 1 (1) and 10 (1) -> 2; 3 met 11 (1) -> 1
    assert [by[p].rank for p in (1, 2, 3)] == [2, 1, 2]
    assert by[1].decided_by == "shared: level after Buchholz"
    assert by[2].decided_by == "by Buchholz: 2, ahead of 1"
    [group] = [g for g in tied_groups(players_for(matches), matches, None, order) if 1 in g.players]
    assert group.separated_by == ("buchholz",)
    # fillers 10 and 11 (a bye and a loss each) are level too
    assert group.players == (2, 1, 3, 10, 11)
    assert group.explanation == (
        "separated by Buchholz; still level after Buchholz: P1, P3, P10 and P11"
    )


def test_generic_order_applies_steps_within_still_tied_subgroups():
    # Four players on 1 point after 2 rounds; order wins, then game points difference,
    # then direct encounter on what is left.
    matches = [
        beat(1, 1, 2, by=5),  # 1 beat 2 over the board
        forfeit(1, 3, 4),  # 3 won by forfeit: no over-the-board win
        beat(2, 4, 1, by=5),  # 4 beat 1
        beat(2, 2, 3, by=5),  # 2 beat 3
    ]
    # points: 1: 1, 2: 1, 3: 1, 4: 1. wins: 1, 1, 0, 1. gpd: 1: 0, 2: 0, 3: -5, 4: +5
    order = ["wins", "game_points_difference", "direct_encounter"]
    rows = compute_standings(players_for(matches), matches, Points(), order)
    # {1, 2, 4} by wins ahead of 3; then 4 (+5) ahead of {1, 2}; then 1 beat 2.
    assert order_of(rows) == [4, 1, 2, 3]
    by = by_player(rows)
    assert by[4].decided_by == "by game points difference: +5, ahead of 0"
    assert by[1].decided_by == "by direct encounter: 1, ahead of 0"
    assert by[3].decided_by == "by wins: 0, behind 1"
    assert by[1].tiebreaks == {"wins": 1, "game_points_difference": 0}


def test_empty_order_shares_everyone_level_on_points():
    rows = compute_standings(PLAYERS, MATCHES, Points(), [])
    assert [(r.player, r.rank, r.shared) for r in rows] == [
        (1, 1, False),
        (2, 2, True),
        (3, 2, True),
        (4, 4, False),
    ]
    assert rows[1].decided_by == "shared: no tie-breaks in force"
    assert rows[0].tiebreaks == {}


def test_the_tiebreaks_that_read_set_scores_say_so():
    # A TRF import has results without set scores; the standings page names these.
    assert set_score_labels(MSO_ORDER) == ["points spread"]
    assert set_score_labels(["buchholz", "set_difference", "game_points_difference",
                                       "wins"]) == ["set difference", "game points difference"]
    assert set_score_labels(["sonneborn_berger", "mso_head_to_head"]) == []
    with pytest.raises(ValueError, match="unknown tie-break"):
        set_score_labels(["nope"])
