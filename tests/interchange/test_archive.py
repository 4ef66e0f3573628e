import copy
import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.built_once import built_once
from tournament.models import Match, Tournament


@pytest.fixture(scope="module")
def demo_for_archives(django_db_setup, django_db_blocker):
    """The demo, loaded once for the module's tests."""
    with built_once(django_db_blocker):
        call_command("load_demo", stdout=io.StringIO())
        yield


@pytest.fixture
def demo_open(demo_for_archives, db):
    return Tournament.objects.get(slug="demo-open")  # the singles one of the two


def rounds_of(doc) -> list:
    """The archive's rounds in the event's order, whether it has stages or not."""
    return doc["rounds"] if "rounds" in doc else [r for s in doc["stages"] for r in s["rounds"]]


def round_path(doc, i) -> str:
    """The JSON path of the event's round i (from 0) in the archive."""
    if "rounds" in doc:
        return f"/rounds/{i}"
    for k, stage in enumerate(doc["stages"]):
        if i < len(stage["rounds"]):
            return f"/stages/{k}/rounds/{i}"
        i -= len(stage["rounds"])
    raise IndexError(i)


def export(slug) -> dict:
    out = io.StringIO()
    call_command("export_tournament", slug, stdout=out)
    return json.loads(out.getvalue())


def test_export_after_import_gives_the_same_document(demo_open, tmp_path):
    first = export(demo_open.slug)
    path = tmp_path / "a.json"
    path.write_text(json.dumps(first))
    call_command("import_tournament", str(path), slug="copy", stderr=io.StringIO())
    assert export("copy") == first
    copy_event = Tournament.objects.get(slug="copy")
    assert copy_event.top_seed_starts == demo_open.top_seed_starts
    # The live round is imported open for entry; its unplayed boards stay pending.
    assert Match.objects.filter(round__tournament=copy_event, status="pending").count() == \
        Match.objects.filter(round__tournament=demo_open, status="pending").count()


def test_archive_shape(demo_open):
    doc = export(demo_open.slug)
    assert doc["format"] == "fives-and-threes-tournament/1"
    assert [p["id"] for p in doc["players"]] == list(range(1, 25))
    # A Swiss and its top-8 knock-out: the rounds are in the stages.
    assert "rounds" not in doc and [s["kind"] for s in doc["stages"]] == ["swiss", "knockout"]
    rounds = [r for s in doc["stages"] for r in s["rounds"]]
    assert [len(s["rounds"]) for s in doc["stages"]] == [5, 2]
    byes = [m for r in rounds for m in r["matches"] if m.get("bye")]
    assert all(m["players"][1] is None for m in byes)
    records = [m["record"] for r in rounds for m in r["matches"] if "record" in m]
    assert records and all(r["format"] == "fives-and-threes-match/1" for r in records)


@pytest.mark.parametrize("damage, path", [
    (lambda d: d.update(format="other"), "/format"),
    (lambda d: d["players"][3].update(id=1), "/players/3/id"),
    (lambda d: d["players"][2].update(rating="high"), "/players/2/rating"),
    (lambda d: d["stages"][0]["rounds"][1]["matches"][0]["players"].__setitem__(1, 999),
     "/stages/0/rounds/1/matches/0/players/1"),
    (lambda d: d["tiebreaks"].append("coin_toss"), "/tiebreaks/3"),
])
def test_malformed_archive_is_refused_with_the_path_and_nothing_imported(demo_open, tmp_path,
                                                                          damage, path):
    doc = copy.deepcopy(export(demo_open.slug))
    damage(doc)
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(doc))
    with pytest.raises(CommandError) as exc:
        call_command("import_tournament", str(file), slug="bad", stderr=io.StringIO())
    assert path in str(exc.value)
    assert not Tournament.objects.filter(slug="bad").exists()


def test_a_record_breaking_a_rule_is_refused_at_its_path(demo_open, tmp_path):
    doc = export(demo_open.slug)
    where = next((i, j) for i, r in enumerate(rounds_of(doc))
                 for j, m in enumerate(r["matches"]) if "record" in m)
    rounds_of(doc)[where[0]]["matches"][where[1]]["record"]["sets"][0]["score"] = [61, 61]
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(doc))
    with pytest.raises(CommandError) as exc:
        call_command("import_tournament", str(file), slug="bad", stderr=io.StringIO())
    assert f"{round_path(doc, where[0])}/matches/{where[1]}/record/sets/0" in str(exc.value)
    assert not Tournament.objects.filter(slug="bad").exists()


def test_not_json_is_refused(db, tmp_path):
    file = tmp_path / "x.json"
    file.write_text("{not json")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("import_tournament", str(file))


# ------------------------------------------------------------------ exports that cannot break

