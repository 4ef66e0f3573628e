"""The rating's pure core (tournament/ratings): no database."""

import math

import pytest
from openskill.models import PlackettLuce

from tournament.ratings import RatedMatch, initial, ordinal, rate_all, rate_match

MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25 / 3, 25 / 6, 25 / 300, 0.0001


def by_hand(winner, loser):
    """One Plackett–Luce update of two sides written out from Weng & Lin (2011), Algorithm
    4 with openskill's defaults: each side a list of (mu, sigma); returns the new ones."""
    sides = [[(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in side] for side in (winner, loser)]
    team_mu = [sum(mu for mu, _ in side) for side in sides]
    team_s2 = [sum(s * s for _, s in side) for side in sides]
    c = math.sqrt(sum(s2 + BETA * BETA for s2 in team_s2))
    e = [math.exp(mu / c) for mu in team_mu]
    p = e[0] / (e[0] + e[1])  # the winner's chance as the model saw it
    omega = [team_s2[0] / c * (1 - p), -team_s2[1] / c * (1 - p)]
    gamma = [math.sqrt(s2) / c for s2 in team_s2]
    delta = [gamma[i] * team_s2[i] / c ** 2 * p * (1 - p) for i in (0, 1)]
    return [[(mu + s * s / team_s2[i] * omega[i],
              s * math.sqrt(max(1 - s * s / team_s2[i] * delta[i], KAPPA)))
             for mu, s in side] for i, side in enumerate(sides)]


def openskill_direct(matches):
    model = PlackettLuce()
    people = {}
    for m in matches:
        teams = [[people.setdefault(p, model.rating()) for p in side]
                 for side in (m.winner, m.loser)]
        new = model.rate(teams)
        for side, team in zip((m.winner, m.loser), new, strict=True):
            for p, r in zip(side, team, strict=True):
                people[p] = r
    return {p: (r.mu, r.sigma) for p, r in people.items()}


SINGLES = [RatedMatch(1, "open", ("ann",), ("bo",)), RatedMatch(2, "open", ("cy",), ("di",)),
           RatedMatch(3, "open", ("ann",), ("cy",)), RatedMatch(4, "open", ("di",), ("bo",))]
PAIRS = [RatedMatch(5, "pairs", ("ann", "bo"), ("cy", "di")),
         RatedMatch(6, "pairs", ("cy", "ed"), ("ann", "di"))]


def test_everyone_starts_at_25_and_25_over_3_rated_0():
    s = initial()
    assert (s.mu, s.sigma, s.matches) == (25, 25 / 3, 0)
    assert s.rating == pytest.approx(0)


def test_one_singles_match_by_hand():
    standings, steps = rate_all(SINGLES[:1])
    [[(wmu, ws)], [(lmu, ls)]] = by_hand([(MU, SIGMA)], [(MU, SIGMA)])
    assert standings["ann"].mu == pytest.approx(wmu, abs=1e-12)
    assert standings["ann"].sigma == pytest.approx(ws, abs=1e-12)
    assert standings["bo"].mu == pytest.approx(lmu, abs=1e-12)
    assert standings["bo"].sigma == pytest.approx(ls, abs=1e-12)
    # Figures to quote: the winner gains about 2.64 of mu, both lose a little sigma.
    assert wmu == pytest.approx(27.6354, abs=1e-4) and ws == pytest.approx(8.0659, abs=1e-4)
    assert [s.person for s in steps] == ["ann", "bo"]


def test_a_pairs_match_by_hand_after_singles():
    standings, _ = rate_all(SINGLES + PAIRS[:1])
    before, _ = rate_all(SINGLES)
    w = [(before[p].mu, before[p].sigma) for p in ("ann", "bo")]
    lo = [(before[p].mu, before[p].sigma) for p in ("cy", "di")]
    expected = by_hand(w, lo)
    for side, people in zip(expected, (("ann", "bo"), ("cy", "di")), strict=True):
        for (mu, sigma), p in zip(side, people, strict=True):
            assert (standings[p].mu, standings[p].sigma) == pytest.approx((mu, sigma), abs=1e-12)


def test_the_whole_small_event_equals_openskill_run_directly():
    matches = SINGLES + PAIRS
    standings, steps = rate_all(matches)
    direct = openskill_direct(matches)
    assert set(standings) == set(direct)
    for p, s in standings.items():
        assert (s.mu, s.sigma) == pytest.approx(direct[p], abs=1e-12)
    assert standings["ann"].matches == 4 and standings["ed"].matches == 1
    assert len(steps) == 4 * 2 + 2 * 4
    assert [s.index for s in steps[-4:]] == [5, 5, 5, 5]


def test_order_matters_so_the_caller_fixes_it():
    a, _ = rate_all(SINGLES)
    b, _ = rate_all(list(reversed(SINGLES)))
    assert a["ann"].mu != pytest.approx(b["ann"].mu)


def test_ordinal_is_mu_minus_three_sigma():
    assert ordinal(30, 2) == 24
    standings, steps = rate_all(SINGLES)
    assert standings["ann"].rating == standings["ann"].mu - 3 * standings["ann"].sigma
    assert steps[-1].rating == steps[-1].mu - 3 * steps[-1].sigma


def test_trend_is_the_change_over_the_latest_event():
    standings, steps = rate_all(SINGLES + PAIRS)
    ann = [s for s in steps if s.person == "ann"]
    # ann's latest event is "pairs": two matches, from her rating after "open".
    assert standings["ann"].trend == pytest.approx(ann[-1].rating - ann[1].rating)
    assert standings["ann"].last_event == "pairs"
    only_open, _ = rate_all(SINGLES)
    assert only_open["ann"].trend == pytest.approx(only_open["ann"].rating - 0)


def test_one_update_on_stored_standings_equals_the_rebuild():
    full, _ = rate_all(SINGLES + PAIRS)
    partial, _ = rate_all(SINGLES + PAIRS[:1])
    rate_match(partial, PAIRS[1], index=5)
    for p, s in full.items():
        got = partial[p]
        assert (got.mu, got.sigma, got.trend) == pytest.approx((s.mu, s.sigma, s.trend))
        assert got.matches == s.matches


def test_a_person_on_both_sides_is_refused():
    with pytest.raises(ValueError, match="twice"):
        rate_all([RatedMatch(9, "e", ("ann", "bo"), ("ann", "cy"))])


def test_the_core_imports_no_django():
    import subprocess
    import sys
    code = ("import sys, tournament.ratings; "
            "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
