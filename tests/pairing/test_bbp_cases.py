"""Events on which py4swiss (C.04.3 until 2026) and bbpPairings 6 (C.04.3 from 2026) differ.

Each event's TRF and the pairing bbpPairings v6.0.0 (``bbpPairings.exe --dutch in.trf -p``)
gives for its next round.  Found by pairing random events with both engines; the smallest
event of each kind of difference is kept here.
"""

from __future__ import annotations

from tournament.pairing import format_pairs, pair_next_round, parse_trf


def pairs(trf: str) -> str:
    return format_pairs(pair_next_round(parse_trf(trf)))


# Round 1; player 2 is absent (0000 - Z) and has never been paired.  bbpPairings counts only
# players who have taken part in a pairing or take part in this one when it numbers them, so
# 3..7 are pairing numbers 2..6 and E.5 (colours of two players without preference follow the
# parity of the higher one's pairing number) gives 3 black and 4 white.  With starting numbers
# py4swiss gave 3-6 and 7-4.
ABSENT_BEFORE_FIRST_GAME = """\
012 Small
001    1      Player 1                          2400                             0.0    1
001    2      Player 2                          2300                             0.0    2  0000 - Z
001    3      Player 3                          2200                             0.0    3
001    4      Player 4                          2100                             0.0    4
001    5      Player 5                          2000                             0.0    5
001    6      Player 6                          1900                             0.0    6
001    7      Player 7                          1800                             0.0    7
XXR 5
XXC white1
"""  # noqa: E501


def test_player_never_paired_and_absent_has_no_pairing_number() -> None:
    assert pairs(ABSENT_BEFORE_FIRST_GAME) == "3\n1 5\n6 3\n4 7\n"


# Round 5; player 12 had a requested full-point bye (0000 - F) in round 2.  C.04.3 (2026)
# 2.2.2: a player who already scored without playing as many points as a win may not get the
# pairing-allocated bye, so it goes to 10 (2.0), not to 12 (1.5).  py4swiss counts only U and
# + as byes received.
FULL_POINT_BYE_BEFORE = """\
012 Random 1119
001    1      Test0001 Player0001               2581                             3.0    2     8 w 1    13 b 1     7 w 1     3 b 0
001    2      Test0002 Player0002               2301                             3.0    3     9 b =     5 w =    12 b 1    13 w 1
001    3      Test0003 Player0003               2285                             4.0    1  0000 - F  0000 - F  0000 - F     1 w 1
001    4      Test0004 Player0004               2006                             2.5    4  0000 - Z    11 w 1     9 b 1     6 b =  0000 - Z
001    5      Test0005 Player0005               1723                             2.0    7    10 w =     2 b =    13 w 0     8 b 1
001    6      Test0006 Player0006               1632                             2.5    5    11 b 1     7 w 0     8 b 1     4 w =
001    7      Test0007 Player0007               1594                             2.5    6    12 w 1     6 b 1     1 b 0     9 w =
001    8      Test0008 Player0008               1467                             0.5   13     1 b 0  0000 - H     6 w 0     5 w 0  0000 - Z
001    9      Test0009 Player0009               1384                             2.0    8     2 w =    10 b 1     4 w 0     7 b =
001   10      Test0010 Player0010               1169                             2.0    9     5 b =     9 w 0    11 b 1    12 w =
001   11      Test0011 Player0011               1121                             1.0   12     6 w 0     4 b 0    10 w 0  0000 - U  0000 - Z
001   12      Test0012 Player0012               1091                             1.5   11     7 b 0  0000 - F     2 w 0    10 b =
001   13      Test0013 Player0013               1024                             3.0   10  0000 - U     1 w 0     5 b 1     2 b 0  0000 - F
092 FIDE_DUTCH_2025
XXR 5
XXC white1
"""  # noqa: E501


def test_full_point_bye_makes_a_player_ineligible_for_the_pairing_allocated_bye() -> None:
    assert pairs(FULL_POINT_BYE_BEFORE) == "5\n2 3\n1 6\n5 7\n12 9\n10 0\n"


