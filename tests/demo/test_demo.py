import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

import scoring
from tests.built_once import built_once
from tournament.actions.base import allowed
from tournament.actions.events import require_creator
from tournament.demo.names import DIRECTOR, PAIRS
from tournament.demo.pairs import shows
from tournament.demo.table import dispute_reason
from tournament.models import Attendance, Match, Round, Tournament
from tournament.pairing import knockout
from tournament.reads import history

ALL_OFFENCES = {"none", "wrong_count", "out_of_turn", "exposed", "wont_go", "false_knock",
                "held_after_knock", "pickup_exposed", "stands"}


@pytest.fixture(scope="module")
def demo_output(django_db_setup, django_db_blocker):
    """The demo loaded once for the module's tests, rolled back after them."""
    with built_once(django_db_blocker):
        out = io.StringIO()
        call_command("load_demo", stdout=out)
        yield out.getvalue()


@pytest.fixture(autouse=True)
def _db(demo_output, db):
    """Each test in its own savepoint inside the module's transaction."""


def played(event):
    return list(Match.objects.filter(round__tournament=event, outcome="played")
                .select_related("side0", "side1", "round"))


def test_demo_event_is_realistic_and_every_result_valid(demo_output):
    event = Tournament.objects.get(slug="demo-open")
    assert (event.ruleset, event.entrants_kind) == ("mso", "singles")
    assert event.entrants.count() == 24
    statuses = list(event.rounds.order_by("number").values_list("status", flat=True))
    assert statuses == ["closed"] * 6 + ["published"]
    matches = played(event)
    depths = {scoring.validate(m.record)["depth"] for m in matches}
    assert depths == {"score", "hands", "plays"}
    assert all(scoring.validate(m.record)["valid"] for m in matches)
    live = Round.objects.get(tournament=event, number=7)
    assert live.matches.filter(status="pending").exists()
    assert live.matches.filter(status="entered").exists()


def test_demo_open_ends_in_a_top_eight_knockout(demo_output):
    event = Tournament.objects.get(slug="demo-open")
    swiss, cut = event.stages.order_by("number")
    assert (swiss.kind, cut.kind, cut.size, cut.lot_seed) == ("swiss", "knockout", 8,
                                                              "potteries-open-2026")
    assert [r.title for r in event.round_list()][4:] == ["Round 5", "Quarter-finals",
                                                         "Semi-finals"]
    top = [row.player for row in history.compute(event, stage=swiss).rows]
    numbers = dict(event.entrants.values_list("id", "number"))
    # The first eight of the Swiss's standings, in order where no place is shared.
    assert sorted(numbers[i] for i in cut.seeds) == sorted(top[:8])
    assert Round.objects.get(tournament=event, number=7).matches.count() == 2


def test_demo_cup_of_thirteen_is_drawn_by_lot(demo_output):
    event = Tournament.objects.get(slug="demo-cup")
    assert "Loaded Leek Charity Knock-out Cup at /demo-cup/." in demo_output
    stage = event.stages.get()
    numbers = dict(event.entrants.values_list("id", "number"))
    assert [numbers[i] for i in stage.seeds] == knockout.lot_order("leek-cup-2026",
                                                                   range(1, 14))
    first, quarters = event.round_list()
    assert (first.title, first.status, quarters.title, quarters.status) == (
        "Round of 16", "closed", "Quarter-finals", "published")
    assert first.matches.filter(side1=None).count() == 3


def test_demo_director_may_create_events(demo_output):
    director = get_user_model().objects.get(username=DIRECTOR[0])
    assert allowed(require_creator, director)
    assert f"director: {DIRECTOR[0]} / {DIRECTOR[1]}" in demo_output
    assert "Loaded Staffordshire Pairs Championship at /demo-pairs/." in demo_output


