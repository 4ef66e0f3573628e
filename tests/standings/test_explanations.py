"""Standings that explain themselves: every step of the order, what it did, in words."""

from tests.standings.helpers import beat, by_player, bye, order_of, players_for
from tournament.standings import (
    MSO_ORDER,
    Player,
    Points,
    StepNote,
    build_standings,
    player_rounds,
)

# A cycle among 1, 2 and 3 (each on one point): 1 beat 2 by 20 in round 1, 2 beat 3 by
# 10 in round 2, 3 beat 1 by 5 in round 3. Spreads by round (0 when not paired):
#   1: +20, 0, -5  -> 15 less the best (round 1, +20) = -5
#   2: -20, +10, 0 -> -10 less the best (round 2, +10) = -20
#   3: 0, -10, +5  -> -5 less the best (round 3, +5) = -10
CYCLE = [beat(1, 1, 2, by=20), beat(2, 2, 3, by=10), beat(3, 3, 1, by=5)]


def test_each_step_of_the_order_says_what_it_did_to_the_group():
    table = build_standings(players_for(CYCLE), CYCLE, Points(), MSO_ORDER)
    assert order_of(table.rows) == [1, 3, 2]
    [group] = table.groups
    assert group.steps == (
        StepNote("mso_head_to_head", "head to head", "level",
                 "head to head: not applied — no player beat all the others, "
                 "and no player lost to all the others"),
        StepNote("mso_spread", "points spread", "separated",
                 "points spread: -5 for P1; -10 for P3; -20 for P2"),
        StepNote("sonneborn_berger", "Sonneborn-Berger", "not_reached",
                 "Sonneborn-Berger: not needed, the players were already apart"),
    )


def test_each_row_carries_its_own_detail_for_every_step():
    rows = by_player(build_standings(players_for(CYCLE), CYCLE).rows)
    assert [note.detail for note in rows[1].notes] == [
        None, "points spread (best round dropped: round 1, +20): -5", None]
    assert rows[2].notes[1].detail == "points spread (best round dropped: round 2, +10): -20"
    assert rows[3].notes[1].detail == "points spread (best round dropped: round 3, +5): -10"
    assert rows[3].placed == rows[3].decided_by == (
        "by points spread: -10, behind -5 and ahead of -20")
    # The JSON: each row its own detail per step; the group's lines once, on its first row.
    assert rows[3].as_json()["explanation"] == {
        "placed": "by points spread: -10, behind -5 and ahead of -20",
        "group": 1,
        "steps": [
            {"tiebreak": "mso_head_to_head", "label": "head to head", "outcome": "level",
             "detail": None},
            {"tiebreak": "mso_spread", "label": "points spread", "outcome": "separated",
             "detail": "points spread (best round dropped: round 3, +5): -10"},
            {"tiebreak": "sonneborn_berger", "label": "Sonneborn-Berger",
             "outcome": "not_reached", "detail": None},
        ],
        "group_steps": [],
    }
    assert rows[1].as_json()["explanation"]["group"] == 1
    assert rows[1].as_json()["explanation"]["group_steps"] == [
        {"tiebreak": "mso_head_to_head", "label": "head to head", "outcome": "level",
         "text": "head to head: not applied — no player beat all the others, "
                 "and no player lost to all the others"},
        {"tiebreak": "mso_spread", "label": "points spread", "outcome": "separated",
         "text": "points spread: -5 for P1; -10 for P3; -20 for P2"},
        {"tiebreak": "sonneborn_berger", "label": "Sonneborn-Berger",
         "outcome": "not_reached",
         "text": "Sonneborn-Berger: not needed, the players were already apart"},
    ]
    assert rows[2].as_json()["explanation"]["group_steps"] == []


def json_size(n: int) -> int:
    """The JSON rows of 2n players all level on one point (each won once and lost once)
    with spreads that differ: the group's spread line names all 2n."""
    import json

    matches = [beat(1, i, n + i, by=1 + i % 50) for i in range(1, n + 1)]
    matches += [beat(2, n + i, i % n + 1, by=1 + i * 7 % 50) for i in range(1, n + 1)]
    table = build_standings(players_for(matches), matches)
    assert [len(g.players) for g in table.groups] == [2 * n]
    return len(json.dumps([row.as_json() for row in table.rows]))


def test_the_json_grows_with_the_players_not_the_square_of_a_group():
    # Each group's lines name every member: said once per group, doubling the group about
    # doubles the document (2.08: longer numbers), where repeating them on every row made
    # it 3.7 times bigger.
    small, big = json_size(20), json_size(40)
    assert 1.9 < big / small < 2.3


