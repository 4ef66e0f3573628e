"""The tables' player links (public/tables.py `player_urls`): reversed once per table, the
same addresses as reversing each."""

import pytest
from django.urls import reverse

from tournament.public import tables


@pytest.mark.parametrize("slug", ["crewe", "open-2026", f"x{tables.PLACEHOLDER}y",
                                  str(tables.PLACEHOLDER)])
def test_the_same_address_as_reverse_gives(slug):
    url = tables.player_urls(slug)
    for number in (1, 7, 10, 99, 1000, 4000, tables.PLACEHOLDER):
        assert url(number) == reverse("public:player", args=[slug, number])


def test_under_a_script_prefix_too():
    from django.urls import get_script_prefix, set_script_prefix

    before = get_script_prefix()
    set_script_prefix("/fives/")
    try:
        url = tables.player_urls("crewe")
        assert url(12) == reverse("public:player", args=["crewe", 12]) == "/fives/crewe/player/12/"
    finally:
        set_script_prefix(before)


def test_another_pattern_is_asked_for_each(monkeypatch):
    calls = []

    def fake_reverse(name, args):
        calls.append(args)
        return f"/p/{args[1]}" if args[1] != tables.PLACEHOLDER else "/p/placeholder"

    monkeypatch.setattr(tables, "reverse", fake_reverse)
    url = tables.player_urls("crewe")
    assert url(5) == "/p/5" and calls[-1] == ["crewe", 5]
