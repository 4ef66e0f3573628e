import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.models import Rating

from .events import FOUR, archive, imported

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command("ratings", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_json_is_the_list_best_first_and_rebuild_restores_it():
    imported(archive("A", FOUR, [[(1, 2, 1), (3, 4, 3)], [(1, 3, 1), (2, 4, 4)]]), "a")
    rows = json.loads(run("--ruleset", "mso", "--json"))
    assert [r["person"] for r in rows][0] == "ann"
    assert set(rows[0]) == {"person", "name", "club", "mu", "sigma", "rating", "matches"}
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    assert all(r["rating"] == pytest.approx(r["mu"] - 3 * r["sigma"]) for r in rows)
    Rating.objects.all().update(mu=0, sigma=1, rating=-3)  # damage the stored list
    run("--rebuild")
    assert json.loads(run("--ruleset", "mso", "--json")) == rows
    assert "Ann Lee (ann)" in run("--ruleset", "mso")
    assert json.loads(run("--ruleset", "bndcc", "--json")) == []


def test_an_empty_list_says_so():
    with pytest.raises(CommandError, match="nobody"):
        run("--ruleset", "bndcc")
