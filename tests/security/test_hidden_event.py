"""A hidden event is not there for whoever may not see it: every page and API address of the
URL conf, walked for every identity, answers 404 (or a sign-in) and never names it, its
players or its boards; a card reads only its own boards; one person's pages are never
cached in public.

Identities: anonymous, a card of the hidden event, a card of another event, an arbiter and a
director of another event, the hidden event's director, staff.
"""

import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.api.conftest import score_record
from tournament.actions import entrants, events, people, rounds, series, table
from tournament.models import Match, Official, PlayerKey

pytestmark = pytest.mark.django_db

SECRET = "Quietwater Open"  # the hidden event's name
PLAYER = "Hushby"  # in every name of its players
WORDS = "We scored 61-50 in set two"  # a dispute's text


def key_for(event, number) -> str:
    out = io.StringIO()
    call_command("player_key", event.slug, str(number), stdout=out)
    return out.getvalue().strip()


def token_for(user) -> str:
    from tournament.actions import tokens

    return tokens.issue(user, None)


def players_event(director, name, player_word, *, hidden=False):
    t = events.create_tournament(director, name=name, hidden=hidden)
    entrants.import_entrants(t, director, "name,club,rating\n" + "\n".join(
        f"{player_word} {i},Club,{1500 + i}" for i in range(6)))
    events.update_settings(t, director, entry_policy="players_accept", reason="players enter")
    rounds.publish_round(rounds.pair_round(t, director), director)
    t.refresh_from_db()
    return t


def boards(event):
    return list(Match.objects.filter(round__tournament=event).exclude(side1=None)
                .select_related("side0", "side1", "round__tournament").order_by("board"))


@pytest.fixture
def world(db):
    dora, eve, art = (User.objects.create_user(n, password="pw-123456")
                      for n in ("dora", "eve", "art"))
    staff = User.objects.create_superuser("root", password="pw-123456")
    secret = players_event(dora, SECRET, PLAYER, hidden=True)
    other = players_event(eve, "Open Door Cup", "Visible")
    Official.objects.create(tournament=other, user=art, role=Official.Role.ARBITER)
    disputed, entered = boards(secret)[:2]
    # A result entered at one board and disputed with words; another's only entered.
    for m, dispute in ((disputed, True), (entered, False)):
        stored, _ = table.enter_result(m.pk, table_key(secret, m.side0.number),
                                       version=m.version,
                                       record=score_record([61, 40], [61, 30]))
        if dispute:
            table.dispute_result(m.pk, table_key(secret, m.side1.number),
                                 version=stored.version, reason=WORDS)
    person = people.link_new_person(secret.entrants.order_by("number").first(), dora)
    made = series.create_series(None, name="Quiet Series", slug="quiet-series")
    series.add_event(made, None, tournament=secret)
    return {"dora": dora, "eve": eve, "art": art, "staff": staff, "secret": secret,
            "other": other, "disputed": disputed, "entered": entered, "person": person,
            "series": made}


def table_key(event, number):
    return PlayerKey.objects.holding(key_for(event, number))


class Identity:
    """One visitor: a browser (session and player cookie) and the API header it sends."""

    def __init__(self, name, *, user=None, card=None, sees=False):
        self.name, self.sees = name, sees
        self.client = Client(REMOTE_ADDR="10.7.0.1")
        self.header = {}
        if user is not None:
            self.client.force_login(user)
            self.header = {"Authorization": f"Token {token_for(user)}"}
        if card is not None:
            signed = self.client.post("/me/", {"code": card})
            assert signed.status_code == 302, name
            self.header = {"Authorization": f"Player {card}"}

    def get(self, url):
        headers = self.header if url.startswith("/api/") else {}
        return self.client.get(url, headers=headers)

    def post(self, url):
        if not url.startswith("/api/"):
            return self.client.post(url, {"reason": "x", "version": "0"})
        return self.client.post(url, json.dumps(BODY), content_type="application/json",
                                headers=self.header)

    def put(self, url):
        if not url.startswith("/api/"):
            return self.client.put(url)
        return self.client.put(url, json.dumps(BODY), content_type="application/json",
                               headers=self.header)

    def its_own(self, url) -> bool:
        """The hidden event's card: its own pages, and its writes at the event's boards
        (refused by what the card may do there, naming the event it plays in), and the
        clock of its event's rounds (read; set only by officials)."""
        return self.name.startswith("card of the hidden") and (url.startswith(
            ("/me/", "/api/v1/me/", "/api/v1/matches/"))
            or url.endswith(("/checkin/", "/clock/")))


