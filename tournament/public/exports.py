"""CSV downloads of the standings and a round's pairings.

A plain CSV writer (tablib, which django-tables2's export needs, is not installed).
Cells that a spreadsheet would run as a formula get a leading apostrophe. The file starts
with a UTF-8 byte-order mark: without it Excel reads the bytes as the machine's legacy code
page and shows "ZoÃ«" for "Zoë" (LibreOffice, Numbers and Python's "utf-8-sig" take it).
"""

import csv

from django.http import HttpResponse

from .. import standings

BOM = "\ufeff"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe(value):
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def csv_response(filename: str, header, rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BOM)
    writer = csv.writer(response)
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe(v) for v in row])
    return response


def standings_csv(tournament, event, people) -> HttpResponse:
    """`people`: data.people(). A pairs event adds each pair's two partners (name, club)."""
    numeric = [n for n in event.table.order if not standings.get_tiebreak(n).group]
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
