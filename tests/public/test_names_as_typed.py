"""Issue 21 #9 and #10: names found as people type them (accents, case, the kind of
apostrophe; one answer per pair, the partner searched for first) and listed A-Z by the
Unicode collation algorithm, not by code point."""

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from tournament.models import Entrant, Round, Tournament
from tournament.text.collation import a_to_z, name_key
from tournament.text.folding import fold, fold_char, fold_table

from .conftest import board

NAMES = ["Zoë Brontë", "Björn Ångström", "Łukasz Nowak", "José Müller", "Naomi O’Brien",
         "Ann Lee"]


@pytest.mark.parametrize(("name", "key"), [
    ("Zoë Brontë", "zoe bronte"), ("Björn Ångström", "bjorn angstrom"),
    ("Łukasz Nowak", "lukasz nowak"), ("José Müller", "jose muller"),
    ("Naomi O’Brien", "naomi obrien"), ("O'BRIEN", "obrien"), ("  Ann   LEE ", "ann lee")])
def test_fold(name, key):
    assert fold(name) == key


def test_the_fold_table_skips_ascii_names_and_says_the_same():
    """fold_table passes over a name with nothing beyond ASCII (most of a big round's): the
    same table as looking at every character of every name."""
    texts = [*NAMES, "", None, "ANN LEE", "ǅemal Ǆ", "Straße", "İlker", "ß", "Ⅻ Smith", "x²"]

    def every_character(texts):
        table = {}
        for text in texts:
            for c in set(text or ""):
                for v in (c, c.lower(), c.upper()):
                    if len(v) == 1 and not v.isascii():
                        table[v] = fold_char(v)
        return dict(sorted(table.items()))

    assert fold_table(texts) == every_character(texts)
    assert list(fold_table(texts)) == list(every_character(texts))
    assert fold_table(["Ann Lee", "Bo Park"]) == {}
    assert fold_table(["Łukasz"]) == {"Ł": "L", "ł": "l"}


def test_a_to_z_is_by_collation_not_code_point():
    assert a_to_z(["Zoë", "Łukasz", "Émile", "ann", "Bo", "Lukas"]) == [
        "ann", "Bo", "Émile", "Lukas", "Łukasz", "Zoë"]
    assert sorted(NAMES) != a_to_z(NAMES)  # code points put Ł and Z... wrongly
    assert name_key("Łukasz") < name_key("Zoë")


