"""Issue 21 #12: every Unicode digit, typed into every field that reads a number, gets a
clear answer and never a 500 (`"²".isdigit()` is true and `int("²")` raises)."""

import sys
import unicodedata

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournament.actions import events
from tournament.entry import numbers
from tournament.entry import record as rec
from tournament.models import Entrant, Match, Official, Round
from tournament.public import data

# Every character Python calls a digit, but for 0-9: "٣", "²", "①", "𝟘" and the rest.
DIGITS = [chr(c) for c in range(sys.maxunicode + 1)
          if unicodedata.digit(chr(c), None) is not None and not "0" <= chr(c) <= "9"]


def behaviour(d: str) -> tuple:
    """All that a reader of numbers can tell of a digit: its category (Nd, which int(),
    float() and the regex \\d take as a digit; No, which they refuse or miss), whether NFKC
    makes it an ASCII digit ("２", "²", "①"), and its size in UTF-8 (2 to 4 bytes, beyond the
    BMP at 4). Every digit of one behaviour meets the same code on its way in."""
    return (unicodedata.category(d), d.isdecimal(),
            unicodedata.normalize("NFKC", d).isascii(), len(d.encode()))


# Over HTTP, the first digit of each behaviour (10 of them: Arabic-Indic, Devanagari,
# fullwidth, superscripts, circled, mathematical, ...): the pure tests below take all ~780.
FIRST_OF_EACH = {}
for digit in DIGITS:
    FIRST_OF_EACH.setdefault(behaviour(digit), digit)
FAMILIES = list(FIRST_OF_EACH.values())

SINGLES = rec.Table(ruleset="bndcc", names=("Ann Lee", "Bo Park"))
PAIRS = rec.Table(ruleset="bndcc", names=("Ann & Cy", "Bo & Di"),
                  members=(("Ann", "Cy"), ("Bo", "Di")))


def test_there_are_hundreds_of_them():
    assert len(DIGITS) > 700 and "²" in DIGITS and "١" in DIGITS
    # Every behaviour among them goes over HTTP: digits int() reads and digits it refuses,
    # NFKC's ASCII digits and others, in the BMP and beyond it.
    assert {behaviour(d) for d in FAMILIES} == {behaviour(d) for d in DIGITS}
    assert len(FAMILIES) >= 8 and {"²", "０", "٠"} <= set(FAMILIES)


@pytest.mark.parametrize("typed", ["²", "١", "1_0", "+1", " 1 2", "0x1", "1.0", "", "-", "1" * 10])
def test_the_parser_takes_only_ascii_digits(typed):
    with pytest.raises(numbers.NumberError, match="digits 0-9"):
        numbers.whole(typed, "seat")
    assert numbers.whole_or_none(typed) is None


def test_the_parser_reads_ascii_numbers_and_names_the_field_out_of_range():
    assert numbers.whole(" 12 ", "board") == 12 and numbers.whole("-3", "x") == -3
    with pytest.raises(numbers.NumberError, match="seat must be at most 3, not 4"):
        numbers.whole("4", "seat", high=3)


def arbiter_fields(d):
    """Every numeric field of the entry form, each holding `d`."""
    return {"s1_starter": d, "s1_a": d, "s1_b": "61", "s1_h1_a": d, "s1_h1_b": "0",
            "s1_h1_void": "out_of_turn", "s1_h1_void_seat": d, "seat0": d, "seat1": d,
            "s1_h2_play": f"penalty {d} out_of_turn", "s2_starter": "0", "s2_a": "61",
            "s2_b": d}


@pytest.mark.parametrize("table", [SINGLES, PAIRS], ids=["singles", "pairs"])
def test_every_digit_in_every_arbiter_field_is_an_error_not_a_crash(table):
    for d in DIGITS:
        built = rec.build(arbiter_fields(d), table)
        assert built.errors, d  # refused, with the field named, never read as a number
        assert d not in str(built.record or ""), d


def test_every_digit_finds_nobody_rather_than_crashing():
    entries = [{"number": 2, "pair": "", "search": "ann lee 2", "name": "Ann Lee"}]
    for d in DIGITS:
        assert data.search(entries, d) == []
        with pytest.raises(data.BadRound):
            data.parse_after_round(d, [])


@pytest.fixture
def digits_board(db):
    director = User.objects.create(username="dir")
    arbiter = User.objects.create(username="arb")
    t = events.create_tournament(director, name="Digits Open", ruleset="bndcc")
    Official.objects.create(tournament=t, user=arbiter, role=Official.Role.ARBITER)
    ann = Entrant.objects.create(tournament=t, number=1, name="Ann Lee")
    bo = Entrant.objects.create(tournament=t, number=2, name="Bo Park")
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    return {"t": t, "match": Match.objects.create(round=r1, board=1, side0=ann, side1=bo),
            "director": director, "arbiter": arbiter}


def test_every_digit_to_every_public_number_is_answered(client, digits_board):
    slug = digits_board["t"].slug
    round_url = reverse("public:round", args=[slug, 1])
    standings = reverse("public:standings", args=[slug])
    for d in FAMILIES:
        for url, query in ((round_url, {"find": d}), (round_url, {"page": d}),
                           (standings, {"after_round": d}), (standings, {"page": d}),
                           (standings, {"per_page": d}), (reverse("public:events"),
                                                          {"page": d})):
            status = client.get(url, query).status_code
            assert status in (200, 400), (url, query, status)


def test_every_digit_to_every_arbiter_and_director_number_is_answered(client, digits_board):
    m = digits_board["match"]
    url = reverse("arbiter:match", args=[m.pk])
    client.force_login(digits_board["arbiter"])
    for d in FAMILIES:
        entered = client.post(url, {"action": "enter", "version": m.version,
                                    "outcome": "played", **arbiter_fields(d)})
        stale = client.post(url, {"action": "enter", "version": d, "outcome": "played",
                                  "s1_starter": "0", "s1_a": "61", "s1_b": "0"})
        confirm = client.post(url, {"action": "confirm", "version": d})
        assert entered.status_code in (400, 422), d  # the fields named, nothing stored
        assert stale.status_code in (400, 409, 422), (d, stale.status_code)
        assert confirm.status_code in (400, 409, 422), (d, confirm.status_code)
    client.force_login(digits_board["director"])
    for d in FAMILIES:
        changed = client.post(url, {"action": "first_set_starter", "seat": d, "reason": "draw"})
        assert changed.status_code in (400, 409, 422), d
    m.refresh_from_db()
    assert m.version == 0 and m.status == "pending"
