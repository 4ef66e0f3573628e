"""Issue 21 #19: every kind of response carries the Content-Security-Policy, and no
template holds what it would block (inline scripts, handlers, style attributes)."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def policy(response) -> dict:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def test_the_policy_allows_this_site_only_and_the_planned_workers():
    from django.test import Client

    p = policy(Client().get("/"))
    assert p["default-src"] == ["'self'"] and p["object-src"] == ["'none'"]
    assert p["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # wasm only, never 'unsafe-eval'
    assert "'unsafe-inline'" not in " ".join(sum(p.values(), []))
    assert p["worker-src"] == ["'self'"] and p["manifest-src"] == ["'self'"]
    assert p["frame-ancestors"] == ["'none'"]


def test_every_kind_of_page_carries_it(client, mine, dora, client_for):
    from django.contrib.auth.models import User

    slug = mine.slug
    anonymous = ["/", reverse("login"), "/no-such-event/", f"/{slug}/standings/",
                 "/api/v1/tournaments/", "/api/v1/openapi.json", "/api/v1/tournaments/nope/",
                 reverse("admin:login")]
    for url in anonymous:
        assert "default-src 'self'" in client.get(url)["Content-Security-Policy"], url
    director = client_for(dora)
    for url in (reverse("director:home"), reverse("director:event", args=[slug]),
                reverse("arbiter:home")):
        assert "default-src 'self'" in director.get(url)["Content-Security-Policy"], url
    root = User.objects.create_superuser("root", password="pw-123456")
    admin = client_for(root)
    assert "default-src 'self'" in admin.get(reverse("admin:index"))[
        "Content-Security-Policy"]


def test_no_template_holds_an_inline_script_handler_or_style():
    found = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"<script(?![^>]*\bsrc=)[^>]*>", r"\son[a-z]+\s*=", r"\sstyle\s*=",
                        r"<style\b", r"javascript:"):
            found += [f"{path.relative_to(TEMPLATES)}: {m.group(0)}"
                      for m in re.finditer(pattern, text)]
    assert found == []
