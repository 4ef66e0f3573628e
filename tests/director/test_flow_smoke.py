import pytest
from django.contrib.auth.models import User

from tournament.actions import ActionError, entrants, events, results, rounds
from tournament.models import AuditEntry


@pytest.mark.django_db
def test_pair_publish_forfeits_pair_again():
    director = User.objects.create_user("dir", password="pw-123456")
    t = events.create_tournament(director, name="Smoke Open")
    entrants.import_entrants(t, director, "name,club,rating\n" + "\n".join(
        f"Player {i},Club,{1500 + i}" for i in range(9)))
    r1 = rounds.pair_round(t, director)
    assert r1.matches.count() == 5
    rounds.publish_round(r1, director)
    for m in r1.matches.exclude(side1=None):
        results.submit_result(m.pk, director, version=0, outcome="forfeit", conceded_by=1)
    with pytest.raises(ActionError) as exc:
        rounds.pair_round(t, director)
    assert "still open" in str(exc.value)
    arb = User.objects.create_user("arb", password="pw-123456")
    events.add_official(t, director, username="arb")
    for m in r1.matches.exclude(side1=None):
        results.confirm_result(m.pk, arb, version=1)
    r2 = rounds.pair_round(t, director)
    assert r2.number == 2
    assert r2.status == "draft" and r2.matches.count() == 5
    met = {frozenset((m.side0_id, m.side1_id)) for m in r1.matches.exclude(side1=None)}
    again = [m for m in r2.matches.exclude(side1=None)
             if frozenset((m.side0_id, m.side1_id)) in met]
    assert again == []  # no rematch
    bye1 = r1.matches.get(side1=None).side0_id
    assert r2.matches.get(side1=None).side0_id != bye1  # no second bye
    assert r1.matches.filter(status="confirmed").count() == 5
    assert list(AuditEntry.objects.filter(tournament=t, action="pair_round")
                .values_list("detail__round", flat=True).order_by("id")) == [1, 2]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["admin", "api", "token", "match", "manage"])
def test_site_addresses_are_not_event_slugs(slug):
    director = User.objects.create_user("dir", password="pw-123456")
    with pytest.raises(ActionError, match="site.s own addresses"):
        events.create_tournament(director, name="Clash", slug=slug)


@pytest.mark.django_db
def test_status_follows_published_rounds_and_finishes_with_the_last_result():
    director = User.objects.create_user("dir", password="pw-123456")
    arbiter = User.objects.create_user("arb", password="pw-123456")
    t = events.create_tournament(director, name="Short Open", rounds_planned=1)
    events.add_official(t, director, username="arb")
    entrants.import_entrants(t, director, "name\nAnn\nBo\nCy\nDi")
    r1 = rounds.pair_round(t, director)
    t.refresh_from_db()
    assert t.status == "draft"  # a draft round is not news to the public yet
    rounds.publish_round(r1, director)
    t.refresh_from_db()
    assert t.status == "running"
    boards = list(r1.matches.all())
    for m in boards:
        results.submit_result(m.pk, director, version=0, outcome="forfeit", conceded_by=0)
    t.refresh_from_db()
    assert t.status == "running"  # entered, not yet confirmed
    for m in boards:
        results.confirm_result(m.pk, arbiter, version=1)
    t.refresh_from_db()
    assert t.status == "finished"


def paired_board(ruleset):
    director = User.objects.create_user(f"dir-{ruleset}", password="pw-123456")
    t = events.create_tournament(director, name=f"{ruleset} Open", ruleset=ruleset)
    entrants.import_entrants(t, director, "name\nAnn\nBo")
    r1 = rounds.pair_round(t, director)
    rounds.publish_round(r1, director)
    return director, r1.matches.get()


@pytest.mark.django_db
def test_a_drawn_first_set_starter_is_accepted_where_the_ruleset_draws_it():
    from scoring import simulate

    director, board = paired_board("bndcc")
    record = simulate.play_match(7, simulate.BNDCC_SINGLES, first_set_starter=1,
                                 penalty_rate=0.03)
    match, report = results.submit_result(board.pk, director, version=0, record=record)
    assert report["valid"] and match.status == "entered"
    assert list(match.sets.values_list("starter", flat=True))[0] == 1


@pytest.mark.django_db
def test_under_mso_the_boards_first_player_starts_set_one():
    from scoring import simulate

    director, board = paired_board("mso")
    record = next(r for r in map(simulate.play_match, range(50)) if r["first_set_starter"] == 1)
    with pytest.raises(ActionError) as refused:
        results.submit_result(board.pk, director, version=0, record=record)
    assert any(e["path"] == "/first_set_starter" for e in refused.value.report["errors"])
    board.refresh_from_db()
    assert board.version == 0 and board.status == "pending"
