"""Pairs events (#10): chosen with the match format at creation; a pair is one entrant."""

import pytest
from django.urls import reverse

from tournament.actions import ActionError, entrants, events, rounds
from tournament.models import AuditEntry, ForbiddenPair, Tournament

from .test_events import event_form

pytestmark = pytest.mark.django_db

PAIRS_CSV = ("name,member1,club1,member2,club2,rating\n"
             ",Ann Lee,Leek DC,Bo Park,,1800\n"
             "Hale & Fox,Cy Hale,,Di Fox,Crewe,1700\n"
             ",Ed Moss,,Flo Hart,,\n"
             ",Gus Wren,Stoke,Hal Dunn,Stoke,1500\n")


@pytest.fixture
def pairs_cup(director):
    return events.create_tournament(director, name="Pairs Cup", ruleset="bndcc",
                                    entrants_kind="pairs", match_target=121, sets_to_win=3)


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def test_create_a_pairs_event_with_its_match_format(dc):
    page = dc.get(reverse("director:create")).content.decode()
    assert 'name="entrants_kind" value="pairs"' in page
    assert "mso: target 61, 2 sets to win" in page
    response = dc.post(reverse("director:create"), event_form(
        name="Crewe Pairs", ruleset="bndcc", entrants_kind="pairs", match_target="121",
        sets_to_win="3"))
    assert response.status_code == 302
    event = Tournament.objects.get(slug="crewe-pairs")
    assert (event.entrants_kind, event.match_format) == (
        "pairs", {"target": 121, "sets_to_win": 3})
    dashboard = dc.get(url(event, "event")).content.decode()
    assert "Pairs" in dashboard and "sets to 121, first to 3 sets" in dashboard


def test_mso_allows_only_61_and_2(dc, director):
    response = dc.post(reverse("director:create"), event_form(match_target="121",
                                                              sets_to_win="3"))
    page = response.content.decode()
    assert "The mso rules allow 61." in page and "The mso rules allow 2." in page
    assert not Tournament.objects.exists()
    with pytest.raises(ActionError) as refused:
        events.create_tournament(director, name="X", ruleset="mso", sets_to_win=1)
    assert refused.value.errors == {"sets_to_win": ["The mso rules allow 2 sets to win."]}