def test_pairs_event_entrants_are_pairs_with_members(demo_output):
    event = Tournament.objects.get(slug="demo-pairs")
    assert (event.ruleset, event.entrants_kind, event.match_format, event.rounds_planned) == (
        "bndcc", "pairs", {"target": 61, "sets_to_win": 2}, 5)
    assert event.status == Tournament.Status.RUNNING
    assert sorted(event.officials.values_list("user__username", "role")) == [
        ("arbiter", "arbiter"), ("arbiter2", "arbiter"), ("director", "director")]
    stored = {e.name: (e.members, e.rating) for e in event.entrants.all()}
    assert len(stored) == len(PAIRS) == 12
    # A pair without a name is named after its members; a member without a club has none.
    assert stored["Doreen Platt & Harold Platt"] == (
        [{"name": "Doreen Platt", "club": "Tunstall Legion"},
         {"name": "Harold Platt", "club": "Tunstall Legion"}], 1810)
    assert stored["The Fenton Fives"] == (
        [{"name": "Kevin Boulton", "club": "Fenton Sports"},
         {"name": "Lorraine Salt", "club": "Fenton Sports"}], 1790)
    assert stored["Mick Salt & Janet Lovatt"] == (
        [{"name": "Mick Salt", "club": "Fenton Sports"}, {"name": "Janet Lovatt"}], None)
    # Pairing numbers follow rating (the unrated pair last).
    numbers = list(event.entrants.order_by("number").values_list("name", flat=True))
    assert numbers[:2] == ["Doreen Platt & Harold Platt", "The Fenton Fives"]
    assert numbers[-1] == "Mick Salt & Janet Lovatt"


def test_pairs_event_rounds_and_statuses(demo_output):
    event = Tournament.objects.get(slug="demo-pairs")
    rounds = list(event.rounds.order_by("number"))
    assert [(r.number, r.status) for r in rounds] == [
        (1, "closed"), (2, "closed"), (3, "closed"), (4, "published")]
    for r in rounds[:3]:
        boards = list(r.matches.all())
        assert len(boards) == 6  # 12 pairs, nobody left out
        assert {m.status for m in boards} == {"confirmed"}
        assert {m.outcome for m in boards} == {"played"}
    # Round 4: one pair asked for a half-point bye, so 11 are paired: 5 boards and a bye.
    bye = Attendance.objects.get(entrant__tournament=event)
    assert (bye.entrant.name, bye.round_number, bye.kind) == ("Knock Knock", 4, "half_bye")
    live = rounds[3].matches.order_by("board")
    assert live.filter(side1=None).count() == 1
    assert not live.filter(side0=bye.entrant).exists()
    assert not live.filter(side1=bye.entrant).exists()
    boards = live.exclude(side1=None)
    assert [m.status for m in boards] == ["confirmed", "entered", "entered", "pending", "pending"]


def test_pairs_records_validate_with_penalties_of_every_kind(demo_output):
    event = Tournament.objects.get(slug="demo-pairs")
    matches = played(event)
    assert len(matches) == 18 + 3
    seen = {}
    for m in matches:
        report = scoring.validate(m.record)
        assert report["valid"], (m.round.number, m.board, report["errors"])
        record = m.record
        assert (record["ruleset"], record["seats"], record["match"]) == (
            "bndcc", 4, {"target": 61, "sets_to_win": 2})
        # Seats 0 and 2 are side 0's members, seats 1 and 3 side 1's.
        assert sorted(record["players"][0::2]) == sorted(m.side0.member_names)
        assert sorted(record["players"][1::2]) == sorted(m.side1.member_names)
        assert m.winner == m.players[report["winner"]]
        for kind in ALL_OFFENCES:
            if shows(record, kind):
                seen.setdefault(kind, set()).add(report["depth"])
    assert set(seen) == ALL_OFFENCES
    # Void hands, re-dealt, written on hand sheets and in play by play alike; awarded
    # sets at every depth; the rest only play by play can show.
    for kind in ("wrong_count", "held_after_knock"):
        assert {"hands", "plays"} <= seen[kind]
    assert {"hands"} <= seen["out_of_turn"] | seen["exposed"]
    for kind in ("none", "wont_go", "false_knock", "pickup_exposed", "stands"):
        assert "plays" in seen[kind]
    awarded = [s for m in matches for s in m.record["sets"] if "awarded_to" in s]
    assert awarded and all(max(s["score"]) < 61 for s in awarded)


