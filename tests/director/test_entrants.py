"""Entrants: add, edit, withdraw, reinstate, CSV import, forbidden pairs."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.actions import ActionError, entrants, rounds
from tournament.models import AuditEntry, Entrant, ForbiddenPair
from tournament.text.clean import MAX_REASON

pytestmark = pytest.mark.django_db

GOOD = "name,club,rating\nAnn Lee,Leek DC,1800\nBo Park,,1650\nCy Hale,Crewe,\n"
BAD = "name,club,rating\nAnn Lee,Leek DC,1800\n,Crewe,1500\nBo Park,,lots\nCy Hale,Crewe,\n"


def url(event, name, *args):
    return reverse(f"director:{name}", args=[event.slug, *args])


def preview(dc, event, **data):
    return dc.post(url(event, "import_entrants"), data)


def confirm(dc, event, text):
    return dc.post(url(event, "confirm_import"), {"csv": text})


def test_import_pasted_csv_preview_then_confirm(dc, event):
    response = preview(dc, event, text=GOOD)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Import these 3 entrants" in page and "comma-separated, with a header line" in page
    assert not Entrant.objects.exists()  # the preview stores nothing
    # The list travels back in the confirm form, line breaks and all.
    assert ('<textarea name="csv" cols="40" rows="1" hidden required id="id_csv">\n'
            + GOOD.strip() + "</textarea>") in page
    response = confirm(dc, event, GOOD)
    assert response.status_code == 302
    assert list(event.entrants.values_list("number", "name")) == [
        (1, "Ann Lee"), (2, "Bo Park"), (3, "Cy Hale")]
    page = dc.get(url(event, "entrants")).content.decode()
    assert "Leek DC" in page and "1650" in page
    assert AuditEntry.objects.get(action="import_entrants").detail["names"] == [
        "Ann Lee", "Bo Park", "Cy Hale"]


def test_import_uploaded_file(dc, event):
    upload = SimpleUploadedFile("players.csv", ("\ufeff" + GOOD).encode(), "text/csv")
    page = preview(dc, event, file=upload).content.decode()
    assert "Import these 3 entrants" in page
    assert confirm(dc, event, "\ufeff" + GOOD).status_code == 302
    assert event.entrants.count() == 3


def test_confirmed_import_reads_the_text_again(dc, event):
    """A tampered confirm (a bad line added after the preview) imports nothing."""
    assert "Import these 3 entrants" in preview(dc, event, text=GOOD).content.decode()
    response = confirm(dc, event, GOOD + "Di Moss,,lots\n")
    assert response.status_code == 400
    assert "line 5: rating &#x27;lots&#x27; is not a whole number" in response.content.decode()
    assert not Entrant.objects.exists()


def test_bad_csv_lists_lines_imports_nothing_keeps_text(dc, event):
    response = preview(dc, event, text=BAD)
    page = response.content.decode()
    assert response.status_code == 400
    assert "line 3: the name is empty" in page
    assert "line 4: rating &#x27;lots&#x27; is not a whole number" in page
    assert "Bo Park,,lots" in page  # the textarea keeps what was pasted
    assert "Import these" not in page
    assert not Entrant.objects.exists()


def test_bad_uploaded_file_lines_shown(dc, event):
    upload = SimpleUploadedFile("players.csv", BAD.encode(), "text/csv")
    page = preview(dc, event, file=upload).content.decode()
    assert "line 3: the name is empty" in page
    assert not Entrant.objects.exists()


def test_import_needs_a_file_or_text(dc, event):
    page = preview(dc, event, text="  ").content.decode()
    assert "Choose a CSV file or paste the list" in page


@pytest.mark.parametrize(("text", "delimiter"), [
    ("name;club;rating\nLee, Ann;Leek DC;1800\nPark, Bo;;1650\n", "semicolon"),
    ("name\tclub\trating\nLee, Ann\tLeek DC\t1800\nPark, Bo\t\t1650\n", "tab"),
    ('name,club,rating\n"Lee, Ann",Leek DC,1800\n"Park, Bo",,1650\n', "comma"),
])
def test_delimiter_detected(dc, event, text, delimiter):
    page = preview(dc, event, text=text).content.decode()
    assert f"Read as {delimiter}-separated, with a header line" in page
    assert confirm(dc, event, text).status_code == 302
    assert list(event.entrants.values_list("name", "club", "rating")) == [
        ("Lee, Ann", "Leek DC", 1800), ("Park, Bo", "", 1650)]


def test_no_header_line_reads_the_documented_columns(dc, event):
    text = "Ann Lee;Leek DC;1800\nBo Park\n"
    page = preview(dc, event, text=text).content.decode()
    assert "without a header line (columns name, club, rating)" in page
    confirm(dc, event, text)
    assert list(event.entrants.values_list("name", "club", "rating")) == [
        ("Ann Lee", "Leek DC", 1800), ("Bo Park", "", None)]


def test_header_may_reorder_and_unknown_column_is_refused(dc, event):
    confirm(dc, event, "rating,name\n1700,Cy Hale\n")
    assert list(event.entrants.values_list("name", "rating")) == [("Cy Hale", 1700)]
    page = preview(dc, event, text="name,clubs\nDi Moss,Stoke\n").content.decode()
    assert ("Line 1: unknown column &#x27;clubs&#x27;: a singles event&#x27;s columns are "
            "name, club, rating, person.") in page


def test_same_name_other_club_warns_same_club_refused(dc, event):
    text = "name,club\nAnn Lee,Leek DC\nAnn Lee,Crewe\n"
    page = preview(dc, event, text=text).content.decode()
    assert "Ann Lee (line 2) has the club Leek DC: check they are two people" in page
    assert "Import these 2 entrants" in page
    confirm(dc, event, text)
    assert event.entrants.filter(name="Ann Lee").count() == 2
    again = preview(dc, event, text="name,club\nann lee,leek dc\n")
    assert again.status_code == 400
    assert "line 2: ann lee (leek dc) is already entered" in again.content.decode()
    twice = preview(dc, event, text="Bo Park,Leek\nBo Park,Leek\n").content.decode()
    assert "line 2: Bo Park (Leek) is already on line 1" in twice


def test_racing_duplicate_is_refused_by_the_database(event, director):
    """Even past the checks (a race), the unique rule refuses an exact double."""
    from django.db import IntegrityError, transaction

    entrants.add_entrant(event, director, name="Ann Lee", club="Leek DC")
    with pytest.raises(IntegrityError), transaction.atomic():
        Entrant.objects.create(tournament=event, number=9, name="ANN LEE", club="leek dc")


@pytest.mark.parametrize(("text", "problem"), [
    ("name\nAnn\x00Lee\n", "line 2: contains a NUL character"),
    ("name\nAnn\ud800Lee\n", "line 2: contains U+D800, half of a character"),
    ("name\nAnn\x07Lee\n", "line 2: contains the control character U+0007"),
    ("name,club\nAnn," + "x" * 201 + "\n", "line 2: club is 201 characters long; at most 200"),
    ("name,club\n" + "x" * 101 + ",Leek\n", "line 2: name: at most 100 characters"),
])
def test_unusable_text_refused_naming_the_line(event, director, text, problem):
    with pytest.raises(ActionError) as refused:
        entrants.import_entrants(event, director, text)
    assert any(p.startswith(problem) for p in refused.value.errors["file"]), \
        refused.value.errors
    assert not Entrant.objects.exists()


def test_nul_pasted_in_the_form_names_the_line(dc, event):
    response = preview(dc, event, text="name\nAnn Lee\nBo\x00Park\n")
    assert response.status_code == 400
    assert "Line 3: contains a NUL character" in response.content.decode()


def test_too_large_file_refused(dc, event):
    from tournament.interchange.entrants_csv import MAX_BYTES

    upload = SimpleUploadedFile("players.csv", b"x\n" * (MAX_BYTES // 2 + 1), "text/csv")
    page = preview(dc, event, file=upload).content.decode()
    assert f"a list may be at most {MAX_BYTES:,} bytes" in page
    page = preview(dc, event, text="y\n" * (MAX_BYTES // 2 + 1)).content.decode()
    assert f"The list is larger than {MAX_BYTES:,} bytes" in page
    assert not Entrant.objects.exists()


def test_too_many_entrants_refused(event, director):
    from tournament.rules.entrant_rules import MAX_ENTRANTS

    entrants.import_entrants(event, director, "\n".join(f"P{i}" for i in range(MAX_ENTRANTS - 1)))
    with pytest.raises(ActionError) as refused:
        entrants.import_entrants(event, director, "Q1\nQ2\n")
    assert refused.value.errors["file"] == [
        f"2 entrants: an event takes at most {MAX_ENTRANTS:,} and already has "
        f"{MAX_ENTRANTS - 1:,}"]
    entrants.add_entrant(event, director, name="Last one")
    with pytest.raises(ActionError, match="at most 2,000 entrants"):
        entrants.add_entrant(event, director, name="One too many")


def test_add_entrant_and_refusal_keeps_input(dc, seeded):
    response = dc.post(url(seeded, "add_entrant"), {"name": "Di Moss", "club": "Stoke",
                                                    "rating": "2100"})
    assert response.status_code == 302
    assert seeded.entrants.get(name="Di Moss").number == 1  # highest rating before round 1
    response = dc.post(url(seeded, "add_entrant"), {"name": "di moss", "club": "stoke",
                                                    "rating": "1"})
    page = response.content.decode()
    assert response.status_code == 400
    assert "di moss (stoke) is already entered as number 1" in page
    assert 'value="di moss"' in page and 'value="1"' in page
    assert seeded.entrants.count() == 9
    # Another club tells two people of one name apart: entered, with a warning.
    response = dc.post(url(seeded, "add_entrant"), {"name": "Di Moss", "club": "Hanley"},
                       follow=True)
    assert "1. Di Moss has the club Stoke: check they are two people" in \
        response.content.decode()
    assert seeded.entrants.filter(name="Di Moss").count() == 2


def test_unusable_text_in_the_form_is_refused_naming_the_field(dc, event, director):
    response = dc.post(url(event, "add_entrant"), {"name": "Ann\x07Lee"})
    assert response.status_code == 400
    assert "Contains the control character U+0007." in response.content.decode()
    with pytest.raises(ActionError) as refused:
        entrants.add_entrant(event, director, name="Ann\ud800")
    assert refused.value.errors["name"] == [
        "Name: contains U+D800, half of a character (a lone surrogate) that cannot be "
        "written as UTF-8."]
    assert not Entrant.objects.exists()


def test_delete_an_entrant_never_paired(dc, seeded, director):
    e = seeded.entrants.get(name="Player 8")  # the highest rating: number 1
    assert "Delete Player 8" in dc.get(url(seeded, "entrant", e.pk)).content.decode()
    # Without a reason: refused beside the delete box, which is its own on the page.
    response = dc.post(url(seeded, "delete_entrant", e.pk), {"reason": " "})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Say why Player 8 is deleted" in page
    assert "Deleting an entrant needs a reason." in page
    assert 'id="delete_reason"' in page and 'id="status_reason"' in page
    assert seeded.entrants.filter(pk=e.pk).exists()
    dc.post(url(seeded, "delete_entrant", e.pk), {"reason": "entered twice"})
    assert not seeded.entrants.filter(name="Player 8").exists()
    assert list(seeded.entrants.values_list("number", flat=True)) == list(range(1, 8))
    entry = AuditEntry.objects.get(action="delete_entrant")
    assert (entry.reason, entry.detail["name"], entry.detail["entrant"]) == (
        "entered twice", "Player 8", 1)


def test_a_paired_entrant_cannot_be_deleted(dc, seeded, director):
    rounds.pair_round(seeded, director)
    e = seeded.entrants.get(name="Player 2")
    assert "Delete Player 2" not in dc.get(url(seeded, "entrant", e.pk)).content.decode()
    response = dc.post(url(seeded, "delete_entrant", e.pk), follow=True)
    assert "has been paired" in response.content.decode()
    assert seeded.entrants.filter(pk=e.pk).exists()
    # A late entry never paired may go; the numbers stay 1..N.
    late = entrants.add_entrant(seeded, director, name="Late Lou")
    entrants.delete_entrant(late, director, reason="typo")
    assert list(seeded.entrants.values_list("number", flat=True)) == list(range(1, 9))


def test_late_entry_after_round_one(dc, seeded, director):
    rounds.pair_round(seeded, director)
    dc.post(url(seeded, "add_entrant"), {"name": "Late Larry", "rating": "2500"})
    assert seeded.entrants.get(name="Late Larry").number == 9
    assert AuditEntry.objects.filter(summary="Late entry Late Larry").exists()


def test_edit_entrant(dc, seeded):
    e = seeded.entrants.get(name="Player 3")
    page = dc.get(url(seeded, "entrant", e.pk)).content.decode()
    assert 'value="Player 3"' in page
    response = dc.post(url(seeded, "entrant", e.pk), {"name": "Player Three", "club": "Leek",
                                                      "rating": "1503", "reason": "typo"})
    assert response.status_code == 302
    e.refresh_from_db()
    assert (e.name, e.club) == ("Player Three", "Leek")
    response = dc.post(url(seeded, "entrant", e.pk), {"name": "Player 4", "rating": "x"})
    page = response.content.decode()
    assert "Player 4 is already entered" not in page  # the form refuses the rating first
    assert "Enter a whole number" in page and 'value="Player 4"' in page


def test_withdraw_and_reinstate(dc, seeded, director):
    rounds.pair_round(seeded, director)
    e = seeded.entrants.get(name="Player 2")
    dc.post(url(seeded, "withdraw", e.pk), {"reason": "unwell"})
    e.refresh_from_db()
    assert e.withdrawn_after_round == 1
    assert AuditEntry.objects.get(action="withdraw_entrant").reason == "unwell"
    assert "withdrawn after round 1" in dc.get(url(seeded, "entrants")).content.decode()
    dc.post(url(seeded, "reinstate", e.pk), {"reason": "better"})
    e.refresh_from_db()
    assert e.withdrawn_after_round is None
    response = dc.post(url(seeded, "reinstate", e.pk), follow=True)
    assert "has not withdrawn" in response.content.decode()


def test_forbidden_pair_add_list_remove(dc, seeded):
    a, b = seeded.entrants.all()[:2]
    response = dc.post(url(seeded, "add_forbidden_pair"),
                       {"first": a.pk, "second": b.pk, "reason": "married"})
    assert response.status_code == 302
    pair = ForbiddenPair.objects.get()
    assert "married" in dc.get(url(seeded, "entrants")).content.decode()
    page = dc.post(url(seeded, "add_forbidden_pair"),
                   {"first": b.pk, "second": a.pk}).content.decode()
    assert "already kept apart" in page
    page = dc.post(url(seeded, "add_forbidden_pair"),
                   {"first": a.pk, "second": a.pk}).content.decode()
    assert "cannot be kept apart from themselves" in page
    dc.post(url(seeded, "remove_forbidden_pair", pair.pk))
    assert not ForbiddenPair.objects.exists()


def test_entrant_of_another_event_is_404(dc, seeded, director):
    from tournament.actions import entrants, events

    other = events.create_tournament(director, name="Other")
    stranger = entrants.add_entrant(other, director, name="Elsewhere")
    assert dc.get(url(seeded, "entrant", stranger.pk)).status_code == 404
    assert dc.post(url(seeded, "withdraw", stranger.pk)).status_code == 404


def test_a_refused_reason_comes_back_as_typed_in_its_own_box(dc, seeded):
    e = seeded.entrants.get(name="Player 3")
    typed = "x" * (MAX_REASON + 1)
    response = dc.post(url(seeded, "delete_entrant", e.pk), {"reason": typed})
    assert response.status_code == 400
    page = response.content.decode()
    assert f"at most {MAX_REASON} characters" in page
    # The delete box holds what was typed; the withdraw box stays empty.
    delete_box = re.search(r'<input[^>]*id="delete_reason"[^>]*>', page).group(0)
    assert f'value="{typed}"' in delete_box and page.count(typed) == 1
    assert f'maxlength="{MAX_REASON}"' in page
    assert seeded.entrants.filter(pk=e.pk).exists()


def preview_rows(page: str) -> list[list[str]]:
    """The preview table's rows, each its cells' text (the header row first)."""
    table = page[page.index('<table class="preview">'):page.index("</table>")]
    return [[" ".join(re.sub(r"<[^>]+>", " ", cell).split())
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)]


def test_a_line_of_too_many_values_keeps_to_the_columns_and_its_error_to_check(dc, event):
    text = "Ann Lee,Leek DC,1800,extra,more\nBo Park,,1650\n"
    rows = preview_rows(preview(dc, event, text=text).content.decode())
    assert rows[0] == ["Line", "name", "club", "rating", "Entrant", "Check"]
    assert rows[1] == ["1", "Ann Lee", "Leek DC", "1800", "",
                       "5 values, expected at most 3 (name, club, rating)"]
    assert rows[2] == ["2", "Bo Park", "", "1650", "Bo Park (1650)", "ok"]


def test_one_entrant_is_one_entrant(dc, event):
    text = "name,club\nAnn Lee,Leek DC\n"
    assert "Import this 1 entrant</button>" in preview(dc, event, text=text).content.decode()
    page = dc.post(url(event, "confirm_import"), {"csv": text}, follow=True).content.decode()
    assert "1 entrant imported." in page
    assert AuditEntry.objects.get(action="import_entrants").summary == (
        "Imported 1 entrant from CSV")


def test_a_list_of_no_entrants_is_refused_in_a_sentence(dc, event):
    response = preview(dc, event, text="name,club,rating\n")
    assert response.status_code == 400
    assert "The list holds no entrants." in response.content.decode()


def test_one_entrant_too_many_is_counted_as_one():
    from tournament.interchange.entrants_csv import parse_entrants
    from tournament.rules.entrant_rules import MAX_ENTRANTS

    full = [(f"P{i}", "") for i in range(MAX_ENTRANTS)]
    assert parse_entrants("Q1\n", existing=full).errors == [
        f"1 entrant: an event takes at most {MAX_ENTRANTS:,} and already has "
        f"{MAX_ENTRANTS:,}"]
