"""TRF(x) parser and writer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing.trf import (
    TITLES,
    TrfError,
    TrfEvent,
    TrfPlayer,
    TrfResult,
    parse_trf,
    result_points,
    write_trf,
)

SAMPLE = """\
012 Fives and Threes Open
001    1 m GM Smith, John                       2183 ENG    12345678 1980/01/31  2.0    1     4 b 1     3 w 1
001    2 w    Jones, Mary                       2139 WLS             1990        1.0    2     3 w =  0000 - H
001    3      Brown, Alan                       2050                             0.5    3     2 b =     1 b 0
001    4      Green, Bob                           0                             1.0    4     1 w 0  0000 - U
092 FIDE_DUTCH_2025
XXR 7
XXC black1
XXP 1 4
"""  # noqa: E501


def _event(*results_by_player: tuple[TrfResult, ...], **kwargs) -> TrfEvent:
    players = tuple(
        TrfPlayer(number=i + 1, name=f"P{i + 1}", rating=2000 - i, results=tuple(rs))
        for i, rs in enumerate(results_by_player)
    )
    return TrfEvent(name="t", players=players, **kwargs)


def test_parse_sample_fields() -> None:
    event = parse_trf(SAMPLE)
    assert event.name == "Fives and Threes Open"
    assert event.rounds_planned == 7
    assert event.first_colour == "black1"
    assert event.forbidden == ((1, 4),)
    assert event.absent == frozenset()
    assert event.other_lines == ("092 FIDE_DUTCH_2025",)
    p1, p2, p3, p4 = event.players
    assert (p1.number, p1.name, p1.rating, p1.sex, p1.title) == (1, "Smith, John", 2183, "m", "GM")
    assert (p1.federation, p1.fide_id, p1.birth_date, p1.rank) == ("ENG", 12345678, "1980/01/31", 1)
    assert p1.results == (TrfResult(4, "b", "1"), TrfResult(3, "w", "1"))
    assert (p2.sex, p2.title, p2.fide_id, p2.birth_date) == ("w", None, None, "1990")
    assert p2.results[1] == TrfResult(None, "-", "H")
    assert p2.points == 1.0
    assert p4.rating == 0
    assert p4.results[1] == TrfResult(None, "-", "U")


def test_sample_round_trips_byte_for_byte() -> None:
    assert write_trf(parse_trf(SAMPLE)) == SAMPLE


def test_writer_columns_match_py4swiss_reader() -> None:
    from tournament.pairing.py4swiss_seam import player_section

    text = write_trf(parse_trf(SAMPLE))
    line = text.splitlines()[1]
    section = player_section(line)
    assert section.starting_number == 1
    assert section.name == "Smith, John"
    assert section.fide_rating == 2183
    assert section.fide_federation == "ENG"
    assert section.fide_number == 12345678
    assert section.points_times_ten == 20
    assert section.rank == 1
    assert [r.to_string() for r in section.results] == ["   4 b 1", "   3 w 1"]


def test_points_and_rank_are_computed_when_writing() -> None:
    event = _event(
        (TrfResult(2, "w", "0"), TrfResult(None, "-", "H")),
        (TrfResult(1, "b", "1"), TrfResult(3, "w", "+")),
        (TrfResult(None, "-", "U"), TrfResult(2, "b", "-")),
    )
    lines = write_trf(event).splitlines()
    # points in columns 81-84, rank in 86-89
    assert [(ln[80:84], ln[85:89]) for ln in lines[1:4]] == [
        (" 0.5", "   3"),
        (" 2.0", "   1"),
        (" 1.0", "   2"),
    ]
    assert lines[1][91:] == "   2 w 0  0000 - H"


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("1", 1),
        ("0", 0),
        ("=", 0.5),
        ("+", 1),
        ("-", 0),
        ("U", 1),
        ("F", 1),
        ("H", 0.5),
        ("Z", 0),
        ("W", 1),
        ("D", 0.5),
        ("L", 0),
        (" ", 0),
    ],
)
def test_result_points(code: str, points: float) -> None:
    assert result_points(code) == points


def test_absent_players_written_as_zero_point_bye_for_next_round() -> None:
    event = _event(
        (TrfResult(2, "w", "1"),),
        (TrfResult(1, "b", "0"),),
        (TrfResult(None, "-", "U"),),
        absent=frozenset({2}),
    )
    text = write_trf(event)
    assert text.splitlines()[2].endswith("     1 b 0  0000 - Z")
    reread = parse_trf(text)
    assert reread.absent == frozenset({2})
    assert [p.results for p in reread.players] == [p.results for p in event.players]


def test_no_absent_marker_once_every_planned_round_is_done() -> None:
    # A column for a round that does not exist would make the file unreadable (XXR 1).
    event = _event(
        (TrfResult(2, "w", "1"),),
        (TrfResult(1, "b", "0"),),
        absent=frozenset({2}),
        rounds_planned=1,
    )
    text = write_trf(event)
    assert text.splitlines()[2].endswith("     1 b 0")
    assert [p.results for p in parse_trf(text).players] == [p.results for p in event.players]


def test_xxz_lines_are_read_as_absent() -> None:
    text = SAMPLE + "XXZ 3 4\n"
    event = parse_trf(text)
    assert event.absent == frozenset({3, 4})
    # written back the JaVaFo/bbpPairings way (0000 - Z in the next round's column)
    again = parse_trf(write_trf(event))
    assert again.absent == frozenset({3, 4})
    assert "XXZ" not in write_trf(event)


def test_blank_entry_in_the_middle_is_kept() -> None:
    line = SAMPLE.splitlines()[2]
    blanked = line.replace("  0000 - H", " " * 10 + "     4 b 1").replace(" 1.0 ", " 1.5 ")
    event = parse_trf(SAMPLE.replace(line, blanked))
    assert event.players[1].results == (
        TrfResult(3, "w", "="),
        TrfResult(None, "-", " "),
        TrfResult(4, "b", "1"),
    )
    assert parse_trf(write_trf(event)) == event
    assert blanked in write_trf(event)


def test_comments_and_blank_lines_are_ignored() -> None:
    assert parse_trf("# comment\n\n" + SAMPLE + "\n\n") == parse_trf(SAMPLE)


def test_crlf_line_endings() -> None:
    assert parse_trf(SAMPLE.replace("\n", "\r\n")) == parse_trf(SAMPLE)


def _malformed(old: str, new: str) -> TrfError:
    assert old in SAMPLE
    with pytest.raises(TrfError) as info:
        parse_trf(SAMPLE.replace(old, new, 1))
    return info.value


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        ("     4 b 1", "     4 b X", 2, "invalid result code 'X'"),
        ("     4 b 1", "     4 x 1", 2, "invalid colour"),
        ("     4 b 1", "    4b  1", 2, "malformed entry"),
        ("     4 b 1", "    ab b 1", 2, "not a number"),
        ("     3 w 1", "     9 w 1", 2, "opponent 9 unknown"),
        ("  0000 - H", "  0000 w H", 3, "bye 'H' must have no opponent"),
        ("     1 b 0", "  0000 - 0", 4, "needs an opponent"),
        ("2183 ENG", "21x3 ENG", 2, "rating"),
        (" 2.0    1", " 2.5    1", 2, "points column says 2.5 but the results add up to 2.0"),
        (" 2.0    1", "  2     1", 2, "invalid points"),
        ("001    3", "001    2", 4, "player 2 already defined on line 3"),
        ("001    3", "001    x", 4, "is not a number"),
        ("m GM ", "m XY ", 2, "invalid title"),
        ("XXR 7", "XXR seven", 7, "XXR"),
        ("XXC black1", "XXC blue1", 8, "unsupported configuration 'blue1'"),
        ("XXP 1 4", "XXP 1", 9, "at least two"),
        ("092 FIDE", "ABC FIDE", 6, "unknown line code 'ABC'"),
        ("092 FIDE_DUTCH_2025", "XXS W=3.0", 6, "XXS"),
        ("XXR 7", "XXR 1", 2, "has 2 results but XXR is 1"),
        # Hardened (issue #13): str.isdigit() is true of these, int() is not.
        ("001    3", "001    \u00b2", 4, "is not a number"),
        ("     4 b 1", "     \u00b2 b 1", 2, "opponent '\u00b2' is not a number"),
        ("2183 ENG", "218\u0663 ENG", 2, "rating"),
        (" 2.0    1", " 2.\u0660    1", 2, "invalid points"),
        ("XXR 7", "XXR \u00b3", 7, "XXR"),
        ("XXR 7", "XXR " + "9" * 5000, 7, "not a number from 1 to 99"),
        ("XXR 7", "XXR 100", 7, "not a number from 1 to 99"),
        ("XXP 1 4", "XXP 1 \u00b2", 9, "expected starting numbers"),
        ("XXP 1 4", "XXP 1 " + "9" * 5000, 9, "expected starting numbers"),
        ("XXP 1 4", "XXP 1 44", 9, "XXP names unknown player 44"),
        ("Smith, John", "Smith,\x00John", 2, "control character U+0000 in column"),
        ("Smith, John", "Smith,\u2028John", 2, "control character U+2028"),
        ("Smith, John", "Smith,\x0cJohn", 2, "control character U+000C"),
        ("092 FIDE", "\u0661\u0662\u0663 FIDE", 6, "unknown line code"),
    ],
)
def test_malformed_lines_are_reported_with_line_number(
    old: str, new: str, line: int, words: str
) -> None:
    err = _malformed(old, new)
    assert err.line_number == line, str(err)
    assert words in str(err)
    assert str(err).startswith(f"line {line}: ")


def test_more_rounds_than_the_format_allows() -> None:
    line = SAMPLE.splitlines()[1]
    text = SAMPLE.replace(line, line + "  0000 - Z" * 98, 1)
    with pytest.raises(TrfError) as info:
        parse_trf(text)
    assert info.value.line_number == 2
    assert "more than 99 round entries" in info.value.message


def test_short_player_line() -> None:
    with pytest.raises(TrfError) as info:
        parse_trf("012 x\n001    1      Name\nXXR 3\n")
    assert info.value.line_number == 2
    assert "rank column" in info.value.message


def test_no_players() -> None:
    with pytest.raises(TrfError, match="no 001 player lines"):
        parse_trf("012 x\nXXR 3\n")


def test_duplicate_xxr() -> None:
    with pytest.raises(TrfError) as info:
        parse_trf(SAMPLE + "XXR 9\n")
    assert info.value.line_number == 10
    assert "first on line 7" in info.value.message


def test_data_class_validation() -> None:
    with pytest.raises(ValueError):
        TrfResult(3, "-", "1")
    with pytest.raises(ValueError):
        TrfResult(3, "w", "U")
    with pytest.raises(ValueError):
        TrfResult(None, "w", "Q")
    with pytest.raises(ValueError):
        TrfPlayer(0, "x", None)
    with pytest.raises(ValueError):
        TrfEvent("x", (TrfPlayer(1, "a", None), TrfPlayer(1, "b", None)))
    with pytest.raises(ValueError):
        TrfEvent("x", (TrfPlayer(1, "a", None),), absent=frozenset({2}))
    with pytest.raises(ValueError):
        TrfEvent("x", (TrfPlayer(1, "a", None),), first_colour="white")


def test_long_names_are_truncated_to_the_field() -> None:
    event = _event(())
    event = TrfEvent("x", (TrfPlayer(1, "N" * 40, 1500),))
    line = write_trf(event).splitlines()[1]
    assert line[14:47] == "N" * 33
    assert line[48:52] == "1500"


# --------------------------------------------------------------------------- property test

_names = st.text(
    alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=0, max_size=33
)


@st.composite
def events(draw):
    n = draw(st.integers(min_value=1, max_value=12))
    rounds = draw(st.integers(min_value=0, max_value=5))
    players = []
    for number in range(1, n + 1):
        results = []
        for _ in range(rounds):
            kind = draw(st.sampled_from(["game", "forfeit", "bye", "blank"]))
            if kind == "game":
                results.append(
                    TrfResult(
                        draw(st.integers(1, n)),
                        draw(st.sampled_from("wb")),
                        draw(st.sampled_from("10=WDL")),
                    )
                )
            elif kind == "forfeit":
                results.append(
                    TrfResult(
                        draw(st.integers(1, n)),
                        draw(st.sampled_from("wb")),
                        draw(st.sampled_from("+-")),
                    )
                )
            elif kind == "bye":
                results.append(TrfResult(None, "-", draw(st.sampled_from("HFUZ"))))
            else:
                results.append(TrfResult(None, "-", " "))
        while results and results[-1].code == " ":
            results[-1] = TrfResult(None, "-", "Z")  # trailing blanks are not entries
        if results and results[-1] == TrfResult(None, "-", "Z") and rounds:
            results[-1] = TrfResult(None, "-", "H")  # keep the absent marker unambiguous
        players.append(
            TrfPlayer(
                number=number,
                name=draw(_names).strip(),
                rating=draw(st.none() | st.integers(0, 9999)),
                results=tuple(results),
                sex=draw(st.sampled_from([None, "m", "w"])),
                title=draw(st.none() | st.sampled_from(sorted(TITLES)).map(str.upper)),
                federation=draw(st.none() | st.sampled_from(["ENG", "WLS", "FRA"])),
                fide_id=draw(st.none() | st.integers(1, 99_999_999_999)),
                birth_date=draw(st.sampled_from([None, "1999", "2001/12/31"])),
                rank=draw(st.integers(1, 9999)),
            )
        )
    numbers = list(range(1, n + 1))
    absent = draw(st.sets(st.sampled_from(numbers), max_size=n - 1))
    forbidden = draw(
        st.lists(st.tuples(st.sampled_from(numbers), st.sampled_from(numbers)), max_size=3)
    )
    return TrfEvent(
        name=draw(_names).strip(),
        players=tuple(players),
        rounds_planned=draw(st.none() | st.integers(rounds + 1, rounds + 9)),
        first_colour=draw(st.sampled_from([None, "white1", "black1"])),
        forbidden=tuple(forbidden),
        absent=frozenset(absent),
        other_lines=tuple(
            draw(st.lists(st.sampled_from(["092 X", "022 City", "XXA    1  1.0"]), max_size=2))
        ),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_round_trip_property(event: TrfEvent) -> None:
    text = write_trf(event)
    assert parse_trf(text) == event
    assert write_trf(parse_trf(text)) == text
    for line in text.splitlines():
        if line.startswith("001"):
            assert len(line) >= 89
            assert line == line.rstrip()
