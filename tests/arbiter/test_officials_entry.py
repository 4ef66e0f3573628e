"""What the arbiters meet on the entry and confirm pages (issue 22)."""

import re

import pytest
from django.urls import reverse

from .conftest import client_for
from .test_pairs import pairs  # noqa: F401  (the BNDCC pairs event fixture)

pytestmark = pytest.mark.django_db


def hand_inputmodes(page):
    return set(re.findall(r'inputmode="(\w+)"[^>]*name="s\d+_h\d+_[ab]"', page))


def set_inputmodes(page):
    return set(re.findall(r'inputmode="(\w+)"[^>]*name="s\d+_[ab]"', page))


def test_bndcc_hand_boxes_get_a_keyboard_with_a_minus(client, pairs, people):  # noqa: F811
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[pairs["match"].pk])).content.decode()
    assert hand_inputmodes(page) == {"text"}
    assert set_inputmodes(page) == {"numeric"}  # a set score is never negative


def test_mso_hand_boxes_keep_the_numeric_keypad(client, event, people):
    client_for(client, people["arb"])
    page = client.get(reverse("arbiter:match", args=[event["match"].pk])).content.decode()
    assert hand_inputmodes(page) == {"numeric"}
