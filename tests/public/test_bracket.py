"""The public bracket page of a knock-out stage, and the event page's stages."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournament.actions import events, rounds, stages
from tournament.models import Tournament

from ..stages import add, play_round, swiss_then_cut


@pytest.fixture
def superuser(db):
    return User.objects.create_user("kim", password="pw-123456", is_superuser=True)


@pytest.fixture
def summer_open(superuser):
    return events.create_tournament(superuser, name="Summer Open")


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_bracket_shows_rounds_seeds_results_and_the_lot_seed(summer_open, superuser):
    swiss_then_cut(summer_open, superuser)
    page = Client().get(f"/{summer_open.slug}/bracket/")
    assert page.status_code == 200
    words = text(page)
    assert "Knock-out of 4" in words and "Semi-finals" in words and "Final" in words
    assert "spring-2026" in words and "Third place" in words
    cut = summer_open.stages.get(number=2)
    names = dict(summer_open.entrants.values_list("id", "name"))
    for entrant in cut.seeds:
        assert names[entrant] in words
    # The semi-finals are decided by forfeits: their result lines say so.
    assert words.count("by forfeit") == 2
    # The final is live: no places yet beyond the semi-final losers (no third place yet).
    assert "Podium" not in words
    home = text(Client().get(f"/{summer_open.slug}/"))
    assert "Stage 2 : A knock-out of 4" in home and "Bracket (lot seed spring-2026)" in home
    assert "Semi-finals" in text(Client().get(f"/{summer_open.slug}/round/4/"))


def test_a_finished_cup_shows_its_podium_and_prints_on_one_page(summer_open, superuser):
    add(summer_open, superuser, 4)
    stages.change_stage(summer_open.stages.get(), superuser, kind="knockout", seeding="entry",
                        third_place=True)
    play_round(rounds.pair_round(summer_open, superuser), superuser)
    play_round(rounds.pair_round(summer_open, superuser), superuser)
    summer_open.refresh_from_db()
    assert summer_open.status == Tournament.Status.FINISHED
    words = text(Client().get(f"/{summer_open.slug}/bracket/"))
    assert "Podium and places" in words
    assert re.search(r"1 P01 2 P02 3 P03 4 P04", words)
    printed = Client().get(f"/{summer_open.slug}/bracket/?print=1")
    assert printed.status_code == 200 and b"bracket.css" in printed.content


def test_before_the_draw_the_lot_seed_is_already_public(summer_open, superuser):
    add(summer_open, superuser, 6)
    stages.change_stage(summer_open.stages.get(), superuser, kind="knockout", seeding="draw",
                        lot_seed="drawn-tonight")
    words = text(Client().get(f"/{summer_open.slug}/bracket/"))
    assert "drawn-tonight" in words and "The draw is made when" in words


def test_bad_and_hidden_brackets(summer_open, superuser):
    add(summer_open, superuser, 4)
    assert Client().get(f"/{summer_open.slug}/bracket/").status_code == 400  # a Swiss alone
    stages.change_stage(summer_open.stages.get(), superuser, kind="knockout")
    assert Client().get(f"/{summer_open.slug}/bracket/?stage=7").status_code == 400
    Tournament.objects.filter(pk=summer_open.pk).update(hidden=True)
    assert Client().get(f"/{summer_open.slug}/bracket/").status_code == 404
    official = Client()
    official.force_login(superuser)
    assert official.get(f"/{summer_open.slug}/bracket/").status_code == 200


def test_a_players_page_shows_their_knockout_path(summer_open, superuser):
    swiss_then_cut(summer_open, superuser)
    cut = summer_open.stages.get(number=2)
    seed_one = summer_open.entrants.get(pk=cut.seeds[0])
    words = text(Client().get(f"/{summer_open.slug}/player/{seed_one.number}/"))
    assert "Knock-out (stage 2): seed 1" in words
    assert re.search(r"Semi-finals v .* \(seed 4\): won", words)
    assert re.search(r"Final v .* \(seed \d\): to play", words)


def test_a_plate_on_the_bracket_the_round_and_the_players_pages(summer_open, superuser):
    add(summer_open, superuser, 8)
    stages.change_stage(summer_open.stages.get(), superuser, kind="knockout", seeding="entry",
                        plate=True)
    play_round(rounds.pair_round(summer_open, superuser), superuser)
    rounds.publish_round(rounds.pair_round(summer_open, superuser), superuser)
    words = text(Client().get(f"/{summer_open.slug}/bracket/"))
    assert "Plate: semi-finals 1 P05 4 P08 in play 2 P06 3 P07 in play" in words
    assert "Plate: final to come" in words
    round_page = text(Client().get(f"/{summer_open.slug}/round/2/"))
    assert "3 plate" in round_page and "4 plate" in round_page
    five = text(Client().get(f"/{summer_open.slug}/player/5/"))
    assert re.search(r"Quarter-finals v P04 \(seed 4\): lost", five)
    assert re.search(r"Plate semi-finals v P08 \(seed 4\): to play", five)


def test_an_event_ending_in_a_knockout_is_placed_by_it(summer_open, superuser):
    from tournament.actions import results
    from tournament.reads import history

    swiss_then_cut(summer_open, superuser)
    final = summer_open.rounds.get(number=5)
    for m in final.matches.exclude(side1=None):
        results.submit_result(m.pk, superuser, version=m.version, outcome="forfeit",
                              conceded_by=0)  # the lower seeds win the final and third place
    summer_open.refresh_from_db()
    assert summer_open.status == Tournament.Status.FINISHED
    cut = summer_open.stages.get(number=2)
    number = dict(summer_open.entrants.values_list("id", "number"))
    seeds = [number[i] for i in cut.seeds]
    places = history.final_places(summer_open)
    # Seed 1 beat seed 4 and seed 2 beat seed 3 in the semi-finals; seed 2 won the final,
    # seed 4 the third place; the four not in the cut follow in the Swiss's order.
    assert places[:4] == [(1, seeds[1]), (2, seeds[0]), (3, seeds[3]), (4, seeds[2])]
    swiss_stage = summer_open.stages.get(number=1)
    swiss = [row.player for row in history.compute(summer_open, stage=swiss_stage).rows
             if row.player not in seeds]
    assert [n for _, n in places[4:]] == swiss and places[4][0] == 5
    home = text(Client().get(f"/{summer_open.slug}/"))
    names = dict(summer_open.entrants.values_list("number", "name"))
    assert re.search(rf"Podium 1 {names[seeds[1]]} 2 {names[seeds[0]]} 3 {names[seeds[3]]}",
                     home)
