"""Time a league table: a 12-team division at the end of its season.

Usage: .venv/bin/python bench/bench_league.py [--teams 12] [--runs 7]

Builds, in a throwaway SQLite database, through the actions the screens call, a division
of --teams teams (BNDCC; six singles to 61 and three pairs to 121, one set each; 3 for a
win, 1 for a loss by one board), a round robin home and away played to its end: every
round paired and published, both lineups named, every board's result stored (a result at
set scores), so 2(n - 1) rounds of n/2 team matches of nine boards. As the reference, in
the same run, a singles round robin of as many players, home and away, played to its end
(every board a forfeit), whose standings page is today's table of the same size.

Prints medians over --runs requests of the league table page `/<slug>/table/` and of the
reference `/<slug>/standings/`, through django.test.Client as the public asks for them:
cold (the whole-page cache cleared: read and render) and cached (served by the event's
revision).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FORMAT = {"boards": [
    {"kind": "singles", "count": 6, "match": {"target": 61, "sets_to_win": 1}},
    {"kind": "pairs", "count": 3, "match": {"target": 121, "sets_to_win": 1}}]}


def median_ms(times) -> float:
    return statistics.median(times) * 1000


def season(director, teams: int, rng):
    """The division at the end of its season (officials enter; nothing to confirm)."""
    from tournament.actions import entrants, events, lineups, results, rounds, stages
    from tournament.models import Match
    from tournament.rules import team_rules

    event = events.create_tournament(
        director, name=f"Division of {teams}", ruleset="bndcc", entrants_kind="teams",
        team_match=FORMAT, team_points="three_or_one_at_five_four",
        require_confirmation=False)
    for n in range(1, teams + 1):
        entrants.add_entrant(event, director, name=f"Team {n:02d}", venue=f"Pub {n}",
                             captain=0, members=[{"name": f"Player {n}-{m}"}
                                                 for m in range(1, 9)])
    stages.change_stage(event.stages.get(), director, kind="round_robin", cycles=2)
    event.refresh_from_db()
    plan = team_rules.board_plan(event.team_match)
    lineup = [[0], [1], [2], [3], [4], [5], [0, 1], [2, 3], [4, 5]]
    for _ in range(2 * (teams - 1)):
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        for tm in Match.objects.pairings().filter(round=round_).exclude(side1=None):
            for side in (0, 1):
                lineups.set_lineup(tm.pk, director, side=side, lineup=lineup,
                                   reason="the captains' sheets")
            for b in tm.boards.order_by("board"):
                p = plan[b.board - 1]
                target = p.match["target"]
                low = rng.randrange(target // 3, target - 4)
                score = [target, low] if rng.random() < 0.5 else [low, target]
                results.submit_result(b.pk, director, version=b.version, record={
                    "format": "fives-and-threes-match/1", "ruleset": "bndcc",
                    "seats": p.seats, "match": dict(p.match),
                    "sets": [{"score": score, "starter": rng.randrange(p.seats)}]})
    return event


def reference(director, players: int):
    """A singles round robin of `players`, home and away, every board a forfeit."""
    from tournament.actions import entrants, events, results, rounds, stages

    event = events.create_tournament(director, name=f"Round robin of {players}",
                                     require_confirmation=False)
    entrants.import_entrants(event, director, "name\n" + "\n".join(
        f"Player {i}" for i in range(1, players + 1)))
    stages.change_stage(event.stages.get(), director, kind="round_robin", cycles=2)
    for _ in range(2 * (players - 1)):
        round_ = rounds.pair_round(event, director)
        rounds.publish_round(round_, director)
        for m in round_.matches.exclude(side1=None):
            results.submit_result(m.pk, director, version=0, outcome="forfeit", conceded_by=1)
    return event


def timed(client, url, runs):
    from django.core.cache import caches

    cold, cached, size = [], [], 0
    for _ in range(runs):
        for cache in caches.all():
            cache.clear()
        start = time.perf_counter()
        page = client.get(url)
        cold.append(time.perf_counter() - start)
        assert page.status_code == 200, (url, page.status_code)
        size = len(page.content)
        start = time.perf_counter()
        client.get(url)
        cached.append(time.perf_counter() - start)
    return median_ms(cold), median_ms(cached), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=12)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-league-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ["LOCAL_DEV"] = "1"  # testserver is an allowed host
    import tournament.wsgi  # noqa: F401, I001  (Django set up as a gunicorn worker does)
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from tournament.models import Match

    call_command("migrate", verbosity=0)
    director = User.objects.create_user("bench", is_superuser=True)
    start = time.perf_counter()
    league = season(director, args.teams, random.Random(2026))
    built = time.perf_counter() - start
    singles = reference(director, args.teams)
    boards = Match.objects.team_boards().filter(round__tournament=league).count()
    assert league.rounds.filter(status="closed").count() == 2 * (args.teams - 1)
    client = Client()
    table = timed(client, f"/{league.slug}/table/", args.runs)
    standings = timed(client, f"/{singles.slug}/standings/", args.runs)
    print(f"league of {args.teams} teams at the end of its season "
          f"({2 * (args.teams - 1)} rounds, {boards} boards; built in {built:.0f} s), "
          f"{args.runs} runs, medians:")
    print(f"  league table /table/, cold (read + render): {table[0]:7.1f} ms "
          f"({table[2] // 1024} KB)")
    print(f"  league table /table/, cached:               {table[1]:7.1f} ms")
    print(f"  reference: standings of a singles round robin of {args.teams}, cold: "
          f"{standings[0]:7.1f} ms ({standings[2] // 1024} KB), cached: {standings[1]:.1f} ms")


if __name__ == "__main__":
    main()
