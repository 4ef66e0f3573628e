"""The MSO order: head to head applied once, then spread, then Sonneborn-Berger."""

from tests.standings.helpers import beat, by_player, bye, forfeit, players_for, unplayed
from tournament.standings import MSO_ORDER, Points, compute_standings, tied_groups


def mso(matches, **kw):
    return compute_standings(players_for(matches), matches, Points(), MSO_ORDER, **kw)


def group_order(rows, ids):
    return [row.player for row in rows if row.player in ids]


# Fillers (ids 10+) only play the tied players; they end on 0 or 1 points.


def test_two_tied_players_who_met_winner_first_despite_worse_spread():
    matches = [
        beat(1, 1, 2, by=1),  # 1 beats 2 narrowly
        beat(2, 2, 10, by=60),  # 2 then wins big
        beat(2, 11, 1, by=60),  # 1 loses big
        bye(1, 11),  # keeps filler 11 off 1 point
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert rows_by[1].points == rows_by[2].points == 1
    assert rows_by[1].tiebreaks["mso_spread"] < rows_by[2].tiebreaks["mso_spread"]
    assert group_order(rows, {1, 2}) == [1, 2]
    assert rows_by[1].decided_by == "placed ahead by head to head"
    assert rows_by[2].decided_by == "placed behind by head to head"


def test_two_tied_players_who_did_not_meet_go_by_spread():
    matches = [beat(1, 1, 10, by=5), beat(1, 2, 11, by=30), beat(2, 12, 1, by=20)]
    matches += [beat(2, 13, 2, by=10), bye(1, 12), bye(1, 13)]
    rows = mso(matches)
    # 1: [+5, -20] -> -15 - 5 = -20; 2: [+30, -10] -> 20 - 30 = -10
    assert group_order(rows, {1, 2}) == [2, 1]
    assert by_player(rows)[2].decided_by == "by points spread: -10, ahead of -20"
    assert by_player(rows)[1].decided_by == "by points spread: -20, behind -10"


def test_one_who_beat_every_other_goes_first_rest_by_spread():
    # 1, 2, 3 all on 2 points. 1 beat 2 and 3 (by 1 each); 2 and 3 never met.
    matches = [
        beat(1, 1, 2, by=1),
        beat(2, 1, 3, by=1),
        beat(3, 10, 1, by=60),
        beat(2, 2, 11, by=40),
        beat(3, 2, 12, by=50),  # 2: -1 +40 +50 -> 89 - 50 = 39
        beat(1, 3, 13, by=5),
        beat(3, 3, 14, by=50),  # 3: +5 -1 +50 -> 54 - 50 = 4
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert {rows_by[p].points for p in (1, 2, 3)} == {2}
    # 1 has the worst spread but is first.
    assert rows_by[1].tiebreaks["mso_spread"] == 1 + 1 - 60 - 1
    assert group_order(rows, {1, 2, 3}) == [1, 2, 3]
    assert [rows_by[p].rank for p in (1, 2, 3)] == [1, 2, 3]
    assert rows_by[1].decided_by == "placed ahead by head to head"
    assert rows_by[2].decided_by == "by points spread: +39, ahead of +4"
    assert rows_by[3].decided_by == "by points spread: +4, behind +39"


def test_one_who_lost_to_every_other_goes_last_rest_by_spread():
    # 1, 2, 3 all on 1 point after 2 rounds. 2 and 3 both beat 1; 2 and 3 never met.
    matches = [
        beat(1, 2, 1, by=1),
        beat(2, 3, 1, by=1),
        beat(3, 1, 10, by=60),
        beat(2, 12, 2, by=20),
        beat(1, 13, 3, by=30),
        bye(1, 12),  # fillers 12 and 13 end on 2 points
        bye(2, 13),
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert {rows_by[p].points for p in (1, 2, 3)} == {1}
    # 1 has by far the best spread but lost to both: last.
    assert rows_by[1].tiebreaks["mso_spread"] > rows_by[2].tiebreaks["mso_spread"]
    # 2: +1 -20 0 -> -19 - 1 = -20; 3: -30 +1 0 -> -29 - 1 = -30
    assert group_order(rows, {1, 2, 3}) == [2, 3, 1]
    assert rows_by[1].decided_by == "placed behind by head to head"
    assert rows_by[2].decided_by == "by points spread: -20, ahead of -30"


def test_first_and_last_in_one_group_middle_alone():
    # Round robin among 1, 2, 3: 1 beats 2 and 3, 2 beats 3; all level thanks to fillers.
    matches = [
        beat(1, 1, 2),
        beat(2, 1, 3),
        beat(3, 2, 3),
        beat(3, 10, 1),
        beat(4, 11, 1),
        beat(4, 2, 12),
        beat(5, 13, 2),
        beat(4, 3, 14),
        beat(5, 3, 15),
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert {rows_by[p].points for p in (1, 2, 3)} == {2}
    assert group_order(rows, {1, 2, 3}) == [1, 2, 3]
    assert rows_by[2].decided_by == "placed in between by head to head"
    assert rows_by[3].decided_by == "placed behind by head to head"
    [group] = [g for g in tied_groups(players_for(matches), matches) if 1 in g.players]
    assert group.separated_by == ("mso_head_to_head",)
    assert group.explanation == "separated by head to head"


def test_cycle_separates_nobody():
    # 1 beats 2, 2 beats 3, 3 beats 1: nobody beat or lost to every other.
    matches = [
        beat(1, 1, 2, by=1),
        beat(2, 2, 3, by=2),
        beat(3, 3, 1, by=3),
        beat(2, 1, 10, by=40),
        beat(1, 3, 11, by=20),
        beat(3, 2, 12, by=30),
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    # spreads: 1: +1 +40 -3 -> 38 - 40 = -2; 2: -1 +2 +30 -> 31 - 30 = 1; 3: +20 -2 +3 -> 1
    assert [rows_by[p].tiebreaks["mso_spread"] for p in (1, 2, 3)] == [-2, 1, 1]
    # 2 and 3 level on spread: SB 2 = 3's 2 points + filler 0 = 2; 3 = 1's 2 + 0 = 2 -> shared
    assert group_order(rows, {1, 2, 3}) == [2, 3, 1]
    assert rows_by[2].rank == rows_by[3].rank == 1 and rows_by[2].shared and rows_by[3].shared
    assert rows_by[1].rank == 3
    assert rows_by[1].decided_by == "by points spread: -2, behind +1"
    assert rows_by[2].decided_by == "shared: level after Sonneborn-Berger"


def test_nobody_beat_everyone_when_a_pair_did_not_meet():
    # 1 beat 2, nobody else met: 1 did not beat 3, 2 did not lose to 3.
    matches = [beat(1, 1, 2, by=1), beat(1, 3, 10, by=50), beat(2, 2, 11), beat(2, 12, 3)]
    matches += [beat(2, 13, 1), bye(1, 12), bye(1, 13)]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert {rows_by[p].points for p in (1, 2, 3)} == {1}
    # spreads 1: [+1, -10] -> -10; 2: [-1, +10] -> -1; 3: [+50, -10] -> -10
    # SB: 1 beat 2 (1 point) -> 1; 3 beat filler 10 (0) -> 0
    assert group_order(rows, {1, 2, 3}) == [2, 1, 3]
    assert rows_by[2].decided_by == "by points spread: -1, ahead of -10"
    assert rows_by[1].decided_by == "by Sonneborn-Berger: 1, ahead of 0"
    assert rows_by[3].decided_by == "by Sonneborn-Berger: 0, behind 1"


def test_forfeits_and_unplayed_are_not_meetings():
    matches = [
        forfeit(1, 1, 2),  # 1 "beat" 2 by forfeit only
        beat(2, 2, 10, by=20),
        beat(3, 10, 1, by=5),
        beat(3, 11, 2, by=5),
        unplayed(4, 1, 2),  # paired again, no result yet
        bye(1, 10),
        bye(1, 11),
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert rows_by[1].points == rows_by[2].points == 1
    # round 4 has no result yet, so rounds are 1..3:
    # spreads: 1: [0, 0, -5] -> -5; 2: [0, +20, -5] -> -5; SB: 1 beat nobody; 2 beat 10 (2)
    assert rows_by[1].tiebreaks == rows_by[2].tiebreaks | {"sonneborn_berger": 0}
    assert rows_by[2].tiebreaks == {"mso_spread": -5, "sonneborn_berger": 2}
    assert group_order(rows, {1, 2}) == [2, 1]
    assert rows_by[2].decided_by == "by Sonneborn-Berger: 2, ahead of 0"


def test_head_to_head_is_applied_once_not_to_later_subgroups():
    # Tied on 2: B=1, C=2, D=3, F12=12. Only meetings inside: B beat C, C beat F12, so head
    # to head separates nobody. Spread: D +29 | B 0, C 0 | F12 -10. Re-applying head to
    # head to {B, C} would put B first; Sonneborn-Berger puts C (3) ahead of B (2).
    matches = [
        beat(1, 1, 2, by=10),
        beat(1, 3, 15, by=30),
        beat(1, 12, 20, by=5),
        beat(1, 14, 21, by=5),
        beat(2, 1, 11, by=10),
        beat(2, 2, 12, by=10),
        beat(2, 3, 16, by=30),
        beat(3, 13, 1, by=10),
        beat(3, 2, 14, by=20),
        beat(3, 17, 3, by=1),
        bye(3, 12),
    ]
    rows = mso(matches)
    rows_by = by_player(rows)
    assert {rows_by[p].points for p in (1, 2, 3, 12)} == {2}
    assert {p: rows_by[p].tiebreaks["mso_spread"] for p in (1, 2, 3, 12)} == {
        1: 0,
        2: 0,
        3: 29,
        12: -10,
    }
    assert group_order(rows, {1, 2, 3, 12}) == [3, 2, 1, 12]
    assert [rows_by[p].rank for p in (3, 2, 1, 12)] == [1, 2, 3, 4]
    assert rows_by[3].decided_by == "by points spread: +29, ahead of 0"
    assert rows_by[2].decided_by == "by Sonneborn-Berger: 3, ahead of 2"
    assert rows_by[1].decided_by == "by Sonneborn-Berger: 2, behind 3"
    assert rows_by[12].decided_by == "by points spread: -10, behind 0"
    [group] = [g for g in tied_groups(players_for(matches), matches) if 1 in g.players]
    assert group.separated_by == ("mso_spread", "sonneborn_berger")
    assert group.players == (3, 2, 1, 12)
    assert group.explanation == "separated by points spread, then Sonneborn-Berger"


def test_head_to_head_after_a_numeric_step_works_on_the_still_tied_blocks():
    # Same event, order spread then head to head: {B, C} is still tied when head to head
    # is reached, and B beat C.
    matches = [
        beat(1, 1, 2, by=10),
        beat(1, 3, 15, by=30),
        beat(1, 12, 20, by=5),
        beat(1, 14, 21, by=5),
        beat(2, 1, 11, by=10),
        beat(2, 2, 12, by=10),
        beat(2, 3, 16, by=30),
        beat(3, 13, 1, by=10),
        beat(3, 2, 14, by=20),
        beat(3, 17, 3, by=1),
        bye(3, 12),
    ]
    order = ["mso_spread", "mso_head_to_head", "sonneborn_berger"]
    rows = compute_standings(players_for(matches), matches, Points(), order)
    rows_by = by_player(rows)
    assert group_order(rows, {1, 2, 3, 12}) == [3, 1, 2, 12]
    assert rows_by[1].decided_by == "placed ahead by head to head"
    assert list(rows_by[1].tiebreaks) == ["mso_spread", "sonneborn_berger"]


def test_player_alone_on_points_has_no_explanation():
    matches = [beat(1, 1, 2), beat(2, 1, 3), beat(2, 2, 4)]
    rows = mso(matches)
    assert by_player(rows)[1].decided_by is None
    assert by_player(rows)[2].decided_by is None


def test_shared_places_and_rank_gap():
    # 1 wins twice; 2 and 3 one win each and never met, identical spreads and SB; 4 last.
    matches = [beat(1, 1, 2), beat(1, 3, 4), beat(2, 1, 3), beat(2, 2, 4)]
    rows = mso(matches)
    assert [(row.player, row.rank, row.shared) for row in rows] == [
        (1, 1, False),
        (2, 2, True),
        (3, 2, True),
        (4, 4, False),
    ]
    assert rows[1].decided_by == rows[2].decided_by == "shared: level after Sonneborn-Berger"
    [group] = tied_groups(players_for(matches), matches)
    assert group.shared == ((2, 3),) and group.rank == 2 and group.points == 1
    assert group.separated_by == ()
    assert group.explanation == "not separated: all level after Sonneborn-Berger"


def test_partly_separated_group_explanation():
    # 1, 2, 3 on 1 point; 1 has the best spread; 2 and 3 level on everything.
    matches = [beat(1, 1, 10, by=30), beat(1, 2, 11), beat(1, 3, 12), beat(2, 13, 1, by=5)]
    matches += [beat(2, 14, 2), beat(2, 15, 3), bye(1, 13), bye(1, 14), bye(1, 15)]
    rows = mso(matches)
    assert group_order(rows, {1, 2, 3}) == [1, 2, 3]
    [group] = [g for g in tied_groups(players_for(matches), matches) if 1 in g.players]
    assert group.shared == ((2, 3),)
    assert group.explanation == (
        "separated by points spread; still level after Sonneborn-Berger: P2 and P3"
    )


def test_rematches_split_evenly_do_not_separate_and_a_double_win_does():
    even = [beat(1, 1, 2, by=1), beat(2, 2, 1, by=1), bye(3, 1), bye(3, 2)]
    rows = mso(even)
    assert all(row.shared and row.rank == 1 for row in rows)
    twice = [beat(1, 1, 2, by=1), beat(2, 1, 2, by=1), beat(3, 2, 10, by=60), beat(4, 2, 11)]
    twice += [beat(3, 12, 1, by=60), beat(4, 13, 1)]
    rows = by_player(mso(twice))
    assert rows[1].points == rows[2].points == 2
    assert rows[1].decided_by == "placed ahead by head to head"
    assert rows[1].rank < rows[2].rank
