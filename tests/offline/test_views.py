"""The offline machinery's server side: the service worker at the root, the manifest, the
engine's files (the server's own sources, the phone's shims), the token a queued write is
sent with, the user tag the worker keeps pages by, and the entry pages opting in."""

import base64
import gzip
import json
import re

import pytest
from django.urls import reverse

from tests.arbiter.conftest import client_for
from tournament.offline.bundle import (
    PHONE,
    ROOT,
    compiled,
    dataclass_fields,
    engine_bundle,
    engine_sources,
    mpy_cross,
    sources,
)
from tournament.offline.user import HEADER, user_tag

pytestmark = pytest.mark.django_db


def worker_settings(client):
    response = client.get("/sw.js")
    first = response.content.decode().splitlines()[0]
    assert first.startswith("self.OFFLINE = ") and first.endswith(";")
    return response, json.loads(first[len("self.OFFLINE = "):-1])


def test_the_worker_is_served_at_the_root_and_never_kept(client):
    response, settings = worker_settings(client)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    assert "/arbiter/" in settings["pages"]
    assert len(settings["version"]) == 12


def test_every_file_the_worker_keeps_is_there(client):
    _, settings = worker_settings(client)
    kept = settings["precache"]
    assert any(re.search(r"/micropython\.[0-9a-f]+\.wasm$|/micropython\.wasm$", u) for u in kept)
    assert not any("pyodide" in u for u in kept)
    assert any(u.startswith("/offline/engine-") for u in kept)
    for url in kept:
        response = client.get(url)
        assert response.status_code == 200, url
        if hasattr(response, "streaming_content"):
            b"".join(response.streaming_content)
        response.close()


def test_the_engine_holds_the_servers_own_files(client):
    data, digest = engine_bundle()
    response = client.get(reverse("offline:engine", args=[digest]), HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content) == data
    assert "immutable" in response["Cache-Control"] and "Accept-Encoding" in response["Vary"]
    plain = client.get(reverse("offline:engine", args=[digest]))
    assert plain.content == data and not plain.has_header("Content-Encoding")
    files = engine_sources()
    server = [n for n in files if not n.startswith("phone/")]
    assert server == sources()
    for name in server:
        assert files[name] == (ROOT / name).read_text(), name
    assert "scoring/engine.py" in server and "tournament/entry/record/check.py" in server
    entry = {q.relative_to(ROOT).as_posix() for q in (ROOT / "tournament/entry").rglob("*.py")}
    assert entry <= set(server)  # the phone's package, whole
    assert {n for n in server if n.startswith("tournament/")} == entry | {"tournament/__init__.py"}
    assert not any("management" in n or n.endswith("apps.py") for n in server)
    # The phone's shims, and each dataclass's fields as CPython reads them.
    for shim in PHONE.glob("*.py"):
        assert files[f"phone/{shim.name}"] == shim.read_text()
    fields = dataclass_fields()
    assert fields["scoring.formats.MatchFormat"] == ["target", "sets_to_win"]
    assert json.dumps(fields, indent=1) in files["phone/shim_fields.py"]
    # Shipped compiled: each of those files as MicroPython 1.27's bytecode, and nothing else.
    shipped = json.loads(data)["files"]
    assert sorted(shipped) == sorted(n[:-len(".py")] + ".mpy" for n in files)
    code = compiled(files, mpy_cross())
    for name, text in shipped.items():
        raw = base64.b64decode(text)
        assert raw[:2] == b"M\x06" and raw == code[name], name  # .mpy version 6
    assert engine_bundle() == (data, digest)  # the same sources make the same bytes
    assert client.get(reverse("offline:engine", args=["0" * 16])).status_code == 404


def test_without_mpy_cross_the_sources_are_shipped(monkeypatch):
    """A server where the compiler cannot run ships the sources: the phone compiles them."""
    from tournament.offline import bundle

    monkeypatch.setattr(bundle, "mpy_cross", lambda: None)
    data, digest, _ = bundle._build.__wrapped__(bundle._stamp())
    assert json.loads(data)["files"] == engine_sources()
    assert digest != engine_bundle()[1]


def test_the_manifest_names_the_entry_app_and_its_icons(client):
    data = json.loads(client.get(reverse("offline:manifest")).content)
    assert data["start_url"] == "/arbiter/start/" and data["display"] == "standalone"
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_the_token_names_the_session_and_is_never_kept(client, people):
    anonymous = client.get(reverse("offline:token"))
    assert json.loads(anonymous.content)["user"] == ""
    assert "no-store" in anonymous["Cache-Control"]
    client_for(client, people["arb"])
    data = json.loads(client.get(reverse("offline:token")).content)
    assert data["user"] == user_tag(people["arb"]) != ""
    assert data["csrf"]


