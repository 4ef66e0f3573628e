"""What the public may see of an event, read in a fixed number of queries.

Only published rounds exist for the public, and only results that count
(confirmed, or entered where the event asks for no confirmation).
"""

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404

from scoring.starters import sets_alternate

from .. import standings
from ..entry import numbers
from ..entry.starters import set_starters
from ..models import AuditEntry, Match, Round, SetResult, Tournament
from ..models.rounds import AWAITING, live_round
from ..reads import history
from ..rules.entrant_rules import wins
from ..text.collation import name_key
from ..text.folding import fold


class BadRound(ValueError):
    """An after_round the public cannot ask for; the message names what is wrong."""


def visible_events():
    """Every event its director has not hidden, newest first: one still in registration
    shows who has entered (docs/standings.md)."""
    return Tournament.objects.listed()


def get_event(slug, user=None) -> Tournament:
    """The event at `slug`; a hidden one only for its officials (404 for anyone else)."""
    return get_object_or_404(Tournament.objects.public_to(user), slug=slug)


def stage_kinds(tournament) -> set[str]:
    """The kinds of the event's stages (read once per instance): which tabs a page shows."""
    if "_stage_kinds" not in tournament.__dict__:
        tournament.__dict__["_stage_kinds"] = set(
            tournament.stages.values_list("kind", flat=True))
    return tournament.__dict__["_stage_kinds"]


def ranked_numbers(rounds) -> list[int]:
    """Of the published rounds (stages read with them), the numbers of those the
    standings count: the last Swiss or round-robin stage's (history.ranked_rounds). The
    cross-table's columns."""
    ranked = [r.stage_id for r in rounds if r.stage.ranks]
    return [r.number for r in rounds if ranked and r.stage_id == ranked[-1]]


def published_rounds(tournament) -> list[Round]:
    return list(Round.objects.published().filter(tournament=tournament).select_related("stage")
                .order_by("number"))


def is_live(rounds) -> bool:
    """A published round still taking results: the pages refresh themselves."""
    return live_round(rounds) is not None


def get_round(tournament, number) -> Round:
    """A published round; drafts do not exist for the public."""
    try:
        return Round.objects.published().get(tournament=tournament, number=number)
    except Round.DoesNotExist:
        # Said here, not on every 404 page: it explains a missing round, not any address.
        raise Http404(f"Round {number} of {tournament.name} is not published. A round "
                      "appears here only once its director publishes it.") from None


def parse_after_round(value, rounds) -> int | None:
    """The `after_round` query parameter: empty means every published round."""
    if value in (None, ""):
        return None
    try:
        number = numbers.whole(value, "after_round")
    except numbers.NumberError:
        raise BadRound(f"after_round must be a round number (digits 0-9), "
                       f"not {str(value)[:20]!r}.") from None
    published = [r.number for r in rounds]
    if not published:
        raise BadRound("No round is published yet.")
    if not 1 <= number <= max(published):
        raise BadRound(f"after_round must be between 1 and {max(published)} "
                       f"(the rounds published so far), not {number}.")
    return number


@dataclass
class EventData:
    """The pure cores' input and output for one event, as the public sees it."""

    players: list
    matches: list
    points: standings.Points
    table: standings.Standings
    after_round: int | None


def load(tournament, after_round=None) -> EventData:
    """Standings from published rounds and counted results only (three queries)."""
    players, matches, points = history.standings_input(
        tournament, after_round=after_round, public=True)
    table = standings.build_standings(players, matches, points, tournament.tiebreaks,
                                      after_round=after_round,
                                      entrant_word=history.entrant_word(tournament))
    return EventData(players, matches, points, table, after_round)


# ------------------------------------------------------------------ result wording


def scores_text(sets, awarded_to=()) -> str:
    """"61–48, 23–40 awarded, 61–60": an awarded set (bndcc) is said to be one, since its
    winner may have fewer points."""
    awarded = awarded_to or (None,) * len(sets)
    return ", ".join(f"{a}–{b}" + (" awarded" if side is not None else "")
                     for (a, b), side in zip(sets, awarded, strict=True))


def sets_won(sets, awarded_to=()) -> tuple[int, int]:
    """Sets won by each side; an awarded set counts for the side it was awarded to."""
    awarded = awarded_to or (None,) * len(sets)
    won = [0, 0]
    for score, side in zip(sets, awarded, strict=True):
        winner = standings.set_winner(score, side)
        if winner is not None:
            won[winner] += 1
    return won[0], won[1]