BODY = {"version": 0, "reason": "x", "record": score_record([61, 40], [61, 30])}


def identities(w):
    secret, other = w["secret"], w["other"]
    return [
        Identity("anonymous"),
        Identity("card of the hidden event", card=key_for(secret, w["entered"].side0.number)),
        Identity("card of another event", card=key_for(other, 1)),
        Identity("arbiter of another event", user=w["art"]),
        Identity("director of another event", user=w["eve"]),
        Identity("director of the event", user=w["dora"], sees=True),
        Identity("staff", user=w["staff"], sees=True),
    ]


def patterns(resolver=None, prefix=""):
    """Every route of the URL conf, with its converters."""
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            yield from patterns(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern)


def addresses(w):
    """(url, ghost, about_the_event) for every route: filled with the hidden event's slug,
    board, entrant, official and person; `ghost` the same route at an address where
    nothing is; routes with no such part are about no event."""
    secret = w["secret"]
    fill = {"slug": secret.slug, "number": "1", "match_id": str(w["disputed"].pk),
            "pk": str(secret.entrants.order_by("number").first().pk),
            "key": w["person"].key, "person": w["person"].key, "ruleset": "mso"}
    ghost = {"slug": "no-such-event", "number": "1", "match_id": "999999", "pk": "999999",
             "key": "nobody-at-all", "person": "nobody-at-all", "ruleset": "mso"}
    official = Official.objects.get(tournament=secret, user=w["dora"]).pk
    found = []
    for route in patterns():
        if route.startswith("admin/") and "<" in route or route.startswith("^"):
            continue  # the admin's own objects: staff only, and tested in test_admin.py
        route = route.lstrip("^").rstrip("$")
        parts = re.findall(r"<(?:(\w+):)?(\w+)>", route)
        if any(conv in ("uuid", "path") or arg not in fill for conv, arg in parts):
            continue  # a job's uuid, the engine's digest, a merge: no event's address
        if route.startswith(("series/", "manage/series/")):
            values = [dict(fill, slug=w["series"].slug), dict(ghost)]
        else:
            values = [dict(fill, pk=str(official) if "officials" in route else fill["pk"]),
                      ghost]
        url, nowhere = ("/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m, v=v: v[m.group(1)], route)
                        for v in values)
        found.append((url, nowhere, bool(parts) and not route.startswith(
            ("ratings/", "series/", "manage/series/"))))
    return found


def leaks(body: str):
    return [word for word in (SECRET, PLAYER, WORDS) if word in body]


def test_every_address_for_every_identity(world):
    urls = addresses(world)
    assert len(urls) > 60  # the walk reaches the pages, the API and the officials' screens
    seen = {}
    for who in identities(world):
        for url, nowhere, about in urls:
            # Those who see it only read (a post of theirs would change or delete it).
            for method in ("get",) if who.sees else ("get", "post", "put"):
                response = getattr(who, method)(url)
                body = response.content.decode(errors="replace")
                status = response.status_code
                where = (who.name, method, url, status)
                assert "public" not in response.get("Cache-Control", "") or not leaks(body), where
                if who.sees:
                    seen[(who.name, method, url)] = status
                    continue
                if who.its_own(url):
                    continue  # (test_the_hidden_events_card_reads_only_its_own_boards)
                assert not leaks(body), (*where, leaks(body))
                if about:
                    # Not there: answered as where nothing is (a 404, a sign-in, a refusal
                    # of the request itself), never a 200 or a 403 of its own.
                    assert status == getattr(who, method)(nowhere).status_code, where
                    # (A player's own pages ask for the card's code, whatever the board.)
                    assert status not in (200, 403) or (
                        url.startswith(("/me/board/", "/me/team/"))
                        and 'id="code-form"' in body), where
    # The event's director and staff do reach it: the walk is not 404 for everyone.
    for who in ("director of the event", "staff"):
        for url in (f"/{world['secret'].slug}/", f"/api/v1/matches/{world['disputed'].pk}/",
                    f"/arbiter/match/{world['disputed'].pk}/",
                    f"/api/v1/tournaments/{world['secret'].slug}/standings/"):
            assert seen[(who, "get", url)] == 200, (who, url)


