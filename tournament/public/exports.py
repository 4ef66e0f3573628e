"""CSV downloads of the standings and a round's pairings.

A plain CSV writer (tablib, which django-tables2's export needs, is not installed).
Cells that a spreadsheet would run as a formula get a leading apostrophe.
"""

import csv

from django.http import HttpResponse

from .. import standings

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe(value):
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def csv_response(filename: str, header, rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe(v) for v in row])
    return response


def standings_csv(tournament, event, clubs) -> HttpResponse:
    numeric = [n for n in event.table.order if not standings.get_tiebreak(n).group]
    header = ["rank", "shared", "number", "name", "club", "points", *numeric, "how placed"]
    rows = []
    for row in event.table.rows:
        club = clubs.get(row.player, "")
        rows.append([row.rank, "yes" if row.shared else "", row.player, row.name, club,
                     row.points, *(row.tiebreaks.get(n, "") for n in numeric),
                     row.decided_by or ""])
    suffix = f"-after-round-{event.after_round}" if event.after_round else ""
    return csv_response(f"{tournament.slug}-standings{suffix}.csv", header, rows)


def pairings_csv(tournament, round_, boards) -> HttpResponse:
    header = ["board", "starts", "starts_number", "opponent", "opponent_number", "result"]
    rows = [[b["board"], b["side0_name"], b["side0"].number,
             b["side1_name"] or "bye", b["side1"].number if b["side1"] else "", b["result"]]
            for b in boards]
    return csv_response(f"{tournament.slug}-round-{round_.number}.csv", header, rows)
