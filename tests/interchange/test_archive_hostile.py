"""Hostile and pairs archives: our own clear error or an exact import, never a traceback."""

import copy
import io
import json
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.actions import ActionError
from tournament.actions.archive import import_tournament
from tournament.models import Entrant, Match, Tournament
from tournament.models.event import DEFAULT_POINTS

from ..json_paths import nodes, parent_of

pytestmark = pytest.mark.django_db

REC = {"format": "fives-and-threes-match/1", "ruleset": "bndcc", "seats": 4,
       "players": ["Ann Lee", "Cy Hale", "Bo Park", "Di Fox"],
       "sets": [{"score": [61, 40], "starter": 0}, {"score": [61, 30], "starter": 3}]}

PAIRS = {
    "format": "fives-and-threes-tournament/1", "name": "Leek Pairs", "ruleset": "bndcc",
    "entrants": "pairs", "match": {"target": 61, "sets_to_win": 2}, "rounds_planned": 3,
    "points": dict(DEFAULT_POINTS),
    "tiebreaks": ["mso_head_to_head", "mso_spread", "sonneborn_berger"],
    "players": [
        {"id": 1, "name": "Lee & Park", "rating": 1800,
         "members": [{"name": "Ann Lee", "club": "Leek DC"}, {"name": "Bo Park"}]},
        {"id": 2, "name": "Hale & Fox", "members": [{"name": "Cy Hale"}, {"name": "Di Fox"}]},
        {"id": 3, "name": "Gee & Ho", "members": [{"name": "Al Gee"}, {"name": "Em Ho"}]},
    ],
    "rounds": [{"number": 1, "matches": [
        {"board": 1, "players": [1, 2], "record": REC},
        {"board": 2, "players": [3, None], "bye": True}]}],
}


def export(slug) -> dict:
    out = io.StringIO()
    call_command("export_tournament", slug, stdout=out)
    return json.loads(out.getvalue())


def test_a_pairs_archive_round_trips_exactly(tmp_path):
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(PAIRS))
    call_command("import_tournament", str(path), stderr=io.StringIO())
    t = Tournament.objects.get()
    assert (t.entrants_kind, t.match_target, t.sets_to_win) == ("pairs", 61, 2)
    assert Entrant.objects.get(number=1).members == [
        {"name": "Ann Lee", "club": "Leek DC"}, {"name": "Bo Park", "club": ""}]
    assert Match.objects.get(board=1).winner.number == 1
    assert export(t.slug) == PAIRS


def test_standings_of_a_pairs_event_rank_pairs():
    t = import_tournament(copy.deepcopy(PAIRS), None)
    out = io.StringIO()
    call_command("standings", t.slug, "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [(r["player"], r["name"]) for r in rows] == [
        (1, "Lee & Park"), (3, "Gee & Ho"), (2, "Hale & Fox")]


@pytest.mark.parametrize("damage, path", [
    (lambda d: d["players"][0]["members"].pop(), "/players/0/members"),
    (lambda d: d["players"][1].pop("members"), "/players/1/members"),
    (lambda d: d.update(entrants="trios"), "/entrants"),
    (lambda d: d.update(match={"target": 99, "sets_to_win": 2}), "/match/target"),
    (lambda d: d["rounds"][0]["matches"][0]["record"].update(seats=2, players=["a", "b"]),
     "/rounds/0/matches/0/record/seats"),
    (lambda d: d["rounds"][0]["matches"][0]["record"].update(
        match={"target": 121, "sets_to_win": 2}), "/rounds/0/matches/0/record/match"),
    (lambda d: d["players"][0]["members"][1].update(name="x" * 101),
     "/players/0/members/1/name"),
])
def test_bad_pairs_archives_name_the_path(damage, path):
    refused_at(damage, path)


def refused_at(damage, path):
    """The pairs archive damaged so: refused whole, the message naming `path`."""
    doc = copy.deepcopy(PAIRS)
    damage(doc)
    with pytest.raises(ActionError) as exc:
        import_tournament(doc, None)
    assert f"{path}:" in exc.value.message
    assert not Tournament.objects.exists()


def deep(n):
    return "[" * n + "]" * n


@pytest.mark.parametrize("text, words", [
    (deep(100_000), "nested too deeply"),
    ('{"name": ' + "9" * 5000 + "}", "not readable JSON"),
    ('{"name": "a\\u0000"}', "/name: contains a NUL"),
    ('{"name": "a\\ud800"}', "/name: contains U+D800"),
    ('{"x": ' + deep(200) + "}", "nested more than 16 deep"),
])
def test_hostile_files_get_our_error(tmp_path, text, words):
    path = tmp_path / "hostile.json"
    path.write_text(text)
    with pytest.raises(CommandError) as exc:
        call_command("import_tournament", str(path), stderr=io.StringIO())
    assert words in str(exc.value)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("damage, path", [
    (lambda d: d["rounds"][0]["matches"][0].update(board=10**9), "/rounds/0/matches/0/board"),
    (lambda d: d["players"][0].update(name="x" * 101), "/players/0/name"),
    (lambda d: d["players"][0].update(withdrawn_after_round=10**9),
     "/players/0/withdrawn_after_round"),
    (lambda d: d.update(ruleset=["bndcc"]), "/ruleset"),
    (lambda d: d["tiebreaks"].append({"a": 1}), "/tiebreaks/3"),
    (lambda d: d["rounds"][0]["matches"][0]["players"].__setitem__(0, {"id": 1}),
     "/rounds/0/matches/0/players/0"),
    (lambda d: d["players"].extend({"id": i, "name": f"P{i}", "members": [
        {"name": "a"}, {"name": "b"}]} for i in range(4, 2002)), "/players"),
])
def test_wrong_types_and_huge_values_name_the_path(damage, path):
    refused_at(damage, path)


HOSTILE = [None, True, 0, -1, 1.5, 10**9, -(10**18), "", "x" * 300, "\x00", "\ud800", [], {},
           [1, None], {"a": []}, "bndcc", "singles", "pairs", 2, 3]


def mutate(doc, rng):
    doc = copy.deepcopy(doc)
    path = rng.choice([p for p in nodes(doc) if p])
    parent = parent_of(doc, path)
    if isinstance(parent, dict) and rng.random() < 0.25:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    return doc


def test_mutated_archives_import_wholly_or_not_at_all():
    rng = random.Random(13)
    imported = 0
    for i in range(300):
        doc = mutate(PAIRS, rng)
        before = (Tournament.objects.count(), Entrant.objects.count(), Match.objects.count())
        try:
            t = import_tournament(doc, None, slug=f"case-{i}")
        except ActionError as exc:
            assert exc.message.startswith("The archive was not imported"), exc.message
            assert (Tournament.objects.count(), Entrant.objects.count(),
                    Match.objects.count()) == before
        else:
            imported += 1
            assert t.entrants.count() == len(doc["players"])
    assert 0 < imported < 300