def test_a_hidden_board_in_the_api(world, client):
    """Issue #33, 1: the board's event, names and record, with Cache-Control: public."""
    url = f"/api/v1/matches/{world['entered'].pk}/"
    anonymous = client.get(url)
    assert anonymous.status_code == 404 and "public" not in anonymous["Cache-Control"]
    assert anonymous.json() == client.get("/api/v1/matches/99999/").json() | {
        "detail": f"There is no published board with id {world['entered'].pk}."}
    outsider = client.get(url, headers={"Authorization": f"Token {token_for(world['eve'])}"})
    assert outsider.status_code == 404 and not leaks(outsider.content.decode())
    director = client.get(url, headers={"Authorization": f"Token {token_for(world['dora'])}"})
    assert director.status_code == 200 and "public" not in director["Cache-Control"]
    assert director.json()["tournament"] == world["secret"].slug
    assert not Match.objects.public().filter(round__tournament=world["secret"]).exists()
    assert Match.objects.public(world["dora"]).filter(round__tournament=world["secret"]).exists()
    assert not Match.objects.public(world["eve"]).filter(
        round__tournament=world["secret"]).exists()


def test_the_hidden_events_card_reads_only_its_own_boards(world):
    secret, mine = world["secret"], world["entered"]
    card = Identity("card", card=key_for(secret, mine.side0.number))
    assert card.get("/me/").status_code == 200
    own = card.get(f"/me/board/{mine.pk}/")
    assert own.status_code == 200 and "no-store" in own["Cache-Control"]
    other = card.get(f"/me/board/{world['disputed'].pk}/")
    assert other.status_code == 403 and WORDS not in other.content.decode()
    assert world["disputed"].side0.name not in other.content.decode()


def test_a_person_linked_only_in_a_hidden_event_is_not_public(world, client):
    key = world["person"].key
    assert client.get(f"/people/{key}/").status_code == 404
    assert client.get(f"/api/v1/people/{key}/").status_code == 404
    # Shown, the event is public, and so is the person.
    events.set_hidden(world["secret"], world["dora"], hidden=False)
    page = client.get(f"/people/{key}/")
    assert page.status_code == 200 and SECRET in page.content.decode()


def test_refusals_of_a_hidden_event_are_not_found(world):
    """require_official / require_director: 404 for whoever may not see it, not a 403
    that names it; a 403 still for an official of the event without the right."""
    from tournament.actions.base import NotFound, PermissionDenied, require_director

    secret = world["secret"]
    with pytest.raises(NotFound):
        require_director(secret, world["eve"])
    arbiter = User.objects.create_user("sam")
    Official.objects.create(tournament=secret, user=arbiter, role=Official.Role.ARBITER)
    with pytest.raises(PermissionDenied, match=SECRET):
        require_director(secret, arbiter)
    assert secret.hidden_from(None) and secret.hidden_from(world["eve"])
    assert not secret.hidden_from(world["dora"]) and not secret.hidden_from(world["staff"])
    assert not secret.hidden_from(table_key(secret, 1))
    assert secret.hidden_from(table_key(world["other"], 1))


def test_officials_and_directors_pages_are_private(world):
    dora = Identity("director", user=world["dora"])
    slug = world["secret"].slug
    for url in ("/manage/", f"/manage/{slug}/", f"/manage/{slug}/entrants/",
                f"/arbiter/{slug}/", "/accounts/password/", f"/{slug}/", "/ratings/"):
        response = dora.get(url)
        assert response.status_code == 200, url
        assert "private" in response["Cache-Control"] and "no-store" in response[
            "Cache-Control"], url
    # The phone's worker still keeps an official's page for its one visitor (docs/offline.md);
    # the API key's page, no-store of its own, it never keeps.
    assert dora.get(f"/arbiter/{slug}/").get("X-Offline-Keep") == "1"
    assert "X-Offline-Keep" not in dora.get("/arbiter/token/")
    anonymous = Client().get("/accounts/login/")
    assert "no-store" in anonymous["Cache-Control"]
    public = Client().get(f"/{world['other'].slug}/")
    assert public["Cache-Control"] == "public, no-cache"  # the public pages' own caching


def test_the_api_never_says_public_for_a_hidden_event(world, client):
    slug = world["secret"].slug
    for url in (f"/api/v1/tournaments/{slug}/", f"/api/v1/tournaments/{slug}/standings/",
                f"/api/v1/tournaments/{slug}/rounds/1/"):
        anonymous = client.get(url)
        assert anonymous.status_code == 404 and "public" not in anonymous["Cache-Control"], url
        official = client.get(url, headers={"Authorization": f"Token {token_for(world['dora'])}"})
        assert official.status_code == 200, url
        assert "public" not in official["Cache-Control"], url
    assert slug not in json.dumps(client.get("/api/v1/tournaments/").json())