def test_format_and_kind_change_in_settings_before_round_one(dc, event):
    response = dc.post(url(event, "settings"), event_form(
        name="Spring Open", ruleset="bndcc", entrants_kind="pairs", match_target="121",
        sets_to_win="1"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.ruleset, event.entrants_kind, event.match_target, event.sets_to_win) == (
        "bndcc", "pairs", 121, 1)


def test_add_a_pair_by_form_name_made_from_members(dc, pairs_cup):
    page = dc.get(url(pairs_cup, "entrants")).content.decode()
    assert 'name="member1"' in page and 'name="club2"' in page and 'name="club"' not in page
    assert "<code>name,member1,club1,member2,club2,rating</code>" in page
    response = dc.post(url(pairs_cup, "add_entrant"), {
        "name": "", "member1": " Ann  Lee ", "club1": "Leek DC", "member2": "Bo Park",
        "club2": "", "rating": "1800"})
    assert response.status_code == 302
    pair = pairs_cup.entrants.get()
    assert (pair.name, pair.club, pair.rating) == ("Ann Lee & Bo Park", "", 1800)
    assert pair.members == [{"name": "Ann Lee", "club": "Leek DC"}, {"name": "Bo Park"}]
    assert AuditEntry.objects.get(action="add_entrant").detail["members"] == pair.members
    listing = dc.get(url(pairs_cup, "entrants")).content.decode()
    assert "Ann Lee (Leek DC) &amp; Bo Park" in listing
    # A member's name is needed; what was typed comes back.
    response = dc.post(url(pairs_cup, "add_entrant"), {"member1": "Cy Hale", "member2": ""})
    page = response.content.decode()
    assert response.status_code == 400 and 'value="Cy Hale"' in page
    assert "This field is required" in page
    # The same pair name again is an exact duplicate.
    response = dc.post(url(pairs_cup, "add_entrant"), {"member1": "Ann Lee", "member2": "Bo Park"})
    assert "Ann Lee &amp; Bo Park is already entered as number 1: give the pair another " \
           "name." in response.content.decode()
    assert pairs_cup.entrants.count() == 1


def test_edit_a_pair(dc, pairs_cup, director):
    pair = entrants.add_entrant(pairs_cup, director, members=[{"name": "Ann Lee"},
                                                          {"name": "Bo Park"}])
    page = dc.get(url(pairs_cup, "entrant", pair.pk)).content.decode()
    assert 'value="Ann Lee"' in page and 'value="Bo Park"' in page
    dc.post(url(pairs_cup, "entrant", pair.pk), {"name": "The Leeks", "member1": "Ann Lee",
                                             "club1": "Leek", "member2": "Bo Parks",
                                             "reason": "spelling"})
    pair.refresh_from_db()
    assert pair.name == "The Leeks"
    assert pair.members == [{"name": "Ann Lee", "club": "Leek"}, {"name": "Bo Parks"}]
    entry = AuditEntry.objects.get(action="edit_entrant")
    assert entry.detail["before"]["members"] == [{"name": "Ann Lee"}, {"name": "Bo Park"}]


def test_import_pairs_from_csv(dc, pairs_cup):
    page = dc.post(url(pairs_cup, "import_entrants"), {"text": PAIRS_CSV}).content.decode()
    assert "Import these 4 entrants" in page
    assert dc.post(url(pairs_cup, "confirm_import"), {"csv": PAIRS_CSV}).status_code == 302
    assert list(pairs_cup.entrants.values_list("number", "name", "rating")) == [
        (1, "Ann Lee & Bo Park", 1800), (2, "Hale & Fox", 1700),
        (3, "Gus Wren & Hal Dunn", 1500), (4, "Ed Moss & Flo Hart", None)]
    assert pairs_cup.entrants.get(number=2).members == [{"name": "Cy Hale"},
                                                    {"name": "Di Fox", "club": "Crewe"}]


def test_pairs_csv_problems_name_the_line(pairs_cup, director):
    text = ("member1;member2;rating\nAnn Lee;;1800\n;Bo Park;\nCy Hale;Di Fox;x\n"
            "Cy Hale;Di Fox;\n")
    parsed = entrants.read_csv(pairs_cup, text)
    assert parsed.delimiter == ";"
    assert parsed.errors == [
        "line 2: member 2's name is empty", "line 3: member 1's name is empty",
        "line 4: rating 'x' is not a whole number from 0 to 4000"]
    with pytest.raises(ActionError):
        entrants.import_entrants(pairs_cup, director, text)
    assert not pairs_cup.entrants.exists()
    wrong = entrants.read_csv(pairs_cup, "name,club,rating\nAnn,Leek,1\n")
    assert wrong.errors == ["line 1: unknown column 'club': a pairs event's columns are "
                            "name, member1, club1, member2, club2, rating, person1, person2"]


def test_withdraw_and_keep_apart_work_on_pairs(pairs_cup, director):
    entrants.import_entrants(pairs_cup, director, PAIRS_CSV)
    first, second = pairs_cup.entrants.all()[:2]
    entrants.add_forbidden_pair(pairs_cup, director, first=first, second=second, reason="family")
    assert ForbiddenPair.objects.get().first == first
    entrants.withdraw_entrant(second, director, reason="ill")
    second.refresh_from_db()
    assert second.withdrawn_after_round == 0
    round_ = rounds.pair_round(pairs_cup, director)
    on_boards = {e for m in round_.matches.all() for e in (m.side0_id, m.side1_id)}
    assert second.pk not in on_boards and first.pk in on_boards


@pytest.mark.parametrize("second", ["Cy Hale", "CY HALE", " cy  hale "])
def test_a_pair_of_one_person_twice_is_refused_naming_member_2(dc, pairs_cup, second):
    response = dc.post(url(pairs_cup, "add_entrant"), {"member1": "Cy Hale", "member2": second,
                                                   "rating": "1700"})
    page = response.content.decode()
    assert response.status_code == 400
    typed = " ".join(second.split())
    assert (f"Member 2 is member 1 again ({typed}): a pair is two people; if they are two "
            "of one name, give the club that tells them apart.") in page
    assert 'value="Cy Hale"' in page and 'value="1700"' in page
    assert not pairs_cup.entrants.exists()


def test_partners_of_one_name_told_apart_by_their_clubs_are_a_pair(pairs_cup, director):
    pair = entrants.add_entrant(pairs_cup, director, members=[
        {"name": "Cy Hale", "club": "Crewe"}, {"name": "Cy Hale", "club": "Leek"}])
    assert pair.name == "Cy Hale & Cy Hale"
    # An edit to one person twice is refused, and the pair stays as it was.
    with pytest.raises(ActionError) as refused:
        entrants.edit_entrant(pair, director, members=[
            {"name": "Cy Hale", "club": "Crewe"}, {"name": "CY HALE", "club": "CREWE"}])
    assert list(refused.value.errors) == ["member2"]
    pair.refresh_from_db()
    assert pair.members[1] == {"name": "Cy Hale", "club": "Leek"}


def test_the_import_refuses_a_pair_of_one_person_twice(pairs_cup, director):
    text = ",Ann Lee,,Bo Park,,\nTwins,Zoë Ångström,Leek,ZOË ÅNGSTRÖM,LEEK,1700\n"
    assert entrants.read_csv(pairs_cup, text).errors == [
        "line 2: member 2 is member 1 again (ZOË ÅNGSTRÖM): a pair is two people; if they "
        "are two of one name, give the club that tells them apart"]
    with pytest.raises(ActionError):
        entrants.import_entrants(pairs_cup, director, text)
    assert not pairs_cup.entrants.exists()