def awaits_director(match) -> bool:
    """A knock-out's team match level on boards, sets and points, every board counted:
    the director names its winner (actions.team_matches.name_team_winner)."""
    record = match.record if isinstance(match.record, dict) else {}
    return (match.team_match_id is None and "sets" in record
            and record.get("decided_by") is None and match.status == Match.Status.ACCEPTED)


def tie_words(record) -> str:
    """Why a knock-out's team match level on boards went to its winner (its record's
    `decided_by`, `sets`, `points`): "on sets won, 5–4"."""
    how = record.get("decided_by")
    if how == "sets":
        return "on sets won, {}–{}".format(*record["sets"])
    if how == "points":
        return "on points scored, {}–{} (sets level)".format(*record["points"])
    if how == "director":
        return "as named by the director (boards, sets and points level)"
    return ""


def match_result(tournament, match, stored=None) -> dict:
    """A board's result as the public sees it, from side 0 (who started set 1).

    Returns {"text", "state", "sets"}; state is bye/pending/awaiting/counted. `stored`:
    the board's sets as (score0, score1, awarded_to) in set order, where the caller read
    them (`boards`); by default `match.sets`.
    """
    if match.side1_id is None:
        return {"text": "bye", "state": "bye", "sets": []}
    if not history.counts(tournament, match):
        if awaits_director(match):
            return {"text": "level on boards, sets and points: the director names the winner",
                    "state": "awaiting", "sets": []}
        if match.status in AWAITING:
            return {"text": "awaiting confirmation", "state": "awaiting", "sets": []}
        return {"text": "not yet played", "state": "pending", "sets": []}
    if stored is None:
        stored = [(s.score0, s.score1, s.awarded_to) for s in match.sets.all()]
    sets = [(score0, score1) for score0, score1, _ in stored]
    awarded = [side for *_, side in stored]
    loser = match.side1 if match.winner_id == match.side0_id else match.side0
    winner = match.side0 if match.winner_id == match.side0_id else match.side1
    if match.outcome == Match.Outcome.PLAYED and match.team_match_id is None \
            and isinstance(match.record, dict) and "boards" in match.record:
        a, b = match.record["boards"]
        text = f"{a}–{b} on boards"
        if match.record.get("decided_by") in ("sets", "points", "director"):
            text += f"; {winner.name} {wins(winner)} {tie_words(match.record)}"
    elif match.outcome == Match.Outcome.PLAYED:
        a, b = sets_won(sets, awarded)
        text = f"{a}–{b} ({scores_text(sets, awarded)})" if sets else f"{a}–{b}"
    elif match.outcome == Match.Outcome.FORFEIT:
        text = f"{winner.name} {wins(winner)} by forfeit ({loser.name} forfeited)"
    elif match.outcome == Match.Outcome.ABANDONED:
        text = f"{winner.name} {wins(winner)}: {loser.name} abandoned"
        if sets:
            text += f" after {scores_text(sets, awarded)}"
    else:
        text = "double forfeit: neither player scores"
    return {"text": text, "state": "counted", "sets": sets}


def boards(tournament, round_, points=None) -> list[dict]:
    """The round's boards for the pairing list (two queries). `points`: pairing number ->
    match points before the round (see history.points_before), shown beside each name.

    The boards come with both sides (`Match.objects.for_listing`'s join, without the
    conceding side, which no pairing list shows); their set scores are read as plain rows
    in one query, not prefetched: a prefetch makes a manager and a queryset for each of a
    round's 500 boards, a third of the round page's render after a result."""
    points = points or {}
    listed = Match.objects.pairings().filter(round=round_)
    matches = list(listed.select_related("side0", "side1").order_by("board"))
    sets = {}  # read after the boards, as a prefetch reads them
    for match_id, score0, score1, awarded in SetResult.objects.filter(
            match__in=listed).order_by("match_id", "number").values_list(
            "match_id", "score0", "score1", "awarded_to"):
        sets.setdefault(match_id, []).append((score0, score1, awarded))
    rows = []
    for m in matches:
        m.round = round_  # read once: its format gives each slip's sets
        result = match_result(tournament, m, sets.get(m.pk, ()))
        rows.append({
            "id": m.pk,
            "match": m,
            "board": m.board,
            "plate": m.plate,
            "side0": m.side0,
            "side0_name": m.side0.name,
            "side0_name_key": name_key(m.side0.name),
            "side0_points": points.get(m.side0.number, 0),
            "side1": m.side1,
            "side1_name": m.side1.name if m.side1_id else "",
            "side1_name_key": name_key(m.side1.name if m.side1_id else ""),
            "side1_points": points.get(m.side1.number, 0) if m.side1_id else None,
            "result": result["text"],
            "state": result["state"],
        })
    return rows


