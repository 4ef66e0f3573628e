"""The phone's shims (tournament/offline/phone/), run here by CPython against CPython's own
modules: the regular expressions of the entry package give CPython's answers, by the
small matcher and by the translation for the interpreter's own `re`; `quoted` and the
phone's `json.dumps` write what CPython writes. (In MicroPython itself:
test_phone_engine.py.)"""

import json
import re

import pytest

from scoring import report
from tournament.offline.phone import shim_json, shim_re

# The entry package's patterns (tournament/entry/), with their flags.
PATTERNS = [
    (r"-?[0-9]+", 0),
    (r"^s1_h([0-9]+)_(?:a|b|play|void|void_seat)$", 0),
    (r"^(outcome|seat[01]|s\d+_(a|b|starter|awarded)|s\d+_h\d+_(a|b|play|void|void_seat))$", 0),
    (r"^s(\d+)(?:_h(\d+))?_(.*)$", 0),
    (r"\bseats ([0-3]) and ([0-3])\b", 0),
    (r"\bside ([01])\b", 0),
    (r"\bseat 2\b", 0),
    (r"^/sets/(\d+)/hands/(\d+)(/|$)", 0),
    (r"^/sets/(\d+)(/|$)", 0),
    (r"^set \d+(,? hand \d+)?(,? play \d+)?: ", re.IGNORECASE),
    (r"^s([0-9]+)(?:_h([0-9]+))?_([ab])$", 0),
    (r"^([0-6])\s*[-–/]\s*([0-6])$", 0),
    (r"^([0-6]\s*[-–/]\s*[0-6])(?:\s+(left|l|right|r)(\s+stands)?)?$", re.IGNORECASE),
    (r"^\s*([AB][12]?)\s*:(.*)$", re.IGNORECASE),
    (r'"([^"]*)"?\s*$', 0),
    (r"[\s,;]+", 0),
    # Not the package's: a prefix with an optional letter after it, and a `|`.
    (r"seats? (\d)", 0),
    (r"\bseat 2\b|side", 0),
]
TEXTS = [
    "", "7", "-12", "1_000", "٣", "s1_h3_play", "s1_h12_void_seat", "s2_a", "s10_h1_b",
    "seat1", "outcome", "s1_h3_x", "s1_h3_play\n", "/sets/2/hands/3/plays/4", "/sets/1",
    "/sets/10/x", "Set 1, hand 2, play 3: a tile", "SET 2 hand 4: x", "seats 0 and 2 differ",
    "the side 1 wins", "aside 1", "seat 2 (Ann)", "seat 22", "3-6", "3 – 6", "6/0", "3-7",
    "3-6 LEFT", "3-6 r  Stands", "3-6 l", "3-6 lefty", "a1: 1-2, 3-4;5-6", " b2 :x",
    "seat 2 and seat 2, seats 0 and 2", "side 1 then side 0 (side 1)", "seat 2seat 2",
    "C1: 1-1", 'penalty A1 "held it"', 'penalty "open', "1-2, 3-4 ;\t5-6  ", "é-3 left",
    "3-6\u00a0left", "Ｓ1_a",
]


@pytest.fixture(params=["matcher", "translated"])
def engine(request, monkeypatch):
    """The shim's matcher alone, or the shim with CPython's `re` standing in for
    MicroPython's where a pattern translates."""
    if request.param == "matcher":
        monkeypatch.setattr(shim_re, "_native", None)
    shim_re._cache.clear()
    yield request.param
    shim_re._cache.clear()


def answers(module, pattern, flags, text):
    p = module.compile(pattern, flags)
    out = []
    for way in ("match", "fullmatch", "search"):
        m = getattr(p, way)(text)
        out.append(None if m is None else (m.group(0), m.groups(), m.span(), m.span(1)
                                           if p.groups else None))
    out.append(p.split(text))
    out.append(p.sub(lambda m: "<" + m.group(0) + ">", text))
    out.append(p.sub(r"[\g<0>]" if not p.groups else r"(\1)", text))
    return out


@pytest.mark.parametrize("pattern,flags", PATTERNS)
def test_the_phones_re_answers_as_cpythons(engine, pattern, flags):
    for text in TEXTS:
        assert answers(shim_re, pattern, flags, text) == answers(re, pattern, flags, text), (
            pattern, text)


def test_the_patterns_that_translate_for_the_interpreters_re():
    assert shim_re._translate(r"^s(\d+)(?:_h(\d+))?_(.*)$", False) == (
        r"^s(\d+)(_h(\d+))?_(.*)$", (1, 3, 4))
    assert shim_re._translate(r"^\s*([AB][12]?)\s*:(.*)$", True) == (
        r"^\s*([ABab][12]?)\s*:(.*)$", (1, 2))
    assert shim_re._translate(r"^([0-6])\s*[-–/]\s*([0-6])$", False)[0] == (
        r"^([0-6])\s*[-/]\s*([0-6])$")
    assert shim_re._translate("(left|l)", True)[0] == "([lL][eE][fF][tT]|[lL])"
    for untranslated in (r"\bside\b", r"a{2}", r"(?P<x>a)", r"[^–]", "é", r"[a-z]"):
        flags = untranslated == r"[a-z]"
        assert shim_re._translate(untranslated, flags) is None, untranslated
    assert shim_re._plain("3-6 left\t") and not shim_re._plain("é") and not shim_re._plain("a\n")


def test_a_search_tries_only_where_a_match_can_begin(engine):
    """The literal a match begins with (after a leading \\b), found by str.find; a `^`
    pattern tried at the string's start only: the same answers as CPython's, from any
    position."""
    assert shim_re._prefix(r"\bseats ([0-3]) and ([0-3])\b", 0) == "seats "
    assert shim_re._prefix(r"\bseat 2\b", 0) == "seat 2"
    assert shim_re._prefix(r"seats? (\d)", 0) == "seat"
    for none in (r"\bseat 2\b|side", r"^set \d+", r"\d+x", r"\[x"):
        assert shim_re._prefix(none, 0) == "", none
    assert shim_re._prefix("side", re.IGNORECASE) == ""
    for pattern, flags in PATTERNS:
        for text in TEXTS:
            for pos in range(len(text) + 2):
                mine = shim_re.compile(pattern, flags).search(text, pos)
                theirs = re.compile(pattern, flags).search(text, pos)
                assert (mine and (mine.group(0), mine.span())) == (
                    theirs and (theirs.group(0), theirs.span())), (pattern, text, pos)


def test_what_the_phones_re_refuses_it_says():
    for pattern in (r"a{2,3}", r"(?P<x>a)", r"(?=a)", "(a", r"\q"):
        with pytest.raises(shim_re.error):
            shim_re.compile(pattern)


@pytest.mark.parametrize("text", ["plain", "it's", 'say "hi"', "both ' and \"", "é-3",
                                  "tab\there", "nbsp\u00a0x", "\x01\x7f", "back\\slash",
                                  "Zoë – 3–6", "\u200b\u2028", "日本"])
def test_quoted_writes_cpythons_repr(monkeypatch, text):
    monkeypatch.setattr(report, "_REPR_KEEPS_UNICODE", False)  # as on the phone
    assert report.quoted(text) == repr(text)
    assert report.quoted(["a", 1]) == repr(["a", 1])


def test_the_phones_json_escapes_as_cpythons():
    value = {"name": "Zoë Ångström", "tile": "3–6", "odd": "\x7f\U0001f600", "n": [1, 2.5]}
    mine = "".join(shim_json._escape(c) for c in json.dumps(value, ensure_ascii=False))
    assert mine == json.dumps(value)
    assert shim_json.dumps(value) == json.dumps(value)
