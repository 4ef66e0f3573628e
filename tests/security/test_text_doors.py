"""Every director door refuses unusable text (NUL, other controls, lone surrogates) with an
error naming the field, never a 500; on PostgreSQL too, which rejects NUL outright
(`make test-postgres` runs this file there)."""

import pytest
from django.contrib.auth.models import Permission, User
from django.urls import reverse

from tournament.actions import ActionError, entrants, events
from tournament.models import AuditEntry, Entrant, ForbiddenPair, Official, Tournament
from tournament.text.clean import TextError, clean_text

pytestmark = pytest.mark.django_db

BAD = ["a\x00b", "a\x1bb", "a\x7fb"]


@pytest.fixture
def boss(db):
    user = User.objects.create_user("boss", password="pw-123456")
    user.user_permissions.add(Permission.objects.get(codename="direct_events"))
    return User.objects.get(pk=user.pk)


@pytest.fixture
def door_open(boss):
    event = events.create_tournament(boss, name="Door Open")
    entrants.import_entrants(event, boss, "Ann Lee\nBo Park\n")
    return event


def form_posts(event):
    """(url, data, field) for every director form field that takes text."""
    a, b = event.entrants.all()[:2]
    slug = event.slug
    settings = {"name": "Door Open", "ruleset": "mso", "rounds_planned": "5",
                "entrants_kind": "singles", "match_target": "61", "sets_to_win": "2",
                **{f"points_{k}": "1" for k in Tournament().points},
                "tiebreak_1": "mso_spread"}
    r = lambda name, *args: reverse(f"director:{name}", args=[slug, *args])  # noqa: E731
    return [
        (reverse("director:create"), {**settings, "name": "{}", "slug": ""}, "name"),
        (reverse("director:create"), {**settings, "name": "X", "slug": "{}"}, "slug"),
        (r("settings"), {**settings, "name": "{}"}, "name"),
        (r("settings"), {**settings, "name": "New name", "reason": "{}"}, "reason"),
        (r("add_official"), {"username": "{}", "role": "arbiter"}, "username"),
        (r("add_entrant"), {"name": "{}"}, "name"),
        (r("add_entrant"), {"name": "Cy Hale", "club": "{}"}, "club"),
        (r("entrant", a.pk), {"name": "{}"}, "name"),
        (r("entrant", a.pk), {"name": "Ann Lee", "reason": "{}"}, "reason"),
        (r("add_forbidden_pair"), {"first": a.pk, "second": b.pk, "reason": "{}"}, "reason"),
        (r("delete_event"), {"confirm_slug": slug, "reason": "{}"}, "reason"),
    ]


@pytest.mark.parametrize("bad", BAD)
def test_every_form_field_refuses_unusable_text(client_for, boss, door_open, bad):
    c = client_for(boss)
    before = (AuditEntry.objects.count(), Tournament.objects.count(),
              Entrant.objects.count(), ForbiddenPair.objects.count(), Official.objects.count())
    for url, data, field in form_posts(door_open):
        data = {k: v.replace("{}", bad) if isinstance(v, str) else v for k, v in data.items()}
        response = c.post(url, data)
        page = response.content.decode()
        assert response.status_code == 400, (url, field, response.status_code)
        assert f'id="id_{field}"' in page and 'aria-invalid="true"' in page, (url, field)
        assert "contains" in page.lower() or "null characters" in page.lower(), (url, field)
    assert before == (AuditEntry.objects.count(), Tournament.objects.count(),
                      Entrant.objects.count(), ForbiddenPair.objects.count(),
                      Official.objects.count())


@pytest.mark.parametrize("bad", BAD)
def test_reasons_posted_to_status_doors_are_refused(client_for, boss, door_open, bad):
    c = client_for(boss)
    a = door_open.entrants.first()
    slug = door_open.slug
    for name in ("withdraw", "delete_entrant"):
        response = c.post(reverse(f"director:{name}", args=[slug, a.pk]),
                          {"reason": f"x{bad}"})
        assert response.status_code == 400  # the entrant's page again, the reason kept
        assert "The reason:" in response.content.decode()
    response = c.post(reverse("director:hide", args=[slug]), {"hidden": "on",
                                                              "reason": f"x{bad}"})
    assert response.status_code == 302
    a.refresh_from_db()
    door_open.refresh_from_db()
    assert not a.withdrawn and not door_open.hidden


@pytest.mark.parametrize("bad", ["Ann\x00", "Ann\ud800", "Ann\x1b"])
def test_actions_refuse_it_from_any_caller(boss, door_open, bad):
    calls = [
        lambda: events.create_tournament(boss, name=bad),
        lambda: events.update_settings(door_open, boss, name=bad),
        lambda: events.add_official(door_open, boss, username=bad, create=True,
                                    password="domino-5s-3s"),
        lambda: entrants.add_entrant(door_open, boss, name=bad),
        lambda: entrants.add_entrant(door_open, boss, name="Cy", club=bad),
        lambda: entrants.edit_entrant(door_open.entrants.first(), boss, name="Ann Lee",
                                      reason=bad),
        lambda: entrants.import_entrants(door_open, boss, f"name\n{bad}\n"),
        lambda: events.set_hidden(door_open, boss, hidden=True, reason=bad),
        lambda: events.delete_tournament(door_open, boss, reason=bad),
    ]
    for call in calls:
        with pytest.raises(ActionError) as refused:
            call()
        assert refused.value.errors, refused.value.message
    assert Tournament.objects.count() == 1 and Entrant.objects.count() == 2


def test_a_pairs_member_with_nul_is_refused(boss):
    event = events.create_tournament(boss, name="Pairs", ruleset="bndcc",
                                     entrants_kind="pairs")
    with pytest.raises(ActionError) as refused:
        entrants.add_entrant(event, boss, members=[{"name": "A\x00"}, {"name": "B"}])
    assert refused.value.errors == {
        "member1": ["Member1: contains a NUL character (\\x00), which text may not hold."]}


def test_clean_text_is_the_one_rule():
    assert clean_text("Ann Lee\tLeek\r\n", "name") == "Ann Lee\tLeek\r\n"
    assert clean_text(None, "name") == ""
    for bad, words in (("\x00", "NUL"), ("\ud83d", "lone surrogate"), ("\x85", r"U\+0085")):
        with pytest.raises(TextError, match=words) as refused:
            clean_text(f"a{bad}", "club")
        assert str(refused.value).startswith("club: contains ")
    with pytest.raises(TextError, match=r"name: at most 3 characters \(this has 4\)"):
        clean_text("abcd", "name", 3)
    with pytest.raises(TextError, match="expected text, not int"):
        clean_text(5, "name")
