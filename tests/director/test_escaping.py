"""A name like <b>x</b> shows as text on every director page, never as markup."""

import pytest
from django.urls import reverse

from tournament.actions import entrants, events, rounds

pytestmark = pytest.mark.django_db

NAME = "<b>x</b>"
SHOWN = "&lt;b&gt;x&lt;/b&gt;"


def check(response):
    page = response.content.decode()
    assert NAME not in page, response.request["PATH_INFO"]
    assert SHOWN in page, response.request["PATH_INFO"]


def test_names_are_escaped_everywhere(dc, director):
    event = events.create_tournament(director, name=NAME, slug="esc")
    entrants.import_entrants(event, director, f"name,club\n{NAME},{NAME}\nB\nC\nD\nE\n")
    x = event.entrants.get(name=NAME)
    entrants.add_forbidden_pair(event, director, first=x, second=event.entrants.get(name="B"),
                                reason=NAME)
    entrants.withdraw_entrant(event.entrants.get(name="E"), director, reason=NAME)
    rounds.pair_round(event, director)
    slug = event.slug
    for name in ("event", "settings", "audit", "entrants"):
        check(dc.get(reverse(f"director:{name}", args=[slug])))
    check(dc.get(reverse("director:home")))
    check(dc.get(reverse("director:entrant", args=[slug, x.pk])))
    check(dc.get(reverse("director:round", args=[slug, 1])))
    # Refusals that repeat what was typed, or name an entrant, escape it too.
    check(dc.post(reverse("director:create"), {"name": NAME, "slug": "esc", "ruleset": "mso"}))
    check(dc.post(reverse("director:import_entrants", args=[slug]), {"text": NAME}))
    check(dc.post(reverse("director:add_entrant", args=[slug]), {"name": NAME, "club": NAME}))
    # A namesake from another club is entered with a warning naming the first one.
    check(dc.post(reverse("director:add_entrant", args=[slug]), {"name": NAME}, follow=True))
    # The import preview shows every cell, error and warning as text.
    check(dc.post(reverse("director:import_entrants", args=[slug]),
                  {"text": f"name,club\n{NAME},{NAME}\n{NAME},other\n"}))
    check(dc.post(reverse("director:import_entrants", args=[slug]),
                  {"text": f"name,club\n{NAME},x{NAME}\n"}))
    check(dc.post(reverse("director:add_official", args=[slug]), {"username": NAME}))
    # A reason over MAX_REASON: the form shows it back.
    check(dc.post(reverse("director:delete_round", args=[slug, 1]), {"reason": NAME * 300}))


def test_pair_members_are_escaped(dc, director):
    event = events.create_tournament(director, name="Pairs", slug="pairs-esc",
                                     ruleset="bndcc", entrants_kind="pairs")
    pair = entrants.add_entrant(event, director, members=[{"name": NAME, "club": NAME},
                                                         {"name": "B"}])
    check(dc.get(reverse("director:entrants", args=[event.slug])))
    check(dc.get(reverse("director:entrant", args=[event.slug, pair.pk])))
    check(dc.post(reverse("director:import_entrants", args=[event.slug]),
                  {"text": f"member1,club1,member2\n{NAME},{NAME},\n"}))
