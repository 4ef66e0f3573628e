"""The knock-out cup demo: 13 entrants, every place drawn by lot from a published seed (three
byes in the first round), the first round played and the quarter-finals live.

Built through the actions the screens call, so it holds only states the app can make.
"""

from tournament.actions import entrants, events, rounds, stages

from .names import CUP_ENTRANTS
from .singles import csv_text, free_slug, play

NAME = "Leek Charity Knock-out Cup"


def build(rng, director, arbiter, checker):
    event = events.create_tournament(director, name=NAME, slug=free_slug("demo-cup"))
    for official in (arbiter, checker):
        events.add_official(event, director, username=official.username)
    entrants.import_entrants(event, director, csv_text(["name", "club"], CUP_ENTRANTS))
    stages.change_stage(event.stages.get(), director, kind="knockout", seeding="draw",
                        lot_seed="leek-cup-2026")
    for number in (1, 2):
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        play(round_, rng, arbiter, checker, event.ruleset, live=number == 2)
    return event
