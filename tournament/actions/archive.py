"""Importing a whole-event archive: all of it, or nothing."""

from datetime import date

from django.db import DatabaseError
from django.utils import timezone

from scoring.formats import match_format

from ..interchange.archive import (
    ArchiveError,
    check_archive,
    entries_close_at,
    round_attendance,
)
from ..models import Attendance, Entrant, Match, Round, Stage, Tournament
from ..pairing import knockout
from ..pairing.systems import SYSTEMS, StageInput
from ..reads import rating_lists
from ..rules import team_rules
from .base import Action, ActionError, atomic_action, audit
from .board import store_sets
from .events import create_tournament
from .people import link_archive_people
from .progress import update_status
from .team_matches import follow_boards


def import_tournament(doc, actor, *, slug: str = "", hidden: bool = False) -> Tournament:
    """The event of an archive, or ActionError naming what is wrong; all or nothing.
    ``hidden``: the new event is for its officials only until its director shows it."""
    try:
        return create_from(doc, actor, slug=slug, hidden=hidden)
    except ArchiveError as exc:
        raise ActionError(f"The archive was not imported: {exc}", {exc.path or "/": [
            exc.message]}) from exc
    except ActionError:
        raise
    except (DatabaseError, ValueError, TypeError, KeyError, AttributeError, RecursionError,
            OverflowError) as exc:
        # A safety net: check_archive names the path of every problem known to it; anything
        # it missed still rolls back and is reported, never a traceback.
        raise ActionError(f"The archive was not imported: a value could not be stored "
                          f"({type(exc).__name__}: {str(exc)[:200]})", {"/": [
                              "a value could not be stored"]}) from exc