def test_head_to_head_between_two_names_the_winner():
    players = [Player(1, "Ann Lee"), Player(3, "Cy Hale"), Player(9, "Filler")]
    matches = [beat(1, 1, 9), beat(2, 3, 1, by=11)]
    table = build_standings(players, matches)
    group = next(g for g in table.groups if 1 in g.players)
    assert group.players == (3, 1)
    assert group.steps[0].text == "head to head: Cy Hale beat Ann Lee and goes first"
    assert group.steps[1].outcome == "not_reached"
    rows = by_player(table.rows)
    assert rows[3].notes[0].detail == "head to head: beat every other tied player"
    assert rows[1].notes[0].detail == "head to head: lost to every other tied player"


def test_head_to_head_of_two_who_never_met_or_split_their_meetings():
    apart = [beat(1, 1, 3), beat(1, 2, 4)]
    group = next(g for g in build_standings(players_for(apart), apart).groups if 1 in g.players)
    assert group.steps[0].text == (
        "head to head: not applied — P1 and P2 have not played each other")
    twice = [beat(1, 1, 2), beat(2, 2, 1)]
    [group] = build_standings(players_for(twice), twice).groups
    assert group.steps[0].text == (
        "head to head: not applied — P1 and P2 are level in their meetings")


def test_head_to_head_placing_one_end_only_says_so():
    # 1, 2 and 3 on 2 points; 1 beat 2 and 3, who never met: 1 goes first, and nobody
    # lost to all the others.
    matches = [beat(1, 1, 2), beat(1, 3, 9), beat(2, 1, 3), beat(2, 2, 8), beat(3, 8, 1),
               beat(3, 2, 9), beat(3, 3, 7)]
    table = build_standings(players_for(matches), matches)
    group = next(g for g in table.groups if 1 in g.players)
    assert group.steps[0].text == (
        "head to head: P1 beat every other tied player and goes first; "
        "no player lost to all the others")


def test_sonneborn_berger_names_the_opponents_beaten():
    # 1 and 2 on 1 point, never met, same spread; 1 beat 3 (who then won: 1 point),
    # 2 beat 4 (0 points).
    matches = [beat(1, 1, 3), beat(1, 2, 4), beat(2, 3, 4), beat(2, 5, 1), beat(2, 6, 2)]
    rows = by_player(build_standings(players_for(matches), matches).rows)
    assert rows[1].notes[2].detail == (
        "Sonneborn-Berger: 1 (opponents beaten, with their points: P3 (1))")
    assert rows[2].notes[2].detail == (
        "Sonneborn-Berger: 0 (opponents beaten, with their points: P4 (0))")
    assert rows[1].placed == "by Sonneborn-Berger: 1, ahead of 0"


def test_before_any_round_everyone_is_level_and_it_says_why():
    players = [Player(1, "A"), Player(2, "B")]
    [row, _] = build_standings(players, [beat(1, 1, 2)], after_round=0).rows
    assert [n.text for n in row.notes] == [
        "head to head: not applied — A and B have not played each other",
        "points spread: did not separate them, all on 0",
        "Sonneborn-Berger: did not separate them, all on 0",
    ]
    assert row.notes[1].detail == "points spread: 0 (no rounds yet)"
    assert row.placed == "shared: level after Sonneborn-Berger"


def test_a_player_alone_on_points_is_said_to_be():
    rows = by_player(build_standings(players_for(CYCLE), [*CYCLE, bye(4, 1)]).rows)
    assert rows[1].placed == "the only player on 2 points"
    assert rows[1].notes == ()
    assert rows[1].decided_by is None


def test_group_as_json():
    [group] = build_standings(players_for(CYCLE), CYCLE).groups
    body = group.as_json()
    assert body["players"] == [1, 3, 2] and body["separated_by"] == ["mso_spread"]
    assert body["shared"] == [] and body["explanation"] == "separated by points spread"
    assert [s["outcome"] for s in body["steps"]] == ["level", "separated", "not_reached"]


def test_player_rounds_mark_the_dropped_round():
    lines = player_rounds(players_for(CYCLE), CYCLE, Points(), 2)
    assert [(line.round, line.spread, line.dropped) for line in lines] == [
        (1, -20, False), (2, 10, True), (3, 0, False)]
    # Equal best rounds: the earliest is the one dropped.
    even = [beat(1, 1, 2, by=7), beat(2, 1, 3, by=7)]
    assert [line.dropped for line in player_rounds(players_for(even), even, None, 1)] == [
        True, False]
