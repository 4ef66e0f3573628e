"""Confirmation by a second official, director corrections, the board's history, tokens."""

import re

import pytest
from django.urls import reverse

from tournament.actions import results
from tournament.models import ApiToken, AuditEntry, Match, ResultVersion
from tournament.text.clean import MAX_REASON

from .conftest import client_for

pytestmark = pytest.mark.django_db

RECORD = {"format": "fives-and-threes-match/1", "ruleset": "mso",
          "sets": [{"score": [61, 7]}, {"score": [61, 8]}]}


def entered_by(round1, user):
    match, _ = results.submit_result(round1["match"].pk, user, version=0, record=RECORD)
    return match


def confirm(client, match, version=None):
    return client.post(reverse("arbiter:match", args=[match.pk]),
                       {"action": "confirm", "version": match.version if version is None
                        else version})


def test_another_official_sees_it_read_only_and_confirms(client, round1, people):
    m = entered_by(round1, people["arb"])
    client_for(client, people["arb2"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert "Confirm this result" in page and "Ann Lee wins (61–7, 61–8)" in page
    response = confirm(client, m)
    assert response.status_code == 302
    m.refresh_from_db()
    assert (m.status, m.confirmed_by, m.version) == ("confirmed", people["arb2"], 2)


def test_the_one_who_entered_cannot_confirm(client, round1, people):
    m = entered_by(round1, people["arb"])
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert "Confirm this result" not in page
    assert "another arbiter or a director must confirm it" in page
    response = confirm(client, m)  # posted anyway: the action refuses
    assert response.status_code == 403
    assert "You entered this result" in response.content.decode()
    assert Match.objects.get(pk=m.pk).status == "entered"


def test_confirming_a_changed_result_is_refused_as_stale(client, round1, people):
    m = entered_by(round1, people["arb"])
    client_for(client, people["arb2"])
    response = confirm(client, m, version=0)
    assert response.status_code == 409
    assert "was changed since version 0" in response.content.decode()
    assert Match.objects.get(pk=m.pk).status == "entered"


def confirmed(round1, people):
    m = entered_by(round1, people["arb"])
    return results.confirm_result(m.pk, people["arb2"], version=m.version)


def test_only_a_director_may_correct_a_confirmed_result_and_needs_a_reason(
        client, round1, people):
    m = confirmed(round1, people)
    url = reverse("arbiter:match", args=[m.pk])
    data = {"action": "enter", "version": m.version, "outcome": "played",
            "s1_a": "61", "s1_b": "7", "s2_a": "60", "s2_b": "61", "s3_a": "61", "s3_b": "0"}
    # an arbiter sees no form, and a post is refused
    client_for(client, people["arb"])
    page = client.get(url).content.decode()
    assert "only a director may correct it" in page and "entry-form" not in page
    assert client.post(url, data).status_code == 403
    # a director sees the form, prefilled, with a reason field
    client_for(client, people["dir"])
    page = client.get(url).content.decode()
    assert 'name="reason"' in page and 'name="s2_b" value="8"' in page
    # The box stops typing where the server would refuse (tournament/text/clean.py).
    assert f'name="reason" rows="2" required maxlength="{MAX_REASON}"' in page
    response = client.post(url, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "A correction needs a reason." in page and 'name="s2_a" value="60"' in page
    # The summary fits a missing field as well as an unreadable one.
    assert "Something typed is missing or cannot be read: see the marked fields." in page
    assert Match.objects.get(pk=m.pk).version == 2
    response = client.post(url, {**data, "reason": "Score sheet misread in set 2"})
    assert response.status_code == 302
    m.refresh_from_db()
    assert (m.status, m.version, m.confirmed_by) == ("confirmed", 3, people["dir"])
    assert [s.score1 for s in m.sets.all()] == [7, 61, 0]
    assert ResultVersion.objects.get(match=m, version=3).reason == "Score sheet misread in set 2"
    assert AuditEntry.objects.filter(action="correct_result").exists()


def test_closed_round_is_a_correction_too(client, round1, people):
    m = entered_by(round1, people["arb"])
    round1["round"].status = "closed"
    round1["round"].save()
    client_for(client, people["arb2"])
    page = client.get(reverse("arbiter:match", args=[m.pk])).content.decode()
    assert "only a director may correct it" in page


def test_history_lists_every_version_with_who_what_and_why(client, round1, people):
    m = confirmed(round1, people)
    results.submit_result(m.pk, people["dir"], version=2, outcome="forfeit", conceded_by=1,
                          reason="Bo <b>never</b> came")
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:history", args=[m.pk])).content.decode()
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 3
    assert "arb" in rows[0] and "Entered" in rows[0] and "61–7, 61–8" in rows[0]
    assert "arb2" in rows[1] and "confirmed" in rows[1]
    assert "dir" in rows[2] and "Forfeit by &lt;script&gt;" in rows[2]
    assert "Bo &lt;b&gt;never&lt;/b&gt; came" in rows[2]
    assert "Confirmed by <strong>dir</strong>" in page


def test_token_page_creates_then_renews_the_key(client, people):
    client.force_login(people["arb"])
    assert "You have no key yet" in client.get(reverse("arbiter:token")).content.decode()
    assert not ApiToken.objects.exists()  # viewing makes nothing
    page = client.post(reverse("arbiter:token")).content.decode()
    key = re.search(r'<code class="token-key">([0-9a-f]{40})</code>', page).group(1)
    assert ApiToken.user_for(key) == people["arb"]
    again = client.get(reverse("arbiter:token")).content.decode()
    assert key not in again and f"beginning <code>{key[:6]}" in again  # shown only once
    new_page = client.post(reverse("arbiter:token")).content.decode()
    new = re.search(r'<code class="token-key">([0-9a-f]{40})</code>', new_page).group(1)
    assert new != key and ApiToken.user_for(key) is None
    assert ApiToken.user_for(new) == people["arb"]
    assert ApiToken.objects.count() == 1