def test_user_tags_differ_by_user_and_hide_the_id(people):
    a, b = user_tag(people["arb"]), user_tag(people["arb2"])
    assert a != b and str(people["arb"].pk) != a and len(a) == 20


def test_entry_pages_carry_the_user_tag_and_public_pages_do_not(client, round1, people):
    client_for(client, people["arb"])
    boards = client.get(reverse("arbiter:boards", args=[round1["t"].slug]))
    assert boards[HEADER] == user_tag(people["arb"])
    public = client.get(reverse("public:events"))
    assert HEADER not in public  # only where the worker keeps pages or sees sign-ins
    # The API key's page is no-store: the worker never keeps it.
    assert "no-store" in client.get(reverse("arbiter:token"))["Cache-Control"]


def test_the_board_pages_opt_in(client, round1, people):
    client_for(client, people["arb"])
    boards = client.get(reverse("arbiter:boards", args=[round1["t"].slug])).content.decode()
    assert 'id="offline-script"' in boards and "data-offline-keep" in boards
    assert reverse("offline:manifest") in boards
    page = client.get(reverse("arbiter:match", args=[round1["match"].pk])).content.decode()
    assert 'data-offline data-offline-check' in page
    assert 'id="entry-table"' in page and 'id="entry-check-script"' in page
    assert f"/offline/engine-{engine_bundle()[1]}.json" in page


def test_every_sign_out_is_in_the_workers_settings(client):
    """The worker drops the kept pages as any sign-out is posted, from whatever page
    (issue 33, point 6): it knows every sign-out's address, and the rest of what its
    "not kept" page needs to send the queue (the token, the queue's scripts)."""
    _, settings = worker_settings(client)
    assert settings["signout"] == [reverse("logout"), reverse("players:sign_out")]
    assert settings["token"] == reverse("offline:token")
    for kept in ("sender", "queue", "stylesheet"):
        assert settings[kept] in settings["precache"], kept


def test_every_page_sends_the_queue_and_only_entry_pages_keep(client, round1, people):
    """The queue's script is on every page (send-only where no entry page's settings
    are), so a write waiting on the phone is sent from whatever page is open."""
    public = client.get(reverse("public:events")).content.decode()
    assert 'id="offline-script"' in public and reverse("offline:token") in public
    assert 'id="offline-page"' not in public and "js/queue.js" in public
    client_for(client, people["arb"])
    boards = client.get(reverse("arbiter:boards", args=[round1["t"].slug])).content.decode()
    settings = re.search(r'<script id="offline-page" type="application/json">(.*?)</script>',
                         boards).group(1)
    assert json.loads(settings) == {"worker": reverse("offline:worker"),
                                    "user": user_tag(people["arb"])}
    assert boards.count('id="offline-script"') == 1 and boards.count("js/offline.js") == 1


def test_the_way_back_from_a_store_is_marked_to_keep(client, round1, people):
    """The event's page keeps its round's page (where a result stored offline leads),
    and a board's "back" link its round (issue 33, point 9)."""
    client_for(client, people["arb"])
    slug, number = round1["t"].slug, round1["match"].round.number
    round_url = reverse("arbiter:round", args=[slug, number])
    event_page = client.get(reverse("arbiter:boards", args=[slug])).content.decode()
    assert re.search(rf'href="{round_url}"[^>]*data-offline-back', event_page)
    board = client.get(reverse("arbiter:match", args=[round1["match"].pk])).content.decode()
    assert re.search(rf'<a href="{round_url}" data-offline-back>', board)


def test_the_workers_version_follows_a_kept_files_date(client):
    import os

    from django.contrib.staticfiles import finders

    _, before = worker_settings(client)
    css = finders.find("css/arbiter.css")
    stat = os.stat(css)
    try:
        os.utime(css, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
        _, after = worker_settings(client)
    finally:
        os.utime(css, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert after["version"] != before["version"]
    assert worker_settings(client)[1]["version"] == before["version"]


def test_the_engines_files_run_alone_without_django(tmp_path):
    """What the phone gets is complete and Django-free: a bare Python (no site-packages)
    with only the engine's files on its path imports the check and checks a form."""
    import subprocess
    import sys

    for name, text in engine_sources().items():
        if not name.startswith("phone/"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(text)
    script = ("import sys, json; sys.path.insert(0, sys.argv[1]);"
              "from tournament.entry.record import check as c;"
              "print(json.dumps(c.check({'outcome': 'played', 's1_a': '61', 's1_b': '61'},"
              " c.table_json(c.Table()))));"
              "assert 'django' not in sys.modules")
    done = subprocess.run([sys.executable, "-S", "-I", "-c", script, str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["valid"] is False
