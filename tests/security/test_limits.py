"""Sign-in lock-outs (django-axes) and the API's request limits (tournament/web/limits.py),
with small rates set for each test; the rest of the suite runs with both off."""

import io
import json

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from tournament.actions import tokens
from tournament.web.limits import parse_rate

pytestmark = pytest.mark.django_db


@pytest.fixture
def axes_on(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3
    settings.SIGNIN_ADDRESS_FAILURE_LIMIT = 5


def sign_in(username, password, ip="10.0.0.1"):
    return Client(REMOTE_ADDR=ip).post(reverse("login"), {"username": username,
                                                          "password": password})


def test_an_account_is_locked_from_the_address_its_failures_came_from(axes_on, dora, eve):
    seen = [sign_in("dora", "wrong", ip="10.0.0.1").status_code for _ in range(3)]
    assert seen == [200, 200, 429]  # the third failure reaches the limit
    response = sign_in("dora", "pw-123456", ip="10.0.0.1")  # right password, same address
    assert response.status_code == 429
    assert "Signing in is paused" in response.content.decode()
    # Nobody can lock a named account from anywhere: elsewhere, dora signs in ...
    assert sign_in("dora", "pw-123456", ip="10.0.9.9").status_code == 302
    # ... and so does every other account behind the same address (the venue's NAT).
    assert sign_in("eve", "pw-123456", ip="10.0.0.1").status_code == 302


def test_failures_spread_over_addresses_lock_nothing(axes_on, dora):
    for i in range(6):
        assert sign_in("dora", "wrong", ip=f"10.0.0.{i + 1}").status_code == 200
    assert sign_in("dora", "pw-123456", ip="10.0.0.1").status_code == 302


def test_names_that_do_not_exist_never_lock_real_accounts(axes_on, dora, eve):
    for i in range(30):
        sign_in(f"nobody{i}", "wrong", ip="10.0.0.7")
    assert sign_in("eve", "pw-123456", ip="10.0.0.7").status_code == 302
    assert sign_in("dora", "pw-123456", ip="10.0.0.7").status_code == 302


def test_an_address_trying_many_real_accounts_is_paused_gently(axes_on, dora, eve):
    users = [User.objects.create_user(f"u{i}", password="pw-123456") for i in range(5)]
    for u in users:  # one wrong password each: no account reaches its own limit
        assert sign_in(u.username, "wrong", ip="10.0.0.8").status_code in (200, 429)
    assert sign_in("eve", "pw-123456", ip="10.0.0.8").status_code == 429  # spraying
    assert sign_in("eve", "pw-123456", ip="10.0.0.9").status_code == 302  # another address


def test_the_pause_says_when_to_try_again(axes_on, dora):
    for _ in range(3):
        response = sign_in("dora", "wrong", ip="10.0.4.1")
    assert response.status_code == 429
    assert response["Retry-After"] == "3600"  # AXES_COOLOFF_TIME, one hour, in seconds
    assert "1:00:00" in response.content.decode()


def test_staff_lift_a_lock_out_with_the_command(axes_on, dora):
    for _ in range(3):
        sign_in("dora", "wrong", ip="10.0.1.1")
    assert sign_in("dora", "pw-123456", ip="10.0.1.1").status_code == 429
    call_command("axes_reset_username", "dora", stdout=io.StringIO())
    assert sign_in("dora", "pw-123456", ip="10.0.1.1").status_code == 302


def test_staff_lift_a_lock_out_in_the_admin(axes_on, dora, client_for):
    from axes.models import AccessAttempt
    for _ in range(3):
        sign_in("dora", "wrong", ip="10.0.3.1")
    root = User.objects.create_superuser("root", password="pw-123456")
    admin = client_for(root)
    changelist = admin.get(reverse("admin:axes_accessattempt_changelist"))
    assert changelist.status_code == 200 and "dora" in changelist.content.decode()
    ids = [str(pk) for pk in AccessAttempt.objects.values_list("pk", flat=True)]
    response = admin.post(reverse("admin:axes_accessattempt_changelist"), {
        "action": "delete_selected", "_selected_action": ids, "post": "yes"})
    assert response.status_code == 302
    assert sign_in("dora", "pw-123456", ip="10.0.3.1").status_code == 302


def test_production_defaults_are_on_and_readable():
    assert django_settings.AXES_FAILURE_LIMIT == 8
    assert django_settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"],
                                                       "ip_address"]
    assert django_settings.SIGNIN_ADDRESS_FAILURE_LIMIT == 40
    assert {k: parse_rate(v) for k, v in django_settings.API_RATE_LIMITS_DEFAULT.items()} == {
        "read_per_address": (1200, 60), "write_per_address": (600, 60),
        "write_per_token": (60, 60), "write_per_card": (60, 60),
        "token_failures_per_address": (20, 600), "player_codes_per_address": (30, 600),
        "player_codes_per_board": (10, 600), "key_failures_per_prefix": (10, 600),
        "entries_per_address": (10, 3600), "entry_codes_per_address": (30, 600)}
    assert django_settings.API_RATE_LIMITS == {}  # off in tests unless a test sets them


