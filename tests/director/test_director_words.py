"""The director's screens in the words of the other screens (issue 22)."""

import re
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


def test_late_entries_are_marked_and_withdrawn_rows_offer_reinstate(dc, seeded, director):
    from tournament.actions import entrants, rounds
    from tournament.models import Entrant

    from .conftest import finish_round

    r1 = rounds.pair_round(seeded, director)
    rounds.publish_round(r1, director)
    late = entrants.add_entrant(seeded, director, name="Lara Late")
    finish_round(r1, director)
    gone = Entrant.objects.get(tournament=seeded, number=2)
    entrants.withdraw_entrant(gone, director, reason="ill")
    html = dc.get(reverse("director:entrants", args=[seeded.slug])).content.decode()
    rows = {re.search(r'<td class="num">(\d+)</td>', row).group(1): row
            for row in html.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]}
    assert "late entry: from round 2" in rows[str(late.number)]
    assert sum("late entry" in row for row in rows.values()) == 1
    assert "edit / reinstate" in rows["2"] and "withdraw</a>" not in rows["2"]
    assert "edit / withdraw" in rows["1"]
    page = dc.get(reverse("public:player", args=[seeded.slug, late.number])).content.decode()
    assert "not yet entered" not in page
    assert "late entry: entered after this round was paired" in page


def test_a_swap_by_hand_asks_why_and_its_audit_line_names_the_boards(dc, seeded, director):
    from tournament.actions import rounds
    from tournament.models import AuditEntry

    r1 = rounds.pair_round(seeded, director)
    m1, m2 = r1.matches.select_related("side0", "side1").order_by("board")[:2]
    url = reverse("director:swap", args=[seeded.slug, 1])
    data = {"first": m1.side0.pk, "second": m2.side0.pk}
    refused = dc.post(url, data)
    assert refused.status_code == 400
    assert "Give a reason for the change." in refused.content.decode()
    assert not AuditEntry.objects.filter(action="set_pairing").exists()
    assert dc.post(url, {**data, "reason": "clubmates on board 1"}).status_code == 302
    entry = AuditEntry.objects.get(action="set_pairing")
    assert entry.actor == director and entry.reason == "clubmates on board 1"
    assert entry.summary == (
        f"Changed round 1 by hand: board 1 now {m2.side0.name} – {m1.side1.name}; "
        f"board 2 now {m1.side0.name} – {m2.side1.name}")


def test_a_withdrawal_needs_a_reason(dc, seeded):
    from tournament.models import AuditEntry, Entrant

    e = Entrant.objects.get(tournament=seeded, number=3)
    url = reverse("director:withdraw", args=[seeded.slug, e.pk])
    page = dc.post(url, {"reason": "  "}, follow=True).content.decode()
    assert f"Say why {e.name} withdraws" in page
    e.refresh_from_db()
    assert not e.withdrawn and not AuditEntry.objects.filter(action="withdraw_entrant").exists()
    dc.post(url, {"reason": "flight home"})
    e.refresh_from_db()
    assert e.withdrawn
    assert AuditEntry.objects.get(action="withdraw_entrant").reason == "flight home"


def test_a_rename_is_logged_with_the_old_and_new_name(director, seeded):
    from tournament.actions import entrants
    from tournament.models import AuditEntry, Entrant

    e = Entrant.objects.get(tournament=seeded, number=1)
    old = e.name
    entrants.edit_entrant(e, director, name="Charles Dunn", club=e.club, rating=e.rating)
    assert AuditEntry.objects.latest("id").summary == f"Renamed {old} to Charles Dunn"
    entrants.edit_entrant(e, director, name="Charles Dunn", club="Bath Fives",
                          rating=e.rating)
    assert AuditEntry.objects.latest("id").summary == (
        f"Edited Charles Dunn: club {e.club} → Bath Fives")


def test_a_bndcc_round_page_leaves_who_starts_to_the_draw(dc, director):
    from tournament.actions import entrants, events, rounds

    event = events.create_tournament(director, name="Draw Cup", ruleset="bndcc")
    entrants.import_entrants(event, director, "name\nAnn\nBo\nCy\nDi")
    rounds.pair_round(event, director)
    page = dc.get(reverse("director:round", args=[event.slug, 1])).content.decode()
    assert "who starts each set is drawn at the table" in page
    assert "by lot" not in page.lower()
    head = page.split('<table class="round-boards">')[1].split("</thead>")[0]
    assert "<th>A</th><th>B</th>" in head and "starts" not in head
    for engine_word in ("Side0", "SIDE0", "Player 1 starts"):
        assert engine_word not in page
    assert "Who started set 1 before" not in page  # the engine's sides say nothing of it
    dashboard = dc.get(reverse("director:event", args=[event.slug])).content.decode()
    assert "Round 1 lot" not in dashboard


