"""The whole-event archive, `fives-and-threes-tournament/1` (shared/spec/tournament-archive.md).

`export_tournament` reads an event into the document; `check_archive` is a pure check
that names the path of the first bad value. Importing is the action in
tournament/actions/archive.py.
"""

import json
import re
from datetime import date, datetime

from django.db.models import Prefetch

from scoring.formats import MatchFormatError, match_format
from scoring.starters import sets_alternate

from ..entry import fit
from ..entry.fit import Board
from ..models import Attendance, Match, Stage, Tournament
from ..models.event import DEFAULT_POINTS
from ..pairing import knockout, round_robin
from ..pairing.systems import SYSTEMS, StageInput
from ..rules import team_rules
from ..rules.entrant_rules import (
    MAX_CLUB,
    MAX_ENTRANTS,
    MAX_NAME,
    MAX_TEAM_MEMBERS,
    PAIR_MEMBERS,
    PERSON_ID_RULE,
    RATING_MAX,
    RATING_MIN,
    RATING_RULE,
    entrant_key,
    is_person_id,
)
from ..rules.names import known_rulesets, known_tiebreaks
from ..text.clean import TextError, only_invisible
from ..text.documents import check_json_text

FORMAT = "fives-and-threes-tournament/1"
DEFAULT_ENTRIES = {"open": False, "closes_at": None, "cap": None}
ENTRANTS = ("singles", "pairs", "teams")
MAX_BOARD = MAX_ENTRANTS  # a round has at most one board per two entrants (and a bye)
MAX_DEPTH = 16  # an archive nests 9 deep at play depth (rounds/matches/record/sets/hands/plays)
# What a name made only of zero-width spaces and the like is told (text.visible_name).
INVISIBLE_NAME = "a name must show: this one holds only invisible characters"


class ArchiveError(ValueError):
    def __init__(self, path: str, message: str):
        super().__init__(f"{path or '/'}: {message}")
        self.path = path
        self.message = message


# ------------------------------------------------------------------------ export


def export_tournament(tournament) -> dict:
    """The archive of every published round; drafts are the director's work in progress."""
    players = []
    for e in tournament.entrants.order_by("number"):
        player = {"id": e.number, "name": e.name}
        if e.rating is not None:
            player["rating"] = e.rating
        if e.club:
            player["club"] = e.club
        if e.withdrawn_after_round is not None:
            player["withdrawn_after_round"] = e.withdrawn_after_round
        if tournament.entrants_kind in ("pairs", "teams"):
            player["members"] = [{"name": m["name"], **({"club": m["club"]} if m.get("club")
                                                        else {})} for m in e.members or []]
        if tournament.is_teams:
            player["captain"] = e.captain or 0
            if e.venue:
                player["venue"] = e.venue
        players.append(player)
    matches = (Match.objects.pairings().filter(round__tournament=tournament).published()
               .select_related("round", "side0", "side1", "conceded_by")
               .order_by("round__number", "board"))
    if tournament.is_teams:
        matches = matches.prefetch_related(Prefetch(
            "boards", Match.objects.select_related("side0", "side1", "conceded_by")
            .order_by("board")))
    rounds: dict[int, list] = {}
    for r in tournament.rounds.published().order_by("number"):
        rounds[r.number] = []
    seated, plates = set(), {}
    for m in matches:
        if m.plate:  # a knock-out's plate: under its stage's "plate" (export_stage)
            plates.setdefault(m.round.number, []).append(m)
        else:
            rounds[m.round.number].append(export_match(m, tournament))
        seated.update((m.round.number, e.number) for e in (m.side0, m.side1) if e is not None)
    by_round, coming = export_attendance(tournament, rounds, seated)
    extra = {"coming_byes": coming} if coming else {}
    extra.update(export_people(tournament, players))
    if tournament.is_teams:
        extra["team_match"] = tournament.team_match
        extra["team_points"] = tournament.team_points
    if tournament.entry_policy != Tournament.EntryPolicy.OFFICIALS:
        # Written only where it is not the default, so an older archive comes back the same.
        extra["entry_policy"] = tournament.entry_policy
    if tournament.entries_settings != DEFAULT_ENTRIES:
        # Entries before the day (shared/spec/venue.md): the settings only where not the
        # default (closed); the entries themselves, with their contacts, stay on the site.
        extra["entries"] = tournament.entries_settings
    doc = {
        "format": FORMAT,
        "name": tournament.name,
        "ruleset": tournament.ruleset,
        "entrants": tournament.entrants_kind,
        "match": {"target": tournament.match_target, "sets_to_win": tournament.sets_to_win},
        "rounds_planned": tournament.rounds_planned,
        "points": {**DEFAULT_POINTS, **tournament.points},
        "tiebreaks": list(tournament.tiebreaks),
        "players": players,
        "rounds": [{"number": n, "matches": ms, **by_round.get(n, {})}
                   for n, ms in rounds.items()],
        **extra,
    }
    stages = list(tournament.stages.order_by("number"))
    if len(stages) > 1 or stages[0].kind != Stage.Kind.SWISS:
        # An event of stages (shared/spec/competitions.md): each stage holds its rounds,
        # numbered within it; the top-level rounds and rounds_planned are absent.
        del doc["rounds"], doc["rounds_planned"]
        in_stage = dict(tournament.rounds.published().values_list("number", "stage_id"))
        dates = dict(tournament.rounds.published().exclude(date=None)
                     .values_list("number", "date"))
        doc["stages"] = [export_stage(stage, [
            {**r, "number": number, **({"date": dates[r["number"]].isoformat()}
                                       if r["number"] in dates else {})}
            for number, r in enumerate(
                (r for r in doc_rounds(rounds, by_round) if in_stage[r["number"]] == stage.pk),
                start=1)], tournament, plates) for stage in stages]
    return doc