def not_paired(tournament, number) -> list[dict]:
    """Who has no board in round `number` and why (requested byes, absences, late entries,
    withdrawals): [{"kind", "words", "entrants"}], from history.not_paired_in (four
    queries)."""
    return [{"kind": kind, "words": history.KIND_WORDS.get(kind, kind), "entrants": people}
            for kind, people in history.not_paired_in(tournament, number).items()]


def away_words(kind: str, entrant) -> str:
    """What "find my board" answers for someone without a board this round."""
    if kind == "withdrawn":
        return f"withdrawn after round {entrant.withdrawn_after_round}: not paired any more"
    if kind == "late_entry":
        return "not paired this round (entered late)"
    return f"{history.KIND_WORDS.get(kind, kind)} this round"


def drawn_starters(tournament) -> bool:
    """Whether a draw at the table, not the pairing, decides who starts each set (bndcc)."""
    return not sets_alternate(tournament.ruleset)


def set_rows(tournament, board) -> list[tuple[int, str]]:
    """(set number, who starts it) for a result slip: at most 2W - 1 sets, the starter
    alternating from the board's first-set starter (the pairing's, or a director's
    change), or left to fill in where a draw decides."""
    names = (board["side0_name"], board["side1_name"])
    return [(n, "" if seat is None else names[seat % 2])
            for n, seat in enumerate(set_starters(tournament, board["match"]), start=1)]


def find_entries(tournament, boards_, not_paired_=(), points=None) -> list[dict]:
    """Every entrant of the round, A to Z, with board, opponent and who starts set 1: the
    alphabetical pairing list and the answers of "find my board". In a pairs event each
    partner has an entry of their own, under their own name, as well as the pair.

    `not_paired_` (see not_paired) adds those without a board, with `away` saying why
    ("half-point bye this round"); `points` (pairing number -> points before the round)
    gives them their points."""
    drawn = drawn_starters(tournament)
    entries = []
    for group in not_paired_:
        for e in group["entrants"]:
            facts = {"board": None, "number": e.number, "pair": "",
                     "points": (points or {}).get(e.number, 0), "opponent": "", "bye": False,
                     "opponent_number": None, "starts": False, "starter": "", "result": "",
                     "state": group["kind"], "away": away_words(group["kind"], e)}
            entries.append({**facts, "name": e.name})
            for member in (e.member_names if tournament.is_pairs else []):
                entries.append({**facts, "name": member, "pair": e.name})
    for b in boards_:
        sides = [(b["side0"], b["side1"], True)]
        if b["side1"] is not None:
            sides.append((b["side1"], b["side0"], False))
        for me, other, starts in sides:
            facts = {"board": b["board"], "number": me.number, "pair": "",
                     "points": b["side0_points"] if starts else b["side1_points"],
                     "opponent": other.name if other else "", "bye": other is None,
                     "opponent_number": other.number if other else None,
                     "starts": starts,
                     "starter": "the draw at the table" if drawn else (
                         me if starts else other).name,
                     "result": b["result"], "state": b["state"], "away": ""}
            entries.append({**facts, "name": me.name})
            for member in (me.member_names if tournament.is_pairs else []):
                entries.append({**facts, "name": member, "pair": me.name})
    entries.sort(key=lambda e: (name_key(e["name"]), e["number"]))
    for e in entries:
        e["own"] = fold(e["name"])
        e["search"] = " ".join(w for w in (e["own"], fold(e["pair"]), str(e["number"])) if w)
    return entries