def test_settings_fixed_once_paired_are_shown_not_offered(dc, seeded, director):
    from tournament.actions import rounds

    url = reverse("director:settings", args=[seeded.slug])
    before = dc.get(url).content.decode()
    assert not re.search(r'<select name="ruleset"[^>]*disabled', before)
    assert 'id="match-formats"' in before and "js/match_format.js" in before
    rounds.pair_round(seeded, director)
    page = dc.get(url).content.decode()
    for name in ("ruleset", "match_target", "sets_to_win"):
        assert re.search(rf'<select name="{name}"[^>]*disabled', page), name
    # every kind of entrant (singles, pairs, teams) shown, none offered
    assert len(re.findall(r'<input type="radio" name="entrants_kind"[^>]*disabled', page)) == 3
    assert "Fixed: round 1 is paired." in page and "js/match_format.js" not in page
    # A forged post of a fixed field changes nothing and is not refused for it.
    from tournament.director.forms import EditSettingsForm

    data = {**EditSettingsForm.initial_for(seeded), "ruleset": "bndcc", "match_target": "121",
            "entrants_kind": "pairs", "rounds_planned": "6", "reason": "one more round"}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    response = dc.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    seeded.refresh_from_db()
    assert (seeded.ruleset, seeded.match_target, seeded.entrants_kind) == (
        "mso", 61, "singles")
    assert seeded.rounds_planned == 6


def test_the_create_form_knows_what_each_ruleset_allows(dc):
    import json

    page = dc.get(reverse("director:create")).content.decode()
    formats = json.loads(re.search(r'<script id="match-formats" type="application/json">'
                                   r'(.*?)</script>', page).group(1))
    assert formats["mso"] == {"targets": [61], "sets": [2]}
    assert formats["bndcc"] == {"targets": [61, 121], "sets": [1, 2, 3]}
    assert "js/match_format.js" in page


def test_why_paired_so_speaks_of_round_one_and_of_the_bye(dc, director):
    """Round 1: seeds, the halves, the lot; the bye: the lowest score group, its lowest
    ranked player, no bye before (engine_words.py from pairing/explain.py)."""
    from tournament.actions import entrants, events, rounds
    from tournament.director.engine_words import notes

    event = events.create_tournament(director, name="Why Open")
    entrants.import_entrants(event, director, "name,rating\n" + "\n".join(
        f"P{i},{2000 - i}" for i in range(1, 8)))
    rounds.pair_round(event, director)
    page = unescape(dc.get(reverse("director:round", args=[event.slug, 1])).content.decode())
    assert "Round 1 pairs by seed, the order of pairing numbers (by rating, once seeded " \
           "from ratings): seed 1 of 6, in the top half (seeds 1–3); the top half meets " \
           "the bottom half in order (1 v 4, 2 v 5, …)" in page
    assert "seed 5 of 6, in the bottom half (seeds 4–6)" in page
    starts = "seed 1 starts" if event.__class__.objects.get(pk=event.pk).top_seed_starts \
        else "seed 1's opponent starts"
    assert f"Who starts set 1 in round 1: drawn by lot on board 1 ({starts}), then " \
           "alternating board by board down the list" in page
    assert "The bye goes to the lowest score group: 0 points, 7 players" in page
    assert "The lowest ranked in that group (a group ranks by pairing number: no. 7 is its " \
           "highest)" in page
    assert "Has had no bye and no win without playing before" in page
    assert "No round played yet" not in page and "No preference who starts" not in page

    bye = {"lowest_group": True, "group_size": 4, "place_in_group": 3, "below_may_not": 1,
           "fewer_points": 0, "fewer_may_not": 0, "had_bye": False}
    lines = notes({"score": 1.0, "round": 3, "seed": 4, "paired": 5, "bye": bye},
                  drawn=False).lines
    assert lines == ["the bye goes to the lowest score group: 1 point, 4 players",
                     "ranked 3 of 4 in that group: everyone ranked below already had a bye "
                     "or a win without playing",
                     "has had no bye and no win without playing before (nobody gets a "
                     "second)"]
    up = {**bye, "lowest_group": False, "fewer_points": 2, "fewer_may_not": 2,
          "place_in_group": 4, "group_size": 4}
    assert notes({"score": 2.0, "number": 9, "seed": 3, "paired": 7, "bye": up},
                 drawn=False).lines[:2] == [
        "the bye went up to the 2-point score group (4 players): each of the 2 players "
        "with fewer points already had a bye or a win without playing",
        "the lowest ranked in that group (a group ranks by pairing number: no. 9 is its "
        "highest)"]
    # A round stored before these notes says what it said before.
    old = notes({"score": 0, "colour_history": "", "preference": "none"}, drawn=False)
    assert old.lines == ["who started set 1 before: no round played yet",
                         "no preference who starts set 1"]