@atomic_action
def create_from(doc, actor, *, slug: str, hidden: bool = False) -> Tournament:
    reports = check_archive(doc)
    staged = doc.get("stages")
    planned = doc.get("rounds_planned", 5) if staged is None else next(
        (st.get("rounds_planned", 5) for st in staged if st["kind"] == Stage.Kind.SWISS), 5)
    tournament = create_tournament(
        actor, name=doc["name"], slug=slug, ruleset=doc["ruleset"],
        rounds_planned=planned, points=doc.get("points"),
        tiebreaks=doc.get("tiebreaks"), hidden=hidden,
        entry_policy=doc.get("entry_policy", "officials"))
    fmt = match_format(doc["ruleset"], doc.get("match"))
    tournament.entrants_kind = doc.get("entrants", "singles")
    tournament.match_target, tournament.sets_to_win = fmt.target, fmt.sets_to_win
    if tournament.is_teams:  # as check_archive read them
        tournament.team_match = team_rules.check_team_match(doc["team_match"], doc["ruleset"])
        tournament.team_points = team_rules.check_team_points(doc.get("team_points"),
                                                              tournament.team_match)
    entries = doc.get("entries", {})  # the settings only: entries stay on their site
    tournament.entries_open = entries.get("open", False)
    tournament.entries_close_at = entries_close_at(entries.get("closes_at"))
    tournament.entries_cap = entries.get("cap")
    tournament.save(update_fields=["entrants_kind", "match_target", "sets_to_win",
                                   "team_match", "team_points",
                                   "entries_open", "entries_close_at", "entries_cap"])
    entrants = {p["id"]: Entrant(tournament=tournament, number=p["id"], name=p["name"].strip(),
                                 club=p.get("club", ""), rating=p.get("rating"),
                                 withdrawn_after_round=p.get("withdrawn_after_round"),
                                 members=[{"name": m["name"].strip(),
                                           "club": m.get("club", "").strip()}
                                          for m in p.get("members") or []],
                                 captain=p.get("captain"), venue=p.get("venue", "").strip())
                for p in doc["players"]}
    Entrant.objects.bulk_create(entrants.values())
    import_people(tournament, doc, entrants, actor)
    now = timezone.now()
    # (round, its path in the archive, its stage, its number in the stage)
    stage_one = tournament.stages.get()
    if staged is None:
        rounds = [(r, f"/rounds/{i}", stage_one, r["number"])
                  for i, r in enumerate(doc.get("rounds", []))]
    else:
        rounds, plates = [], []
        for k, st in enumerate(staged):
            stage = import_stage(tournament, stage_one if k == 0 else None, k + 1, st, entrants)
            rounds += [(r, f"/stages/{k}/rounds/{i}", stage, r["number"])
                       for i, r in enumerate(st.get("rounds", []))]
            if isinstance(st.get("plate"), dict):
                plates.append((k, stage, st["plate"].get("rounds", [])))
    for i, (r, path, stage, in_stage) in enumerate(rounds):
        final = stage.is_knockout and stage.seeds and in_stage == knockout.rounds_in(
            len(stage.seeds))
        fmt = stage.match_format(final=bool(final))
        round_ = Round.objects.create(tournament=tournament, number=i + 1, published_at=now,
                                      stage=stage, number_in_stage=in_stage,
                                      match=fmt if fmt != tournament.match_format else None,
                                      status=Round.Status.PUBLISHED,
                                      date=date.fromisoformat(r["date"]) if r.get("date")
                                      else None)
        for j, m in enumerate(r["matches"]):
            if tournament.is_teams:
                create_team_match(round_, m, entrants, reports, f"{path}/matches/{j}", now)
                continue
            report = reports.get(f"{path}/matches/{j}")
            create_match(round_, m, entrants, report, now)
        if i < len(rounds) - 1:
            round_.status = Round.Status.CLOSED
            round_.save(update_fields=["status"])
    for k, stage, plate_rounds in (plates if staged is not None else []):
        import_plate(stage, k, plate_rounds, entrants, reports, now)
    rounds = [(r[0] | {"number": i + 1}) for i, r in enumerate(rounds)]
    # Requested byes and absences: those of the paired rounds, then the coming ones.
    Attendance.objects.bulk_create(
        [Attendance(entrant=entrants[pid], round_number=r["number"], kind=kind)
         for r in rounds for pid, kind in round_attendance(r).items()]
        + [Attendance(entrant=entrants[c["player"]], round_number=c["round"], kind=c["kind"])
           for c in doc.get("coming_byes", [])])
    first = (Match.objects.filter(round__tournament=tournament, round__number=1)
             .exclude(side1=None).filter(side0__number=1).exists(),
             Match.objects.filter(round__tournament=tournament, round__number=1,
                                  side1__number=1).exists())
    if any(first):  # who held player 1's side in round 1 fixes the colour sequence
        tournament.top_seed_starts = first[0]
        tournament.save(update_fields=["top_seed_starts"])
    update_status(tournament)
    rating_lists.event_changed(tournament)
    audit(tournament, actor, Action.IMPORT_TOURNAMENT,
          f"Imported {tournament.name} from an archive: "
          f"{len(entrants)} players, {len(rounds)} rounds")
    return tournament


def import_stage(tournament, stage, number, st, entrants) -> Stage:
    """A stage of the archive (checked): the event's first stage made as it says, or a
    later one added."""
    fields = {"kind": st["kind"], "cycles": st.get("cycles", 1), "size": st.get("size"),
              "seeding": st.get("seeding", ""), "lot_seed": st.get("lot_seed", ""),
              "third_place": st.get("third_place", False), "plate": bool(st.get("plate")),
              "match": st.get("match"),
              "final_match": st.get("final_match"),
              "paired_ahead": st.get("paired_ahead", False),
              "seeds": [entrants[pid].pk for pid in st.get("seeds", [])]}
    if stage is None:
        return Stage.objects.create(tournament=tournament, number=number, **fields)
    for key, value in fields.items():
        setattr(stage, key, value)
    stage.save()
    return stage


