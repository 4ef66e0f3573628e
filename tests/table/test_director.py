"""The director's side: the entry policy setting (audited with a reason), the archive,
players' cards (new keys; the old stop working), and the slips' QR codes."""

import re

import pytest
from django.contrib.auth.models import User

from tournament.actions import ActionError, events, player_keys
from tournament.actions.archive import create_from
from tournament.interchange import archive
from tournament.models import AuditEntry, PlayerKey
from tournament.models.player_keys import KEY_BITS, normalised

from .conftest import key_for, make_event, players_event

pytestmark = pytest.mark.django_db


def test_default_policy_is_officials(plain_director):
    assert make_event(plain_director).entry_policy == "officials"


def test_policy_change_needs_a_reason_and_is_audited(plain_director, client):
    t = make_event(plain_director)
    with pytest.raises(ActionError) as refused:
        events.update_settings(t, plain_director, entry_policy="players_accept")
    assert "reason" in refused.value.errors
    client.force_login(plain_director)
    form = client.get(f"/manage/{t.slug}/settings/").content.decode()
    assert 'name="entry_policy"' in form and 'value="players_then_official"' in form
    data = {"name": t.name, "ruleset": "mso", "entrants_kind": "singles",
            "match_target": "61", "sets_to_win": "2", "rounds_planned": "5",
            "require_confirmation": "on", "entry_policy": "players_then_official",
            "reason": "two arbiters only", "tiebreak_1": "mso_head_to_head",
            "tiebreak_2": "mso_spread", "tiebreak_3": "sonneborn_berger",
            **{f"points_{k}": str(v) for k, v in t.points.items()}}
    response = client.post(f"/manage/{t.slug}/settings/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    t.refresh_from_db()
    assert t.entry_policy == "players_then_official"
    entry = AuditEntry.objects.filter(action="update_settings").latest("id")
    assert entry.reason == "two arbiters only"
    assert entry.detail["changes"]["entry_policy"] == ["officials", "players_then_official"]
    # The audit line speaks the form's words, not the stored code.
    assert entry.summary.endswith(": who enters results: “Officials enter and confirm "
                                  "results” → “Players enter and accept; an official "
                                  "confirms”"), entry.summary
    audit_page = client.get(f"/manage/{t.slug}/audit/").content.decode()
    assert "players_then_official" not in audit_page
    assert "(docs/players.md)" not in form and "with the key on their player card" in form


def test_players_policy_keeps_confirmation_on(plain_director):
    t = make_event(plain_director)
    with pytest.raises(ActionError) as refused:
        events.update_settings(t, plain_director, entry_policy="players_accept",
                               require_confirmation=False, reason="x")
    assert "require_confirmation" in refused.value.errors
    with pytest.raises(ActionError):
        events.update_settings(t, plain_director, entry_policy="everyone", reason="x")


def test_archive_keeps_the_policy(plain_director):
    t = players_event(plain_director, "players_then_official")
    doc = archive.export_tournament(t)
    assert doc["entry_policy"] == "players_then_official"
    back = create_from(doc, plain_director, slug="copy")
    assert back.entry_policy == "players_then_official"
    assert archive.export_tournament(back)["entry_policy"] == "players_then_official"
    del doc["entry_policy"]
    plain = create_from(doc, plain_director, slug="copy2")
    assert plain.entry_policy == "officials"
    assert "entry_policy" not in archive.export_tournament(plain)  # the default: not written
    doc["entry_policy"] = "anyone"
    with pytest.raises(archive.ArchiveError) as bad:
        archive.check_archive(doc)
    assert bad.value.path == "/entry_policy"


def test_keys_are_80_bits_stored_hashed(accepting_event):
    key = key_for(accepting_event, 1)
    text = normalised(key)
    assert len(text) * 5 >= KEY_BITS == 80
    row = PlayerKey.objects.get(entrant__number=1)
    assert text not in row.digest and key not in row.digest and len(row.digest) == 64
    assert PlayerKey.objects.holding(key.lower()) == row  # typed by hand


def test_command_needs_a_member_of_a_pair_only(plain_director):
    t = events.create_tournament(plain_director, name="Pairs", ruleset="bndcc",
                                 entrants_kind="pairs")
    from tournament.actions import entrants
    entrants.import_entrants(t, plain_director, "name,member1,member2\nA,Ann,Bob\nB,Cy,Di\n")
    one, two = key_for(t, 1, member=1), key_for(t, 1, member=2)
    assert PlayerKey.objects.holding(one).name == "Ann"
    assert PlayerKey.objects.holding(two).name == "Bob"
    single = make_event(plain_director, name="Singles")
    with pytest.raises(ActionError):
        player_keys.issue_key(single, None, number=1, member=2)


def test_cards_print_new_keys_for_the_director_only(accepting_event, plain_director, client):
    old = key_for(accepting_event, 1)
    client.force_login(plain_director)
    page = client.get(f"/manage/{accepting_event.slug}/entrants/").content.decode()
    assert "Print players' cards" in page
    response = client.post(f"/manage/{accepting_event.slug}/entrants/cards/", {})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    page = response.content.decode()
    codes = re.findall(r'class="player-code">([0-9A-Z-]+)<', page)
    assert len(codes) == accepting_event.entrants.count()
    assert page.count("<svg") == len(codes)
    assert PlayerKey.objects.holding(old) is None  # the earlier card stopped working
    assert all(PlayerKey.objects.holding(c) is not None for c in codes)
    assert AuditEntry.objects.filter(action="print_player_cards").exists()
    one = client.post(f"/manage/{accepting_event.slug}/entrants/cards/", {"number": "2"})
    assert len(re.findall(r'class="player-code">', one.content.decode())) == 1
    arbiter = User.objects.create_user("arb")
    from tournament.models import Official
    Official.objects.create(tournament=accepting_event, user=arbiter, role="arbiter")
    client.force_login(arbiter)
    assert client.post(f"/manage/{accepting_event.slug}/entrants/cards/", {}).status_code == 403


def test_slips_qr_leads_players_to_their_board_page(accepting_event, board, plain_director, client):
    page = client.get(f"/{accepting_event.slug}/round/1/?print=slips").content.decode()
    assert f"/me/board/{board.pk}/" in page and "/arbiter/match/" not in page
    officials = make_event(plain_director, name="Officials Open")
    from tournament.actions import rounds
    rounds.publish_round(rounds.pair_round(officials, plain_director), plain_director)
    page = client.get(f"/{officials.slug}/round/1/?print=slips").content.decode()
    assert "/arbiter/match/" in page and "/me/board/" not in page