@pytest.fixture
def accents(db):
    t = Tournament.objects.create(name="Accents Open", slug="accents", status="running",
                                  rounds_planned=5)
    people = [Entrant.objects.create(tournament=t, number=i + 1, name=n)
              for i, n in enumerate(NAMES)]
    r1 = Round.objects.create(tournament=t, number=1, status="published")
    for i in range(0, len(people), 2):
        board(r1, i // 2 + 1, people[i], people[i + 1])
    return t


def answers(client, slug, typed):
    page = client.get(reverse("public:round", args=[slug, 1]), {"find": typed}).content.decode()
    block = page.split('id="find-answer"')[1].split("</div>")[0]
    return [html.unescape(re.sub(r"<[^>]+>", "", a)).split(",")[0].strip()
            for a in re.findall(r'<p class="answer">(.*?)</p>', block, re.S)]


@pytest.mark.parametrize(("typed", "found"), [
    ("zoe", "Zoë Brontë"), ("ZOË", "Zoë Brontë"), ("bjorn angstrom", "Björn Ångström"),
    ("lukasz", "Łukasz Nowak"), ("łukasz", "Łukasz Nowak"), ("jose muller", "José Müller"),
    ("o'brien", "Naomi O’Brien"), ("O’Brien", "Naomi O’Brien"), ("obrien", "Naomi O’Brien")])
def test_find_ignores_accents_case_and_apostrophes(client, accents, typed, found):
    assert answers(client, "accents", typed) == [found]


def test_the_page_ships_each_name_folded_for_find_js(client, accents):
    page = client.get(reverse("public:round", args=["accents", 1])).content.decode()
    assert 'data-find="lukasz nowak">Łukasz Nowak</a>' in page
    assert 'data-find="naomi obrien">Naomi O’Brien</a>' in page


TYPED = ["zoe", "ZOË", "bjorn angstrom", "BJÖRN ÅNGSTRÖM", "lukasz", "łukasz", "Łukasz",
         "jose muller", "josé MÜLLER", "o'brien", "O’Brien", "obrien", "naomi  o’brien ",
         "²", "nobody"]
FIND_JS = Path(__file__).resolve().parents[2] / "tournament/static/js/find.js"


def js_fold(table: dict, typed: list[str]) -> list:
    """find.js's own fold(), run by node with the page's folding table."""
    body = re.search(r"\n  function fold\(typed\) \{.*?\n  \}\n", FIND_JS.read_text(),
                     re.S).group(0)
    stub = "var document = {getElementById: function () { return {textContent: " + \
        json.dumps(json.dumps(table)) + "}; }};"
    run = "process.stdout.write(JSON.stringify(" + json.dumps(typed) + ".map(fold)));"
    script = stub + body + run
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
def test_find_js_folds_what_is_typed_as_the_server_does(client, accents):
    """The page carries its names' folding table; with it find.js folds a name typed with
    accents, capitals or another apostrophe exactly as folding.fold (so it finds whom the
    server's search finds), and leaves to the server only a character of no name here."""
    page = client.get(reverse("public:round", args=["accents", 1])).content.decode()
    table = json.loads(html.unescape(re.search(
        r'<script id="fold-table" type="application/json">(.*?)</script>', page).group(1)))
    assert (table["Ł"], table["ł"], table["ö"]) == ("L", "l", "o")
    folded = js_fold(table, TYPED)
    assert folded == [None if t == "²" else fold(t) for t in TYPED]
    assert js_fold(table, ["Ørjan", "Анна"]) == [None, None]  # no such letter here


def first_names(page):
    """The first linked name of each row of the page's table."""
    body = page.split("<tbody")[1].split("</tbody>")[0]
    return [re.search(r"<a [^>]*>([^<]+)</a>", row).group(1)
            for row in body.split("<tr")[1:]]


def test_the_a_to_z_list_and_sorting_by_name_collate(client, accents):
    order = ["Ann Lee", "Björn Ångström", "José Müller", "Łukasz Nowak", "Naomi O’Brien",
             "Zoë Brontë"]
    alpha = client.get(reverse("public:round", args=["accents", 1]), {"print": "alpha"})
    assert first_names(alpha.content.decode()) == order
    for view in ("public:standings", "public:crosstable"):
        page = client.get(reverse(view, args=["accents"]), {"sort": "name"})
        assert first_names(page.content.decode()) == order, view
    pairings = client.get(reverse("public:round", args=["accents", 1]), {"sort": "side0_name"})
    assert first_names(pairings.content.decode()) == ["Łukasz Nowak", "Naomi O’Brien",
                                                      "Zoë Brontë"]


@pytest.fixture
def jacks(db):
    t = Tournament.objects.create(name="Jacks Pairs", slug="jacks", status="running",
                                  ruleset="bndcc", entrants_kind="pairs", rounds_planned=3)
    one = Entrant.objects.create(tournament=t, number=1, name="Jack Smith & Ann Lee", members=[
        {"name": "Ann Lee"}, {"name": "Jack Smith"}])
    two = Entrant.objects.create(tournament=t, number=2, name="Cy Hale & Di Fox", members=[
        {"name": "Cy Hale"}, {"name": "Di Fox"}])
    board(Round.objects.create(tournament=t, number=1, status="published"), 1, one, two)
    return t


def test_a_pair_is_answered_once_naming_the_partner_searched_for(client, jacks):
    assert answers(client, "jacks", "jack") == ["Jack Smith (Jack Smith & Ann Lee)"]
    assert answers(client, "jacks", "ann") == ["Ann Lee (Jack Smith & Ann Lee)"]
    assert answers(client, "jacks", "smith lee") == ["Jack Smith & Ann Lee"]
    page = client.get(reverse("public:round", args=["jacks", 1])).content.decode()
    assert '<span data-find="jack smith">Jack Smith</span>' in page