# ---------------------------------------------------------------------------- the API

def api(ip="10.1.0.1", key=None):
    headers = {"Authorization": f"Token {key}"} if key else {}
    return Client(REMOTE_ADDR=ip, headers=headers)


def put(client, match_id=999999):
    return client.put(f"/api/v1/matches/{match_id}/result/", json.dumps({"version": 0}),
                      content_type="application/json")


def test_public_reads_are_limited_per_address(settings):
    settings.API_RATE_LIMITS = {"read_per_address": "3/m"}
    c = api()
    assert [c.get("/api/v1/tournaments/").status_code for _ in range(3)] == [200] * 3
    response = c.get("/api/v1/tournaments/")
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert "reads from your address" in response.json()["detail"]
    assert api(ip="10.1.0.2").get("/api/v1/tournaments/").status_code == 200


def test_failed_tokens_are_limited_per_address(settings, dora):
    settings.API_RATE_LIMITS = {"token_failures_per_address": "2/10m"}
    keys = (f"{i:040x}" for i in range(10))  # each its own prefix: the address's count
    assert [put(api(key=next(keys))).status_code for _ in range(2)] == [401, 401]
    response = put(api(key=next(keys)))
    assert response.status_code == 429 and int(response["Retry-After"]) <= 600
    assert "wrong API tokens from your address" in response.json()["detail"]
    assert api(key=next(keys)).get("/api/v1/tournaments/").status_code == 429  # reads too
    # A good key from that address is never refused for the others' failures (the venue's
    # devices share one address); elsewhere a wrong key is only 401.
    assert put(api(key=tokens.issue(dora, dora))).status_code == 404
    assert put(api(ip="10.1.0.9", key=next(keys))).status_code == 401


def test_failed_keys_are_limited_per_prefix_from_any_address(settings, dora):
    settings.API_RATE_LIMITS = {"key_failures_per_prefix": "2/10m"}
    stale = [put(api(ip=f"10.1.1.{i}", key=f"abcd{i:036x}")).status_code for i in range(3)]
    assert stale == [401, 401, 429]
    assert put(api(ip="10.1.1.9", key="ffff" + "0" * 36)).status_code == 401  # another prefix
    assert put(api(ip="10.1.1.2", key=tokens.issue(dora, dora))).status_code == 404


def test_the_kinds_of_key_are_counted_apart(settings, dora):
    """Wrong player keys spend the address's player-key allowance, not the tokens'."""
    settings.API_RATE_LIMITS = {"token_failures_per_address": "2/10m",
                                "player_codes_per_address": "2/10m"}
    junk = Client(REMOTE_ADDR="10.1.2.1")
    seen = [junk.get("/api/v1/me/", headers={"Authorization": f"Player J{i:03}-0000-0000-0000"})
            .status_code for i in range(5)]
    assert seen == [401, 401, 429, 429, 429]  # junk keys on GET are refused too
    assert put(api(ip="10.1.2.1", key="0" * 40)).status_code == 401  # a token's first failure


def test_writes_are_limited_per_token(settings, dora, eve):
    settings.API_RATE_LIMITS = {"write_per_token": "2/m"}
    mine = tokens.issue(dora, dora)
    assert [put(api(ip=f"10.2.0.{i}", key=mine)).status_code for i in range(2)] == [404, 404]
    response = put(api(ip="10.2.0.3", key=mine))
    assert response.status_code == 429 and "this token" in response.json()["detail"]
    assert put(api(ip="10.2.0.3", key=tokens.issue(eve, eve))).status_code == 404


def test_writes_are_limited_per_address(settings, dora, eve):
    settings.API_RATE_LIMITS = {"write_per_address": "2/m"}
    assert put(api(key=tokens.issue(dora, dora))).status_code == 404
    assert put(api(key=tokens.issue(eve, eve))).status_code == 404
    response = put(api(key=tokens.issue(eve, eve)))
    assert response.status_code == 429 and "writes from your address" in response.json()["detail"]


def test_the_address_behind_trusted_proxies_is_the_clients(settings):
    settings.API_RATE_LIMITS = {"read_per_address": "1/m"}
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    seen = [proxy.get("/api/v1/tournaments/", headers={"X-Forwarded-For": f"spoof, 10.3.0.{i}"})
            .status_code for i in (1, 2, 1)]
    assert seen == [200, 200, 429]


def test_a_request_without_an_address_is_none_not_a_made_up_one():
    from django.test import RequestFactory

    from tournament.web.limits import client_ip
    request = RequestFactory().get("/", REMOTE_ADDR="")
    assert client_ip(request) is None  # django-axes stores None; "unknown" broke PostgreSQL
    with override_settings(TRUSTED_PROXY_COUNT=1):
        spoofed = RequestFactory().get("/", REMOTE_ADDR="10.0.0.9",
                                       HTTP_X_FORWARDED_FOR="not-an-address")
        assert client_ip(spoofed) == "10.0.0.9"
