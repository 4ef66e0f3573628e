"""In a pairs event the explanations speak of pairs: `entrant_word` of the pure core."""

import pytest

from tests.standings.helpers import beat, by_player, bye, players_for
from tournament.standings import (
    MSO_ORDER,
    Points,
    build_standings,
    compute_standings,
    tied_groups,
)

# A cycle among 1, 2 and 3 (each on one point): nobody beat, or lost to, all the others.
CYCLE = [beat(1, 1, 2, by=20), beat(2, 2, 3, by=10), beat(3, 3, 1, by=5)]
# 1, 2 and 3 on 2 points; 1 beat 2 and 3, who never met.
ONE_END = [beat(1, 1, 2), beat(1, 3, 9), beat(2, 1, 3), beat(2, 2, 8), beat(3, 8, 1),
           beat(3, 2, 9), beat(3, 3, 7)]


def texts(table):
    return [note.text for group in table.groups for note in group.steps]


def test_the_default_word_is_player():
    table = build_standings(players_for(CYCLE, 4), [*CYCLE, bye(4, 4), bye(5, 4)], Points(),
                            MSO_ORDER)
    assert texts(table) == [
        "head to head: not applied — no player beat all the others, "
        "and no player lost to all the others",
        "points spread: -5 for P1; -10 for P3; -20 for P2",
        "Sonneborn-Berger: not needed, the players were already apart",
    ]
    assert by_player(table.rows)[4].placed == "the only player on 2 points"


def test_a_pairs_event_says_pair_in_every_sentence():
    table = build_standings(players_for(CYCLE, 4), [*CYCLE, bye(4, 4), bye(5, 4)], Points(),
                            MSO_ORDER, entrant_word="pair")
    assert texts(table) == [
        "head to head: not applied — no pair beat all the others, "
        "and no pair lost to all the others",
        "points spread: -5 for P1; -10 for P3; -20 for P2",
        "Sonneborn-Berger: not needed, the pairs were already apart",
    ]
    assert by_player(table.rows)[4].placed == "the only pair on 2 points"
    rows = compute_standings(players_for(CYCLE), CYCLE, entrant_word="pair")
    assert "no pair beat all the others" in rows[0].notes[0].text
    [group] = tied_groups(players_for(CYCLE), CYCLE, entrant_word="pair")
    assert group.steps[2].text == "Sonneborn-Berger: not needed, the pairs were already apart"
    words = [row.placed for row in table.rows] + [
        text for row in table.rows for note in row.notes for text in (note.text, note.detail)
        if text]
    assert words and not [w for w in words if "player" in w]


def test_head_to_head_at_one_end_and_the_player_s_detail():
    table = build_standings(players_for(ONE_END), ONE_END, entrant_word="pair")
    group = next(g for g in table.groups if 1 in g.players)
    assert group.steps[0].text == (
        "head to head: P1 beat every other tied pair and goes first; "
        "no pair lost to all the others")
    assert by_player(table.rows)[1].notes[0].detail == (
        "head to head: beat every other tied pair")
    # Two who met: the one who lost to every other tied pair.
    two = [beat(1, 1, 9), beat(2, 3, 1, by=11)]
    rows = by_player(build_standings(players_for(two), two, entrant_word="pair").rows)
    assert rows[1].notes[0].detail == "head to head: lost to every other tied pair"


def test_direct_encounter_speaks_of_pairs():
    order = ["direct_encounter"]
    table = build_standings(players_for(ONE_END), ONE_END, order=order, entrant_word="pair")
    group = next(g for g in table.groups if 1 in g.players)
    assert group.steps[0].text == ("direct encounter: not applied — not every tied pair has "
                                   "met every other over the board")
    met = [beat(1, 1, 2), beat(2, 2, 1)]
    rows = by_player(build_standings(players_for(met), met, order=order,
                                     entrant_word="pair").rows)
    assert rows[1].notes[0].detail == (
        "direct encounter: 1 in the meetings of the tied pairs")


@pytest.mark.parametrize("word", ["", "two words", "pair!"])
def test_a_word_that_is_not_one_is_refused(word):
    with pytest.raises(ValueError, match="entrant_word"):
        build_standings(players_for(CYCLE), CYCLE, entrant_word=word)