def import_plate(stage, k, plate_rounds, entrants, reports, now):
    """A knock-out's plate rounds: plate round j is played in the stage's round j + 1,
    its boards numbered after the main bracket's there."""
    system = SYSTEMS["knockout"]
    given = StageInput(stage.kind, tuple(stage.seeds), third_place=stage.third_place)
    by_number = {r.number_in_stage: r for r in stage.rounds.all()}
    for j, r in enumerate(plate_rounds):
        round_ = by_number[r["number"] + 1]
        offset = system.plate_offset(given, round_.number_in_stage)
        for i, m in enumerate(r["matches"]):
            create_match(round_, {**m, "board": m["board"] + offset}, entrants,
                         reports.get(f"/stages/{k}/plate/rounds/{j}/matches/{i}"), now,
                         plate=True)


def import_people(tournament, doc, entrants, actor):
    """The archive's `date` and person ids (shared/spec/ratings.md)."""
    if doc.get("date"):
        tournament.date = date.fromisoformat(doc["date"])
        tournament.save(update_fields=["date"])
    link_archive_people(tournament, doc["players"], entrants, actor)


def create_team_match(round_, m, entrants, reports, path, now):
    """A team match of the archive with its boards (each a match, with its lineup); its
    own result follows its boards (actions.team_matches.follow_boards)."""
    side0 = entrants[m["players"][0]]
    side1 = entrants[m["players"][1]] if m["players"][1] is not None else None
    tm = Match(round=round_, board=m["board"], side0=side0, side1=side1,
               postponed_to=date.fromisoformat(m["postponed_to"]) if m.get("postponed_to")
               else None)
    if side1 is None:
        tm.outcome, tm.winner = Match.Outcome.BYE, side0
        tm.status, tm.confirmed_at, tm.version = Match.Status.CONFIRMED, now, 1
        tm.save()
        return tm
    tm.save()
    for k, b in enumerate(m["boards"]):
        create_match(round_, {**b, "players": m["players"]}, entrants,
                     reports.get(f"{path}/boards/{k}"), now, team_match=tm,
                     lineup=b.get("lineup"))
    named = m.get("named_winner")
    follow_boards(tm.pk, named=None if named is None else m["players"].index(named))
    return tm


def create_match(round_, m, entrants, report, now, plate=False, team_match=None,
                 lineup=None):
    side0 = entrants[m["players"][0]]
    side1 = entrants[m["players"][1]] if m["players"][1] is not None else None
    match = Match(round=round_, board=m["board"], side0=side0, side1=side1, plate=plate,
                  first_set_starter=m.get("first_set_starter") or 0, team_match=team_match,
                  lineup=lineup)
    by = lambda key: entrants[m[key]]  # noqa: E731
    other = lambda e: side1 if e == side0 else side0  # noqa: E731
    if side1 is None:
        match.outcome, match.winner = Match.Outcome.BYE, side0
    elif "forfeit_by" in m:
        match.outcome, match.conceded_by = Match.Outcome.FORFEIT, by("forfeit_by")
        match.winner = other(match.conceded_by)
    elif m.get("double_forfeit"):
        match.outcome = Match.Outcome.DOUBLE_FORFEIT
    elif "abandoned_by" in m:
        match.outcome, match.conceded_by = Match.Outcome.ABANDONED, by("abandoned_by")
        match.winner, match.record = other(match.conceded_by), m.get("record")
    elif "record" in m:
        match.outcome, match.record = Match.Outcome.PLAYED, m["record"]
        match.winner = side0 if report["winner"] == 0 else side1
    elif "winner" in m:
        match.outcome, match.winner = Match.Outcome.PLAYED, by("winner")
    if match.outcome:
        # An archive's results were settled where the event was run.
        match.status, match.confirmed_at, match.version = Match.Status.CONFIRMED, now, 1
    match.save()
    if match.record:
        store_sets(match, match.record)
