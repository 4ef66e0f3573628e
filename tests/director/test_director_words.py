"""The director's screens in the words of the other screens (issue 22)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_kept_apart_says_who_not_forbidden_pairs(dc, seeded):
    html = dc.get(reverse("director:entrants", args=[seeded.slug])).content.decode()
    assert "Forbidden pairs" not in html
    assert "The pairing never puts these two players on one board." in html