# Round 3.  C.04.3 (2026) 1.4.3: a round not played is a downfloat only when it scored more
# than a loss; 3 and 11 had a zero-point bye (Z) in round 2, which is no float under the 2026
# rules.  py4swiss floats every unplayed round down (so a different player of the 1.0 group
# downfloated); the adapter overwrites the floats of the last two rounds.
ZERO_POINT_BYE_IS_NO_FLOAT = """\
012 Random 57
001    1      Test0001 Player0001               2506                             2.0    1     6 w 1     2 b 1
001    2      Test0002 Player0002               2302                             1.0    3     7 b 1     1 w 0
001    3      Test0003 Player0003               2052                             1.0    4     8 w +  0000 - Z
001    4      Test0004 Player0004               1977                             1.0    5     9 b 1  0000 - Z  0000 - Z
001    5      Test0005 Player0005               1895                             2.0    2    10 w 1     6 b 1
001    6      Test0006 Player0006               1774                             0.0    9     1 b 0     5 w 0
001    7      Test0007 Player0007               1657                             0.0   10     2 w 0     8 b 0
001    8      Test0008 Player0008               1594                             1.0    6     3 b -     7 w 1
001    9      Test0009 Player0009               1460                             0.0   11     4 w 0  0000 - Z
001   10      Test0010 Player0010               1338                             1.0    7     5 b 0  0000 - U
001   11      Test0011 Player0011               1040                             1.0    8  0000 - U  0000 - Z
092 FIDE_DUTCH_2025
XXR 5
XXC white1
"""  # noqa: E501


def test_zero_point_bye_is_no_downfloat() -> None:
    assert pairs(ZERO_POINT_BYE_IS_NO_FLOAT) == "5\n1 5\n10 2\n3 11\n6 8\n7 9\n"


# Round 3.  The 2026 rules minimise the number of unplayed games of the pairing-allocated
# bye assignee: of the 0.0 players 10 (no unplayed game), 11 (a forfeit loss) and 12 (a
# zero-point bye), bbpPairings gives the bye to 10; py4swiss, which has no such criterion,
# gave it to 12.  The adapter adds the criterion to py4swiss's brackets (after C.7).
BYE_TO_FEWEST_UNPLAYED = """\
012 Random 296
001    1      Test0001 Player0001               2515                             1.0    5     8 b 1     4 w 0
001    2      Test0002 Player0002               2514                             1.0    6     9 w +     5 b -
001    3      Test0003 Player0003               2390                             2.0    1    10 b 1     6 w 1
001    4      Test0004 Player0004               2294                             2.0    2    11 w +     1 b 1
001    5      Test0005 Player0005               2169                             2.0    3    13 b 1     2 w +
001    6      Test0006 Player0006               2027                             1.0    7    14 w 1     3 b 0  0000 - Z
001    7      Test0007 Player0007               1875                             2.0    4    15 b 1     8 w 1
001    8      Test0008 Player0008               1594                             0.0   12     1 w 0     7 b 0  0000 - Z
001    9      Test0009 Player0009               1476                             1.0    8     2 b -    12 b 1
001   10      Test0010 Player0010               1346                             0.0   13     3 w 0    14 b 0
001   11      Test0011 Player0011               1337                             0.0   14     4 b -    13 w 0
001   12      Test0012 Player0012               1245                             0.0   15  0000 - Z     9 w 0
001   13      Test0013 Player0013               1094                             1.0    9     5 w 0    11 b 1
001   14      Test0014 Player0014               1087                             1.0   10     6 b 0    10 w 1
001   15      Test0015 Player0015               1008                             1.0   11     7 w 0  0000 - U
092 FIDE_DUTCH_2025
XXR 5
XXC black1
"""  # noqa: E501


def test_bye_goes_to_the_player_with_fewest_unplayed_games() -> None:
    assert pairs(BYE_TO_FEWEST_UNPLAYED) == ("7\n5 3\n4 7\n13 1\n2 14\n9 15\n12 11\n10 0\n")


# Round 5 (last).  The same rule applies only when the bye is the single downfloater of its
# bracket: here 7 (1.0, already had the bye) must be paired with a player of the 2.0 group,
# so that group has two downfloaters and bbpPairings leaves the bye to the other criteria.
# It goes to 8 (a forfeit loss, 3 games played), not 6 (4 games played), whom the criterion
# would have chosen.
BYE_GROUP_WITH_TWO_DOWNFLOATERS = """\
012 Random 102365
001    1      Test0001 Player0001               2530                             3.0    1     5 w 1     6 b 0     7 b 1     9 w 1
001    2      Test0002 Player0002               2451                             2.0    4     6 b 0     8 w +     4 w 1     3 w -
001    3      Test0003 Player0003               2406                             3.0    2     7 w 1     9 b 0     8 w 1     2 b +
001    4      Test0004 Player0004               2097                             2.0    5     8 b 0     5 w 1     2 b 0  0000 - U
001    5      Test0005 Player0005               2014                             2.0    6     1 b 0     4 b 0  0000 - U     6 w 1
001    6      Test0006 Player0006               2012                             2.0    7     2 w 1     1 w 1     9 b 0     5 b 0
001    7      Test0007 Player0007               1731                             1.0    9     3 b 0  0000 - U     1 w 0     8 b 0
001    8      Test0008 Player0008               1178                             2.0    8     4 w 1     2 b -     3 b 0     7 w 1
001    9      Test0009 Player0009               1040                             3.0    3  0000 - U     3 w 1     6 w 1     1 b 0
092 FIDE_DUTCH_2025
XXR 5
XXC white1
"""  # noqa: E501