def search(entries, text) -> list[dict]:
    """The entries matching what someone typed: a pairing number exactly, or every word of
    it within a name, compared folded (folding.fold: any case, accent or apostrophe).
    Empty text finds nothing.

    In a pairs event a pair's entry and each partner's match a word of the pair's name:
    one answer per pair, the partner's own entry (named first, the pair after) when the
    words are in that partner's name, else the pair's."""
    text = (text or "").strip()[:60]
    if not text:
        return []
    number = numbers.whole_or_none(text, low=0)
    if number is not None:
        return [e for e in entries if e["number"] == number and not e["pair"]]
    words = fold(text).split()
    if not words:
        return []
    found = [e for e in entries if all(w in e["search"] for w in words)]

    def preference(e):
        return 0 if e["pair"] and all(w in e["own"] for w in words) else 1 if not e["pair"] else 2

    best = {}
    for e in found:
        if e["number"] not in best or preference(e) < preference(best[e["number"]]):
            best[e["number"]] = e
    return [e for e in found if best[e["number"]] is e]


def search_across(entries, text) -> list[dict]:
    """`search` over several events' entries (each with its "event", as the festival page
    lists them), one event at a time: a pairing number or a pair is one event's own."""
    by_event = {}
    for e in entries:
        by_event.setdefault(e["event"].pk, []).append(e)
    found = [x for group in by_event.values() for x in search(group, text)]
    return sorted(found, key=lambda e: (name_key(e["name"]), e["event"].name))


def podium(table) -> list:
    """The rows placed 1st to 3rd, shared places honoured (1, =2, =2 are all on it; a
    fourth player sharing 3rd is too)."""
    return [row for row in table.rows if row.rank <= 3]


def clubs(tournament) -> dict:
    """Pairing number -> club; clubs are not part of the standings input."""
    return dict(tournament.entrants.values_list("number", "club"))


def people(tournament) -> dict:
    """Pairing number -> {"club", "members"} in one query: what the standings input does
    not carry. `members` is a pair's partners ([{"name", "club"}], empty in singles)."""
    return {number: {"club": club, "members": members or []}
            for number, club, members in tournament.entrants.values_list(
                "number", "club", "members")}


def members_text(members) -> str:
    """"Ann Lee (Leek DC) & Bo Park": a pair's partners as one line."""
    return " & ".join(f"{m.get('name', '')} ({m['club']})" if m.get("club") else
                      m.get("name", "") for m in members)


def ranking_changes(tournament) -> list[dict]:
    """Changes to how the standings rank (points, tie-breaks) made once round 1 was
    paired, oldest first, in words: the standings page says when the order changed."""
    first = tournament.rounds.order_by("number").values_list("paired_at", flat=True).first()
    if first is None:
        return []
    changes = []
    for entry in tournament.audit_entries.filter(action=AuditEntry.Action.UPDATE_SETTINGS,
                                                 at__gte=first).order_by("at", "id"):
        words = ranking_words(entry.detail.get("changes", {}))
        if words:
            changes.append({"at": entry.at, "what": words, "reason": entry.reason})
    return changes


def ranking_words(changes: dict) -> str:
    words = []
    if "tiebreaks" in changes:
        old, new = changes["tiebreaks"]
        words.append(f"tie-breaks from {standings.describe_order(old)} "
                     f"to {standings.describe_order(new)}")
    if "points" in changes:
        old, new = changes["points"]
        words += [f"points for {key.replace('_', ' ')} from {old.get(key)} to {new.get(key)}"
                  for key in new if old.get(key) != new.get(key)]
    return "; ".join(words)


def latest_change(tournament):
    """When the event last changed (its latest audit entry), in one query that also gives
    Tournament.change_id its value, so a page asks only once. None before any change.
    Read from the data, so a page rendered twice says the same (the whole-page cache's
    validators rely on identical bytes)."""
    found = (tournament.audit_entries.seen_by_public().order_by("-id")
             .values_list("id", "at").first())
    tournament.__dict__["_change_id"] = found[0] if found else 0
    return found[1] if found else None


def revision_state(tournament, rounds, revision: str | None = None) -> dict:
    """What the live pages poll: the event's revision (changes with every change to the
    event; `revision` where a page follows another: players.views.own_revision), whether
    it is finished, and whether a round is taking results."""
    return {"revision": revision or str(tournament.change_id), "status": tournament.status,
            "finished": tournament.status == Tournament.Status.FINISHED,
            "live": live_round(rounds) is not None}


def entrant_or_404(tournament, number):
    return get_object_or_404(tournament.entrants, number=number)


def player_or_404(data: EventData, number: int):
    for p in data.players:
        if p.id == number:
            return p
    raise Http404(f"There is no player number {number} in this event.")