def export_plate(stage, plates) -> list:
    """A plate's rounds: plate round j is played in the stage's round j + 1, its boards
    numbered after the main bracket's there (pairing.systems.KnockOut.plate_offset)."""
    system = SYSTEMS["knockout"]
    given = StageInput(stage.kind, tuple(stage.seeds), third_place=stage.third_place)
    out = []
    for r in stage.rounds.published().order_by("number_in_stage"):
        matches = plates.get(r.number)
        if not matches:
            continue
        offset = system.plate_offset(given, r.number_in_stage)
        out.append({"number": r.number_in_stage - 1, "matches": [
            {**export_match(m, stage.tournament), "board": m.board - offset}
            for m in matches]})
    return out


def doc_rounds(rounds, by_round):
    return [{"number": n, "matches": ms, **by_round.get(n, {})} for n, ms in rounds.items()]


def export_stage(stage, rounds, tournament, plates=None) -> dict:
    """One stage of the archive: its kind, its options where set, its seeds once drawn,
    its rounds, and a knock-out's plate: `"plate": {"rounds": [...]}`, its rounds and
    boards numbered within the plate (`plates`: event round number -> its plate
    matches)."""
    doc = {"kind": stage.kind}
    if stage.kind == Stage.Kind.SWISS:
        doc["rounds_planned"] = tournament.rounds_planned
    if stage.kind == Stage.Kind.ROUND_ROBIN:
        doc["cycles"] = stage.cycles
    if stage.paired_ahead:
        doc["paired_ahead"] = True
    if stage.size is not None:
        doc["size"] = stage.size
    if stage.seeding:
        doc["seeding"] = stage.seeding
    if stage.lot_seed:
        doc["lot_seed"] = stage.lot_seed
    if stage.kind == Stage.Kind.KNOCKOUT:
        doc["third_place"] = stage.third_place
    if stage.match:
        doc["match"] = dict(stage.match)
    if stage.final_match:
        doc["final_match"] = dict(stage.final_match)
    if stage.seeds:
        number = dict(tournament.entrants.values_list("id", "number"))
        doc["seeds"] = [number[i] for i in stage.seeds]
    if stage.plate:
        doc["plate"] = {"rounds": export_plate(stage, plates or {})}
    doc["rounds"] = rounds
    return doc


# Archive keys of a round's requested byes and absences (models.Attendance kinds).
ROUND_KEYS = {"half_bye": ("byes", "half"), "zero_bye": ("byes", "zero"),
              "absent": ("absent", None)}


def export_attendance(tournament, rounds, seated) -> tuple[dict, list]:
    """({round: {"byes": {"half": [ids], "zero": [ids]}, "absent": [ids]}}, coming_byes).

    The rows that count (history.board_less): none for a round after the entrant withdrew,
    nor where he has a board after all. Rows of rounds not in `rounds` (not paired, or a
    draft, which is not exported) are the coming byes. Empty lists and keys are left out,
    so an archive without byes is as before. Late entries are not written: an entrant's
    rounds before their first board are late entries on import too.
    """
    by_round, coming = {}, []
    for rnd, number, out, kind in (Attendance.objects.of_event(tournament)
                                   .order_by("round_number", "entrant__number")
                                   .values_list("round_number", "entrant__number",
                                                "entrant__withdrawn_after_round", "kind")):
        if ((out is not None and rnd > out) or (rnd, number) in seated
                or rnd > tournament.rounds_planned):
            continue
        if rnd not in rounds:
            coming.append({"round": rnd, "player": number, "kind": kind})
            continue
        key, sub = ROUND_KEYS[kind]
        doc = by_round.setdefault(rnd, {})
        if sub is None:
            doc.setdefault(key, []).append(number)
        else:
            doc.setdefault(key, {}).setdefault(sub, []).append(number)
    return by_round, coming


def export_match(m, tournament=None) -> dict:
    doc = {"board": m.board, "players": [m.side0.number, m.side1.number if m.side1 else None]}
    if m.side1 is None:
        doc["bye"] = True
        return doc
    if tournament is not None and tournament.is_teams:
        # A team match: its result is its boards' (shared/spec/competitions.md, "Teams").
        plan = team_rules.board_plan(tournament.team_match)
        boards = []
        for b in m.boards.all():
            one = {"board": b.board, "kind": plan[b.board - 1].kind}
            if b.lineup is not None:
                one["lineup"] = b.lineup
            result = export_match(b)
            del result["board"], result["players"]
            boards.append({**one, **result})
        if m.postponed_to is not None:
            doc["postponed_to"] = m.postponed_to.isoformat()
        named = (m.record or {}).get("named_winner")
        if named in (0, 1):  # level on boards, sets and points: the director named it
            doc["named_winner"] = doc["players"][named]
        doc["boards"] = boards
        return doc
    if m.first_set_starter != 0:
        doc["first_set_starter"] = m.first_set_starter  # a director's choice (mso)
    if m.outcome == Match.Outcome.FORFEIT:
        doc["forfeit_by"] = m.conceded_by.number
    elif m.outcome == Match.Outcome.DOUBLE_FORFEIT:
        doc["double_forfeit"] = True
    elif m.outcome == Match.Outcome.ABANDONED:
        doc["abandoned_by"] = m.conceded_by.number
        if m.record is not None:
            doc["record"] = m.record
    elif m.outcome == Match.Outcome.PLAYED:
        if m.record is not None:
            doc["record"] = m.record
        else:  # imported from TRF: the winner is known, the sets are not
            doc["winner"] = m.winner.number
    return doc