def test_fewest_unplayed_games_only_when_the_bye_is_the_single_downfloater() -> None:
    assert pairs(BYE_GROUP_WITH_TWO_DOWNFLOATERS) == "5\n1 3\n4 9\n5 2\n6 7\n8 0\n"


# Round 5 (last), no unplayed game.  Quality criterion "minimise the number of topscorers or
# topscorers' opponents who get the same colour three times in a row": 5 (4.0, topscorer,
# colour difference 0, last two black) and 8 (colour difference -2) both must have white; E.2
# gives it to 8, so 5 would get his third black.  py4swiss counted the pair only when both
# players had played their last two games with the same colour (8 had not) and paired 8-5;
# bbpPairings counts it, and its 5-7 (both with two blacks last) costs the same, so the later
# criteria decide.
THIRD_COLOUR_IN_A_ROW = """\
012 Random 202917
001    1      Test0001 Player0001               2437                             1.0    6     5 b 0     6 w 1     2 b 0     7 w 0
001    2      Test0002 Player0002               2293                             2.0    3     6 w 1     5 b 0     1 w 1     4 b 0
001    3      Test0003 Player0003               2239                             1.0    7     7 b 0     8 w 1     6 b 0     5 w 0
001    4      Test0004 Player0004               1882                             3.0    2     8 w 1     7 b 1     5 w 0     2 w 1
001    5      Test0005 Player0005               1591                             4.0    1     1 w 1     2 w 1     4 b 1     3 b 1
001    6      Test0006 Player0006               1258                             1.0    8     2 b 0     1 b 0     3 w 1     8 w 0
001    7      Test0007 Player0007               1129                             2.0    4     3 w 1     4 w 0     8 b 0     1 b 1
001    8      Test0008 Player0008               1074                             2.0    5     4 b 0     3 b 0     7 w 1     6 b 1
092 FIDE_DUTCH_2025
XXR 5
XXC black1
"""  # noqa: E501


def test_third_colour_in_a_row_counts_the_player_who_loses_the_colour() -> None:
    assert pairs(THIRD_COLOUR_IN_A_ROW) == "4\n5 7\n6 4\n8 2\n3 1\n"


# Round 5 (last); 6 (3.0) and the 2.5 players 3, 4 and 7 are topscorers.  1 must take the
# PAB: 2, 5 and 7 already had one and 3 a full-point bye, so 1 (2.0) is the only player
# eligible at the lowest score.  The 2.5 bracket floats one player to 2.0, and no complete
# pairing pairs that downfloater with 1.
# py4swiss counted the pair with 1 in its look-ahead to the following bracket (C.7) and
# floated 7 (4-3, 7-2); bbpPairings keeps every bracket's choice within the pairings that
# complete the round (C.4), so 7-4 and 3 floats to 2.
LOOK_AHEAD_WITHIN_COMPLETE_PAIRINGS = """\
012 Random 100615
001    1      Test0001 Player0001               2629                             2.0    5     4 w =     6 b =     3 w 0     2 b 1
001    2      Test0002 Player0002               2336                             1.5    7     5 b 0     4 b =  0000 - U     1 w 0
001    3      Test0003 Player0003               2091                             2.5    2     6 w 0  0000 - F     1 b 1     7 w =
001    4      Test0004 Player0004               1832                             2.5    3     1 b =     2 w =     5 b 1     6 w =
001    5      Test0005 Player0005               1757                             2.0    6     2 w 1     7 b 0     4 w 0  0000 - U
001    6      Test0006 Player0006               1266                             3.0    1     3 b 1     1 w =     7 w 1     4 b =
001    7      Test0007 Player0007               1082                             2.5    4  0000 - U     5 w 1     6 b 0     3 b =
092 FIDE_DUTCH_2025
XXR 5
XXC white1
"""  # noqa: E501


def test_look_ahead_counts_only_pairs_that_complete_the_round() -> None:
    assert pairs(LOOK_AHEAD_WITHIN_COMPLETE_PAIRINGS) == "4\n6 5\n7 4\n2 3\n1 0\n"
