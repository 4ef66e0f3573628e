"""Who may direct (the staff's right), hiding and deleting an event, settings once paired."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournament.actions import ActionError, events, rounds
from tournament.models import AuditEntry, Entrant, Tournament

from .test_events import event_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def plain(db):
    """An account staff have given no right: an arbiter, say."""
    return User.objects.create_user("arnie", password="pw-123456")


def test_an_account_without_the_right_is_refused_clearly(client_for, plain):
    c = client_for(plain)
    for response in (c.get(reverse("director:create")),
                     c.post(reverse("director:create"), event_form())):
        page = response.content.decode()
        assert response.status_code == 403
        assert "<h1>You cannot create events</h1>" in page
        assert "ask the" in page.lower() and 'href="/manage/"' in page  # the site's layout
    assert not Tournament.objects.exists()


def test_home_offers_create_only_with_the_right(client_for, plain, director):
    events.create_tournament(plain, name="Given to Arnie")  # so /manage/ is not a redirect
    assert reverse("director:create") not in client_for(plain).get("/manage/").content.decode()
    assert reverse("director:create") in client_for(director).get("/manage/").content.decode()


def test_grant_director_command_grants_and_revokes(client_for, plain):
    out = io.StringIO()
    call_command("grant_director", "arnie", stdout=out)
    assert "arnie may now create events" in out.getvalue()
    c = client_for(User.objects.get(pk=plain.pk))
    assert c.get(reverse("director:create")).status_code == 200
    assert c.post(reverse("director:create"), event_form()).status_code == 302
    call_command("grant_director", "arnie", "--revoke", stdout=out)
    c = client_for(User.objects.get(pk=plain.pk))
    assert c.get(reverse("director:create")).status_code == 403
    # The event already created stays theirs to direct.
    slug = Tournament.objects.get().slug
    assert c.get(reverse("director:event", args=[slug])).status_code == 200
    with pytest.raises(CommandError, match="no account called 'nobody'"):
        call_command("grant_director", "nobody")


def test_a_superuser_may_create(client_for):
    root = User.objects.create_superuser("root", password="pw-123456")
    c = client_for(root)
    page = c.get(reverse("director:create"))
    assert page.status_code == 200
    assert 'name="name"' in page.content.decode()
    assert c.post(reverse("director:create"), event_form()).status_code == 302
    event = Tournament.objects.get()
    assert event.is_director(root)
    assert AuditEntry.objects.filter(tournament=event, actor=root,
                                     action="create_tournament").exists()


def test_only_a_director_creates_accounts(client_for, event, arbiter):
    response = client_for(arbiter).post(
        reverse("director:add_official", args=[event.slug]),
        {"username": "newbie", "role": "director", "create": "on", "password": "domino-5s-3s"})
    assert response.status_code == 403
    assert not User.objects.filter(username="newbie").exists()


def test_hide_and_show_an_unstarted_event(dc, client, client_for, event, arbiter):
    url = reverse("director:hide", args=[event.slug])
    response = dc.post(url, {"hidden": "on", "reason": "not ready"}, follow=True)
    assert "is hidden from the public" in response.content.decode()
    event.refresh_from_db()
    assert event.hidden
    entry = AuditEntry.objects.get(action="hide_tournament")
    assert (entry.reason, entry.detail) == ("not ready", {"hidden": True})
    # Absent from the public list and the API; its pages a 404 but for its officials.
    assert event.name not in client.get(reverse("public:events")).content.decode()
    assert client.get(event.get_absolute_url()).status_code == 404
    assert client_for(arbiter).get(event.get_absolute_url()).status_code == 200
    stranger = User.objects.create_user("sly", password="pw-123456")
    assert client_for(stranger).get(event.get_absolute_url()).status_code == 404
    dc.post(url, {"reason": "ready"})
    event.refresh_from_db()
    assert not event.hidden and AuditEntry.objects.filter(action="show_tournament").exists()
    assert client.get(event.get_absolute_url()).status_code == 200
    assert event.name in client.get(reverse("public:events")).content.decode()


def test_created_hidden_and_not_hideable_once_paired(dc, director, seeded):
    dc.post(reverse("director:create"), event_form(name="Quiet Cup", hidden="on"))
    assert Tournament.objects.get(slug="quiet-cup").hidden
    rounds.pair_round(seeded, director)
    response = dc.post(reverse("director:hide", args=[seeded.slug]), {"hidden": "on"},
                       follow=True)
    assert "can be hidden" in response.content.decode()
    seeded.refresh_from_db()
    assert not seeded.hidden


def test_delete_an_unstarted_event_keeps_its_audit_rows(dc, seeded, director):
    url = reverse("director:delete_event", args=[seeded.slug])
    page = dc.post(url, {"confirm_slug": seeded.slug, "reason": ""}).content.decode()
    assert "This field is required" in page
    page = dc.post(url, {"confirm_slug": "wrong", "reason": "x"}).content.decode()
    assert f"Type {seeded.slug} to delete this event" in page
    assert Tournament.objects.filter(pk=seeded.pk).exists()
    response = dc.post(url, {"confirm_slug": seeded.slug, "reason": "a test event"})
    assert response.status_code == 302 and response.url == reverse("director:home")
    assert not Tournament.objects.exists() and not Entrant.objects.exists()
    event = {"id": seeded.pk, "name": "Spring Open", "slug": "spring-open"}
    gone = AuditEntry.objects.get(action="delete_tournament")
    assert (gone.tournament, gone.reason, gone.detail["event"], gone.actor) == (
        None, "a test event", event, director)
    older = AuditEntry.objects.exclude(pk=gone.pk)
    assert {e.action for e in older} == {"create_tournament", "import_entrants"}
    assert all(e.tournament is None and e.detail["event"] == event for e in older)


def test_a_paired_event_cannot_be_deleted(seeded, director):
    rounds.pair_round(seeded, director)
    with pytest.raises(ActionError, match="has paired rounds"):
        events.delete_tournament(seeded, director, reason="oops")
    assert Tournament.objects.filter(pk=seeded.pk).exists()


def test_settings_after_round_one_need_a_reason_and_keep_old_and_new(dc, seeded, director):
    rounds.pair_round(seeded, director)
    url = reverse("director:settings", args=[seeded.slug])
    response = dc.post(url, event_form(name="Spring Open", points_bye="0.5",
                                       tiebreak_3="buchholz"))
    assert response.status_code == 400
    assert "Give a reason: rounds are paired" in response.content.decode()
    seeded.refresh_from_db()
    assert seeded.points["bye"] == 1
    response = dc.post(url, event_form(name="Spring Open", points_bye="0.5",
                                       tiebreak_3="buchholz", reason="as announced"))
    assert response.status_code == 302
    seeded.refresh_from_db()
    assert seeded.points["bye"] == 0.5
    assert seeded.tiebreaks == ["mso_head_to_head", "mso_spread", "buchholz"]
    entry = AuditEntry.objects.filter(action="update_settings").get()
    assert entry.reason == "as announced"
    assert entry.detail["changes"]["tiebreaks"] == [
        ["mso_head_to_head", "mso_spread", "sonneborn_berger"],
        ["mso_head_to_head", "mso_spread", "buchholz"]]
    assert entry.detail["changes"]["points"][0]["bye"] == 1
    assert entry.detail["changes"]["points"][1]["bye"] == 0.5
    assert set(entry.detail["changes"]) == {"points", "tiebreaks"}
    assert "tiebreaks mso_head_to_head, mso_spread, sonneborn_berger → mso_head_to_head, " \
           "mso_spread, buchholz" in entry.summary
    assert entry.summary == (
        "Changed the settings of Spring Open: points bye 1 → 0.5; tiebreaks "
        "mso_head_to_head, mso_spread, sonneborn_berger → mso_head_to_head, mso_spread, "
        "buchholz")


def test_before_round_one_no_reason_is_needed(seeded, director):
    changed = events.update_settings(seeded, director, rounds_planned=6)
    assert changed == {"rounds_planned": [5, 6]}
    assert events.update_settings(seeded, director, rounds_planned=6) == {}


def test_singles_pairs_and_match_format_fixed_once_paired(dc, seeded, director):
    rounds.pair_round(seeded, director)
    for change, field in (({"entrants_kind": "pairs"}, "entrants_kind"),
                          ({"ruleset": "bndcc"}, "ruleset")):
        with pytest.raises(ActionError) as refused:
            events.update_settings(seeded, director, reason="why not", **change)
        assert "can no longer change" in refused.value.message
        assert field in refused.value.errors
    # The form shows them fixed (disabled): a posted change of one is not taken up.
    url = reverse("director:settings", args=[seeded.slug])
    assert "Fixed: round 1 is paired." in dc.get(url).content.decode()
    response = dc.post(url, event_form(name="Spring Open", entrants_kind="pairs", reason="x"))
    assert response.status_code == 302
    seeded.refresh_from_db()
    assert seeded.entrants_kind == "singles"
