"""Creating an event, its settings, officials, audit log and archive."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.models import AuditEntry, Official, Tournament
from tournament.models.event import DEFAULT_POINTS

pytestmark = pytest.mark.django_db


def event_form(**overrides):
    data = {"name": "Leek Winter Open", "slug": "", "ruleset": "mso", "rounds_planned": "5",
            "entrants_kind": "singles", "match_target": "61", "sets_to_win": "2",
            **{f"points_{key}": str(value) for key, value in DEFAULT_POINTS.items()},
            "tiebreak_1": "mso_head_to_head", "tiebreak_2": "mso_spread",
            "tiebreak_3": "sonneborn_berger", "require_confirmation": "on"}
    data.update(overrides)
    return data


def test_home_lists_my_events_with_role_and_a_create_button(dc, event):
    page = dc.get(reverse("director:home")).content.decode()
    assert event.name in page and "Director" in page
    assert reverse("director:create") in page


def test_create_form_defaults(dc):
    page = dc.get(reverse("director:create")).content.decode()
    assert 'value="5"' in page  # rounds planned
    assert '<option value="mso_head_to_head" selected>' in page
    assert re.search(r'<input type="checkbox" name="require_confirmation"[^>]* checked>', page)
    assert "Mind Sports Olympiad" in page


def test_create_event(dc, director):
    response = dc.post(reverse("director:create"), event_form(
        tiebreak_1="buchholz", tiebreak_2="", tiebreak_3="wins", points_bye="0.5",
        require_confirmation=""))
    event = Tournament.objects.get(slug="leek-winter-open")
    assert response.status_code == 302 and response.url == reverse("director:event",
                                                                   args=[event.slug])
    assert event.tiebreaks == ["buchholz", "wins"]
    assert event.points["bye"] == 0.5 and event.points["win"] == 1
    assert event.require_confirmation is False
    assert event.is_director(director)


def test_create_refusal_keeps_what_was_typed(dc, event):
    response = dc.post(reverse("director:create"), event_form(name="Another", slug=event.slug))
    page = response.content.decode()
    assert "is taken" in page
    assert 'value="Another"' in page
    assert Tournament.objects.count() == 1


def test_create_rejects_a_repeated_tiebreak(dc):
    response = dc.post(reverse("director:create"), event_form(tiebreak_3="mso_head_to_head"))
    assert "Already chosen as tie-break 1" in response.content.decode()
    assert not Tournament.objects.exists()


def test_reserved_web_address_refused(dc):
    response = dc.post(reverse("director:create"), event_form(name="New"))
    assert "used by the site" in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(("name", "made"), [
    ("Łódź Fives", "lodz-fives"),  # slugify alone gave "odz-fives"
    ("Кубок Москвы", "kubok-moskvy"),  # and nothing at all here
    ("東京オープン", "dongjingopun"),
])
def test_a_name_in_any_script_gives_a_web_address(dc, name, made):
    response = dc.post(reverse("director:create"), event_form(name=name))
    assert response.status_code == 302
    assert Tournament.objects.get().slug == made


def test_a_name_with_no_letters_asks_for_a_web_address(dc):
    response = dc.post(reverse("director:create"), event_form(name="!!!"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "No web address can be made from this name: type one." in page
    assert "type one, such as leek-open" in page and 'value="!!!"' in page
    assert not Tournament.objects.exists()


def test_update_settings(dc, event):
    url = reverse("director:settings", args=[event.slug])
    assert 'value="Spring Open"' in dc.get(url).content.decode()
    response = dc.post(url, event_form(name="Spring Open 2025", rounds_planned="6",
                                       reason="extra evening"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Spring Open 2025" and event.rounds_planned == 6
    assert AuditEntry.objects.filter(action="update_settings", reason="extra evening").exists()


def test_settings_refusal_shown_next_to_field(dc, event):
    response = dc.post(reverse("director:settings", args=[event.slug]),
                       event_form(rounds_planned="40"))
    assert "less than or equal to 30" in response.content.decode()


def test_add_existing_user_as_arbiter(dc, event):
    User.objects.create_user("arnie", password="pw-123456")
    response = dc.post(reverse("director:add_official", args=[event.slug]),
                       {"username": "arnie", "role": "arbiter"})
    assert response.status_code == 302
    assert event.officials.get(user__username="arnie").role == Official.Role.ARBITER
    page = dc.get(reverse("director:event", args=[event.slug])).content.decode()
    assert "arnie" in page and "Arbiter" in page


def test_unknown_user_needs_the_create_box(dc, event):
    # The answer points to the box without saying whether "newbie" exists (issue 21 #16).
    response = dc.post(reverse("director:add_official", args=[event.slug]),
                       {"username": "newbie", "role": "arbiter"}, follow=True)
    page = response.content.decode()
    assert "If there is an account called newbie" in page and "create the account" in page
    assert not User.objects.filter(username="newbie").exists()


def test_invite_by_creating_the_account(dc, event, client):
    response = dc.post(reverse("director:add_official", args=[event.slug]),
                       {"username": "newbie", "role": "director", "create": "on",
                        "password": "domino-5s-3s"})
    assert response.status_code == 302
    assert event.officials.get(user__username="newbie").role == Official.Role.DIRECTOR
    assert client.login(username="newbie", password="domino-5s-3s")


def test_remove_official(dc, event, arbiter):
    official = event.officials.get(user=arbiter)
    dc.post(reverse("director:remove_official", args=[event.slug, official.pk]))
    assert not event.officials.filter(user=arbiter).exists()


def test_director_cannot_remove_themselves(dc, event, director):
    official = event.officials.get(user=director)
    response = dc.post(reverse("director:remove_official", args=[event.slug, official.pk]),
                       follow=True)
    assert "cannot remove yourself" in response.content.decode()
    assert event.officials.filter(user=director).exists()


def test_audit_log_shown_and_paginated(dc, event, director):
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=event, actor=director, action="note", summary=f"Change {i}",
                   reason=f"why {i}") for i in range(30))
    url = reverse("director:audit", args=[event.slug])
    first = dc.get(url).content.decode()
    assert "dora" in first and "Change 29" in first and "why 29" in first
    assert "Page 1 of 2" in first
    second = dc.get(url + "?page=2").content.decode()
    assert "Created Spring Open" in second
    dashboard = dc.get(reverse("director:event", args=[event.slug])).content.decode()
    assert "Change 29" in dashboard


def test_dashboard_next_step(dc, seeded, event):
    page = dc.get(reverse("director:event", args=[event.slug])).content.decode()
    assert "Pair round 1" in page
    assert event.get_absolute_url() in page


def test_archive_download(dc, seeded):
    response = dc.get(reverse("director:archive", args=[seeded.slug]))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert response.json()["name"] == seeded.name