def test_unwritable_text_in_old_rows_is_replaced_so_every_export_is_valid_utf8_json(
        demo_open, tmp_path, client):
    """A row stored before the doors refused NUL and lone surrogates (or by SQLite) still
    exports: those characters become U+FFFD and the document imports back."""
    from django.db import connection
    if connection.vendor == "postgresql":
        pytest.skip("PostgreSQL refuses to store these characters at all")
    match = Match.objects.filter(round__tournament=demo_open).exclude(record=None).order_by("pk")[0]
    record = dict(match.record, players=["Ann\ud800", "Bo\x00b"])
    Match.objects.filter(pk=match.pk).update(record=record)
    demo_open.entrants.filter(number=3).update(name="Cy\x00 Hale")
    path = tmp_path / "out.json"
    call_command("export_tournament", demo_open.slug, str(path))
    doc = json.loads(path.read_bytes().decode("utf-8"))
    assert doc["players"][2]["name"] == "Cy\ufffd Hale"
    stored = next(m for m in rounds_of(doc)[match.round.number - 1]["matches"]
                  if m["board"] == match.board)
    assert stored["record"] == dict(record, players=["Ann\ufffd", "Bo\ufffdb"])
    # The download is the same text.
    from django.contrib.auth.models import User
    client.force_login(User.objects.get(username=demo_open.officials.filter(
        role="director").first().user.username))
    response = client.get(f"/manage/{demo_open.slug}/archive.json")
    assert response.status_code == 200
    assert json.loads(response.content.decode("utf-8")) == doc
    call_command("import_tournament", str(path), slug="again", stderr=io.StringIO())
    assert export("again")["players"][2]["name"] == "Cy\ufffd Hale"


def test_a_failed_export_leaves_the_old_file_whole(demo_open, tmp_path, monkeypatch):
    path = tmp_path / "event.json"
    path.write_text("the old archive\n")

    def broken(tournament):
        raise RuntimeError("the database went away mid-export")

    monkeypatch.setattr("tournament.management.commands.export_tournament.archive_json", broken)
    with pytest.raises(RuntimeError):
        call_command("export_tournament", demo_open.slug, str(path))
    assert path.read_text() == "the old archive\n"
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]  # no temporary left


def test_export_replaces_the_file_when_it_succeeds(demo_open, tmp_path):
    path = tmp_path / "event.json"
    path.write_text("the old archive\n")
    call_command("export_tournament", demo_open.slug, str(path))
    assert json.loads(path.read_text())["name"] == demo_open.name
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]


# ------------------------------------------------------------------ the board's first-set starter

def live_board(demo):
    """A board of the demo's live round without a result, and the demo's director."""
    from tournament.models import Official
    director = Official.objects.get(tournament=demo, role="director").user
    board = (Match.objects.filter(round__tournament=demo, status="pending")
             .exclude(side1=None).order_by("round__number", "board").first())
    return board, director


def test_a_directors_set_one_starter_survives_the_round_trip(demo_open, tmp_path):
    from tournament.actions import results
    board, director = live_board(demo_open)
    results.set_first_set_starter(board.pk, director, seat=1, reason="agreed at the table")
    results.submit_result(board.pk, director, version=0, record={
        "format": "fives-and-threes-match/1", "ruleset": "mso",
        "sets": [{"score": [61, 7]}, {"score": [61, 8]}]})
    doc = export(demo_open.slug)
    where = next(m for m in rounds_of(doc)[board.round.number - 1]["matches"]
                 if m["board"] == board.board)
    assert where["first_set_starter"] == 1 and where["record"]["first_set_starter"] == 1
    path = tmp_path / "a.json"
    path.write_text(json.dumps(doc))
    call_command("import_tournament", str(path), slug="copy", stderr=io.StringIO())
    assert export("copy") == doc
    copied = Match.objects.get(round__tournament__slug="copy",
                               round__number=board.round.number, board=board.board)
    assert copied.first_set_starter == 1
    assert [s.starter for s in copied.sets.order_by("number")] == [1, 0]


def archive_with(demo, change):
    """The demo's archive with one played record changed by `change(match)`, imported."""
    from tournament.actions import ActionError
    from tournament.actions.archive import import_tournament
    doc = export(demo.slug)
    match = next(m for r in rounds_of(doc) for m in r["matches"]
                 if "record" in m and "abandoned_by" not in m)
    change(match)
    with pytest.raises(ActionError) as refused:
        import_tournament(doc, None, slug="bad")
    assert not Tournament.objects.filter(slug="bad").exists()
    return str(refused.value)


def test_a_record_that_contradicts_its_boards_set_one_starter_is_refused(demo_open):
    message = archive_with(demo_open, lambda m: m["record"].update(first_set_starter=1))
    assert "/record/first_set_starter: seat 0 starts set 1 on this board" in message
    message = archive_with(demo_open, lambda m: m.update(first_set_starter=1))
    assert "/record/first_set_starter: seat 1 starts set 1 on this board" in message
    message = archive_with(demo_open, lambda m: m.update(first_set_starter=2))
    assert "/first_set_starter: the seat that starts set 1: 0 to 1" in message


def test_an_abandoned_record_is_checked_as_result_entry_checks_it(demo_open):
    """The sets of a record already decide its match: entry refuses calling it abandoned,
    and so does the import now (the archive had its own, looser check)."""
    def abandon(m):
        m["abandoned_by"] = m["players"][0]
        m["record"].pop("result", None)
    message = archive_with(demo_open, abandon)
    assert re.search(r"/record/sets: (side A had already won \d sets, the match, before "
                     r"abandoning|the sets already decide the match for side B)", message)
