"""CSV downloads of the standings, the cross-table, the entrants and a round's pairings,
written by common/csv_download.py (formula cells made safe, a byte-order mark for Excel).
"""

from django.http import HttpResponse

from .. import standings
from ..common.csv_download import csv_response
from . import crosstab


def numeric_tiebreaks(table) -> list[str]:
    """The tie-breaks in force that are a number per row (a column each in a CSV), in the
    event's order: the head-to-head groups are not."""
    return [n for n in table.order if not standings.get_tiebreak(n).group]


def standings_csv(tournament, event, people) -> HttpResponse:
    """`people`: data.people(). A pairs event adds each pair's two partners (name, club)."""
    numeric = numeric_tiebreaks(event.table)
    pairs = tournament.is_pairs
    members = ["member_1", "member_1_club", "member_2", "member_2_club"] if pairs else []
    header = ["rank", "shared", "number", "name", "club", "points", *numeric, "how placed",
              "withdrawn_after_round", *members]
    rows = []
    for row in event.table.rows:
        who = people.get(row.player, {"club": "", "members": []})
        rows.append([row.rank, "yes" if row.shared else "", row.player, row.name, who["club"],
                     row.points, *(row.tiebreaks.get(n, "") for n in numeric),
                     row.decided_by or "",
                     "" if row.withdrawn_after_round is None else row.withdrawn_after_round,
                     *(member_cells(who["members"]) if pairs else [])])
    suffix = f"-after-round-{event.after_round}" if event.after_round else ""
    return csv_response(f"{tournament.slug}-standings{suffix}.csv", header, rows)


def member_cells(members) -> list[str]:
    cells = []
    for m in (list(members) + [{}, {}])[:2]:
        cells += [m.get("name", ""), m.get("club", "")]
    return cells


def pairings_csv(tournament, round_, boards) -> HttpResponse:
    """Board order; a pairs event adds each side's partners ("Ann Lee & Bo Park")."""
    pairs = tournament.is_pairs
    header = ["board", "starts", "starts_number", "opponent", "opponent_number", "result"]
    if pairs:
        header += ["starts_members", "opponent_members"]
    rows = []
    for b in boards:
        row = [b["board"], b["side0_name"], b["side0"].number, b["side1_name"] or "bye",
               b["side1"].number if b["side1"] else "", b["result"]]
        if pairs:
            row += [" & ".join(b["side0"].member_names),
                    " & ".join(b["side1"].member_names) if b["side1"] else ""]
        rows.append(row)
    return csv_response(f"{tournament.slug}-round-{round_.number}.csv", header, rows)


def crosstable_csv(tournament, event, rounds) -> HttpResponse:
    """The cross-table as its page shows it (rank order, a cell a round: the opponent's
    number, w or b, the result; crosstab.cell), then the points and each tie-break in
    force, as the standings CSV writes them. `rounds`: the published round numbers."""
    numeric = numeric_tiebreaks(event.table)
    tiebreaks = {row.player: row.tiebreaks for row in event.table.rows}
    header = ["rank", "shared", "number", "name", *(f"round_{n}" for n in rounds), "points",
              *numeric]
    rows = [[line["rank"], "yes" if line["shared"] else "", line["number"], line["name"],
             *(line[f"r{n}"] for n in rounds), line["points"],
             *(tiebreaks[line["player"]].get(n, "") for n in numeric)]
            for line in crosstab.rows(event, rounds)]
    return csv_response(f"{tournament.slug}-crosstable.csv", header, rows)


def entrants_csv(tournament, entrants) -> HttpResponse:
    """Every entrant by pairing number, as the event's page lists them: name, club and
    rating (a pair: its partners and their clubs, in the entrants import's own column
    names), and the round after which one withdrew."""
    pairs = tournament.is_pairs
    header = (["number", "name", "member1", "club1", "member2", "club2", "rating"] if pairs
              else ["number", "name", "club", "rating"]) + ["withdrawn_after_round"]
    rows = []
    for e in entrants:
        who = member_cells(e.members or []) if pairs else [e.club]
        rows.append([e.number, e.name, *who, "" if e.rating is None else e.rating,
                     "" if e.withdrawn_after_round is None else e.withdrawn_after_round])
    return csv_response(f"{tournament.slug}-entrants.csv", header, rows)
