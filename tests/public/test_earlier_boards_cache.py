"""The boards of the rounds before the last one, as the standings read them
(history._earlier_boards), are kept between changes under what they depend on: a result
in the last round reuses them, a correction to an earlier round, a withdrawal or any other
kind of change reads them again, and the standings are always those of a fresh reading
(issue #31, the standings page under changes)."""

import uuid

import pytest
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from tournament.actions import entrants, results
from tournament.models import Entrant, Match
from tournament.reads import history
from tournament.web import revision

from .test_http_cache import crewe_open, forfeit  # noqa: F401
from .test_points_before_cache import crewe_in_round_two, live_boards  # noqa: F401


@pytest.fixture
def read(monkeypatch):
    """The readings of every round (the rounds before the last then kept): the last round
    of each."""
    made = []
    real = history._keep_boards

    def counting(key, number, last, *args):
        made.append(last)
        return real(key, number, last, *args)

    monkeypatch.setattr(history, "_keep_boards", counting)
    return made


REAL_KEEP = history._keep_boards


def fresh(event, **kwargs):
    """standings_input read again from the database alone: an empty shared cache and
    process memory of its own, and not counted by `read`. What is kept is left as it was."""
    saved = history.cache, history._kept, history._keep_boards
    history.cache = LocMemCache(f"fresh-{uuid.uuid4()}", {})
    history._kept, history._keep_boards = {}, REAL_KEEP
    try:
        return history.standings_input(event, **kwargs)
    finally:
        history.cache, history._kept, history._keep_boards = saved


def same_as_fresh(event, **kwargs):
    players, matches, points = history.standings_input(event, **kwargs)
    assert (players, matches, points) == fresh(event, **kwargs)
    return matches


def test_a_result_in_the_last_round_reuses_the_earlier_boards(crewe_in_round_two, dora, read):  # noqa: F811
    before = same_as_fresh(crewe_in_round_two)
    assert read == [2]
    forfeit(live_boards(crewe_in_round_two, 2)[0], dora)
    after = same_as_fresh(crewe_in_round_two)
    assert read == [2]  # not read again
    # ...and the new result is there: round 2's first board is now a forfeit.
    assert [m.kind for m in before if m.round == 2][0] == "unplayed"
    assert [m.kind for m in after if m.round == 2][0] == "forfeit"
    assert [m for m in before if m.round == 1] == [m for m in after if m.round == 1]


def test_a_correction_to_an_earlier_round_reads_them_again(crewe_in_round_two, dora, read):  # noqa: F811
    before = same_as_fresh(crewe_in_round_two)
    first = live_boards(crewe_in_round_two, 1)[0]
    results.submit_result(first.pk, dora, version=first.version, outcome="forfeit",
                          conceded_by=0, reason="the other one left")
    after = same_as_fresh(crewe_in_round_two)
    assert read == [2, 2]
    winner = first.side1.number
    assert [m.winner for m in before if m.round == 1][0] != winner
    assert [m.winner for m in after if m.round == 1][0] == winner


def test_a_withdrawal_reads_them_again(crewe_in_round_two, dora, read):  # noqa: F811
    same_as_fresh(crewe_in_round_two)
    entrant = live_boards(crewe_in_round_two, 1)[0].side0
    entrants.withdraw_entrant(entrant, dora, reason="went home")
    players, _, _ = history.standings_input(crewe_in_round_two)
    assert read == [2, 2]
    assert [p.withdrawn_after_round for p in players if p.id == entrant.number] == [2]
    same_as_fresh(crewe_in_round_two)


def test_a_hidden_event_shows_nothing_kept_and_its_officials_see_it_anew(
        client, client_for, crewe_in_round_two, dora, read):  # noqa: F811
    url = reverse("public:standings", args=[crewe_in_round_two.slug])
    shown = client.get(url)
    assert shown.status_code == 200 and b"Ann Lee" in shown.content
    assert read == [2]
    # The actions hide only an event not yet paired: hidden here as an operator would,
    # in the database, the public's pages told (revision.bump, as every action does).
    type(crewe_in_round_two).objects.filter(pk=crewe_in_round_two.pk).update(hidden=True)
    revision.bump(crewe_in_round_two.slug, withdrawn=True)
    assert client.get(url).status_code == 404
    assert read == [2]  # nothing read for the public
    seen = client_for(dora).get(url)
    assert seen.status_code == 200 and b"Ann Lee" in seen.content
    crewe_in_round_two.refresh_from_db()
    same_as_fresh(crewe_in_round_two)


def test_new_pairing_numbers_are_never_answered_with_the_old_ones(crewe_in_round_two, read):  # noqa: F811
    same_as_fresh(crewe_in_round_two)
    # Renumbered behind the actions' back (no audit row: the key stays the same).
    ids = list(Entrant.objects.filter(tournament=crewe_in_round_two).order_by("number")
               .values_list("pk", flat=True))
    for offset, pk in enumerate(ids):
        Entrant.objects.filter(pk=pk).update(number=100 + len(ids) - offset)
    matches = same_as_fresh(crewe_in_round_two)
    assert read == [2, 2]
    assert all(m.players[0] >= 100 for m in matches)


def test_clearing_the_shared_cache_forgets_this_process_s_copy(crewe_in_round_two, read):  # noqa: F811
    same_as_fresh(crewe_in_round_two)
    # Changed behind the actions' back: only clearing the caches can show it.
    first = live_boards(crewe_in_round_two, 1)[0]
    Match.objects.filter(pk=first.pk).update(winner=first.side1)
    cache.clear()
    matches = history.standings_input(crewe_in_round_two)[1]
    assert [m.winner for m in matches if m.round == 1][0] == first.side1.number
    assert read == [2, 2]


def test_each_event_public_or_not_and_each_round_has_its_own(crewe_in_round_two, dora, read):  # noqa: F811
    same_as_fresh(crewe_in_round_two)
    same_as_fresh(crewe_in_round_two, public=False)
    same_as_fresh(crewe_in_round_two, after_round=1)  # no earlier round: nothing kept
    same_as_fresh(crewe_in_round_two, after_round=1)
    assert read == [2, 2, 1, 1]
    for match in live_boards(crewe_in_round_two, 2):
        forfeit(match, dora)
    from tournament.actions import rounds

    rounds.publish_round(rounds.pair_round(crewe_in_round_two, dora), dora)
    same_as_fresh(crewe_in_round_two)
    same_as_fresh(crewe_in_round_two, after_round=2)
    assert read[4:] == [3, 2]