def test_pairs_standings_rank_pairs(demo_output):
    event = Tournament.objects.get(slug="demo-pairs")
    out = io.StringIO()
    call_command("standings", "demo-pairs", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    names = {e.number: e.name for e in event.entrants.all()}
    assert sorted(row["player"] for row in rows) == sorted(names)
    assert all(row["name"] == names[row["player"]] for row in rows)
    points = [row["points"] for row in rows]
    assert points == sorted(points, reverse=True)
    # 18 confirmed boards of rounds 1-3 and one of round 4 give a point each, the pairing
    # bye 1, the requested half-point bye 0.5; entered but unconfirmed results count nothing.
    assert sum(points) == 19 + 1 + 0.5
    knock = next(row for row in rows if row["name"] == "Knock Knock")
    won = Match.objects.filter(round__tournament=event, status="confirmed",
                               winner__name="Knock Knock").count()
    assert knock["points"] == won + 0.5


def test_if_empty_leaves_an_existing_database_alone(demo_output):
    before = Tournament.objects.count()
    out = io.StringIO()
    call_command("load_demo", "--if-empty", stdout=out)
    assert Tournament.objects.count() == before == 5  # the demo's five events, once
    assert "no demo loaded" in out.getvalue()
    assert "director" in out.getvalue()


def test_pairs_event_round_trips_through_the_archive(demo_output, tmp_path):
    def export(slug):
        out = io.StringIO()
        call_command("export_tournament", slug, stdout=out)
        return json.loads(out.getvalue())

    first = export("demo-pairs")
    assert first["entrants"] == "pairs"
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps(first))
    call_command("import_tournament", str(path), slug="pairs-copy", stderr=io.StringIO())
    assert export("pairs-copy") == first


def test_demo_club_night_players_enter_and_accept(demo_output):
    event = Tournament.objects.get(slug="demo-club")
    assert event.entry_policy == "players_accept"
    assert "Loaded Leek Club Night at /demo-club/." in demo_output
    live = Round.objects.get(tournament=event, number=2)
    assert live.status == "published"
    statuses = list(live.matches.exclude(side1=None).values_list("status", flat=True))
    assert statuses.count("disputed") == 1 and "entered" in statuses
    assert "pending" in statuses and statuses.count("confirmed") >= 1
    accepted = live.matches.filter(status="confirmed").first()
    assert accepted.entered_by_player is not None and accepted.answered_by_player is not None
    assert accepted.confirmed_by is None  # the opponent's acceptance made it count
    assert Round.objects.get(tournament=event, number=1).status == "closed"
    from tournament.models import CheckIn
    assert CheckIn.objects.filter(entrant__tournament=event, round_number=3).count() == 5


DISPUTE = re.compile(r"Set (\d+) was (\d+)-(\d+) to us, not (\d+)-(\d+): ")


def claim(reason):
    n, *scores = (int(x) for x in DISPUTE.match(reason).groups())
    return n, tuple(scores[:2]), tuple(scores[2:])


def test_demo_club_night_dispute_quotes_the_stored_score(demo_output):
    """The dispute's reason names a set the disputer lost as stored, quotes that set's
    stored score (from the disputer's side) and claims another in which it won."""
    event = Tournament.objects.get(slug="demo-club")
    board = Match.objects.select_related("answered_by_player").get(
        round__tournament=event, status="disputed")
    side = board.side_of(board.answered_by_player.entrant_id)
    assert board.entered_by_player.entrant_id != board.answered_by_player.entrant_id
    assert board.winner_id != board.answered_by_player.entrant_id  # the loser disputes
    n, claimed, entered = claim(board.dispute_reason)
    stored = board.sets.get(number=n)
    ours = (stored.score0, stored.score1)[side], (stored.score0, stored.score1)[1 - side]
    assert entered == ours and stored.winner_side != side
    assert claimed != entered and claimed[0] > claimed[1]
    assert board.versions.get(version=2).reason == board.dispute_reason


@pytest.mark.parametrize("side", [0, 1])
def test_dispute_reason_names_the_closest_set_the_disputer_lost(side):
    sets = [(61, 40, 0), (58, 61, 1), (61, 59, 0)]
    words = dispute_reason(sets, side)
    if side == 0:
        assert claim(words) == (2, (61, 58), (58, 61))
    else:
        assert claim(words) == (3, (61, 59), (59, 61))
