"""The director's screens in the words of the other screens (issue 22)."""

from html import unescape

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_kept_apart_says_who_not_forbidden_pairs(dc, seeded):
    html = dc.get(reverse("director:entrants", args=[seeded.slug])).content.decode()
    assert "Forbidden pairs" not in html
    assert "The pairing never puts these two players on one board." in html


def main_button(html):
    """The next step's main button: (its words, where it goes, posted or a link)."""
    import re

    box = html.split('class="card next-step"')[1].split("</section>")[0]
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*>.*?<button type="submit" '
                     r'class="primary">([^<]+)</button>', box, re.S)
    if form:
        return unescape(form.group(2)), form.group(1), True
    link = re.search(r'<a class="button primary" href="([^"]+)">([^<]+)</a>', box)
    return unescape(link.group(2)), link.group(1), False


def test_the_main_button_is_the_step_it_names(dc, event, director):
    from tournament.actions import entrants, results, rounds

    def button():
        return main_button(dc.get(reverse("director:event", args=[event.slug])).content
                           .decode())

    assert button() == ("Add entrants", reverse("director:entrants", args=[event.slug]),
                        False)
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    assert button() == ("Pair round 1", reverse("director:pair", args=[event.slug]), True)
    event.rounds_planned = 1
    event.save(update_fields=["rounds_planned"])
    r1 = rounds.pair_round(event, director)
    assert button() == ("Check round 1", reverse("director:round", args=[event.slug, 1]),
                        False)
    rounds.publish_round(r1, director)
    assert button() == ("Round 1's results", reverse("director:round", args=[event.slug, 1]),
                        False)
    for m in r1.matches.exclude(side1=None):
        results.submit_result(m.pk, director, version=m.version, outcome="forfeit",
                              conceded_by=1)
    rounds.close_round(r1, director, reason="all in")
    event.refresh_from_db()
    assert event.status == "finished"
    assert button() == ("The final standings", reverse("public:standings", args=[event.slug]),
                        False)