# Text no JSON reader or UTF-8 file can carry safely: NUL and lone surrogates (a row stored
# before the API refused them, or by SQLite, which keeps whatever it is given).
UNWRITABLE = re.compile("[\x00\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def writable(value):
    """value with every unwritable character in its strings (keys too) replaced by U+FFFD."""
    if isinstance(value, str):
        return UNWRITABLE.sub(REPLACEMENT, value)
    if isinstance(value, dict):
        return {writable(k): writable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [writable(v) for v in value]
    return value


def archive_json(tournament) -> str:
    """The archive as UTF-8-safe JSON text: the download and export_tournament both write it."""
    return json.dumps(writable(export_tournament(tournament)), indent=2,
                      ensure_ascii=False) + "\n"


def export_people(tournament, players) -> dict:
    """Write each linked player's person id into `players` (singles: `person`, pairs:
    `members[i].person`); the event's `date` as the extra key, if it has one."""
    from ..models import EntrantPerson

    by_number = {p["id"]: p for p in players}
    for number, member, key in (EntrantPerson.objects.filter(entrant__tournament=tournament)
                                .values_list("entrant__number", "member", "person__key")):
        player = by_number[number]
        if tournament.is_pairs or tournament.is_teams:
            if member < len(player.get("members", [])):
                player["members"][member]["person"] = key
        elif member == 0:
            player["person"] = key
    return {"date": tournament.date.isoformat()} if tournament.date else {}


# ------------------------------------------------------------------------ check


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(condition, path, message):
    if not condition:
        raise ArchiveError(path, message)


def check_archive(doc) -> dict:
    """Raise ArchiveError at the first bad value; return {match path: validator report}."""
    _need(isinstance(doc, dict), "", "the archive must be a JSON object")
    try:  # NUL, lone surrogates and hostile nesting anywhere, before any other reading
        check_json_text(doc, "", max_depth=MAX_DEPTH)
    except TextError as exc:
        path, _, message = str(exc).partition(": ")
        raise ArchiveError(path.split(" (")[0], message.rstrip(".")) from None
    _need(doc.get("format") == FORMAT, "/format", f"must be {FORMAT!r}")
    _need(isinstance(doc.get("name"), str) and doc["name"].strip(), "/name",
          "the event needs a name")
    _need(not only_invisible(doc["name"]), "/name", INVISIBLE_NAME)
    _need(isinstance(doc.get("ruleset"), str) and doc["ruleset"] in known_rulesets(), "/ruleset",
          f"unknown ruleset; known: {', '.join(sorted(known_rulesets()))}")
    kind = doc.get("entrants", "singles")
    _need(isinstance(kind, str) and kind in ENTRANTS, "/entrants",
          '"singles", "pairs" or "teams"')
    _need(isinstance(doc.get("match", {}), dict), "/match",
          'an object {"target": T, "sets_to_win": W}')
    try:
        match_format(doc["ruleset"], doc.get("match"))
    except MatchFormatError as exc:
        raise ArchiveError(exc.problems[0][0], exc.problems[0][1]) from None
    planned = doc.get("rounds_planned", 5)
    _need(_is_int(planned) and 1 <= planned <= 30, "/rounds_planned", "a whole number 1 to 30")
    points = doc.get("points", {})
    _need(isinstance(points, dict), "/points", "must be an object")
    for key, value in points.items():
        _need(key in DEFAULT_POINTS, f"/points/{key}", "unknown point value")
        _need(isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10,
              f"/points/{key}", "must be a number from 0 to 10")
    tiebreaks = doc.get("tiebreaks", [])
    _need(isinstance(tiebreaks, list), "/tiebreaks", "must be a list of names")
    for i, name in enumerate(tiebreaks):
        _need(isinstance(name, str) and name in known_tiebreaks(), f"/tiebreaks/{i}",
              f"unknown tie-break {str(name)[:40]!r}")
    _need(len(set(tiebreaks)) == len(tiebreaks), "/tiebreaks", "a tie-break is listed twice")
    policy = doc.get("entry_policy", "officials")
    _need(isinstance(policy, str) and policy in Tournament.EntryPolicy.values,
          "/entry_policy", f"one of {', '.join(Tournament.EntryPolicy.values)}")
    teams = check_team_settings(doc, kind)
    check_entries(doc.get("entries", DEFAULT_ENTRIES), doc.get("players"))
    if "stages" in doc:
        return check_staged(doc, kind, teams)
    ids = check_players(doc.get("players"), pairs=kind == "pairs", planned=planned,
                        teams=teams is not None)
    if teams is not None:
        teams["rosters"] = {p["id"]: len(p["members"]) for p in doc["players"]}
    rounds = doc.get("rounds", [])
    _need(isinstance(rounds, list), "/rounds", "must be a list")
    _need(len(rounds) <= planned, "/rounds", f"{len(rounds)} rounds but {planned} planned")
    reports = {}
    withdrawn = {p["id"]: p.get("withdrawn_after_round") for p in doc["players"]}
    for i, r in enumerate(rounds):
        reports.update(check_round(r, f"/rounds/{i}", i + 1, ids, doc["ruleset"],
                                   seats=4 if kind == "pairs" else 2,
                                   match=doc.get("match"), teams=teams))
        check_round_byes(r, f"/rounds/{i}", i + 1, withdrawn)
    check_coming_byes(doc.get("coming_byes", []), len(rounds), planned, withdrawn)
    check_people(doc, pairs=kind in ("pairs", "teams"))
    return reports


def check_team_settings(doc, kind) -> dict | None:
    """A team event's `team_match` and `team_points` (rules.team_rules), as
    {"plan": its boards, "team_match", "team_points"}; None for any other event, which
    has neither."""
    if kind != "teams":
        for key in ("team_match", "team_points"):
            _need(key not in doc, f"/{key}", "only a team event has it")
        return None
    _need("team_match" in doc, "/team_match", "a team event lists its boards: "
          '{"boards": [{"kind", "count", "match"}]}')
    try:
        team_match = team_rules.check_team_match(doc["team_match"], doc["ruleset"])
    except ValueError as exc:
        where, _, message = str(exc).partition(": ")
        path = "/team_match" + ("/" + where.replace("[", "/").replace("]", "")
                                .replace(".", "/") if message else "")
        raise ArchiveError(path, message or str(exc)) from None
    try:
        team_points = team_rules.check_team_points(doc.get("team_points"), team_match)
    except ValueError as exc:
        where, _, message = str(exc).partition(": ")
        path = "/team_points" + ("/" + where.replace(".", "/") if message and " " not in where
                                 else "")
        raise ArchiveError(path, message if path != "/team_points" else str(exc)) from None
    return {"plan": team_rules.board_plan(team_match), "team_match": team_match,
            "team_points": team_points}


def entries_close_at(value) -> datetime | None:
    """An archive's `entries.closes_at` (ISO 8601 with its offset) as a time, or None;
    ValueError if it is not one."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40 or not value.isascii():
        raise ValueError(value)
    when = datetime.fromisoformat(value)
    if when.tzinfo is None:
        raise ValueError(value)
    return when


def check_entries(entries, players):
    """`entries`: {"open": bool, "closes_at": ISO time or null, "cap": whole number or
    null}, a cap not below the players still in."""
    _need(isinstance(entries, dict) and set(entries) <= set(DEFAULT_ENTRIES), "/entries",
          'an object {"open": true or false, "closes_at": a time or null, "cap": a whole '
          'number or null}')
    _need(isinstance(entries.get("open", False), bool), "/entries/open", "true or false")
    try:
        entries_close_at(entries.get("closes_at"))
    except ValueError:
        raise ArchiveError("/entries/closes_at", "an ISO 8601 time with its offset "
                           "(2027-05-01T18:00:00+01:00), or null") from None
    cap = entries.get("cap")
    _need(cap is None or (_is_int(cap) and 1 <= cap <= MAX_ENTRANTS), "/entries/cap",
          f"a whole number from 1 to {MAX_ENTRANTS}, or null")
    if cap is not None and isinstance(players, list):
        still_in = sum(1 for p in players
                       if isinstance(p, dict) and p.get("withdrawn_after_round") is None)
        _need(cap >= still_in, "/entries/cap",
              f"{cap} is below the {still_in} players still in")


STAGE_KEYS = {"kind", "rounds_planned", "cycles", "size", "seeding", "lot_seed",
              "third_place", "plate", "match", "final_match", "seeds", "rounds",
              "paired_ahead"}
MAX_STAGES = 10


def check_staged(doc, kind, teams=None) -> dict:
    """An archive with `stages` (shared/spec/competitions.md): no top-level rounds, each
    stage's rounds numbered within it and checked as a Swiss's are, each in its format
    (a knock-out's final in `final_match`)."""
    for key in ("rounds", "rounds_planned"):
        _need(key not in doc, f"/{key}", "an archive with stages keeps its rounds (and a "
              "Swiss its rounds_planned) in each stage")
    stages = doc["stages"]
    _need(isinstance(stages, list) and 1 <= len(stages) <= MAX_STAGES, "/stages",
          f"a list of 1 to {MAX_STAGES} stages")
    ruleset, seats = doc["ruleset"], 4 if kind == "pairs" else 2
    players = doc.get("players")
    entrants = len(players) if isinstance(players, list) else 0
    plans = []
    for i, st in enumerate(stages):
        path = f"/stages/{i}"
        _need(isinstance(st, dict), path, "each stage is an object")
        for key in st:
            _need(key in STAGE_KEYS, f"{path}/{key}", f"unknown key {str(key)[:40]!r}")
        _need(st.get("kind") in Stage.Kind.values, f"{path}/kind",
              f"one of {', '.join(Stage.Kind.values)}")
        _need(st["kind"] != Stage.Kind.SWISS or i == 0, f"{path}/kind",
              "a Swiss is the event's first stage")
        plate = st.get("plate", False)
        _need(isinstance(plate, bool) or (isinstance(plate, dict) and set(plate) <= {"rounds"}),
              f"{path}/plate", 'true, false, or {"rounds": [...]} (its rounds)')
        _need(not plate or st["kind"] == Stage.Kind.KNOCKOUT, f"{path}/plate",
              "only a knock-out has a plate")
        rounds = st.get("rounds", [])
        _need(isinstance(rounds, list), f"{path}/rounds", "must be a list")
        if st["kind"] == Stage.Kind.SWISS:
            planned = st.get("rounds_planned", 5)
            _need(_is_int(planned) and 1 <= planned <= 30, f"{path}/rounds_planned",
                  "a whole number 1 to 30")
        else:
            _need("rounds_planned" not in st, f"{path}/rounds_planned",
                  "only a Swiss plans its rounds; a round robin's and a knock-out's follow "
                  "from their field")
        for key, values in (("seeding", Stage.Seeding.values), ("cycles", [1, 2])):
            if key in st:
                _need(st[key] in values, f"{path}/{key}", f"one of {', '.join(map(str, values))}")
        _need(st.get("kind") == Stage.Kind.ROUND_ROBIN or "cycles" not in st,
              f"{path}/cycles", "only a round robin has cycles")
        if "paired_ahead" in st:
            _need(st["paired_ahead"] is True and st["kind"] == Stage.Kind.ROUND_ROBIN,
                  f"{path}/paired_ahead", "true, in a round robin paired at once (a season); "
                  "left out otherwise")
        if "size" in st:
            _need(_is_int(st["size"]) and 2 <= st["size"] <= max(entrants, 2),
                  f"{path}/size", f"a whole number of entrants from 2 to {max(entrants, 2)}")
        if "lot_seed" in st:
            _need(isinstance(st["lot_seed"], str) and len(st["lot_seed"]) <= 100,
                  f"{path}/lot_seed", "text of at most 100 characters")
        if "third_place" in st:
            _need(isinstance(st["third_place"], bool) and st["kind"] == Stage.Kind.KNOCKOUT,
                  f"{path}/third_place", "true or false, in a knock-out")
        for key in ("match", "final_match"):
            if key in st:
                _need(isinstance(st[key], dict), f"{path}/{key}",
                      'an object {"target": T, "sets_to_win": W}')
                try:
                    match_format(ruleset, st[key])
                except MatchFormatError as exc:
                    where = exc.problems[0][0].removeprefix("/match")
                    raise ArchiveError(f"{path}/{key}{where}", exc.problems[0][1]) from None
        _need("final_match" not in st or st["kind"] == Stage.Kind.KNOCKOUT,
              f"{path}/final_match", "only a knock-out has a final")
        plans.append(len(rounds) if st["kind"] != Stage.Kind.SWISS
                     else max(len(rounds), st.get("rounds_planned", 5)))
    total = sum(plans)
    ids = check_players(players, pairs=kind == "pairs", planned=total,
                        teams=teams is not None)
    if teams is not None:
        teams["rosters"] = {p["id"]: len(p["members"]) for p in doc["players"]}
    withdrawn = {p["id"]: p.get("withdrawn_after_round") for p in doc["players"]}
    reports, before = {}, 0
    for i, st in enumerate(stages):
        path = f"/stages/{i}"
        seeds = st.get("seeds")
        if seeds is not None:
            _need(isinstance(seeds, list) and 2 <= len(seeds) <= len(ids), f"{path}/seeds",
                  "a list of the stage's entrants (ids), best seed first")
            for k, pid in enumerate(seeds):
                _need(_is_int(pid) and pid in ids, f"{path}/seeds/{k}",
                      f"unknown player {str(pid)[:40]}")
            _need(len(set(seeds)) == len(seeds), f"{path}/seeds", "an entrant is seeded twice")
            _need(st["kind"] != Stage.Kind.SWISS, f"{path}/seeds", "a Swiss has no seeds")
            _need("size" not in st or st["size"] == len(seeds), f"{path}/seeds",
                  f"{len(seeds)} seeds but size {st.get('size')}")
        rounds = st.get("rounds", [])
        _need(not rounds or st["kind"] == Stage.Kind.SWISS or seeds is not None,
              f"{path}/seeds", "a stage with rounds lists its seeds")
        if st["kind"] == Stage.Kind.SWISS:
            most = st.get("rounds_planned", 5)
        elif st["kind"] == Stage.Kind.ROUND_ROBIN:
            most = round_robin.rounds_needed(len(seeds), st.get("cycles", 1)) if seeds else 0
        else:
            most = knockout.rounds_in(len(seeds)) if seeds else 0
        _need(len(rounds) <= most, f"{path}/rounds",
              f"{len(rounds)} rounds but the stage has {most}")
        final = knockout.rounds_in(len(seeds)) if st["kind"] == Stage.Kind.KNOCKOUT and \
            seeds else None
        for j, r in enumerate(rounds):
            fmt = st.get("final_match") if final == j + 1 and st.get("final_match") else \
                st.get("match", doc.get("match"))
            reports.update(check_round(r, f"{path}/rounds/{j}", j + 1, ids, ruleset,
                                       seats=seats, match=fmt, teams=teams))
            check_round_byes(r, f"{path}/rounds/{j}", before + j + 1, withdrawn)
        plate = st.get("plate")
        if isinstance(plate, dict):
            plate_rounds = plate.get("rounds", [])
            _need(isinstance(plate_rounds, list) and len(plate_rounds) <= max(len(rounds) - 1, 0),
                  f"{path}/plate/rounds", "a list of the plate's rounds, each played beside "
                  "the main bracket's next round")
            for j, r in enumerate(plate_rounds):
                reports.update(check_round(r, f"{path}/plate/rounds/{j}", j + 1, ids, ruleset,
                                           seats=seats, match=st.get("match", doc.get("match"))))
        later = stages[i + 1] if i + 1 < len(stages) else None
        if isinstance(later, dict) and later.get("rounds"):
            _need(len(rounds) == most, f"/stages/{i + 1}/rounds", f"stage {i + 2} has rounds "
                  f"while stage {i + 1} is not played to its end ({len(rounds)} of {most})")
        before += len(rounds)
    check_coming_byes(doc.get("coming_byes", []), before, max(total, before), withdrawn)
    check_people(doc, pairs=kind in ("pairs", "teams"))
    return reports


def round_attendance(r) -> dict[int, str]:
    """{player id: Attendance kind} of a checked round's "byes" and "absent"."""
    kinds = {}
    for kind, (key, sub) in ROUND_KEYS.items():
        value = r.get(key, {})
        for pid in (value if sub is None else value.get(sub, [])):
            kinds[pid] = kind
    return kinds


def _may_miss(pid, number, withdrawn, path):
    """A requested bye or absence is for an entrant still in the event in that round."""
    out = withdrawn.get(pid)
    _need(out is None or number <= out, path,
          f"player {pid} withdrew after round {out}: no bye or absence in round {number}")


def check_round_byes(r, path, number, withdrawn):
    """A paired round's `"byes": {"half": [ids], "zero": [ids]}` and `"absent": [ids]`: known
    players without a board in the round, each named once, none withdrawn before it."""
    seated = {pid for m in r["matches"] for pid in m["players"] if pid is not None}
    named = set()
    byes = r.get("byes", {})
    _need(isinstance(byes, dict), f"{path}/byes", '{"half": [ids], "zero": [ids]}')
    for key in byes:
        _need(key in ("half", "zero"), f"{path}/byes", f'unknown key {str(key)[:40]!r}: '
              '"half" (half-point byes) or "zero" (zero-point byes)')
    lists = [(f"{path}/byes/{sub}", byes[sub]) for sub in ("half", "zero") if sub in byes]
    if "absent" in r:
        lists.append((f"{path}/absent", r["absent"]))
    for lp, ids in lists:
        _need(isinstance(ids, list), lp, "a list of player ids")
        for k, pid in enumerate(ids):
            _need(_is_int(pid) and pid in withdrawn, f"{lp}/{k}",
                  f"unknown player {str(pid)[:40]}")
            _need(pid not in seated, f"{lp}/{k}", f"player {pid} has a board in round "
                  f"{number}: a bye or absence is a round without one")
            _need(pid not in named, f"{lp}/{k}", f"player {pid} is named twice among round "
                  f"{number}'s byes and absences")
            _may_miss(pid, number, withdrawn, f"{lp}/{k}")
            named.add(pid)


ATTENDANCE_KINDS = tuple(ROUND_KEYS)


def check_coming_byes(coming, paired, planned, withdrawn):
    """`"coming_byes": [{"round", "player", "kind"}]`: byes and absences decided for rounds
    not paired yet (after the archive's last round, up to the rounds planned)."""
    _need(isinstance(coming, list), "/coming_byes",
          'a list of {"round": n, "player": id, "kind": "half_bye"|"zero_bye"|"absent"}')
    _need(len(coming) <= len(withdrawn) * planned, "/coming_byes",
          "more entries than players times rounds")
    seen = set()
    for i, entry in enumerate(coming):
        path = f"/coming_byes/{i}"
        _need(isinstance(entry, dict), path, '{"round": n, "player": id, "kind": ...}')
        for key in entry:
            _need(key in ("round", "player", "kind"), path,
                  f'unknown key {str(key)[:40]!r}: "round", "player" and "kind"')
        rnd, pid, kind = entry.get("round"), entry.get("player"), entry.get("kind")
        _need(_is_int(rnd) and paired < rnd <= planned, f"{path}/round",
              f"a round not paired yet: {paired + 1} to {planned}" if paired < planned
              else f"every one of the {planned} rounds planned is paired")
        _need(_is_int(pid) and pid in withdrawn, f"{path}/player",
              f"unknown player {str(pid)[:40]}")
        _need(isinstance(kind, str) and kind in ATTENDANCE_KINDS, f"{path}/kind",
              f"one of {', '.join(ATTENDANCE_KINDS)}")
        _need((rnd, pid) not in seen, path, f"player {pid} has two entries for round {rnd}")
        _may_miss(pid, rnd, withdrawn, f"{path}/player")
        seen.add((rnd, pid))


def check_players(players, pairs=False, planned=30, teams=False) -> set[int]:
    _need(isinstance(players, list) and players, "/players", "must be a non-empty list")
    _need(len(players) <= MAX_ENTRANTS, "/players", f"at most {MAX_ENTRANTS} entrants an event")
    ids, entered = set(), {}
    for i, p in enumerate(players):
        path = f"/players/{i}"
        _need(isinstance(p, dict), path, "each player is an object")
        _need(_is_int(p.get("id")) and p["id"] >= 1, f"{path}/id", "a pairing number from 1")
        _need(p["id"] not in ids, f"{path}/id", f"pairing number {p['id']} is used twice")
        ids.add(p["id"])
        _need(isinstance(p.get("name"), str) and p["name"].strip()
              and len(p["name"]) <= MAX_NAME, f"{path}/name",
              f"a name of 1 to {MAX_NAME} characters")
        _need(not only_invisible(p["name"]), f"{path}/name", INVISIBLE_NAME)
        if p.get("rating") is not None:
            _need(_is_int(p["rating"]) and RATING_MIN <= p["rating"] <= RATING_MAX,
                  f"{path}/rating", RATING_RULE)
        if "club" in p:
            _need(isinstance(p["club"], str) and len(p["club"]) <= MAX_CLUB, f"{path}/club",
                  f"text of at most {MAX_CLUB} characters")
        key = entrant_key(p["name"].strip(), (p.get("club") or "").strip())
        _need(key not in entered, f"{path}/name", f"{p['name']!r} of the same club is "
              f"entered twice (as pairing numbers {entered.get(key)} and {p['id']})")
        entered[key] = p["id"]
        if p.get("withdrawn_after_round") is not None:
            _need(_is_int(p["withdrawn_after_round"])
                  and 0 <= p["withdrawn_after_round"] <= planned,
                  f"{path}/withdrawn_after_round", f"a round number from 0 to {planned}")
        if teams:
            check_team_members(p, path)
        else:
            for key in ("captain", "venue"):
                _need(key not in p, f"{path}/{key}", "only a team has it")
            check_members(p.get("members"), f"{path}/members", pairs)
    missing = sorted(set(range(1, len(ids) + 1)) - ids)
    _need(not missing, "/players", f"pairing numbers must run 1 to {len(ids)}; missing "
          f"{', '.join(map(str, missing))}")
    return ids


DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")  # ASCII digits, as every typed date


def check_person_id(value, path):
    _need(is_person_id(value), path, f"a person id: {PERSON_ID_RULE}")


def check_people(doc, pairs):
    """The optional `date` and person ids (shared/spec/ratings.md): each person plays
    once in an event, so an id names one player (or one pair member) only."""
    if "date" in doc:
        value = doc["date"]
        ok = isinstance(value, str) and DATE.match(value)
        if ok:
            try:
                date.fromisoformat(value)
            except ValueError:
                ok = False
        _need(ok, "/date", 'the event\'s date as "YYYY-MM-DD"')
    seen = {}
    for i, p in enumerate(doc["players"]):
        places = ([(f"/players/{i}/members/{k}/person", m) for k, m in
                   enumerate(p.get("members") or [])] if pairs
                  else [(f"/players/{i}/person", p)])
        _need(not (pairs and "person" in p), f"/players/{i}/person",
              "a pair's people are its members' (members[].person)")
        for path, holder in places:
            if holder.get("person") is None:
                continue
            check_person_id(holder["person"], path)
            _need(holder["person"] not in seen, path, f"person {holder['person']!r} is "
                  f"already {seen.get(holder['person'])}: one person plays once in an event")
            seen[holder["person"]] = path


def check_team_members(p, path):
    """A team's roster (`members`, as a pair's members are), `captain` (an index into it)
    and optional `venue`."""
    members = p.get("members")
    _need(isinstance(members, list) and 1 <= len(members) <= MAX_TEAM_MEMBERS,
          f"{path}/members", f"a team's roster: 1 to {MAX_TEAM_MEMBERS} members")
    seen = {}
    for k, m in enumerate(members):
        check_member(m, f"{path}/members/{k}")
        key = entrant_key(m["name"].strip(), (m.get("club") or "").strip())
        _need(key not in seen, f"{path}/members/{k}/name",
              f"member {k} is member {seen.get(key)} again")
        seen[key] = k
    captain = p.get("captain")
    _need(_is_int(captain) and 0 <= captain < len(members), f"{path}/captain",
          f"the captain's index in members: 0 to {len(members) - 1}")
    if "venue" in p:
        _need(isinstance(p["venue"], str) and len(p["venue"]) <= MAX_CLUB, f"{path}/venue",
              f"text of at most {MAX_CLUB} characters")


def check_member(m, path):
    _need(isinstance(m, dict), path, '{"name": ..., "club": ...}')
    _need(isinstance(m.get("name"), str) and m["name"].strip()
          and len(m["name"]) <= MAX_NAME, f"{path}/name",
          f"a name of 1 to {MAX_NAME} characters")
    _need(not only_invisible(m["name"]), f"{path}/name", INVISIBLE_NAME)
    if "club" in m:
        _need(isinstance(m["club"], str) and len(m["club"]) <= MAX_CLUB,
              f"{path}/club", f"text of at most {MAX_CLUB} characters")


def check_members(members, path, pairs):
    if not pairs:
        _need(members is None, path, "only a pairs event's entrants have members")
        return
    _need(isinstance(members, list) and len(members) == PAIR_MEMBERS, path,
          f"a pair has exactly {PAIR_MEMBERS} members")
    for k, m in enumerate(members):
        _need(isinstance(m, dict), f"{path}/{k}", '{"name": ..., "club": ...}')
        _need(isinstance(m.get("name"), str) and m["name"].strip()
              and len(m["name"]) <= MAX_NAME, f"{path}/{k}/name",
              f"a name of 1 to {MAX_NAME} characters")
        _need(not only_invisible(m["name"]), f"{path}/{k}/name", INVISIBLE_NAME)
        if "club" in m:
            _need(isinstance(m["club"], str) and len(m["club"]) <= MAX_CLUB,
                  f"{path}/{k}/club", f"text of at most {MAX_CLUB} characters")


def check_round(r, path, number, ids, ruleset, seats=2, match=None, teams=None) -> dict:
    _need(isinstance(r, dict), path, "each round is an object")
    _need(r.get("number") == number, f"{path}/number", f"expected round {number}")
    if "date" in r:
        _need(teams is not None and is_date(r["date"]), f"{path}/date",
              'a league round\'s date as "YYYY-MM-DD"')
    matches = r.get("matches")
    _need(isinstance(matches, list), f"{path}/matches", "must be a list")
    boards, seated, reports = set(), set(), {}
    for j, m in enumerate(matches):
        mp = f"{path}/matches/{j}"
        _need(isinstance(m, dict), mp, "each match is an object")
        _need(_is_int(m.get("board")) and 1 <= m["board"] <= MAX_BOARD
              and m["board"] not in boards, f"{mp}/board",
              f"a board number from 1 to {MAX_BOARD}, once per round")
        boards.add(m["board"])
        pair = m.get("players")
        _need(isinstance(pair, list) and len(pair) == 2, f"{mp}/players", "[id, id or null]")
        for k, pid in enumerate(pair):
            if k == 1 and pid is None:
                continue
            _need(_is_int(pid) and pid in ids, f"{mp}/players/{k}",
                  f"unknown player {str(pid)[:40]}")
            _need(pid not in seated, f"{mp}/players/{k}", f"player {pid} plays twice in "
                  f"round {number}")
            seated.add(pid)
        bye = pair[1] is None
        _need(m.get("bye", False) is bye, f"{mp}/bye" if "bye" in m else f"{mp}/players/1",
              "a bye has players[1] = null and \"bye\": true")
        results = [k for k in ("record", "forfeit_by", "double_forfeit", "abandoned_by",
                               "winner") if k in m]
        _need(not (bye and results), f"{mp}/{results[0] if results else ''}",
              "a bye has no result")
        _need(len(results) <= 1 or results == ["record", "abandoned_by"] or
              results == ["abandoned_by"], f"{mp}/{results[-1] if results else ''}",
              "one result per match: record, forfeit_by, double_forfeit or winner")
        for key in ("forfeit_by", "abandoned_by", "winner"):
            if key in m:
                _need(_is_int(m[key]) and m[key] in pair, f"{mp}/{key}",
                      "must be one of the match's players")
        if "double_forfeit" in m:
            _need(m["double_forfeit"] is True, f"{mp}/double_forfeit", "must be true")
        first = m.get("first_set_starter", 0)
        if "first_set_starter" in m:
            _need(not bye, f"{mp}/first_set_starter", "a bye has no set to start")
            _need(sets_alternate(ruleset), f"{mp}/first_set_starter",
                  f"under {ruleset} each set's starter is drawn at the table: the record "
                  "says who drew")
            _need(_is_int(first) and 0 <= first < seats, f"{mp}/first_set_starter",
                  f"the seat that starts set 1: 0 to {seats - 1}")
        if teams is not None:
            _need(not results and "first_set_starter" not in m,
                  f"{mp}/{(results or ['first_set_starter'])[0]}",
                  "a team match's result is its boards': give each board's under \"boards\"")
            if "postponed_to" in m:
                _need(not bye and is_date(m["postponed_to"]), f"{mp}/postponed_to",
                      'the date a postponed match is played, "YYYY-MM-DD"')
            if "named_winner" in m:
                _need(not bye and _is_int(m["named_winner"]) and m["named_winner"] in pair,
                      f"{mp}/named_winner", "the team the director named the winner of a "
                      "knock-out's match level on boards, sets and points: one of its players")
            if not bye:
                reports.update(check_team_boards(m, mp, ruleset, teams))
            else:
                _need("boards" not in m, f"{mp}/boards", "a bye has no boards")
            continue
        extra = [k for k in ("boards", "postponed_to", "named_winner") if k in m]
        _need(not extra, f"{mp}/{(extra or [''])[0]}",
              "only a team event's matches have boards, a postponement or a named winner")
        if "record" in m:
            conceded = pair.index(m["abandoned_by"]) if "abandoned_by" in m else None
            reports[mp] = check_record(m["record"], f"{mp}/record",
                                       Board.make(ruleset, seats, match, first),
                                       conceded_side=conceded)
    return reports


BOARD_KEYS = {"board", "kind", "lineup", "record", "forfeit_by", "double_forfeit",
              "abandoned_by", "winner", "first_set_starter"}


def check_team_boards(m, mp, ruleset, teams) -> dict:
    """A team match's `boards`: one per board of the event's team match format, in order,
    each `{"board", "kind", "lineup", "record" ...}` with its result as a match's, checked
    in its board's format; the lineups name members of each team's roster, a member on at
    most one singles and one pairs board (rules.team_rules.check_lineup)."""
    plan, pair = teams["plan"], m["players"]
    boards = m.get("boards")
    _need(isinstance(boards, list) and len(boards) == len(plan), f"{mp}/boards",
          f"a team match has {len(plan)} boards, in order")
    reports, lineups = {}, [[], []]
    for k, (b, board) in enumerate(zip(boards, plan, strict=True)):
        bp = f"{mp}/boards/{k}"
        _need(isinstance(b, dict), bp, "each board is an object")
        for key in b:
            _need(key in BOARD_KEYS, f"{bp}/{key}", f"unknown key {str(key)[:40]!r}")
        _need(b.get("board") == board.number, f"{bp}/board", f"expected board {board.number}")
        _need(b.get("kind") == board.kind, f"{bp}/kind",
              f"board {board.number} is a {board.kind} board")
        lineup = b.get("lineup")
        if lineup is not None:
            _need(isinstance(lineup, list) and len(lineup) == 2
                  and all(isinstance(side, list) for side in lineup), f"{bp}/lineup",
                  "[[home member indices], [away member indices]]")
            for s in (0, 1):
                lineups[s].append(lineup[s])
        results = [key for key in ("record", "forfeit_by", "double_forfeit", "abandoned_by",
                                   "winner") if key in b]
        _need(len(results) <= 1 or results == ["record", "abandoned_by"], f"{bp}/{results[-1]}"
              if results else bp, "one result per board")
        _need(not results or lineup is not None, f"{bp}/lineup",
              "a board with a result names its players")
        for key in ("forfeit_by", "abandoned_by", "winner"):
            if key in b:
                _need(_is_int(b[key]) and b[key] in pair, f"{bp}/{key}",
                      "must be one of the match's teams")
        if "double_forfeit" in b:
            _need(b["double_forfeit"] is True, f"{bp}/double_forfeit", "must be true")
        first = b.get("first_set_starter", 0)
        if "first_set_starter" in b:
            _need(sets_alternate(ruleset) and _is_int(first) and 0 <= first < board.seats,
                  f"{bp}/first_set_starter", f"the seat that starts set 1: 0 to "
                  f"{board.seats - 1}, where sets alternate")
        if "record" in b:
            conceded = pair.index(b["abandoned_by"]) if "abandoned_by" in b else None
            reports[bp] = check_record(b["record"], f"{bp}/record",
                                       Board.make(ruleset, board.seats, board.match, first),
                                       conceded_side=conceded)
    for k, b in enumerate(boards):
        for s in (0, 1):
            for i in (b.get("lineup") or [[], []])[s]:
                _need(_is_int(i) and 0 <= i < teams["rosters"][pair[s]],
                      f"{mp}/boards/{k}/lineup/{s}",
                      f"a member index of team {pair[s]}'s roster")
    for s in (0, 1):
        named = lineups[s]
        if len(named) != len(plan) or not all(named):
            continue  # not every board is lined up yet: each index is checked above
        try:
            team_rules.check_lineup(plan, teams["rosters"][pair[s]], named)
        except ValueError as exc:
            raise ArchiveError(f"{mp}/boards", f"team {pair[s]}'s lineup: {exc}") from None
    return reports


def is_date(value) -> bool:
    if not (isinstance(value, str) and DATE.match(value)):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def check_record(record, path, board: Board, conceded_side=None) -> dict:
    """A match record checked as result entry checks it (entry.fit), for `board`; the
    first problem is raised at its path inside the archive."""
    _need(isinstance(record, dict), path, "a match record object")
    report = fit.check_record(board, record, conceded_side=conceded_side)
    if report["errors"]:
        # What does not fit the board says more than the rules it then breaks.
        first = (report["misfit"] or report["errors"])[0]
        raise ArchiveError(f"{path}{first['path']}", first["message"])
    return report
